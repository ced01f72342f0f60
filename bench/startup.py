"""Startup and replay cost, against a bare interpreter: a benchmark, not a test.

    python bench/startup.py [--snapshot tests/fixtures/hosts/linux-2xh200-nvlink.json] [--runs 15] [--live]

Prints the median wall time of `python -c pass`, `gpudoctor --help`, `gpudoctor check --from SNAPSHOT` and, with
--live, `gpudoctor check` on this machine (as `python -m gpudoctor` and as the console script a user types),
next to `nvidia-smi -q` measured in the same run (where nvidia-smi exists), so that figures from different
moments and machines compare. Also: which heavy modules `--help` imported (there should be none), and what
rich would cost the terminal report over click.style (the reason the report uses click.style).
Goals: --help under 150 ms and a replayed check under 400 ms (2-core machine); a live check under 0.3 s on
a GPU-less node and under 0.5 s on the two-H200 host.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEAVY = ("rich", "pynvml", "psutil", "torch")


# Every command runs in an empty folder: `python -m gpudoctor` started inside a checkout would import the
# checkout's sources instead of the installed package (and find no checks there: checks/ installs as
# gpudoctor.checks).
NEUTRAL_CWD = tempfile.mkdtemp(prefix="gpudoctor-bench-")


def median_ms(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, cwd=NEUTRAL_CWD)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def heavy_imports_of_help() -> list[str]:
    code = ("import contextlib, io, sys\n"
            "from gpudoctor.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    try:\n        main(['--help'], standalone_mode=False)\n    except SystemExit:\n        pass\n"
            f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=NEUTRAL_CWD).stdout.strip().splitlines()
    return out[-1].split() if out else []


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--snapshot", default=str(Path(__file__).parents[1] / "tests/fixtures/hosts/linux-2xh200-nvlink.json"))
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--live", action="store_true", help="also time a live `gpudoctor check` here")
    args = parser.parse_args()
    args.snapshot = str(Path(args.snapshot).resolve())  # the commands run elsewhere (NEUTRAL_CWD)
    py = sys.executable
    rows = [
        ("python -c pass", [py, "-c", "pass"]),
        ("gpudoctor --help", [py, "-m", "gpudoctor", "--help"]),
        ("gpudoctor check --from SNAPSHOT", [py, "-m", "gpudoctor", "check", "--from", args.snapshot]),
        ("gpudoctor check --from SNAPSHOT --json", [py, "-m", "gpudoctor", "check", "--from", args.snapshot, "--json"]),
    ]
    if args.live:
        rows.append(("gpudoctor check (live, python -m)", [py, "-m", "gpudoctor", "check"]))
        script = Path(py).with_name("gpudoctor")
        if script.exists():
            rows.append(("gpudoctor check (live, console script)", [str(script), "check"]))
        smi = shutil.which("nvidia-smi")
        if smi:
            rows.append(("nvidia-smi -q (for comparison)", [smi, "-q"]))
            rows.append(("nvidia-smi topo -m (for comparison)", [smi, "topo", "-m"]))
    baseline = None
    print(f"{'command':40} {'median ms':>10} {'over python':>12}")
    for label, argv in rows:
        ms = median_ms(argv, args.runs)
        baseline = ms if baseline is None else baseline
        print(f"{label:40} {ms:10.1f} {ms - baseline:12.1f}")
    click_only = median_ms([py, "-c", "import click"], args.runs)
    with_rich = median_ms([py, "-c", "import click, rich.console, rich.text"], args.runs)
    print(f"{'rich for the terminal report':40} {with_rich - click_only:10.1f} {'(over click)':>12}")
    heavy = heavy_imports_of_help()
    print(f"heavy modules imported by --help: {', '.join(heavy) if heavy else 'none'}")


if __name__ == "__main__":
    main()
