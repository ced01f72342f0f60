"""Prometheus text exposition (format 0.0.4) of one report, for node_exporter's textfile collector.

    gpudoctor check --prom /var/lib/node_exporter/textfile_collector/gpudoctor.prom

(`--prom FILE`, not `-o`: `-o` writes the JSON report.)

Each check's status is a state set (one series per possible status, 1 for the one it has), so
alerts read `gpudoctor_check_status{status="fail"} == 1` without decoding numbers. Bandwidths
are in bytes per second, the base unit Prometheus' naming guide asks for
(https://prometheus.io/docs/practices/naming/). The file is written atomically and world-readable:
the collector may read it at any moment and runs as its own user.
"""

from __future__ import annotations

from typing import Any, Iterable

from gpudoctor.fleet.measurements import GB, bandwidths

STATUSES = ("pass", "warn", "fail", "skip", "error")


def _escape(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _labels(**labels: Any) -> str:
    return "{" + ",".join(f'{name}="{_escape(value)}"' for name, value in labels.items()) + "}"


def _family(name: str, help_text: str, samples: Iterable[tuple[str, float]]) -> list[str]:
    lines = [f"# HELP {name} {help_text}", f"# TYPE {name} gauge"]
    lines.extend(f"{name}{labels} {value!r}" for labels, value in samples)
    return lines


def _uuid(gpus_by_index: dict[int, str], index: int | None) -> str:
    return gpus_by_index.get(index, "") if index is not None else ""


def render_prometheus(document: dict, now_s: float | None = None) -> str:
    """The metrics of one report document; `now_s` is the time of the run (seconds since the epoch)."""
    host = document.get("host") or {}
    lines = _info(document, host) + _statuses(document) + _gpus(host) + _bandwidths(document, host)
    if now_s is not None:
        lines += _family("gpudoctor_last_run_timestamp_seconds", "When gpudoctor ran, in seconds since the epoch.",
                         [("", float(now_s))])
    return "\n".join(lines) + "\n"


def _info(document: dict, host: dict) -> list[str]:
    node = host.get("node") or {}
    # In a pod the host name is the pod's; kubernetes_node names the node (deploy/kubernetes/ sets it).
    return _family("gpudoctor_info", "The node gpudoctor ran on and its configuration fingerprint (always 1).", [
        (_labels(hostname=node.get("hostname") or "", kubernetes_node=node.get("kubernetes_node") or "",
                 fingerprint=node.get("fingerprint") or "", driver=host.get("driver_version") or "",
                 version=document.get("gpudoctor_version") or ""), 1.0)])


def _statuses(document: dict) -> list[str]:
    checks = document.get("checks") or []
    return (_family("gpudoctor_status", "The worst status of all checks, as a state set.",
                    [(_labels(status=s), float(document.get("status") == s)) for s in STATUSES])
            + _family("gpudoctor_check_status", "Each check's status, as a state set: 1 for the status it has.",
                      [(_labels(check=c["id"], status=s), float(c.get("status") == s)) for c in checks for s in STATUSES]))


def _gpus(host: dict) -> list[str]:
    return _family("gpudoctor_gpu_info", "The GPUs the report saw (always 1).",
                   [(_labels(gpu_uuid=g.get("uuid") or "", index=g.get("index"), name=g.get("name") or ""), 1.0)
                    for g in host.get("gpus") or []])


def _bandwidths(document: dict, host: dict) -> list[str]:
    measured = bandwidths(document)
    if not measured:
        return []
    gpus = {g["index"]: g.get("uuid") or "" for g in host.get("gpus") or [] if isinstance(g.get("index"), int)}
    return _family("gpudoctor_bandwidth_bytes_per_second",
                   "Bandwidth measured by gpudoctor check --deep, per GPU or GPU pair.",
                   [(_labels(check=m.check, kind=m.kind, pair=m.pair, gpu_uuid=_uuid(gpus, m.gpu),
                             peer_uuid=_uuid(gpus, m.peer)), m.gbps * GB) for m in measured])
