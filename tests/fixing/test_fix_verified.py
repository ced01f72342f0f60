"""A fix is done only when a re-check shows its finding gone: `fix --apply` end to end on this
machine, with the real script and the real startup-file probe, in a temporary HOME."""

from __future__ import annotations

import json
import os
from importlib import resources

import jsonschema
import pytest
from click.testing import CliRunner
from fixing.support import report_of, stand_in_registry

from gpudoctor.cli import main
from gpudoctor.engine import Report
from gpudoctor.fixing import command
from gpudoctor.fixing.apply import RunResult, StepResult
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import PlannedFix, Target, build_plan
from gpudoctor.fixing.verify import verdicts
from gpudoctor.host.live import LiveHost
from gpudoctor.model import ok, warn
from gpudoctor.probes.shell_startup import Assignment, ShellStartup, startup_files

RECORD_SCHEMA = json.loads(resources.files("gpudoctor.report").joinpath("fix.schema.json").read_text())

DISABLED = "# disabled by gpudoctor: "

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the shell fix scripts run in bash")


def _zsh_user(tmp_path, monkeypatch):
    """A zsh user whose ~/.zshrc and ~/.zprofile both set NCCL_P2P_DISABLE=1, as does the shell
    gpudoctor was started from."""
    home = tmp_path / "home"
    home.mkdir()
    (home / ".zshrc").write_text("bindkey -e\nexport NCCL_P2P_DISABLE=1\n")
    (home / ".zprofile").write_text("NCCL_P2P_DISABLE=1\n")
    (home / ".bashrc").write_text("alias ll='ls -l'\n")
    for name, value in (("HOME", str(home)), ("SHELL", "/usr/bin/zsh"), ("NCCL_P2P_DISABLE", "1"),
                        ("XDG_STATE_HOME", str(tmp_path / "state"))):
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("ZDOTDIR", raising=False)
    monkeypatch.setattr(command, "load_registry", stand_in_registry)
    monkeypatch.setattr(command, "new_live_host", LiveHost)
    monkeypatch.setattr(command, "stdin_is_tty", lambda: False)
    return home


def test_an_env_fix_edits_the_zsh_files_that_set_it_and_says_a_new_shell_remains(tmp_path, monkeypatch):
    home = _zsh_user(tmp_path, monkeypatch)
    result = CliRunner().invoke(main, ["fix", "--apply", "--yes", "--json", "test.shell-nccl"])
    record = json.loads(result.stdout)
    jsonschema.validate(record, RECORD_SCHEMA)
    # Both of the user's files that set it were edited; ~/.bashrc, which zsh never reads, was not.
    assert [s["command"][-1] for s in record["steps"]] == [str(home / ".zprofile"), str(home / ".zshrc")]
    assert (home / ".zshrc").read_text() == f"bindkey -e\n{DISABLED}export NCCL_P2P_DISABLE=1\n"
    assert (home / ".zprofile").read_text() == f"{DISABLED}NCCL_P2P_DISABLE=1\n"
    assert (home / ".bashrc").read_text() == "alias ll='ls -l'\n"
    # This process still has the variable: the re-check still finds it, and the fix is not done.
    assert record["status"] == "incomplete" and result.exit_code == 1
    (verdict,) = {v["id"]: v for v in record["verdicts"]}.values()
    assert not verdict["done"] and len(verdict["remains"]) == 1
    assert verdict["remains"][0].startswith("this shell, and gpudoctor started from it, still has the old "
                                            "NCCL_P2P_DISABLE (test.shell-nccl warn: NCCL_P2P_DISABLE=1")
    assert "open a new shell (or run `unset NCCL_P2P_DISABLE`)" in verdict["remains"][0]
    assert "not done yet" in result.stderr and "Applied" not in result.stderr


def test_the_fix_is_done_once_the_re_check_no_longer_finds_it(tmp_path, monkeypatch):
    home = _zsh_user(tmp_path, monkeypatch)
    real_apply = command.apply_fixes

    def apply_then_new_shell(*args, **kwargs):
        steps = real_apply(*args, **kwargs)
        monkeypatch.delenv("NCCL_P2P_DISABLE")  # as a new shell would start: without it
        return steps

    monkeypatch.setattr(command, "apply_fixes", apply_then_new_shell)
    result = CliRunner().invoke(main, ["fix", "--apply", "--yes", "test.shell-nccl"])
    assert result.exit_code == 0, result.output
    assert "the re-check shows each finding gone" in result.output and "what remains" not in result.output
    assert DISABLED in (home / ".zshrc").read_text()


def _step(fix: PlannedFix) -> StepResult:
    return StepResult(fix, "2026-11-25T21:00:00Z", 0.1, RunResult(0, "done\n"))


def _report(*results) -> Report:
    """(check id, findings) pairs as the engine would report them."""
    return report_of(list(results))


def test_a_system_file_that_still_sets_it_is_named():
    finding = warn("CUDA_VISIBLE_DEVICES=1 hides GPU 0", fix="linux.set-shell-env",
                   fix_args=["--name", "CUDA_VISIBLE_DEVICES", "--unset"])
    startup = ShellStartup("bash", "/home/u/.bashrc", ("/home/u/.bashrc", "/etc/environment"), (
        Assignment("/home/u/.bashrc", 4, "CUDA_VISIBLE_DEVICES", "export CUDA_VISIBLE_DEVICES=1"),
        Assignment("/etc/environment", 3, "CUDA_VISIBLE_DEVICES", 'CUDA_VISIBLE_DEVICES="1"')))
    plan = build_plan(_report(("env.gpu", [finding])), load_catalog(),
                      Target("linux", shell_startup=startup))
    (fix,) = plan.fixes  # the user's file only: a user's fix does not edit /etc
    assert fix.args[-2:] == ("--profile", "/home/u/.bashrc")
    still = ShellStartup("bash", "/home/u/.bashrc", startup.files, startup.assignments[1:])
    after = _report(("env.gpu", [finding]))
    (verdict,) = verdicts([_step(fix)], after, still)
    assert not verdict.done
    assert verdict.remains[0] == '/etc/environment line 3 still sets it: CUDA_VISIBLE_DEVICES="1"'
    gone = _report(("env.gpu", [ok("no stray variable")]))
    assert verdicts([_step(fix)], gone, still)[0].done


def test_a_service_fix_whose_finding_stays_says_what_remains():
    finding = warn("The Ollama service leaves GPU 1 idle", fix="linux.ollama-service-env",
                   fix_args=["--set", "OLLAMA_SCHED_SPREAD=1"])
    plan = build_plan(_report(("ollama.gpus", [finding])), load_catalog(),
                      Target("linux"))
    after = _report(("ollama.gpus", [finding]))
    (verdict,) = verdicts([_step(plan.fixes[0])], after, None)
    assert not verdict.done and verdict.remains[0] == "ollama.gpus warn: The Ollama service leaves GPU 1 idle"


def test_the_rc_file_is_the_one_the_users_shell_reads():
    assert startup_files("zsh", "/home/u", None, None)[0] == "/home/u/.zshrc"
    assert startup_files("zsh", "/home/u", "/home/u/.config/zsh", None)[0] == "/home/u/.config/zsh/.zshrc"
    assert startup_files("fish", "/home/u", None, None)[0] == "/home/u/.config/fish/config.fish"
    assert startup_files("bash", "/home/u", None, None)[0] == "/home/u/.bashrc"
    finding = warn("NCCL_P2P_DISABLE is missing", fix="linux.set-shell-env",
                   fix_args=["--name", "NCCL_P2P_DISABLE", "--value", "0"])
    fish = ShellStartup("fish", "/home/u/.config/fish/config.fish")
    plan = build_plan(_report(("env.gpu", [finding])), load_catalog(),
                      Target("linux", shell_startup=fish))
    assert plan.fixes[0].args[-2:] == ("--profile", "/home/u/.config/fish/config.fish")


def test_the_managed_names_are_the_scripts_allow_list():
    import re
    from pathlib import Path

    from gpudoctor.probes.shell_startup import MANAGED

    fixlib = (Path(load_catalog()["linux.set-shell-env"].path).parents[1] / "lib" / "fixlib.sh").read_text()
    listed = re.search(r"FIX_ENV_ALLOWLIST=\((.*?)\)", fixlib, re.S).group(1).split()
    assert sorted(listed) == sorted(MANAGED)
