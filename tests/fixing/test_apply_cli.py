"""`gpudoctor fix` and `fix --apply` end to end, with recorded hosts and a runner that records calls."""

from __future__ import annotations

import json
from importlib import resources
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from fixing.support import H200, Machine, service_host, stand_in_registry

from gpudoctor.cli import main
from gpudoctor.fixing import command
from gpudoctor.fixing.catalog import load_catalog

RECORD_SCHEMA = json.loads(resources.files("gpudoctor.report").joinpath("fix.schema.json").read_text())

CATALOG = load_catalog()
SERVICE_SCRIPT = str(CATALOG["linux.ollama-service-env"].path)
SHELL_SCRIPT = str(CATALOG["linux.set-shell-env"].path)
FIXTURE = str(Path(__file__).parents[1] / "fixtures" / "hosts" / H200)


@pytest.fixture
def state(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "gpudoctor" / "fix.log"


def fix(*args, input=None):
    return CliRunner().invoke(main, ["fix", *args], input=input)


def test_plan_only_changes_nothing(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False))
    result = fix()
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "1. linux.ollama-service-env: Set or remove environment variables of the Ollama systemd service" in out
    assert "why:        test.service-spread: The Ollama service leaves GPU 1 idle" in out
    assert "needs root rights" in out and "Ollama is restarted" in out
    assert 'Environment="OLLAMA_SCHED_SPREAD=1" lines' in out
    assert f"command:    bash {SERVICE_SCRIPT} --set OLLAMA_SCHED_SPREAD=1" in out
    assert "Nothing has been changed yet" in out
    assert machine.calls == [] and not state.exists()


def test_apply_after_yes_runs_rechecks_and_logs(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False), service_host(spread=True))
    result = fix("--apply", input="y\n")
    assert result.exit_code == 0, result.output
    assert machine.calls == [["bash", SERVICE_SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1"]]
    assert "Run these 1 fix(es) now? [y/N]" in result.output
    assert "    done: changed it" in result.output
    assert "test.service-spread: warn -> pass" in result.output
    assert machine.hosts == []  # a fresh host for the re-check
    log = state.read_text()
    assert f"command bash {SERVICE_SCRIPT} --set OLLAMA_SCHED_SPREAD=1" in log
    assert "| done: changed it" in log and "end linux.ollama-service-env: exit 0" in log
    assert f"Log: {state}" in result.output


def test_declining_changes_nothing(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False))
    result = fix("--apply", input="n\n")
    assert result.exit_code == 1
    assert "Nothing was changed." in result.output
    assert machine.calls == [] and not state.exists()


def test_no_terminal_and_no_yes_is_refused(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False), tty=False)
    result = fix("--apply")
    assert result.exit_code == 2
    assert "there is no terminal to ask on; pass --yes" in result.stderr
    assert machine.calls == []


def test_yes_runs_without_asking(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False), service_host(spread=True), tty=False)
    result = fix("--apply", "--yes")
    assert result.exit_code == 0, result.output
    assert "[y/N]" not in result.output
    assert len(machine.calls) == 1


def test_stops_at_the_first_failure(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False, nccl_disabled=True),
                      service_host(spread=False, nccl_disabled=True), fail={"NCCL_P2P_DISABLE"})
    result = fix("--apply", "--yes")
    assert result.exit_code == 1
    assert machine.calls == [["bash", SHELL_SCRIPT, "--name", "NCCL_P2P_DISABLE", "--unset"]]  # environment phase first
    assert "linux.set-shell-env failed (exit 1); stopped there. Not run: linux.ollama-service-env." in result.output
    assert "test.shell-nccl: warn -> warn" in result.output
    assert "end linux.set-shell-env: exit 1" in state.read_text()


def test_json_record_has_its_own_shape(monkeypatch, state):
    Machine(monkeypatch, service_host(spread=False, nccl_disabled=True), service_host(spread=True))
    result = fix("--apply", "--yes", "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)  # stdout holds the record only; the progress went to stderr
    jsonschema.validate(record, RECORD_SCHEMA)
    assert record["status"] == "applied"
    assert [s["id"] for s in record["steps"]] == ["linux.set-shell-env", "linux.ollama-service-env"]
    step = record["steps"][1]
    assert (step["exit_code"], step["ok"], step["output_tail"]) == (0, True, "done: changed it\n")
    assert step["command"] == ["bash", SERVICE_SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1"]
    assert record["checks"] == [{"id": "test.shell-nccl", "before": "warn", "after": "pass"},
                                {"id": "test.service-spread", "before": "warn", "after": "pass"}]
    assert record["log"] == str(state)
    assert "done: changed it" in result.stderr


def test_json_records_of_a_plan_and_a_failure_validate(monkeypatch, state):
    Machine(monkeypatch, service_host(spread=False))
    planned = json.loads(fix("--json").stdout)
    jsonschema.validate(planned, RECORD_SCHEMA)
    assert (planned["status"], planned["steps"], planned["plan"]["elevated"]) == ("planned", [], True)
    assert planned["plan"]["fixes"][0]["changes"][0].startswith("edits the drop-in")
    Machine(monkeypatch, service_host(spread=False), service_host(spread=False), fail={SERVICE_SCRIPT})
    failed = json.loads(fix("--apply", "--yes", "--json").stdout)
    jsonschema.validate(failed, RECORD_SCHEMA)
    assert (failed["status"], failed["stopped_at"]) == ("failed", "linux.ollama-service-env")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**failed, "status": "fine"}, RECORD_SCHEMA)


def test_dry_run_passes_the_preview_flag_and_needs_no_root(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False, uid="1000"))
    result = fix("--apply", "--dry-run", "--yes")
    assert result.exit_code == 0, result.output
    assert machine.calls == [["bash", SERVICE_SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1", "--dry-run"]]
    assert "Dry run of 1 fix: nothing was changed." in result.output
    assert "(dry run)" in state.read_text()


def test_ids_restrict_what_runs(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False, nccl_disabled=True),
                      service_host(spread=True, nccl_disabled=True))
    result = fix("--apply", "--yes", "test.service-spread")
    assert result.exit_code == 0, result.output
    assert machine.calls == [["bash", SERVICE_SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1"]]


def test_not_elevated_is_refused_with_how_to_elevate(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False, uid="1000"))
    result = fix("--apply", "--yes")
    assert result.exit_code == 2
    assert (f"refused: linux.ollama-service-env needs root: run `sudo {sys.executable} -m gpudoctor fix --apply linux.ollama-service-env`"
            in result.stderr)
    assert machine.calls == []


def test_a_fix_for_another_platform_is_refused(monkeypatch, state):
    from fixing.support import as_wsl

    builder = as_wsl(service_host(spread=False), distro="Ubuntu")
    builder.set_env("NCCL_P2P_DISABLE", None)
    machine = Machine(monkeypatch, builder)
    monkeypatch.setattr(command, "load_registry", lambda: _windows_env_registry())
    result = fix("--apply", "--yes")
    assert result.exit_code == 2
    assert "refused: windows.set-user-env changes Windows, not this WSL distribution: run it from PowerShell: " \
           "powershell.exe -NoProfile -ExecutionPolicy Bypass -File \\\\wsl.localhost\\Ubuntu\\" in result.stderr
    assert "set-user-env.ps1 -Name CUDA_VISIBLE_DEVICES -Remove" in result.stderr
    assert machine.calls == []


def _windows_env_registry():
    from gpudoctor.model import check, warn
    from gpudoctor.registry import Registry

    @check("test.windows-env", title="Windows user environment", platforms=("wsl",))
    def windows_env(facts):
        """A stand-in for windows.env: a Windows User variable hides a GPU."""
        yield warn("CUDA_VISIBLE_DEVICES=1 in the Windows User environment hides GPU 0.", fix="windows.set-user-env",
                   fix_args=["-Name", "CUDA_VISIBLE_DEVICES", "-Remove"])

    base = stand_in_registry()
    return Registry((windows_env,), base.probes, (), {})


def test_unknown_id_is_refused(monkeypatch, state):
    machine = Machine(monkeypatch, service_host(spread=False))
    result = fix("--apply", "--yes", "wsl.remove-everything")
    assert result.exit_code == 2
    assert "unknown fix or check id 'wsl.remove-everything'" in result.stderr
    assert machine.calls == []


def test_apply_on_a_snapshot_is_refused(monkeypatch, state):
    machine = Machine(monkeypatch)
    result = fix("--apply", "--from", FIXTURE)
    assert result.exit_code == 2
    assert "--apply cannot change a snapshot" in result.stderr
    assert machine.calls == []


def test_dry_run_without_apply_is_refused(monkeypatch, state):
    Machine(monkeypatch)
    result = fix("--dry-run")
    assert result.exit_code == 2 and "--dry-run goes with --apply" in result.stderr
