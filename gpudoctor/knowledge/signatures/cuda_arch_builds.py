"""CUDA, which PyTorch build a GPU's compute capability needs: torch's own capability warnings read by range, so the
advice names the build that has kernels for it (rows of the cuda area, joined into cuda.py's tuple by cuda_hosts.py).

PyTorch 2.8's CUDA 12.8 and 12.9 wheels dropped Maxwell and Pascal (sm_50-sm_61), 2.10's CUDA 12.8 wheels dropped
Volta (sm_70) too, and the CUDA 13.0 wheels start at Turing (sm_75); the CUDA 12.6 wheels still hold sm_50-sm_90. The
other way round, an old build (CUDA 10.x, sm_37-sm_70) lacks Ampere and newer: sm_80 needs CUDA 11.0+, sm_86 11.1+,
sm_89 and sm_90 11.8+ (Blackwell's sm_100/sm_120, CUDA 12.8+, is cuda.torch-capability-not-compatible's own case).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PYTORCH_RELEASE_MATRIX = "https://github.com/pytorch/pytorch/blob/main/RELEASE.md#release-compatibility-matrix"
PYTORCH_28_NOTES = "https://github.com/pytorch/pytorch/releases/tag/v2.8.0"
CU126 = "`pip install torch --index-url https://download.pytorch.org/whl/cu126`"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.torch-build-dropped-old-gpu",
        # torch/cuda/__init__.py's capability check: the generic row and "no kernel image" are this gap's symptom
        refines=("cuda.torch-capability-not-compatible", "cuda.no-kernel-image", "cuda.torch-gpu-too-old"),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(r"with CUDA capability sm_(?P<capability>5\d|6\d|70) is not compatible with the current PyTorch "
                  r"installation",
                  # torch 2.8+'s own note for these GPUs under a CUDA 12.8+ build
                  r"Support for Maxwell and Pascal architectures is removed for CUDA 12\.8\+ builds"),
        # (old_gpu_warn's "Found GPU0 ... which is of cuda capability 6.1" is cuda.torch-capability-below-build's line)
        severity="fail",
        cause=("This PyTorch is a CUDA 12.8+ build (cu128, cu129 from 2.8, cu130), which has no kernels for Maxwell, "
               "Pascal or Volta GPUs (GTX 9xx/10xx, Titan V, V100): 2.8+ cu128 dropped sm_50-sm_61, 2.10+ cu128 "
               "sm_70, and cu130 starts at sm_75."),
        advice=("Install PyTorch's CUDA 12.6 build, which still has kernels for this GPU: `pip uninstall -y torch "
                "torchvision torchaudio` then " + CU126 + " (add torchvision and torchaudio to the same command; "
                "`torch.cuda.get_arch_list()` should then list sm_50 to sm_90): the kernels come with the build."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("update the NVIDIA driver", "reinstall the driver", "install the cu128 build",
                       "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/pytorch/pytorch/issues/157517", "https://github.com/pytorch/pytorch/pull/158700",
                 "https://github.com/Aaronontheweb/witticism/pull/10", PYTORCH_28_NOTES, PYTORCH_RELEASE_MATRIX),
        checked="2026-11-26",
        examples=("cuda/witticism-10-gtx1080-cu128-wheel-sm61.txt",),
    ),
    Signature(
        code="cuda.torch-build-too-old-for-ampere",
        refines=("cuda.torch-capability-not-compatible", "cuda.no-kernel-image"),
        refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # sm_80-sm_90 (A100, RTX 30/40, H100) against a build whose list stops before them: a CUDA 10.x/11.0 wheel
        patterns=(r"with CUDA capability sm_(?P<capability>8\d|90) is not compatible with the current PyTorch "
                  r"installation",),
        severity="fail",
        cause=("This PyTorch build is older than the GPU (sm_{capability}): a CUDA 10.x or 11.0 wheel has no kernels for "
               "Ampere, Ada or Hopper (sm_80 needs CUDA 11.0+, sm_86 11.1+, sm_89 and sm_90 11.8+)."),
        advice=("Install a PyTorch build for a newer CUDA that has sm_{capability}: a current release, " + CU126 + " "
                "(or cu118/cu128; with an old pinned torch, its +cu111 or later wheel, e.g. `pip install "
                "torch==1.10.1+cu111 -f https://download.pytorch.org/whl/torch_stable.html`), and torchvision from the "
                "same index; `torch.cuda.get_arch_list()` should then list sm_{capability} or sm_80."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("update the NVIDIA driver", "reinstall the driver", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/meituan/YOLOv6/issues/350", "https://github.com/lucasxlu/ComboLoss/issues/3",
                 "https://github.com/pytorch/pytorch/issues/45028", PYTORCH_RELEASE_MATRIX),
        checked="2026-11-26",
        examples=("cuda/yolov6-350-rtx3080-laptop-sm86-cu102.txt", "frameworks/reinvent-40-sm86-torch-reinstalled.txt"),
    ),
)
