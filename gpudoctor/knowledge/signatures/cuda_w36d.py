"""Issue 25, w36d: a build or toolchain that does not cover this GPU, and advice that suggested what a thread ruled out.

The first CUDA toolkit of each architecture, and the one that dropped it, are build_support.NVCC_ARCHITECTURES, which
wheels.nvcc-unsupported-gpu-architecture looks the refused `compute_NN` up in. The row here reads `invalid device
ordinal` where the script picks its GPU from its rank (torch.cuda.set_device(local_rank)): the fix is the number of
processes per node or the rank it maps, and the GPUs made visible are not the cause there."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-27"

SIGNATURES = (
    Signature(
        code="cuda.rank-picks-missing-gpu",
        cause_id="distributed-misuse",
        kinds=("any",),
        # cuda.invalid-device-ordinal's line in a text whose script sets its device from its rank (context
        # rank-picks-device, innermost before distributed-launch, whose row then gives way to this one).
        patterns=(r"invalid device ordinal", r"cudaErrorInvalidDevice\b", r"CUDA_ERROR_INVALID_DEVICE\b"),
        contexts=("rank-picks-device",),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause=("The script sets each process's GPU from its rank (torch.cuda.set_device(local_rank) or rank), and a "
               "rank asked for a GPU index this node does not have: more processes were started on the node than it "
               "has GPUs, or a global rank was used where the node-local one belongs."),
        advice=("Start no more processes per node than the node has GPUs (`nvidia-smi -L` counts them; "
                "`python -c \"import torch; print(torch.cuda.device_count())\"` counts those a process sees): "
                "--nproc_per_node for torchrun and torch.distributed.launch, --num_gpus for deepspeed, "
                "--num_processes for accelerate, -np per node for mpirun, nprocs=torch.cuda.device_count() for "
                "mp.spawn, and the project's own GPU-count option. A checkpoint split N ways for model parallelism "
                "needs N processes and GPUs (its MP or tensor-parallel degree): on fewer GPUs run a smaller model or a "
                "re-sharded checkpoint. On several nodes set the device from the node-local rank "
                "(`torch.cuda.set_device(int(os.environ[\"LOCAL_RANK\"]))`), never the global RANK, or use "
                "rank % torch.cuda.device_count(); an index taken from a list of physical GPU ids is renumbered from "
                "0 in each process (deepspeed picks GPUs itself: `deepspeed --include localhost:2`)."),
        action="configure",
        rules_out=("the driver", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/meta-llama/llama-cookbook/issues/90",
                 "https://github.com/meta-llama/llama/issues/61",
                 "https://github.com/LMCache/LMCache/issues/814",
                 "https://github.com/tatsu-lab/stanford_alpaca/issues/67",
                 "https://pytorch.org/docs/stable/elastic/run.html"),
        checked=CHECKED,
        examples=("cuda/llamacookbook-90-set-device-global-rank-multinode.txt",),
    ),
)
