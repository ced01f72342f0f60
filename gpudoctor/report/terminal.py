"""The terminal report, in the spirit of `flutter doctor`: a header, one line per check, what next.

The lines are built once, each with its hanging indent; they are wrapped to the terminal's width
and coloured with click.style (gpudoctor/report/console.py says when, and why not rich).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TextIO

from gpudoctor.engine import Report
from gpudoctor.model import Status, is_unknown
from gpudoctor.report.console import colour_wanted, output_width, styled, wrapped
from gpudoctor.report.json_report import headline
from gpudoctor.report.printable import printable

_MARKS = {Status.PASS: "✓", Status.WARN: "!", Status.FAIL: "✗", Status.SKIP: "-", Status.ERROR: "✗"}
_ASCII_MARKS = {Status.PASS: "ok", Status.WARN: "!!", Status.FAIL: "XX", Status.SKIP: "--", Status.ERROR: "ER"}
_STYLES = {Status.PASS: "green", Status.WARN: "yellow", Status.FAIL: "red", Status.SKIP: "dim", Status.ERROR: "magenta"}


@dataclass(frozen=True)
class Line:
    text: str
    style: str = ""
    indent: int = 0  # where a wrapped line's continuation starts (a hanging indent)


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


def _gpus_not_pasted(report: Report) -> bool:
    """Whether a paste left the GPU count unknown: gpu.count asks for an output instead of judging, or is
    left out of the report as unknown."""
    count = next((r for r in report.results if r.check_id == "gpu.count"), None)
    return count is None or any(f.evidence.get("unknown") or f.evidence.get("paste") for f in count.findings)


def _inventory(report: Report) -> str:
    """The header's second line: the driver, and how many GPUs (or why that is not known)."""
    host = report.host
    if host.get("driver_version"):
        driver = f"NVIDIA driver {host['driver_version']}"
        if host.get("cuda_driver_version"):
            driver += f" (supports CUDA {host['cuda_driver_version']})"
    elif host.get("no_gpu_attached"):
        driver = "no NVIDIA GPU attached"
    elif report.source == "pasted" and not host.get("nvml_error"):  # GPUs pasted (topo -m), no driver version
        driver = "the driver version is not in the paste"
    else:
        driver = "no usable NVIDIA driver"
    gpus = host.get("gpus") or []
    if (host.get("platform") or {}).get("kind") == "macos" and not gpus:  # not "0 GPUs": none could be used here
        return "NVIDIA's driver and CUDA do not run on macOS: no check applies here"
    if report.source == "pasted" and not gpus and _gpus_not_pasted(report):  # unknown, never "no driver", "0 GPUs"
        return (f"{driver} · the GPUs are not in the paste" if host.get("driver_version")
                else "the driver and GPUs are not in the paste")
    return f"{driver} · {len(gpus)} GPU{'s' if len(gpus) != 1 else ''}"


def _header(report: Report) -> list[Line]:
    host = report.host
    platform = (host.get("platform") or {}).get("label") or "unknown platform"
    lines = [Line(f"gpudoctor {report.gpudoctor_version} · {platform}{_machine_size(host)}", "bold", indent=2)]
    if host.get("container"):
        lines.append(Line(f"in a {host['container']['line']}" if host["container"]["confidence"] == "confirmed"
                          else host["container"]["line"], "dim"))
    lines.append(Line(_inventory(report)))
    for gpu in host.get("gpus") or []:
        memory = f"{gpu['memory_mib']} MiB" if gpu.get("memory_mib") is not None else "memory not seen"
        lines.append(Line(f"  GPU {gpu['index']}  {gpu['name']}  {memory}  {gpu.get('bus_id') or ''}".rstrip(), "dim"))
    return lines + [Line("")]


def _machine_size(host: dict) -> str:
    """' · 32 CPUs, 251.8 GiB RAM': what a model that does not fit the GPUs spills into."""
    platform = host.get("platform") or {}
    parts = []
    if platform.get("logical_cpus"):
        parts.append(f"{platform['logical_cpus']} CPUs")
    if platform.get("memory_bytes"):
        parts.append(f"{platform['memory_bytes'] / 2**30:.1f} GiB RAM")
    return f" · {', '.join(parts)}" if parts else ""


def report_lines(report: Report, *, verbose: bool, marks: dict[Status, str] = _MARKS,
                 not_shown_unknown: tuple[str, ...] = ()) -> list[Line]:
    """The report's lines; `not_shown_unknown` names checks left out of `report` because nothing of them
    could be judged (`read` lists them after the report): the closing line counts them."""
    lines = _header(report)
    shown = [r for r in report.results if verbose or r.status is not Status.SKIP]
    width = max((len(r.check_id) for r in shown), default=0)
    roots = {r.check_id for r in report.results if r.status.rank >= Status.WARN.rank}
    lines.extend(_start_here(report, roots, marks))
    for result in shown:
        lines.extend(_result_lines(result, width, roots, marks, verbose))
    skipped = [r.check_id for r in report.results if r.status is Status.SKIP]
    if skipped and not verbose:
        families = _families(skipped, [r.check_id for r in report.results])
        lines.append(Line(f"[{marks[Status.SKIP]}] {len(skipped)} skipped: {families} "
                          "(-v says why)", _STYLES[Status.SKIP], indent=4))
    lines.append(Line(""))
    lines.extend(_closing(report, not_shown_unknown))
    return lines


def _result_lines(result, width: int, roots: set[str], marks: dict[Status, str], verbose: bool) -> list[Line]:
    """One check: its line (the headline finding's summary), then the other findings worth showing."""
    lead = headline(result)
    head = f"[{marks[result.status]}] {result.check_id.ljust(width)}  "
    lines = [Line(head + _summary(lead, result.check_id, roots), _STYLES[result.status], indent=len(head))]
    for finding in result.findings:
        lines.extend(_finding_lines(finding, finding is lead, result.check_id, roots, marks, verbose))
    return lines


def _finding_lines(finding, is_lead: bool, check_id: str, roots: set[str], marks: dict[Status, str],
                   verbose: bool) -> list[Line]:
    """A finding under its check: its summary (the headline's is on the check's line), its details and its
    fix where it is a problem of its own; a consequence of another check's failure is told there."""
    problem = finding.status.rank >= Status.WARN.rank
    consequence = _follows(finding, check_id, roots)
    lines = []
    if not is_lead and (verbose or problem):
        lines.append(Line(f"    {marks[finding.status]} {_summary(finding, check_id, roots)}",
                          _STYLES[finding.status], indent=6))
    if verbose or (is_lead and problem and not consequence):
        lines.extend(Line(f"      {detail}", "dim" if verbose else "", indent=6) for detail in finding.details)
    if finding.fix and problem and not consequence:
        lines.append(Line(f"      fix: {finding.fix}", "cyan", indent=11))
    return lines


def _follows(finding, check_id: str, roots: set[str]) -> bool:
    """A consequence of another check's failure in this report: told there in full, here in one line."""
    return bool(finding.caused_by) and finding.caused_by != check_id and finding.caused_by in roots


def _summary(finding, check_id: str, roots: set[str]) -> str:
    if _follows(finding, check_id, roots):
        return f"{finding.summary} (follows from {finding.caused_by}: see there)"
    return finding.summary


# The report names at most this many root causes above the list: the worst first.
_MOST_ROOT_CAUSES = 3


def _start_here(report: Report, roots: set[str], marks: dict[Status, str]) -> list[Line]:
    """The root causes first: each problem that follows from no other, with its fix and how many of the
    report's other problems it explains. Nothing when the report has one problem or none: the list
    itself then starts with it."""
    problems = [r for r in report.results if r.status.rank >= Status.WARN.rank]
    causes = [r for r in problems if not _follows(headline(r), r.check_id, roots)]
    if len(problems) < 2 or not causes:
        return []
    followers = {r.check_id: sum(1 for p in problems if p is not r and headline(p).caused_by == r.check_id)
                 for r in causes}
    # What explains most of the report first, then the worst; report order otherwise (the sort is stable).
    causes.sort(key=lambda r: (-followers[r.check_id], -r.status.rank))
    lines = []
    for result in causes[:_MOST_ROOT_CAUSES]:
        lead, count = headline(result), followers[result.check_id]
        text = f"Start here: [{marks[result.status]}] {result.check_id}: {lead.summary.rstrip()}"
        text += "" if text.endswith((".", "!", "?")) else "."
        if lead.fix:
            text += f" Fix: gpudoctor fix {lead.fix}."
        if count:
            text += f" ({count} other finding{'s' if count > 1 else ''} below follow{'s' if count == 1 else ''} from it.)"
        lines.append(Line(text, "bold", indent=12))
    if len(causes) > _MOST_ROOT_CAUSES:
        lines.append(Line(f"            and {len(causes) - _MOST_ROOT_CAUSES} more problems below.", "bold"))
    return lines + [Line("")]


def _families(check_ids: list[str], all_ids: list[str]) -> str:
    """'ollama.*, gpu.errors, gpu.health' for skipped ids: a prefix folds to `prefix.*` only when every
    check of that family in the report was skipped, so the pattern never covers a check shown above."""
    by_prefix: dict[str, list[str]] = {}
    for check_id in check_ids:
        by_prefix.setdefault(check_id.split(".")[0], []).append(check_id)
    family_size = {prefix: sum(1 for i in all_ids if i.split(".")[0] == prefix) for prefix in by_prefix}
    return ", ".join(f"{prefix}.*" if len(ids) > 1 and len(ids) == family_size[prefix] else ", ".join(ids)
                     for prefix, ids in by_prefix.items())


def _plural(count: int, word: str, words: str) -> str:
    return word if count == 1 else words


def _tally(report: Report) -> str:
    """'1 failed, 2 warnings, 30 passed': how many checks ended in each status, the worst first."""
    counts = [(report.count(Status.FAIL), "failed", "failed"), (report.count(Status.ERROR), "error", "errors"),
              (report.count(Status.WARN), "warning", "warnings"), (report.count(Status.PASS), "passed", "passed"),
              (report.count(Status.SKIP), "skipped", "skipped")]
    return ", ".join(f"{n} {_plural(n, one, many)}" for n, one, many in counts if n)


def _closing(report: Report, not_shown_unknown: tuple[str, ...] = ()) -> list[Line]:
    tally = _tally(report)
    if all(r.status is Status.SKIP for r in report.results):
        return [Line(f"Nothing could be judged here: every selected check was skipped ({tally or 'no check'}); "
                     "-v says why.", "bold yellow")]
    unknown = [*not_shown_unknown, *(r.check_id for r in report.results if any(is_unknown(f) for f in r.findings))]
    if report.status.rank < Status.WARN.rank and unknown:
        # "No issues found" only where every check had its facts: unknown is a state, not a pass.
        return [Line(f"No issue in what could be seen ({tally}), but facts were missing for {len(unknown)} "
                     f"{_plural(len(unknown), 'check', 'checks')}: "
                     f"{_families(unknown, [*not_shown_unknown, *(r.check_id for r in report.results)])}"
                     f"{'' if not_shown_unknown else ' (-v says what would settle each)'}.", "bold yellow")]
    if report.status.rank < Status.WARN.rank:
        return [Line(f"No issues found ({tally}).", "bold green")]
    return _issues_found(report, tally, unknown, not_shown_unknown)


def _issues_found(report: Report, tally: str, unknown: list[str], not_shown_unknown: tuple[str, ...]) -> list[Line]:
    fixable = any(r.has_fix and r.status.rank >= Status.WARN.rank for r in report.results)
    advice = "`gpudoctor explain ID` tells more about a check"
    if fixable:
        advice = "run `gpudoctor fix` to see the fixes; " + advice
    style = "bold red" if report.status.rank >= Status.FAIL.rank else "bold yellow"
    lines = [Line(f"Issues found: {tally}.", style)]
    if unknown:  # a pass beside them covers only what could be seen: say what could not
        families = _families(unknown, [*not_shown_unknown, *(r.check_id for r in report.results)])
        lines.append(Line(f"Facts were missing for {len(unknown)} {_plural(len(unknown), 'check', 'checks')}: "
                          f"{families}{'' if not_shown_unknown else ' (-v says what would settle each)'}.", "yellow"))
    return [*lines, Line(f"Next: {advice}.", indent=6)]


def print_report(report: Report, *, verbose: bool = False, stream: TextIO | None = None,
                 width: int | None = None, not_shown_unknown: tuple[str, ...] = ()) -> None:
    """Print the report; long lines wrap to `width` (default: $COLUMNS, else the terminal's width, else 80
    for a file or a pipe, as every other command and rich and click do)."""
    stream = stream or sys.stdout
    marks = _MARKS if _can_encode(stream, "".join(_MARKS.values())) else _ASCII_MARKS
    width = width if width is not None else output_width(stream)
    colour = colour_wanted(stream)
    out = []
    for line in report_lines(report, verbose=verbose, marks=marks, not_shown_unknown=not_shown_unknown):
        # Recorded text (GPU names, log lines) may carry escape sequences: never send them to a terminal.
        for piece in wrapped(printable(line.text), width, line.indent):
            out.append(styled(piece, line.style) if colour and line.style and piece else piece)
    write_safely(stream, "\n".join(out) + "\n")


def write_safely(stream: TextIO, text: str) -> None:
    """Write text that a legacy console code page cannot encode, replacing what it lacks."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    stream.write(text.encode(encoding, errors="replace").decode(encoding, errors="replace"))
