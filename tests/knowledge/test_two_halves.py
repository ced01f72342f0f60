"""A long text is read in two halves at once (matcher.PARALLEL_FROM, gpudoctor/knowledge/forked.py): the matches,
their counts and their order must be those of one reading, wherever the border falls, and a child that fails or
hangs must cost time, never matches."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from gpudoctor.knowledge import forked, matcher
from gpudoctor.knowledge.matcher import CompiledCatalogue
from gpudoctor.knowledge.signatures import Signature

RAW = Path(__file__).resolve().parents[1] / "fixtures" / "raw"
HEALTHY = (RAW / "h100" / "t_dmesg.txt").read_text()
# A real NVRM message the driver wrapped over five lines, and a real Xid 79 after its GPU's lines.
MISMATCH = (RAW / "under_driver" / "nvidiaall394_mismatch.txt").read_text()
FALLEN = (RAW / "under_driver" / "gpuburn1_dmesg.txt").read_text()

# pytest-xdist's worker process keeps one thread of its own, blocked reading its controller's channel (execnet): it
# holds no lock the matcher's child takes, so these tests fork beside it. gpudoctor itself never forks beside one.
IN_XDIST_WORKER = "PYTEST_XDIST_WORKER" in os.environ
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here: a text is read in one go")


@pytest.fixture
def forking(monkeypatch):
    """The matcher reads in two halves only where the process may fork; a worker where other threads run (left by a
    test before) would read in one go and compare one reading with itself: such a test is skipped, not passed."""
    threads = forked._threads() if hasattr(os, "fork") else 0
    if IN_XDIST_WORKER and threads == 2:
        monkeypatch.setattr(forked, "_threads", lambda: 1)
    elif threads != 1:
        pytest.skip("no fork here, or other threads run in this process: a text is read in one go")


def _texts():
    """The two failures among healthy lines, the middle moved line by line across the wrapped message."""
    for filler in range(0, 14):
        yield HEALTHY * 3 + MISMATCH + FALLEN + HEALTHY * 2 + MISMATCH + "".join(HEALTHY.splitlines(True)[:filler])


def _read(text: str, parallel_from: int, monkeypatch) -> tuple:
    monkeypatch.setattr(matcher, "PARALLEL_FROM", parallel_from)
    return matcher.scan(text, "dmesg", kind="dmesg")


def test_two_halves_find_what_one_reading_finds(monkeypatch, forking):
    borders = set()
    for text in _texts():
        whole = _read(text, len(text) + 1, monkeypatch)
        assert {found.code for found in whole} >= {"kernel.api-mismatch", "kernel.xid-79"}
        assert _read(text, 0, monkeypatch) == whole
        borders.add(text.count("\n", 0, text.find("\n", len(text) // 2)))
    assert len(borders) > 5  # the border fell on many different lines, the wrapped message's among them


# One row keyed on the first line of the wrapped message and on its fourth: with the border between them, each half
# finds the message, by one pattern each, at the same line.
BOTH_ENDS = CompiledCatalogue((Signature(
    code="kernel.mismatch-both-ends", cause_id="driver-mismatch", severity="fail", cause="c", advice="a",
    action="none", kinds=("any",), sources=("https://example.org",), checked="2026-11-26",
    patterns=(r"API mismatch: the client", r"kernel module and all NVIDIA driver components")),))


def test_a_message_on_both_sides_of_the_border_counts_once(monkeypatch, forking):
    for filler in range(0, 12):
        text = MISMATCH * 3 + "".join(HEALTHY.splitlines(True)[:filler])
        monkeypatch.setattr(matcher, "PARALLEL_FROM", len(text) + 1)
        whole = matcher.scan(text, "dmesg", table=BOTH_ENDS)
        assert [found.count for found in whole] == [3]
        monkeypatch.setattr(matcher, "PARALLEL_FROM", 0)
        assert matcher.scan(text, "dmesg", table=BOTH_ENDS) == whole


def test_a_failed_child_leaves_the_work_to_this_process(monkeypatch):
    text = HEALTHY * 2 + FALLEN + HEALTHY * 2
    whole = _read(text, len(text) + 1, monkeypatch)
    monkeypatch.setattr(matcher, "can_fork", lambda: True)
    monkeypatch.setattr(matcher, "start_forked", lambda work, timeout_s: lambda: None)
    assert _read(text, 0, monkeypatch) == whole


@needs_fork
def test_the_child_sends_its_result_back():
    assert forked.start_forked(lambda: {"lines": [1, 2, 3]}, timeout_s=30)() == {"lines": [1, 2, 3]}


@needs_fork
def test_a_child_that_raises_gives_none():
    assert forked.start_forked(lambda: 1 / 0, timeout_s=30)() is None


@needs_fork
def test_a_child_past_its_timeout_is_stopped():
    started = time.monotonic()
    assert forked.start_forked(lambda: time.sleep(30), timeout_s=0.3)() is None
    assert time.monotonic() - started < 10


# WSL 2's kernel names itself on dmesg's first line; CUDA's unknown error means a Windows-side fix there.
WSL_KERNEL = "[    0.000000] Linux version 5.15.90.1-microsoft-standard-WSL2 (oe-user@oe-host) (gcc (GCC) 11.2.0)\n"
UNKNOWN_ERROR = "RuntimeError: CUDA error: unknown error\n"


@pytest.mark.parametrize("marker_first", [True, False])
def test_a_context_shown_in_one_half_reads_a_line_of_the_other(monkeypatch, marker_first, forking):
    """Each half searches the contexts its own matches need; one whose sign is in the other half is still found."""
    first, second = (WSL_KERNEL, UNKNOWN_ERROR) if marker_first else (UNKNOWN_ERROR, WSL_KERNEL)
    text = first + HEALTHY * 4 + second
    whole = _read(text, len(text) + 1, monkeypatch)
    assert [found.code for found in whole] == ["wsl.cuda-unknown-error"]
    assert _read(text, 0, monkeypatch) == whole
    without = HEALTHY * 4 + UNKNOWN_ERROR
    assert [found.code for found in _read(without, 0, monkeypatch)] == ["cuda.unknown-error"]
