"""Runs calls into a native library on one daemon thread, each with a deadline.

A hung driver can block NVML or libcuda inside C code forever, where Python cannot interrupt
it. Calls therefore run on a thread of their own: the caller waits at most `timeout` seconds,
and once one call has overrun, the library is considered hung and every later call fails at
once instead of queueing behind it. The thread is a daemon, so a stuck call never keeps the
process from exiting.
"""

from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, Callable


class LibraryHung(Exception):
    """A call did not return within its deadline; the library is not usable for this run."""


class LibraryThread:
    def __init__(self, name: str) -> None:
        self._name = name
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.hung_in: str | None = None

    def call(self, label: str, fn: Callable[[], Any], timeout: float) -> Any:
        if self.hung_in is not None:
            raise LibraryHung(f"{self._name} did not return from {self.hung_in}")
        self._ensure_started()
        future: Future = Future()
        self._queue.put((future, fn))
        try:
            return future.result(timeout=timeout)
        except FutureTimeout:
            self.hung_in = label
            raise LibraryHung(f"{self._name} did not return from {label} within {timeout:g} s") from None

    def mark_hung(self, label: str) -> None:
        """The library hung in `label` elsewhere (a child process asking it): later calls fail at once here too."""
        self.hung_in = label

    def submit(self, fn: Callable[[], Any]) -> None:
        """Queue a call without waiting for it (to start a slow initialisation early)."""
        if self.hung_in is None:
            self._ensure_started()
            self._queue.put((Future(), fn))

    def _ensure_started(self) -> None:
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name=f"gpudoctor-{self._name}", daemon=True)
                self._thread.start()

    def _serve(self) -> None:
        while True:
            future, fn = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:  # the caller turns it into an answer
                future.set_exception(exc)
