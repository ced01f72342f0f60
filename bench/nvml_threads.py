"""Whether NVML answers questions about different GPUs at once: a benchmark, not a test.

    python bench/nvml_threads.py [--rounds 5]

In one process with nothing else running (so that no other thread holds the interpreter's lock), asks the same
questions one after another and from one thread per GPU (or per pair), and prints the medians as JSON:
  - each GPU's NVLink error counters (fields 161-163 scoped by each active link, one nvmlDeviceGetFieldValues a GPU,
    as gpudoctor/probes/gpus.py asks them);
  - each GPU's slower single answers (BAR1, GPU fabric info, PCIe replay counter, ECC mode);
  - every pair's P2P read status (one question a pair).
bench/nvml_parallel.py measured the P2P status serial across threads and processes on two GPUs; this asks whether
the per-GPU questions are too, on as many GPUs as the host has (four H200s, 2026-11-28: they are; the NVLink counters
took 66 ms one after another and 84 ms from four threads, bench/results/h200x4-2026-11-28-session11.json).
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time

import pynvml

NVLINK_ERROR_FIELDS = (161, 162, 163)


def _active_links(handle) -> list[int]:
    links = []
    for link in range(36):
        try:
            if pynvml.nvmlDeviceGetNvLinkState(handle, link):
                links.append(link)
        except pynvml.NVMLError:
            break
    return links


def _fields(handle, links):
    return lambda: pynvml.nvmlDeviceGetFieldValues(handle, [(field, link) for link in links
                                                            for field in NVLINK_ERROR_FIELDS])


def _singles(handle):
    def ask():
        for function in (pynvml.nvmlDeviceGetBAR1MemoryInfo, pynvml.nvmlDeviceGetPcieReplayCounter,
                         pynvml.nvmlDeviceGetEccMode):
            try:
                function(handle)
            except pynvml.NVMLError:
                pass
    return ask


def _p2p(first, second):
    return lambda: pynvml.nvmlDeviceGetP2PStatus(first, second, 0)


def _timed(work: list, threaded: bool) -> float:
    started = time.perf_counter()
    if threaded:
        threads = [threading.Thread(target=each) for each in work]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    else:
        for each in work:
            each()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    pynvml.nvmlInit()
    handles = [pynvml.nvmlDeviceGetHandleByIndex(i) for i in range(pynvml.nvmlDeviceGetCount())]
    links = [_active_links(handle) for handle in handles]
    works = {
        "nvlink_error_fields": [_fields(h, l) for h, l in zip(handles, links) if l],
        "bar1_replay_ecc": [_singles(h) for h in handles],
        "p2p_read": [_p2p(a, b) for i, a in enumerate(handles) for b in handles[i + 1:]],
    }
    result = {"gpus": len(handles), "active_links": [len(l) for l in links], "rounds": rounds}
    for name, work in works.items():
        times = {"serial": [], "threads": []}
        for _ in range(rounds):
            for how in ("serial", "threads"):
                times[how].append(round(_timed(work, how == "threads"), 2))
        result[name] = {"questions": len(work), **{how: {"median_ms": statistics.median(t), "ms": t}
                                                   for how, t in times.items()}}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
