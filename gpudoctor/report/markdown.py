"""A report to paste back into an issue: the root cause and its fix first, one table line per check,
the details folded into <details>. Secrets are redacted, and host and user names replaced unless
the caller asks otherwise."""

from __future__ import annotations

from gpudoctor.engine import Report
from gpudoctor.model import CheckResult, Status
from gpudoctor.report.anonymise import Anonymiser
from gpudoctor.report.printable import printable

_MARKS = {Status.PASS: "✅", Status.WARN: "⚠️", Status.FAIL: "❌", Status.SKIP: "➖", Status.ERROR: "❌"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _lead(result: CheckResult):
    return max(result.findings, key=lambda f: f.status.rank)


def _header(report: Report) -> str:
    host = report.host or {}
    platform = (host.get("platform") or {}).get("label") or "unknown platform"
    driver = f"driver {host['driver_version']}" if host.get("driver_version") else "driver unknown"
    if host.get("cuda_driver_version"):
        driver += f" (CUDA {host['cuda_driver_version']})"
    names: dict[str, int] = {}
    for gpu in host.get("gpus") or []:
        names[gpu["name"]] = names.get(gpu["name"], 0) + 1
    gpus = ", ".join(f"{n} × {name}" for name, n in names.items()) or "no GPU listed"
    return f"{platform} · {driver} · {gpus}"


def report_markdown(report: Report, *, anonymiser: Anonymiser | None, trailer: list[str] = ()) -> str:
    problems = [r for r in report.results if r.status.rank >= Status.WARN.rank]
    lines = [f"### gpudoctor {report.gpudoctor_version}: {_verdict(report)}", "", f"**{_header(report)}** "
             f"(source: {report.source})", ""]
    if problems:
        root = max(problems, key=lambda r: r.status.rank)  # the first of the worst: checks run in diagnosis order
        lead = _lead(root)
        lines.append(f"**Root cause ({root.check_id}):** {lead.summary}")
        fix = next((f.fix for f in root.findings if f.fix), None)
        action = lead.details[-1] if lead.details else None
        if fix:
            lines.append(f"**Fix:** `gpudoctor fix {fix}`" + (f": {action}" if action else ""))
        elif action:
            lines.append(f"**What to do:** {action}")
        lines.append("")
    lines += ["| | Check | Finding |", "|---|---|---|"]
    for result in report.results:
        lines.append(f"| {_MARKS[result.status]} | `{result.check_id}` | {_cell(_lead(result).summary)} |")
    lines += ["", "<details><summary>Details</summary>", ""]
    for result in report.results:
        details = [d for f in result.findings for d in (f.summary, *f.details) if d != _lead(result).summary]
        if details and result.status is not Status.SKIP:
            lines.append(f"**{result.check_id}**")
            lines.extend(f"- {_cell(d)}" for d in details)
            lines.append("")
    lines += ["</details>"]
    if trailer:
        lines += [""] + list(trailer)
    text = printable("\n".join(lines)) + "\n"  # GPU names, log lines and notes come from outside
    return anonymiser.text(text) if anonymiser else _redacted(text)


def _redacted(text: str) -> str:
    from gpudoctor.host.redact import redact_text

    return redact_text(text)


def _verdict(report: Report) -> str:
    counts = {s: report.count(s) for s in Status}
    bad = counts[Status.FAIL] + counts[Status.ERROR]
    if bad:
        return f"{bad} problem{'s' if bad != 1 else ''}, {counts[Status.WARN]} warning(s)"
    if counts[Status.WARN]:
        return f"{counts[Status.WARN]} warning(s)"
    return "no issues found"


def plan_markdown(plan_text_lines: list[str], report: Report, *, anonymiser: Anonymiser | None) -> str:
    """The fix plan (as `gpudoctor fix` prints it) under the report's root cause, for an issue."""
    body = report_markdown(report, anonymiser=None).split("\n<details>")[0].rstrip()
    text = body + "\n\n<details><summary>Fix plan</summary>\n\n```\n" + printable("\n".join(plan_text_lines)) \
        + "\n```\n</details>\n"
    return anonymiser.text(text) if anonymiser else _redacted(text)
