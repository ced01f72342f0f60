"""Where the time of a live `gpudoctor check` goes: a benchmark, not a test.

    python bench/live_timeline.py [check options ...]      e.g.  python bench/live_timeline.py --json

Runs the check in this process the way `python -m gpudoctor check` does (NVML, cuInit and the
questions to every Python on PATH started first, then click and the checks), and prints one line per event with its start and end in
milliseconds since this script began: the drivers' initialisation, loading the checks, every probe
(with its thread), every command and native call the probes made, and running the checks. The
interpreter's own start (`python -c pass`, see bench/startup.py) comes before the zero.
The critical path is what ends last; probes that start late wait on a fact they depend on.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import threading
import time

STARTED = time.perf_counter()
EVENTS: list[tuple[float, float, str, str]] = []


def now_ms() -> float:
    return (time.perf_counter() - STARTED) * 1000


def timed(label_of, original, slower_than_ms: float = 0.0):
    """`original`, recording each call (each taking `slower_than_ms` or more) as an event labelled by
    `label_of(*args)`: in EVENTS, or, made in a child process forked from this one, in CHILD_EVENTS."""

    def wrapper(*args, **kwargs):
        begun = now_ms()
        try:
            return original(*args, **kwargs)
        finally:
            ended = now_ms()
            if ended - begun >= slower_than_ms:
                record(begun, ended, label_of(*args))

    return wrapper


# The children (NVML's, the CUDA driver's, the kernel log scan's) are forked from this process: their events are
# appended to this file, one line each, in the same milliseconds (the fork keeps STARTED), and read back at the end.
PARENT = os.getpid()
CHILD_EVENTS = tempfile.NamedTemporaryFile(prefix="gpudoctor-timeline-", suffix=".txt", delete=False).name


def record(begun: float, ended: float, label: str) -> None:
    if os.getpid() == PARENT:
        EVENTS.append((begun, ended, threading.current_thread().name, label))
        return
    with open(CHILD_EVENTS, "a", encoding="utf-8") as events:
        events.write(f"{begun:.1f}\t{ended:.1f}\tchild {os.getpid()}\t{label}\n")


def child_events() -> list[tuple[float, float, str, str]]:
    """The children's events, as recorded in CHILD_EVENTS (removed once read)."""
    try:
        with open(CHILD_EVENTS, encoding="utf-8") as events:
            lines = events.read().splitlines()
        os.unlink(CHILD_EVENTS)
    except OSError:
        return []
    return [(float(start), float(end), thread, label)
            for start, end, thread, label in (line.split("\t", 3) for line in lines)]


def instrument() -> None:
    from gpudoctor.engine import FactStore
    from gpudoctor.host import cuda_child, live, native, nvml

    nvml._init_driver_early = timed(lambda: "nvmlInit_v2 (early, ctypes)", nvml._init_driver_early)
    nvml.NvmlSession._init = timed(lambda self: "import pynvml + nvmlInit", nvml.NvmlSession._init)
    nvml.NvmlSession.call_many = timed(lambda self, calls: f"nvml x{len(calls)} {calls[0][0]}",
                                       nvml.NvmlSession.call_many)
    native.NativeSession._load_cuda = timed(lambda self: "dlopen libcuda + cuInit", native.NativeSession._load_cuda)
    cuda_child.CudaChild.answers = timed(lambda self, timeout: "wait for the CUDA child's answers",
                                         cuda_child.CudaChild.answers)
    native.NativeSession.call = timed(lambda self, fn, args: f"native {fn}{args!r}", native.NativeSession.call)
    live.LiveHost._live_run = timed(lambda self, argv, timeout: "run " + " ".join(argv)[:70], live.LiveHost._live_run)
    live.LiveHost._live_run_python = timed(lambda self, module, args, *rest: f"python -m {module}",
                                           live.LiveHost._live_run_python)
    FactStore._compute = timed(lambda self, name: f"probe {name}", FactStore._compute)
    # In NVML's child: each answer that took 2 ms or more (a first contact with a GPU, a P2P question).
    nvml.NvmlSession._answer = timed(lambda self, function, args: f"NVML {function}{args!r}"[:90],
                                     nvml.NvmlSession._answer, slower_than_ms=2.0)
    instrument_scan_child()


def instrument_scan_child() -> None:
    """When the scan child has its catalogue compiled and ready, and how long each scan waits for it."""
    from gpudoctor.knowledge import matcher, scan_child

    matcher.compiled = timed(lambda: "compile the catalogue (matcher.compiled)", matcher.compiled)
    matcher.CompiledCatalogue.prepare_for_scans = timed(lambda self, *rest: "prepare_for_scans",
                                                        matcher.CompiledCatalogue.prepare_for_scans)
    scan_child._ScanChild.scan = timed(lambda self, request, timeout: f"wait for the scan child ({request[1]})",
                                       scan_child._ScanChild.scan)


def main() -> None:
    instrument()
    from gpudoctor.__main__ import _checks_every_gpu_fact, start_probing_early

    begun = now_ms()
    host = start_probing_early(quick="--quick" in sys.argv[1:], inventory=_checks_every_gpu_fact(sys.argv[1:]))
    EVENTS.append((begun, now_ms(), "main", "start NVML, cuInit, the inventory and the Pythons on PATH"))
    begun = now_ms()
    from gpudoctor import cli
    from gpudoctor.host.opening import keep_early_host

    keep_early_host(host)
    EVENTS.append((begun, now_ms(), "main", "import the CLI"))
    begun = now_ms()
    cli._load_registry()
    EVENTS.append((begun, now_ms(), "main", "load the registry (import checks and probes)"))
    begun = now_ms()
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            cli.main(["check", *sys.argv[1:]], standalone_mode=False)
        except SystemExit:
            pass
    EVENTS.append((begun, now_ms(), "main", "gpudoctor check (gather, judge, render)"))
    print(f"{'start ms':>9} {'end ms':>8} {'took':>7}  {'thread':22} event")
    for start, end, thread, label in sorted(EVENTS + child_events()):
        print(f"{start:9.1f} {end:8.1f} {end - start:7.1f}  {thread[:22]:22} {label}")


if __name__ == "__main__":
    main()
