"""A long paste is scanned for known failures in a forked child while `read` cleans and parses it
(pasted/command.py, _scan_aside): the same report as one process gives, and a child that dies leaves the scan
unknown, said as such, never "no known failures"."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.knowledge import forked
from gpudoctor.pasted import command

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# nvidia-smi's table and a real Xid 79 with NVRM's wrapped lines, and an error line no signature knows
PASTE = ((FIXTURES / "pasted" / "ollama-835-nvidia-smi-2xT4.txt").read_text(encoding="utf-8")
         + (FIXTURES / "raw" / "under_driver" / "gpuburn1_dmesg.txt").read_text(encoding="utf-8")
         + "RuntimeError: the flux capacitor failed to engage\n")

# pytest-xdist's worker keeps one thread of its own (execnet), which holds no lock the child takes: the tests fork
# beside it. A process where other threads run (left by a test before, in the same worker) is not forked in.
IN_XDIST_WORKER = "PYTEST_XDIST_WORKER" in os.environ


@pytest.fixture
def forking(monkeypatch):
    """The scan goes aside only where the process can fork, as in `gpudoctor read`."""
    threads = forked._threads() if hasattr(os, "fork") else 0
    if IN_XDIST_WORKER and threads == 2:
        monkeypatch.setattr(forked, "_threads", lambda: 1)
    elif threads != 1:
        pytest.skip("no fork here, or other threads run in this process: a paste is scanned in one process")


def _read_json(tmp_path, aside_from: int, monkeypatch) -> dict:
    """The JSON report's findings and its reading of the paste (its times and timings left out)."""
    monkeypatch.setattr(command, "SCAN_ASIDE_FROM", aside_from)
    path = tmp_path / "paste.txt"
    path.write_text(PASTE, encoding="utf-8")
    result = CliRunner().invoke(main, ["read", "--json", str(path)])
    assert result.exit_code in (0, 1), result.output
    document = json.loads(result.output)
    checks = [{key: value for key, value in check.items() if key != "duration_s"} for check in document["checks"]]
    return {"checks": checks, "pasted": document["pasted"]}


def test_a_paste_scanned_aside_gives_the_report_one_process_gives(tmp_path, monkeypatch, forking):
    started = []
    start_forked = command.start_forked
    monkeypatch.setattr(command, "start_forked", lambda work, timeout_s: started.append(1) or start_forked(work, timeout_s))
    aside = _read_json(tmp_path, 0, monkeypatch)
    assert started, "the scan did not go aside"
    in_process = _read_json(tmp_path, 10 ** 12, monkeypatch)
    assert aside == in_process
    assert "kernel.xid-79" in {s["code"] for s in aside["pasted"]["signatures"]}
    assert any("flux capacitor" in line for line in aside["pasted"]["not_recognised"])


def test_a_scan_whose_process_dies_is_unknown_not_clean(tmp_path, monkeypatch, forking):
    test_process = os.getpid()

    def dying(name, text):
        if os.getpid() == test_process:
            pytest.fail("the paste was scanned in the test's own process, not aside")
        os._exit(3)

    monkeypatch.setattr(command, "_scanned", dying)
    document = _read_json(tmp_path, 0, monkeypatch)
    assert "read.signatures" in document["pasted"]["unknown"]
    assert document["pasted"]["signatures"] == []
    result = next(r for r in document["checks"] if r["id"] == "read.signatures")
    assert "ended without an answer" in result["findings"][0]["summary"]
