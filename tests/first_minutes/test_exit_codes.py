"""The exit code of `gpudoctor check` means what --help and README.md say it means."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from hosts import HOSTS

from gpudoctor.cli import main
from gpudoctor.exit_codes import CHECK_EXIT_CODES, INTERNAL_ERROR, NOTHING_JUDGED

README = Path(__file__).parents[2] / "README.md"
H200 = str(HOSTS / "linux-2xh200-nvlink.json")


def _check(*args):
    return CliRunner().invoke(main, ["check", *args])


def test_a_check_in_error_exits_3_not_1(monkeypatch):
    from gpudoctor.registry import load_registry

    registry = load_registry()
    broken = registry.by_id("env.gpu")

    def crash(facts):
        raise RuntimeError("plugin bug")
        yield  # pragma: no cover


    crashed = dataclasses.replace(broken, run=crash)
    patched = dataclasses.replace(registry, checks=tuple(crashed if c.id == "env.gpu" else c for c in registry.checks))
    monkeypatch.setattr("gpudoctor.cli._load_registry", lambda: patched)
    out = _check("--from", H200)
    assert out.exit_code == INTERNAL_ERROR == 3, out.output
    assert "The check crashed: RuntimeError: plugin bug" in out.stdout
    assert "1 error" in out.stdout


def test_every_selected_check_skipped_is_not_healthy():
    out = _check("--from", H200, "--only", "wsl.gpu", "--only", "windows.env")
    assert out.exit_code == NOTHING_JUDGED == 4, out.output
    assert "No issues found" not in out.stdout
    assert "Nothing could be judged here" in out.stdout


def test_a_healthy_replay_still_exits_0():
    assert _check("--from", H200, "--only", "gpu.count").exit_code == 0


def test_help_and_readme_list_the_same_codes():
    help_text = CliRunner().invoke(main, ["check", "--help"]).output
    table = dict(re.findall(r"^\| (\d) \| (.+) \|$", README.read_text(encoding="utf-8").split("### Exit codes")[1]
                            .split("###")[0], flags=re.M))
    assert sorted(int(code) for code in table) == [code for code, _ in CHECK_EXIT_CODES]
    flat = " ".join(help_text.split())
    for code, meaning in CHECK_EXIT_CODES:
        assert f" {code} {' '.join(meaning.split())}" in flat
    assert max(len(line) for line in help_text.split("Exit codes:")[1].splitlines()) <= 80
    assert "nothing could be judged" in table["4"] and "error" in table["3"]


def test_internal_error_exits_3_and_says_where_to_report():
    program = ("import sys, gpudoctor.cli as cli\n"
               "def broken():\n    raise ZeroDivisionError('a bug')\n"
               "cli._load_registry = broken\n"
               "sys.argv = ['gpudoctor', 'list']\n"
               "cli.run()\n")
    proc = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
    assert proc.returncode == INTERNAL_ERROR
    assert "internal error: ZeroDivisionError: a bug" in proc.stderr and "Traceback" not in proc.stderr
    assert "README.md, 'Reporting a problem'" in proc.stderr
    assert "## Reporting a problem" in README.read_text(encoding="utf-8")
