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
        # distributed-misuse, TAXONOMY's tie-break: more processes per node than GPUs is the launch's own set-up, and
        # its fix is the process count (w40e, 2026-11-28: PICK-pytorch#14 was labelled both ways).
        cause_id="distributed-misuse",
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
                "CUDA_VISIBLE_DEVICES, where set, narrows them to those it lists; or list more GPUs there. With "
                "`accelerate launch` the count is num_processes in the accelerate config (`accelerate config` rewrites "
                "it; `accelerate env` shows the one in use) or the --num_processes flag: on a machine with one GPU run "
                "num_processes 1 without --multi_gpu (or plain `python script.py`)."),
        action="configure",
        rules_out=("the driver", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/yunqing-me/WatermarkDM/issues/8", "https://github.com/wenwenyu/PICK-pytorch/issues/14",
                 "https://github.com/HRNet/HRNet-Semantic-Segmentation/issues/171",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked="2026-11-26",
        examples=("cuda/watermarkdm-8-torchrun-nproc-8-invalid-ordinal.txt", "cuda/pickpytorch-14-nproc-exceeds-visible.txt"),
    ),
    Signature(
        code="cuda.devices-busy-exclusive-process-mode",
        cause_id="compute-mode-exclusive",
        kinds=("any",),
        # cuda.devices-busy-or-unavailable's line, in a text that shows the GPUs in Exclusive_Process compute mode
        # (gpudoctor/knowledge/contexts.py): there one process only may hold each GPU, and the usual culprit is the
        # program's own processes (DDP ranks, data-loader workers) all touching GPU 0 before their own.
        patterns=(r"all CUDA-capable devices are busy or unavailable", r"CUDA-capable device\(s\) is/are busy or unavailable",
                  r"cudaErrorDevicesUnavailable", r"CUDA_ERROR_DEVICE_UNAVAILABLE"),
        contexts=("exclusive-compute-mode",),
        refines=("cuda.devices-busy-or-unavailable",),
        severity="fail",
        cause="The GPUs are in Exclusive_Process compute mode, where only one process may hold a GPU, and a second "
              "process (another rank of the same job, or another job) tried to create a context on one already held.",
        advice=("In exclusive compute mode give every process its own GPU: in each DDP rank call "
                "`torch.cuda.set_device(local_rank)` before any tensor or model goes to CUDA (or launch each rank with "
                "its own CUDA_VISIBLE_DEVICES), and check with `nvidia-smi` that no other process holds that GPU; an "
                "administrator can make the GPU shared again with `sudo nvidia-smi -i N -c DEFAULT`."),
        action="configure",
        rules_out=("a missing driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "update the driver"),
        sources=("https://github.com/karpathy/nanoGPT/pull/116",
                 "https://github.com/huggingface/pytorch-image-models/issues/1033",
                 "https://github.com/NVIDIA/DIGITS/issues/2005",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#compute-modes"),
        checked="2026-11-26",
        examples=("cuda/nanogpt-116-ddp-exclusive-process-busy.txt", "cuda/timm-1033-ddp-exclusive-mode-busy.txt",
                  "cuda/digits-2005-busy-unavailable-exclusive-process.txt"),
    ),
)
