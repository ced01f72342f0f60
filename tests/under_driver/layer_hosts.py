"""Hosts for the checks of the layer under the driver, built from real recordings.

`h200_layer()` is the two-H200 snapshot with what that host answered to the new questions, from
the raw captures in tests/fixtures/raw/h200x2/ (see its README). The public cases
(tests/fixtures/raw/under_driver/, README there) change only what their report shows.
"""

from __future__ import annotations

import struct

from hosts import FIXTURES, HostBuilder

H200_RAW = FIXTURES / "raw" / "h200x2"
PUBLIC = FIXTURES / "raw" / "under_driver"
PCI = "/sys/bus/pci/devices"
H200_BUSES = ("0000:00:06.0", "0000:00:07.0")


def raw(name: str, public: bool = True) -> str:
    return ((PUBLIC if public else H200_RAW) / name).read_text(encoding="utf-8")


def set_file(builder: HostBuilder, path: str, data: str | bytes | None, limit: int, error: str | None = None):
    if data is None:
        return builder.set("file", [path, limit, False], {"data": None, "error": error or "not-found"})
    if isinstance(data, bytes):
        import base64

        return builder.set("file", [path, limit, False], {"data": {"base64": base64.b64encode(data).decode()},
                                                          "error": None})
    return builder.set("file", [path, limit, False], {"data": data, "error": None})


def set_dir(builder: HostBuilder, path: str, entries, error: str | None = None):
    return builder.set("dir", [path], {"entries": None if entries is None else list(entries), "error": error})


def set_pci_function(builder: HostBuilder, bus: str, *, vendor="0x10de", pci_class="0x030000", device=None,
                     driver: str | None = "nvidia", path: tuple[str, ...] | None = None, resource: str | None = None,
                     iommu_group: str | None = None, aer: dict[str, str] | None = None):
    """One PCI function as sysfs shows it, in the shape the probes read it."""
    for name, text in (("vendor", vendor), ("class", pci_class), ("current_link_speed", "16.0 GT/s PCIe"),
                       ("current_link_width", "16"), ("max_link_speed", "16.0 GT/s PCIe"), ("max_link_width", "16"),
                       ("numa_node", "0")):
        set_file(builder, f"{PCI}/{bus}/{name}", text + "\n", 64)
    set_file(builder, f"{PCI}/{bus}/device", None if device is None else device + "\n", 256)
    root = "pci" + bus[:7]
    chain = path or (bus,)
    builder.set("resolve", [f"{PCI}/{bus}"], f"/sys/devices/{root}/" + "/".join(chain))
    builder.set("resolve", [f"{PCI}/{bus}/driver"], f"/sys/bus/pci/drivers/{driver}" if driver else None)
    builder.set("resolve", [f"{PCI}/{bus}/iommu_group"], f"/sys/kernel/iommu_groups/{iommu_group}"
                if iommu_group else None)
    set_file(builder, f"{PCI}/{bus}/resource", resource, 4096)
    for name in ("aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal"):
        set_file(builder, f"{PCI}/{bus}/{name}", (aer or {}).get(name), 1024)
    return builder


def set_bridge(builder: HostBuilder, bus: str, config: bytes, aer: dict[str, str] | None = None):
    set_file(builder, f"{PCI}/{bus}/config", config, 4096)
    for name in ("aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal"):
        set_file(builder, f"{PCI}/{bus}/{name}", (aer or {}).get(name), 1024)
    return builder


def config_with_acs(offset: int, control: int, capability: int = 0x5F, readable: int = 4096) -> bytes:
    """A bridge's configuration space holding only what the ACS parser reads: a Type 1 header
    (bytes 0-63 as zeros but the bridge header type) and the ACS extended capability at `offset`.
    `readable` cuts it as the kernel does for a reader without CAP_SYS_ADMIN (64 bytes)."""
    data = bytearray(4096)
    data[0x0E] = 0x01  # header type 1: a PCI-to-PCI bridge
    if offset != 0x100:  # an empty capability at 0x100 pointing to the ACS one, as AMD bridges chain them
        struct.pack_into("<I", data, 0x100, 0x000B | (1 << 16) | (offset << 20))
    struct.pack_into("<IHH", data, offset, 0x000D | (1 << 16), capability, control)
    return bytes(data[:readable])


def set_kernel(builder: HostBuilder, *, nvrm: str | None, module_version: str | None = None, taint: str | None = None,
               modules: str | None = None, params: str | None = None, cmdline: str = "", efi: bool | None = None,
               secure_boot: bool | None = None):
    set_file(builder, "/proc/driver/nvidia/version", nvrm, 4096)
    set_file(builder, "/sys/module/nvidia/version", module_version, 64)
    set_file(builder, "/sys/module/nvidia/taint", taint, 64)
    set_file(builder, "/proc/modules", modules, 1 << 20)
    set_file(builder, "/proc/driver/nvidia/params", params, 4096)
    set_file(builder, "/proc/cmdline", cmdline + "\n", 4096)
    set_dir(builder, "/sys/firmware/efi", ["efivars"] if efi else None, None if efi else "not-found")
    if secure_boot is not None:
        set_file(builder, "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c",
                 bytes([6, 0, 0, 0, 1 if secure_boot else 0]), 16)
    return builder


def set_kernel_log(builder: HostBuilder, current: str | None, previous: str | None = None,
                   previous_error: str = "No journal boot entry found for the specified boot (-1).\n"):
    if current is None:
        builder.set_command(["dmesg"], returncode=1,
                            stderr="dmesg: read kernel buffer failed: Operation not permitted\n")
    else:
        builder.set_command(["dmesg"], stdout=current)
    journal = ["journalctl", "-k", "-b", "{}", "-q", "--no-pager", "-o", "short-monotonic", "-n", "5000"]
    if previous is None:
        builder.set_command([a.replace("{}", "-1") for a in journal], returncode=1, stderr=previous_error)
    else:
        builder.set_command([a.replace("{}", "-1") for a in journal], stdout=previous)
    return builder


def set_device_nodes(builder: HostBuilder, stat_lines: list[str], *, uid: int = 1000, groups: str = "1000 44"):
    paths = [line.split("\t")[0] for line in stat_lines]
    builder.set("glob", ["/dev/nvidia*"], paths)
    if paths:
        builder.set_command(["stat", "-c", "%n\t%a\t%u\t%g\t%F", *paths], stdout="".join(l + "\n" for l in stat_lines))
    set_file(builder, "/proc/self/status", f"Uid:\t{uid}\t{uid}\t{uid}\t{uid}\nGid:\t{uid}\t{uid}\t{uid}\t{uid}\n"
                                          f"Groups:\t{groups}\n", 8192)
    return builder


def devnodes_as_stat(listing: str) -> list[str]:
    """`ls -l /dev/nvidia*` lines (crw-rw-rw- 1 root root 195, 0 ... /dev/nvidia0) as stat(1) would print them."""
    lines = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) >= 10 and parts[0].startswith("c") and parts[-1].startswith("/dev/nvidia"):
            mode = parts[0][1:]
            octal = "".join(str((4 if mode[i] == "r" else 0) + (2 if mode[i + 1] == "w" else 0)
                                + (1 if mode[i + 2] == "x" else 0)) for i in (0, 3, 6))
            ids = {"root": "0"}
            lines.append(f"{parts[-1]}\t{int(octal)}\t{ids[parts[2]]}\t{ids[parts[3]]}\tcharacter special file")
    return lines


def resource_lines(bars_field: str) -> str:
    """The `bars=` field of the H200 capture (resources separated by '|') as sysfs `resource` lines."""
    return "".join(part.strip() + "\n" for part in bars_field.split("|") if len(part.split()) == 3)


def h200_layer() -> HostBuilder:
    """The recorded two-H200 Firecracker VM with its answers about the layer under the driver."""
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    set_file(builder, "/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme hypervisor\n", 16384)  # cpuflags: hypervisor
    for path in ("/sys/class/dmi/id/sys_vendor", "/sys/class/dmi/id/product_name"):
        set_file(builder, path, None, 256)
    drivers = {line.split()[0]: line for line in raw("pci_drivers.txt", public=False).splitlines()}
    set_dir(builder, PCI, sorted(drivers))
    for bus, line in drivers.items():
        vendor, pci_class = line.split()[1:3]
        set_file(builder, f"{PCI}/{bus}/vendor", vendor + "\n", 64)
        set_file(builder, f"{PCI}/{bus}/class", pci_class + "\n", 64)
    for bus in H200_BUSES:
        bars = drivers[bus].split("bars=", 1)[1]
        set_pci_function(builder, bus, pci_class="0x030200", device="0x2335", driver="nvidia", path=(bus,),
                         resource=resource_lines(bars))
        for name, text in (("current_link_speed", "32.0 GT/s PCIe"), ("max_link_speed", "32.0 GT/s PCIe"),
                           ("numa_node", "-1")):
            set_file(builder, f"{PCI}/{bus}/{name}", text + "\n", 64)
    set_dir(builder, "/sys/kernel/iommu_groups", [])
    set_dir(builder, "/sys/class/iommu", None, "not-found")
    set_kernel(builder, nvrm=raw("drv_version.txt", public=False), module_version=raw("modver.txt", public=False),
               params=raw("nvreg.txt", public=False), cmdline=raw("cmdline.txt", public=False).strip())
    set_kernel_log(builder, raw("dmesg.txt", public=False), previous=None)
    builder.set_command(["journalctl", "-k", "-b", "-1", "-q", "--no-pager", "-o", "short-monotonic", "-n", "5000"],
                        returncode=None, error="not-found")
    set_device_nodes(builder, devnodes_as_stat(raw("devnodes.txt", public=False)), uid=0, groups="0")
    _h200_health(builder)
    return builder


def _h200_health(builder: HostBuilder) -> None:
    """NVML's answers as `nvidia-smi -q` printed them on the H200 host (smi_q.txt)."""
    for gpu, temperature in ((0, 37), (1, 35)):
        builder.set_nvml("nvmlDeviceGetBAR1MemoryInfo", gpu, value={"bar1Total": 262144 << 20,
                                                                    "bar1Free": 262143 << 20, "bar1Used": 1 << 20})
        builder.set_nvml("nvmlDeviceGetCurrentClocksEventReasons", gpu, value=0x1)  # Idle: Active, all else not
        builder.set_nvml("nvmlDeviceGetTemperature", gpu, 0, value=temperature)
        builder.set_nvml("nvmlDeviceGetEnforcedPowerLimit", gpu, value=700000)
        builder.set_nvml("nvmlDeviceGetPowerManagementDefaultLimit", gpu, value=700000)
        builder.set_nvml("nvmlDeviceGetPersistenceMode", gpu, value=1)
        builder.set_nvml("nvmlDeviceGetEccMode", gpu, value=[1, 1])
        builder.set_nvml("nvmlDeviceGetRetiredPagesPendingStatus", gpu, error="NVML_ERROR_NOT_SUPPORTED")
        builder.set_nvml("nvmlDeviceGetRemappedRows", gpu, value=[0, 0, 0, 0])


def geforce_pair(buses: tuple[str, str], name: str, architecture: int, memory_mib: int,
                 builder: HostBuilder | None = None) -> HostBuilder:
    """The H200 snapshot's NVML answers turned into two PCIe GPUs of another kind (no NVLink)."""
    builder = builder or h200_layer()
    for gpu, bus in enumerate(buses):
        builder.set_nvml("nvmlDeviceGetName", gpu, value=name)
        builder.set_nvml("nvmlDeviceGetArchitecture", gpu, value=architecture)
        builder.set_nvml("nvmlDeviceGetMemoryInfo", gpu, value={"total": memory_mib << 20, "free": memory_mib << 20,
                                                                "used": 0})
        builder.set_nvml("nvmlDeviceGetPciInfo", gpu, value={"busId": "0000" + bus, "busIdLegacy": bus})
        builder.set_nvml("nvmlDeviceGetNvLinkState", gpu, 0, error="NVML_ERROR_NOT_SUPPORTED")
    for a, b in ((0, 1), (1, 0)):
        builder.set_nvml("nvmlDeviceGetTopologyCommonAncestor", a, b, value=30)
    set_dir(builder, PCI, list(buses))
    return builder


def bare_metal(builder: HostBuilder) -> HostBuilder:
    set_file(builder, "/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu vme sse2\n", 16384)
    return builder
