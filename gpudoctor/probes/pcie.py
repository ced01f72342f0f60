"""The PCIe links of NVIDIA display controllers as the Linux kernel reports them in sysfs.

A second opinion on what NVML says about each GPU's link. Linux exposes, per PCI function,
current_link_speed ("32.0 GT/s PCIe"; older kernels "8 GT/s" or "8.0 GT/s"),
current_link_width, max_link_speed and max_link_width (the device's own Link Capabilities)
and numa_node. Inside WSL 2 the GPU is reached through /dev/dxg and is no PCI device of the
Linux kernel; Windows has no sysfs at all.
"""

from __future__ import annotations

import re

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probes.gpus import normalize_bus_id
from gpudoctor.probing import provides

PCI_DEVICES = "/sys/bus/pci/devices"
NVIDIA_VENDOR = "0x10de"
DISPLAY_CLASS_PREFIX = "0x03"  # PCI base class 03h: display controller (0x030000 VGA, 0x030200 3D)
_READ_LIMIT = 64

# Transfer rate per lane -> PCIe generation (PCI-SIG: 2.5, 5, 8, 16, 32, 64 GT/s for Gen1..Gen6).
GENERATION_OF_RATE = {2.5: 1, 5.0: 2, 8.0: 3, 16.0: 4, 32.0: 5, 64.0: 6}
_RATE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*GT/s")


class LinkGenerations:
    """The PCIe generations of a link whose speeds sysfs gave as text ("32.0 GT/s PCIe")."""

    __slots__ = ()  # a mixin of Structs, which keep their fields in slots

    current_speed: str | None
    max_speed: str | None

    @property
    def current_generation(self) -> int | None:
        return generation_of_speed(self.current_speed)

    @property
    def max_generation(self) -> int | None:
        return generation_of_speed(self.max_speed)


class SysfsLink(LinkGenerations, Struct, frozen=True):
    bus_id: str  # 0000:00:06.0
    pci_class: str | None
    current_speed: str | None  # as the kernel wrote it, e.g. "32.0 GT/s PCIe"
    current_width: int | None
    max_speed: str | None
    max_width: int | None
    numa_node: int | None  # -1 when the platform reports none


class PcieSysfsFacts(Struct, frozen=True):
    error: str | None  # why sysfs could not be read: "not-found", "not-recorded", "no sysfs on windows"
    links: tuple[SysfsLink, ...] = ()
    uptime_s: float | None = None  # /proc/uptime: how long the PCIe counters have been counting

    def by_bus_id(self, bus_id: str | None) -> SysfsLink | None:
        if not bus_id:
            return None
        wanted = normalize_bus_id(bus_id)
        return next((link for link in self.links if normalize_bus_id(link.bus_id) == wanted), None)


def generation_of_speed(speed: str | None) -> int | None:
    match = _RATE.match(speed or "")
    return GENERATION_OF_RATE.get(float(match.group(1))) if match else None


def _read(host: Host, device: str, name: str) -> str | None:
    result = host.read_file(f"{PCI_DEVICES}/{device}/{name}", limit=_READ_LIMIT)
    text = result.text if result.ok else None
    return text.strip() if text is not None else None


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text is not None else None
    except ValueError:
        return None


def _link(host: Host, device: str, pci_class: str) -> SysfsLink:
    return SysfsLink(
        bus_id=device,
        pci_class=pci_class,
        current_speed=_read(host, device, "current_link_speed"),
        current_width=_int(_read(host, device, "current_link_width")),
        max_speed=_read(host, device, "max_link_speed"),
        max_width=_int(_read(host, device, "max_link_width")),
        numa_node=_int(_read(host, device, "numa_node")),
    )


@provides("pcie_sysfs")
def probe_pcie_sysfs(host: Host, facts) -> PcieSysfsFacts:
    if facts.get("platform").kind == "windows":
        return PcieSysfsFacts(error="no sysfs on windows")
    listing = host.list_dir(PCI_DEVICES)
    if not listing.ok:
        return PcieSysfsFacts(error=listing.error)
    links = []
    for device in listing.entries or ():
        if _read(host, device, "vendor") != NVIDIA_VENDOR:
            continue
        pci_class = _read(host, device, "class")
        if pci_class and pci_class.startswith(DISPLAY_CLASS_PREFIX):
            links.append(_link(host, device, pci_class))
    return PcieSysfsFacts(error=None, links=tuple(links), uptime_s=_uptime(host))


def _uptime(host: Host) -> float | None:
    """Seconds since boot, from /proc/uptime ('350735.47 234388.90')."""
    text = host.read_file("/proc/uptime", limit=128).text or ""
    try:
        return float(text.split()[0])
    except (IndexError, ValueError):
        return None
