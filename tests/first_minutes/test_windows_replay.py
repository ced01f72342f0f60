"""A Windows snapshot replayed on Linux plans a PowerShell command with a Windows path."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner
from hosts import HOSTS

from gpudoctor.cli import main


@pytest.mark.skipif(os.name == "nt", reason="on Windows the script's own path is a Windows path")
def test_powershell_file_argument_is_a_windows_path():
    out = CliRunner().invoke(main, ["fix", "--from", str(HOSTS / "windows-features-disabled.json")])
    assert out.exit_code == 0, out.output
    (command,) = [line for line in out.stdout.splitlines() if "powershell.exe" in line]
    script = command.split("-File ", 1)[1].split()[0]
    # Quoted: PowerShell reads a bare < as redirection.
    assert script == r"'<site-packages>\gpudoctor\fixes\windows\enable-wsl2.ps1'"
    assert "/" not in command
