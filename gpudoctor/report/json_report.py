"""The JSON report, as published in report.schema.json beside this file (schema_version 1)."""

from __future__ import annotations

import json
from typing import Any

from gpudoctor.engine import Report
from gpudoctor.model import CheckResult, Finding, Status

SCHEMA_ID = "gpudoctor-report"
SCHEMA_VERSION = 1


def _finding(finding: Finding) -> dict[str, Any]:
    document = {
        "status": finding.status.value,
        "summary": finding.summary,
        "details": list(finding.details),
        "evidence": finding.evidence,
        "fix": finding.fix,
        "fix_args": list(finding.fix_args),
        "caused_by": finding.caused_by,
        "action": finding.action.value if finding.action else None,
    }
    if finding.evidence.get("signatures"):  # the known failures behind it, for pipelines to count
        document["signatures"] = list(finding.evidence["signatures"])
    return document


def headline(result: CheckResult) -> Finding:
    """The finding that speaks for a check: its worst, the first of equals."""
    return max(result.findings, key=lambda f: f.status.rank)


def _check(result: CheckResult) -> dict[str, Any]:
    lead = headline(result)
    return {
        "id": result.check_id,
        "title": result.title,
        "status": result.status.value,
        "summary": lead.summary,
        "details": [d for f in result.findings for d in f.details],
        "evidence": lead.evidence,
        "fix": next((f.fix for f in result.findings if f.fix and f.status.rank >= Status.WARN.rank), None),
        "caused_by": lead.caused_by,
        "action": lead.action.value if lead.action else None,
        "duration_s": round(result.duration_s, 6),
        "findings": [_finding(f) for f in result.findings],
    }


def report_document(report: Report) -> dict[str, Any]:
    return {
        "schema": SCHEMA_ID,
        "schema_version": SCHEMA_VERSION,
        "gpudoctor_version": report.gpudoctor_version,
        "started_at": report.started_at,
        "recorded_at": report.recorded_at or report.started_at,
        "duration_s": round(report.duration_s, 6),
        "source": report.source,
        "status": report.status.value,
        "counts": {status.value: report.count(status) for status in Status},
        "host": report.host,
        "thresholds": report.thresholds,
        "checks": [_check(r) for r in report.results],
        "probe_timings_s": {name: round(seconds, 6) for name, seconds in sorted(report.probe_timings.items())},
    }


def render_json(report: Report) -> str:
    from gpudoctor.report.printable import json_text

    return json_text(report_document(report), indent=2, default=str) + "\n"
