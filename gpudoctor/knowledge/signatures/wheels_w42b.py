"""Issue 25, w42b: a person's words for a build that found no nvcc.

wheels.nvcc-not-found reads the tools' own lines ("nvcc: not found", "No such file or directory: '/usr/local/cuda/bin/nvcc'",
"CUDA_HOME environment variable is not set"). People more often describe it: "it gives an error nvcc not found",
"nvcc does not exist in the runtime image", "I get nvcc-not-found error". The usual cause is an environment that runs
CUDA programs but cannot compile them: NVIDIA's -runtime or -base container images (only the -devel flavour carries
nvcc and the headers), a PyTorch wheel (which brings the CUDA runtime, never the compiler), or a pip
nvidia-cuda-nvcc-cu1x wheel, which puts nvcc in site-packages, not in $CUDA_HOME/bin where DeepSpeed, flash-attn,
apex or detectron2's setup looks. The fix is a toolkit (or the -devel image) of torch's CUDA version with CUDA_HOME
at it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.nvcc-missing-described",
        described=True,
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(
            # "it is giving an error nvcc not found", "i get nvcc-not-found error" (the tool's own "nvcc: not found"
            # is wheels.nvcc-not-found's)
            r"\bnvcc[- ]not[- ]found\b",
            # "nvcc does not exists in runtime version of nvidia base image", "nvcc doesn't exist in the container"
            r"\bnvcc (?:does ?n[o']t|do ?n[o']t|did ?n[o']t|does not|did not) exists?\b",
            # "nvcc is missing", "the nvcc file is nowhere to be found", "nvcc is not installed in the image"
            r"\bnvcc(?: file| binary| compiler)? (?:is|was) (?:missing|nowhere|not (?:found|installed|present|available|"
            r"included|there))\b",
            # "can't find nvcc", "unable to locate nvcc"
            r"\b(?:can ?n[o']t|could ?n[o']t|cannot|unable to|failed to) (?:find|locate) (?:the )?nvcc\b",
            # "there is no nvcc in the image", "the runtime image has no nvcc", "missing nvcc"
            r"\b(?:there is no|there's no|has no|have no|had no|missing|lacks|lacking) (?:the )?nvcc\b",
            # "没有nvcc", "找不到nvcc", "nvcc不存在"
            r"(?:没有|找不到|缺少|缺失)\s?nvcc|nvcc\s?(?:找不到|不存在|缺失)",
        ),
        severity="warn",
        cause=("The description says the build found no nvcc: this environment can run CUDA programs but has no CUDA "
               "compiler, as in NVIDIA's -runtime and -base container images, a machine with only the driver, or a "
               "PyTorch install (its wheels bring the CUDA runtime, never nvcc; a pip nvidia-cuda-nvcc wheel is not "
               "where $CUDA_HOME/bin/nvcc is looked for), so a package that compiles CUDA code (DeepSpeed, "
               "flash-attn, apex, detectron2) cannot build."),
        advice=("Give the build a CUDA toolkit of the CUDA version torch was built with (`python -c \"import torch; "
                "print(torch.version.cuda)\"`): in Docker build FROM the -devel flavour of the CUDA image (e.g. "
                "nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04, not -runtime or -base) or a pytorch/pytorch:*-devel "
                "image; on a host install the toolkit alone (`sudo apt install cuda-toolkit-12-4` from NVIDIA's "
                "repository, or `conda install -c nvidia cuda-toolkit=12.4`); then `export CUDA_HOME=/usr/local/cuda` "
                "(or $CONDA_PREFIX) so that `$CUDA_HOME/bin/nvcc -V` runs, and install again; or use a prebuilt wheel "
                "that needs no compiler."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/rlan/notebooks/issues/111", "https://github.com/EleutherAI/gpt-neox/issues/1021",
                 "https://hub.docker.com/r/nvidia/cuda", "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked=CHECKED,
        examples=("wheels/notebooks-111-runtime-image-nvcc-not-found-detectron2.txt",
                  "wheels/gptneox-1021-runtime-base-image-no-nvcc-deeperspeed.txt"),
    ),
)
