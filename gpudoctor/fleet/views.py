"""The merged view of many nodes, one renderer per format: terminal text, JSON, Markdown, HTML.

The table shows the checks where some node is not fine (passing or not applicable everywhere
says nothing per node); the JSON carries every check.
"""

from __future__ import annotations

from dataclasses import asdict

from gpudoctor.fleet.merge import STATUS_MARKS, Fleet, Node
from gpudoctor.report.printable import html_text, json_text, printable

FINE = {"pass", "skip"}


def notable_checks(fleet: Fleet) -> list[str]:
    return [c for c in fleet.check_ids if any(n.checks.get(c, "skip") not in FINE for n in fleet.nodes)]


def _counts(fleet: Fleet) -> str:
    by_status: dict[str, int] = {}
    for node in fleet.nodes:
        by_status[node.status] = by_status.get(node.status, 0) + 1
    parts = [f"{by_status[s]} {s}" for s in ("pass", "warn", "fail", "error", "skip") if by_status.get(s)]
    return f"{_nodes(len(fleet.nodes))} ({', '.join(parts)}), {len(fleet.groups)} configurations"


def _nodes(count: int) -> str:
    return f"{count} node{'s' if count != 1 else ''}"


def _configuration_text(configuration: dict) -> str:
    parts = []
    for key in ("driver", "module_flavour", "cuda", "nccl", "iommu", "gpus", "links"):
        value = configuration.get(key)
        if isinstance(value, list):  # a report's list may hold anything: each item shown as text
            value = ", ".join(str(item) for item in value) if value else "none"
        parts.append(f"{key} {value if value is not None else '?'}")
    return "; ".join(parts)


def _metric(node: Node, name: str) -> str:
    return f"{node.metrics[name]:.0f}" if name in node.metrics else ""


def render_terminal(fleet: Fleet) -> str:
    checks = notable_checks(fleet)
    width = max([len(n.name) for n in fleet.nodes] + [4])
    lines = [_counts(fleet), ""]
    header = ["node".ljust(width), "status", "group".ljust(12), "P2P GB/s", "AR GB/s",
              *(f"[{i + 1}]" for i in range(len(checks)))]
    lines.append("  ".join(header))
    for node in fleet.nodes:
        cells = [node.name.ljust(width), STATUS_MARKS.get(node.status, "?").ljust(6), node.fingerprint.ljust(12),
                 _metric(node, "p2p").rjust(8), _metric(node, "allreduce").rjust(7),
                 *(STATUS_MARKS.get(node.checks.get(c, "skip"), "?").center(len(f"[{i + 1}]"))
                   for i, c in enumerate(checks))]
        lines.append("  ".join(cells))
    if checks:
        lines += ["", "Checks: " + ", ".join(f"[{i + 1}] {c}" for i, c in enumerate(checks))]
    lines += ["", "Configurations (nodes with equal fingerprints are configured alike):"]
    for group in fleet.groups:
        lines.append(f"  {group['fingerprint']}  {_nodes(len(group['nodes']))}: {_configuration_text(group['configuration'])}")
    lines += ["", "Outliers:" if fleet.outliers else "Outliers: none"]
    lines += [f"  {o.node}: {o.text}" for o in fleet.outliers]
    return printable("\n".join(lines)) + "\n"  # names, fingerprints and checks come from the reports


def fleet_document(fleet: Fleet) -> dict:
    return {
        "schema": "gpudoctor-fleet",
        "schema_version": 1,
        "nodes": [{"name": n.name, "source": n.source, "status": n.status, "recorded_at": n.recorded_at,
                   "driver": n.driver, "fingerprint": n.fingerprint, "checks": n.checks,
                   "bandwidth_gbps": n.metrics} for n in fleet.nodes],
        "groups": fleet.groups,
        "outliers": [asdict(o) for o in fleet.outliers],
        "unreadable": [{"path": p, "why": w} for p, w in fleet.unreadable],
    }


def render_json(fleet: Fleet) -> str:
    return json_text(fleet_document(fleet), indent=1) + "\n"


def _md(text: object) -> str:
    """Report text in a markdown table or list: no cell break, no raw HTML, no code span closed early."""
    return printable(str(text)).replace("|", "\\|").replace("<", "&lt;").replace("`", "'")


def render_markdown(fleet: Fleet) -> str:
    checks = notable_checks(fleet)
    lines = [f"## gpudoctor: {_counts(fleet)}", ""]
    lines.append("| node | status | group | P2P GB/s | all-reduce GB/s | " + " | ".join(f"`{_md(c)}`" for c in checks) + " |")
    lines.append("|---|---|---|---:|---:|" + "---|" * len(checks))
    for node in fleet.nodes:
        marks = " | ".join(STATUS_MARKS.get(node.checks.get(c, "skip"), "?") for c in checks)
        lines.append(f"| {_md(node.name)} | {STATUS_MARKS.get(node.status, '?')} {_md(node.status)} | `{_md(node.fingerprint)}` | "
                     f"{_metric(node, 'p2p')} | {_metric(node, 'allreduce')} | {marks} |")
    lines += ["", "### Configurations", ""]
    lines += [f"- `{_md(g['fingerprint'])}` ({_nodes(len(g['nodes']))}): {_md(_configuration_text(g['configuration']))}"
              for g in fleet.groups]
    lines += ["", "### Outliers", ""]
    lines += [f"- **{_md(o.node)}**: {_md(o.text)}" for o in fleet.outliers] or ["None."]
    if fleet.unreadable:
        lines += ["", "### Unreadable reports", ""] + [f"- `{_md(p)}` {_md(w)}" for p, w in fleet.unreadable]
    return "\n".join(lines) + "\n"


_CSS = """
body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:center}
th.check{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal}
td.name{text-align:left}
.pass{background:#e3f4e3}.warn{background:#fff3c4}.fail{background:#f8d0d0}.error{background:#e6d6f5}.skip{color:#999}
tr.outlier td.name{font-weight:bold}
svg text{font:11px system-ui,sans-serif}
"""


def _bar_chart(fleet: Fleet, metric: str, title: str) -> str:
    """An inline SVG bar per node (no script, no network): the page opens anywhere."""
    measured = [(n.name, n.metrics[metric]) for n in fleet.nodes if metric in n.metrics]
    if not measured:
        return ""
    top = max(v for _, v in measured) or 1.0
    bar, gap, height = max(1, min(24, 900 // len(measured))), 1, 160
    width = len(measured) * (bar + gap) + 60
    bars = "".join(
        f'<rect x="{50 + i * (bar + gap)}" y="{10 + height - v / top * height:.1f}" width="{bar}" '
        f'height="{v / top * height:.1f}" fill="#4a7fb5"><title>{html_text(name)}: {v:.0f} GB/s</title></rect>'
        for i, (name, v) in enumerate(measured))
    axis = (f'<text x="2" y="18">{top:.0f}</text><text x="2" y="{10 + height}">0</text>'
            f'<line x1="48" y1="10" x2="48" y2="{10 + height}" stroke="#888"/>')
    return (f'<h3>{html_text(title)} (GB/s per node)</h3>'
            f'<svg role="img" aria-label="{html_text(title)}" width="{width}" height="{height + 20}">'
            f'{axis}{bars}</svg>')


def render_html(fleet: Fleet) -> str:
    checks = notable_checks(fleet)
    outlying = {o.node for o in fleet.outliers}
    head = "".join(f'<th class="check">{html_text(c)}</th>' for c in checks)
    rows = []
    for node in fleet.nodes:
        cells = "".join(f'<td class="{html_text(s)}">{STATUS_MARKS.get(s, "?")}</td>'
                        for s in (node.checks.get(c, "skip") for c in checks))
        rows.append(f'<tr class="node{" outlier" if node.name in outlying else ""}" data-node="{html_text(node.name)}">'
                    f'<td class="name">{html_text(node.name)}</td><td class="{html_text(node.status)}">'
                    f'{html_text(node.status)}</td><td><code>{html_text(node.fingerprint)}</code></td>'
                    f'<td>{_metric(node, "p2p")}</td><td>{_metric(node, "allreduce")}</td>{cells}</tr>')
    groups = "".join(f"<li><code>{html_text(g['fingerprint'])}</code> ({_nodes(len(g['nodes']))}): "
                     f"{html_text(_configuration_text(g['configuration']))}</li>" for g in fleet.groups)
    outliers = "".join(f"<li><b>{html_text(o.node)}</b>: {html_text(o.text)}</li>" for o in fleet.outliers)
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>gpudoctor fleet</title>"
            f"<style>{_CSS}</style></head><body>\n<h1>gpudoctor: {html_text(_counts(fleet))}</h1>\n"
            f'<table id="nodes"><thead><tr><th>node</th><th>status</th><th>group</th><th>P2P GB/s</th>'
            f"<th>all-reduce GB/s</th>{head}</tr></thead><tbody>\n" + "\n".join(rows) + "\n</tbody></table>\n"
            + _bar_chart(fleet, "p2p", "P2P bandwidth, slowest direction")
            + _bar_chart(fleet, "allreduce", "NCCL all-reduce bus bandwidth")
            + f"<h2>Configurations</h2><ul id=\"groups\">{groups}</ul>"
            + f"<h2>Outliers</h2><ul id=\"outliers\">{outliers or '<li>None.</li>'}</ul>\n</body></html>\n")
