"""Whether NVML answers in parallel from different processes: a benchmark, not a test.

    python bench/nvml_parallel.py             # P2P status of every pair; two or more NVIDIA GPUs
    python bench/nvml_parallel.py --counters  # each GPU's NVLink error counters; two or more NVLinked GPUs

P2P status: at eight GPUs the inventory asks 140 P2P status questions (28 pairs, the five capabilities
`nvidia-smi topo -p2p` shows) at ~1.6 ms each. This asks as many questions (repeating pairs where the host has
fewer). Result on two H200s (bench/results/h200x2-nvml-parallel-2026-11-26.json): the driver answers them one at
a time, across threads and processes alike.

NVLink error counters: a live check asks each GPU's 54 counters (replay, recovery and CRC of 18 links) in one
field-value call, 17-19 ms a GPU on the lent four-H200 VM, the largest per-GPU share of NVML's time. Result on two
H200s (bench/results/h200x2-2026-11-28-session13.json): 32-34 ms for both GPUs one after the other, 19 ms from two
processes, which is why a live check's NVML helper child asks every other GPU's (gpudoctor/host/nvml.py).

Each kind of question is asked once in this process, then split over several processes that start asking at the
same moment (each child initialises NVML and asks its share once first, then waits for a 'go'). If the driver
answered in parallel, the split wall time would fall below the serial one. Prints JSON.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pynvml

CAPABILITIES = range(5)  # nvmlGpuP2PCapsIndex_t: read, write, nvlink, atomics, pci
QUESTIONS_AT_EIGHT_GPUS = 28
# NVML_FI_DEV_NVLINK_ERROR_DL_REPLAY, _RECOVERY, _CRC, scoped by link: as gpudoctor/probes/gpus.py asks them.
COUNTER_FIELDS = [(field, link) for link in range(18) for field in (161, 162, 163)]


def ask(handles, units, counters: bool) -> None:
    """Each unit's questions: a pair's P2P status in every capability, or a GPU's NVLink error counters."""
    for unit in units:
        if counters:
            pynvml.nvmlDeviceGetFieldValues(handles[unit], COUNTER_FIELDS)
            continue
        a, b = unit
        for capability in CAPABILITIES:
            try:
                pynvml.nvmlDeviceGetP2PStatus(handles[a], handles[b], capability)
            except pynvml.NVMLError:
                pass


def open_handles():
    pynvml.nvmlInit()
    return [pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())]


def child(units, counters: bool) -> None:
    handles = open_handles()
    ask(handles, units[:1] if not counters else units, counters)
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.perf_counter()
    ask(handles, units, counters)
    print(json.dumps({"child_ms": (time.perf_counter() - start) * 1e3}), flush=True)


def split_run(handles, units, processes: int, counters: bool) -> dict:
    parts = [units[i::processes] for i in range(processes)]
    start = time.perf_counter()
    ask(handles, units, counters)
    serial = (time.perf_counter() - start) * 1e3
    flags = ["--counters"] if counters else []
    kids = [subprocess.Popen([sys.executable, __file__, "child", json.dumps(part), *flags], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True) for part in parts[1:]]
    for kid in kids:
        if kid.stdout.readline().strip() != "ready":
            raise SystemExit("a child process could not start NVML")
    start = time.perf_counter()
    for kid in kids:
        kid.stdin.write("go\n")
        kid.stdin.flush()
    ask(handles, parts[0], counters)
    children = [json.loads(kid.stdout.readline()) for kid in kids]
    wall = (time.perf_counter() - start) * 1e3
    for kid in kids:
        kid.wait(timeout=30)
    return {"processes": processes, "serial_ms": round(serial, 1), "parallel_wall_ms": round(wall, 1),
            "children": children}


def main(counters: bool) -> None:
    handles = open_handles()
    if len(handles) < 2:
        raise SystemExit("needs two GPUs or more")
    if counters:
        units = list(range(len(handles)))
        splits = sorted({2, len(handles)})
    else:
        units = [(a, b) for a in range(len(handles)) for b in range(len(handles)) if a < b]
        units = units * max(1, QUESTIONS_AT_EIGHT_GPUS // len(units))
        splits = [2, 3, 4]
    ask(handles, units[:2], counters)  # the first questions pay for NVML's own set-up
    print(json.dumps([split_run(handles, units, processes, counters) for processes in splits for _ in range(2)],
                     indent=1))


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child([tuple(unit) if isinstance(unit, list) else unit for unit in json.loads(sys.argv[2])],
              "--counters" in sys.argv)
    else:
        main("--counters" in sys.argv)
