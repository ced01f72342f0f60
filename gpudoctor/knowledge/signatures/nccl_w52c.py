"""Issue 25 (helper w52c): distributed launches that fresh threads showed and no row read.

- A collective timeout that a person ties to one rank's slow work: tokenising, packing or mapping a dataset on the
  first device while the others wait (nanotron#280: "the NCCL timeout may trigger before the first device finishes
  tokenizing the input data"), evaluation on rank 0 only (synthefy-nori#86). nccl_w40e.py reads the same told with
  "after 30 minutes"; this row reads it told by what the slow rank was doing, in any version's words. The fix is a
  timeout longer than that work, or doing it before the job (or on every rank).
- A rendezvous host name the other nodes cannot resolve: torch's TCPStore client says "TCP client failed to
  connect/validate to host HOST:PORT" and the resolver's words (ai-on-eks#241: Slinky's Slurm pods have no DNS entry
  for each other; the fix was the head node's IP address). It refines nccl.store-connect-timeout on the same line.
- A multi-node launch where every node starts as the main process: the node rank was expanded once, on the node that
  ran the batch script ($SLURM_NODEID always 0), or the launch ran without srun (accelerate#2816), so all nodes wait
  for peers that never join.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
DDP_TIMEOUT = "https://huggingface.co/docs/transformers/main_classes/trainer#transformers.TrainingArguments.ddp_timeout"
INIT_PROCESS_GROUP = "https://pytorch.org/docs/stable/distributed.html#torch.distributed.init_process_group"

# how people name the timeout ("the NCCL timeout", "a collective timeout", "DDP timed out", "NCCL超时")
_TIMEOUT = (r"(?:NCCL|nccl|[Cc]ollective|[Ww]atchdog|[Bb]arrier|DDP|ddp|[Dd]istributed|process group|c10d)"
            r"(?: operation| communication| collective| watchdog| op)? ?(?:timeouts?|time-?outs?|time out|timed out|"
            r"times out)")
# what the slow rank was doing
_SLOW = (r"(?:tokeni[sz]\w{0,6}|[Pp]re-?process\w{0,5}|(?:sample )?packing|packed|(?:mapping|preparing|prepping|"
         r"caching|loading) (?:the |a |its )?(?:input )?(?:data|dataset)|data(?:set)? (?:preparation|processing|mapping|"
         r"prep)\b|[Ee]valuat\w{1,5}|validation|validating|eval (?:loop|step|phase|set)|分词|预处理|数据处理|评估|验证)")

_SLOW_RANK_ADVICE = (
    "Nothing in NCCL or the GPUs failed: the other ranks waited longer than the process group's timeout for one rank. "
    "Give the process group a timeout longer than that work: `ddp_timeout` in TrainingArguments or the trainer's "
    "config (seconds, e.g. `--ddp_timeout 18000`), `InitProcessGroupKwargs(timeout=timedelta(hours=3))` for "
    "Accelerate, `init_process_group(..., timeout=timedelta(hours=3))` (or the launcher's NCCL_TIMEOUT / "
    "nccl_timeout setting) in your own code; or do the work before the job (tokenise and save the dataset once, "
    "`datasets.save_to_disk` / the trainer's preprocessing step) and evaluate on every rank with a DistributedSampler "
    "instead of on rank 0 alone.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.slow-rank-timeout-described",
        described=True,
        cause_id="nccl-timeout",
        kinds=("any",),
        patterns=(
            # "the NCCL timeout may trigger before the first device finishes tokenizing the input data"
            _TIMEOUT + r"[^\n]{0,200}?\b(?:before|while|during|when|until|as) [^\n]{0,80}?" + _SLOW,
            # "分词太慢导致NCCL超时" (the prefilter keys on "NCCL")
            _SLOW + r"[^\n]{0,60}?(?:导致|引起|触发|出现|报)[^\n]{0,20}?NCCL ?超时",
        ),
        severity="warn",
        cause=("The description ties a distributed timeout to one rank's slow work (tokenising, packing or mapping a "
               "dataset, or evaluation on one rank) while the other ranks waited in a collective: the wait outlasted "
               "the process group's timeout."),
        advice=_SLOW_RANK_ADVICE,
        action="configure",
        rules_out=("the GPUs", "the NCCL network"),
        never_suggest=("NCCL_P2P_DISABLE", "NCCL_SOCKET_IFNAME", "reinstall the driver"),
        sources=("https://github.com/huggingface/nanotron/pull/280", "https://github.com/Synthefy/synthefy-nori/pull/86",
                 DDP_TIMEOUT, INIT_PROCESS_GROUP),
        checked=CHECKED,
        examples=("nccl/nanotron-280-hf-dataset-tokenizing-before-first-device-nccl-timeout.txt",),
    ),
)

# --- a rendezvous host that the other nodes cannot resolve ---

_UNRESOLVED = (r"(?:Name or service not known|Temporary failure in name resolution|nodename nor servname provided|"
               r"No address associated with hostname|Unknown host|getaddrinfo failed)")

SIGNATURES += (
    Signature(
        code="nccl.rendezvous-host-unresolvable",
        cause_id="nccl-network-config",
        kinds=("any",),
        refines=("nccl.store-connect-timeout",),
        patterns=(
            # torch's TCPStore client (2.3 and later): "RendezvousConnectionError: TCP client failed to connect/validate
            # to host slinky-0:29400 - Name or service not known"
            r"TCP client failed to connect/validate to host \[?(?P<host>[^\s\]]{1,100}?)\]?:(?P<port>\d{1,5})\b[^\n]{0,300}?"
            + _UNRESOLVED,
            r"RendezvousConnectionError\b[^\n]{0,300}?" + _UNRESOLVED,
        ),
        severity="fail",
        cause=("The rendezvous endpoint's host name does not resolve on this node: the ranks cannot look up "
               "the address of the node that holds the store, so they never join."),
        advice=("Give the launcher the head node's IP address instead of its name (torchrun --rdzv_endpoint / "
                "--master_addr, MASTER_ADDR), e.g. in a Slurm script `head_ip=$(srun --nodes=1 --ntasks=1 -w "
                "\"$head_node\" hostname --ip-address)`, or make the name resolvable on every node (DNS, /etc/hosts, a "
                "Kubernetes headless Service for the pods); check with `getent hosts NAME` on each node."),
        action="configure",
        rules_out=("the GPUs", "NCCL's transport"),
        never_suggest=("NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/awslabs/ai-on-eks/pull/241",
                 "https://github.com/pytorch/examples/tree/main/distributed/ddp-tutorial-series/slurm"),
        checked=CHECKED,
        examples=("nccl/ai-on-eks-241-slinky-rdzv-hostname-not-resolvable.txt",),
    ),
)

# --- every node launched as the main process ---

SIGNATURES += (
    Signature(
        code="nccl.every-node-rank-zero-described",
        described=True,
        cause_id="distributed-misuse",
        kinds=("any",),
        patterns=(
            # "`$SLURM_NODEID` always resulted in 0", "NODE_RANK is 0 on every node"
            r"\$?\{?(?:SLURM_NODEID|SLURM_PROCID|NODE_RANK|node_rank|machine_rank|MACHINE_RANK)\}?`?[^\n]{0,80}?\b(?:always|"
            r"on (?:every|each|all) (?:nodes?|machines?)|everywhere|for (?:every|each|all) (?:nodes?|machines?))\b"
            r"[^\n]{0,40}?\b(?:resulted in|results in|is|was|were|gives?|gave|evaluat\w{1,4} to|expand\w{0,3} to|becomes?|"
            r"became|equals?|set to|returns?|returned) `?0`?(?![\d.])",
            # "every instance got launched thinking it was the master process"
            r"\b(?:[Ee]very|[Ee]ach|[Aa]ll) (?:the |of the )?(?:nodes?|instances?|process(?:es)?|machines?|workers?)\b[^\n]{0,60}?"
            r"\b(?:thinking|thought|think|thinks|believ\w{1,4}|acting as|acts as|treated as|launched as|started as)\b "
            r"(?:it was |it is |they are |they were |that it was |that they are )?(?:the )?(?:master|main process|main node|"
            r"head node|rank 0|rank zero)",
        ),
        severity="warn",
        cause=("The description says every node of a multi-node launch started with node rank 0, as the main process: "
               "the rank was filled in once (on the node that ran the batch script) instead of on each node, or the "
               "command never ran on the other nodes, so the rendezvous waits for peers that do not join."),
        advice=("Start one launcher per node through srun (`srun --nodes=N --ntasks-per-node=1 bash -c '...'`) and let "
                "each node expand its own rank there: escape the variable in the command the batch script builds "
                "(`--machine_rank \\$SLURM_NODEID` for accelerate, `--node_rank \\$SLURM_NODEID` for torchrun, or single "
                "quotes around the command), with the same main address, port and number of nodes on every node; "
                "torchrun's c10d rendezvous (--rdzv_backend c10d --rdzv_endpoint HEAD:29500) assigns the ranks itself."),
        action="configure",
        rules_out=("the GPUs", "the NCCL network"),
        never_suggest=("NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/huggingface/accelerate/issues/2816",
                 "https://github.com/huggingface/accelerate/tree/main/examples/slurm"),
        checked=CHECKED,
        examples=("nccl/accelerate-2816-slurm-nodeid-expanded-early-rendezvous-timeout.txt",),
    ),
)
