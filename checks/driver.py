"""The NVIDIA driver: loaded, new enough for gpudoctor's floor and for every GPU in the machine."""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import (
    MINOR_VERSION_COMPAT_BRANCH,
    driver_install_hint,
    parse_driver_version,
    required_branch,
)
from gpudoctor.fix_requests import DriverUpdate
from gpudoctor.model import check, fail, ok, skip, unknown, warn

from .kernel_driver import MISMATCH, mismatch_story
from .nvml_status import explain_nvml_error, nvml_error_action


def _gpu_label(gpu) -> str:
    return f"{gpu.name} ({gpu.architecture})" if gpu.architecture else gpu.name


def _cuda_reach(branch: int) -> str:
    runs = [f"CUDA {major}.x" for major, needed in sorted(MINOR_VERSION_COMPAT_BRANCH.items()) if branch >= needed]
    reach = f"R{branch} runs {', '.join(runs)} programs only" if runs else f"R{branch} runs no CUDA 11 or newer program"
    return (f"{reach}; current PyTorch and Ollama builds use CUDA 12 (needs R{MINOR_VERSION_COMPAT_BRANCH[12]} "
            f"or newer) or CUDA 13 (R{MINOR_VERSION_COMPAT_BRANCH[13]} or newer).")


def _too_old_for_gpus(inventory, branch: int) -> list[tuple[str, int, list[int]]]:
    """(GPU label, required branch, GPU indices) for every kind of GPU this driver branch cannot run."""
    needs: dict[tuple[str, int], list[int]] = {}
    for gpu in inventory.gpus:
        required = required_branch(gpu.name, gpu.architecture)
        if required is not None and branch < required:
            needs.setdefault((_gpu_label(gpu), required), []).append(gpu.index)
    return [(label, required, indices) for (label, required), indices in needs.items()]


def _windows_driver(facts):
    """The Windows driver as Windows itself reports it (nvidia-smi.exe, WMI or the registry), if it
    could be read: on Windows and inside WSL it is the only NVIDIA driver there is."""
    if facts.platform.kind not in ("wsl", "windows"):
        return None
    windows = facts.seen("windows")  # not seen (a paste without Windows' own answers): NVML's view stands
    if windows is None or not windows.reachable or not windows.driver_version:
        return None
    return windows


def _no_gpu_attached(facts, inventory, windows):
    """Where no NVIDIA GPU is attached at all there is no driver to judge: gpu.count says so, once."""
    if inventory.gpus or windows is not None or not facts.nvidia_presence.no_gpu_attached:
        return None
    return skip("No NVIDIA GPU is attached, so there is no driver to judge.",
                evidence={"no_gpu_attached": True, "nvml_error": inventory.nvml_error}, caused_by="gpu.count")


@check("driver.version", title="NVIDIA driver version",
       needs=("gpus", "windows", "container", "kernel_driver", "kernel_log", "nvidia_presence"))
def driver_version(facts):
    """Checks that the NVIDIA driver is loaded and new enough: at least the floor gpudoctor asks for
    (`--min-driver`, default 535, the oldest long-term-support branch of the CUDA 12 era) and at least
    the branch each GPU present needs (GeForce RTX 50 / Blackwell: R570; RTX 40 and Hopper H100: R520;
    H200: R535; RTX 30: R455). Also reports the newest CUDA version the driver supports, which is the
    ceiling for every CUDA program on the machine (PyTorch, Ollama, a CUDA toolkit).

    A missing driver, a kernel module that is not loaded and a driver/library version mismatch each fail
    with their own explanation; on Linux a mismatch names both versions (/proc/driver/nvidia/version against
    libnvidia-ml, or the kernel's "API mismatch" line) and tells an upgrade not yet booted into (the module
    `modinfo` finds is already the libraries' version: reboot) from a module built separately (DKMS, a .run
    installer: a reboot changes nothing). On Windows and inside WSL 2 the Windows driver is the only
    driver: its version is also read from Windows (nvidia-smi.exe, WMI's `32.0.15.6094` form meaning 560.94,
    or the registry), so it is judged even where NVML cannot answer. A too-old driver points at the manual upgrade steps;
    gpudoctor never replaces a driver itself. Where no NVIDIA GPU is attached at all there is no driver to
    judge: gpu.count says so.

    Sources: NVIDIA CUDA Toolkit release notes, Table 3 "CUDA Toolkit and Corresponding Driver Versions"
    (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/); the tables live in gpudoctor/knowledge/driver_support.py.
    """
    inventory = facts.gpus
    windows = _windows_driver(facts)
    not_judged = _not_judged(facts, inventory, windows)
    if not_judged is not None:
        yield not_judged
        return
    driver_text = inventory.driver_version or (windows.driver_version if windows else None)
    evidence = _evidence(facts, driver_text, windows)
    if inventory.nvml_error:
        evidence["nvml_error"] = inventory.nvml_error
        yield _read_from_windows(facts, windows, evidence)
    version = parse_driver_version(driver_text)
    if version is None:
        yield _version_missing(inventory, driver_text, evidence)
        return
    cuda = inventory.cuda_driver_version_text
    supports = f"supports CUDA up to {cuda}" if cuda else "CUDA version unknown"
    too_old = _too_old(facts, driver_text, version[0], supports, evidence)
    yield from too_old
    if not too_old:
        yield _new_enough(facts, windows, driver_text, supports, evidence)


def _version_missing(inventory, driver_text, evidence):
    """No version to judge although NVML started: not in the recorded output (a paste of "No devices were found",
    which has no header), or NVML did not give it."""
    if inventory.driver_version_not_seen and not driver_text:
        return unknown(inventory.driver_version_not_seen)
    return warn("NVML works but did not report the driver version.",
                "`nvidia-smi` shows it in its header; an NVML library older than the driver can cause this.",
                evidence=evidence)


def _not_judged(facts, inventory, windows):
    """The finding when there is no driver version to judge: no GPU attached, or NVML failed and no
    Windows driver answered; None when there is one."""
    not_attached = _no_gpu_attached(facts, inventory, windows)
    if not_attached is not None:
        return not_attached
    if inventory.nvml_error and windows is None:
        return _no_driver_answer(facts)
    return None


def _no_driver_answer(facts):
    """NVML failed and no Windows driver answered: the failure, explained."""
    kernel = facts.seen("kernel_driver") if facts.gpus.nvml_error == MISMATCH else None
    if kernel is not None and facts.platform.kind == "linux" and not kernel.error:
        # names both versions and tells an upgrade not yet booted into from a module built separately
        summary, details, evidence = mismatch_story(kernel, facts.seen("kernel_log"))
        return fail(summary, *details, evidence={"nvml_error": facts.gpus.nvml_error, **evidence},
                    action=nvml_error_action(facts.gpus.nvml_error))
    # Inside a container NVML's trouble is how the container was started (container.gpus says how to
    # fix it), inside WSL how WSL reaches the Windows driver (wsl.gpu): not the driver itself.
    nvml_error = facts.gpus.nvml_error
    container = facts.seen("container")  # only adds where NVML's trouble comes from
    in_container = bool(container and container.in_container)
    summary, details = explain_nvml_error(nvml_error, facts.platform.kind, in_container,
                                          wsl_version=facts.platform.wsl_version)
    root = "container.gpus" if in_container else "wsl.gpu" if facts.platform.kind == "wsl" else None
    return fail(summary, *details, evidence={"nvml_error": nvml_error}, caused_by=root,
                action=None if root else nvml_error_action(nvml_error))


def _evidence(facts, driver_text, windows) -> dict:
    evidence = {"driver_version": driver_text, "cuda_driver_version": facts.gpus.cuda_driver_version_text,
                "min_driver": facts.options.min_driver}
    if windows is not None:
        evidence.update(windows_driver_version=windows.driver_version, windows_driver_source=windows.driver_source)
    return evidence


def _read_from_windows(facts, windows, evidence):
    """Windows answered where NVML could not (inside WSL, a Linux driver shadowing the Windows one):
    the version Windows reports is judged, NVML's trouble left to gpu.count and wsl.gpu."""
    summary, _ = explain_nvml_error(facts.gpus.nvml_error, facts.platform.kind,
                                    wsl_version=facts.platform.wsl_version)
    return warn(f"NVML cannot be used here, so the driver version comes from Windows ({windows.driver_source}).",
                summary, "gpu.count and wsl.gpu explain why NVML fails.", evidence=evidence)


def _too_old(facts, driver_text, branch: int, supports: str, evidence) -> list:
    """Failures for a driver below gpudoctor's floor and for each GPU model it is too old for."""
    floor = facts.options.min_driver
    findings = []
    if branch < floor:
        findings.append(fail(
            f"NVIDIA driver {driver_text} is older than {floor}, the oldest gpudoctor accepts ({supports}).",
            _cuda_reach(branch),
            f"Install R{floor} or newer.",
            driver_install_hint(facts.platform.kind, floor),
            evidence=evidence,
            manual=DriverUpdate(floor),
        ))
    for label, required, indices in _too_old_for_gpus(facts.gpus, branch):
        gpus = ", ".join(str(i) for i in indices)
        findings.append(fail(
            f"GPU {gpus} ({label}) needs driver R{required} or newer; this is {driver_text}.",
            f"A driver older than the GPU does not know it: CUDA programs fail on it or `nvidia-smi` shows "
            f"\"No devices were found\". Install R{max(required, floor)} or newer.",
            driver_install_hint(facts.platform.kind, max(required, floor)),
            evidence={**evidence, "gpus": indices, "required_branch": required},
            manual=DriverUpdate(max(required, floor)),
        ))
    return findings


def _new_enough(facts, windows, driver_text, supports: str, evidence):
    inventory = facts.gpus
    details = [f"It meets gpudoctor's floor (R{facts.options.min_driver})."]
    needs = {_gpu_label(gpu): required_branch(gpu.name, gpu.architecture) for gpu in inventory.gpus}
    details += [f"{label} needs R{needed} or newer." for label, needed in needs.items() if needed]
    if not inventory.gpus and not inventory.nvml_error and not inventory.count_error:
        details.append("It sees no GPU: if `lspci` lists an NVIDIA GPU, a GPU newer than this driver is the usual "
                       "reason (`dmesg` then says \"NVRM: ... is not supported by the NVIDIA ... driver release\").")
    if windows is not None:
        details.append(f"This is the Windows driver (read through {windows.driver_source}): on Windows and in WSL 2 "
                       "it is the only NVIDIA driver; update it on Windows, never inside WSL.")
    return ok(f"NVIDIA driver {driver_text} ({supports}).", *details, evidence=evidence)
