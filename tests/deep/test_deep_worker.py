"""worker.py: protocol, error handling and measurement logic (fake libcuda/libnccl, no GPU)."""

import ctypes
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpudoctor.deep import p2p as P
from gpudoctor.deep import session as SE
from gpudoctor.deep import worker as W

ROOT = Path(__file__).resolve().parents[2]


def run(args, env=None, timeout=60):
    if env is None:
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "gpudoctor.deep.worker", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(ROOT),
        timeout=timeout,
    )
    events = [json.loads(line) for line in proc.stdout.splitlines()]  # every line must be JSON
    for ev in events:
        assert isinstance(ev.get("event"), str)
    return proc, events


def results(events, kind=None):
    return [e for e in events if e["event"] == "result" and (kind is None or e["kind"] == kind)]


# ---- no driver ------------------------------------------------------------------------------


def test_no_libcuda_is_one_error_event_no_traceback(no_real_libcuda):
    proc, events = run(["p2p"])
    assert proc.returncode == 1
    errors = [e for e in events if e["event"] == "error"]
    assert len(errors) == 1
    err = errors[0]
    assert err["error"] == "CUDA_LIBRARY_NOT_FOUND"
    assert "libcuda.so.1" in err["message"]
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert not [e for e in events if e["event"] == "done"]


# ---- argument errors (in-process: no fd juggling when `out` is given) -----------------------


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["bogus"], "unknown test"),
        ([], "arguments"),
        (["p2p", "--devices", "0,0"], "duplicate"),
        (["p2p", "--devices", "x"], "--devices"),
        (["p2p", "--size-mib", "0"], "--size-mib"),
        (["p2p", "--iters", "0"], "--iters"),
        (["allreduce", "--sizes-mib", "1,,x"], "--sizes-mib"),
        (["p2p", "--frobnicate"], "unrecognized"),
    ],
)
def test_bad_arguments(argv, needle):
    out = io.StringIO()
    assert W.main(argv, out=out) == 1
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(lines) == 1 and lines[0]["event"] == "error"
    assert lines[0]["error"] == "BAD_ARGUMENTS"
    assert needle in lines[0]["message"]


def test_parse_args_expands_all_and_defaults():
    o = W.parse_args(["all", "--devices", "1,0"])
    assert o.tests == ["p2p", "host", "allreduce"]
    assert o.devices == [1, 0]
    assert o.size_mib == 1024
    assert o.sizes == [1 << 20, 16 << 20, 256 << 20, 1 << 30]
    assert o.iters is None and o.warmup is None and not o.no_verify
    assert W.parse_args(["host,p2p", "host"]).tests == ["host", "p2p"]


# ---- pure helpers -------------------------------------------------------------------------


def test_first_diff_finds_exact_offset():
    n = 3 * 1024 * 1024 + 7
    a = ctypes.create_string_buffer(b"\x11" * n, n)
    b = ctypes.create_string_buffer(b"\x11" * n, n)
    cmp = SE.Comparer()
    pa, pb = ctypes.addressof(a), ctypes.addressof(b)
    assert cmp.first_diff(pa, pb, n) is None
    for off in (0, 1, 255, 256, 4097, 2 * 1024 * 1024 + 3, n - 1):
        b[off] = b"\x22"
        assert cmp.first_diff(pa, pb, n) == off
        b[off] = b"\x11"


def test_p2p_tags_unique_and_patterns_differ_per_device():
    tags = {P.p2p_tag(d, k) for d in range(8) for k in range(4096)}
    assert len(tags) == 8 * 4096
    base = os.urandom(SE.BLOCK)
    blocks = {P.pattern_block(base, d) for d in range(8)}
    assert len(blocks) == 8
    assert all(len(b) == SE.BLOCK for b in blocks)


# ---- end to end on the fake driver ----------------------------------------------------------


def test_all_tests_on_fake_driver(fake_libs, fake_env):
    proc, events = run(
        ["all", "--size-mib", "12", "--sizes-mib", "1,6", "--nccl", fake_libs["nccl"]], env=fake_env
    )
    assert proc.returncode == 0, proc.stderr
    assert events[-1]["event"] == "done"
    assert set(events[-1]["phases"]) >= {"init", "p2p", "host", "allreduce"}
    assert not [e for e in events if e["event"] == "error"]

    env = results(events, "env")[0]
    assert env["driver_version"] == 13000 and env["driver_version_str"] == "13.0"
    assert [d["pci_bus_id"] for d in env["devices"]] == ["0000:18:00.0", "0000:19:00.0"]

    pairs = results(events, "pair")
    assert [(p["src"], p["dst"]) for p in pairs] == [(0, 1), (1, 0)]
    for p in pairs:
        assert p["path"] == "p2p" and p["can_access_peer"] and p["peer_access_enabled"]
        assert p["bytes"] == 12 << 20
        assert p["verified"] is True and p["mismatch_offset"] is None and p["mismatch_blocks"] == 0
        assert p["unidirectional_gbps"] == pytest.approx(100, rel=0.05)  # the fake's virtual clock
        assert p["bidirectional_gbps"] > 0

    hosts = results(events, "host")
    assert [h["device"] for h in hosts] == [0, 1]
    assert all(h["h2d_gbps"] > 0 and h["d2h_gbps"] > 0 for h in hosts)

    nccl = results(events, "nccl")[0]
    assert nccl["nccl_version"] == 22703 and nccl["nccl_version_str"] == "2.27.3" and nccl["nranks"] == 2
    sizes = results(events, "size")
    assert [s["bytes"] for s in sizes] == [1 << 20, 6 << 20]
    for s in sizes:
        assert s["verified"] is True and s["mismatch_rank"] is None
        assert s["count"] == s["bytes"] // 4
        assert s["busbw_gbps"] == pytest.approx(s["algbw_gbps"])  # n=2: factor 1
        assert s["time_us"] > 0


def test_native_stdout_noise_goes_to_stderr(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_NOISE="1")
    proc, events = run(["host", "--size-mib", "4"], env=env)  # run() asserts stdout is pure JSON
    assert proc.returncode == 0
    assert "fake libcuda: noise on stdout" in proc.stderr


def test_p2p_detects_corruption_with_offset(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_CORRUPT_PEER=str(5 * 1024 * 1024 + 17))
    proc, events = run(["p2p", "--size-mib", "8"], env=env)
    assert proc.returncode == 0  # a mismatch is a measurement, not an error
    for p in results(events, "pair"):
        assert p["verified"] is False
        assert p["mismatch_offset"] == 5 * 1024 * 1024 + 17
        assert p["mismatch_phase"] == "unidirectional"
        assert p["mismatch_blocks"] == 2  # one block in each phase


def test_p2p_corrupting_a_block_tag_is_detected(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_CORRUPT_PEER=str(4 * 1024 * 1024 + 1))  # 2nd byte of block 1's tag
    proc, events = run(["p2p", "--size-mib", "8"], env=env)
    assert [p["mismatch_offset"] for p in results(events, "pair")] == [4 * 1024 * 1024 + 1] * 2


def test_p2p_without_peer_access_is_staged(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_NO_PEER="1")
    proc, events = run(["p2p", "--size-mib", "4"], env=env)
    assert proc.returncode == 0
    for p in results(events, "pair"):
        assert p["can_access_peer"] is False and p["path"] == "staged" and p["verified"] is True


def test_p2p_matrix_three_devices_and_local(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_DEVICES="3")
    proc, events = run(["p2p", "--size-mib", "4", "--include-local", "--no-verify"], env=env)
    assert proc.returncode == 0
    pairs = {(p["src"], p["dst"]): p for p in results(events, "pair")}
    assert set(pairs) == {(i, j) for i in range(3) for j in range(3)}
    assert pairs[(1, 1)]["path"] == "local" and pairs[(1, 1)]["bidirectional_gbps"] is None
    assert pairs[(0, 2)]["bidirectional_gbps"] == pairs[(2, 0)]["bidirectional_gbps"]
    assert all(p["verified"] is None for p in pairs.values())


def test_p2p_single_device_is_skipped(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_DEVICES="1")
    proc, events = run(["p2p"], env=env)
    assert proc.returncode == 0
    assert results(events, "skipped")[0]["test"] == "p2p"


def test_device_subset_and_bad_device(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_DEVICES="4")
    proc, events = run(["p2p", "--devices", "3,1", "--size-mib", "4"], env=env)
    assert [(p["src"], p["dst"]) for p in results(events, "pair")] == [(3, 1), (1, 3)]
    proc, events = run(["p2p", "--devices", "0,4"], env=env)
    assert proc.returncode == 1
    assert events[-1]["error"] == "BAD_DEVICES"


def test_cuda_failure_is_error_event_with_curesult_name(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_FAIL="cuMemcpyPeerAsync:217")
    proc, events = run(["p2p", "host", "--size-mib", "4"], env=env)
    assert proc.returncode == 1
    err = events[-1]
    assert err["event"] == "error"
    assert err["error"] == "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED" and err["code"] == 217
    assert err["func"] == "cuMemcpyPeerAsync" and err["test"] == "p2p"
    assert "0->1" in err["where"]
    assert [r["kind"] for r in results(events)] == ["env", "nvlink"]  # host never ran, no NVLink read after
    assert "Traceback" not in proc.stderr


def test_cuinit_failure(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_FAIL="cuInit:100")
    proc, events = run(["p2p"], env=env)
    assert proc.returncode == 1
    assert events[-1]["error"] == "CUDA_ERROR_NO_DEVICE" and events[-1]["func"] == "cuInit"


def test_allreduce_detects_wrong_sum(fake_libs, fake_env):
    env = dict(fake_env, FAKE_NCCL_CORRUPT="1")
    proc, events = run(["allreduce", "--nccl", fake_libs["nccl"], "--sizes-mib", "1"], env=env)
    assert proc.returncode == 0
    s = results(events, "size")[0]
    assert s["verified"] is False and s["mismatch_rank"] == 1
    assert s["mismatch_offset"] == 14  # float #3: 3.0 -> 4.0 differs first in byte 2


def test_allreduce_nccl_failure(fake_libs, fake_env):
    env = dict(fake_env, FAKE_NCCL_FAIL="ncclCommInitAll:1")
    proc, events = run(["allreduce", "--nccl", fake_libs["nccl"], "--sizes-mib", "1"], env=env)
    assert proc.returncode == 1
    err = events[-1]
    assert err["error"] == "ncclUnhandledCudaError" and err["func"] == "ncclCommInitAll"
    assert "fake last error" in err["message"]


def test_allreduce_without_nccl_path(fake_libs, fake_env, tmp_path):
    proc, events = run(["allreduce", "--nccl", str(tmp_path / "libnccl.so.2")], env=fake_env)
    assert proc.returncode == 1
    assert events[-1]["error"] == "NCCL_LIBRARY_NOT_FOUND"


def test_allreduce_single_rank_busbw_zero(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_DEVICES="1")
    proc, events = run(["allreduce", "--nccl", fake_libs["nccl"], "--sizes-mib", "1"], env=env)
    assert proc.returncode == 0
    s = results(events, "size")[0]
    assert s["nranks"] == 1 and s["busbw_gbps"] == 0 and s["verified"] is True


def test_nvls_disabled_by_default_but_parent_can_override(fake_libs, fake_env):
    args = ["allreduce", "--nccl", fake_libs["nccl"], "--sizes-mib", "1"]
    proc, events = run(args, env=fake_env)
    assert results(events, "nccl")[0]["nccl_env"]["NCCL_NVLS_ENABLE"] == "0"
    proc, events = run(args, env=dict(fake_env, NCCL_NVLS_ENABLE="1"))
    assert results(events, "nccl")[0]["nccl_env"]["NCCL_NVLS_ENABLE"] == "1"


def test_only_the_transport_variables_of_nccl_are_reported(fake_libs, fake_env):
    env = dict(fake_env, NCCL_P2P_DISABLE="1", NCCL_SOCKET_IFNAME="eth0", NCCL_NET_PLUGIN="/opt/secret/plugin.so")
    proc, events = run(["allreduce", "--nccl", fake_libs["nccl"], "--sizes-mib", "1"], env=env)
    assert results(events, "nccl")[0]["nccl_env"] == {"NCCL_NVLS_ENABLE": "0", "NCCL_P2P_DISABLE": "1"}


def test_progress_names_the_devices_each_step_works_on(fake_libs, fake_env):
    proc, events = run(["p2p", "host", "--size-mib", "4"], env=fake_env)
    devices = {e["step"]: e["devices"] for e in events if e["event"] == "progress"}
    assert devices["p2p 1->0: unidirectional"] == [1, 0]
    assert devices["p2p 0<->1: bidirectional"] == [0, 1]
    assert devices["host: device 1"] == [1]
    assert devices["cuInit"] is None


def _shape(event):
    """What identifies a line's layout: its event (and result kind) and its keys."""
    return (event["event"], event.get("kind"), tuple(sorted(event)))


def test_the_recorded_runs_have_the_shape_the_worker_prints(fake_libs, fake_env):
    """tests/deep/recorded/*.jsonl stand for runs on real GPUs: every line must look like the worker's own."""
    proc, events = run(["all", "--size-mib", "4", "--sizes-mib", "1", "--nccl", fake_libs["nccl"]], env=fake_env)
    env = dict(fake_env, FAKE_NCCL_FAIL="ncclCommInitAll:1")
    proc, failing = run(["allreduce", "--nccl", fake_libs["nccl"], "--sizes-mib", "1"], env=env)
    shapes = {_shape(e) for e in events + failing}
    recorded = Path(__file__).parent / "recorded"
    for path in sorted(recorded.glob("*.jsonl")):
        for text in path.read_text().splitlines():
            event = json.loads(text)
            assert _shape(event) in shapes, (path.name, text)
            assert text == json.dumps(event, separators=(",", ":")), (path.name, "not as the worker writes it")


def test_failure_mid_verification_cleans_up_quietly(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_FAIL="cuMemcpyDtoHAsync:700")
    proc, events = run(["p2p", "--size-mib", "4"], env=env)
    assert proc.returncode == 1
    assert events[-1]["error"] == "CUDA_ERROR_ILLEGAL_ADDRESS" and events[-1]["func"] == "cuMemcpyDtoHAsync"
    assert "verify" in events[-1]["where"]
    assert "Traceback" not in proc.stderr


def test_cleanup_failure_after_results_is_reported(fake_libs, fake_env):
    env = dict(fake_env, FAKE_CUDA_FAIL="cuMemFree:700")
    proc, events = run(["host", "--size-mib", "4"], env=env)
    assert proc.returncode == 1
    assert len(results(events, "host")) == 2
    assert events[-1]["event"] == "error" and events[-1]["error"] == "CLEANUP_FAILED"
    assert "CUDA_ERROR_ILLEGAL_ADDRESS" in events[-1]["message"]
