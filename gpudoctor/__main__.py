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


def run() -> None:
    early_host = None
    if _probes_this_machine(sys.argv[1:]):
        from gpudoctor.host.live import LiveHost

        from gpudoctor.probes.python_envs import ask_early

        early_host = LiveHost()
        early_host.warm_up()
        ask_early(early_host)
    from gpudoctor import cli

    cli.run(early_host)


if __name__ == "__main__":
    run()
