"""Packages that only work in matching pairs, and what they print when the pair is broken: NumPy and the torch
built against it, DeepSpeed's compiled ops and the CUDA toolkit they are built with; and CMake builds that need a
whole CUDA toolkit where only part of one is installed.

Each installed cleanly; together they fail at run time, with a message that names neither version. wheels_python.py
adds these rows to its PYTHON_SIGNATURES.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

PAIR_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.numpy-unavailable-to-torch",
        cause_id="package-version-conflict",
        kinds=("any",),
        # torch/csrc/utils/tensor_numpy.cpp: torch could not initialise NumPy's C API at import (its warning says why:
        # NumPy 2 under a torch built for NumPy 1 lacks _ARRAY_API; an older NumPy has a lower API version), and every
        # later conversion raises "Numpy is not available".
        patterns=(r"\bNumpy is not available\b",
                  r"Failed to initialize NumPy: (?:_ARRAY_API not found|module compiled against (?:ABI|API) version "
                  r"(?P<built>0x[0-9a-fA-F]{1,8}) but this version of numpy is (?P<have>0x[0-9a-fA-F]{1,8}))"),
        severity="fail",
        cause=("torch could not use the installed NumPy: it was built against another NumPy C API (NumPy 2 under a torch "
               "older than 2.3, or a NumPy older than the one torch was built with)."),
        advice=("Check the pair with `python -c \"import numpy, torch; print(numpy.__version__, torch.__version__)\"`; "
                "with torch older than 2.3 pin `pip install \"numpy<2\"` (or upgrade torch to 2.3 or newer); with an "
                "old NumPy, upgrade it (`pip install -U \"numpy<2\"` keeps a torch built for NumPy 1)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/securefederatedai/openfederatedlearning/issues/999",
                 "https://github.com/pytorch/pytorch/issues/132179", "https://github.com/NVIDIA-AI-IOT/nanosam/issues/7",
                 "https://numpy.org/devdocs/user/troubleshooting-importerror.html#c-api-incompatibility"),
        checked="2026-11-26",
        examples=("wheels/openfl-999-torch-222-numpy-2-not-available.txt", "wheels/nanosam-7-numpy-api-version-0x10-0xd.txt"),
    ),
    Signature(
        code="wheels.deepspeed-cpu-adam-not-built",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # deepspeed/ops/adam/cpu_adam.py: __del__ (and step) use ds_opt_adam, which __init__ sets only after the
        # cpu_adam extension loaded; its just-in-time build failed earlier (nvcc of another CUDA than torch's, no
        # CUDA_HOME, no Python headers), and this AttributeError is what is left on screen.
        # (no key starting with a quote: the matcher scans once per first character, and quotes are everywhere in logs)
        patterns=(r"DeepSpeedCPUAdam. object has no attribute .ds_opt_adam\b",),
        severity="fail",
        cause=("DeepSpeed's CPU Adam extension (cpu_adam) was never built or loaded, usually because its just-in-time "
               "build used a CUDA toolkit of another version than the one torch was built with."),
        advice=("Run `ds_report` (cpu_adam should read [OKAY]) and compare `nvcc --version` with `python -c \"import "
                "torch; print(torch.version.cuda)\"`: install the CUDA toolkit of torch's version, point CUDA_HOME at it, "
                "then rebuild the op ahead of time (`DS_BUILD_CPU_ADAM=1 pip install deepspeed --no-cache-dir "
                "--force-reinstall`); the build error printed above this line names what else is missing."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/SwiftSage/SwiftSage/issues/4", "https://github.com/deepspeedai/DeepSpeed/issues/1846",
                 "https://www.deepspeed.ai/tutorials/advanced-install/"),
        checked="2026-11-26",
        examples=("wheels/swiftsage-4-deepspeed-cpu-adam-ds-opt-adam.txt",),
    ),
    Signature(
        code="wheels.cmake-cuda-toolkit-not-found",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # CMake's FindCUDAToolkit (llama-cpp-python, llama.cpp, bitsandbytes and other CMake builds) names what it
        # did not find; llama.cpp's CMakeLists then warns "cuBLAS not found" and builds for the CPU only.
        patterns=(r"Could NOT find CUDAToolkit \(missing: [\w ]{1,120}\)",
                  r"Could not find nvcc, please set CUDAToolkit_ROOT",
                  r"^\s{0,8}cuBLAS not found$"),
        severity="fail",
        cause=("CMake found no complete CUDA toolkit for the build: only the driver, or a toolkit "
               "without its nvcc or runtime libraries, is installed where the build looks, so it failed or went on "
               "without CUDA."),
        advice=("Install the full CUDA toolkit (nvcc, cudart, cuBLAS: the cuda-toolkit package from NVIDIA's repository, "
                "the WSL-Ubuntu one under WSL), point the build at it (`export CUDAToolkit_ROOT=/usr/local/cuda "
                "CUDACXX=/usr/local/cuda/bin/nvcc`), then rebuild without the cache, e.g. `CMAKE_ARGS=\"-DGGML_CUDA=on\" "
                "pip install llama-cpp-python --no-cache-dir --force-reinstall`; or install a prebuilt CUDA wheel."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/880", "https://github.com/xorbitsai/inference/issues/1979",
                 "https://cmake.org/cmake/help/latest/module/FindCUDAToolkit.html"),
        checked="2026-11-26",
        examples=("wheels/llama-cpp-python-880-cmake-could-not-find-cudatoolkit-cudart.txt",),
    ),
    Signature(
        code="wheels.torch-extension-unknown-arch",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # torch/utils/cpp_extension.py, _get_cuda_arch_flags: each entry of TORCH_CUDA_ARCH_LIST (or the GPU's own
        # capability when the list is unset) must be one this torch release knows; an older torch does not know the
        # architectures released after it (8.6 before torch 1.8, 8.9 and 9.0 before 1.13/2.0, 10.0 and 12.0 before 2.7).
        patterns=(r"Unknown CUDA arch \((?P<arch>[\d.;+ PTX]{1,40})\) or GPU not supported",),
        severity="fail",
        cause=("The extension build asked torch's cpp_extension for CUDA architecture {arch}, which this torch release "
               "does not know: the GPU (or TORCH_CUDA_ARCH_LIST) is newer than the torch building the extension."),
        advice=("Set TORCH_CUDA_ARCH_LIST to architectures this torch knows (e.g. `export TORCH_CUDA_ARCH_LIST=\"8.0 "
                "8.6+PTX\"`, PTX running on the newer GPU) and rebuild, or upgrade torch (and the extension) to a "
                "release that knows your GPU's architecture."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/OpenBMB/BMTrain/issues/83", "https://github.com/NVIDIA/apex/issues/1527",
                 "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked="2026-11-26",
        examples=("wheels/bmtrain-83-unknown-cuda-arch-9-0-ptx-paste.txt",
                  "wheels/apex-1527-unknown-cuda-arch-9-0-torch-1121.txt"),
    ),
    Signature(
        code="wheels.no-prebuilt-extension-wheel",
        cause_id="no-wheel-for-python",
        kinds=("any",),
        # flash-attn's setup.py (copied by causal-conv1d, mamba-ssm and others) guesses the release wheel named for this
        # torch, CUDA major, C++ ABI, Python and platform; when that download fails it compiles every CUDA kernel here.
        patterns=(r"Precompiled wheel not found\. Building from source",),
        severity="warn",
        cause=("The package publishes no prebuilt wheel for this exact torch, CUDA, C++ ABI, Python and platform "
               "(none at all for Windows), so pip compiles its CUDA kernels from source: an hour-long build that needs "
               "a matching nvcc and plenty of RAM, and the usual start of the failures printed after it."),
        advice=("Install a prebuilt wheel instead: pick the release asset whose name matches `python -c \"import torch; "
                "print(torch.__version__, torch.version.cuda, torch.compiled_with_cxx11_abi())\"` and your Python (e.g. "
                "flash_attn-<ver>+cu12torch2.5cxx11abiFALSE-cp310-cp310-linux_x86_64.whl), or change torch to a version "
                "the package publishes wheels for; build from source only with nvcc of torch's CUDA and MAX_JOBS=4."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1017", "https://github.com/genmoai/mochi/issues/22",
                 "https://github.com/Dao-AILab/flash-attention/issues/224",
                 "https://github.com/Dao-AILab/flash-attention/releases"),
        checked="2026-11-26",
        examples=("wheels/flash-attention-1017-windows-no-prebuilt-wheel-cp311.txt",
                  "wheels/mochi-22-flash-attn-no-wheel-torch25-cu123-paste.txt"),
    ),
    Signature(
        code="wheels.deepspeed-older-than-torch",
        cause_id="package-version-conflict",
        kinds=("any",),
        # deepspeed/elasticity/elastic_agent.py before DeepSpeed PR 5346 (April 2024) imports `log`, which torch 2.4 renamed
        # to `logger`; transformers, trl and accelerate import deepspeed, so the error surfaces in their tracebacks.
        patterns=(r"cannot import name .(?P<name>log). from .torch\.distributed\.elastic\.agent\.server\.api\b",),
        severity="fail",
        cause=("The installed DeepSpeed is older than the installed torch: it imports {name} from torch's elastic agent "
               "API, which torch 2.4 renamed, so importing deepspeed (and anything that imports it) fails."),
        advice=("Upgrade DeepSpeed to a release made for this torch (`pip install -U deepspeed`, 0.14.4 or newer), or "
                "uninstall it if nothing uses it; keep torch as it is."),
        action="configure",
        rules_out=("a driver or GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/5337", "https://github.com/deepspeedai/DeepSpeed/pull/5346",
                 "https://github.com/tin2tin/Pallaidium/issues/117"),
        checked="2026-11-26",
        examples=("wheels/deepspeed-5337-cannot-import-log-elastic-agent.txt",
                  "wheels/pallaidium-117-bark-deepspeed-log-import.txt"),
    ),
    Signature(
        code="wheels.tensorflow-gpu-past-2-10-on-windows",
        cause_id="tensorflow-windows-native",
        kinds=("any",),
        # PyPI's tensorflow-gpu has Windows wheels up to 2.10.1, the last TensorFlow with GPU support on native
        # Windows; pip on Windows therefore lists versions ending at 2.10.1 when asked for a later one.
        patterns=(r"requirement tensorflow-gpu==(?P<wanted>2\.(?:1[1-9]|[2-9]\d)[\w.]{0,10}) \(from versions: "
                  r"[\w., ]{0,800}\b2\.10\.1\)",),
        severity="fail",
        cause=("TensorFlow {wanted} has no GPU build for native Windows: GPU support there ended with TensorFlow "
               "2.10, so pip offers tensorflow-gpu only up to 2.10.1, and a newer TensorFlow runs on the CPU."),
        advice=("For the GPU, run TensorFlow inside WSL2 (`pip install tensorflow[and-cuda]` in the Linux distribution), "
                "or stay natively on TensorFlow 2.10 (`pip install \"tensorflow<2.11\"` on Python 3.10 or older, with "
                "CUDA 11.2 and cuDNN 8.1)."),
        action="configure",
        rules_out=("a driver fault", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/nicknochnack/TFODCourse/issues/118",
                 "https://www.tensorflow.org/install/pip#windows-native"),
        checked="2026-11-26",
        refines=("wheels.pinned-version-not-for-this-python",),  # the same line: the version exists, not for native Windows GPU
        examples=("wheels/tfodcourse-118-tensorflow-gpu-211-windows-versions-end-2101.txt",),
    ),
)
