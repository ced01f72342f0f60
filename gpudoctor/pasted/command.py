"""`gpudoctor read [FILE ...]`: judge what someone pasted, with the checks of `gpudoctor check`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any, Callable, Iterator

from gpudoctor.engine import Options, Report, run_checks
from gpudoctor.model import CheckResult, Finding, NotSeen, Status, is_unknown, unknown
from gpudoctor.pasted.kinds import KINDS
from gpudoctor.probes.ollama import LINUX_LOG_ASK, WINDOWS_LOG_ASK
from gpudoctor.pasted.reading import NOT_JUDGED, SIGN_LINES, Reading, distinct, read_blocks
from gpudoctor.knowledge.findings import attribute
from gpudoctor.knowledge.forked import can_fork, start_forked
from gpudoctor.knowledge.matcher import CHILD_TIMEOUT_S, PARALLEL_FROM, SignatureMatch
from gpudoctor.pasted.signatures import (CHECK_ID, LIVE_LOGS_CHECK, NOT_RECOGNISED_CAP, not_recognised, scan_inputs,
                                        signatures_result)
from gpudoctor.pasted.text import NotText, clean_decoded, decode
from gpudoctor.pasted.verdicts import areas_shown, commands_to_ask, judge_pasted


# The JSON report lists the first blocks it recognised, and counts the rest: its size must not follow the paste's.
LISTED_BLOCKS = 200


class UnreadablePaste(Exception):
    """The input cannot be judged (missing file, binary, empty, nothing recognised); exit code 2."""


# A paste is what a person copies from a terminal, or a service's whole log (bench/read_50mb.py reads 50 MB).
# The cap bounds memory and time for a runaway file or an endless standard input (`yes | gpudoctor read`).
# Secrets are removed from what `read` prints and writes by the one sanitiser (report/printable.py), not
# from the paste itself: redacting 50 MB up front would cost more than reading it.
MAX_PASTE_BYTES = 128 << 20


def read_inputs(paths: tuple[str, ...]) -> list[tuple[str, bytes]]:
    """(name, bytes) of each FILE; `-` or no FILE is standard input. Regular files only, capped in all."""
    from gpudoctor.input_file import InputRefused, read_input

    inputs = []
    left = MAX_PASTE_BYTES
    for path in paths or ("-",):
        try:
            data = read_input(path, left, "paste")  # the cap holds for all the pastes together
        except InputRefused as exc:
            raise UnreadablePaste(str(exc)) from None
        left -= len(data)
        inputs.append(("<stdin>" if path == "-" else path, data))
    return inputs


def _what_to_paste() -> str:
    return ", ".join(f"`{kind.command}`" for kind in KINDS if kind.name not in NOT_JUDGED)


@dataclass(frozen=True)
class Scanned:
    """What the signature catalogue found in the paste, whole (any text, recognised by a block kind or not)."""

    matches: tuple[SignatureMatch, ...]
    not_recognised: tuple[str, ...]  # error-looking lines no signature knows: "<source>, line N: <line>"
    failed: str = ""  # why an input was not scanned (its scan's process ended without an answer), or ""


def _scanned(name: str, text: str) -> Scanned:
    decoded = [(name, text)]
    found = scan_inputs(decoded)
    return Scanned(found, tuple(not_recognised(decoded, found)))


# An input this long (characters) is scanned for known failures in a forked child while this process cleans it,
# cuts it into blocks and parses them: on a 50 MB paste each takes seconds, and the matcher's own halves (it forks
# the second) then share the two cores with that work instead of leaving one idle while it runs.
SCAN_ASIDE_FROM = PARALLEL_FROM
# The child reads up to MAX_PASTE_BYTES, its second half in a child of its own (CHILD_TIMEOUT_S each): one later
# than both halves one after the other is stuck.
SCAN_ASIDE_TIMEOUT_S = 3 * CHILD_TIMEOUT_S


def _scan_aside(name: str, text: str) -> Callable[[], Scanned]:
    """The scan of one input, started now: in a forked child for a long text where the platform allows (the
    parent can then let go of the text, which the child holds), else done at once. A child that dies or hangs
    leaves the scan unknown, said as such (the parent no longer holds the text to scan it itself)."""
    if len(text) < SCAN_ASIDE_FROM or not can_fork():
        scanned = _scanned(name, text)
        return lambda: scanned
    answer = start_forked(lambda: _scanned(name, text), SCAN_ASIDE_TIMEOUT_S)

    def scanned_or_failed() -> Scanned:
        found = answer()
        return found if found is not None else Scanned((), (), f"the scan of {name} ended without an answer")

    return scanned_or_failed


def _joined(scans: list[Scanned]) -> Scanned:
    unknown_lines = [line for scanned in scans for line in scanned.not_recognised]
    return Scanned(tuple(found for scanned in scans for found in scanned.matches),
                   tuple(unknown_lines[:NOT_RECOGNISED_CAP]), "; ".join(s.failed for s in scans if s.failed))


def reading_of(inputs: list[tuple[str, bytes]]) -> tuple[Reading, Scanned]:
    """The reading of the inputs, which it empties: each input is scanned for known failures (a long one beside
    the rest of the work, _scan_aside), and its bytes and then its text are freed as it is cleaned (a 50 MB paste
    is never held twice)."""
    if not any(data.strip() for _, data in inputs):
        raise UnreadablePaste("the paste is empty; paste the output of " + _what_to_paste())
    texts, scans = [], []
    inputs.reverse()
    while inputs:
        name = inputs[-1][0]
        try:
            decoded = list(decode(inputs.pop()[1]))  # [text, encoding]: the bytes go as they are decoded
        except NotText as exc:
            raise UnreadablePaste(f"{name} cannot be read as pasted text: {exc}") from None
        encoding = decoded.pop()
        scans.append(_scan_aside(name, decoded[0]))
        texts.append((name, clean_decoded(decoded, encoding)))  # no name here holds the text while it is cleaned
    reading = read_blocks(texts)
    scanned = _joined([scan() for scan in scans])
    if not reading.recognised and not scanned.matches and not scanned.failed:
        raise UnreadablePaste("nothing recognised: no output of a tool gpudoctor knows and no known error line. "
                              f"{_first_asks(reading)} It reads the output of " + _what_to_paste())
    return reading, scanned


def _conflicts_result(reading: Reading) -> tuple[CheckResult, ...]:
    if not reading.conflicts:
        return ()
    findings = tuple(
        Finding(Status.WARN, f"The pasted outputs disagree on {c.call}: "
                             + " but ".join(f"{value!r} ({block})" for value, block in c.values()) + ".",
                ("They may come from different machines, or from before and after a change; the first was used. "
                 "Paste the outputs of one machine, taken at one time.",),
                evidence={"call": c.call, "values": [{"value": value, "from": block} for value, block in c.values()]})
        for c in reading.conflicts)
    return (CheckResult("read.conflicts", "Pasted outputs that disagree", Status.WARN, findings, 0.0),)


@dataclass(frozen=True)
class PastedReport:
    report: Report
    reading: Reading
    scanned: Scanned = Scanned((), ())

    def summary(self) -> dict[str, Any]:
        """What was recognised, for the JSON report's "pasted" member and the other formats."""
        return {
            "recognised": [{"kind": b.kind.name, "source": b.source, "line": b.first_line, "command": b.command,
                            "judged": b.kind.name not in NOT_JUDGED} for b in self.reading.recognised[:LISTED_BLOCKS]],
            "recognised_not_listed": max(0, len(self.reading.recognised) - LISTED_BLOCKS),
            "unrecognised_blocks": len(self.reading.blocks) - len(self.reading.recognised),
            "cut_marks": self.reading.cuts,
            "platform": {"assumed": self.reading.platform.sys_platform, "because": self.reading.platform.because},
            "conflicts": [{"call": c.call, "first": c.first, "first_block": c.first_block, "second": c.second,
                           "second_block": c.second_block, "more": [list(m) for m in c.more]}
                          for c in self.reading.conflicts],
            "notes": list(self.reading.notes),
            "unknown": [r.check_id for r in self.report.results if _is_unknown(r)],
            "paste_next": [{"command": cmd, "settles": ids} for cmd, ids in commands_to_ask(self.report, self._shown)],
            "signatures": [{"code": m.code, "cause": m.cause, "fields": dict(m.fields), "source": m.source,
                            "line_number": m.line_number, "count": m.count} for m in self.scanned.matches],
            "not_recognised": list(self.scanned.not_recognised),
        }

    @cached_property
    def _shown(self) -> set[str]:
        return areas_shown(lambda: _sign_lines(self.reading), [match.code for match in self.scanned.matches])


def _first_asks(reading: Reading) -> str:
    """What to ask of someone whose paste gpudoctor recognised nothing in (their own words, an unknown error): the GPU
    list, and the server log of a program the paste names (Ollama), in the paste's platform's terms."""
    if reading.platform.sys_platform == "darwin":
        return "The paste comes from macOS, where NVIDIA's driver and CUDA do not run."
    asks = ["`nvidia-smi`"]
    if "ollama" in areas_shown(lambda: _sign_lines(reading), []):
        log = WINDOWS_LOG_ASK if reading.platform.sys_platform == "win32" else LINUX_LOG_ASK
        asks.append(f"the Ollama server's log (`{log}`)")
    return f"Ask first for {' and '.join(asks)}."


def _sign_lines(reading: Reading) -> Iterator[str]:
    """The lines a paste's programs are named in: each distinct block's command and first lines, as the platform's
    signs are read (a 50 MB paste that repeats a few outputs costs what one of them does)."""
    for block in distinct(reading.blocks):
        yield block.command or ""
        yield from block.lines[:SIGN_LINES]


def _is_unknown(result: CheckResult) -> bool:
    """Nothing of the check could be judged (a check that judged part of its question is shown)."""
    return all(is_unknown(f) for f in result.findings)


def judge(inputs: list[tuple[str, bytes]], registry, checks, min_driver: int = 535) -> PastedReport:
    reading, scanned = reading_of(inputs)
    from gpudoctor.summary import host_summary

    host = reading.host()
    report = run_checks(host, checks, registry, Options(min_driver=min_driver, source="pasted"),
                        report_broken_plugins=False, summarize=host_summary)
    judged = judge_pasted(report, _conflicts_result(reading))
    # The whole paste was scanned for known failures: the live logs' check would only repeat part of it.
    judged = replace(judged, results=tuple(r for r in judged.results if r.check_id != LIVE_LOGS_CHECK))
    # A known failure that a check reported itself becomes that finding's code; the rest come first, as causes.
    results, unexplained = attribute(judged.results, scanned.matches)
    known = signatures_result(unexplained) or _scan_failed_result(scanned.failed)
    return PastedReport(replace(judged, results=((known,) if known else ()) + results), reading, scanned)


def _scan_failed_result(why: str) -> CheckResult | None:
    """The known-failure scan's result where it has none to give: unknown, and why."""
    if not why:
        return None
    gap = NotSeen(why, "gpudoctor read FILE (run it again)")
    return CheckResult(CHECK_ID, "Known failures in the paste", Status.SKIP, (unknown(gap, "known failures"),), 0.0)


def json_document(pasted: PastedReport) -> dict[str, Any]:
    from gpudoctor.report.json_report import report_document

    document = report_document(pasted.report)
    document["pasted"] = pasted.summary()
    return document


def terminal_text(pasted: PastedReport, verbose: bool) -> tuple[Report, list[str]]:
    """The report to print as `check` does (known checks only), and the lines that follow it."""
    known = replace(pasted.report, results=tuple(r for r in pasted.report.results if not _is_unknown(r)))
    summary = pasted.summary()
    kinds = [block.kind.name for block in pasted.reading.recognised]
    read = list(dict.fromkeys(kinds)) + (["known error lines"] if summary["signatures"] else [])
    lines = [f"Read from the paste: {', '.join(read)}"
             f" (platform: {summary['platform']['assumed']}, {summary['platform']['because']})."]
    not_judged = sorted({k for k in kinds if k in NOT_JUDGED})
    if not_judged:
        lines.append(f"Recognised but not judged yet: {', '.join(not_judged)}.")
    lines.extend(f"Note: {note}" for note in summary["notes"])
    if summary["cut_marks"]:
        lines.append(f"The paste has {summary['cut_marks']} cut mark(s) ([...]); what was cut is unknown.")
    if summary["unknown"]:
        lines.append(f"Unknown (not in the paste): {', '.join(summary['unknown'])}.")
    if summary["not_recognised"]:
        lines.append("Error lines gpudoctor does not know yet (report them at the project's issue tracker):")
        lines.extend(f"  - {line}" for line in summary["not_recognised"])
    if summary["paste_next"]:
        lines.append("To judge more, ask for the output of:")
        lines.extend(f"  {n}. {item['command']}   ({', '.join(item['settles'])})"
                     for n, item in enumerate(summary["paste_next"], start=1))
    return known, lines


def run_read(paths: tuple[str, ...], *, as_json: bool, output: str | None, junit: str | None, markdown: bool,
             anonymise: bool, fail_on: str, verbose: bool, write) -> int:
    """The `read` command; `write(path, text)` writes a file atomically. Returns the exit code."""
    import click

    from gpudoctor.registry import load_registry
    from gpudoctor.selection import select_checks

    registry = load_registry()
    checks = select_checks(registry.checks)
    pasted = judge(read_inputs(paths), registry, checks)
    report = pasted.report
    threshold = Status.WARN if fail_on == "warn" else Status.FAIL
    from gpudoctor.report.outputs import send_machine_reports
    from gpudoctor.report.printable import json_text

    send_machine_reports(report, threshold, lambda: json_text(json_document(pasted), indent=2, default=str) + "\n",
                         as_json=as_json, output=output, junit=junit, write=write)
    known, trailer = terminal_text(pasted, verbose)
    if markdown:
        from gpudoctor.report.anonymise import Anonymiser
        from gpudoctor.report.markdown import report_markdown

        click.echo(report_markdown(report, anonymiser=Anonymiser() if anonymise else None,
                                   trailer=[f"_{line.strip()}_" if not line.startswith("  ") else f"- `{line.strip()}`"
                                            for line in trailer]), nl=False)
    elif not as_json:
        from gpudoctor.report.terminal import print_report

        from gpudoctor.report.printable import printable

        print_report(known, verbose=verbose,
                     not_shown_unknown=tuple(r.check_id for r in report.results if _is_unknown(r)))
        from gpudoctor.report.console import fitted, output_width

        click.echo(fitted(printable("\n".join(trailer)), output_width()))  # notes quote the paste
    from gpudoctor.exit_codes import read_exit_code

    return read_exit_code(report, threshold)  # the table in gpudoctor/exit_codes.py
