"""Issue 25, w38d: framework failures whose line names a library's internals rather than the cause (rows of the
frameworks area).

- Triton's compiler aborting on one of its own C++ assertions (lib/Analysis/Allocation.cpp, lib/Tools/LinearLayout.cpp,
  an llvm::cast of a mlir::triton attribute) while it compiles a program's kernels: in the threads a Triton release the
  program's kernels were not written for (LightLLM, flash-linear-attention, SGLang, vLLM each support given releases,
  and torch pins its own), fixed by installing that release.
- A headless EGL renderer (Magnum's WindowlessEglApplication in habitat-sim and the simulators built on it, habitat's
  older WindowlessContext.cpp check) finding no EGL device for the CUDA GPU: the NVIDIA driver's EGL/OpenGL libraries
  are missing (a compute-only or --no-opengl-libs install, a container without the graphics capability), of another
  version than the host driver, or shadowed by a Mesa libEGL first on the path (a conda environment's).
- CuPy's run-time kernel compilation failing inside its own vendored CCCL headers or CUDA's cooperative-groups headers:
  the CUDA headers it found (CUDA_PATH, an nvcc on PATH, /usr/local/cuda, a conda environment put on PATH but not
  activated) are of another CUDA release than CuPy's build and its NVRTC.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="frameworks.triton-compiler-internal-assertion",
        cause_id="package-version-conflict",
        kinds=("any",),
        # The C++ assertion of Triton's MLIR compiler as glibc prints it: "python: /project/lib/<dir>/<File>.cpp:<line>:
        # <signature naming mlir::triton::...>: Assertion `...' failed." (pip wheels are built under /project; a source
        # build names its own tree), and an llvm::cast/SmallVector assertion raised on a mlir::triton type. The
        # assertion that a GPU's compute capability is not supported is the architecture's, not a version's.
        patterns=(
            r"(?P<file>\w{1,60}\.(?:cpp|h)):\d{1,5}: [^\n]{0,500}?mlir::triton::[^\n]{0,900}?: Assert{1,2}ion "
            r"`(?!false && \"computeCapability)",
            # an assertion in a Triton dialect's own source folder whose function signature names no mlir::triton type
            r"/lib/(?:Analysis|Conversion|Dialect|Tools|Target)/Triton\w{0,40}/[\w/]{0,160}?\b(?P<file>\w{1,80}\.cpp):\d{1,5}: [^\n]{0,900}?: "
            r"Assert{1,2}ion `(?!false && \"computeCapability)",
            # the same assertion from a Windows build of Triton (MSVC's assert: "Assertion failed: EXPR, file PATH, line N")
            r"Assertion failed: (?!false && \"computeCapability)[^\n]{1,600}?, file [^\n]{0,200}?\\lib\\(?:Analysis|"
            r"Conversion|Dialect|Tools|Target)\\[\w\\]{0,160}?\b(?P<file>\w{1,80}\.cpp), line \d{1,5}",
        ),
        severity="fail",
        cause=("Triton's compiler aborted on one of its own internal assertions ({file}) while compiling the program's "
               "GPU kernels: the installed Triton release does not compile these kernels, which were written and "
               "tested for another Triton release (the program's, or the one its torch pins)."),
        advice=("Install the Triton version the program supports and restart it: compare `pip show triton torch` with "
                "the program's requirements or docs (LightLLM, vLLM, SGLang, flash-linear-attention and unsloth each "
                "name theirs; each torch release pins one Triton, e.g. torch 2.5 -> triton 3.1, torch 2.6 -> triton "
                "3.2), then `pip install triton==<that version>` (or upgrade the program to a release made for your "
                "Triton) and clear Triton's kernel cache (`rm -rf ~/.triton/cache`). The GPU driver is not involved."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/fla-org/flash-linear-attention/issues/196",
                 "https://github.com/ModelTC/LightLLM/issues/490", "https://github.com/triton-lang/triton/issues/1254",
                 "https://pytorch.org/get-started/previous-versions/"),
        checked="2026-11-27",
        examples=("frameworks/fla-196-triton-32-linearlayout-assertion.txt",),
    ),
    Signature(
        code="frameworks.headless-egl-no-nvidia-device",
        cause_id="nvidia-egl-libs-missing",
        kinds=("any",),
        # Magnum's WindowlessEglApplication (habitat-sim since 0.1.7, and every simulator built on it) and habitat-sim's
        # older WindowlessContext.cpp glog checks, each way EGL finds no device for the CUDA GPU
        patterns=(
            r"WindowlessEglApplication::tryCreateContext\(\): (?:no EGL devices found|unable to find EGL device for CUDA "
            r"device \d{1,2}|unable to find CUDA device \d{1,2} among \d{1,3} EGL devices|cannot get default EGL "
            r"display: EGL_BAD_\w{1,20}|cannot initialize EGL: EGL_\w{1,20})",
            r"\[EGL\] (?:No devices detected|Could not find an EGL device for CUDA device \d{1,2})",
        ),
        severity="fail",
        cause=("A headless EGL renderer (habitat-sim's Magnum context) found no EGL device for the CUDA GPU: the NVIDIA "
               "driver's EGL/OpenGL user-space libraries (libEGL_nvidia, libnvidia-glcore, the glvnd vendor file "
               "10_nvidia.json) are not installed, are of another version than the running driver, or are shadowed by "
               "a Mesa libEGL loaded first, although CUDA itself works."),
        advice=("Make the process load the NVIDIA driver's own EGL/OpenGL libraries of exactly the running driver's "
                "version: on Ubuntu/Debian `sudo apt install libnvidia-gl-<branch>` (libnvidia-gl-<branch>-server for a "
                "server driver; the branch `cat /proc/driver/nvidia/version` shows); on a cluster whose driver was installed with --no-opengl-libs, "
                "have the admins add them, or extract the same version's installer (`sh NVIDIA-Linux-x86_64-<version>.run "
                "--extract-only`) and point __EGL_VENDOR_LIBRARY_FILENAMES at its 10_nvidia.json with "
                "libEGL_nvidia.so.<version> on LD_LIBRARY_PATH; in a container add graphics to "
                "NVIDIA_DRIVER_CAPABILITIES (or set it to all) and do not bundle another driver version's EGL libraries "
                "in the image; in a conda environment keep its Mesa libEGL/libGLdispatch from being loaded first "
                "(`LD_DEBUG=libs` shows which libEGL loads). Under WSL 2 the NVIDIA driver offers no EGL device: run "
                "the renderer on native Linux."),
        action="configure",
        rules_out=("a CUDA fault", "the GPU"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/facebookresearch/habitat-sim/issues/1829",
                 "https://github.com/facebookresearch/habitat-sim/issues/667",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://packages.ubuntu.com/noble/libnvidia-gl-570"),
        checked="2026-11-27",
        examples=("frameworks/habitatsim-1829-docker-no-libegl-nvidia.txt",
                  "frameworks/habitatsim-667-no-opengl-libs-cluster-egl.txt"),
    ),
    Signature(
        code="frameworks.cupy-jit-headers-other-cuda",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # NVRTC's errors inside CuPy's vendored CCCL (cupy/_core/include/cupy/_cccl/...) and in CUDA's cooperative-groups
        # helpers that CuPy's Jitify warm-up kernel includes: the header set and the compiler are of two CUDA releases
        patterns=(
            r"include/cupy/_cccl/[^\n(]{1,200}\(\d{1,5}\): (?:error|catastrophic error): ",
            r"cooperative_groups/details/helpers\.h\(\d{1,5}\): error: identifier \"cudaCG\w{1,30}\" is undefined",
        ),
        severity="fail",
        cause=("CuPy's run-time kernel compilation (NVRTC/Jitify) failed inside CUDA headers: it found the headers of "
               "another CUDA release than its own build and NVRTC (CUDA_PATH, an nvcc on PATH or /usr/local/cuda "
               "pointing at another toolkit, or a conda environment put on PATH without being activated)."),
        advice=("Make CuPy compile with the CUDA it was built for (`python -c \"import cupy; cupy.show_config()\"` shows "
                "CUDA Root, the runtime and the include dirs it uses): in a conda environment run `conda activate "
                "<env>` rather than only putting its bin on PATH, so CuPy takes the environment's CUDA headers; "
                "otherwise unset CUDA_PATH/CUDA_HOME and take other toolkits' nvcc off PATH, or point CUDA_PATH at a "
                "toolkit of the same CUDA version (pip: nvidia-cuda-runtime-cu12 and nvidia-cuda-nvrtc-cu12 of that "
                "version). No driver change is needed."),
        action="configure",
        rules_out=("a driver fault", "the GPU"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/cupy/cupy/issues/8249", "https://github.com/cupy/cupy/issues/8171",
                 "https://docs.cupy.dev/en/stable/install.html"),
        checked="2026-11-27",
        examples=("frameworks/cupy-8249-cuda-path-other-toolkit-cccl.txt",),
    ),
)
