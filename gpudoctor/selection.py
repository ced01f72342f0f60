"""Which checks run: the one place that decides it.

A check that takes seconds declares itself opt-in (`@check(..., opt_in="deep")`, see model.OPT_INS).
A plain run leaves it out; its flag (`--deep`, `--frameworks`, `--stress`) brings it in; naming it with `--only`
runs it like any other check. `--only` and `--skip` also take patterns (`ollama.*`, the form the
report folds skipped checks into); a pattern alone never brings in a slow check. Nothing else gates a check: a probe never reads the command line, and
a fact is gathered only when a selected check needs it.
"""

from __future__ import annotations

from typing import Iterable

from gpudoctor.model import Check


class UnknownCheck(ValueError):
    """A check id (or pattern) given to --only or --skip that no registered check has."""


def select_checks(
    checks: Iterable[Check],
    *,
    only: Iterable[str] = (),
    skip: Iterable[str] = (),
    opt_ins: Iterable[str] = (),
) -> list[Check]:
    """The checks to run, in registry order: the named ones (or all), less the skipped ones, less the
    opt-in ones neither named nor brought in by their flag."""
    from gpudoctor.check_ids import expand, unknown_id

    checks, only, skip, opt_ins = list(checks), set(only), set(skip), set(opt_ins)
    known = [c.id for c in checks]
    named, unmatched = expand(sorted(only), known)
    skipped, unmatched_skips = expand(sorted(skip), known)
    for word in (*unmatched, *unmatched_skips):
        raise UnknownCheck(unknown_id(word, known))

    def wanted(c: Check) -> bool:
        if c.id in skipped or (only and c.id not in named):
            return False
        # Named by its exact id, a slow check runs; matched by a pattern ('p2p.*') only with its flag.
        return c.id in only or c.opt_in is None or c.opt_in in opt_ins

    return [c for c in checks if wanted(c)]
