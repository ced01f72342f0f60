"""What lies between the GPUs on the PCI bus: bridges, their links and ACS control, IOMMU groups and
mode, AER error counters, BAR sizes and the kernel driver bound to each GPU, all from sysfs.

Cheap reads only: a few small sysfs files per GPU and per bridge above it. PCI configuration
space beyond the first 64 bytes (where the ACS extended capability lives, at 0x100 or later) is
readable only with CAP_SYS_ADMIN; without it the kernel returns the standard header alone
(drivers/pci/pci-sysfs.c, pci_read_config), and the ACS state stays unknown.
"""

from __future__ import annotations

import re
import struct

from msgspec import Struct

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probes.gpus import normalize_bus_id
from gpudoctor.probes.pcie import LinkGenerations
from gpudoctor.probing import provides

PCI_DEVICES = "/sys/bus/pci/devices"
IOMMU_GROUPS = "/sys/kernel/iommu_groups"
IOMMU_UNITS = "/sys/class/iommu"  # dmar0 (Intel VT-d), ivhd0 (AMD-Vi): present when an IOMMU is active
CMDLINE = "/proc/cmdline"
CONFIG_SPACE = 4096
UNPRIVILEGED_CONFIG = 64  # what a non-root reader gets of `config`
_BDF = re.compile(r"^[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$")

# PCI Express Base Specification, 7.7.8 (ACS Extended Capability, ID 000Dh): the capability register
# at +4 and the control register at +6, one bit per feature in both. lspci prints them as
# "ACSCap:" and "ACSCtl:" with these names.
PCI_EXT_CAP_ID_ACS = 0x000D
ACS_BITS = ("SrcValid", "TransBlk", "ReqRedir", "CmpltRedir", "UpstreamFwd", "EgressCtrl", "DirectTrans")
# Request and Completion Redirect send peer-to-peer traffic up to the root complex (and the IOMMU)
# instead of across to the other GPU; Egress Control can block it outright.
ACS_REDIRECTING = ("ReqRedir", "CmpltRedir", "EgressCtrl")

AER_FILES = ("aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal")


class AcsControl(Struct, frozen=True):
    offset: int  # where the ACS capability sits in configuration space (lspci: "[2a0 v1] Access Control Services")
    capability: int
    control: int

    @property
    def enabled(self) -> tuple[str, ...]:
        return tuple(name for bit, name in enumerate(ACS_BITS) if self.control & (1 << bit))

    @property
    def redirecting(self) -> tuple[str, ...]:
        return tuple(name for name in self.enabled if name in ACS_REDIRECTING)

    @property
    def lspci_line(self) -> str:
        """As `lspci -vvv` prints it: 'ACSCtl: SrcValid+ TransBlk- ReqRedir+ ...'."""
        on = set(self.enabled)
        return "ACSCtl: " + " ".join(f"{name}{'+' if name in on else '-'}" for name in ACS_BITS)


class BridgeLink(LinkGenerations, Struct, frozen=True):
    """A bridge's PCIe link as sysfs reports it (lspci's LnkSta and LnkCap). A root port or a switch's
    downstream port reports the link below it; a switch's upstream port the link above it."""

    current_speed: str | None = None  # "16.0 GT/s PCIe"
    current_width: int | None = None
    max_speed: str | None = None
    max_width: int | None = None

    @property
    def known(self) -> bool:
        return self.current_width is not None or self.current_speed is not None


class Bridge(Struct, frozen=True):
    bus_id: str
    config_bytes: int  # how much of configuration space could be read
    acs: AcsControl | None  # None: no ACS capability, or not readable (config_bytes <= 256)
    aer: dict[str, int] | None = None
    link: BridgeLink = BridgeLink()  # all None: no PCIe link files (a host bridge), or not recorded
    device_id: str | None = None  # vendor:device, "0x1022:0x1483", to name the bridge
    pci_class: str | None = None  # "0x060400" PCI bridge

    @property
    def acs_readable(self) -> bool:
        return self.config_bytes > 256


class PciFunction(Struct, frozen=True):
    """One NVIDIA GPU as a PCI function, and the chain of bridges from the root complex down to it."""

    bus_id: str  # 0000:41:00.0
    device_id: str | None  # 0x2b85
    driver: str | None  # "nvidia", "nouveau", "nova_core", "vfio-pci"; None when no driver is bound
    path: tuple[str, ...]  # bus ids from the root port down, the GPU last
    bridges: tuple[Bridge, ...]  # every bridge in `path` above the GPU
    iommu_group: str | None = None
    iommu_group_type: str | None = None  # "identity", "DMA", "DMA-FQ", "blocked", "unmanaged"
    iommu_group_devices: tuple[str, ...] = ()
    aer: dict[str, int] | None = None  # TOTAL_ERR_COR, TOTAL_ERR_NONFATAL, TOTAL_ERR_FATAL and per-kind counts
    bars: tuple[tuple[int, int], ...] = ()  # (resource index, size in bytes) of each assigned memory BAR


class PciTopology(Struct, frozen=True):
    error: str | None  # why nothing could be read: "no sysfs on windows", "not-found", "not-recorded"
    functions: tuple[PciFunction, ...] = ()
    cmdline: str | None = None
    iommu_units: tuple[str, ...] | None = None  # None: /sys/class/iommu unreadable
    iommu_groups_present: bool | None = None

    def by_bus_id(self, bus_id: str | None) -> PciFunction | None:
        if not bus_id:
            return None
        wanted = normalize_bus_id(bus_id)
        return next((f for f in self.functions if f.bus_id == wanted), None)

    @property
    def not_seen(self) -> NotSeen | None:
        """Why the topology is unknown where sysfs was never asked (a paste, an older snapshot): no output a person
        pastes shows it, gpudoctor's own run does."""
        return NotSeen("sysfs (the PCI topology) was not recorded", "gpudoctor check") if self.error == NOT_RECORDED \
            else None

    @property
    def iommu_mode(self) -> str | None:
        """How the kernel uses the IOMMU: 'passthrough' (iommu=pt), 'off' (disabled on the command
        line), 'translated' (IOMMU groups exist and nothing says pass-through), 'absent' (no groups:
        no IOMMU, or none the kernel drives), None when neither the command line nor sysfs was read.
        Parameters as the kernel documents them (Documentation/admin-guide/kernel-parameters.txt)."""
        tokens = set((self.cmdline or "").split())
        if tokens & {"iommu=pt", "iommu.passthrough=1", "iommu.passthrough=on"}:
            return "passthrough"
        if tokens & {"intel_iommu=off", "amd_iommu=off", "iommu=off"}:
            return "off"
        if self.iommu_groups_present is None:
            return None
        return "translated" if self.iommu_groups_present else "absent"

    def cmdline_options(self) -> dict[str, str]:
        """`/proc/cmdline` as option -> value ("" for a bare flag), kernel part only (before `--`)."""
        options: dict[str, str] = {}
        for word in (self.cmdline or "").split(" -- ")[0].split():
            name, _, value = word.partition("=")
            options[name] = value
        return options


def parse_acs(config: bytes) -> AcsControl | None:
    """The ACS extended capability in a function's configuration space, or None.

    Extended capabilities form a list from 0x100: a 32-bit header of ID (bits 0-15), version
    (16-19) and the next offset (20-31). PCI Express Base Specification, 7.6.3.
    """
    offset, seen = 0x100, set()
    while 0x100 <= offset <= len(config) - 8 and offset not in seen:
        seen.add(offset)
        header = struct.unpack_from("<I", config, offset)[0]
        if header in (0, 0xFFFFFFFF):
            return None
        if header & 0xFFFF == PCI_EXT_CAP_ID_ACS:
            capability, control = struct.unpack_from("<HH", config, offset + 4)
            return AcsControl(offset, capability, control)
        offset = (header >> 20) & 0xFFC
    return None


def parse_aer(text: str | None) -> dict[str, int] | None:
    """'RxErr 0\\nBadTLP 3\\n...\\nTOTAL_ERR_COR 3' (Documentation/ABI/testing/sysfs-bus-pci-devices-aer)."""
    if not text:
        return None
    counts = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            counts[parts[0]] = int(parts[1])
    return counts or None


def parse_resources(text: str | None) -> tuple[tuple[int, int], ...]:
    """Memory BARs from sysfs `resource`: one 'start end flags' line per resource, BARs 0-5 first."""
    bars = []
    for index, line in enumerate((text or "").splitlines()[:6]):
        try:
            start, end, flags = (int(v, 16) for v in line.split()[:3])
        except ValueError:
            continue
        if end > start and flags & 0x200:  # IORESOURCE_MEM
            bars.append((index, end - start + 1))
    return tuple(bars)


def _read(host: Host, path: str, limit: int = 256) -> str | None:
    result = host.read_file(path, limit=limit)
    return result.text.strip() if result.ok and result.text is not None else None


def _aer(host: Host, device: str) -> dict[str, int] | None:
    counts: dict[str, int] = {}
    for name in AER_FILES:
        parsed = parse_aer(_read(host, f"{PCI_DEVICES}/{device}/{name}", 1024))
        if parsed:
            counts.update(parsed)
    return counts or None


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _bridge_link(host: Host, device: str) -> BridgeLink:
    base = f"{PCI_DEVICES}/{device}"
    return BridgeLink(
        current_speed=_read(host, f"{base}/current_link_speed", 64),
        current_width=_int(_read(host, f"{base}/current_link_width", 64)),
        max_speed=_read(host, f"{base}/max_link_speed", 64),
        max_width=_int(_read(host, f"{base}/max_link_width", 64)),
    )


def _bridge(host: Host, device: str) -> Bridge:
    config = host.read_file(f"{PCI_DEVICES}/{device}/config", limit=CONFIG_SPACE)
    data = config.data if config.ok and config.data else b""
    base = f"{PCI_DEVICES}/{device}"
    vendor, device_id = _read(host, f"{base}/vendor", 64), _read(host, f"{base}/device", 64)
    return Bridge(device, len(data), parse_acs(data), _aer(host, device), _bridge_link(host, device),
                  f"{vendor}:{device_id}" if vendor and device_id else None, _read(host, f"{base}/class", 64))


def _path(host: Host, device: str) -> tuple[str, ...]:
    """Bus ids from the root port down to `device`, from where sysfs places it:
    /sys/devices/pci0000:40/0000:40:01.1/0000:41:00.0 -> (0000:40:01.1, 0000:41:00.0)."""
    real = host.resolve(f"{PCI_DEVICES}/{device}") or ""
    chain = tuple(part for part in real.split("/") if _BDF.match(part))
    return chain if chain and chain[-1] == device else (device,)


def _function(host: Host, device: str) -> PciFunction:
    base = f"{PCI_DEVICES}/{device}"
    driver = host.resolve(f"{base}/driver")
    group = host.resolve(f"{base}/iommu_group")
    group_name = group.rsplit("/", 1)[-1] if group else None
    members: tuple[str, ...] = ()
    group_type = None
    if group_name is not None:
        group_type = _read(host, f"{IOMMU_GROUPS}/{group_name}/type")
        listing = host.list_dir(f"{IOMMU_GROUPS}/{group_name}/devices")
        members = tuple(listing.entries or ()) if listing.ok else ()
    path = _path(host, device)
    return PciFunction(
        bus_id=device,
        device_id=_read(host, f"{base}/device"),
        driver=driver.rsplit("/", 1)[-1] if driver else None,
        path=path,
        bridges=tuple(_bridge(host, bridge) for bridge in path[:-1]),
        iommu_group=group_name,
        iommu_group_type=group_type,
        iommu_group_devices=members,
        aer=_aer(host, device),
        bars=parse_resources(_read(host, f"{base}/resource", 4096)),
    )


@provides("pci_topology")
def probe_pci_topology(host: Host, facts) -> PciTopology:
    if facts.get("platform").kind == "windows":
        return PciTopology(error="no sysfs on windows")
    sysfs = facts.get("pcie_sysfs")
    if sysfs.error:
        return PciTopology(error=sysfs.error)
    # A snapshot from before this probe existed: its own reads are missing (other probes may have
    # read /proc/cmdline, and a missing `driver` link would read as "no driver bound").
    if any(host.read_file(f"{PCI_DEVICES}/{link.bus_id}/device", limit=256).error == "not-recorded"
           for link in sysfs.links):
        return PciTopology(error="not-recorded")
    cmdline = host.read_file(CMDLINE, limit=4096)
    units = host.list_dir(IOMMU_UNITS)
    groups = host.list_dir(IOMMU_GROUPS)
    return PciTopology(
        error=None,
        functions=tuple(_function(host, link.bus_id) for link in sysfs.links),
        cmdline=cmdline.text.strip() if cmdline.ok and cmdline.text else None,
        iommu_units=tuple(units.entries or ()) if units.ok else None,
        iommu_groups_present=bool(groups.entries) if groups.ok else (False if groups.error == "not-found" else None),
    )
