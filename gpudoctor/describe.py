"""What `gpudoctor list` and `gpudoctor explain` print: the checks, and any check or fix by id."""

from __future__ import annotations

import json

from gpudoctor.model import OPT_INS, Check
from gpudoctor.registry import Registry
from gpudoctor.report.console import DEFAULT_COLUMNS, fitted, fitted_line, reflowed

_COLUMNS = ("ID", "PLATFORMS", "FIX", "RUNS WITH", "TITLE")


def _row(item: Check) -> tuple[str, ...]:
    return (item.id, ",".join(item.platforms), "yes" if item.fixes else "-",
            OPT_INS[item.opt_in] if item.opt_in else "check", item.title)


def check_table(registry: Registry, width: int = DEFAULT_COLUMNS) -> list[str]:
    """One line per check under a header, columns aligned, the title last (it is the longest). Where
    the widest line would not fit `width`, each title goes on the lines below its row instead,
    indented: a title squeezed into what the other columns leave would be a word per line."""
    rows = [_COLUMNS, *(_row(item) for item in registry.checks)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS) - 1)]
    lines = ["  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[-1]]) for row in rows]
    if max(map(len, lines)) <= width:
        return lines
    below = [lines[0]]
    for row in rows[1:]:
        below.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        below += fitted_line(f"    {row[-1]}", width, hanging=4)
    return below


def check_json(registry: Registry) -> str:
    checks = [{"id": item.id, "title": item.title, "platforms": list(item.platforms), "fixes": list(item.fixes),
               "opt_in": OPT_INS[item.opt_in] if item.opt_in else None} for item in registry.checks]
    broken = [{"name": p.name, "target": p.target, "distribution": p.distribution, "problem": p.problem}
              for p in registry.broken]
    return json.dumps({"schema": "gpudoctor-checks", "schema_version": 1, "checks": checks,
                       "broken_plugins": broken}, indent=2, ensure_ascii=False) + "\n"


def explain_check(item: Check, width: int = DEFAULT_COLUMNS) -> str:
    """The check's documentation poured into `width` columns (docstrings are wrapped wider)."""
    lines = [f"{item.id}: {item.title}", "", reflowed(item.doc, width), "", f"Platforms: {', '.join(item.platforms)}"]
    if item.opt_in:
        lines.append(f"Runs with: {OPT_INS[item.opt_in]} (or when named with --only)")
    if item.fixes:
        lines.append(f"Fixes: {', '.join(item.fixes)} (`gpudoctor explain FIX_ID`)")
    return fitted("\n".join(lines), width)


def explain_fix(spec, asked_by: list[str], width: int = DEFAULT_COLUMNS) -> str:
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
    return fitted("\n".join(lines), width)
