"""Writing a report or snapshot to the place the user named (`-o`, `--junit`, `snapshot -o`).

The named path is opened without following a symbolic link (O_NOFOLLOW) and without waiting
(O_NONBLOCK), before anything is written:

- a regular file we may write is replaced atomically (a temporary file in the same directory,
  renamed over it), so that a reader never sees half a report and a crash never leaves one; the new
  file keeps the old one's mode and, where the system allows, its owner;
- a path that does not exist yet is created the same way;
- a character device (/dev/null, /dev/full, a terminal) is written through, as any program would;
- `-` is standard output;
- anything else is refused: a symbolic link (one planted in a shared folder would point a root run at
  another file), a FIFO (it would block until someone reads), a directory, a socket, a block device.

Temporary files are named `.NAME.gpudoctor-tmp.XXXXXX`, like those of the fix scripts
(fixes/lib/fixlib.sh); one left behind by a killed run is removed by the next write to NAME.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
import time

TEMP_MARKER = ".gpudoctor-tmp."
# A temporary file younger than this may belong to a run still writing: leave it alone.
STALE_TEMP_AGE_S = 600.0

_NOT_WRITTEN = {stat.S_IFLNK: "is a symbolic link; name the file it points to",
                stat.S_IFIFO: "is a FIFO (named pipe), not a file", stat.S_IFDIR: "is a directory",
                stat.S_IFSOCK: "is a socket, not a file", stat.S_IFBLK: "is a block device, not a file"}


def write_output(path: str, text: str, mode: int | None = None) -> None:
    """Write `text` to `path` as described above; OSError says why it could not be written. `mode`, when
    given, sets a regular file's permissions (a metrics file other users' collectors read)."""
    if path == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    existing = _lstat_or_none(path)
    if existing is not None and stat.S_IFMT(existing.st_mode) in _NOT_WRITTEN:
        raise OSError(errno.EINVAL, _NOT_WRITTEN[stat.S_IFMT(existing.st_mode)], path)
    if existing is None:
        _replace_atomically(path, text, None, mode)
        return
    descriptor = _open_existing(path)
    try:
        opened = os.fstat(descriptor)
        if stat.S_ISCHR(opened.st_mode):
            os.set_blocking(descriptor, True)
            with os.fdopen(descriptor, "w", encoding="utf-8", closefd=False) as out:
                out.write(text)
            return
        if not stat.S_ISREG(opened.st_mode) or (opened.st_dev, opened.st_ino) != (existing.st_dev, existing.st_ino):
            raise OSError(errno.EINVAL, "changed while it was being opened; not written", path)
    finally:
        os.close(descriptor)
    _replace_atomically(path, text, opened, mode)


def _lstat_or_none(path: str) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _open_existing(path: str) -> int:
    """The existing file opened for writing (not truncated): proves we may write it, follows no link,
    never waits. A file the user may not write must not be replaced behind its owner's back, though
    renaming over it would succeed where the directory is writable."""
    flags = os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        return os.open(path, flags)
    except PermissionError:
        raise PermissionError(errno.EACCES, "Permission denied (the file is read-only)", path) from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # replaced by a link since lstat
            raise OSError(errno.EINVAL, _NOT_WRITTEN[stat.S_IFLNK], path) from None
        raise


def _replace_atomically(target: str, text: str, existing: os.stat_result | None, mode: int | None) -> None:
    """os.replace renames over the name itself: were a link planted there meanwhile, the link is replaced,
    never the file it points to."""
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
