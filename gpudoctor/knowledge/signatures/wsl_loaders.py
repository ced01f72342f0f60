"""WSL 2 and Windows: CUDA's libraries as programs load them (rows of the wsl area, joined into wsl.SIGNATURES).

Written blind for issue 25 (thirteenth wave). Inside WSL 2 libcuda is the Windows driver's, mounted at /usr/lib/wsl/lib
and given to containers by Docker Desktop or the container toolkit; what fails there is that hand-over, not a kernel
module or a GPU architecture. On Windows itself the CUDA libraries are DLLs found through PATH, named by CUDA major
version (cublasLt64_12.dll is CUDA 12's).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
TOOLKIT_520 = "https://github.com/NVIDIA/nvidia-container-toolkit/issues/520"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.container-cuinit-named-symbol",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # cuInit returning CUDA_ERROR_NOT_FOUND (500), as TensorFlow/XLA ("failed call to cuInit: ..."), Numba/cuDF
        # ("Call to cuInit results in ...") and cudarc (mistral.rs, candle: "DriverError(CUDA_ERROR_NOT_FOUND, ...)")
        # print it. NVIDIA's toolkit issue #520: Windows drivers 555 and later need libnvdxgdmal.so.1 mapped into WSL 2
        # containers, and a Docker Desktop before 4.31 (nvidia-container-toolkit before 1.14.4/1.15) does not map it.
        # On a native host the same code at a kernel's lookup is an architecture mismatch (cuda.named-symbol-not-found),
        # so the row reads only cuInit's words, and only in WSL.
        patterns=(r"failed call to cuInit: CUDA_ERROR_NOT_FOUND\b",
                  r"Call to cuInit results in CUDA_ERROR_NOT_FOUND\b",
                  r"DriverError\(CUDA_ERROR_NOT_FOUND, \"named symbol not found\"\)"),
        contexts=("wsl",),
        refines=("cuda.named-symbol-not-found",),
        severity="fail",
        cause="Inside WSL 2 CUDA could not start (cuInit: named symbol not found, error 500): the container was not given "
              "the library that NVIDIA Windows drivers 555 and later add (libnvdxgdmal.so.1), because Docker Desktop or "
              "the NVIDIA container toolkit is older than that driver.",
        advice=("Update Docker Desktop to 4.31 or later (with Docker Engine inside the distribution, nvidia-container-toolkit "
                "to 1.15 or later: `sudo apt-get install --only-upgrade nvidia-container-toolkit` and `sudo systemctl "
                "restart docker`), or go back to the previous NVIDIA Windows driver, then start the container again; the "
                "image needs no rebuild. Outside a container, `ldconfig -p | grep libcuda` must list only /usr/lib/wsl/lib."),
        action="configure",
        rules_out=("the image's CUDA version", "the GPU's architecture"),
        never_suggest=("TORCH_CUDA_ARCH_LIST", "CMAKE_CUDA_ARCHITECTURES", "install the Linux NVIDIA driver",
                       "reinstall tensorflow"),
        sources=(TOOLKIT_520, "https://github.com/tensorflow/tensorflow/issues/68711",
                 "https://github.com/EricLBuehler/mistral.rs/issues/654",
                 "https://github.com/open-webui/open-webui/issues/2527", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/tensorflow-68711-docker-desktop-cuinit-named-symbol.txt",
                  "wsl/mistralrs-654-docker-wsl2-driver-error-not-found.txt"),
    ),
    Signature(
        code="wsl.bitsandbytes-libcuda-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # bitsandbytes' CUDA setup before 0.40 looked for plain libcuda.so on LD_LIBRARY_PATH and a few folders; under WSL 2
        # it is in /usr/lib/wsl/lib, which only ldconfig's cache (of libcuda.so.1) names, so it fell back to the CPU build
        # (bitsandbytes pull request #337 documents the fix). Only in a text that shows WSL: on Windows itself the same
        # setup is wheels.bitsandbytes-old-cuda-setup-on-windows's, on native Linux a missing driver.
        # "libcu(?=da)da" keeps the prefilter off "libcuda.so", which healthy logs print (ldconfig, loaders).
        patterns=(r"CUDA SETUP: WARNING! libcu(?=da)da\.so not found!",),
        contexts=("wsl",),
        severity="fail",
        cause="bitsandbytes found no libcuda.so on its search paths and loaded its CPU-only library: under WSL 2 the "
              "Windows driver's libcuda is in /usr/lib/wsl/lib, which those paths lack.",
        advice=("Put WSL's driver folder on the loader path: `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` "
                "(in ~/.bashrc, or the training script's environment), and upgrade bitsandbytes (`pip install -U "
                "bitsandbytes`), whose newer releases find libcuda.so.1 themselves; the distribution needs no driver."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("install nvidia-driver", "cuda-drivers"),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/52",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/243",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/pull/337",
                 "https://github.com/oobabooga/textgen/issues/367", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/bitsandbytes-52-libcuda-so-not-found-wsl.txt",),
    ),
    Signature(
        code="wsl.windows-cublas-dll-not-located",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cuBLAS's and cuDNN's loaders on Windows ("Could not locate cublasLt64_12.dll. Please make sure it is in your
        # library path!"): a library built for CUDA NN asks for that CUDA's cuBLAS DLL, found only through PATH. cuDNN's
        # own DLLs and zlibwapi.dll are frameworks.cudnn-library-missing's and wsl.cudnn-zlibwapi-missing's.
        patterns=(r"Could not locate (?P<library>cublas(?:Lt)?64_(?P<cuda_major>\d{2,3})\.dll)",),
        severity="fail",
        cause="A CUDA library built for CUDA {cuda_major} asked for that CUDA's cuBLAS ({library}), which is in no folder "
              "on PATH: that CUDA's libraries are not installed, or another CUDA version is.",
        advice=("Install the cuBLAS of CUDA {cuda_major} (the number in the DLL's name) and put its bin folder on PATH: the "
                "CUDA {cuda_major} toolkit (C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v{cuda_major}.x\\bin), or "
                "`pip install nvidia-cublas-cu12` for CUDA 12 and its bin folder on PATH; or install the program's build "
                "for the CUDA you have (faster-whisper: a CTranslate2 release for that CUDA). A name older than the "
                "installed CUDA (64_10 beside CUDA 11 or 12) means a library built for that old CUDA, often a stray "
                "cuDNN, is on PATH: replace it with the build for your CUDA."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/zh-plus/openlrc/issues/18", "https://github.com/hacksider/Deep-Live-Cam/issues/1063",
                 "https://github.com/NTUYWANG103/APEX_AIMBOT/issues/79", "https://github.com/hacksider/Deep-Live-Cam/issues/1338",
                 "https://github.com/lightvector/KataGo/issues/751", "https://github.com/tensorflow/tensorflow/issues/40108"),
        checked="2026-11-26",
        examples=("wsl/openlrc-18-could-not-locate-cublaslt64-12-cuda118.txt",
                  "wsl/deeplivecam-1063-could-not-locate-cublas64-10.txt"),
    ),
)
