"""`gpudoctor read [FILE ...]`: judge what someone pasted, with the checks of `gpudoctor check`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gpudoctor.engine import Options, Report, run_checks
from gpudoctor.model import CheckResult, Finding, Status
from gpudoctor.pasted.kinds import KINDS
from gpudoctor.pasted.reading import NOT_JUDGED, Reading, read_blocks
from gpudoctor.pasted.text import CleanText, NotText, clean
from gpudoctor.pasted.verdicts import commands_to_ask, judge_pasted


class UnreadablePaste(Exception):
    """The input cannot be judged (missing file, binary, empty, nothing recognised); exit code 2."""


# A paste is what a person copies from a terminal: megabytes at most. The cap bounds memory and time
# for a runaway file or an endless standard input (`yes | gpudoctor read`).
MAX_PASTE_BYTES = 32 << 20


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


def _redacted(text: CleanText) -> CleanText:
    """The paste with secrets removed before anything reads it, so that no output of `read` can hold one.
    Redacted as one text (one pass, not one per line); redaction keeps the lines where they were."""
    from gpudoctor.host.redact import redact_text

    joined = "\n".join(line.text for line in text.lines)
    parts = redact_text(joined).split("\n")
    if len(parts) != len(text.lines):  # never expected: redaction keeps newlines; then line by line
        parts = [redact_text(line.text) for line in text.lines]
    lines = tuple(line if part == line.text else replace(line, text=part) for line, part in zip(text.lines, parts))
    return replace(text, lines=lines)


def reading_of(inputs: list[tuple[str, bytes]]) -> Reading:
    if not any(data.strip() for _, data in inputs):
        raise UnreadablePaste("the paste is empty; paste the output of " + _what_to_paste())
    texts = []
    for name, data in inputs:
        try:
            texts.append((name, _redacted(clean(data))))
        except NotText as exc:
            raise UnreadablePaste(f"{name} cannot be read as pasted text: {exc}") from None
    reading = read_blocks(texts)
    if not reading.recognised:
        raise UnreadablePaste("nothing recognised: no output of a tool gpudoctor knows. It reads the output of "
                              + _what_to_paste())
    return reading


def _conflicts_result(reading: Reading) -> tuple[CheckResult, ...]:
    if not reading.conflicts:
        return ()
    findings = tuple(
        Finding(Status.WARN, f"The pasted outputs disagree on {c.call}: {c.first!r} ({c.first_block}) but "
                             f"{c.second!r} ({c.second_block}).",
                ("They may come from different machines, or from before and after a change; the first was used. "
                 "Paste the outputs of one machine, taken at one time.",),
                evidence={"call": c.call, "first": c.first, "first_block": c.first_block, "second": c.second,
                          "second_block": c.second_block})
        for c in reading.conflicts)
    return (CheckResult("read.conflicts", "Pasted outputs that disagree", Status.WARN, findings, 0.0),)


@dataclass(frozen=True)
class PastedReport:
    report: Report
    reading: Reading

    def summary(self) -> dict[str, Any]:
        """What was recognised, for the JSON report's "pasted" member and the other formats."""
        return {
            "recognised": [{"kind": b.kind.name, "source": b.source, "line": b.first_line, "command": b.command,
                            "judged": b.kind.name not in NOT_JUDGED} for b in self.reading.recognised],
            "unrecognised_blocks": len(self.reading.blocks) - len(self.reading.recognised),
            "cut_marks": self.reading.cuts,
            "platform": {"assumed": self.reading.platform.sys_platform, "because": self.reading.platform.because},
            "conflicts": [c.__dict__ for c in self.reading.conflicts],
            "notes": list(self.reading.notes),
            "unknown": [r.check_id for r in self.report.results if _is_unknown(r)],
            "paste_next": [{"command": cmd, "settles": ids} for cmd, ids in commands_to_ask(self.report)],
        }


def _is_unknown(result: CheckResult) -> bool:
    return any(f.evidence.get("unknown") for f in result.findings)


def judge(inputs: list[tuple[str, bytes]], registry, checks, min_driver: int = 535) -> PastedReport:
    reading = reading_of(inputs)
    from gpudoctor.summary import host_summary

    host = reading.host()
    report = run_checks(host, checks, registry, Options(min_driver=min_driver, source="pasted"),
                        report_broken_plugins=False, summarize=host_summary)
    return PastedReport(judge_pasted(report, reading.kinds, _conflicts_result(reading)), reading)


def json_document(pasted: PastedReport) -> dict[str, Any]:
    from gpudoctor.report.json_report import report_document

    document = report_document(pasted.report)
    document["pasted"] = pasted.summary()
    return document


def terminal_text(pasted: PastedReport, verbose: bool) -> tuple[Report, list[str]]:
    """The report to print as `check` does (known checks only), and the lines that follow it."""
    known = replace(pasted.report, results=tuple(r for r in pasted.report.results if not _is_unknown(r)))
    summary = pasted.summary()
    kinds = [item["kind"] for item in summary["recognised"]]
    lines = [f"Read from the paste: {', '.join(dict.fromkeys(kinds))}"
             f" (platform: {summary['platform']['assumed']}, {summary['platform']['because']})."]
    not_judged = sorted({k for k in kinds if k in NOT_JUDGED})
    if not_judged:
        lines.append(f"Recognised but not judged yet: {', '.join(not_judged)}.")
    lines.extend(f"Note: {note}" for note in summary["notes"])
    if summary["cut_marks"]:
        lines.append(f"The paste has {summary['cut_marks']} cut mark(s) ([...]); what was cut is unknown.")
    if summary["unknown"]:
        lines.append(f"Unknown (not in the paste): {', '.join(summary['unknown'])}.")
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
    if as_json or output:
        from gpudoctor.report.printable import json_text

        document = json_text(json_document(pasted), indent=2, default=str) + "\n"
        if output:
            write(output, document)
        else:
            click.echo(document, nl=False)
    if junit:
        from gpudoctor.report.junit import render_junit

        write(junit, render_junit(report, threshold))
    known, trailer = terminal_text(pasted, verbose)
    if markdown:
        from gpudoctor.pasted.anonymise import Anonymiser
        from gpudoctor.pasted.markdown import report_markdown

        click.echo(report_markdown(report, anonymiser=Anonymiser() if anonymise else None,
                                   trailer=[f"_{line.strip()}_" if not line.startswith("  ") else f"- `{line.strip()}`"
                                            for line in trailer]), nl=False)
    elif not as_json:
        from gpudoctor.report.terminal import print_report

        from gpudoctor.report.printable import printable

        print_report(known, verbose=verbose)
        click.echo(printable("\n".join(trailer)))  # notes quote the paste
    from gpudoctor.exit_codes import read_exit_code

    return read_exit_code(report, threshold)  # the table in gpudoctor/exit_codes.py
