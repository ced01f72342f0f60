"""apply.py with nothing substituted: a real fix script runs through the same path `fix --apply` uses."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from fixing.support import report_of

from gpudoctor.fixing.apply import FixLog, apply_fixes, log_path, run_script
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import Target, build_plan
from gpudoctor.model import warn
from gpudoctor.probes.privileges import Privileges

BEGIN, END = "# >>> gpudoctor managed >>>", "# <<< gpudoctor managed <<<"


def test_set_shell_env_really_runs(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    profile = home / "profile.sh"
    profile.write_text("alias ll='ls -alF'\n")
    monkeypatch.setenv("HOME", str(home))
    finding = warn("NCCL_P2P_DISABLE is missing", fix="linux.set-shell-env",
                   fix_args=["--name", "NCCL_P2P_DISABLE", "--value", "0", "--profile", str(profile)])
    plan = build_plan(report_of([("env.gpu", [finding])]), load_catalog(),
                      Target("wsl", "Ubuntu", Privileges(False, "id -u printed 1000")))
    lines: list[str] = []
    log = FixLog(tmp_path / "state" / "fix.log", lines.append)
    (step,) = apply_fixes(plan.fixes, echo=lines.append, log=log)
    assert step.ok, step.run.output
    assert profile.read_text() == f"alias ll='ls -alF'\n{BEGIN}\nexport NCCL_P2P_DISABLE='0'\n{END}\n"
    assert f"    done: set NCCL_P2P_DISABLE='0' in {profile}. Open a new shell" in "\n".join(lines)
    assert list(home.glob("profile.sh.gpudoctor-bak.*"))  # the script's own backup
    logged = log.path.read_text()
    assert f"--profile {profile}" in logged and "end linux.set-shell-env: exit 0" in logged
    again = apply_fixes(plan.fixes, echo=lines.append, log=log)[0]
    assert again.ok and "nothing to do" in again.run.output


def test_a_failing_script_reports_its_exit_code(tmp_path):
    finding = warn("x", fix="linux.set-shell-env", fix_args=["--name", "PATH", "--unset"])  # not on the allow-list
    plan = build_plan(report_of([("env.gpu", [finding])]), load_catalog(), Target("wsl"))
    (step,) = apply_fixes(plan.fixes, echo=lambda line: None, log=FixLog(tmp_path / "fix.log", print))
    assert not step.ok and step.run.returncode == 2
    assert "error: variable 'PATH' is not one gpudoctor manages" in step.output_tail


def test_a_hung_script_and_its_children_are_stopped_at_the_timeout(tmp_path):
    child = tmp_path / "child.pid"
    script = f"sleep 60 & echo $! > {child}; echo started; wait"
    started = time.monotonic()
    result = run_script(["bash", "-c", script], timeout=1.0, echo=lambda line: None)
    assert time.monotonic() - started < 15
    assert result.timed_out and result.returncode is None and result.output == "started\n"
    pid = int(child.read_text())
    time.sleep(0.2)
    assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_a_missing_interpreter_is_an_error_not_a_crash():
    result = run_script(["no-such-shell-gpudoctor", "x"], timeout=5, echo=lambda line: None)
    assert result.returncode is None and "no-such-shell-gpudoctor" in result.error


def test_log_location():
    assert log_path({"XDG_STATE_HOME": "/var/tmp/st"}, windows=False) == Path("/var/tmp/st/gpudoctor/fix.log")
    home = Path.home()
    assert log_path({}, windows=False) == home / ".local" / "state" / "gpudoctor" / "fix.log"
    assert log_path({"XDG_STATE_HOME": "relative/dir"}, windows=False) == home / ".local/state/gpudoctor/fix.log"
    windows = log_path({"LOCALAPPDATA": "C:\\Users\\ada\\AppData\\Local"}, windows=True)
    assert windows.parts[-2:] == ("gpudoctor", "fix.log") and str(windows).startswith("C:\\Users\\ada")


def test_an_unwritable_log_warns_once_and_never_stops_a_fix(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    warnings: list[str] = []
    log = FixLog(blocker / "sub" / "fix.log", warnings.append)
    log.write("a\n")
    log.write("b\n")
    assert len(warnings) == 1 and "cannot write the fix log" in warnings[0]
    assert os.path.isfile(blocker)


def test_ctrl_c_during_a_fix_is_logged(tmp_path, monkeypatch):
    from gpudoctor.fixing import apply

    def interrupted(argv, *, timeout, echo):
        raise KeyboardInterrupt

    monkeypatch.setattr(apply, "run_script", interrupted)
    finding = warn("x", fix="linux.set-shell-env", fix_args=["--name", "NCCL_DEBUG", "--unset"])
    plan = build_plan(report_of([("env.gpu", [finding])]), load_catalog(), Target("wsl"))
    log = FixLog(tmp_path / "fix.log", print)
    with pytest.raises(KeyboardInterrupt):
        apply_fixes(plan.fixes, echo=lambda line: None, log=log)
    text = log.path.read_text()
    assert "command bash " in text and "end linux.set-shell-env: interrupted (Ctrl-C)" in text
