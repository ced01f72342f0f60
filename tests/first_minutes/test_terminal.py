"""The terminal report on real terminals: wrapped with a hanging indent, colour as the user asked."""

from __future__ import annotations

import io

import pytest
from hosts import HostBuilder, run

from gpudoctor.report.terminal import print_report

H200 = "linux-2xh200-nvlink.json"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture(scope="module")
def report():
    return run(HostBuilder.from_fixture(H200).host())


def _print(report, stream=None, **kwargs) -> str:
    stream = stream if stream is not None else Terminal()
    print_report(report, stream=stream, **kwargs)
    return stream.getvalue()


def _longest_word(text: str) -> int:
    return max(len(word) for word in text.split())


@pytest.mark.parametrize("columns", [80, 60])
def test_lines_wrap_to_the_terminal_with_a_hanging_indent(report, monkeypatch, columns):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(columns))
    text = _print(report)
    lines = text.splitlines()
    assert all(len(line) <= columns or " " not in line.strip() for line in lines), \
        [line for line in lines if len(line) > columns]
    # the summary of pcie.link continues under its own first word, not at the margin
    first = next(i for i, line in enumerate(lines) if line.startswith("[✓] pcie.link"))
    column = lines[first].index("2 GPUs with full PCIe links")
    assert lines[first + 1].startswith(" " * column) and lines[first + 1][column] != " "
    assert "(63.0 GB/s per direction)" in " ".join(line.strip() for line in lines[first:first + 3])


def test_a_file_or_pipe_wraps_at_columns_else_80(report, monkeypatch):
    """Not a terminal: $COLUMNS when set, else 80, as rich and click assume (and gpudoctor's other commands)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    piped = _print(report, io.StringIO()).splitlines()
    monkeypatch.setenv("COLUMNS", "1000")
    whole = _print(report, io.StringIO()).splitlines()
    assert max(len(line) for line in whole) > 100
    assert max(len(line) for line in piped if " " in line.strip()) <= 80 and len(piped) > len(whole)
    assert " ".join(" ".join(piped).split()) == " ".join(" ".join(whole).split())  # cut at spaces, nothing lost


@pytest.mark.parametrize(("env", "tty", "coloured"), [
    ({"NO_COLOR": ""}, True, True),  # an empty NO_COLOR does not count (no-color.org)
    ({"NO_COLOR": "1"}, True, False),
    ({"FORCE_COLOR": "1"}, False, True),  # CI logs that render ANSI
    ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),
    ({"TERM": "dumb"}, True, False),
    ({"TERM": "xterm-256color"}, True, True),
    ({}, False, False),
])
def test_colour_follows_no_color_force_color_and_term(report, monkeypatch, env, tty, coloured):
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    text = _print(report, Terminal() if tty else io.StringIO())
    assert ("\x1b[" in text) is coloured
    assert "[✓] gpu.count" in text.replace("\x1b[32m", "").replace("\x1b[0m", "")


def test_header_shows_the_machines_cpus_and_memory(report, monkeypatch):
    # psutil's virtual_memory().total, recorded on the two-H200 host: 270334464000 bytes.
    monkeypatch.setenv("NO_COLOR", "1")
    first = _print(report, io.StringIO()).splitlines()[0]
    assert first.endswith(" · 32 CPUs, 251.8 GiB RAM")
    assert report.host["platform"]["memory_bytes"] == 270334464000
