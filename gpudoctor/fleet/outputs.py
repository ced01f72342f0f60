"""`gpudoctor check --format prom|npd`, `--prom FILE` and `--nfd FILE`: one report, in the forms
cluster tools read."""

from __future__ import annotations

import time
from typing import Callable

import click

from gpudoctor.engine import Report
from gpudoctor.fleet.health import npd_result
from gpudoctor.fleet.nfd import render_features
from gpudoctor.fleet.prometheus import render_prometheus
from gpudoctor.report.json_report import report_document
from gpudoctor.report.printable import printable

# node_exporter runs as its own user and NFD's worker as another: the files must be readable by them.
WORLD_READABLE = 0o644


def write_fleet_outputs(report: Report, report_format: str, prom_path: str | None, nfd_path: str | None,
                        fail_on: str, write: Callable[..., None]) -> int:
    """Write or print what was asked; returns node-problem-detector's exit code for --format npd."""
    document = report_document(report)
    if report_format == "prom" or prom_path:
        metrics = printable(render_prometheus(document, now_s=time.time()))  # label values come from the machine
        if prom_path:
            write(prom_path, metrics, mode=WORLD_READABLE)
        if report_format == "prom":
            click.echo(metrics, nl=False)
    if nfd_path:
        write(nfd_path, printable(render_features(document)), mode=WORLD_READABLE)
    code = 0
    if report_format == "npd":
        code, message = npd_result(document, fail_on)
        click.echo(printable(message))
    return code
