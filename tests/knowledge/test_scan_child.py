"""A live check's kernel log is scanned by a child forked as the check starts (gpudoctor/knowledge/scan_child.py): it
must give the matches a scan in this process gives, leave the catalogue uncompiled here, and where it cannot be
forked, has died or hangs, the scan is done here with the same matches. Each case runs in a fresh interpreter,
because a fork is only taken in a process with no other thread, which pytest's own process need not be."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RAW = ROOT / "tests" / "fixtures" / "raw"
# Healthy kernel-log lines with two real failures: an NVRM API mismatch wrapped over lines, and an Xid 79.
LOG = "".join((RAW / name).read_text() for name in ("h100/t_dmesg.txt", "under_driver/nvidiaall394_mismatch.txt",
                                                   "h100/t_dmesg.txt", "under_driver/gpuburn1_dmesg.txt"))

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform: the scan runs in-process")

RUN = """
import json, os, signal, sys, threading, time
from gpudoctor.knowledge import matcher, scan_child
text = open(sys.argv[1]).read()
SETUP
found = scan_child.scan(text, "dmesg", "dmesg", frozenset({"container"}))
child = scan_child._child
compiled_here = matcher.compiled.cache_info().currsize
expected = matcher.scan(text, "dmesg", "dmesg", contexts=frozenset({"container"}))
print(json.dumps({"same": found == expected, "codes": sorted({m.code for m in found}), "forked": child is not None,
                  "child_alive": bool(child and child.alive), "compiled_here_first": compiled_here}))
"""


def _run(setup: str, tmp_path) -> dict:
    log = tmp_path / "dmesg.txt"
    log.write_text(LOG)
    script = RUN.replace("SETUP", textwrap.dedent(setup))
    done = subprocess.run([sys.executable, "-c", script, str(log)], capture_output=True, text=True, timeout=60,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_child_scans_what_this_process_would_and_this_process_compiles_nothing(tmp_path):
    # A loaded runner may keep the child from answering within the live check's 5 s; what this tests is who compiles,
    # so it waits as long as _run does (the hung child's case is tested below).
    result = _run("""
        scan_child.ANSWER_TIMEOUT_S = 50.0
        scan_child.start()
    """, tmp_path)
    assert result["forked"] and result["child_alive"]
    assert "kernel.xid-79" in result["codes"] and len(result["codes"]) >= 2
    assert result["same"]
    assert result["compiled_here_first"] == 0  # the catalogue was compiled in the child only


def test_a_dead_child_leaves_the_scan_to_this_process(tmp_path):
    result = _run("""
        scan_child.start()
        os.kill(scan_child._child.pid, signal.SIGKILL)
        time.sleep(0.2)
    """, tmp_path)
    assert result["forked"] and not result["child_alive"]
    assert "kernel.xid-79" in result["codes"] and len(result["codes"]) >= 2
    assert result["same"]


def test_a_hung_child_costs_its_timeout_not_the_matches(tmp_path):
    result = _run("""
        scan_child.ANSWER_TIMEOUT_S = 0.5
        scan_child.start()
        os.kill(scan_child._child.pid, signal.SIGSTOP)
    """, tmp_path)
    assert result["forked"] and not result["child_alive"]
    assert "kernel.xid-79" in result["codes"] and len(result["codes"]) >= 2
    assert result["same"]


def test_no_fork_once_a_thread_runs(tmp_path):
    result = _run("""
        threading.Thread(target=time.sleep, args=(2,), daemon=True).start()
        scan_child.start()
    """, tmp_path)
    assert not result["forked"]
    assert result["same"] and "kernel.xid-79" in result["codes"] and len(result["codes"]) >= 2


ENTRY = """
import sys
from gpudoctor.host import live
live.LiveHost.warm_up = lambda self: None  # no NVML or cuInit on the test machine
from gpudoctor.__main__ import start_probing_early
from gpudoctor.knowledge import scan_child
start_probing_early(quick=sys.argv[1] == "quick", inventory=False)
print(scan_child._child is not None)
"""


@pytest.mark.parametrize("mode", ["quick", "full"])
def test_a_live_check_forks_the_child_at_start(mode):
    # A full check asks the CUDA driver in a child of its own (host/cuda_child.py), so the kernel log's scan is on
    # its critical path as on a quick one's.
    done = subprocess.run([sys.executable, "-c", ENTRY, mode], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads the child's open files from /proc")
def test_the_child_holds_no_pipe_of_the_caller(tmp_path):
    # `gpudoctor check --quick --json | jq`: a child holding the pipe would keep jq waiting until it ended.
    program = """
import os, time
from gpudoctor.knowledge import scan_child
scan_child.start()
time.sleep(0.3)
print(os.readlink(f"/proc/{scan_child._child.pid}/fd/1"), os.readlink(f"/proc/{scan_child._child.pid}/fd/2"))
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [os.devnull, os.devnull]
