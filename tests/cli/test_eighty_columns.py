"""Every command's terminal output, rendered from the recorded fixtures at 80 columns, fits them.

Errors (stderr) stay one line by design (gpudoctor/errors.py), so only standard output is measured.
The one allowance: a line that is a single word (a URL, a script's full path) cannot be cut
without breaking it, so it stands alone on its line, however long it is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.registry import load_registry

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
HOSTS = sorted((FIXTURES / "hosts").glob("*.json"))
PASTES = sorted(p for p in (FIXTURES / "pasted").rglob("*.txt"))
DEEP_HOST = FIXTURES / "hosts" / "linux-2xh200-nvlink-deep.json"
COLUMNS = 80


def _invoke(*args: str):
    return CliRunner(env={"COLUMNS": str(COLUMNS), "NO_COLOR": "1"}).invoke(main, list(args))


def _too_wide(output: str) -> list[str]:
    return [line for line in output.splitlines() if len(line) > COLUMNS and len(line.split()) > 1]


def _command_lines() -> list[tuple[str, ...]]:
    commands = [(), ("check",), ("read",), ("fix",), ("merge",), ("list",), ("explain",), ("snapshot",),
                ("baseline",), ("baseline", "record")]
    helps = [(*command, "--help") for command in commands]
    registry = load_registry()
    explains = [("explain", item) for item in [*(c.id for c in registry.checks), *load_catalog()]]
    hosts = [(verb, *flags, "--from", str(path)) for path in HOSTS
             for verb, *flags in (("check",), ("check", "-v"), ("fix",))]
    pastes = [("read", "-v", str(path)) for path in PASTES]
    return [*helps, ("list",), *explains, *hosts, *pastes]


@pytest.mark.parametrize("args", _command_lines(), ids=" ".join)
def test_the_output_fits_80_columns(args):
    out = _invoke(*args)
    assert out.exception is None or isinstance(out.exception, SystemExit), out.output
    assert _too_wide(out.stdout) == []


# Hosts whose report has lines far wider than 80 columns unwrapped: NVLink pairs, WSL, a container.
PIPED_HOSTS = ("linux-2xh200-nvlink-deep.json", "wsl2-linux-driver.json", "container-docker-1of2-gpus.json")


@pytest.mark.parametrize("name", PIPED_HOSTS)
def test_a_piped_check_wraps_at_80_columns_when_columns_is_not_set(name):
    """A pipe or a file has no width: `check` wraps at 80, as rich and click do; its JSON stays whole."""
    path = str(FIXTURES / "hosts" / name)
    piped = CliRunner(env={"COLUMNS": None, "NO_COLOR": "1"})
    wide = CliRunner(env={"COLUMNS": "1000", "NO_COLOR": "1"})
    report, unwrapped = (runner.invoke(main, ["check", "-v", "--from", path]).stdout for runner in (piped, wide))
    assert max(map(len, unwrapped.splitlines())) > COLUMNS and _too_wide(report) == []
    assert report.split() == unwrapped.split()  # cut at spaces only
    as_json = piped.invoke(main, ["check", "--json", "--from", path]).stdout
    assert json.loads(as_json)["checks"] and max(map(len, as_json.splitlines())) > COLUMNS


def test_a_failure_signature_fits_80_columns_but_its_patterns_and_log_line():
    """A regular expression or a log line cut at a space would read as two: they stand whole. Each row is
    rendered as `explain` renders it (one row through the command itself: the command loads every check
    first, ~15 ms a row over the whole catalogue)."""
    from gpudoctor.describe import explain_signature
    from gpudoctor.knowledge.signatures import catalogue

    rows = catalogue()
    assert _invoke("explain", rows[0].code).stdout == explain_signature(rows[0], COLUMNS) + "\n"
    for signature in rows:
        text = explain_signature(signature, COLUMNS)
        lines = text.splitlines()
        example = lines[lines.index("Example:") + 1] if "Example:" in lines else None
        whole = {f"  {pattern}" for pattern in signature.patterns} | {example}
        assert [line for line in _too_wide(text) if line not in whole] == [], signature.code


def test_the_merged_view_fits_80_columns(tmp_path):
    for path in HOSTS:
        _invoke("check", "--from", str(path), "-o", str(tmp_path / path.name))
    out = _invoke("merge", str(tmp_path))
    assert "Configurations" in out.output
    assert _too_wide(out.stdout) == []


def test_a_wider_terminal_is_used_and_a_narrow_one_is_honoured():
    wide = CliRunner(env={"COLUMNS": "200"}).invoke(main, ["list"]).output.splitlines()
    narrow = CliRunner(env={"COLUMNS": "60"}).invoke(main, ["explain", "p2p.bandwidth"]).output.splitlines()
    assert len(wide) == len(load_registry().checks) + 1 and max(map(len, wide)) > COLUMNS
    assert all(len(line) <= 60 for line in narrow if len(line.split()) > 1)


def test_a_recorded_baseline_fits(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = _invoke("baseline", "record", "--from", str(DEEP_HOST), "-o", "baseline.json")
    assert out.exit_code == 0 and "GB/s" in out.stdout
    assert _too_wide(out.stdout) == []
