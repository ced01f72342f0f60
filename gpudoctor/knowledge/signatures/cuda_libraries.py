"""CUDA's user-space libraries as programs load them at run time (the driver's libcuda and libnvidia-ml, cuBLAS,
cuDNN), and the compute capabilities a framework's build covers (rows of the cuda area, joined into cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_DRIVER_ERRORS = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"
_TORCH_PREVIOUS = "https://pytorch.org/get-started/previous-versions/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.stub-library",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # CUDA_ERROR_STUB_LIBRARY / cudaErrorStubLibrary (34): the libcuda.so the toolkit ships in lib64/stubs, for
        # linking on machines without a driver, was loaded at run time; it implements nothing.
        # llama.cpp's own line ("ggml_cuda_init: failed to initialize CUDA: ...") is ollama.ggml-cuda-stub-library's.
        patterns=(r"CUDA_ERROR_STUB_LIBRARY", r"cudaErrorStubLibrary", r"cudaGetDeviceCount returned 34\b",
                  r"(?<!failed to initialize CUDA: )CUDA driver is a stub library"),
        severity="fail",
        cause="The program loaded the CUDA toolkit's stub libcuda.so (from a lib64/stubs folder), which only satisfies "
              "the linker, instead of the driver's real libcuda, so every CUDA call fails.",
        advice=("Take the toolkit's stubs folder off LD_LIBRARY_PATH (and off the link path, LIBRARY_PATH or `-L`, if "
                "the program was linked against it): `echo $LD_LIBRARY_PATH | tr : '\\n' | grep stubs`; the driver's "
                "libcuda.so.1 (`ldconfig -p | grep libcuda`) must be the one loaded."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/FasterTransformer/issues/275", "https://github.com/numba/numba/issues/8985",
                 "https://github.com/NVIDIA/warp/issues/219", _DRIVER_ERRORS),
        checked="2026-11-26",
        examples=("cuda/fastertransformer-275-cuda-error-stub-library.txt",),
    ),
    Signature(
        code="cuda.torch-nvml-init-failed",
        cause_id="nvml-init-failed",
        kinds=("any",),
        # PyTorch's caching allocator calls NVML itself (for its memory bookkeeping) and asserts when nvmlInit fails:
        # "NVML_SUCCESS == DriverAPI::get()->nvmlInit_v2_() INTERNAL ASSERT FAILED at .../CUDACachingAllocator.cpp".
        patterns=(r"NVML_SUCCESS == DriverAPI::get\(\)->nvmlInit_v2_\(\) INTERNAL ASSERT FAILED",),
        severity="fail",
        cause="PyTorch could not start NVML (nvmlInit failed) in this process: most often the driver's libraries were "
              "updated and the running kernel module is still the old one.",
        advice=("Run `nvidia-smi`: if it fails too ('Failed to initialize NVML: Driver/library version mismatch'), the "
                "driver was updated without a reboot: reboot (or reload the nvidia modules when nothing uses the GPU). "
                "If nvidia-smi works on the host but not where the program runs (a container), give that container the "
                "GPU through the NVIDIA runtime (`--gpus all`) so the driver's libnvidia-ml.so.1 is mounted. A CUDA "
                "toolkit install does not fix it."),
        action="reboot",
        rules_out=("the program's code",),
        never_suggest=("reinstall CUDA", "install another CUDA toolkit"),
        sources=("https://github.com/google-deepmind/alphafold/issues/1056", "https://github.com/pytorch/pytorch/issues/112950"),
        checked="2026-11-26",
        examples=("cuda/alphafold-1056-torch-nvmlinit-assert.txt",),
    ),
    Signature(
        code="cuda.ctranslate2-library-missing",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        # CTranslate2's own words (faster-whisper, WhisperX) when it dlopens the cuBLAS of the CUDA it was built for:
        # "Library libcublas.so.12 is not found or cannot be loaded"; on Windows "cublas64_12.dll".
        patterns=(r"Library (?P<library>(?:lib)?cublas(?:Lt)?(?:64_\d{2}\.dll|\.so\.\d{2})) is not found or cannot be "
                  r"loaded",),
        severity="fail",
        cause="CTranslate2 (under faster-whisper or WhisperX) was built for another CUDA than the one installed, and "
              "cannot load {library}; the CUDA version nvidia-smi shows is the driver's, not the installed libraries'.",
        advice=("Match CTranslate2's build to the CUDA libraries you have: ctranslate2 4.x (faster-whisper 1.0 and "
                "later) loads CUDA 12's cuBLAS, 3.x CUDA 11's. For CUDA 12 (also on a CUDA 13 machine, since CTranslate2 "
                "has no CUDA 13 build) install them into the environment: `pip install nvidia-cublas-cu12 "
                "nvidia-cudnn-cu12` and put their lib folders on LD_LIBRARY_PATH (`export LD_LIBRARY_PATH=$(python -c "
                "'import os, nvidia.cublas, nvidia.cudnn; print(os.path.dirname(nvidia.cublas.__file__) + \"/lib:\" + "
                "os.path.dirname(nvidia.cudnn.__file__) + \"/lib\")'):$LD_LIBRARY_PATH`), or build the container on a "
                "CUDA 12 image (nvidia/cuda:12.x-cudnn-runtime); on Windows install CUDA 12's libraries and put their bin "
                "folder on PATH. To stay on CUDA 11 with cuDNN 8, `pip install --force-reinstall ctranslate2==3.24.0` "
                "(the last CUDA 11 release); for libcublas.so.11 on a CUDA 12 machine, `pip install -U ctranslate2` to "
                "get the CUDA 12 build. The \"CUDA Version\" nvidia-smi prints is not the version of the installed libraries."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        versions=("ctranslate2>=4.0 (CUDA 12)", "ctranslate2<4.0 (CUDA 11)"),
        sources=("https://github.com/SYSTRAN/faster-whisper/issues/717", "https://github.com/dmMaze/BallonsTranslator/issues/404",
                 "https://github.com/SYSTRAN/faster-whisper/releases/tag/v1.0.0", "https://github.com/SYSTRAN/faster-whisper/issues/783",
                 "https://github.com/SYSTRAN/faster-whisper/issues/47", "https://github.com/LibreTranslate/LibreTranslate/issues/621"),
        checked="2026-11-27",
        examples=("cuda/fasterwhisper-717-libcublas-12-not-found.txt", "cuda/ballonstranslator-404-cublas64-12-dll.txt",
                  "cuda/fasterwhisper-783-cuda118-image-libcublas-12-b.txt", "cuda/fasterwhisper-47-libcublas-11-on-cuda-121-a.txt",
                  "cuda/libretranslate-621-cuda11-image-libcublas-12-a.txt"),
    ),
    Signature(
        code="cuda.torch-capability-below-build",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # torch.cuda's _check_capability (PyTorch 2.x): "Found GPU0 <name> which is of cuda capability 6.1. Minimum and
        # Maximum cuda capability supported by this version of PyTorch is (7.0) - (12.0)". Only capabilities below
        # 7.0 here: every build that warns about them lacks their kernels (the CUDA 12.8+ wheels start at sm_70 or
        # sm_75); a capability above the maximum of its major family (12.1 on a 12.0 build) still runs.
        patterns=(r"Found GPU(?P<gpu>\d{1,2}) (?P<name>[^\n]{1,80}?) which is of cuda capability (?P<capability>[1-6]\.\d)\b"
                  r"(?![^\n]{0,40}PyTorch no longer supports)",),
        severity="fail",
        cause="GPU {gpu} ({name}, compute capability {capability}) is older than every GPU this PyTorch build has "
              "kernels for, so CUDA operations on it fail (no kernel image).",
        advice=("Install a PyTorch build that still includes this GPU's architecture: the CUDA 12.6 wheels cover sm_50 "
                "to sm_90 (`pip install torch --index-url https://download.pytorch.org/whl/cu126`; `python -c \"import "
                "torch; print(torch.cuda.get_arch_list())\"` must list sm_{capability}), or an older PyTorch release; "
                "otherwise the GPU needs replacing."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Johnson145/voxtral_wyoming/issues/3", "https://github.com/pytorch/pytorch/issues/182250",
                 _TORCH_PREVIOUS),
        checked="2026-11-26",
        examples=("cuda/voxtralwyoming-3-gtx1070-capability-61-min-70.txt",),
    ),
    Signature(
        code="cuda.torch-capability-minor-above-build",
        cause_id="none",
        kinds=("any",),
        # The same warning on DGX Spark's GB10 (capability 12.1) with a build that ends at 12.0: code built for sm_120
        # runs on 12.1 (binary compatible within a major version), so nothing is wrong.
        patterns=(r"which is of cuda capability 12\.1\. Minimum and Maximum cuda capability supported by this version "
                  r"of PyTorch is\s{0,4}\(\d{1,2}\.\d\) - \(12\.0\)",),
        severity="info",
        cause="PyTorch warns that the GPU's capability 12.1 is above its build's 12.0; kernels built for sm_120 run "
              "on 12.1, so this is expected and harmless.",
        advice="Nothing to fix: the warning is expected on capability 12.1 GPUs (GB10) and can be ignored.",
        action="none",
        rules_out=("an unsupported GPU",),
        sources=("https://github.com/eugr/spark-vllm-docker/issues/15",),
        checked="2026-11-26",
        examples=("cuda/sparkvllm-15-gb10-capability-121-max-120.txt",),
    ),
    Signature(
        code="cuda.tf-cuinit-no-driver",
        cause_id="none",
        kinds=("any",),
        # TensorFlow's GPU build on a machine with no NVIDIA driver (no libcuda.so.1): cuInit cannot run, TensorFlow
        # logs CUDA_ERROR_SHARED_OBJECT_INIT_FAILED (303) as "UNKNOWN ERROR (303)" and goes on with the CPU.
        patterns=(r"[Ff]ailed call to cuInit: UNKNOWN ERROR \((?:303|34)\)",),
        severity="info",
        cause="TensorFlow found no NVIDIA driver to start CUDA with (cuInit error 303, usually libcuda.so.1 absent) "
              "and runs on the CPU.",
        advice=("Nothing to fix on a machine without an NVIDIA GPU: this is harmless and TensorFlow runs on the CPU. "
                "Where a GPU was expected, `nvidia-smi` must work there and the driver's libcuda.so.1 must be "
                "loadable (`ldconfig -p | grep libcuda`; in a container, run it with `--gpus all`)."),
        action="none",
        rules_out=("a GPU fault",),
        sources=("https://github.com/nanoporetech/medaka/issues/214", "https://github.com/tensorflow/tensorflow/issues/37689",
                 "https://github.com/haotianteng/Chiron/issues/99"),
        checked="2026-11-26",
        examples=("cuda/medaka-214-cuinit-303-cpu-node.txt", "cuda/cmssw-42657-cuinit-unknown-error-34-no-gpu.txt"),
    ),
    Signature(
        code="cuda.libcuda-so1-missing",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The loader's words for the driver's own libcuda.so.1, which no image or CUDA toolkit ships: the NVIDIA
        # container runtime mounts it (docker run --gpus), a host driver installs it. TensorFlow's "dlerror:" warning
        # on CPU-only machines and nvidia-container-cli's "load library failed:" are other rows' (or nothing).
        patterns=(r"(?<!dlerror: )(?<!load library failed: )libcuda\.so\.1: cannot open shared object file",),
        severity="fail",
        cause="The program cannot load libcuda.so.1, the NVIDIA driver's CUDA library: most often a CUDA container was "
              "started without GPU access, so the NVIDIA runtime did not mount the driver's libraries into it.",
        advice=("In a container, start it with the NVIDIA runtime: `docker run --gpus all ...` (the NVIDIA Container "
                "Toolkit on the host; `--runtime=nvidia` or `nvidia-docker run` on old set-ups, `--device "
                "nvidia.com/gpu=all` with CDI and Podman); images never contain libcuda.so.1. On a host, `nvidia-smi` "
                "must work, or the NVIDIA driver itself is missing; where it works, the driver's CUDA library package is "
                "not installed (Ubuntu `sudo apt install libnvidia-compute-<branch>`, Fedora RPM Fusion's "
                "xorg-x11-drv-nvidia-cuda-libs); under WSL 2 the library lives in /usr/lib/wsl/lib. On a machine with no "
                "NVIDIA GPU (a CPU-only server or VM) no driver can provide it: a CUDA build needs libcuda.so.1 even to "
                "run on the CPU, so install the program's CPU build or image (llama-cpp-python built without "
                "CMAKE_ARGS=-DGGML_CUDA=on), or update the app to a release that falls back to the CPU."),
        action="configure",
        rules_out=("the CUDA toolkit",),
        never_suggest=("install the CUDA toolkit in the image", "copy libcuda into the image"),
        sources=("https://github.com/leejet/stable-diffusion.cpp/issues/1352", "https://github.com/pytorch/pytorch/issues/3221",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-26",
        examples=("cuda/stablediffusioncpp-1352-libcuda-so1-no-gpus-flag.txt", "cuda/pytorch-3221-libcuda-so1-docker-run.txt"),
    ),
    Signature(
        code="cuda.numba-libnvvm-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Numba's (and numba-cuda's) words when it cannot open the CUDA toolkit's NVVM, which compiles its kernels to
        # PTX: "NvvmSupportError: libNVVM cannot be found. Do `conda install cudatoolkit`:" (libnvvm.so, nvvm.dll).
        patterns=(r"NvvmSupportError: libNVVM cannot be found",),
        severity="fail",
        cause="Numba cannot find the CUDA toolkit's NVVM library (libnvvm.so, nvvm.dll) it compiles GPU kernels with; "
              "the NVIDIA driver does not provide it.",
        advice=("Install the CUDA toolkit components Numba uses into the same environment, for the CUDA major version "
                "of your driver: `conda install -c conda-forge cuda-nvcc cuda-nvrtc \"cuda-version=12\"` (or "
                "`pip install \"numba-cuda[cu12]\"`; old Numba: `conda install cudatoolkit`), or point CUDA_HOME at a "
                "full CUDA toolkit install; `numba -s` then shows NVVM found."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/xinzhuma/monodle/issues/23", "https://github.com/NVIDIA/numba-cuda/issues/69",
                 "https://nvidia.github.io/numba-cuda/user/overview.html#software"),
        checked="2026-11-26",
        examples=("cuda/monodle-23-numba-libnvvm-not-found.txt",),
    ),
    Signature(
        code="cuda.torch-cudnn-runtime-version",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # PyTorch's check of the cuDNN it loaded, in the wordings frameworks.torch-cudnn-linked-elsewhere does not
        # read: since 1.12 "compiled  against (8, 5, 0) but found runtime version (8, 4, 1)", before 1.3 "cuDNN version
        # mismatch: PyTorch was compiled against 7102 but linked against 7605".
        patterns=(r"cuDNN version incompatibility: PyTorch was compiled\s{1,3}against (?P<compiled>\([\d, ]{1,12}\)) "
                  r"but found runtime version (?P<linked>\([\d, ]{1,12}\))",
                  r"cuDNN version (?:mismatch|incompatibility): PyTorch was compiled against (?P<compiled>\d{4,5}) but "
                  r"linked against (?P<linked>\d{4,5})"),
        severity="fail",
        cause="PyTorch loaded another cuDNN ({linked}) than the {compiled} it was built with, usually an older one "
              "found first on LD_LIBRARY_PATH or in the environment.",
        advice=("Let PyTorch load the cuDNN it was built with: take the folder of the other cuDNN off LD_LIBRARY_PATH "
                "(`echo $LD_LIBRARY_PATH`; PyTorch's pip wheels bring their own cuDNN through the nvidia-cudnn-cu1x "
                "package), or install the cuDNN version it names in that environment (`conda install cudnn=<version>`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://github.com/gladiaio/gladia/issues/928", "https://github.com/xingyizhou/CenterNet/issues/119",
                 "https://github.com/pytorch/pytorch/pull/80877"),
        checked="2026-11-26",
        examples=("cuda/gladia-928-cudnn-version-incompatibility.txt", "cuda/centernet-119-cudnn-version-mismatch-7102.txt"),
    ),
    Signature(
        code="cuda.api-needs-newer-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # cudaErrorCallRequiresNewerDriver (36), whose string is "API call is not supported in the installed CUDA
        # driver": cudaMallocAsync on an old driver, or a library probing entry points the driver lacks.
        # `[a-z]{9}` stands for "installed", a word healthy logs hold often, so that the prefilter keys on "call".
        patterns=(r"API call is not supported in the [a-z]{9} CUDA driver", r"cudaErrorCallRequiresNewerDriver"),
        severity="fail",
        cause="The program calls a CUDA API the installed NVIDIA driver is too old for (often the stream-ordered "
              "allocator cudaMallocAsync that PyTorch programs turn on).",
        advice=("Update the NVIDIA driver to a release whose CUDA version (`nvidia-smi`, top right) covers the "
                "program's CUDA, or turn off the feature the program enables: PyTorch's cudaMallocAsync backend "
                "(ComfyUI and Fooocus `--disable-cuda-malloc`, or drop `backend:cudaMallocAsync` from "
                "PYTORCH_CUDA_ALLOC_CONF)."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reseat the GPU", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/lllyasviel/Fooocus/issues/95", "https://github.com/lllyasviel/Fooocus/issues/73",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-26",
        examples=("cuda/fooocus-95-api-call-needs-newer-driver.txt",),
    ),
    Signature(
        code="cuda.mps-connection-failed",
        refines=("cuda.devices-busy-or-unavailable", "cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error"),
        refines_within=None,
        cause_id="mps-unreachable",
        kinds=("any",),
        # cudaErrorMpsConnectionFailed (805) / CUDA_ERROR_MPS_CONNECTION_FAILED, also as PyTorch's "Error 805: MPS
        # client failed to connect to the MPS control daemon or the MPS server".
        patterns=(r"MPS client failed to connect to the MPS control daemon", r"cudaErrorMpsConnectionFailed",
                  r"CUDA_ERROR_MPS_CONNECTION_FAILED"),
        severity="fail",
        cause="CUDA is directed to an MPS (Multi-Process Service) control daemon it cannot reach, or one with no server "
              "for this user or container, so no CUDA call can start.",
        advice=("Decide whether this process should use MPS. If not, unset CUDA_MPS_PIPE_DIRECTORY and, if no one "
                "needs it, stop the daemon (`echo quit | nvidia-cuda-mps-control`). If it should, make the daemon "
                "reachable: the same pipe directory (CUDA_MPS_PIPE_DIRECTORY, default /tmp/nvidia-mps) mounted into "
                "the container with `--ipc=host`, the same user as the daemon's server, or MPS started inside the "
                "container; its log (CUDA_MPS_LOG_DIRECTORY, default /var/log/nvidia-mps) says why it refused."),
        action="configure",
        rules_out=("the NVIDIA driver install", "the GPU hardware"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/714", "https://docs.nvidia.com/deploy/mps/index.html"),
        checked="2026-11-26",
        examples=("cuda/ctk-714-mps-805-host-daemon-container.txt",),
    ),
    Signature(
        code="cuda.numba-driver-library-not-found",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # Numba's words when it finds no CUDA driver library (libcuda.so, nvcuda.dll) to open: "CudaSupportError:
        # Error at driver init: CUDA driver library cannot be found."
        # The lookahead keeps "init:" (healthy logs hold it by the thousand) out of the prefilter's literal.
        patterns=(r"Error at driver init(?=:): CUDA driver library cannot be found",),
        severity="fail",
        cause="Numba found no NVIDIA driver library (libcuda.so.1, nvcuda.dll) to start CUDA with: the driver is "
              "missing there, or not where Numba looks; a CUDA toolkit or the cudatoolkit package does not provide it.",
        advice=("Make the NVIDIA driver's library available: install or repair the NVIDIA driver so `nvidia-smi` works "
                "in the same environment (in a container, run it with `--gpus all`), or point NUMBA_CUDA_DRIVER at the "
                "library's full path if it lives somewhere unusual."),
        action="configure",
        rules_out=("the CUDA toolkit",),
        never_suggest=("conda install cudatoolkit",),
        sources=("https://github.com/serrob23/falsecolor/issues/73",
                 "https://numba.readthedocs.io/en/stable/cuda/overview.html#setting-cuda-installation-path"),
        checked="2026-11-26",
        examples=("cuda/falsecolor-73-numba-cuda-driver-library-not-found.txt",),
    ),
    Signature(
        code="cuda.torch-oom-report-nvml-assert",
        cause_id="cuda-oom",
        kinds=("any",),
        # PyTorch's caching allocator, when a cudaMalloc fails, asks NVML which processes hold the GPU's memory for its
        # OOM message (reportProcessMemoryInfo) and asserted that NVML answered: where NVML cannot (a MIG slice, Jetson,
        # a restricted container) the out-of-memory surfaces as this assert (pytorch#185946 made it a warning).
        patterns=(r"NVML_SUCCESS == r INTERNAL ASSERT FAILED at \"[^\"\n]{0,160}CUDACachingAllocator\.cpp\"",),
        severity="fail",
        cause="The GPU ran out of memory, and PyTorch's out-of-memory report then failed on an NVML query (NVML is "
              "restricted on a MIG slice, in some containers and on Jetson), so it shows as an internal assert.",
        advice=("Treat it as CUDA out of memory: reduce what the program holds on the GPU (batch size, sequence or "
                "image size, a smaller or quantised model), or use a larger GPU or MIG slice (`nvidia-smi` shows the "
                "slice's memory); on MIG, `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False` avoids the NVML path. A "
                "newer PyTorch prints the plain out-of-memory message instead."),
        action="configure",
        rules_out=("the driver installation",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/issues/112377", "https://github.com/pytorch/pytorch/pull/185946",
                 "https://github.com/fal-ai/fal/pull/478", "https://github.com/pytorch/pytorch/pull/128661"),
        checked="2026-11-26",
        examples=("cuda/fal-478-nvml-assert-is-oom.txt", "cuda/pytorch-128661-jetson-oom-nvml-assert.txt"),
    ),
)
