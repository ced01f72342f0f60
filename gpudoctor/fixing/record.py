"""`gpudoctor fix --json`: the plan, what ran and what changed, as one JSON document.

gpudoctor/report/fix.schema.json (JSON Schema 2020-12) is its published shape; schema_version
changes when a field is removed or changes meaning.
"""

from __future__ import annotations

from typing import Any, Sequence

from gpudoctor import __version__
from gpudoctor.engine import Report
from gpudoctor.fixing.apply import StepResult
from gpudoctor.fixing.manual import ManualStep
from gpudoctor.fixing.plan import Plan, PlannedFix
from gpudoctor.fixing.verify import Verdict

SCHEMA_ID = "gpudoctor-fix"
SCHEMA_VERSION = 1
# "applied": every fix ran and the re-check shows its finding gone; "incomplete": they ran, and
# the re-check still finds something (each verdict says what remains).
STATUSES = ("planned", "nothing-to-do", "declined", "applied", "incomplete", "previewed", "failed")


def _fix(fix: PlannedFix) -> dict[str, Any]:
    spec = fix.spec
    return {
        "id": fix.id,
        "title": spec.title,
        "phase": fix.phase,
        "platforms": list(spec.platforms),
        "shell": spec.shell,
        "elevation": spec.elevation,
        "after": spec.after,
        "after_text": fix.after_text,
        "follow_up": fix.follow_up,
        "check_ids": list(fix.check_ids),
        "reasons": list(fix.reasons),
        "changes": list(fix.changes),
        "arguments": list(fix.arguments),
        "script": str(spec.path),
        "command": list(fix.command),
        "command_line": fix.command_line,
        "runnable": fix.refusal is None,
        "refusal": fix.refusal,
        "optional": fix.optional,
    }


def _manual(step: ManualStep) -> dict[str, Any]:
    return {"check_ids": list(step.check_ids), "title": step.title, "reasons": list(step.reasons),
            "steps": list(step.steps)}


def _step(step: StepResult) -> dict[str, Any]:
    return {
        "id": step.fix.id,
        "command": list(step.fix.command),
        "command_line": step.fix.command_line,
        "started_at": step.started_at,
        "duration_s": round(step.duration_s, 3),
        "exit_code": step.run.returncode,
        "timed_out": step.run.timed_out,
        "error": step.run.error,
        "ok": step.ok,
        "output_tail": step.output_tail,
    }


def _statuses(report: Report | None) -> dict[str, str]:
    return {r.check_id: r.status.value for r in report.results} if report else {}


def fix_record(report: Report, plan: Plan, status: str, *, steps: Sequence[StepResult] = (),
               after: Report | None = None, log: str | None = None, verdicts: Sequence[Verdict] = ()) -> dict[str, Any]:
    before, later = _statuses(report), _statuses(after)
    failed = next((s.fix.id for s in steps if not s.ok), None)
    return {
        "schema": SCHEMA_ID,
        "schema_version": SCHEMA_VERSION,
        "gpudoctor_version": __version__,
        "source": report.source,
        "status": status,
        "dry_run": plan.dry_run,
        "host": report.host,
        "plan": {
            "platform": plan.platform,
            "elevated": plan.elevated,
            "fixes": [_fix(f) for f in plan.fixes],
            "manual": [_manual(m) for m in plan.manual],
            "problems": list(plan.problems),
        },
        "steps": [_step(s) for s in steps],
        "stopped_at": failed,
        "checks": [{"id": check_id, "before": before.get(check_id), "after": later.get(check_id)}
                   for check_id in plan.check_ids],
        "verdicts": [{"id": v.fix_id, "done": v.done, "remains": list(v.remains)} for v in verdicts],
        "log": log,
    }

