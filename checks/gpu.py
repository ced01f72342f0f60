"""GPU inventory: which NVIDIA GPUs the driver sees."""

from __future__ import annotations

from gpudoctor.model import check, fail, ok
from gpudoctor.checks.nvml_status import explain_nvml_error


def _gpu_line(gpu) -> str:
    memory = f"{gpu.memory_mib} MiB" if gpu.memory_mib is not None else "memory unknown"
    return f"GPU {gpu.index}: {gpu.name}, {memory}, bus {gpu.bus_id or '?'}, {gpu.uuid or 'no UUID'}"


@check("gpu.count", title="NVIDIA GPUs visible to the driver", needs=("gpus",))
def gpu_count(facts):
    """Lists the NVIDIA GPUs that the driver (through NVML) sees, with name, memory and PCI bus id.

    Fails when NVML cannot be used at all (no driver, the kernel module not loaded, a
    driver/library version mismatch after an upgrade) or when it sees no GPU. NVML ignores
    CUDA_VISIBLE_DEVICES, so GPUs hidden from programs are listed here too.
    """
    inventory = facts.gpus
    if inventory.nvml_error:
        summary, details = explain_nvml_error(inventory.nvml_error)
        yield fail(summary, *details, evidence={"nvml_error": inventory.nvml_error})
        return
    if inventory.count_error:
        summary, details = explain_nvml_error(inventory.count_error)
        yield fail(summary, *details, evidence={"nvml_error": inventory.count_error})
        return
    gpus = inventory.gpus
    evidence = {"count": len(gpus), "gpus": [
        {"index": g.index, "name": g.name, "memory_mib": g.memory_mib, "bus_id": g.bus_id, "uuid": g.uuid}
        for g in gpus
    ]}
    if not gpus:
        yield fail("The NVIDIA driver is loaded but sees no GPU.",
                   "Check that the card is seated and powered, and that it appears in `lspci`.", evidence=evidence)
        return
    names = sorted({g.name for g in gpus})
    if len(names) == 1:
        mib = {g.memory_mib for g in gpus}
        each = f", {mib.pop()} MiB each" if len(mib) == 1 and len(gpus) > 1 else ""
        headline = f"{len(gpus)} × {names[0]}{each}"
    else:
        headline = ", ".join(f"{g.name}" for g in gpus)
    yield ok(f"{len(gpus)} GPU{'s' if len(gpus) != 1 else ''}: {headline}",
             *(_gpu_line(g) for g in gpus), evidence=evidence)
