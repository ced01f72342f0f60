"""Issue 25, rows for the families the blind sets 14 to 24 missed (w25d): CUDA asked of a machine whose GPU is not
NVIDIA's (rows of the cuda area, joined into the catalogue by signatures/__init__.py). Error 804 is
cuda.forward-compat-unsupported's (cuda.py), whose advice took this family's steps.

A paste that names an AMD Radeon card (or says "AMD GPU", "AMD显卡") beside PyTorch's "Torch not compiled with CUDA
enabled", "Found no NVIDIA driver" or CUDA's "driver version is insufficient" is an app set to CUDA on a machine CUDA
cannot use: no NVIDIA driver fixes it; the app's CPU mode or the AMD build (ROCm on Linux, DirectML or ZLUDA on
Windows) does.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PYTORCH_LOCAL = "https://pytorch.org/get-started/locally/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.cuda-app-on-amd-gpu",
        # The CUDA symptoms this line explains, wherever they are in the paste: PyTorch without CUDA, no NVIDIA
        # driver, no CUDA device, CUDA's error 35.
        refines=("frameworks.torch-cpu-build", "kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.driver-insufficient"),
        refines_within=None,
        cause_id="gpu-requested-none-present",
        # a person's paste or a program's output, never the kernel log: "AMD" is in every AMD host's dmesg
        kinds=("traceback", "other", "pip", "powershell", "docker", "build", "nvidia-smi"),
        patterns=(
            # "AMD Rx 6600", "AMD RX 7900 XTX", "AMD 6600XT", "Radeon RX 580": a discrete AMD card named by its model
            r"(?P<gpu>AMD (?:Radeon(?:\(TM\))? )?(?:RX|Rx|rx) ?\d{3,4}(?: ?XTX?| GRE)?)\b",
            r"(?P<gpu>AMD [5-9]\d{2}0 ?XTX?)\b",
            r"(?P<gpu>Radeon(?:\(TM\))? (?:RX|Rx) ?\d{3,4}(?: ?XTX?| GRE)?)\b",
            # "我是AMD显卡", "AMD的显卡", "I have an AMD GPU", "my AMD graphics card"
            r"(?P<gpu>AMD ?的?显卡)",
            r"\b(?:[Ii] have|I've got|[Mm]y|I use|I'm using|I am using|with) (?:an? )?(?P<gpu>AMD (?:GPU|graphics card|"
            r"video card|card))\b",
        ),
        severity="warn",
        cause=("The paste names an AMD GPU (\"{gpu}\"): the app is set to use CUDA, which runs only on NVIDIA GPUs, so "
               "PyTorch's CUDA build finds no NVIDIA driver (or a CPU-only PyTorch has no CUDA at all); no NVIDIA "
               "driver or CUDA install applies."),
        advice=("Run the app on what the machine has: its CPU option (device 'cpu', the app's --cpu flag or "
                "CPUExecutionProvider) or the AMD build: on Linux PyTorch's ROCm wheels (`pip install torch "
                "--index-url https://download.pytorch.org/whl/rocm6.3`, for a card ROCm supports), on Windows the "
                "app's DirectML or ZLUDA variant (or WSL with ROCm for supported Radeon cards); or use a machine with "
                "an NVIDIA GPU."),
        action="configure",
        rules_out=("a missing or broken NVIDIA driver", "the CUDA toolkit"),
        never_suggest=("install the NVIDIA driver", "reinstall CUDA", "update the driver"),
        sources=("https://github.com/zai-org/ChatGLM2-6B/issues/426", "https://github.com/etched-ai/open-oasis/issues/10",
                 PYTORCH_LOCAL),
        checked="2026-11-27",
        examples=("cuda/chatglm2-426-amd-6600xt-torch-not-compiled-cuda.txt",
                  "cuda/openoasis-10-rx-6600-torch-cuda-assert.txt"),
    ),
)
