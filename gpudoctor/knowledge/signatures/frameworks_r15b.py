"""Issue 25 (helper r15b): the CUDA libraries a program finds by name, not through PyTorch.

cpm_kernels (the int4 kernels of ChatGLM and of models quantized like it, ComfyUI's Kolors nodes among them) opens
libcudart, libcublasLt and libcuda itself, searching the library path on Linux and PATH on Windows; when it finds no
file it binds nothing and every call raises "Library <name> is not initialized" (cpm_kernels/library/base.py).
PyTorch's own copies (torch/lib, pip's nvidia-* wheels) are not on that path, so `torch.cuda.is_available()` is True
while these kernels fail.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.cpm-kernels-library-not-initialized",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(r"\bLibrary (?P<library>cudart|cublasLt|cublas|curand|nvrtc|cuda) is not initialized",),
        severity="fail",
        cause=("cpm_kernels (the int4 quantization kernels of ChatGLM and similar models) found no {library} library "
               "where it looks (the library path on Linux, PATH on Windows), so its CUDA calls fail; PyTorch's own "
               "CUDA libraries in torch/lib or pip's nvidia-* packages are not found that way."),
        advice=("Give cpm_kernels a {library} it can find, of the CUDA version PyTorch uses (`python -c \"import torch; "
                "print(torch.version.cuda)\"`): in a conda environment install the CUDA runtime into it (`conda install "
                "cudatoolkit=11.7 -c nvidia` with that version, or `conda install cuda-runtime -c nvidia` for CUDA 12); "
                "otherwise install the CUDA toolkit of that version and put its lib64 folder on LD_LIBRARY_PATH (Linux, "
                "or `sudo ldconfig`), or its bin folder on PATH (Windows, cudart64_*.dll and cublasLt64_*.dll), then "
                "start the program from a new shell. `Library cuda` is the driver's libcuda.so / nvcuda.dll: check the "
                "NVIDIA driver is installed (under WSL, /usr/lib/wsl/lib on LD_LIBRARY_PATH). Running the model "
                "unquantized or in a build that does not use cpm_kernels avoids it too."),
        action="configure",
        rules_out=("a GPU fault", "a PyTorch build without CUDA"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/xubuvd/LLMs/issues/1", "https://github.com/OpenBMB/cpm_kernels/issues/12",
                 "https://github.com/zai-org/ChatGLM-6B/issues/46", "https://github.com/Akegarasu/ChatGLM-webui/pull/44"),
        checked="2026-11-26",
        examples=("frameworks/llms-1-library-cudart-not-initialized-conda.txt",),
    ),
)
