"""What building an image (or any CUDA extension where no GPU is visible) fails on: the build asks a GPU it cannot
see (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CPP_EXTENSION_SOURCE = "https://github.com/pytorch/pytorch/blob/main/torch/utils/cpp_extension.py"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.extension-build-no-gpu-arch",
        cause_id="gpu-at-build-time",
        kinds=("any",),
        # torch.utils.cpp_extension._get_cuda_arch_flags: with TORCH_CUDA_ARCH_LIST unset it compiles for the
        # architectures of the visible GPUs, and with none visible (a docker build step, a CPU-only build machine) its
        # empty list fails on the line that adds PTX to the last one. The source line is what the traceback prints.
        patterns=(r"arch_list\[-1\] \+= ['\"]\+PTX['\"]",),
        severity="fail",
        cause="A PyTorch CUDA extension was compiled where no GPU is visible (a `docker build` step, a machine or CI "
              "runner without a GPU) and TORCH_CUDA_ARCH_LIST was not set, so PyTorch found no GPU architecture to "
              "compile for.",
        advice=("Name the GPU architectures to compile for instead of asking the GPU: set TORCH_CUDA_ARCH_LIST before "
                "the build (in a Dockerfile `ENV TORCH_CUDA_ARCH_LIST=\"7.5;8.0;8.6;8.9+PTX\"`, or pass it with "
                "`--build-arg`; on a shell `export TORCH_CUDA_ARCH_LIST=8.6` for an RTX 30, 8.9 for an RTX 40), then "
                "build again. If this machine does have a GPU, PyTorch does not see it: check `nvidia-smi` and "
                "`python -c \"import torch; print(torch.cuda.is_available())\"` first."),
        action="configure",
        rules_out=("the CUDA toolkit",),
        never_suggest=("reinstall the driver", "install the driver inside the container"),
        sources=("https://github.com/hirotomusiker/CLRerNet/issues/4", "https://github.com/mlcommons/training/issues/690",
                 "https://github.com/pytorch/pytorch/issues/28955", CPP_EXTENSION_SOURCE),
        checked="2026-11-26",
        examples=("containers/clrernet-4-build-arch-list-ptx-indexerror.txt",
                  "containers/mlcommons-690-docker-build-arch-list-index-error.txt"),
    ),
)
