"""Issue 25 (helper w25b): a Windows program naming the CUDA or cuDNN DLL it could not find.

On Windows every CUDA library carries its CUDA major in the file name (cudart64_110.dll and cublas64_11.dll are CUDA
11.x, cublas64_100.dll is CUDA 10.0, cublas64_12.dll CUDA 12.x) and cuDNN its own major (cudnn64_8.dll, cudnn_ops64_9.dll):
a program built for one looks for exactly that name, and a CUDA of another major installed beside it does not stand in
for it. Older PaddlePaddle says "RuntimeError: cublas64_100.dll not found.", and a program linked against a DLL that is
missing gets Windows' loader dialog ("The code execution cannot proceed because cufft64_11.dll was not found"); the
frameworks' own wordings have rows of their own (TensorFlow's dso_loader, CTranslate2's "Library ... is not found or
cannot be loaded", llama.cpp's cudart and cuBLAS next to llama-server.exe).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CUDA_WINDOWS_INSTALL = "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/"
ADD_DLL_DIRECTORY = "https://docs.python.org/3/library/os.html#os.add_dll_directory"

_CUDA_DLL = r"(?:cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|cudnn|nvrtc|nvJitLink|npp\w{1,6})"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.windows-cuda-dll-not-found",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # Paddle 1.x and other loaders: "RuntimeError: cublas64_100.dll not found."; TensorFlow's "dlerror: X not
            # found" is its dso_loader row's.
            rf"(?<!dlerror: )\b(?P<library>{_CUDA_DLL}\w{{0,20}}64_(?P<version>\d{{1,3}})(?:_\d{{1,2}})?\.dll) not found\b",
            # Windows' loader, for an executable linked against the DLL (cudart and cuBLAS beside llama-server.exe are
            # ollama.llama-cpp-windows-cuda-runtime-dlls-missing's).
            rf"The code execution cannot proceed because (?P<library>(?!cudart64|cublas64|cublasLt64){_CUDA_DLL}\w{{0,20}}"
            rf"64_(?P<version>\d{{1,3}})(?:_\d{{1,2}})?\.dll) was not found",
        ),
        severity="fail",
        cause=("The program looks for {library}, a CUDA (or cuDNN) DLL of the major its name carries (64_{version}), "
               "and no folder Windows searches holds it: that CUDA or cuDNN version is not installed, or its bin folder "
               "is not on PATH."),
        advice=("Install the CUDA toolkit (or cuDNN) of exactly the version in the name, the one the program was built "
                "for: 64_100 is CUDA 10.0, 64_101 CUDA 10.1, 64_110 or 64_11 CUDA 11.x, 64_12 CUDA 12.x; cudnn64_7, "
                "cudnn64_8 and cudnn_*64_9 are cuDNN 7, 8 and 9 (or install the program's build for the CUDA you have). "
                "Put its bin folder on PATH (C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v<version>\\bin, "
                "cuDNN's bin folder) and open a new terminal; Python 3.8 and later (the Microsoft Store Python above "
                "all) do not search PATH for an extension's DLLs, so add the folder with `os.add_dll_directory(...)` "
                "before the import, or use pip's CUDA wheels (`pip install nvidia-cublas-cu12 nvidia-cudnn-cu12`, the "
                "DLLs under site-packages\\nvidia\\*\\bin); a packaged .exe finds DLLs placed next to it. Renaming a "
                "DLL of another major does not make it that version."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "LD_LIBRARY_PATH"),
        sources=("https://github.com/PaddlePaddle/PaddleOCR/issues/458", CUDA_WINDOWS_INSTALL, ADD_DLL_DIRECTORY),
        checked="2026-11-27",
        examples=("frameworks/paddleocr-458-cublas64-100-dll-on-cuda-101.txt",),
    ),
    Signature(
        code="cuda.windows-python-dll-dependencies-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # ctypes' FileNotFoundError on Windows (Python 3.8 and later) for a GPU module's DLL whose dependencies, the
        # CUDA runtime DLLs above all, are not on the DLL search path: since 3.8 it no longer includes PATH. llama-cpp-
        # python's own DLLs are ollama.llama-cpp-python-dll-dependencies', the driver's nvcuda.dll wsl.windows-nvcuda-
        # missing's; a module unrelated to the GPU (no CUDA or GPU word in its path) is left alone.
        patterns=(r"Could not find module '(?![^'\n]{0,300}[\\/]llama_cpp[\\/])(?=[^'\n]{0,300}(?:[Cc][Uu][Dd][Aa]|cu\d{2,3}|"
                  r"cublas|cudnn|cudart|nvrtc|nvinfer|[Gg][Pp][Uu]|ggml|whisper|ctranslate2|onnxruntime|torch|paddle|cupy|"
                  r"faiss|xformers|bitsandbytes|tensorrt))(?P<path>[^'\n]{0,300}?[\\/](?!nvcuda\.dll)"
                  r"(?P<dll>[\w.+-]{1,80}\.dll))' \(or one of its dependencies\)",),
        severity="fail",
        cause=("Python could not load {dll} or a DLL it depends on, most often the CUDA runtime DLLs it was built "
               "against: Python 3.8 and later (the Microsoft Store Python too) do not search PATH for an extension's "
               "DLLs, so a CUDA installed and on PATH is still not found."),
        advice=("Add the folder with the CUDA DLLs to Python's DLL search path before the import: "
                "`os.add_dll_directory(os.path.join(os.environ[\"CUDA_PATH\"], \"bin\"))` (CUDA 13 keeps them in "
                "bin\\x64), or the bin folders of pip's nvidia-* wheels (site-packages\\nvidia\\<library>\\bin); for a "
                "PyTorch extension `import torch` first. Check that the CUDA major the module was built for is the one "
                "installed (cudart64_12.dll is CUDA 12), and where the Store Python still does not find them, use "
                "python.org's Python or copy the DLLs next to {dll}."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "LD_LIBRARY_PATH"),
        sources=("https://github.com/gpufit/Gpufit/pull/147", ADD_DLL_DIRECTORY,
                 "https://docs.python.org/3/whatsnew/3.8.html#bpo-36085-whatsnew"),
        checked="2026-11-27",
        examples=("frameworks/gpufit-147-could-not-find-module-gpufit-dll-cuda-path.txt",),
    ),
)
