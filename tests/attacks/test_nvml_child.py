"""NVML asked in a child process (gpudoctor/host/nvml_child.py), against a fake libnvidia-ml: the same answers as
asked in this process, a hung nvmlInit answered as a timeout by the child's own session, a child that dies leaving
NVML to this process, a child that falls silent answered as a hung driver at once from then on, and a live check
that leaves no child behind.

Each case runs in a fresh interpreter: a fork is only made in a process with no other thread."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from test_cuda_child import _GPUDOCTOR, _alive, _children_while_running
from test_nvml_error_codes import _fake_env

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork, a fake libnvidia-ml.so")

_ASKED = [["nvmlInit"], ["nvmlDeviceGetCount"], ["nvmlSystemGetDriverVersion"], ["nvmlDeviceGetName", 0],
          ["nvmlDeviceGetFieldValues", 1, [[161, 0], [162, 0], [163, 0], [161, 1]]]]

# Starts the child (unless "here"), then asks through a session as the live host does and prints the answers, whether
# the session still asks through the child, and whether the child's process is gone after the session closed.
_SCRIPT = """
import json, os, signal, sys, time
import gpudoctor.host.nvml as nvml
from gpudoctor.host import nvml_child
how, asked = sys.argv[1], json.loads(sys.argv[2])
nvml.INIT_TIMEOUT = nvml.CALL_TIMEOUT = 0.5
nvml_child._MARGIN_S = 0.5
child = None
helper = None
if how != "here":
    nvml_child.start(nvml.NvmlSession, helper=how == "helper")
    child, helper = nvml_child.take()
if how == "dies":
    os.kill(child.pid, signal.SIGKILL)
    os.waitpid(child.pid, 0)
if how == "silent":
    os.kill(child.pid, signal.SIGSTOP)
session = nvml.NvmlSession(child=child, helper=helper)
session.warm_up()
started = time.monotonic()
answers = [session.call(call[0], tuple(call[1:])).to_json() for call in asked]
took = time.monotonic() - started
used = session._child is not None
session.close()
time.sleep(0.2)
gone = all(c is None or not os.path.exists(f"/proc/{c.pid}") or open(f"/proc/{c.pid}/stat").read().rsplit(")", 1)[1].split()[0] == "Z"
           for c in (child, helper))
print(json.dumps({"answers": answers, "used_child": used, "child_gone": gone, "took": took}))
"""


def _ask(libs, how: str, **fake) -> dict:
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, how, json.dumps(_ASKED)], capture_output=True, text=True,
                          timeout=60, env=_fake_env(libs, FAKE_NVML_COUNT="3", **fake))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_child_answers_what_this_process_would(fake_driver_libs):
    seen, here = _ask(fake_driver_libs, "child"), _ask(fake_driver_libs, "here")
    assert seen["answers"] == here["answers"]
    assert seen["answers"][1]["value"] == 3
    assert seen["used_child"] and seen["child_gone"]


def test_the_helper_child_answers_what_this_process_would_and_leaves_with_the_other(fake_driver_libs):
    seen, here = _ask(fake_driver_libs, "helper"), _ask(fake_driver_libs, "here")
    assert seen["answers"] == here["answers"]
    assert seen["used_child"] and seen["child_gone"]


def test_a_hung_nvmlinit_is_answered_as_one_by_the_childs_own_session(fake_driver_libs):
    seen = _ask(fake_driver_libs, "child", FAKE_NVML_HANG="1")
    errors = [answer["error"] for answer in seen["answers"]]
    assert all(error.startswith("NVML_ERROR_TIMEOUT") for error in errors), errors
    assert seen["took"] < 10 and seen["child_gone"]


def test_a_child_that_died_leaves_nvml_to_this_process(fake_driver_libs):
    seen, here = _ask(fake_driver_libs, "dies"), _ask(fake_driver_libs, "here")
    assert not seen["used_child"]
    assert seen["answers"] == here["answers"]


def test_a_silent_child_is_a_hung_driver_and_nothing_is_asked_again(fake_driver_libs):
    seen = _ask(fake_driver_libs, "silent")
    errors = [answer["error"] for answer in seen["answers"]]
    assert all(error.startswith("NVML_ERROR_TIMEOUT") for error in errors), errors
    # one wait (NVML's start and call timeouts and the margin, 1.5 s here), then at once: never a wait per question
    assert seen["took"] < 4
    assert seen["child_gone"]  # stopped, and killed as the session closed


def test_a_live_check_forks_the_nvml_child_and_leaves_none_behind(fake_driver_libs, tmp_path):
    (tmp_path / "libnvidia-ml.so.1").symlink_to(fake_driver_libs["nvml"])
    env = {**_fake_env(fake_driver_libs, FAKE_NVML_HANG="1"), "LD_LIBRARY_PATH": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "gpudoctor", "check", "--only", "gpu.errors"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    children = _children_while_running(proc)
    proc.communicate(timeout=90)
    assert proc.returncode in (0, 1, 2), proc.returncode
    forked = [pid for pid, command in children.items() if command == _GPUDOCTOR]
    assert len(forked) == 3, children  # NVML's child, the kernel log's scan child and the CUDA driver's
    time.sleep(0.2)
    assert not [pid for pid in children if _alive(pid)]
