"""CUDA across several GPUs in one process: peer access and its limits (rows of the cuda area)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.too-many-peers",
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
)
