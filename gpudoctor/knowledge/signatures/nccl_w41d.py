"""Issue 25 (helper w41d): a Slurm job that binds one GPU to each task, read where a rank then asks for a GPU it cannot see.

With `--gpus-per-task` (or `--gpu-bind=single:`/`map_gpu:`/`mask_gpu:`) Slurm sets each task's CUDA_VISIBLE_DEVICES to
its own GPU(s) only, renumbered from 0 (Slurm 21.08 made this the default for --gpus-per-task). A training script that
calls torch.cuda.set_device(local_rank) then works on rank 0 and fails with "invalid device ordinal" on every other
rank, although the node has all the GPUs and the launch started one process per GPU (mace#435). The context
slurm-gpu-per-task (gpudoctor/knowledge/context_table.py) is innermost, so this row takes the place of the generic
reading and of the rank-picks-device and distributed-launch readings, whose fix (fewer processes per node) is wrong here.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.slurm-gpus-per-task-hides-rank-gpus",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # cuda.invalid-device-ordinal's line, in a text whose job binds GPUs per task (context slurm-gpu-per-task)
        patterns=(r"invalid device ordinal", r"cudaErrorInvalidDevice\b", r"CUDA_ERROR_INVALID_DEVICE\b"),
        contexts=("slurm-gpu-per-task",),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause=("The Slurm job binds GPUs per task (--gpus-per-task or --gpu-bind), so each rank's CUDA_VISIBLE_DEVICES "
               "lists only its own GPU, numbered 0; a rank that selects GPU local_rank (or any index above 0) asks for "
               "one its process cannot see, although the node has it."),
        advice=("Request the GPUs per node instead of per task, so every rank sees all of the node's GPUs and picks its "
                "own by local rank: `#SBATCH --gpus-per-node=N` (or `--gres=gpu:N`) with `--ntasks-per-node=N`, "
                "dropping `--gpus-per-task`; or keep --gpus-per-task=1 and have each rank use device 0 "
                "(`torch.cuda.set_device(0)` when `torch.cuda.device_count() == 1`). `srun bash -c 'echo "
                "$SLURM_PROCID $CUDA_VISIBLE_DEVICES'` shows what each task sees."),
        action="configure",
        rules_out=("the driver", "a missing GPU", "too many processes per node"),
        never_suggest=("reinstall the driver", "update the driver", "nproc_per_node"),
        sources=("https://github.com/ACEsuit/mace/issues/435",
                 "https://slurm.schedmd.com/sbatch.html#OPT_gpus-per-task",
                 "https://slurm.schedmd.com/gres.html#GPU_Management"),
        checked=CHECKED,
        examples=("nccl/mace-435-slurm-gpus-per-task-invalid-device-ordinal.txt",),
    ),
)
