"""Issue 25 (helper w32d): hangs between GPUs and between nodes, as people describe them.

Four readings of a person's account, each with the one action a knowledgeable helper names: ranks on DGX Sparks
stuck in a collective (the NCCL build they load), peer-to-peer that works once the IOMMU is off (keep it off or in
passthrough), NCCL_SOCKET_IFNAME that "has no effect" (the routing table picks the outgoing NIC), and a hang that only
several nodes show (the nodes' network set-up, compared in their NCCL_DEBUG=INFO lines).

Two or more DGX Sparks (GB10, sm_121, aarch64 DGX OS) joined by their ConnectX-7 ports run tensor-parallel inference
and training over NCCL. The pip wheels that PyTorch and vLLM pull in (nvidia-nccl-cu12 / nvidia-nccl-cu13) carry a
generic NCCL whose build differs from the libnccl2 DGX OS installs, even at the same version number (2.28.9 in
vllm#41725: 219 MB against 190 MB, other build ids), and NVIDIA's Spark NCCL playbook builds NCCL for sm_121 from
source. With the wheel's library the ranks stall in all-gather or all-reduce after minutes of serving until
ProcessGroupNCCL's watchdog kills them; loading the system (or Spark-built) libnccl.so.2 instead ends it. So on a
Spark (gpudoctor/knowledge/contexts.py "dgx-spark") a person's account of ranks stuck in a collective is read as the
NCCL build (nccl-version-mismatch) rather than as peer-to-peer trouble (nccl.multi-gpu-hang-described: one GPU per
Spark has no peer to reach). The watchdog's own timeout line on a Spark waits for a training thread that shows it
beside a settled cause; until then nccl.watchdog-timeout reads it. Checked on 2026-11-27 against vllm#41725 and the
Spark NCCL playbook; the interface half of the same set-up (NCCL_SOCKET_IFNAME on the CX-7 port, the same name on
every node) is nccl.socket-uses-virtual-interface's and nccl.no-socket-interface's where NCCL's own lines show it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SPARK_NCCL = "https://build.nvidia.com/spark/nccl/instructions"

_ADVICE = ("On DGX Spark, make every node load the same NCCL built for it instead of the pip wheel's: find the one "
           "loaded (`python -c \"import torch; print(torch.cuda.nccl.version())\"`, `pip list | grep nvidia-nccl`, "
           "`grep nccl /proc/<rank PID>/maps`), then use DGX OS's system NCCL (`sudo apt install libnccl2`, "
           "/usr/lib/aarch64-linux-gnu/libnccl.so.2: `export LD_PRELOAD` of it, VLLM_NCCL_SO_PATH for vLLM, or a "
           "symlink over the wheel's nvidia/nccl/lib/libnccl.so.2; in a container, the image's NCCL) or one built for "
           "sm_121 as NVIDIA's Spark NCCL playbook does, with NCCL_SOCKET_IFNAME set to the ConnectX-7 interface on "
           "every node; NCCL_DEBUG=INFO's 'NCCL version' line then shows the build in use.")

# The IOMMU kernel parameters and BIOS settings people name when they report what fixed peer-to-peer.
_IOMMU = r"(?:IOMMU|iommu|VT-d|VT-D|vt-d|VTd|AMD-Vi|AMD IOMMU|Intel VT-d)"
_FIXED = r"(?:fix(?:ed|es)?|solved|resolved|works?|worked|helped|did the trick)"
# up to 60 characters of one line, none of the next 60 turning the report around ("disabled the IOMMU but it still
# hangs", "iommu=pt did not help")
_PLAIN = r"(?![^\n]{0,60}?(?:\b(?:but|still|not|only|however|although)\b|n't))[^\n]{0,60}?"

# Hang words, and the ways people say the ranks span several machines.
_STALL = r"(?:hangs?|hanging|hung|stuck|freezes?|freezing|frozen|stalls?|stalled|deadlocks?|deadlocked)"
_NODES = (r"(?:multi-?nodes?|[Mm]ulti-?[Nn]odes?|multiple nodes|two nodes|2 nodes|more than (?:one|1) nodes?|across "
          r"(?:the )?nodes|inter-?node|nodes ?> ?1)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.spark-collective-hang-described",
        described=True,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        patterns=(
            # "peer blocked in `ncclAllReduce`", "rank stuck in ncclAllGather"
            r"\b(?:stuck|blocked|hung|hangs?|hanging|spinning|waiting|wedged?)\b[^\n]{0,20}? in `?nccl(?:AllReduce|"
            r"AllGather|ReduceScatter|Broadcast|Send|Recv|CommInitRank)\b",
            # "(`_ALLGATHER_BASE` timeout after 600 s)": the OpType of the watchdog's line, as a person quotes it
            r"`?_?(?:ALLGATHER|ALLREDUCE|REDUCE_SCATTER)(?:_BASE)?`? (?:timeout|timed out)\b",
            # "the pip-bundled NCCL", "the pip `nvidia-nccl-cu13` wheel"
            r"\bpip[- ](?:bundled|installed|shipped) `?(?:NCCL|nccl|libnccl)",
            r"`?nvidia-nccl-cu1[23]`? wheel",
            # nccl.multi-gpu-hang-described's and vllm.tensor-parallel-hangs-described's own words, read on a Spark
            r"\b(?:all_reduce|allreduce|all-reduce|AllReduce|all_gather|allgather)\b[^\n]{0,50}?\b(?:hangs?|hanging|"
            r"hung|freezes?|freezing|froze|frozen|stucks?|stucked|stuck|stalls?|stalled|deadlocks?|deadlocked)\b",
            r"\b(?:vLLM|vllm|VLLM|SGLang|sglang)\b[^\n]{0,40}?\b(?:[Ss]tuck|hangs?|hanging|hung|freez(?:es|ing)|froze|"
            r"stall(?:s|ed|ing)|deadlock(?:s|ed)?)\b[^\n]{0,80}?\b(?:TP|tp|[Tt]ensor[-_ ][Pp]arallel(?:[-_ ]size)?) ?"
            r"(?:=|of|is)? ?[2-8]\b",
        ),
        contexts=("dgx-spark",),
        refines=("nccl.multi-gpu-hang-described", "vllm.tensor-parallel-hangs-described"),
        severity="warn",
        cause=("The text describes ranks on DGX Sparks stuck in an NCCL collective; on a Spark that suggests the NCCL "
               "build the ranks load (a pip nvidia-nccl wheel's rather than DGX OS's libnccl2 or one built for "
               "sm_121), not peer-to-peer between GPUs (each Spark has one)."),
        advice=_ADVICE,
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/41725", SPARK_NCCL),
        checked="2026-11-27",
        examples=("nccl/vllm-41725-two-spark-pip-nccl-wheel-allgather-hang.txt",),
    ),
    Signature(
        code="nccl.p2p-restored-by-iommu-off-described",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "then I successfully tested nccl-test without `NCCL_P2P_DISABLE=1`" after a BIOS change (a description:
            # the IOMMU change it follows is named lines away, where a line-based pattern cannot require it)
            r"\b(?:successfully|now|finally)\b[^\n]{0,40}?\bwithout `?NCCL_P2P_DISABLE ?= ?1",
            # "disabling the IOMMU in the BIOS fixed it", "turned off VT-d and it works"
            r"\b(?:[Dd]isabl(?:e|ed|ing)|[Tt]urn(?:ed|ing)? off|[Ss]witch(?:ed|ing)? off)\s(?:the\s)?" + _IOMMU
            + r"\b" + _PLAIN + r"\b" + _FIXED + r"\b",
            # "booting with `amd_iommu=off` resolved it", "iommu=pt solved the hang"
            r"\b(?:iommu=pt|iommu=soft|amd_iommu=off|intel_iommu=off)`?" + _PLAIN + r"\b" + _FIXED + r"\b",
        ),
        severity="warn",
        cause=("The text reports peer-to-peer between the GPUs working once the IOMMU (VT-d, AMD-Vi) was turned off "
               "or put in passthrough: the IOMMU, with ACS on the PCIe bridges, was redirecting or blocking the "
               "GPUs' peer traffic, which is what hung NCCL."),
        advice=("Keep the IOMMU out of the GPUs' peer path on every boot: the kernel parameter `iommu=pt` (with "
                "`amd_iommu=on`/`intel_iommu=on` where the IOMMU is needed, e.g. for VFIO) in GRUB_CMDLINE_LINUX, "
                "`sudo update-grub` and reboot, or IOMMU/VT-d disabled in the BIOS (AMD: CBS > NBIO > IOMMU), and ACS "
                "off on the bridges above the GPUs (`sudo lspci -vvv | grep ACSCtl` shows no SrcValid+); check with "
                "`cat /proc/cmdline`, then confirm with p2pBandwidthLatencyTest or nccl-tests without "
                "NCCL_P2P_DISABLE."),
        action="configure",
        rules_out=("a GPU hardware fault", "a driver fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nccl/issues/841", "https://github.com/facebookresearch/Detectron/issues/219",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"),
        checked="2026-11-27",
        examples=("nccl/nccl-841-a100-pcie-iommu-disable-p2p-works.txt",
                  "nccl/detectron-219-multi-gpu-deadlock-iommu-soft-grub.txt"),
    ),
    Signature(
        code="nccl.socket-ifname-ignored-described",
        described=True,
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # "NCCL_SOCKET_IFNAME is not enforcing the use of the interface", "NCCL_SOCKET_IFNAME has no effect"
            r"\bNCCL_SOCKET_IFNAME\b`?[^\n]{0,40}?\b(?:is ignored|ignored|has no effect|had no effect|doesn'?t "
            r"(?:work|take effect|have (?:any )?effect)|does not (?:work|take effect|have (?:any )?effect)|not "
            r"(?:working|respected|honou?red|taking effect|enforc(?:ed|ing)))",
            # "despite NCCL_SOCKET_IFNAME being explicitly set to enp37s0f0"
            r"\bdespite `?NCCL_SOCKET_IFNAME\b",
        ),
        severity="warn",
        cause=("The text says NCCL used another network interface than NCCL_SOCKET_IFNAME names: NCCL binds its "
               "listening sockets to that interface, but connections to other nodes leave by the interface the "
               "kernel's routing table picks for the peer's address, which differs where two NICs share a subnet, "
               "or the variable never reached some ranks."),
        advice=("On every node run `ip route get <other node's IP>`: it must name the NCCL_SOCKET_IFNAME interface. "
                "Where two NICs sit in one subnet (or overlapping routes such as two /20s), give them distinct "
                "subnets (e.g. /24 netmasks) or a higher route metric on the NIC NCCL must not use; and make sure "
                "the variable reaches every rank (mpirun -x NCCL_SOCKET_IFNAME, the launcher's env on each node, or "
                "/etc/nccl.conf), with GLOO_SOCKET_IFNAME set the same for PyTorch's Gloo group."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE=1"),
        sources=("https://github.com/NVIDIA/nccl/issues/1581",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"),
        checked="2026-11-27",
        examples=("nccl/nccl-1581-socket-ifname-ignored-nics-same-subnet.txt",),
    ),
    Signature(
        code="nccl.multinode-hang-described",
        described=True,
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # "While performing multi-node nccl-tests, 2 of my nodes are hanging", "multi-node training gets stuck"
            # (not "multi-node works fine now; the single-node run hangs")
            r"\b" + _NODES + r"\b(?![^\n]{0,60}?\b(?:works?|working|fine|single[- ]node)\b)[^\n]{0,60}?\b" + _STALL
            + r"\b",
            # "my code stalls on `all_gather` when using nodes > 1", "hangs when running on two nodes"
            r"\b" + _STALL + r"\b[^\n]{0,40}?\b(?:when|with|on|across|using)\s(?:using\s|running\s)?(?:on\s)?" + _NODES,
        ),
        # A hang that only several machines show is not the peer-to-peer path inside one (nccl.multi-gpu-hang-described),
        # and NCCL's "no net plugin" line is not harmless where another node loaded one.
        refines=("nccl.multi-gpu-hang-described", "nccl.net-plugin-not-found"),
        refines_within=None,
        severity="warn",
        cause=("The text describes ranks that hang only when they span several nodes (one node alone works): NCCL's "
               "traffic between the nodes does not get through, or the nodes are not set up alike (another interface, "
               "transport or network plugin on one of them, a firewall)."),
        advice=("Run every node with NCCL_DEBUG=INFO (NCCL_DEBUG_SUBSYS=INIT,NET) and compare their lines: each must "
                "use an interface that reaches the others, named with NCCL_SOCKET_IFNAME on every node (`ip route get "
                "<other node's IP>` names it; never lo, docker0 or a bridge; GLOO_SOCKET_IFNAME the same), the same "
                "transport and network plugin ('NET/IB : Using' or 'NET/Socket', 'Plugin Path ... libnccl-net.so' or "
                "'Using internal network plugin': the same HPC-X and LD_LIBRARY_PATH everywhere, or NCCL_IB_DISABLE=1 "
                "where InfiniBand/RoCE is not working), and no firewall between them (`nc -zv <other node> <port>`); "
                "then confirm with nccl-tests across the nodes."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nccl/issues/1634",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#networking-issues"),
        checked="2026-11-27",
        examples=("nccl/nccl-1634-multinode-hang-net-plugin-on-some-nodes.txt",),
    ),
)
