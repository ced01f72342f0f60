"""The GPUs as NVML sees them: driver, each GPU's identity, PCIe link and NVLinks, and every pair.

NVML enumerates in PCI bus order and ignores CUDA_VISIBLE_DEVICES, which is exactly what we want
for an inventory: the doctor must see the GPUs that are hidden too.
"""

from __future__ import annotations

import threading

from msgspec import Struct, field

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides
from gpudoctor.probes.gating import dev_may_hold_a_gpu
from gpudoctor.probes.gpu_health import health_calls

# nvmlGpuP2PCapsIndex_t, passed as plain ints: nvidia-ml-py 13.x defines
# NVML_P2P_CAPS_INDEX_READ as the tuple (0,) (a stray comma), which ctypes cannot convert.
P2P_CAPABILITIES = {"read": 0, "write": 1, "nvlink": 2, "atomics": 3, "pci": 4}
# What the checks judge by: P2P read, and write only where read is not OK (on some AMD hosts only writes are
# supported, and a pair has P2P if either is), NVLink's where either GPU has an active NVLink. Atomics and PCI were
# only ever shown. Each question costs 1.7 ms on the lent hosts and the driver answers one at a time, across
# threads too (bench/nvml_threads.py): at eight GPUs all five a pair took 263 ms of NVML's 459
# (bench/scaling_model.py).
P2P_READ = P2P_CAPABILITIES["read"]

# nvmlGpuP2PStatus_t, with the abbreviations `nvidia-smi topo -p2p` prints in its legend.
# NVML_P2P_STATUS_DISABLED_BY_REGKEY (4) is "DR": newer drivers (595.x, 610.x) list
# "DR = Disabled by regkey" in that legend (real 2x RTX 5090 reports, e.g.
# https://github.com/noonghunna/club-3090/issues/1229); 580.x prints no DR line.
P2P_STATUS_NAMES = {0: "OK", 1: "CNS", 2: "GNS", 3: "TNS", 4: "DR", 5: "NS", 6: "U"}
P2P_STATUS_OK = 0

# nvmlGpuTopologyLevel_t and the names `nvidia-smi topo -m` uses for them.
TOPOLOGY_NAMES = {0: "X", 10: "PIX", 20: "PXB", 30: "PHB", 40: "NODE", 50: "SYS"}

# nvmlDeviceArchitecture_t
ARCHITECTURE_NAMES = {
    2: "Kepler", 3: "Maxwell", 4: "Pascal", 5: "Volta", 6: "Turing", 7: "Ampere", 8: "Ada Lovelace",
    9: "Hopper", 10: "Blackwell", 13: "Rubin",
}

NVLINK_MAX_LINKS = 36  # NVML_NVLINK_MAX_LINKS in NVML 13
NVLINKS_SO_FAR = 18  # the most links a GPU has had (H100, H200, B200): asked for in the first batch


class PcieLink(Struct, frozen=True):
    generation: int | None = None
    width: int | None = None
    max_generation: int | None = None  # the most the GPU and its slot allow together
    max_width: int | None = None
    gpu_max_generation: int | None = None  # the most the GPU itself supports
    replay_counter: int | None = None


# nvmlNvLinkErrorCounter_t: the three per-link counters `nvidia-smi nvlink -e` prints (Replay, Recovery,
# CRC Errors). The NVML totals over all links (NVML_FI_DEV_NVLINK_*_TOTAL) answered NOT_SUPPORTED on the
# lent two-H100 host (driver 580.159.04, tests/fixtures/raw/h100x2); the per-link call is what nvidia-smi
# itself reads on Hopper (DataDog/datadog-agent#55966). NVML_NVLINK_ERROR_DL_CRC_DATA (3) is left out on
# purpose: on that host it counted 1492 and 1579 on healthy links while nvidia-smi printed 0 CRC errors,
# and grew by ~160 during one NCCL all-reduce.
NVLINK_ERROR_COUNTERS = {"replay": 0, "recovery": 1, "crc": 2}
# The same three counters as field values scoped by link (NVML_FI_DEV_NVLINK_ERROR_DL_REPLAY, _RECOVERY, _CRC):
# one call per GPU instead of three per link. On the lent two-H200 host (driver 580.159.04) one call answered a
# GPU's 54 counters in 15-16 ms, equal to all 54 per-link answers, which took 51-68 ms.
NVLINK_ERROR_FIELDS = {"replay": 161, "recovery": 162, "crc": 163}


class NvLink(Struct, frozen=True):
    link: int
    active: bool
    version: int | None = None
    remote_bus_id: str | None = None
    # NVLINK_ERROR_COUNTERS name -> count since the driver loaded; a counter NVML did not give is absent.
    # None: not asked (an inactive link, or a snapshot recorded before these were read).
    errors: dict[str, int] | None = None


# nvmlClocksEventReasons bits (nvml.h; `nvidia-smi -q -d PERFORMANCE` prints them as "Clocks Event Reasons").
# Idle and the application/display clock settings are not a slowdown; the others hold clocks below what
# the GPU could run at.
CLOCK_EVENT_REASONS = {
    0x1: "idle", 0x2: "application clocks setting", 0x4: "software power cap", 0x8: "hardware slowdown",
    0x10: "sync boost", 0x20: "software thermal slowdown", 0x40: "hardware thermal slowdown",
    0x80: "hardware power brake", 0x100: "display clock setting",
}
CLOCK_SLOWDOWNS = 0x4 | 0x8 | 0x20 | 0x40 | 0x80

# NVML field NVML_FI_DEV_NVLINK_SPEED_MBPS_COMMON: the speed of the active NVLinks, in MB/s per link and
# direction; `nvidia-smi nvlink -s` prints the same figure ("Link 0: 26.562 GB/s" on an H200).
NVLINK_SPEED_FIELD = 90
# NVML field NVML_FI_DEV_NVLINK_LINK_COUNT: how many NVLinks the GPU has. Known, the first batch's link states are all
# the links there are; unknown (a GPU or driver that does not answer it, a recording from before it was asked), the
# states are asked link after link until NVML refuses one: on an H200 (18 links) that 19th question cost 1.6-2.2 ms
# of NVML and a trip to its child, one GPU after another (four-H200 VM, 2026-11-28, bench/live_timeline.py).
NVLINK_COUNT_FIELD = 91


class GpuProcess(Struct, frozen=True):
    """A process NVML lists on a GPU: as nvidia-smi's process table shows it (no command line)."""

    pid: int
    name: str | None  # nvmlSystemGetProcessName, as NVML gives it; None when NVML would not say
    used_memory_bytes: int | None
    kind: str  # "compute" | "graphics"

    @property
    def used_memory_mib(self) -> int | None:
        return None if self.used_memory_bytes is None else self.used_memory_bytes // (1024 * 1024)

    @property
    def label(self) -> str:
        memory = f", {self.used_memory_mib} MiB" if self.used_memory_mib is not None else ""
        return f"{self.name or 'unnamed process'} (pid {self.pid}{memory})"


class GpuLoad(Struct, frozen=True):
    """What else the GPU was doing when it was asked: other processes, utilisation, clock slowdowns.

    None in a field means NVML did not answer (or the snapshot was recorded before gpudoctor asked).
    """

    processes: tuple[GpuProcess, ...] | None = None
    utilization_percent: int | None = None
    clock_event_reasons: int | None = None  # nvmlClocksEventReasons bit mask

    @property
    def slowdowns(self) -> tuple[str, ...]:
        mask = self.clock_event_reasons or 0
        return tuple(name for bit, name in CLOCK_EVENT_REASONS.items() if bit & mask & CLOCK_SLOWDOWNS)


class Gpu(Struct, frozen=True):
    index: int
    name: str
    uuid: str | None
    bus_id: str | None  # NVML form, 00000000:00:06.0
    memory_total_bytes: int | None
    architecture: str | None
    compute_capability: tuple[int, int] | None
    pcie: PcieLink
    nvlinks: tuple[NvLink, ...] = ()
    utilization_percent: int | None = None
    errors: dict[str, str] = field(default_factory=dict)  # NVML function -> error name
    load: GpuLoad = field(default_factory=GpuLoad)
    nvlink_speed_mbps: int | None = None  # per link and direction, NVML_FI_DEV_NVLINK_SPEED_MBPS_COMMON
    nvlinks_not_seen: NotSeen | None = None  # a paste without the links' state (`nvidia-smi -q` does not show it)

    @property
    def memory_mib(self) -> int | None:
        return None if self.memory_total_bytes is None else self.memory_total_bytes // (1024 * 1024)

    @property
    def active_nvlinks(self) -> tuple[NvLink, ...]:
        return tuple(link for link in self.nvlinks if link.active)


class GpuPair(Struct, frozen=True):
    """An ordered pair of GPUs (by NVML index) and what NVML says about P2P between them."""

    a: int
    b: int
    p2p: dict[str, int | str]  # capability -> nvmlGpuP2PStatus_t value, or an NVML error name
    topology: str | None  # PIX / PXB / PHB / NODE / SYS, or None when NVML could not say
    nvlinks: int  # NVLinks from a whose far end is b

    @property
    def path(self) -> str:
        """The connection as `nvidia-smi topo -m` prints it: NV18, PIX, SYS ... ("?" when neither was seen)."""
        return f"NV{self.nvlinks}" if self.nvlinks else (self.topology or "?")

    @property
    def medium(self) -> str:
        """'NVLink (NV18)', 'PCIe (PIX)', or what shows it when neither NVLinks nor a PCIe path were seen."""
        return medium(self.nvlinks, self.topology)


def medium(nvlinks: int, topology: str | None) -> str:
    if nvlinks:
        return f"NVLink (NV{nvlinks})"
    return f"PCIe ({topology})" if topology else "a path not seen (`nvidia-smi topo -m` shows it)"


class GpuInventory(Struct, frozen=True):
    nvml_error: str | None  # why NVML could not be used at all (NVML_ERROR_DRIVER_NOT_LOADED, ...)
    driver_version: str | None = None
    cuda_driver_version: int | None = None  # 13000 means CUDA 13.0
    nvml_version: str | None = None
    gpus: tuple[Gpu, ...] = ()
    pairs: tuple[GpuPair, ...] = ()
    count_error: str | None = None
    driver_version_error: str | None = None  # why NVML gave no driver version; NOT_RECORDED: not in the paste

    @property
    def driver_version_not_seen(self) -> NotSeen | None:
        """Why the driver version is unknown where nvidia-smi's output did not show it (it prints no header over
        "No devices were found")."""
        return NotSeen("the driver version was not in the recorded output", "nvidia-smi") \
            if self.driver_version_error == NOT_RECORDED else None

    @property
    def list_not_seen(self) -> NotSeen | None:
        """Why the GPU list is unknown where the driver's own version was shown but not its GPUs (a pasted
        /proc/driver/nvidia/version)."""
        return NotSeen("the GPU list of the driver was not recorded", "nvidia-smi") \
            if self.count_error == NOT_RECORDED else None

    @property
    def cuda_driver_version_text(self) -> str | None:
        v = self.cuda_driver_version
        return None if v is None else f"{v // 1000}.{(v % 1000) // 10}"

    def pair(self, a: int, b: int) -> GpuPair | None:
        return next((p for p in self.pairs if p.a == a and p.b == b), None)

    def by_bus_id(self, bus_id: str) -> Gpu | None:
        wanted = normalize_bus_id(bus_id)
        return next((g for g in self.gpus if g.bus_id and normalize_bus_id(g.bus_id) == wanted), None)


def normalize_bus_id(bus_id: str) -> str:
    """'00000000:00:06.0' (NVML), '0000:00:06.0' (CUDA, sysfs) and '00:06.0' all become '0000:00:06.0'."""
    text = bus_id.strip().lower()
    parts = text.split(":")
    if len(parts) == 2:
        parts = ["0000", *parts]
    domain = parts[0][-4:].rjust(4, "0")
    return ":".join([domain, *parts[1:]])


class _Reader:
    """Reads NVML values for one GPU, noting which calls failed and why."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.errors: dict[str, str] = {}

    def value(self, function: str, *args):
        result = self.host.nvml(function, *args)
        if not result.ok:
            self.errors[function] = result.error
            return None
        return result.value


def _link_states(host: Host, index: int) -> list[tuple[int, bool]]:
    """(link, active) for each NVLink NVML knows, up to the GPU's link count or the first error (NOT_SUPPORTED on
    GPUs without NVLink, INVALID_ARGUMENT past the last link)."""
    count = _field_uint(host, index, NVLINK_COUNT_FIELD, allow_zero=True)
    states = []
    for link in range(NVLINK_MAX_LINKS if count is None else min(count, NVLINK_MAX_LINKS)):
        state = host.nvml("nvmlDeviceGetNvLinkState", index, link)
        if not state.ok:
            break
        states.append((link, bool(state.value)))
    return states


def _nvlinks(host: Host, index: int) -> tuple[NvLink, ...]:
    states = _link_states(host, index)
    by_field = _nvlink_errors_by_field(host, index, [link for link, active in states if active])
    links = []
    for link, active in states:
        version = remote = errors = None
        if active:
            version = host.nvml("nvmlDeviceGetNvLinkVersion", index, link).value
            pci = host.nvml("nvmlDeviceGetNvLinkRemotePciInfo", index, link)
            remote = pci.value.get("busId") if pci.ok and isinstance(pci.value, dict) else None
            errors = by_field.get(link) if len(by_field.get(link, ())) == len(NVLINK_ERROR_FIELDS) \
                else _nvlink_errors(host, index, link)
        links.append(NvLink(link, active, version, remote, errors))
    return tuple(links)


def nvlink_error_request(links) -> tuple[tuple[int, int], ...]:
    """The field values that hold the error counters of `links`, as one nvmlDeviceGetFieldValues asks them."""
    return tuple((field, link) for link in links for field in NVLINK_ERROR_FIELDS.values())


def _nvlink_errors_by_field(host: Host, index: int, links: list[int]) -> dict[int, dict[str, int]]:
    """link -> {counter: value} from one field-value call; a counter the driver did not answer is left out
    (drivers without these fields fall back to nvmlDeviceGetNvLinkErrorCounter, as older recordings hold)."""
    if not links:
        return {}
    result = host.nvml("nvmlDeviceGetFieldValues", index, nvlink_error_request(links))
    if not result.ok or not isinstance(result.value, list):
        return {}
    names = {field: name for name, field in NVLINK_ERROR_FIELDS.items()}
    by_link: dict[int, dict[str, int]] = {}
    for entry in result.value:
        if not isinstance(entry, dict) or entry.get("nvmlReturn") != 0 or entry.get("fieldId") not in names:
            continue
        value = (entry.get("value") or {}).get("ullVal")
        if isinstance(value, int):
            by_link.setdefault(entry.get("scopeId"), {})[names[entry["fieldId"]]] = value
    return by_link


def _nvlink_errors(host: Host, index: int, link: int) -> dict[str, int] | None:
    answers = {name: host.nvml("nvmlDeviceGetNvLinkErrorCounter", index, link, counter)
               for name, counter in NVLINK_ERROR_COUNTERS.items()}
    if all(answer.error == "not-recorded" for answer in answers.values()):
        return None
    return {name: answer.value for name, answer in answers.items() if answer.ok and isinstance(answer.value, int)}


def _gpu(host: Host, index: int) -> Gpu:
    read = _Reader(host)
    pci = read.value("nvmlDeviceGetPciInfo", index) or {}
    memory = read.value("nvmlDeviceGetMemoryInfo", index) or {}
    capability = read.value("nvmlDeviceGetCudaComputeCapability", index)
    architecture = read.value("nvmlDeviceGetArchitecture", index)
    utilization = read.value("nvmlDeviceGetUtilizationRates", index) or {}
    pcie = PcieLink(
        generation=read.value("nvmlDeviceGetCurrPcieLinkGeneration", index),
        width=read.value("nvmlDeviceGetCurrPcieLinkWidth", index),
        max_generation=read.value("nvmlDeviceGetMaxPcieLinkGeneration", index),
        max_width=read.value("nvmlDeviceGetMaxPcieLinkWidth", index),
        gpu_max_generation=read.value("nvmlDeviceGetGpuMaxPcieLinkGeneration", index),
        replay_counter=read.value("nvmlDeviceGetPcieReplayCounter", index),
    )
    return Gpu(
        index=index,
        name=read.value("nvmlDeviceGetName", index) or f"GPU {index}",
        uuid=read.value("nvmlDeviceGetUUID", index),
        bus_id=pci.get("busId"),
        memory_total_bytes=memory.get("total"),
        architecture=ARCHITECTURE_NAMES.get(architecture) if architecture is not None else None,
        compute_capability=tuple(capability) if capability else None,
        pcie=pcie,
        nvlinks=_nvlinks(host, index),
        utilization_percent=utilization.get("gpu"),
        errors=read.errors,
        load=_load(host, index, utilization.get("gpu")),
        nvlink_speed_mbps=_nvlink_speed(host, index),
        nvlinks_not_seen=NotSeen("the state of the NVLinks was not recorded", "nvidia-smi nvlink -s")
        if host.nvml("nvmlDeviceGetNvLinkState", index, 0).error == NOT_RECORDED else None,
    )


def _processes(host: Host, index: int) -> tuple[GpuProcess, ...] | None:
    found: dict[int, GpuProcess] = {}
    answered = False
    for kind, function in (("compute", "nvmlDeviceGetComputeRunningProcesses"),
                           ("graphics", "nvmlDeviceGetGraphicsRunningProcesses")):
        result = host.nvml(function, index)
        if not result.ok or not isinstance(result.value, list):
            continue
        answered = True
        for entry in result.value:
            pid = entry.get("pid") if isinstance(entry, dict) else None
            if not isinstance(pid, int) or pid in found:
                continue
            name = host.nvml("nvmlSystemGetProcessName", pid)
            found[pid] = GpuProcess(pid, name.value if name.ok else None, entry.get("usedGpuMemory"), kind)
    return tuple(found.values()) if answered else None


def _load(host: Host, index: int, utilization: int | None) -> GpuLoad:
    reasons = host.nvml("nvmlDeviceGetCurrentClocksEventReasons", index)
    return GpuLoad(_processes(host, index), utilization, reasons.value if reasons.ok else None)


def _nvlink_speed(host: Host, index: int) -> int | None:
    """The per-link NVLink speed NVML reports, or None (no NVLink, an older driver, not recorded)."""
    return _field_uint(host, index, NVLINK_SPEED_FIELD)


def _field_uint(host: Host, index: int, field: int, allow_zero: bool = False) -> int | None:
    """The unsigned value of one NVML field of a GPU, asked alone; None where NVML did not answer it (or answered 0,
    unless `allow_zero`), or where it was not recorded."""
    result = host.nvml("nvmlDeviceGetFieldValues", index, (field,))
    if not result.ok or not isinstance(result.value, list) or not result.value:
        return None
    field_value = result.value[0]
    if not isinstance(field_value, dict) or field_value.get("nvmlReturn") != 0:
        return None
    value = (field_value.get("value") or {}).get("uiVal")  # NVML_VALUE_TYPE_UNSIGNED_INT for these fields
    return value if isinstance(value, int) and (value > 0 or (allow_zero and value == 0)) else None


def _nvlinks_between(a: Gpu, b: Gpu, gpu_buses: set[str], nvlink_p2p_ok: bool, only_peer: bool = False) -> int:
    """NVLinks from a to b, counted as `nvidia-smi topo -m` does ("NV18").

    Links whose far end is b count directly. Links whose far end is no GPU of this host count
    for every peer that NVML says it reaches over NVLink: on NVSwitch systems (HGX/DGX) every
    link ends at a switch and nvidia-smi shows NV18 for each pair, and in a VM with passed-through
    GPUs NVML reports the far end as FFFFFFFF:FF:FF.0 (recorded on the two-H200 host, where
    nvidia-smi showed NV18). Direct links without a switch in such a VM would be over-counted.
    With `b` the only other GPU, a link whose far end is unknown (NVML did not say; a pasted `topo -m`
    names no bus) ends at b or at a switch that leads to it, and counts for b.
    """
    b_bus = normalize_bus_id(b.bus_id) if b.bus_id else None
    remotes = [normalize_bus_id(link.remote_bus_id) if link.remote_bus_id else None for link in a.active_nvlinks]
    direct = sum(1 for remote in remotes if remote is not None and remote == b_bus)
    if only_peer:
        direct += remotes.count(None)
    if direct or not nvlink_p2p_ok:
        return direct
    return sum(1 for remote in remotes if remote not in gpu_buses)


def _unordered(a: int, b: int) -> tuple[int, int]:
    """The one order in which a pair's P2P status and common ancestor are asked.

    Both are answers about the pair, not a direction: NVML asks the kernel driver for the P2P caps of
    a group of GPUs (NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2 with gpuIds[] and gpuCount, in
    NVIDIA/open-gpu-kernel-modules' ctrl0000system.h), and every one of the 100 ordered pairs recorded
    in tests/fixtures answered the same both ways. One nvmlDeviceGetP2PStatus costs 1.7 ms in the lent
    two-H100 VM (bench/nvml_costs.py), so asking each pair once halves what grows with GPUs squared.
    """
    return (a, b) if a < b else (b, a)


def _pair(host: Host, a: Gpu, b: Gpu, gpu_buses: set[str], gpu_count: int) -> GpuPair:
    p2p: dict[str, int | str] = {}
    first, second = _unordered(a.index, b.index)
    for capability in ("read", "write", "nvlink"):
        if capability == "write" and p2p["read"] == P2P_STATUS_OK:
            continue  # P2P either way
        if capability == "nvlink" and not (a.active_nvlinks or b.active_nvlinks):
            continue
        result = host.nvml("nvmlDeviceGetP2PStatus", first, second, P2P_CAPABILITIES[capability])
        p2p[capability] = result.value if result.ok else result.error
    ancestor = host.nvml("nvmlDeviceGetTopologyCommonAncestor", first, second)
    topology = TOPOLOGY_NAMES.get(ancestor.value) if ancestor.ok else None
    nvlinks = _nvlinks_between(a, b, gpu_buses, p2p.get("nvlink") == P2P_STATUS_OK, only_peer=gpu_count == 2)
    return GpuPair(a.index, b.index, p2p, topology, nvlinks)


_PER_GPU_CALLS = (
    "nvmlDeviceGetName", "nvmlDeviceGetUUID", "nvmlDeviceGetPciInfo", "nvmlDeviceGetMemoryInfo",
    "nvmlDeviceGetCudaComputeCapability", "nvmlDeviceGetArchitecture", "nvmlDeviceGetUtilizationRates",
    "nvmlDeviceGetCurrPcieLinkGeneration", "nvmlDeviceGetCurrPcieLinkWidth", "nvmlDeviceGetMaxPcieLinkGeneration",
    "nvmlDeviceGetMaxPcieLinkWidth", "nvmlDeviceGetGpuMaxPcieLinkGeneration", "nvmlDeviceGetPcieReplayCounter",
    "nvmlDeviceGetComputeRunningProcesses", "nvmlDeviceGetGraphicsRunningProcesses",
    "nvmlDeviceGetCurrentClocksEventReasons",
)


def _inventory_calls(count: int) -> list[tuple]:
    """Every NVML question the inventory asks of `count` GPUs that needs no earlier answer."""
    indices = range(count)
    link_states = [("nvmlDeviceGetNvLinkState", i, link) for i in indices for link in range(NVLINKS_SO_FAR)]
    pairs = [(a, b) for a in indices for b in indices if a < b]
    pair_calls = [("nvmlDeviceGetP2PStatus", a, b, P2P_READ) for a, b in pairs]
    pair_calls += [("nvmlDeviceGetTopologyCommonAncestor", a, b) for a, b in pairs]
    fields = [("nvmlDeviceGetFieldValues", i, (field,)) for i in indices
              for field in (NVLINK_SPEED_FIELD, NVLINK_COUNT_FIELD)]
    # gpu_health's questions (BAR1, temperature, power limits, ECC) ride in this batch
    return [(f, i) for i in indices for f in _PER_GPU_CALLS] + health_calls(indices) + fields + link_states + pair_calls


def _process_ids(answers) -> set[int]:
    """The process ids in the running-process lists among NVML's answers."""
    lists = [answer.value for answer in answers if answer.ok and isinstance(answer.value, list)]
    return {entry["pid"] for entries in lists for entry in entries
            if isinstance(entry, dict) and isinstance(entry.get("pid"), int)}


def _active_link_calls(host: Host, count: int) -> list[tuple]:
    """The questions the first batch's answers call for: each GPU's active NVLinks (version, far end, error
    counters), NVLink P2P of the pairs they may join, and P2P write of the pairs whose read is not OK."""
    active = {i: [link for link, up in _link_states(host, i) if up] for i in range(count)}
    pairs = [(a, b) for a in range(count) for b in range(a + 1, count)]
    no_read = [(a, b) for a, b in pairs if host.nvml("nvmlDeviceGetP2PStatus", a, b, P2P_READ).value != P2P_STATUS_OK]
    return ([(f, i, link) for i, links in active.items() for link in links
             for f in ("nvmlDeviceGetNvLinkVersion", "nvmlDeviceGetNvLinkRemotePciInfo")]
            + [("nvmlDeviceGetFieldValues", i, nvlink_error_request(links)) for i, links in active.items() if links]
            + [("nvmlDeviceGetP2PStatus", a, b, P2P_CAPABILITIES["nvlink"]) for a, b in pairs if active[a] or active[b]]
            + [("nvmlDeviceGetP2PStatus", a, b, P2P_CAPABILITIES["write"]) for a, b in no_read])


def _prefetch(host: Host, count: int) -> None:
    """Ask NVML, in three batches, everything the inventory below reads one answer at a time.

    A two-H200 host needs about 250 NVML answers; one at a time, each a hand-over to NVML's thread
    while other probes keep the interpreter busy, they took half a second. The code below then
    finds every answer already there (and a replayed snapshot answers as recorded either way).
    """
    answers = host.nvml_many(_inventory_calls(count))
    host.nvml_many([("nvmlSystemGetProcessName", pid) for pid in sorted(_process_ids(answers))])
    host.nvml_many(_active_link_calls(host, count))


def ask_early(host: Host) -> None:
    """Start the inventory's NVML questions now, on a thread of its own, beside gpudoctor's imports.

    The answers are waiting when the probe asks (the host answers each question once, and waits for one in
    flight). A live check asks them of NVML in a child process (host/nvml_child.py), whose answers never wait for
    this interpreter's lock; in this process each answer did, while a dozen probe threads held it in turn (on four
    H200s the first 198 answers, 35 ms of NVML's own time, took 199 ms). Nothing is asked where /dev shows no NVIDIA
    device."""
    if dev_may_hold_a_gpu(host):
        threading.Thread(target=_ask_inventory, args=(host,), name="gpus early", daemon=True).start()


def _ask_inventory(host: Host) -> None:
    try:
        count = host.nvml("nvmlDeviceGetCount")
        if count.ok and isinstance(count.value, int):
            _prefetch(host, count.value)
    except Exception:  # a head start only: the probe's own questions then find the failed trip's errors, or ask
        pass


@provides("gpus")
def probe_gpus(host: Host, facts) -> GpuInventory | NotSeen:
    init = host.nvml("nvmlInit")
    if init.error == NOT_RECORDED:  # a paste without nvidia-smi, or a snapshot that never asked NVML
        # In WSL both sides have an nvidia-smi, and what each lists tells where the GPU path breaks.
        shown_by = "nvidia-smi (in WSL, and in Windows PowerShell)" if facts.get("platform").kind == "wsl" \
            else "nvidia-smi"
        return NotSeen("the GPU list of the driver (NVML, or nvidia-smi's output) was not recorded", shown_by)
    if not init.ok:
        return GpuInventory(nvml_error=init.error)
    driver = host.nvml("nvmlSystemGetDriverVersion")
    cuda = host.nvml("nvmlSystemGetCudaDriverVersion")
    nvml_version = host.nvml("nvmlSystemGetNVMLVersion")
    count = host.nvml("nvmlDeviceGetCount")
    if count.ok:
        _prefetch(host, count.value or 0)
    gpus = tuple(_gpu(host, index) for index in range(count.value or 0)) if count.ok else ()
    buses = {normalize_bus_id(g.bus_id) for g in gpus if g.bus_id}
    pairs = tuple(_pair(host, a, b, buses, len(gpus)) for a in gpus for b in gpus if a.index != b.index)
    return GpuInventory(
        nvml_error=None,
        driver_version=driver.value if driver.ok else None,
        cuda_driver_version=cuda.value if cuda.ok else None,
        nvml_version=nvml_version.value if nvml_version.ok else None,
        gpus=gpus,
        pairs=pairs,
        count_error=None if count.ok else count.error,
        driver_version_error=None if driver.ok else driver.error,
    )
