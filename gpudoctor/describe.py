"""What `gpudoctor list` and `gpudoctor explain` print: the checks, and any check or fix by id."""

from __future__ import annotations

import json

from gpudoctor.model import OPT_INS, Check
from gpudoctor.registry import Registry

_COLUMNS = ("ID", "PLATFORMS", "FIX", "RUNS WITH", "TITLE")


def _row(item: Check) -> tuple[str, ...]:
    return (item.id, ",".join(item.platforms), "yes" if item.fixes else "-",
            OPT_INS[item.opt_in] if item.opt_in else "check", item.title)


def check_table(registry: Registry) -> list[str]:
    """One line per check under a header, columns aligned; the title last (it is the longest)."""
    rows = [_COLUMNS, *(_row(item) for item in registry.checks)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS) - 1)]
    return ["  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[-1]]) for row in rows]


def check_json(registry: Registry) -> str:
    checks = [{"id": item.id, "title": item.title, "platforms": list(item.platforms), "fixes": list(item.fixes),
               "opt_in": OPT_INS[item.opt_in] if item.opt_in else None} for item in registry.checks]
    broken = [{"name": p.name, "target": p.target, "distribution": p.distribution, "problem": p.problem}
              for p in registry.broken]
    return json.dumps({"schema": "gpudoctor-checks", "schema_version": 1, "checks": checks,
                       "broken_plugins": broken}, indent=2, ensure_ascii=False) + "\n"


def explain_check(item: Check) -> str:
    text = f"{item.id}: {item.title}\n\n{item.doc}\n\nPlatforms: {', '.join(item.platforms)}"
    if item.opt_in:
        text += f"\nRuns with: {OPT_INS[item.opt_in]} (or when named with --only)"
    if item.fixes:
        text += f"\nFixes: {', '.join(item.fixes)} (`gpudoctor explain FIX_ID`)"
    return text


def explain_fix(spec, asked_by: list[str]) -> str:
    """A fix script as its header declares it: what it changes, where it runs, with which rights."""
    from gpudoctor.fixing.plan import ELEVATION_TEXT, SHELL_TEXT

    lines = [f"{spec.id}: {spec.title}", "",
             f"A fix script: {spec.path.parent.name}/{spec.path.name}, run in {SHELL_TEXT[spec.shell]} on "
             f"{' or '.join(spec.platforms)}; needs {ELEVATION_TEXT[spec.elevation]} rights.",
             "", "Changes:", *(f"  - {change}" for change in spec.changes)]
    if spec.params:
        lines += ["", "Arguments:", *(f"  {p.flag}{' ' + p.metavar if p.metavar else ''}  {p.description}"
                                      for p in spec.params)]
    if asked_by:
        lines += ["", f"Planned when these checks ask for it: {', '.join(asked_by)}."]
    lines += ["", f"`gpudoctor fix` shows whether it is planned here; `gpudoctor fix --apply {spec.id}` runs it."]
    return "\n".join(lines)
