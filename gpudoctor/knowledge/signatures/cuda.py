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
        advice=("Install a build that has kernels for this GPU: a newer Ollama or llama.cpp release (some releases "
                "left out older GPUs, such as Ollama 0.11 for Pascal), or a PyTorch wheel whose "
                "`torch.cuda.get_arch_list()` lists the GPU's sm_XY; a GPU older than every current build needs "
                "an older release."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/12316", "https://github.com/ollama/ollama/issues/12341",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-25",
        examples=("cuda/ollama-12316-no-kernel-image-gtx1080.txt",),
    ),
)
