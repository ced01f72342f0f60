"""Issue 25, rows for native Windows CUDA set-ups that fresh threads showed the catalogue missing.

nvcc on Windows compiles only with Microsoft's cl.exe, and checks it twice before it starts: the cl.exe first on PATH
must be the one its -ccbin option names (a Visual Studio build passes -ccbin; a 32-bit or cross Developer Prompt, a
second Visual Studio or a tool's cl.exe wrapper earlier on PATH then makes nvcc stop), and at least one Visual Studio
release of the range this CUDA supports must be installed with its C++ compiler. Each check has its own "nvcc fatal"
line, neither of them host_config.h's "unsupported Microsoft Visual Studio version" (wsl.windows-nvcc-unsupported-
visual-studio reads that one).

TensorRT on Windows is a zip of DLLs, or pip packages: the tensorrt Python package looks its DLLs up on PATH
("Could not find: nvinfer.dll. Is it on your PATH?"), and trtexec and programs built against it say "Unable to open
library: nvinfer_plugin_10.dll". The threads settle on putting TensorRT's lib folder on PATH. The same Python lookup
names the CUDA libraries of the CUDA that TensorRT build was made for (cublas64_10.dll for a CUDA 10 build): with
another CUDA installed, the fix is the TensorRT build for the installed CUDA.

A PyTorch CUDA extension built on Windows links against torch\\lib\\c10_cuda.lib (and torch_cuda.lib), which only the CUDA
builds of PyTorch ship: link.exe's LNK1181 for that file means a CPU-only PyTorch is installed (a wheels.* row, kept here
with the other Windows rows).

A Visual Studio project (.vcxproj) with CUDA sources imports "BuildCustomizations\\CUDA X.Y.props" and ".targets", the
MSBuild rules CUDA's installer copies into each Visual Studio it integrates with. MSBuild's MSB4019 "The imported project
... was not found" for them means that this Visual Studio has no rules of that CUDA release: the project names a CUDA
other than the one installed (the threads retarget it under Build Dependencies > Build Customizations, or install that
CUDA), or the CUDA is installed without this Visual Studio's integration (installed before Visual Studio, or unticked).

"nvcc fatal : A single input file is required for a non-link phase when an outputfile is specified" means nvcc took a
word of its command line for a second source file. On Windows the threads settle on a path with spaces (the project
under "Visual Studio 2015\\Projects" or "Python code", split where it is not quoted), an MSVC option (/EHsc, /wd4018)
handed to nvcc itself rather than through -Xcompiler, or an option left without its value by an unset variable.

A stage nvcc runs that dies with Windows' 0xC0000005 (ACCESS_VIOLATION: cudafe++, cicc, cl.exe) is a compiler crash, no
fault of the GPU or the driver: a bug of a CUDA release with an MSVC release on some source (onnxruntime worked around
CUDA 12.9 with MSVC 14.44 in its code), or the 32-bit host tools of an x86 Developer Command Prompt.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVCC_DOCS = "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#compiler-bindir-directory-ccbin"
WINDOWS_GUIDE = "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html"
TENSORRT_INSTALL = "https://docs.nvidia.com/deeplearning/tensorrt/latest/installing-tensorrt/installing.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.nvcc-cl-exe-path-differs-from-ccbin",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's two wordings of the check (older releases: "Compiler 'cl.exe' in PATH different than the one specified
        # with -ccbin"; newer ones: "cl.exe in PATH (<dir>) is different than one specified with -ccbin (<dir>)").
        patterns=(r"nvcc fatal\s{0,4}: Compiler 'cl\.exe' in PATH different than the one specified with -ccbin",
                  # the folders may hold parentheses themselves ("C:/Program Files (x86)/...")
                  r"nvcc fatal\s{0,4}: cl\.exe in PATH \((?P<path_dir>[^\n]{1,200}?)\) is different than one specified "
                  r"with -ccbin"),
        severity="fail",
        cause="nvcc refuses to compile because the cl.exe found first on PATH is not the one its -ccbin option names "
              "(a 32-bit or cross-compiling cl.exe of another Developer Prompt, a second Visual Studio, or a tool's "
              "cl.exe wrapper earlier on PATH).",
        advice=("Make the first cl.exe on PATH the one -ccbin names (`where cl` lists them in order): build from the "
                "\"x64 Native Tools Command Prompt for VS\" (vcvars64.bat, whose cl.exe is bin\\HostX64\\x64) rather than "
                "the x86 Developer Command Prompt, take other Visual Studio folders or a tool's cl.exe wrapper (a "
                "coverage or compiler-cache tool) off PATH for the CUDA build, or point -ccbin at the same Visual "
                "Studio as PATH."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/cuda-samples/issues/163", "https://github.com/NVIDIA/cuda-samples/issues/222",
                 "https://github.com/AlexeyAB/darknet/issues/271", NVCC_DOCS),
        checked="2026-11-27",
        examples=("cuda/cudasamples-163-ccbin-cl-exe-x86-devprompt.txt",
                  "cuda/cudasamples-222-ccbin-cl-exe-coverage-wrapper.txt"),
    ),
    Signature(
        code="cuda.nvcc-no-supported-visual-studio",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc's own check on Windows, before any compiling: "nvcc fatal : nvcc cannot find a supported version of
        # Microsoft Visual Studio. Only the versions between 2017 and 2019 (inclusive) are supported!" (older releases:
        # "nvcc : fatal error : ... Only the versions 2008, 2010, and 2012 are supported").
        patterns=(r"nvcc cannot find a supported version of Microsoft Visual Studio",),
        severity="fail",
        cause="nvcc found no Visual Studio it accepts as host compiler: none is installed with its C++ (x64) compiler, "
              "or only releases outside the range this CUDA supports (the message lists the range).",
        advice=("Install a Visual Studio release of the range the message lists with the \"Desktop development with "
                "C++\" workload (its MSVC x64 build tools) and build from its x64 Native Tools Command Prompt "
                "(vcvars64.bat), or in MATLAB select it with `mex -setup`; or install a CUDA Toolkit whose range "
                "includes the Visual Studio you have. nvcc's -allow-unsupported-compiler skips the check at your own "
                "risk."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "gcc"),
        sources=("https://github.com/CERN/TIGRE/issues/414", "https://github.com/CERN/TIGRE/issues/86", WINDOWS_GUIDE),
        checked="2026-11-27",
        examples=("cuda/tigre-414-nvcc-no-supported-visual-studio.txt",),
    ),
    Signature(
        code="cuda.tensorrt-windows-dll-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The tensorrt Python package's lookup ("FileNotFoundError: Could not find: nvinfer.dll. Is it on your PATH?",
        # nvinfer_10.dll for TensorRT 10) and TensorRT's own loader in trtexec and programs linked against it ("Unable to
        # open library: nvinfer_plugin_10.dll", "Unable to load library: nvinfer_builder_resource.dll").
        patterns=(r"Could not find: (?P<library>nv(?:infer|onnxparser|parsers)\w{0,30}\.dll)",
                  r"Unable to (?:open|load) library: (?P<library>nv(?:infer|onnxparser|parsers)\w{0,30}\.dll)"),
        severity="fail",
        cause="TensorRT's {library} is in no folder Windows searches for DLLs: TensorRT's lib folder (of its zip, or a "
              "build's output) is not on PATH, or the shell was started before PATH changed.",
        advice=("Add the folder that holds {library} (TensorRT-x.y.z\\lib of the zip, or the build's Release folder) to "
                "PATH and open a new terminal (`where {library}` must find it), or install TensorRT as pip packages "
                "for your CUDA (tensorrt-cu12), which bring their DLLs."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/TensorRT/issues/3252", "https://github.com/NVIDIA/TensorRT/issues/4159",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/2489", TENSORRT_INSTALL),
        checked="2026-11-27",
        examples=("cuda/tensorrt-3252-nvinfer-dll-not-on-path.txt",
                  "cuda/tensorrt-4159-nvinfer-plugin-10-dll-unable-to-open.txt"),
    ),
    Signature(
        code="cuda.tensorrt-windows-cuda-dll-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The same lookup of the tensorrt Python package for a CUDA library: it names the library of the CUDA (and
        # cuDNN) that TensorRT build was made for (cublas64_10.dll for CUDA 10, cublas64_11.dll for 11, cudnn64_8.dll).
        patterns=(r"Could not find: (?P<library>(?:cublas|cublasLt|cudart|cudnn|nvrtc|cufft|curand|cusparse|cusolver)"
                  r"\w{0,12}64_\d{1,3}\w{0,4}\.dll)\. Is it on your PATH\?",),
        severity="fail",
        cause="The tensorrt package loads the CUDA libraries of the CUDA it was built for, and no {library} is on PATH: "
              "this TensorRT build is for another CUDA (or cuDNN) than the one installed, or that CUDA's bin folder "
              "is not on PATH.",
        advice=("Install the TensorRT build made for the CUDA you have (its zip and wheel names say cuda-11.x or "
                "cuda-12.x; with pip, tensorrt-cu11 or tensorrt-cu12), or install the CUDA (and cuDNN) release it was "
                "built for and put its bin folder on PATH; `where {library}` shows whether any copy is reachable."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Lyric0620/ETSAuto/issues/40", "https://github.com/Lyric0620/ETSAuto/issues/10",
                 TENSORRT_INSTALL),
        checked="2026-11-27",
        examples=("cuda/etsauto-40-tensorrt-cublas64-10-dll-not-found.txt",),
    ),
    Signature(
        code="wheels.windows-extension-torch-cuda-lib-missing",
        cause_id="torch-cpu-build",
        kinds=("any",),
        # link.exe in English and in a Chinese Windows (its quotes straightened, as the matcher reads every text); the
        # import libraries exist only in CUDA builds of PyTorch.
        patterns=(r"LNK1181: cannot open input file '(?P<lib>c10_cuda|torch_cuda(?:_cu|_cpp)?)\.lib'",
                  r"LNK1181: 无法打开输入文件\"(?P<lib>c10_cuda|torch_cuda(?:_cu|_cpp)?)\.lib\""),
        severity="fail",
        cause="Linking the CUDA extension needs PyTorch's {lib}.lib, which only CUDA builds of PyTorch ship: the "
              "installed PyTorch is a CPU-only build.",
        advice=("Install a CUDA build of PyTorch in this environment (`pip install torch --index-url "
                "https://download.pytorch.org/whl/cu121`, or the cuXXX index of your CUDA; `python -c \"import torch; "
                "print(torch.version.cuda)\"` must not print None), then rebuild the extension."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA Toolkit install"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ashawkey/torch-ngp/issues/200", "https://pytorch.org/get-started/locally/"),
        checked="2026-11-27",
        examples=("wheels/torchngp-200-c10-cuda-lib-cpu-torch.txt",),
    ),
    Signature(
        code="cuda.vs-project-cuda-build-rules-missing",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # MSBuild's MSB4019 for the CUDA rules a .vcxproj imports, in English (both of MSBuild's wordings follow the
        # quoted path with "was not found") and in a Chinese Visual Studio (its “ ” read as straight quotes).
        patterns=(r"The imported project \"[^\"\n]{0,300}?BuildCustomizations\\{1,2}CUDA (?P<version>\d{1,2}\.\d)"
                  r"\.(?:props|targets)\" was not found",
                  r"未找到导入的项目\"[^\"\n]{0,300}?BuildCustomizations\\{1,2}CUDA (?P<version>\d{1,2}\.\d)\.(?:props|targets)\""),
        severity="fail",
        cause="The Visual Studio project imports the MSBuild rules of CUDA {version}, and this Visual Studio has none: "
              "CUDA {version} is not the CUDA installed, or it was installed without this Visual Studio's integration.",
        advice=("If another CUDA is installed, retarget the project to it: right-click the project > Build Dependencies "
                "> Build Customizations and tick the installed CUDA (or change the 'CUDA {version}.props' and "
                "'.targets' imports in the .vcxproj), or install CUDA {version}. If CUDA {version} is installed, add "
                "its Visual Studio integration: rerun its installer with Visual Studio Integration (after installing "
                "Visual Studio), or copy the files of extras\\visual_studio_integration\\MSBuildExtensions into the "
                "BuildCustomizations folder the error names."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/dlunion/tensorRTIntegrate/issues/15", "https://github.com/UCI-CARL/CARLsim4/issues/67",
                 "https://github.com/brichard19/BitCrack/issues/234", WINDOWS_GUIDE),
        checked="2026-11-27",
        examples=("cuda/tensorrtintegrate-15-vcxproj-cuda-10-props-not-found.txt",
                  "cuda/rt64-15-cuda-113-props-not-found-vs2019.txt",
                  "cuda/carlsim4-67-vcxproj-cuda-80-props-not-found.txt",
                  "cuda/bitcrack-234-cuda-101-props-not-in-vs2019.txt"),
    ),
    Signature(
        code="cuda.nvcc-extra-input-file",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # "outputfile" in the message of older nvcc releases, "output file" in newer ones (CUDA 13).
        patterns=(r"nvcc fatal\s{0,4}: A single input file is required for a non-link phase when an output ?file is "
                  r"specified",),
        severity="fail",
        cause="nvcc was given more than one input file for a compile step: a word of its command line that is no "
              "option (a path with spaces split into words, an MSVC option such as /EHsc passed to nvcc instead of "
              "through -Xcompiler, or an option left without its value by an unset variable) was taken for a second "
              "source file.",
        advice=("Read the nvcc command the build printed above the error: build from folders whose paths have no "
                "spaces (the project, its build folder and the tools it names) or quote them, pass MSVC options to "
                "the host compiler through -Xcompiler (or as -EHsc, not /EHsc), and set the variables the build takes "
                "paths from (CUDA_ROOT, CUDA_PATH) so that no option is left without its value."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/zhai-xiao/CPP-Fluid-Particles/issues/6", "https://github.com/KlausT/ccminer/issues/263",
                 "https://github.com/parallel101/course/issues/27", "https://github.com/NVlabs/instant-ngp/issues/761"),
        checked="2026-11-27",
        examples=("cuda/cppfluid-6-nvcc-single-input-file-space-in-path.txt",
                  "cuda/ccminer-263-nvcc-single-input-vs-projects-path.txt",
                  "cuda/xnorbnn-6-nvcc-single-input-empty-cuda-root.txt"),
    ),
    Signature(
        code="cuda.nvcc-stage-access-violation",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(r"'(?P<tool>cudafe\+\+|cicc|cl\.exe|ptxas|nvlink|fatbinary)' died with status 0xC0000005 "
                  r"\(ACCESS_VIOLATION\)",),
        severity="fail",
        cause="A compiler stage nvcc runs ({tool}) crashed with an access violation: a bug of this CUDA release with "
              "this MSVC release on this source, or the 32-bit (x86) host tools, not a fault of the GPU or the driver.",
        advice=("Build from the x64 Native Tools Command Prompt (MSVC's HostX64 tools, not HostX86); if it still "
                "crashes, change the CUDA and MSVC pairing (another CUDA release, or an older MSVC toolset from the "
                "Visual Studio Installer) or take the project's release that avoids the crash, and report it to "
                "NVIDIA with the file that triggers it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/microsoft/onnxruntime/issues/25239",
                 "https://github.com/microsoft/onnxruntime/pull/25317", "https://github.com/owensgroup/GpuBTree/issues/21"),
        checked="2026-11-27",
        examples=("cuda/onnxruntime-25239-cudafe-access-violation-cuda129-msvc1444.txt",
                  "cuda/gpubtree-21-nvcc-cl-exe-access-violation.txt"),
    ),
)
