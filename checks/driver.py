"""The NVIDIA driver: loaded, new enough for gpudoctor's floor and for every GPU in the machine."""

from __future__ import annotations

from gpudoctor.checks.nvml_status import explain_nvml_error
from gpudoctor.driver_support import (
    MINOR_VERSION_COMPAT_BRANCH,
    driver_install_hint,
    parse_driver_version,
    required_branch,
)
from gpudoctor.model import check, fail, ok, warn


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


@check("driver.version", title="NVIDIA driver version", needs=("gpus",))
def driver_version(facts):
    """Checks that the NVIDIA driver is loaded and new enough: at least the floor gpudoctor asks for
    (`--min-driver`, default 535, the oldest long-term-support branch of the CUDA 12 era) and at least
    the branch each GPU present needs (GeForce RTX 50 / Blackwell: R570; RTX 40 and Hopper H100: R520;
    H200: R535; RTX 30: R455). Also reports the newest CUDA version the driver supports, which is the
    ceiling for every CUDA program on the machine (PyTorch, Ollama, a CUDA toolkit).

    A missing driver, a kernel module that is not loaded and a driver/library version mismatch after an
    upgrade each fail with their own explanation. A too-old driver points at the manual upgrade steps;
    gpudoctor never replaces a driver itself.

    Sources: NVIDIA CUDA Toolkit release notes, Table 3 "CUDA Toolkit and Corresponding Driver Versions"
    (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/); the tables live in gpudoctor/driver_support.py.
    """
    inventory = facts.gpus
    if inventory.nvml_error:
        summary, details = explain_nvml_error(inventory.nvml_error)
        yield fail(summary, *details, evidence={"nvml_error": inventory.nvml_error})
        return
    version = parse_driver_version(inventory.driver_version)
    cuda = inventory.cuda_driver_version_text
    evidence = {"driver_version": inventory.driver_version, "cuda_driver_version": cuda,
                "min_driver": facts.options.min_driver}
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
            f"NVIDIA driver {inventory.driver_version} is older than {facts.options.min_driver}, the oldest "
            f"gpudoctor accepts ({supports}).",
            _cuda_reach(branch),
            f"Install R{facts.options.min_driver} or newer.",
            driver_install_hint(facts.platform.kind, facts.options.min_driver),
            evidence=evidence,
        )
    for label, required, indices in _too_old_for_gpus(inventory, branch):
        failed = True
        gpus = ", ".join(str(i) for i in indices)
        yield fail(
            f"GPU {gpus} ({label}) needs driver R{required} or newer; this is {inventory.driver_version}.",
            f"A driver older than the GPU does not know it: CUDA programs fail on it or `nvidia-smi` shows "
            f"\"No devices were found\". Install R{max(required, facts.options.min_driver)} or newer.",
            driver_install_hint(facts.platform.kind, max(required, facts.options.min_driver)),
            evidence={**evidence, "gpus": indices, "required_branch": required},
        )
    if failed:
        return
    details = [f"It meets gpudoctor's floor (R{facts.options.min_driver})."]
    needs = {_gpu_label(gpu): required_branch(gpu.name, gpu.architecture) for gpu in inventory.gpus}
    details += [f"{label} needs R{needed} or newer." for label, needed in needs.items() if needed]
    if not inventory.gpus:
        details.append("It sees no GPU: if `lspci` lists an NVIDIA GPU, a GPU newer than this driver is the usual "
                       "reason (`dmesg` then says \"NVRM: ... is not supported by the NVIDIA ... driver release\").")
    yield ok(f"NVIDIA driver {inventory.driver_version} ({supports}).", *details, evidence=evidence)
