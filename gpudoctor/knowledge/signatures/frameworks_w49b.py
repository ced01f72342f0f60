"""Issue 25, w49b: framework families that fresh threads showed the catalogue did not read.

CodeFormer's RealESRGAN background upsampler (and the face-restoration apps that copied its inference script: roop
forks, ComfyUI and A1111 face-restore nodes) warns "Running on CPU now! Make sure your PyTorch version matches your
CUDA." whenever torch.cuda.is_available() is False, then runs the upsampler on the CPU. The threads behind it are a
PyTorch without CUDA: a CPU-only wheel (PyPI's default on Windows) or a conda install that resolved to a CPU build
(CodeFormer#176: removing pytorch, torchvision, torchaudio and cudatoolkit and installing a CUDA build fixed it). Where
torch's own line beside it says why (its driver too old, no NVIDIA driver), that line's row says it better.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
PYTORCH_LOCAL = "https://pytorch.org/get-started/locally/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.realesrgan-running-on-cpu-warning",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # inference_codeformer.py's RuntimeWarning (and its copies, some prefixed "RealESRGAN: ")
        patterns=(r"Running on CPU now! Make sure your PyTorch version matches your CUDA",),
        severity="warn",
        cause=("PyTorch reports no usable CUDA (torch.cuda.is_available() is False), so the RealESRGAN upsampler and the "
               "face restoration run on the CPU: most often the installed torch is a CPU-only build (PyPI's default "
               "wheel on Windows, or a conda install that resolved to a CPU build)."),
        advice=("Check the build: `python -c \"import torch; print(torch.__version__, torch.version.cuda, "
                "torch.cuda.is_available())\"` in the app's environment. A version ending in +cpu, or torch.version.cuda "
                "None, is a CPU-only build: uninstall torch, torchvision and torchaudio (conda: `conda remove pytorch "
                "torchvision torchaudio cudatoolkit`) and install a CUDA build from the PyTorch index, e.g. `pip install "
                "torch torchvision torchaudio --index-url https://download.pytorch.org/whl/cu118` (the cuXXX your "
                "driver's `nvidia-smi` CUDA version covers; cu128 for RTX 50). If it shows a CUDA version and is still "
                "False, torch's own warning beside it names why (a driver older than that CUDA)."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("downgrade the driver", "compile PyTorch from source"),
        sources=("https://github.com/sczhou/CodeFormer/issues/176", PYTORCH_LOCAL),
        checked=CHECKED,
        examples=("frameworks/codeformer-176-realesrgan-running-on-cpu-warning-conda.txt",),
    ),
)
