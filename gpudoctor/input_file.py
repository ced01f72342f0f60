"""Reading what the user names as input (`--from`, `read FILE`, the reports `merge` reads).

Only a regular file or standard input is read. A FIFO would block the open (nothing writes to it) or
never end, a device such as /dev/zero or /dev/urandom never ends, a directory or a socket is no input:
each is refused with a message, and the open itself never waits (O_NONBLOCK, which a regular file
ignores). Every input has a size cap: a runaway file or an endless standard input ends with a message
once it passes the cap, instead of filling memory.
"""

from __future__ import annotations

import os
import stat
import sys

MIB = 1 << 20


class InputRefused(Exception):
    """The input cannot be read: the message names it and says why (exit code 2 where raised to the user)."""


def read_input(path: str, limit: int, what: str = "input") -> bytes:
    """The bytes of `path` (`-` is standard input), at most `limit` of them; InputRefused says why not."""
    if path == "-":
        data = sys.stdin.buffer.read(limit + 1)
        return _capped(data, limit, f"{what} on standard input")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        raise InputRefused(f"{what} {path!r} does not exist") from None
    except OSError as exc:
        raise InputRefused(f"{what} {path!r} cannot be read: {exc.strerror or exc}") from None
    status = os.fstat(descriptor)
    kind = _kind_of(status.st_mode)
    if kind:
        os.close(descriptor)
        raise InputRefused(f"{what} {path!r} is {kind}, not a regular file")
    size = status.st_size  # 0 for a file of /proc, which holds text all the same: read on below
    try:
        # As much as the file holds, and one byte more to see it grew: a buffer of the whole cap for every
        # file costs `merge` a tenth of its time over ten thousand reports.
        data = _read_up_to(descriptor, min(size, limit) + 1)
        if len(data) > size and len(data) <= limit:  # it grew since: read on, to the cap
            data += _read_up_to(descriptor, limit + 1 - len(data))
    except OSError as exc:
        raise InputRefused(f"{what} {path!r} cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(descriptor)
    return _capped(data, limit, f"{what} {path!r}")


def _read_up_to(descriptor: int, count: int) -> bytes:
    """`count` bytes, fewer only where the file ends. os.read itself, not a buffered file object: a fifth less
    time per file (`merge` reads ten thousand)."""
    chunks = []
    while count > 0:
        chunk = os.read(descriptor, count)  # may return less than asked before the end
        if not chunk:
            break
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)  # one chunk: that very object, not a copy


def _capped(data: bytes, limit: int, named: str) -> bytes:
    if len(data) > limit:
        raise InputRefused(f"{named} is larger than gpudoctor reads ({limit / MIB:.0f} MiB left of its cap); "
                           "give it only the output it asks for")
    return data


def _kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a file"
