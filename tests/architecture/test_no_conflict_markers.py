"""No file of the repository holds a merge's conflict markers: a data file (TAXONOMY.md, SOURCES.md) with them still
parses, so no other test would notice that a merge kept only one side's reading of the lines between them."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^(?:<{7}|>{7})(?: |$)", re.MULTILINE)


def _tracked_text_files() -> list[Path]:
    if not shutil.which("git") or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files are unknown")
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout.split(b"\0")
    return [ROOT / name.decode() for name in names if name and name.rsplit(b".", 1)[-1] in
            (b"py", b"md", b"txt", b"json", b"toml", b"sh", b"ps1", b"yaml", b"yml", b"c")]


def test_no_tracked_file_holds_conflict_markers():
    marked = [str(path.relative_to(ROOT)) for path in _tracked_text_files()
              if path.is_file() and MARKER.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert marked == []
