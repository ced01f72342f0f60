"""Issue 25, rows for families blind sets missed: a CUDA library of a given major version that the dynamic loader cannot
find, read for what its name says.

A cuDNN library (libcudnn.so.8, libcudnn_ops.so.9, libcudnn_cnn_infer.so.8) names the cuDNN major the program was built
for: cuDNN 9 for onnxruntime-gpu 1.19+, CTranslate2 4.5+, PyTorch 2.4+ and TensorFlow 2.17+, cuDNN 8 before. The fix
the threads settle on is that cuDNN, most simply as NVIDIA's pip package (nvidia-cudnn-cu12 or nvidia-cudnn-cu11, by
the CUDA major), whose lib folder the loader does not search until LD_LIBRARY_PATH (or an `import torch`, which loads its
own) names it; or the program's build for the cuDNN installed.

A compiled Python extension that fails to import because libcudart.so.N (or cuBLAS, cuFFT... of major N) is missing
was built against CUDA N: a CUDA 13 image or toolkit holds only .so.13, an upgraded machine no longer holds the old
runtime. The threads settle on the extension's build for the running CUDA (its wheel variant, or a rebuild from source)
rather than on installing a second CUDA beside it.

Both refine cuda.runtime-library-missing, which reads the same loader line for every CUDA library.

Two rows read libraries that loaded but do not fit: cudnnCreate's CUDNN_STATUS_NOT_INITIALIZED in the words of ONNX
Runtime, CNTK and CTranslate2 (a cuDNN built for another CUDA than the program and the driver use), and CTranslate2's
"driver version is insufficient" (4.x is built with CUDA 12, 4.6.3 and later with 12.8; on a CUDA 11 driver the
threads settle on ctranslate2==3.24.0, or a newer driver).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CUDNN_INSTALL = "https://docs.nvidia.com/deeplearning/cudnn/installation/latest/linux.html"
CUDNN_MATRIX = "https://docs.nvidia.com/deeplearning/cudnn/latest/reference/support-matrix.html"

# A CUDA runtime or math library of major N that the loader could not open (cuDNN and TensorRT are read elsewhere).
_LIBRARY = (r"(?P<library>lib(?:cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|nvToolsExt)\.so\."
            r"(?P<major>\d{1,2})[.\d]{0,8}): cannot open shared object file")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.cudnn-so-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The loader's words for a cuDNN library of a major version that is nowhere on its path. TensorFlow's "dlerror:"
        # warnings are frameworks.tf-cuda-libraries-missing's, CTranslate2's "Could not load library X. Error: X: ..."
        # is frameworks.cudnn-library-missing's, PyTorch's harmless "Attempt to open cnn_infer failed: handle=0 error: ..."
        # cuda.torch-cudnn8-sublibrary-open-notice's.
        patterns=(r"(?<!dlerror: )(?<!\. Error: )(?<!handle=0 error: )(?P<library>libcudnn(?:_\w{1,30})?\.so\."
                  r"(?P<major>\d{1,2})[.\d]{0,8}): cannot open shared object file",),
        refines=("cuda.shared-library-not-loadable", "cuda.runtime-library-missing",),
        severity="fail",
        cause="The program was built for cuDNN {major} and the loader finds no {library}: cuDNN {major} is not "
              "installed, or not in a folder the loader searches.",
        advice=("Install cuDNN {major} for your CUDA major and make it visible to the loader. With pip: `pip install "
                "nvidia-cudnn-cu12` (cuDNN 9; for cuDNN 8 `pip install \"nvidia-cudnn-cu12==8.9.*\"`, or nvidia-cudnn-cu11 "
                "on CUDA 11; cuDNN 7 and older only from NVIDIA's archive or conda), then put that package's lib folder on "
                "LD_LIBRARY_PATH: `export LD_LIBRARY_PATH=$(python -c "
                "'import os, nvidia.cudnn; print(os.path.dirname(nvidia.cudnn.__file__))')/lib:$LD_LIBRARY_PATH` (or import "
                "a CUDA build of torch first, which loads its own). System-wide: `sudo apt install libcudnn9-cuda-12` "
                "(cuDNN 9) or libcudnn8 (cuDNN 8); conda: `conda install -c conda-forge cudnn`. If the file is already "
                "there (`find / -name 'libcudnn*.so*'`, `ldconfig -p | grep libcudnn`), add its folder to LD_LIBRARY_PATH "
                "or ldconfig. Otherwise install the program's build for the cuDNN you have: onnxruntime-gpu 1.19+, "
                "ctranslate2 4.5+ and TensorFlow 2.17+ need cuDNN 9, earlier releases cuDNN 8."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver", "reboot"),
        versions=("cuDNN 9: onnxruntime-gpu>=1.19, ctranslate2>=4.5, tensorflow>=2.17", "cuDNN 8 before them"),
        sources=("https://github.com/shouxieai/tensorRT_Pro/issues/171", CUDNN_INSTALL, CUDNN_MATRIX),
        checked="2026-11-27",
        examples=("cuda/tensorrtpro-171-import-libcudnn-so8-ld-library-path.txt",),
    ),
    Signature(
        code="cuda.extension-built-for-other-cuda",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Python's import of a compiled extension (or ctypes' load of a library) that links the CUDA runtime or a CUDA
        # math library of major N, where none of that major is on the loader's path (xinference puts "[address=...,
        # pid=...]" before it). cuDNN's own names are cuda.cudnn-so-not-found's, TensorRT's the generic row's.
        patterns=(r"(?:ImportError|OSError): " + _LIBRARY, r"(?:ImportError|OSError): \[[^\]\n]{1,80}\] " + _LIBRARY),
        refines=("cuda.shared-library-not-loadable", "cuda.runtime-library-missing",),
        severity="fail",
        cause="A compiled module this program imports was built against CUDA {major} and needs {library}, which this "
              "environment does not have: it runs another CUDA (a CUDA 13 image holds only .so.13, an upgraded machine "
              "no longer holds the old runtime) or none in the loader's path.",
        advice=("Install the module's build for the CUDA this environment runs, or rebuild it against that CUDA: the "
                "wheel variant for your CUDA (the cu12x/cu13x index or -cu11/-cu12/-cu13 package name the project "
                "documents, mmcv or the extension built for your torch and CUDA), or from source (`pip uninstall` it, then "
                "`pip install --no-binary :all: --no-build-isolation <package>`, or `python setup.py clean` and install "
                "again) so it links the installed CUDA; `ldd` on its .so shows what it links. To keep this build instead, "
                "install CUDA {major}'s runtime beside it (the CUDA {major} toolkit, or for CUDA 11 and later `pip install "
                "nvidia-cuda-runtime-cu{major}`) and add its lib folder to LD_LIBRARY_PATH."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver", "reboot"),
        sources=("https://github.com/kvcache-ai/Mooncake/issues/1298",
                 "https://github.com/ClementPinard/Pytorch-Correlation-extension/issues/73",
                 "https://github.com/sony/ai-research-code/issues/49", "https://github.com/PaddlePaddle/PaddleOCR/issues/9049"),
        checked="2026-11-27",
        examples=("cuda/paddleocr-9049-libcudart-11-import-error.txt",),
    ),
    Signature(
        code="cuda.cudnn-failure-not-initialized",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # cudnnCreate's CUDNN_STATUS_NOT_INITIALIZED (1; 1001 in cuDNN 9) in the words of ONNX Runtime ("CUDNN failure
        # 1001: CUDNN_STATUS_NOT_INITIALIZED ; GPU=0 ; ... expr=cudnnCreate(&cudnn_handle_);"), CNTK ("cuDNN failure 1:")
        # and CTranslate2 ("cuDNN failed with status ..."); PyTorch's and TensorFlow's words are read by their rows.
        patterns=(r"(?:CUDNN|cuDNN) failure \d{1,4}: CUDNN_STATUS_NOT_INITIALIZED",
                  r"cuDNN failed with status CUDNN_STATUS_NOT_INITIALIZED"),
        severity="fail",
        cause="cuDNN could not create its handle (CUDNN_STATUS_NOT_INITIALIZED): the cuDNN that loaded is built for "
              "another CUDA than the program and the driver use, or another major than the program's build, or the GPU "
              "had no memory left for it.",
        advice=("Line up the versions: the CUDA the driver supports (`nvidia-smi`, CUDA Version), the CUDA and cuDNN the "
                "program is built for (ONNX Runtime's CUDA requirements table; CTranslate2 3.x: CUDA 11 and cuDNN 8, 4.x: "
                "CUDA 12, with cuDNN 9 from 4.5) and the cuDNN installed (`dpkg -l | grep cudnn` shows its +cudaX.Y, "
                "`pip list | grep cudnn`). Install the cuDNN built for that CUDA (e.g. `sudo apt install "
                "libcudnn8=8.9.*-1+cuda11.8`, or `pip install nvidia-cudnn-cu11` / nvidia-cudnn-cu12) and remove other "
                "cuDNN copies from LD_LIBRARY_PATH (PATH on Windows); where nvidia-smi's CUDA Version is lower than the "
                "program's CUDA, install a newer NVIDIA driver. If every version fits, check the GPU's free memory."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the driver", "reseat the GPU"),
        sources=("https://github.com/SYSTRAN/faster-whisper/issues/362", "https://github.com/microsoft/onnxruntime/issues/17337",
                 "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html#requirements", CUDNN_MATRIX),
        checked="2026-11-27",
        examples=("cuda/fasterwhisper-362-cudnn-not-initialized-cudnn-cuda12-on-driver-470.txt",),
    ),
    Signature(
        code="cuda.ctranslate2-driver-too-old",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # CTranslate2's CUDA_CHECK (src/cuda/utils.h: "CUDA failed with error " + cudaGetErrorString) when the driver is
        # older than the CUDA runtime it was built with: CUDA 12 from ctranslate2 4.0 (faster-whisper 1.0), CUDA 12.8
        # from 4.6.3. The generic reading (cuda.driver-insufficient) gives way to this one on the same line.
        patterns=(r"CUDA failed with error CUDA driver version is insufficient for CUDA runtime version",),
        refines=("cuda.driver-insufficient",),
        severity="fail",
        cause="CTranslate2 (under faster-whisper, WhisperX and the like) is built with a newer CUDA than this NVIDIA "
              "driver supports: ctranslate2 4.x needs a driver for CUDA 12 (4.6.3 and later CUDA 12.8), 3.x CUDA 11.",
        advice=("Compare `nvidia-smi` (CUDA Version: the newest CUDA the driver supports) with `pip show ctranslate2`. "
                "Update the NVIDIA driver to one that supports the CUDA of that release (CUDA 12.x for ctranslate2 4.0 "
                "to 4.6.2, 12.8 or later, R570+, for 4.6.3 and later); in a container that means the host's driver. "
                "Where the driver must stay, install the CTranslate2 built for it: on a CUDA 11 driver (470, 510) "
                "`pip install --force-reinstall ctranslate2==3.24.0` (the last CUDA 11 release, with cuDNN 8; "
                "faster-whisper 0.10.x pins it), on a CUDA 12 driver older than 12.8 `pip install \"ctranslate2<4.6.3\"`."),
        action="configure",
        rules_out=("the GPU", "the model"),
        never_suggest=("reinstall CUDA toolkit",),
        versions=("ctranslate2>=4.0 (CUDA 12)", "ctranslate2>=4.6.3 (CUDA 12.8)", "ctranslate2<=3.24.0 (CUDA 11)"),
        sources=("https://github.com/SYSTRAN/faster-whisper/issues/363", "https://github.com/OpenNMT/CTranslate2/issues/1630",
                 "https://github.com/Pikurrot/whisper-gui/pull/17", "https://github.com/SYSTRAN/faster-whisper/issues/1413",
                 "https://github.com/SYSTRAN/faster-whisper/releases/tag/v1.0.0"),
        checked="2026-11-27",
        examples=("frameworks/fasterwhisper-363-cuda-driver-insufficient-update-driver.txt",),
    ),
)
