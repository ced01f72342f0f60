"""What a finding asks `gpudoctor fix` to do: run one fix script with arguments, or show a manual step.

Checks build every request through the functions below, from typed arguments; nothing else spells a
fix script's id or its command-line flags. Each function matches the `# param:` lines of its script's
header (fixes/README.md); tests/fixing/test_fix_requests.py binds every one to its script.

    yield warn("...", fix=user_env("windows", "NCCL_P2P_DISABLE"))   # remove the variable
    yield fail("...", manual=DriverUpdate(570))                    # a step gpudoctor never runs itself

Pure data; no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class FixRequest:
    """One fix script (`fix`: its id, "<folder>.<file stem>" under fixes/) and the arguments it runs with."""

    fix: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class DriverUpdate:
    """A manual step: install NVIDIA driver R`branch` or newer (gpudoctor never installs a driver itself).

    The fix planner turns it into the steps for the host's platform (gpudoctor/fixing/manual.py)."""

    branch: int


@dataclass(frozen=True)
class ManualSteps:
    """A manual step the check words itself, with the exact commands: below the operating system (kernel
    parameters, module blacklists, the BIOS) gpudoctor shows them and never runs them
    (gpudoctor/boot_config.py builds the common ones)."""

    title: str
    steps: tuple[str, ...]


# -- Windows ----------------------------------------------------------------------------------------------

def enable_wsl2() -> FixRequest:
    return FixRequest("windows.enable-wsl2")


def convert_distro_wsl2(distro: str | None, *, update_wsl: bool = False) -> FixRequest | None:
    """Move a distribution to WSL 2; `update_wsl` first replaces the WSL built into Windows by the Store one.
    None when the distribution's name is not known (the script needs it)."""
    if not distro:
        return None
    return FixRequest("windows.convert-distro-wsl2", ("-Distro", distro, *(("-Update",) if update_wsl else ())))


def windows_user_env(name: str, value: str | None = None, *, restart_ollama: bool = False) -> FixRequest:
    """Set (or, with no value, remove) a Windows User environment variable; optionally restart Ollama."""
    change = ("-Value", value) if value is not None else ("-Remove",)
    restart = ("-RestartOllama",) if restart_ollama else ()
    return FixRequest("windows.set-user-env", ("-Name", name, *change, *restart))


def wslconfig_utf8() -> FixRequest:
    return FixRequest("windows.wslconfig-utf8")


# -- Linux and WSL ----------------------------------------------------------------------------------------

def shell_env(name: str, value: str | None = None) -> FixRequest:
    """Set (or, with no value, unset) a variable in the user's shell profile."""
    change = ("--value", value) if value is not None else ("--unset",)
    return FixRequest("linux.set-shell-env", ("--name", name, *change))


def user_env(platform_kind: str, name: str, value: str | None = None) -> FixRequest:
    """The user's own environment where gpudoctor runs: Windows' User variables, or the shell profile."""
    if platform_kind == "windows":
        return windows_user_env(name, value)
    return shell_env(name, value)


def ollama_service_env(name: str, value: str) -> FixRequest:
    """Set a variable in ollama.service's environment (a systemd drop-in) and restart it."""
    return FixRequest("linux.ollama-service-env", ("--set", f"{name}={value}"))


def remove_linux_driver(extra_packages: Iterable[str] = ()) -> FixRequest:
    """Remove the Linux NVIDIA driver installed inside WSL, with packages beyond the script's own list."""
    return FixRequest("wsl.remove-linux-driver", tuple(arg for name in extra_packages for arg in ("--package", name)))


def install_cuda_toolkit(version: str) -> FixRequest:
    """Install cuda-toolkit-X-Y (`version` as the package spells it: "12-8")."""
    return FixRequest("wsl.install-cuda-toolkit", ("--version", version))


def install_nccl(cuda: str) -> FixRequest:
    """Install the NCCL build for CUDA X.Y ("12.8")."""
    return FixRequest("wsl.install-nccl", ("--cuda", cuda))
