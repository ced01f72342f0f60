"""How ranks that never meet show it in torch.distributed's own store (rows of the nccl area, joined into
nccl.SIGNATURES).

Written blind for issue 25 (round fifteen of the row writers). init_process_group's store-based barrier (torch 1.8 to
2.0) adds one to a counter in the rendezvous store for each process that joins and waits until the counter equals
world_size. A shared-file rendezvous (init_method="file://..."; scripts' --dist-url / --dist-file) keeps that counter
in the file, and torch removes the file only when every process of the run exits cleanly: a file left by an earlier,
crashed run already holds its workers, so the next run counts them too (worker_count above world_size) and the barrier
never completes. The same count comes from a launcher whose processes each spawn one process per GPU, and from
another job that shares the TCPStore's MASTER_PORT.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TORCH_DISTRIBUTED_INIT = "https://pytorch.org/docs/stable/distributed.html#shared-file-system-initialization"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.rendezvous-extra-workers",
        cause_id="distributed-misuse",
        kinds=("any",),
        # distributed_c10d._store_based_barrier: the timeout (RuntimeError) and the INFO line it logs every 10 s while
        # it waits; only worker_count above world_size (the `smaller` pair) is this row, fewer is rendezvous-incomplete.
        patterns=(
            r"Timed out initializing process group in store based barrier on rank:? ?(?P<rank>\d{1,6}), for key: "
            r"store_based_barrier_key:\d{1,6} \(world_size=(?P<world_size>\d{1,6}), worker_count=(?P<joined>\d{1,6})",
            r"Waiting in store based barrier to initialize process group for rank: (?P<rank>\d{1,6}), key: "
            r"store_based_barrier_key:\d{1,6} \(world_size=(?P<world_size>\d{1,6}), worker_count=(?P<joined>\d{1,6})",
        ),
        smaller=(("world_size", "joined"),),
        refines=("nccl.rendezvous-incomplete",),
        severity="fail",
        cause=("{joined} processes were counted in a rendezvous store made for world_size={world_size}: the store "
               "already held an earlier run's workers (a file:// init file left behind when that run crashed, or "
               "another job on the same MASTER_PORT), or the launcher started more processes than the world size "
               "says, so the barrier can never complete."),
        advice=("If the rendezvous is a file (init_method=\"file://...\", a --dist-url/--dist-file path), delete that "
                "file before each run, or give every run a fresh path (or use env:// under torchrun); otherwise make "
                "world_size match the processes really launched (nodes x processes per node: a launcher that also "
                "spawns one process per GPU doubles them), stop any leftover process of an earlier run (`ps aux | "
                "grep python`), and give each job its own MASTER_PORT."),
        action="configure",
        rules_out=("a driver, GPU or NCCL fault",),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/epfml/powersgd/issues/21",
                 "https://github.com/tczhangzhi/pytorch-distributed/issues/18", TORCH_DISTRIBUTED_INIT),
        checked="2026-11-26",
        examples=("nccl/powersgd-21-dist-init-file-left-from-earlier-run.txt",
                  "nccl/pytorchdistributed-18-store-barrier-worker-count.txt"),
    ),
)
