"""The `gpudoctor` command and `python -m gpudoctor`.

Checking this machine waits for the CUDA driver's cuInit (0.2-0.4 s on the H200 hosts) and for every
Python on PATH to say which GPU packages it holds (0.1 s each, in child processes), so a live `check`,
`snapshot` or `fix` starts both here, before click and the checks are even imported.
"""

from __future__ import annotations

import sys


def _probes_this_machine(args: list[str]) -> bool:
    """Whether the command line asks about this machine: not a replay (`--from FILE`, `--from=FILE`),
    not help. A wrong guess costs only time: click parses the command line properly afterwards."""
    if not args or args[0] not in ("check", "snapshot", "fix"):
        return False
    return not any(arg in ("--from", "-h", "--help") or arg.startswith("--from=") for arg in args[1:])


def start_probing_early(quick: bool = False):
    """This machine's host, with NVML, cuInit (unless `quick`) and the questions to every Python on PATH
    already under way."""
    from gpudoctor.host.live import LiveHost
    from gpudoctor.probes.python_envs import ask_early

    host = LiveHost(quick=quick)
    host.warm_up()
    ask_early(host)
    return host


def run() -> None:
    args = sys.argv[1:]
    early_host = start_probing_early(quick="--quick" in args) if _probes_this_machine(args) else None
    from gpudoctor import cli

    cli.run(early_host)


if __name__ == "__main__":
    run()
