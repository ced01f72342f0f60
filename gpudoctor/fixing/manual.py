"""What a person has to do by hand where gpudoctor ships no script: updating the NVIDIA driver,
or attaching a GPU where the machine has none.

gpudoctor never installs or replaces a driver itself (a wrong one leaves the machine without a
display or, inside WSL, without CUDA); it says which branch is needed and where it comes from.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from gpudoctor.knowledge.driver_support import (
    CUDA_ON_WSL_GUIDE_URL,
    DATA_CENTER_DRIVER_URL,
    DRIVER_DOWNLOAD_URL,
    UBUNTU_DRIVERS_URL,
)
from gpudoctor.fix_requests import DriverUpdate, ManualSteps
from gpudoctor.model import Finding, Status

# Data-center GPUs take the Data Center driver (Ubuntu: the -server packages, `ubuntu-drivers --gpgpu`).
_DATA_CENTER_RE = re.compile(r"\b(?:A100|A800|H100|H200|H800|B100|B200|GB200|L40S?|L4|A10|A30|A40|T4|V100)\b")


@dataclass(frozen=True)
class ManualStep:
    check_ids: tuple[str, ...]
    title: str
    reasons: tuple[str, ...]  # the findings' summaries
    steps: tuple[str, ...]


def _needed_branch(finding: Finding) -> int | None:
    """The driver branch a warning or failure asks for through its DriverUpdate request."""
    if finding.status not in (Status.WARN, Status.FAIL) or not isinstance(finding.manual, DriverUpdate):
        return None
    return finding.manual.branch


def _is_data_center(gpu_names: Iterable[str]) -> bool:
    return any(_DATA_CENTER_RE.search(gpu) for gpu in gpu_names)


def _windows_steps(branch: int) -> tuple[str, ...]:
    return (
        f"Download NVIDIA driver R{branch} or newer for your GPU from {DRIVER_DOWNLOAD_URL} "
        "(or install the update the NVIDIA App offers).",
        "Run the installer, then restart Windows.",
        "Run `gpudoctor check` again.",
    )


def _wsl_steps(branch: int) -> tuple[str, ...]:
    return (
        "Inside WSL 2 the GPU driver is the WINDOWS driver: update it on Windows, never inside WSL "
        f"(a Linux driver inside WSL breaks CUDA; NVIDIA CUDA on WSL User Guide, {CUDA_ON_WSL_GUIDE_URL}).",
        f"On Windows, install NVIDIA driver R{branch} or newer from {DRIVER_DOWNLOAD_URL} "
        "(or through the NVIDIA App), and restart Windows.",
        "Then run `wsl.exe --shutdown` in PowerShell, reopen the distribution and run `gpudoctor check` again.",
    )


def _ubuntu_steps(branch: int, data_center: bool) -> tuple[str, ...]:
    if data_center:
        listing = "sudo ubuntu-drivers list --gpgpu"
        install = (f"`sudo ubuntu-drivers install --gpgpu nvidia:{branch}-server` (or a newer listed branch), "
                   f"or `sudo apt install nvidia-driver-{branch}-server`")
    else:
        listing = "sudo ubuntu-drivers list"
        install = (f"`sudo ubuntu-drivers install` (the recommended driver), `sudo ubuntu-drivers install "
                   f"nvidia:{branch}` (or a newer listed branch), or `sudo apt install nvidia-driver-{branch}`")
    return (
        f"See which driver branches Ubuntu packages for this machine: `{listing}` ({UBUNTU_DRIVERS_URL}).",
        f"Install R{branch} or newer: {install}.",
        "Reboot, then run `gpudoctor check` again.",
    )


def _linux_steps(branch: int, data_center: bool) -> tuple[str, ...]:
    source = f"the Data Center driver ({DATA_CENTER_DRIVER_URL})" if data_center else DRIVER_DOWNLOAD_URL
    return (
        f"Install NVIDIA driver R{branch} or newer from your distribution's NVIDIA packages, NVIDIA's CUDA "
        f"repository (package `cuda-drivers`), or {source}.",
        "Reboot, then run `gpudoctor check` again.",
    )


def driver_update(branch: int, platform: str, os_name: str, gpu_names: Iterable[str]) -> tuple[str, ...]:
    """The steps to get a driver of at least `branch` on this platform."""
    if platform == "windows":
        return _windows_steps(branch)
    if platform == "wsl":
        return _wsl_steps(branch)
    data_center = _is_data_center(gpu_names)
    if os_name.lower().startswith("ubuntu"):
        return _ubuntu_steps(branch, data_center)
    return _linux_steps(branch, data_center)


_ATTACH_STEPS = {
    "machine": ("Seat the card and connect its power cables; `lspci -d 10de:` must list it.",),
    "vm": ("Pass the GPU through to this VM (PCI passthrough / VFIO on the host), or choose a GPU instance type.",),
    "container": ("Start the container with `--gpus all` (Docker) or a `nvidia.com/gpu` request (Kubernetes), "
                  "on a host whose own GPUs work.",),
}


def _attach_gpu(findings: list[tuple[str, Finding]]) -> tuple[ManualStep, ...]:
    """gpu.count's verdict that no NVIDIA GPU is on the PCI bus: hardware, not software, is missing."""
    absent = [(check_id, f) for check_id, f in findings
              if f.status is Status.FAIL and f.evidence.get("no_gpu_attached")]
    if not absent:
        return ()
    where = absent[0][1].evidence.get("where", "machine")
    return (ManualStep(
        check_ids=tuple(dict.fromkeys(check_id for check_id, _ in absent)),
        title="Attach an NVIDIA GPU",
        reasons=tuple(dict.fromkeys(f.summary for _, f in absent)),
        steps=(*_ATTACH_STEPS.get(where, _ATTACH_STEPS["machine"]),
               "Do not install a driver before the GPU is there: it cannot help. Then run `gpudoctor check` again."),
    ),)


def manual_steps(findings: Iterable[tuple[str, Finding]], platform: str, os_name: str,
                 gpu_names: Iterable[str]) -> tuple[ManualStep, ...]:
    """Manual steps for (check id, finding) pairs: attaching a GPU where none is, one driver update for the
    newest branch any finding needs, then the steps findings carry themselves (boot configuration, BIOS:
    see gpudoctor/boot_config.py)."""
    findings = list(findings)
    return (_attach_gpu(findings) + _driver_update_step(findings, platform, os_name, gpu_names)
            + _carried_steps(findings))


def _driver_update_step(findings, platform, os_name, gpu_names) -> tuple[ManualStep, ...]:
    needs = [(check_id, finding, _needed_branch(finding)) for check_id, finding in findings]
    needs = [(check_id, finding, branch) for check_id, finding, branch in needs if branch is not None]
    if not needs:
        return ()
    branch = max(branch for _, _, branch in needs)
    where = " on Windows" if platform == "wsl" else ""
    return (ManualStep(
        check_ids=tuple(dict.fromkeys(check_id for check_id, _, _ in needs)),
        title=f"Update the NVIDIA driver{where} to R{branch} or newer",
        reasons=tuple(finding.summary for _, finding, _ in needs),
        steps=driver_update(branch, platform, os_name, gpu_names),
    ),)


def _carried_steps(findings) -> tuple[ManualStep, ...]:
    """The ManualSteps warnings and failures carry (`manual=`), one per title."""
    by_title: dict[str, tuple[list[str], list[str], tuple[str, ...]]] = {}
    for check_id, finding in findings:
        if finding.status not in (Status.WARN, Status.FAIL) or not isinstance(finding.manual, ManualSteps):
            continue
        checks, reasons, _ = by_title.setdefault(finding.manual.title, ([], [], finding.manual.steps))
        checks.append(check_id)
        reasons.append(finding.summary)
    return tuple(ManualStep(tuple(dict.fromkeys(checks)), title, tuple(reasons), steps)
                 for title, (checks, reasons, steps) in by_title.items())
