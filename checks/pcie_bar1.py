"""BAR1: the window through which the CPU and other GPUs reach a GPU's memory over PCIe."""

from __future__ import annotations

import re

from gpudoctor.boot_config import manual
from gpudoctor.model import check, ok, skip, warn

from .nvml_status import no_gpu_to_judge

MIB = 1 << 20
# "BAR 1: no space for [mem size 0x...]", "BAR 1: failed to assign", "bridge window [...]: can't assign; no space"
NO_SPACE = re.compile(r"(?:BAR \d+|bridge window).*(?:no space|failed to assign|can't assign)")


def _mib(value: int | None) -> str:
    if value is None:
        return "?"
    return f"{value // (1 << 30)} GiB" if value >= 1 << 30 and value % (1 << 30) == 0 else f"{value // MIB} MiB"


def _sysfs_bar(function) -> int | None:
    """The largest memory BAR in sysfs `resource`: BAR1 in NVIDIA's naming (the VRAM aperture)."""
    sizes = [size for _, size in function.bars] if function else []
    return max(sizes) if sizes else None


@check("pcie.bar1", title="BAR1 size against VRAM (Resizable BAR)",
       needs=("gpus", "gpu_health", "pci_topology", "kernel_log"), platforms=("linux", "wsl", "windows"))
def pcie_bar1(facts):
    """Compares each GPU's BAR1 aperture (NVML BAR1 memory info, cross-checked with the BAR sizes
    the kernel assigned in sysfs `resource`) with its memory. A BAR1 as large as VRAM means
    Resizable BAR is active. A small one (256 MiB is the legacy default) means Resizable BAR is off
    in the BIOS (or "Above 4G decoding" is), or the firmware found no address space for it; the
    kernel then logs "BAR 1: no space for ..." / "failed to assign". CUDA still works, but PCIe
    peer-to-peer through BAR1 maps the peer's memory through this window: on GeForce cards with a
    P2P-enabled driver, P2P fails when BAR1 is smaller than the memory (tinygrad/open-gpu-kernel-modules#13:
    256/512 MiB BAR1, P2P tests failed; aikitoria/open-gpu-kernel-modules#14). NVLink pairs do not use it.
    Fix: enable "Above 4G Decoding" and "Re-Size BAR Support" in the BIOS (manual step).
    """
    inventory = facts.gpus
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    health, topology = facts.gpu_health, facts.pci_topology
    no_space = _no_space_lines(facts.seen("kernel_log"))
    small, sized = [], []
    for gpu in inventory.gpus:
        function = topology.by_bus_id(gpu.bus_id) if not topology.error else None
        seen = _bar1_against_vram(gpu, health.of(gpu.index), function, inventory)
        if seen is not None:
            (small if seen["bar1_bytes"] < seen["vram_bytes"] else sized).append((gpu, seen))
    if not small and not sized:
        yield skip("NVML did not report BAR1 and sysfs showed no BAR sizes "
                   "(an older snapshot, or NVML_ERROR_NOT_SUPPORTED).")
        return
    for gpu, evidence in sized:
        yield ok(f"GPU {gpu.index}: BAR1 {_mib(evidence['bar1_bytes'])} covers its {_mib(evidence['vram_bytes'])} of "
                 "memory (Resizable BAR active)", evidence=evidence)
    for gpu, evidence in small:
        yield _small_bar1(gpu, evidence, no_space)


def _bar1_against_vram(gpu, gpu_health, function, inventory) -> dict | None:
    """The evidence of one GPU's BAR1 (NVML's, else the largest BAR in sysfs) beside its memory; None when either
    is unknown."""
    bar1 = (gpu_health.bar1_total_bytes if gpu_health else None) or _sysfs_bar(function)
    vram = gpu.memory_total_bytes
    if bar1 is None or vram is None:
        return None
    linked = any(p.nvlinks for p in inventory.pairs if p.a == gpu.index)
    return {"gpu": gpu.index, "bar1_bytes": bar1, "vram_bytes": vram, "sysfs_bar_bytes": _sysfs_bar(function),
            "nvlink": linked}


def _no_space_lines(log) -> list[str]:
    """The kernel's lines of this boot saying it found no address space for a BAR."""
    if log is None or log.error:
        return []
    return [line for boot in log.boots if boot.boot == "current" for line in boot.lines if NO_SPACE.search(line)]


def _small_bar1(gpu, evidence, no_space):
    bar1, vram, linked = _mib(evidence["bar1_bytes"]), _mib(evidence["vram_bytes"]), evidence["nvlink"]
    details = [f"NVML reports a BAR1 of {bar1} for {vram} of memory: Resizable BAR is not in effect."]
    if no_space:
        details.append(f"The kernel could not place a larger BAR: {no_space[0].strip()}")
    details.append("PCIe peer-to-peer through BAR1 maps the other GPU's memory through this window: P2P "
                   "between GeForce cards (with a P2P-enabled driver) fails when BAR1 is smaller than the memory. "
                   + ("This GPU's peers are reached over NVLink, which does not use BAR1." if linked else ""))
    details.append("Fix (BIOS): enable 'Above 4G Decoding' and 'Re-Size BAR Support' (and disable CSM), then "
                   "check `nvidia-smi -q -d MEMORY` shows a BAR1 Total at least the size of the memory.")
    make = ok if linked else warn
    return make(f"GPU {gpu.index} ({gpu.name}): BAR1 is {bar1}, smaller than its {vram} of memory",
                *details, evidence={**evidence, "no_space_lines": no_space[:3]}, manual=manual(
                    "Enable Resizable BAR in the BIOS",
                    ["In the BIOS/UEFI setup enable 'Above 4G Decoding' and 'Re-Size BAR Support' "
                     "(disable CSM / legacy boot if the board requires it).",
                     "Boot and check `nvidia-smi -q -d MEMORY`: BAR1 Memory Usage Total should be at "
                     "least the FB Memory Total.",
                     "If the kernel still logs 'BAR 1: no space', update the BIOS, or try the kernel "
                     "parameter `pci=realloc` (GRUB: add it to GRUB_CMDLINE_LINUX_DEFAULT, "
                     "`sudo update-grub`)."]))
