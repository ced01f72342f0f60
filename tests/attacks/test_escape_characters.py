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


# Every escape class: CSI (7- and 8-bit), OSC 52 writing the clipboard, OSC 8 link, C1 controls, bidi
# override and isolate, a NUL; and markup for the pages.
EVERY_CLASS = ("\x1b[2J\x1b[31m \x9b2J \x1b]52;c;Y2FsYy5leGU=\x07 \x1b]8;;http://x\x1b\\ \x9d0;t\x9c \x85\x90"
               " \u202eevil\u202c \u2066x\u2069 \x00 <script>alert(1)</script>")


def _raw_controls(text: str) -> list[str]:
    return [c for c in text if (ord(c) < 0x20 and c not in "\n") or 0x7F <= ord(c) < 0xA0
            or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]


def _gpudoctor(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True,
                          timeout=60, **kwargs)


def _hostile_snapshot(tmp_path) -> Path:
    document = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for call in document["calls"]:
        if call["args"][:2] == ["nvmlDeviceGetName", 0]:
            call["answer"]["value"] = "NVIDIA H200 " + EVERY_CLASS
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_every_output_of_check_read_and_merge_carries_no_raw_escape(tmp_path):
    snapshot = _hostile_snapshot(tmp_path)
    outputs = []
    for args in (("check", "-v"), ("check", "--json"), ("check", "--format", "markdown"),
                 ("check", "--format", "prom"), ("check", "--format", "npd"), ("fix",), ("fix", "--json")):
        proc = _gpudoctor(*args, "--from", str(snapshot))
        assert proc.returncode in (0, 1, 2), proc.stderr
        outputs.append((args, proc.stdout + proc.stderr))
    report = json.loads(_gpudoctor("check", "--json", "--from", str(snapshot)).stdout)
    assert report["host"]["gpus"][0]["name"] == "NVIDIA H200 " + EVERY_CLASS  # JSON escapes it, loses nothing
    fleet = tmp_path / "fleet"
    fleet.mkdir()
    report["host"]["node"]["fingerprint"] = EVERY_CLASS
    report["host"]["node"]["hostname"] = "node " + EVERY_CLASS
    (fleet / "a.json").write_text(json.dumps(report), encoding="utf-8")
    (fleet / "b.json").write_text("{" + EVERY_CLASS, encoding="utf-8")
    for view in ((), ("--json",), ("--format", "markdown"), ("--html", str(tmp_path / "fleet.html"))):
        proc = _gpudoctor("merge", str(fleet), *view)
        outputs.append((("merge", *view), proc.stdout + proc.stderr))
    paste = (Path(__file__).parents[1] / "fixtures" / "pasted" / "h100x1" / "smi.txt").read_text()
    paste = paste.replace("NVIDIA H100", "NVIDIA H100 " + EVERY_CLASS, 1) + "\n" + EVERY_CLASS + "\n"
    for args in (("read",), ("read", "--json"), ("read", "--format", "markdown")):
        proc = _gpudoctor(*args, input=paste)
        outputs.append((args, proc.stdout + proc.stderr))
    corrupt = tmp_path / ("corrupt" + "\x1b]52;c;eA==\x07" + ".json")
    corrupt.write_text('{"format": "' + EVERY_CLASS + '"}')
    proc = _gpudoctor("check", "--from", str(corrupt))
    outputs.append((("corrupt snapshot",), proc.stdout + proc.stderr))
    for args, text in outputs:
        assert not _raw_controls(text), (args, _raw_controls(text))
        assert "Traceback" not in text, args
    page = (tmp_path / "fleet.html").read_text(encoding="utf-8")
    assert "<script>" not in page and not _raw_controls(page)
    assert "&lt;script&gt;" in page
