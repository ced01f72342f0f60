"""Escape and control characters from recorded data (a GPU name, a log line) never reach the terminal
raw, and never make the JUnit XML invalid; a lone surrogate in a snapshot is bad input."""

import io
import json
import subprocess
import sys
import xml.dom.minidom
from pathlib import Path

from gpudoctor.report.junit import render_junit
from gpudoctor.report.printable import printable
from gpudoctor.report.terminal import print_report

from hosts import HostBuilder, run

HOSTILE_NAME = "NVIDIA H200\x1b]0;owned\x07\x1b[2J\x00\u202eevil\x9b"
FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"


def _report():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    builder.set_nvml("nvmlDeviceGetName", 0, value=HOSTILE_NAME)
    return run(builder.host())


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def _assert_no_controls(text: str) -> None:
    bad = [c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7F <= ord(c) < 0xA0 or c == "\u202e"]
    assert not bad, bad


def test_terminal_report_shows_escapes_instead_of_sending_them(monkeypatch):
    report = _report()
    for stream in (io.StringIO(), _Terminal()):  # plain text, and through rich on a terminal
        monkeypatch.delenv("NO_COLOR", raising=False)
        print_report(report, verbose=True, stream=stream)
        text = stream.getvalue()
        if isinstance(stream, _Terminal):  # rich adds its own colour sequences: look at the name's line only
            text = next(line for line in text.splitlines() if "H200" in line and "GPU 0" in line)
            text = text.replace("\x1b[2m", "").replace("\x1b[0m", "")
        _assert_no_controls(text)
        assert "NVIDIA H200\\x1b]0;owned\\x07\\x1b[2J\\x00\\u202eevil\\x9b" in text


def test_junit_with_control_characters_is_well_formed_xml():
    xml.dom.minidom.parseString(render_junit(_report()).encode("utf-8"))


def test_printable_keeps_ordinary_text():
    assert printable("GPU 0  NVIDIA GeForce RTX 4090 — 24 GiB ✓\nnext") == "GPU 0  NVIDIA GeForce RTX 4090 — 24 GiB ✓\nnext"


def test_a_lone_surrogate_in_a_snapshot_is_bad_input(tmp_path):
    text = FIXTURE.read_text(encoding="utf-8")
    document = json.loads(text)
    for call in document["calls"]:
        if call["args"][:2] == ["nvmlDeviceGetName", 0]:
            call["answer"]["value"] = "NVIDIA SURROGATE"
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(document).replace("NVIDIA SURROGATE", "NVIDIA \\ud800"), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "check", "--from", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "no character" in proc.stderr and "Traceback" not in proc.stderr
