"""Issue 25, w36e: two or more GPUs in one machine, told in the user's words (rows of the nccl area).

A single-node DDP or Lightning job that hangs at start-up, or sees the wrong ranks, because a launcher's variables
(NODE_RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT) were left in the shell, a profile, an image or a service:
the framework takes them as a sign that an external launcher started it and waits for processes that never come.
The person's account names the variable and that unsetting it (or that it was set) made the difference; the hang
itself reads like a peer-to-peer hang (nccl.multi-gpu-hang-described), which this row takes as its evidence.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TORCHRUN = "https://pytorch.org/docs/stable/elastic/run.html"
LIGHTNING_CLUSTER = "https://lightning.ai/docs/pytorch/stable/clouds/cluster_intermediate_1.html"

# the variables a launcher sets for each rank; a bare RANK only after a verb that names it as a variable
_LAUNCH_VARIABLE = r"(?P<variable>NODE_RANK|LOCAL_RANK|WORLD_SIZE|MASTER_ADDR|MASTER_PORT|GROUP_RANK|LOCAL_WORLD_SIZE)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.stray-launcher-variable-described",
        described=True,
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(
            # "training does work if i unset NODE_RANK", "after removing the WORLD_SIZE env var it runs"
            r"\b(?:[Uu]nset(?:ting)?|[Rr]emov(?:e|ed|ing)|[Cc]lear(?:ed|ing)?|[Dd]elet(?:e|ed|ing)|[Dd]ropp(?:ed|ing))\s"
            r"(?:the\s)?(?:env(?:ironment)?\s(?:variables?\s|vars?\s)?)?[`$]?" + _LAUNCH_VARIABLE + r"\b",
            # "NODE_RANK causes DDP jobs to hang", "MASTER_ADDR made every rank wait"
            r"\b" + _LAUNCH_VARIABLE + r"`?\s(?:causes?|caused|makes?|made|breaks?|broke)\b[^\n]{0,60}?\b(?:hang|hangs|"
            r"hung|stuck|freeze|wait|wrong|fail)",
            # "NODE_RANK was already set in my environment", "WORLD_SIZE is exported in .bashrc"
            r"\b" + _LAUNCH_VARIABLE + r"`?\s(?:is|was|were|are|got|had been)\s(?:already\s|still\s|globally\s|also\s)?(?:set|"
            r"exported|defined|present|left)\s(?:in|by|from)\s(?:the\s|my\s|our\s|a\s)?(?:environment|env|shell|\.?bashrc|"
            r"\.?profile|cluster|container|image|Dockerfile|service|job|notebook|terminal|system)\b",
        ),
        refines=("nccl.multi-gpu-hang-described",),
        refines_within=None,
        severity="warn",
        cause=("The text says a launcher variable ({variable}) set in the environment made the difference: a "
               "framework that finds NODE_RANK, WORLD_SIZE, LOCAL_RANK or MASTER_ADDR already set takes them as the "
               "work of an external launcher (torchrun, SLURM, a cluster), so a single-node job waits for ranks or "
               "nodes that never start, or gives several processes the same rank."),
        advice=("List what the shell, profile, image or service left behind: `env | grep -E "
                "'NODE_RANK|LOCAL_RANK|WORLD_SIZE|MASTER_ADDR|MASTER_PORT|^RANK='`; unset them before a single-node "
                "run (`unset NODE_RANK WORLD_SIZE RANK LOCAL_RANK MASTER_ADDR MASTER_PORT`) and remove them where they "
                "come from (~/.bashrc, the Dockerfile's ENV, the unit's Environment=, the notebook's %env). Then start "
                "the job with one launcher that sets them per rank (`torchrun --standalone --nproc_per_node=N "
                "train.py`, `accelerate launch`, Lightning's Trainer(devices=N)); on a real multi-node job NODE_RANK "
                "must differ per node and WORLD_SIZE count every process."),
        action="configure",
        rules_out=("peer-to-peer transfers between the GPUs", "a GPU or driver fault"),
        never_suggest=("reinstall the driver", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/Lightning-AI/pytorch-lightning/issues/5651", TORCHRUN, LIGHTNING_CLUSTER),
        checked="2026-11-27",
        examples=("nccl/lightning-5651-stray-node-rank-hang.txt",),
    ),
)
