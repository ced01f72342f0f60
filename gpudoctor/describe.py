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


def _example_line(signature) -> str | None:
    """The line of the signature's first example that it matches, where the corpus is at hand (a checkout)."""
    from pathlib import Path

    from gpudoctor.knowledge.matcher import scan

    corpus = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "corpus"
    for example in signature.examples:
        path = corpus / example
        if path.is_file():
            excerpt = path.read_text(encoding="utf-8", errors="replace").partition("\n---\n")[2]
            found = next((m for m in scan(excerpt, example) if m.code == signature.code), None)
            if found:
                return found.line
    return None


def explain_signature(signature, width: int = DEFAULT_COLUMNS) -> str:
    """A failure signature: the cause, the next step, the action, where it comes from and when it was checked."""
    lines = [f"{signature.code}: a known failure ({signature.severity}, cause id {signature.cause_id})", "",
             f"Cause: {signature.cause}", f"Next step: {signature.advice}", f"Action: {signature.action}"]
    if signature.fix is not None:
        lines.append(f"Fix: {signature.fix}")
    if signature.rules_out:
        lines.append(f"Rules out: {'; '.join(signature.rules_out)}")
    if signature.never_suggest:
        lines.append(f"Never suggest beside it: {'; '.join(signature.never_suggest)}")
    if signature.versions:
        lines.append(f"Applies to: {', '.join(signature.versions)}")
    if signature.contexts:  # gpudoctor/knowledge/contexts.py
        refines = f"; there it replaces {', '.join(signature.refines)}" if signature.refines else ""
        lines.append(f"Only where the text or the host shows: {' or '.join(signature.contexts)}{refines}")
    elif signature.refines:  # evidence of the cause behind these generic rows' symptom (Signature.refines_within)
        reach = {0: "on its own line", None: "anywhere in the same text"}.get(
            signature.refines_within, f"within {signature.refines_within} lines")
        lines.append(f"Explains, {reach}: {', '.join(signature.refines)} (their lines become its evidence)")
    # A pattern or a log line is shown whole: cut at a space, it would read as two.
    verbatim = ["", "Recognised by (regular expressions, one per logical line):",
                *(f"  {pattern}" for pattern in signature.patterns)] if signature.patterns else [
        "", fitted("Recognised by no line of its own: it is concluded from what a paste that reports trouble names (a "
                   "GPU, a build, a pin, a Python or driver version), judged against the tables under Sources "
                   "(gpudoctor/knowledge/compat.py).", width)]
    after = ["", f"Sources (checked {signature.checked}):", *(f"  {source}" for source in signature.sources)]
    example = _example_line(signature)
    if example:
        after += ["", "Example:"]
    proven = [f"Proven by: {', '.join(signature.examples)} (tests/fixtures/corpus)"] if signature.examples else []
    return "\n".join([fitted("\n".join(lines), width), *verbatim, fitted("\n".join(after), width),
                      *([f"  {example}"] if example else []), *([fitted(proven[0], width)] if proven else [])])
