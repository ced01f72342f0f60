"""Wheels, pip and builds: CUDA variants of packages, and extension builds.

The build rows quote nvcc's host_config.h and option checks, torch.utils.cpp_extension's checks and CMake's
CUDA language detection; the pip rows quote pip's resolver.
"""

from __future__ import annotations

from gpudoctor.knowledge.build_support import (CUDA_RELEASE_NOTES, NVCC_ARCH_TOOLKITS, TORCH_PYTHON_RANGES,
                                               nvcc_arch_releases)
from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.wheels_abi import ABI_SIGNATURES
from gpudoctor.knowledge.signatures.wheels_extensions import EXTENSION_SIGNATURES
from gpudoctor.knowledge.signatures.wheels_prebuilt import PREBUILT_SIGNATURES
from gpudoctor.knowledge.signatures.wheels_python import PYTHON_SIGNATURES
from gpudoctor.knowledge.signatures.wheels_p15f import P15F_SIGNATURES as P15F_ROWS

NVCC_DOCS = "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html"
HOST_COMPILERS = "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#host-compiler-support-policy"
PYTORCH_INSTALL = "https://pytorch.org/get-started/locally/"
_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.torch-extension-cuda-mismatch",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            # torch.utils.cpp_extension's CUDA_MISMATCH_MESSAGE, printed over two lines
            r"The detected CUDA version \((?P<detected>[\d.]+)\) mismatches the version that was used to compile",
            # DeepSpeed's op builder (op_builder/builder.py, assert_no_cuda_mismatch), across CUDA major versions
            r"Installed CUDA version (?P<detected>\d{1,2}\.\d{1,2}) does not match the version torch was compiled with",
            # apex's setup.py (check_cuda_torch_binary_vs_bare_metal), on any difference
            r"Cuda extensions are being compiled with a version of Cuda that does not match the version used to compile",
        ),
        severity="fail",
        cause=("The CUDA toolkit found for the extension build (its nvcc) is not the CUDA this PyTorch was built "
               "with, so the build refuses to go on."),
        advice=("Make the two the same: install the PyTorch build for the local CUDA toolkit, or point CUDA_HOME at a "
                "toolkit matching torch.version.cuda (`python -c \"import torch; print(torch.version.cuda)\"`), then "
                "rebuild the extension; where only the minor versions differ, DeepSpeed accepts it with "
                "DS_SKIP_CUDA_CHECK=1."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/rusty1s/pytorch_sparse/issues/189", "https://github.com/PKUHaoWang/EmbodiedOcc2/issues/6",
                 "https://github.com/kodenii/Responsible-Visual-Editing/issues/4",
                 "https://github.com/JIA-Lab-research/MGM/issues/91", "https://github.com/NVIDIA/apex/issues/955",
                 "https://github.com/deepspeedai/DeepSpeed/pull/3436",
                 "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked="2026-11-26",
        examples=("wheels/pytorch-sparse-189-detected-cuda-112-vs-102.txt", "wheels/embodiedocc2-6-cuda-122-vs-113.txt",
                  "wheels/responsible-visual-editing-4-cuda-124-vs-118.txt",
                  "wheels/mgm-91-deepspeed-cuda-122-vs-torch-117.txt", "wheels/apex-955-extension-cuda-differs-from-torch.txt"),
    ),
    Signature(
        code="wheels.nvcc-unsupported-host-compiler",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            r"(?<=unsupported )GNU version! gcc versions later than (?P<newest>\d+) are not supported",
            r"(?<=unsupported )clang version! clang version must be less than (?P<newest>\d+)",
            r"(?<=unsupported )Microsoft Visual Studio version! Only the versions between",
        ),
        severity="fail",
        cause="The host compiler is newer than this CUDA toolkit's nvcc accepts.",
        advice=("Build with a host compiler this nvcc supports: install an older gcc/g++ (the message names the newest "
                "version allowed) and select it (CC/CXX, NVCC_CCBIN or update-alternatives), or use a newer CUDA "
                "toolkit that supports your compiler."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Eyeline-Labs/FlashDepth/issues/2", "https://github.com/cjlin1/simpleNN/issues/10",
                 HOST_COMPILERS),
        checked="2026-11-25",
        examples=("wheels/flashdepth-2-gcc-later-than-12.txt", "wheels/simplenn-10-gcc-later-than-6-cuda9.txt"),
    ),
    Signature(
        code="wheels.nvcc-unsupported-gpu-architecture",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),  # nvcc, or the CMake, ninja and setup.py builds that call it
        patterns=(
            r"nvcc fatal\s*: Unsupported gpu architecture '(?P<arch>(?:compute|sm)_\d+\w?)'",
            # the same refusal quoted without nvcc's prefix ("I meet the error: \"Unsupported gpu architecture
            # 'compute_75'\""; w40c)
            r"(?<!nvcc fatal : )(?<!nvcc fatal  : )(?<!nvcc fatal: )\b[Uu]nsupported gpu architecture '(?P<arch>(?:compute|sm)_\d{2,3}\w?)'",
            r"nvcc fatal\s*: Value '(?P<arch>sm_\d+\w?)' is not defined for option 'gpu-architecture'",
        ),
        severity="fail",
        cause="This nvcc cannot build for {arch}: the toolkit is too old for that GPU, or too new for one it dropped.",
        advice=("Build {arch} with a CUDA toolkit that knows it: {arch_toolkits} (`nvcc --version` shows the one the "
                "build ran; `nvcc --list-gpu-arch` lists what it knows). Install that toolkit "
                "(conda: `conda install -c nvidia cuda-toolkit=<version>`; Docker: a nvidia/cuda:<version>-devel "
                "base) and put its nvcc first on PATH or set CUDA_HOME to it, in a fresh build folder; or remove "
                "that architecture from the build's targets (TORCH_CUDA_ARCH_LIST, -gencode arch flags, "
                "CMAKE_CUDA_ARCHITECTURES); or, for a GPU newer than this nvcc only, build for "
                "`<newest this nvcc knows>+PTX` (TORCH_CUDA_ARCH_LIST) so the driver compiles it for the GPU. The "
                "driver is not the cause."),
        # {arch_toolkits}: the toolkits for the refused architecture (build_support.NVCC_ARCHITECTURES), or the whole
        # table where it names another
        lookups=(("arch", "arch_toolkits", NVCC_ARCH_TOOLKITS, "the first toolkit for each: " + nvcc_arch_releases()),),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/lisa-analysis-tools/GBGPU/issues/7", "https://github.com/spiriMirror/libuipc/issues/237",
                 "https://github.com/NVlabs/tiny-cuda-nn/issues/239", NVCC_DOCS + "#gpu-feature-list", CUDA_RELEASE_NOTES,
                 "https://github.com/ClementPinard/Pytorch-Correlation-extension/issues/54", "https://github.com/nagadomi/distro/issues/18"),
        checked="2026-11-27",
        examples=("wheels/gbgpu-7-compute-35-cuda-122.txt", "wheels/libuipc-237-compute-120-nvcc-124.txt", "cuda/tinycudann-239-nvcc-unsupported-compute-89.txt",
                  "cuda/pytorchcorrelation-54-nvcc-compute-86-cuda-110.txt", "wheels/nagadomi-distro-18-nvcc-compute-86-cuda-102.txt"),
    ),
    Signature(
        code="wheels.nvcc-not-found",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            r"was requested, but nvcc was not found",
            r"CUDA_HOME environment variable is not set",
            r"(?<=No such file or directory: ')(?P<path>[^'\n]{0,200}/bin/nvcc)'",
            r"\bnvcc: (?:command )?not found",
        ),
        severity="fail",
        cause="pip is building a CUDA extension from source, and this environment has no nvcc (no CUDA toolkit, CUDA_HOME unset).",
        advice=("Install a prebuilt wheel for your Python, torch and CUDA, or the CUDA toolkit (nvcc) of torch's CUDA with "
                "CUDA_HOME at it (conda: cuda-toolkit, CUDA_HOME=$CONDA_PREFIX; Docker: a -devel image); `$CUDA_HOME/bin/nvcc -V` must run."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/1264", "https://pytorch.org/docs/stable/cpp_extension.html"),
        checked="2026-11-25",
        examples=("wheels/flash-attention-1264-nvcc-not-found.txt",),
    ),
    Signature(
        code="wheels.cmake-no-cuda-toolset",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(r"No CUDA toolset(?= found\b)",),  # CMake's "No CUDA toolset found.", or retold without its full stop
        severity="fail",
        cause="CMake's Visual Studio generator found no CUDA build integration in its Visual Studio: it cannot compile CUDA.",
        advice=("Install CUDA's Visual Studio integration into the Visual Studio the generator uses (rerun the CUDA installer "
                "after Visual Studio, or copy extras/visual_studio_integration/MSBuildExtensions into its BuildCustomizations), "
                "or select a Visual Studio that has it (`-G \"Visual Studio 16 2019\"`); or use a prebuilt CUDA wheel."),
        action="configure",
        rules_out=("a driver fault",), never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/744", "https://github.com/CESNET/GPUJPEG/issues/79",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html"),
        checked="2026-11-27",
        examples=("wheels/llama-cpp-python-744-no-cuda-toolset-windows.txt",
                  "wheels/gpujpeg-79-no-cuda-toolset-vs2022-generator.txt"),
    ),
    Signature(
        code="wheels.no-distribution-for-platform",
        cause_id="no-wheel-for-python",
        kinds=("pip", "other", "powershell", "docker", "build"),
        patterns=(
            r"Could not find a version that satisfies the requirement (?P<requirement>[^\s(]+) {1,2}\(from versions: none\)",
        ),
        severity="fail",
        cause="pip found no build of {requirement} at all for this Python version and platform.",
        advice=("Check `python --version` (64-bit?), then use a Python the release has wheels for (torch " + TORCH_PYTHON_RANGES
                + "; TensorFlow 2.16+: 3.9-3.12): a venv with Python 3.12, 3.11 or 3.10 (`py -3.12 -m venv venv`, `uv venv --python 3.12`, "
                "`conda create -n env python=3.11`), or a newer release; torch's CUDA builds exist only for Linux and Windows: "
                "on macOS install PyPI's plain build (Intel Macs stop at torch 2.2.2)."),
        action="configure", rules_out=("a driver fault",),
        never_suggest=("update the driver", "install CUDA"),
        sources=("https://github.com/zeyad-mansour/lunar/issues/95", "https://github.com/DeepGraphLearning/ULTRA/issues/8",
                 PYTORCH_INSTALL),
        checked="2026-11-25",
        examples=("wheels/lunar-95-torch-cu113-from-versions-none.txt", "wheels/ultra-8-cu118-index-on-macos.txt",
                  "wheels/pytorch-114893-torch-no-wheels-for-python-312.txt"),
    ),
    Signature(
        code="wheels.pip-nvidia-package-conflict",
        cause_id="wheel-cuda-variant",
        kinds=("pip", "other", "powershell", "docker", "build"),
        patterns=(
            r"requires (?P<package>nvidia-[\w-]+)==(?P<wanted>[\d.]+)[^\n]{0,200}?, but you have nvidia-[\w-]+ "
            r"(?P<have>[\d.]+) which is incompatible",
        ),
        severity="fail",
        cause="pip left {package} at {have} while the installed torch needs {wanted}: the CUDA wheels no longer match as a set.",
        advice=("Uninstall torch and every nvidia-* package (`pip list | grep nvidia-`), then reinstall torch from the "
                "PyTorch index for its CUDA so its nvidia-* wheels come as a matching set."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/104259", PYTORCH_INSTALL),
        checked="2026-11-25",
        examples=("wheels/pytorch-104259-nvidia-cudnn-pip-mismatch.txt",),
    ),
    Signature(
        code="wheels.cublas-two-versions",
        cause_id="symbol-mismatch",
        kinds=("any",),
        patterns=(
            r"libcublas\.so\.(?P<major>\d+): undefined symbol: (?P<symbol>cublasLt\w+), version libcublasLt\.so\.\d+",
            # glibc's other wording for the same versioned symbol missing from the libcublasLt found first
            r"libcublas\.so\.(?P<major>\d+): symbol (?P<symbol>\w{1,80}) version libcublasLt\.so\.\d+ not defined in file",
        ),
        severity="fail",
        cause=("libcublas and libcublasLt of different versions were loaded together: pip's nvidia-cublas wheel and "
               "another cuBLAS (the CUDA image's, or one on LD_LIBRARY_PATH) are mixed."),
        advice=("Keep one cuBLAS: uninstall the duplicate (the pip nvidia-cublas package, or remove the other copy's "
                "directory from LD_LIBRARY_PATH) so libcublas and libcublasLt come from the same version."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/103832", "https://github.com/microsoft/onnxruntime/issues/8594"),
        checked="2026-11-26",
        examples=("wheels/pytorch-103832-pip-cublas-vs-image-cublas.txt",
                  "wheels/onnxruntime-8594-cublas-symbol-not-defined-in-cublaslt.txt"),
    ),
    Signature(
        code="wheels.extension-built-for-other-torch",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(
            # A C++ symbol of torch, ATen or c10 (mangled _ZN5torch, _ZN2at, _ZN3c10) missing from the installed torch.
            r"\.so: undefined symbol: (?P<symbol>_ZNK?(?:5torch|2at|3c10)\w+|THPVariable\w{1,30})",
        ),
        severity="fail",
        cause="A compiled extension was built against another PyTorch than the one installed (missing {symbol}).",
        advice=("Install the build of the extension made for the installed torch version (its wheel for this torch, CUDA and C++ ABI), or pin torch== to the version it was built for; an "
                "extension the project compiled from source (a rasterizer, simple-knn, a custom op) is rebuilt after every torch upgrade: delete its build/ folder and `pip install "
                "--no-build-isolation --force-reinstall ./<extension>` with TORCH_CUDA_ARCH_LIST set to the GPU's compute capability (8.6 RTX 30, 8.9 RTX 40, 12.0 RTX 50). Where the code "
                "imports the extension before torch, `import torch` first: the extension finds torch's symbols only in a loaded torch."),
        action="configure",
        rules_out=("a driver fault", "a CUDA toolkit problem"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/5501", "https://github.com/Dao-AILab/flash-attention/issues/784",
                 "https://github.com/rusty1s/pytorch_scatter/issues/6", "https://github.com/NVIDIA/nv-wavenet/issues/92"),
        checked="2026-11-26",
        examples=("vllm/vllm-5501-c-abi3-undefined-symbol-old-torch.txt",  # flash-attn's: its own row
                  "wheels/torch-scatter-6-thpvariableclass-undefined.txt",
                  "wheels/nv-wavenet-92-undefined-tensorimpl-import-torch-first.txt"),
    ),
    Signature(
        code="wheels.bitsandbytes-cpu-library",
        cause_id="bitsandbytes-no-cuda",
        kinds=("any",),
        patterns=(
            r"CUDA SETUP: Required library version not found: (?P<library>libbitsandbytes_cuda\w+\.so)",
            r"CUDA SETUP: Defaulting to libbitsandbytes_cpu\.so",
            # its 0.43+ warnings ("compiled without GPU support", "Could not find the bitsandbytes CUDA binary at") are
            # wheels.bitsandbytes-cpu-library-warning's (w46b): a warning until a line shows a GPU feature failing
            # bitsandbytes 0.38-0.42's own summary when no CUDA library of it loads though torch sees a GPU.
            r"CUDA Setup failed despite GPU being available",
            # the CPU library lacks the GPU functions the optimizers and quantizers call (Linux .so, Windows .dll).
            r"libbitsandbytes_cpu\.so: undefined symbol: (?P<symbol>c\w{3,60})",
            r"function '(?P<symbol>c(?:adam|quantize|dequantize|get_col_row)\w{0,50})' not found", r"NoneType. object has no attribute .(?P<symbol>c(?:adam|quantize|dequantize|get_col_row)\w{0,50})'",
            # functional.py defines the optimizers' CUDA tables only where its CUDA library loaded
            r"name '(?P<symbol>str2optimizer(?:32bit|8bit(?:_blockwise)?))' is not defined",
        ),
        severity="fail",
        cause="bitsandbytes has no library for the CUDA it detected and loaded its CPU library instead.",
        advice=("Upgrade bitsandbytes (`pip install -U bitsandbytes`; current releases ship libraries for every CUDA "
                "they support and load PyTorch's CUDA runtime), or compile it from source for the detected CUDA; an "
                "old release an app pins needs the CUDA runtime where it looks: it searches LD_LIBRARY_PATH for libcudart.so, "
                "so add the folder that holds it (a conda environment's lib after `conda install cudatoolkit`, or pip's "
                "site-packages/nvidia/cuda_runtime/lib, where only libcudart.so.1x is: link libcudart.so to it); "
                "`python -m bitsandbytes` shows which library it loaded."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/bitsandbytes-foundation/bitsandbytes/issues/387",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/245",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/492",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/711", "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1210",
                 "https://huggingface.co/docs/bitsandbytes/main/en/installation"),
        checked="2026-11-26",
        examples=("wheels/bitsandbytes-387-cuda121-nocublaslt-missing.txt", "wheels/bitsandbytes-492-cuda-setup-failed-centos.txt",
                  "wheels/bitsandbytes-1210-nonetype-cquantize-nf4-t4.txt",
                  "wheels/bitsandbytes-245-str2optimizer32bit-not-defined.txt"),
    ),
    Signature(
        code="wheels.torchvision-other-cuda",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        patterns=(
            r"Detected that PyTorch and torchvision were compiled with different",
            r"PyTorch has CUDA Version=(?P<torch_cuda>[\d.]+) and torchvision has CUDA",
        ),
        severity="fail",
        cause="torchvision was built for another CUDA than the installed PyTorch, so it refuses to load.",
        advice=("Reinstall torchvision from the PyTorch index of the same CUDA as the installed torch, with the "
                "matching version: e.g. `pip install torchvision==<match> --index-url "
                "https://download.pytorch.org/whl/cu117` for a +cu117 torch (`python -c 'import torch; "
                "print(torch.__version__)'` shows it)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/m-bain/whisperX/issues/320",
                 "https://github.com/acheong08/Diffusion-ColabUI/issues/108", PYTORCH_INSTALL),
        checked="2026-11-25",
        examples=("wheels/whisperx-320-torchvision-cu118-torch-cu117.txt",
                  "wheels/diffusion-colabui-108-torchvision-cuda-118-vs-117.txt"),
    ),
    Signature(
        code="wheels.torchvision-ops-without-cuda",
        cause_id="wheel-cuda-variant",
        kinds=("any",),
        patterns=(r"Could not run 'torchvision::(?P<op>\w+)' with arguments from the 'CUDA' backend",),
        severity="fail",
        cause=("torchvision has no CUDA kernel for {op}: a CPU-only or mismatched torchvision is installed beside a "
               "CUDA build of PyTorch."),
        advice=("Reinstall torch, torchvision and torchaudio together from the same PyTorch index so that torchvision "
                "is the CUDA build matching PyTorch (`pip install --force-reinstall torch torchvision torchaudio "
                "--index-url https://download.pytorch.org/whl/cu121`, the cuXXX of your torch)."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ltdrdata/ComfyUI-Impact-Pack/issues/915",
                 "https://github.com/ultralytics/ultralytics/issues/7713", PYTORCH_INSTALL),
        checked="2026-11-25",
        examples=("wheels/comfyui-impact-pack-915-torchvision-nms-cuda-backend.txt",
                  "wheels/ultralytics-7713-torchvision-cpu-beside-cuda-torch.txt"),
    ),
    Signature(
        code="wheels.msvc-build-tools-missing",
        # no C/C++ compiler at all (TAXONOMY's c-compiler-missing), not nvcc refusing the one there is (w39f)
        cause_id="c-compiler-missing",
        kinds=_BUILD,
        patterns=(
            # setuptools/distutils on Windows when no cl.exe is found; older releases say "14.0 is required"
            r"Microsoft Visual C\+\+ (?P<version>\d+\.\d+)(?: or greater)? is required",
        ),
        severity="fail",
        cause="pip had to compile an extension on Windows and found no Microsoft C++ compiler (MSVC {version} or newer).",
        advice=("Install the Microsoft C++ Build Tools (Visual Studio Installer, workload \"Desktop development with "
                "C++\"; the Visual C++ redistributable is not the compiler) and rerun the install from a new shell, "
                "or install a prebuilt wheel for your Python instead of building."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/HKUST-Aerial-Robotics/Stereo-RCNN/issues/23",
                 "https://github.com/GVCLab/PersonaLive/issues/30",
                 "https://visualstudio.microsoft.com/visual-cpp-build-tools/"),
        checked="2026-11-25",
        examples=("wheels/stereo-rcnn-23-model-c-needs-msvc-build-tools.txt",
                  "wheels/personalive-30-pycuda-needs-cpp-build-tools.txt"),
    ),
    Signature(
        code="wheels.cuda-headers-missing",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            r"fatal error: (?P<header>cuda_runtime(?:_api)?\.h|cuda\.h|cublas_v2\.h|cusparse\.h|cuda_fp16\.h|curand\.h)"
            r"[:;] No such file or directory",
            r"Cannot open include file: '(?P<header>cuda_runtime(?:_api)?\.h|cuda\.h)'",
        ),
        severity="fail",
        cause=("The extension build cannot find the CUDA toolkit's header {header}: no CUDA toolkit (development "
               "files) is installed where the build looks."),
        advice=("Install the CUDA toolkit matching torch.version.cuda (the cuda-toolkit package, `conda install -c nvidia "
                "cuda-toolkit`, a -devel image: -runtime has no headers), set CUDA_HOME (pycuda: CUDA_ROOT) to it with its bin on "
                "PATH (else `export CPATH=$CUDA_HOME/include`), then rebuild; pip's nvidia-* runtime wheels carry no headers."),
        action="configure",
        rules_out=("a driver fault",), never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/erikwijmans/Pointnet2_PyTorch/issues/181", "https://github.com/inducer/pycuda/issues/201",
                 "https://github.com/NVIDIA/nccl/issues/131", "https://github.com/CharlesShang/DCNv2/issues/20"),
        checked="2026-11-27",
        examples=("wheels/pointnet2-181-no-cuda-headers-for-build.txt", "wheels/dcnv2-20-cuda-runtime-api-h-not-found.txt",
                  "wheels/pycuda-201-cuda-h-not-found-path.txt"),
    ),
    Signature(
        code="wheels.xformers-without-cuda-kernels",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        patterns=(r"xFormers wasn't build with CUDA support",
                  # xformers/_cpp_lib.py (xFormersWasNotBuiltException) and ops/common.py: no compiled extension at all,
                  # as a source or git install that skipped or failed its CUDA build leaves it
                  r"Need to compile C\+\+ extensions to use all xFormers features",
                  r"No such operator xformers(?:_\w{1,20})?::\w{1,80} - did you forget to build xformers"),
        severity="fail",
        cause=("xformers cannot use its CUDA kernels here: the installed xformers was built for another PyTorch or "
               "CUDA, without CUDA, or installed from source without its compiled extensions, so memory-efficient "
               "attention has no operator."),
        advice=("Reinstall xformers built for the installed PyTorch and CUDA (`pip install -U xformers --index-url "
                "https://download.pytorch.org/whl/cu121`, the cuXXX of your torch; `python -m xformers.info` shows "
                "what it was built for), or uninstall xformers and let the program use PyTorch's own attention."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/kijai/ComfyUI-DepthAnythingV2/issues/27",
                 "https://github.com/facebookresearch/xformers#installing-xformers"),
        checked="2026-11-25",
        examples=("wheels/depthanythingv2-27-xformers-without-cuda-5090.txt",),
    ),
    Signature(
        code="wheels.pinned-version-not-for-this-python",
        cause_id="no-wheel-for-python",
        kinds=("pip", "other", "powershell", "docker", "build"),
        patterns=(
            # versions are listed, but not the pinned one: that release has no wheel for this Python or platform
            r"Could not find a version that satisfies the requirement (?P<package>[\w.-]+)===?(?P<pinned>[\w.+]+) {1,2}"
            r"\(from versions: (?P<first>\d[\w.+]*),",
        ),
        severity="fail",
        cause=("{package} {pinned} has no wheel for this Python version or platform: pip only finds other "
               "versions (from {first} on)."),
        advice=("Either run a Python version the pinned release was built for (`python --version`; torch " + TORCH_PYTHON_RANGES
                + "; torchvision and torchaudio follow their torch release; in a conda or venv environment), or relax the pin to one of the versions pip lists "
                "(for torch, pip install torch torchvision --index-url https://download.pytorch.org/whl/cu121 "
                "installs a newer matching pair); a pin ending in +cuNNN exists only on PyTorch's own index, so add "
                "`--extra-index-url https://download.pytorch.org/whl/cuNNN` for it. On macOS (a Mac, Apple silicon or Intel) no "
                "+cuNNN build exists, as macOS has no CUDA: drop the +cuNNN suffix and install the default build (MPS or CPU); "
                "Intel Macs get no torch after 2.2.2, so a list ending at 2.2.2 asks for torch<=2.2.2 there. A torch list of "
                "only 0.1.2 placeholders means pip sees no torch wheel for this interpreter at all: most often a 32-bit "
                "Python on Windows (install the 64-bit x86-64 Python), or a Python newer than every release."),
        action="configure",
        rules_out=("a driver or CUDA problem",),
        never_suggest=("update the driver", "install CUDA"),
        sources=("https://github.com/jgravelle/GroqCasters/issues/1", "https://github.com/YassineYousfi/comma10k-baseline/issues/13",
                 "https://github.com/Nerogar/OneTrainer/issues/138", PYTORCH_INSTALL, "https://github.com/Stability-AI/StableCascade/issues/23",
                 "https://github.com/pytorch/pytorch/issues/120575"),
        checked="2026-11-26",
        examples=("wheels/groqcasters-1-torch-1131-not-for-python311.txt",
                  "wheels/onetrainer-138-torch-cu118-pin-without-index.txt",
                  "wheels/pytorch-120575-torchvision-cu117-pin-wrong-python.txt"),
    ),
    Signature(
        code="wheels.extension-build-sees-no-gpu",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(r"No CUDA runtime is found, using CUDA_HOME=",),
        severity="warn",
        cause=("PyTorch found the CUDA toolkit but no usable GPU in this process: most often a container started "
               "without GPU access, or a `docker build` step (which never has a GPU)."),
        advice=("Run the container with GPU access (`docker run --gpus all ...` with the NVIDIA Container Toolkit, "
                "or --runtime=nvidia); when building an image, set TORCH_CUDA_ARCH_LIST (e.g. \"8.0;8.6;8.9;9.0\") "
                "and FORCE_CUDA=1 so the CUDA extension builds without a GPU."),
        action="configure",
        rules_out=("a missing CUDA toolkit",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Thinklab-SJTU/ThinkMatch/issues/51", "https://github.com/junhyung-SPALab/D-Align/issues/1",
                 "https://github.com/pytorch/pytorch/pull/8244"),
        checked="2026-11-25",
        examples=("wheels/thinkmatch-51-no-cuda-runtime-docker-without-gpus.txt",
                  "wheels/d-align-1-no-cuda-runtime-nvidia-docker.txt"),
    ),
    Signature(
        code="wheels.build-isolation-without-torch",
        cause_id="build-isolation-no-torch",
        refines=("frameworks.torch-not-in-this-python",), refines_within=3,  # frameworks_w52b.py: its line and uv's hint
        kinds=_BUILD,
        patterns=(
            # uv's hint after the build's "No module named 'torch'"
            r"depends on `(?P<dependency>torch)`, but doesn't declare it as a build",
            r"No module named '(?P<module>torch)' \[end of output\]",  # pip closing the build's captured output
        ),
        severity="fail",
        cause=("The package's build imports torch, but pip or uv builds it in an isolated environment that has no "
               "torch, so the build stops with \"No module named 'torch'\" even when torch is installed."),
        advice=("Install torch (the CUDA build you want) first, then build the package without isolation: `pip "
                "install flash-attn --no-build-isolation` (uv: `uv pip install ... --no-build-isolation`; `uv sync`: list "
                "it in [tool.uv] no-build-isolation-package, or give it extra-build-dependencies); or install a prebuilt wheel matching your torch, CUDA "
                "and Python."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/whyNLP/LCKV/issues/17", "https://github.com/Wan-Video/Wan2.1/issues/565",
                 "https://github.com/Dao-AILab/flash-attention#installation-and-features",
                 "https://github.com/SteveImmanuel/SegGPT-FineTune/issues/3", "https://github.com/chu-tianxiang/QuIP-for-all/issues/10"),
        checked="2026-11-25",
        examples=("wheels/lckv-17-uv-pip-flash-attn-281.txt", "wheels/wan21-565-flash-attn-torch-build-dependency.txt",
                  "wheels/seggpt-finetune-3-detectron2-setup-no-torch.txt", "wheels/quip-for-all-10-fast-hadamard-setup-imports-torch.txt"),
    ),
    Signature(
        code="wheels.autogptq-kernels-not-loaded",
        cause_id="extension-abi-mismatch",
        kinds=("any",),
        # auto_gptq's warnings (qlinear_cuda.py, modeling/_base.py; the exllama kernels are absent from Windows wheels)
        patterns=(r"\bCUDA extension not installed\b", r"CUDA kernels for auto_gptq are not installed",
                  r"Exllama(?:v2)? kernel is not installed, reset disable_exllama"),
        severity="warn",
        cause=("auto-gptq could not load its compiled CUDA kernels (a wheel built for another torch or CUDA, or "
               "built without them), so quantised models run very slowly or fail."),
        advice=("Install the auto-gptq build made for the installed torch and CUDA (matching versions, per "
                "AutoGPTQ's installation guide), or build it from source against that torch (needs nvcc); "
                "`python -c 'import torch; print(torch.__version__)'` shows which torch it must match."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/QwenLM/Qwen3/issues/558", "https://github.com/AutoGPTQ/AutoGPTQ/issues/694",
                 "https://github.com/AutoGPTQ/AutoGPTQ/blob/main/docs/INSTALLATION.md"),
        checked="2026-11-25",
        examples=("wheels/qwen3-558-autogptq-cuda-extension-not-installed.txt",
                  "wheels/autogptq-694-cuda-extension-source-build.txt"),
    ),
    Signature(
        code="wheels.tensorflow-gpu-package-removed",
        cause_id="wheel-cuda-variant",
        kinds=_BUILD,
        patterns=(r"The \"tensorflow-gpu\" package has been removed",),
        severity="fail",
        cause=("The requirements ask for tensorflow-gpu, which PyPI replaced (December 2022) with an empty package "
               "that fails on purpose; tensorflow itself has carried GPU support since 2.1."),
        advice=("Install tensorflow instead of tensorflow-gpu: change the requirement (on Linux `pip install "
                "\"tensorflow[and-cuda]\"` brings the CUDA libraries; native Windows has no GPU build after 2.10, "
                "use WSL2)."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "install CUDA"),
        sources=("https://github.com/dionhaefner/pyhpc-benchmarks/issues/17", "https://pypi.org/project/tensorflow-gpu/",
                 "https://www.tensorflow.org/install/pip"),
        checked="2026-11-25",
        examples=("wheels/pyhpc-benchmarks-17-conda-env-tensorflow-gpu.txt",),
    ),
    Signature(
        code="wheels.torch-extension-gxx-too-new",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            # torch.utils.cpp_extension's check of the host compiler against the CUDA toolkit
            r"The current installed version of (?P<compiler>[\w+.-]{1,40}) \((?P<version>[\d.]+)\) is greater than the "
            r"maximum required version by CUDA (?P<cuda>[\d.]+)",
        ),
        severity="fail",
        cause="{compiler} {version} is newer than CUDA {cuda} accepts as a host compiler, so torch refuses to build the extension.",
        advice=("Build with a compiler in the range the message gives: install the older g++ beside yours (e.g. "
                "gcc-11/g++-11, or conda install -c conda-forge gxx=11) and select it with `export CC=gcc-11 "
                "CXX=g++-11`; or use a newer CUDA toolkit (and matching PyTorch) that accepts your compiler."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/qwopqwop200/GPTQ-for-LLaMa/issues/33", "https://github.com/Hanqer/deep-hough-transform/issues/42",
                 HOST_COMPILERS),
        checked="2026-11-25",
        examples=("wheels/gptq-for-llama-33-gxx-12-over-cuda-117-max.txt", "wheels/deep-hough-42-gxx-9-over-cuda-102-max.txt"),
    ),
    Signature(
        code="wheels.torchvision-for-another-torch",
        cause_id="wheel-cuda-variant",
        kinds=("pip", "other", "powershell", "docker", "build"),
        patterns=(
            # pip's resolver conflict ("depends on") and its after-install check ("requires ..., but you have")
            r"(?P<package>torchvision|torchaudio) (?P<version>\d[\w.+]*) (?:depends on|requires) torch==(?P<wanted>\d[\w.+]*)",
        ),
        severity="fail",
        cause="{package} {version} is built for torch {wanted}, not for the torch being installed beside it.",
        advice=("Install torch, torchvision and torchaudio as a matching set in one command from the same PyTorch "
                "index (torch 2.5 with torchvision 0.20, 2.4 with 0.19, 2.2 with 0.17; pytorch/vision's README has "
                "the table), instead of pinning or upgrading one of them alone."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/Akegarasu/lora-scripts/pull/375", "https://github.com/2kpr/ComfyUI-PMRF/issues/11",
                 "https://github.com/pytorch/vision#installation"),
        checked="2026-11-25",
        examples=("wheels/lora-scripts-375-torchvision-0161-needs-torch-211.txt",
                  "wheels/comfyui-pmrf-11-pip-resolver-torchvision-mismatch.txt"),
    ),
)

# -- Written blind for issue 25 (second round) ---------------------------------------------------------------------
SIGNATURES += (
    Signature(
        code="wheels.deepspeed-cuda-home-missing",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # DeepSpeed's op_builder (installed_cuda_version) at install time and at import, when it JIT-builds its ops.
        patterns=(r"CUDA_HOME does not exist, unable to compile CUDA op\(s\)",),
        severity="fail",
        cause="DeepSpeed needs the CUDA toolkit (nvcc under CUDA_HOME) to build its CUDA ops, and found none.",
        advice=("Install the CUDA toolkit (nvcc) of PyTorch's CUDA version (`python -c 'import torch; "
                "print(torch.version.cuda)'`), e.g. the distribution's cuda-toolkit package or conda's cuda-nvcc, and "
                "set CUDA_HOME to it (`export CUDA_HOME=/usr/local/cuda`) before installing or importing DeepSpeed."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/CCmahua/ChatTTS-Enhanced/issues/3", "https://github.com/deepspeedai/DeepSpeed/issues/2772",
                 NVCC_DOCS),
        checked="2026-11-25",
        examples=("wheels/chattts-enhanced-3-deepspeed-cuda-home-missing.txt",),
    ),
    Signature(
        code="wheels.flash-attn-nvcc-too-old",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # flash-attn's setup.py checks the version of the nvcc it finds (CUDA_HOME, PATH), not torch.version.cuda.
        patterns=(r"FlashAttention is only supported on CUDA (?P<needed>\d{1,2}(?:\.\d{1,2})?) and above",),
        severity="fail",
        cause="flash-attn's build found an nvcc older than CUDA {needed} (or none), whatever CUDA PyTorch itself was "
              "built for.",
        advice=("Check the nvcc the build sees (`nvcc -V`, `which nvcc`, CUDA_HOME): install the CUDA toolkit of "
                "PyTorch's CUDA version and put its bin first on PATH with CUDA_HOME pointing at it (e.g. "
                "`export CUDA_HOME=/usr/local/cuda-12.1 PATH=/usr/local/cuda-12.1/bin:$PATH`), or install a prebuilt "
                "flash-attn wheel matching torch, CUDA and Python instead of building it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Dao-AILab/flash-attention/issues/825", "https://github.com/zai-org/GLM-4/issues/235",
                 "https://github.com/Dao-AILab/flash-attention#installation-and-features"),
        checked="2026-11-25",
        examples=("wheels/flash-attention-825-nvcc-10-on-path.txt", "wheels/glm-4-235-flash-attn-nvcc-version.txt"),
    ),
)
SIGNATURES += PYTHON_SIGNATURES + ABI_SIGNATURES + EXTENSION_SIGNATURES + PREBUILT_SIGNATURES + P15F_ROWS  # p15f: described
