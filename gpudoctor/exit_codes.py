"""What the exit code of `gpudoctor check` means: one table, shown by `--help` and in README.md.

A pipeline reads only the code, so each outcome a pipeline must tell apart has its own: a run in
which every selected check was skipped judged nothing and is not "healthy", and a check that
ended in error (it crashed, or the facts it needs could not be gathered) is not a finding about
the machine.
"""

from __future__ import annotations

HEALTHY = 0
FINDINGS = 1
BAD_INPUT = 2
INTERNAL_ERROR = 3
NOTHING_JUDGED = 4

WHERE_TO_REPORT = "README.md, 'Reporting a problem', says where and what to attach"

CHECK_EXIT_CODES = (
    (HEALTHY, "healthy: no finding at or above --fail-on"),
    (FINDINGS, "a finding at or above --fail-on (default: fail)"),
    (BAD_INPUT, "bad usage or bad input (unknown option or check id, unreadable or corrupt snapshot)"),
    (INTERNAL_ERROR, "a check ended in error, or gpudoctor itself failed (a bug in gpudoctor or a plugin: "
                     "please report it)"),
    (NOTHING_JUDGED, "nothing could be judged: every selected check was skipped as not applicable here "
                     "(e.g. --deep on a machine without GPUs)"),
)


def check_epilog() -> str:
    """The exit-code table for `--help` (\\b keeps click from re-wrapping it)."""
    return "\b\nExit codes:\n" + "\n".join(f"  {code}  {meaning}" for code, meaning in CHECK_EXIT_CODES) + "\n"


def check_exit_code(report, threshold) -> int:
    """The exit code of `gpudoctor check` for a report, `threshold` being the --fail-on status."""
    from gpudoctor.model import Status

    statuses = [result.status for result in report.results]
    if Status.ERROR in statuses:
        return INTERNAL_ERROR
    if all(status is Status.SKIP for status in statuses):
        return NOTHING_JUDGED
    return FINDINGS if report.status.rank >= threshold.rank else HEALTHY
