"""Helpers for the fix-planner tests: hosts with a given platform and privileges, plain reports."""

from __future__ import annotations

import copy
from typing import Iterable

from hosts import HostBuilder

from gpudoctor.engine import Report
from gpudoctor.fixing import apply, command
from gpudoctor.fixing.apply import RunResult
from gpudoctor.model import CheckResult, Finding, check, ok, warn, worst
from gpudoctor.registry import Registry, load_registry

H200 = "linux-2xh200-nvlink.json"
# A WSL 2 kernel release as `uname -r` prints it (Microsoft's WSL2-Linux-Kernel 5.15 series).
WSL_KERNEL = "5.15.167.4-microsoft-standard-WSL2"

# `whoami /groups` of an administrator in an elevated and in a normal (UAC-filtered) PowerShell,
# in the shape Windows prints it (CRLF line ends, columns padded with spaces).
_GROUPS_HEADER = (
    "\r\nGROUP INFORMATION\r\n-----------------\r\n\r\n"
    "Group Name                                                    Type             SID          Attributes"
    "                                        \r\n"
    "============================================================= ================ ============ "
    "==================================================\r\n"
    "Everyone                                                      Well-known group S-1-1-0      "
    "Mandatory group, Enabled by default, Enabled group\r\n"
)
WHOAMI_GROUPS_ELEVATED = _GROUPS_HEADER + (
    "BUILTIN\\Administrators                                        Alias            S-1-5-32-544 "
    "Mandatory group, Enabled by default, Enabled group, Group owner\r\n"
    "NT AUTHORITY\\Authenticated Users                              Well-known group S-1-5-11     "
    "Mandatory group, Enabled by default, Enabled group\r\n"
    "Mandatory Label\\High Mandatory Level                          Label            S-1-16-12288"
    "                                                   \r\n"
)
WHOAMI_GROUPS_NOT_ELEVATED = _GROUPS_HEADER + (
    "NT AUTHORITY\\Local account and member of Administrators group Well-known group S-1-5-114    "
    "Group used for deny only\r\n"
    "BUILTIN\\Administrators                                        Alias            S-1-5-32-544 "
    "Group used for deny only\r\n"
    "Mandatory Label\\Medium Mandatory Level                        Label            S-1-16-8192\r\n"
)


def system_answer(builder: HostBuilder) -> dict:
    return next(answer for args, answer in builder.matching("system"))


def linux_host(uid: str = "0", sudo_user: str | None = None) -> HostBuilder:
    """The recorded two-H200 Ubuntu host, answering `id -u` with uid."""
    builder = HostBuilder.from_fixture(H200)
    builder.set_command(["id", "-u"], stdout=f"{uid}\n")
    builder.set_env("SUDO_USER", sudo_user)
    return builder


def as_wsl(builder: HostBuilder, distro: str = "Ubuntu-24.04") -> HostBuilder:
    system = copy.deepcopy(system_answer(builder))
    system["os_release"] = WSL_KERNEL
    builder.set("system", [], system)
    return builder.set_env("WSL_DISTRO_NAME", distro)


def as_windows(builder: HostBuilder, whoami_groups: str) -> HostBuilder:
    system = copy.deepcopy(system_answer(builder))
    system.update(sys_platform="win32", os_release="11", os_version="10.0.26100", machine="AMD64")
    system["extra"] = {"logical_cpus": 32, "windows_build": 26100}
    builder.set("system", [], system)
    return builder.set_command(["whoami", "/groups"], stdout=whoami_groups)


def report_of(results: Iterable[tuple[str, Iterable[Finding]]], *, platform: str = "wsl",
              os_name: str = "Ubuntu 24.04.1 LTS", gpus: Iterable[str] = ("NVIDIA GeForce RTX 4090",) * 2) -> Report:
    """A report holding these findings per check id, as the engine would build it."""
    checks = []
    for check_id, findings in results:
        findings = tuple(findings)
        checks.append(CheckResult(check_id, f"title of {check_id}", worst(f.status for f in findings), findings, 0.0,
                                  any(f.fix for f in findings)))
    host = {"platform": {"kind": platform, "label": f"{platform} test host", "os_name": os_name},
            "gpus": [{"index": i, "name": name} for i, name in enumerate(gpus)]}
    return Report("0.test", host, tuple(checks), "2026-01-01T00:00:00Z", 0.0, "live")


# -- a small registry for the --apply tests: two checks whose fixes and before/after states the tests control

# `systemctl show ollama --property=Environment` prints the unit's Environment= settings on one
# line, space separated, or a bare "Environment=" when there are none.
SYSTEMCTL_SHOW_ENV = ["systemctl", "show", "ollama", "--property=Environment"]


def probe_service_env(host, facts) -> tuple[str, ...]:
    result = host.run(SYSTEMCTL_SHOW_ENV)
    return tuple(result.text.strip().removeprefix("Environment=").split()) if result.ok else ()


def probe_shell_nccl(host, facts) -> str | None:
    return host.env("NCCL_P2P_DISABLE")


@check("test.service-spread", title="Ollama service spreads models", needs=("test_service_env",))
def service_spread(facts):
    """A stand-in for an Ollama check: the service environment lacks OLLAMA_SCHED_SPREAD=1."""
    if "OLLAMA_SCHED_SPREAD=1" in facts.test_service_env:
        yield ok("The Ollama service has OLLAMA_SCHED_SPREAD=1.")
    else:
        yield warn("The Ollama service leaves GPU 1 idle (no OLLAMA_SCHED_SPREAD).", fix="linux.ollama-service-env",
                   fix_args=["--set", "OLLAMA_SCHED_SPREAD=1"])


@check("test.shell-nccl", title="NCCL P2P in the shell", needs=("test_shell_nccl",))
def shell_nccl(facts):
    """A stand-in for env.gpu: NCCL_P2P_DISABLE=1 in the shell profile."""
    if facts.test_shell_nccl is None:
        yield ok("NCCL_P2P_DISABLE is not set.")
    else:
        yield warn("NCCL_P2P_DISABLE=1 turns NVLink P2P off.", fix="linux.set-shell-env",
                   fix_args=["--name", "NCCL_P2P_DISABLE", "--unset"])


def stand_in_registry() -> Registry:
    real = load_registry()
    probes = {**real.probes, "test_service_env": probe_service_env, "test_shell_nccl": probe_shell_nccl}
    return Registry((service_spread, shell_nccl), probes, (), {})


def service_host(*, spread: bool, nccl_disabled: bool = False, uid: str = "0") -> HostBuilder:
    """The two-H200 host with an Ollama service whose environment has (or lacks) OLLAMA_SCHED_SPREAD=1."""
    settings = "OLLAMA_HOST=0.0.0.0:11434" + (" OLLAMA_SCHED_SPREAD=1" if spread else "")
    builder = linux_host(uid=uid)
    builder.set_command(SYSTEMCTL_SHOW_ENV, stdout=f"Environment={settings}\n")
    return builder.set_env("NCCL_P2P_DISABLE", "1" if nccl_disabled else None)


class Machine:
    """The hosts `fix` sees, one per live diagnosis, and the scripts it asked to run."""

    def __init__(self, monkeypatch, *hosts, fail=(), tty=True, registry=stand_in_registry):
        self.hosts = list(hosts)
        self.calls: list[list[str]] = []
        self.fail = set(fail)
        monkeypatch.setattr(command, "load_registry", registry)
        monkeypatch.setattr(command, "new_live_host", self._next_host)
        monkeypatch.setattr(command, "stdin_is_tty", lambda: tty)
        monkeypatch.setattr(apply, "run_script", self._run)

    def _next_host(self):
        assert self.hosts, "fix looked at the machine more often than expected"
        return self.hosts.pop(0).host()

    def _run(self, argv, *, timeout, echo):
        self.calls.append(list(argv))
        assert timeout >= 3600
        failed = any(part in self.fail for part in argv)
        echo("error: dpkg was interrupted" if failed else "done: changed it")
        return RunResult(1 if failed else 0, "error: dpkg was interrupted\n" if failed else "done: changed it\n")


def ollama_service_host() -> HostBuilder:
    """The two-GPU host of tests/fixtures/ollama/linux-2gpu-0.5.12-single.log: Ollama 0.5.12 runs as the systemd
    service, without OLLAMA_SCHED_SPREAD, and put the last model on GPU 0 alone. NVML answers from the recorded
    H200 host, with the UUIDs and names of the GPUs that log names."""
    from pathlib import Path

    from gpudoctor.probes.ollama import JOURNAL_ARGV

    log = Path(__file__).parents[1] / "fixtures" / "ollama" / "linux-2gpu-0.5.12-single.log"
    builder = linux_host()
    builder.set("which", ["ollama"], ["/usr/local/bin/ollama"])
    builder.set("http", ["http://127.0.0.1:11434/api/version"],
                {"status": 200, "body": '{"version":"0.5.12"}', "error": None})
    builder.set("http", ["http://127.0.0.1:11434/api/ps"], {"status": 200, "body": '{"models":[]}', "error": None})
    builder.set_command(JOURNAL_ARGV, stdout=log.read_text(encoding="utf-8"))
    for index, uuid in enumerate(("GPU-3f2b9c1e-8a47-d1b2-6c05-9e7d24a1f3c8", "GPU-b81d07e4-52c9-4f1a-a3e6-0d4c9b72e615")):
        builder.set_nvml("nvmlDeviceGetUUID", index, value=uuid)
        builder.set_nvml("nvmlDeviceGetName", index, value="NVIDIA GeForce RTX 3090")
    return builder
