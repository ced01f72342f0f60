"""NVML and the CUDA runtime and driver API: what libcuda, libcudart and NVML report, in any program."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES = (
    Signature(
        code="cuda.no-kernel-image",
        cause_id="cuda-arch-unsupported",
        # cudaErrorNoKernelImageForDevice (209), as CUDA's runtime words it: PyTorch raises it, ggml prints it.
        patterns=(r"no kernel image is available for execution on the device",),
        severity="fail",
        cause="The program was built without CUDA kernels for this GPU's compute capability.",
        advice=("Install a build that has kernels for this GPU's compute capability (sm_XY): for GeForce RTX 50 and "
                "B200 (sm_120, sm_100) a PyTorch wheel for CUDA 12.8 or newer (cu128); `torch.cuda.get_arch_list()` "
                "lists the ones a PyTorch build has; for Ollama or llama.cpp, a release built for this GPU."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/167244", "https://github.com/mir-aidj/all-in-one/issues/35",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-25",
        examples=("cuda/allinone-35-sm120-torch25-cu121.txt", "cuda/pytorch-167244-sm120-nightly-cu124.txt"),
    ),
)
