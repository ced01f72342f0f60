"""The Windows and WSL snapshots replay on any machine, and no module needs another platform's modules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wsl_windows.scenarios import HOSTS

# Imports a fresh interpreter makes before it pretends to be another platform: the standard
# library and the runtime dependencies pick their platform code when first imported, and the test
# is about gpudoctor's own modules. Every .py file is imported, because pkgutil.walk_packages does
# not descend into namespace packages (gpudoctor/host has no __init__.py); `__main__` modules run
# the program when imported, so they are left out.
IMPORT_ALL = """
import importlib, json, pathlib, sys
import ctypes, ctypes.util, subprocess, shutil, tempfile, signal, platform, threading, urllib.request
import click, packaging.version, psutil, pynvml, rich.console, rich.text
sys.platform = {platform!r}
imported = []
for package_name in ("gpudoctor", "gpudoctor.checks", "gpudoctor.fixes"):
    for root in importlib.import_module(package_name).__path__:
        for path in sorted(pathlib.Path(root).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            name = ".".join((package_name, *parts))
            if parts and parts[-1] == "__main__" or name in imported:
                continue
            importlib.import_module(name)
            imported.append(name)
print(json.dumps(imported))
"""


def gpudoctor(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("snapshot", ["windows-healthy-2gpu.json", "windows-531-2gpu.json",
                                      "windows-features-disabled.json"])
def test_check_from_a_windows_snapshot_runs_on_linux(snapshot):
    proc = gpudoctor("check", "--from", str(HOSTS / snapshot))
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "Windows 11 (build " in proc.stdout
    assert "wsl.feature" in proc.stdout and "windows.env" in proc.stdout


def test_json_report_from_a_windows_snapshot():
    proc = gpudoctor("check", "--json", "--from", str(HOSTS / "windows-features-disabled.json"),
                     "--only", "wsl.feature", "--only", "windows.env")
    assert proc.returncode == 1, proc.stderr
    report = json.loads(proc.stdout)
    assert report["host"]["platform"]["kind"] == "windows"
    statuses = {check["id"]: check["status"] for check in report["checks"]}
    assert statuses == {"wsl.feature": "fail", "windows.env": "pass"}


@pytest.mark.parametrize("platform", ["win32", "linux"])
def test_every_module_imports_on(platform):
    proc = subprocess.run([sys.executable, "-c", IMPORT_ALL.format(platform=platform)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    imported = json.loads(proc.stdout)
    for module in ("gpudoctor.probes.windows", "gpudoctor.probes.wsl", "gpudoctor.checks.wsl", "gpudoctor.host.live",
                   "gpudoctor.cli"):
        assert module in imported
