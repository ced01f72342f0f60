"""Hosts for the hardware checks: the two-H200 snapshot, completed and changed.

The snapshot tests/fixtures/hosts/linux-2xh200-nvlink.json was recorded before the sysfs, CUDA
and environment probes existed. `h200()` adds what that machine answered to those questions,
taken from the raw outputs recorded on it (.scratch/h200x2/raw/sysfs.txt for the sysfs link
files, cuda.txt for cuDeviceCanAccessPeer and the P2P attributes, lscuda.txt for the
environment: none of the audited variables was set). Those raw files list only the two NVIDIA
functions of /sys/bus/pci/devices, so the directory listing here holds just those two.
"""

from __future__ import annotations

from hosts import HostBuilder

H200_SNAPSHOT = "linux-2xh200-nvlink.json"
PCI_DEVICES = "/sys/bus/pci/devices"
SYSFS_LIMIT = 64  # what gpudoctor/probes/pcie.py reads per sysfs file

# .scratch/h200x2/raw/sysfs.txt
H200_SYSFS = {
    "0000:00:06.0": {"vendor": "0x10de", "class": "0x030200", "current_link_speed": "32.0 GT/s PCIe",
                     "current_link_width": "16", "max_link_speed": "32.0 GT/s PCIe", "max_link_width": "16",
                     "numa_node": "-1"},
    "0000:00:07.0": {"vendor": "0x10de", "class": "0x030200", "current_link_speed": "32.0 GT/s PCIe",
                     "current_link_width": "16", "max_link_speed": "32.0 GT/s PCIe", "max_link_width": "16",
                     "numa_node": "-1"},
}

# .scratch/h200x2/raw/cuda.txt: canAccessPeer 1 both ways; PERF_RANK 0, ACCESS_SUPPORTED 1,
# NATIVE_ATOMIC 1, CUDA_ARRAY_ACCESS 1.
H200_PEER = {"can_access_peer": 1, "access_supported": 1, "native_atomic_supported": 1, "perf_rank": 0,
             "cuda_array_access_supported": 1}
NO_PEER = {"can_access_peer": 0, "access_supported": 0, "native_atomic_supported": 0, "perf_rank": 0,
           "cuda_array_access_supported": 0}



def set_sysfs(builder: HostBuilder, devices: dict[str, dict[str, str]]) -> HostBuilder:
    builder.set("dir", [PCI_DEVICES], {"entries": sorted(devices), "error": None})
    for device, files in devices.items():
        for name, text in files.items():
            builder.set("file", [f"{PCI_DEVICES}/{device}/{name}", SYSFS_LIMIT, False],
                        {"data": text + "\n", "error": None})
    return builder


def set_cuda(builder: HostBuilder, devices: list[tuple[str, str]], peer: dict | None = None,
             driver_version: int = 13000) -> HostBuilder:
    """CUDA devices as (pci_bus_id, name) in CUDA ordinal order; every ordered pair answers `peer`."""
    listing = [{"ordinal": i, "pci_bus_id": bus, "name": name} for i, (bus, name) in enumerate(devices)]
    builder.set("native", ["cuda.devices"], {"value": {"driver_version": driver_version, "devices": listing},
                                             "error": None})
    for a in range(len(devices)):
        for b in range(len(devices)):
            if a != b:
                builder.set("native", ["cuda.peer", a, b], {"value": dict(peer or NO_PEER), "error": None})
    return builder


def set_cuda_error(builder: HostBuilder, error: str) -> HostBuilder:
    return builder.set("native", ["cuda.devices"], {"value": None, "error": error})


def h200() -> HostBuilder:
    return HostBuilder.from_fixture(H200_SNAPSHOT)


def set_link(builder: HostBuilder, gpu: int, *, generation: int, width: int, max_generation: int, max_width: int,
             gpu_max_generation: int, replays: int = 0, utilization: int = 0) -> HostBuilder:
    for function, value in (("nvmlDeviceGetCurrPcieLinkGeneration", generation),
                            ("nvmlDeviceGetCurrPcieLinkWidth", width),
                            ("nvmlDeviceGetMaxPcieLinkGeneration", max_generation),
                            ("nvmlDeviceGetMaxPcieLinkWidth", max_width),
                            ("nvmlDeviceGetGpuMaxPcieLinkGeneration", gpu_max_generation),
                            ("nvmlDeviceGetPcieReplayCounter", replays)):
        builder.set_nvml(function, gpu, value=value)
    return builder.set_nvml("nvmlDeviceGetUtilizationRates", gpu, value={"gpu": utilization, "memory": 0})


# Two GeForce RTX 4090 on PCIe, stock driver. What NVML reports for them: no NVLink
# (nvmlDeviceGetNvLinkState NOT_SUPPORTED), Ada (architecture 8, compute capability 8.9),
# 24564 MiB as nvidia-smi shows for a 4090, PCIe Gen4 x16.
RTX_4090_BUSES = ("00000000:01:00.0", "00000000:41:00.0")
RTX_4090_MEMORY = 24564 * 1024 * 1024

# nvmlGpuP2PStatus_t per capability (read, write, nvlink, atomics, pci). PHB: GNS for read and
# write, as `nvidia-smi topo -p2p` prints for GeForce pairs on stock drivers (2x RTX 5090 reports,
# https://github.com/noonghunna/club-3090/issues/1229; the same driver policy covers the 4090);
# the other three letters are not in those reports. SYS: CNS (the chipset between two CPU
# sockets) as the chipset reason; an assumed shape, no real 4090 output with it was found.
P2P_4090_PHB = {0: 2, 1: 2, 2: 5, 3: 2, 4: 2}
P2P_4090_SYS = {0: 1, 1: 1, 2: 5, 3: 5, 4: 5}
TOPOLOGY_PHB, TOPOLOGY_SYS = 30, 50


def rtx4090_pair(p2p: dict[int, int], topology: int) -> HostBuilder:
    builder = h200()
    for gpu, bus in enumerate(RTX_4090_BUSES):
        short = bus[4:]
        builder.set_nvml("nvmlDeviceGetName", gpu, value="NVIDIA GeForce RTX 4090")
        builder.set_nvml("nvmlDeviceGetArchitecture", gpu, value=8)
        builder.set_nvml("nvmlDeviceGetCudaComputeCapability", gpu, value=[8, 9])
        builder.set_nvml("nvmlDeviceGetMemoryInfo", gpu, value={"total": RTX_4090_MEMORY, "free": RTX_4090_MEMORY - (500 << 20),
                                                                "used": 500 << 20})
        builder.set_nvml("nvmlDeviceGetPciInfo", gpu, value={"busIdLegacy": short, "domain": 0, "bus": int(bus[9:11], 16),
                                                             "device": 0, "pciDeviceId": 0x268410DE,
                                                             "pciSubSystemId": 0, "busId": bus})
        builder.set_nvml("nvmlDeviceGetNvLinkState", gpu, 0, error="NVML_ERROR_NOT_SUPPORTED")
        set_link(builder, gpu, generation=4, width=16, max_generation=4, max_width=16, gpu_max_generation=4)
    for a, b in ((0, 1), (1, 0)):
        for caps_index, status in p2p.items():
            builder.set_nvml("nvmlDeviceGetP2PStatus", a, b, caps_index, value=status)
        builder.set_nvml("nvmlDeviceGetTopologyCommonAncestor", a, b, value=topology)
    sysfs = {bus[4:].lower(): {"vendor": "0x10de", "class": "0x030000", "current_link_speed": "16.0 GT/s PCIe",
                               "current_link_width": "16", "max_link_speed": "16.0 GT/s PCIe",
                               "max_link_width": "16", "numa_node": "0"} for bus in RTX_4090_BUSES}
    set_sysfs(builder, sysfs)
    set_cuda(builder, [(bus[4:], "NVIDIA GeForce RTX 4090") for bus in RTX_4090_BUSES], NO_PEER)
    return builder
