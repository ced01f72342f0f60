"""Issue 25, twenty-third wave (w23a, breadth): building GPU Python packages from source.

PyTorch's extension builder (torch.utils.cpp_extension, behind flash-attn, xformers, apex, DeepSpeed's ops and most
research repositories' setup.py) ends every failed compile with "RuntimeError: Error compiling objects for extension",
whatever failed: the line names no cause, the first `error:` or `FAILED:` line of nvcc or the C++ compiler above it
does. The threads that settle it mostly land on the toolkit: an nvcc older than the package supports (flash-attn needs
CUDA 11.6 or newer), one of another CUDA than torch was built for (the distribution's /usr/bin/nvcc, a CUDA_HOME left at
another release), or a project written for an older CUDA and PyTorch; fewer on a gcc nvcc refuses, on RAM (`Killed`) or
on source written for an older torch API. The row (like wheels.extension-jit-build-failed for the just-in-time
build's "Error building extension") says where to look and what fixes it most often; the rows that read the specific
line (unsupported GNU version, Killed, the CUDA mismatch check) say the cause.

A CUDA extension compiled from source (flash-attn above all, Transformer Engine, xformers) takes from minutes to hours,
and pip runs as many parallel compile jobs as there are cores, each taking gigabytes: people report the install as
"stuck at Building wheel" or see the build take all the memory. The maintainers' answer is MAX_JOBS (fewer jobs), ninja
installed (without it the build is serial) or a prebuilt wheel; the row reads those descriptions (described=True).
Python's own Python.h (3.10 and older) includes <crypt.h>, which glibc 2.38 and later no longer ship and which
distributions put in a separate development package (libcrypt-dev, libxcrypt-devel); conda-forge's newer compiler
sysroot lacks it too. A C/C++/CUDA extension built against such a Python (a torch extension's JIT build, a setup.py
install in a conda environment) then stops at "fatal error: crypt.h: No such file or directory" (clang: "'crypt.h' file
not found"); the threads settle on installing the header (conda-forge's libxcrypt in the environment, or the system
package).
PyTorch's extension builder asks the shell for the compiler before it builds: `which c++` on Linux (or the compiler
CXX names), `where cl` on Windows; where none is installed (a slim image, a fresh CentOS, a conda environment without
gxx) the JIT build of an op (DeepSpeed's, a research repository's) stops with subprocess's "Command '['which', 'c++']'
returned non-zero exit status 1" before compiling anything. Installing the compiler fixes it.

On Windows, PyTorch's own header torch/csrc/dynamo/compiled_autograd.h fails under nvcc with MSVC ("error C2872: 'std':
ambiguous symbol") in extensions built against recent torch releases; the header carries a workaround guarded by
`defined(USE_CUDA)`, so extensions pass -DUSE_CUDA (pytorch/extension-cpp and cubvh did), or build against an older
torch whose header compiles.
flash-attn's setup.py (and other extension builds) imports packaging (psutil, ninja) before declaring anything: in pip's
isolated build environment, or with --no-build-isolation in an environment without them, the metadata step ends with
"No module named 'packaging'" followed by pip's "[end of output]". Installing them (with torch) into the environment and
building with --no-build-isolation is the settled answer.
PyTorch's CMake configuration (TorchConfig / Caffe2's cuda.cmake, used by libtorch projects, PyTorch's own source build
and extensions built with CMake: vLLM, k2) asked for the old NVTX library nvToolsExt until PyTorch's main branch moved
to the header-only nvtx3 in August 2024; CUDA 12.9 and later no longer ship nvToolsExt, and CUDA 12's Windows
installers leave it out, so configuring stops at "Failed to find nvToolsExt" (or a CUDA::nvToolsExt target not found).
The settled ways out: a newer torch whose CMake uses nvtx3, a toolkit that still has nvToolsExt, or CUDA::nvToolsExt
defined as an alias of CUDA::nvtx3 before find_package(Torch).
cuDNN's headers are not part of the CUDA toolkit: a build that includes cudnn.h (Transformer Engine's PyTorch extension
through ATen's cudnn-wrapper.h, darknet, Caffe) stops at "fatal error: cudnn.h: No such file or directory" where cuDNN
is not installed, was copied in part (cuDNN 8 split it into cudnn_version.h and other cudnn_*.h headers), or lies where
the build does not look; PyTorch's extension builder looks only under CUDNN_HOME or CUDNN_PATH.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_BUILD = ("build", "pip", "traceback", "other", "powershell", "docker")
CPP_EXTENSION_DOCS = "https://pytorch.org/docs/stable/cpp_extension.html"
FLASH_ATTN_README = "https://github.com/Dao-AILab/flash-attention#installation-and-features"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wheels.extension-compile-failed",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(r"RuntimeError: Error compiling objects for extension",),
        severity="fail",
        cause=("PyTorch's extension builder could not compile the package's C++/CUDA sources; the compiler's own error "
               "above this line names why, most often a CUDA toolkit (nvcc) that does not fit the package or torch."),
        advice=("Scroll up to the first `error:` or `FAILED:` line of nvcc or the C++ compiler. Then compare `nvcc -V` "
                "(the toolkit CUDA_HOME points at) with `python -c \"import torch; print(torch.version.cuda)\"` and with "
                "what the package supports (flash-attn needs CUDA 11.6 or newer; older projects need the CUDA and "
                "PyTorch they were written for): install that toolkit (NVIDIA's installer, or conda's cuda-toolkit of "
                "that version) and point CUDA_HOME and PATH at it before building again; use a gcc that this nvcc "
                "accepts; if the log shows `Killed`, lower MAX_JOBS; or install a prebuilt wheel of the package that "
                "matches torch, CUDA and Python instead of compiling."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/yuhuan-wu/RDPNet/issues/7",
                 "https://github.com/DeadAt0m/ActiveSparseShifts-PyTorch/issues/4",
                 "https://github.com/ayulockin/neurips-llm-efficiency-challenge/issues/3", CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("wheels/neurips-llm-3-flash-attn-build-cuda-115.txt",
                  "wheels/rdpnet-7-compile-objects-cuda-102-needs-90.txt",
                  "wheels/activesparseshifts-4-compile-objects-nvcc-100-vs-101.txt",
                  "wheels/tiny-cuda-nn-477-compile-objects-usr-bin-nvcc.txt"),
    ),
    Signature(
        code="wheels.source-build-stuck-described",
        described=True,
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            # "gets stuck at building wheel", "stuck at 'Building wheel for flash-attn (setup.py)'"
            r"\b(?:stuck|hangs?|hanging|frozen|freezes)\b[^\n]{0,40}?\b[Bb]uilding wheels?\b",
            # "Building wheel for flash_attn (setup.py)..." Loading FOREVER; "`Building wheels for collected packages`
            # of `flash-attn` rapidly takes up all the memory"
            r"\b[Bb]uilding wheels?\b[^\n]{0,80}?(?:\bstuck\b|\bhangs\b|\bforever\b|\bFOREVER\b|"
            r"takes? up all (?:the )?(?:memory|RAM)\b)",
        ),
        severity="warn",
        cause=("The description suggests a CUDA extension compiling from source (flash-attn, Transformer Engine, "
               "xformers): it takes from minutes to hours, and with one compile job per core, each taking gigabytes, "
               "it can use all the RAM and seem to hang."),
        advice=("Limit the parallel compile jobs: `MAX_JOBS=4 pip install -v flash-attn --no-build-isolation` (MAX_JOBS=1 "
                "on a machine with little RAM; -v shows the progress), with ninja installed (`pip install ninja`; without "
                "it the files compile one at a time); or skip compiling with a prebuilt wheel that matches your torch, "
                "CUDA and Python (the package's release assets)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/TransformerEngine/issues/976",
                 "https://github.com/Dao-AILab/flash-attention/issues/382", FLASH_ATTN_README, CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("wheels/transformerengine-976-stuck-building-wheel.txt",
                  "wheels/flash-attention-382-build-wheel-fills-memory.txt"),
    ),
    Signature(
        code="wheels.python-h-needs-crypt-h",
        cause_id="build-library-headers-missing",
        kinds=_BUILD,
        patterns=(r"fatal error: '?crypt\.h'?(?::| file not found)",),
        severity="fail",
        cause=("The compile includes Python.h, which (Python 3.10 and older) includes <crypt.h>, and no crypt.h is "
               "installed where the compiler looks: it comes from libxcrypt's development files, which newer glibc, "
               "slim images and conda-forge's compiler sysroot do not provide."),
        advice=("Install the crypt.h header where the build looks: in a conda environment `conda install -c conda-forge "
                "libxcrypt` (if the compiler still misses it, `export CPATH=$CONDA_PREFIX/include`), otherwise the system "
                "package (`sudo apt install libcrypt-dev`, `sudo dnf install libxcrypt-devel`); then build again. An "
                "environment with Python 3.11 or newer, whose Python.h no longer includes crypt.h, avoids it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/cortes-ciriano-lab/SComatic/issues/89",
                 "https://github.com/theimpostor/termux-vim-ycm/issues/1",
                 "https://github.com/ClementPinard/Pytorch-Correlation-extension/issues/105",
                 "https://github.com/python/cpython/pull/27394"),
        checked="2026-11-27",
        examples=("wheels/scomatic-89-python-h-crypt-h-conda-env.txt",
                  "wheels/termux-vim-ycm-1-python-h-crypt-h-not-found.txt"),
    ),
    Signature(
        code="wheels.cpp-extension-compiler-not-found",
        cause_id="c-compiler-missing",
        kinds=_BUILD,
        patterns=(
            r"Command '\['which', '(?P<compiler>c\+\+|g\+\+|gcc|cc)'\]' returned non-zero exit status",
            r"Command '\['where', '(?P<compiler>cl)'\]' returned non-zero exit status",
            # setuptools/distutils compiling a C extension for pip (python:*-slim images have no gcc)
            r"unable to execute '(?!nvcc')(?P<compiler>[\w.+-]{0,40}?(?:gcc|g\+\+|cc|c\+\+))': No such file or directory",
            r"error: command '(?!nvcc')(?P<compiler>[\w.+-]{0,40}?(?:gcc|g\+\+|cc|c\+\+))' failed: No such file or directory",
        ),
        severity="fail",
        cause=("A compile step (pip building a package from source, or PyTorch's extension builder compiling an op: "
               "DeepSpeed's ops, a project's CUDA/C++ extension) looked for the compiler `{compiler}` and found none "
               "on PATH."),
        advice=("Install a C/C++ compiler where the build runs: `sudo apt install build-essential` (Debian/Ubuntu; in a "
                "python:*-slim image `apt-get update && apt-get install -y --no-install-recommends build-essential` "
                "before the pip install), `sudo yum install gcc gcc-c++` (CentOS/RHEL), or `conda install -c "
                "conda-forge gxx_linux-64` in a conda environment (or point CXX at an installed g++); on Windows "
                "install Visual Studio's C++ Build Tools "
                "(\"Desktop development with C++\") and run from the x64 Native Tools prompt so that cl.exe is on PATH. "
                "Then run again."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/ssbuild/chatglm_finetuning/issues/165",
                 "https://github.com/FlagOpen/FlagEmbedding/issues/232", "https://github.com/docker-library/python/issues/60",
                 "https://github.com/tecoholic/ner-annotator/issues/24", CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("wheels/chatglm-finetuning-165-which-cpp-no-compiler.txt",
                  "wheels/flagembedding-232-deepspeed-which-cpp-centos.txt",
                  "wheels/docker-library-python-60-slim-has-no-gcc.txt",
                  "wheels/ner-annotator-24-slim-command-gcc-failed.txt"),
    ),
    Signature(
        code="wheels.torch-header-msvc-std-ambiguous",
        cause_id="build-toolchain-mismatch",
        refines=("wheels.msvc-std-ambiguous-symbol",),  # the generic C2872 'std' line, any header, any language (w54b)
        kinds=_BUILD,
        patterns=(r"compiled_autograd\.h\(\d+\): error C2872: 'std': ambiguous symbol",),
        severity="fail",
        cause=("On Windows, nvcc with MSVC cannot compile PyTorch's own header torch/csrc/dynamo/compiled_autograd.h "
               "in this extension ('std': ambiguous symbol): recent torch releases need the extension to define "
               "USE_CUDA, which turns on the header's Windows workaround."),
        advice=("Add -DUSE_CUDA to the extension's compile flags for both compilers (setup.py extra_compile_args "
                "{'cxx': [..., '/DUSE_CUDA'], 'nvcc': [..., '-DUSE_CUDA']}), or build against an older torch release whose "
                "header compiles (some projects pin torch 2.8 for this), then build again."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/extension-cpp/pull/128", "https://github.com/ashawkey/cubvh/pull/31",
                 "https://github.com/pytorch/pytorch/issues/166123", "https://github.com/k2-fsa/k2/issues/1342"),
        checked="2026-11-27",
        examples=("wheels/extension-cpp-128-msvc-std-ambiguous-compiled-autograd.txt",
                  "wheels/pytorch-166123-msvc-std-ambiguous-torch-29.txt"),
    ),
    Signature(
        code="wheels.build-imports-undeclared-module",
        cause_id="build-isolation-no-torch",
        kinds=_BUILD,
        # pip closes the build's captured output right after the error (the torch case is build-isolation-without-torch)
        patterns=(r"No module named '(?P<module>packaging|psutil|ninja|wheel)' \[end of output\]",),
        severity="fail",
        cause=("The package's setup.py (flash-attn's among others) imports {module} while it builds, and the environment "
               "that runs the build has none: pip's isolated build environment, or, with --no-build-isolation, yours."),
        advice=("Install the build's own imports into the environment first: `pip install packaging wheel ninja psutil` "
                "(and the torch build you want), then build the package without isolation: `pip install flash-attn "
                "--no-build-isolation` (take it out of the requirements file and install it after them); or install a "
                "prebuilt wheel matching your torch, CUDA and Python."),
        action="configure",
        rules_out=("a driver or CUDA fault",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/jhc13/taggui/issues/210", "https://github.com/henry123-boy/SpaTracker/issues/7",
                 "https://github.com/Dao-AILab/flash-attention/issues/453", FLASH_ATTN_README),
        checked="2026-11-27",
        examples=("wheels/spatracker-7-flash-attn-setup-no-packaging.txt",
                  "wheels/taggui-210-requirements-flash-attn-no-packaging.txt"),
    ),
    Signature(
        code="wheels.torch-cmake-nvtoolsext-missing",
        cause_id="build-toolchain-mismatch",
        kinds=_BUILD,
        patterns=(
            r"Failed to find nvToolsExt",
            r"\b(?:CUDA::)?nvToolsExt\b[^\n]{0,40}?\bnot (?:found|exist)",
            r"cannot find -l(?:CUDA::)?nvToolsExt\b",
        ),
        severity="fail",
        cause=("The build's PyTorch CMake configuration asks for NVTX's old nvToolsExt library, which this CUDA toolkit "
               "does not have (CUDA 12.9 and later dropped it; CUDA 12's Windows installers leave it out)."),
        advice=("Build against a torch whose CMake uses the header-only nvtx3 (a release made after PyTorch's main "
                "moved to it in August 2024, or the nightly), or use a CUDA toolkit that still ships nvToolsExt (12.8 or "
                "older; on Windows add the NVTX component); in your own CMakeLists.txt, define CUDA::nvToolsExt as an "
                "INTERFACE target linking CUDA::nvtx3 before find_package(Torch)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/pytorch/pytorch/issues/133293", "https://github.com/vllm-project/vllm/issues/20892",
                 "https://github.com/pytorch/pytorch/issues/116242", "https://github.com/k2-fsa/k2/issues/1320"),
        checked="2026-11-27",
        examples=("wheels/pytorch-133293-cmake-failed-to-find-nvtoolsext-cuda126.txt",
                  "wheels/vllm-20892-cuda-129-nvtoolsext-not-found.txt"),
    ),
    Signature(
        code="wheels.cudnn-headers-missing",
        cause_id="build-library-headers-missing",
        kinds=_BUILD,
        patterns=(
            r"fatal error: '?(?P<header>cudnn\w{0,20}\.h)'?(?::| file not found)",
            r"Cannot open include file: '(?P<header>cudnn(?:_version)?\.h)'",
        ),
        severity="fail",
        cause=("The build includes cuDNN's header {header}, which is not where the compiler looks: cuDNN's development "
               "files are not installed, were copied in part (cuDNN 8 and later split cudnn.h into cudnn_version.h and "
               "other cudnn_*.h headers), or lie in a folder the build is not told about."),
        advice=("Install cuDNN for this CUDA version with its headers (the libcudnn-dev / cudnn-devel package, conda's "
                "cudnn, pip's nvidia-cudnn-cu12 whose package folder has include/ and lib/, or NVIDIA's archive with every "
                "include/cudnn*.h copied next to CUDA's headers), then point the build at it: PyTorch extension builds "
                "(Transformer Engine) read CUDNN_PATH or CUDNN_HOME (`export CUDNN_PATH=/path/to/cudnn`), other builds "
                "CPATH or their own include setting."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/TransformerEngine/issues/918", "https://github.com/AlexeyAB/darknet/issues/6586",
                 "https://github.com/pjreddie/darknet/issues/2356", "https://github.com/BVLC/caffe/issues/1325",
                 CPP_EXTENSION_DOCS),
        checked="2026-11-27",
        examples=("wheels/transformerengine-918-cudnn-h-torch-extension-slurm.txt",
                  "wheels/darknet-6586-no-cudnn-header-cuda-102.txt",
                  "wheels/darknet-2356-cudnn-version-h-missing.txt"),
    ),
)
