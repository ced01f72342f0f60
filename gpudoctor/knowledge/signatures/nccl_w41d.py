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

# How people say the NCCL of one node (rank, container, machine) is not the others' ("had different nccl version on
# one of them", "the NCCL versions differ between the nodes", "nccl version mismatch between the two machines",
# "两台机器NCCL版本不一致"). One NCCL talking to another release is not supported: the bootstrap and the collectives'
# wire format change between releases, so the job hangs or fails at init with truncated or unexpected messages.
_NCCL = r"(?:NCCL|[Nn]ccl|libnccl)"
_WHERE = r"(?:nodes?|machines?|hosts?|servers?|ranks?|workers?|containers?|images?|them|the others?|each other|both)"
# rev41: not a check that found them the same, nor a set-up said to work ("both are 2.21.5", "works fine").
_HEALTHY = (r"^(?![^\n]{0,300}?(?:both (?:are|have|use)|all (?:are|have|use) the same|same (?:NCCL )?version|works? fine|"
            r"working fine|no (?:problem|issue)))[^\n]{0,300}?")
_DIFFER = r"(?:differ(?:s|ed|ent)?|mismatch(?:ed|es)?|(?:is|are|was|were) not the same|inconsistent|do(?:es)?n'?t match)"

SIGNATURES += (
    Signature(
        code="nccl.versions-differ-between-nodes-described",
        described=True,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        patterns=(
            # "different nccl version on one of them", "different NCCL versions across the nodes"
            _HEALTHY + r"\b[Dd]ifferent " + _NCCL + r"(?: library)? versions?[^\n]{0,40}?\b(?:on|between|across|in|among|than)\b"
            r"[^\n]{0,40}?\b" + _WHERE,
            # "the NCCL version differs between the nodes", "nccl versions mismatch between node A and node B"
            _HEALTHY + _NCCL + r" versions? " + _DIFFER + r"[^\n]{0,40}?\b(?:on|between|across|in|among|from)\b[^\n]{0,40}?\b"
            + _WHERE,
            # "mismatched NCCL versions between the two containers"
            _HEALTHY + r"\b[Mm]ismatch(?:ed|ing)? " + _NCCL + r" versions?[^\n]{0,40}?\b(?:on|between|across|in|among)\b"
            r"[^\n]{0,40}?\b" + _WHERE,
            # "两台机器NCCL版本不一致", "nccl版本不同"
            _NCCL + r" ?版本(?:不一致|不同|不匹配)",
        ),
        severity="warn",
        cause=("The description says the nodes (ranks, containers) of one job run different NCCL versions; NCCL "
               "releases do not talk to each other reliably (bootstrap and collectives change between them), so such a "
               "job hangs or fails at initialisation whatever the network."),
        advice=("Run the same NCCL release on every node: compare `python -c \"import torch; "
                "print(torch.cuda.nccl.version())\"` (or `ls -l /usr/lib/x86_64-linux-gnu/libnccl.so*`, "
                "`pip list | grep nccl`) on each node, then install that one release everywhere (the same nvidia-nccl-cu12 "
                "wheel, the same libnccl2 package, or one container image on all nodes), and run the job again."),
        action="configure",
        rules_out=("the network interface", "the driver"),
        never_suggest=("NCCL_SOCKET_IFNAME", "reinstall the driver"),
        sources=("https://github.com/horovod/horovod/issues/639",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"),
        checked=CHECKED,
        examples=("nccl/horovod-639-different-nccl-version-on-one-node-prose.txt",),
    ),
)

# "invalid device ordinal" where the person says the machine has one GPU, or that the script starts more workers or
# GPUs by default (SPN#4: a demo set up for four GPUs run on one): the job's own GPU count asks for a device the machine
# lacks, TAXONOMY's tie-break for distributed-misuse, and the fix is that count, not CUDA_VISIBLE_DEVICES or the driver.
SIGNATURES += (
    Signature(
        code="nccl.script-asks-more-gpus-than-machine",
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(r"invalid device ordinal", r"cudaErrorInvalidDevice\b", r"CUDA_ERROR_INVALID_DEVICE\b"),
        contexts=("fewer-gpus-than-asked",),
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause=("The script or launcher is set up for more GPUs than this machine has (its default number of workers, "
               "processes or GPU ids), so the workers after the first ask for GPU indices that do not exist."),
        advice=("Set the job's GPU count to the GPUs the machine has (`nvidia-smi -L` lists them): the script's GPU list "
                "or count (e.g. `--gpus 0`, `gpu_ids`, `ngpus`, the line of the training script or config that names "
                "them), `--nproc_per_node=1` for torchrun on one GPU, `--num_processes 1` for accelerate, "
                "`--num_gpus 1` for deepspeed; a checkpoint split for N-way model parallelism needs N GPUs or a "
                "re-sharded (merged) checkpoint. If CUDA_VISIBLE_DEVICES is set, it too may list only indices the machine has "
                "(0 on a one-GPU machine)."),
        action="configure",
        # rev41: CUDA_VISIBLE_DEVICES is not ruled out: "I have one GPU" beside CUDA_VISIBLE_DEVICES=1 reads here too
        # (no context can say the visible-devices one is absent), and there the variable is the fix.
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ZhouYanzhao/SPN/issues/4", "https://pytorch.org/docs/stable/elastic/run.html"),
        checked=CHECKED,
        examples=("nccl/spn-4-demo-uses-four-gpus-one-gpu-invalid-ordinal.txt",
                  "cuda/taiyixl-3-accelerate-default-config-gpu-count-invalid-ordinal.txt"),
    ),
)

# The same binding in a person's words, in a text that shows --gpus-per-task: "SLURM now sets CUDA_VISIBLE_DEVICES on a
# per *rank* basis", "each MPI rank now sees a single GPU", "specifying `--gpus-per-task` instead of `--gpus-per-node`".
_RANK = r"(?:MPI )?(?:rank|task|process|worker)"
_WORKS = r"^(?![^\n]{0,300}?(?:works|working|fine|as expected|no (?:problem|issue)))[^\n]{0,300}?"
SIGNATURES += (
    Signature(
        code="nccl.slurm-gpus-per-task-described",
        described=True,
        cause_id="cuda-visible-devices",
        kinds=("any",),
        contexts=("slurm-gpu-per-task",),
        patterns=(
            # rev41: each pattern skips a line that says the binding works ("each task gets one GPU and everything works")
            _WORKS + r"CUDA_VISIBLE_DEVICES[^\n]{0,80}?\bper[ -]\*{0,2}" + _RANK,
            _WORKS + r"\b(?:[Ee]ach|[Ee]very) " + _RANK + r"(?: now)?(?: only)? (?:sees|gets|has)(?: only)? (?:a single|one|its own|1) "
            r"(?:GPU|gpu)",
            r"gpus-per-task`? instead of `?(?:--)?(?:gpus-per-node|gres)",
        ),
        severity="warn",
        cause=("The description says Slurm gives each task (rank) its own GPU through --gpus-per-task, so every rank's "
               "CUDA_VISIBLE_DEVICES lists one GPU numbered 0 instead of the node's GPUs; a program that picks GPUs "
               "by local rank, or checks that the ranks of a node see the same GPUs, fails."),
        advice=("Request the GPUs per node instead of per task (`#SBATCH --gpus-per-node=N` or `--gres=gpu:N` with "
                "`--ntasks-per-node=N`, no `--gpus-per-task`), so every rank sees the node's GPUs; or make the program "
                "use the one GPU Slurm gives each task (device 0)."),
        action="configure",
        rules_out=("the driver",),
        never_suggest=("reinstall the driver", "nproc_per_node"),
        sources=("https://github.com/ACEsuit/mace/issues/435",
                 "https://slurm.schedmd.com/sbatch.html#OPT_gpus-per-task"),
        checked=CHECKED,
        examples=("nccl/mace-435-slurm-gpus-per-task-invalid-device-ordinal.txt",),
    ),
)
