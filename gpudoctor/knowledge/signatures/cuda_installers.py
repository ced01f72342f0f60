"""NVML and the CUDA runtime, installing the toolkit and compiling with it: what the CUDA runfile (cuda_<version>_linux.run)
says when it cannot install (its messages end in "See log at /var/log/cuda-installer.log"; the log's [ERROR] lines name
the reason), and the errors nvcc's host front end gives on a GCC's headers it cannot parse (rows of the cuda area, added to
cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_RUNFILE_GUIDE = "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html#runfile-installation"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.runfile-no-space",
        cause_id="cuda-installer-disk-full",
        kinds=("any",),
        # The runfile unpacks the whole toolkit (several GB; Nsight tools included) into /tmp unless --tmpdir says
        # otherwise, then copies it to the install prefix. A small tmpfs /tmp, a container layer or a full disk stops it:
        # the screen says "An error occurred during extraction", the log the boost::filesystem call that failed.
        patterns=(r"boost::filesystem::\w{1,20}: No space left on device",
                  r"An error occurred during extraction\. See log at /var/log/cuda-installer\.log"),
        severity="fail",
        cause="The CUDA runfile ran out of disk space while unpacking or installing the toolkit (it needs several GB in "
              "its temporary directory, /tmp by default, and at the install prefix).",
        advice=("Give the installer room: check `df -h /tmp /usr/local`, then run it with a temporary directory on a "
                "filesystem with several GB free (`sudo sh cuda_<version>_linux.run --tmpdir=/var/tmp`), or install only "
                "what you need (`--silent --toolkit`, without the driver and Nsight tools), or free space on the install "
                "prefix."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/compiler-explorer/infra/pull/286", "https://github.com/Jimver/cuda-toolkit/issues/207",
                 _RUNFILE_GUIDE),
        checked="2026-11-26",
        examples=("cuda/compilerexplorer-286-cuda-installer-extraction-no-space.txt",),
    ),
    Signature(
        code="cuda.nvcc-libstdcxx-parameter-packs",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc 11.5's host front end (Ubuntu 22.04's nvidia-cuda-toolkit package ships it) chokes on GCC 11's libstdc++
        # <functional> (std_function.h), on any .cu file that includes it: "parameter packs not expanded with '...'", in
        # ASCII or typographic quotes. NVIDIA fixed it in CUDA 11.6; older host compilers (g++-10) avoid it.
        patterns=(r"std_function\.h:\d{1,5}:\d{1,5}: error: parameter packs not expanded with",),
        severity="fail",
        cause="This nvcc (CUDA 11.5, the one Ubuntu 22.04 packages) cannot parse GCC 11's C++ standard library headers, so "
              "the CUDA sources do not compile.",
        advice=("Build with a newer CUDA toolkit (11.6 or later; 11.8 or 12.x from NVIDIA's repository, e.g. `sudo apt "
                "install cuda-toolkit-12-4`, with `/usr/local/cuda/bin` ahead of `/usr/bin` on PATH) instead of Ubuntu's "
                "nvidia-cuda-toolkit 11.5 (`nvcc --version` shows which one runs), or keep nvcc 11.5 and give it an older "
                "host compiler: `sudo apt install g++-10` and `-ccbin g++-10` (CMake: "
                "`-DCMAKE_CUDA_HOST_COMPILER=g++-10`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("nvcc==11.5 with gcc>=11",),
        sources=("https://github.com/brucefan1983/GPUMD/issues/738", "https://github.com/JiyaSu/CapelliniSpTRSV/issues/2",
                 "https://github.com/NVIDIA/nccl/issues/650", "https://github.com/NVlabs/instant-ngp/issues/1240",
                 "https://stackoverflow.com/questions/74350584/nvcc-compilation-error-using-thrust-in-cuda-11-5"),
        checked="2026-11-26",
        examples=("cuda/capellini-2-nvcc-115-gcc114-parameter-packs.txt", "cuda/gpumd-738-nvcc-115-gcc11-parameter-packs.txt"),
    ),
    Signature(
        code="cuda.nvcc-host-intrinsics-undefined",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc compiles a .cu file's host code with its own front end, which knows only the GCC builtins of the host
        # compilers it supports; GCC's x86 intrinsics headers (<immintrin.h>: amxtileintrin.h from GCC 12/13.2.1 on,
        # avx512*intrin.h with some flags) call builtins it lacks. A project header that includes <immintrin.h> in a
        # CUDA source, or a host GCC newer than the toolkit supports, shows it.
        patterns=(r"identifier \"__builtin_ia32_\w{2,40}\" is undefined",),
        severity="fail",
        cause="nvcc's host front end met GCC x86 intrinsics (<immintrin.h>) whose builtins it does not know: the CUDA "
              "source pulls that header in, with a host GCC newer than this CUDA toolkit handles.",
        advice=("Keep <immintrin.h> out of the CUDA sources (update the project: llama.cpp, ik_llama.cpp and Boost have "
                "fixed their includes), or compile the CUDA code with a host compiler this nvcc supports "
                "(`-DCMAKE_CUDA_HOST_COMPILER=g++-12`, or `NVCC_CCBIN=g++-12`; the CUDA release notes list the supported "
                "GCC versions), or use a newer CUDA toolkit."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ikawrakow/ik_llama.cpp/issues/2263", "https://github.com/dealii/dealii/pull/17420",
                 "https://github.com/ggml-org/llama.cpp/issues/9473",
                 "https://stackoverflow.com/questions/78271025/why-is-nvcc-giving-the-error-identifier-builtin-ia32-ldtilecfg-"
                 "is-undefined"),
        checked="2026-11-26",
        examples=("cuda/ikllama-2263-nvcc-gcc12-amx-builtins.txt", "cuda/dealii-17420-boost-immintrin-under-nvcc.txt"),
    ),
    Signature(
        code="cuda.nvcc-host-compiler-unusable",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc runs the host compiler first to learn its version and predefined macros; when the compiler it was told to
        # use (-ccbin, NVCC_CCBIN, CMAKE_CUDA_HOST_COMPILER, or the first g++/cl.exe on PATH) is missing or fails, it
        # stops with this line (the shell's "No such file or directory" or the compiler's own error just above it).
        patterns=(r"nvcc fatal\s{0,4}: Failed to preprocess host compiler properties",),
        severity="fail",
        cause="nvcc could not run its host C++ compiler (the one -ccbin, NVCC_CCBIN or CMAKE_CUDA_HOST_COMPILER names, or "
              "the first on PATH): it is missing or fails, so nothing can be compiled.",
        advice=("Point nvcc at an installed host compiler that this CUDA supports: check what it was told to use "
                "(`echo $NVCC_CCBIN`, the build's -ccbin or CMAKE_CUDA_HOST_COMPILER) and `which g++`; install one "
                "(`sudo apt install build-essential g++-12`) and pass it, e.g. `-ccbin /usr/bin/g++-12` "
                "(`-DCMAKE_CUDA_HOST_COMPILER=/usr/bin/g++-12`), or unset a stale NVCC_CCBIN."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/compiler-explorer/compiler-explorer/issues/8042",
                 "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#compiler-bindir-directory-ccbin"),
        checked="2026-11-26",
        examples=("cuda/compilerexplorer-8042-nvcc-ccbin-missing-host-compiler.txt",),
    ),
    Signature(
        code="cuda.nvcc-host-compiler-wrong-target",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's check of the host compiler's target: on Windows only 64-bit MSVC (cl.exe for x64) is accepted, so
        # MinGW's gcc, a 32-bit (x86) cl.exe or an old Visual C++ fail here; on Linux a compiler nvcc does not take for a
        # GCC-compatible x86_64 one (an old clang) does.
        patterns=(r"nvcc fatal\s{0,4}: Host compiler targets unsupported OS",),
        severity="fail",
        cause="nvcc's host compiler is not one it can use on this platform: on Windows it needs 64-bit MSVC (not MinGW "
              "gcc, not the x86 cl.exe); on Linux a GCC (or a clang version this CUDA supports).",
        advice=("On Windows build with Visual Studio's 64-bit toolchain: run from the \"x64 Native Tools Command Prompt "
                "for VS\" (or `vcvars64.bat`), with CMake `-G \"Visual Studio 17 2022\" -A x64` (an older VS: its Win64 "
                "generator), not MinGW; on Linux give nvcc GCC as host compiler (`-ccbin g++`, "
                "`-DCMAKE_CUDA_HOST_COMPILER=g++`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/fixstars/libSGM/issues/23", "https://github.com/dmlc/cxxnet/issues/71",
                 "https://github.com/abetlen/llama-cpp-python/issues/1642",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html"),
        checked="2026-11-26",
        examples=("cuda/libsgm-23-nvcc-unsupported-os-vs-win64.txt", "cuda/cxxnet-71-nvcc-clang-host-unsupported-os.txt"),
    ),
    Signature(
        code="cuda.nvcc-cxx-standard-unknown",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc learns each -std value with a release (c++11 in CUDA 7, c++14 in 9, c++17 in 11, c++20 in 12): an older nvcc
        # on PATH (a distribution's /usr/bin/nvcc, CUDA 10.1 on Ubuntu 20.04) refuses what the project or PyTorch (C++17
        # since 2.1) asks for. Before CUDA 7 there is no -std at all.
        patterns=(r"nvcc fatal\s{0,4}: Value 'c\+\+(?P<std>\d{2})' is not defined for option 'std'",
                  r"nvcc fatal\s{0,4}: Unknown option '-?std'"),
        severity="fail",
        cause="The nvcc that runs is too old for the C++ standard the build asks for: C++11 needs CUDA 7, "
              "C++14 CUDA 9, C++17 CUDA 11, C++20 CUDA 12.",
        advice=("See which nvcc runs (`which nvcc && nvcc --version`; often the distribution's old /usr/bin/nvcc); install "
                "a newer CUDA toolkit (11.x or 12.x, matching your PyTorch's CUDA for extensions) and put it first: "
                "`export PATH=/usr/local/cuda/bin:$PATH CUDA_HOME=/usr/local/cuda` (CMake: `-DCMAKE_CUDA_COMPILER="
                "/usr/local/cuda/bin/nvcc`), or remove the old nvidia-cuda-toolkit package."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/heavyai/heavydb/issues/302", "https://github.com/heavyai/heavydb/issues/664",
                 "https://github.com/NervanaSystems/neon/issues/150",
                 "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#std-c-03-c-11-c-14-c-17-c-20-std"),
        checked="2026-11-26",
        examples=("cuda/heavydb-302-nvcc-std-cxx14-old-cuda.txt", "cuda/neon-150-nvcc-unknown-option-std-cuda65.txt"),
    ),
    Signature(
        code="cuda.nvcc-libdevice-not-found",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc finds libdevice (nvvm/libdevice) relative to itself through bin/nvcc.profile: a copy or link of nvcc outside
        # its install tree (an old /usr/bin/nvcc, /usr/local/bin/nvcc) or a distribution's split package lacks it, and
        # `sudo` resetting PATH makes such a copy the one that runs.
        patterns=(r"nvcc fatal\s{0,4}: Path to libdevice library not specified",),
        severity="fail",
        cause="The nvcc that runs is not inside a complete CUDA install (a copy or link such as /usr/bin/nvcc, or a "
              "toolkit missing nvvm/libdevice), so it cannot find libdevice and compiles nothing.",
        advice=("Run the toolkit's own nvcc: put its bin directory first on PATH (`export "
                "PATH=/usr/local/cuda/bin:$PATH`, and `sudo env \"PATH=$PATH\" ...` under sudo, which resets PATH) or "
                "point the build at it (`CUDA_HOME=/usr/local/cuda`, `-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc`); "
                "`which -a nvcc` shows the stray copies, such as an old /usr/bin/nvcc, to remove."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/CharlesShang/DCNv2/issues/110", "https://github.com/cudamat/cudamat/issues/40",
                 "https://github.com/NVIDIA/nvvl/issues/99", "https://github.com/cbuchner1/CudaMiner/issues/53"),
        checked="2026-11-26",
        examples=("cuda/dcnv2-110-usr-bin-nvcc-libdevice-path.txt", "cuda/cudamat-40-libdevice-sudo-path-reset.txt"),
    ),
    Signature(
        code="cuda.linker-cannot-find-cuda-library",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # ld's words when a build links a CUDA toolkit library it is not told where to find: the toolkit's lib64 is not
        # on the linker's search path (LD_LIBRARY_PATH is for loading at run time and does not count), or the library's
        # development package (the unversioned .so) is not installed. libcuda (-lcuda) is the driver's:
        # frameworks.triton-cannot-link-libcuda reads that one.
        patterns=(r"\bld(?:\.exe)?: cannot find -l(?P<library>cudart(?:_static)?|cublas(?:Lt)?|cufft|curand|cusparse|cusolver|"
                  r"npp\w{0,8}|nvrtc|cudnn)\b",),
        severity="fail",
        cause="The linker cannot find the CUDA toolkit library {library}: the toolkit's library directory is not on its "
              "search path (LD_LIBRARY_PATH only matters at run time), or that library's development files are not "
              "installed.",
        advice=("Give the link step CUDA's library directory: `-L/usr/local/cuda/lib64` (CMake: find_package(CUDAToolkit) "
                "and link CUDA::cudart) or `export LIBRARY_PATH=/usr/local/cuda/lib64:$LIBRARY_PATH`; if "
                "/usr/local/cuda/lib64 has no lib{library}.so, install the toolkit's development package (e.g. "
                "`sudo apt install cuda-cudart-dev-12-4`, or `cuda-toolkit`), and in a conda environment "
                "`conda install -c nvidia cuda-cudart-dev`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/bheisler/RustaCUDA/issues/15", "https://github.com/NVIDIA/VideoProcessingFramework/issues/5",
                 "https://github.com/MrTornado24/Next3D/issues/25", "https://github.com/ivan-chai/torch-linear-assignment/issues/2"),
        checked="2026-11-26",
        examples=("cuda/rustacuda-15-ld-cannot-find-lcudart-library-path.txt",
                  "cuda/vpf-5-ld-cannot-find-lcudart-not-ld-library-path.txt"),
    ),
)
