"""Whether a fix that ran is done: only when a re-check shows its finding gone.

A script that exits 0 has changed a file or a unit; whether the problem is gone is another
question, and the re-check answers it. What may remain, said exactly: a variable still set by
another startup file (named, with its line), the environment gpudoctor itself was started from
(a new shell is needed), a service that has not been restarted, or a finding that stays for a
reason the fix did not touch. Pure: it reads the reports and facts it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from gpudoctor.engine import Report
from gpudoctor.fixing.apply import StepResult
from gpudoctor.fixing.plan import SHELL_ENV_FIX
from gpudoctor.probes.shell_startup import ShellStartup

DONE_STATUSES = ("pass", "skip")


@dataclass(frozen=True)
class Verdict:
    fix_id: str
    done: bool
    remains: tuple[str, ...]  # what still has to happen, one sentence each; empty when done


def _argument(args: Sequence[str], flag: str) -> str | None:
    return args[args.index(flag) + 1] if flag in args and args.index(flag) + 1 < len(args) else None


def _shell_env_remains(step: StepResult, check_ids: Sequence[str], startup: ShellStartup | None,
                       summaries: dict[str, str]) -> list[str]:
    args = step.fix.args
    name = _argument(args, "--name")
    remains = []
    if "--unset" in args and name:
        still = startup.setting(name) if startup is not None else ()
        remains += [f"{a.file} line {a.line} still sets it: {a.text}" for a in still]
        if startup is None:
            remains.append("gpudoctor could not read the startup files again to confirm they no longer set it")
    ids = ", ".join(check_ids)
    remains.append(f"this shell, and gpudoctor started from it, still has the old {name or 'value'} "
                   f"({'; '.join(summaries[c] for c in check_ids if c in summaries)}): open a new shell "
                   f"(or run `{'unset ' + name if '--unset' in args and name else 'exec $SHELL'}`) and run "
                   f"`gpudoctor check --only {ids}`")
    return remains


def verdicts(steps: Sequence[StepResult], after: Report | None, startup_after: ShellStartup | None) -> list[Verdict]:
    """One verdict per fix that ran to exit 0; a dry run or a failed script has none."""
    statuses = {r.check_id: r for r in after.results} if after is not None else {}
    found = []
    for step in steps:
        if not step.ok:
            continue
        still = [c for c in step.fix.check_ids
                 if c not in statuses or statuses[c].status.value not in DONE_STATUSES]
        if not still:
            found.append(Verdict(step.fix.id, True, ()))
            continue
        summaries = {c: f"{c} {statuses[c].status.value}: {_headline(statuses[c])}" for c in still if c in statuses}
        if step.fix.id == SHELL_ENV_FIX:
            remains = _shell_env_remains(step, still, startup_after, summaries)
        else:
            remains = [summaries.get(c, f"{c} could not be checked again") for c in still]
            if step.fix.follow_up and step.fix.after_text:
                remains.append(step.fix.after_text)
        found.append(Verdict(step.fix.id, False, tuple(remains)))
    return found


def _headline(result) -> str:
    lead = max(result.findings, key=lambda f: f.status.rank) if result.findings else None
    return " ".join(lead.summary.split()) if lead is not None else "no finding"
