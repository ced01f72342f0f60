"""The command line. Imports stay inside the commands: `gpudoctor --help` loads click and nothing heavy."""

from __future__ import annotations

import contextlib
import errno
import os
import sys

import click

from gpudoctor import __version__
from gpudoctor.errors import BadInput
from gpudoctor.usage_conflicts import refuse_contradictions, refuse_nagios_beside_a_document, refuse_quick_beside
from gpudoctor.exit_codes import READ_EXIT_CODES, WHERE_TO_REPORT, check_epilog, check_exit_code, epilog

EXIT_CODES = check_epilog()


def _load_registry():
    from gpudoctor.registry import load_registry

    return load_registry()


def _complete_check_ids(ctx, param, incomplete: str) -> list[str]:
    from gpudoctor.check_ids import complete

    return complete(incomplete, (c.id for c in _load_registry().checks))


def _complete_any_id(ctx, param, incomplete: str) -> list[str]:
    from gpudoctor.check_ids import complete
    from gpudoctor.fixing.catalog import load_catalog

    return complete(incomplete, [*(c.id for c in _load_registry().checks), *load_catalog()])


def _selected(registry, only: tuple[str, ...], skip: tuple[str, ...], deep: bool, frameworks: bool,
              stress: bool = False):
    """The checks to run (gpudoctor/selection.py decides); an unknown id is bad input."""
    from gpudoctor.selection import UnknownCheck, select_checks

    opt_ins = {name for name, wanted in (("deep", deep), ("frameworks", frameworks), ("stress", stress)) if wanted}
    try:
        return select_checks(registry.checks, only=only, skip=skip, opt_ins=opt_ins)
    except UnknownCheck as exc:
        raise BadInput(str(exc)) from None


def open_host(snapshot_path: str | None, quick: bool = False):
    """This machine (started early where possible), or a snapshot; a bad snapshot is bad input (exit 2)."""
    from gpudoctor.host.opening import open_host as open_it
    from gpudoctor.host.snapshot import SnapshotError

    try:
        return open_it(snapshot_path, quick)
    except SnapshotError as exc:
        raise BadInput(str(exc)) from None


def _write_output(path: str, text: str, mode: int | None = None) -> None:
    from gpudoctor.output_file import write_output

    try:
        write_output(path, text, mode=mode)
    except OSError as exc:
        raise BadInput(f"cannot write {path!r}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def _progress_display(enabled: bool):
    """A spinner with the current step of a long run, on a terminal only (never under --json)."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console

    with Console(stderr=True).status("Starting the GPU tests") as status:
        yield lambda message: status.update(message)


def _stress_requests(seconds: int | None, force: bool) -> dict:
    """What `--stress [SECONDS]` and `--force` ask of the stress probe (gpudoctor/probes/stress.py)."""
    return {} if seconds is None else {"stress_seconds": seconds, "stress_force": force}


@click.group(epilog=EXIT_CODES, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="gpudoctor")
def main() -> None:
    """Find why your NVIDIA GPUs do not work together, and fix what can be fixed safely."""


@main.command(epilog=EXIT_CODES)
@click.option("--only", multiple=True, metavar="ID", shell_complete=_complete_check_ids,
              help="Run only this check (repeatable; a pattern such as 'ollama.*' names several).")
@click.option("--skip", "skip_ids", multiple=True, metavar="ID", shell_complete=_complete_check_ids,
              help="Do not run this check (repeatable; patterns too).")
@click.option("--fail-on", type=click.Choice(["warn", "fail"]), default="fail", show_default=True,
              help="Lowest status that makes the exit code 1.")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report instead of the terminal report.")
@click.option("-o", "--output", metavar="FILE", help="Write the JSON report to FILE.")
@click.option("--junit", metavar="FILE", help="Write a JUnit XML report to FILE.")
@click.option("--from", "snapshot_path", metavar="SNAPSHOT", help="Replay a recorded snapshot instead of this machine.")
@click.option("--deep", is_flag=True, help="Also move real data between the GPUs and through NCCL (takes seconds).")
@click.option("--frameworks", is_flag=True,
              help="Also ask PyTorch and TensorFlow what they see, in a child process (their import takes seconds).")
@click.option("--stress", "stress_seconds", type=click.IntRange(5, 600), is_flag=False, flag_value=60, default=None,
              metavar="[SECONDS]", help="Also load every GPU at full power at once for SECONDS (default 60, at most 600) "
                                        "and judge power, clocks, heat, links, results and the kernel log.")
@click.option("--force", is_flag=True, help="With --stress: load the GPUs even while other processes use them.")
@click.option("--quick", is_flag=True,
              help="Leave the CUDA driver uninitialised (its start takes about 0.2 s per GPU): what only CUDA can "
                   "show (its device list, peer access, a cuInit that fails) is reported unknown.")
@click.option("--min-driver", type=click.IntRange(1), default=535, show_default=True,
              help="Oldest acceptable NVIDIA driver branch.")
@click.option("-v", "--verbose", is_flag=True, help="Show every finding's details.")
@click.option("--format", "report_format", type=click.Choice(["terminal", "markdown", "prom", "npd"]),
              default="terminal", show_default=True,
              help="markdown: a compact report to paste into an issue (secrets redacted); prom: Prometheus metrics; "
                   "npd: one line and exit code 0/1/2 for node-problem-detector.")
@click.option("--no-anonymise", is_flag=True, help="With --format markdown: keep host and user names.")
@click.option("--prom", "prom_path", metavar="FILE",
              help="Write Prometheus metrics to FILE atomically (node_exporter's textfile collector).")
@click.option("--nfd", "nfd_path", metavar="FILE", help="Write Node Feature Discovery labels to FILE atomically.")
@click.option("--exit-codes", "exit_codes", type=click.Choice(["gpudoctor", "nagios"]), default="gpudoctor",
              show_default=True, help="nagios: 0 pass, 1 warn, 2 fail, 3 could not run or bad usage.")
@click.option("--config", "config_path", metavar="FILE",
              help="A team's policy (TOML or JSON): expected GPUs, minimum driver, bandwidth shares, baseline, "
                   "history. Default: $GPUDOCTOR_CONFIG.")
@click.option("--baseline", "baseline_path", metavar="FILE",
              help="Judge --deep figures against this known-good node's (from `gpudoctor baseline record`).")
@click.option("--history", "history_path", metavar="FILE",
              help="Keep this node's error history in FILE (Xid, AER, NVLink counters across runs); "
                   "default: the config file's `history`.")
@click.pass_context
def check(ctx, only, skip_ids, fail_on, as_json, output, junit, snapshot_path, deep, frameworks, stress_seconds, force,
          quick, min_driver, verbose, report_format, no_anonymise, prom_path, nfd_path, exit_codes, config_path,
          baseline_path, history_path) -> None:
    """Diagnose this machine (or a snapshot) and report."""
    refuse_contradictions(as_json, report_format, verbose, no_anonymise)
    refuse_quick_beside(quick, snapshot_path, deep, frameworks, stress_seconds)
    refuse_nagios_beside_a_document(exit_codes, as_json, report_format)
    from gpudoctor.engine import Options
    from gpudoctor.model import Status
    from gpudoctor.policy_files import read_policy

    policy = read_policy(config_path, baseline_path)
    if policy.min_driver and ctx.get_parameter_source("min_driver") is click.core.ParameterSource.DEFAULT:
        min_driver = policy.min_driver  # the flag, when given, wins over the team's file
    host = open_host(snapshot_path, quick)  # a live host starts NVML and cuInit now, while the checks load
    history = _history(history_path or policy.history_path, host)
    registry = _load_registry()
    checks = _selected(registry, only, skip_ids, deep, frameworks, stress_seconds is not None)
    options = Options(min_driver=min_driver, source=snapshot_path or "live", policy=policy, history=history)
    report = _run_and_close(host, checks, registry, options, progress=not as_json, report_broken_plugins=not only,
                            requests=_stress_requests(stress_seconds, force))
    _keep_history(report, history)
    threshold = Status.WARN if fail_on == "warn" else Status.FAIL
    from gpudoctor.report.json_report import render_json
    from gpudoctor.report.outputs import send_machine_reports

    send_machine_reports(report, threshold, lambda: render_json(report), as_json=as_json, output=output, junit=junit,
                         write=_write_output)
    if report_format == "markdown":
        from gpudoctor.report.anonymise import this_machine
        from gpudoctor.report.markdown import report_markdown

        click.echo(report_markdown(report, anonymiser=None if no_anonymise else this_machine()), nl=False)
    if report_format in ("prom", "npd") or prom_path or nfd_path:
        _send_fleet_outputs(report, report_format, prom_path, nfd_path, fail_on)
    nagios_code = _print_nagios_status(report) if exit_codes == "nagios" else None
    if not as_json and report_format == "terminal":
        from gpudoctor.report.terminal import print_report

        print_report(report, verbose=verbose)
    if nagios_code is not None:
        global _verdict_given
        _verdict_given = True  # a 2 from here is CRITICAL, not bad usage
        sys.exit(nagios_code)
    sys.exit(check_exit_code(report, threshold))


def _history(path: str | None, host):
    """The node's error history kept in `path` (None: none is kept), as of the run's time (a snapshot's own)."""
    if not path:
        return None
    import time

    from gpudoctor.policy_files import read_history

    return read_history(path, getattr(host, "recorded_at", None) or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def _keep_history(report, history) -> None:
    """This run's record appended to the error history, where one is kept and gpu.error-history made one."""
    from gpudoctor.policy_files import history_record

    record = history_record(report) if history is not None else None
    if record is None:
        return
    import json

    from gpudoctor.history import RunRecord

    _write_output(history.path, json.dumps(history.appended(RunRecord(**record)), indent=1) + "\n")


def _run_and_close(host, checks, registry, options, *, progress: bool, **run_options):
    """The checks run on `host`, which is closed afterwards; a spinner on a terminal while --deep or
    --stress measures, unless `progress` is off."""
    from gpudoctor.engine import run_checks
    from gpudoctor.summary import host_summary

    slow = any(c.opt_in in ("deep", "stress") for c in checks)
    try:
        with _progress_display(enabled=slow and progress) as on_progress:
            return run_checks(host, checks, registry, options, summarize=host_summary, on_progress=on_progress,
                              **run_options)
    finally:
        host.close()


def _send_fleet_outputs(report, report_format: str, prom_path: str | None, nfd_path: str | None,
                        fail_on: str) -> None:
    """Prometheus metrics and NFD labels (files, or stdout), and node-problem-detector's line and exit code."""
    from gpudoctor.fleet.outputs import write_fleet_outputs

    code = write_fleet_outputs(report, report_format, prom_path, nfd_path, fail_on, _write_output)
    if report_format == "npd":
        sys.exit(code)


def _print_nagios_status(report) -> int:
    """A Nagios plugin's first line is its status (the report is its long output); returns its exit code."""
    from gpudoctor.fleet.health import nagios_result
    from gpudoctor.report.json_report import report_document

    nagios_code, status_line = nagios_result(report_document(report))
    click.echo(status_line)
    return nagios_code


@main.command(epilog=epilog(READ_EXIT_CODES))
@click.argument("files", nargs=-1, metavar="[FILE]...")
@click.option("--fail-on", type=click.Choice(["warn", "fail"]), default="fail", show_default=True,
              help="Lowest status that makes the exit code 1.")
@click.option("--json", "as_json", is_flag=True, help="Print the JSON report instead of the terminal report.")
@click.option("-o", "--output", metavar="FILE", help="Write the JSON report to FILE.")
@click.option("--junit", metavar="FILE", help="Write a JUnit XML report to FILE.")
@click.option("--format", "report_format", type=click.Choice(["terminal", "markdown"]), default="terminal",
              show_default=True, help="markdown: a compact report to paste back into the issue.")
@click.option("--no-anonymise", is_flag=True, help="With --format markdown: keep host and user names.")
@click.option("-v", "--verbose", is_flag=True, help="Show every finding's details.")
def read(files, fail_on, as_json, output, junit, report_format, no_anonymise, verbose) -> None:
    """Diagnose from what someone pasted: nvidia-smi, topo, Ollama logs, wsl, ldconfig, collect_env ...

    FILE holds the pasted text (any mix of outputs, with prompts, fences, journal prefixes, CRLF or
    UTF-16); `-` or no FILE reads standard input. What the paste does not show is reported as
    unknown, with the commands whose output would settle the most.
    """
    refuse_contradictions(as_json, report_format, verbose, no_anonymise)
    from gpudoctor.pasted.command import UnreadablePaste, run_read

    try:
        code = run_read(files, as_json=as_json, output=output, junit=junit, markdown=report_format == "markdown",
                        anonymise=not no_anonymise, fail_on=fail_on, verbose=verbose, write=_write_output)
    except UnreadablePaste as exc:
        raise BadInput(str(exc)) from None
    sys.exit(code)


MERGE_EPILOG = """\b
Exit codes:
  0  merged: every node passes (or only warns), none is an outlier, no two
     share a name or ID
  1  merged: some node fails or could not run a check, is an outlier among its
     peers (GPU count, PCIe width, driver, bandwidth), or shares a name or ID
     with another node
  2  bad usage, or a report could not be read (the view is printed without
     it), or none could
"""


@main.command(epilog=MERGE_EPILOG)
@click.argument("reports", nargs=-1, required=True, metavar="REPORT...")
@click.option("--json", "as_json", is_flag=True, help="Print the merged view as JSON.")
@click.option("--format", "view_format", type=click.Choice(["terminal", "markdown"]), default="terminal",
              show_default=True, help="markdown: the table, groups and outliers to paste into a ticket.")
@click.option("--html", "html_path", metavar="FILE", help="Also write a self-contained HTML page (table, bar chart).")
def merge(reports, as_json, view_format, html_path) -> None:
    """Merge JSON reports of many nodes (files, or folders of *.json): nodes × checks, groups of
    identical configurations, and outliers among peers (a GPU missing, a narrower PCIe link, a driver
    unlike theirs, bandwidth far below theirs); what needs a look comes first."""
    if as_json and view_format != "terminal":
        raise BadInput(f"--json and --format {view_format} both print the merged view on stdout: choose one")
    from gpudoctor.fleet.command import run_merge
    from gpudoctor.fleet.merge import MergeError

    try:
        sys.exit(run_merge(reports, as_json, view_format, html_path, _write_output))
    except MergeError as exc:
        raise BadInput(str(exc)) from None


@main.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the checks as JSON.")
def list_checks(as_json: bool) -> None:
    """List the checks: id, platforms, whether a fix exists, which flag runs the slow ones, title."""
    from gpudoctor.describe import check_json, check_table
    from gpudoctor.report.console import output_width
    from gpudoctor.report.printable import printable

    registry = _load_registry()
    click.echo(check_json(registry) if as_json else "\n".join(check_table(registry, output_width())), nl=not as_json)
    for plugin in registry.broken:
        click.echo(printable(f"broken plugin {plugin.name} ({plugin.target}): {plugin.problem}"), err=True)


@main.command()
@click.argument("check_id", metavar="ID", shell_complete=_complete_any_id)
def explain(check_id: str) -> None:
    """Print what a check looks at and why (its own documentation), what a fix script changes, or what a
    failure signature code (shown in [brackets] in findings) means, with its sources."""
    from gpudoctor.check_ids import unknown_id
    from gpudoctor.describe import explain_check, explain_fix
    from gpudoctor.fixing.catalog import load_catalog
    from gpudoctor.report.console import output_width

    registry = _load_registry()
    item = registry.by_id(check_id)
    if item is not None:
        click.echo(explain_check(item, output_width()))
        return
    catalog = load_catalog()
    if check_id in catalog:
        click.echo(explain_fix(catalog[check_id], [c.id for c in registry.checks if check_id in c.fixes],
                               output_width()))
        return
    from gpudoctor.describe import explain_signature
    from gpudoctor.knowledge.signatures import MERGED_INTO, by_code, catalogue
    from gpudoctor.knowledge.signatures.reasoned import ROWS as REASONED

    signature = by_code(MERGED_INTO.get(check_id, check_id))
    if signature is not None:
        if check_id in MERGED_INTO:
            click.echo(f"{check_id} was merged into {signature.code}, which reads the same lines:\n")
        click.echo(explain_signature(signature, output_width()))
        return
    codes = (s.code for s in (*catalogue(), *REASONED))
    raise BadInput(unknown_id(check_id, [*(c.id for c in registry.checks), *catalog, *codes],
                              "check, fix or signature code",
                              "`gpudoctor list` (checks), `gpudoctor fix` (fixes) and findings' [codes]"))


@main.command()
@click.option("-o", "--output", metavar="FILE", default="gpudoctor-snapshot.json", show_default=True,
              help="Where to write the snapshot.")
@click.option("--deep", is_flag=True, help="Also record the --deep measurements.")
@click.option("--frameworks", is_flag=True, help="Also record what PyTorch and TensorFlow see.")
@click.option("--stress", "stress_seconds", type=click.IntRange(5, 600), is_flag=False, flag_value=60, default=None,
              metavar="[SECONDS]", help="Also record a stress run: every GPU at full power at once for SECONDS "
                                        "(default 60, at most 600), watched all along.")
@click.option("--force", is_flag=True, help="With --stress: load the GPUs even while other processes use them.")
@click.option("--quick", is_flag=True, help="Record what `check --quick` sees: the CUDA driver left uninitialised.")
@click.option("--anonymise", is_flag=True,
              help="Replace host and user names, home paths, serial numbers and UUIDs (consistently) before writing.")
def snapshot(output: str, deep: bool, frameworks: bool, stress_seconds: int | None, force: bool, quick: bool,
             anonymise: bool) -> None:
    """Record what the probes see on this machine, to replay with `check --from`."""
    from gpudoctor.engine import Options
    from gpudoctor.host.snapshot import snapshot_document

    refuse_quick_beside(quick, None, deep, frameworks, stress_seconds)
    registry = _load_registry()
    checks = _selected(registry, (), (), deep, frameworks, stress_seconds is not None)
    host = open_host(None, quick)
    _run_and_close(host, checks, registry, Options(), progress=True, requests=_stress_requests(stress_seconds, force))
    import json

    from gpudoctor.host.snapshot_privacy import describe
    from gpudoctor.report.printable import json_text

    document = snapshot_document(host)
    if anonymise:
        from gpudoctor.report.anonymise import anonymised_snapshot

        document, summary = anonymised_snapshot(document)
        click.echo("\n".join(summary))
    _write_output(output, json_text(document, redact=False, indent=1) + "\n")  # redacted as recorded
    click.echo(f"Recorded {len(document['calls'])} probe answers to {output}. It holds:")
    for line in describe(document["calls"]):
        click.echo(f"  - {line}")
    more = "" if anonymise else " (--anonymise also replaces host names, GPU UUIDs and serial numbers)"
    click.echo(f"Tokens and passwords are redacted, your home folder is ~ and your user name <user>{more}; "
               "read it before you share it.")


@main.group()
def baseline() -> None:
    """A known-good node's measured figures, for nodes of the same hardware to be judged against."""


@baseline.command("record", epilog="""\b
Exit codes:
  0  the baseline was written
  1  refused: a --deep check did not pass here, so this node is not a
     known-good one
  2  bad usage, or a snapshot or output file that cannot be used""")
@click.option("-o", "--output", metavar="FILE", default="gpudoctor-baseline.json", show_default=True,
              help="Where to write the baseline.")
@click.option("--from", "snapshot_path", metavar="SNAPSHOT",
              help="Take the figures from a snapshot recorded with --deep.")
def baseline_record(output: str, snapshot_path: str | None) -> None:
    """Measure this node (the --deep checks) and write its figures; use it with `check --baseline FILE` or the
    config file's `baseline` key on nodes of the same GPUs and links."""
    from gpudoctor.baseline_record import MEASURING_CHECKS, baseline_of, refusals
    from gpudoctor.engine import Options
    from gpudoctor.report.printable import json_text, printable

    registry = _load_registry()
    checks = _selected(registry, MEASURING_CHECKS, (), True, False)
    report = _run_and_close(open_host(snapshot_path), checks, registry, Options(source=snapshot_path or "live"),
                            progress=False)
    reasons = refusals(report)
    if reasons:
        click.echo("Not recorded: this node is not a known-good one.", err=True)
        for reason in reasons:
            click.echo(printable(f"  - {reason}"), err=True)
        sys.exit(1)
    document = baseline_of(report)
    _write_output(output, json_text(document, indent=1) + "\n")
    click.echo(f"Recorded {len(document['figures'])} figures to {output}:")
    for key, gbps in document["figures"].items():
        click.echo(f"  {key}: {gbps} GB/s")


FIX_EPILOG = """\b
Every --apply run is logged (time, command, exit code, output), appended to:
  Linux/WSL: $XDG_STATE_HOME/gpudoctor/fix.log
             (default ~/.local/state/gpudoctor/fix.log)
  Windows:   %LOCALAPPDATA%\\gpudoctor\\fix.log

\b
Exit codes:
  0  plan shown, or every fix ran
  1  a fix failed (the ones after it were not run), or the confirmation was
     declined
  2  refused: bad usage, unknown id, --apply with --from, no terminal to
     confirm on and no --yes, a fix for another platform, or one needing
     root/administrator rights gpudoctor does not have
  3  internal error (a bug in gpudoctor or a plugin: please report it)
"""


@main.command(epilog=FIX_EPILOG)
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--apply", "apply_", is_flag=True, help="Run the planned fixes (after one confirmation), then check again.")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation (for pipelines).")
@click.option("--dry-run", is_flag=True, help="With --apply: run the scripts' own preview (--dry-run / -WhatIf).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON record (plan, steps, before/after) on stdout.")
@click.option("--from", "snapshot_path", metavar="SNAPSHOT", help="Plan for a recorded snapshot (no --apply).")
@click.option("--min-driver", type=click.IntRange(1), default=535, show_default=True,
              help="Oldest acceptable NVIDIA driver branch.")
@click.option("--format", "report_format", type=click.Choice(["terminal", "markdown"]), default="terminal",
              show_default=True, help="markdown: the plan under the root cause, to paste into an issue.")
@click.option("--no-anonymise", is_flag=True, help="With --format markdown: keep host and user names.")
def fix(ids, apply_, yes, dry_run, as_json, snapshot_path, min_driver, report_format, no_anonymise) -> None:
    """Show what would fix the problems found (nothing changes), or fix them with --apply.

    IDs (fix ids such as wsl.remove-linux-driver, or check ids) restrict the plan. Each fix is a
    script shipped with gpudoctor (fixes/): the plan shows the script, the platform it runs on,
    the rights it needs, what it changes and its exact command line. Fixes run one by one in a
    fixed order (Windows features and WSL version, wrong driver removal, CUDA toolkit, NCCL,
    environment variables, service restarts) and stop at the first failure.
    """
    refuse_contradictions(as_json, report_format, False, no_anonymise)
    from gpudoctor.fixing.command import Request, run_fix

    sys.exit(run_fix(Request(ids, apply_, yes, dry_run, as_json, snapshot_path, min_driver,
                             markdown=report_format == "markdown", anonymise=not no_anonymise)))


# Errors of writing standard output (`gpudoctor check > /dev/full`, `| head` closing the pipe): not a bug.
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF}


def _output_failed(exc: OSError) -> int:
    if exc.errno not in _OUTPUT_ERRNOS:
        with contextlib.suppress(OSError):
            click.echo(f"gpudoctor: internal error: {type(exc).__name__}: {exc} (please report this)", err=True)
        return 3
    with contextlib.suppress(OSError):
        click.echo(f"gpudoctor: cannot write the output: {exc.strerror or exc}", err=True)
    return 3 if _nagios_exit_codes(sys.argv[1:]) else 2  # Nagios: UNKNOWN, like bad usage


_verdict_given = False


def _nagios_exit_codes(argv: list[str]) -> bool:
    """Whether the command line asked for --exit-codes nagios (read before click, whose own usage errors come first)."""
    return "--exit-codes=nagios" in argv or any(a == "--exit-codes" and b == "nagios" for a, b in zip(argv, argv[1:]))


def _end_left_helpers() -> None:
    """Helpers a command left running (a daemonising tool, one abandoned at its deadline) end with gpudoctor."""
    live = sys.modules.get("gpudoctor.host.live")  # not imported: no command was run, nothing to end
    if live is not None:
        with contextlib.suppress(Exception):
            live.end_left_helpers()
    for name in ("gpudoctor.host.cuda_child", "gpudoctor.host.nvml_child"):  # the drivers' children, if forked
        child = sys.modules.get(name)
        if child is not None:
            with contextlib.suppress(Exception):
                child.stop()


def _health_system(argv: list[str]) -> str | None:
    """"nagios" or "npd" when a health system reads this run's stdout and exit code, else None."""
    if _nagios_exit_codes(argv):
        return "nagios"
    if "--format=npd" in argv or any(a == "--format" and b == "npd" for a, b in zip(argv, argv[1:])):
        return "npd"
    return None


def _say_unknown(health: str, why: str) -> None:
    """A health system reads stdout: bad usage must say UNKNOWN there too, not only on stderr."""
    from gpudoctor.fleet.health import nagios_line, npd_message

    line = nagios_line("unknown", why) if health == "nagios" else npd_message(f"gpudoctor: cannot judge: {why}")
    with contextlib.suppress(OSError):
        click.echo(line)


def _run_main(health: str | None) -> int:
    """click's standalone mode, except that a health system also gets the usage error on stdout."""
    if health is None:
        main(standalone_mode=True)
        return 0
    try:
        outcome = main(standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        _say_unknown(health, exc.format_message())
        return exc.exit_code
    except click.exceptions.Abort:
        click.echo("Aborted!", err=True)
        return 1
    return outcome if isinstance(outcome, int) else 0


def run(early_host=None) -> None:
    """Entry point: click's own errors exit 2; anything unexpected is one line and exit 3."""
    from gpudoctor.host.opening import keep_early_host

    keep_early_host(early_host)
    health = _health_system(sys.argv[1:])
    code = 0
    try:
        code = _run_main(health)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code is not None and not isinstance(exc.code, int):
            click.echo(exc.code, err=True)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        code = 130
    except OSError as exc:
        code = _output_failed(exc)
    except Exception as exc:  # never a traceback for the user
        from gpudoctor.report.printable import printable

        click.echo(printable(f"gpudoctor: internal error: {type(exc).__name__}: {exc} (please report it: "
                             f"{WHERE_TO_REPORT})"), err=True)
        if health:
            _say_unknown(health, f"internal error: {type(exc).__name__}")
        code = 3
    if code == 2 and not _verdict_given and health == "nagios":
        code = 3  # bad usage is UNKNOWN to Nagios-style health systems, not CRITICAL
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except OSError as exc:
        code = _output_failed(exc)
    _end_left_helpers()
    # Leave without the interpreter's and the libraries' exit handlers: a thread stuck in a hung
    # driver must not keep the process alive, and libcuda's own teardown after cuInit costs time
    # for nothing (gpudoctor creates no CUDA context in this process).
    os._exit(code)
