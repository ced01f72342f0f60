"""A replay reads a recorded snapshot: it must not load what only asks the machine (NVML, the CUDA driver, the
live host and the native libraries' thread), which also costs every replay its import time."""

from __future__ import annotations

from hosts import HOSTS, replay_in_a_fresh_process

SNAPSHOT = HOSTS / "linux-2xh200-nvlink.json"

ASKS_THE_MACHINE = ("gpudoctor.host.live", "gpudoctor.host.nvml", "gpudoctor.host.native", "gpudoctor.host.cuda_child",
                    "gpudoctor.host.library_thread", "pynvml", "ctypes")


def test_a_replay_imports_nothing_that_asks_the_machine():
    lines = replay_in_a_fresh_process(SNAPSHOT, 'print(" ".join(sorted(sys.modules)))')
    imported = set(lines[-1].split())
    assert "gpudoctor.checks.gpu" in imported  # the checks did run
    assert not imported & set(ASKS_THE_MACHINE)
