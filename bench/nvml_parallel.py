"""Whether NVML answers P2P status questions in parallel: a benchmark, not a test.

    python bench/nvml_parallel.py        # on a host with two or more NVIDIA GPUs

At eight GPUs the inventory asks 140 P2P status questions (28 pairs, the five capabilities
`nvidia-smi topo -p2p` shows) at ~1.6 ms each, the largest share of NVML's time. This asks as many
questions (repeating pairs where the host has fewer) once in one thread, then split over 2, 3 and 4
processes that start asking at the same moment (each child initialises NVML first and waits for a
'go'). If the driver answered in parallel, the split wall time would fall below the serial one.
Prints JSON. Result on two H200s: bench/results/h200x2-nvml-parallel-2026-11-26.json.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pynvml

CAPABILITIES = range(5)  # nvmlGpuP2PCapsIndex_t: read, write, nvlink, atomics, pci
QUESTIONS_AT_EIGHT_GPUS = 28


def ask(handles, pairs) -> None:
    for a, b in pairs:
        for capability in CAPABILITIES:
            try:
                pynvml.nvmlDeviceGetP2PStatus(handles[a], handles[b], capability)
            except pynvml.NVMLError:
                pass


def open_handles():
    pynvml.nvmlInit()
    return [pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())]


def child(pairs) -> None:
    handles = open_handles()
    ask(handles, pairs[:1])
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.perf_counter()
    ask(handles, pairs)
    print(json.dumps({"child_ms": (time.perf_counter() - start) * 1e3}), flush=True)


def split_run(handles, pairs, processes: int) -> dict:
    parts = [pairs[i::processes] for i in range(processes)]
    start = time.perf_counter()
    ask(handles, pairs)
    serial = (time.perf_counter() - start) * 1e3
    kids = [subprocess.Popen([sys.executable, __file__, "child", json.dumps(part)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True) for part in parts[1:]]
    for kid in kids:
        if kid.stdout.readline().strip() != "ready":
            raise SystemExit("a child process could not start NVML")
    start = time.perf_counter()
    for kid in kids:
        kid.stdin.write("go\n")
        kid.stdin.flush()
    ask(handles, parts[0])
    children = [json.loads(kid.stdout.readline()) for kid in kids]
    wall = (time.perf_counter() - start) * 1e3
    for kid in kids:
        kid.wait(timeout=30)
    return {"processes": processes, "serial_ms": round(serial, 1), "parallel_wall_ms": round(wall, 1),
            "children": children}


def main() -> None:
    handles = open_handles()
    if len(handles) < 2:
        raise SystemExit("P2P status needs two GPUs")
    pairs = [(a, b) for a in range(len(handles)) for b in range(len(handles)) if a < b]
    pairs = pairs * max(1, QUESTIONS_AT_EIGHT_GPUS // len(pairs))
    ask(handles, pairs[:2])  # the first questions pay for NVML's own set-up
    print(json.dumps([split_run(handles, pairs, processes) for processes in (2, 3, 4)], indent=1))


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child(json.loads(sys.argv[2]))
    else:
        main()
