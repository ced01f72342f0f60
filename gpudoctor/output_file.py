"""Writing a report or snapshot to the place the user named (`-o`, `--junit`, `snapshot -o`).

A regular file is replaced atomically (a temporary file in the same directory, renamed over it),
so that a reader never sees half a report and a crash never leaves one; the new file keeps the old
one's mode and, where the system allows, its owner. Anything else is written through and never
replaced: `-` is standard output, a device (/dev/null, /dev/full, a terminal) or a FIFO is opened
and written like any program would, and a symbolic link is followed to its target, so that the
link stays a link.

Temporary files are named `.NAME.gpudoctor-tmp.XXXXXX`, like those of the fix scripts
(fixes/lib/fixlib.sh); one left behind by a killed run is removed by the next write to NAME.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
import time

TEMP_MARKER = ".gpudoctor-tmp."
# A temporary file younger than this may belong to a run still writing: leave it alone.
STALE_TEMP_AGE_S = 600.0


def write_output(path: str, text: str, mode: int | None = None) -> None:
    """Write `text` to `path` as described above; OSError says why it could not be written. `mode`, when
    given, sets a regular file's permissions (a metrics file other users' collectors read)."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    target = os.path.realpath(path)  # a symbolic link is written through, never replaced
    try:
        existing = os.stat(target)
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        _write_through(target, text)
        return
    if existing is not None and not os.access(target, os.W_OK):
        # Renaming over it would succeed where the directory is writable: a file the user may not
        # write must not be replaced behind its owner's back.
        raise PermissionError(13, "Permission denied (the file is read-only)", path)
    _replace_atomically(target, text, existing, mode)


def _write_through(target: str, text: str) -> None:
    """Devices and FIFOs: open for writing without creating or replacing anything."""
    with open(target, "w", encoding="utf-8") as out:
        out.write(text)


def _replace_atomically(target: str, text: str, existing: os.stat_result | None, mode: int | None) -> None:
    directory, name = os.path.split(target)
    remove_stale_temp_files(directory, name)
    handle, temp_path = tempfile.mkstemp(prefix=f".{name}{TEMP_MARKER}", dir=directory)
    try:
        if hasattr(os, "fchmod"):  # POSIX; on Windows the new file simply takes the folder's defaults
            if existing is not None:
                os.fchmod(handle, stat.S_IMODE(existing.st_mode) if mode is None else mode)
                with contextlib.suppress(PermissionError):  # only root may give a file to someone else
                    os.fchown(handle, existing.st_uid, existing.st_gid)
            else:  # what `> file` would have made, not mkstemp's 0600
                os.fchmod(handle, 0o666 & ~_umask() if mode is None else mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp_path, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_path)
        raise


def remove_stale_temp_files(directory: str, name: str) -> list[str]:
    """Remove `.NAME.gpudoctor-tmp.*` files older than STALE_TEMP_AGE_S (left by a killed run)."""
    prefix = f".{name}{TEMP_MARKER}"
    removed = []
    now = time.time()
    try:
        entries = os.listdir(directory or ".")
    except OSError:
        return removed
    for entry in entries:
        if not entry.startswith(prefix):
            continue
        path = os.path.join(directory, entry)
        try:
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_AGE_S:
                os.unlink(path)
                removed.append(path)
        except OSError:
            continue
    return removed


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
