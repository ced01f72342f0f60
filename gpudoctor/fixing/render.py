"""The plan and the outcome of `gpudoctor fix`, as plain text for a person."""

from __future__ import annotations

from typing import Sequence

from gpudoctor.engine import Report
from gpudoctor.fixing.apply import StepResult
from gpudoctor.model import Status
from gpudoctor.fixing.plan import ELEVATION_TEXT, SHELL_TEXT, Plan, PlannedFix
from gpudoctor.fixing.verify import Verdict

_PLATFORM_TEXT = {"windows": "Windows", "wsl": "WSL", "linux": "Linux"}


def _privileges_text(plan: Plan) -> str:
    if plan.elevated is None:
        return "privileges unknown"
    word = "administrator" if plan.platform == "windows" else "root"
    return f"running as {word}" if plan.elevated else f"not running as {word}"


def _fix_lines(number: int, fix: PlannedFix) -> list[str]:
    spec = fix.spec
    where = " or ".join(_PLATFORM_TEXT[p] for p in spec.platforms)
    elevation = ELEVATION_TEXT[spec.elevation]
    lines = [
        f"{number}. {fix.id}: {spec.title}",
        f"   why:        {'; '.join(fix.check_ids)}: {' / '.join(fix.reasons)}",
        f"   runs on:    {where}, in {SHELL_TEXT[spec.shell]}; needs {elevation} rights",
    ]
    if fix.after_text:
        lines.append(f"   afterwards: {fix.after_text}")
    lines.append("   changes:")
    lines.extend(f"     - {change}" for change in fix.changes)
    if fix.arguments:
        lines.append("   arguments:")
        lines.extend(f"     {argument}" for argument in fix.arguments)
    lines.append(f"   command:    {fix.command_line}")
    if fix.optional:
        lines.append(f"   optional:   the check passes without it; runs only when named: "
                     f"`gpudoctor fix --apply {fix.id}`")
    if fix.refusal:
        lines.append(f"   note:       {fix.refusal}")
    return lines


def _unscripted(plan: Plan, report: Report) -> list[tuple[str, str]]:
    """Failures that neither a fix script nor a manual step of the plan covers, so that `gpudoctor fix`
    never answers "Nothing to fix" on a host where checks failed."""
    covered = set(plan.check_ids) | {c for step in plan.manual for c in step.check_ids}
    named = set(plan.named)
    found = []
    for result in report.results:
        if result.check_id in covered or (named and result.check_id not in named):
            continue
        found.extend((result.check_id, f.summary) for f in result.findings
                     if f.status.rank >= Status.FAIL.rank and not f.fix)
    return found


def plan_lines(plan: Plan, report: Report, *, applying: bool = False) -> list[str]:
    platform = ((report.host or {}).get("platform") or {}).get("label") or plan.platform
    source = "" if report.source == "live" else f" (from the snapshot {report.source})"
    lines = [f"gpudoctor fix: {platform}{source}; {_privileges_text(plan)}"]
    unscripted = _unscripted(plan, report)
    if not plan.fixes and not plan.manual and not plan.problems and not unscripted:
        named = f" for {', '.join(plan.named)}" if plan.named else ""
        return lines + ["", f"Nothing to fix{named}: no warning or failure that gpudoctor has a fix for."]
    if plan.fixes:
        optional = sum(1 for f in plan.fixes if f.optional)
        count = f"{len(plan.fixes)} fix{'es' if len(plan.fixes) != 1 else ''}" + (f" ({optional} optional)"
                                                                                 if optional else "")
        lines += ["", f"Plan: {count}, in this order. Nothing has been changed yet."]
        for number, fix in enumerate(plan.fixes, 1):
            lines += [""] + _fix_lines(number, fix)
    for problem in plan.problems:
        lines += ["", f"Not planned: {problem}."]
    if plan.manual:
        lines += ["", "To do by hand (gpudoctor has no script for this):"]
        for step in plan.manual:
            lines.append(f"- {step.title} ({', '.join(step.check_ids)}: {' / '.join(step.reasons)})")
            lines.extend(f"  {n}. {text}" for n, text in enumerate(step.steps, 1))
    if unscripted:
        lines += ["", "Found, with no script to fix it (`gpudoctor check -v --only ID` shows the advice):"]
        lines.extend(f"- {check_id}: {summary}" for check_id, summary in unscripted)
    if plan.fixes and not applying:
        which = "the non-optional fixes above" if any(f.optional for f in plan.fixes) else "the fixes above"
        lines += ["", f"Next: `gpudoctor fix --apply` runs {which} after one confirmation; `--apply ID...` runs "
                      "only those named (optional ones too), `--apply --dry-run` previews them."]
    return lines


def outcome_lines(plan: Plan, steps: Sequence[StepResult], before: Report, after: Report | None,
                  judged: Sequence[Verdict] = ()) -> list[str]:
    lines = [""]
    failed = next((s for s in steps if not s.ok), None)
    # One variable removed from two files is two runs of one fix with the same remainder: said once.
    unfinished = list(dict.fromkeys((v.fix_id, v.remains) for v in judged if not v.done))
    if failed is not None:
        skipped = [f.id for f in plan.fixes[len(steps):]]
        lines.append(f"{failed.fix.id} failed ({failed.outcome}); stopped there."
                     + (f" Not run: {', '.join(skipped)}." if skipped else ""))
    elif plan.dry_run:
        lines.append(f"Dry run of {len(steps)} fix{'es' if len(steps) != 1 else ''}: nothing was changed.")
    elif not unfinished:
        lines.append(f"Applied {len(steps)} fix{'es' if len(steps) != 1 else ''}; the re-check shows "
                     f"{'each' if len(steps) != 1 else 'its'} finding gone.")
    else:
        done = sum(1 for v in judged if v.done)
        lines.append(f"Ran {len(steps)} fix{'es' if len(steps) != 1 else ''}; {done} done, "
                     f"{len(steps) - done} not done yet: the re-check still finds what they were to fix.")
    for fix_id, remains in unfinished:
        lines.append(f"  {fix_id}: what remains:")
        lines.extend(f"    - {text}" for text in remains)
    if after is not None:
        statuses = {r.check_id: r for r in after.results}
        lines += ["", "Before -> after:"]
        ran = {c for s in steps for c in s.fix.check_ids}
        for result in before.results:
            if result.check_id in ran:
                again = statuses.get(result.check_id)
                now = again.status.value if again else "not run"
                lines.append(f"  {result.check_id}: {result.status.value} -> {now}")
    done = {v.fix_id for v in judged if v.done}
    notes = dict.fromkeys(s.fix.after_text for s in steps if s.ok and s.fix.follow_up and s.fix.id in done)
    if notes and not plan.dry_run:
        lines += ["", "Still to do:"] + [f"  - {note}" for note in notes]
        lines.append("  (checks may show the old state until then; run `gpudoctor check` afterwards)")
    return lines
