"""NCCL between GPUs of one host whose peer-to-peer path does not work (GeForce RTX 40 and 50 cards, ACS, IOMMU),
and NCCL's socket bootstrap between hosts (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_ENVIRONMENT = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
NCCL_TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.accelerate-rtx4000-p2p",
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # accelerate's state.py refuses to start a multi-GPU run on GeForce RTX 40-series cards unless NCCL's P2P and
        # InfiniBand transports are disabled (`accelerate launch` sets both itself); a NotImplementedError.
        patterns=(r"RTX 4000 series doesn't support faster communication broadband via P2P or IB",),
        severity="fail",
        cause="Accelerate refused to start on GeForce RTX 40-series GPUs because peer-to-peer (and InfiniBand) "
              "transfers do not work between these cards, and NCCL would try them.",
        advice=("Export NCCL_P2P_DISABLE=1 and NCCL_IB_DISABLE=1 in the shell (or the script's environment) before the "
                "program starts, or start it with `accelerate launch`, which sets both for RTX 40-series cards; NCCL "
                "then moves data between the GPUs through host shared memory."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU itself"),
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_SOCKET_IFNAME"),
        versions=("accelerate>=0.25",),
        sources=("https://github.com/McGill-NLP/llm2vec/issues/84", "https://github.com/huggingface/accelerate/issues/2328",
                 "https://github.com/huggingface/accelerate/pull/2195",
                 NCCL_ENVIRONMENT),
        checked="2026-11-26",
        examples=("nccl/llm2vec-84-rtx4000-p2p-ib-notimplemented.txt",),
    ),
    Signature(
        code="nccl.tests-on-geforce-p2p",
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # nccl-tests' header lists each rank's GPU ("#  Rank  0 Group  0 Pid 4479 on host device  0 [0x81] NVIDIA
        # GeForce RTX 4090"; later releases print the bus id, "[0000:2c:00]"). On GeForce RTX 40/50 cards peer-to-peer over PCIe is not supported, and drivers or an
        # IOMMU that let NCCL try it make all_reduce_perf hang right after this header, or run far below bandwidth.
        patterns=(r"#\s{1,3}Rank\s{1,4}\d{1,4} (?:Group\s{1,4}\d{1,4} )?Pid\s{1,9}\d{1,9} on\s{1,40}[\w.-]{1,64} "
                  r"device\s{1,3}\d{1,3} \[(?:0x[0-9a-fA-F]{1,4}|[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2})\] NVIDIA GeForce RTX "
                  r"(?P<model>[45]0[5-9]0(?: Ti| SUPER| D)?)",),
        severity="warn",
        cause="NCCL runs between GeForce RTX {model} cards, which have no working peer-to-peer path over PCIe: where NCCL "
              "still tries P2P (a driver that reports it, or an IOMMU in the way) collectives hang or crawl.",
        advice=("If the test hangs after its header or its busbw is far below the PCIe link's, rerun it with "
                "NCCL_P2P_DISABLE=1 (NCCL then uses host shared memory); `nvidia-smi topo -p2p r` shows whether the "
                "driver offers P2P, and with the IOMMU on (`dmesg | grep -i -e DMAR -e AMD-Vi`) boot with "
                "iommu=pt or disable ACS on the PCIe switches."),
        action="configure",
        rules_out=("the network between hosts",),
        never_suggest=("set NCCL_SOCKET_IFNAME", "raise --shm-size", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl-tests/issues/117",
                 "https://github.com/tinygrad/open-gpu-kernel-modules/issues/17",
                 "https://github.com/tinygrad/open-gpu-kernel-modules/issues/45", NCCL_TROUBLESHOOTING),
        checked="2026-11-27",
        examples=("nccl/nccltests-117-4090-allreduce-hangs.txt", "nccl/tinygrad-p2p-45-eight-4090-hang.txt"),
    ),
    Signature(
        code="nccl.cumem-host-shm-without-p2p",
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # NCCL 2.24 and later share the shared-memory transport's host buffers through cuMem (NCCL_CUMEM_HOST_ENABLE,
        # on by default); importing them on GPUs without peer access (L4, T4, GeForce pairs) fails in
        # transport/shm.cc with cudaErrorPeerAccessUnsupported. The file name makes the generic 217 line specific:
        # NCCL_P2P_DISABLE only sends more traffic through this same transport.
        patterns=(r"transport/shm\.cc:\d{1,5} NCCL WARN Cuda failure (?:217 )?'peer access is not supported between these "
                  r"two devices'",),
        refines=("nccl.peer-access-unsupported", "nccl.generic-error-needs-debug"), refines_within=None,
        severity="fail",
        cause="NCCL's shared-memory transport shares its host buffers through cuMem (the default since NCCL 2.24), and "
              "on GPUs without peer-to-peer access that import fails with CUDA error 217.",
        advice=("Set `NCCL_CUMEM_HOST_ENABLE=0` in the job's environment (e.g. `export NCCL_CUMEM_HOST_ENABLE=0` before "
                "torchrun or vLLM) so the shared-memory transport uses its legacy /dev/shm buffers, and give the "
                "container enough /dev/shm for them (--ipc=host or --shm-size)."),
        action="configure",
        rules_out=("the GPUs' health", "the network"),
        never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/NVIDIA/nccl/issues/1838", "https://github.com/ray-project/ray/pull/64109",
                 NCCL_ENVIRONMENT),
        checked="2026-11-26",
        examples=("nccl/nccl-1838-cumem-host-enable-peer-access.txt",),
    ),
    Signature(
        code="nccl.hang-cleared-by-p2p-disable",
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        # The person's own account that NCCL_P2P_DISABLE=1 gets a hanging or failing job through ("did workaround",
        # "works with NCCL_P2P_DISABLE=1", "hangs unless NCCL_P2P_DISABLE=1"): NCCL's peer-to-peer path between the GPUs
        # is what fails, whatever the symptom line beside it (a watchdog timeout, a generic error, a silent hang).
        patterns=(
            # written "NCCL_P2P_DISABLE=1" or "NCCL_P2P_DISABLE = 1"
            r"NCCL_P2P_DISABLE ?= ?1`?[^\n]{0,60}?(?:did (?:the )?work ?around|as a work ?around|works? around|(?:it|everything"
            r"|training|this|that|the test) (?:works|worked|runs|ran)|fix(?:es|ed) (?:it|the)|solv(?:es|ed)|resolv(?:es|ed)"
            r"|goes away|went away|no longer hangs?|makes? it (?:work|run)|(?:the )?(?:hang|freeze) (?:disappears|is gone))",
            r"(?:works|worked|runs|ran|succeeds|passes)(?: fine| well)? (?:with|after setting|after exporting|when I set|if I "
            r"set|by setting) `?NCCL_P2P_DISABLE ?= ?1",
            r"unless (?:I |you |we )?(?:set |export |use )?`?NCCL_P2P_DISABLE ?= ?1",
            # the fix told first, the variable after it: "The problem was solved by NCCL_P2P_DISABLE=1", "I confirmed
            # that the model works by setting the variable NCCL_P2P_DISABLE =1", "fixed it with export NCCL_P2P_DISABLE=1"
            # (w36e: the value may be quoted, the variable spaced)
            r"\b(?:solved|fixed|resolved|worked around|works|worked|runs|ran|trains|goes through)\b[^\n]{0,30}?\b(?:by|with|"
            r"after|via) (?:setting |using |exporting |adding |passing )?(?:the )?(?:(?:env(?:ironment)? )?(?:variable|var) )?"
            r"`?(?:export )?NCCL_P2P_DISABLE ?= ?[\"']?1\b",
            # the variable, then that it works: "NCCL_P2P_DISABLE=1 works for me", "NCCL_P2P_DISABLE=1 did the trick",
            # "加上NCCL_P2P_DISABLE=1就可以了"
            r"NCCL_P2P_DISABLE ?= ?[\"']?1[\"']?`? (?:works|worked|did the trick|does the trick|helps|helped|fixes|fixed|"
            r"solves|solved|resolves|resolved)\b",
            r"NCCL_P2P_DISABLE ?= ?[\"']?1[\"']?`?[^\n]{0,12}?(?:就可以|就好|解决|正常了|可以正常|跑通)",
        ),
        # rev42a: nccl.p2p-disable-fixed-it-described (w42c) reads more of the same sentences with the same cause;
        # where both read the text, this one leads and the described reading is its evidence, not a second finding
        refines=("nccl.watchdog-timeout", "nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",
                 "nccl.p2p-disable-fixed-it-described"),
        refines_within=None,
        severity="fail",
        cause="NCCL's direct peer-to-peer path between these GPUs does not work (the job gets through only with "
              "NCCL_P2P_DISABLE=1): ACS on a PCIe switch or the IOMMU redirects the GPUs' traffic, or the driver offers "
              "P2P the cards cannot do.",
        advice=("Keep NCCL_P2P_DISABLE=1 in the job's environment (every rank: `export` it, or the launcher's env) and "
                "check what blocks P2P: `nvidia-smi topo -p2p r` (whether the driver lets the GPUs read each other; "
                "GeForce RTX 40 and 50 cards have no PCIe P2P, so on them the variable stays), `sudo lspci -vvv | grep -i "
                "acsctl` (SrcValid+ means ACS is on: disable it in the BIOS or with setpci) and `dmesg | grep -i -e DMAR "
                "-e AMD-Vi` (the IOMMU, VT-d: disable it or boot with iommu=pt); on other cards fix those, update the "
                "driver and confirm with nccl-tests (`all_reduce_perf -b 8 -e 128M -g 2`) without the variable."),
        action="configure",
        rules_out=("the network between hosts", "the GPU memory"),
        never_suggest=("raise --shm-size", "set NCCL_SOCKET_IFNAME", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/667", "https://github.com/NVIDIA/nccl/issues/1439",
                 "https://github.com/local-inference-lab/rtx6kpro/issues/15",
                 NCCL_TROUBLESHOOTING + "#pci-access-control-services-acs"),
        checked="2026-11-27",
        examples=("nccl/nccl-667-pxb-pix-topology-hang-vtd.txt", "nccl/nccl-1439-eight-3090-allreduce-timeout-p2p-disable.txt",
                  "nccl/rtx6kpro-15-first-allreduce-hangs-p2p.txt"),
    ),
    Signature(
        code="nccl.simplep2p-verification-error",
        cause_id="iommu-blocks-p2p",
        kinds=("any",),
        # The CUDA samples' simpleP2P (Samples/0_Introduction/simpleP2P/simpleP2P.cu), after its kernels copied a buffer
        # from one GPU to the other over peer-to-peer: "Verification error @ element 0: val = nan, ref = 0.000000", then
        # "Test failed!". cudaDeviceCanAccessPeer said yes but the peer writes did not arrive: the IOMMU (VT-d, AMD-Vi)
        # translates or drops them, or ACS sends them up to the root complex; the same boards hang NCCL and
        # p2pBandwidthLatencyTest without an error.
        patterns=(r"Verification error @ element \d{1,12}: val = (?P<val>[\w.+-]{1,24}), ref = ",),
        severity="fail",
        cause="simpleP2P's peer-to-peer copy between the GPUs arrived wrong (val = {val}): the platform breaks direct "
              "GPU-to-GPU transfers, usually the IOMMU (VT-d, AMD-Vi) translating them or ACS redirecting them, so "
              "multi-GPU jobs that use P2P (NCCL, tensor parallelism) hang or compute garbage.",
        advice=("Put the IOMMU in passthrough (kernel parameter `iommu=pt`, `sudo update-grub` and reboot) or disable "
                "VT-d/AMD-Vi (the IOMMU) in the BIOS, and disable ACS on the PCIe switches (`sudo lspci -vvv | grep -i "
                "acsctl`, SrcValid+ means it is on); then run simpleP2P and p2pBandwidthLatencyTest again. On GeForce "
                "cards with a P2P-patched driver also turn on Resizable BAR. NCCL_P2P_DISABLE=1 only confirms that P2P "
                "is the cause; it is not the fix."),
        action="configure",
        rules_out=("the network between hosts", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/tinygrad/open-gpu-kernel-modules/issues/30",
                 "https://github.com/aikitoria/open-gpu-kernel-modules/issues/25",
                 "https://github.com/NVIDIA/cuda-samples/blob/master/Samples/0_Introduction/simpleP2P/simpleP2P.cu",
                 NCCL_TROUBLESHOOTING + "#pci-access-control-services-acs"),
        checked="2026-11-26",
        examples=("nccl/tinygrad-30-simplep2p-verification-nan-vt-d.txt",),
    ),
)
