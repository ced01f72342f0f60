"""A timed-out command is killed with everything it started, also a grandchild in a session of its own."""

from __future__ import annotations

import os
import sys
import time

import pytest

from gpudoctor.host.live import run_command

# The child starts a grandchild in a new session (out of the child's process group, as a daemon
# would), prints the grandchild's pid, and then hangs like a stuck command.
SPAWN = """
import subprocess, sys, time
grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
                              start_new_session=True)
print(grandchild.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def test_timeout_kills_the_grandchild_too():
    started = time.monotonic()
    result = run_command([sys.executable, "-c", SPAWN], timeout=1.5)
    assert result.error == "timeout"
    assert time.monotonic() - started < 10
    grandchild = int(result.stdout.split()[0])
    deadline = time.monotonic() + 5
    while _alive(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = _alive(grandchild)
    if alive:  # do not leave it behind when the assertion fails
        os.kill(grandchild, 9)
    assert not alive, "the grandchild outlived the timeout"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX wait status")
def test_a_command_that_finishes_is_untouched():
    result = run_command([sys.executable, "-c", "print('fine')"], timeout=10)
    assert result.returncode == 0 and result.stdout.strip() == b"fine" and result.error is None
