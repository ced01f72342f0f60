"""The NVIDIA driver: loaded, new enough for gpudoctor's floor and for every GPU in the machine."""

from __future__ import annotations

from gpudoctor.driver_support import (
    MINOR_VERSION_COMPAT_BRANCH,
    driver_install_hint,
    parse_driver_version,
    required_branch,
)
from gpudoctor.fix_requests import DriverUpdate
from gpudoctor.model import check, fail, ok, warn

from .nvml_status import explain_nvml_error


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
    windows = facts.windows
    if windows is None or not windows.reachable or not windows.driver_version:
        return None
    return windows


@check("driver.version", title="NVIDIA driver version", needs=("gpus", "windows", "container"))
def driver_version(facts):
    """Checks that the NVIDIA driver is loaded and new enough: at least the floor gpudoctor asks for
    (`--min-driver`, default 535, the oldest long-term-support branch of the CUDA 12 era) and at least
    the branch each GPU present needs (GeForce RTX 50 / Blackwell: R570; RTX 40 and Hopper H100: R520;
    H200: R535; RTX 30: R455). Also reports the newest CUDA version the driver supports, which is the
    ceiling for every CUDA program on the machine (PyTorch, Ollama, a CUDA toolkit).

    A missing driver, a kernel module that is not loaded and a driver/library version mismatch after an
    upgrade each fail with their own explanation. On Windows and inside WSL 2 the Windows driver is the only
    driver: its version is also read from Windows (nvidia-smi.exe, WMI's `32.0.15.6094` form meaning 560.94,
    or the registry), so it is judged even where NVML cannot answer. A too-old driver points at the manual upgrade steps;
    gpudoctor never replaces a driver itself.

    Sources: NVIDIA CUDA Toolkit release notes, Table 3 "CUDA Toolkit and Corresponding Driver Versions"
    (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/); the tables live in gpudoctor/driver_support.py.
    """
    inventory = facts.gpus
    windows = _windows_driver(facts)
    if inventory.nvml_error and windows is None:
        # Inside a container NVML's trouble is how the container was started (container.gpus says how to
        # fix it), inside WSL how WSL reaches the Windows driver (wsl.gpu): not the driver itself.
        in_container = bool(facts.container.in_container)
        summary, details = explain_nvml_error(inventory.nvml_error, facts.platform.kind, in_container,
                                              wsl_version=facts.platform.wsl_version)
        root = "container.gpus" if in_container else "wsl.gpu" if facts.platform.kind == "wsl" else None
        yield fail(summary, *details, evidence={"nvml_error": inventory.nvml_error}, caused_by=root)
        return
    driver_text = inventory.driver_version or (windows.driver_version if windows else None)
    version = parse_driver_version(driver_text)
    cuda = inventory.cuda_driver_version_text
    evidence = {"driver_version": driver_text, "cuda_driver_version": cuda,
                "min_driver": facts.options.min_driver}
    if windows is not None:
        evidence.update(windows_driver_version=windows.driver_version, windows_driver_source=windows.driver_source)
    if inventory.nvml_error:
        # Windows answered where NVML could not (inside WSL, a Linux driver shadowing the Windows one):
        # judge the version Windows reports, and leave NVML's trouble to gpu.count and wsl.gpu.
        summary, _ = explain_nvml_error(inventory.nvml_error, facts.platform.kind,
                                        wsl_version=facts.platform.wsl_version)
        evidence["nvml_error"] = inventory.nvml_error
        yield warn(f"NVML cannot be used here, so the driver version comes from Windows ({windows.driver_source}).",
                   summary, "gpu.count and wsl.gpu explain why NVML fails.", evidence=evidence)
    if version is None:
        yield warn("NVML works but did not report the driver version.",
                   "`nvidia-smi` shows it in its header; an NVML library older than the driver can cause this.",
                   evidence=evidence)
        return
    branch = version[0]
    supports = f"supports CUDA up to {cuda}" if cuda else "CUDA version unknown"
    failed = False
    if branch < facts.options.min_driver:
        failed = True
        yield fail(
            f"NVIDIA driver {driver_text} is older than {facts.options.min_driver}, the oldest "
            f"gpudoctor accepts ({supports}).",
            _cuda_reach(branch),
            f"Install R{facts.options.min_driver} or newer.",
            driver_install_hint(facts.platform.kind, facts.options.min_driver),
            evidence=evidence,
            manual=DriverUpdate(facts.options.min_driver),
        )
    for label, required, indices in _too_old_for_gpus(inventory, branch):
        failed = True
        gpus = ", ".join(str(i) for i in indices)
        yield fail(
            f"GPU {gpus} ({label}) needs driver R{required} or newer; this is {driver_text}.",
            f"A driver older than the GPU does not know it: CUDA programs fail on it or `nvidia-smi` shows "
            f"\"No devices were found\". Install R{max(required, facts.options.min_driver)} or newer.",
            driver_install_hint(facts.platform.kind, max(required, facts.options.min_driver)),
            evidence={**evidence, "gpus": indices, "required_branch": required},
            manual=DriverUpdate(max(required, facts.options.min_driver)),
        )
    if failed:
        return
    details = [f"It meets gpudoctor's floor (R{facts.options.min_driver})."]
    needs = {_gpu_label(gpu): required_branch(gpu.name, gpu.architecture) for gpu in inventory.gpus}
    details += [f"{label} needs R{needed} or newer." for label, needed in needs.items() if needed]
    if not inventory.gpus and not inventory.nvml_error:
        details.append("It sees no GPU: if `lspci` lists an NVIDIA GPU, a GPU newer than this driver is the usual "
                       "reason (`dmesg` then says \"NVRM: ... is not supported by the NVIDIA ... driver release\").")
    if windows is not None:
        details.append(f"This is the Windows driver (read through {windows.driver_source}): on Windows and in WSL 2 "
                       "it is the only NVIDIA driver; update it on Windows, never inside WSL.")
    yield ok(f"NVIDIA driver {driver_text} ({supports}).", *details, evidence=evidence)
