"""`--stress`: the recorded two-H100 run, and the same run edited into the faults it must catch.

Every test replays tests/fixtures/hosts/linux-2xh100-nvlink-stress.json (`gpudoctor snapshot --stress 30` on the
lent host) and edits only the worker's recorded output, the probe's boundary: a throttle, an Xid in the middle of
the run, a wrong result, one weaker twin.
"""

import json
from pathlib import Path

import pytest
from hosts import HostBuilder, result, text_of

from gpudoctor.engine import Options, run_checks
from gpudoctor.model import Status
from gpudoctor.registry import load_registry
from gpudoctor.summary import host_summary

FIXTURE = "linux-2xh100-nvlink-stress.json"
RAW = Path(__file__).resolve().parents[1] / "fixtures" / "raw" / "stress-2xh100"
SECONDS = 30
GPU1_BUS = "0000:00:07.0"


def _worker_call(builder):
    return next((args, answer) for args, answer in builder.matching("python") if "stress" in args)


def _edited(edit):
    """The recording, with `edit(events)` applied to the worker's JSON lines."""
    builder = HostBuilder.from_fixture(FIXTURE)
    args, answer = _worker_call(builder)
    events = [json.loads(line) for line in answer["stdout"].splitlines() if line.startswith("{")]
    edit(events)
    answer = dict(answer, stdout="\n".join(json.dumps(e) for e in events) + "\n")
    return builder.set("python", args, answer)


def _stress(builder, seconds=SECONDS):
    registry = load_registry()
    checks = [c for c in registry.checks if c.id == "gpu.stress"]
    report = run_checks(builder.host(), checks, registry, Options(), report_broken_plugins=False,
                        summarize=host_summary, requests={"stress_seconds": seconds})
    return result(report, "gpu.stress")


def _gpu(check, index):
    """The finding of GPU `index` (NVML's number)."""
    return next(f for f in check.findings if f.evidence.get("gpu") == f"GPU {index}" and "steady" in f.evidence)


def _windows(events, device):
    return [w for e in events if e.get("kind") == "sample" for w in e["gpus"] if w["device"] == device]


def _result(events, kind, **match):
    return next(e for e in events if e.get("kind") == kind and all(e.get(k) == v for k, v in match.items()))


def _dmon_steady_power(name):
    """Mean power per GPU from `nvidia-smi dmon -s pucvmet` while loaded (> 400 W), less each GPU's first 2 and
    last samples (ramping)."""
    rows = [line.split() for line in (RAW / name).read_text().splitlines() if not line.startswith("#")]
    power = {}
    for row in rows:
        if int(row[2]) > 400:
            power.setdefault(int(row[1]), []).append(int(row[2]))
    return {gpu: sum(v[2:-1]) / len(v[2:-1]) for gpu, v in power.items()}


def test_the_recorded_run_passes_with_one_line_per_gpu():
    check = _stress(HostBuilder.from_fixture(FIXTURE))
    assert check.status is Status.PASS
    lines = [f.summary for f in check.findings]
    assert lines[0] == ("2 GPUs at full load at once for 30 s: GPU 0 698 W of 700 W, 1224 MHz, 80 °C max, 603 TFLOPS; "
                        "GPU 1 698 W of 700 W, 1239 MHz, 69 °C max, 609 TFLOPS.")
    assert lines[1].startswith("GPU 0 for 30 s: 698 W of 700 W") and "products right" in lines[1]
    assert lines[2].startswith("GPU 1 for 30 s:") and "GiB of memory patterns read back right" in lines[2]
    assert "arrived intact" in lines[3]
    series = _gpu(check, 0).evidence["series"]
    assert len(series["t"]) == 31 and set(series) >= {"power_w", "sm_mhz", "temp_c", "reasons", "pcie_gen"}


def test_the_recorded_stress_draws_at_least_95_percent_of_the_pytorch_reference():
    """In the same device run: bench/stress_reference.py (PyTorch fp16 matmuls on both GPUs), then the stress, with
    nvidia-smi dmon beside both; and gpudoctor's own NVML windows agree with dmon."""
    reference, stress = _dmon_steady_power("dmon_ref.txt"), _dmon_steady_power("dmon_stress.txt")
    check = _stress(HostBuilder.from_fixture(FIXTURE))
    for gpu in (0, 1):
        assert stress[gpu] >= 0.95 * reference[gpu]
        recorded = _gpu(check, gpu).evidence["steady"]["power_w"]
        assert abs(recorded - stress[gpu]) < 10


def test_a_replay_with_another_duration_says_the_run_is_not_recorded():
    check = _stress(HostBuilder.from_fixture(FIXTURE), seconds=60)
    assert check.status is Status.SKIP and "no run" in check.findings[0].summary


def test_hardware_slowdown_on_one_gpu_fails_as_power_delivery():
    def throttle(events):
        for w in _windows(events, 1)[10:]:
            w["reasons"] |= 0x8  # HW slowdown
    check = _stress(_edited(throttle))
    assert check.status is Status.FAIL
    gpu1 = _gpu(check, 1)
    assert gpu1.status is Status.FAIL and gpu1.summary.startswith("GPU 1: hardware slowdown")
    assert "power supply" in text_of(check) and _gpu(check, 0).status is Status.PASS


def test_thermal_throttling_warns_with_the_temperature():
    def hot(events):
        for w in _windows(events, 0)[20:]:
            w["reasons"] |= 0x20
            w["temp_c"] = 91
    check = _stress(_edited(hot))
    assert check.status is Status.WARN
    assert "software thermal slowdown at up to 91 °C" in _gpu(check, 0).summary


def test_an_xid_79_mid_run_fails_with_the_bus_id_and_the_power_advice():
    def xid(events):
        run = _result(events, "stress-run")
        run["kernel_lines"] = [{"t": 14.2, "text": "NVRM: Xid (PCI:0000:00:07): 79, pid=2301, GPU has fallen off "
                                "the bus.", "xid": 79, "bus": "0000:00:07"}]
        run["stopped_by"], run["stop_detail"] = "kernel-log", run["kernel_lines"][0]["text"]
    check = _stress(_edited(xid))
    gpu1 = _gpu(check, 1)
    assert gpu1.status is Status.FAIL
    assert "Xid 79" in gpu1.summary and GPU1_BUS in gpu1.summary and "14 s into the load" in gpu1.summary
    assert "daisy-chained" in text_of(check)
    assert _gpu(check, 0).status is Status.PASS


def test_a_wrong_result_fails_the_gpu_that_computed_it():
    def wrong(events):
        compute = _result(events, "stress-device", device=0)["compute"]
        compute.update(verified=False, sample_mismatches=3)
        _result(events, "stress-run")["stopped_by"] = "wrong-result"
    check = _stress(_edited(wrong))
    assert _gpu(check, 0).status is Status.FAIL
    assert "3 of 48 entries known in advance came out wrong" in _gpu(check, 0).summary
    assert "overclock" in text_of(check)


def test_one_weaker_twin_warns_and_names_what_differs():
    def weaker(events):
        for w in _windows(events, 1):
            w["sm_mhz"] *= 0.8
        device = _result(events, "stress-device", device=1)
        device["compute"]["tflops"] *= 0.8
        device["power_limit_w"] = 550.0
    check = _stress(_edited(weaker))
    assert check.status is Status.WARN
    twin = next(f for f in check.findings if "twin" in f.summary)
    assert twin.summary.startswith("GPU 1 sustains") and "19 % below its twin GPU 0 (603 TFLOPS)" in twin.summary
    assert "power limit is lower (550 W against 700 W)" in twin.details[0]


def test_a_link_that_trains_down_under_load_warns():
    def downtrain(events):
        for w in _windows(events, 0)[5:]:
            w["pcie_gen"] = 3
    check = _stress(_edited(downtrain))
    assert _gpu(check, 0).status is Status.WARN and "Gen3 x16 under load, below the Gen5 x16" in \
        _gpu(check, 0).summary


def test_uncorrectable_ecc_errors_during_the_run_fail():
    def ecc(events):
        _result(events, "stress-device", device=1)["counters_end"]["ecc_uncorrected"] = 2
    assert _gpu(_stress(_edited(ecc)), 1).status is Status.FAIL


def test_busy_gpus_are_not_loaded_unless_insisted():
    builder = HostBuilder.from_fixture(FIXTURE)
    builder.set_nvml("nvmlDeviceGetComputeRunningProcesses", 0,
                     value=[{"pid": 4242, "usedGpuMemory": 1 << 30}])
    check = _stress(builder)
    assert check.status is Status.WARN and "Not run: other processes use the GPUs" in check.findings[0].summary
    assert "--force" in text_of(check)


@pytest.mark.parametrize("error,status", [("CUDA_ERROR_LAUNCH_FAILED", Status.FAIL), ("INTERRUPTED", Status.SKIP)])
def test_a_run_cut_short_is_judged_by_what_stopped_it(error, status):
    def cut(events):
        keep = [e for e in events if e.get("kind") not in ("stress-device", "stress-pair", "stress-run")
                and e["event"] != "done"]
        keep.append({"event": "error", "test": "stress", "where": "stress: 14/30 s", "func": "cuEventSynchronize",
                     "error": error, "code": 719, "message": None})
        events[:] = keep
    check = _stress(_edited(cut))
    assert check.findings[0].status is status


def test_the_progress_line_is_a_bar_of_the_seconds_done():
    from gpudoctor.probes.stress import describe_progress

    describe = describe_progress(30)
    assert describe({"step": "stress: 15/30 s"}) == "Loading every GPU: [██████████░░░░░░░░░░] 15/30 s"
    assert describe({"step": "stress: allocate"}) == "Loading every GPU: allocate"


def test_a_stress_run_lengthens_the_deadline_of_the_gathering_by_its_seconds():
    from gpudoctor.probing import STRESS_OVERHEAD_S, stress_allowance

    assert stress_allowance({"gpus"}, {"stress_seconds": 600}) == 0
    assert stress_allowance({"gpus", "stress"}, {"stress_seconds": 600}) == 600 + STRESS_OVERHEAD_S


def test_the_command_line_replays_a_stress_run_and_bounds_its_seconds():
    from click.testing import CliRunner

    from gpudoctor.cli import main

    fixture = str(Path(__file__).resolve().parents[1] / "fixtures" / "hosts" / FIXTURE)
    replay = CliRunner().invoke(main, ["check", "--from", fixture, "--stress", "30", "--only", "gpu.stress"])
    assert replay.exit_code == 0 and "GPU 1 698 W of 700 W, 1239 MHz" in replay.output
    too_long = CliRunner().invoke(main, ["check", "--from", fixture, "--stress", "3600"])
    assert too_long.exit_code == 2 and "5<=x<=600" in too_long.output
    default = CliRunner().invoke(main, ["check", "--from", fixture, "--stress", "--only", "gpu.stress", "-v"])
    assert "no run of the GPU tests" in default.output  # 60 s by default: not what was recorded
