"""The entry point starts NVML and cuInit before click loads, but never for a replay or for help."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hosts import HOSTS

# Runs the real entry point with LiveHost.warm_up replaced by a marker on stderr.
PROGRAM = """
import sys
from gpudoctor.host import live
def marked(self):
    sys.stderr.write("LIVE HOST STARTED%s\\n" % (" QUICK" if self.quick else ""))
live.LiveHost.warm_up = marked
sys.argv = ["gpudoctor", *sys.argv[1:]]
from gpudoctor.__main__ import run
run()
"""
SNAPSHOT = str(HOSTS / "linux-2xh200-nvlink.json")


def _started_live(*args: str) -> bool:
    proc = subprocess.run([sys.executable, "-c", PROGRAM, *args], capture_output=True, text=True, timeout=120)
    return "LIVE HOST STARTED" in proc.stderr


@pytest.mark.parametrize("args", [
    ("check", "--from", SNAPSHOT, "--only", "gpu.count"),
    ("check", f"--from={SNAPSHOT}", "--only", "gpu.count"),
    ("fix", f"--from={SNAPSHOT}"),
    ("check", "--help"),
])
def test_a_replay_or_help_never_starts_the_local_gpu(args):
    assert not _started_live(*args)


def test_a_live_check_starts_early():
    assert _started_live("check", "--only", "env.gpu")


def test_a_quick_check_starts_early_without_the_cuda_driver():
    proc = subprocess.run([sys.executable, "-c", PROGRAM, "check", "--quick", "--only", "env.gpu"], capture_output=True,
                          text=True, timeout=120)
    assert "LIVE HOST STARTED QUICK" in proc.stderr
