"""Issue 25, rows for families blind sets missed: PyTorch on an NVIDIA Jetson without CUDA.

A Jetson's GPU is integrated (Tegra) and runs the CUDA of its JetPack release; PyPI's aarch64 torch wheels are CPU-only
or built for server ARM GPUs (SBSA), and third-party aarch64 wheels are mostly CPU builds, so `pip install torch` there
leaves torch.cuda.is_available() False or "Torch not compiled with CUDA enabled". The threads settle on a PyTorch
built for Jetson and that JetPack release: NVIDIA's PyTorch for Jetson wheels (for JetPack's own Python), the
jetson-ai-lab pip index for JetPack 6, a jetson-containers l4t-pytorch image, or a wheel built from source on the
board for another Python. The row reads the person's words in the "jetson" context (gpudoctor/knowledge/contexts.py),
where PyTorch's cuXXX index (the generic torch-cpu-build advice) does not fit. (A row reading "Torch not compiled with
CUDA enabled" there waits for a thread that settles it: jetson-inference#1848's, a pip torch 2.2.0 in ~/.local on an
Orin Nano, is still open.)
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

JETSON_PYTORCH = "https://docs.nvidia.com/deeplearning/frameworks/install-pytorch-jetson-platform/index.html"
_ADVICE = ("On a Jetson, torch must be a build for Jetson and its JetPack release: `pip uninstall -y torch torchvision "
           "torchaudio`, check the release (`cat /etc/nv_tegra_release`: L4T R35 is JetPack 5, R36 JetPack 6), then "
           "install NVIDIA's PyTorch for Jetson wheel for that JetPack (it is built for JetPack's own Python: 3.8 on "
           "JetPack 5, 3.10 on JetPack 6; for JetPack 6 also the jetson-ai-lab pip index), or use a jetson-containers "
           "l4t-pytorch image, or build torch from source on the board for another Python. PyPI's and PyTorch's "
           "aarch64 wheels are CPU-only or built for server ARM GPUs, and pytorch.org's cuXXX index has no Jetson build.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.jetson-torch-cuda-unavailable-described",
        described=True,
        cause_id="torch-cpu-build",
        kinds=("any",),
        contexts=("jetson",),
        # "torch.cuda.is_available() returned False", "cuda.is_available() returns false", "it returned false", said
        # on a Jetson (the person's words; the generic row keeps its stricter forms).
        patterns=(
            r"cuda\.is_available(?:\(\))?[\"'`]?[^\n]{0,40}?\b(?:False|false|FALSE)\b",
            r"\b(?:CPU[- ]only|cpu[- ]only|CPU version|cpu version)\b[^\n]{0,40}?\b(?:[Tt]orch|PyTorch|pytorch)\b",
        ),
        severity="warn",
        cause=("The description suggests a PyTorch without CUDA on a Jetson: a generic aarch64 torch (what `pip install "
               "torch` gets there) rather than one built for Jetson and its JetPack release."),
        advice=_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "download.pytorch.org/whl/cu"),
        sources=(JETSON_PYTORCH, "https://github.com/dusty-nv/jetson-inference/issues/1932",
                 "https://github.com/Lmy0217/PyTorch-aarch64/issues/3", "https://github.com/pinokiocomputer/pinokio/issues/1027"),
        checked="2026-11-27",
        examples=("frameworks/jetsoninference-1932-jetpack5-pip-torch-cuda-false.txt",
                  "frameworks/pytorchaarch64-3-jetson-nano-cpu-only-wheel.txt"),
    ),
)
