"""WSL 2 with several GPUs: failures of CUDA's start inside the WSL virtual machine that a native Linux host with the
same GPUs does not have (rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.cuda-init-out-of-memory",
        cause_id="wsl-multi-gpu-init-oom",
        kinds=("any",),
        # cudaGetDeviceCount returning cudaErrorMemoryAllocation (2) before anything was allocated: PyTorch's
        # "Unexpected error from cudaGetDeviceCount() ... Error 2: out of memory" warning, deviceQuery's "returned 2".
        # Inside WSL 2 the WSL tracker ties it to GPU paravirtualization with several GPUs (works with two or three,
        # fails with four), worked around by exposing fewer GPUs; on a native host it means something else, so the row
        # reads it only in WSL.
        patterns=(r"cudaGetDeviceCount\(\)[^\n]{0,200}Error 2: out of memory",
                  r"cudaGetDeviceCount returned 2\b"),
        contexts=("wsl",),
        severity="fail",
        cause="CUDA could not initialize inside WSL 2: cudaGetDeviceCount failed with out of memory before anything was "
              "allocated, the WSL GPU paravirtualization failure reported mostly with three or more GPUs, so the program "
              "sees no GPU.",
        advice=("Expose fewer GPUs to the process (`export CUDA_VISIBLE_DEVICES=0,1`, or one GPU) and retry after `wsl "
                "--shutdown`; update the NVIDIA Windows driver and WSL (`wsl --update`). To use all the GPUs at once, run "
                "native Linux."),
        action="configure",
        rules_out=("the GPU's memory", "the program's batch size"),
        never_suggest=("install the driver inside WSL", "reduce the batch size"),
        sources=("https://github.com/microsoft/WSL/issues/9092", "https://github.com/microsoft/WSL/issues/8447",
                 "https://github.com/microsoft/WSL/issues/10269", "https://github.com/microsoft/WSL/issues/12467",
                 "https://github.com/mlcommons/ck/issues/916", "https://github.com/pytorch/pytorch/issues/150048", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-9092-cuda-init-out-of-memory-three-gpus.txt",),
    ),
)
