"""How gpudoctor's cost grows with the number of GPUs: a benchmark, not a test.

    python bench/scaling.py [--runs 7]

Replays synthetic 1-, 2-, 4- and 8-GPU hosts built from the real two-H200 recording
(tests/synthetic.py: every GPU answers as a recorded H200, every pair as the recorded NVLink pair)
and prints, per size, the probe answers a snapshot holds (what a live run asks the machine), the
median wall time of `gpudoctor check --from` that host, and of it the time to read the snapshot. Live figures
need real hosts: see the README's table for the one-H100 and two-H200 hosts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent), str(Path(__file__).parents[1] / "tests"), str(Path(__file__).parents[1])]

from startup import median_ms  # noqa: E402
from synthetic import synthetic_host, synthetic_text  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"{'GPUs':>4} {'ordered pairs':>13} {'probe answers':>13} {'replayed check, median ms':>26} "
          f"{'of it reading the snapshot':>27}")
    with tempfile.TemporaryDirectory() as folder:
        for gpus in (1, 2, 4, 8):
            path = Path(folder) / f"{gpus}.json"
            path.write_text(synthetic_text(gpus))
            answers = len(synthetic_host(gpus)["calls"])
            ms = median_ms([sys.executable, "-m", "gpudoctor", "check", "--from", str(path)], args.runs)
            print(f"{gpus:>4} {gpus * (gpus - 1):>13} {answers:>13} {ms:>26.1f} {reading_ms(path, args.runs):>27.1f}")


def reading_ms(path: Path, runs: int) -> float:
    """The median time to read and validate the snapshot (host/snapshot.py), which a replay pays and a live check
    does not: bench/scaling_model.py takes its growth out of the replayed check's."""
    from gpudoctor.host.snapshot import replay_host_from_text

    times = []
    for _ in range(runs + 1):  # the first reads with cold caches
        started = time.perf_counter()
        replay_host_from_text(path.read_text())
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times[1:])


if __name__ == "__main__":
    main()
