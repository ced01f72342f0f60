"""The CUDA driver's answers (cuInit, its device list, every ordered pair's peer access) asked in a child process
forked as a live check starts, so that cuInit runs beside this process's work instead of in front of it.

Inside one process NVML answers nothing while cuInit runs (bench/nvml_beside_cuinit.py), and cuInit takes about
0.21 s a GPU in the lent VMs: a two-GPU check spent 0.42 s of its 0.77-0.93 s waiting for it. In a child, cuInit
overlaps this process's imports, probes and kernel log scan. The driver still serialises part of the work: on the
lent two-H200 VM the GPU inventory's NVML questions in this process waited while the child's cuInit ran (96
questions in 343 ms), yet the check took 0.746 s against 0.932 s for the release before, interleaved in one call
(bench/results/h200x2-session10-2026-11-26.json). The child is forked before any thread starts
(knowledge/forked.py says why), asks the driver everything a check asks it, sends the answers through a pipe and
ends. Where no child could be forked, or it died, the caller asks the driver itself (host/native.py); a child still
silent when the caller's wait ends is a hung driver, answered as one.
"""

from __future__ import annotations

import os
import pickle
import threading
import time
from typing import Callable

from gpudoctor.host.answers import CallResult
from gpudoctor.knowledge.forked import can_fork, end_child, let_go_of_the_terminal, read_message, write_message

HUNG = "hung"  # the child did not answer in time: the driver is stuck in cuInit


class CudaChild:
    def __init__(self, pid: int, answers_fd: int):
        self.pid, self.answers_fd = pid, answers_fd
        self._answers: dict | str | None = None
        self._finished = False
        self._stopped = False
        self._lock = threading.Lock()  # probes on several threads ask; the pipe is read once

    def answers(self, timeout_s: float) -> dict | str | None:
        """The child's answers; HUNG if it said nothing within timeout_s; None if it died without answering."""
        with self._lock:
            if not self._finished:
                self._answers = self._receive(time.monotonic() + timeout_s)
                self._finished = True
                self.stop()
            return self._answers

    def _receive(self, deadline: float) -> dict | str | None:
        body = read_message(self.answers_fd, deadline)
        if body is None:
            return HUNG if time.monotonic() >= deadline else None
        try:
            return pickle.loads(body) if body else None
        except (pickle.UnpicklingError, EOFError, AttributeError, ValueError):
            return None

    def stop(self) -> None:
        """Close the pipe and end the child, whatever it is doing (a child stuck in a hung driver included). Once:
        a child reaped here may see its process id given to another process."""
        if not self._stopped:
            self._stopped = True
            end_child(self.pid, (self.answers_fd,))


_child: CudaChild | None = None
_taken = False


def start(ask_everything: Callable[[], dict]) -> None:
    """Fork the child, where this process may fork (POSIX, no thread started yet), to run ask_everything: the CUDA
    driver's answers as a dict. Called once, before the live host starts its threads."""
    global _child
    if _child is not None or not can_fork():
        return
    answers_read, answers_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(answers_read)
            let_go_of_the_terminal()
            write_message(answers_write, pickle.dumps(ask_everything(), protocol=pickle.HIGHEST_PROTOCOL), None)
        finally:
            os._exit(0)
    os.close(answers_write)
    _child = CudaChild(pid, answers_read)


def take() -> CudaChild | None:
    """The child, for the one session that reads its answers (later sessions ask the driver themselves)."""
    global _taken
    if _taken:
        return None
    _taken = True
    return _child


def stop() -> None:
    """End the child, as gpudoctor leaves: one no question reached (`--only` a check that needs no CUDA) or one
    stuck in a hung driver must not outlive it."""
    if _child is not None:
        _child.stop()


def answer_from(answers: dict, function: str, args: tuple) -> CallResult | None:
    """The CallResult for a question the child answered; None for one it did not ask (the caller asks it itself)."""
    if function == "cuda.peer":
        return answers["peers"].get(tuple(args))
    return answers.get(function)
