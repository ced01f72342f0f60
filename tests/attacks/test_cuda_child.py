"""The CUDA driver asked in a child process (gpudoctor/host/cuda_child.py), against a fake libcuda: the same answers
as asked in this process, a hung cuInit that ends at its timeout with the child killed, a child that dies leaving
the questions to this process, and a live check that leaves no child behind.

Each case runs in a fresh interpreter: a fork is only made in a process with no other thread."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork, a fake libcuda.so")

# Starts a child on the fake library (or one whose work raises), then asks through a session as a check would, and
# prints the answers and whether the child's process is gone.
_SCRIPT = """
import json, os, sys, time
import gpudoctor.host.native as native
from gpudoctor.host import cuda_child
native._cuda_library_name = lambda: sys.argv[1]
native.INIT_TIMEOUT = float(sys.argv[2])
def dies():
    raise SystemExit(3)
cuda_child.start(dies if sys.argv[3] == "dies" else native.cuda_answers)
child = cuda_child.take()
session = native.NativeSession(child=child)
asked = [("cuda.devices", ()), ("cuda.peer", (1, 0)), ("cuda.driver_version", ())]
answers = [session.call(f, a).to_json() for f, a in asked]
time.sleep(0.2)
try:
    os.kill(child.pid, 0)
    gone = os.waitpid(child.pid, os.WNOHANG)[0] == child.pid
except (ChildProcessError, ProcessLookupError):
    gone = True
print(json.dumps({"answers": answers, "child_gone": gone, "used_child": session._child is not None}))
"""


def _ask(libs, how="answers", timeout_s=20.0, **fake):
    env = {k: v for k, v in os.environ.items() if not k.startswith("FAKE_CUDA_")} | fake
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, libs["cuda"], str(timeout_s), how],
                          capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout), time.monotonic() - started


def _in_this_process(libs, monkeypatch, **fake):
    import gpudoctor.host.native as native

    monkeypatch.setattr(native, "_cuda_library_name", lambda: libs["cuda"])
    for name, value in fake.items():
        monkeypatch.setenv(name, value)
    session = native.NativeSession()
    return [session.call(f, a).to_json() for f, a in (("cuda.devices", ()), ("cuda.peer", (1, 0)),
                                                      ("cuda.driver_version", ()))]


def test_the_child_answers_what_this_process_would(fake_driver_libs, monkeypatch):
    seen, _ = _ask(fake_driver_libs)
    assert seen["answers"] == _in_this_process(fake_driver_libs, monkeypatch)
    assert seen["answers"][0]["value"]["devices"][1]["pci_bus_id"] == "0000:19:00.0"
    assert seen["used_child"] and seen["child_gone"]


def test_a_failed_cuinit_in_the_child_keeps_the_drivers_cuda_version(fake_driver_libs, monkeypatch):
    seen, _ = _ask(fake_driver_libs, FAKE_CUDA_INIT="999")
    assert [answer.get("error") for answer in seen["answers"][:2]] == ["CUDA_ERROR_UNKNOWN", "CUDA_ERROR_UNKNOWN"]
    assert seen["answers"][2]["value"] == 13000
    assert seen["answers"][0] == _in_this_process(fake_driver_libs, monkeypatch, FAKE_CUDA_INIT="999")[0]


def test_a_hung_cuinit_in_the_child_ends_at_the_timeout_and_the_child_is_killed(fake_driver_libs):
    seen, took = _ask(fake_driver_libs, timeout_s=0.5, FAKE_CUDA_HANG="1")
    first, *later = [answer["error"] for answer in seen["answers"]]
    assert first == "TIMEOUT: CUDA driver did not return from cuda.devices within 0.5 s"
    assert all(error.startswith("TIMEOUT: CUDA driver did not return from cuda.devices") for error in later)
    assert seen["child_gone"] and took < 10  # never the 20 s of a second wait in this process


def test_a_child_that_dies_leaves_the_questions_to_this_process(fake_driver_libs, monkeypatch):
    seen, _ = _ask(fake_driver_libs, how="dies")
    assert not seen["used_child"]
    assert seen["answers"] == _in_this_process(fake_driver_libs, monkeypatch)


def test_a_live_check_leaves_no_cuda_child_behind_a_hung_driver(fake_driver_libs, tmp_path):
    # The fake driver as libcuda.so.1, hung in cuInit; the check asks nothing of CUDA (--only gpu.errors), so the child
    # is still in cuInit when gpudoctor leaves: it must be killed then, not left to outlive the command.
    (tmp_path / "libcuda.so.1").symlink_to(fake_driver_libs["cuda"])
    env = {**os.environ, "LD_LIBRARY_PATH": str(tmp_path), "FAKE_CUDA_HANG": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "gpudoctor", "check", "--only", "gpu.errors"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    children = _children_while_running(proc)
    proc.communicate(timeout=60)
    assert proc.returncode in (0, 1), proc.returncode
    forked = [pid for pid, command in children.items() if command == _GPUDOCTOR]
    assert len(forked) == 3, children  # NVML's child, the kernel log's scan child and the CUDA driver's
    time.sleep(0.2)
    assert not [pid for pid in children if _alive(pid)]


_GPUDOCTOR = f"{sys.executable} -m gpudoctor check --only gpu.errors"


def _children_while_running(proc: subprocess.Popen) -> dict[int, str]:
    """Each child process seen while `proc` ran, with its command line (a forked child keeps its parent's)."""
    seen: dict[int, str] = {}
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            with open(f"/proc/{proc.pid}/task/{proc.pid}/children") as listed:
                for child in map(int, listed.read().split()):
                    seen.setdefault(child, _command(child))
        except OSError:
            break  # the check has ended
        time.sleep(0.01)
    return seen


def _command(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return ""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


_ENTRY = """
import sys
from gpudoctor.host import cuda_child, live
live.LiveHost.warm_up = lambda self: None  # no NVML or cuInit in the parent on the test machine
from gpudoctor.__main__ import start_probing_early
start_probing_early(quick=sys.argv[1] == "quick", inventory=False, deep=sys.argv[1] == "deep")
print(cuda_child._child is not None)
"""


@pytest.mark.parametrize(("mode", "forks"), [("full", True), ("quick", False), ("deep", False)])
def test_only_a_plain_live_check_asks_cuda_in_a_child(mode, forks):
    # --quick never starts CUDA; --deep's worker starts it too, and beside that worker the child gained nothing.
    done = subprocess.run([sys.executable, "-c", _ENTRY, mode], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(forks)
