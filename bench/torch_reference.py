"""PyTorch's own figures for what `gpudoctor check --deep` measures, on the same machine and run.

    python3 bench/torch_reference.py            # needs torch with CUDA and 2+ GPUs for the pair tests

Prints one JSON object: GPU-to-GPU copy GB/s (1 GiB tensor.copy_, each direction), pinned host-to-GPU and
GPU-to-host GB/s (1 GiB), and the NCCL all-reduce bus bandwidth of 1 GiB float32 through torch.distributed
(one process per GPU), plus how long `import torch` took. Timing: CUDA events for copies; for the all-reduce,
the host's clock around a synchronised batch (see _allreduce_worker); warm-up first, median of runs.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

GIB = 1 << 30
RUNS = 10
BATCH = 5  # all-reduces timed together, as --deep times 1 GiB (gpudoctor/deep/formulas.py)


def _timed_gbps(torch, device, action, nbytes: int) -> float:
    for _ in range(3):
        action()
    torch.cuda.synchronize(device)
    times = []
    for _ in range(RUNS):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record(torch.cuda.current_stream(device))
        action()
        end.record(torch.cuda.current_stream(device))
        end.synchronize()
        times.append(start.elapsed_time(end) / 1000)
    return nbytes / statistics.median(times) / 1e9


def _peer_gbps(torch, a: int, b: int) -> float:
    src = torch.empty(GIB, dtype=torch.uint8, device=f"cuda:{a}")
    dst = torch.empty(GIB, dtype=torch.uint8, device=f"cuda:{b}")
    with torch.cuda.device(a):
        return _timed_gbps(torch, a, lambda: dst.copy_(src, non_blocking=True), GIB)


def peer_copies(torch) -> dict:
    out = {}
    count = torch.cuda.device_count()
    for a in range(count):
        for b in range(count):
            if a == b:
                continue
            out[f"{a}->{b}"] = round(_peer_gbps(torch, a, b), 1)
    return out


def host_copies(torch, device: int) -> dict:
    host = torch.empty(GIB, dtype=torch.uint8, pin_memory=True)
    gpu = torch.empty(GIB, dtype=torch.uint8, device=f"cuda:{device}")
    with torch.cuda.device(device):
        h2d = _timed_gbps(torch, device, lambda: gpu.copy_(host, non_blocking=True), GIB)
        d2h = _timed_gbps(torch, device, lambda: host.copy_(gpu, non_blocking=True), GIB)
    return {"h2d": round(h2d, 1), "d2h": round(d2h, 1)}


def _slowest_rank_s(torch, dist, seconds: float, rank: int) -> float:
    """The slowest rank's time: an all-reduce is done when its last rank is."""
    value = torch.tensor([seconds], dtype=torch.float64, device=f"cuda:{rank}")
    dist.all_reduce(value, op=dist.ReduceOp.MAX)
    return float(value.item())


def _allreduce_worker(rank: int, world: int, port: int, queue) -> None:
    """Two timings of 1 GiB float32 all-reduces, each the median of RUNS:
    `busbw_gbps`: BATCH all-reduces back to back, then one synchronise, divided by BATCH (as nccl-tests'
    all_reduce_perf times them, and as `--deep` does); `busbw_gbps_single_op`: one all-reduce between a barrier
    and a synchronise, which adds the launch, the synchronise and the ranks' start skew to each operation."""
    import torch
    import torch.distributed as dist

    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", rank=rank, world_size=world)
    tensor = torch.ones(GIB // 4, dtype=torch.float32, device=f"cuda:{rank}")
    for _ in range(3):
        dist.all_reduce(tensor)
    torch.cuda.synchronize()
    batched, single = [], []
    for _ in range(RUNS):
        dist.barrier()
        torch.cuda.synchronize()
        started = time.perf_counter()
        for _ in range(BATCH):
            dist.all_reduce(tensor)
        torch.cuda.synchronize()
        batched.append(_slowest_rank_s(torch, dist, (time.perf_counter() - started) / BATCH, rank))
    for _ in range(RUNS):
        dist.barrier()
        torch.cuda.synchronize()
        started = time.perf_counter()
        dist.all_reduce(tensor)
        torch.cuda.synchronize()
        single.append(time.perf_counter() - started)
    if rank == 0:
        def busbw(seconds: float) -> float:
            return round(GIB / seconds / 1e9 * 2 * (world - 1) / world, 1)

        queue.put({"bytes": GIB, "batch": BATCH, "busbw_gbps": busbw(statistics.median(batched)),
                   "busbw_gbps_single_op": busbw(statistics.median(single))})
    dist.destroy_process_group()


def allreduce(torch) -> dict:
    import torch.multiprocessing as mp

    world = torch.cuda.device_count()
    queue = mp.get_context("spawn").SimpleQueue()
    mp.spawn(_allreduce_worker, args=(world, 29511, queue), nprocs=world, join=True)
    return queue.get()


def main() -> None:
    started = time.perf_counter()
    import torch

    result = {"import_torch_s": round(time.perf_counter() - started, 2), "torch": torch.__version__,
              "nccl_p2p_disable": os.environ.get("NCCL_P2P_DISABLE")}
    result["host"] = {str(d): host_copies(torch, d) for d in range(torch.cuda.device_count())}
    if torch.cuda.device_count() >= 2:
        result["peer"] = peer_copies(torch)
        result["allreduce_1gib"] = allreduce(torch)
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main()
