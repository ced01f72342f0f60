"""The kernel log's signature scan in a child process forked as a live check starts, so that compiling the
catalogue runs on another core while this process probes the machine.

On the lent two-H200 VM `dmesg` answered 250 ms into a `check --quick`, and the kernel log probe then compiled the
catalogue and scanned in its own thread until 415 ms: the check's critical path, because that thread shares the
interpreter's lock with a dozen probe threads. The child is forked before any thread starts (forked.py says why that
matters), compiles the catalogue at once, and then answers each text the parent sends with matcher.scan's matches.
A child that cannot be forked, has died or answers too late leaves the scan to this process: slower, never wrong.
With it, `check --quick` took 0.433 s against 0.608 s (10 interleaved runs there,
bench/results/h200x2-session8-2026-11-26.json). A full check forks it too, now that cuInit runs in a child of its
own (host/cuda_child.py) and no longer hides the scan: 0.746 s with it against 0.794 s without, interleaved
(bench/results/h200x2-session10-2026-11-26.json; while cuInit ran in this process, 0.803 s against 0.774 s).
"""

from __future__ import annotations

import pickle
import threading
import time
from typing import TYPE_CHECKING

from gpudoctor.knowledge.forked import can_fork, end_child, fork_server, read_message, write_message

if TYPE_CHECKING:
    from gpudoctor.knowledge.matcher import SignatureMatch

# The child has compiled the catalogue long before the kernel log is read (about 0.1 s after the fork); a child
# that has not answered a healthy log's scan in this time is stuck, and the scan is done here instead.
ANSWER_TIMEOUT_S = 5.0


class _ScanChild:
    def __init__(self, pid: int, requests: int, answers: int):
        self.pid, self.requests, self.answers = pid, requests, answers
        self.lock = threading.Lock()  # the current and the previous boot's logs are read by two threads
        self.alive = True

    def scan(self, request: tuple, timeout_s: float) -> tuple[SignatureMatch, ...] | None:
        with self.lock:
            if not self.alive:
                return None
            try:
                deadline = time.monotonic() + timeout_s
                sent = _message(request, deadline, self.requests)
                body = sent and read_message(self.answers, deadline)
                found = pickle.loads(body) if body else None
            except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
                found = None
            if found is None:
                self.stop()
            return found

    def stop(self) -> None:
        if self.alive:  # once: a child reaped here may see its pid given to another process
            self.alive = False
            end_child(self.pid, (self.requests, self.answers))


_child: _ScanChild | None = None


def start() -> None:
    """Fork the child, where this process may fork (a POSIX system, no thread started yet). Called once, before the
    live host starts its threads; the child ends when this process closes its end of the pipe (at exit too)."""
    global _child
    if _child is not None or not can_fork():
        return
    _child = _ScanChild(*fork_server(_serve))


def scan(text: str, source: str, kind: str | None, contexts: frozenset[str]) -> tuple[SignatureMatch, ...]:
    """matcher.scan(text, source, kind, contexts=contexts), from the child where one answers in time."""
    if _child is not None:
        found = _child.scan((text, source, kind, contexts), ANSWER_TIMEOUT_S)
        if found is not None:
            return found
    from gpudoctor.knowledge.matcher import scan as scan_here

    return scan_here(text, source, kind, contexts=contexts)


def _serve(requests: int, answers: int) -> None:
    from gpudoctor.knowledge.matcher import compiled
    from gpudoctor.knowledge.matcher import scan as scan_here

    # Hyperscan's database, read back from where an earlier run stored it (2 ms) or compiled and stored (50-120 ms,
    # which the passes' regexes would take as well): on two H200s the parent waited 150-165 ms for this child.
    compiled().prepare_for_scans(long_texts=True)
    while (body := read_message(requests, None)) is not None:
        text, source, kind, contexts = pickle.loads(body)
        _message(scan_here(text, source, kind, contexts=contexts), None, answers)


def _message(content: object, deadline: float | None, fd: int) -> bool:
    """Send `content` pickled, after its length; False if the deadline (None: none) passes first."""
    return write_message(fd, pickle.dumps(content, protocol=pickle.HIGHEST_PROTOCOL), deadline)
