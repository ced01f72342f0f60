"""The bandwidths a report measured (`--deep`), read from its checks' evidence, in one shape."""

from __future__ import annotations

from typing import Any, Iterator, NamedTuple

GB = 1e9


class Bandwidth(NamedTuple):  # a tuple: `merge` builds ~8 per report, a frozen dataclass took 5 times as long
    check: str  # the check that measured it: p2p.bandwidth, pcie.bandwidth, nccl.allreduce
    kind: str  # unidirectional, bidirectional, host_to_device, device_to_host, allreduce_bus
    gbps: float  # GB/s (10^9 bytes per second), as the checks report it
    gpu: int | None = None  # the GPU (index) it was measured on, or from
    peer: int | None = None  # the GPU it went to
    pair: str = ""  # "0-1" for a pair of GPUs or the ranks of an all-reduce


def _index(label: Any) -> int | None:
    """'GPU 1' -> 1, as the deep checks name GPUs in their evidence."""
    if isinstance(label, str) and label.startswith("GPU "):
        try:
            return int(label[4:])
        except ValueError:
            return None
    return None


def _p2p(evidence: dict) -> Iterator[Bandwidth]:
    gpus = [_index(g) for g in evidence.get("gpus") or []]
    if len(gpus) != 2 or None in gpus:
        return
    a, b = gpus
    pair = f"{min(a, b)}-{max(a, b)}"
    one_way = evidence.get("unidirectional_gbps") or []
    for (src, dst), gbps in zip(((a, b), (b, a)), one_way):
        if isinstance(gbps, (int, float)):
            yield Bandwidth("p2p.bandwidth", "unidirectional", float(gbps), src, dst, pair)
    both = evidence.get("bidirectional_gbps")
    if isinstance(both, (int, float)):
        yield Bandwidth("p2p.bandwidth", "bidirectional", float(both), a, b, pair)


def _pcie(evidence: dict) -> Iterator[Bandwidth]:
    gpu = _index(evidence.get("gpu"))
    for key, kind in (("h2d_gbps", "host_to_device"), ("d2h_gbps", "device_to_host")):
        if isinstance(evidence.get(key), (int, float)) and gpu is not None:
            yield Bandwidth("pcie.bandwidth", kind, float(evidence[key]), gpu)


def _allreduce(evidence: dict) -> Iterator[Bandwidth]:
    sizes = [s for s in evidence.get("sizes") or [] if isinstance(s.get("busbw_gbps"), (int, float))]
    if not sizes:
        return
    largest = max(sizes, key=lambda s: s.get("bytes") or 0)  # the figure the check judges
    ranks = sorted(i for i in (_index(r) for r in evidence.get("ranks") or []) if i is not None)
    yield Bandwidth("nccl.allreduce", "allreduce_bus", float(largest["busbw_gbps"]), pair="-".join(map(str, ranks)))


_READERS = {"p2p.bandwidth": _p2p, "pcie.bandwidth": _pcie, "nccl.allreduce": _allreduce}


def bandwidths(document: dict) -> list[Bandwidth]:
    """Every bandwidth the report's checks measured, in report order."""
    found: list[Bandwidth] = []
    for check in document.get("checks") or []:
        reader = _READERS.get(check.get("id"))
        if reader is None:
            continue
        for finding in check.get("findings") or []:
            evidence = finding.get("evidence")
            if isinstance(evidence, dict):
                found.extend(reader(evidence))
    return found
