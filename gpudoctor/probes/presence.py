"""Whether an NVIDIA GPU is attached at all, seen without any NVIDIA software.

NVML and libcuda exist only where a driver is installed, so their absence cannot tell "no driver"
from "no GPU". The kernel can: every PCI function is listed in sysfs with its vendor id (NVIDIA is
0x10de), whether or not a driver binds it, and the driver creates /dev/nvidia0, /dev/nvidia1 ...
per GPU. Only plain Linux answers this way: WSL 2 reaches the GPU through /dev/dxg, not PCI, and
Windows has no sysfs.
"""

from __future__ import annotations

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probing import provides


class NvidiaPresence(Struct, frozen=True):
    pci_devices: tuple[str, ...] | None  # NVIDIA display controllers in sysfs; None when not known
    device_nodes: tuple[str, ...] | None  # /dev entries starting with "nvidia"; None when not known

    @property
    def no_gpu_attached(self) -> bool:
        """True only when both the PCI bus and /dev were read and neither shows an NVIDIA GPU."""
        return self.pci_devices == () and self.device_nodes == ()


@provides("nvidia_presence")
def probe_nvidia_presence(host: Host, facts) -> NvidiaPresence:
    if facts.get("platform").kind != "linux":
        return NvidiaPresence(None, None)
    sysfs = facts.get("pcie_sysfs")
    pci = None if sysfs.error else tuple(link.bus_id for link in sysfs.links)
    listing = host.list_dir("/dev")
    nodes = tuple(e for e in listing.entries or () if e.startswith("nvidia")) if listing.ok else None
    return NvidiaPresence(pci, nodes)
