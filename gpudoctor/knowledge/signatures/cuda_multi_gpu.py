"""CUDA across several GPUs in one process: peer access and its limits (rows of the cuda area)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.too-many-peers",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-peer-limit",
        kinds=("any",),
        # cudaErrorTooManyPeers (711) / CUDA_ERROR_TOO_MANY_PEERS: cudaDeviceEnablePeerAccess allows eight peer
        # connections per device, system-wide; boards with two GPUs (K80) count twice.
        patterns=(r"peer mapping resources exhausted", r"CUDA_ERROR_TOO_MANY_PEERS", r"cudaErrorTooManyPeers"),
        severity="fail",
        cause="The program enabled peer-to-peer access among more GPUs than CUDA allows (eight peer connections per "
              "GPU), so CUDA refused the next one.",
        advice=("Give each process at most 8 GPUs that talk peer to peer: set CUDA_VISIBLE_DEVICES to 8 or fewer GPUs "
                "per process (one process per group, joined by NCCL or MPI), or use a release of the program that "
                "enables peer access in groups of eight."),
        action="configure",
        rules_out=("a driver fault", "a hardware fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/pytorch/pytorch/issues/25019", "https://github.com/NVIDIA/nccl/issues/51",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__PEER.html"),
        checked="2026-11-25",
        examples=("cuda/pytorch-25019-peer-mapping-resources-exhausted.txt",),
    ),
    Signature(
        code="cuda.invalid-ordinal-more-ranks-than-gpus",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # cuda.invalid-device-ordinal's line, in a text that shows a distributed launcher (gpudoctor/knowledge/
        # contexts.py): torchrun and torch.distributed.launch give each rank the GPU of its LOCAL_RANK.
        patterns=(r"invalid device ordinal", r"cudaErrorInvalidDevice\b", r"CUDA_ERROR_INVALID_DEVICE\b"),
        contexts=("distributed-launch",),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause="The launcher started more ranks on this node than it has visible GPUs: each rank takes the GPU of its "
              "LOCAL_RANK, and those beyond the last GPU ask for one that does not exist.",
        advice=("Make --nproc_per_node (torchrun, torch.distributed.launch; --num_gpus for deepspeed, --num_processes "
                "for accelerate) equal to the number of GPUs a rank can see: `nvidia-smi -L` counts them and "
                "CUDA_VISIBLE_DEVICES, where set, narrows them to those it lists; or list more GPUs there."),
        action="configure",
        rules_out=("the driver", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/yunqing-me/WatermarkDM/issues/8", "https://github.com/wenwenyu/PICK-pytorch/issues/14",
                 "https://github.com/HRNet/HRNet-Semantic-Segmentation/issues/171",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked="2026-11-26",
        examples=("cuda/watermarkdm-8-torchrun-nproc-8-invalid-ordinal.txt", "cuda/pickpytorch-14-nproc-exceeds-visible.txt"),
    ),
)
