"""Plans for recorded hosts, through the real checks, as a user reads them."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner
from fixing.support import Machine, ollama_service_host
from hosts import HostBuilder, run

from gpudoctor.cli import main
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import Target, build_plan
from gpudoctor.probes.privileges import Privileges
from gpudoctor.registry import load_registry

HOSTS = Path(__file__).parents[1] / "fixtures" / "hosts"
# WSL 2 Ubuntu 24.04 with nvidia-driver-550 installed inside WSL (its libcuda shadows the Windows driver's)
# and no CUDA toolkit; the Windows driver is 572.83 (tests/wsl_windows).
WSL_LINUX_DRIVER = "wsl2-linux-driver.json"
CATALOG = load_catalog()
ROOT = Privileges(True, "id -u printed 0")


def fix(*args):
    return CliRunner().invoke(main, ["fix", *args])


def test_wsl_linux_driver_plan_removes_the_driver_then_offers_the_toolkit():
    report = run(HostBuilder.from_fixture(WSL_LINUX_DRIVER).host())
    plan = build_plan(report, CATALOG, Target("wsl", "Ubuntu-24.04", ROOT))
    assert [f.id for f in plan.fixes] == ["wsl.remove-linux-driver", "wsl.install-cuda-toolkit"]
    remove, toolkit = plan.fixes
    assert remove.check_ids == ("wsl.gpu",) and "nvidia-driver-550" in remove.reasons[0]
    # Windows driver 572.83 is R570, which runs CUDA 12.8 (12.9 needs 576.02): NVIDIA's release notes, Table 3.
    assert toolkit.args == ("--version", "12-8")
    assert "installs cuda-toolkit-12-8 (never cuda or cuda-drivers, which pull in a Linux driver)" in toolkit.changes
    assert toolkit.optional and not remove.optional


def test_nccl_from_nvidias_repository_brings_the_toolkit_fix_that_sets_the_repository_up():
    report = run(HostBuilder.from_fixture("wsl2-healthy-2gpu.json").host())
    plan = build_plan(report, CATALOG, Target("wsl", "Ubuntu-24.04", ROOT))
    assert [f.id for f in plan.fixes] == ["wsl.install-cuda-toolkit", "wsl.install-nccl"]
    assert not any(f.optional for f in plan.fixes)


def test_wsl_linux_driver_plan_as_the_user_reads_it():
    result = fix("--from", str(HOSTS / WSL_LINUX_DRIVER))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.index("1. wsl.remove-linux-driver") < out.index("2. wsl.install-cuda-toolkit")
    assert "WSL must restart: run `wsl.exe --shutdown` in PowerShell" in out
    assert f"command:    bash {CATALOG['wsl.install-cuda-toolkit'].path} --version 12-8" in out
    assert "privileges unknown" in out and "Nothing has been changed yet" in out


def test_wsl_apply_as_root_removes_the_driver_and_checks_again(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    before = HostBuilder.from_fixture(WSL_LINUX_DRIVER).set_command(["id", "-u"], stdout="0\n")
    after = HostBuilder.from_fixture("wsl2-healthy-2gpu.json")
    machine = Machine(monkeypatch, before, after, registry=load_registry)
    result = fix("--apply", "--yes")
    assert result.exit_code == 0, result.output
    assert machine.calls == [["bash", str(CATALOG["wsl.remove-linux-driver"].path)]]  # the optional toolkit: not named
    assert "wsl.gpu: fail -> pass" in result.output
    assert "run `wsl.exe --shutdown` in PowerShell" in result.output.split("Still to do:")[1]


def test_wsl_apply_as_a_user_is_refused(monkeypatch, tmp_path):
    builder = HostBuilder.from_fixture(WSL_LINUX_DRIVER).set_command(["id", "-u"], stdout="1000\n")
    machine = Machine(monkeypatch, builder, registry=load_registry)
    result = fix("--apply", "--yes", "wsl.remove-linux-driver", "wsl.install-cuda-toolkit")
    assert result.exit_code == 2
    assert f"wsl.remove-linux-driver needs root: run `sudo {sys.executable} -m gpudoctor fix --apply wsl.remove-linux-driver`" in result.stderr
    assert "wsl.install-cuda-toolkit needs root" in result.stderr
    assert machine.calls == []


def test_ollama_service_lacking_sched_spread():
    report = run(ollama_service_host().host())
    plan = build_plan(report, CATALOG, Target("linux", None, ROOT))
    (service,) = plan.fixes
    assert (service.id, service.args, service.check_ids) == (
        "linux.ollama-service-env", ("--set", "OLLAMA_SCHED_SPREAD=1"), ("ollama.placement",))
    assert "GPU 1 is idle by design" in service.reasons[0]
    assert service.changes[0] == ('edits the drop-in /etc/systemd/system/ollama.service.d/zz-gpudoctor.conf ([Service] '
                                  'Environment="OLLAMA_SCHED_SPREAD=1" lines); removes it when it becomes empty')
    assert service.refusal is None and service.spec.after == "restart-ollama"


def test_healthy_h200_host_has_nothing_to_fix():
    result = fix("--from", str(HOSTS / "linux-2xh200-nvlink.json"))
    assert result.exit_code == 0
    assert "Nothing to fix" in result.stdout
