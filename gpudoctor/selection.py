"""Which checks run: the one place that decides it.

A check that takes seconds declares itself opt-in (`@check(..., opt_in="deep")`, see model.OPT_INS).
A plain run leaves it out; its flag (`--deep`, `--frameworks`) brings it in; naming it with `--only`
runs it like any other check. Nothing else gates a check: a probe never reads the command line, and
a fact is gathered only when a selected check needs it.
"""

from __future__ import annotations

from typing import Iterable

from gpudoctor.model import Check


class UnknownCheck(ValueError):
    """A check id given to --only or --skip that no registered check has."""


def select_checks(
    checks: Iterable[Check],
    *,
    only: Iterable[str] = (),
    skip: Iterable[str] = (),
    opt_ins: Iterable[str] = (),
) -> list[Check]:
    """The checks to run, in registry order: the named ones (or all), less the skipped ones, less the
    opt-in ones neither named nor brought in by their flag."""
    checks, only, skip, opt_ins = list(checks), set(only), set(skip), set(opt_ins)
    known = {c.id for c in checks}
    for check_id in sorted((only | skip) - known):
        raise UnknownCheck(f"unknown check id {check_id!r}; `gpudoctor list` shows the ids")
    return [c for c in checks
            if (c.id in only or (not only and (c.opt_in is None or c.opt_in in opt_ins))) and c.id not in skip]
