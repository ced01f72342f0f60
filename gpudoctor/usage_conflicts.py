"""Options of `check` (and `snapshot`) that contradict each other: bad input (exit 2) with one line that says
how to choose, or a note on stderr where an option does nothing here; never silently ignored."""

from __future__ import annotations

import click

from gpudoctor.errors import BadInput


def refuse_nagios_beside_a_document(exit_codes: str, as_json: bool, report_format: str) -> None:
    if exit_codes == "nagios" and (as_json or report_format != "terminal"):
        raise BadInput("--exit-codes nagios prints a status line before the terminal report: it cannot be combined "
                       f"with {'--json' if as_json else '--format ' + report_format} "
                       "(use -o FILE to keep the JSON report as well)")


def refuse_quick_beside(quick: bool, snapshot_path: str | None, deep: bool, frameworks: bool,
                        stress_seconds: int | None) -> None:
    """--quick skips the CUDA driver's start; a replay has nothing to skip, and --deep, --stress and
    --frameworks need CUDA started: asking for both is bad usage, never silently half-done."""
    if not quick:
        return
    if snapshot_path:
        raise BadInput("--quick applies to this machine; a replay (--from) shows what its recording holds")
    wanting_cuda = [name for name, wanted in (("--deep", deep), ("--frameworks", frameworks),
                                              ("--stress", stress_seconds is not None)) if wanted]
    if wanting_cuda:
        raise BadInput(f"--quick leaves the CUDA driver uninitialised, which {' and '.join(wanting_cuda)} "
                       f"{'need' if len(wanting_cuda) > 1 else 'needs'}: choose one")


def refuse_contradictions(as_json: bool, report_format: str, verbose: bool, no_anonymise: bool) -> None:
    """Two documents on stdout are bad usage; an option that does nothing here is said so on stderr,
    never ignored without a word."""
    if as_json and report_format != "terminal":
        raise BadInput(f"--json and --format {report_format} both print a report on stdout: choose one "
                       "(-o FILE writes the JSON report beside another format)")
    if verbose and (as_json or report_format != "terminal"):
        click.echo("gpudoctor: note: -v opens the terminal report's details; it does nothing with "
                   f"{'--json' if as_json else '--format ' + report_format}", err=True)
    if no_anonymise and report_format != "markdown":
        click.echo("gpudoctor: note: --no-anonymise applies to --format markdown only; the other reports "
                   "keep names as they are", err=True)
