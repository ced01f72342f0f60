"""The `gpudoctor` command and `python -m gpudoctor`.

Checking this machine waits for the CUDA driver's cuInit (0.2-0.4 s on the H200 hosts), for NVML's answers
about every GPU and for every Python on PATH to say which GPU packages it holds (0.1 s each, in child
processes), so a live `check`, `snapshot` or `fix` starts them here, before click and the checks are even
imported.
"""

from __future__ import annotations

import sys


def _probes_this_machine(args: list[str]) -> bool:
    """Whether the command line asks about this machine: not a replay (`--from FILE`, `--from=FILE`),
    not help. A wrong guess costs only time: click parses the command line properly afterwards."""
    if not args or args[0] not in ("check", "snapshot", "fix"):
        return False
    return not any(arg in ("--from", "-h", "--help") or arg.startswith("--from=") for arg in args[1:])


def _checks_every_gpu_fact(args: list[str]) -> bool:
    """Whether no --only or --skip narrows the checks: then the GPU inventory is needed for sure, and its NVML
    questions can be asked before the checks are even imported."""
    return not any(arg.split("=")[0] in ("--only", "--skip") for arg in args)


def start_probing_early(quick: bool = False, inventory: bool = True, deep: bool = False):
    """This machine's host, with NVML (in a child process, host/nvml_child.py), the CUDA driver's questions (in a
    child process, host/cuda_child.py; in a thread of this process with `deep`; never with `quick`), the GPU
    inventory's NVML questions (with `inventory`), the questions to every Python on PATH and the signature
    catalogue's compiling (in a child process, for the kernel log: scan_child.py) already under way."""
    from gpudoctor.host import nvml_child
    from gpudoctor.knowledge import scan_child

    # The children first: each forks, and a fork must come before any thread starts. With cuInit in a process of
    # its own, the kernel log's scan is on a full check's critical path as on a quick one's. NVML's child first of
    # all: its start (pynvml's import, nvmlInit) then runs beside everything else.
    nvml_child.start(_new_nvml_session, helper=nvml_child.gpu_device_nodes() >= 2)
    scan_child.start()
    # `--deep` starts CUDA in its worker too, and beside it the child gained nothing: on two H200s `--deep` took 4.81 s
    # (median of 7) against 4.48 s for the release before, interleaved over two calls, and 4.38 s without the child
    # (4 runs in the second call), so there cuInit stays in this process as before.
    if not quick and not deep:
        from gpudoctor.host import cuda_child

        cuda_child.start(_ask_the_cuda_driver)
    from gpudoctor.host.live import LiveHost
    from gpudoctor.probes import gpus, python_envs

    host = LiveHost(quick=quick)
    host.warm_up()
    if inventory:
        gpus.ask_early(host)
    python_envs.ask_early(host)
    return host


def _new_nvml_session():
    from gpudoctor.host.nvml import NvmlSession  # imported in the child: the fork need not wait for it

    return NvmlSession()


def _ask_the_cuda_driver() -> dict:
    from gpudoctor.host.native import cuda_answers  # imported in the child: the fork need not wait for it

    return cuda_answers()


def run() -> None:
    args = sys.argv[1:]
    early_host = start_probing_early(quick="--quick" in args, inventory=_checks_every_gpu_fact(args),
                                     deep="--deep" in args) if _probes_this_machine(args) else None
    from gpudoctor import cli

    cli.run(early_host)


if __name__ == "__main__":
    run()
