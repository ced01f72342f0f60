"""PyTorch's own figures for what `gpudoctor check --deep` measures, on the same machine and run.

    python3 bench/torch_reference.py            # needs torch with CUDA and 2+ GPUs for the pair tests

Prints one JSON object: GPU-to-GPU copy GB/s (1 GiB tensor.copy_, each direction), pinned host-to-GPU and
GPU-to-host GB/s (1 GiB), and the NCCL all-reduce bus bandwidth of 1 GiB float32 through torch.distributed
(one process per GPU), plus how long `import torch` took. Timing: CUDA events, warm-up first, median of runs.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

GIB = 1 << 30
RUNS = 10


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


def _allreduce_worker(rank: int, world: int, port: int, queue) -> None:
    import torch
    import torch.distributed as dist

    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", rank=rank, world_size=world)
    tensor = torch.ones(GIB // 4, dtype=torch.float32, device=f"cuda:{rank}")
    for _ in range(3):
        dist.all_reduce(tensor)
    torch.cuda.synchronize()
    times = []
    for _ in range(RUNS):
        dist.barrier()
        torch.cuda.synchronize()
        started = time.perf_counter()
        dist.all_reduce(tensor)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - started)
    if rank == 0:
        algbw = GIB / statistics.median(times) / 1e9
        queue.put({"bytes": GIB, "algbw_gbps": round(algbw, 1), "busbw_gbps": round(algbw * 2 * (world - 1) / world, 1)})
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
