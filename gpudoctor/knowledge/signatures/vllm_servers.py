"""What the inference servers and launchers beyond vLLM stop on: TensorRT-LLM's and NCCL's memory pools.

Written blind for issue 25 (round thirteen, breadth). TensorRT-LLM's BufferManager asks for the device's default CUDA
memory pool (the stream-ordered allocator, cudaDeviceGetDefaultMemPool in runtime/bufferManager.cpp) when it starts;
NCCL 2.23 and later create a memory pool for every communicator (cudaMemPoolCreate in src/init.cc's commAlloc, whose
CUDACHECK prints "init.cc:N NCCL WARN Cuda failure 'operation not supported'"). CUDA answers "operation not
supported" where the device has no memory pools: a vGPU profile without unified memory (VMware's enable_uvm), a GPU
in the TCC driver model on Windows (cuda-python#206), some cloud VMs.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SERVER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="vllm.memory-pools-unsupported",
        cause_id="cuda-feature-unsupported",
        kinds=("any",),
        # TensorRT-LLM's check names the call (the 's upported' of a hand-typed paste included); NCCL's names its
        # file: init.cc's only CUDA calls that answer 'operation not supported' are the communicator's memory pool.
        patterns=(
            r"CUDA runtime error in (?P<call>cudaDeviceGetDefaultMemPool|cudaMemPoolCreate|cudaMallocAsync)\b",
            r"init\.cc:\d{2,4} NCCL WARN Cuda failure 'operation not supported'",
        ),
        refines=("cuda.operation-not-supported", "nccl.generic-error-needs-debug"),
        refines_within=None,
        severity="fail",
        cause=("The GPU is offered without CUDA memory pools (the stream-ordered allocator), which TensorRT-LLM and "
               "NCCL 2.23+ create at start-up: a vGPU profile without unified memory, a GPU in TCC mode on Windows, "
               "or a VM that hides the feature."),
        advice=("On a vGPU, enable unified memory for the VM's vGPU (VMware: `pciPassthru0.cfg.enable_uvm = 1` on a "
                "profile that allows it, as NVIDIA's vGPU guide says) or give the VM the whole GPU by passthrough; on "
                "Windows, check `nvidia-smi` for TCC and switch the GPU to WDDM (`nvidia-smi -i 0 -dm 0`, then "
                "reboot). For NCCL alone, pinning NCCL 2.22 or older (nvidia-nccl-cu12==2.21.5) avoids the pool."),
        action="configure",
        rules_out=("a GPU hardware fault", "GPU memory"),
        never_suggest=("reinstall the driver", "reseat the GPU", "nccl_p2p_disable"),
        versions=("nccl>=2.23 (a memory pool per communicator)", "tensorrt-llm (BufferManager)"),
        sources=("https://github.com/NVIDIA/ChatRTX/issues/49", "https://github.com/NVIDIA/TensorRT-LLM/issues/1821",
                 "https://github.com/NVIDIA/cuda-python/issues/206",
                 "https://docs.nvidia.com/vgpu/latest/grid-vgpu-user-guide/index.html#cuda-open-cl-support-vgpu"),
        checked="2026-11-26",
        examples=("vllm/chatrtx-49-trtllm-default-mempool-vgpu-vm.txt",),
    ),
)
