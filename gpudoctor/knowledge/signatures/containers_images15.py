"""Failures of the CUDA inside a container image against the host's driver, read where the paste shows the container
(rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_COMPATIBILITY = "https://docs.nvidia.com/deploy/cuda-compatibility/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.image-ptx-newer-than-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # cuda.ptx-toolchain-too-new's messages (cudaErrorUnsupportedPtxVersion, 222) in a text that shows a container
        # (docker run, a compose service's log prefix "app-triton-1  | ", contexts.py): the PTX came
        # with the image (its CUDA, or kernels JIT-compiled by the image's nvcc/NVRTC), the driver is the host's, so
        # the fix is an image tag for the host's CUDA or a newer host driver, never a driver inside the container.
        patterns=(r"the provided PTX was compiled with an unsupported too", r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
                  r"cudaErrorUnsupportedPtxVersion"),
        contexts=("container",),
        refines=("cuda.ptx-toolchain-too-new",),
        severity="fail",
        cause="The container's image carries GPU code (PTX) from a newer CUDA than the host's NVIDIA driver "
              "supports: the driver in a container is always the host's, so it cannot load the image's PTX.",
        advice=("Compare the image's CUDA (its tag, or `nvcc --version` inside it) with the CUDA Version `nvidia-smi` "
                "prints on the host. Either use an image tag built for the host driver's CUDA version (or rebuild the "
                "image from a `nvidia/cuda` base of that version), or update the host's NVIDIA driver to one that "
                "supports the image's CUDA, then recreate the container (`docker compose up -d --force-recreate` for a "
                "compose service). Do not install a driver inside the image."),
        action="configure",
        rules_out=("the GPU hardware", "the container runtime"),
        never_suggest=("install the driver inside the container", "set CUDA_VISIBLE_DEVICES", "reinstall PyTorch"),
        sources=("https://github.com/fauxpilot/fauxpilot/issues/19", "https://github.com/EricLBuehler/mistral.rs/issues/1571",
                 _COMPATIBILITY),
        checked="2026-11-26",
        examples=("containers/fauxpilot-19-compose-ptx-unsupported-toolchain-470.txt",),
    ),
)
