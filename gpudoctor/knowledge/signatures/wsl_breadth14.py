"""WSL 2 and Windows rows of the fourteenth round: generic lines read in WSL, and failures of the Windows tools people
run beside it (rows of the WSL area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.wheels_w29b import CUDA_MSVC_SUPPORT, MSVC_TABLE

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.linker-cannot-find-libcuda",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The linker's own words when a build links the driver library (-lcuda): Triton's launcher under
        # torch.compile, unsloth and vLLM, FlashInfer's and other JIT extensions. Inside WSL 2 the Windows driver's
        # libcuda.so is mounted only in /usr/lib/wsl/lib, which ld.so.conf (ld.wsl.conf) gives the dynamic loader but
        # not the link editor, and whose files are copies, not symlinks, so ldconfig names only libcuda.so.1. Outside
        # WSL the line is frameworks.triton-cannot-link-libcuda's (a missing libcuda.so link of the Linux driver).
        patterns=(r"\bld(?:\.exe)?: cannot find -lcuda\b",),
        contexts=("wsl",),
        refines=("frameworks.triton-cannot-link-libcuda",),
        severity="fail",
        cause="A build linking the CUDA driver library (-lcuda: Triton's launcher under torch.compile, a JIT or CUDA "
              "extension) found no libcuda.so inside WSL 2, where the Windows driver's copy lives only in "
              "/usr/lib/wsl/lib, which is not on the linker's search path.",
        advice=("Put WSL's driver folder on the linker's path, `export LIBRARY_PATH=/usr/lib/wsl/lib:$LIBRARY_PATH` "
                "(for Triton also `export TRITON_LIBCUDA_PATH=/usr/lib/wsl/lib`; add both to ~/.bashrc), then run "
                "`sudo ldconfig` and build or run again; `ls -l /usr/lib/wsl/lib/libcuda.so*` shows the files are "
                "there. Nothing on the Windows side and no Linux driver package is needed."),
        action="configure",
        rules_out=("the Windows driver, where nvidia-smi works in WSL",),
        never_suggest=("install nvidia-driver", "cuda-drivers", "install the Linux driver in WSL",
                       "reinstall the driver"),
        sources=("https://github.com/flashinfer-ai/flashinfer/pull/1909",
                 "https://github.com/triton-lang/triton/pull/3862", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/flashinfer-1909-wsl2-cannot-find-lcuda-sampling-jit.txt",),
    ),
    Signature(
        code="wsl.windows-nvcc-unsupported-visual-studio",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # host_config.h's check on Windows (MSVC error C1189), in all its CUDA releases' wordings: "Only the versions
        # 2012, 2013, 2015 and 2017 are supported!" (CUDA 9), "between 2013 and 2017 (inclusive)" (CUDA 10), "between
        # 2017 and 2022 (inclusive)" (CUDA 11-12). Each CUDA release accepts the Visual Studio (_MSC_VER) releases it
        # was tested with, so a Visual Studio update breaks a CUDA build that worked. The line is also
        # wheels.nvcc-unsupported-host-compiler's, whose gcc advice does not apply on Windows; a pasted line may wrap
        # after "versions", so the pattern ends there.
        # The error's first line where a console or CI log wraps it right after "Microsoft" reads the same.
        patterns=(r"(?<=unsupported )Microsoft Visual Studio version! Only the versions\b",
                  r"host_config\.h\(\d{1,4}\): fatal error C1189: #error:\s{1,4}-- unsupported Microsoft$"),
        refines=("wheels.nvcc-unsupported-host-compiler",),
        severity="fail",
        cause="On Windows this CUDA toolkit's nvcc refuses the installed Visual Studio (MSVC) as host compiler: that "
              "Visual Studio release is newer than the ones this CUDA release supports.",
        advice=("Build with an MSVC this CUDA supports (" + MSVC_TABLE + "): in the Visual Studio Installer add an "
                "older toolset (Individual components, e.g. \"MSVC v143 - VS 2022 C++ x64/x86 build tools (v14.39)\" "
                "for CUDA 12.3 and older, or the VS 2019 v142 toolset; VS 2026 users install the VS 2022 Build Tools) "
                "and select it (the project's Platform Toolset, CMake's -T, or run `vcvars64.bat -vcvars_ver=14.39` "
                "in the x64 Native Tools prompt before pip), or install a newer CUDA Toolkit that supports your Visual "
                "Studio (12.4 or newer for VS 2022 17.10 and later); nvcc's -allow-unsupported-compiler "
                "(NVCC_APPEND_FLAGS) skips the check at your own risk, and MSVC 14.41's STL still asks for CUDA 12.4."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "gcc"),
        sources=("https://github.com/davisking/dlib/issues/1560", "https://github.com/opencv/opencv/issues/17594",
                 "https://github.com/kokkos/kokkos/pull/7064", "https://github.com/FLAMEGPU/FLAMEGPU2/pull/1225",
                 "https://github.com/AcademySoftwareFoundation/openfx/pull/243", CUDA_MSVC_SUPPORT.source),
        checked="2026-11-27",
        examples=("wsl/dlib-1560-cuda9-host-config-vs-unsupported.txt",
                  "wsl/opencv-17594-cuda10-vs2019-unsupported-visual-studio.txt",
                  "wsl/kokkos-7064-cuda121-msvc-unsupported-visual-studio.txt",
                  "wsl/flamegpu-1211-cuda123-msvc1440-windows-ci.txt", "wsl/openfx-243-cuda124-vs2026-runner-unsupported-vs.txt"),
    ),
    Signature(
        code="wsl.windows-torch-dll-init-failed",
        cause_id="windows-vc-runtime-missing",
        kinds=("any",),
        # Windows' ERROR_DLL_INIT_FAILED (1114) for a DLL of torch\lib (c10.dll, shm.dll), in any locale: the DLL was
        # found and loaded but its start-up failed, as when the Visual C++ runtime in the process (the installed
        # redistributable, or an older msvcp140.dll another package such as PyQt5 loaded first) is older than the one
        # PyTorch was built with; torch 2.9's Windows wheels brought many such reports. WinError 126 (not found) and 127
        # (a missing function) are other rows'.
        patterns=(r"\[WinError 1114\][^\n\"]{0,160}Error loading \"[^\"\n]{1,300}?\\{1,2}torch\\{1,2}lib\\{1,2}"
                  r"(?P<dll>\w+)\.dll\"",
                  # the path cut by the person pasting it ("...\c10.dll"): PyTorch's own DLL names (w40c)
                  r"\[WinError 1114\][^\n\"]{0,160}Error loading \"(?:\.{2,3}|…)\\{0,2}(?P<dll>c10|c10_cuda|torch_cpu|torch_cuda|"
                  r"torch_python|shm|fbgemm|asmjit|libiomp5md|uv)\.dll\""),
        refines=("frameworks.torch-dll-load-failed",),
        severity="fail",
        cause="Windows loaded PyTorch's {dll}.dll but its start-up failed (WinError 1114): the Microsoft Visual C++ "
              "runtime the process uses is older than the one this PyTorch was built with.",
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64), https://aka.ms/vs/17/release/"
                "vc_redist.x64.exe, and restart the program. If it still fails, another package loaded an older "
                "runtime first (PyQt5, an app's bundled msvcp140.dll: `python -c \"import torch\"` alone then works): "
                "import torch before it, or install the previous PyTorch release (`pip install torch==2.8.0` for 2.9)."
                " Where the paths run through \\Packages\\PythonSoftwareFoundation.Python.3.x_... (the Microsoft Store Python), "
                "its redirected folders break DLL loading: use a python.org or conda Python and reinstall there."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "wsl --update"),
        sources=("https://github.com/shiyu-coder/Kronos/issues/166", "https://github.com/1517005260/graph-rag-agent/issues/54",
                 "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"),
        checked="2026-11-26",
        examples=("wsl/kronos-166-winerror-1114-c10-dll-vc-redist.txt",
                  "wsl/graphragagent-54-winerror-1114-c10-dll-torch-29.txt"),
    ),
    Signature(
        code="wsl.windows-pynvml-nvsmi-path",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Old NVML bindings for Python (pynvml before 11, nvidia-ml-py3, the copies gpustat, fastai and others vendored)
        # load nvml.dll on Windows only from %ProgramFiles%\NVIDIA Corporation\NVSMI, where the standard (DCH) drivers
        # since 2019 no longer install it: they put it in C:\Windows\System32. The path in the traceback names that
        # loader; the NVMLError_LibraryNotFound it ends with is cuda.nvml-library-not-found's Linux reading.
        patterns=(r"NVIDIA Corporation[/\\]{1,2}NVSMI[/\\]{1,2}nvml\.dll",),
        refines=("cuda.nvml-library-not-found",),
        refines_within=None,
        severity="fail",
        cause="An old Python NVML binding looked for nvml.dll only in C:\\Program Files\\NVIDIA Corporation\\NVSMI, "
              "where current Windows drivers no longer install it (it is in C:\\Windows\\System32).",
        advice=("Use NVIDIA's current binding, which also searches System32: `pip uninstall -y pynvml nvidia-ml-py3` "
                "then `pip install -U nvidia-ml-py` (and upgrade the tool that vendors one, e.g. `pip install -U "
                "gpustat`); or copy C:\\Windows\\System32\\nvml.dll into C:\\Program Files\\NVIDIA "
                "Corporation\\NVSMI. `nvidia-smi` in PowerShell shows the driver itself works."),
        action="configure",
        rules_out=("the NVIDIA driver, where nvidia-smi works",),
        never_suggest=("reinstall the driver", "install nvidia-driver", "libnvidia-ml.so"),
        sources=("https://github.com/wookayin/gpustat/issues/86", "https://github.com/wookayin/gpustat/issues/90",
                 "https://github.com/gpuopenanalytics/pynvml/issues/31", "https://github.com/nicolargo/nvidia-ml-py3/pull/2"),
        checked="2026-11-26",
        examples=("wsl/gpustat-86-windows-pynvml-nvsmi-nvml-dll.txt",),
    ),
    Signature(
        code="wsl.windows-filename-too-long",
        cause_id="windows-long-paths",
        kinds=("any",),
        # Windows' ERROR_FILENAME_EXCED_RANGE (206) as Python raises it, and distutils' and setuptools' own words when
        # a build folder under %TEMP% repeats the source's full path ("could not create 'build\\temp.win-amd64-...\\
        # Users\\...\\AppData\\Local\\Temp\\pip-install-...': The filename or extension is too long"), as CUDA
        # extension builds (detectron2, pytorch3d) hit it. pip's own message for the same limit is
        # wheels.windows-path-too-long's; ninja's is wsl.windows-ninja-path-too-long's.
        patterns=(r"\[WinError 206\] The filename or extension is too long",
                  r"could not create '[^'\n]{1,600}': The filename or extension is too long"),
        severity="fail",
        cause="A path (or a command line) the program built on Windows is longer than Windows allows (WinError 206): "
              "a deeply nested output or build folder.",
        advice=("Use a shorter path: move the project or output folder higher up with a shorter name, and for a pip "
                "build clone the source to a short folder (`git clone ... C:\\src\\pkg` then `pip install .`) or set "
                "`set TEMP=C:\\t` and `set TMP=C:\\t` before pip; enable long paths too (as administrator: `reg add "
                "HKLM\\SYSTEM\\CurrentControlSet\\Control\\FileSystem /v LongPathsEnabled /t REG_DWORD /d 1 /f`, then "
                "a new shell), or install a prebuilt wheel instead of building."),
        action="configure",
        rules_out=("the GPU driver", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/DeepLabCut/DeepLabCut/issues/891", "https://github.com/pypa/pip/issues/10996",
                 "https://learn.microsoft.com/en-us/windows/win32/fileio/maximum-file-path-limitation"),
        checked="2026-11-26",
        examples=("wsl/deeplabcut-891-path-over-260-characters.txt",),
    ),
    Signature(
        code="wsl.windows-git-filename-too-long",
        cause_id="windows-long-paths",
        kinds=("any",),
        # Git for Windows' own words when a checkout's path passes MAX_PATH (260) while core.longpaths is off: cloning a
        # repository, its submodules (an AI tool's nested repositories, `pip install git+...` of one with deep
        # submodules such as FlashInfer's or CUTLASS's). Old releases print "(Filename too long)" after the path.
        patterns=(r"unable to create file [^\n]{1,500}?(?:: |\s\()Filename too long",
                  r"(?:cannot create directory at|could not create work tree dir) '[^'\n]{1,500}': Filename too long"),
        severity="fail",
        cause="Git for Windows could not create a file or folder whose path is longer than Windows' 260-character "
              "limit, because its long path support (core.longpaths) is off.",
        advice=("Turn on git's long paths, `git config --global core.longpaths true` (`--system` for every user, as "
                "administrator), and enable them in Windows too (LongPathsEnabled=1 under HKLM\\SYSTEM\\"
                "CurrentControlSet\\Control\\FileSystem); then clone or `git submodule update --init --recursive` "
                "again, from a short folder such as C:\\src if it still fails."),
        action="configure",
        rules_out=("the GPU driver", "the network"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/catalyst-network/Catalyst/issues/1091", "https://github.com/desktop/desktop/issues/21170",
                 "https://github.com/git-for-windows/git/issues/342"),
        checked="2026-11-26",
        examples=("wsl/catalyst-1091-git-submodule-filename-too-long.txt",
                  "wsl/desktop-21170-git-clone-submodule-filename-too-long.txt"),
    ),
    Signature(
        code="wsl.service-rpc-call-failed",
        cause_id="wsl-service-crashed",
        kinds=("any",),
        # RPC_S_CALL_FAILED (0x800706be, "The remote procedure call failed"): wsl.exe's call into the WSL service broke
        # because the service (wslservice.exe; LxssManager, svchost, before WSL 1.0) crashed handling it. wsl.exe prints
        # the code in words or in hex after its translated message; the distribution launchers print it after
        # WslRegisterDistribution. 0x800706ba (the service not running at all) is wsl.windows-service-stopped's.
        patterns=(r"Wsl/Service/[A-Za-z/]{0,120}?(?:RPC_S_CALL_FAILED|0x800706be)\b",
                  r"WslRegisterDistribution failed with error: 0x800706be\b",
                  r"\bError: 0x800706be\b"),
        severity="fail",
        cause="The WSL service crashed while handling wsl.exe's request (RPC_S_CALL_FAILED, 0x800706be): a bug of the "
              "installed WSL or Windows release, or third-party software loaded into the service.",
        advice=("If it began right after a WSL or Windows update, change the release: `wsl --update` (or `wsl --update "
                "--pre-release` for a fix not yet released), or reinstall the previous WSL release from "
                "github.com/microsoft/WSL/releases, or roll back the Windows build; then `wsl --shutdown` and start "
                "again. If no update explains it, disable or uninstall third-party security, firewall or network-filter "
                "software that hooks the service and retry; `wsl --version` and the WSL logs (collect-wsl-logs.ps1) "
                "go with a report to microsoft/WSL."),
        action="configure",
        rules_out=("the GPU driver", "the distribution's files"),
        never_suggest=("reinstall the driver", "update the driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/9796", "https://github.com/microsoft/WSL/issues/13742",
                 "https://github.com/microsoft/WSL/issues/5768",
                 "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--1700-3999-"),
        checked="2026-11-26",
        examples=("wsl/wsl-9796-rpc-call-failed-after-wsl-115-update.txt",
                  "wsl/wsl-13742-rpc-call-failed-external-program.txt",
                  "wsl/wsl-5768-register-distribution-0x800706be-insider.txt"),
    ),
    Signature(
        code="wsl.windows-nvcc-vcvars-failed",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # nvcc on Windows, when cl.exe is not already on PATH, runs the vcvars64.bat of the Visual Studio it found to
        # set up MSVC; its own words when that script is missing (old Express editions had only the x86_amd64 cross
        # tools) or fails (a Visual Studio or toolset this CUDA does not support, a broken environment). Not when the
        # build runs from the "x64 Native Tools Command Prompt", where cl.exe is on PATH already.
        patterns=(r"nvcc fatal\s{0,4}: Could not set up the environment for Microsoft Visual Studio",
                  r"nvcc fatal\s{0,4}: Microsoft Visual Studio configuration file '\w{1,20}\.bat' could not be found"),
        severity="fail",
        cause="nvcc could not set up the Microsoft C++ compiler's environment: the vcvars64.bat of the Visual Studio it "
              "found is missing or failed.",
        advice=("Check that the vcvars64.bat nvcc names exists: if not, install the x64 C++ tools (Visual Studio "
                "Installer, workload \"Desktop development with C++\"; on an old VS 2013/2015 Express, copy VC\\bin\\"
                "x86_amd64 to VC\\bin\\amd64 and rename vcvarsx86_amd64.bat to vcvars64.bat there). If it exists, build "
                "from the \"x64 Native Tools Command Prompt for VS\" (cl.exe on PATH, so nvcc skips vcvars64.bat), with "
                "a Visual Studio and MSVC toolset this CUDA supports (e.g. VS 2017 for CUDA 10.x: `vcvarsall.bat x64 "
                "-vcvars_ver=14.1x`), or a newer CUDA."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("update the driver", "reinstall the driver", "gcc"),
        sources=("https://github.com/facebookresearch/maskrcnn-benchmark/issues/1042",
                 "https://github.com/philferriere/dlwin/issues/3",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html"),
        checked="2026-11-26",
        examples=("wsl/maskrcnn-benchmark-1042-nvcc-vcvars64-vs2019.txt", "wsl/dlwin-3-nvcc-vcvars64-not-found-vs2013.txt"),
    ),
    Signature(
        code="wsl.docker-desktop-wsl-lacks-mount",
        cause_id="wsl-exe-too-old",
        kinds=("any",),
        # Docker Desktop 4.35 and later attach their data disk with `wsl.exe --mount --bare --vhd ...docker_data.vhdx`;
        # the WSL built into Windows (the optional component) and old Store releases lack --mount, so its start fails with
        # "Unexpected WSL error" and this detail line. wsl.exe-too-old-for-option reads the same option error with an old
        # Windows 10's advice; here the Windows build is usually fine and only WSL needs updating.
        patterns=(r"docker_data\.vhdx: [Ii]nvalid command line option: --mount\b",),
        refines=("wsl.exe-too-old-for-option",),
        severity="fail",
        cause="Docker Desktop could not attach its data disk: it runs `wsl --mount --bare --vhd`, and the installed WSL "
              "is too old to have --mount (the WSL built into Windows, not the current WSL 2 release).",
        advice=("Update WSL: `wsl --update` in an administrator PowerShell (`wsl --update --web-download` if the Store "
                "is blocked, or the .msi from github.com/microsoft/WSL/releases), check that `wsl --version` now prints "
                "version 2.x, then quit and start Docker Desktop again. Where WSL cannot be updated, Docker Desktop "
                "4.34.3 is the last release that starts without --mount."),
        action="configure",
        rules_out=("the GPU driver", "Docker Desktop's settings"),
        never_suggest=("reinstall the driver", "update the driver", "wsl --unregister docker-desktop"),
        sources=("https://github.com/docker/for-win/issues/14420", "https://github.com/docker/for-win/issues/14474",
                 "https://github.com/docker/for-win/issues/14746"),
        checked="2026-11-26",
        examples=("wsl/docker-for-win-14420-desktop-data-disk-mount-old-wsl.txt",),
    ),
    Signature(
        code="wsl.windows-extension-dll-init-failed",
        cause_id="windows-vc-runtime-missing",
        kinds=("any",),
        # Python's ImportError for a Windows extension module whose DLL loaded but whose start-up failed
        # (ERROR_DLL_INIT_FAILED, 1114), in the English, Chinese and Japanese system texts: onnxruntime_pybind11_state
        # (onnxruntime 1.21 and later need a newer VC++ runtime), onnx_cpp2py_export and other C++ extensions.
        # TensorFlow's own module is frameworks.tf-windows-dll-init-failed's; torch\lib's DLLs are
        # wsl.windows-torch-dll-init-failed's.
        patterns=(r"DLL load failed while importing (?!_pywrap_tensorflow)(?P<module>\w{1,60}): (?:A dynamic link library "
                  r"\(DLL\) initialization routine failed|动态链接库\(DLL\)初始化例程失败|"
                  r"ダイナミック リンク ライブラリ \(DLL\) 初期化ルーチンの実行に失敗しました)",),
        severity="fail",
        cause="Windows loaded the native module {module} but its start-up failed (WinError 1114): the Microsoft Visual "
              "C++ runtime the process uses is older than the one the package was built with.",
        advice=("Install the latest Microsoft Visual C++ Redistributable (x64), https://aka.ms/vs/17/release/"
                "vc_redist.x64.exe (in a conda environment also `conda install -c conda-forge vs2015_runtime`), then "
                "start Python again; or pin the package's previous release (onnxruntime: `pip install "
                "\"onnxruntime<1.21\"`, which needs an older runtime). If another package loads an older runtime "
                "first (PyQt5, an app's bundled msvcp140.dll), import this one before it."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "install CUDA"),
        sources=("https://github.com/lazydog28/mc_auto_boss/issues/205", "https://github.com/google/magika/pull/1099",
                 "https://github.com/Microsoft/onnxruntime/releases/tag/v1.21.0",
                 "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"),
        checked="2026-11-26",
        examples=("wsl/mcautoboss-205-onnxruntime-dll-init-failed-vs2015-runtime.txt",
                  "wsl/magika-1099-onnxruntime-121-dll-init-vc-runtime.txt"),
    ),
    Signature(
        code="wsl.vm-create-invalid-argument",
        cause_id="wsl-vm-create-invalid-argument",
        kinds=("any",),
        # wsl.exe's error code when the Host Compute Service rejects the VM it asks for with E_INVALIDARG (0x80070057,
        # "The parameter is incorrect", translated in the line above): WSL newer than the Windows build's HCS accepts,
        # or software that intercepts the VM's files. A .wslconfig entry HCS cannot parse is
        # wsl.wslconfig-vm-settings-refused's (HCS_E_INVALID_JSON).
        # wsl.exe 1.x printed the same step without "HCS/" ("Wsl/Service/CreateInstance/CreateVm/E_INVALIDARG").
        patterns=(r"Wsl/Service/[A-Za-z/]{0,80}?CreateVm/(?:HCS/)?(?:E_INVALIDARG|0x80070057)\b",),
        severity="fail",
        cause="Hyper-V's compute service refused to create the WSL 2 virtual machine (E_INVALIDARG): the Windows build "
              "is older than this WSL needs, or third-party encryption or security software interferes.",
        advice=("Update Windows through Windows Update (`winver` shows the build; WSL's release notes name the one it "
                "needs) and run `wsl --update`; if it still fails, check for third-party disk or file encryption and "
                "security software and exclude WSL's folders (%LOCALAPPDATA%\\Packages, C:\\Program Files\\WSL) or "
                "uninstall it, then `wsl --shutdown` and start again."),
        action="configure",
        rules_out=("the GPU driver", "the distribution's files"),
        never_suggest=("reinstall the driver", "update the driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/11260",),
        checked="2026-11-26",
        examples=("wsl/wsl-11260-createvm-hcs-e-invalidarg-encryption-software.txt",),
    ),
)
