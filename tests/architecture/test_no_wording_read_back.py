"""Nothing is inferred from a check's wording: `gpudoctor read` decides what is unknown from the probes' typed
`NotSeen` alone (CONTRIBUTING.md, "Facts not seen"). Read from the source with `ast`, and shown on a report."""

from __future__ import annotations

import ast
from pathlib import Path

from gpudoctor.engine import Report
from gpudoctor.model import CheckResult, Finding, NotSeen, Status, unknown
from gpudoctor.pasted.verdicts import commands_to_ask, judge_pasted

PASTED = Path(__file__).resolve().parents[2] / "gpudoctor" / "pasted"
# Modules that write a finding's words out (the Markdown report), never decide on them.
RENDERERS = {"markdown.py"}
WORDING = {"summary", "details"}


def _wording_read(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}  # pasted.summary() is a method
    return [f"{path.name}:{node.lineno} reads .{node.attr}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in WORDING and isinstance(node.ctx, ast.Load)
            and id(node) not in called]


def test_the_paste_wing_never_reads_a_findings_wording():
    read_back = [line for path in sorted(PASTED.glob("*.py")) if path.name not in RENDERERS
                 for line in _wording_read(path)]
    assert read_back == []


def _report(*findings: Finding) -> Report:
    result = CheckResult("t.check", "a check", Status.SKIP, findings, 0.0)
    return Report("0", {}, (result,), "2026-01-01T00:00:00Z", 0.0, "pasted")


def test_a_finding_worded_like_a_gap_keeps_its_verdict_and_words():
    """The wording the paste wing used to read back ("The snapshot holds no NVML answer.") is now only words."""
    said = Finding(Status.FAIL, "The snapshot holds no NVML answer.", ("recorded without NVML data",))
    (result,) = judge_pasted(_report(said)).results
    assert result.findings == (said,) and commands_to_ask(judge_pasted(_report(said))) == []


def test_a_typed_unknown_is_asked_of_the_paste_with_what_would_show_it():
    gap = NotSeen("the kernel log was not recorded", "sudo dmesg")
    report = judge_pasted(_report(unknown(gap, "the Xid lines")))
    assert report.results[0].findings[0].summary == \
        "Unknown (the Xid lines): paste `sudo dmesg` (the kernel log was not recorded)."
    assert commands_to_ask(report) == [("sudo dmesg", ["t.check"])]
