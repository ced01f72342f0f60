"""How long `gpudoctor merge` takes over the JSON reports of 1000 nodes: a benchmark, not a test.

    python bench/merge_1000.py [--nodes 1000] [--runs 5]

The reports are built from the real recordings (tests/fleet_reports.py: two-H200 and one-H100
hosts replayed with --deep, bandwidths varied by a few per cent, three outliers planted) and
written to a temporary folder. Prints the median wall time of the whole command
(`python -m gpudoctor merge FOLDER --json`, start-up included) and of reading and judging alone
(in this process), per output format. The goal is under 2 s for 1000 nodes.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parents[1] / "tests")]

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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        write_fleet(Path(folder), synthetic_fleet(args.nodes))
        size_mb = sum(p.stat().st_size for p in Path(folder).iterdir()) / 1e6
        print(f"{args.nodes} reports, {size_mb:.1f} MB in all")
        read = median_s(lambda: read_reports(report_paths([folder])), args.runs)
        print(f"read and judge (in process)      {read:6.3f} s")
        fleet = read_reports(report_paths([folder]))
        for name, render in (("terminal", views.render_terminal), ("json", views.render_json),
                             ("markdown", views.render_markdown), ("html", views.render_html)):
            print(f"render {name:<25} {median_s(lambda: render(fleet), args.runs):6.3f} s")
        command = [sys.executable, "-m", "gpudoctor", "merge", folder, "--json"]
        whole = median_s(lambda: subprocess.run(command, capture_output=True, check=False), args.runs)
        print(f"gpudoctor merge FOLDER --json    {whole:6.3f} s  (goal: under 2 s)")


if __name__ == "__main__":
    main()
