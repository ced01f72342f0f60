"""Reports of many nodes, built from real recordings, for the fleet tests and bench/merge_1000.py.

Each node is a replayed real snapshot (tests/fixtures/hosts, tests/fixtures/fleet) given a host
name and machine ID of its own, as `gpudoctor check --json` on that node would write it; the
measured bandwidths vary by a few per cent from node to node, as repeated runs do.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

from hosts import FIXTURES, HostBuilder, run

from gpudoctor.probes.node import fingerprint_of
from gpudoctor.registry import load_registry
from gpudoctor.report.json_report import report_document
from gpudoctor.selection import select_checks

FLEET = FIXTURES / "fleet"
H200 = "linux-2xh200-nvlink-deep.json"
H100 = "linux-1xh100-deep.json"


def node_builder(fixture: str = H200, hostname: str = "gpu-node-01", machine_id_hash: str | None = None) -> HostBuilder:
    """A real recording, as if recorded by today's gpudoctor on a node called `hostname`: the host
    name and machine ID hash it now records, and the two-H200 host's /proc/cmdline and
    /proc/driver/nvidia/version (recorded the same day, tests/fixtures/fleet/README.md)."""
    builder = HostBuilder.from_fixture(fixture)
    system = builder.calls['["system"]']
    system["extra"] = {**system.get("extra", {}), "hostname": hostname,
                       "machine_id_hash": machine_id_hash or hashlib.sha256(hostname.encode()).hexdigest()[:32]}
    builder.set("file", ["/proc/cmdline", 4096, False],
                {"data": (FLEET / "h200-proc-cmdline.txt").read_text(), "error": None})
    builder.set("file", ["/proc/driver/nvidia/version", 4096, False],
                {"data": (FLEET / "h200-proc-driver-nvidia-version.txt").read_text(), "error": None})
    builder.set("dir", ["/sys/kernel/iommu_groups"], {"error": "not-found"})
    return builder


def node_report(fixture: str = H200, hostname: str = "gpu-node-01", deep: bool = True) -> dict:
    """`deep`: every check, the opt-in ones too (as `--deep --frameworks`); else a plain run's checks."""
    host = node_builder(fixture, hostname).host()
    only = None if deep else [c.id for c in select_checks(load_registry().checks)]
    return report_document(run(host, only=only))


def scale_bandwidth(document: dict, factor: float, check_ids=("p2p.bandwidth", "nccl.allreduce", "pcie.bandwidth")) -> None:
    for check in document["checks"]:
        if check["id"] not in check_ids:
            continue
        for finding in check["findings"]:
            evidence = finding["evidence"]
            for key in ("unidirectional_gbps", "bidirectional_gbps", "h2d_gbps", "d2h_gbps"):
                value = evidence.get(key)
                if isinstance(value, list):
                    evidence[key] = [v * factor if isinstance(v, (int, float)) else v for v in value]
                elif isinstance(value, (int, float)):
                    evidence[key] = value * factor
            for size in evidence.get("sizes") or []:
                size["busbw_gbps"] *= factor
                size["algbw_gbps"] *= factor


def as_node(template: dict, hostname: str, index: int, jitter: float = 0.03) -> dict:
    """A copy of a report as node `hostname` wrote it: its own machine ID and GPU UUIDs (the
    recording's, with the node's index in their last group), bandwidths within ±jitter of the
    template's."""
    document = copy.deepcopy(template)
    node = document["host"]["node"]
    node["hostname"] = hostname
    node["machine_id_hash"] = f"{index:032x}"
    for gpu in document["host"]["gpus"]:
        if gpu.get("uuid"):
            gpu["uuid"] = gpu["uuid"][:-12] + f"{index:012x}"
    scale_bandwidth(document, 1 + jitter * (((index * 37) % 13) - 6) / 6)
    return document


def without_gpu(document: dict, index: int) -> dict:
    """The report of the same node with GPU `index` gone from the bus: NVML lists one GPU fewer,
    its links are gone from the configuration, and the deep tests between GPUs cannot run."""
    host = document["host"]
    lost = next(g for g in host["gpus"] if g["index"] == index)
    host["gpus"] = [g for g in host["gpus"] if g["index"] != index]
    configuration = host["node"]["configuration"]
    configuration["gpus"].remove(lost["name"])
    configuration["links"] = [link for link in configuration["links"] if str(index) not in link.split()[0].split("-")]
    host["node"]["fingerprint"] = fingerprint_of(configuration)
    for check in document["checks"]:
        if check["id"] in ("p2p.bandwidth", "nccl.allreduce", "p2p.access"):
            check.update(status="skip", summary="fewer than 2 GPUs", evidence=None,
                         findings=[{"status": "skip", "summary": "fewer than 2 GPUs", "details": [], "evidence": None,
                                    "fix": None, "fix_args": [], "caused_by": None}])
    return document


def with_link_width(document: dict, index: int, width: int) -> dict:
    """The report of the same node with GPU `index`'s PCIe link trained at x`width`."""
    next(g for g in document["host"]["gpus"] if g["index"] == index)["pcie_width"] = width
    return document


def with_driver(document: dict, driver: str) -> dict:
    document["host"]["driver_version"] = driver
    node = document["host"]["node"]
    node["configuration"]["driver"] = driver
    node["fingerprint"] = fingerprint_of(node["configuration"])
    return document


# What the fleet tests plant, and where: node name -> (the outlier's metric, why it must be found).
PLANTED = {
    "gpu-0123": ("p2p", "P2P at 40 % of its peers' (a card whose NVLink trained fewer links)"),
    "gpu-0234": ("gpu_count", "GPU 1 fell off the bus: one H200 where its peers have two"),
    "gpu-0456": ("allreduce", "the real recording with NCCL_P2P_DISABLE=1 set: 28 GB/s all-reduce"),
    "gpu-0567": ("pcie_width", "GPU 0's PCIe link trained at x8 of x16"),
    "gpu-0789": ("driver", "driver 570.86.15 on one node of the H200 group"),
}


def synthetic_fleet(count: int = 1000, h100_every: int = 10) -> list[dict]:
    """`count` node reports: two-H200 nodes (every `h100_every`-th a one-H100 node) with the
    outliers in PLANTED."""
    h200 = node_report(H200, "template")
    h100 = node_report(H100, "template")
    p2p_disabled = node_report("linux-2xh200-p2p-disabled-deep.json", "template")
    fleet = []
    for index in range(1, count + 1):
        name = f"gpu-{index:04d}"
        template = h100 if index % h100_every == 0 and name not in PLANTED else h200
        if name == "gpu-0456":
            template = p2p_disabled
        document = as_node(template, name, index)
        if name == "gpu-0123":
            scale_bandwidth(document, 0.4, ("p2p.bandwidth",))
        if name == "gpu-0789":
            with_driver(document, "570.86.15")
        if name == "gpu-0234":
            without_gpu(document, 1)
        if name == "gpu-0567":
            with_link_width(document, 0, 8)
        fleet.append(document)
    return fleet


def write_fleet(folder: Path, documents: list[dict]) -> list[Path]:
    paths = []
    for document in documents:
        path = folder / f"{document['host']['node']['hostname']}.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        paths.append(path)
    return paths


def write_snapshot(builder: HostBuilder, path: Path, recorded_at: str = "2026-11-23T10:32:33Z") -> Path:
    """The builder's answers as a snapshot file that `gpudoctor check --from` replays."""
    calls = []
    for key, answer in sorted(builder.calls.items()):
        kind, *args = json.loads(key)
        calls.append({"probe": kind, "args": args, "answer": answer})
    document = {"format": "gpudoctor-snapshot", "version": 1, "gpudoctor_version": "0.1.0",
                "recorded_at": recorded_at, "calls": calls}
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
