"""The report of a paste: the checks' own results, with each typed unknown said as a request to whoever pasted.

What a paste does not show, the probes say themselves: a fact, or a field of one, that no pasted output answered
is `NotSeen` with the command or file that would show it, in the terms of the paste's platform (CONTRIBUTING.md,
"Facts not seen"); the engine reports each check that needed it as unknown. This module only words those
unknowns for the person who pasted, and counts which outputs would settle the most. It never reads a check's
wording, nor keeps a list of checks.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
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


# The checks of these areas (the first part of a check's id) judge one program's set-up: worth asking about only
# where the paste shows that program, by its name or by a known failure of its own (a signature's code). A helper
# asks the author of a PyTorch traceback for `nvidia-smi`, not for Ollama's journal or a container's cgroups.
AREAS_A_PASTE_MUST_SHOW = {
    "ollama": (re.compile(r"ollama", re.IGNORECASE), "ollama."),
    "container": (re.compile(r"docker|podman|containerd|kubectl|kubernetes|\bk8s\b|\bk3s\b|nvidia-ctk"
                             r"|nvidia-container|\bcompose\b|\bpods?\b|singularity|apptainer|enroot",
                             re.IGNORECASE), "containers."),
}


def areas_shown(lines: Callable[[], Iterable[str]], codes: list[str]) -> set[str]:
    """The areas of AREAS_A_PASTE_MUST_SHOW that the paste shows: a signature code of the area, or its words in one
    of the paste's `lines` (asked for only where no code settles it)."""
    shown = {area for area, (_, prefix) in AREAS_A_PASTE_MUST_SHOW.items()
             if any(code.startswith(prefix) for code in codes)}
    left = {area: words for area, (words, _) in AREAS_A_PASTE_MUST_SHOW.items() if area not in shown}
    for line in lines() if left else ():
        for area, words in list(left.items()):
            if words.search(line):
                shown.add(area)
                del left[area]
        if not left:
            break
    return shown


def commands_to_ask(report: Report, shown: frozenset[str] | set[str] = frozenset(),
                    most: int = 3) -> list[tuple[str, list[str]]]:
    """The commands whose output would settle the most unknown checks that bear on the paste (those of an area in
    AREAS_A_PASTE_MUST_SHOW only where it is `shown`): [(command, [check ids])]."""
    wanted: Counter[str] = Counter()
    checks: dict[str, list[str]] = {}
    for result in report.results:
        area = result.check_id.split(".", 1)[0]
        if area in AREAS_A_PASTE_MUST_SHOW and area not in shown:
            continue
        paste = next((f.evidence["shown_by"] for f in result.findings if is_unknown(f)), None)
        if paste:
            wanted[paste] += 1
            checks.setdefault(paste, []).append(result.check_id)
    return [(command, checks[command]) for command, _ in wanted.most_common(most)]
