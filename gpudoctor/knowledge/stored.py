"""What the matcher compiled, kept between runs in the user's cache folder, so that the next run reads it back instead
of compiling it again: Hyperscan's database of the catalogue's keys (literal_index.LiteralDatabase) takes 50-120 ms to
compile and 1-3 ms to read back, and a live check's kernel log scan waited for that compile (its critical path on
two H200s, bench/live_timeline.py).

A stored file is a cache, never a source of truth: it is named by a SHA-256 of everything it was compiled from, a file
that cannot be read back (another Hyperscan, another CPU, a torn or foreign file) is compiled anew and replaced, and
the matches are the same either way (tests/knowledge/test_stored_database.py). The folder is
$XDG_CACHE_HOME/gpudoctor (~/.cache/gpudoctor), or %LOCALAPPDATA%\\gpudoctor\\cache on Windows; GPUDOCTOR_NO_CACHE=1
turns storing off. On POSIX a folder or file that another user could write is not read, since what is read back
steers the matcher's prefilter.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterable
from pathlib import Path

NO_CACHE_VARIABLE = "GPUDOCTOR_NO_CACHE"
# Files of one kind ("literals-...") kept beside the one just written: each release's catalogue has keys of its own,
# and two installs on one machine (a venv and pipx) each keep theirs.
KEEP_OF_A_KIND = 4


def fingerprint(parts: Iterable[str]) -> str:
    """The name a stored file is kept under: what it was compiled from, in order."""
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:40]


def cache_folder() -> Path | None:
    """Where stored files go, or None where storing is turned off or no home is known."""
    if os.environ.get(NO_CACHE_VARIABLE, "").strip() not in ("", "0"):
        return None
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base, "gpudoctor", "cache") if base else None
    base = os.environ.get("XDG_CACHE_HOME") or (os.path.join(os.environ["HOME"], ".cache") if os.environ.get("HOME")
                                                 else "")
    return Path(base, "gpudoctor") if os.path.isabs(base) else None


def _only_mine(info: os.stat_result) -> bool:
    """Whether only this user can have written it (POSIX); on Windows the folder under %LOCALAPPDATA% is the user's."""
    if os.name == "nt":
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read(name: str) -> bytes | None:
    """The stored file `name`, or None: none stored, storing off, or a folder or file someone else could write."""
    folder = cache_folder()
    if folder is None:
        return None
    try:
        if not _only_mine(os.stat(folder)):
            return None
        with open(folder / name, "rb") as stored:
            if not _only_mine(os.fstat(stored.fileno())):
                return None
            return stored.read()
    except OSError:
        return None


def write(name: str, data: bytes) -> bool:
    """Store `data` as `name`, whole or not at all (written beside it, then renamed over it); False where it could not
    be (storing off, no home, a read-only or full disk): the next run compiles again, nothing else changes."""
    folder = cache_folder()
    if folder is None:
        return False
    import tempfile  # only where a database is written, never on the path that reads one back (~9 ms to import)

    temporary = None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _only_mine(os.stat(folder)):
            return False
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, folder / name)
        _prune(folder, name)
        return True
    except OSError:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        return False


def _prune(folder: Path, written: str) -> None:
    """Remove the files of the kind just written (the name up to its first "-") beyond the KEEP_OF_A_KIND newest."""
    kind = written.split("-", 1)[0] + "-"
    older = sorted((path for path in folder.glob(f"{kind}*") if path.name != written),
                   key=lambda path: path.stat().st_mtime, reverse=True)
    for path in older[KEEP_OF_A_KIND - 1:]:
        path.unlink(missing_ok=True)
