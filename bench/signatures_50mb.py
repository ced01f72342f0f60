"""How long the signature matcher takes on 50 MB of logs: recorded Ollama server logs and kernel logs of
healthy hosts, with the kernel-log excerpts of real failures (tests/fixtures/raw/under_driver) mixed in, so
that the prefilter both skips and finds.

Run: python bench/signatures_50mb.py [--rows N] [--runs 3] [--baseline TREE]
(the bounds: under 2 s on the 2-core machine, the issue's; 1.5 s with the catalogue's rows and under 2 s with
--rows 450, so that the catalogue can grow. On 2026-11-26, shared, load 5-7: 1.31 s with 289 rows, 1.41 s with
450, against 2.16 s and 2.35 s for the matcher before, alternating in the same runs)

Prints the size, the number of rows in the catalogue, the time to compile it (once per process, on first
use), the median time to scan (wall clock, and CPU time: on a shared machine the two differ), and the
matches. `--rows N` adds synthetic rows until the catalogue has N: copies of real rows whose every pattern
holds words of its own (each word it must hold with the case of its letters swapped), as new rows would, so
that whichever word the matcher keys a copy on is new and the cost can be seen against the number of rows;
the copies find nothing in this text. `--baseline TREE`
(a source tree of another version, e.g. `git archive REV | tar -x -C TREE`) scans the same text with that
version's matcher too, each run in a process of its own, alternating with this version's.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import re
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
SIZE = 50_000_000


def sample() -> str:
    healthy = [*sorted((FIXTURES / "ollama").glob("*.log")), FIXTURES / "raw" / "h100" / "t_dmesg.txt",
               FIXTURES / "raw" / "h200" / "t_dmesg.txt"]
    failing = sorted((FIXTURES / "raw" / "under_driver").glob("*.txt"))
    block = "".join(path.read_text(encoding="utf-8", errors="replace") for path in healthy * 4 + failing)
    return (block * (SIZE // len(block) + 1))[:SIZE]


def _new_words(pattern: str, keys) -> str | None:
    """The pattern with every word it must hold made new (the case of its letters swapped), as the words of a
    new row would be, so that no key the matcher may take for it (a word, or the end of one) is a real row's;
    None where its key is not written plainly in it."""
    new = pattern
    for word in sorted({*keys.mandatory_words(pattern), *keys.required_literals(pattern)}, key=len, reverse=True):
        if word in new and word != word.swapcase():
            new = new.replace(word, word.swapcase())
    try:
        new_keys = set(keys.required_literals(new))
    except re.error:
        return None
    return new if new_keys and not new_keys & set(keys.required_literals(pattern)) else None


def with_rows(rows: tuple, count: int, keys) -> tuple:
    """`rows` and synthetic copies of them, `count` in all (or as many as could be made)."""
    copies = []
    for round_number in range(count // max(1, len(rows)) + 1):
        for row in rows:
            if len(rows) + len(copies) >= count:
                break
            patterns = [_new_words(p, keys) for p in row.patterns]
            if all(patterns):
                copies.append(dataclasses.replace(row, code=f"{row.code}-copy{round_number}", patterns=tuple(patterns)))
    return rows + tuple(copies)


def _children_cpu() -> float:
    """CPU time of the child processes ended so far: the matcher's second half, on a long text (forked.py)."""
    times = os.times()
    return times.children_user + times.children_system


def scan_once(rows: int) -> dict:
    """One scan in this process, with the gpudoctor first on sys.path."""
    from gpudoctor.knowledge import matcher
    from gpudoctor.knowledge.signatures import catalogue

    try:
        from gpudoctor.knowledge import pattern_keys as keys
    except ImportError:  # a version from before pattern_keys.py, whose matcher read the keys itself
        keys = matcher

    text = sample()
    started = time.perf_counter()
    rows_read = catalogue()
    if len(text) > getattr(matcher, "DESCRIPTION_TEXT_MAX", len(text)):  # as matcher.scan leaves them out of a log
        rows_read = tuple(row for row in rows_read if not row.described)
    table = matcher.CompiledCatalogue(with_rows(rows_read, rows, keys))
    compile_s = time.perf_counter() - started
    started, cpu_started, children_started = time.perf_counter(), time.process_time(), _children_cpu()
    matches = matcher.scan(text, "bench", table=table)
    own_cpu, child_cpu = time.process_time() - cpu_started, _children_cpu() - children_started
    return {"rows": len(table.rows), "passes": len(table.scanners), "compile_s": compile_s,
            "scan_s": time.perf_counter() - started, "cpu_s": own_cpu + child_cpu, "path_cpu_s": max(own_cpu, child_cpu),
            "mb": len(text.encode()) / 1e6, "lines": text.count("\n"),
            "matches": [(m.code, m.count, dict(m.fields)) for m in matches]}


def scan_in(tree: pathlib.Path, rows: int) -> dict:
    """scan_once in a process of its own, importing gpudoctor from the source tree `tree`."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    code = f"import json, sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); import signatures_50mb as bench; " \
           f"print(json.dumps(bench.scan_once({rows})))"
    proc = subprocess.run([sys.executable, "-c", code], cwd=tree, env=environment, capture_output=True, text=True,
                          check=True)
    import json

    return json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=0, help="add synthetic rows until the catalogue has this many")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=pathlib.Path, help="the source tree of the version to compare with")
    args = parser.parse_args()
    trees = {"this": ROOT, **({"baseline": args.baseline.resolve()} if args.baseline else {})}
    results: dict[str, list[dict]] = {name: [] for name in trees}
    for _ in range(args.runs):
        for name, tree in trees.items():  # alternating: a load that comes and goes hits both alike
            results[name].append(scan_in(tree, args.rows))
    for name, runs in results.items():
        first = runs[0]
        # On a shared machine the wall time includes waiting for a core. The CPU time is the matcher's own work, in
        # all and on its longer path: the two halves of a long text run at once (matcher.PARALLEL_FROM), so on two
        # free cores the wall time is that of the longer one.
        print(f"{name}: {first['mb']:.1f} MB, {first['lines']:,} lines, {first['rows']} signatures "
              f"({first['passes']} prefilter passes): compiled in "
              f"{statistics.median(r['compile_s'] for r in runs):.2f} s, scanned in "
              f"{statistics.median(r['scan_s'] for r in runs):.2f} s wall, "
              f"{statistics.median(r['cpu_s'] for r in runs):.2f} s CPU in all, "
              f"{statistics.median(r.get('path_cpu_s', r['cpu_s']) for r in runs):.2f} s on the longer path "
              f"({', '.join(format(r.get('path_cpu_s', r['cpu_s']), '.2f') for r in runs)}), median of {len(runs)}")
    for code, count, fields in results["this"][0]["matches"]:
        print(f"  {code} x{count} {fields}")
    if len({repr(runs[0]["matches"]) for runs in results.values()}) > 1:
        print("the matches differ between the versions")


if __name__ == "__main__":
    main()
