"""Issue 25, rows for blind set 15's misses, written from other threads: two NCCL libraries in one environment,
read where the older one fails on the newer framework's communicator config (rows of the nccl area, joined into
nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

R15C_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.config-from-newer-framework",
        refines=("nccl.generic-error-needs-debug",), refines_within=None,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # PyTorch 2.1 and later create communicators with ncclCommInitRankConfig and an ncclConfig_t of the NCCL they
        # were built against. An older libnccl loaded in its place (a second wheel, nvidia-nccl-cu11 beside
        # nvidia-nccl-cu12, vllm-nccl, a system libnccl2 first on LD_LIBRARY_PATH) reads that struct with its own
        # layout and rejects the field it finds as the blocking flag (init.cc: "Invalid config blocking attribute
        # value %d"), an ncclInvalidArgument whose value is garbage such as -2147483648.
        patterns=(r"Invalid config blocking attribute value -?\d{1,11}",),
        severity="fail",
        cause=("An older NCCL library than the framework was built for is loaded (another NCCL package or a system "
               "libnccl comes first) and cannot read the framework's communicator config."),
        advice=("Find the NCCL copies: `pip list | grep -i nccl` (nvidia-nccl-cu11 beside nvidia-nccl-cu12, "
                "vllm-nccl-cu12), `ldconfig -p | grep libnccl`, LD_LIBRARY_PATH, LD_PRELOAD and VLLM_NCCL_SO_PATH; "
                "uninstall or unset the extra one (e.g. `pip uninstall nvidia-nccl-cu11`) so only the NCCL the "
                "framework requires remains, or reinstall that wheel at its pinned version; "
                "`python -c 'import torch; print(torch.cuda.nccl.version())'` shows which one is loaded."),
        action="configure",
        rules_out=("the GPUs", "the network", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/vllm-project/vllm/issues/1726",
                 "https://github.com/NVIDIA/nccl/blob/master/src/init.cc"),
        checked="2026-11-26",
        examples=("nccl/vllm-1726-invalid-config-blocking-two-nccl.txt",),
    ),
)
