"""What a report's status means to health systems that read exit codes and one line of text.

Nagios plugins (and Icinga, Sensu, Zabbix and Slurm health checks that follow them) read
0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN (Nagios Plugins Development Guidelines, "Plugin Return
Codes"): gpudoctor's own code 2 ("bad usage") would read as CRITICAL there, so `--exit-codes
nagios` maps bad usage to UNKNOWN too. node-problem-detector's custom plugins exit 0 OK,
1 NonOK, 2 Unknown and print their message on stdout, of which it keeps max_output_length
characters, 80 by default (kubernetes/node-problem-detector, docs/custom_plugin_monitor.md and
pkg/custommonitor/types/config.go).

A run in which no check could judge anything (every selected check skipped as not applicable)
is UNKNOWN in both, never OK: a health system must not read "nothing looked" as "healthy".
A Nagios plugin's first line of output is its status ("SERVICE STATE - text"), the rest is long
output (Nagios Plugins Development Guidelines, "Plugin Output").
"""

from __future__ import annotations

NAGIOS = {"ok": 0, "warning": 1, "critical": 2, "unknown": 3}
NPD = {"ok": 0, "nonok": 1, "unknown": 2}
NPD_MESSAGE_LIMIT = 80
RANK = {"skip": 0, "pass": 1, "warn": 2, "fail": 3, "error": 4}


def _first(document: dict, status: str) -> dict | None:
    return next((c for c in document.get("checks") or [] if c.get("status") == status), None)


def nothing_judged(document: dict) -> bool:
    """No check ran, or every one was skipped as not applicable here."""
    return all(c.get("status") == "skip" for c in document.get("checks") or [])


def _counted(document: dict) -> str:
    counts = document.get("counts") or {}
    return f"{counts.get('pass', 0)} checks pass, {counts.get('warn', 0)} warn"


def _skipped(document: dict) -> str:
    return f"nothing could be judged: all {len(document.get('checks') or [])} selected checks were skipped here"


def nagios_result(document: dict) -> tuple[int, str]:
    """(exit code, status line). fail -> CRITICAL before error -> UNKNOWN (a node that fails a
    check is broken whatever else could not run), then nothing judged -> UNKNOWN, warn -> WARNING,
    else OK."""
    for status, state in (("fail", "critical"), ("error", "unknown"), ("warn", "warning")):
        found = _first(document, status)
        if found:
            text = one_line(found) if status != "error" else "could not run " + one_line(found)
            return NAGIOS[state], nagios_line(state, text)
    if nothing_judged(document):
        return NAGIOS["unknown"], nagios_line("unknown", _skipped(document))
    return NAGIOS["ok"], nagios_line("ok", _counted(document))


def nagios_line(state: str, text: str) -> str:
    return f"GPUDOCTOR {state.upper()} - {' '.join(text.split())}"


def nagios_code(document: dict) -> int:
    return nagios_result(document)[0]


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
        return NPD["nonok"], npd_message(one_line(found))
    errored = _first(document, "error")
    if errored:
        return NPD["unknown"], npd_message("could not run " + one_line(errored))
    if nothing_judged(document):
        return NPD["unknown"], npd_message("gpudoctor: " + _skipped(document))
    return NPD["ok"], npd_message(f"gpudoctor: healthy ({_counted(document)})")


def npd_message(text: str) -> str:
    """One line within node-problem-detector's limit, never empty."""
    return (" ".join(text.split()) or "gpudoctor: no message")[:NPD_MESSAGE_LIMIT]
