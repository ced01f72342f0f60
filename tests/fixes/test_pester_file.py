"""tests/powershell/fixes.Tests.ps1 runs the PowerShell fix scripts with a fake wsl.exe under Pester on
Windows (no PowerShell installs from PyPI, npm or Debian, so CI cannot run it). Here: it parses, and it
covers every PowerShell fix script."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

# tests/fixes is no package (and `fixes` is the scripts' own): load the tree-sitter check by path.
_spec = importlib.util.spec_from_file_location("static_checks", Path(__file__).with_name("test_static.py"))
_static = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_static)
_ps_problems = _static._ps_problems

PESTER = Path(__file__).parents[1] / "powershell" / "fixes.Tests.ps1"
WINDOWS_FIXES = Path(__file__).parents[2] / "fixes" / "windows"


def test_pester_file_parses_as_windows_powershell():
    assert _ps_problems(PESTER.read_bytes()) == []


def test_pester_file_is_ascii_for_windows_powershell():
    assert all(b < 128 for b in PESTER.read_bytes())


def test_every_powershell_fix_has_a_describe_block():
    described = set(re.findall(r"^Describe '([\w-]+\.ps1)", PESTER.read_text(), re.M))
    assert described == {p.name for p in WINDOWS_FIXES.glob("*.ps1")}


def test_the_fake_wsl_replays_recorded_listings():
    listings = re.findall(r"New-FakeWsl '([^']+)'", PESTER.read_text())
    assert listings and all((Path(__file__).parents[1] / "fixtures" / "raw" / "windows" / name).is_file()
                            for name in listings)
