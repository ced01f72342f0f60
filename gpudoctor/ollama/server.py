"""One model of the Ollama server, built from what the probes recorded: which version runs, what it is told
(CUDA_VISIBLE_DEVICES, OLLAMA_SCHED_SPREAD), which of the machine's GPUs it found and which it left out, how it
placed the last model, and what failed. The ollama.* checks are small functions over it (checks/ollama*.py).

Pure: it reads the `ollama` fact (gpudoctor/probes/ollama.py), the NVML inventory and the Windows environment;
each check builds the same model from the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

from gpudoctor.ollama_visibility import Visibility, parse_visible_devices, service_visible_devices
from gpudoctor.probes.gpus import normalize_bus_id

if TYPE_CHECKING:
    from gpudoctor.ollama.load import ModelLoad
    from gpudoctor.ollama.log import ServerLog
    from gpudoctor.probes.ollama import OllamaFacts

# Discovery failures after which the server has no GPU: its discovery said so.
FOUND_NONE = ("none-compatible", "no-device")


def go_bool(value: str | None) -> bool | None:
    """Go's strconv.ParseBool; None when it is not a boolean."""
    if value is None:
        return None
    text = value.strip().strip("\"'")
    if text in ("1", "t", "T", "true", "TRUE", "True"):
        return True
    if text in ("0", "f", "F", "false", "FALSE", "False"):
        return False
    return None


def spread_setting(log: ServerLog) -> bool | None:
    """OLLAMA_SCHED_SPREAD as the server has it; envconfig treats any other non-empty value as true."""
    value = (log.service_env or {}).get("OLLAMA_SCHED_SPREAD")
    if value is None:
        return None
    return bool(value) if go_bool(value) is None else go_bool(value)


def index_of(inventory, gpu_id: str) -> int | None:
    return next((g.index for g in inventory.gpus if g.uuid and g.uuid.lower() == gpu_id.lower()), None)


def _by_id(gpu, cuda: list):
    """The `inference compute` entry of this NVML GPU by UUID, else by PCI address."""
    found = next((d for d in cuda if gpu.uuid and d.id.lower() == gpu.uuid.lower()), None)
    if found is None and gpu.bus_id:
        found = next((d for d in cuda if d.pci_id and normalize_bus_id(d.pci_id) == normalize_bus_id(gpu.bus_id)),
                     None)
    return found


def match_gpus(inventory, discovered) -> dict[int, object]:
    """NVML index -> the `inference compute` entry for that GPU (or None): by UUID, by PCI address,
    else by name (old Ollama logged CUDA indices, which need not follow NVML's PCI order)."""
    cuda = [d for d in discovered if d.is_cuda]
    matched: dict[int, object] = {}
    for gpu in inventory.gpus:
        found = _by_id(gpu, cuda)
        if found is not None:
            cuda.remove(found)
        matched[gpu.index] = found
    for gpu in inventory.gpus:
        if matched[gpu.index] is None:
            found = next((d for d in cuda if d.display_name == gpu.name), None)
            if found is not None:
                cuda.remove(found)
                matched[gpu.index] = found
    return matched


def runner_view(log: ServerLog, inventory) -> dict[int, object] | None:
    """NVML index -> the runner's `Device i:` line (by UUID when printed, else by name), when the log
    has a ggml_cuda_init listing but no `inference compute` lines."""
    if log.runner_device_count is None:
        return None
    left = list(log.runner_devices)
    matched = {}
    for gpu in inventory.gpus:
        found = next((d for d in left if d.uuid and gpu.uuid and d.uuid.lower() == gpu.uuid.lower()), None) or \
            next((d for d in left if not d.uuid and d.name == gpu.name), None)
        if found is not None:
            left.remove(found)
        matched[gpu.index] = found
    return matched


def runner_position_to_nvml(log: ServerLog, inventory, position: int, considered: int) -> int | None:
    """The NVML index of the runner's CUDA device `position`, among the `considered` GPUs it was given."""
    device = next((d for d in log.runner_devices if d.index == position), None)
    if device is not None and device.uuid:
        return index_of(inventory, device.uuid)
    if device is not None:
        same = [g.index for g in inventory.gpus if g.name == device.name]
        if len(same) == 1:
            return same[0]
    return position if considered == len(inventory.gpus) and position < len(inventory.gpus) else None


def fewest_gpus(load: ModelLoad) -> int | None:
    """How few of the GPUs Ollama considered would hold what the last load needed in all
    (memory.required.allocations summed, against memory.available, largest first)."""
    if not load.allocations or not load.available:
        return None
    needed, room = sum(load.allocations), 0
    for count, free in enumerate(sorted(load.available, reverse=True), start=1):
        room += free
        if room >= needed:
            return count
    return None


class Overcommit(NamedTuple):
    """A GPU a load asked for more than it had free (or than it has at all)."""

    position: int  # the runner's CUDA device number
    index: int | None  # its NVML index, when known
    asked: int  # bytes
    free: int  # bytes free when the load was planned
    total: int | None  # the card's memory in bytes, when known


@dataclass(frozen=True)
class OllamaServer:
    """The Ollama server as gpudoctor understands it, from its API answers, its log and where it runs."""

    facts: OllamaFacts
    platform_kind: str
    inventory: object | None = None  # the NVML GPU list (gpudoctor/probes/gpus.py), None when not seen
    windows: object | None = None  # the Windows environment, where seen

    @classmethod
    def of(cls, facts, inventory=None, windows=None) -> OllamaServer:
        """The model of the server from a check's facts (a check passes only the facts it declared)."""
        return cls(facts.ollama, facts.platform.kind, inventory, windows)

    # -- what it runs ---------------------------------------------------------------------------------
    @property
    def log(self) -> ServerLog:
        return self.facts.log

    @property
    def version(self) -> str | None:
        """The running version (its API), else the one its log names."""
        return self.facts.version or self.log.server_version

    @property
    def spread(self) -> bool | None:
        return spread_setting(self.log)

    @property
    def still_running(self) -> bool:
        """Its service is active, or its journal says it listens and was not stopped since (a file log, Windows'
        server.log or ~/.ollama/logs, outlives its server; only the journal says it still runs)."""
        service, log = self.facts.where.service, self.log
        return bool(service is not None and service.running or (log.listening and log.from_service and not log.stopped))

    @property
    def stale_log(self) -> bool:
        """The log names another version than the one that answers: it may be another installation's."""
        return bool(self.facts.version and self.log.server_version and self.facts.version != self.log.server_version)

    # -- what it is told and what it sees -------------------------------------------------------------
    @cached_property
    def visible_devices(self) -> tuple[str | None, str | None]:
        """(CUDA_VISIBLE_DEVICES of the server, where it was read); see ollama_visibility.service_visible_devices."""
        return service_visible_devices(self.facts, self.platform_kind, self.windows)

    @cached_property
    def visibility(self) -> Visibility | None:
        cvd = self.visible_devices[0]
        return parse_visible_devices(cvd, self.inventory.gpus) if cvd and self.inventory is not None else None

    @cached_property
    def matched(self) -> dict[int, object] | None:
        """NVML index -> what the server found for it (an `inference compute` entry, else the runner's device
        line), None for a GPU it did not find; None when the log shows neither."""
        if self.log.discovery_seen:
            return match_gpus(self.inventory, self.log.discovered)
        return runner_view(self.log, self.inventory)

    @property
    def found(self) -> list[int]:
        return [i for i, d in (self.matched or {}).items() if d is not None]

    @property
    def hidden(self) -> list[int]:
        return [i for i, d in (self.matched or {}).items() if d is None]

    @property
    def discovery_failures(self) -> list:
        return [p for p in self.log.problems if p.kind == "discovery"]

    @property
    def runs_on_cpu(self) -> bool:
        """It found no GPU: none of the machine's GPUs among those it listed, or its discovery said so."""
        if self.matched is not None:
            return not self.found
        return any(p.reason in FOUND_NONE for p in self.discovery_failures)

    # -- how it placed the last model -----------------------------------------------------------------
    @property
    def last_load(self) -> ModelLoad | None:
        return self.log.last_load

    @cached_property
    def found_at_startup(self) -> dict[int, object]:
        """NVML index -> its `inference compute` entry (None for each GPU when the log lacks those lines)."""
        if self.log.discovery_seen:
            return match_gpus(self.inventory, self.log.discovered)
        return {g.index: None for g in self.inventory.gpus}

    @property
    def used_indices(self) -> list[int]:
        """The NVML indices of the GPUs the last load named."""
        ids = self.last_load.gpu_ids if self.last_load else ()
        return [i for i in (index_of(self.inventory, gpu_id) for gpu_id in ids) if i is not None]

    def overcommitted(self) -> list[Overcommit]:
        """Every GPU the last load asked for more than it had free, or than it has in total:
        memory.required.allocations and memory.available list the GPUs in the same order, the order the
        runner numbers its CUDA devices."""
        load, found = self.last_load, []
        if load is None or (load.library or "").lower() == "cpu":  # memory.available is system RAM then
            return found
        for position, (asked, free) in enumerate(zip(load.allocations, load.available)):
            index = runner_position_to_nvml(self.log, self.inventory, position, len(load.available))
            total = self.memory_of(index)
            if asked > free or (total is not None and asked > total):
                found.append(Overcommit(position, index, asked, free, total))
        return found

    def memory_of(self, index: int | None) -> int | None:
        if index is None:
            return None
        return next((g.memory_total_bytes for g in self.inventory.gpus if g.index == index), None)

    # -- what failed -------------------------------------------------------------------------------------
    @property
    def out_of_memory(self) -> list:
        return [p for p in self.log.problems if p.kind == "oom"]

    @property
    def runner_crashes(self) -> list:
        return [p for p in self.log.problems if p.kind == "runner"]

    def allocation_beyond_card(self) -> Overcommit | None:
        """The newest out-of-memory allocation larger than the whole card it was asked of, if any."""
        if self.inventory is None or self.inventory.nvml_error:
            return None
        load = self.last_load
        considered = len(load.available) if load and load.available else \
            (self.log.runner_device_count or len(self.inventory.gpus))
        for failure in reversed(self.out_of_memory):
            if failure.device is None or failure.size_bytes is None:
                continue
            index = runner_position_to_nvml(self.log, self.inventory, failure.device, considered)
            total = self.memory_of(index)
            if total is not None and failure.size_bytes > total:
                return Overcommit(failure.device, index, failure.size_bytes, 0, total)
        return None
