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
    (BAD_INPUT, "bad usage or bad input (unknown option or check id, unreadable or corrupt snapshot, a config, "
                "baseline or history file that cannot be used), or the output cannot be written (a full disk, "
                "a closed pipe)"),
    (INTERNAL_ERROR, "a check ended in error, or gpudoctor itself failed (a bug in gpudoctor or a plugin: "
                     "please report it; README.md, 'Reporting a problem')"),
    (NOTHING_JUDGED, "nothing could be judged: every selected check was skipped as not applicable here "
                     "(e.g. --deep on a machine without GPUs)"),
)


# `read` judges what someone pasted, which rarely shows everything: a paste too thin to judge is
# answered with the commands to run (and exit 0), not with "nothing could be judged".
READ_EXIT_CODES = (
    (HEALTHY, "no finding at or above --fail-on (a paste that shows too little to judge lists what to run)"),
    *CHECK_EXIT_CODES[1:4],
)


def epilog(codes=CHECK_EXIT_CODES) -> str:
    """An exit-code table for `--help`, wrapped for an 80-column terminal with a hanging indent
    (\\b keeps click from re-wrapping it)."""
    import textwrap

    rows = [textwrap.fill(meaning, 74, initial_indent=f"  {code}  ", subsequent_indent="     ")
            for code, meaning in codes]
    return "\b\nExit codes:\n" + "\n".join(rows) + "\n"


def check_epilog() -> str:
    return epilog(CHECK_EXIT_CODES)


def read_exit_code(report, threshold) -> int:
    """The exit code of `gpudoctor read`: as `check`, except that a paste too thin to judge is not 4."""
    code = check_exit_code(report, threshold)
    return HEALTHY if code == NOTHING_JUDGED else code


def check_exit_code(report, threshold) -> int:
    """The exit code of `gpudoctor check` for a report, `threshold` being the --fail-on status."""
    from gpudoctor.model import Status

    statuses = [result.status for result in report.results]
    if Status.ERROR in statuses:
        return INTERNAL_ERROR
    if all(status is Status.SKIP for status in statuses):
        return NOTHING_JUDGED
    return FINDINGS if report.status.rank >= threshold.rank else HEALTHY
