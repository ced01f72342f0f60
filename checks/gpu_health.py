"""GPU health that changes a multi-GPU verdict: throttling, heat, unequal power limits, memory repairs."""

from __future__ import annotations

from gpudoctor.model import Action, check, fail, ok, skip, warn
from gpudoctor.probes.gpus import CLOCK_EVENT_REASONS

from .nvml_status import no_gpu_to_judge

# The nvmlClocksEventReasons bits that mean heat or the board hold the clocks down. The software power
# cap (0x4) under load is normal power management and idle (0x1) is idle: neither is judged here.
HARDWARE_SLOWDOWN = 0x8 | 0x20 | 0x40 | 0x80
HOT_C = 85  # NVIDIA's consumer GPUs start to slow down around 83-90 °C
POWER_LIMIT_SPREAD = 0.10  # limits more than 10 % apart on GPUs of one kind


def _reasons(mask: int | None) -> list[str]:
    return [name for bit, name in CLOCK_EVENT_REASONS.items() if mask and mask & bit & HARDWARE_SLOWDOWN]


@check("gpu.health", title="Throttling, temperature, power limits and memory repairs", needs=("gpus", "gpu_health"),
       platforms=("linux", "wsl", "windows"))
def gpu_health(facts):
    """Reports what on one GPU can slow or break a multi-GPU job, from the same NVML batch as the
    inventory: clocks held down by the hardware (HW slowdown, thermal slowdown, power brake: the
    slowest GPU sets the pace of every all-reduce), temperatures at 85 °C or more, power limits that
    differ by more than 10 % between GPUs of the same model (one card capped, e.g. by
    `nvidia-smi -pl`), row remapping pending or failed and retired pages pending (reset the GPU;
    a failure means RMA), and persistence mode (informational).

    Sources: NVML API reference, nvmlClocksEventReasons, nvmlDeviceGetRemappedRows,
    nvmlDeviceGetRetiredPagesPendingStatus; NVIDIA, "GPU Memory Error Management"
    (https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html).
    """
    inventory, health = facts.gpus, facts.gpu_health
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    reasons = {gpu.index: gpu.load.clock_event_reasons for gpu in inventory.gpus}
    if not health.gpus or all(reasons.get(h.index) is None and h.power_limit_mw is None for h in health.gpus):
        yield skip("NVML did not answer the health questions (an older snapshot, or NOT_SUPPORTED on this GPU).")
        return
    names = {gpu.index: gpu.name for gpu in inventory.gpus}
    problems = [*(f for h in health.gpus for f in _gpu_findings(h, names.get(h.index), reasons.get(h.index))),
                *_power_limit_findings(health, names)]
    yield from problems
    if not problems:
        yield ok("No throttling by the hardware, equal power limits, no pending memory repairs",
                 *(_healthy_line(h) for h in health.gpus), evidence={"gpus": [h.index for h in health.gpus]})


def _gpu_findings(h, name, reason_mask):
    """One GPU's throttling or heat, and its pending or failed memory repairs."""
    evidence = {"gpu": h.index, "clock_event_reasons": reason_mask, "temperature_c": h.temperature_c,
                "power_limit_mw": h.power_limit_mw, "persistence_mode": h.persistence_mode,
                "remapped_rows": h.remapped_rows, "retired_pages_pending": h.retired_pages_pending}
    slow = _reasons(reason_mask)
    if slow:
        yield warn(f"GPU {h.index} ({name}) is throttled by the hardware: {', '.join(slow)}",
                   f"Temperature {h.temperature_c} °C. In a multi-GPU job the slowest GPU sets the pace "
                   "of every collective. Check cooling (airflow between adjacent cards) and power "
                   "cables.", evidence=evidence)
    elif h.temperature_c is not None and h.temperature_c >= HOT_C:
        yield warn(f"GPU {h.index} ({name}) runs at {h.temperature_c} °C",
                   "Close to where NVIDIA GPUs slow down; cards next to each other heat each other.",
                   evidence=evidence)
    if h.remapped_rows and (h.remapped_rows[3] or h.remapped_rows[2]):
        failed = h.remapped_rows[3]
        yield (fail if failed else warn)(
            f"GPU {h.index}: memory row remapping " + ("failed: the GPU should be replaced (RMA)" if failed else
                                                       "pending: reset the GPU or reboot to apply it"),
            f"Remapped rows: {h.remapped_rows[0]} correctable, {h.remapped_rows[1]} uncorrectable.",
            evidence=evidence, action=Action.CONTACT_VENDOR if failed else Action.RESET_GPU)
    if h.retired_pages_pending:
        yield warn(f"GPU {h.index}: retired memory pages are pending: reset the GPU or reboot",
                   evidence=evidence, action=Action.RESET_GPU)


def _power_limit_findings(health, names):
    """GPUs of one model whose power limits differ by more than POWER_LIMIT_SPREAD."""
    limits = {h.index: h.power_limit_mw for h in health.gpus if h.power_limit_mw}
    by_model: dict[str, list[int]] = {}
    for index in limits:
        by_model.setdefault(names.get(index) or "?", []).append(index)
    for model, indices in by_model.items():
        values = [limits[i] for i in indices]
        if len(values) > 1 and max(values) > min(values) * (1 + POWER_LIMIT_SPREAD):
            listed = ", ".join(f"GPU {i} {limits[i] / 1000:.0f} W" for i in indices)
            yield warn(f"The {model} GPUs have different power limits: {listed}",
                       "The GPU with the lower limit runs slower and holds the others back in every "
                       "collective. `sudo nvidia-smi -i <index> -pl <watts>` sets a limit; "
                       "`nvidia-smi -q -d POWER` shows default and current limits.",
                       evidence={"power_limits_mw": {str(k): v for k, v in limits.items()}},
                       action=Action.CONFIGURE)


def _healthy_line(h) -> str:
    bits = [f"{h.temperature_c} °C" if h.temperature_c is not None else None,
            f"{h.power_limit_mw / 1000:.0f} W limit" if h.power_limit_mw else None,
            "persistence on" if h.persistence_mode else ("persistence off" if h.persistence_mode is False else None)]
    return f"GPU {h.index}: " + ", ".join(b for b in bits if b)
