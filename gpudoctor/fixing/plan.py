"""From a report to a plan: which fix scripts would run, in which order, with which command line.

Pure: it reads a Report, the platform, the privileges and the catalog, and changes nothing.

Which findings. Every warning or failure that names a fix. A passing finding may name one too
(a hint, e.g. "no CUDA toolkit: not needed, but here is how to get one"): that fix is planned
as optional and runs only when named by its own id (`gpudoctor fix --apply FIX_ID`).

Order. Fixes run in phases, each building on the one before (the `# phase:` of each script's
header; catalog.PHASES lists them in order); within a phase they keep the order of the report
(checks sorted by id, findings in the order a check gave them).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import PurePosixPath, PureWindowsPath
from typing import Iterable

from gpudoctor.engine import Report
from gpudoctor.fixing.catalog import PHASES, FixSpec
from gpudoctor.fixing.manual import ManualStep, manual_steps
from gpudoctor.model import Finding, Status
from gpudoctor.probes.privileges import Privileges
from gpudoctor.probes.shell_startup import ShellStartup
from gpudoctor.quoting import powershell_command_line

AFTER_TEXT = {
    "reboot": "a restart of the computer follows (the script does not restart it)",
    "wsl-shutdown": "WSL must restart: run `wsl.exe --shutdown` in PowerShell, then reopen the distribution",
    "new-shell": "takes effect in shells started afterwards: open a new terminal",
    "restart-ollama": "Ollama is restarted so that it sees the change",
}
# What the person must do after these, before the checks can show the change.
FOLLOW_UPS = ("reboot", "wsl-shutdown", "new-shell")
# set-user-env.ps1 restarts Ollama only when given this switch (its header's `changes:`).
RESTART_SWITCH = "-RestartOllama"
RESTART_BY_HAND = "Ollama must be restarted to see the change: quit it from the tray and start it again"
ELEVATION_TEXT = {"none": "no special", "root": "root", "admin": "administrator"}
SHELL_TEXT = {"bash": "bash", "powershell": "Windows PowerShell"}
POWERSHELL = ("powershell.exe", "-NoProfile", "-ExecutionPolicy", "Bypass", "-File")


@dataclass(frozen=True)
class PlannedFix:
    spec: FixSpec
    args: tuple[str, ...]
    check_ids: tuple[str, ...]  # the checks that asked for it
    reasons: tuple[str, ...]  # the findings' summaries
    changes: tuple[str, ...]  # the header's `changes:` lines, arguments filled in
    arguments: tuple[str, ...]  # "--version 12-8: CUDA toolkit version to install ..."
    command: tuple[str, ...]  # the argv that runs it
    refusal: str | None  # why it cannot run here and now (None: it can)
    optional: bool = False  # only passing findings ask for it
    after_text: str | None = None  # what follows it (a reboot, a new shell, ...)
    follow_up: bool = False  # the person has to do that part

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def phase(self) -> str:
        return self.spec.phase

    @property
    def command_line(self) -> str:
        return command_line(self.spec, self.command)


@dataclass(frozen=True)
class Plan:
    platform: str  # the platform planned for: linux | wsl | windows
    elevated: bool | None  # None: not known (a snapshot)
    fixes: tuple[PlannedFix, ...]
    manual: tuple[ManualStep, ...]
    problems: tuple[str, ...]  # findings that name a fix gpudoctor cannot run as asked
    dry_run: bool = False
    named: tuple[str, ...] = ()  # the ids the plan was restricted to

    @property
    def check_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for f in self.fixes for c in f.check_ids))


@dataclass(frozen=True)
class Target:
    """Where the plan would run: the platform facts and privileges that decide what may run."""

    platform: str
    wsl_distro: str | None = None
    privileges: Privileges | None = None  # None: unknown (planning from a snapshot)
    wsl_share: str = "\\\\wsl.localhost"  # how Windows names this distribution's files (see wsl_share)
    shell_startup: ShellStartup | None = None  # the user's shell and its startup files; None: not known


def script_command(spec: FixSpec, args: Iterable[str], *, dry_run: bool = False, path: str | None = None
                   ) -> tuple[str, ...]:
    """The argv running a script: through bash or powershell.exe (installed copies may lack the exec bit)."""
    args = (*args, spec.dry_run_flag) if dry_run else tuple(args)
    script = path or str(spec.path)
    if spec.shell == "powershell":
        return (*POWERSHELL, script, *args)
    return ("bash", script, *args)


def command_line(spec: FixSpec, argv: Iterable[str]) -> str:
    """argv quoted for the shell a person would paste it into: PowerShell or bash."""
    if spec.shell == "powershell":
        return powershell_command_line(argv)
    return shlex.join(argv)


def _bind(spec: FixSpec, args: tuple[str, ...]) -> list[tuple[str, str | None]]:
    """(flag, value) pairs of a finding's fix_args, checked against the script's declared params."""
    bound = []
    tokens = iter(args)
    for token in tokens:
        param = spec.param(token)
        if param is None:
            raise ValueError(f"{spec.id} takes no argument {token!r}")
        value = None
        if param.metavar is not None:
            value = next(tokens, None)
            if value is None:
                raise ValueError(f"{spec.id}: {token} needs a value ({param.metavar})")
        bound.append((token, value))
    return bound


def _fill_in(line: str, spec: FixSpec, bound: list[tuple[str, str | None]]) -> str:
    """Replace a param's metavar (X-Y, VAR=VALUE) in a `changes:` line by the value given, when given once."""
    values: dict[str, list[str]] = {}
    for flag, value in bound:
        metavar = spec.param(flag).metavar
        if metavar is not None and value is not None:
            values.setdefault(metavar, []).append(value)
    for metavar in sorted(values, key=len, reverse=True):
        if len(values[metavar]) == 1:
            # Metavars are upper case; one may follow lower-case text ("+cudaX.Y").
            pattern = rf"(?<![A-Z0-9_]){re.escape(metavar)}(?![A-Za-z0-9_])"
            line = re.sub(pattern, lambda _match, v=values[metavar][0]: v, line)
    return line


def _argument_lines(spec: FixSpec, bound: list[tuple[str, str | None]]) -> tuple[str, ...]:
    return tuple(f"{flag}{' ' + value if value is not None else ''}: {spec.param(flag).description}"
                 for flag, value in bound)


def _after(spec: FixSpec, args: tuple[str, ...]) -> tuple[str | None, bool]:
    if spec.after == "restart-ollama" and spec.param(RESTART_SWITCH) and RESTART_SWITCH not in args:
        return RESTART_BY_HAND, True
    return AFTER_TEXT.get(spec.after), spec.after in FOLLOW_UPS


# \\wsl.localhost\ came with Windows build 21354 (WSL release notes) and with the Store WSL on
# Windows 10 (wslutilities/wslu#253); the WSL built into older Windows 10 builds knows only
# \\wsl$\ (bostrot/wsl2-distro-manager#46, Windows 10 21H1), which every build still accepts.
WSL_LOCALHOST_BUILD = 21354


def wsl_share(windows_build: int | None, store_wsl: bool) -> str:
    """The UNC root Windows reaches a distribution's files under, for this Windows build."""
    if windows_build is not None and windows_build < WSL_LOCALHOST_BUILD and not store_wsl:
        return "\\\\wsl$"
    return "\\\\wsl.localhost"


def windows_path_of(path: str, distro: str | None, share: str = "\\\\wsl.localhost") -> str:
    """A WSL path as Windows sees it (\\\\wsl.localhost\\DISTRO\\... or \\\\wsl$\\...), for a command run from PowerShell."""
    parts = PurePosixPath(path).parts[1:]
    return str(PureWindowsPath(f"{share}\\{distro or '<distribution>'}\\", *parts))


def _script_path(spec: FixSpec, target: Target) -> str | None:
    """Planning for Windows from a snapshot on Linux or macOS: the script's place in a Windows install of
    gpudoctor (where the command will be pasted), not this machine's path. None: the script's own path."""
    from_snapshot = target.privileges is None
    if from_snapshot and target.platform == "windows" and spec.shell == "powershell" and os.name != "nt":
        return str(PureWindowsPath("<site-packages>", "gpudoctor", "fixes", *spec.path.parts[-2:]))
    return None


def with_sudo(arguments: str) -> str:
    """The command that runs this very gpudoctor as root. sudo resets PATH to its secure_path, which
    holds no virtualenv's bin/, so `sudo gpudoctor` fails for the README's own venv install; the
    absolute path of the running interpreter works wherever gpudoctor was installed."""
    if not sys.executable:
        return f"sudo gpudoctor {arguments}"
    return f"sudo {shlex.quote(sys.executable)} -m gpudoctor {arguments}"


def refusal(spec: FixSpec, args: tuple[str, ...], target: Target, *, dry_run: bool = False) -> str | None:
    """Why this fix must not run here (None when it may): another platform, or the wrong privileges."""
    if target.platform not in spec.platforms:
        return _other_platform(spec, args, target)
    privileges = target.privileges
    if privileges is None:
        return None
    if spec.elevation == "admin" and privileges.elevated is not True:
        # Even a preview needs it: enable-wsl2.ps1 cannot read the feature states otherwise.
        return (f"{spec.id} needs administrator rights: run PowerShell as Administrator (right-click > "
                f"Run as administrator), then `gpudoctor fix --apply {spec.id}`")
    if spec.elevation == "root" and privileges.elevated is not True and not dry_run:
        known = "" if privileges.elevated is False else f" (could not tell whether this is root: {privileges.evidence})"
        return f"{spec.id} needs root{known}: run `{with_sudo(f'fix --apply {spec.id}')}`"
    if spec.elevation == "none" and spec.shell == "bash" and privileges.elevated and privileges.sudo_user:
        return (f"{spec.id} changes your own settings, under sudo it would change root's: run "
                f"`gpudoctor fix --apply {spec.id}` without sudo")
    return None


def _other_platform(spec: FixSpec, args: tuple[str, ...], target: Target) -> str:
    if spec.shell == "powershell" and target.platform == "wsl":
        as_admin = " as Administrator" if spec.elevation == "admin" else ""
        windows_command = command_line(spec, script_command(spec, args, path=windows_path_of(str(spec.path),
                                                                                            target.wsl_distro,
                                                                                            target.wsl_share)))
        return (f"{spec.id} changes Windows, not this WSL distribution: run it from PowerShell{as_admin}: "
                f"{windows_command}")
    if spec.shell == "bash" and target.platform == "windows":
        sudo = "sudo " if spec.elevation == "root" else ""
        return (f"{spec.id} runs inside {' or '.join(spec.platforms)}: open your WSL distribution and run "
                f"`{sudo}gpudoctor fix --apply {spec.id}` there")
    return f"{spec.id} runs on {' or '.join(spec.platforms)}, not on {target.platform}"


def _fixable(report: Report) -> Iterable[tuple[str, Finding]]:
    for result in report.results:
        for finding in result.findings:
            if finding.fix and finding.status in (Status.PASS, Status.WARN, Status.FAIL):
                yield result.check_id, finding


# Fixes that rely on another's work: inside WSL, libnccl2 comes from NVIDIA's CUDA repository,
# which the toolkit fix sets up with its keyring. An optional prerequisite of a planned fix runs too.
PREREQUISITES = {"wsl.install-nccl": "wsl.install-cuda-toolkit"}


def _with_prerequisites(fixes: list[PlannedFix]) -> list[PlannedFix]:
    needed = {PREREQUISITES[f.id] for f in fixes if not f.optional and f.id in PREREQUISITES}
    return [dataclasses.replace(f, optional=False) if f.id in needed else f for f in fixes]


def build_plan(report: Report, catalog: dict[str, FixSpec], target: Target, *, dry_run: bool = False) -> Plan:
    """The plan for every finding that names a fix, deduplicated and in phase order."""
    grouped: dict[tuple[str, tuple[str, ...]], list[tuple[str, Finding]]] = {}
    problems: list[str] = []
    for check_id, finding in _fixable(report):
        if finding.fix not in catalog:
            problems.append(f"{check_id} asks for the fix {finding.fix!r}, which this gpudoctor does not ship")
            continue
        for args in _in_the_right_files(finding.fix, tuple(finding.fix_args), target.shell_startup):
            grouped.setdefault((finding.fix, args), []).append((check_id, finding))
    fixes = []
    for (fix_id, args), asked_by in grouped.items():
        spec = catalog[fix_id]
        try:
            bound = _bind(spec, args)
        except ValueError as exc:
            problems.append(f"{', '.join(dict.fromkeys(c for c, _ in asked_by))}: {exc}")
            continue
        after_text, follow_up = _after(spec, args)
        fixes.append(PlannedFix(
            spec=spec,
            args=args,
            check_ids=tuple(dict.fromkeys(check_id for check_id, _ in asked_by)),
            reasons=tuple(dict.fromkeys(finding.summary for _, finding in asked_by)),
            changes=tuple(_fill_in(line, spec, bound) for line in spec.changes),
            arguments=_argument_lines(spec, bound),
            command=script_command(spec, args, dry_run=dry_run, path=_script_path(spec, target)),
            refusal=refusal(spec, args, target, dry_run=dry_run),
            optional=all(finding.status is Status.PASS for _, finding in asked_by),
            after_text=after_text,
            follow_up=follow_up,
        ))
    fixes = _with_prerequisites(fixes)
    fixes.sort(key=lambda planned: PHASES.index(planned.phase))  # stable: report order within a phase
    host = report.host or {}
    manual = manual_steps(
        ((r.check_id, f) for r in report.results for f in r.findings),
        target.platform,
        ((host.get("platform") or {}).get("os_name") or ""),
        (gpu.get("name") or "" for gpu in host.get("gpus") or ()),
    )
    elevated = target.privileges.elevated if target.privileges else None
    return Plan(target.platform, elevated, tuple(fixes), manual, tuple(problems), dry_run)


SHELL_ENV_FIX = "linux.set-shell-env"


def _in_the_right_files(fix_id: str, args: tuple[str, ...], startup: ShellStartup | None) -> list[tuple[str, ...]]:
    """A shell variable is changed in the file the user's shell reads, not always ~/.bashrc: set in
    its rc file (~/.zshrc for zsh, config.fish for fish), removed from every startup file of the
    user's that assigns it (one run of the script per file). System files (/etc) are left to the
    re-check to name: a user's fix does not edit them."""
    if fix_id != SHELL_ENV_FIX or "--profile" in args or startup is None or startup.rc_file is None:
        return [args]
    if "--unset" in args and "--name" in args:
        name = args[args.index("--name") + 1]
        owned = [a.file for a in startup.setting(name) if not a.file.startswith("/etc/")]
        files = list(dict.fromkeys(owned)) or [startup.rc_file]
        return [(*args, "--profile", path) for path in files]
    return [(*args, "--profile", startup.rc_file)]


class UnknownId(Exception):
    """An id given to `fix` that is neither a fix nor a check."""


def restrict(plan: Plan, ids: Iterable[str], fix_ids: Iterable[str], check_ids: Iterable[str]) -> Plan:
    """Only the planned fixes named by fix id, or by the id of a check asking for them (optional ones: by fix id)."""
    ids = tuple(ids)
    if not ids:
        return plan
    known = set(fix_ids) | set(check_ids)
    unknown = [i for i in ids if i not in known]
    if unknown:
        from gpudoctor.check_ids import did_you_mean

        raise UnknownId(f"unknown fix or check id {unknown[0]!r}{did_you_mean(unknown[0], known)}; `gpudoctor fix` "
                        "lists the planned fixes and `gpudoctor list` the checks")
    wanted = set(ids)
    fixes = tuple(f for f in plan.fixes if f.id in wanted or (not f.optional and wanted & set(f.check_ids)))
    manual = tuple(m for m in plan.manual if wanted & set(m.check_ids))
    return Plan(plan.platform, plan.elevated, fixes, manual, (), plan.dry_run, named=ids)


def to_run(plan: Plan) -> Plan:
    """What `--apply` runs: the plan without the optional fixes that were not named by id."""
    fixes = tuple(f for f in plan.fixes if not f.optional or f.id in plan.named)
    return Plan(plan.platform, plan.elevated, fixes, plan.manual, plan.problems, plan.dry_run, plan.named)
