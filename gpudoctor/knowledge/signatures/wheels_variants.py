"""Wheels of one PyTorch family from different builds: what loading a companion package's extension prints.

wheels_linkage.py adds these rows (and wheels_downloads.py's) to its LINKAGE_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

VARIANT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.companion-built-for-other-torch-variant",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        # libtorch_cuda.so and libc10_cuda.so ship only in CUDA builds of torch, libtorch_hip.so only in ROCm ones:
        # torchaudio, torchvision or an extension asking for one was built for a torch of another variant (CPU, CUDA,
        # ROCm) than the one installed. libtorch_cuda_cu/_cpp (another release) is wheels.extension-built-for-other-torch.
        patterns=(r"(?P<library>libtorch_cuda|libc10_cuda|libtorch_hip|libc10_hip)\.so: cannot open shared object file",),
        severity="fail",
        cause=("A package built for another build of torch asks for {library}.so, which the installed torch (a CPU, "
               "CUDA or ROCm build of another kind) does not ship."),
        advice=("Install torch, torchvision and torchaudio as one set from the same index, so all three are the same "
                "build: `pip install --force-reinstall torch torchvision torchaudio --index-url "
                "https://download.pytorch.org/whl/cu121` (the cuXXX of your CUDA; rocmX.Y for AMD, cpu for no GPU); "
                "for a custom torch build, build torchaudio against it (`pip list | grep torch` shows each one's "
                "+cu/+rocm/+cpu tag)."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/evshiron/rocm_lab/issues/1",
                 "https://pytorch.org/get-started/locally/"),
        checked="2026-11-26",
        examples=("wheels/rocm-lab-1-pypi-torchaudio-on-rocm-torch.txt",),
    ),
)

from gpudoctor.knowledge.signatures.wheels_downloads import DOWNLOAD_SIGNATURES  # noqa: E402 (the rows above first)

VARIANT_SIGNATURES += DOWNLOAD_SIGNATURES
