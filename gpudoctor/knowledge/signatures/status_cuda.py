"""CUDA's own error strings (cudaError_t / CUresult and the libraries' status codes) that no tool-specific row
reads: what each means on a real machine, and the first thing to do about it."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

RUNTIME_ERRORS = "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"
DRIVER_ERRORS = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"
CUFFT_STATUS = "https://docs.nvidia.com/cuda/cufft/index.html#cufftresult"
CHECKED = "2026-11-26"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.cufft-internal-error",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # CUFFT_INTERNAL_ERROR (5): PyTorch prints "cuFFT error: CUFFT_INTERNAL_ERROR", Paddle "CUFFT error(5)" with
        # the name in its hint. The cuFFT of CUDA 11.7 and older has no support for Ada (sm_89, RTX 40).
        patterns=(r"CUFFT_INTERNAL_ERROR",),
        severity="warn",
        cause="cuFFT failed inside the library (CUFFT_INTERNAL_ERROR): most often the cuFFT of CUDA 11.7 or older "
              "running on an RTX 40 (Ada, sm_89) GPU, which it does not support; else GPU memory ran out.",
        advice=("Check the CUDA the framework was built with (`python -c \"import torch; print(torch.version.cuda)\"`): "
                "11.7 or older on an RTX 40 GPU needs a build for CUDA 11.8 or newer (`pip install torch "
                "--index-url https://download.pytorch.org/whl/cu118`, or cu121; conda: pytorch-cuda=11.8). On other "
                "GPUs, check free memory with `nvidia-smi` and lower the batch or FFT size."),
        action="configure",
        rules_out=("a missing or broken NVIDIA driver",),
        never_suggest=("reinstall the NVIDIA driver", "reinstall the CUDA toolkit"),
        versions=("cuda<11.8 on sm_89",),
        sources=("https://github.com/pytorch/pytorch/issues/88038", "https://github.com/haoheliu/AudioLDM/issues/49",
                 CUFFT_STATUS),
        checked=CHECKED,
        examples=("cuda/pytorch-88038-cufft-internal-error-wsl2-4090-cu117.txt",
                  "cuda/audioldm-49-stft-cufft-internal-error.txt"),
    ),
    Signature(
        code="cuda.kernel-image-invalid",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # CUDA_ERROR_INVALID_IMAGE (200) and, in CUDA 11, CUDA_ERROR_INVALID_SOURCE (300) print "device kernel image
        # is invalid": the driver cannot load the program's cubin (built by a newer CUDA, compressed for drivers from
        # 550 on). Triton's frame is read by vllm.triton-kernel-image-invalid.
        patterns=(r"(?<!Triton Error \[CUDA\]: )device kernel image is invalid", r"CUDA_ERROR_INVALID_IMAGE\b",
                  r"cudaErrorInvalidKernelImage"),
        severity="warn",
        cause="The driver cannot load the program's GPU code (device kernel image is invalid): it was built by a "
              "newer CUDA than this driver supports, or for another GPU architecture.",
        advice=("Update the NVIDIA driver to a release that supports the CUDA the program was built with (`nvidia-smi` "
                "shows the highest CUDA the driver supports; Ollama's current CUDA builds need driver 550 or newer), "
                "or install a build of the program made for your driver's CUDA and this GPU."),
        action="configure",
        never_suggest=("set CUDA_VISIBLE_DEVICES", "install the CPU build"),
        sources=("https://github.com/ollama/ollama/pull/12258", "https://github.com/StanfordLegion/legion/issues/1690",
                 DRIVER_ERRORS),
        checked=CHECKED,
        examples=("cuda/ollama-12258-kernel-image-invalid-driver-below-550.txt",
                  "cuda/legion-1690-invalid-image-cuda123-old-driver.txt"),
    ),
    Signature(
        code="cuda.invalid-resource-handle",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorInvalidResourceHandle / CUDA_ERROR_INVALID_HANDLE (400): a stream, event or context handle used
        # where it is not valid (another device's, another process's, a destroyed one).
        # Not Triton's "failed to open CUDA IPC handle: invalid resource handle": CUDA IPC across containers, a setup.
        patterns=(r"(?<!IPC handle: )invalid resource handle", r"cudaErrorInvalidResourceHandle",
                  r"CUDA_ERROR_INVALID_HANDLE\b"),
        severity="warn",
        cause="A CUDA call was given a stream, event or context handle that is not valid where it was used (CUDA "
              "error 400): a bug in the program's multi-GPU or multi-process code, not the machine.",
        advice=("Update the program (such handle bugs in multi-GPU code are fixed in newer releases of llama.cpp and "
                "others); meanwhile run it on one GPU with `CUDA_VISIBLE_DEVICES=0` to work around it, and report it "
                "to the program with the command line and GPU list."),
        action="restart-application",
        rules_out=("a driver or hardware fault",),
        never_suggest=("reinstall the NVIDIA driver", "reinstall CUDA"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/2503", RUNTIME_ERRORS),
        checked=CHECKED,
        examples=("cuda/llamacpp-2503-tensor-split-invalid-resource-handle.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.unspecified-launch-failure",
        cause_id="gpu-unstable-under-load",
        kinds=("any",),
        # cudaErrorLaunchFailure / CUDA_ERROR_LAUNCH_FAILED (719; 4 in CUDA 10 and older): a kernel died while it
        # ran, and the context is lost. Numba prints the number only ("[719] Call to cuCtxSynchronize results in").
        patterns=(r"unspecified launch failure", r"cudaErrorLaunchFailure", r"CUDA_ERROR_LAUNCH_FAILED",
                  r"\[719\] Call to cu\w{2,40} results in"),
        severity="warn",
        cause="A CUDA kernel died while it ran (unspecified launch failure, CUDA error 719): at random points under "
              "load, the GPU or its platform failing (an overclock, power, heat, a failing card); at the same spot "
              "every time, a fault in the program's kernel.",
        advice=("Read the kernel log from the moment it failed: `sudo dmesg -T | grep -iE 'xid|nvrm'`. If it fails at "
                "random points after minutes or hours of load, the GPU is not stable under load: return an overclocked "
                "or undervolted card to stock clocks, lower its power limit (`sudo nvidia-smi -pl <watts>`), check "
                "cooling and power cables, update the motherboard BIOS and try the card in another machine; replace a "
                "card that keeps failing. If the GPU also drives a display, its watchdog may kill a long kernel: run "
                "on a GPU with no display attached (or without the desktop running). If it fails at the same call "
                "every time, rerun with CUDA_LAUNCH_BLOCKING=1 to find the kernel and update the program. If it began "
                "only after the machine resumed from suspend, reload the unified-memory module first (`sudo rmmod "
                "nvidia_uvm && sudo modprobe nvidia_uvm`, or reboot) before suspecting the card."),
        action="reseat-or-inspect-hardware",
        never_suggest=("reinstall the CUDA toolkit",),
        sources=("https://github.com/nicehash/excavator/issues/160", "https://github.com/OneZeroMiner/onezerominer/issues/4",
                 "https://github.com/opendatalab/MinerU/issues/426", "https://docs.nvidia.com/deploy/xid-errors/",
                 RUNTIME_ERRORS),
        checked=CHECKED,
        examples=("cuda/onezerominer-4-gpu-launch-failure-bad-overclock.txt",
                  "cuda/mineru-426-launch-failure-faulty-card.txt"),
    ),
    Signature(
        code="cuda.driver-shutting-down",
        cause_id="none",
        kinds=("any",),
        # cudaErrorCudartUnloading (4; 29 before CUDA 11): a CUDA call made while the process exits, after the
        # runtime unloaded (frees in static destructors, atexit handlers). Harmless for what ran before.
        # MXNet's CHECK prints "e == cudaSuccess || e == cudaErrorCudartUnloading" before whatever error it met.
        patterns=(r"driver shutting down", r"(?<!e == )cudaErrorCudartUnloading", r"CUDA_ERROR_DEINITIALIZED"),  # CUresult 4
        severity="info",
        cause="CUDA was called while the process was exiting, after the CUDA runtime had unloaded (driver shutting "
              "down): a clean-up bug of the program at exit, not a fault of the GPU or the driver.",
        advice=("Nothing to fix on the machine: what the program computed before exit stands. If an earlier error "
                "is in the log (an illegal memory access, out of memory), act on that one; else the program should "
                "release its GPU objects before exit (an update of the program may have fixed it)."),
        action="none",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the NVIDIA driver", "reboot"),
        sources=("https://github.com/NVlabs/SASSI/issues/4", "https://github.com/NVIDIA/DIGITS/issues/1145",
                 RUNTIME_ERRORS),
        checked=CHECKED,
        examples=("cuda/sassi-4-driver-shutting-down-at-exit.txt", "cuda/digits-1145-cpu-mode-driver-shutting-down.txt"),
    ),
    Signature(
        code="cuda.cusolver-handle-failed",
        cause_id="cuda-oom",
        kinds=("any",),
        # PyTorch's cusolverDnCreate failing with CUSOLVER_STATUS_INTERNAL_ERROR (7; older releases print the
        # number): the handle's workspace could not be set up, most often for lack of GPU memory.
        patterns=(r"cusolver error: (?:CUSOLVER_STATUS_INTERNAL_ERROR|7),? when calling `?cusolverDnCreate\(handle\)",),
        severity="warn",
        cause="cuSOLVER could not create its handle (CUSOLVER_STATUS_INTERNAL_ERROR) for a linear-algebra call "
              "(inverse, solve, SVD): most often the GPU's memory is exhausted at that moment.",
        advice=("Check GPU memory when it fails (`nvidia-smi`, `torch.cuda.memory_summary()`): free it (other "
                "processes on the GPU) or lower the batch size. If memory is ample, check that the framework's CUDA "
                "build supports this GPU (`python -m torch.utils.collect_env`) or run that operation on the CPU."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/JIA-Lab-research/UVTR/issues/13", "https://github.com/jzhangbs/Vis-MVSNet/issues/38",
                 "https://docs.nvidia.com/cuda/cusolver/index.html#cusolverstatus-t"),
        checked=CHECKED,
        examples=("cuda/uvtr-13-torch-inverse-cusolver-internal-error.txt", "cuda/vismvsnet-38-cusolver-error-7-handle.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.cudnn-internal-error",
        cause_id="app-fault",
        kinds=("any",),
        # CUDNN_STATUS_INTERNAL_ERROR (4) in any frame: PyTorch's "cuDNN error:", ONNX Runtime's "CUDNN failure 4:",
        # Caffe's "(4 vs. 0)". TensorFlow's "Could not create cudnn handle:" form is its memory-growth case, read by
        # frameworks.tf-cudnn-failed-to-initialize.
        patterns=(r"(?<!handle: )CUDNN_STATUS_INTERNAL_ERROR",),
        severity="warn",
        cause="cuDNN failed inside the library (CUDNN_STATUS_INTERNAL_ERROR): most often a cuDNN bug hit by its "
              "algorithm search (torch.backends.cudnn.benchmark = True, 3-D convolutions) or GPU memory running out "
              "during it; less often a cuDNN too old for this GPU.",
        advice=("Rerun with `torch.backends.cudnn.benchmark = False` and a smaller batch: if that runs, update PyTorch "
                "to a release with a newer cuDNN. If it fails on every run at once, check that the framework's build "
                "supports this GPU (`python -m torch.utils.collect_env`; RTX 30 and newer need a CUDA 11 or newer "
                "build) and that GPU memory is free (`nvidia-smi`)."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/pytorch/pytorch/issues/16831", "https://github.com/pytorch/pytorch/issues/14019",
                 "https://docs.nvidia.com/deeplearning/cudnn/backend/latest/api/cudnn-graph-library.html"),
        checked=CHECKED,
        examples=("cuda/pytorch-16831-cudnn-internal-error-benchmark.txt", "cuda/pytorch-14019-conv3d-cudnn-internal-error.txt"),
    ),
    Signature(
        code="cuda.xla-driver-older-than-ptxas",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # XLA's warning (JAX, TensorFlow) when the pip CUDA packages' ptxas is newer than the driver's CUDA: it keeps
        # running, compiling one kernel at a time. "ptxas CUDA version (12.3.107)" before 2024, "PTX compiler
        # version 12.5.82" after.
        patterns=(r"The NVIDIA driver's CUDA version is (?P<driver_cuda>\d{1,2}\.\d{1,2}) which is older than the "
                  r"(?:ptxas CUDA version \(|PTX compiler version )(?P<ptxas>\d{1,2}\.\d{1,2})",),
        severity="warn",  # a start that compiles one kernel at a time is slower than this GPU should be
        cause="The driver supports CUDA {driver_cuda}, older than the CUDA {ptxas} of the PTX compiler XLA uses, so "
              "XLA compiles one kernel at a time (slower start, same results).",
        advice=("Update the NVIDIA driver to a release that supports the CUDA of the PTX compiler named in the line "
                "(`nvidia-smi` shows the CUDA the driver supports), or install the jax/tensorflow CUDA packages "
                "matching the driver's CUDA; otherwise the warning is harmless."),
        action="configure",
        rules_out=("a failed GPU start",),
        never_suggest=("reinstall the CUDA toolkit",),
        sources=("https://github.com/jax-ml/jax/issues/19821", "https://github.com/google/brax/issues/488",
                 "https://github.com/google-deepmind/alphafold3/issues/272",
                 "https://github.com/openxla/xla/blob/main/xla/service/gpu/nvptx_compiler.cc",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked=CHECKED,
        examples=("cuda/jax-19821-driver-older-than-ptxas-warning.txt",
                  "cuda/brax-488-xla-disabling-parallel-compilation.txt",
                  "frameworks/alphafold3-272-xla-driver-older-than-ptx-compiler.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.cudnn-not-supported",
        cause_id="app-fault",
        kinds=("any",),
        # CUDNN_STATUS_NOT_SUPPORTED (9): no cuDNN kernel takes this call's input. PyTorch adds "This error may appear
        # if you passed in a non-contiguous input."; the other common reason is an input too large (batch) for it.
        patterns=(r"CUDNN_STATUS_NOT_SUPPORTED",),
        severity="warn",
        cause="cuDNN has no kernel for this call's input (CUDNN_STATUS_NOT_SUPPORTED): a non-contiguous tensor, or an "
              "input too large for it (a big batch or sequence); a limit of the library and the program, not the "
              "machine.",
        advice=("Make the layer's input contiguous (`.contiguous()` after permute/transpose) and try a smaller batch "
                "size; if neither helps, update PyTorch (a newer cuDNN), or turn cuDNN off for that layer "
                "(`torch.backends.cudnn.enabled = False`)."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the NVIDIA driver", "reinstall CUDA"),
        sources=("https://github.com/loeweX/Greedy_InfoMax/issues/3", "https://github.com/microsoft/NeuronBlocks/issues/26",
                 "https://github.com/pytorch/pytorch/issues/4107"),
        checked=CHECKED,
        examples=("cuda/greedyinfomax-3-cudnn-not-supported-non-contiguous.txt",
                  "cuda/neuronblocks-26-cudnn-not-supported-batch-128.txt"),
    ),
    Signature(
        code="cuda.cublas-gemm-internal-error",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # CUBLAS_STATUS_INTERNAL_ERROR (14) from a cuBLAS call other than cublasCreate (read by
        # cuda.cublas-create-internal-error): most often another CUDA's libcublas loaded in place of the framework's.
        patterns=(r"CUBLAS_STATUS_INTERNAL_ERROR when calling `?cublas(?!Create\()\w{2,40}\(",),
        severity="warn",
        cause="cuBLAS failed inside a matrix multiply (CUBLAS_STATUS_INTERNAL_ERROR): most often a cuBLAS of another "
              "CUDA version than the framework was built with is loaded (LD_LIBRARY_PATH, a system CUDA), else GPU "
              "memory ran out.",
        advice=("Check `echo $LD_LIBRARY_PATH` and run once without it (`env -u LD_LIBRARY_PATH python ...`) so the "
                "framework loads its own cuBLAS; make the framework's CUDA build and the CUDA libraries it loads "
                "match (`python -m torch.utils.collect_env`). If it comes only late in training, check GPU memory "
                "with `nvidia-smi`."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/OpenGVLab/InternImage/issues/176", "https://github.com/babysor/MockingBird/issues/28",
                 "https://docs.nvidia.com/cuda/cublas/index.html#cublasstatus-t"),
        checked=CHECKED,
        examples=("cuda/internimage-176-cublas-internal-error-ld-library-path.txt",
                  "cuda/mockingbird-28-cublassgemm-internal-error-cuda-version.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.named-symbol-not-found",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # cudaErrorSymbolNotFound / CUDA_ERROR_NOT_FOUND (500): a kernel looked up by name is not in the loaded
        # module. Docker Desktop's WSL form at cudaGetDeviceCount is wsl.docker-desktop-named-symbol.
        patterns=(r"(?<!Error 500: )named symbol not found", r"cudaErrorSymbolNotFound", r"CUDA_ERROR_NOT_FOUND\b"),
        severity="warn",
        cause="A GPU function the program looks up by name is not in the GPU code it loaded (named symbol not found, "
              "CUDA error 500): usually that code was built for other GPU architectures than this one (a build "
              "naming only one of several GPU types), or against another version of the library that loads it.",
        advice=("Check that the program was built for this GPU's compute capability (`nvidia-smi --query-gpu=name,"
                "compute_cap --format=csv`): rebuild with every GPU architecture of the machine "
                "(CMAKE_CUDA_ARCHITECTURES, TORCH_CUDA_ARCH_LIST) or install a release built for it, and keep its "
                "CUDA libraries at the versions it was built against."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/NVIDIA/stdexec/issues/888", RUNTIME_ERRORS),
        checked=CHECKED,
        examples=("cuda/stdexec-888-symbol-not-found-one-arch-built.txt",),
    ),
    Signature(
        code="cuda.stream-capture-not-permitted",
        cause_id="app-fault",
        kinds=("any",),
        # cudaErrorStreamCaptureUnsupported (900) and its neighbours (901 invalidated, 904 unjoined): something
        # synchronised, allocated or copied while a CUDA graph was being captured (vLLM and SGLang's CUDA graphs,
        # torch.compile's cudagraphs, trtexec).
        patterns=(r"operation not permitted when stream is capturing", r"cudaErrorStreamCaptureUnsupported",
                  r"CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED", r"capturing stream has unjoined work",
                  r"operation failed due to a previous error during capture"),
        severity="warn",
        cause="An operation that CUDA graph capture forbids (a synchronisation, an allocation, a copy from the host) "
              "ran while the program was capturing a CUDA graph: a limitation or bug of the program or library, "
              "not the machine.",
        advice=("Run without CUDA graphs to confirm (vLLM `--enforce-eager`, trtexec without `--useCudaGraph`, "
                "torch.compile without its cudagraphs mode; llama.cpp, Ollama and the other ggml programs: "
                "`GGML_CUDA_DISABLE_GRAPHS=1` in the environment of the process that runs the model, read at run time), "
                "then update the program or library: capture bugs are fixed in newer releases."),
        action="configure",
        rules_out=("a driver fault", "a GPU fault"),
        never_suggest=("reinstall the NVIDIA driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/TensorRT/issues/3011", "https://github.com/microsoft/onnxruntime/issues/15002",
                 "https://github.com/ggml-org/llama.cpp/issues/11804", RUNTIME_ERRORS),
        checked=CHECKED,
        examples=("cuda/tensorrt-3011-trtexec-cuda-graph-capture-not-permitted.txt",
                  "cuda/onnxruntime-15002-cuda-failure-900-graph-capture.txt", "cuda/deepep-62-normal-kernels-graph-capture.txt",
                  "ollama/llamacpp-11804-llamasharp-threads-cuda-graph-capture.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.cudnn-bad-param",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # CUDNN_STATUS_BAD_PARAM (3) in PyTorch's, Caffe's "(3 vs. 0)" and Paddle's frames: cuDNN refused the
        # arguments the framework passed, most often a cuDNN of another version than the framework was built for.
        patterns=(r"CUDNN_STATUS_BAD_PARAM",),
        severity="warn",
        cause="cuDNN refused the arguments of a call (CUDNN_STATUS_BAD_PARAM): most often the cuDNN loaded is of "
              "another version than the framework was built for; else a data type or layout the layer does not "
              "take (mixed precision under autocast).",
        advice=("Check which CUDA and cuDNN the framework uses against what it was built for (`python -m "
                "torch.utils.collect_env`) and install matching versions (a PyTorch wheel brings its own; remove "
                "other cuDNN folders from LD_LIBRARY_PATH). If they match, run the failing layer in float32 "
                "(outside autocast) to find a data type it does not take."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/microsoft/human-pose-estimation.pytorch/issues/112",
                 "https://github.com/twhui/LiteFlowNet3/issues/6",
                 "https://docs.nvidia.com/deeplearning/cudnn/backend/latest/api/cudnn-graph-library.html"),
        checked=CHECKED,
        examples=("cuda/humanposeestimation-112-backward-cudnn-bad-param.txt",
                  "cuda/liteflownet3-6-check-failed-cudnn-bad-param.txt"),
    ),
    Signature(
        code="cuda.cudnn-mapping-error",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # CUDNN_STATUS_MAPPING_ERROR (7/8): a GPU memory access inside cuDNN failed; in the threads, a framework
        # build whose CUDA/cuDNN does not fit the GPU, or an input too large (a smaller batch runs).
        patterns=(r"CUDNN_STATUS_MAPPING_ERROR",),
        severity="warn",
        cause="cuDNN could not access GPU memory inside a call (CUDNN_STATUS_MAPPING_ERROR): usually a framework "
              "build whose CUDA/cuDNN does not fit this GPU, else an input too large for the GPU (a smaller batch "
              "runs).",
        advice=("Check that the framework's CUDA build fits this GPU (`python -m torch.utils.collect_env`; RTX 30 and "
                "newer need CUDA 11 or newer) and install the build for a newer CUDA if not; if it does, lower the "
                "batch size and watch GPU memory with `nvidia-smi`."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/PaddlePaddle/Paddle/issues/37778", "https://github.com/jeya-maria-jose/KiU-Net-pytorch/issues/3",
                 "https://github.com/pytorch/pytorch/issues/27588"),
        checked=CHECKED,
        examples=("cuda/paddle-37778-cudnn-mapping-error-cuda101.txt", "cuda/kiunet-3-cudnn-mapping-error-gpu-vs-build.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.nvml-query-not-supported",
        cause_id="none",
        kinds=("any",),
        # NVML_ERROR_NOT_SUPPORTED (3), pynvml's NVMLError_NotSupported: the GPU does not offer this reading (fan
        # speed on fanless data-center cards, power or clocks on laptop, Jetson and vGPU GPUs). Monitoring tools
        # print it while the GPU works.
        patterns=(r"NVMLError_NotSupported", r"NVML_ERROR_NOT_SUPPORTED"),
        severity="info",
        cause="NVML answered Not Supported: this GPU (a fanless data-center card, a laptop, Jetson or virtual GPU) "
              "does not offer the reading the tool asked for; the GPU itself is fine.",
        advice=("Nothing to fix on the GPU: update the monitoring tool or let it skip that reading (current gpustat, "
                "TorchServe and nvidia-ml-py skip readings a GPU does not offer); `nvidia-smi -q` shows N/A for the "
                "same field."),
        action="none",
        rules_out=("a GPU fault", "a driver fault"),
        never_suggest=("reinstall the NVIDIA driver", "reboot"),
        sources=("https://github.com/NVIDIA/TensorRT/issues/2669", "https://github.com/pytorch/serve/issues/1722",
                 "https://github.com/wookayin/gpustat/issues/161", "https://docs.nvidia.com/deploy/nvml-api/"),
        checked=CHECKED,
        examples=("cuda/tensorrt-2669-trex-nvml-not-supported-memory-clocks.txt",
                  "cuda/gpustat-161-h100-fan-speed-not-supported.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.cudnn-alloc-failed",
        cause_id="cuda-oom",
        kinds=("any",),
        # CUDNN_STATUS_ALLOC_FAILED (2): cuDNN could not allocate its handle's or workspace's memory; in TensorFlow
        # ("Could not create cudnn handle:"), because TensorFlow reserved the GPU's memory up front.
        patterns=(r"CUDNN_STATUS_ALLOC_FAILED",),
        severity="fail",
        cause="cuDNN could not allocate GPU memory for its handle or workspace (CUDNN_STATUS_ALLOC_FAILED): the "
              "framework (TensorFlow reserves nearly all of it up front) or other programs hold the GPU's memory.",
        advice=("Let TensorFlow grow its memory instead of reserving it (`tf.config.experimental.set_memory_growth(gpu, "
                "True)` or TF_FORCE_GPU_ALLOW_GROWTH=true before it starts), close other programs on the GPU "
                "(`nvidia-smi` lists them), or lower the batch size."),
        action="configure",
        rules_out=("a missing cuDNN",),
        never_suggest=("reinstall cuDNN", "reinstall the NVIDIA driver"),
        sources=("https://github.com/tensorflow/tensorflow/issues/39989",
                 "https://github.com/pythonlessons/TensorFlow-2.x-YOLOv3/issues/107",
                 "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"),
        checked=CHECKED,
        examples=("cuda/tensorflow-39989-rtx2060-cudnn-handle-alloc-failed.txt",
                  "cuda/tf2yolov3-107-cudnn-alloc-failed-allow-growth.txt"),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.bitsandbytes-int8-matmul-unsupported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # bitsandbytes' LLM.int8() matmul goes through cuBLASLt's int8 GEMM (igemmlt); status 15 is
        # CUBLAS_STATUS_NOT_SUPPORTED: that layout is not there for this GPU in this bitsandbytes build (Hopper
        # before bitsandbytes 0.40, GPUs older than Turing).
        patterns=(r"cuBLAS API failed with status 15\b", r"cublasLt ran into an error"),
        severity="fail",
        cause="bitsandbytes' 8-bit matrix multiply (cuBLASLt int8, status 15 = CUBLAS_STATUS_NOT_SUPPORTED) does not "
              "run on this GPU with the installed bitsandbytes (H100 with releases before 0.40, GPUs older than "
              "Turing).",
        advice=("Upgrade bitsandbytes (`pip install -U bitsandbytes`; recent releases handle H100 and fall back on "
                "older GPUs), or load the model without 8-bit: load_in_8bit=False (fp16/bf16) or 4-bit."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver", "reinstall CUDA"),
        sources=("https://github.com/tloen/alpaca-lora/issues/174",
                 "https://github.com/bitsandbytes-foundation/bitsandbytes/issues/383",
                 "https://docs.nvidia.com/cuda/cublas/index.html#cublasstatus-t"),
        checked=CHECKED,
        examples=("cuda/alpacalora-174-cublas-status-15-h100-int8.txt",),
    ),
)

SIGNATURES += (
    Signature(
        code="cuda.jax-cusolver-handle-failed",
        cause_id="framework-cuda-mismatch",
        kinds=("any",),
        # jaxlib's cuSOLVER kernels ("operation cusolverDnCreate(&handle) failed: cuSolver internal error"): the
        # handle cannot be made when jaxlib's CUDA does not fit the GPU or driver, or when XLA's preallocation left
        # no memory for it.
        patterns=(r"cusolverDnCreate\(&handle\) failed: cuSolver internal error",),
        severity="warn",
        cause="jaxlib could not create its cuSOLVER handle: its CUDA build does not fit this GPU or driver (an image "
              "built on too old a CUDA), or XLA's memory preallocation left none for it.",
        advice=("Make jaxlib's CUDA fit the GPU: install the current CUDA build (`pip install -U \"jax[cuda12]\"`) or, "
                "in Docker, build the image on a CUDA the GPU supports (11.1 or newer for RTX 30 and A100). If the "
                "versions fit, set XLA_PYTHON_CLIENT_PREALLOCATE=false so XLA leaves memory for cuSOLVER."),
        action="configure",
        never_suggest=("reinstall the NVIDIA driver",),
        sources=("https://github.com/google-deepmind/alphafold/issues/306",
                 "https://jax.readthedocs.io/en/latest/gpu_memory_allocation.html"),
        checked=CHECKED,
        examples=("cuda/alphafold-306-jax-cusolver-internal-error-cuda101.txt",),
    ),
)
