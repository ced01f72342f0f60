"""Per-GPU health that can change a multi-GPU verdict: BAR1 aperture, temperature, power limits,
persistence mode, ECC and its error counters, retired or remapped memory, NVLink error counters and
the recovery action the driver asks for. (The clock event reasons are the inventory's:
`Gpu.load.clock_event_reasons` in gpus.py.)

Asked in the NVML inventory's first batch (gpus.py calls `health_calls`), so it costs no extra
trip to NVML's thread; a replayed snapshot without these answers yields None values.
"""

from __future__ import annotations

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.host.nvml_errors import NVML_ERROR_NAMES
from gpudoctor.model import NotSeen
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
    ("nvmlDeviceGetGpuFabricInfo",),  # the NVSwitch fabric's registration (Fabric Manager), newer drivers
)

# nvmlGpuFabricState_t, as `nvidia-smi -q` prints it under "Fabric / State"
FABRIC_STATES = {0: "Not Supported", 1: "Not Started", 2: "In Progress", 3: "Completed"}

# NVML field ids (nvml.h, nvmlFieldValue_t) asked in ONE nvmlDeviceGetFieldValues call per GPU: the ECC
# counters `nvidia-smi -q -d ECC` prints as totals, the NVLinks the GPU has, and the recovery action.
# A field the GPU lacks answers with its own nvmlReturn (3, NOT_SUPPORTED) while the others still
# answer. (The NVLink error counters are per link, in gpus.py: the totals are not supported on Hopper.)
COUNTER_FIELDS = {
    "ecc_sbe_volatile": 3, "ecc_dbe_volatile": 4,  # NVML_FI_DEV_ECC_{SBE,DBE}_VOL_TOTAL: since the driver loaded
    "ecc_sbe_aggregate": 5, "ecc_dbe_aggregate": 6,  # NVML_FI_DEV_ECC_{SBE,DBE}_AGG_TOTAL: over the GPU's life
    "nvlink_link_count": 91,  # NVML_FI_DEV_NVLINK_LINK_COUNT: the NVLinks this GPU has
    "recovery_action": 230,  # NVML_FI_DEV_GET_GPU_RECOVERY_ACTION (newer drivers; 0 = none)
}
COUNTER_FIELD_IDS = tuple(COUNTER_FIELDS.values())

# nvmlGpuRecoveryAction_t (nvml.h)
RECOVERY_ACTIONS = {0: "none", 1: "gpu-reset", 2: "node-reboot", 3: "drain-p2p", 4: "drain-and-reset"}

# nvmlValueType_t -> the member of nvmlValue_t that holds the value
_VALUE_MEMBERS = {0: "dVal", 1: "uiVal", 2: "ulVal", 3: "ullVal", 4: "sllVal", 5: "siVal", 6: "usVal"}


class GpuHealth(Struct, frozen=True):
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
    # COUNTER_FIELDS name -> value; a field NVML did not answer is absent, its reason in counter_errors.
    # None: the question was not asked (a snapshot recorded before these fields were read).
    counters: dict[str, int] | None = None
    counter_errors: dict[str, str] | None = None
    fabric_state: str | None = None  # FABRIC_STATES' name; None: not asked, or NVML does not know the call
    fabric_status: str | None = None  # the registration's own result: "Success" or an NVML error name

    @property
    def recovery_action(self) -> str | None:
        """What the driver says the GPU needs ("none", "gpu-reset", "node-reboot", ...), or None."""
        code = (self.counters or {}).get("recovery_action")
        return None if code is None else RECOVERY_ACTIONS.get(code, f"unknown ({code})")


class GpuHealthFacts(Struct, frozen=True):
    gpus: tuple[GpuHealth, ...] = ()

    def of(self, index: int) -> GpuHealth | None:
        return next((g for g in self.gpus if g.index == index), None)


def health_calls(indices) -> list[tuple]:
    """The NVML calls this probe reads, for the inventory's batch."""
    return ([(call[0], index, *call[1:]) for index in indices for call in _CALLS]
            + [("nvmlDeviceGetFieldValues", index, COUNTER_FIELD_IDS) for index in indices])


def _error_name(code) -> str:
    return NVML_ERROR_NAMES.get(code, f"NVML_ERROR_{code}")


def parse_field_values(answer) -> tuple[dict[str, int] | None, dict[str, str] | None]:
    """nvmlDeviceGetFieldValues' answer as (values by COUNTER_FIELDS name, errors by name)."""
    if not answer.ok or not isinstance(answer.value, list):
        return None, ({"*": answer.error} if answer.error else None)
    names = {field_id: name for name, field_id in COUNTER_FIELDS.items()}
    values: dict[str, int] = {}
    errors: dict[str, str] = {}
    for entry in answer.value:
        name = names.get(entry.get("fieldId")) if isinstance(entry, dict) else None
        if name is None:
            continue
        code = entry.get("nvmlReturn")
        if code != 0:
            errors[name] = _error_name(code)
            continue
        value = (entry.get("value") or {}).get(_VALUE_MEMBERS.get(entry.get("valueType"), "ullVal"))
        if isinstance(value, (int, float)):
            values[name] = int(value)
    return values, errors or None


def _health(host: Host, index: int) -> GpuHealth:
    answers = {call[0]: host.nvml(call[0], index, *call[1:]) for call in _CALLS}
    value = {name: (a.value if a.ok else None) for name, a in answers.items()}
    errors = {name: a.error for name, a in answers.items() if not a.ok}
    bar1 = value["nvmlDeviceGetBAR1MemoryInfo"] or {}
    ecc = value["nvmlDeviceGetEccMode"]
    rows = value["nvmlDeviceGetRemappedRows"]
    persistence = value["nvmlDeviceGetPersistenceMode"]
    pending = value["nvmlDeviceGetRetiredPagesPendingStatus"]
    fabric = value["nvmlDeviceGetGpuFabricInfo"] if isinstance(value["nvmlDeviceGetGpuFabricInfo"], dict) else {}
    status = fabric.get("status")
    field_answer = host.nvml("nvmlDeviceGetFieldValues", index, COUNTER_FIELD_IDS)
    recorded = field_answer.error != "not-recorded"
    counters, counter_errors = parse_field_values(field_answer) if recorded else (None, None)
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
        counters=counters,
        counter_errors=counter_errors,
        fabric_state=FABRIC_STATES.get(fabric.get("state")) if fabric else None,
        fabric_status=None if status is None else "Success" if status == 0 else _error_name(status),
    )


@provides("gpu_health", not_seen=NotSeen("the GPUs' health counters (ECC, throttling, BAR1) were not recorded",
                                           "nvidia-smi -q"))
def probe_gpu_health(host: Host, facts) -> GpuHealthFacts:
    inventory = facts.get("gpus")
    if inventory.nvml_error or not inventory.gpus:
        return GpuHealthFacts()
    indices = [gpu.index for gpu in inventory.gpus]
    host.nvml_many(health_calls(indices))  # already answered when the inventory batched them
    return GpuHealthFacts(tuple(_health(host, index) for index in indices))
