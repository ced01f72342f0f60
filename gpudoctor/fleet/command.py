"""`gpudoctor merge`: read, judge, print; the exit code says whether the fleet needs a look:
0 every node passes or warns and none is odd, 1 a node fails, is odd among its peers or shares a
name or ID with another, 2 a report could not be read (the view lacks it) or nothing could be."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Callable, Iterable, Iterator

import click

from gpudoctor.fleet import views
from gpudoctor.fleet.merge import read_reports, report_paths
from gpudoctor.report.console import output_width
from gpudoctor.report.printable import printable


def run_merge(reports: Iterable[str], as_json: bool, view_format: str, html_path: str | None,
              write: Callable[[str, str], None]) -> int:
    """Raises MergeError when nothing could be read (bad input)."""
    with _no_cycle_collection():
        return _merged(reports, as_json, view_format, html_path, write)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """A merge makes no reference cycles, but millions of objects that live to its end: the collector's full
    passes over them, as the fleet grows, found nothing and took a fifth of the main process's time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _merged(reports: Iterable[str], as_json: bool, view_format: str, html_path: str | None,
            write: Callable[[str, str], None]) -> int:
    fleet = read_reports(report_paths(reports))
    for path, why in fleet.unreadable:
        click.echo(printable(f"gpudoctor merge: skipped {path}: {why}"), err=True)
    if html_path:
        write(html_path, views.render_html(fleet))
    if as_json or view_format == "markdown":
        click.echo((views.render_json if as_json else views.render_markdown)(fleet), nl=False)
    else:
        click.echo(views.render_terminal(fleet, output_width()), nl=False)
    if fleet.unreadable:
        return 2
    unhealthy = any(n.status in ("fail", "error") for n in fleet.nodes) or fleet.outliers or fleet.duplicates
    return 1 if unhealthy else 0
