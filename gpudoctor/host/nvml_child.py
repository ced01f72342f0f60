"""NVML asked in a child process forked as a live check starts, so that its answers never wait for this process's
interpreter lock.

Every NVML function is called through ctypes, which gives up the interpreter's lock for the call and must win it
back afterwards. In a live check a dozen probe threads hold that lock in turn, so each of the inventory's hundreds of
answers waited for it: on the lent four-H200 VM (2026-11-28, bench/live_timeline.py) the first 198 questions, about
35 ms of NVML's own time, took 199 ms, and the inventory's answers came last of every probe's at four GPUs, a cost
that grows with the GPUs and their pairs. The child has an interpreter of its own and nothing else to do: it answers
each batch at NVML's own speed while this process waits on a pipe, holding no lock. NVML's start (pynvml's import and
nvmlInit) runs there too, beside this process's imports.

The child is forked before any thread starts (knowledge/forked.py says why), keeps one NvmlSession (host/nvml.py,
with its timeouts) and answers batches until this process closes the pipe. A child that could not be forked or has
died leaves NVML to this process (slower, never wrong); a child silent past its batch's wait is a hung driver, and
every later question is answered as one, never asked again in this process.
"""

from __future__ import annotations

import os
import pickle
import threading
import time
from typing import Any, Callable

from gpudoctor.host.answers import CallResult
from gpudoctor.knowledge.forked import can_fork, end_child, fork_server, read_message, write_message

HUNG = "hung"  # the child did not answer a batch within its wait: NVML is stuck
# Beyond the child's own timeouts (NvmlSession's, which answer a hung call as NVML_ERROR_TIMEOUT): a child that has
# not answered by then is stuck outside them.
_MARGIN_S = 2.0


class NvmlChild:
    def __init__(self, pid: int, requests_fd: int, answers_fd: int):
        self.pid, self.requests_fd, self.answers_fd = pid, requests_fd, answers_fd
        self.hung = False
        self._stopped = False
        self._lock = threading.Lock()  # probes ask on several threads; one batch at a time goes through the pipe

    def call_many(self, calls: list[tuple], timeout_s: float) -> list[CallResult] | str | None:
        """The child's answers to `calls`; HUNG if it said nothing within timeout_s; None if it has died."""
        with self._lock:
            if self.hung:
                return HUNG
            if self._stopped:
                return None
            deadline = time.monotonic() + timeout_s + _MARGIN_S
            answers = self._ask(calls, deadline)
            if answers is None:
                self.hung = time.monotonic() >= deadline
                self.stop()
                return HUNG if self.hung else None
            return answers

    def _ask(self, calls: list[tuple], deadline: float) -> list[CallResult] | None:
        try:
            if not write_message(self.requests_fd, pickle.dumps(calls, protocol=pickle.HIGHEST_PROTOCOL), deadline):
                return None
            body = read_message(self.answers_fd, deadline)
            answers = pickle.loads(body) if body else None
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError):
            return None
        return answers if isinstance(answers, list) and len(answers) == len(calls) else None

    def stop(self) -> None:
        """Close the pipes and end the child, whatever it is doing (stuck in a hung driver included). Once."""
        if not self._stopped:
            self._stopped = True
            end_child(self.pid, (self.requests_fd, self.answers_fd))


_child: NvmlChild | None = None
# A second child, forked where the machine shows two GPUs or more, that answers the NVLink error counters of every
# other GPU at the same time as the main child answers the rest (host/nvml.py, helper_asks).
_helper: NvmlChild | None = None
_taken = False


def start(new_session: Callable[[], Any], helper: bool = False) -> None:
    """Fork the child (and, with `helper`, the helper child), where this process may fork (POSIX, no thread started
    yet), to answer through the session `new_session` makes there (an NvmlSession). Called once, before the live host
    starts its threads; each child ends when this process closes its end of the pipe (as it exits, too)."""
    global _child, _helper
    if _child is not None or not can_fork():
        return
    _child = NvmlChild(*fork_server(lambda requests, answers: _serve(new_session(), requests, answers)))
    if helper:
        _helper = NvmlChild(*fork_server(lambda requests, answers: _serve(new_session(), requests, answers)))


def gpu_device_nodes(folder: str = "/dev") -> int:
    """How many /dev/nvidiaN the kernel module made: the GPUs there are, before NVML can say (0 where none or not
    Linux). A wrong count costs only time: the helper is forked or not."""
    try:
        return sum(1 for name in os.listdir(folder) if name.startswith("nvidia") and name[6:].isdigit())
    except OSError:
        return 0


def take() -> tuple[NvmlChild | None, NvmlChild | None]:
    """The child and the helper, for the one session that asks through them (later sessions ask NVML themselves)."""
    global _taken
    if _taken:
        return None, None
    _taken = True
    return _child, _helper


def stop() -> None:
    """End the children as gpudoctor leaves: one stuck in a hung driver must not outlive it."""
    for child in (_child, _helper):
        if child is not None:
            child.stop()


def _serve(session: Any, requests: int, answers: int) -> None:
    session.warm_up()
    while (body := read_message(requests, None)) is not None:
        calls = pickle.loads(body)
        write_message(answers, pickle.dumps(session.call_many(calls), protocol=pickle.HIGHEST_PROTOCOL), None)
    session.close()
