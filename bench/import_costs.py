"""What loading the checks and probes costs before any of them runs: a benchmark, not a test.

    python bench/import_costs.py [--runs 10] [--top 15] [--against OTHER_PYTHON]

In fresh processes, each started from an empty folder so that the installed package is what loads:
- the registry load, `from gpudoctor import cli; cli._load_registry()`, timed inside the process from before
  the CLI's import to after the registry (wall), and the CPU time of the whole process to that point, which
  is the steadier figure on a shared machine; median and range of --runs;
- `python -c pass` in the same run, the interpreter's own start, for comparison;
- the CPU spent building dataclasses and compiling regular expressions during that load (one run);
- the gpudoctor modules with the largest self time under `python -X importtime` (one run: read it as a
  ranking).
--against runs the same with another interpreter (another install, the release before, say), interleaved
run by run with this one so that both meet the same load. No GPU is needed: the same modules load.
Install as users do (`pip install .` byte-compiles): from the sources with PYTHONDONTWRITEBYTECODE set,
every run would compile every module again and the figures would measure that.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time

NEUTRAL_CWD = tempfile.mkdtemp(prefix="gpudoctor-bench-")
LOAD_REGISTRY = ("import time\n"
                 "started = time.perf_counter()\n"
                 "from gpudoctor import cli\n"
                 "cli._load_registry()\n"
                 "print((time.perf_counter() - started) * 1000, time.process_time() * 1000)")
# Where the load's CPU goes: time.thread_time around dataclasses' class processing and re's compile.
LOAD_REGISTRY_ATTRIBUTED = ("import dataclasses, re, time\n"
                            "spent = {'dataclasses': 0.0, 're.compile': 0.0}\n"
                            "def timed(kind, original):\n"
                            "    def wrapper(*args, **kwargs):\n"
                            "        began = time.thread_time()\n"
                            "        try:\n"
                            "            return original(*args, **kwargs)\n"
                            "        finally:\n"
                            "            spent[kind] += time.thread_time() - began\n"
                            "    return wrapper\n"
                            "dataclasses._process_class = timed('dataclasses', dataclasses._process_class)\n"
                            "re._compile = timed('re.compile', re._compile)\n"
                            "from gpudoctor import cli\n"
                            "cli._load_registry()\n"
                            "print(' '.join(f'{kind}={seconds * 1000:.1f}' for kind, seconds in spent.items()))")
# -X importtime reports imports made by the import statement (the C import path) only: the registry's
# importlib.import_module of each check and probe would be left out, so they are imported here with
# __import__ first, then the registry loads as it does in a run.
IMPORT_EACH_MODULE = ("import pkgutil, gpudoctor.checks, gpudoctor.probes\n"
                      "for package in (gpudoctor.checks, gpudoctor.probes):\n"
                      "    for info in pkgutil.iter_modules(package.__path__):\n"
                      "        __import__(f'{package.__name__}.{info.name}')\n"
                      "from gpudoctor import cli\n"
                      "cli._load_registry()")


def _python(python: str, args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([python, *args], capture_output=True, text=True, cwd=NEUTRAL_CWD, check=False)


def _load_once(python: str) -> tuple[float, float]:
    """(wall ms of the load, CPU ms of the process to its end)."""
    wall, cpu = _python(python, ["-c", LOAD_REGISTRY]).stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def _bare_once(python: str) -> float:
    started = time.perf_counter()
    _python(python, ["-c", "pass"])
    return (time.perf_counter() - started) * 1000


def interleaved(pythons: list[str], runs: int) -> dict[str, dict[str, list[float]]]:
    figures = {python: {"bare": [], "wall": [], "cpu": []} for python in pythons}
    for _ in range(runs):
        for python in pythons:
            figures[python]["bare"].append(_bare_once(python))
            wall, cpu = _load_once(python)
            figures[python]["wall"].append(wall)
            figures[python]["cpu"].append(cpu)
    return figures


def largest_self_times(python: str, top: int) -> list[tuple[int, str]]:
    """(self microseconds, module) of the gpudoctor modules the registry load imports, largest first."""
    rows = []
    for line in _python(python, ["-X", "importtime", "-c", IMPORT_EACH_MODULE]).stderr.splitlines():
        parts = line.removeprefix("import time:").split("|")
        if len(parts) == 3 and parts[0].strip().isdigit() and parts[2].strip().startswith("gpudoctor"):
            rows.append((int(parts[0]), parts[2].strip()))
    return sorted(rows, reverse=True)[:top]


def _summary(times: list[float]) -> str:
    return f"median {statistics.median(times):6.1f} ms  (range {min(times):.1f}-{max(times):.1f}, {len(times)} runs)"


def report(python: str, figures: dict[str, list[float]], top: int) -> None:
    print(python)
    print(f"  python -c pass (whole process):         {_summary(figures['bare'])}")
    print(f"  import the CLI and load the registry:   {_summary(figures['wall'])}")
    print(f"  CPU time of that process, to its end:   {_summary(figures['cpu'])}")
    print(f"  CPU within the load, one run (ms):      {_python(python, ['-c', LOAD_REGISTRY_ATTRIBUTED]).stdout.strip()}")
    for micros, module in largest_self_times(python, top):
        print(f"  {micros / 1000:6.1f} ms self (-X importtime)  {module}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--against", help="another Python with gpudoctor installed, run interleaved with this one")
    args = parser.parse_args()
    pythons = [sys.executable, *([args.against] if args.against else [])]
    for python, figures in interleaved(pythons, args.runs).items():
        report(python, figures, args.top)


if __name__ == "__main__":
    main()
