"""Issue 25, wave 32 (w32c): a container whose image was built before its GPU.

Inside a container "no kernel image is available", PyTorch's "sm_120 is not compatible" and NVRTC's "invalid value for
--gpu-architecture" come from the image: its CUDA and the framework build in it, whatever the host driver supports. The
fix is an image tag (or a Dockerfile base) built for the GPU; cuda_w32c.IMAGES_WITH_SM120 names them for Blackwell.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda_w32c import CHECKED, IMAGES_WITH_SM120, images_with_sm120

SIGNATURES = (
    Signature(
        code="containers.image-built-before-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # The no-kernel-image family in a text that shows a container (contexts.py): the kernels and NVRTC are the
        # image's, so the fix is another image tag or base, never the host driver.
        patterns=(r"no kernel image is available for execution on the device", r"cudaErrorNoKernelImageForDevice",
                  r"CUDA_ERROR_NO_BINARY_FOR_GPU",
                  r"with CUDA capability sm_(?P<capability>\d{2,3}) is not compatible with the current PyTorch installation",
                  r"nvrtc: error: invalid value for --gpu-architecture \(-arch\)"),
        contexts=("container",),
        refines=("cuda.no-kernel-image", "cuda.torch-capability-not-compatible", "cuda.nvrtc-older-than-gpu"),
        severity="fail",
        cause="The container's image has no kernels for this GPU's compute capability: its CUDA and the framework build "
              "inside it (PyTorch, its NVRTC) predate the GPU, or dropped it (an old GPU in a newer image), whatever "
              "the host driver supports.",
        advice=("Run an image built for this GPU: for Blackwell (RTX 50, RTX PRO, B200: sm_120 / sm_100) a tag whose "
                "CUDA is 12.8 or newer with a PyTorch cu128 or newer build: " + images_with_sm120() + ". For your own "
                "Dockerfile change the FROM line to such a base and install torch from "
                "https://download.pytorch.org/whl/cu128 (cu130 for GB10), rebuild without cache and recreate the "
                "container (`docker compose build --no-cache && docker compose up -d --force-recreate`); check with "
                "`docker run --rm --gpus all IMAGE python -c \"import torch; print(torch.cuda.get_arch_list())\"`, "
                "which must list the GPU's sm_XY. Ollama, llama.cpp or another app image: pull a newer release tag "
                "built with CUDA 12.8+. For an old GPU (Pascal, Volta) that a new image dropped, use an "
                "older tag (a cu126 PyTorch). Nothing else on the host changes: its `nvidia-smi` CUDA Version need only be at least the image's."),
        action="configure",
        rules_out=("the host driver", "the container runtime"),
        never_suggest=("install the driver inside the container", "reinstall the driver", "set CUDA_LAUNCH_BLOCKING"),
        versions=("CUDA<12.8 images on Blackwell",),
        sources=("https://github.com/NVIDIA/personaplex/issues/23",) + tuple(source for *_, source in IMAGES_WITH_SM120),
        checked=CHECKED,
        examples=("containers/personaplex-23-compose-cuda124-image-rtx5090-sm120.txt",),
    ),
)
