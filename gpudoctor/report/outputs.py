"""Where the machine-readable reports go, for `check` and `read` alike: the JSON report on stdout
(--json) or to a file (-o FILE), the JUnit XML to a file (--junit FILE). Never wrapped to a width."""

from __future__ import annotations

from typing import Callable

import click

from gpudoctor.engine import Report
from gpudoctor.model import Status


def send_machine_reports(report: Report, threshold: Status, json_document: Callable[[], str], *, as_json: bool,
                         output: str | None, junit: str | None, write: Callable[[str, str], None]) -> None:
    """`json_document()` is asked for only when the JSON report is wanted; `write(path, text)` writes a
    file atomically; `threshold` is the lowest status a JUnit test case fails at."""
    if as_json or output:
        document = json_document()
        if output:
            write(output, document)
        else:
            click.echo(document, nl=False)
    if junit:
        from gpudoctor.report.junit import render_junit

        write(junit, render_junit(report, threshold))
