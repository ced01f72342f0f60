"""Issue 25 (helper w42c): a person saying that turning NCCL's peer-to-peer off is what made multi-GPU work.

Threads about multi-GPU training or tensor-parallel serving that hangs often end in a sentence, not a log line: "I
turned NCCL communication from P2P to SHM by setting export NCCL_P2P_DISABLE=1", "You need to send env:
NCCL_P2P_DISABLE=1", "Setting NCCL_P2P_DISABLE=1 did indeed resolve the problem", "NCCL might hang with P2P enabled",
"If p2p disabled, things all going well". Each says the GPUs' peer-to-peer path is what fails on that machine (consumer
cards without P2P support, ACS or the IOMMU on the PCIe bridges, a driver release with a P2P bug), which is
nccl-p2p-broken whatever is behind it (TAXONOMY's tie-break). nccl.multi-gpu-hang-described reads the hang itself;
this row reads the fix, where the hang may not be described at all. Sentences that tried it without success ("did not
help", "still hangs") are left out.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

_P2P_OFF = r"`?(?:export )?NCCL_P2P_DISABLE ?= ?1`?"
# a line that says the setting did not help is no evidence of P2P
_NOT_HELPED = r"(?![^\n]{0,100}?(?:\bnot\b|n't\b|\bno (?:effect|help|luck|change)\b|\bneither\b|\bstill\b|\bwithout\b|\bnor\b))"
_RESOLVED = (r"(?:did (?:indeed )?(?:resolve|fix|solve|help)|resolved|fixed|solved|fixes|solves|resolves|works|worked|"
             r"helped|going well|made it work|is the fix|was the fix|"
             # w47c: "`NCCL_P2P_DISABLE=1` seems like a good solution", "is the workaround" (lmdeploy#1750)
             r"(?:seems|is|was) (?:like )?(?:a |the )?(?:good |working |valid |simple )?(?:solution|workaround))")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.p2p-disable-fixed-it-described",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "Setting NCCL_P2P_DISABLE=1 did indeed resolve the problem", "NCCL_P2P_DISABLE=1 works"
            _P2P_OFF + _NOT_HELPED + r"[^\n]{0,80}?\b" + _RESOLVED + r"\b",
            # "I solved it by setting NCCL_P2P_DISABLE=1", "Workaround: export NCCL_P2P_DISABLE=1"
            r"\b(?:[Ss]olved|[Ff]ixed|[Rr]esolved|[Ww]orked around|[Ss]olution|[Ww]orkaround)\b" + _NOT_HELPED
            + r"[^\n]{0,60}?" + _P2P_OFF,
            # a maintainer's "You need to send env: NCCL_P2P_DISABLE=1" (an order, not "try ...")
            r"\b(?:[Yy]ou (?:need|have|must|should) (?:to )?|[Pp]lease )(?:send|set|add|export|use|run with)\b[^\n]{0,20}?"
            + _P2P_OFF + r"(?![^\n]{0,40}?\b(?:only )?(?:if|when) (?:you|it|p2p|P2P)\b)",  # rev42a: not a conditional tip
            # "turned NCCL communication from P2P to SHM(Shared Memory)"
            r"\b(?:from|instead of) P2P (?:to|into|with) (?:SHM|shm|[Ss]hared [Mm]emory)\b",
            # "NCCL might hang with P2P enabled"
            r"\b(?:hangs?|hanging|hung|stuck|freezes?|deadlocks?)\b[^\n]{0,30}?\bwith (?:NCCL )?P2P (?:enabled|on)\b",
            # "If p2p disabled, things all going well"
            r"\b(?:[Ii]f|[Ww]hen|[Oo]nce|[Ww]ith) (?:NCCL )?(?:p2p|P2P) (?:is |was |gets )?(?:disabled|off)\b[^\n]{0,40}?"
            r"\b(?:works?|working|fine|well|normal(?:ly)?|OK|ok)\b",
        ),
        severity="warn",
        cause=("The text says multi-GPU work ran once NCCL's peer-to-peer transport was turned off "
               "(NCCL_P2P_DISABLE=1): the GPUs' direct peer path does not work on this machine (consumer cards "
               "without P2P support, ACS or the IOMMU redirecting peer traffic on the PCIe bridges, or a driver "
               "release with a P2P bug), so NCCL hangs or fails when it uses it."),
        advice=("Keep `export NCCL_P2P_DISABLE=1` in the environment of every rank (in the launch script, or "
                "`Environment=` of the service) so NCCL goes through shared memory; to get the faster peer path back, "
                "check it with `nvidia-smi topo -p2p r` and the CUDA p2pBandwidthLatencyTest, turn ACS off on the "
                "bridges above the GPUs (`sudo lspci -vvv | grep ACSCtl`) or boot with `iommu=pt`, and update the "
                "driver where a release's P2P is known to hang."),
        action="configure",
        rules_out=("GPU memory", "the training script"),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/huggingface/open-r1/issues/319", "https://github.com/fishaudio/fish-speech/issues/65",
                 "https://github.com/InternLM/lmdeploy/issues/1750",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"),
        checked=CHECKED,
        examples=("nccl/open-r1-319-grpo-stuck-nccl-p2p-to-shm-prose.txt",
                  "nccl/fishspeech-65-four-4090-train-hang-p2p-disable-prose.txt",
                  "nccl/lmdeploy-1750-two-4090-driver-545-server-never-responds-p2p-prose.txt"),
    ),
)

# NCCL_SOCKET_IFNAME is a filter NCCL honours exactly: a value that only excludes docker ("^docker0", "^docker")
# replaces NCCL's default "^docker0,lo", so the loopback interface becomes eligible and, first in the system's list,
# is picked; across nodes the peers then get 127.0.0.1 and cannot connect (NCCL's maintainer on horovod#700; the AWS
# PyTorch training images' /etc/nccl.conf, aws/deep-learning-containers#4756). On one node lo works, hence "warn".
SIGNATURES += (
    Signature(
        code="nccl.socket-ifname-excludes-docker-not-lo",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # `NCCL_SOCKET_IFNAME=^docker0` in an environment dump, a Dockerfile's `echo ... >> /etc/nccl.conf`, a
            # launch line; not "^docker0,lo" nor "^lo,docker0"
            r"\bNCCL_SOCKET_IFNAME ?= ?[\"']?\^docker0?(?![\w,])",
        ),
        severity="warn",
        cause=("NCCL_SOCKET_IFNAME excludes only docker interfaces: the value replaces NCCL's default exclusion "
               "\"^docker0,lo\", so the loopback interface lo becomes eligible and is usually picked first; across "
               "nodes the other ranks are then given 127.0.0.1 and cannot connect (one node still works)."),
        advice=("Exclude loopback too, or name the real interface: `NCCL_SOCKET_IFNAME=^docker0,lo` (in the "
                "environment or /etc/nccl.conf, which images such as AWS's deep-learning containers write), or "
                "`NCCL_SOCKET_IFNAME=eth0` / the node's interface from `ip -br addr`; `NCCL_DEBUG=INFO` then shows "
                "\"Bootstrap : Using <interface>:<node address>\" instead of lo:127.0.0.1."),
        action="configure",
        rules_out=("the GPUs", "the driver"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/aws/deep-learning-containers/issues/4756",
                 "https://github.com/horovod/horovod/pull/700",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"),
        checked=CHECKED,
        examples=("nccl/aws-dlc-4756-socket-ifname-not-docker0-picks-loopback.txt",),
    ),
)
