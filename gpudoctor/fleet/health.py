"""What a report's status means to health systems that read exit codes and one line of text.

Nagios plugins (and Icinga, Sensu, Zabbix and Slurm health checks that follow them) read
0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (Nagios Plugins Development Guidelines, "Plugin Return
Codes"): gpudoctor's own code 2 ("bad usage") would read as CRITICAL there, so `--exit-codes
nagios` maps bad usage to UNKNOWN too. node-problem-detector's custom plugins exit 0 OK,
1 NonOK, 2 Unknown and print their message on stdout, of which it keeps max_output_length
characters, 80 by default (kubernetes/node-problem-detector, docs/custom_plugin_monitor.md and
pkg/custommonitor/types/config.go).
"""

from __future__ import annotations

NAGIOS = {"ok": 0, "warning": 1, "critical": 2, "unknown": 3}
NPD = {"ok": 0, "nonok": 1, "unknown": 2}
NPD_MESSAGE_LIMIT = 80
RANK = {"skip": 0, "pass": 1, "warn": 2, "fail": 3, "error": 4}


def _first(document: dict, status: str) -> dict | None:
    return next((c for c in document.get("checks") or [] if c.get("status") == status), None)


def nagios_code(document: dict) -> int:
    """fail -> CRITICAL before error -> UNKNOWN (a node that fails a check is broken whatever
    else could not run), then warn -> WARNING, else OK."""
    for status, state in (("fail", "critical"), ("error", "unknown"), ("warn", "warning")):
        if _first(document, status):
            return NAGIOS[state]
    return NAGIOS["ok"]


def problem(document: dict, fail_on: str = "fail") -> dict | None:
    """The check that makes the node unhealthy: the first failing one (or warning, with --fail-on warn)."""
    for status in ("fail", "warn") if fail_on == "warn" else ("fail",):
        found = _first(document, status)
        if found:
            return found
    return None


def one_line(check: dict) -> str:
    """'p2p.access: GPU 0 ↔ GPU 1 cannot ...', the check id first so a truncated line still names it."""
    return f"{check['id']}: {' '.join(str(check.get('summary') or check.get('status')).split())}"


def npd_result(document: dict, fail_on: str = "fail") -> tuple[int, str]:
    """node-problem-detector's (exit code, message): NonOK names the check that fails."""
    found = problem(document, fail_on)
    if found:
        return NPD["nonok"], one_line(found)[:NPD_MESSAGE_LIMIT]
    errored = _first(document, "error")
    if errored:
        return NPD["unknown"], ("could not run " + one_line(errored))[:NPD_MESSAGE_LIMIT]
    counts = document.get("counts") or {}
    return NPD["ok"], f"gpudoctor: healthy ({counts.get('pass', 0)} checks pass, {counts.get('warn', 0)} warn)"
