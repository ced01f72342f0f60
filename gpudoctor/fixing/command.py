"""`gpudoctor fix`: diagnose, plan, and (with --apply) run the plan, then check again.

Exit codes: 0 plan shown, or every fix ran and the re-check shows its finding gone; 1 a fix
failed (the rest were not run), a fix ran but its finding remains (what remains is said), or the
confirmation was declined; 2 refused (bad usage, an unknown id, a fix for another platform or
needing other privileges, no confirmation possible, --apply on a snapshot).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

import click

from gpudoctor.engine import Options, Report, run_checks
from gpudoctor.errors import BadInput
from gpudoctor.fixing.apply import FixLog, apply_fixes, log_path
from gpudoctor.fixing.catalog import CatalogError, load_catalog
from gpudoctor.fixing.plan import Plan, Target, UnknownId, build_plan, restrict, to_run, wsl_share
from gpudoctor.fixing.record import fix_record
from gpudoctor.fixing.render import outcome_lines, plan_lines
from gpudoctor.fixing.verify import verdicts
from gpudoctor.host.base import Host
from gpudoctor.probes.privileges import Privileges
from gpudoctor.probing import ProbeFailed
from gpudoctor.registry import Registry, load_registry
from gpudoctor.selection import select_checks
from gpudoctor.summary import host_summary


def new_live_host() -> Host:
    """This machine (the one the entry point started early, the first time); tests replace it with
    recorded hosts."""
    from gpudoctor.host.opening import live_host

    return live_host()


def _opened(snapshot_path: str | None) -> Host:
    if snapshot_path is None:
        return new_live_host()
    from gpudoctor.host.snapshot import SnapshotError, load_snapshot

    try:
        return load_snapshot(snapshot_path)
    except SnapshotError as exc:
        raise BadInput(str(exc)) from None


def stdin_is_tty() -> bool:
    return sys.stdin is not None and sys.stdin.isatty()


@dataclass(frozen=True)
class Request:
    ids: tuple[str, ...]
    apply: bool
    yes: bool
    dry_run: bool
    as_json: bool
    snapshot_path: str | None
    min_driver: int
    markdown: bool = False  # --format markdown: the plan as a report to paste into an issue
    anonymise: bool = True


def _fact(report: Report, name: str):
    """A fact the diagnosis gathered (or gathers now, on the same host), None if its probe failed."""
    try:
        return report.facts.get(name)
    except ProbeFailed:
        return None


def _diagnose(host: Host, registry: Registry, options: Options, *, live: bool) -> tuple[Report, Target]:
    report = run_checks(host, select_checks(registry.checks), registry, options, summarize=host_summary)
    platform = _fact(report, "platform")
    privileges = None
    if live:
        privileges = _fact(report, "privileges") or Privileges(None, "the privileges probe failed")
    if platform is None:
        return report, Target("unknown", None, privileges)
    share = None
    if platform.kind == "wsl":
        windows = _fact(report, "windows")
        if windows is not None and windows.reachable:
            share = wsl_share(windows.windows_build, bool(windows.wsl_package_version or platform.wsl_package_version))
    startup = _shell_startup(report) if platform.kind in ("linux", "wsl") else None
    return report, Target(platform.kind, platform.wsl_distro, privileges, **({"wsl_share": share} if share else {}),
                          shell_startup=startup)


def _shell_startup(report: Report):
    """The user's shell and the lines of its startup files that set managed variables; None if unknown."""
    startup = _fact(report, "shell_startup")
    return startup if startup is not None and startup.error is None else None


def _recheck(registry: Registry, options: Options, check_ids: set[str]) -> tuple[Report, object]:
    """The checks the fixes answered, run again on a fresh host, and the startup files read again."""
    host = new_live_host()
    try:
        checks = [c for c in registry.checks if c.id in check_ids]
        report = run_checks(host, checks, registry, options, report_broken_plugins=False, summarize=host_summary)
        return report, _shell_startup(report)
    finally:
        host.close()


def _emit(lines: list[str], *, err: bool = False) -> None:
    from gpudoctor.report.console import fitted, output_width
    from gpudoctor.report.printable import printable

    click.echo(fitted(printable("\n".join(lines)), output_width(sys.stderr if err else sys.stdout)), err=err)


def _print_record(record: dict) -> None:
    from gpudoctor.report.printable import json_text

    click.echo(json_text(record, indent=2))


def _refuse_unrunnable(plan: Plan) -> None:
    refused = [f for f in plan.fixes if f.refusal]
    if not refused:
        return
    runnable = [f.id for f in plan.fixes if not f.refusal]
    hint = f" (to run only the ones that can run here, name them: --apply {' '.join(runnable)})" if runnable else ""
    if len(refused) == 1:
        raise BadInput(f"refused: {refused[0].refusal}{hint}")
    for fix in refused:
        click.echo(f"refused: {fix.refusal}", err=True)
    raise BadInput(f"{len(refused)} of the planned fixes cannot run here; nothing was changed{hint}")


def run_fix(request: Request) -> int:
    if request.apply and request.snapshot_path:
        raise BadInput("--apply cannot change a snapshot: run `gpudoctor fix --apply` on the machine itself "
                       "(without --from)")
    if request.dry_run and not request.apply:
        raise BadInput("--dry-run goes with --apply: `gpudoctor fix --apply --dry-run` previews the fixes")
    try:
        catalog = load_catalog()
    except CatalogError as exc:
        raise BadInput(str(exc)) from None
    registry = load_registry()
    options = Options(min_driver=request.min_driver, source=request.snapshot_path or "live")
    host = _opened(request.snapshot_path)
    try:
        report, target = _diagnose(host, registry, options, live=not request.snapshot_path)
    finally:
        host.close()
    try:
        plan = restrict(build_plan(report, catalog, target, dry_run=request.dry_run), request.ids, catalog,
                        (c.id for c in registry.checks))
    except UnknownId as exc:
        raise BadInput(str(exc)) from None
    if not request.apply:
        if request.as_json:
            _print_record(fix_record(report, plan, "planned" if plan.fixes else "nothing-to-do"))
        elif request.markdown:
            from gpudoctor.report.anonymise import this_machine
            from gpudoctor.report.markdown import plan_markdown

            click.echo(plan_markdown(plan_lines(plan, report), report,
                                     anonymiser=this_machine() if request.anonymise else None), nl=False)
        else:
            _emit(plan_lines(plan, report))
        return 0
    return _apply(request, report, to_run(plan), registry, options)


def _confirmed(request: Request, report: Report, plan: Plan) -> bool:
    """The plan shown (on stderr under --json, whose stdout carries only the record) and, without --yes,
    the person's answer; refused with no terminal to ask on."""
    if not request.yes and not stdin_is_tty():
        raise BadInput("refused: `gpudoctor fix --apply` asks for confirmation and there is no terminal to ask "
                       "on; pass --yes to run the plan without asking")
    _emit(plan_lines(plan, report, applying=True), err=request.as_json)
    if request.yes:
        return True
    question = f"Run {'the dry run of ' if plan.dry_run else ''}these {len(plan.fixes)} fix(es) now?"
    if click.confirm(question, default=False, err=True):
        return True
    click.echo("Nothing was changed.", err=True)
    if request.as_json:
        _print_record(fix_record(report, plan, "declined"))
    return False


def _run_status(plan: Plan, failed: bool, unfinished: bool) -> str:
    return "failed" if failed else "previewed" if plan.dry_run else "incomplete" if unfinished else "applied"


def _apply(request: Request, report: Report, plan: Plan, registry: Registry, options: Options) -> int:
    as_json = request.as_json
    if not plan.fixes:
        if as_json:
            _print_record(fix_record(report, plan, "nothing-to-do"))
        else:
            _emit(plan_lines(plan, report, applying=True))
        return 0
    _refuse_unrunnable(plan)
    if not _confirmed(request, report, plan):
        return 1
    log = FixLog(log_path(), lambda message: click.echo(message, err=True))
    steps = apply_fixes(plan.fixes, echo=lambda line: click.echo(line, err=as_json), log=log,
                        dry_run=plan.dry_run)
    after, startup_after = (None, None) if plan.dry_run else \
        _recheck(registry, options, {c for s in steps for c in s.fix.check_ids})
    judged = [] if plan.dry_run else verdicts(steps, after, startup_after)
    failed = any(not s.ok for s in steps)
    unfinished = any(not v.done for v in judged)
    _emit(outcome_lines(plan, steps, report, after, judged) + [f"Log: {log.path}"], err=as_json)
    if as_json:
        _print_record(fix_record(report, plan, _run_status(plan, failed, unfinished), steps=steps, after=after,
                                 log=str(log.path), verdicts=judged))
    return 1 if failed or unfinished else 0
