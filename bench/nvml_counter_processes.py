"""Whether NVML answers the NVLink error counters of different GPUs in parallel from different processes: a
benchmark, not a test.

    python bench/nvml_counter_processes.py        # on a host with two or more NVLinked GPUs

A live check asks each GPU's 54 NVLink error counters (replay, recovery and CRC of 18 links) in one field-value call:
17-19 ms a GPU on the lent four-H200 VM (bench/live_timeline.py), the largest per-GPU share of NVML's time, so at
eight GPUs some 145 ms one after another. Threads of one process did not help (bench/nvml_threads.py); this asks the
counters of every GPU once in this process, then split by GPU over 2 and 4 processes that start asking at the same
moment (each child initialises NVML and asks its GPUs once first, then waits for a 'go'). If the driver answered
different GPUs in parallel, the split wall time would fall below the serial one. Prints JSON.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pynvml

# NVML_FI_DEV_NVLINK_ERROR_DL_REPLAY, _RECOVERY, _CRC, scoped by link: as gpudoctor/probes/gpus.py asks them.
FIELDS = [(field, link) for link in range(18) for field in (161, 162, 163)]


def ask(handles, gpus) -> None:
    for gpu in gpus:
        pynvml.nvmlDeviceGetFieldValues(handles[gpu], FIELDS)


def open_handles():
    pynvml.nvmlInit()
    return [pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())]


def child(gpus) -> None:
    handles = open_handles()
    ask(handles, gpus)  # first contact with its GPUs, before the timed round
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.perf_counter()
    ask(handles, gpus)
    print(json.dumps({"gpus": gpus, "child_ms": round((time.perf_counter() - start) * 1e3, 1)}), flush=True)


def split_run(handles, processes: int) -> dict:
    gpus = list(range(len(handles)))
    parts = [gpus[i::processes] for i in range(processes)]
    start = time.perf_counter()
    ask(handles, gpus)
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
        raise SystemExit("needs two GPUs or more")
    ask(handles, range(len(handles)))  # the first questions pay for NVML's own set-up
    print(json.dumps([split_run(handles, processes) for processes in (2, len(handles))] * 2, indent=1))


if __name__ == "__main__":
    if sys.argv[1:2] == ["child"]:
        child(json.loads(sys.argv[2]))
    else:
        main()
