"""The merged view of many nodes, one renderer per format: terminal text, JSON, Markdown, HTML.

Every format starts with what needs a look (failing nodes, outliers among their peers,
duplicate names or IDs, unreadable reports) and lists the nodes in that order, so that one odd
node among a thousand is on the first screen. The table shows the checks where some node is not
fine (passing or not applicable everywhere says nothing per node); the JSON carries every check.
"""

from __future__ import annotations

import math
from dataclasses import asdict
from typing import Any

import msgspec

from gpudoctor.fleet.merge import STATUS_MARKS, Fleet, Node, redacted
from gpudoctor.host.snapshot_privacy import map_strings
from gpudoctor.report.console import fitted
from gpudoctor.report.printable import html_text, json_escaped, json_text, printable

FINE = {"pass", "skip"}


def notable_checks(fleet: Fleet) -> list[str]:
    return [c for c in fleet.check_ids if any(n.checks.get(c, "skip") not in FINE for n in fleet.nodes)]


def _counts(fleet: Fleet) -> str:
    by_verdict: dict[str, int] = {}
    for node in fleet.nodes:
        verdict = fleet.verdict(node)
        by_verdict[verdict] = by_verdict.get(verdict, 0) + 1
    parts = [f"{by_verdict[s]} {s}" for s in ("fail", "error", "odd", "warn", "pass", "skip") if by_verdict.get(s)]
    return f"{_nodes(len(fleet.nodes))} ({', '.join(parts)}), {len(fleet.groups)} configurations"


def needs_a_look(fleet: Fleet) -> list[tuple[str, str]]:
    """(node or file, why) for everything a person should look at, most serious first."""
    items: list[tuple[str, str]] = []
    for node in fleet.nodes:
        if node.status in ("fail", "error"):
            failing = [c for c, s in node.checks.items() if s == node.status]
            items.append((node.name, f"{node.status}: {', '.join(failing) or 'see its report'}"))
    items += [(o.node, o.text) for o in sorted(fleet.outliers, key=lambda o: (o.kind != "gpus", o.node))]
    items += [(", ".join(d["sources"]), d["text"]) for d in fleet.duplicates]
    items += [(path, f"unreadable: {why}") for path, why in fleet.unreadable]
    return items


def _expectation_text(expected: dict) -> str:
    parts = [f"{expected['nodes']} nodes of {', '.join(expected['gpus']) or 'no GPU'}"]
    if expected.get("gpu_count") is not None:
        parts.append(f"{expected['gpu_count']} GPU{'s' if expected['gpu_count'] != 1 else ''}")
    if expected.get("pcie_width") is not None:
        parts.append(f"PCIe x{expected['pcie_width']}")
    if expected.get("driver"):
        parts.append(f"driver {expected['driver']}")
    for metric, label in (("p2p", "P2P"), ("allreduce", "all-reduce")):
        if expected.get(f"{metric}_gbps_median") is not None:
            parts.append(f"{label} ~{expected[f'{metric}_gbps_median']:.0f} GB/s")
    return "; ".join(parts)


def _nodes(count: int) -> str:
    return f"{count} node{'s' if count != 1 else ''}"


def _configuration_text(configuration: dict) -> str:
    parts = []
    for key in ("driver", "module_flavour", "cuda", "nccl", "iommu", "gpus", "links"):
        value = configuration.get(key)
        if isinstance(value, list):
            value = ", ".join(str(item) for item in value) if value else "none"  # a report may hold anything
        parts.append(f"{key} {value if value is not None else '?'}")
    return "; ".join(parts)


def _metric(node: Node, name: str) -> str:
    return f"{node.metrics[name]:.0f}" if name in node.metrics else ""


def _node_table(fleet: Fleet, checks: list[str], width: int) -> list[str]:
    """Nodes × checks; where the check columns do not fit `width`, the rest follow in further blocks
    under the node names, so that no row wraps."""
    name_width = max([len(n.name) for n in fleet.nodes] + [4])
    marks = [f"[{i + 1}]" for i in range(len(checks))]
    first = ["node".ljust(name_width), "status", "group".ljust(12), "P2P GB/s", "AR GB/s"]
    room = max(1, (width - len("  ".join(first))) // 5)  # a check column is 3-4 wide, 2 between
    lines, start, per_block = [], 0, room
    while start < len(checks) or start == 0:
        block = range(start, min(start + per_block, len(checks)))
        header = first if start == 0 else ["node".ljust(name_width)]
        lines.append("  ".join([*header, *(marks[i] for i in block)]))
        for node in fleet.nodes:
            cells = [node.name.ljust(name_width)]
            if start == 0:
                cells += [STATUS_MARKS.get(fleet.verdict(node), "?").ljust(6), node.fingerprint.ljust(12),
                          _metric(node, "p2p").rjust(8), _metric(node, "allreduce").rjust(7)]
            cells += [STATUS_MARKS.get(node.checks.get(checks[i], "skip"), "?").center(len(marks[i])) for i in block]
            lines.append("  ".join(cells).rstrip())
        start, per_block = start + per_block, max(1, (width - name_width - 2) // 5)
        if start < len(checks):
            lines.append("")
    return lines


def render_terminal(fleet: Fleet, width: int = 80) -> str:
    """The merged view for a terminal of `width` columns (long lines wrap under their own indent)."""
    checks = notable_checks(fleet)
    lines = [_counts(fleet), ""]
    look = needs_a_look(fleet)
    lines += [f"Needs a look ({len(look)}):" if look else "Needs a look: nothing"]
    lines += [f"  {who}: {why}" for who, why in look]
    lines.append("")
    lines += _node_table(fleet, checks, width)
    if checks:
        lines += ["", "Checks: " + ", ".join(f"[{i + 1}] {c}" for i, c in enumerate(checks))]
    lines += ["", "Configurations (nodes with equal fingerprints are configured alike):"]
    for group in fleet.groups:
        lines.append(f"  {group['fingerprint']}  {_nodes(len(group['nodes']))}: {_configuration_text(group['configuration'])}")
    lines += ["", "What a node of each group should have (what most of its peers have):"]
    lines += [f"  {_expectation_text(e)}" for e in fleet.expectations] or ["  no group of 3 or more peers"]
    # names, fingerprints and checks come from the reports
    return fitted(printable("\n".join(lines)), width) + "\n"


def fleet_document(fleet: Fleet) -> dict:
    return _document(fleet, [_node_row(node, fleet.verdict(node)) for node in fleet.nodes])


def _document(fleet: Fleet, rows: list[dict]) -> dict:
    return {
        "schema": "gpudoctor-fleet",
        "schema_version": 1,
        "needs_a_look": [{"node": who, "why": why} for who, why in needs_a_look(fleet)],
        "nodes": rows,
        "groups": fleet.groups,
        "expectations": fleet.expectations,
        "outliers": [asdict(o) for o in fleet.outliers],
        "duplicates": fleet.duplicates,
        "superseded_reports": fleet.superseded,
        "unreadable": [{"path": p, "why": w} for p, w in fleet.unreadable],
    }


def _node_row(n: Node, verdict: str) -> dict:
    return {"name": n.name, "source": n.source, "verdict": verdict, "status": n.status,
            "recorded_at": n.recorded_at, "hostname": n.hostname, "kubernetes_node": n.kubernetes_node,
            "machine_id_hash": n.machine_id_hash, "product_uuid_hash": n.product_uuid_hash,
            "gpu_uuids": list(n.gpu_uuids), "driver": n.driver, "fingerprint": n.fingerprint,
            "checks": n.checks, "bandwidth_gbps": n.metrics}


def render_json(fleet: Fleet) -> str:
    """json_text(fleet_document(fleet), indent=1), in a fraction of its time (10,000 nodes: 0.2 s instead of
    1.1 s): each distinct string redacted once (redacted) and each dict once (the nodes share their check
    statuses), msgspec writing the text in C, floats as json writes them, and indenting it as json does. Where
    msgspec refuses (a lone surrogate, NaN or Infinity in a report's configuration) json writes it all."""
    try:
        compact = msgspec.json.encode(_encodable_document(fleet)).decode()
        text = msgspec.json.format(json_escaped(compact), indent=1)
    except (msgspec.EncodeError, msgspec.DecodeError, UnicodeEncodeError, TypeError, ValueError):
        text = json_text(map_strings(fleet_document(fleet), redacted), redact=False, indent=1)
    return text + "\n"


def _encodable_document(fleet: Fleet) -> dict:
    """_encodable(fleet_document(fleet)), its node rows made without the walk."""
    done: dict[int, Any] = {}
    document = _encodable(_document(fleet, []), done)
    document["nodes"] = [_encodable_row(node, fleet.verdict(node), done) for node in fleet.nodes]
    return document


def _encodable_row(n: Node, verdict: str, done: dict[int, Any]) -> dict:
    """_encodable(_node_row(n, verdict), done) without walking it (10,000 rows: 0.08 s instead of 0.12 s):
    merge.node_of makes a node's fields strings, None, a tuple of strings, its check statuses and finite floats."""
    return {"name": redacted(n.name), "source": redacted(n.source), "verdict": redacted(verdict),
            "status": redacted(n.status), "recorded_at": redacted(n.recorded_at),
            "hostname": _optional(n.hostname), "kubernetes_node": _optional(n.kubernetes_node),
            "machine_id_hash": _optional(n.machine_id_hash), "product_uuid_hash": _optional(n.product_uuid_hash),
            "gpu_uuids": [redacted(uuid) for uuid in n.gpu_uuids], "driver": _optional(n.driver),
            "fingerprint": redacted(n.fingerprint), "checks": _encodable(n.checks, done),
            "bandwidth_gbps": {metric: _json_float(value) for metric, value in n.metrics.items()}}


def _optional(text: str | None) -> str | None:
    return None if text is None else redacted(text)


def _json_float(value: float) -> msgspec.Raw:
    """The float as json writes it (msgspec writes 1e16 for json's 1e+16)."""
    if not math.isfinite(value):
        raise ValueError("json writes NaN and Infinity, msgspec null")
    return msgspec.Raw(repr(value).encode())


def _encodable(value: Any, done: dict[int, Any]) -> Any:
    """map_strings(value, redacted), each dict mapped once (`done`: by id), with floats as json writes them.
    A type json writes otherwise than msgspec raises TypeError. Every key is a string: the fleet document's own,
    or those of a report's JSON objects."""
    if isinstance(value, str):
        return redacted(value)
    if isinstance(value, list):
        return [_encodable(item, done) for item in value]
    if isinstance(value, dict):
        if id(value) not in done:
            done[id(value)] = value if set(value) == {"base64"} else {
                key: _encodable(item, done) for key, item in value.items()}
        return done[id(value)]
    if isinstance(value, float):
        return _json_float(value)
    if value is None or isinstance(value, int):  # bool too
        return value
    raise TypeError(f"{type(value).__name__}: json writes it")


def _md(text: object) -> str:
    """Report text in a markdown table or list: no cell break, no raw HTML, no code span closed early."""
    return printable(str(text)).replace("|", "\\|").replace("<", "&lt;").replace("`", "'")


def render_markdown(fleet: Fleet) -> str:
    checks = notable_checks(fleet)
    lines = [f"## gpudoctor: {_counts(fleet)}", "", "### Needs a look", ""]
    lines += [f"- **{_md(who)}**: {_md(why)}" for who, why in needs_a_look(fleet)] or ["Nothing."]
    lines.append("")
    lines.append("| node | status | group | P2P GB/s | all-reduce GB/s | " + " | ".join(f"`{_md(c)}`" for c in checks) + " |")
    lines.append("|---|---|---|---:|---:|" + "---|" * len(checks))
    for node in fleet.nodes:
        marks = " | ".join(STATUS_MARKS.get(node.checks.get(c, "skip"), "?") for c in checks)
        verdict = fleet.verdict(node)
        lines.append(f"| {_md(node.name)} | {STATUS_MARKS.get(verdict, '?')} {verdict} | `{_md(node.fingerprint)}` | "
                     f"{_metric(node, 'p2p')} | {_metric(node, 'allreduce')} | {marks} |")
    lines += ["", "### Configurations", ""]
    lines += [f"- `{_md(g['fingerprint'])}` ({_nodes(len(g['nodes']))}): {_md(_configuration_text(g['configuration']))}"
              for g in fleet.groups]
    lines += ["", "### What a node of each group should have", ""]
    lines += [f"- {_md(_expectation_text(e))}" for e in fleet.expectations] or ["No group of 3 or more peers."]
    return "\n".join(lines) + "\n"


_CSS = """
body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:center}
th.check{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal}
td.name{text-align:left}
.pass{background:#e3f4e3}.warn{background:#fff3c4}.fail{background:#f8d0d0}.error{background:#e6d6f5}.skip{color:#999}
.odd{background:#ffd9b3}
tr.outlier td.name{font-weight:bold}
#needs-a-look li{margin:2px 0;padding:2px 6px;list-style-position:inside}
svg text{font:11px system-ui,sans-serif}
"""


def _bar_chart(fleet: Fleet, metric: str, title: str) -> str:
    """An inline SVG bar per node (no script, no network): the page opens anywhere. Outliers are
    red and labelled with their node's name: at a thousand nodes a bar is one pixel wide."""
    measured = [(n.name, n.metrics[metric]) for n in fleet.nodes if metric in n.metrics]
    if not measured:
        return ""
    odd = {o.node for o in fleet.outliers if o.metric == metric}
    top = max(v for _, v in measured) or 1.0
    bar, gap, height, label_room = max(1, min(24, 900 // len(measured))), 1, 160, 14 * max(1, min(len(odd), 6))
    width = len(measured) * (bar + gap) + 60 + 200
    bars, labels = [], []
    for i, (name, value) in enumerate(measured):
        x, y = 50 + i * (bar + gap), label_room + 10 + height - value / top * height
        outlier = name in odd
        bars.append(f'<rect x="{x}" y="{y:.1f}" width="{max(bar, 3) if outlier else bar}" '
                    f'height="{value / top * height:.1f}" fill="{"#c0392b" if outlier else "#4a7fb5"}">'
                    f'<title>{html_text(name)}: {value:.0f} GB/s</title></rect>')
        if outlier:
            row = len(labels) % 6
            labels.append(f'<text class="outlier-label" x="{x}" y="{10 + row * 14}" fill="#c0392b">'
                          f'▼ {html_text(name)} {value:.0f} GB/s</text>'
                          f'<line x1="{x + 1}" y1="{12 + row * 14}" x2="{x + 1}" y2="{y:.1f}" stroke="#c0392b"/>')
    axis = (f'<text x="2" y="{label_room + 18}">{top:.0f}</text><text x="2" y="{label_room + 10 + height}">0</text>'
            f'<line x1="48" y1="{label_room + 10}" x2="48" y2="{label_room + 10 + height}" stroke="#888"/>')
    return (f'<h3>{html_text(title)} (GB/s per node)</h3>'
            f'<svg role="img" aria-label="{html_text(title)}" width="{width}" height="{label_room + height + 20}">'
            f'{axis}{"".join(bars)}{"".join(labels)}</svg>')


def _look_list(fleet: Fleet) -> str:
    """The first thing on the page: each failing node, outlier, duplicate and unreadable report."""
    by_name = {n.name: n for n in fleet.nodes}
    items = []
    for who, why in needs_a_look(fleet):
        verdict = fleet.verdict(by_name[who]) if who in by_name else "warn"  # a duplicate or an unreadable file
        items.append(f'<li class="{html_text(verdict)}" data-node="{html_text(who)}">'
                     f'<b>{html_text(who)}</b>: {html_text(why)}</li>')
    return "".join(items) or "<li>Nothing: every node passes and none is odd among its peers.</li>"


def render_html(fleet: Fleet) -> str:
    checks = notable_checks(fleet)
    outlying = fleet.outlying
    head = "".join(f'<th class="check">{html_text(c)}</th>' for c in checks)
    rows = []
    for node in fleet.nodes:
        verdict = fleet.verdict(node)
        cells = "".join(f'<td class="{html_text(s)}">{STATUS_MARKS.get(s, "?")}</td>'
                        for s in (node.checks.get(c, "skip") for c in checks))
        rows.append(f'<tr class="node{" outlier" if node.name in outlying else ""}" data-node="{html_text(node.name)}">'
                    f'<td class="name">{html_text(node.name)}</td><td class="{html_text(verdict)}">'
                    f'{html_text(verdict)}</td><td><code>{html_text(node.fingerprint)}</code></td>'
                    f'<td>{_metric(node, "p2p")}</td><td>{_metric(node, "allreduce")}</td>{cells}</tr>')
    groups = "".join(f"<li><code>{html_text(g['fingerprint'])}</code> ({_nodes(len(g['nodes']))}): "
                     f"{html_text(_configuration_text(g['configuration']))}</li>" for g in fleet.groups)
    expectations = "".join(f"<li>{html_text(_expectation_text(e))}</li>" for e in fleet.expectations)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>gpudoctor fleet</title>"
            f"<style>{_CSS}</style></head><body>\n<h1>gpudoctor: {html_text(_counts(fleet))}</h1>\n"
            f'<h2>Needs a look</h2><ol id="needs-a-look">{_look_list(fleet)}</ol>\n'
            f'<h2>What a node of each group should have</h2><ul id="expectations">'
            f'{expectations or "<li>No group of 3 or more peers.</li>"}</ul>\n'
            + _bar_chart(fleet, "p2p", "P2P bandwidth, slowest direction")
            + _bar_chart(fleet, "allreduce", "NCCL all-reduce bus bandwidth")
            + f'<table id="nodes"><thead><tr><th>node</th><th>verdict</th><th>group</th><th>P2P GB/s</th>'
            f"<th>all-reduce GB/s</th>{head}</tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>\n"
            + f"<h2>Configurations</h2><ul id=\"groups\">{groups}</ul>\n</body></html>\n")
