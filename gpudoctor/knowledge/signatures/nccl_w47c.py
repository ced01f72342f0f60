"""Issue 25 (helper w47c): a framework's own GPU check failing inside a Slurm job that binds one GPU to each task.

With `--gpus-per-task` (or `--gpu-bind=single:`, `--ntasks-per-gpu`) Slurm sets each task's CUDA_VISIBLE_DEVICES to
its own GPU only, renumbered from 0 (the default for --gpus-per-task since Slurm 21.08). A framework that expects every
process of a node to see all of the node's GPUs then refuses before any collective runs: PyTorch Lightning asks for
devices [0..7] and finds only [0] ("You requested gpu: [0, 1, ...] But your machine only has: [0]",
pytorch-lightning#16828). The generic reading of Lightning's line (frameworks.lightning-requested-gpu-index-absent)
advises asking for fewer devices; under this binding the fix is the job's GPU request, so this row takes its place in
the context slurm-gpu-per-task (gpudoctor/knowledge/context_table.py), as nccl.slurm-gpus-per-task-hides-rank-gpus
does for "invalid device ordinal".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.slurm-gpus-per-task-lightning-sees-one-gpu",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # frameworks.lightning-requested-gpu-index-absent's line (Lightning's device parser, in every release that
        # prints it), in a text whose job binds GPUs per task
        patterns=(r"But your machine only has: \[(?P<available>\d[\d, ]{0,40})\]",),
        contexts=("slurm-gpu-per-task",),
        refines=("frameworks.lightning-requested-gpu-index-absent",),
        severity="fail",
        cause=("The Slurm job binds GPUs per task (--gpus-per-task, --ntasks-per-gpu or --gpu-bind), so each task's "
               "CUDA_VISIBLE_DEVICES lists only its own GPU ([{available}] here), while Lightning expects every process "
               "of the node to see all of the node's GPUs and asks for indexes its process cannot see."),
        advice=("Request the GPUs per node instead of per task, so every task sees all of the node's GPUs: "
                "`#SBATCH --gpus-per-node=N` (or `--gres=gpu:N`) with `--ntasks-per-node=N`, dropping `--gpus-per-task` "
                "/ `--ntasks-per-gpu`, and `devices=N` in the Trainer; `srun bash -c 'echo $SLURM_PROCID "
                "$CUDA_VISIBLE_DEVICES'` shows what each task sees."),
        action="configure",
        rules_out=("the driver", "a missing GPU"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall torch"),
        sources=("https://github.com/Lightning-AI/pytorch-lightning/issues/16828",
                 "https://slurm.schedmd.com/sbatch.html#OPT_gpus-per-task",
                 "https://slurm.schedmd.com/sbatch.html#OPT_ntasks-per-gpu",
                 "https://lightning.ai/docs/fabric/stable/guide/multi_node/slurm.html"),
        checked=CHECKED,
        examples=("nccl/lightning-16828-slurm-gpus-per-task-sees-one-gpu.txt",),
    ),
)
