"""A live check asks the CUDA driver from a forked child (host/native.py, fork_cuda), so that NVML's questions in
gpudoctor's own process do not wait for cuInit. The child's answers must be the in-process ones; a child that hangs
is a timeout, one that dies costs time, never answers; and where fork is not safe the process asks itself. Each case
runs in a fresh interpreter against the fake libcuda (fakes/fake_cuda.c), which logs the process that called cuInit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

ASK = ("import json, os, threading, gpudoctor.host.native as n; n._cuda_library_name = lambda: {library!r}; {setup}"
       "s = n.NativeSession(); forked = s.fork_cuda(); "
       "answers = [s.call(q, a) for q, a in (('cuda.devices', ()), ('cuda.peer', (1, 0)), ('cuda.peer', (0, 1)), "
       "('cuda.driver_version', ()), ('cuda.devices', ()))]; "
       "print(json.dumps({{'forked': forked, 'pid': os.getpid(), 'answers': [[r.value, r.error] for r in answers]}}))")


def _ask(fake_driver_libs, tmp_path, setup: str = "", **env: str) -> tuple[dict, list[int], float]:
    log = tmp_path / "cuinit.log"
    log.unlink(missing_ok=True)
    script = ASK.format(library=fake_driver_libs["cuda"], setup=setup)
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "FAKE_CUDA_LOG": str(log), **env})
    assert proc.returncode == 0, proc.stderr
    callers = [int(pid) for pid in log.read_text().split()] if log.exists() else []
    return json.loads(proc.stdout), callers, time.monotonic() - started


def test_the_childs_answers_are_the_in_process_ones_and_cuinit_never_runs_here(fake_driver_libs, tmp_path):
    forked, callers, _ = _ask(fake_driver_libs, tmp_path)
    in_process, here, _ = _ask(fake_driver_libs, tmp_path, setup="n.can_fork = lambda: False; ")
    assert forked["forked"] is True and in_process["forked"] is False
    assert forked["answers"] == in_process["answers"]
    assert forked["answers"][0][0]["devices"][1]["pci_bus_id"] == "0000:19:00.0"
    assert len(callers) == 1 and forked["pid"] not in callers  # one cuInit, in the child
    assert here == [in_process["pid"]]


def test_a_child_hung_in_cuinit_is_a_timeout_and_no_retry(fake_driver_libs, tmp_path):
    run, callers, took = _ask(fake_driver_libs, tmp_path, setup="n.INIT_TIMEOUT = 0.5; ", FAKE_CUDA_HANG="1")
    assert run["forked"] is True and took < 10
    errors = [error for _, error in run["answers"]]
    assert all(error.startswith("TIMEOUT") and "cuInit" in error for error in errors), errors
    assert run["pid"] not in callers  # this process never entered the hung driver


def test_a_child_that_dies_costs_time_never_answers(fake_driver_libs, tmp_path):
    setup = "os.environ['FAKE_CUDA_DIE_UNLESS'] = str(os.getpid()); "
    run, callers, _ = _ask(fake_driver_libs, tmp_path, setup=setup)
    in_process, _, _ = _ask(fake_driver_libs, tmp_path, setup="n.can_fork = lambda: False; ")
    assert run["forked"] is True
    assert run["answers"] == in_process["answers"]  # asked again here, after the child died
    assert len(callers) == 2 and callers[-1] == run["pid"]


def test_with_another_thread_running_the_process_asks_itself(fake_driver_libs, tmp_path):
    setup = "threading.Thread(target=threading.Event().wait, daemon=True).start(); "
    run, callers, _ = _ask(fake_driver_libs, tmp_path, setup=setup)
    assert run["forked"] is False  # fork is unsafe beside another thread (gpudoctor/forked.py)
    assert callers == [run["pid"]] and run["answers"][0][1] is None


def test_a_failed_cuinit_in_the_child_is_the_same_error_for_every_question_but_the_version(fake_driver_libs, tmp_path):
    run, _, _ = _ask(fake_driver_libs, tmp_path, FAKE_CUDA_INIT="999")
    assert run["forked"] is True
    assert [error for _, error in run["answers"]] == ["CUDA_ERROR_UNKNOWN"] * 3 + [None, "CUDA_ERROR_UNKNOWN"]
    assert run["answers"][3][0] == 13000
