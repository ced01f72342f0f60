"""Running fix scripts: the one place where gpudoctor changes the machine.

`run_script` is the single function that starts a script; tests substitute it. Every run is
appended to the fix log (`log_path()`): when, which command, its exit code and its output.
"""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from gpudoctor import __version__
from gpudoctor.fixing.plan import PlannedFix

# Installing a CUDA toolkit downloads several GB through apt; a conversion to WSL 2 copies a
# whole distribution. Generous, but a hung script still ends.
FIX_TIMEOUT_S = 2 * 60 * 60.0
# A script asked to stop (SIGTERM: fixlib.sh removes its temp files) gets this long before SIGKILL.
_STOP_GRACE_S = 10.0
OUTPUT_TAIL_CHARS = 4000

Echo = Callable[[str], None]


@dataclass(frozen=True)
class RunResult:
    returncode: int | None  # None when it did not run to its end
    output: str  # stdout and stderr, interleaved as printed
    timed_out: bool = False
    error: str | None = None  # why it could not start


@dataclass(frozen=True)
class StepResult:
    fix: PlannedFix
    started_at: str
    duration_s: float
    run: RunResult

    @property
    def ok(self) -> bool:
        return self.run.returncode == 0 and self.run.error is None and not self.run.timed_out

    @property
    def output_tail(self) -> str:
        return self.run.output[-OUTPUT_TAIL_CHARS:]

    @property
    def outcome(self) -> str:
        if self.run.error:
            return f"could not start: {self.run.error}"
        if self.run.timed_out:
            return "stopped: no result within the time limit"
        return f"exit {self.run.returncode}"


def _pump(stream, lines: list[str], echo: Echo) -> None:
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace")
        lines.append(line)
        try:
            echo(line.rstrip("\r\n"))
        except (OSError, ValueError):  # the terminal went away: keep reading, or the script blocks on a full pipe
            pass
    stream.close()


def _stop(proc: subprocess.Popen) -> None:
    """End the script and everything it started: it runs in its own process group / session."""
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(_STOP_GRACE_S)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        else:
            subprocess.run(["taskkill", "/PID", str(proc.pid), "/T", "/F"], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        proc.kill()
    try:
        proc.wait(_STOP_GRACE_S)
    except subprocess.TimeoutExpired:  # stuck in the kernel: abandon it
        pass


def run_script(argv: Sequence[str], *, timeout: float, echo: Echo) -> RunResult:
    """Run one fix script without a shell, streaming its output line by line to `echo`."""
    posix = os.name == "posix"
    try:
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=posix,
            creationflags=0 if posix else subprocess.CREATE_NEW_PROCESS_GROUP,  # type: ignore[attr-defined]
        )
    except OSError as exc:
        return RunResult(None, "", error=f"{argv[0]}: {exc.strerror or exc}")
    lines: list[str] = []
    reader = threading.Thread(target=_pump, args=(proc.stdout, lines, echo), daemon=True)
    reader.start()
    timed_out = False
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _stop(proc)
    except BaseException:  # Ctrl-C: the script has its own session and would not get it
        _stop(proc)
        raise
    reader.join(_STOP_GRACE_S)
    return RunResult(None if timed_out else proc.returncode, "".join(lines), timed_out=timed_out)


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def log_path(environ: Mapping[str, str] | None = None, *, windows: bool | None = None) -> Path:
    """%LOCALAPPDATA%\\gpudoctor\\fix.log on Windows; $XDG_STATE_HOME/gpudoctor/fix.log (default
    ~/.local/state/gpudoctor/fix.log) elsewhere, per the XDG Base Directory Specification."""
    environ = os.environ if environ is None else environ
    windows = os.name == "nt" if windows is None else windows
    if windows:
        base = environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "gpudoctor" / "fix.log"
    state = environ.get("XDG_STATE_HOME", "")
    # The spec: a relative path is invalid and must be ignored.
    base = Path(state) if os.path.isabs(state) else Path.home() / ".local" / "state"
    return base / "gpudoctor" / "fix.log"


class FixLog:
    """Appends what ran to the fix log; a log that cannot be written is reported once, never fatal."""

    def __init__(self, path: Path, warn: Echo) -> None:
        self.path = path
        self._warn = warn
        self.failed = False

    def write(self, text: str) -> None:
        if self.failed:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as log:
                log.write(text)
        except OSError as exc:
            self.failed = True
            self._warn(f"warning: cannot write the fix log {self.path}: {exc.strerror or exc}")


def apply_fixes(fixes: Iterable[PlannedFix], *, echo: Echo, log: FixLog, dry_run: bool = False,
                timeout: float = FIX_TIMEOUT_S) -> list[StepResult]:
    """Run the fixes in order, stopping at the first that fails; every step is logged."""
    fixes = list(fixes)
    mode = " (dry run)" if dry_run else ""
    log.write(f"{_now()} gpudoctor {__version__} fix --apply{mode}: {', '.join(f.id for f in fixes)}\n")
    results = []
    for number, fix in enumerate(fixes, 1):
        echo(f"[{number}/{len(fixes)}] {fix.id}: {fix.command_line}")
        started_at, started = _now(), time.monotonic()
        log.write(f"{started_at} start {fix.id} (asked by {', '.join(fix.check_ids)})\n"
                  f"{started_at} command {fix.command_line}\n")
        try:
            run = run_script(fix.command, timeout=timeout, echo=lambda line: echo(f"    {line}"))
        except KeyboardInterrupt:
            log.write(f"{_now()} end {fix.id}: interrupted (Ctrl-C); the script was stopped\n")
            raise
        step = StepResult(fix, started_at, time.monotonic() - started, run)
        log.write("".join(f"| {line}\n" for line in run.output.splitlines())
                  + f"{_now()} end {fix.id}: {step.outcome} after {step.duration_s:.1f} s\n")
        results.append(step)
        echo(f"[{number}/{len(fixes)}] {fix.id}: {'done' if step.ok else 'FAILED'} ({step.outcome})")
        if not step.ok:
            break
    return results
