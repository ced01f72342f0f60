"""What the inference servers and launchers beyond vLLM stop on: TensorRT-LLM's and NCCL's memory pools, Triton
Inference Server finding no GPU it may use.

Written blind for issue 25 (round thirteen, breadth). TensorRT-LLM's BufferManager asks for the device's default CUDA
memory pool (the stream-ordered allocator, cudaDeviceGetDefaultMemPool in runtime/bufferManager.cpp) when it starts;
NCCL 2.23 and later create a memory pool for every communicator (cudaMemPoolCreate in src/init.cc's commAlloc, whose
CUDACHECK prints "init.cc:N NCCL WARN Cuda failure 'operation not supported'"). CUDA answers "operation not
supported" where the device has no memory pools: a vGPU profile without unified memory (VMware's enable_uvm), a GPU
in the TCC driver model on Windows (cuda-python#206), some cloud VMs.
Triton Inference Server's core (src/model_config_utils.cc, ValidateInstanceGroup) accepts a KIND_GPU instance group
only on GPUs it counts as supported: visible to the server and at or above --min-supported-compute-capability (6.0 by
default); with none it says "has kind KIND_GPU but no GPUs are available", for a listed id outside them "specifies
invalid or unsupported gpu id N. GPUs with at least the minimum required CUDA compute compatibility of X are: ...".
Its TensorRT backend, given a CPU instance by the auto-completed configuration, refuses with "TensorRT backend
supports only GPU device" (tensorrt_backend src/instance_state.cc). TensorRT itself (the engine under Triton's
TensorRT backend and TensorRT-LLM) reports a failed cuInit as "CUDA initialization failure with error N" ("error: N"
from 8.6 on), N being CUDA's error code: 35 is cudaErrorInsufficientDriver, which the runtime also returns where no
libcuda is found at all, as in a container started without the NVIDIA runtime. text-generation-inference imports its
own builds of the flash-attention and paged-attention kernels (server/Makefile's install-* targets, shipped in its
image); a source install without them warns "Could not import Flash Attention enabled models: ..." and falls back or
fails (models/__init__.py).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SERVER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.memory-pools-unsupported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # TensorRT-LLM's check names the call and CUDA's answer (the 's upported' of a hand-typed paste included; its
        # cudaMallocAsync running out of memory is another failure); NCCL's names its file: init.cc's only CUDA calls
        # that answer 'operation not supported' are the communicator's memory pool.
        patterns=(
            r"CUDA runtime error in (?:::)?(?P<call>cudaDeviceGetDefaultMemPool|cudaMemPoolCreate|cudaMallocAsync)\("
            r"[^\n]{0,160}?\): operation not s ?upported",
            r"init\.cc:\d{2,4} NCCL WARN Cuda failure 'operation not supported'",
            # LMDeploy's TurboMind allocator (utils/allocator.h), whose stream-ordered allocations use the same pools
            r"\[TM\]\[ERROR\] CUDA runtime error: operation not supported [^\n]{0,120}?turbomind/utils/allocator\.h",
        ),
        refines=("cuda.operation-not-supported", "nccl.generic-error-needs-debug"),
        refines_within=None,
        severity="fail",
        cause=("The GPU is offered without CUDA memory pools (the stream-ordered allocator), which TensorRT-LLM, "
               "LMDeploy's TurboMind and NCCL 2.23+ create at start-up: a vGPU profile without unified memory, a GPU "
               "in TCC mode on Windows, or a VM that hides the feature."),
        advice=("On a vGPU, enable unified memory for the VM's vGPU (VMware: `pciPassthru0.cfg.enable_uvm = 1` on a "
                "profile that allows it, as NVIDIA's vGPU guide says) or give the VM the whole GPU by passthrough; on "
                "Windows, check `nvidia-smi` for TCC and switch the GPU to WDDM (`nvidia-smi -i 0 -dm 0`, then "
                "reboot). For NCCL alone, pinning NCCL 2.22 or older (nvidia-nccl-cu12==2.21.5) avoids the pool."),
        action="configure",
        rules_out=("a GPU hardware fault", "GPU memory"),
        never_suggest=("reinstall the driver", "reseat the GPU", "nccl_p2p_disable"),
        versions=("nccl>=2.23 (a memory pool per communicator)", "tensorrt-llm (BufferManager)"),
        sources=("https://github.com/NVIDIA/ChatRTX/issues/49", "https://github.com/NVIDIA/TensorRT-LLM/issues/1821",
                 "https://github.com/NVIDIA/cuda-python/issues/206", "https://github.com/InternLM/lmdeploy/issues/2414",
                 "https://docs.nvidia.com/vgpu/latest/grid-vgpu-user-guide/index.html#cuda-open-cl-support-vgpu"),
        checked="2026-11-26",
        examples=("vllm/chatrtx-49-trtllm-default-mempool-vgpu-vm.txt",),
    ),
    Signature(
        code="vllm.triton-server-no-usable-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # Triton's own words; the listed GPUs (empty when none qualify) tell a missing GPU from an id out of range
        patterns=(
            r"has kind KIND_GPU but no GPUs are available",
            r"specifies invalid or unsupported gpu id (?P<gpu_id>\d{1,3})\. GPUs with at least\s{1,3}the minimum "
            r"required CUDA compute compatibility of (?P<minimum>\d{1,2}\.\d)",
            r"TensorRT backend supports only GPU device",
        ),
        severity="fail",
        cause=("Triton Inference Server found no GPU it may use for this model: none is visible to the server, the GPU "
               "is below Triton's minimum compute capability (6.0 by default; Maxwell cards, Jetson Nano), or the "
               "model's instance_group names a GPU id the server does not see."),
        advice=("Run `nvidia-smi` inside the Triton container: if it lists no GPU, start the container with "
                "`docker run --gpus all` (Kubernetes: an nvidia.com/gpu limit); if it lists a GPU below compute "
                "capability 6.0, start `tritonserver --min-supported-compute-capability=5.0` (at or below the GPU's "
                "value); if config.pbtxt's instance_group has `gpus: [N]`, use an index among the visible GPUs, counted "
                "from 0 after CUDA_VISIBLE_DEVICES."),
        action="configure",
        rules_out=("GPU memory", "a GPU hardware fault"),
        never_suggest=("reinstall the driver", "nccl_p2p_disable"),
        sources=("https://github.com/triton-inference-server/server/issues/2095",
                 "https://github.com/triton-inference-server/server/issues/3912",
                 "https://github.com/triton-inference-server/server/pull/474",
                 "https://github.com/triton-inference-server/core/blob/main/src/model_config_utils.cc"),
        checked="2026-11-26",
        examples=("vllm/tritonserver-2095-jetson-nano-no-gpus-available.txt",),
    ),
    Signature(
        code="vllm.tensorrt-cuda-init-insufficient-driver",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # TensorRT 5-7 print "Cuda|CUDA initialization failure with error 35", 8.6 and later "with error: 35"
        patterns=(r"(?:CUDA|Cuda) initialization failure with error:? 35\b",),
        severity="fail",
        cause=("TensorRT could not initialize CUDA (error 35, cudaErrorInsufficientDriver): the NVIDIA driver is older "
               "than the CUDA runtime TensorRT was built with, or, in a container, no driver library was given to it."),
        advice=("Run `nvidia-smi` where TensorRT runs: in a container that cannot run it, start the container with "
                "`--gpus all` (the NVIDIA Container Toolkit); otherwise compare its CUDA Version (top right, the "
                "highest the driver supports) with the CUDA of TensorRT or its container and update the NVIDIA driver "
                "to a release that supports it, or use a TensorRT build made for the older CUDA."),
        action="configure",
        rules_out=("a GPU hardware fault", "GPU memory"),
        never_suggest=("downgrade the driver", "nccl_p2p_disable"),
        sources=("https://github.com/lewes6369/TensorRT-Yolov3/issues/61", "https://github.com/NVIDIA/TensorRT/issues/2879",
                 "https://github.com/isarsoft/yolov4-triton-tensorrt/issues/2",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-26",
        examples=("vllm/tensorrtyolov3-61-trt-cuda-init-error-35-driver-384.txt",),
    ),
    Signature(
        code="vllm.trtllm-bfloat16-pre-ampere",
        cause_id="vllm-unsupported-hardware",
        kinds=("any",),
        # TensorRT-LLM's own check (its common data-type guard, raised while building or loading an engine)
        patterns=(r"pre SM 80 GPUs do not support bfloat16",),
        severity="fail",
        cause=("TensorRT-LLM was asked to build or run a bfloat16 engine on a GPU older than Ampere (SM 80: V100, T4, "
               "RTX 20), which has no bfloat16 arithmetic."),
        advice=("Build the TensorRT-LLM checkpoint and engine in float16: convert with `convert_checkpoint.py --dtype "
                "float16` (NeMo's export: its dtype option set to fp16), with the plugins in float16 "
                "(`--gemm_plugin float16`), then rebuild the engine; or build and run on an Ampere-or-newer GPU."),
        action="configure",
        rules_out=("a driver fault", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver", "nccl_p2p_disable"),
        sources=("https://github.com/NVIDIA/TensorRT-LLM/issues/1069", "https://github.com/NVIDIA/TensorRT/issues/3653",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/348"),
        checked="2026-11-26",
        examples=("vllm/trtllm-1069-nemo-export-v100-pre-sm80-bfloat16.txt",),
    ),
    Signature(
        code="vllm.tgi-kernels-not-built",
        cause_id="tgi-kernels-not-built",
        kinds=("any",),
        # the import failure TGI logs at start-up; the capability form ("GPU with CUDA capability 7 5 is not
        # supported") is vllm.tgi-flash-attention-capability's
        patterns=(r"Could not import Flash Attention enabled models: (?:No module named '(?P<module>[\w.]{1,40})'|"
                  r"Flash Attention (?:V2 )?is not installed)",),
        refines=("vllm.tgi-sharding-needs-flash-attention", "vllm.tgi-quantized-model-without-flash"),
        refines_within=None,
        severity="fail",
        cause=("This text-generation-inference was installed from source without the compiled kernels its flash models "
               "import (its flash-attention build, the vLLM paged-attention ops), so it cannot use them: sharded and "
               "flash-only models fail, others fall back to the slow path."),
        advice=("Run the official image (`docker run --gpus all ghcr.io/huggingface/text-generation-inference`), which "
                "ships the kernels; or build them in TGI's server folder, in the same Python environment, with the "
                "Makefile targets the message names (`make install-flash-attention-v2-cuda` and `make "
                "install-vllm-cuda`; before TGI 2.0 `make install-flash-attention` and `make install-vllm`), removing "
                "stale flash-attention-v2 and vllm folders first, then restart the launcher. A pip install of flash-attn "
                "is not what TGI imports."),
        action="configure",
        rules_out=("the NVIDIA driver", "GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/huggingface/text-generation-inference/issues/1778",
                 "https://github.com/huggingface/text-generation-inference/issues/663",
                 "https://github.com/huggingface/text-generation-inference/issues/2621"),
        checked="2026-11-26",
        examples=("vllm/tgi-663-vllm-cache-ops-not-built.txt", "vllm/tgi-1778-local-install-flash-attention-not-installed.txt"),
    ),
    Signature(
        code="vllm.trtllm-out-of-gpu-memory",
        cause_id="cuda-oom",
        kinds=("any",),
        # TensorRT-LLM's CUDA check on its buffer allocations (runtime/tllmBuffers.h, bufferManager.cpp): the runtime
        # buffers sized by the engine's build limits, then the paged KV cache, are allocated at start-up
        patterns=(r"CUDA runtime error in (?:::)?cudaMalloc(?:Async)?\([^\n]{0,160}?\): out of memory",),
        severity="fail",
        cause=("TensorRT-LLM ran out of GPU memory allocating its buffers: the runtime buffers the engine was built for "
               "(max_batch_size, max_num_tokens, input and output lengths) and the KV cache do not fit beside the "
               "weights."),
        advice=("Rebuild the engine with smaller limits (`trtllm-build --max_batch_size 8 --max_num_tokens 4096`, a "
                "shorter max_input_len/max_seq_len), and give the KV cache a smaller share with "
                "kv_cache_free_gpu_mem_fraction (e.g. 0.5; Triton's tensorrtllm config.pbtxt parameter of that name); "
                "check `nvidia-smi` that no other process holds the GPU."),
        action="configure",
        rules_out=("the NVIDIA driver", "a GPU hardware fault"),
        never_suggest=("reinstall the driver", "nccl_p2p_disable"),
        sources=("https://github.com/triton-inference-server/tensorrtllm_backend/issues/281",
                 "https://github.com/NVIDIA/TensorRT-LLM/issues/401", "https://github.com/NVIDIA/TensorRT-LLM/issues/1188"),
        checked="2026-11-26",
        examples=("vllm/trtllmbackend-281-cudamallocasync-oom-max-batch-size.txt",),
    ),
)
