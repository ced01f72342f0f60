"""How long `gpudoctor merge` takes over the JSON reports of 1000 nodes: a benchmark, not a test.

    python bench/merge_1000.py [--nodes 1000] [--runs 5] [--baseline TREE]

The reports are built from the real recordings (tests/fleet_reports.py: two-H200 and one-H100
hosts replayed with --deep, bandwidths varied by a few per cent, three outliers planted) and
written to a temporary folder. Prints the median of the whole command (`python -m gpudoctor merge
FOLDER --json`, start-up included), in wall time and in CPU time of the command and its workers
(on a shared machine the wall time includes waiting for a core), and of reading and judging alone
(in this process), per output format. `--baseline TREE` (a source tree of another version, e.g.
`git archive REV | tar -x -C TREE`) times that version's command too, interleaved run by run with
this one's, over the same reports. The goal is under 2 s for 10,000 nodes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from fleet_reports import synthetic_fleet, write_fleet  # noqa: E402

from gpudoctor.fleet import views  # noqa: E402
from gpudoctor.fleet.merge import read_reports, report_paths  # noqa: E402


def median_s(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _children_cpu_s() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def timed_command(tree: Path, folder: str) -> tuple[float, float, str]:
    """(wall s, CPU s, output) of `python -m gpudoctor merge FOLDER --json` run from the source tree `tree`."""
    # that tree's gpudoctor before any installed one, its dependencies from wherever the caller's path finds them
    path = os.pathsep.join(filter(None, (str(tree), os.environ.get("PYTHONPATH"))))
    environment = {**os.environ, "PYTHONPATH": path}
    cpu, started = _children_cpu_s(), time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "merge", folder, "--json"], cwd=tree, env=environment,
                          capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    if proc.returncode not in (0, 1):  # a merge that failed timed nothing: say so instead of printing its time
        sys.exit(f"gpudoctor merge from {tree} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return elapsed, _children_cpu_s() - cpu, proc.stdout


def compare_commands(folder: str, trees: dict[str, Path], runs: int) -> None:
    timings: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    outputs: dict[str, str] = {}
    for _ in range(runs):
        for name, tree in trees.items():  # interleaved: a load that comes and goes hits both alike
            wall, cpu, outputs[name] = timed_command(tree, folder)
            timings[name].append((wall, cpu))
    for name, measured in timings.items():
        walls, cpus = [w for w, _ in measured], [c for _, c in measured]
        print(f"gpudoctor merge FOLDER --json ({name:<8}) {statistics.median(walls):6.3f} s wall "
              f"({min(walls):.2f}-{max(walls):.2f}), {statistics.median(cpus):6.3f} s CPU  (goal: under 2 s)")
    if len(set(outputs.values())) > 1:
        print("the outputs differ between the versions")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", type=Path, help="the source tree of the version to compare with")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        write_fleet(Path(folder), synthetic_fleet(args.nodes))
        size_mb = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6
        print(f"{args.nodes} reports, {size_mb:.1f} MB in all, {os.cpu_count()} cores")
        read = median_s(lambda: read_reports(report_paths([folder])), args.runs)
        print(f"read and judge (in process)      {read:6.3f} s")
        fleet = read_reports(report_paths([folder]))
        for name, render in (("terminal", views.render_terminal), ("json", views.render_json),
                             ("markdown", views.render_markdown), ("html", views.render_html)):
            print(f"render {name:<25} {median_s(lambda: render(fleet), args.runs):6.3f} s")
        trees = {"this": ROOT, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
        compare_commands(folder, trees, args.runs)


if __name__ == "__main__":
    main()
