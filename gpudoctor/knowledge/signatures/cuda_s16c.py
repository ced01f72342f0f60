"""Issue 25, sixteenth wave (written blind): rows read from the code that prints the message.

Each row follows a format string of the program that prints it (TensorFlow's stream executor, PyTorch's CUDABlas.cpp
and CUDACachingAllocator.cpp, cuDNN 9's status strings): its constant words are the pattern, and the condition the code
prints it on is the cause.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_TF_GPU_GUIDE = "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"
_GROWTH = ("Let TensorFlow grow its GPU memory on demand instead of reserving nearly all of it at start: "
           "`tf.config.experimental.set_memory_growth(gpu, True)` for each GPU before any op runs (TF1: "
           "`config.gpu_options.allow_growth = True`), or `TF_FORCE_GPU_ALLOW_GROWTH=true` in the environment; check "
           "`nvidia-smi` for other processes holding the GPU's memory (a second notebook or TensorFlow process), and use a "
           "smaller batch if the GPU is simply full.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.tf-blas-without-cublas-handle",
        cause_id="cuda-oom",
        kinds=("any",),
        patterns=(
            # stream_executor/stream.cc (TF 1.x, a WARNING) and xla/stream_executor/stream.h (TF 2.x, an InternalError):
            # the StreamExecutor has no BLAS object because creating the cuBLAS handle failed when the GPU was set up.
            r"[Aa]ttempting to perform BLAS operation using StreamExecutor without BLAS support",
            # cuda_blas.cc since TF 2.11 prints cublasGetStatusString's text instead of the status name, and a hint after it.
            r"failed to create cublas handle: (?:the library was not initialized|the resource allocation failed)",
            r"Failure to initialize cublas may be due to OOM \(cublas needs some free memory",
        ),
        severity="fail",
        cause=("cuBLAS could not create its handle when TensorFlow set up the GPU, so every matrix multiply fails: "
               "cuBLAS needs some free GPU memory to start, and TensorFlow (or another process) had already reserved "
               "nearly all of it."),
        advice=_GROWTH,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/tensorflow/tensorflow/blob/master/tensorflow/core/common_runtime/gpu/gpu_device.cc",
                 "https://github.com/YoujiaZhang/AlphaGo-Zero-Gobang/issues/8", "https://github.com/ray-project/ray/issues/34446",
                 "https://github.com/mikelkou/fava/issues/23", _TF_GPU_GUIDE),
        checked="2026-11-27",
        examples=("cuda/alphagozero-8-tf-blas-without-support-growth.txt",),
    ),
    Signature(
        code="cuda.tf-cudnn-handle-not-initialized",
        cause_id="cuda-oom",
        kinds=("any",),
        # cuda_dnn.cc: LOG(ERROR) << "Could not create cudnn handle: " << status (TF 1.x wrote "could not"); on
        # CUDNN_STATUS_NOT_INITIALIZED it adds "Possibly insufficient driver version", which is rarely the cause.
        patterns=(r"[Cc]ould not create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED",),
        severity="fail",
        cause=("cudnnCreate failed with CUDNN_STATUS_NOT_INITIALIZED when TensorFlow first used cuDNN: most often no GPU "
               "memory was left for cuDNN (TensorFlow reserves nearly all of it up front), else the cuDNN loaded is not "
               "the one this TensorFlow was built for."),
        advice=(_GROWTH + " If it still fails, install the cuDNN (and CUDA) version this TensorFlow release was built "
                "with (tensorflow.org's tested build configurations; `pip install tensorflow[and-cuda]` on Linux)."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/tensorflow/tensorflow/blob/master/third_party/xla/xla/stream_executor/cuda/cuda_dnn.cc",
                 "https://github.com/stephen-v/tensorflow_alexnet_classify/issues/4",
                 "https://github.com/tensorflow/tensorflow/issues/22056", "https://github.com/tensorflow/tensorflow/issues/46309",
                 _TF_GPU_GUIDE),
        checked="2026-11-27",
        examples=("cuda/alexnet-4-tf-cudnn-handle-not-initialized.txt",),
    ),
    Signature(
        code="cuda.cublaslt-bf16-not-supported",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # aten/src/ATen/cuda/CUDABlas.cpp (gemm_and_bias, bgemm through cuBLASLt): "CUDA error: <status> when calling
        # cublasLtMatmul with transpose_mat1 ... abcType <cudaDataType> computeType ... scaleType ..."; abcType 14 is
        # CUDA_R_16BF, which cuBLAS refuses (NOT_SUPPORTED) on GPUs before Ampere.
        patterns=(r"CUBLAS_STATUS_NOT_SUPPORTED when calling .?cublasLtMatmul with transpose_mat1 [^\n]{0,200}?"
                  r"\babcType 14\b",),
        severity="fail",
        cause=("PyTorch asked cuBLASLt for a bfloat16 matrix multiply (abcType 14 is CUDA_R_16BF) and cuBLAS answered "
               "that it is not supported: this GPU has no bf16 GEMM support (it needs Ampere, compute capability 8.0)."),
        advice=("Run the model in float16 (or float32) on this GPU instead of bfloat16: the program's fp16 option "
                "(torch_dtype=torch.float16, --dtype half, mixed precision fp16 instead of bf16), and check "
                "`torch.cuda.is_bf16_supported()` before choosing bf16; keep bf16 for Ampere or newer GPUs."),
        action="configure",
        rules_out=("a driver or CUDA installation fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/blob/main/aten/src/ATen/cuda/CUDABlas.cpp",
                 "https://github.com/Yasoz/DiffTraj/issues/19", "https://github.com/pytorch/pytorch/issues/57773",
                 "https://docs.nvidia.com/cuda/cublas/#cublasltmatmul"),
        checked="2026-11-27",
        examples=("cuda/difftraj-19-cublaslt-bf16-abctype-14.txt",),
    ),
    Signature(
        code="cuda.torch-oom-report-nvml-device-handle",
        cause_id="cuda-oom",
        kinds=("any",),
        # c10/cuda/CUDACachingAllocator.cpp, reportProcessMemoryInfo: after a cudaMalloc failed, the allocator asks NVML
        # for the device by its PCI bus id to list the processes using its memory, and asserted the answer
        # (TORCH_INTERNAL_ASSERT(NVML_SUCCESS == DriverAPI::get()->nvmlDeviceGetHandleByPciBusId_v2_(pci_id, &nvml_device))).
        patterns=(r"nvmlDeviceGetHandleByPciBusId_v2_\([^\n]{0,40}?\) INTERNAL ASSERT FAILED at \"[^\"\n]{0,160}"
                  r"CUDACachingAllocator\.cpp\"",),
        severity="fail",
        cause=("The GPU ran out of memory, and PyTorch's out-of-memory report then failed to find the device in NVML by "
               "its PCI bus id (a MIG slice, a virtualised or containerised GPU), so the OOM shows as an internal assert."),
        advice=("Treat it as CUDA out of memory: reduce what the program holds on the GPU (batch size, sequence or image "
                "size, gradient checkpointing, a smaller or quantised model) or use more or larger GPUs; "
                "`PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False` avoids the NVML path on MIG, and a newer PyTorch "
                "prints the plain out-of-memory message instead."),
        action="configure",
        rules_out=("the driver installation",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/blob/main/c10/cuda/CUDACachingAllocator.cpp",
                 "https://github.com/ContextualAI/gritlm/issues/16", "https://github.com/pytorch/pytorch/issues/112377"),
        checked="2026-11-27",
        examples=("cuda/gritlm-16-nvml-pci-bus-id-assert-oom.txt",),
    ),
    Signature(
        code="cuda.cudnn-sublibrary-loading-failed",
        cause_id="cuda-library-missing",  # libcudnn, as TAXONOMY.md files it (not a framework's "cannot dlopen")
        kinds=("any",),
        # cuDNN 9 splits into sub-libraries (libcudnn_graph, _engines_precompiled, _engines_runtime_compiled,
        # _engines_tensor_ir, _heuristic, _ops, _cnn, _adv) that libcudnn.so.9 loads by name at run time; a missing one
        # fails the call with CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED (cudnnGetErrorString, the API log's "Error: ...;
        # Reason: ...", PyTorch's and cudnn-frontend's messages).
        patterns=(r"CUDNN_STATUS_SUBLIBRARY_LOADING_FAILED",),
        refines=("frameworks.cudnn-library-missing",), refines_within=None,
        severity="fail",
        cause=("cuDNN 9 itself loaded but could not load one of its sub-libraries (libcudnn_engines_precompiled, "
               "_tensor_ir, _ops ...): the cuDNN installation the program found is incomplete, or its pieces come from "
               "two installs."),
        advice=("Give the program one complete cuDNN 9: reinstall it from one source (`pip install --force-reinstall "
                "nvidia-cudnn-cu12` at the version the framework asks for, or the framework's own CUDA extra such as "
                "`jax[cuda12]`), and keep other cuDNN or CUDA folders (a cluster module, /usr/local/cuda/lib64, the "
                "system's libcudnn9 packages) out of LD_LIBRARY_PATH or PATH so every sub-library loads from the same folder "
                "(`LD_DEBUG=libs` shows where each comes from); on Windows, put the folder holding all cudnn_*64_9.dll "
                "files on PATH."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("update the driver", "reinstall the driver"),
        sources=("https://docs.nvidia.com/deeplearning/cudnn/latest/api/overview.html",
                 "https://github.com/flatironinstitute/nemos/issues/317", "https://github.com/NVIDIA/cosmos/issues/75",
                 "https://github.com/JuliaPackaging/Yggdrasil/pull/14741", "https://github.com/NVIDIA/Model-Optimizer/issues/2326"),
        checked="2026-11-27",
        examples=("cuda/nemos-317-cudnn9-sublibrary-loading-failed.txt",),
    ),
    Signature(
        code="cuda.cudnn-version-mismatch",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # cudnnStatus_t CUDNN_STATUS_VERSION_MISMATCH: a cuDNN library was loaded beside cuDNN libraries of another
        # version it depends on (cuDNN 8's split ops/cnn/adv libraries; cuDNN 9 says SUBLIBRARY_VERSION_MISMATCH), as
        # PyTorch ("cuDNN error: ..."), Paddle ("CUDNN error(14), ...") and the API log print it.
        patterns=(r"CUDNN_STATUS_VERSION_MISMATCH",),
        severity="fail",
        cause=("cuDNN refused to run because its libraries loaded into the process come from different cuDNN versions: "
               "a separately installed nvidia-cudnn wheel or system cuDNN beside the one the framework was built with."),
        advice=("Make every cuDNN library come from one version: uninstall the extra cuDNN wheel the framework did not "
                "bring (`pip list | grep nvidia-cudnn`, then `pip uninstall nvidia-cudnn-cu11` or the cu12 one it does "
                "not require) or reinstall the framework so its own nvidia-cudnn wheel matches, and remove other cuDNN "
                "folders from LD_LIBRARY_PATH (`LD_DEBUG=libs python your_script.py 2>&1 | grep libcudnn` shows where "
                "each loads from)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html#cudnnstatus-t",
                 "https://github.com/MahmoudAshraf97/whisper-diarization/issues/120",
                 "https://github.com/PaddlePaddle/Paddle/issues/36411", "https://github.com/PaddlePaddle/FastDeploy/issues/1020"),
        checked="2026-11-27",
        examples=("cuda/whisper-diarization-120-cudnn-version-mismatch-pip-cudnn.txt",),
    ),
    Signature(
        code="cuda.tf-cuda-not-initialized-in-child",
        cause_id="multiprocessing-fork",
        kinds=("any",),
        # stream_executor cuda_driver.cc: GetDeviceCount's "could not retrieve CUDA device count: <CUresult>" and
        # ScopedActivateContext's "Failed setting context: <CUresult>". CUDA_ERROR_NOT_INITIALIZED there, after the
        # parent already ran CUDA, is the driver state a forked child inherits (multiprocessing's default on Linux).
        patterns=(r"could not retrieve CUDA device count: CUDA_ERROR_NOT_INITIALIZED",
                  r"Failed setting context: CUDA_ERROR_NOT_INITIALIZED"),
        severity="fail",
        cause=("TensorFlow ran in a process forked after its parent had initialised CUDA (a multiprocessing Pool or "
               "worker, Keras' use_multiprocessing=True), and the CUDA driver cannot be used in such a child "
               "(CUDA_ERROR_NOT_INITIALIZED), so it fails or falls back to the CPU."),
        advice=("Start the worker processes with the 'spawn' start method (`multiprocessing.set_start_method('spawn')` "
                "before creating them, or `multiprocessing.get_context('spawn')`), or import TensorFlow and touch the GPU "
                "only inside the workers, never in the parent before forking; with Keras generators use "
                "use_multiprocessing=False (threads)."),
        action="configure",
        rules_out=("a driver or CUDA install problem",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/tensorflow/tensorflow/blob/master/third_party/xla/xla/stream_executor/cuda/cuda_driver.cc",
                 "https://github.com/mit-acl/rl_collision_avoidance/issues/21", "https://github.com/tensorflow/tensorflow/issues/29876",
                 "https://github.com/tensorflow/tensorflow/issues/41450", "https://docs.nvidia.com/cuda/cuda-c-programming-guide/"),
        checked="2026-11-27",
        examples=("cuda/rl-collision-avoidance-21-tf-cuda-count-fork.txt",),
    ),
    Signature(
        code="cuda.tensorrt-init-ptx-unsupported",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # TensorRT's runtime.cpp isCudaInstalledCorrectly: "CUDA initialization failure with error[:] <cudaError_t>.
        # Please check your CUDA installation" (older: "Cuda ... check cuda installation"); 222 is
        # cudaErrorUnsupportedPtxVersion, code built by a CUDA newer than the driver can JIT (35 is read in vllm_servers).
        patterns=(r"(?:CUDA|Cuda) initialization failure with error:? 222\b",),
        severity="fail",
        cause=("TensorRT could not initialise CUDA: error 222 (cudaErrorUnsupportedPtxVersion) says TensorRT or the "
               "CUDA runtime it loaded was built by a newer CUDA than this NVIDIA driver supports."),
        advice=("Update the NVIDIA driver to one whose `nvidia-smi` \"CUDA Version\" is at least the CUDA that TensorRT "
                "was built for, or install the TensorRT and CUDA builds for the driver you have; on Jetson use the CUDA, "
                "cuDNN and TensorRT of your JetPack release (SDK Manager or JetPack's apt packages), or move to a newer "
                "JetPack before using a newer CUDA."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall cudnn",),
        sources=("https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html",
                 "https://github.com/NVIDIA/TensorRT/issues/2793", "https://github.com/NVIDIA/TensorRT/issues/1052",
                 "https://github.com/FeiYull/TensorRT-Alpha/issues/106"),
        checked="2026-11-27",
        examples=("cuda/tensorrt-2793-orin-cuda-init-222.txt",),
    ),
    Signature(
        code="cuda.tf-diagnostics-no-libcuda-loaded",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cuda_diagnostics.cc, after cuInit failed: FindDsoVersion found no libcuda.so mapped into the process
        # ("Not found" in TF 1.x, absl's "NOT_FOUND" since 2.x).
        patterns=(r"libcuda reported version is: N(?:ot found|OT_FOUND): \*{0,2}was unable to find libcuda\.so DSO loaded",),
        refines=("cuda.tf-driver-libcuda-not-found",), refines_within=None,
        severity="warn",
        cause=("TensorFlow's CUDA diagnostics found no libcuda.so, the NVIDIA driver's own library, loaded in the "
               "process, so it runs without the GPU: no NVIDIA driver is visible to this program."),
        advice=("Make the NVIDIA driver's libcuda.so.1 visible: `nvidia-smi` must work here first (no driver: install "
                "it); in a container start it with the GPUs (`docker run --gpus all`, Singularity/Apptainer `--nv`); "
                "otherwise add the folder that holds the driver's libcuda.so.1 (`ldconfig -p | grep libcuda`) to "
                "LD_LIBRARY_PATH. On a machine without an NVIDIA GPU the message is harmless."),
        action="configure",
        rules_out=("TensorFlow's CUDA libraries",),
        never_suggest=("install the CUDA toolkit", "install cudnn"),
        sources=("https://github.com/tensorflow/tensorflow/blob/master/third_party/xla/xla/stream_executor/cuda/cuda_diagnostics.cc",
                 "https://github.com/tensorflow/tensorflow/issues/3674", "https://github.com/NVIDIA/nvidia-docker/issues/439"),
        checked="2026-11-27",
        examples=("cuda/tf-3674-libcuda-dso-not-found.txt",),
    ),
)
