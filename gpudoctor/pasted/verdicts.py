"""The report of a paste: the checks' own results, with each typed unknown said as a request to whoever pasted.

What a paste does not show, the probes say themselves: a fact, or a field of one, that no pasted output answered
is `NotSeen` with the command or file that would show it, in the terms of the paste's platform (CONTRIBUTING.md,
"Facts not seen"); the engine reports each check that needed it as unknown. This module only words those
unknowns for the person who pasted, and counts which outputs would settle the most. It never reads a check's
wording, nor keeps a list of checks.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gpudoctor.engine import Report
from gpudoctor.model import CheckResult, is_unknown


def _asked_of_the_paste(result: CheckResult) -> CheckResult:
    """A typed unknown, said as a request to whoever pasted: which output to paste, and why."""
    findings = tuple(
        replace(f, summary=f"Unknown{f' ({judges})' if (judges := f.evidence.get('judges')) else ''}: paste "
                           f"`{f.evidence['shown_by']}` ({f.evidence['reason']}).", details=())
        if is_unknown(f) else f for f in result.findings)
    return replace(result, findings=findings)


def judge_pasted(report: Report, extra: tuple[CheckResult, ...] = ()) -> Report:
    """The report with its unknowns asked of the paste, and `extra` results (conflicts, known error lines) first."""
    return replace(report, results=(*extra, *(_asked_of_the_paste(r) for r in report.results)), source="pasted")


def commands_to_ask(report: Report, most: int = 3) -> list[tuple[str, list[str]]]:
    """The commands whose output would settle the most unknown checks: [(command, [check ids])]."""
    wanted: Counter[str] = Counter()
    checks: dict[str, list[str]] = {}
    for result in report.results:
        paste = next((f.evidence["shown_by"] for f in result.findings if is_unknown(f)), None)
        if paste:
            wanted[paste] += 1
            checks.setdefault(paste, []).append(result.check_id)
    return [(command, checks[command]) for command, _ in wanted.most_common(most)]
