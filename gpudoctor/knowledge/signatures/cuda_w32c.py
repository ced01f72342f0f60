"""Issue 25, wave 32 (w32c): programs and images built before the GPU, and the NVRTC inside them.

A program that compiles GPU code at run time (PyTorch's TorchScript fuser and jiterator, CuPy's kernels, Isaac Lab's
math through them) hands NVRTC the GPU's architecture. The NVRTC it loads is the one of the CUDA it was built with
(torch's bundled libnvrtc, CuPy's toolkit, the CUDA in a Docker image), not the driver's: an NVRTC older than the GPU
rejects the architecture with "nvrtc: error: invalid value for --gpu-architecture (-arch)". A newer driver does not
help; a build for a CUDA that knows the GPU does (torch 1.13 and later also cap the architecture they ask for at what
their NVRTC knows, so the old pins of torch 1.10-1.12 +cu11x are what still fail on an RTX 40).

Inside a container the same failures (that NVRTC line, "no kernel image is available", PyTorch's "sm_120 is not
compatible") come from the image: its CUDA and the framework build in it, whatever the host driver supports. The
fix is an image tag (or a Dockerfile base) built for the GPU, which `IMAGES_WITH_SM120` names for Blackwell.
"""

from __future__ import annotations

from gpudoctor.knowledge.build_support import NVCC_GPU_FEATURES, first_cuda
from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"
PYTORCH_NVRTC_CAP = "https://github.com/pytorch/pytorch/issues/87595"

# The first CUDA release whose compiler (nvcc, NVRTC, ptxas) knows each architecture (build_support.NVCC_ARCHITECTURES,
# the one table of it), and the PyTorch wheel index to name for it (PyTorch's aarch64 builds for GB10 are cu130).
# The PyTorch index is the one to name today (a current torch); build_support.FIRST_CUDA_FOR_MAJOR holds the first
# index that carried each major version, for a pinned older torch (cu111 for Ampere), and the conclusions use that.
FIRST_CUDA_FOR_GPU: tuple[tuple[str, str, str, str], ...] = (
    # (GPUs, compute capability, first CUDA, PyTorch index)
    ("RTX 20 / GTX 16 / T4", "7.5", first_cuda("75"), "cu118"),
    ("RTX 30 / A10 / A40", "8.6", first_cuda("86"), "cu118"),
    ("RTX 40 / L4 / L40 / H100", "8.9, 9.0", first_cuda("89"), "cu118"),
    ("B200 / RTX 50 / RTX PRO Blackwell", "10.0, 12.0", first_cuda("120"), "cu128"),
    ("GB10 (DGX Spark) / Jetson Thor", "12.1, 11.0", f"{first_cuda('121')} / {first_cuda('110')}", "cu130"),
)

# Images whose CUDA and framework build carry sm_120 (and sm_100) kernels: the first tag of each line that does, from
# the image's release notes or tag list (checked CHECKED). Older tags of the same image lack them.
IMAGES_WITH_SM120: tuple[tuple[str, str, str], ...] = (
    ("nvidia/cuda base images", "12.8.0-* and newer (FROM nvidia/cuda:12.8.1-cudnn-runtime-ubuntu22.04)",
     "https://hub.docker.com/r/nvidia/cuda/tags"),
    ("pytorch/pytorch", "2.7.0-cuda12.8-cudnn9-runtime and newer -cuda12.8 / -cuda13.0 tags",
     "https://docs.salad.com/container-engine/tutorials/machine-learning/pytorch-rtx5090"),
    ("NGC PyTorch", "nvcr.io/nvidia/pytorch:25.01-py3 and newer",
     "https://docs.nvidia.com/deeplearning/frameworks/pytorch-release-notes/rel-25-01.html"),
    ("NGC Triton Inference Server", "nvcr.io/nvidia/tritonserver:25.01-py3 and newer (CUDA 12.8.0)",
     "https://docs.nvidia.com/deeplearning/triton-inference-server/release-notes/rel-25-01.html"),
    ("vLLM", "vllm/vllm-openai:v0.9.0 and newer (CUDA 12.8 builds)",
     "https://github.com/vllm-project/vllm/releases/tag/v0.9.0"),
)



def _first_cuda() -> str:
    return "; ".join(f"{gpus} ({capability}): CUDA {cuda}, PyTorch {index}"
                     for gpus, capability, cuda, index in FIRST_CUDA_FOR_GPU)


def images_with_sm120() -> str:
    """IMAGES_WITH_SM120 as one clause of advice (containers_w32c.py names it)."""
    return "; ".join(f"{name}: {tags}" for name, tags, _ in IMAGES_WITH_SM120)


SIGNATURES = (
    Signature(
        code="cuda.nvrtc-older-than-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # NVRTC_ERROR_INVALID_OPTION's log when the -arch value names an architecture this NVRTC does not know: the
        # generic no-kernel-image row reads it too, this row says which NVRTC and which build to change.
        patterns=(r"nvrtc: error: invalid value for --gpu-architecture \(-arch\)",
                  r"nvrtc: error: invalid value\s{0,4}$"),  # the same message wrapped after "value" (a Markdown list)
        refines=("cuda.no-kernel-image",),
        severity="fail",
        cause="The NVRTC the program compiles its GPU code with at run time (the one bundled with its PyTorch or CuPy "
              "build, or the CUDA toolkit of its container image) is older than this GPU's architecture, so it "
              "rejects the GPU's compute capability.",
        advice=("Give the program a build whose CUDA knows this GPU (`nvidia-smi --query-gpu=name,compute_cap "
                "--format=csv`; `python -c \"import torch; print(torch.__version__, torch.version.cuda)\"`). The first "
                "CUDA for each: " + _first_cuda() + ". For PyTorch install that build in the program's own "
                "environment: `pip install torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu128` (cu118 is enough for RTX 40 and H100, cu130 for GB10 and "
                "Thor); an old pin such as torch 1.10-1.12 +cu113 fails on RTX 40 even where the driver is new, so "
                "move it to torch 1.13.1+cu117 or later (1.13 caps the architecture it asks NVRTC for) or a cu118 "
                "build. CuPy: use a CUDA 12.8 or newer toolkit (CUDA_PATH) or a current cupy-cuda12x / cupy-cuda13x. "
                "In a Docker image rebuild FROM a base of that CUDA (nvidia/cuda:12.8 or newer for Blackwell) with "
                "the matching torch. The driver is not the cause."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_LAUNCH_BLOCKING"),
        versions=("torch<1.13 on RTX 40", "CUDA<12.8 on Blackwell"),
        sources=("https://github.com/Improbable-AI/walk-these-ways/issues/72",
                 "https://github.com/DanielCoelho112/rlfold/issues/2", PYTORCH_NVRTC_CAP, NVCC_GPU_FEATURES),
        checked=CHECKED,
        examples=("cuda/walkthese-72-rtx4090-torch110-cu113-nvrtc-arch.txt",
                  "cuda/rlfold-2-docker-image-torch-nvrtc-invalid-arch.txt",
                  "cuda/isaaclabarena-1066-gb10-cu128-nvrtc-arch.txt"),
    ),
)
