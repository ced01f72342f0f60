"""Issue 25, w36a: a shared library a program cannot load, whatever the program, told by the library's name.

Over forty rows read the loader's words for one named library each (libcuda.so.1 in a container, CUDA 12's libcublas
for CTranslate2, libnvcuvid for FFmpeg). What the blind sets kept missing is the general case: a renderer, a miner, an
overclocking tool or a Vulkan program that names some other library of the NVIDIA driver, of CUDA or of the operating
system. Where a library comes from is what the next step turns on, and it depends on the library's family and on the
platform, so it is one dated table here (LIBRARY_SOURCES, SYSTEM_PACKAGES): the rows capture the library's name
wherever a loader names it (glibc's "error while loading shared libraries: X" and "X: cannot open shared object file",
dlopen wrappers, DrJit's "X could not be loaded", OptiX's OPTIX_ERROR_LIBRARY_NOT_FOUND, Windows' "X not found" and
"Could not load library X"), and `Signature.lookups` turns the name into the advice for that family. Rows that read one
library more closely (a container without the NVIDIA runtime, FFmpeg's video libraries, llama.cpp's own libraries)
refine the general one on their line, so a line keeps one cause.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.cuda import RUNTIME_LIBRARY_MISSING
from gpudoctor.knowledge.signatures.cuda_w19b import _LIBRARY as CUDA_MAJOR_LIBRARY

# -- Where each library comes from, by family and platform (checked 2026-11-27) ---------------------------------------
# Sources: Ubuntu's package file lists (packages.ubuntu.com, nvidia-graphics-drivers-570: libnvidia-compute-570 holds
# libcuda.so.1, libnvidia-ml.so.1, libnvidia-ptxjitcompiler, libnvidia-nvvm; libnvidia-gl-570 holds libnvoptix.so.1,
# libnvidia-rtcore, libGLX_nvidia, libEGL_nvidia, libnvidia-glcore, libnvidia-glvkspirv; libnvidia-encode-570 and
# libnvidia-decode-570 the NVENC/NVDEC libraries), RPM Fusion's Howto/CUDA (xorg-x11-drv-nvidia-cuda-libs), the NVIDIA
# Container Toolkit's driver capabilities (compute, utility, graphics, video, display), NixOS's hardware.graphics and
# addDriverRunpath (/run/opengl-driver/lib), the CUDA on WSL guide (/usr/lib/wsl/lib), the CUDA installation guides
# (cuda-libraries-X-Y, the nvidia-*-cu12 wheels, Windows' CUDA_PATH\bin DLL names), the cuDNN and NCCL install guides.
SOURCES = ("https://packages.ubuntu.com/noble/libnvidia-compute-570", "https://packages.ubuntu.com/noble/libnvidia-gl-570",
           "https://rpmfusion.org/Howto/CUDA",
           "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
           "https://nixos.org/manual/nixos/stable/#sec-gpu-accel", "https://docs.nvidia.com/cuda/wsl-user-guide/index.html",
           "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html",
           "https://docs.nvidia.com/cuda/cuda-installation-guide-microsoft-windows/index.html",
           "https://docs.nvidia.com/deeplearning/cudnn/installation/latest/linux.html",
           "https://docs.nvidia.com/deeplearning/nccl/install-guide/index.html")
CHECKED = "2026-11-27"

_DRIVER_COMPUTE = (
    "it is a library of the NVIDIA driver itself (its compute half), which no CUDA toolkit, image or pip wheel ships: on "
    "Ubuntu/Debian install the running driver branch's `libnvidia-compute-<branch>` (e.g. `sudo apt install "
    "libnvidia-compute-570`; nvidia-driver-<branch> and nvidia-headless-<branch> pull it in, the branch is what "
    "`cat /proc/driver/nvidia/version` shows), on Fedora/RHEL RPM Fusion's xorg-x11-drv-nvidia-cuda-libs "
    "(NVIDIA's repository: nvidia-driver-cuda-libs); on NixOS it lives in /run/opengl-driver/lib (hardware.graphics.enable "
    "with the nvidia video driver), which a Nix-built program needs on its runpath (addDriverRunpath) or in "
    "LD_LIBRARY_PATH (nixGL for Nix programs on other distributions); under WSL 2 it is /usr/lib/wsl/lib from the "
    "Windows driver (never install a Linux driver there); on Windows nvcuda.dll and nvml.dll come with the display "
    "driver; in a container start it with `--gpus all` (NVIDIA_DRIVER_CAPABILITIES including compute,utility)")
_DRIVER_GRAPHICS = (
    "it is one of the NVIDIA driver's graphics libraries (OpenGL/EGL, the Vulkan ICD, OptiX's libnvoptix.so.1 and "
    "libnvidia-rtcore), which compute-only, headless and server installs leave out: on Ubuntu/Debian `sudo apt install "
    "libnvidia-gl-<branch>` of the running driver's branch (e.g. libnvidia-gl-570), on Fedora/RHEL RPM Fusion's "
    "xorg-x11-drv-nvidia-libs, on NixOS hardware.graphics.enable (/run/opengl-driver/lib); in a container add graphics "
    "to NVIDIA_DRIVER_CAPABILITIES (or set it to all) so the NVIDIA runtime mounts them; a Flatpak needs the "
    "org.freedesktop.Platform.GL.nvidia extension of the driver's exact version; under WSL 2 the Windows driver's "
    "mapping (/usr/lib/wsl/lib) carries no libnvoptix: take libnvoptix.so.1 and libnvidia-rtcore from the Linux driver "
    "package of the Windows driver's version onto LD_LIBRARY_PATH, or run the program on native Linux or Windows")
_CUDA_TOOLKIT = (
    "it is a CUDA toolkit library of the major version in its name (.so.12 or 64_12.dll is CUDA 12), which the driver "
    "never provides: install that CUDA's runtime libraries (NVIDIA's repository: `sudo apt install "
    "cuda-libraries-12-<minor>` or the cuda-toolkit; conda: `conda install -c nvidia cuda-runtime`; pip: the "
    "nvidia-cuda-runtime-cu12, nvidia-cublas-cu12, nvidia-cufft-cu12, nvidia-curand-cu12, nvidia-cusparse-cu12, "
    "nvidia-cusolver-cu12, nvidia-cuda-nvrtc-cu12 wheels; Windows: the CUDA toolkit, its bin folder on PATH), or "
    "the program's build for the CUDA you have; if the file exists (`ldconfig -p | grep` it, `find / -name` it), add "
    "its folder to LD_LIBRARY_PATH or to ldconfig")
_CUDNN = (
    "it is cuDNN, which ships apart from the driver and the CUDA toolkit: install the cuDNN of the major version in the "
    "name for your CUDA (NVIDIA's repository: `sudo apt install libcudnn9-cuda-12`; pip: nvidia-cudnn-cu12; conda: "
    "cudnn; Windows: cuDNN's bin folder on PATH), then make its folder visible (ldconfig or LD_LIBRARY_PATH)")
_NCCL = (
    "it is NCCL, which ships apart from the driver: `sudo apt install libnccl2` from NVIDIA's repository or pip "
    "nvidia-nccl-cu12 (PyTorch's CUDA wheels bring it), with its lib folder on LD_LIBRARY_PATH")
_TENSORRT = (
    "it is TensorRT, which ships apart from CUDA: install the TensorRT of the major version in the name (NVIDIA's "
    "repository: `sudo apt install libnvinfer10 libnvonnxparsers10`; pip: tensorrt-cu12), or the program's build for "
    "the TensorRT you have")

# Library name prefix (compared in lower case; the first that fits wins) -> where it comes from.
LIBRARY_SOURCES: tuple[tuple[str, str], ...] = (
    *((prefix, _DRIVER_GRAPHICS) for prefix in (
        "libnvoptix", "nvoptix", "optix", "libnvidia-rtcore", "libglx_nvidia", "libegl_nvidia", "libnvidia-glcore",
        "libnvidia-eglcore", "libnvidia-glsi", "libnvidia-glvkspirv", "libnvidia-gpucomp", "libnvidia-tls",
        "libnvidia-fbc", "libnvidia-allocator")),
    *((prefix, _DRIVER_COMPUTE) for prefix in (
        "libcuda.", "libcudadebugger", "libnvidia-", "nvcuda", "nvml.dll")),
    *((prefix, _CUDNN) for prefix in ("libcudnn", "cudnn")),
    *((prefix, _NCCL) for prefix in ("libnccl", "nccl")),
    *((prefix, _TENSORRT) for prefix in ("libnvinfer", "libnvonnxparser", "nvinfer", "nvonnxparser")),
    ("libcudart", _CUDA_TOOLKIT), ("libcuda", _DRIVER_COMPUTE),  # a name without its suffix ('library "libcuda"')
)

# The NVIDIA and CUDA libraries the general row reads, by name: the driver's (compute and graphics; its video libraries
# libnvcuvid and libnvidia-encode are containers.ffmpeg's), the CUDA toolkit's, cuDNN, NCCL, TensorRT.
_NV_LIBRARY = (r"lib(?:cuda|cudadebugger|nvoptix|GLX_nvidia|EGL_nvidia|nvidia-(?:ml|ptxjitcompiler|nvvm|rtcore|glcore|"
               r"eglcore|glsi|glvkspirv|gpucomp|tls|fbc|allocator|opencl|cfg)|cudart|cublas|cublasLt|cufft|cufftw|curand|"
               r"cusparse|cusparseLt|cusolver|cusolverMg|nvrtc|nvrtc-builtins|nvJitLink|nvToolsExt|cupti|npp\w{1,6}|"
               r"nvjpeg|cutensor|cufile|cudnn|cudnn_\w{1,24}|nccl|nvinfer|nvinfer_plugin|nvonnxparser)\.so[.\d]{0,14}")
_WIN_LIBRARY = (r"(?:nvcuda|nvml|nvoptix|cudart64_\d{2,3}|cublas64_\d{1,3}|cublasLt64_\d{1,3}|cufft64_\d{1,3}|"
                r"curand64_\d{1,3}|cusparse64_\d{1,3}|cusolver64_\d{1,3}|nvrtc64_\d{2,4}(?:_0)?|nvJitLink_\d{3}_0|"
                r"cudnn64_\d{1,2}|cudnn_\w{1,24}64_\d{1,2}|nvinfer_?\d{0,2}|nccl)\.dll")
_NOT_TF = r"(?<!dlerror: )(?<!load library failed: )"  # TensorFlow's CPU-only warning; nvidia-container-cli's own row

# -- The operating system's libraries a GPU program loads: Debian/Ubuntu package, Fedora/RHEL package (checked
# 2026-11-27 against packages.ubuntu.com and packages.fedoraproject.org).
SYSTEM_PACKAGES: tuple[tuple[str, str, str], ...] = (
    ("libXext.so", "libxext6", "libXext"), ("libX11.so", "libx11-6", "libX11"), ("libXrender.so", "libxrender1", "libXrender"),
    ("libXi.so", "libxi6", "libXi"), ("libXrandr.so", "libxrandr2", "libXrandr"), ("libXv.so", "libxv1", "libXv"),
    ("libXfixes.so", "libxfixes3", "libXfixes"), ("libxcb.so", "libxcb1", "libxcb"), ("libSM.so", "libsm6", "libSM"),
    ("libICE.so", "libice6", "libICE"), ("libGLU.so", "libglu1-mesa", "mesa-libGLU"), ("libGL.so", "libgl1", "mesa-libGL"),
    ("libEGL.so", "libegl1", "libglvnd-egl"), ("libGLX.so", "libglx0", "libglvnd-glx"),
    ("libOpenGL.so", "libopengl0", "libglvnd-opengl"), ("libvulkan.so", "libvulkan1", "vulkan-loader"),
    ("libgomp.so", "libgomp1", "libgomp"), ("libglib-2.0.so", "libglib2.0-0", "glib2"),
    ("libgthread-2.0.so", "libglib2.0-0", "glib2"), ("libstdc++.so", "libstdc++6", "libstdc++"),
    ("libgcc_s.so", "libgcc-s1", "libgcc"),
)
SYSTEM_SOURCES = ("https://packages.ubuntu.com/", "https://packages.fedoraproject.org/")
_SYSTEM_LIBRARY = (r"lib(?:Xext|X11|Xrender|Xi|Xrandr|Xv|Xfixes|xcb|SM|ICE|GLU|GL|EGL|GLX|OpenGL|vulkan|gomp|glib-2\.0|"
                   r"gthread-2\.0|stdc\+\+|gcc_s)\.so[.\d]{0,10}")


def _system_install(debian: str, fedora: str) -> str:
    return (f"install the operating system's package that provides it where the program runs: `sudo apt-get install -y "
            f"{debian}` on Debian/Ubuntu (Fedora/RHEL: `sudo dnf install {fedora}`), in a container image a line of its "
            "Dockerfile (`RUN apt-get update && apt-get install -y " + debian + "`)")


SYSTEM_LIBRARY_SOURCES: tuple[tuple[str, str], ...] = tuple(
    (prefix, _system_install(debian, fedora)) for prefix, debian, fedora in SYSTEM_PACKAGES)

# glibc's loader and dlopen (any program, a Python OSError, the Vulkan loader's message, Rust's libloading)
LOADER_CANNOT_OPEN = _NOT_TF + r"(?P<library>" + _NV_LIBRARY + r"):? cannot open shared object file"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.shared-library-not-loadable",
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            LOADER_CANNOT_OPEN,
            # the CUDA rows' own patterns, which the rows in a context (Jetson, a CUDA 12 build) narrow: they take
            # this row's place there as they take those rows'
            RUNTIME_LIBRARY_MISSING, r"(?:ImportError|OSError): " + CUDA_MAJOR_LIBRARY,
            # a program that cannot start; people retype the line without its end
            r"error while loading shared libraries: (?P<library>" + _NV_LIBRARY + r")",
            # dlopen wrappers' own words (DrJit/Mitsuba "jit_optix_init(): libnvoptix.so.1 could not be loaded", 'the CUDA
            # driver library ("libcuda.so") could not be found', "dlopen
            # libX failed", "Failed to load libX")
            r"(?P<library>" + _NV_LIBRARY + r")\"?\)? could not be (?:loaded|found)",
            r"dlopen\(?\"?(?P<library>" + _NV_LIBRARY + r")\"?\)? failed",
            # a loader wrapper naming the library without its suffix (CUDA.jl's 'could not load library "libcuda"')
            r"[Cc]ould not (?:load|open|dlopen) (?:the )?(?:library|shared library) [\"']?(?P<library>lib(?:cuda|nvidia-ml|"
            r"nvoptix|cudart|cublas|cublasLt|cufft|curand|cusparse|cusolver|nvrtc|nvJitLink|cudnn|nccl)\b[.\w]{0,14})",
            # OptiX's own status when the driver's libnvoptix.so.1 (nvoptix.dll) is not there
            r"(?P<library>OPTIX)_ERROR_LIBRARY_NOT_FOUND",
            # Windows: the DLL a program or Python's loader names
            r"(?<!dlerror: )(?P<library>" + _WIN_LIBRARY + r")'? (?:is )?(?:was )?not found",
            r"[Cc]ould not (?:load|find)(?: library| module)? ['\"]?(?:[^'\"\n]{0,160}[\\/])?"
            r"(?P<library>" + _WIN_LIBRARY + r")",
        ),
        severity="fail",
        cause=("The program cannot load {library}, a library of the NVIDIA driver, of CUDA or of an NVIDIA SDK: it is "
               "not installed where the program runs, or not where the loader looks."),
        advice=("Install the package that provides {library} for this platform: {library_source}. Then check that "
                "the loader sees it (`ldconfig -p | grep` the name on Linux)."),
        lookups=(("library", "library_source", LIBRARY_SOURCES, _CUDA_TOOLKIT),),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("replace the GPU",),
        sources=SOURCES + ("https://github.com/NVIDIA/nvidia-docker/issues/1545",
                           "https://github.com/spiceai/spiceai/issues/4471",
                           "https://github.com/LuxCoreRender/LuxCore/issues/357"),
        checked=CHECKED,
        examples=("containers/nvidiadocker-1545-optix-error-7804-libnvoptix-not-mounted.txt",
                  "cuda/luxcore-357-libnvrtc-10-1-shared-library-missing.txt"),
    ),
    Signature(
        code="cuda.system-library-not-loadable",
        cause_id="system-library-missing",
        kinds=("any",),
        # The Vulkan loader then finds no usable NVIDIA ICD (libGLX_nvidia needs libXext and libEGL): the missing
        # library, anywhere in the paste, is why, and the image needs it rather than another driver capability.
        refines=("containers.vulkan-nvidia-icd-missing",), refines_within=None,
        patterns=(
            _NOT_TF + r"(?P<library>" + _SYSTEM_LIBRARY + r"):? cannot open shared object file",
            r"error while loading shared libraries: (?P<library>" + _SYSTEM_LIBRARY + r")",
        ),
        severity="fail",
        cause=("The program (or the Vulkan/OpenGL driver it loads) needs {library}, a library of the operating system "
               "that this host or container image does not have."),
        advice=("Add {library} to the system or image: {library_source}. Reinstalling the NVIDIA driver or the "
                "program's Python package does not add it."),
        lookups=(("library", "library_source", SYSTEM_LIBRARY_SOURCES,
                  _system_install("the package `apt-file search` names", "the package `dnf provides` names")),),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=SYSTEM_SOURCES + ("https://github.com/Atinoda/text-generation-webui-docker/issues/66",
                                  "https://github.com/NVIDIA/nvidia-container-toolkit/issues/1021"),
        checked=CHECKED,
        examples=("containers/tgwebuidocker-66-llama-server-libvulkan-missing-in-image.txt",),
    ),
    Signature(
        code="cuda.nixos-driver-libraries-off-runpath",
        cause_id="cuda-library-missing",
        kinds=("any",),
        contexts=("nixos",),
        # The driver's own libraries, read by the rows that read them elsewhere (each pattern holds theirs).
        refines=("cuda.shared-library-not-loadable", "cuda.libnvidia-ml-unversioned", "cuda.libcuda-so1-missing"),
        patterns=(
            r"(?=lib(?:cuda\.so|nvidia-|nvoptix|GLX_nvidia|EGL_nvidia))" + LOADER_CANNOT_OPEN,
            r"libnvidia-ml\.so: cannot open shared object file",
            r"(?<!dlerror: )(?<!load library failed: )libcuda\.so\.1: cannot open shared object file",
            # nvtop, which dlopens libnvidia-ml.so.1 and lists nothing when it cannot (a nix-shell build)
            r"No GPU to monitor",
        ),
        severity="fail",
        cause=("On NixOS the NVIDIA driver's libraries live only in /run/opengl-driver/lib, which a program built by Nix "
               "(or run in a nix-shell) does not search, so it cannot load them although the driver works."),
        advice=("Give the program the driver's library folder: a nixpkgs package adds it with addDriverRunpath "
                "(autoAddDriverRunpath), a nix-shell or a downloaded binary needs `export "
                "LD_LIBRARY_PATH=/run/opengl-driver/lib` (with hardware.graphics.enable = true and the nvidia video "
                "driver in configuration.nix; on another distribution with Nix, run it through nixGL). The driver "
                "itself is fine."),
        action="configure",
        rules_out=("the driver install",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NixOS/nixpkgs/issues/379776", "https://github.com/NixOS/nixpkgs/pull/377684",
                 "https://nixos.org/manual/nixos/stable/#sec-gpu-accel"),
        checked=CHECKED,
        examples=("cuda/nixpkgs-379776-nvidia-oc-nvml-dlopen-nixos.txt",),
    ),
    Signature(
        code="cuda.nvml-library-not-found",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row above gives way here
        cause_id="nvml-init-failed",
        kinds=("any",),
        # NVML_ERROR_LIBRARY_NOT_FOUND as pynvml and nvidia-ml-py raise it (gpustat, monitoring, frameworks), and the
        # loader's line before it. The lookbehind leaves nvidia-container-cli's own wording to
        # containers.cli-load-library-failed.
        patterns=(r"NVMLError_LibraryNotFound", r"NVML Shared Library Not Found",
                  r"(?<!load library failed: )libnvidia-ml\.so\.1: cannot open shared object file"),
        severity="fail",
        cause="The program could not load libnvidia-ml.so.1 (NVML), which only the NVIDIA driver installs: no driver is "
              "installed or visible here.",
        advice=("Check `nvidia-smi`: install the NVIDIA driver if it fails (its user-space part provides "
                "libnvidia-ml.so.1); in a container, start it with a GPU request (`docker run --gpus all`) so the "
                "driver's libraries are mounted in; on a machine without an NVIDIA GPU, turn off the program's GPU "
                "monitoring."),
        action="configure",
        never_suggest=("reinstall pynvml", "reinstall CUDA"),
        sources=("https://github.com/deepfakes/faceswap/issues/778", "https://github.com/wookayin/gpustat/issues/134",
                 "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html"),
        checked="2026-11-25",
        examples=("cuda/faceswap-778-nvml-shared-library-not-found.txt",),
    ),
)
