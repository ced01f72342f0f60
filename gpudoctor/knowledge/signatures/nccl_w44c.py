"""Issue 25 (helper w44c): fabric memory without an IMEX channel, and NVSHMEM's own lines for NVLS and GPUDirect RDMA.

Memory that GPUs share over the NVLink fabric (CU_MEM_HANDLE_TYPE_FABRIC: NVLS multicast buffers, MNNVL on GB200/NVL72,
collective libraries' buffers, DeepEP's and MoonEP's fabric path, NVSHMEM on multi-node NVLink) needs an IMEX channel: the
driver registers the nvidia-caps-imex-channels character device, and a process may create such memory only while it
can open /dev/nvidia-caps-imex-channels/channelN (docs.nvidia.com/multi-node-nvlink-systems/imex-guide/imexchannels).
Channels are not created by default, do not survive a reboot, and a container gets one only when asked
(NVIDIA_IMEX_CHANNELS, --device); without one cuMemCreate answers CUDA_ERROR_NOT_PERMITTED (800) although the device
attribute CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED says yes, which is why the libraries pick the fabric path
and then fail. TAXONOMY files it under nccl-nvls-unavailable (a container without the capability devices).

NVSHMEM (DeepEP's transport, SGLang/vLLM expert parallelism, PyTorch symmetric memory) prints its own lines where NCCL
would print "transport/nvls.cc ... Cuda failure": "team_internal_nvls.cpp:N: non-zero status: 401 cuMemMap failed",
"Mapping multicast groups for UC heap failed" (the NVSwitch multicast refused, as for NCCL's NVLS), and for its
InfiniBand transports "neither nv_peer_mem, or nvidia_peermem detected. Skipping transport." (its check for the peer
memory module, src/modules/transport/common/transport_ib_common.cpp, looks for /sys/kernel/mm/memory_peers/... files
that the driver's own nvidia_peermem module does not create on every release: DeepEP#151).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
IMEX_GUIDE = "https://docs.nvidia.com/multi-node-nvlink-systems/imex-guide/imexchannels.html"
# NCCL itself needs no channel inside one node: it uses POSIX file-descriptor handles there and fabric handles only on
# multi-node NVLink (NVIDIA/nccl#1632); MSCCL++, DeepEP, MoonEP and NVSHMEM may ask for fabric handles on one node too.
CUMEM_DOC = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__VA.html"

_IMEX_ADVICE = ("Give the process an IMEX channel: on the host `grep nvidia-caps-imex-channels /proc/devices` gives the "
                "major number, then `sudo mkdir -p /dev/nvidia-caps-imex-channels && sudo mknod "
                "/dev/nvidia-caps-imex-channels/channel0 c <major> 0` (`sudo nvidia-modprobe -s -i 0:1` does the same; or "
                "load the driver with `options nvidia NVreg_CreateImexChannel0=1`, which creates it at every boot); run "
                "containers with "
                "`-e NVIDIA_IMEX_CHANNELS=0` (or `--device /dev/nvidia-caps-imex-channels/channel0`) rather than "
                "--privileged, and on GB200/NVL72 racks keep the nvidia-imex service running (on NVSwitch boards the Fabric "
                "Manager). On GPUs without an NVSwitch fabric (PCIe cards, GeForce) fabric handles cannot work at all: "
                "have the program use POSIX file-descriptor handles or turn its fabric/NVLS path off (NCCL_NVLS_ENABLE=0, "
                "NVSHMEM_DISABLE_NVLS=1, NVSHMEM_CUMEM_HANDLE_TYPE=FILE_DESCRIPTOR).")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.fabric-memory-not-permitted",
        cause_id="nccl-nvls-unavailable",
        kinds=("any",),
        patterns=(
            # cuMemCreate named with the error's name, description or CUresult number (800) on one line: MoonEP's
            # "fabric `cuMemCreate` fails with `CUDA_ERROR_NOT_PERMITTED`"
            r"\bcuMemCreate\b[^\n]{0,200}?(?:operation not permitted|CUDA_ERROR_NOT_PERMITTED|\b[Ff]ail(?:ed|ure)?:? ?800\b)",
            # NVIDIA's nvbandwidth/nvloom CU_ASSERT: "[<error name>] <description> in expression <call> in <function>"
            r"(?:CUDA_ERROR_NOT_PERMITTED|operation not permitted)[^\n]{0,60}?\bin expression cuMemCreate\b",
            # NVSHMEM "mem_heap.cpp:1509: non-zero status: 800 cuMemCreate failed"
            r"non-zero status: 800 cuMem(?:Create|ExportToShareableHandle|ImportFromShareableHandle) failed",
        ),
        severity="fail",
        cause=("CUDA refused to create memory shareable over the NVLink fabric (fabric handles, used for NVLS multicast "
               "and multi-node NVLink) with 'operation not permitted': the process has no IMEX channel "
               "(/dev/nvidia-caps-imex-channels/channelN does not exist or was not given to the container), or the "
               "GPUs have no NVSwitch fabric for such memory, although the GPU may report fabric-handle support."),
        advice=_IMEX_ADVICE,
        action="configure",
        rules_out=("GPU memory", "the GPU itself"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/MoonshotAI/MoonEP/pull/28", IMEX_GUIDE, CUMEM_DOC),
        checked=CHECKED,
        examples=("nccl/moonep-pr28-fabric-cumemcreate-not-permitted-no-imex-prose.txt",),
    ),
    Signature(
        code="nccl.imex-channel-missing-described",
        described=True,
        cause_id="nccl-nvls-unavailable",
        kinds=("any",),
        patterns=(
            # "In a container without an IMEX channel", "no IMEX channel was available to the user"
            # not where the text says none is needed ("works without an IMEX channel", "needs no IMEX channel", "no
            # IMEX channel is required on one node": a single NVSwitch node's NCCL uses file-descriptor handles; rev44a)
            r"(?<!works )(?<!runs )(?<!needs )(?<!need )\b(?:without|no|lacks?|lacking|missing)(?: an?| any| the)? "
            r"(?:valid |accessible )?IMEX channels?\b(?! (?:is |are )?(?:needed|required|necessary))",
            # "the NVLink fabric/IMEX plane is not provisioned", "IMEX channel is not available in the container"
            # (but not "... is not running on this node, but that is expected": a workstation or one HGX node has none)
            r"\bIMEX (?:channels?|plane|daemon|service|domain)\b[^\n]{0,40}?\b(?:(?:is |was |are )?not "
            r"(?:provisioned|running|available|created|exposed|accessible|mounted|configured)|missing|unavailable)\b"
            r"(?![^\n]{0,40}?\b(?:expected|not needed|not required|isn't needed|no need)\b)",
            # "nvidia-imex not running", "nvidia-imex is not started"
            r"\bnvidia-imex(?:\.service)? (?:is |was )?not (?:running|started|active|installed)\b"
            r"(?![^\n]{0,40}?\b(?:expected|not needed|not required|isn't needed|no need)\b)",
            # "its cap devices not exposed to the container" beside IMEX, "/dev/nvidia-caps-imex-channels is missing"
            r"nvidia-caps-imex-channels\b[^\n]{0,60}?\b(?:missing|not (?:exposed|available|present|mounted|created|found)|"
            r"does not exist|doesn't exist)\b",
        ),
        severity="warn",
        cause=("The text says the process has no IMEX channel (or the IMEX service and its channel devices are not set "
               "up or not given to the container): memory shared over the NVLink fabric, which NVLS multicast and "
               "multi-node NVLink use, is then refused (cuMemCreate 'operation not permitted', NVLS binding failures)."),
        advice=_IMEX_ADVICE,
        action="configure",
        rules_out=("GPU memory",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/MoonshotAI/MoonEP/pull/28", "https://github.com/NVIDIA/TensorRT-LLM/pull/15302",
                 IMEX_GUIDE),
        checked=CHECKED,
        examples=("nccl/moonep-pr28-fabric-cumemcreate-not-permitted-no-imex-prose.txt",
                  "nccl/trtllm-pr15302-nvls-bind-fails-imex-not-provisioned-prose.txt"),
    ),
    Signature(
        code="nccl.nvshmem-nvls-multicast-failed",
        cause_id="nccl-nvls-unavailable",
        kinds=("any",),
        patterns=(
            # NVSHMEM's NVLS team set-up: "team_internal_nvls.cpp:254: non-zero status: 401 cuMemMap failed ..."
            r"team_internal_nvls\.cpp:\d{1,5}: non-zero status: (?P<status>\d{1,4})\b",
            # "Mapping multicast groups for UC heap failed for pe 7 team ID 1", "Mapping mem size N to MC group M failed"
            r"Mapping multicast groups for (?:UC |MC )?heap failed",
            r"Mapping mem size \d{1,20} to MC group \d{1,24} failed",
        ),
        severity="fail",
        cause=("NVSHMEM could not set up NVLink SHARP (NVLS) multicast on this NVSwitch system: mapping its symmetric "
               "heap into a multicast group failed, as NCCL's NVLS does when the Fabric Manager or NVSwitch state refuses "
               "it (a fabric state out of sync, a Fabric Manager restarted without a GPU reset) or the container lacks "
               "the capability devices."),
        advice=("Set NVSHMEM_DISABLE_NVLS=1 (and NCCL_NVLS_ENABLE=0 for NCCL) so the job runs without multicast, then fix "
                "the node: `systemctl status nvidia-fabricmanager` and `nvidia-smi -q | grep -A3 Fabric` should show "
                "state Completed, status Success; `sudo dmesg | grep -i fabric` shows a fabric state out of sync. Stop "
                "the GPU jobs, restart nvidia-fabricmanager together with a GPU reset (`sudo nvidia-smi -r` while the "
                "GPUs are idle) or reboot the node."),
        action="configure",
        rules_out=("GPU memory",),
        never_suggest=("reinstall the driver", "NVSHMEM_SYMMETRIC_SIZE", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nvshmem/issues/40",
                 "https://docs.nvidia.com/nvshmem/api/gen/env.html"),
        checked=CHECKED,
        examples=("nccl/nvshmem-40-p5en-h200-nvls-mapping-failed.txt",),
    ),
    Signature(
        code="nccl.nvlink-fabric-state-out-of-sync",
        cause_id="nccl-nvls-unavailable",
        kinds=("any",),
        # NVRM: "nvCheckOkFailedNoLog: Check failed: NVLink fabric state cached by the driver is out of sync
        # [NV_ERR_FABRIC_STATE_OUT_OF_SYNC] (0x00000087) returned from status @ mem_multicast_fabric.c:2917"
        patterns=(r"NV_ERR_FABRIC_STATE_OUT_OF_SYNC", r"NVLink fabric state cached by the driver is out of sync"),
        severity="fail",
        cause=("The NVIDIA driver's cached NVLink fabric state is out of sync with the NVSwitch fabric, so it refuses "
               "multicast (NVLS) memory: NCCL's and NVSHMEM's NVLS set-up fail until the fabric state is rebuilt."),
        advice=("Rebuild the fabric state: stop the GPU jobs, restart nvidia-fabricmanager together with a GPU reset "
                "(`sudo systemctl stop nvidia-fabricmanager; sudo nvidia-smi -r; sudo systemctl start "
                "nvidia-fabricmanager`) or reboot the node; until then NCCL_NVLS_ENABLE=0 and NVSHMEM_DISABLE_NVLS=1 "
                "let jobs run without multicast."),
        action="configure",
        rules_out=("GPU memory",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nvshmem/issues/40",),
        checked=CHECKED,
        examples=("nccl/nvshmem-40-p5en-h200-nvls-mapping-failed.txt",),
    ),
    Signature(
        code="nccl.nvshmem-peer-memory-not-detected",
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        # NVSHMEM's ibrc/ibgda transports: "ibrc.cpp:nvshmemt_init:1851: neither nv_peer_mem, or nvidia_peermem
        # detected. Skipping transport."
        # A warning, not a failure: NVSHMEM prints it and goes on without those transports, and a job on one node
        # (NVLink only, DeepEP's intranode kernels) runs fine beside it; it matters only across nodes (rev44a).
        patterns=(r"neither nv_peer_mem,? or nvidia_peermem detected",),
        severity="warn",
        cause=("NVSHMEM found no GPU peer-memory module for its InfiniBand transports and skipped them: nvidia-peermem "
               "is not loaded, or this NVSHMEM looks for it only under /sys/kernel/mm/memory_peers, which the "
               "driver's own nvidia_peermem does not create on every release, so GPU-initiated RDMA (IBGDA, DeepEP's "
               "internode and low-latency kernels across nodes) cannot start; a job within one node does not need it."),
        advice=("Load the peer-memory module on every node (`sudo modprobe nvidia-peermem`, listed in "
                "/etc/modules-load.d/ so it stays; `lsmod | grep nvidia_peermem` shows it) and, for IBGDA, set the "
                "driver options DeepEP documents (`options nvidia NVreg_EnableStreamMemOPs=1 "
                "NVreg_RegistryDwords=\"PeerMappingOverride=1;\"` in /etc/modprobe.d/nvidia.conf, `sudo "
                "update-initramfs -u`, reboot). If nvidia_peermem is loaded and the line stays, use an NVSHMEM release "
                "whose check also reads /sys/module/nvidia_peermem or that registers GPU memory through DMA-BUF (NVSHMEM "
                "3.4.5 also adds CPU-assisted IBGDA, which needs neither GDRCopy nor the driver options)."),
        action="configure",
        rules_out=("GPU memory", "the InfiniBand link itself"),
        never_suggest=("reinstall CUDA", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/deepseek-ai/DeepEP/pull/151", "https://github.com/deepseek-ai/DeepEP/issues/55",
                 "https://github.com/deepseek-ai/DeepEP/tree/main/third-party"),
        checked=CHECKED,
        examples=("nccl/deepep-55-nvshmem-ibgda-transport-driver-not-configured.txt",
                  "nccl/deepep-pr151-nvshmem-nvidia-peermem-not-detected.txt"),
    ),
)

# A release of NCCL itself with a bug (a hang or failure its next patch release fixes, or that the release before did
# not have) is nccl-version-mismatch: "one too old for the framework" or one with a known regression, fixed the same
# way, by running another NCCL release. Threads say it in words ("NCCL 2.30.4 introduces a regression ...; 2.30.3 ...
# does not", "regressed in 2.30.4", "2.29.3 ... fixes the regression (hang) in 2.29.2", "pin NCCL to 2.28.9 to dodge
# ... hang", "nccl: upgrade to 2.26.2 to avoid hang"), often beside a description of the hang that
# nccl.multi-gpu-hang-described would otherwise answer with NCCL_P2P_DISABLE, which does not help here.
_NCCL_V = r"(?:v|version )?\**(?P<{0}>2\.\d{{1,2}}\.\d{{1,2}})\b\**"
_BAD_WORDS = r"(?:regression|hangs?|deadlocks?|bug|crash(?:es)?|segfaults?)"
SIGNATURES += (
    Signature(
        code="nccl.release-regression-described",
        described=True,
        refines=("nccl.multi-gpu-hang-described", "vllm.tensor-parallel-hangs-described"), refines_within=None,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        patterns=(
            # "NCCL 2.30.4 introduces a regression on hardware without NVLink", "NCCL 2.19.4 has a bug ..."
            r"\bNCCL " + _NCCL_V.format("bad") + r"[^\n]{0,60}?\b(?:introduces|introduced|has|had|causes|caused) "
            # (not "has a bug fix for ...", "introduced a regression test": a release note of a fix; rev44a)
            r"(?:a |an )?(?:(?:known|serious|performance) )?(?:regression|hang|deadlock|bug)\b(?![ -](?:fix|test))",
            # "NCCL's NVLS (NVSwitch-multicast) path regressed in **2.30.4**"
            r"\bNCCL\b[^\n]{0,80}?\bregressed (?:in|with|since|from) (?:NCCL )?" + _NCCL_V.format("bad"),
            # "NCCL 2.21.5 fixes the bug in 2.21.4"; "fixes the regression (hang) in NCCL 2.29.2"; and, NCCL unnamed,
            # only a hang or deadlock fixed ("2.29.3 is a patch release that fixes the regression (hang) in 2.29.2"):
            # torch, numpy and most Python packages number their releases 2.x.y too, and "PyTorch 2.4.1 fixes the bug
            # in 2.4.0" is not NCCL's (rev44a)
            r"\bNCCL\b[^\n]{0,80}?\bfix(?:es|ed)? the (?:regression|hang|deadlock|bug|crash)\b[^\n]{0,20}? in (?:NCCL )?"
            + _NCCL_V.format("bad"),
            r"\bfix(?:es|ed)? the (?:regression|hang|deadlock|bug|crash)\b[^\n]{0,20}? in NCCL " + _NCCL_V.format("bad"),
            r"\bfix(?:es|ed)? the (?:regression \((?:hang|deadlock)\)|hang|deadlock)[^\n]{0,20}? in " + _NCCL_V.format("bad"),
            # "pin NCCL to 2.28.9 to dodge B300 NVLS MoE hang", "nccl: upgrade to 2.26.2 to avoid hang on ncclCommAbort"
            r"\b[Nn][Cc][Cc][Ll]\b[^\n]{0,30}?\b(?:[Pp]in(?:ned|ning)?|[Dd]owngrad(?:e|ed|ing)|[Uu]pgrad(?:e|ed|ing)|"
            r"[Rr]evert(?:ed|ing)?)\b[^\n]{0,20}?\bto " + _NCCL_V.format("good") + r"[^\n]{0,20}?\bto "
            r"(?:avoid|dodge|fix|work around|get around)\b[^\n]{0,40}?\b" + _BAD_WORDS,
            # "fix nccl and nccl test version to 2.18.3 to resolve hang issue", "pin NCCL to 2.21.5 to fix the deadlock" (the
            # verb first; w54c)
            r"\b(?:[Pp]in(?:ned|ning)?|[Ff]ix(?:ed|ing)?|[Dd]owngrad(?:e|ed|ing)|[Uu]pgrad(?:e|ed|ing)|[Rr]evert(?:ed|ing)?) "
            r"(?:the )?[Nn][Cc][Cc][Ll]\b[^\n]{0,40}?\bto " + _NCCL_V.format("good") + r"[^\n]{0,20}?\bto "
            r"(?:avoid|dodge|fix|resolve|work around|get around)\b[^\n]{0,40}?\b" + _BAD_WORDS,
            # "Fix nccl regression on PyTorch 2.3 upgrade", "work around the NCCL hang in the new image" (w54c)
            r"\b(?:[Ff]ix(?:es|ed)?|[Aa]void(?:s|ed)?|[Ww]ork around) (?:the |an? )?(?:NCCL|[Nn]ccl) (?:regression|hang|"
            r"deadlock)\b",
            # "NCCL 2.30.4 NVLS code path hangs MoE expert weight loading ...; 2.30.3 works"
            r"\bNCCL " + _NCCL_V.format("bad") + r"[^\n]{0,120}?\b(?:hangs?|deadlocks?|crash(?:es)?|segfaults?|fails?)\b"
            r"[^\n]{0,100}?\b" + _NCCL_V.format("good") + r" (?:works|is fine|is OK|does not (?:hang|fail|crash))\b",
        ),
        severity="warn",
        cause=("The text says the failure is a bug of one NCCL release (a regression the release before did not have, "
               "or one a later patch release fixes), so the GPUs and the network are not at fault: the job needs "
               "another NCCL release."),
        advice=("Run an NCCL release without the bug: upgrade to the patch release that fixes it, or pin the one the "
                "thread names as working (`pip install nvidia-nccl-cu12==<version>`, nvidia-nccl-cu13 for CUDA 13 builds, "
                "in the environment or image the job runs; an image or PyTorch build that ships it), and check which one the process loads (NCCL_DEBUG=VERSION "
                "prints `NCCL version 2.x.y`, vLLM logs `vLLM is using nccl==`). Where the regression is in NVLS, "
                "NCCL_NVLS_ENABLE=0 avoids it until then."),
        action="configure",
        rules_out=("the GPUs", "the network"),
        never_suggest=("NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/2167", "https://github.com/vast-ai/base-image/pull/233",
                 "https://github.com/pytorch/pytorch/pull/174338", "https://github.com/huggingface/text-generation-inference/pull/2099",
                 "https://github.com/microsoft/superbenchmark/pull/599"),
        checked=CHECKED,
        examples=("nccl/nccl-2167-2304-nvls-regression-moe-load-hang-no-nvlink.txt",
                  "nccl/vastai-pr233-nccl-2307-nvls-regression-pin-2289.txt",
                  "nccl/pytorch-pr174338-nccl-2293-fixes-2292-hang-regression.txt",
                  "nccl/pytorch-pr149546-nccl-2262-avoid-commabort-hang.txt",
                  "nccl/superbench-599-nccl-2-18-3-allgather-hang-image-prose.txt",
                  "nccl/tgi-2099-nccl-regression-pytorch-2-3-image-hang.txt"),
    ),
)

# The Mooncake transfer engine (SGLang's and vLLM's prefill/decode disaggregation, Mooncake Store) registers the KV cache
# in GPU memory with the RDMA NIC; ibv_reg_mr refuses it where GPUDirect RDMA cannot pin that memory: nvidia-peermem not
# loaded and no DMA-BUF ("DMA BUF supported required for GPU RDMA without nvidia-peermem"), or CUDA VMM memory from
# PyTorch's expandable_segments allocator, which the peer-memory path cannot pin and older Mooncake releases exported
# wrongly for DMA-BUF (Mooncake#2511, fixed by PR#3538); "Cannot allocate memory [12]" is the locked-memory limit.
SIGNATURES += (
    Signature(
        code="nccl.mooncake-register-gpu-memory-failed",
        cause_id="nccl-gpudirect-rdma",
        kinds=("any",),
        patterns=(
            # "rdma_context.cpp:588] Failed to register memory 0x12397fd5800: Invalid argument [22]"
            r"rdma_context\.cpp:\d{1,5}\] Failed to register memory 0x[0-9a-fA-F]{1,16}: (?P<reason>[A-Z][a-z][^\[\n]{1,40}) "
            r"\[(?P<errno>\d{1,3})\]",
            # SGLang's wrapper: "RuntimeError: Mooncake memory registration failed."
            r"Mooncake memory registration failed",
            r"DMA BUF supported required for GPU RDMA without nvidia-peermem",
        ),
        severity="fail",
        cause=("Mooncake's RDMA transport could not register GPU memory with the network card, so the KV cache cannot "
               "move between prefill and decode: GPUDirect RDMA cannot pin this memory (nvidia-peermem not loaded and "
               "no DMA-BUF, or CUDA VMM memory from PyTorch's expandable_segments allocator), or the locked-memory "
               "limit is too low."),
        advice=("Start the serving process without `expandable_segments:True` in PYTORCH_CUDA_ALLOC_CONF (or use a "
                "Mooncake release that registers CUDA VMM memory through DMA-BUF); load the peer-memory module on every "
                "node (`sudo modprobe nvidia-peermem`, `lsmod | grep nvidia_peermem`) or use a kernel and driver with "
                "DMA-BUF; for 'Cannot allocate memory [12]' raise the locked-memory limit (`ulimit -l unlimited`, "
                "docker `--ulimit memlock=-1`); GeForce cards have no GPUDirect RDMA, so Mooncake needs its TCP "
                "protocol there."),
        action="configure",
        rules_out=("GPU memory", "the model"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/kvcache-ai/Mooncake/issues/2511", "https://github.com/kvcache-ai/Mooncake/pull/3538",
                 "https://github.com/kvcache-ai/Mooncake/issues/351"),
        checked=CHECKED,
        examples=("nccl/mooncake-2511-expandable-segments-register-memory-einval.txt",),
    ),
)
