"""Which node this is, and what configuration it runs: the identity a fleet report is keyed by.

The identity names the machine (host name, keyed hashes of its machine ID and of its board's
product UUID, the Kubernetes node a pod runs on, its board and BIOS as DMI describes them, its
kernel and command line; the GPUs' UUIDs are in the report's host.gpus). The configuration is what makes two nodes
behave alike (driver and its kernel-module flavour, CUDA, NCCL, IOMMU mode, GPU models and the
links between them); its fingerprint is equal on identical nodes, so `gpudoctor merge` groups
them. Every part is optional: a fact that cannot be read is None and still fingerprints.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from msgspec import Struct, field

from gpudoctor.host.base import Host
from gpudoctor.probing import provides
from gpudoctor.probes.gating import nvidia_gpu_may_be_present

CMDLINE = "/proc/cmdline"
HOSTNAME_FILE = "/proc/sys/kernel/hostname"
# Readable by every user; the serial numbers beside them are root-only and never read.
DMI_FIELDS = ("sys_vendor", "product_name", "board_vendor", "board_name", "bios_vendor", "bios_version", "bios_date")
DMI_DIR = "/sys/class/dmi/id/"
# What board makers leave in DMI fields they did not fill in: no identity at all
# (e.g. an ASRock X300 board, mkoreneff/iommu_info_generate#11).
DMI_PLACEHOLDERS = {"To Be Filled By O.E.M."}


class NodeFacts(Struct, frozen=True):
    hostname: str | None
    machine_id_hash: str | None  # HMAC-SHA256 of the machine ID keyed for gpudoctor (see host/live.py)
    product_uuid_hash: str | None = None  # the same of the board's product UUID (root-only)
    product_uuid_unreadable: str | None = None  # why it could not be read; None when read or absent
    kubernetes_node: str | None = None  # the node a pod runs on, from the downward API
    dmi: dict[str, str] = field(default_factory=dict)  # DMI field -> value, only those readable
    kernel: str | None = None
    cmdline: str | None = None
    configuration: dict[str, Any] = field(default_factory=dict)

    @property
    def fingerprint(self) -> str:
        return fingerprint_of(self.configuration)


def fingerprint_of(configuration: dict) -> str:
    """12 hex digits, equal for nodes whose configuration is equal."""
    canonical = json.dumps(configuration, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:12]


def _text(host: Host, path: str, limit: int = 4096) -> str | None:
    result = host.read_file(path, limit=limit)
    text = (result.text or "").strip() if result.data is not None else ""
    return text or None


def _links(inventory) -> list[str]:
    """Each GPU pair's connection (NVLink count, else NVML's topology level), and each GPU's PCIe link."""
    links = [f"{p.a}-{p.b} {'NV%d' % p.nvlinks if p.nvlinks else (p.topology or '?')}" for p in inventory.pairs
             if p.a < p.b]
    for gpu in inventory.gpus:
        pcie = gpu.pcie
        if pcie.max_generation or pcie.max_width:
            links.append(f"{gpu.index} Gen{pcie.max_generation or '?'} x{pcie.max_width or '?'}")
    return links


def _nccl_versions(nccl) -> list[str]:
    versions = {lib.version for lib in getattr(nccl, "libraries", ()) if lib.version}
    return [f"{v // 10000}.{v // 100 % 100}.{v % 100}" for v in sorted(versions)]


def _cuda_text(version: int | None) -> str | None:
    return f"{version // 1000}.{version % 1000 // 10}" if version else None


def configuration(inventory, nccl, kernel_driver, pci_topology) -> dict:
    """What should be equal on identical nodes. Facts that could not be read are None."""
    return {
        "driver": getattr(inventory, "driver_version", None),
        "module_flavour": kernel_driver.flavour if kernel_driver is not None and not kernel_driver.error else None,
        "cuda": _cuda_text(getattr(inventory, "cuda_driver_version", None)),
        "nccl": _nccl_versions(nccl) if nccl is not None else None,
        "iommu": pci_topology.iommu_mode if pci_topology is not None and not pci_topology.error else None,
        "gpus": sorted(gpu.name for gpu in inventory.gpus) if inventory is not None else None,
        "links": _links(inventory) if inventory is not None else None,
    }


def _optional_fact(facts, name: str) -> Any:
    try:
        return facts.get(name)
    except Exception:  # a failed probe leaves its part of the fingerprint unknown
        return None


def _if_it_can_matter(facts, name: str) -> Any:
    """The NCCL search costs 0.2-0.35 s on a small node, and the kernel-layer probes read the module's
    files and each GPU's bridges: where no NVIDIA GPU is attached they are not run for the header
    (gpudoctor/probes/gating.py) and their parts of the fingerprint stay unknown."""
    return _optional_fact(facts, name) if nvidia_gpu_may_be_present(facts) else None


@provides("node")
def probe_node(host: Host, facts) -> NodeFacts:
    system = host.system()
    extra = system.extra
    hostname = extra.get("hostname") or (_text(host, HOSTNAME_FILE, 256) if system.sys_platform.startswith("linux")
                                         else None)
    dmi = {name: value for name in DMI_FIELDS
           if (value := _text(host, DMI_DIR + name, 256)) and value not in DMI_PLACEHOLDERS}
    cmdline = _text(host, CMDLINE) if system.sys_platform.startswith("linux") else None
    return NodeFacts(
        hostname=hostname,
        machine_id_hash=extra.get("machine_id_hash"),
        product_uuid_hash=extra.get("product_uuid_hash"),
        product_uuid_unreadable=extra.get("product_uuid_unreadable"),
        kubernetes_node=extra.get("kubernetes_node"),
        dmi=dmi,
        kernel=system.os_release or None,
        cmdline=re.sub(r"\s+", " ", cmdline) if cmdline else None,
        configuration=configuration(_optional_fact(facts, "gpus"), *(_if_it_can_matter(facts, name) for name in
                                                                   ("nccl", "kernel_driver", "pci_topology"))),
    )
