"""How long the signature matcher takes on 50 MB of logs: recorded Ollama server logs and kernel logs of
healthy hosts, with the kernel-log excerpts of real failures (tests/fixtures/raw/under_driver) mixed in, so
that the prefilter both skips and finds.

Run: python bench/signatures_50mb.py   (the issue's bound: under 2 s on the 2-core machine)

Prints the size, the number of rows in the catalogue, the time to compile it (once per process, on first
use), the time to scan (wall clock, and CPU time: on a shared machine the two differ), and the matches.
"""

from __future__ import annotations

import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gpudoctor.knowledge.matcher import compiled, scan  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
SIZE = 50_000_000


def sample() -> str:
    healthy = [*sorted((FIXTURES / "ollama").glob("*.log")), FIXTURES / "raw" / "h100" / "t_dmesg.txt",
               FIXTURES / "raw" / "h200" / "t_dmesg.txt"]
    failing = sorted((FIXTURES / "raw" / "under_driver").glob("*.txt"))
    block = "".join(path.read_text(encoding="utf-8", errors="replace") for path in healthy * 4 + failing)
    return (block * (SIZE // len(block) + 1))[:SIZE]


def main() -> None:
    text = sample()
    started = time.perf_counter()
    table = compiled()
    compile_s = time.perf_counter() - started
    started, cpu_started = time.perf_counter(), time.process_time()
    matches = scan(text, "bench")
    scan_s, scan_cpu_s = time.perf_counter() - started, time.process_time() - cpu_started
    # On a shared machine the wall time includes waiting for a core; the CPU time is the matcher's own work.
    print(f"{len(text.encode()) / 1e6:.1f} MB, {text.count(chr(10)):,} lines, {len(table.rows)} signatures: "
          f"compiled in {compile_s:.2f} s, scanned in {scan_s:.2f} s ({scan_cpu_s:.2f} s of CPU)")
    for match in matches:
        print(f"  {match.code} x{match.count} {dict(match.fields)}")


if __name__ == "__main__":
    main()
