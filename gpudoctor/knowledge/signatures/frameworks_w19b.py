"""Issue 25, rows for families blind sets missed: a framework that cannot use the cuDNN it finds, or finds none.

ONNX Runtime's CUDA provider links the cuDNN major of its release: onnxruntime-gpu 1.19 and later (CUDA 12 builds) need
cuDNN 9, 1.18 and earlier cuDNN 8. When the provider library cannot be loaded for a missing libcudnn*.so.N, ONNX Runtime
falls back to the CPU; the threads settle on installing that cuDNN (the pip package nvidia-cudnn-cu12 and its lib folder
on LD_LIBRARY_PATH, or loaded by importing torch first, or `onnxruntime.preload_dlls()`), or on the onnxruntime-gpu
release built for the cuDNN installed.

TensorFlow 1.x printed the cuDNN it loaded and the one it was compiled with as four-digit numbers ("Loaded runtime CuDNN
library: 7103 (compatibility version 7100) but source was compiled with 7005 (compatibility version 7000)") and wanted
the same major and minor; the threads settle on the tensorflow-gpu release built for the cuDNN installed, or on the
cuDNN the build names inside the environment it runs from (a conda environment brings its own cudnn package, which wins
over the system's).

PaddlePaddle's legacy dynamic loader (Paddle 0.x and 1.x, DynamicLoader.cpp) said "Failed to find dynamic library:
libcudnn.so (...)" with its own hint to set LD_LIBRARY_PATH; later releases are frameworks.paddle-cuda-library-not-configured.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

ORT_CUDA_REQUIREMENTS = "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements"
TF_SOURCE_TABLE = "https://www.tensorflow.org/install/source#gpu"
TF_PIP = "https://www.tensorflow.org/install/pip"
CUDNN_MATRIX = "https://docs.nvidia.com/deeplearning/cudnn/latest/reference/support-matrix.html"

SIGNATURES: tuple[Signature, ...] = (
    # Moved here from frameworks.py (which had reached its 600 lines) when its advice grew.
    Signature(
        code="frameworks.cudnn-older-than-built-for",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        patterns=(
            r"(?<=Loaded runtime )CuDNN library[:;] (?P<loaded>\d[\d.]{0,10}) but source was compiled with: "
            r"(?P<compiled>\d[\d.]{0,10}\d)",
        ),
        severity="fail",
        cause="The cuDNN loaded at run time ({loaded}) is older than the {compiled} this TensorFlow or JAX was built with.",
        advice=("Make the cuDNN loaded at run time match the build: upgrade cuDNN to at least the version it was "
                "compiled with ({compiled}, same major), or use a jaxlib/TensorFlow build for your cuDNN. With pip: the "
                "matching nvidia-cudnn package (`pip install -U nvidia-cudnn-cu12` for cuDNN 9; TensorFlow 2.12-2.13 on "
                "CUDA 11: `pip install nvidia-cudnn-cu11==8.6.0.163`; `pip install \"tensorflow[and-cuda]\"` or "
                "`\"jax[cuda12]\"` bring their own), with its lib folder first on LD_LIBRARY_PATH (`export "
                "LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__))')"
                "/lib:$LD_LIBRARY_PATH`), and remove older cuDNN copies from LD_LIBRARY_PATH. Where another package "
                "in the environment pins the older cuDNN (a PyTorch wheel's nvidia-cudnn-cu12 pin, a Colab or Kaggle "
                "image's preinstalled stack), give TensorFlow or JAX its own environment; restart the notebook kernel "
                "after installing."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/google-research/deeplab2/issues/66", "https://github.com/jax-ml/jax/issues/15268",
                 "https://github.com/tensorflow/text/issues/554", CUDNN_MATRIX, TF_PIP),
        checked="2026-11-27",
        examples=("frameworks/deeplab2-66-cudnn-801-vs-810.txt", "frameworks/jax-15268-cudnn-850-vs-860.txt",
                  "frameworks/tftext-554-cudnn-805-vs-810-pip-cudnn.txt"),
    ),
    Signature(
        code="frameworks.onnxruntime-cudnn-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # provider_bridge_ort.cc when dlopen of libonnxruntime_providers_cuda.so fails on the cuDNN it links.
        patterns=(r"Failed to load library libonnxruntime_providers_cuda\.so with error: (?P<library>libcudnn(?:_\w{1,30})?"
                  r"\.so\.(?P<major>\d{1,2}))\b",),
        refines=("cuda.shared-library-not-loadable",
                 "cuda.runtime-library-missing", "cuda.cudnn-so-not-found", "frameworks.onnxruntime-cuda-provider-failed"),
        severity="fail",
        cause="onnxruntime-gpu's CUDA provider links cuDNN {major} and the loader finds no {library}, so ONNX Runtime "
              "runs on the CPU: cuDNN {major} is not installed, or not in a folder the loader searches.",
        advice=("Give this onnxruntime-gpu the cuDNN its release needs (1.19 and later, CUDA 12 builds: cuDNN 9; 1.18 and "
                "earlier: cuDNN 8; `pip show onnxruntime-gpu`): `pip install nvidia-cudnn-cu12` (cuDNN 9; `pip install "
                "\"nvidia-cudnn-cu12==8.9.*\"` or nvidia-cudnn-cu11 for cuDNN 8) and make it loadable: import a CUDA "
                "build of torch before onnxruntime, call `onnxruntime.preload_dlls()` (1.21 and later; `directory=\"\"` "
                "loads from the nvidia pip packages rather than torch's), or put the package's lib folder on "
                "LD_LIBRARY_PATH (`export LD_LIBRARY_PATH=$(python -c 'import os, nvidia.cudnn; "
                "print(os.path.dirname(nvidia.cudnn.__file__))')/lib:$LD_LIBRARY_PATH`); a system cuDNN works too (`sudo "
                "apt install libcudnn9-cuda-12`). Or install the onnxruntime-gpu release built for the CUDA and cuDNN you "
                "have (PyPI's 1.18.1 and earlier are CUDA 11.8 builds with cuDNN 8: `pip install onnxruntime-gpu==1.18.1`). "
                "Check that the session's providers list CUDAExecutionProvider."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver"),
        versions=("onnxruntime-gpu>=1.19 (cuDNN 9)", "onnxruntime-gpu<=1.18 (cuDNN 8)"),
        sources=("https://github.com/Holasyb918/HeyGem-Linux-Python-Hack/issues/5", "https://github.com/microsoft/onnxruntime/issues/19616",
                 "https://github.com/microsoft/foundry-dev-tools/issues/75", "https://github.com/memoavatar/memo/issues/13",
                 ORT_CUDA_REQUIREMENTS),
        checked="2026-11-27",
        examples=("frameworks/heygem-5-ort-libcudnn-so9-missing.txt",
                  "frameworks/onnxruntime-19616-ort-117-libcudnn-so8-cuda122.txt",
                  "frameworks/foundrydevtools-75-ort-libcudnn-so8.txt"),
    ),
    Signature(
        code="frameworks.tf-cudnn-version-mismatch-legacy",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # TensorFlow 1.x's cuda_dnn.cc (before it printed dotted versions: frameworks.cudnn-older-than-built-for).
        patterns=(r"Loaded runtime CuDNN library: (?P<loaded>\d{4,5}) \(compatibility version \d{4,5}\) but source was "
                  r"compiled with:? (?P<compiled>\d{4,5}) \(compatibility version",),
        severity="fail",
        cause="This TensorFlow was built against cuDNN {compiled} and loaded cuDNN {loaded}, another major or minor "
              "version than its build accepts.",
        advice=("Make the two agree: install the tensorflow-gpu release built for the cuDNN you have (TensorFlow's tested "
                "build table names each release's cuDNN; e.g. tensorflow-gpu 1.3 for cuDNN 6), or install the cuDNN "
                "version of the build in the environment TensorFlow runs from: in conda, `conda install cudnn=<that "
                "version>` (the environment's own cudnn package is the one loaded, whatever the system has), else that "
                "cuDNN's folder first on LD_LIBRARY_PATH with other copies removed from it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/nicolov/segmentation_keras/issues/32", "https://github.com/qianguih/voxelnet/issues/50",
                 "https://github.com/balancap/SSD-Tensorflow/issues/340", TF_SOURCE_TABLE),
        checked="2026-11-27",
        examples=("frameworks/segmentationkeras-32-cudnn-6021-vs-5105-a.txt",
                  "frameworks/voxelnet-50-conda-cudnn-7103-vs-7005.txt"),
    ),
    Signature(
        code="frameworks.paddle-legacy-library-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Paddle 0.x/1.x DynamicLoader.cpp: "Check failed: nullptr != *dso_handle Failed to find dynamic library:
        # libcudnn.so (libcudnn.so: cannot open shared object file ...)"; pastes wrap its long line anywhere.
        patterns=(r"dso_handle Failed to find dynamic library: ",
                  r"Failed to find dynamic library: (?P<library>lib(?:cudnn|cublas|cudart|curand|nccl|cupti)\w{0,10}\.so[\d.]{0,10})"),
        severity="fail",
        cause="PaddlePaddle's dynamic loader could not find a CUDA library it needs (cuDNN, cuBLAS, NCCL...): it is not "
              "installed, or not in a folder the loader searches.",
        advice=("Add the folder that holds the library to LD_LIBRARY_PATH (`find / -name 'libcudnn.so*'`; e.g. `export "
                "LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH`); Paddle loads the unversioned name (libcudnn.so), "
                "so where only libcudnn.so.N exists create the link or install the -dev package. If it is not installed, "
                "install the CUDA and cuDNN versions this paddlepaddle-gpu was built for, or use Paddle's Docker image."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/PaddlePaddle/Paddle/issues/11068", "https://www.paddlepaddle.org.cn/en/install/quick"),
        checked="2026-11-27",
        examples=("frameworks/paddle-11068-failed-to-find-libcudnn-so.txt",),
    ),
)
