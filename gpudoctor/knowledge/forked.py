"""Work done in a forked child process while this one does other work: how the matcher reads a long text on two
cores (matcher.PARALLEL_FROM).

Only where fork is safe: a POSIX system and a process with no other thread (a thread holding a lock at the fork
would leave the child's copy of that lock held for ever). The child shares the parent's memory as it was at the
fork, so the text is not copied; it sends back its result pickled through a pipe and ends with os._exit, so that
nothing of the parent (buffered output, atexit handlers) runs twice. A child that fails, dies or takes longer
than its timeout gives None, and the caller does the work itself: slower, never wrong.
"""

from __future__ import annotations

import os
import struct
import threading
import time
from typing import Callable, TypeVar

Result = TypeVar("Result")


def can_fork() -> bool:
    return hasattr(os, "fork") and _threads() == 1


def _threads() -> int:
    """Threads of this process, those a library started (NVML, the CUDA driver) included where Linux lists them."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


def let_go_of_the_terminal() -> None:
    """Point a long-lived child's standard streams at /dev/null: it writes nothing there, and a pipe it held open
    (`gpudoctor check --json | jq`) would keep the reader waiting until the child ends."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(devnull, stream)
    os.close(devnull)


def fork_server(serve: Callable[[int, int], None]) -> tuple[int, int, int]:
    """Fork a long-lived child that runs serve(requests, answers) on its ends of two pipes and then exits; in this
    process, (its pid, the pipe to write requests to, the pipe to read answers from). Only where can_fork()."""
    request_read, request_write = os.pipe()
    answer_read, answer_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(request_write)
            os.close(answer_read)
            let_go_of_the_terminal()
            serve(request_read, answer_write)
        finally:
            os._exit(0)
    os.close(request_read)
    os.close(answer_write)
    return pid, request_write, answer_read


def end_child(pid: int, fds: tuple[int, ...]) -> None:
    """Close this process's ends of a child's pipes and kill it, whatever it is doing (stuck in a hung driver
    included). Call it once: a child reaped here may see its pid given to another process."""
    import signal

    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, os.WNOHANG)
    except OSError:
        pass


def start_forked(work: Callable[[], Result], timeout_s: float) -> Callable[[], Result | None]:
    """Start `work` in a forked child; the function returned waits for its result (None if there is none)."""
    import pickle

    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(read_end)
            data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(data)
        finally:
            os._exit(0)
    os.close(write_end)

    def result() -> Result | None:
        data = _read_until_closed(read_end, time.monotonic() + timeout_s)
        if data is None:
            os.kill(pid, 9)
        os.waitpid(pid, 0)
        try:
            return pickle.loads(data) if data else None
        except (pickle.UnpicklingError, EOFError, AttributeError, ValueError):
            return None

    return result


def _ready(fd: int, deadline: float | None, writing: bool = False) -> bool:
    """Whether the pipe can be read (or written) before the deadline; None waits as long as it takes."""
    import select

    if deadline is None:
        return True
    left = deadline - time.monotonic()
    if left <= 0:
        return False
    readable, writable, _ = select.select([] if writing else [fd], [fd] if writing else [], [], left)
    return bool(writable if writing else readable)


def _read_until_closed(fd: int, deadline: float) -> bytes | None:
    """Everything written to the pipe until the child closes it; None if the deadline passes first."""
    chunks = []
    try:
        while True:
            if not _ready(fd, deadline):
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


def read_exactly(fd: int, size: int, deadline: float | None) -> bytes | None:
    """`size` bytes from the pipe; None if it closes first or the deadline (None: none) passes."""
    chunks, left = [], size
    while left:
        if not _ready(fd, deadline):
            return None
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def write_all(fd: int, data: bytes, deadline: float | None) -> bool:
    """Write all of `data` to the pipe; False if the deadline (None: none) passes first."""
    view = memoryview(data)
    while view:
        if not _ready(fd, deadline, writing=True):
            return False
        view = view[os.write(fd, view[:1 << 16]):]
    return True


_LENGTH = struct.Struct("!Q")  # the length of the message that follows


def write_message(fd: int, data: bytes, deadline: float | None) -> bool:
    """`data` after its length; False if the deadline (None: none) passes first."""
    return write_all(fd, _LENGTH.pack(len(data)) + data, deadline)


def read_message(fd: int, deadline: float | None) -> bytes | None:
    """A message write_message sent; None if the pipe closes first or the deadline (None: none) passes."""
    header = read_exactly(fd, _LENGTH.size, deadline)
    return None if header is None else read_exactly(fd, _LENGTH.unpack(header)[0], deadline)
