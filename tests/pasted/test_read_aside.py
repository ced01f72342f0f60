"""A long paste is scanned for known failures in a forked child while `read` cleans and parses it
(pasted/command.py, _scan_aside): the same report as one process gives, and a child that dies leaves the scan
unknown, said as such, never "no known failures". Each `read` runs in a fresh process of its own, as a user's
does: one thread, so that it may fork (a test worker keeps the threads earlier tests left)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# nvidia-smi's table and a real Xid 79 with NVRM's wrapped lines, and an error line no signature knows
PASTE = ((FIXTURES / "pasted" / "ollama-835-nvidia-smi-2xT4.txt").read_text(encoding="utf-8")
         + (FIXTURES / "raw" / "under_driver" / "gpuburn1_dmesg.txt").read_text(encoding="utf-8")
         + "RuntimeError: the flux capacitor failed to engage\n")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform: a paste is scanned in one process")

# `gpudoctor read --json PATH` with the scan aside, and the matcher's text read in two halves, from ASIDE_FROM
# characters on; with DIE, the scan's child ends at once (os._exit), and the parent must never run it itself. Prints whether the scan went aside, then the report.
READ = """
import os, sys
from gpudoctor.cli import main
from gpudoctor.pasted import command
from gpudoctor.knowledge import matcher
command.SCAN_ASIDE_FROM = matcher.PARALLEL_FROM = int(sys.argv[2])  # the matcher's two halves too
started, start_forked, parent = [], command.start_forked, os.getpid()
command.start_forked = lambda work, timeout_s: started.append(1) or start_forked(work, timeout_s)
if sys.argv[3] == "DIE":
    command._scanned = lambda name, text: os._exit(3) if os.getpid() != parent else sys.exit("scanned in the parent")
try:
    main(["read", "--json", sys.argv[1]])
except SystemExit as done:
    print("ASIDE" if started else "IN PROCESS", done.code)
"""


def _read(tmp_path, aside_from: int, die: bool = False) -> tuple[str, dict]:
    """(how the scan ran, the JSON report's findings and reading of the paste, its times left out)."""
    path = tmp_path / "paste.txt"
    path.write_text(PASTE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", READ, str(path), str(aside_from), "DIE" if die else "-"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    report, last_line = done.stdout.rstrip("\n").rsplit("\n", 1)
    how, exit_code = last_line.rsplit(" ", 1)
    assert exit_code in ("0", "1"), done.stdout + done.stderr
    document = json.loads(report)
    checks = [{key: value for key, value in check.items() if key != "duration_s"} for check in document["checks"]]
    return how, {"checks": checks, "pasted": document["pasted"]}


def test_a_paste_scanned_aside_gives_the_report_one_process_gives(tmp_path):
    how_aside, aside = _read(tmp_path, 0)
    how_in_process, in_process = _read(tmp_path, 10 ** 12)
    assert (how_aside, how_in_process) == ("ASIDE", "IN PROCESS")
    assert aside == in_process
    assert "kernel.xid-79" in {s["code"] for s in aside["pasted"]["signatures"]}
    assert any("flux capacitor" in line for line in aside["pasted"]["not_recognised"])


def test_a_scan_whose_process_dies_is_unknown_not_clean(tmp_path):
    how, document = _read(tmp_path, 0, die=True)
    assert how == "ASIDE"
    assert "read.signatures" in document["pasted"]["unknown"]
    assert document["pasted"]["signatures"] == []
    result = next(r for r in document["checks"] if r["id"] == "read.signatures")
    assert "ended without an answer" in result["findings"][0]["summary"]
