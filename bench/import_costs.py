"""What loading the checks and probes costs before any of them runs: a benchmark, not a test.

    python bench/import_costs.py [--runs 10] [--top 15]

In fresh processes (each started from an empty folder, so that the installed package is what loads):
- the registry load, `from gpudoctor import cli; cli._load_registry()`, timed inside the process from
  before the CLI's import to after the registry, median and range of --runs;
- `python -c pass` in the same run, the interpreter's own start, for comparison;
- the gpudoctor modules with the largest self time under `python -X importtime` of that same load
  (one run: importtime's figures are per module and noisy, so read them as a ranking).
No GPU is needed: the same modules load with or without one.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile

NEUTRAL_CWD = tempfile.mkdtemp(prefix="gpudoctor-bench-")
LOAD_REGISTRY = ("import time\n"
                 "started = time.perf_counter()\n"
                 "from gpudoctor import cli\n"
                 "cli._load_registry()\n"
                 "print((time.perf_counter() - started) * 1000, time.process_time() * 1000)")


def _python(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=NEUTRAL_CWD, check=False)


def registry_load_ms(runs: int) -> tuple[list[float], list[float]]:
    """(wall ms of the load, CPU ms of the whole process to its end) per run: on a shared machine the CPU
    time is the steadier figure."""
    pairs = [_python(["-c", LOAD_REGISTRY]).stdout.strip().splitlines()[-1].split() for _ in range(runs)]
    return [float(wall) for wall, _ in pairs], [float(cpu) for _, cpu in pairs]


def bare_interpreter_ms(runs: int) -> list[float]:
    import time

    times = []
    for _ in range(runs):
        started = time.perf_counter()
        _python(["-c", "pass"])
        times.append((time.perf_counter() - started) * 1000)
    return times


# -X importtime reports imports made by the import statement (the C import path) only: the registry's
# importlib.import_module of each check and probe would be left out, so they are imported here with
# __import__ first, then the registry loads as it does in a run.
IMPORT_EACH_MODULE = ("import pkgutil, gpudoctor.checks, gpudoctor.probes\n"
                      "for package in (gpudoctor.checks, gpudoctor.probes):\n"
                      "    for info in pkgutil.iter_modules(package.__path__):\n"
                      "        __import__(f'{package.__name__}.{info.name}')\n"
                      "from gpudoctor import cli\n"
                      "cli._load_registry()")


def largest_self_times(top: int) -> list[tuple[int, str]]:
    """(self microseconds, module) of the gpudoctor modules the registry load imports, largest first."""
    rows = []
    for line in _python(["-X", "importtime", "-c", IMPORT_EACH_MODULE]).stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[0].strip().isdigit() and parts[2].strip().startswith("gpudoctor"):
            rows.append((int(parts[0]), parts[2].strip()))
    return sorted(rows, reverse=True)[:top]


def _summary(times: list[float]) -> str:
    return f"median {statistics.median(times):6.1f} ms  (range {min(times):.1f}-{max(times):.1f}, {len(times)} runs)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    print(f"python -c pass (whole process):        {_summary(bare_interpreter_ms(args.runs))}")
    wall, cpu = registry_load_ms(args.runs)
    print(f"import the CLI and load the registry:  {_summary(wall)}")
    print(f"  CPU time of that process, in all:    {_summary(cpu)}")
    self_times = largest_self_times(args.top)
    print(f"largest self import times (one -X importtime run, {len(self_times)} shown):")
    for micros, module in self_times:
        print(f"  {micros / 1000:6.1f} ms  {module}")


if __name__ == "__main__":
    main()
