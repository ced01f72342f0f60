"""`gpudoctor merge`: the JSON reports of many nodes as one view.

Nodes are keyed by their hashed machine ID (else host name, else file name); when one node
reported twice, its newest report (recorded_at) counts. Three views:

- the table: each node's status per check;
- groups: nodes whose configuration fingerprint is equal (same driver, module flavour, CUDA,
  NCCL, IOMMU mode, GPU models and links) are configured alike;
- outliers, judged among *peers*, the nodes with the same GPU models and links (the hardware
  part of the configuration): a node whose driver differs from the one most of its peers run,
  and a node whose measured P2P or all-reduce bandwidth is far below its peers' median.
  Peers rather than groups, because a node with another driver is in a group of its own and
  would have no one to be compared with.
"""

from __future__ import annotations

import json
import math
import os
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable

from gpudoctor.fleet.measurements import bandwidths
from gpudoctor.host.redact import redact_text
from gpudoctor.host.snapshot_privacy import map_strings
from gpudoctor.input_file import InputRefused, read_input

# "Far below": on identical hardware, repeated runs of the deep tests on the two-H200 host
# vary by a few per cent (P2P 396-397 GB/s, all-reduce within ~3 % at 1 GiB, see
# tests/fixtures/hosts); a quarter below the peers' median is no run-to-run noise.
FAR_BELOW = 0.75
# A median of fewer nodes says little about what the hardware reaches.
MIN_PEERS = 3
# A report of a node with eight GPUs and every deep check is a few hundred KB; the cap bounds the memory a
# runaway or hostile file can take (json holds a document in several times its size).
MAX_REPORT_BYTES = 16 << 20

STATUS_MARKS = {"pass": "✓", "warn": "!", "fail": "✗", "error": "E", "skip": "-"}


class MergeError(Exception):
    """Nothing could be merged; the message says why."""


@dataclass(frozen=True)
class Node:
    name: str  # host name, or the report's file name when the report has none
    key: str
    source: str
    status: str
    recorded_at: str
    driver: str | None
    fingerprint: str
    configuration: dict
    checks: dict[str, str]  # check id -> status
    metrics: dict[str, float]  # "p2p" (slowest one-way P2P), "allreduce" (bus bandwidth), GB/s

    @property
    def peer_class(self) -> str:
        hardware = {k: self.configuration.get(k) for k in ("gpus", "links")}
        return json.dumps(hardware, sort_keys=True)


@dataclass(frozen=True)
class Outlier:
    node: str
    kind: str  # "bandwidth" or "driver"
    metric: str  # "p2p", "allreduce" or "driver"
    value: Any
    expected: Any  # the peers' median, or the driver most peers run
    peers: int
    text: str


@dataclass
class Fleet:
    nodes: list[Node]
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (path, why)
    groups: list[dict] = field(default_factory=list)
    outliers: list[Outlier] = field(default_factory=list)

    @property
    def check_ids(self) -> list[str]:
        seen: dict[str, None] = {}
        for node in self.nodes:
            seen.update(dict.fromkeys(node.checks))
        return list(seen)


def report_paths(arguments: Iterable[str]) -> list[str]:
    """Files as given; folders searched for *.json (recursively, in name order)."""
    paths: list[str] = []
    for argument in arguments:
        if os.path.isdir(argument):
            for directory, subfolders, files in os.walk(argument):
                subfolders.sort()
                paths.extend(os.path.join(directory, f) for f in sorted(files) if f.endswith(".json"))
        else:
            paths.append(argument)
    return paths


def _metrics(document: dict) -> dict[str, float]:
    measured = bandwidths(document)
    one_way = [m.gbps for m in measured if m.kind == "unidirectional"]
    allreduce = [m.gbps for m in measured if m.kind == "allreduce_bus"]
    metrics = {}
    if one_way:
        metrics["p2p"] = min(one_way)  # the slowest direction of the slowest pair is what a job waits on
    if allreduce:
        metrics["allreduce"] = allreduce[0]
    return metrics


def node_of(document: dict, source: str) -> Node:
    """The node a report describes. A report is outside text: every member is checked for its type, and
    one of the wrong type counts as absent, so a malformed report is skipped or shown, never a crash."""
    if not isinstance(document, dict) or document.get("schema") != "gpudoctor-report":
        raise ValueError("not a gpudoctor JSON report (no \"schema\": \"gpudoctor-report\")")
    # A report from elsewhere may hold what gpudoctor would have redacted: no view shows it.
    document = map_strings(document, redact_text)
    host = _member(document, "host", dict) or {}
    node = _member(host, "node", dict) or {}
    name = _member(node, "hostname", str) or os.path.splitext(os.path.basename(source))[0]
    checks = [c for c in _member(document, "checks", list) or [] if isinstance(c, dict)]
    return Node(
        name=name,
        key=_member(node, "machine_id_hash", str) or name,
        source=source,
        status=str(_member(document, "status", str)),
        recorded_at=_member(document, "recorded_at", str) or _member(document, "started_at", str) or "",
        driver=_member(host, "driver_version", str),
        fingerprint=_member(node, "fingerprint", str) or "unknown",
        configuration=_member(node, "configuration", dict) or {},
        checks={c["id"]: str(c.get("status")) for c in checks if isinstance(c.get("id"), str)},
        metrics=_safe_metrics(document),
    )


def _member(document: dict, key: str, kind: type) -> Any:
    value = document.get(key)
    return value if isinstance(value, kind) else None


def _safe_metrics(document: dict) -> dict[str, float]:
    """The measured bandwidths, or none when the evidence has another shape than the checks write."""
    try:
        metrics = _metrics(document)
    except (TypeError, AttributeError, ValueError):
        return {}
    return {k: v for k, v in metrics.items() if math.isfinite(v)}


def read_reports(paths: Iterable[str]) -> Fleet:
    newest: dict[str, Node] = {}
    unreadable = []
    for path in paths:
        try:
            node = node_of(json.loads(read_input(path, MAX_REPORT_BYTES, "report").decode("utf-8")), path)
        except InputRefused as exc:
            unreadable.append((path, str(exc)))
            continue
        except UnicodeDecodeError as exc:
            unreadable.append((path, f"cannot be read: {exc}"))
            continue
        except RecursionError:
            unreadable.append((path, "is nested too deep to be a gpudoctor JSON report"))
            continue
        except json.JSONDecodeError as exc:
            unreadable.append((path, f"is not valid JSON (line {exc.lineno}, column {exc.colno})"))
            continue
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            unreadable.append((path, str(exc) if isinstance(exc, ValueError) else "is not a gpudoctor JSON report"))
            continue
        if node.key not in newest or node.recorded_at >= newest[node.key].recorded_at:
            newest[node.key] = node
    if not newest:
        why = f"; {unreadable[0][0]} {unreadable[0][1]}" if unreadable else ""
        raise MergeError(f"no gpudoctor JSON report to merge{why}")
    fleet = Fleet(sorted(newest.values(), key=lambda n: n.name), unreadable)
    fleet.groups = _groups(fleet.nodes)
    fleet.outliers = _outliers(fleet.nodes)
    return fleet


def _groups(nodes: list[Node]) -> list[dict]:
    members: dict[str, list[Node]] = defaultdict(list)
    for node in nodes:
        members[node.fingerprint].append(node)
    ordered = sorted(members.items(), key=lambda item: (-len(item[1]), item[0]))
    return [{"fingerprint": fp, "configuration": group[0].configuration, "nodes": [n.name for n in group]}
            for fp, group in ordered]


def _outliers(nodes: list[Node]) -> list[Outlier]:
    peers: dict[str, list[Node]] = defaultdict(list)
    for node in nodes:
        peers[node.peer_class].append(node)
    found: list[Outlier] = []
    for group in peers.values():
        if len(group) < MIN_PEERS:
            continue
        found.extend(_driver_outliers(group))
        for metric, label in (("p2p", "P2P bandwidth (slowest direction)"), ("allreduce", "all-reduce bus bandwidth")):
            found.extend(_bandwidth_outliers(group, metric, label))
    return sorted(found, key=lambda o: (o.node, o.metric))


def _driver_outliers(group: list[Node]) -> Iterable[Outlier]:
    drivers = Counter(n.driver for n in group if n.driver)
    if len(drivers) < 2:
        return
    usual, count = drivers.most_common(1)[0]
    if count * 2 <= len(group):
        return  # no majority: a fleet mid-upgrade, not one odd node
    for node in group:
        if node.driver and node.driver != usual:
            yield Outlier(node.name, "driver", "driver", node.driver, usual, len(group),
                          f"driver {node.driver}, while {count} of its {len(group)} peers run {usual}")


def _bandwidth_outliers(group: list[Node], metric: str, label: str) -> Iterable[Outlier]:
    values = [n.metrics[metric] for n in group if metric in n.metrics]
    if len(values) < MIN_PEERS:
        return
    median = statistics.median(values)
    for node in group:
        value = node.metrics.get(metric)
        if value is not None and value < FAR_BELOW * median:
            yield Outlier(node.name, "bandwidth", metric, round(value, 1), round(median, 1), len(values),
                          f"{label} {value:.0f} GB/s, {value / median:.0%} of its {len(values)} peers' "
                          f"median {median:.0f} GB/s")
