"""A copy of this checkout's tracked files, as a clean clone has them, for tests that build or edit the repository."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def tracked_copy(root: Path) -> Path:
    """The checkout's tracked files, as the working tree has them, under `root` (from an unpacked sdist,
    which has no git: every file but caches and virtual environments)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        ignore = shutil.ignore_patterns(".git", ".venv*", "__pycache__", "*.egg-info", ".pytest_cache", "build", "dist")
        return Path(shutil.copytree(REPO, root, ignore=ignore))
    for name in filter(None, listed.decode().split("\0")):
        source, target = REPO / name, root / name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return root
