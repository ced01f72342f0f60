"""Serving engines' launch: what vLLM under Ray and TensorRT-LLM need from the cluster and the system around them.

Written blind for issue 25 (seventh round). vLLM's Ray executor (vllm/executor/ray_utils.py, later
vllm/v1/executor/ray_utils.py) asks Ray for one GPU bundle per worker (tensor-parallel size times pipeline-parallel
size) and, when the cluster does not hold that many free GPUs, logs "Waiting for creating a placement group of specs"
with a growing count of seconds until its timeout ("Cannot provide a placement group of ... within N seconds"); newer
releases warn up front when the tensor-parallel size exceeds the GPUs Ray counts. TensorRT-LLM imports mpi4py, and
prebuilt packages built with MPI load its shared library; without the MPI runtime the import stops at the loader.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

RAY_DISTRIBUTED = "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"

LAUNCH_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.ray-placement-group-unsatisfied",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        patterns=(
            # the wait loop (every 10, 30, 70, 150 ... seconds) and its timeout, V0 and V1
            r"Waiting for creating a placement group of specs for \d+ seconds",
            r"Cannot provide a placement group of placement_group_specs",
            # 0.11 and later: the up-front check against ray.cluster_resources()
            r"Tensor parallel size \((?P<tp>\d{1,4})\) exceeds available GPUs \((?P<gpus>\d{1,4})\)",
        ),
        severity="fail",
        cause=("vLLM is waiting for Ray to give it one GPU per worker (tensor-parallel size times pipeline-parallel "
               "size), and the Ray cluster does not hold that many free GPUs: a node has not joined or joined without "
               "its GPUs, or other placement groups hold them."),
        advice=("Run `ray status` on the head node and compare its GPU total with --tensor-parallel-size times "
                "--pipeline-parallel-size: start each node's Ray with its GPUs (`ray start --head --num-gpus N`, "
                "`ray start --address=HEAD:6379 --num-gpus N`, every worker pod Ready), set VLLM_HOST_IP to the "
                "address Ray uses on each node, stop what holds the GPUs, or lower --tensor-parallel-size to the GPUs "
                "Ray counts."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/gpustack/gpustack/issues/5509", "https://github.com/ray-project/kuberay/issues/3414",
                 "https://github.com/gpustack/gpustack/issues/4028", "https://github.com/vllm-project/aibrix/issues/927",
                 "https://github.com/vllm-project/vllm/pull/11138", RAY_DISTRIBUTED),
        checked="2026-11-26",
        examples=("vllm/gpustack-5509-placement-group-waiting-gpu-as-tpu.txt",
                  "vllm/kuberay-3414-placement-group-waiting-worker-not-ready.txt",
                  "vllm/gpustack-4028-tp-exceeds-ray-gpus-warning.txt"),
    ),
    Signature(
        code="vllm.mpi-library-missing",
        cause_id="system-library-missing",
        kinds=("any",),
        # libmpi.so.40 and libmpi_cxx.so.40 are Open MPI 3/4's sonames, libmpi.so.12 MPICH's; mpi4py (which
        # TensorRT-LLM imports at start) and packages built with MPI support load them at import.
        patterns=(r"(?P<library>libmpi(?:_cxx)?\.so[.0-9]{0,12}): cannot open shared object file",),
        severity="fail",
        cause=("The MPI library {library}, which mpi4py (imported by TensorRT-LLM) or a package built with MPI support "
               "loads, is not installed or not on the loader's path."),
        advice=("Install the MPI runtime: `sudo apt-get install -y libopenmpi-dev openmpi-bin` (what TensorRT-LLM's "
                "pip install needs; libmpi.so.12 is MPICH's: `sudo apt-get install -y libmpich-dev`), or, where it is "
                "installed outside the loader's path (NVIDIA's images: /usr/local/mpi/lib or /opt/hpcx/ompi/lib; "
                "Fedora: /usr/lib64/openmpi/lib), add that directory to LD_LIBRARY_PATH. Reinstalling the Python "
                "package does not bring it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/167", "https://github.com/torchsmoke/Python3-Wheels/issues/5",
                 "https://nvidia.github.io/TensorRT-LLM/installation/linux.html"),
        checked="2026-11-26",
        examples=("vllm/tensorrtllm-167-mpi4py-libmpi-so-12-missing.txt",
                  "vllm/torchsmoke-5-libmpi-cxx-so-40-import-torch.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.quantized-kernel-not-built-for-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(
            # vLLM's csrc/quantization/*/scaled_mm_entry.cu (W8A8 INT8 and FP8, dense and MoE), both wordings
            r"No compiled cutlass_scaled_mm for (?:a compute capability less than )?CUDA device capability: (?P<cc>\d{2,3})",
            # sgl-kernel's blockwise FP8 grouped GEMM (SGLang's cutlass MoE path)
            r"No implemented fp8_blockwise_scaled_grouped_mm for current compute capability: (?P<cc>\d{2,3})",
            # TensorRT-LLM's FP8 block-scaling GEMM
            r"Unsupported SM version for FP8 block scaling GEMM",
        ),
        severity="fail",
        cause=("The serving engine's quantised matrix kernels (CUTLASS W8A8 INT8/FP8 or block-scaled FP8) were not built "
               "for this GPU's compute capability in the installed release, so a checkpoint quantised that way cannot "
               "run on it."),
        advice=("Upgrade the engine (vLLM, SGLang, TensorRT-LLM) to a release whose FP8/INT8 kernels cover this GPU "
                "(RTX 50 and RTX PRO 6000 Blackwell are capability 12.0, GB10 12.1; vLLM 0.6.3's spurious Turing error "
                "was fixed in 0.6.3.post1), build it from source for this GPU (`TORCH_CUDA_ARCH_LIST=\"12.0\"`, 8.7 on "
                "Jetson Orin), or serve a checkpoint these kernels are not needed for (BF16, or AWQ/GPTQ through Marlin)."),
        action="configure",
        rules_out=("the NVIDIA driver", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/32109", "https://github.com/vllm-project/vllm/pull/32237",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/5581", "https://github.com/vllm-project/vllm/issues/9419",
                 "https://github.com/vllm-project/vllm/pull/9487", "https://github.com/dusty-nv/jetson-containers/issues/1118",
                 "https://github.com/sgl-project/sglang/pull/28125"),
        checked="2026-11-26",
        examples=("vllm/vllm-32109-sm120-fp8-moe-no-compiled-cutlass-scaled-mm.txt",
                  "vllm/tensorrtllm-5581-fp8-block-scaling-unsupported-sm.txt"),
    ),
    Signature(
        code="vllm.cache-dir-not-writable",
        cause_id="cache-dir-not-writable",
        kinds=("any",),
        # Python's PermissionError on a cache path: vLLM (VLLM_CACHE_ROOT, ~/.cache/vllm), FlashInfer's and Triton's
        # JIT caches, the Hugging Face hub (HF_HOME), outlines and numba all default to ~/.cache, which an OpenShift
        # arbitrary UID (HOME=/) or an unprivileged image user cannot create.
        patterns=(r"Permission denied: '(?P<path>/[^'\n]{0,120}?\.cache\b[^'\n]{0,160})'",
                  # Triton's kernel cache (~/.triton, or /tmp/triton shared by several users), vLLM's usage stats and
                  # other ~/.config files, CUDA's JIT cache (~/.nv): the same unwritable HOME (w43c).
                  r"Permission denied: '(?P<path>/(?:[^'\n]{0,120}?/)?(?:\.triton|\.config|\.nv|tmp/triton)(?:/[^'\n]{0,160})?)'",
                  # The Hugging Face hub's cache wherever HF_HOME puts it (a mounted /cache/huggingface, a cache_root
                  # volume), quoted by Python or written bare in prose.
                  r"Permission denied: ['`]?(?P<path>/[^'`\n ]{0,160}?/huggingface\b[^'`\n ]{0,200})"),
        severity="fail",
        cause=("The server cannot create its cache at {path}: the user the process or container runs as cannot write "
               "there (HOME=/ under an arbitrary UID on OpenShift or Kubernetes, a non-root image user, a bind mount "
               "whose parent Docker created as root)."),
        advice=("Point the caches at a writable directory: set HOME=/tmp (it moves ~/.cache, ~/.config and ~/.triton "
                "together), or HF_HOME, XDG_CACHE_HOME, VLLM_CACHE_ROOT and TRITON_CACHE_DIR to a mounted volume (an "
                "emptyDir in Kubernetes) the container's user can write, or chown the mounted cache directory (and its "
                "parent .cache) to that user's UID; where several users share a machine, give each its own "
                "TRITON_CACHE_DIR (/tmp/triton_$USER)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "run as root with --privileged"),
        sources=("https://github.com/vllm-project/vllm/issues/20127", "https://github.com/vllm-project/vllm/issues/10185",
                 "https://github.com/odysseus-dev/odysseus/issues/6157", "https://github.com/opendatahub-io/ilab-on-ocp/pull/26",
                 "https://github.com/dphnAI/sonar/issues/458", "https://github.com/triton-lang/triton/issues/518",
                 "https://github.com/foundation-model-stack/fms-hf-tuning/pull/370",
                 "https://github.com/mikesvoboda/nemotron-v3-home-security-intelligence/issues/1386",
                 "https://github.com/tenstorrent/tt-inference-server/pull/4602"),
        checked="2026-11-26",
        examples=("vllm/vllm-20127-permission-denied-root-cache.txt", "vllm/odysseus-6157-app-cache-owned-by-root.txt",
                  "vllm/aphrodite-458-docker-user-triton-cache-permission-denied.txt",
                  "vllm/triton-518-shared-machine-tmp-triton-lock-permission-denied.txt",
                  "containers/nemotronv3-1386-hf-cache-mount-not-writable-uid-1000.txt",
                  "vllm/ttinference-pr4602-hf-home-cache-root-not-writable-forge.txt",
                  "containers/harbor-262-hf-pull-root-cache-not-writable.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.compile-cache-corrupted",
        cause_id="triton-jit-cache-stale",
        kinds=("any",),
        patterns=(
            # vllm/compilation/compiler_interface.py since pull 18956, and the assertion it replaced
            r"vLLM failed to compile the model\. The most likely reason",
            r"failed to get the hash of the compiled graph",
        ),
        severity="fail",
        cause=("vLLM's torch.compile cache (~/.cache/vllm/torch_compile_cache) holds an unusable artifact: one left by "
               "an earlier compilation that failed, written by several instances sharing the cache, or missing "
               "because Inductor's caches were turned off."),
        advice=("Clear vLLM's compile cache and start again: `rm -rf ~/.cache/vllm/torch_compile_cache` (under "
                "VLLM_CACHE_ROOT when set), or start with VLLM_DISABLE_COMPILE_CACHE=1 (always, where several vLLM "
                "instances share one cache); do not set TORCHINDUCTOR_FORCE_DISABLE_CACHES with torch 2.7 or older. If "
                "it fails again, the first error of the fresh compilation is the real one; --enforce-eager starts "
                "without compiling."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/vllm-project/vllm/issues/18851", "https://github.com/vllm-project/vllm/pull/18956",
                 "https://github.com/vllm-project/vllm/issues/21858", "https://github.com/ray-project/ray/pull/55209",
                 "https://github.com/rllm-org/rllm/pull/490"),
        checked="2026-11-26",
        examples=("vllm/vllm-18851-compiled-graph-hash-assert.txt",
                  "vllm/vllm-21858-compile-failed-inductor-caches-disabled.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.tei-image-for-other-compute-cap",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # text-embeddings-inference's Candle backend (backends/candle/src/compute_cap.rs): each GPU image is compiled
        # for one compute capability family and refuses any other at start-up.
        patterns=(r"Runtime compute cap (?P<runtime>\d{2,3}) is not compatible with compile time compute cap "
                  r"(?P<compiled>\d{2,3})",),
        severity="fail",
        cause=("This text-embeddings-inference image was compiled for compute capability {compiled}, and this GPU is "
               "{runtime}: each TEI GPU image runs only on the architecture it was built for."),
        advice=("Run the TEI image tag built for this GPU: `turing-VERSION` for 7.5 (T4, RTX 20), the plain `VERSION` "
                "for 8.0 (A100), `86-VERSION` for 8.6 (RTX 30, A10), `89-VERSION` for 8.9 (RTX 40, L4), "
                "`hopper-VERSION` for 9.0, a release with a `120-` image for RTX 50/Blackwell, or the multi-architecture "
                "`cuda-VERSION` image of recent releases; 7.0 (V100) has no GPU image, use `cpu-VERSION` there."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/huggingface/text-embeddings-inference/issues/34",
                 "https://github.com/huggingface/text-embeddings-inference/issues/30",
                 "https://github.com/huggingface/text-embeddings-inference/issues/640",
                 "https://github.com/huggingface/text-embeddings-inference#docker-images"),
        checked="2026-11-26",
        examples=("vllm/tei-34-compute-cap-75-needs-turing-image.txt",),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.triton-python-backend-shm-too-small",
        cause_id="container-shm-too-small",
        kinds=("any",),
        # Triton Inference Server's Python backend (python_backend/src/shm_manager.cc) gives each model instance a
        # region in /dev/shm: 64 MB each before 23.09, growing in steps; Docker's default /dev/shm is 64 MB in all.
        patterns=(r"Unable to initialize shared memory key '[^'\n]{1,160}' to requested size",
                  r"Failed to increase the shared memory pool size for key '[^'\n]{1,160}'"),
        severity="fail",
        cause=("Triton's Python backend could not create or grow its shared-memory region: the container's /dev/shm "
               "(Docker's 64 MB default, or none in a Kubernetes pod) is too small for its model instances."),
        advice=("Give the container a larger /dev/shm: `docker run --shm-size=1g ...` (or `--ipc=host`); in Kubernetes "
                "mount an emptyDir volume with `medium: Memory` and a sizeLimit at /dev/shm; where the platform cannot "
                "(SageMaker, Fargate), run fewer Python-backend instances or a Triton of 23.09 or later, whose Python "
                "backend starts at 1 MB (`--backend-config=python,shm-default-byte-size=...`)."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower the batch size"),
        sources=("https://github.com/triton-inference-server/server/issues/6195",
                 "https://github.com/kserve/modelmesh-serving/issues/78",
                 "https://github.com/triton-inference-server/model_analyzer/issues/749",
                 "https://github.com/triton-inference-server/python_backend/pull/291",
                 "https://github.com/triton-inference-server/python_backend#managing-shared-memory"),
        checked="2026-11-26",
        examples=("vllm/tritonserver-6195-python-backend-shm-key-64mb.txt",
                  "vllm/modelmeshserving-78-python-backend-shm-emptydir.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.flashinfer-jit-needs-nvcc",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # FlashInfer (flashinfer/jit/cpp_ext.py), which vLLM's sampler, MoE and all-reduce paths and SGLang call,
        # compiles its kernels with nvcc at first use unless its prebuilt packages are installed; PyTorch's wheels
        # carry no nvcc. CMake's "Could not find nvcc, please set CUDAToolkit_ROOT" is another tool's (not read here).
        patterns=(r"Could not find nvcc and default cuda_home='[^'\n]{1,120}' doesn't exist",
                  r"(?:RuntimeError: |with error ')Could not find nvcc(?!, please set)"),
        severity="fail",
        cause=("FlashInfer, which the serving engine's sampler, MoE or all-reduce kernels use, tried to compile its "
               "kernels at start-up and found no CUDA compiler (nvcc): its prebuilt kernel packages are not installed "
               "and no CUDA toolkit is, or this FlashInfer release cannot find it."),
        advice=("Install FlashInfer's prebuilt kernels at exactly the installed flashinfer-python version (`pip install "
                "flashinfer-cubin==V flashinfer-jit-cache==V`, V from `pip show flashinfer-python`), or install a CUDA "
                "toolkit with nvcc and set CUDA_HOME; if nvcc is installed and still not found, pin flashinfer-python "
                "to the release your vLLM was tested with (0.3.0 for 0.4.0's lookup bug) or upgrade it; "
                "VLLM_USE_FLASHINFER_SAMPLER=0 keeps vLLM's own sampler."),
        action="configure",
        rules_out=("the NVIDIA driver", "GPU memory"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA-NeMo/Gym/pull/1405", "https://github.com/flashinfer-ai/flashinfer/issues/1919",
                 "https://github.com/flashinfer-ai/flashinfer/issues/1781", "https://github.com/vllm-project/vllm/issues/21960",
                 "https://github.com/vllm-project/vllm/pull/27990"),
        checked="2026-11-26",
        examples=("vllm/nemogym-1405-flashinfer-jit-no-nvcc-cuda-home.txt",
                  "vllm/flashinfer-1919-worker-could-not-find-nvcc.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.engine-cuda-error-out-of-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # CUDA's own out-of-memory (cudaErrorMemoryAllocation raised as "CUDA error: out of memory") rather than the
        # caching allocator's OutOfMemoryError (vllm.engine-out-of-memory): CUDA graph capture, NCCL or a kernel's
        # workspace asking the driver directly, on a line in vLLM's log format or behind a worker's prefix.
        patterns=(
            r"(?:ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d \[?[\w.]{1,60}\.py:\d{1,5}\] [^\n]{0,200}?CUDA error: out of memory",
            r"\((?:VllmWorker|EngineCore|RayWorkerWrapper|Worker_TP)[^)\n]{0,40}\) [^\n]{0,250}?CUDA error: out of memory",
        ),
        severity="fail",
        cause=("vLLM ran out of GPU memory outside PyTorch's allocator, most often while capturing CUDA graphs after "
               "--gpu-memory-utilization had given nearly all memory to the weights and KV cache."),
        advice=("Leave vLLM headroom: lower --gpu-memory-utilization (gpu_memory_utilization, e.g. 0.85), or start with "
                "--enforce-eager to skip CUDA graphs, and lower --max-num-seqs; if the weights alone barely fit, spread "
                "the model with --tensor-parallel-size or use a quantized checkpoint."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/vllm/issues/19186", "https://github.com/vllm-project/vllm/issues/6746",
                 "https://github.com/vllm-project/vllm/issues/7593",
                 "https://docs.vllm.ai/en/latest/configuration/conserving_memory.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-19186-cuda-graph-capture-cuda-error-oom.txt",),
        refines=("cuda.out-of-memory",), refines_within=None,
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.visible-devices-uuid-unsupported",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # vllm/platforms (cuda.py, later interface.py) device_id_to_physical_device_id: int() on each entry of
        # CUDA_VISIBLE_DEVICES, which CUDA itself also accepts as GPU-/MIG- UUIDs (Kubernetes pods, Slurm, MIG, vGPU
        # managers set them). On `vllm serve` the same crash may surface as the model-inspection failure.
        patterns=(r"invalid literal for int\(\) with base 10: '(?P<uuid>(?:GPU|MIG)-[0-9a-fA-F][0-9a-fA-F/-]{7,80})'",),
        severity="fail",
        cause=("CUDA_VISIBLE_DEVICES names the GPU by its UUID ({uuid}), which CUDA accepts but this vLLM release does "
               "not: it reads every entry as an integer index and stops at start-up."),
        advice=("Give vLLM integer indices: `CUDA_VISIBLE_DEVICES=0` (or `0,1`; `nvidia-smi -L` lists the order, set "
                "CUDA_DEVICE_ORDER=PCI_BUS_ID), or leave the variable unset where the container or pod already sees "
                "only its GPU (the NVIDIA runtime's NVIDIA_VISIBLE_DEVICES keeps the UUID); a MIG slice needs its "
                "own container, or a vLLM release that reads UUIDs."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/13815", "https://github.com/vllm-project/vllm/issues/20939",
                 "https://github.com/vllm-project/vllm/issues/41848", "https://github.com/vllm-project/vllm/pull/46132",
                 "https://github.com/gpustack/gpustack/issues/4844"),
        checked="2026-11-26",
        examples=("vllm/vllm-13815-uuid-in-cuda-visible-devices.txt", "vllm/vllm-41848-mig-instance-uuid.txt"),
        refines=("vllm.model-inspection-failed",), refines_within=None,
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.pipeline-parallel-unsupported-model",
        cause_id="vllm-parallel-config",
        kinds=("any",),
        # vllm/config.py (0.5.1 to 0.6): a fixed list of architectures; later releases check the model class for the
        # SupportsPP interface (vllm/model_executor/models/interfaces.py).
        patterns=(r"Pipeline parallelism is only supported for the following\s{1,3}architectures",
                  r"Pipeline parallelism is not supported for this model\. Supported models implement the "
                  r".?SupportsPP.? interface"),
        severity="fail",
        cause=("This vLLM release cannot split this model into pipeline stages: its implementation of the model "
               "does not support pipeline parallelism, so --pipeline-parallel-size above 1 is refused."),
        advice=("Split the model with tensor parallelism instead (`--tensor-parallel-size N --pipeline-parallel-size "
                "1`, N dividing the attention heads), or upgrade vLLM to a release whose supported-models page marks "
                "pipeline parallelism for this architecture (many gained it in 0.6.3 to 0.8.4; encoder-decoder "
                "models came later)."),
        action="configure",
        rules_out=("a GPU, driver or NCCL fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/16231", "https://github.com/vllm-project/vllm/issues/9015",
                 "https://github.com/vllm-project/vllm/pull/7168", "https://github.com/vllm-project/vllm/pull/9853",
                 "https://docs.vllm.ai/en/latest/models/supported_models.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-16231-maverick-supports-pp-missing.txt", "vllm/vllm-9015-mllama-pp-architectures-list.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.trtllm-mpi-world-size-mismatch",
        cause_id="distributed-misuse",
        kinds=("any",),
        # TensorRT-LLM's runtime (cpp/tensorrt_llm/runtime/worldConfig.cpp, both wordings) and the Python runner
        # (runtime/model_runner.py) check that the MPI world holds one rank per engine rank (TP x PP).
        patterns=(r"Assertion failed: mpiSize == tp \* pp",
                  r"Assertion failed: MPI size (?P<mpi>\d{1,4}) != TP size (?P<tp>\d{1,4}) \* PP size (?P<pp>\d{1,4})",
                  r"Engine world size \((?P<tp>\d{1,4}) \* (?P<pp>\d{1,4})\) != Runtime world size \((?P<mpi>\d{1,4})\)",
                  # the examples' run.py before 0.6 prints the engine's world size as one number (w40e)
                  r"Engine world size \(\d{1,4}\) != Runtime world size \(\d{1,4}\)"),
        severity="fail",
        cause=("The TensorRT-LLM engine was built for a number of ranks (tensor-parallel times pipeline-parallel size) "
               "that differs from the MPI processes it was started with: run without mpirun, with another -n, or "
               "under an mpirun that is not the MPI mpi4py was built against (each process then sees a world of 1)."),
        advice=("Start it with one MPI rank per engine rank: `mpirun -n <tp_size x pp_size> --allow-run-as-root python3 "
                "run.py ...` (the engine directory holds one rank*.engine per rank; trtllm-serve and Triton take the "
                "world size from the engine), using the mpirun of the Open MPI that mpi4py links; or rebuild the "
                "engine with --tp_size 1 to run one process; an engine built for fewer ranks than mpirun -n starts is rebuilt "
                "with the tp_size (and world_size) of the ranks it runs with."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Tlntin/Qwen-TensorRT-LLM/issues/123", "https://github.com/NVIDIA/TensorRT-LLM/issues/1992",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/1340", "https://github.com/NVIDIA/TensorRT-LLM/issues/753",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/440"),
        checked="2026-11-26",
        examples=("vllm/qwentrtllm-123-mpisize-four-engines.txt", "vllm/tensorrtllm-1992-qwen-run-py-without-mpirun.txt",
                  "vllm/tensorrtllm-440-engine-world-size-1-runtime-8.txt"),
    ),
)

LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.mixed-gpus-device-order",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # vllm/platforms/cuda.py warns when the GPUs differ and CUDA_DEVICE_ORDER is not PCI_BUS_ID: CUDA then
        # numbers them fastest-first, NVML (vLLM's capability checks) and nvidia-smi by PCI bus.
        patterns=(r"Detected different devices in the system: [^\n]{1,300}?CUDA_DEVICE_ORDER=PCI_BUS_ID",),
        severity="warn",
        cause=("This machine mixes GPU models and CUDA_DEVICE_ORDER is not PCI_BUS_ID: CUDA numbers the GPUs "
               "fastest-first while nvidia-smi and vLLM's capability checks (NVML) number them by PCI bus, so "
               "CUDA_VISIBLE_DEVICES may select other GPUs than meant and kernels may be chosen for the wrong one."),
        advice=("Export CUDA_DEVICE_ORDER=PCI_BUS_ID before starting vLLM (and in the container's or service's "
                "environment) so CUDA, NVML and nvidia-smi number the GPUs alike, then choose the GPUs with "
                "CUDA_VISIBLE_DEVICES by their nvidia-smi index; keep tensor parallelism to GPUs of one model."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/vllm-project/vllm/issues/19741", "https://github.com/vllm-project/vllm/issues/7472",
                 "https://github.com/vllm-project/vllm/pull/53834",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars"),
        checked="2026-11-26",
        examples=("vllm/vllm-19741-mixed-gpus-device-order-warning.txt",),
    ),
)

# Ray's raylet (src/ray/object_manager/plasma/store_runner.cc) refusing an object store larger than /dev/shm: in a
# container that is the runtime's 64 MB default or a --shm-size below what vLLM's Ray workers ask for (gpustack#5014).
LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.ray-object-store-shm-exhausted",
        cause_id="container-shm-too-small",
        kinds=("any",),
        patterns=(r"System memory request exceeds memory available in /dev/shm\. The request is for (?P<asked>\d{1,15}) "
                  r"bytes, and the amount available is (?P<free>\d{1,15}) bytes",),
        severity="fail",
        cause="Ray's object store asked for {asked} bytes of shared memory and /dev/shm holds only {free}: the "
              "container's /dev/shm is too small for the Ray workers vLLM starts, so the raylet stops.",
        advice=("Give the container a larger /dev/shm: `docker run --shm-size=32g` (above the request; or `--ipc=host`), "
                "`shm_size` in Compose, a memory-backed emptyDir (`medium: Memory`) mounted at /dev/shm in Kubernetes; "
                "check with `df -h /dev/shm`, or cap Ray's store with `ray start --object-store-memory`."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/gpustack/gpustack/issues/5014",
                 "https://docs.ray.io/en/latest/ray-core/objects/object-spilling.html"),
        checked="2026-11-26",
        examples=("vllm/gpustack-5014-raylet-request-exceeds-dev-shm.txt",),
    ),
)

# Ray's memory monitor (src/ray/raylet/node_manager.cc and the OutOfMemoryError it raises in the caller) killing a
# worker when the node's host RAM passes RAY_memory_usage_threshold (0.95 by default): vLLM's Ray workers, RLHF
# trainers built on Ray. Host memory, not the GPU's (vllm#1160).
LAUNCH_SIGNATURES += (
    Signature(
        code="vllm.ray-worker-killed-host-memory",
        cause_id="host-memory-oom",
        kinds=("any",),
        # The raylet's summary counts OOM kills first ("0 Workers ... killed due to memory pressure (OOM), 2 Workers
        # crashed due to other reasons" is no OOM); wrapped pastes split it, so its next line is read too.
        patterns=(r"\b[1-9]\d{0,5} Workers \(tasks / actors\) killed due to memory pressure \(OOM\)",
                  r"Refer to the documentation on how to address the out of memory issue: https://docs\.ra",
                  r"OutOfMemoryError: Task was killed due to the node running low on memory",
                  r"which exceeds the memory usage threshold of (?P<threshold>[01]\.\d{1,6})\. Ray killed this worker"),
        severity="fail",
        cause="Ray's memory monitor killed a worker because the node's host RAM (not the GPU's memory) passed its "
              "kill threshold.",
        advice=("Make the node's host memory suffice: check it with `free -h` and `ray logs raylet.out -ip <node IP>` "
                "(the top memory users), hold less in RAM (smaller batches, no full-logit exports, vLLM's "
                "`--swap-space 1` or 0 instead of 4 GiB per GPU, fewer CPU-side workers) or add RAM; raising "
                "RAY_memory_usage_threshold or RAY_memory_monitor_refresh_ms=0 (set before `ray start` on every node) "
                "only hands the kill to the kernel's OOM killer."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower gpu_memory_utilization", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/1160",
                 "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-1160-ray-memory-monitor-killed-workers.txt",),
    ),
    Signature(
        code="vllm.ray-gcs-unreachable",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # Ray's C++ GCS client (gcs_rpc_client.h) as `ray start --address` on a worker node or a driver logs it,
            # and the Python side's warning before Ray 2.x (node.py / utils.py)
            r"Failed to connect to GCS at address (?P<address>\S{0,80}) within \d{1,4} seconds",
            r"Unable to connect to GCS at (?P<address>\S{1,80})\. Check that \(1\) Ray GCS with matching version",
        ),
        severity="fail",
        cause=("This Ray node could not reach the head node's GCS at {address}: the address is wrong or empty "
               "(127.0.0.1 or localhost given on another machine, an unset $MASTER_ADDR or $HEAD_NODE_IP), Ray is not "
               "running on the head, it runs another Ray version, or a firewall blocks the port."),
        advice=("Start the head first (`ray start --head --port=6379`, then `ray status` there), and start every "
                "worker with the head node's real IP: `ray start --address=<head IP>:6379`, not 127.0.0.1 and not an "
                "empty variable; from the worker check `nc -zv <head IP> 6379` (open the port, run containers with "
                "--network host), and use the same Ray and Python versions, e.g. the same vLLM image, on every node."),
        action="configure",
        rules_out=("a GPU or driver fault", "NCCL"),
        never_suggest=("reinstall the driver", "update the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/vllm-project/vllm/issues/19543", "https://github.com/ModalMinds/MM-EUREKA/issues/54",
                 "https://docs.vllm.ai/en/latest/serving/parallelism_scaling.html"),
        checked="2026-11-26",
        examples=("vllm/vllm-19543-gcs-connect-worker-node.txt", "vllm/mmeureka-54-ray-gcs-empty-master-addr.txt"),
    ),
)
