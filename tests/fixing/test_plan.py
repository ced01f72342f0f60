"""Planning from a report: what runs, in which order, with which command line, and what is refused."""

from __future__ import annotations

import re
import sys

import pytest
from driver_cuda_nccl.h200_software import h200_software
from fixing.support import report_of
from hosts import result, run

from gpudoctor.knowledge.driver_support import CUDA_ON_WSL_GUIDE_URL, driver_install_hint
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.engine import Options
from gpudoctor.fix_requests import DriverUpdate
from gpudoctor.fixing.manual import driver_update
from gpudoctor.fixing.plan import Target, UnknownId, build_plan, restrict, to_run, windows_path_of
from gpudoctor.model import fail, ok, warn
from gpudoctor.probes.privileges import Privileges

CATALOG = load_catalog()
ROOT = Privileges(True, "id -u printed 0")
USER = Privileges(False, "id -u printed 1000")
ADMIN = Privileges(True, "whoami /groups: S-1-16-12288 (High Mandatory Level)")
NOT_ADMIN = Privileges(False, "whoami /groups: S-1-16-8192 (not elevated)")
SPREAD = warn("Ollama leaves GPU 1 idle", fix="linux.ollama-service-env", fix_args=["--set", "OLLAMA_SCHED_SPREAD=1"])
SHADOW = fail("A Linux NVIDIA driver is installed inside WSL", fix="wsl.remove-linux-driver")


def plan_for(results, target=Target("wsl", "Ubuntu-24.04", ROOT), **kwargs):
    return build_plan(report_of(results, platform=target.platform), CATALOG, target, **kwargs)


def test_phases_order_the_fixes_whatever_the_report_order():
    plan = plan_for([
        ("a.env", [warn("NCCL_P2P_DISABLE=1 is set", fix="linux.set-shell-env",
                        fix_args=["--name", "NCCL_P2P_DISABLE", "--unset"])]),
        ("b.ollama", [SPREAD]),
        ("c.nccl", [fail("NCCL built for CUDA 11.8", fix="wsl.install-nccl", fix_args=["--cuda", "12.8"])]),
        ("d.toolkit", [warn("no toolkit", fix="wsl.install-cuda-toolkit", fix_args=["--version", "12-8"])]),
        ("e.driver", [SHADOW]),
    ])
    assert [f.id for f in plan.fixes] == ["wsl.remove-linux-driver", "wsl.install-cuda-toolkit", "wsl.install-nccl",
                                          "linux.set-shell-env", "linux.ollama-service-env"]
    assert [f.phase for f in plan.fixes] == ["driver", "toolkit", "nccl", "environment", "services"]


def test_stable_within_a_phase_and_identical_fixes_are_merged():
    unset = dict(fix="linux.set-shell-env", fix_args=["--name", "CUDA_LAUNCH_BLOCKING", "--unset"])
    plan = plan_for([
        ("a.first", [warn("NCCL_DEBUG=TRACE", fix="linux.set-shell-env", fix_args=["--name", "NCCL_DEBUG", "--unset"])]),
        ("b.second", [warn("CUDA_LAUNCH_BLOCKING=1 slows every kernel", **unset)]),
        ("c.third", [warn("CUDA_LAUNCH_BLOCKING=1 serialises launches", **unset)]),
    ])
    assert [f.args[1] for f in plan.fixes] == ["NCCL_DEBUG", "CUDA_LAUNCH_BLOCKING"]
    merged = plan.fixes[1]
    assert merged.check_ids == ("b.second", "c.third")
    assert merged.reasons == ("CUDA_LAUNCH_BLOCKING=1 slows every kernel", "CUDA_LAUNCH_BLOCKING=1 serialises launches")
    assert plan.check_ids == ("a.first", "b.second", "c.third")


def test_passing_and_skipped_findings_without_a_fix_or_status_are_not_planned():
    plan = plan_for([("a.ok", [ok("all fine")]), ("b.skip", [])])
    assert plan.fixes == () and plan.manual == () and plan.problems == ()


def test_arguments_fill_in_what_the_fix_changes_and_the_command_line():
    plan = plan_for([("wsl.gpu", [warn("no toolkit", fix="wsl.install-cuda-toolkit", fix_args=["--version", "12-8"])]),
                     ("ollama.placement", [SPREAD])])
    toolkit, service = plan.fixes
    assert "installs cuda-toolkit-12-8 (never cuda or cuda-drivers, which pull in a Linux driver)" in toolkit.changes
    assert toolkit.arguments == ("--version 12-8: CUDA toolkit version to install, e.g. 12-8 (12.8 is accepted too)",)
    assert toolkit.command == ("bash", str(CATALOG["wsl.install-cuda-toolkit"].path), "--version", "12-8")
    assert toolkit.command_line == f"bash {CATALOG['wsl.install-cuda-toolkit'].path} --version 12-8"
    assert any('Environment="OLLAMA_SCHED_SPREAD=1"' in line for line in service.changes)


def test_nccl_version_fills_in_after_lower_case_text():
    plan = plan_for([("nccl.library", [fail("x", fix="wsl.install-nccl", fix_args=["--cuda", "12.6"])])])
    assert any(line.endswith("ends in +cuda12.6") for line in plan.fixes[0].changes)


def test_powershell_command_line():
    plan = plan_for([("windows.env", [warn("CUDA_VISIBLE_DEVICES hides GPU 0", fix="windows.set-user-env",
                                           fix_args=["-Name", "CUDA_VISIBLE_DEVICES", "-Remove"])])],
                    Target("windows", None, NOT_ADMIN))
    fix = plan.fixes[0]
    script = CATALOG["windows.set-user-env"].path
    assert fix.command == ("powershell.exe", "-NoProfile", "-ExecutionPolicy", "Bypass", "-File", str(script),
                           "-Name", "CUDA_VISIBLE_DEVICES", "-Remove")
    assert fix.refusal is None  # a User variable needs no administrator


def test_dry_run_appends_the_scripts_own_preview_flag():
    bash = plan_for([("e.driver", [SHADOW])], Target("wsl", "Ubuntu", USER), dry_run=True).fixes[0]
    assert bash.command[-1] == "--dry-run"
    assert bash.refusal is None  # a bash preview needs no root (fixlib's require_root)
    admin = plan_for([("wsl.feature", [fail("WSL 2 is off", fix="windows.enable-wsl2")])],
                     Target("windows", None, NOT_ADMIN), dry_run=True).fixes[0]
    assert admin.command[-1] == "-WhatIf"
    assert "Run as administrator" in admin.refusal  # enable-wsl2.ps1 needs it even to read the features


def test_bad_arguments_and_unknown_fixes_are_reported_not_planned():
    plan = plan_for([("a.bad", [warn("x", fix="wsl.install-cuda-toolkit", fix_args=["--versoin", "12-8"])]),
                     ("b.short", [warn("y", fix="wsl.install-nccl", fix_args=["--cuda"])]),
                     ("c.unknown", [warn("z", fix="wsl.reinstall-everything")])])
    assert plan.fixes == ()
    assert set(plan.problems) == {
        "a.bad: wsl.install-cuda-toolkit takes no argument '--versoin'",
        "b.short: wsl.install-nccl: --cuda needs a value (X.Y)",
        "c.unknown asks for the fix 'wsl.reinstall-everything', which this gpudoctor does not ship"}


def test_a_windows_fix_inside_wsl_is_refused_with_the_powershell_command():
    finding = warn("CUDA_VISIBLE_DEVICES=1 in the Windows User environment hides GPU 0", fix="windows.set-user-env",
                   fix_args=["-Name", "CUDA_VISIBLE_DEVICES", "-Remove", "-RestartOllama"])
    fix = plan_for([("windows.env", [finding])], Target("wsl", "Ubuntu-24.04", ROOT)).fixes[0]
    unc = windows_path_of(str(CATALOG["windows.set-user-env"].path), "Ubuntu-24.04")
    assert unc.startswith("\\\\wsl.localhost\\Ubuntu-24.04\\") and unc.endswith("\\windows\\set-user-env.ps1")
    assert fix.refusal == (
        "windows.set-user-env changes Windows, not this WSL distribution: run it from PowerShell: "
        f"powershell.exe -NoProfile -ExecutionPolicy Bypass -File {unc} -Name CUDA_VISIBLE_DEVICES -Remove "
        "-RestartOllama")


def test_a_wsl_fix_on_windows_is_refused():
    fix = plan_for([("wsl.gpu", [SHADOW])], Target("windows", None, ADMIN)).fixes[0]
    assert fix.refusal == ("wsl.remove-linux-driver runs inside wsl: open your WSL distribution and run "
                           "`sudo gpudoctor fix --apply wsl.remove-linux-driver` there")


def test_root_fixes_need_root_and_say_how():
    fix = plan_for([("wsl.gpu", [SHADOW])], Target("wsl", "Ubuntu", USER)).fixes[0]
    assert fix.refusal == f"wsl.remove-linux-driver needs root: run `sudo {sys.executable} -m gpudoctor fix --apply wsl.remove-linux-driver`"
    unknown = plan_for([("wsl.gpu", [SHADOW])], Target("wsl", "Ubuntu", Privileges(None, "`id -u` failed"))).fixes[0]
    assert "could not tell whether this is root" in unknown.refusal


def test_admin_fixes_need_an_elevated_powershell():
    fix = plan_for([("wsl.feature", [fail("WSL 2 is off", fix="windows.enable-wsl2")])],
                   Target("windows", None, NOT_ADMIN)).fixes[0]
    assert fix.refusal.startswith("windows.enable-wsl2 needs administrator rights: run PowerShell as Administrator")
    assert plan_for([("wsl.feature", [fail("WSL 2 is off", fix="windows.enable-wsl2")])],
                    Target("windows", None, ADMIN)).fixes[0].refusal is None


def test_user_settings_are_not_changed_under_sudo():
    finding = warn("x", fix="linux.set-shell-env", fix_args=["--name", "NCCL_DEBUG", "--unset"])
    under_sudo = Privileges(True, "id -u printed 0", sudo_user="ada")
    fix = plan_for([("env.gpu", [finding])], Target("wsl", "Ubuntu", under_sudo)).fixes[0]
    assert fix.refusal == ("linux.set-shell-env changes your own settings, under sudo it would change root's: run "
                           "`gpudoctor fix --apply linux.set-shell-env` without sudo")
    assert plan_for([("env.gpu", [finding])], Target("wsl", "Ubuntu", USER)).fixes[0].refusal is None


def test_a_snapshot_plan_has_no_privilege_refusals():
    plan = plan_for([("wsl.gpu", [SHADOW])], Target("wsl", "Ubuntu", None))
    assert plan.elevated is None and plan.fixes[0].refusal is None


def test_optional_fixes_run_only_when_named_by_their_id():
    hint = ok("No CUDA toolkit (a hint)", fix="wsl.install-cuda-toolkit", fix_args=["--version", "13-0"])
    plan = plan_for([("wsl.gpu", [SHADOW, hint])])
    assert [(f.id, f.optional) for f in plan.fixes] == [("wsl.remove-linux-driver", False),
                                                        ("wsl.install-cuda-toolkit", True)]
    assert [f.id for f in to_run(plan).fixes] == ["wsl.remove-linux-driver"]
    checks = ["wsl.gpu"]
    assert [f.id for f in to_run(restrict(plan, ["wsl.gpu"], CATALOG, checks)).fixes] == ["wsl.remove-linux-driver"]
    named = restrict(plan, ["wsl.install-cuda-toolkit"], CATALOG, checks)
    assert [f.id for f in to_run(named).fixes] == ["wsl.install-cuda-toolkit"]


def test_restrict_by_fix_or_check_id_and_unknown_ids():
    plan = plan_for([("wsl.gpu", [SHADOW]), ("ollama.placement", [SPREAD])])
    known = ["wsl.gpu", "ollama.placement", "gpu.count"]
    assert [f.id for f in restrict(plan, ["ollama.placement"], CATALOG, known).fixes] == ["linux.ollama-service-env"]
    assert [f.id for f in restrict(plan, ["wsl.remove-linux-driver"], CATALOG, known).fixes] == [
        "wsl.remove-linux-driver"]
    assert restrict(plan, ["gpu.count"], CATALOG, known).fixes == ()  # known, but nothing to fix
    with pytest.raises(UnknownId, match="unknown fix or check id 'wsl.remove-driver'"):
        restrict(plan, ["wsl.remove-driver"], CATALOG, known)


def _too_old(platform, os_name="Ubuntu 24.04.1 LTS", gpus=("NVIDIA GeForce RTX 5090",) * 2):
    findings = [
        fail("NVIDIA driver 550.54.14 is older than 560", manual=DriverUpdate(560)),
        fail("GPU 0, 1 (NVIDIA GeForce RTX 5090 (Blackwell)) needs driver R570 or newer", manual=DriverUpdate(570)),
    ]
    return build_plan(report_of([("driver.version", findings)], platform=platform, os_name=os_name, gpus=gpus),
                      CATALOG, Target(platform))


def test_driver_too_old_in_wsl_means_the_windows_driver():
    (step,) = _too_old("wsl").manual
    assert step.title == "Update the NVIDIA driver on Windows to R570 or newer"
    assert step.check_ids == ("driver.version",) and len(step.reasons) == 2
    text = " ".join(step.steps)
    assert "WINDOWS driver" in text and "never inside WSL" in text
    assert "https://www.nvidia.com/drivers" in text and "wsl.exe --shutdown" in text


@pytest.mark.parametrize("platform, os_name, gpu", [
    ("windows", "Windows 11", "NVIDIA GeForce RTX 4090"), ("wsl", "Ubuntu 24.04", "NVIDIA GeForce RTX 4090"),
    ("linux", "Fedora Linux 41", "NVIDIA GeForce RTX 4090"), ("linux", "Fedora Linux 41", "NVIDIA H200"),
])
def test_manual_steps_and_check_advice_send_to_the_same_pages(platform, os_name, gpu):
    """One table of where drivers come from: the planner's steps name no page the checks' advice does not."""
    steps = " ".join(driver_update(570, platform, os_name, [gpu]))
    hint = driver_install_hint(platform, 570)
    urls = set(re.findall(r"https?://[^\s),;]+", steps)) - {CUDA_ON_WSL_GUIDE_URL}
    assert urls and urls <= set(re.findall(r"https?://[^\s),;]+", hint)), (urls, hint)


def test_driver_too_old_on_windows():
    (step,) = _too_old("windows").manual
    assert step.title == "Update the NVIDIA driver to R570 or newer"
    text = " ".join(step.steps)
    assert "NVIDIA App" in text and "restart Windows" in text


def test_driver_too_old_on_ubuntu_workstation_and_server():
    text = " ".join(_too_old("linux").manual[0].steps)
    assert "sudo ubuntu-drivers install" in text and "sudo apt install nvidia-driver-570" in text
    server = " ".join(_too_old("linux", gpus=("NVIDIA H200",)).manual[0].steps)
    assert "sudo ubuntu-drivers install --gpgpu nvidia:570-server" in server
    other = " ".join(_too_old("linux", os_name="Fedora Linux 41").manual[0].steps)
    assert "cuda-drivers" in other and "ubuntu-drivers" not in other


def test_the_branch_comes_from_the_typed_request_not_from_evidence_keys():
    """driver.version's evidence keeps min_driver for the reader; the planner reads only the DriverUpdate."""
    loose = fail("NVIDIA driver 550.54.14 is older than 560", evidence={"driver_version": "550.54.14", "min_driver": 560})
    assert build_plan(report_of([("driver.version", [loose])]), CATALOG, Target("linux")).manual == ()
    checked = result(run(h200_software().host(), only=["driver.version"], options=Options(min_driver=590)),
                     "driver.version")
    (step,) = build_plan(report_of([("driver.version", list(checked.findings))]), CATALOG, Target("linux")).manual
    assert step.title == "Update the NVIDIA driver to R590 or newer"


def test_a_new_enough_driver_needs_no_manual_step():
    findings = [fail("Driver/library version mismatch", evidence={"nvml_error": "NVML_ERROR_LIB_RM_VERSION_MISMATCH"}),
                ok("NVIDIA driver 580.95", evidence={"driver_version": "580.95.05", "min_driver": 535})]
    assert build_plan(report_of([("driver.version", findings)]), CATALOG, Target("wsl")).manual == ()


def test_what_follows_a_fix():
    def planned(fix, args=()):
        finding = warn("x", fix=fix, fix_args=list(args))
        return plan_for([("a.check", [finding])], Target("windows" if fix.startswith("windows") else "wsl")).fixes[0]

    by_hand = planned("windows.set-user-env", ["-Name", "OLLAMA_SCHED_SPREAD", "-Value", "1"])
    assert (by_hand.after_text, by_hand.follow_up) == (
        "Ollama must be restarted to see the change: quit it from the tray and start it again", True)
    restarted = planned("windows.set-user-env", ["-Name", "OLLAMA_SCHED_SPREAD", "-Value", "1", "-RestartOllama"])
    assert (restarted.after_text, restarted.follow_up) == ("Ollama is restarted so that it sees the change", False)
    assert planned("wsl.remove-linux-driver").follow_up and "wsl.exe --shutdown" in planned(
        "wsl.remove-linux-driver").after_text
    assert planned("wsl.install-nccl", ["--cuda", "12.8"]).after_text is None
