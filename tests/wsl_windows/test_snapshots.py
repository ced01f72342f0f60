"""The Windows and WSL host snapshots on disk are exactly what scenarios.py builds from the raw outputs."""

from __future__ import annotations

import json

import pytest

from gpudoctor.host.answers import CommandResult
from gpudoctor.host.snapshot import load_snapshot
from wsl_windows.scenarios import HOSTS, SCENARIOS, raw, snapshot_text


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_snapshot_file_matches_its_scenario(name):
    path = HOSTS / name
    assert path.read_text(encoding="utf-8") == snapshot_text(name), \
        "regenerate with: python tests/wsl_windows/scenarios.py"
    assert load_snapshot(str(path)).system().sys_platform in ("win32", "linux")


def test_wsl_exe_output_survives_the_snapshot_byte_for_byte():
    document = json.loads((HOSTS / "wsl2-healthy-2gpu.json").read_text(encoding="utf-8"))
    status = next(c["answer"] for c in document["calls"] if c["probe"] == "run" and c["args"][1:] == ["--status"])
    # ASCII in UTF-16LE is valid UTF-8 (letters and NULs), so it is stored as a string with \u0000s.
    assert CommandResult.from_json(status).stdout == raw("wsl-status.ubuntu-24.04.utf16le")
