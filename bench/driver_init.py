"""Where a live check's time goes on a GPU host: NVML's and the CUDA driver's start-up, alone and together.

    python bench/driver_init.py [--runs 5]

A live `gpudoctor check` starts nvmlInit and cuInit at once, in threads of one process, and waits for
both. If the driver serialises them, a check cannot finish before the two added up; if a second
process runs them truly side by side, starting cuInit in a child process (as the `--deep` worker
already runs) would pay. This prints, median of --runs, each measured in a fresh process:
  nvmlInit alone, cuInit alone,
  both in two threads of one process (what gpudoctor does today),
  both in two processes started together,
next to `nvidia-smi -q` in the same run. Only ctypes is used (no pynvml import in the figures).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time

# Prints the seconds each init took, measured inside the process (no interpreter start-up).
CHILD = r"""
import ctypes, sys, threading, time
def call(library, function, *args):
    try:
        lib = ctypes.CDLL(library)
    except OSError:
        return "no " + library, 0.0
    t = time.perf_counter(); status = getattr(lib, function)(*args); return status, time.perf_counter() - t
def nvml():
    return call("libnvidia-ml.so.1", "nvmlInit_v2")
def cuda():
    return call("libcuda.so.1", "cuInit", 0)
which = sys.argv[1]
results = {}
if which == "both-threads":
    threads = [threading.Thread(target=lambda n=n, f=f: results.__setitem__(n, f())) for n, f in (("nvml", nvml), ("cuda", cuda))]
    started = time.perf_counter()
    for t in threads: t.start()
    for t in threads: t.join()
    results["wall"] = (0, time.perf_counter() - started)
else:
    results[which] = {"nvml": nvml, "cuda": cuda}[which]()
print(" ".join(f"{k}={v[1]:.4f}" + ("" if v[0] == 0 else f" ({v[0]})") for k, v in results.items()), flush=True)
import os; os._exit(0)
"""


def timed(argv: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, timeout=120).stdout.strip()
    return time.perf_counter() - started, out


def two_processes() -> tuple[float, str]:
    started = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-c", CHILD, which], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
             for which in ("nvml", "cuda")]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    return time.perf_counter() - started, " ".join(outs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = {
        "nvmlInit alone (process)": lambda: timed([sys.executable, "-c", CHILD, "nvml"]),
        "cuInit alone (process)": lambda: timed([sys.executable, "-c", CHILD, "cuda"]),
        "both, two threads of one process": lambda: timed([sys.executable, "-c", CHILD, "both-threads"]),
        "both, two processes together": two_processes,
        "python -c pass": lambda: timed([sys.executable, "-c", "pass"]),
    }
    smi = shutil.which("nvidia-smi")
    if smi:
        rows["nvidia-smi -q"] = lambda: (timed([smi, "-q"])[0], "")  # its report is not a timing
    print(f"{'what':36} {'median wall s':>14}  inside the process(es), last run")
    for label, measure in rows.items():
        walls, inside = [], ""
        for _ in range(args.runs):
            wall, inside = measure()
            walls.append(wall)
        print(f"{label:36} {statistics.median(walls):14.3f}  {inside}")


if __name__ == "__main__":
    main()
