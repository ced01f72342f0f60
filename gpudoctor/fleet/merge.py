"""`gpudoctor merge`: the JSON reports of many nodes as one view.

Which node a report is from: the Kubernetes node it ran on (else its host name), the keyed hashes
of the machine ID and of the board's product UUID, and the UUIDs of its GPUs, all together. Two
reports are one node reported twice (the newest, by recorded_at, counts) only when all of these
are equal and at least one of them is more than a host name: VMs cloned with an empty or copied
/etc/machine-id and pods whose image ships a fixed one share names, never GPUs. Nodes that share
a name or an ID but are distinct are kept apart and named as duplicates.

Three views:

- the table: each node's status per check, the nodes that need a look first;
- groups: nodes whose configuration fingerprint is equal (same driver, module flavour, CUDA,
  NCCL, IOMMU mode, GPU models and links) are configured alike;
- outliers, judged among *peers*, the nodes with the same GPU models: what most peers have is
  what a node of the group should have (the GPU count, each GPU's PCIe link width, the driver),
  and a node that differs, or whose measured P2P or all-reduce bandwidth is far below its peers'
  median, is an outlier. Peers rather than fingerprint groups, because a node that lost a GPU
  or runs another driver has a fingerprint of its own and would have no one to be compared with.
"""

from __future__ import annotations

import functools
import json
import math
import os
import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

import msgspec

from gpudoctor.fleet.measurements import bandwidths
from gpudoctor.host.redact import redact_text
from gpudoctor.host.snapshot_privacy import map_strings
from gpudoctor.input_file import InputRefused, read_input

# "Far below": on identical hardware, repeated runs of the deep tests on the two-H200 host
# vary by a few per cent (P2P 396-397 GB/s, all-reduce within ~3 % at 1 GiB, see
# tests/fixtures/hosts); a quarter below the peers' median is no run-to-run noise.
FAR_BELOW = 0.75
# A median (or a majority) of fewer nodes says little about what the hardware should do.
MIN_PEERS = 3
# A report of a node with eight GPUs and every deep check is a few hundred KB; the cap bounds the memory a
# runaway or hostile file can take (json holds a document in several times its size).
MAX_REPORT_BYTES = 16 << 20

STATUS_MARKS = {"pass": "✓", "warn": "!", "fail": "✗", "error": "E", "skip": "-", "odd": "≠"}
# The order a fleet view lists nodes in: what needs a look first. "odd": an outlier among its peers.
VERDICT_ORDER = {"fail": 0, "error": 1, "odd": 2, "warn": 3, "pass": 4, "skip": 5}


class MergeError(Exception):
    """Nothing could be merged; the message says why."""


@dataclass(frozen=True)
class Node:
    name: str  # the Kubernetes node, else the host name, else the report's file name; unique in a fleet
    source: str
    status: str
    recorded_at: str
    driver: str | None
    fingerprint: str
    configuration: dict
    checks: dict[str, str]  # check id -> status
    metrics: dict[str, float]  # "p2p" (slowest one-way P2P), "allreduce" (bus bandwidth), GB/s
    hostname: str | None = None
    kubernetes_node: str | None = None
    machine_id_hash: str | None = None
    product_uuid_hash: str | None = None
    gpu_uuids: tuple[str, ...] = ()
    gpu_models: tuple[str, ...] = ()  # one per GPU, sorted
    pcie_widths: tuple[tuple[int, int | None], ...] = ()  # (GPU index, width it trained at)

    @property
    def identity(self) -> tuple | None:
        """Equal for two reports of one node; None when the report carries nothing but a name."""
        strong = (self.kubernetes_node, self.product_uuid_hash, self.machine_id_hash, self.gpu_uuids)
        if not any(strong):
            return None
        return (self.kubernetes_node or self.hostname, *strong)

    @property
    def peer_class(self) -> str:
        """The GPU models, without their count: a node that lost a GPU stays among its peers."""
        return _peer_class(self.gpu_models)

    def own_strings(self) -> list[str]:
        """Its strings that the JSON view redacts and that differ from node to node (names, path, IDs, UUIDs)."""
        return [text for text in (self.name, self.source, self.recorded_at, self.hostname, self.kubernetes_node,
                                  self.machine_id_hash, self.product_uuid_hash, *self.gpu_uuids) if text]


@functools.lru_cache(maxsize=1 << 10)  # a fleet has a few sets of GPU models: each written once, not per node
def _peer_class(gpu_models: tuple[str, ...]) -> str:
    return json.dumps(sorted(set(gpu_models)))


@dataclass(frozen=True)
class Outlier:
    node: str
    kind: str  # "bandwidth", "driver", "gpus" or "link"
    metric: str  # "p2p", "allreduce", "driver", "gpu_count" or "pcie_width"
    value: Any
    expected: Any  # the peers' median, or what most peers have
    peers: int
    text: str


@dataclass
class Fleet:
    nodes: list[Node]  # the ones that need a look first (VERDICT_ORDER), then by name
    unreadable: list[tuple[str, str]] = field(default_factory=list)  # (path, why)
    groups: list[dict] = field(default_factory=list)
    outliers: list[Outlier] = field(default_factory=list)
    duplicates: list[dict] = field(default_factory=list)  # distinct nodes that share a name or an ID
    expectations: list[dict] = field(default_factory=list)  # per peer group: what a node should have
    superseded: int = 0  # older reports of a node that reported again
    _outlying: set[str] | None = field(default=None, repr=False)

    @property
    def check_ids(self) -> list[str]:
        seen: dict[str, None] = {}
        for node in self.nodes:
            seen.update(dict.fromkeys(node.checks))
        return list(seen)

    def verdict(self, node: Node) -> str:
        """The node's status, except that a node that passes but is odd among its peers is "odd"."""
        if node.status in ("fail", "error"):
            return node.status
        return "odd" if node.name in self.outlying else node.status

    @property
    def outlying(self) -> set[str]:
        if self._outlying is None:
            self._outlying = {o.node for o in self.outliers}
        return self._outlying


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


# The checks whose figures a node's metrics hold: only their findings are read (a merge shows no host-to-GPU
# bandwidth, and pcie.bandwidth's findings are a twentieth of a --deep report), so a malformed figure of another
# check leaves the node's P2P and all-reduce figures standing.
METRIC_CHECKS = frozenset({"p2p.bandwidth", "nccl.allreduce"})


def _metrics(document: dict) -> dict[str, float]:
    checks = [c for c in document.get("checks") or [] if isinstance(c, dict) and c.get("id") in METRIC_CHECKS]
    measured = bandwidths({"checks": checks})
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
    _require_report(document)
    node = _member(_member(document, "host", dict) or {}, "node", dict) or {}
    checks = [c for c in _member(document, "checks", list) or [] if isinstance(c, dict)]
    return _node(document, _shown(_member(node, "configuration", dict)) or {},
                 _statuses([(c.get("id"), c.get("status")) for c in checks]), _safe_metrics(document), source)


def _require_report(document: Any) -> None:
    if not isinstance(document, dict) or document.get("schema") != "gpudoctor-report":
        raise ValueError("not a gpudoctor JSON report (no \"schema\": \"gpudoctor-report\")")


def _node(document: dict, configuration: dict, statuses: dict[str, str], metrics: dict[str, float],
          source: str) -> Node:
    """The node of a report's members (status, recorded_at, started_at, host), its configuration (redacted),
    its checks' statuses and the bandwidths they measured."""
    host = _member(document, "host", dict) or {}
    node = _member(host, "node", dict) or {}
    gpus = [g for g in _member(host, "gpus", list) or [] if isinstance(g, dict)]
    # A report from elsewhere may hold what gpudoctor would have redacted: what the views show is redacted
    # (only that: redacting whole reports would cost a fleet of ten thousand minutes).
    hostname = _shown(_member(node, "hostname", str))
    kubernetes_node = _shown(_member(node, "kubernetes_node", str))
    return Node(
        name=kubernetes_node or hostname or os.path.splitext(os.path.basename(source))[0],
        source=source,
        status=str(_member(document, "status", str)),
        recorded_at=_member(document, "recorded_at", str) or _member(document, "started_at", str) or "",
        driver=_shown(_member(host, "driver_version", str)),
        fingerprint=_shown(_member(node, "fingerprint", str)) or "unknown",
        configuration=configuration,
        checks=statuses,
        metrics=metrics,
        hostname=hostname,
        kubernetes_node=kubernetes_node,
        machine_id_hash=_member(node, "machine_id_hash", str),
        product_uuid_hash=_member(node, "product_uuid_hash", str),
        **_gpu_facts(gpus),
    )


def _statuses(checks: Iterable[tuple[Any, Any]]) -> dict[str, str]:
    """{check id: its status}, the ids redacted; a check without a string id is left out."""
    return {redacted(id_): str(status) for id_, status in checks if isinstance(id_, str)}


_SHARED_STATUSES: dict[tuple, dict[str, str]] = {}


def _shared_statuses(checks: tuple[tuple[str | None, str | None], ...]) -> dict[str, str]:
    """_statuses(checks), one dict for all the nodes whose checks say the same (most nodes of a fleet): made once,
    less memory, and pickle sends it once per chunk of nodes from a worker instead of once per node (unpickling
    10,000 nodes took 0.3 s, a tenth of the merge). Ids and statuses are strings or None here (the fast decoder
    refuses others), so equal keys give equal dicts: a status 1, 1.0 or True would not."""
    statuses = _SHARED_STATUSES.get(checks)
    if statuses is None:
        statuses = _SHARED_STATUSES[checks] = _statuses(checks)
    return statuses


def _gpu_facts(gpus: list[dict]) -> dict[str, tuple]:
    return {
        "gpu_uuids": tuple(sorted(str(g["uuid"]) for g in gpus if g.get("uuid"))),
        "gpu_models": tuple(sorted(_shown(str(g.get("name"))) for g in gpus)),
        "pcie_widths": tuple((g["index"], g["pcie_width"] if isinstance(g.get("pcie_width"), int) else None)
                             for g in gpus if isinstance(g.get("index"), int) and not isinstance(g.get("index"), bool)),
    }


def _shown(value: Any) -> Any:
    return map_strings(value, redacted) if value else value


class _Redactions(dict):
    """redact_text of each string, once: check ids, statuses, GPU models and configurations repeat in every
    report of a fleet (redacting each anew took most of a merge's time, reading and printing). One entry per
    distinct string a merge shows; the workers that read reports add theirs (_read_all)."""

    def __missing__(self, text: str) -> str:
        self[text] = shown = redact_text(text)
        return shown


_REDACTIONS = _Redactions()
redacted = _REDACTIONS.__getitem__  # a lookup in C where the string was seen before


def _member(document: dict, key: str, kind: type) -> Any:
    value = document.get(key)
    return value if isinstance(value, kind) and not isinstance(value, bool) else None


def _safe_metrics(document: dict) -> dict[str, float]:
    """The measured bandwidths, or none when the evidence has another shape than the checks write."""
    try:
        metrics = _metrics(document)
    except (TypeError, AttributeError, ValueError, OverflowError):  # OverflowError: an integer past any float
        return {}
    return {k: v for k, v in metrics.items() if math.isfinite(v)}


# Parsing is nearly all of a merge's time (a --deep report is ~50 kB, nine tenths of it findings that the
# merge never reads): past this many reports, every core parses a share.
PARALLEL_FROM = 500
MAX_WORKERS = 16


def _usable_cores() -> int:
    """The cores this process may run on: its affinity where the platform tells it (taskset, a container's or a
    Slurm job's cpuset: os.cpu_count() counts the machine's, and a worker per core it may not use only waits),
    else the machine's."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _read(path: str) -> Node | tuple[str, str]:
    """The node of one report, or (path, why it could not be read)."""
    try:
        return _node_of_data(read_input(path, MAX_REPORT_BYTES, "report"), path)
    except InputRefused as exc:  # not a regular file (a FIFO never blocks), or over the cap
        return path, str(exc)
    except UnicodeDecodeError:
        return path, "is not UTF-8 text"
    except RecursionError:
        return path, "is nested too deep to be a gpudoctor JSON report"
    except json.JSONDecodeError as exc:
        return path, f"is not valid JSON (line {exc.lineno}, column {exc.colno})"
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return path, str(exc) if isinstance(exc, ValueError) else "is not a gpudoctor JSON report"


# The members of a report that a merge reads, typed as the report schema has them, each of its values Any:
# the decoder steps over everything else without building it, and refuses a member of another shape (json
# then reads the report whole, and node_of judges it).

class _Evidence(msgspec.Struct):
    """What measurements.py reads of the measuring checks' evidence."""
    gpus: Any = None
    unidirectional_gbps: Any = None
    bidirectional_gbps: Any = None
    gpu: Any = None
    h2d_gbps: Any = None
    d2h_gbps: Any = None
    sizes: Any = None
    ranks: Any = None


class _Finding(msgspec.Struct):
    evidence: _Evidence | None = None


_FINDINGS = msgspec.json.Decoder(list[_Finding] | None)


class _Check(msgspec.Struct):
    id: str | None = None
    status: str | None = None
    findings: msgspec.Raw = msgspec.Raw(b"null")  # kept as text: decoded only for the checks that measure


class _NodeFacts(msgspec.Struct):
    hostname: Any = None
    kubernetes_node: Any = None
    machine_id_hash: Any = None
    product_uuid_hash: Any = None
    fingerprint: Any = None
    configuration: msgspec.Raw = msgspec.Raw(b"null")  # decoded once per distinct text (_shown_configuration)


class _Gpu(msgspec.Struct):
    index: Any = None
    name: Any = None
    uuid: Any = None
    pcie_width: Any = None


class _Host(msgspec.Struct):
    driver_version: Any = None
    node: _NodeFacts | None = None
    gpus: list[_Gpu] | None = None


class _Report(msgspec.Struct):
    schema: Any = None
    status: Any = None
    recorded_at: Any = None
    started_at: Any = None
    host: _Host | None = None
    checks: list[_Check] | None = None


_REPORT = msgspec.json.Decoder(_Report)


def _node_of_data(data: bytes, source: str) -> Node:
    """node_of(json.loads(data), source) in a fraction of json's time: msgspec decodes only the members a merge
    reads (nine tenths of a --deep report are findings it never reads). What the fast decoder refuses (NaN, a
    byte-order mark, a member of another shape) json parses whole, and its answer, or its error, stands."""
    try:
        report = _REPORT.decode(data)
        checks = report.checks or []
        measured = [{"id": c.id, "findings": _evidence(c.findings)} for c in checks if c.id in METRIC_CHECKS]
        configuration = _shown_configuration(report.host)
    except (msgspec.DecodeError, RecursionError):
        return node_of(json.loads(data), source)
    if not data.isascii():
        data.decode("utf-8", "surrogatepass")  # json.loads refuses text that is not UTF-8, skipped parts too
    document = {"schema": report.schema, "status": report.status, "recorded_at": report.recorded_at,
                "started_at": report.started_at, "host": _host_document(report.host)}
    _require_report(document)
    # Every check id is a string or null here: the other checks measure nothing, as bandwidths() would find.
    statuses = _shared_statuses(tuple([(c.id, c.status) for c in checks]))
    return _node(document, configuration, statuses, _safe_metrics({"checks": measured}), source)


_SHOWN_CONFIGURATIONS: dict[bytes, dict] = {}


def _shown_configuration(host: _Host | None) -> dict:
    """What node_of makes of the host's configuration, made once per distinct JSON text: the nodes of a fleet
    share a few, and pickle sends each once per chunk of nodes."""
    key = bytes(host.node.configuration) if host is not None and host.node is not None else b"null"
    shown = _SHOWN_CONFIGURATIONS.get(key)
    if shown is None:
        configuration = msgspec.json.decode(key)
        shown = _SHOWN_CONFIGURATIONS[key] = _shown(configuration if isinstance(configuration, dict) else None) or {}
    return shown


def _host_document(host: _Host | None) -> dict | None:
    """The host member as json gives it, less what a merge never reads."""
    if host is None:
        return None
    return {"driver_version": host.driver_version,
            "node": None if host.node is None else msgspec.structs.asdict(host.node),
            "gpus": None if host.gpus is None else [msgspec.structs.asdict(g) for g in host.gpus]}


def _evidence(findings: msgspec.Raw) -> list[dict] | None:
    decoded = _FINDINGS.decode(findings)
    return None if decoded is None else [
        {"evidence": None if f.evidence is None else msgspec.structs.asdict(f.evidence)} for f in decoded]


def _read_all(paths: list[str]) -> list[Node | tuple[str, str]]:
    workers = min(_usable_cores(), MAX_WORKERS)
    if len(paths) < PARALLEL_FROM or workers < 2:
        return [_read(path) for path in paths]
    from concurrent.futures import ProcessPoolExecutor

    try:
        with ProcessPoolExecutor(workers) as pool:
            read = list(pool.map(_read_redacting, paths, chunksize=max(1, len(paths) // (workers * 4))))
    except (OSError, RuntimeError):  # no processes to be had here (a sandbox, a limit): read them in turn
        return [_read(path) for path in paths]
    for _, shown in read:
        _REDACTIONS.update(shown)
    return [node for node, _ in read]


def _read_redacting(path: str) -> tuple[Node | tuple[str, str], dict[str, str]]:
    """_read, in a worker, and the node's own strings redacted as the JSON view redacts them (redacted): done
    here, in parallel, instead of in the main process after the reading (10,000 nodes: some 50,000 names,
    paths, IDs and UUIDs)."""
    node = _read(path)
    return node, {} if isinstance(node, tuple) else {text: redacted(text) for text in node.own_strings()}


def read_reports(paths: Iterable[str]) -> Fleet:
    newest: dict[tuple, Node] = {}
    nameless: list[Node] = []  # reports that carry only a name: each is a node of its own
    unreadable = []
    superseded = 0
    for node in _read_all(list(paths)):
        if isinstance(node, tuple):
            unreadable.append(node)
            continue
        identity = node.identity
        if identity is None:
            nameless.append(node)
            continue
        if identity in newest:
            superseded += 1
            if node.recorded_at < newest[identity].recorded_at:
                continue
        newest[identity] = node
    nodes = [*newest.values(), *nameless]
    if not nodes:
        why = f"; {unreadable[0][0]} {unreadable[0][1]}" if unreadable else ""
        raise MergeError(f"no gpudoctor JSON report to merge{why}")
    nodes, duplicates = _name_apart(nodes)
    fleet = Fleet(nodes, unreadable, duplicates=duplicates, superseded=superseded)
    fleet.groups = _groups(nodes)
    fleet.outliers, fleet.expectations = _outliers_and_expectations(nodes)
    fleet.nodes = sorted(nodes, key=lambda n: (VERDICT_ORDER.get(fleet.verdict(n), 9), n.name))
    return fleet


_SHARED = (("name", "the name"), ("machine_id_hash", "the machine ID hash"),
           ("product_uuid_hash", "the product UUID hash"))


def _name_apart(nodes: list[Node]) -> tuple[list[Node], list[dict]]:
    """Distinct nodes that share a name or an ID: each gets a name of its own (its report's file
    name added), and every share is listed, never merged."""
    duplicates = []
    for attribute, label in _SHARED:
        sharing: dict[str, list[Node]] = defaultdict(list)
        for node in nodes:
            value = getattr(node, attribute)
            if value:
                sharing[value].append(node)
        for value, group in sorted(item for item in sharing.items() if len(item[1]) > 1):  # a few, if any
            duplicates.append({"shared": attribute, "value": value, "sources": sorted(n.source for n in group),
                               "text": f"{len(group)} distinct nodes (different GPUs or IDs) share {label} "
                                       f"{value}: a cloned VM or an image that ships its machine ID?"})
    names = Counter(n.name for n in nodes)
    renamed = [n if names[n.name] == 1 else
               replace(n, name=f"{n.name} [{os.path.splitext(os.path.basename(n.source))[0]}]") for n in nodes]
    return renamed, duplicates


def _groups(nodes: list[Node]) -> list[dict]:
    members: dict[str, list[Node]] = defaultdict(list)
    for node in nodes:
        members[node.fingerprint].append(node)
    ordered = sorted(members.items(), key=lambda item: (-len(item[1]), item[0]))
    return [{"fingerprint": fp, "configuration": group[0].configuration, "nodes": sorted(n.name for n in group)}
            for fp, group in ordered]


def _outliers_and_expectations(nodes: list[Node]) -> tuple[list[Outlier], list[dict]]:
    peers: dict[str, list[Node]] = defaultdict(list)
    for node in nodes:
        peers[node.peer_class].append(node)
    found: list[Outlier] = []
    expectations = []
    for models, group in sorted(peers.items()):
        if len(group) < MIN_PEERS:
            continue
        expected = {"gpus": json.loads(models), "nodes": len(group)}
        for what, judge in (("gpu_count", _gpu_count_outliers), ("pcie_width", _link_width_outliers),
                            ("driver", _driver_outliers)):
            usual, odd = judge(group)
            expected[what] = usual
            found.extend(odd)
        for metric, label in (("p2p", "P2P bandwidth (slowest direction)"), ("allreduce", "all-reduce bus bandwidth")):
            median, odd = _bandwidth_outliers(group, metric, label)
            expected[f"{metric}_gbps_median"] = median
            found.extend(odd)
        expectations.append(expected)
    return sorted(found, key=lambda o: (o.node, o.metric)), expectations


def _majority(values: list) -> tuple[Any, int] | None:
    """The value more than half of the peers have, and how many have it; None without a majority
    (a fleet mid-upgrade is not one odd node)."""
    if not values:
        return None
    usual, count = Counter(values).most_common(1)[0]
    return (usual, count) if count * 2 > len(values) else None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def _gpu_count_outliers(group: list[Node]) -> tuple[int | None, list[Outlier]]:
    majority = _majority([len(n.gpu_models) for n in group])
    if majority is None:
        return None, []
    usual, count = majority
    return usual, [Outlier(n.name, "gpus", "gpu_count", len(n.gpu_models), usual, len(group),
                           f"{_plural(len(n.gpu_models), 'GPU')}, while {count} of its {len(group)} peers have {usual}"
                           + (": a GPU is missing (fallen off the bus, or not bound to the driver)"
                              if len(n.gpu_models) < usual else ""))
                   for n in group if len(n.gpu_models) != usual]


def _link_width_outliers(group: list[Node]) -> tuple[int | None, list[Outlier]]:
    """Each GPU's PCIe link against the width most of the group's GPUs trained at."""
    widths = [width for n in group for _, width in n.pcie_widths if width]
    majority = _majority(widths)
    if majority is None:
        return None, []
    usual, count = majority
    found = []
    for node in group:
        narrow = [(index, width) for index, width in node.pcie_widths if width and width < usual]
        if narrow:
            gpus = ", ".join(f"GPU {index} at x{width}" for index, width in narrow)
            found.append(Outlier(node.name, "link", "pcie_width", min(w for _, w in narrow), usual, len(group),
                                 f"PCIe link trained narrower: {gpus}, while {count} of the {len(widths)} GPUs "
                                 f"of its peers run at x{usual} (reseat the card, check the riser and slot)"))
    return usual, found


def _driver_outliers(group: list[Node]) -> tuple[str | None, list[Outlier]]:
    majority = _majority([n.driver for n in group if n.driver])
    if majority is None:
        return None, []
    usual, count = majority
    return usual, [Outlier(n.name, "driver", "driver", n.driver, usual, len(group),
                           f"driver {n.driver}, while {count} of its {len(group)} peers run {usual}")
                   for n in group if n.driver and n.driver != usual]


def _bandwidth_outliers(group: list[Node], metric: str, label: str) -> tuple[float | None, list[Outlier]]:
    values = [n.metrics[metric] for n in group if metric in n.metrics]
    if len(values) < MIN_PEERS:
        return None, []
    median = statistics.median(values)
    found = []
    for node in group:
        value = node.metrics.get(metric)
        if value is not None and value < FAR_BELOW * median:
            found.append(Outlier(node.name, "bandwidth", metric, round(value, 1), round(median, 1), len(values),
                                 f"{label} {value:.0f} GB/s, {value / median:.0%} of its {len(values)} peers' "
                                 f"median {median:.0f} GB/s"))
    return round(median, 1), found
