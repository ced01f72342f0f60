"""The report header: platform, driver and GPUs, taken from facts already gathered."""

from __future__ import annotations

from typing import Any

from gpudoctor.engine import FactStore
from gpudoctor.probing import ProbeFailed
from gpudoctor.probes.node import NodeFacts


def node_summary(node: NodeFacts) -> dict[str, Any]:
    """The node identity of the report (schema: host.node); `gpudoctor merge` keys nodes by it."""
    return {"hostname": node.hostname, "machine_id_hash": node.machine_id_hash,
            "product_uuid_hash": node.product_uuid_hash, "product_uuid_unreadable": node.product_uuid_unreadable,
            "kubernetes_node": node.kubernetes_node, "dmi": dict(node.dmi),
            "kernel": node.kernel, "cmdline": node.cmdline, "fingerprint": node.fingerprint,
            "configuration": node.configuration}


def _fact(store: FactStore, name: str) -> Any:
    try:
        return store.get(name)
    except ProbeFailed:
        return None


def host_summary(store: FactStore) -> dict[str, Any]:
    platform = _fact(store, "platform")
    inventory = _fact(store, "gpus")
    summary: dict[str, Any] = {"platform": None, "driver_version": None, "cuda_driver_version": None,
                               "nvml_error": None, "gpus": [], "container": None}
    if platform is not None:
        summary["platform"] = {
            "kind": platform.kind,
            "label": platform.label,
            "os_name": platform.os_name,
            "kernel": platform.kernel,
            "machine": platform.machine,
            "wsl_version": platform.wsl_version,
            "wsl_distro": platform.wsl_distro,
            "wsl_package_version": platform.wsl_package_version,
            "virtualization": platform.virtualization,
            "windows_build": platform.windows_build,
            "python_version": platform.python_version,
            "logical_cpus": platform.logical_cpus,
            "memory_bytes": platform.memory_bytes,
        }
    container = _fact(store, "container")
    if container is not None and container.confidence != "none":
        summary["container"] = {
            "label": container.label,
            "confidence": container.confidence,
            "engine": container.engine,
            "kubernetes": container.kubernetes,
            "markers": sorted({marker.source for marker in container.markers}),
            "line": container.header,
        }
    presence = _fact(store, "nvidia_presence")
    summary["no_gpu_attached"] = bool(presence is not None and presence.no_gpu_attached)
    node = _fact(store, "node")
    if node is not None:
        summary["node"] = node_summary(node)
    if inventory is not None:
        summary["driver_version"] = inventory.driver_version
        summary["cuda_driver_version"] = inventory.cuda_driver_version_text
        summary["nvml_error"] = inventory.nvml_error
        summary["gpus"] = [
            {"index": g.index, "name": g.name, "memory_mib": g.memory_mib, "bus_id": g.bus_id, "uuid": g.uuid,
             "pcie_width": g.pcie.width, "pcie_max_width": g.pcie.max_width}
            for g in inventory.gpus
        ]
    return summary
