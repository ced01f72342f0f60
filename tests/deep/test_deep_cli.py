"""`gpudoctor check --deep` as a user runs it: in a child process, on this machine or on the fake driver."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest

from deep.deep_hosts import DEEP_CHECKS

ONLY_DEEP = [arg for check_id in DEEP_CHECKS for arg in ("--only", check_id)]


def gpudoctor(*args, env=None, stderr=subprocess.PIPE, timeout=120):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], stdout=subprocess.PIPE, stderr=stderr,
                          env=env, timeout=timeout)


def test_check_deep_on_this_machine_ends_cleanly(no_real_libcuda):
    finished = gpudoctor("check", "--deep", "-v")
    out, err = finished.stdout.decode(), finished.stderr.decode()
    assert finished.returncode in (0, 1), err
    assert "Traceback" not in out + err and "internal error" not in err
    for check_id in DEEP_CHECKS:
        assert check_id in out
    assert "No NVIDIA GPU here: nothing to measure." in out


@pytest.fixture
def one_fake_gpu(fake_libs):
    """gpudoctor itself and its worker load the fake libcuda (one device); no NCCL, no NVML."""
    return dict(os.environ, LD_LIBRARY_PATH=fake_libs["dir"], FAKE_CUDA_DEVICES="1", TERM="xterm-256color")


def run_on_a_terminal(*args, env):
    """Run with stderr on a pseudo-terminal (where the spinner would show) and return (stdout, terminal text)."""
    import pty

    master, slave = pty.openpty()
    seen = bytearray()

    def drain():
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed its end
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        finished = gpudoctor(*args, env=env, stderr=slave)
    finally:
        os.close(slave)
    reader.join(timeout=5)
    os.close(master)
    return finished, seen.decode("utf-8", "replace")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals and the fake driver are Linux-only")
def test_json_output_is_the_report_only_while_the_terminal_run_shows_progress(one_fake_gpu):
    finished, terminal = run_on_a_terminal("check", "--deep", "--json", *ONLY_DEEP, env=one_fake_gpu)
    report = json.loads(finished.stdout)  # nothing but the report on stdout
    assert "Testing the GPUs" not in terminal and "Traceback" not in terminal
    checks = {c["id"]: c for c in report["checks"]}
    assert checks["pcie.bandwidth"]["status"] == "pass"
    assert checks["pcie.bandwidth"]["summary"].startswith("CUDA device 0: ")
    assert "CUDA sees one GPU only" in checks["p2p.bandwidth"]["summary"]

    finished, terminal = run_on_a_terminal("check", "--deep", *ONLY_DEEP, env=one_fake_gpu)
    assert finished.returncode == 0
    assert "Testing the GPUs" in terminal  # the same run, on a terminal, shows the worker's steps
