"""Per-GPU health that can change a multi-GPU verdict: BAR1 aperture, temperature, power limits,
persistence mode, ECC and retired or remapped memory. (The clock event reasons are the inventory's:
`Gpu.load.clock_event_reasons` in gpus.py.)

Asked in the NVML inventory's first batch (gpus.py calls `health_calls`), so it costs no extra
trip to NVML's thread; a replayed snapshot without these answers yields None values.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudoctor.host.base import Host
from gpudoctor.probing import provides

NVML_TEMPERATURE_GPU = 0

_CALLS = (
    ("nvmlDeviceGetBAR1MemoryInfo",),
    ("nvmlDeviceGetTemperature", NVML_TEMPERATURE_GPU),
    ("nvmlDeviceGetEnforcedPowerLimit",),
    ("nvmlDeviceGetPowerManagementDefaultLimit",),
    ("nvmlDeviceGetPersistenceMode",),
    ("nvmlDeviceGetEccMode",),
    ("nvmlDeviceGetRetiredPagesPendingStatus",),
    ("nvmlDeviceGetRemappedRows",),
)


@dataclass(frozen=True)
class GpuHealth:
    index: int
    bar1_total_bytes: int | None = None
    temperature_c: int | None = None
    power_limit_mw: int | None = None  # enforced
    default_power_limit_mw: int | None = None
    persistence_mode: bool | None = None
    ecc_enabled: bool | None = None
    retired_pages_pending: bool | None = None
    remapped_rows: tuple[int, int, bool, bool] | None = None  # correctable, uncorrectable, pending, failure
    errors: dict[str, str] | None = None


@dataclass(frozen=True)
class GpuHealthFacts:
    gpus: tuple[GpuHealth, ...] = ()

    def of(self, index: int) -> GpuHealth | None:
        return next((g for g in self.gpus if g.index == index), None)


def health_calls(indices) -> list[tuple]:
    """The NVML calls this probe reads, for the inventory's batch."""
    return [(call[0], index, *call[1:]) for index in indices for call in _CALLS]


def _health(host: Host, index: int) -> GpuHealth:
    answers = {call[0]: host.nvml(call[0], index, *call[1:]) for call in _CALLS}
    value = {name: (a.value if a.ok else None) for name, a in answers.items()}
    errors = {name: a.error for name, a in answers.items() if not a.ok}
    bar1 = value["nvmlDeviceGetBAR1MemoryInfo"] or {}
    ecc = value["nvmlDeviceGetEccMode"]
    rows = value["nvmlDeviceGetRemappedRows"]
    persistence = value["nvmlDeviceGetPersistenceMode"]
    pending = value["nvmlDeviceGetRetiredPagesPendingStatus"]
    return GpuHealth(
        index=index,
        bar1_total_bytes=bar1.get("bar1Total") if isinstance(bar1, dict) else None,
        temperature_c=value["nvmlDeviceGetTemperature"],
        power_limit_mw=value["nvmlDeviceGetEnforcedPowerLimit"],
        default_power_limit_mw=value["nvmlDeviceGetPowerManagementDefaultLimit"],
        persistence_mode=None if persistence is None else bool(persistence),
        ecc_enabled=bool(ecc[0]) if isinstance(ecc, list) and ecc else None,
        retired_pages_pending=None if pending is None else bool(pending),
        remapped_rows=(int(rows[0]), int(rows[1]), bool(rows[2]), bool(rows[3]))
        if isinstance(rows, list) and len(rows) >= 4 else None,
        errors=errors or None,
    )


@provides("gpu_health")
def probe_gpu_health(host: Host, facts) -> GpuHealthFacts:
    inventory = facts.get("gpus")
    if inventory.nvml_error or not inventory.gpus:
        return GpuHealthFacts()
    indices = [gpu.index for gpu in inventory.gpus]
    host.nvml_many(health_calls(indices))  # already answered when the inventory batched them
    return GpuHealthFacts(tuple(_health(host, index) for index in indices))
