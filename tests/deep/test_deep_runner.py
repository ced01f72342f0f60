"""runner.py: reading the worker's run from a CommandResult, and running it through the host.

Process handling (own session, hard timeout, killing the group) belongs to the host
(gpudoctor/host/live.py); these tests drive it the way the deep probe does, with fake children
(executable scripts given as `python=`, which ignore `-m gpudoctor.deep.worker ...`) and with the
real worker on the fake libcuda/libnccl.
"""

import json
import os
import sys
import textwrap
import time

import pytest

from gpudoctor.deep.runner import parse_worker_output, progress_forwarder, result_of
from gpudoctor.host.answers import CommandResult
from gpudoctor.host.live import LiveHost
from gpudoctor.probes.deep import WORKER_MODULE

POSIX = os.name == "posix"
pytestmark = pytest.mark.skipif(not POSIX, reason="fake children are POSIX scripts")


def line(**event):
    return json.dumps(event) + "\n"


def outcome(stdout="", returncode=0, stderr="", error=None):
    return parse_worker_output(CommandResult(returncode=returncode, stdout=stdout.encode(), stderr=stderr.encode(),
                                             error=error))


def fake_python(tmp_path, body, name="fake-python"):
    """An executable standing in for the interpreter: it ignores its arguments and runs `body`."""
    path = tmp_path / name
    path.write_text(f"#!{sys.executable}\nimport json, os, sys, time\n" + textwrap.dedent(body))
    path.chmod(0o755)
    return str(path)


def pid_alive(pid):
    """True if pid exists and is not a zombie."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def gone_within(pid, seconds=3.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not pid_alive(pid):
            return True
        time.sleep(0.05)
    return False


# ---- parse_worker_output --------------------------------------------------------------------------

def test_a_clean_run_is_ok_and_keeps_results_progress_and_stray_lines():
    got = outcome(line(event="progress", test="p2p", step="p2p 0->1: unidirectional", devices=[0, 1], t=0.1)
                  + "NCCL INFO some library chatter\n"
                  + line(event="result", test="p2p", kind="pair", src=0, dst=1, unidirectional_gbps=376.4)
                  + "{not json\n"
                  + line(event="done", elapsed_s=4.2, phases={}))
    assert got.status == "ok" and got.ok and got.summary is None
    assert result_of(got, "pair") == [{"test": "p2p", "kind": "pair", "src": 0, "dst": 1, "unidirectional_gbps": 376.4}]
    assert got.last_progress["devices"] == [0, 1]
    assert got.done == {"elapsed_s": 4.2, "phases": {}}
    assert "library chatter" in got.stdout_tail and "{not json" in got.stdout_tail


def test_an_error_event_is_error_with_where_func_and_name():
    got = outcome(line(event="result", test="env", kind="env")
                  + line(event="error", test="p2p", where="p2p 0->1: unidirectional", func="cuMemcpyPeerAsync",
                         error="CUDA_ERROR_PEER_ACCESS_UNSUPPORTED", code=217, message="peer access is not supported"),
                  returncode=1)
    assert got.status == "error"
    assert got.summary == ("p2p 0->1: unidirectional: cuMemcpyPeerAsync: CUDA_ERROR_PEER_ACCESS_UNSUPPORTED "
                           "(peer access is not supported)")
    assert got.errors[0]["code"] == 217 and len(got.results) == 1


def test_a_timeout_keeps_what_was_printed_before_the_kill():
    got = outcome(line(event="progress", test="p2p", step="p2p 0->1: unidirectional", devices=[0, 1], t=1.0),
                  returncode=None, error="timeout")
    assert got.status == "timeout"
    assert "did not finish in time" in got.summary
    assert got.last_progress["step"] == "p2p 0->1: unidirectional"


def test_a_signal_is_crashed_naming_it_and_the_last_stderr_line():
    got = outcome(line(event="progress", test="allreduce", step="allreduce: 1048576 bytes", t=1.0), returncode=-11,
                  stderr="something\nfatal: driver went away\n")
    assert got.status == "crashed"
    assert "killed by SIGSEGV" in got.summary and "driver went away" in got.summary


def test_a_nonzero_exit_without_an_error_event_is_crashed_with_its_code():
    got = outcome(line(event="result", test="host", kind="host", device=0), returncode=3,
                  stderr="Traceback (most recent call last):\nRuntimeError: bad thing\n")
    assert got.status == "crashed"
    assert "exited with code 3" in got.summary and "RuntimeError: bad thing" in got.summary
    assert len(result_of(got, "host")) == 1


@pytest.mark.parametrize("stdout", ["hello, I am not JSON\n[1, 2]\n", line(no_event_key=True),
                                    line(event="result", test="p2p", kind="pair")])
def test_exit_zero_without_the_done_line_is_bad_output(stdout):
    got = outcome(stdout)
    assert got.status == "bad-output"
    assert "without its closing line" in got.summary


def test_a_snapshot_without_the_run_is_not_recorded_and_a_start_failure_is_not_run():
    assert outcome(returncode=None, error="not-recorded").status == "not-recorded"
    started = outcome(returncode=None, error="not-found")
    assert started.status == "not-run" and "could not be started: not-found" in started.summary


# ---- progress_forwarder -----------------------------------------------------------------------------

def test_the_forwarder_passes_progress_steps_only():
    seen = []
    forward = progress_forwarder(seen.append, lambda event: f"Testing the GPUs: {event['step']}")
    for text in (line(event="progress", test="p2p", step="p2p 0->1: verify", devices=[0, 1], t=1.0),
                 line(event="result", test="p2p", kind="pair"), "plain text", "{broken",
                 line(event="progress", test="host", step="host: device 1", devices=[1], t=2.0)):
        forward(text.rstrip("\n"))
    assert seen == ["Testing the GPUs: p2p 0->1: verify", "Testing the GPUs: host: device 1"]


def test_the_forwarder_never_raises_into_the_hosts_reader_thread():
    def broken_display(message):
        raise RuntimeError("the terminal went away")

    forward = progress_forwarder(broken_display)
    forward(line(event="progress", test=None, step="cuInit", t=0.0))  # must not raise


# ---- through LiveHost.run_python, with fake children -------------------------------------------------

def test_a_fake_child_streams_progress_through_the_host_and_is_parsed(tmp_path):
    python = fake_python(tmp_path, """
        def out(o): print(json.dumps(o), flush=True)
        out({"event": "progress", "test": "p2p", "step": "warming up", "devices": None, "t": 0.0})
        out({"event": "result", "test": "p2p", "kind": "pair", "src": 0, "dst": 1})
        out({"event": "done", "elapsed_s": 0.1, "phases": {}})
        """)
    seen = []
    result = LiveHost().run_python(WORKER_MODULE, ["p2p"], timeout=20, python=python,
                                   on_line=progress_forwarder(seen.append))
    got = parse_worker_output(result)
    assert got.status == "ok", got
    assert seen == ["warming up"]
    assert result_of(got, "pair") == [{"test": "p2p", "kind": "pair", "src": 0, "dst": 1}]


def test_a_hanging_child_returns_within_the_timeout_and_is_gone(tmp_path):
    python = fake_python(tmp_path, """
        print(json.dumps({"event": "progress", "test": "p2p", "step": "pid %d" % os.getpid(), "devices": [0, 1],
                          "t": 0.0}), flush=True)
        time.sleep(3600)
        """)
    started = time.monotonic()
    result = LiveHost().run_python(WORKER_MODULE, ["p2p"], timeout=1.0, python=python)
    assert time.monotonic() - started < 1.0 + 2.0
    got = parse_worker_output(result)
    assert got.status == "timeout"
    assert gone_within(int(got.last_progress["step"].split()[1]))


def test_a_timeout_kills_the_grandchildren_too(tmp_path):
    python = fake_python(tmp_path, """
        import subprocess
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        print(json.dumps({"event": "progress", "test": None, "step": "%d %d" % (os.getpid(), child.pid), "t": 0}),
              flush=True)
        time.sleep(3600)
        """)
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, ["host"], timeout=1.5, python=python))
    assert got.status == "timeout"
    for pid in got.last_progress["step"].split():
        assert gone_within(int(pid))


def test_a_child_ignoring_sigterm_still_dies(tmp_path):
    python = fake_python(tmp_path, """
        import signal
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        print(json.dumps({"event": "progress", "test": None, "step": str(os.getpid()), "t": 0}), flush=True)
        while True:
            time.sleep(0.1)
        """)
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, ["p2p"], timeout=0.8, python=python))
    assert got.status == "timeout"
    assert gone_within(int(got.last_progress["step"]))


def test_an_aborting_child_is_crashed_with_its_last_words(tmp_path):
    python = fake_python(tmp_path, """
        sys.stderr.write("about to abort: driver went away\\n"); sys.stderr.flush()
        os.abort()
        """)
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, ["p2p"], timeout=20, python=python))
    assert got.status == "crashed"
    assert "SIGABRT" in got.summary and "driver went away" in got.summary


def test_an_interpreter_that_does_not_exist_is_not_run(tmp_path):
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, ["p2p"], timeout=5,
                                                    python=str(tmp_path / "no-such-python")))
    assert got.status == "not-run" and "not-found" in got.summary


# ---- the real worker, through the host ---------------------------------------------------------------

def test_the_real_worker_without_libcuda_reports_one_error(no_real_libcuda, monkeypatch):
    monkeypatch.delenv("LD_LIBRARY_PATH", raising=False)
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, ["p2p", "host"], timeout=30))
    assert got.status == "error", got
    assert got.errors[0]["error"] == "CUDA_LIBRARY_NOT_FOUND" and "libcuda" in got.summary
    assert "Traceback" not in got.stderr_tail


def _use_fake_driver(monkeypatch, fake_libs, **knobs):
    monkeypatch.setenv("LD_LIBRARY_PATH", fake_libs["dir"])
    for name, value in knobs.items():
        monkeypatch.setenv(name, value)


def test_the_real_worker_on_the_fake_driver_end_to_end(fake_libs, monkeypatch):
    _use_fake_driver(monkeypatch, fake_libs)
    steps = []
    args = ["p2p", "host", "allreduce", "--size-mib", "8", "--devices", "0,1", "--sizes-mib", "1,4",
            "--nccl", fake_libs["nccl"]]
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, args, timeout=60,
                                                    on_line=progress_forwarder(steps.append)))
    assert got.status == "ok", (got.summary, got.stderr_tail)
    assert [(r["test"], r["kind"]) for r in got.results] == [
        ("env", "env"), ("nvlink", "nvlink"), ("p2p", "pair"), ("p2p", "pair"), ("host", "host"), ("host", "host"),
        ("allreduce", "nccl"), ("allreduce", "size"), ("allreduce", "size"), ("nvlink", "nvlink")]
    # no NVML behind the fake driver: the counters are unknown, not zero
    assert [r["devices"] for r in got.results if r["kind"] == "nvlink"] == [None, None]
    assert "p2p 0->1: unidirectional" in steps and "host: device 1" in steps


def test_the_real_worker_hanging_in_the_driver_is_stopped_naming_the_pair(fake_libs, monkeypatch):
    _use_fake_driver(monkeypatch, fake_libs, FAKE_CUDA_HANG="cuEventSynchronize")
    started = time.monotonic()
    got = parse_worker_output(LiveHost().run_python(WORKER_MODULE, ["p2p", "--size-mib", "4"], timeout=3.0))
    assert time.monotonic() - started < 3.0 + 2.0
    assert got.status == "timeout"
    assert got.last_progress["step"] == "p2p 0->1: unidirectional" and got.last_progress["devices"] == [0, 1]
    assert [r["kind"] for r in got.results] == ["env", "nvlink"]
