"""Where cuInit's time goes, and whether another CUDA process changes it: a benchmark, not a test.

    python bench/cuinit_uvm.py > result.json

cuInit costs about 0.21 s for every GPU it starts in the lent VMs (bench/cuinit_processes.py). Under `strace -T`
on the two-H200 host (2026-11-27) nearly all of it was two ioctls on /dev/nvidia-uvm, number 37, one per GPU: 0.177 s
and 0.228 s of a 0.47 s cuInit. Number 37 is UVM_REGISTER_GPU (kernel-open/nvidia-uvm/uvm_ioctl.h of NVIDIA's open
kernel modules): the UVM driver sets up its state for the GPU in this process. It keeps that state while any
process has the GPU registered, so this measures, 5 rounds each, cuInit in a fresh process:
- with no other CUDA process (what gpudoctor meets on an idle host);
- while another process holds a CUDA context on every GPU (an Ollama server with a model loaded, a training job).
With --strace STRACE it also runs one cuInit under that strace binary and sums the time of each ioctl by device
file and number.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import statistics
import subprocess
import sys
import time

CUINIT = r"""
import ctypes, json, time
lib = ctypes.CDLL("libcuda.so.1")
started = time.perf_counter()
rc = lib.cuInit(0)
print(json.dumps({"rc": rc, "cuInit_s": round(time.perf_counter() - started, 4)}))
"""

# A context on every GPU, kept until stdin closes: the UVM driver then keeps every GPU registered.
HOLDER = r"""
import ctypes, sys
lib = ctypes.CDLL("libcuda.so.1")
assert lib.cuInit(0) == 0
count = ctypes.c_int(); lib.cuDeviceGetCount(ctypes.byref(count))
contexts = []
for ordinal in range(count.value):
    device, context = ctypes.c_int(), ctypes.c_void_p()
    lib.cuDeviceGet(ctypes.byref(device), ordinal)
    assert lib.cuDevicePrimaryCtxRetain(ctypes.byref(context), device) == 0
    assert lib.cuCtxSetCurrent(context) == 0
    contexts.append(context)
print("ready", flush=True)
sys.stdin.read()
"""


def cuinit_once() -> dict:
    done = subprocess.run([sys.executable, "-S", "-c", CUINIT], capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout)


def rounds(count: int) -> dict:
    runs = [cuinit_once() for _ in range(count)]
    times = [run["cuInit_s"] for run in runs]
    return {"median_s": statistics.median(times), "runs_s": times, "rc": sorted({run["rc"] for run in runs})}


def with_holder(count: int) -> dict:
    holder = subprocess.Popen([sys.executable, "-S", "-c", HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        if holder.stdout.readline().strip() != "ready":
            return {"error": "the holder process could not create its contexts"}
        return rounds(count)
    finally:
        holder.stdin.close()
        holder.wait(timeout=60)


_IOCTL = re.compile(r'ioctl\((\d+), _IOC\([^,]+, (0x[0-9a-f]+|0), (0x[0-9a-f]+)[^)]*\)[^<]*<([\d.]+)>')
_OPENED = re.compile(r'openat\(AT_FDCWD, "([^"]+)", [^)]*\) = (\d+)')


def ioctl_time(strace: str) -> dict:
    """One cuInit under strace -T: the time of its ioctls summed by (device file, ioctl number)."""
    done = subprocess.run([strace, "-f", "-T", "-e", "trace=openat,ioctl,close", sys.executable, "-S", "-c", CUINIT],
                          capture_output=True, text=True, timeout=120)
    files: dict[str, str] = {}
    spent: dict[str, float] = collections.defaultdict(float)
    calls: dict[str, int] = collections.Counter()
    for line in done.stderr.splitlines():
        if (opened := _OPENED.search(line)) is not None:
            files[opened.group(2)] = opened.group(1)
        elif (ioctl := _IOCTL.search(line)) is not None:
            key = f"{files.get(ioctl.group(1), 'fd ' + ioctl.group(1))} #{int(ioctl.group(3), 16)}"
            spent[key] += float(ioctl.group(4))
            calls[key] += 1
    top = sorted(spent.items(), key=lambda item: -item[1])[:5]
    return {"cuInit": json.loads(done.stdout), "top_ioctls": [{"call": key, "calls": calls[key], "seconds": round(s, 4)}
                                                            for key, s in top]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--strace", help="a strace binary: also sum one cuInit's ioctls")
    args = parser.parse_args()
    result = {"alone": rounds(args.rounds), "beside a process holding every GPU": with_holder(args.rounds),
              "alone, after": rounds(args.rounds)}
    if args.strace:
        result["strace"] = ioctl_time(args.strace)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
