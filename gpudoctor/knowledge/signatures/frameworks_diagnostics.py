"""What the frameworks' own CUDA checks print when the driver or libraries they load do not fit the GPU, the kernel
module or each other.

TensorFlow's and XLA's (JAX's) stream_executor/cuda/cuda_diagnostics.cc compare the libcuda.so they loaded with the
kernel module's /proc/driver/nvidia/version after cuInit fails; PyTorch 0.3-1.x compared its build's CUDA with the one
each GPU needs; unsloth checks at import that bitsandbytes and Triton reach CUDA. frameworks_imports.py adds these rows
to its IMPORTS_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DIAGNOSTICS_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.libcuda-other-than-kernel-module",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # cuda_diagnostics.cc (TensorFlow 0.x to 2.x, XLA in jaxlib): "kernel version 384.90.0 does not match DSO
        # version 384.111.0 -- cannot find working devices in this configuration", after cuInit's failure above it.
        patterns=(r"kernel version (?P<kernel>\d{2,4}\.\d{1,3}(?:\.\d{1,3})?) does not match DSO version "
                  r"(?P<dso>\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)",),
        severity="fail",
        cause=("The CUDA driver library this program loaded (libcuda {dso}) is of another driver than the NVIDIA "
               "kernel module running ({kernel}), so cuInit fails and no GPU is usable: the driver packages were "
               "updated without a reboot, or an older or newer libcuda.so.1 (a second driver install, a CUDA "
               "forward-compatibility package, a container's or conda environment's own copy) is found first."),
        advice=("Compare `cat /proc/driver/nvidia/version` with `nvidia-smi`: if nvidia-smi also fails or names "
                "{dso}, the driver was updated without a reboot, so reboot (or unload and reload the nvidia kernel "
                "modules); if nvidia-smi works at {kernel}, find the stray libcuda with `ldconfig -p | grep libcuda` "
                "and `echo $LD_LIBRARY_PATH` and remove it from the library path (a CUDA compat folder, an old "
                "driver's files, a copy inside the container or environment), so the one matching the kernel module "
                "loads."),
        action="configure",
        rules_out=("a missing CUDA toolkit", "a GPU hardware fault"),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit"),
        sources=("https://github.com/tensorflow/tensorflow/issues/1158",
                 "https://github.com/tensorflow/tensorflow/issues/4768",
                 "https://github.com/tensorflow/tensorflow/issues/22525",
                 "https://github.com/jax-ml/jax/issues/25822"),
        checked="2026-11-26",
        examples=("frameworks/tf-1158-kernel-module-older-than-libcuda.txt", "frameworks/tf-4768-kernel-352-dso-361.txt"),
        # cuInit's CUDA_ERROR_NO_DEVICE / UNKNOWN / INVALID_VALUE a few lines above is this mismatch's symptom
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error", "cuda.driver-insufficient", "cuda.ctranslate2-driver-too-old"),
        refines_within=10,
    ),
    Signature(
        code="frameworks.torch-cuda-older-than-gpu-needs",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # torch/cuda/__init__.py's _check_capability (PyTorch 0.3-1.x): "Found GPU0 GeForce RTX 2080 Ti which requires
        # CUDA_VERSION >= 9000 for optimal performance and fast startup time, but your PyTorch was compiled with
        # CUDA_VERSION 8000": a Volta or Turing GPU (9000) or an Ampere one (11000) under a build of an older CUDA.
        patterns=(r"Found GPU(?P<index>\d{1,2}) (?P<gpu>[\w .()-]{1,60}) which requires CUDA_VERSION >= "
                  r"(?P<required>\d{4,5})",),
        severity="warn",  # torch still runs, JIT-compiling every kernel from PTX (minutes at start) or failing later
        cause=("This PyTorch was built with a CUDA older than GPU{index} ({gpu}) needs (CUDA_VERSION {required} or "
               "later), so it has no kernels made for this GPU: start-up is slow while they are JIT-compiled, and "
               "some operations fail; the CUDA installed on the system (nvcc) is not the one torch uses."),
        advice=("Install a PyTorch built for a newer CUDA that supports this GPU: check `python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda)\"` in the environment, then e.g. `pip install torch "
                "torchvision --index-url https://download.pytorch.org/whl/cu118` (or a conda build with "
                "pytorch-cuda=11.8), the command pytorch.org/get-started/locally gives for your system."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Tencent/FaceDetection-DSFD/issues/36", "https://github.com/pytorch/pytorch/pull/3601",
                 "https://github.com/pytorch/pytorch/issues/3598"),
        checked="2026-11-26",
        examples=("frameworks/dsfd-36-torch-cuda8-on-rtx2080ti.txt",),
    ),
    Signature(
        code="frameworks.unsloth-cuda-not-linked",
        cause_id="bitsandbytes-no-cuda",
        kinds=("any",),
        # unsloth/_gpu_init.py (unsloth/__init__.py before 2025): its import checks that bitsandbytes loaded its CUDA
        # library (lib.cdequantize_blockwise_fp32) and that Triton finds libcuda.so (libcuda_dirs); an ImportError in
        # early releases, a warning since.
        patterns=(r"CUDA is not linked properly\.",),
        severity="fail",
        cause=("unsloth's import check failed: bitsandbytes did not load its CUDA library (it fell back to the CPU one, "
               "or cannot find the CUDA runtime), or Triton cannot find the driver's libcuda.so, so 4-bit training "
               "has no GPU kernels."),
        advice=("Run `python -m bitsandbytes`: if it reports no CUDA library or a missing libcudart, upgrade it in "
                "this environment (`pip install -U bitsandbytes`, 0.43+ uses PyTorch's CUDA runtime) or, in conda, "
                "rebuild the environment with unsloth's conda instructions (pytorch-cuda from the pytorch and nvidia "
                "channels, then bitsandbytes and unsloth); if bitsandbytes is fine, Triton misses libcuda.so: "
                "`ldconfig -p | grep libcuda`, then `sudo ldconfig /usr/lib64-nvidia` on Colab or Kaggle, or the "
                "libcuda.so symlink beside libcuda.so.1."),
        action="configure",
        rules_out=("a driver fault, when nvidia-smi and torch.cuda.is_available() work",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/hiyouga/LlamaFactory/issues/2025", "https://github.com/unslothai/unsloth/issues/221",
                 "https://github.com/unslothai/unsloth/blob/main/unsloth/_gpu_init.py"),
        checked="2026-11-26",
        examples=("frameworks/llamafactory-2025-unsloth-cuda-not-linked.txt",
                  "frameworks/unsloth-221-cuda-not-linked-conda.txt"),
    ),
)
