"""The worker's stress test on the fake driver and the fake cuBLAS (tests/deep/fakes): no GPU needed.

The fake cuBLAS really multiplies (128 x 128 products), the fake driver's memory is host memory: a wrong
product, a corrupted copy and a closed output are each made on purpose and must be caught.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from gpudoctor.deep import stress_load as L
from gpudoctor.deep import stress_watch as WA

SW_POWER_CAP, HW_SLOWDOWN = 0x4, 0x8  # nvmlClocksEventReason bits
ARGS = ["stress", "--seconds", "5", "--matrix-size", "128"]


def run_stress(fake_libs, fake_env, *extra, timeout=90, **knobs):
    env = dict(fake_env, FAKE_CUDA_FREE_MIB=str(2048 + 64), **knobs)  # one 64 MiB chunk per GPU past the reserve
    proc = subprocess.run([sys.executable, "-m", "gpudoctor.deep.worker", *ARGS, "--cublas", fake_libs["cublas"],
                           *extra], capture_output=True, text=True, env=env, timeout=timeout)
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc, events


def kind(events, name):
    return [e for e in events if e["event"] == "result" and e["kind"] == name]


def test_a_clean_run_verifies_products_memory_and_copies(fake_libs, fake_env):
    proc, events = run_stress(fake_libs, fake_env, "--p2p", "--p2p-mib", "8")
    assert proc.returncode == 0, proc.stderr[-2000:]
    devices = kind(events, "stress-device")
    assert [d["device"] for d in devices] == [0, 1]
    for device in devices:
        assert device["compute"]["verified"] is True and device["compute"]["products"] > 0
        assert device["compute"]["matches_first_gpu"] is True
        assert device["memory"]["bytes_allocated"] == 64 << 20 and device["memory"]["bad_blocks"] == 0
        assert device["memory"]["bytes_verified"] >= 64 << 20
    assert {(p["src"], p["dst"]) for p in kind(events, "stress-pair")} == {(0, 1), (1, 0)}
    assert all(p["verified"] for p in kind(events, "stress-pair"))
    (run,) = kind(events, "stress-run")
    assert run["stopped_by"] == "time" and run["seconds"] == 5 and run["gemm"]["n"] == 128
    assert events[-1]["event"] == "done"


def test_a_wrong_known_answer_stops_the_run(fake_libs, fake_env):
    # Given a minute, it stops at the first wrong product: within seconds (1-6 s on a loaded 2-core machine).
    proc, events = run_stress(fake_libs, fake_env, "--seconds", "60", FAKE_CUBLAS_WRONG="1")
    (run,) = kind(events, "stress-run")
    assert run["stopped_by"] == "wrong-result" and run["ran_s"] < 30
    compute = kind(events, "stress-device")[0]["compute"]
    assert compute["verified"] is False and compute["sample_mismatches"] == compute["sample_entries"] == 48


def test_a_product_unlike_the_first_stops_the_run(fake_libs, fake_env):
    # from the 12th product on: after the first round, whose product is the reference
    proc, events = run_stress(fake_libs, fake_env, FAKE_CUBLAS_FLIP_AFTER="12")
    (run,) = kind(events, "stress-run")
    assert run["stopped_by"] == "wrong-result"
    compute = kind(events, "stress-device")[0]["compute"]
    assert compute["sample_mismatches"] == 0 and compute["changed_blocks"] >= 1 and compute["first_bad_offset"] == 0


def test_memory_that_reads_back_wrong_is_found_with_its_offset(fake_libs, fake_env):
    corrupt = L.BLOCK * 3 + 100  # inside the first doubling copy that reaches that far
    proc, events = run_stress(fake_libs, fake_env, FAKE_CUDA_CORRUPT_DTOD=str(corrupt))
    (run,) = kind(events, "stress-run")
    assert run["stopped_by"] == "memory-error"
    memory = kind(events, "stress-device")[0]["memory"]
    assert memory["bad_blocks"] >= 1 and memory["first_bad_offset"] is not None


def test_no_cublas_is_one_error_event(fake_libs, fake_env):
    env = dict(fake_env)
    proc = subprocess.run([sys.executable, "-m", "gpudoctor.deep.worker", *ARGS, "--cublas",
                           "/nonexistent/libcublas.so"], capture_output=True, text=True, env=env, timeout=60)
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    (err,) = [e for e in events if e["event"] == "error"]
    assert proc.returncode == 1 and err["error"] == "CUBLAS_LIBRARY_NOT_FOUND" and "Traceback" not in proc.stderr


@pytest.mark.parametrize("how", ["close-output", "sigint"])
def test_the_load_stops_at_once_when_gpudoctor_goes_away_or_on_ctrl_c(fake_libs, fake_env, how):
    """Ctrl-C reaches gpudoctor, not the worker (its own session): gpudoctor exits, the pipe closes, and the worker's
    next line fails; a SIGINT sent to the worker itself ends it with an INTERRUPTED error. Either way within seconds."""
    env = dict(fake_env, FAKE_CUDA_FREE_MIB="2048")
    proc = subprocess.Popen([sys.executable, "-m", "gpudoctor.deep.worker", "stress", "--seconds", "120",
                             "--matrix-size", "128", "--cublas", fake_libs["cublas"]],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    for line in proc.stdout:
        if '"stress: 1/120 s"' in line:
            break
    started = time.monotonic()
    if how == "close-output":
        proc.stdout.close()
        proc.wait(timeout=30)
    else:
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[0]
        errors = [json.loads(line) for line in rest.splitlines() if '"event":"error"' in line]
        assert errors and errors[0]["error"] == "INTERRUPTED"
        assert any('"stress-run"' in line for line in rest.splitlines())  # what ran until then is still reported
    assert time.monotonic() - started < 20 and proc.returncode == 1


def test_windows_fold_raw_samples_and_keep_the_worst():
    window = WA.fold_window(1, [
        {"power_w": 600.0, "sm_mhz": 1900, "temp_c": 70, "reasons": SW_POWER_CAP, "pcie_gen": 5,
         "pcie_width": 16},
        {"power_w": 700.0, "sm_mhz": 1500, "temp_c": 84, "reasons": HW_SLOWDOWN, "pcie_gen": 3,
         "pcie_width": 16},
    ], 500.0)
    assert window["power_w"] == 650.0 and window["power_max_w"] == 700.0 and window["sm_min_mhz"] == 1500
    assert window["temp_c"] == 84 and window["pcie_gen"] == 3
    assert window["reasons"] == SW_POWER_CAP | HW_SLOWDOWN and window["tflops"] == 500.0


def test_a_ten_minute_run_stays_within_240_windows():
    assert WA.window_seconds(600) == 2.5 and WA.window_seconds(30) == 1.0


@pytest.mark.parametrize("line,xid,bus,stops", [
    ("NVRM: Xid (PCI:0000:01:00): 79, pid=1603, name=python3, GPU has fallen off the bus.", 79, "0000:01:00", True),
    ("pcieport 0000:00:01.0: AER: Corrected error message received from 0000:01:00.0", None, "0000:01:00.0", False),
    ("pcieport 0000:00:01.0: AER: Uncorrected (Fatal) error message received from 0000:01:00.0", None,
     "0000:01:00.0", True),
    ("nvidia 0000:01:00.0: AER: can't recover (no error_detected callback)", None, "0000:01:00.0", False),
])
def test_kernel_lines_name_the_xid_and_the_bus(line, xid, bus, stops):
    assert WA.parse_kernel_line(line) == (xid, bus)
    assert WA.kernel_line_stops(line) is stops


def test_known_answers_come_from_the_inputs_themselves():
    a, b = L.random_half_block(L.BLOCK), L.random_half_block(L.BLOCK)
    k = 128
    col_a, col_b = L.column(a, 3, k), L.column(b, 5, k)
    assert all(0.125 <= abs(v) < 2 for v in col_a)
    want = L.expected_entry(a, b, 3, 5, k)
    assert want == sum(x * y for x, y in zip(col_a, col_b))
    assert L.entry_is_right(want + 0.01, want, k) and not L.entry_is_right(want + 5, want, k)
    assert not L.entry_is_right(float("nan"), want, k)


def test_the_complement_flips_every_bit():
    data = os.urandom(64)
    assert bytes(x ^ y for x, y in zip(data, L.complement(data))) == b"\xff" * 64
