"""Issue 25, rows for the families the blind sets 14 to 24 missed (w25d): a driver older than the CUDA a program or
image asks for, and CUDA asked of a machine whose GPU is not NVIDIA's (rows of the cuda area, joined into the catalogue
by signatures/__init__.py).

Error 804 ("forward compatibility was attempted on non supported HW") is what an image's CUDA newer than the host
driver gives on a GeForce or workstation card: NGC-based images carry cuda-compat, which only data-center GPUs may use,
so CUDA tries it and refuses. The threads settle on the host driver (cuda.py's cuda.forward-compat-unsupported reads the
same line for the compat library itself): update it to a branch for the image's CUDA, or run an image of the CUDA the
driver supports.

A paste that names an AMD Radeon card (or says "AMD GPU", "AMD显卡") beside PyTorch's "Torch not compiled with CUDA
enabled", "Found no NVIDIA driver" or CUDA's "driver version is insufficient" is an app set to CUDA on a machine CUDA
cannot use: no NVIDIA driver fixes it; the app's CPU mode or the AMD build (ROCm on Linux, DirectML or ZLUDA on
Windows) does.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

COMPATIBILITY = "https://docs.nvidia.com/deploy/cuda-compatibility/"
PYTORCH_LOCAL = "https://pytorch.org/get-started/locally/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.error-804-host-driver-older-than-image",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            r"(?:[Ee]rror 804: )?forward compatibility was attempted on non supported HW",
            r"cudaErrorCompatNotSupportedOnDevice|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
        ),
        severity="fail",
        cause=("CUDA error 804: the program's CUDA (most often a container image's) is newer than the host's NVIDIA "
               "driver supports, and on this GPU CUDA's forward-compatibility package cannot bridge the gap (it "
               "serves data-center GPUs only)."),
        advice=("Compare the host's `nvidia-smi` \"CUDA Version\" (top right: the newest CUDA the driver supports) "
                "with the image's or the program's CUDA, then update the host's NVIDIA driver to a branch for that "
                "CUDA (R550 or newer for CUDA 12.4, R570 for 12.8; Windows and WSL: the Windows driver from "
                "nvidia.com), or run an older image tag or build made for the CUDA your driver supports. Reboot after "
                "a driver update (an update without reboot gives the same error)."),
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("reinstall the CUDA toolkit", "add --ipc=host"),
        sources=("https://github.com/oobabooga/textgen/issues/4407",
                 "https://github.com/Haidra-Org/horde-worker-reGen/issues/349", COMPATIBILITY),
        checked="2026-11-27",
        examples=("cuda/oobabooga-4407-docker-image-error-804.txt", "cuda/horde-349-regen-image-error-804-host-cuda.txt"),
    ),
    Signature(
        code="cuda.cuda-app-on-amd-gpu",
        # The CUDA symptoms this line explains, wherever they are in the paste: PyTorch without CUDA, no NVIDIA
        # driver, no CUDA device, CUDA's error 35.
        refines=("frameworks.torch-cpu-build", "kernel.driver-not-loaded", "cuda.no-device", "cuda.driver-insufficient"),
        refines_within=None,
        cause_id="cuda-requested-without-nvidia-gpu",
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
