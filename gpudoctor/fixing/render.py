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


def _fixes(count: int) -> str:
    return f"{count} fix{'es' if count != 1 else ''}"


def _planned_fixes(plan: Plan) -> list[str]:
    if not plan.fixes:
        return []
    optional = sum(1 for f in plan.fixes if f.optional)
    count = _fixes(len(plan.fixes)) + (f" ({optional} optional)" if optional else "")
    lines = ["", f"Plan: {count}, in this order. Nothing has been changed yet."]
    for number, fix in enumerate(plan.fixes, 1):
        lines += [""] + _fix_lines(number, fix)
    return lines


def _manual_steps(plan: Plan) -> list[str]:
    if not plan.manual:
        return []
    lines = ["", "To do by hand (gpudoctor has no script for this):"]
    for step in plan.manual:
        lines.append(f"- {step.title} ({', '.join(step.check_ids)}: {' / '.join(step.reasons)})")
        lines.extend(f"  {n}. {text}" for n, text in enumerate(step.steps, 1))
    return lines


def _unscripted_lines(unscripted: list[tuple[str, str]]) -> list[str]:
    if not unscripted:
        return []
    return ["", "Found, with no script to fix it (`gpudoctor check -v --only ID` shows the advice):",
            *(f"- {check_id}: {summary}" for check_id, summary in unscripted)]


def _next_step(plan: Plan) -> list[str]:
    which = "the non-optional fixes above" if any(f.optional for f in plan.fixes) else "the fixes above"
    return ["", f"Next: `gpudoctor fix --apply` runs {which} after one confirmation; `--apply ID...` runs "
                "only those named (optional ones too), `--apply --dry-run` previews them."]


def plan_lines(plan: Plan, report: Report, *, applying: bool = False) -> list[str]:
    platform = ((report.host or {}).get("platform") or {}).get("label") or plan.platform
    source = "" if report.source == "live" else f" (from the snapshot {report.source})"
    lines = [f"gpudoctor fix: {platform}{source}; {_privileges_text(plan)}"]
    unscripted = _unscripted(plan, report)
    if not plan.fixes and not plan.manual and not plan.problems and not unscripted:
        named = f" for {', '.join(plan.named)}" if plan.named else ""
        return lines + ["", f"Nothing to fix{named}: no warning or failure that gpudoctor has a fix for."]
    lines += _planned_fixes(plan)
    for problem in plan.problems:
        lines += ["", f"Not planned: {problem}."]
    lines += _manual_steps(plan) + _unscripted_lines(unscripted)
    if plan.fixes and not applying:
        lines += _next_step(plan)
    return lines


def _outcome_headline(plan: Plan, steps: Sequence[StepResult], judged: Sequence[Verdict], finished: bool) -> str:
    """What the run came to, in one line: stopped at a failure, previewed, applied, or not done yet."""
    failed = next((s for s in steps if not s.ok), None)
    if failed is not None:
        skipped = [f.id for f in plan.fixes[len(steps):]]
        return (f"{failed.fix.id} failed ({failed.outcome}); stopped there."
                + (f" Not run: {', '.join(skipped)}." if skipped else ""))
    if plan.dry_run:
        return f"Dry run of {_fixes(len(steps))}: nothing was changed."
    if finished:
        return (f"Applied {_fixes(len(steps))}; the re-check shows "
                f"{'each' if len(steps) != 1 else 'its'} finding gone.")
    done = sum(1 for v in judged if v.done)
    return (f"Ran {_fixes(len(steps))}; {done} done, "
            f"{len(steps) - done} not done yet: the re-check still finds what they were to fix.")


def _before_after(steps: Sequence[StepResult], before: Report, after: Report) -> list[str]:
    """The status of each check a fix answered, before the fix and at the re-check."""
    statuses = {r.check_id: r for r in after.results}
    ran = {c for s in steps for c in s.fix.check_ids}
    lines = ["", "Before -> after:"]
    for result in (r for r in before.results if r.check_id in ran):
        again = statuses.get(result.check_id)
        lines.append(f"  {result.check_id}: {result.status.value} -> {again.status.value if again else 'not run'}")
    return lines


def _still_to_do(plan: Plan, steps: Sequence[StepResult], judged: Sequence[Verdict]) -> list[str]:
    """What a person must still do after a fix that worked (log out, restart a service)."""
    done = {v.fix_id for v in judged if v.done}
    notes = dict.fromkeys(s.fix.after_text for s in steps if s.ok and s.fix.follow_up and s.fix.id in done)
    if not notes or plan.dry_run:
        return []
    return ["", "Still to do:", *(f"  - {note}" for note in notes),
            "  (checks may show the old state until then; run `gpudoctor check` afterwards)"]


def outcome_lines(plan: Plan, steps: Sequence[StepResult], before: Report, after: Report | None,
                  judged: Sequence[Verdict] = ()) -> list[str]:
    # One variable removed from two files is two runs of one fix with the same remainder: said once.
    unfinished = list(dict.fromkeys((v.fix_id, v.remains) for v in judged if not v.done))
    lines = ["", _outcome_headline(plan, steps, judged, finished=not unfinished)]
    for fix_id, remains in unfinished:
        lines.append(f"  {fix_id}: what remains:")
        lines.extend(f"    - {text}" for text in remains)
    if after is not None:
        lines += _before_after(steps, before, after)
    return lines + _still_to_do(plan, steps, judged)
