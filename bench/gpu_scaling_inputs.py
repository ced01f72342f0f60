"""The measured inputs of bench/scaling_model.py, on a GPU host: a benchmark, not a test.

    python bench/gpu_scaling_inputs.py [--runs 10] > inputs.json

Measures, each the median of --runs fresh processes, on this machine:
  cuInit with 1, 2, ... of its GPUs visible (CUDA_VISIBLE_DEVICES), in a process of its own;
  `nvidia-smi -q` for one GPU (-i 0) and for all;
  `python -c pass`, a live `python -m gpudoctor check` and `check --quick`, interleaved with `nvidia-smi -q`
  so the ratios come from one run;
and NVML's cost per call of each function the inventory asks (bench/nvml_costs.py).
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CUINIT = ("import ctypes, time; lib = ctypes.CDLL('libcuda.so.1'); started = time.perf_counter(); "
          "lib.cuInit(0); print(time.perf_counter() - started)")
NEUTRAL_CWD = tempfile.mkdtemp(prefix="gpudoctor-bench-")  # never import a checkout's sources


def wall_s(argv: list[str], env: dict | None = None) -> float:
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=NEUTRAL_CWD, env=env, check=False)
    return time.perf_counter() - started


def gpu_count() -> int:
    out = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, check=False).stdout
    return sum(1 for line in out.splitlines() if line.startswith("GPU "))


def cuinit_s(visible: int, runs: int) -> float:
    env = dict(os.environ, CUDA_VISIBLE_DEVICES=",".join(str(i) for i in range(visible)))
    inside = [float(subprocess.run([sys.executable, "-c", CUINIT], capture_output=True, text=True, env=env,
                                   cwd=NEUTRAL_CWD).stdout) for _ in range(runs)]
    return round(statistics.median(inside), 4)


def interleaved(runs: int) -> dict[str, float]:
    commands = {"python -c pass": [sys.executable, "-c", "pass"],
                "gpudoctor check": [sys.executable, "-m", "gpudoctor", "check"],
                "gpudoctor check --quick": [sys.executable, "-m", "gpudoctor", "check", "--quick"],
                "nvidia-smi -q": ["nvidia-smi", "-q"]}
    times: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(runs):
        for label, argv in commands.items():
            times[label].append(wall_s(argv))
    return {label: round(statistics.median(values), 4) for label, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    gpus = gpu_count()
    costs = subprocess.run([sys.executable, str(Path(__file__).with_name("nvml_costs.py"))],
                           capture_output=True, text=True, check=False, cwd=NEUTRAL_CWD).stdout
    result = {
        "gpus": gpus,
        "cuinit_s": {str(n): cuinit_s(n, args.runs) for n in range(1, gpus + 1)},
        "nvidia_smi_q_one_gpu_s": round(statistics.median(wall_s(["nvidia-smi", "-q", "-i", "0"])
                                                          for _ in range(args.runs)), 4),
        "median_s": interleaved(args.runs),
        "nvml": json.loads(costs) if costs.strip() else None,
    }
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
