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
    health, topology, log = facts.gpu_health, facts.pci_topology, facts.seen("kernel_log")
    no_space = [line for boot in log.boots if boot.boot == "current" for line in boot.lines
                if NO_SPACE.search(line)] if log is not None and not log.error else []
    small, sized = [], []
    for gpu in inventory.gpus:
        gpu_health = health.of(gpu.index)
        function = topology.by_bus_id(gpu.bus_id) if not topology.error else None
        bar1 = gpu_health.bar1_total_bytes if gpu_health else None
        bar1 = bar1 or _sysfs_bar(function)
        vram = gpu.memory_total_bytes
        if bar1 is None or vram is None:
            continue
        linked = any(p.nvlinks for p in inventory.pairs if p.a == gpu.index)
        evidence = {"gpu": gpu.index, "bar1_bytes": bar1, "vram_bytes": vram, "sysfs_bar_bytes": _sysfs_bar(function),
                    "nvlink": linked}
        if bar1 < vram:
            small.append((gpu, bar1, vram, linked, evidence))
        else:
            sized.append((gpu, bar1, vram, evidence))
    if not small and not sized:
        yield skip("NVML did not report BAR1 and sysfs showed no BAR sizes "
                   "(an older snapshot, or NVML_ERROR_NOT_SUPPORTED).")
        return
    for gpu, bar1, vram, evidence in sized:
        yield ok(f"GPU {gpu.index}: BAR1 {_mib(bar1)} covers its {_mib(vram)} of memory (Resizable BAR active)",
                 evidence=evidence)
    for gpu, bar1, vram, linked, evidence in small:
        details = [f"NVML reports a BAR1 of {_mib(bar1)} for {_mib(vram)} of memory: Resizable BAR is not in effect."]
        if no_space:
            details.append(f"The kernel could not place a larger BAR: {no_space[0].strip()}")
        details.append("PCIe peer-to-peer through BAR1 maps the other GPU's memory through this window: P2P "
                       "between GeForce cards (with a P2P-enabled driver) fails when BAR1 is smaller than the memory. "
                       + ("This GPU's peers are reached over NVLink, which does not use BAR1." if linked else ""))
        details.append("Fix (BIOS): enable 'Above 4G Decoding' and 'Re-Size BAR Support' (and disable CSM), then "
                       "check `nvidia-smi -q -d MEMORY` shows a BAR1 Total at least the size of the memory.")
        make = ok if linked else warn
        yield make(f"GPU {gpu.index} ({gpu.name}): BAR1 is {_mib(bar1)}, smaller than its {_mib(vram)} of memory",
                   *details, evidence={**evidence, "no_space_lines": no_space[:3]}, manual=manual(
                       "Enable Resizable BAR in the BIOS",
                       ["In the BIOS/UEFI setup enable 'Above 4G Decoding' and 'Re-Size BAR Support' "
                        "(disable CSM / legacy boot if the board requires it).",
                        "Boot and check `nvidia-smi -q -d MEMORY`: BAR1 Memory Usage Total should be at "
                        "least the FB Memory Total.",
                        "If the kernel still logs 'BAR 1: no space', update the BIOS, or try the kernel "
                        "parameter `pci=realloc` (GRUB: add it to GRUB_CMDLINE_LINUX_DEFAULT, "
                        "`sudo update-grub`)."]))
