"""gpu.error-history on the two-H100 recording (booted 142 s before it was recorded), with the kernel log of
a real Xid 79 (wilicc/gpu-burn#1, tests/fixtures/raw/under_driver/gpuburn1_dmesg.txt) and an earlier run
of the same node in the history."""

from __future__ import annotations

import json

from click.testing import CliRunner

from hosts import FIXTURES, HOSTS, HostBuilder, result, run

from gpudoctor.cli import main
from gpudoctor.engine import Options
from gpudoctor.history import MAX_RUNS, History, RunRecord, parse_history
from gpudoctor.model import Action, Status

RECORDED_AT = "2026-11-25T21:25:21Z"  # the recording's time; /proc/uptime said 142.21 s
GPUBURN = (FIXTURES / "raw" / "under_driver" / "gpuburn1_dmesg.txt").read_text()
XID79 = "GPU at 0000:02:00 Xid 79"
SAME_BOOT = RunRecord("2026-11-25T21:24:21Z", 82.21, {}, {}, {"GPU 0 crc": 0})
EARLIER_BOOT = RunRecord("2026-11-20T08:00:00Z", 90000.0, {XID79: 1}, {}, {})


def findings(runs, dmesg: str | None = None, builder: HostBuilder | None = None):
    builder = builder or HostBuilder.from_fixture("linux-2xh100-nvlink.json")
    if dmesg is not None:
        builder.set_command(["dmesg"], stdout=dmesg)
    history = History("history.json", tuple(runs), RECORDED_AT)
    return result(run(builder.host(), only=["gpu.error-history"], options=Options(history=history)),
                  "gpu.error-history").findings


def test_an_xid_seen_in_an_earlier_boot_came_back():
    (finding,) = findings([EARLIER_BOOT, SAME_BOOT], GPUBURN)
    assert finding.status is Status.FAIL and finding.action is Action.RESEAT_OR_INSPECT_HARDWARE
    assert finding.summary == ("GPU at 0000:02:00 Xid 79 (GPU has fallen off the bus) came back: in 2 of the 2 boots "
                               "recorded, this one included")


def test_an_xid_new_since_the_previous_run_of_this_boot_is_counted_since_the_reboot():
    (finding,) = findings([SAME_BOOT], GPUBURN)
    assert finding.status is Status.WARN and finding.action is Action.REBOOT  # the Xid 79 class's own action
    assert "Xid 79 (GPU has fallen off the bus): the first time since the last reboot, 1 since the previous run" \
        in finding.summary


def test_nvlink_errors_that_grew_since_the_previous_run_warn():
    builder = HostBuilder.from_fixture("linux-2xh100-nvlink.json").set_nvml(
        "nvmlDeviceGetNvLinkErrorCounter", 0, 4, 2, value=12)
    (finding,) = findings([SAME_BOOT], builder=builder)
    assert finding.status is Status.WARN and finding.action is Action.RESEAT_OR_INSPECT_HARDWARE
    assert finding.summary.startswith("GPU 0 NVLink crc errors grew by 12 since the previous run")


def test_counters_from_an_earlier_boot_are_not_compared():
    builder = HostBuilder.from_fixture("linux-2xh100-nvlink.json").set_nvml(
        "nvmlDeviceGetNvLinkErrorCounter", 0, 4, 2, value=12)
    (finding,) = findings([RunRecord("2026-11-20T08:00:00Z", 90000.0, {}, {}, {"GPU 0 crc": 0})], builder=builder)
    assert finding.status is Status.PASS and "1 earlier run over 1 boot" in finding.details[0]


def test_without_a_history_file_the_check_says_how_to_keep_one():
    report = run(HostBuilder.from_fixture("linux-2xh100-nvlink.json").host(), only=["gpu.error-history"])
    assert "history = PATH" in result(report, "gpu.error-history").findings[0].summary


def test_each_run_appends_its_record_and_the_file_stays_bounded(tmp_path):
    path = tmp_path / "history.json"
    old = [RunRecord(f"2026-11-{d:02d}T00:00:00Z", 60.0, {}, {}, {}).to_json() for d in range(1, 31)] * 7
    path.write_text(json.dumps({"schema": "gpudoctor-history", "version": 1, "runs": old}))
    args = ["check", "--from", str(HOSTS / "linux-2xh100-nvlink.json"), "--only", "gpu.error-history",
            "--history", str(path)]
    assert CliRunner().invoke(main, args).exit_code == 0
    runs = json.loads(path.read_text())["runs"]
    assert len(runs) == MAX_RUNS and runs[-1]["at"] == RECORDED_AT and runs[-1]["nvlink"]["GPU 1 crc"] == 0


def test_a_damaged_history_is_bad_input_that_says_what_to_do(tmp_path):
    path = tmp_path / "history.json"
    path.write_text('{"schema": "gpudoctor-history", "version": 1, "runs": [{"at": "yesterday"}]}')
    outcome = CliRunner().invoke(main, ["check", "--from", str(HOSTS / "linux-2xh100-nvlink.json"),
                                        "--history", str(path)])
    assert outcome.exit_code == 2 and "move it aside to start a new one" in outcome.stderr


def test_the_history_reads_back_what_it_wrote():
    history = History("h.json", (SAME_BOOT,), RECORDED_AT)
    again = parse_history(history.appended(EARLIER_BOOT), "h.json", RECORDED_AT)
    assert again.runs == (SAME_BOOT, EARLIER_BOOT)
