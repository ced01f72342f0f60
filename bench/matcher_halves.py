"""The matcher on 50 MB (bench/signatures_50mb.py's sample) read by one process and in two halves at once
(matcher.PARALLEL_FROM), alternating: wall time, this process's CPU and the forked child's, and whether the
matches are the same. A benchmark, not a test.

    taskset -c 0,1 python bench/matcher_halves.py [ROUNDS]     # two cores, as the development machine has

Result on two cores of a lent two-H200 VM: bench/results/h200x2-session4-2026-11-26.json.
"""
import json, os, statistics, sys, time
sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)), os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
import signatures_50mb as bench
from gpudoctor.knowledge import matcher
text = bench.sample()
table = matcher.compiled()
matcher.scan(text[:2_000_000], "warm")
runs = {"one process": [], "two halves": []}
results = {}
for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 5):
    for label, threshold in (("one process", 10**12), ("two halves", matcher.PARALLEL_FROM)):
        old = matcher.PARALLEL_FROM
        matcher.PARALLEL_FROM = threshold
        t0, c0 = time.perf_counter(), os.times()
        found = matcher.scan(text, "bench")
        t1, c1 = time.perf_counter(), os.times()
        matcher.PARALLEL_FROM = old
        runs[label].append({"wall": t1 - t0, "own_cpu": (c1.user - c0.user) + (c1.system - c0.system),
                            "child_cpu": (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)})
        results[label] = [(m.code, m.count) for m in found]
out = {"rows": len(table.rows), "passes": len(table.scanners), "mb": len(text) / 1e6, "cpus": os.sched_getaffinity(0).__len__(),
       "same_matches": results["one process"] == results["two halves"]}
for label, rs in runs.items():
    out[label] = {k: round(statistics.median(r[k] for r in rs), 3) for k in ("wall", "own_cpu", "child_cpu")}
    out[label]["walls"] = [round(r["wall"], 3) for r in rs]
print(json.dumps(out, indent=1))
