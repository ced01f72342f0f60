"""A snapshot replays into the same report as the run that recorded it."""

import json
import os

from gpudoctor.host.live import LiveHost
from gpudoctor.host.snapshot import replay_host_from_text, snapshot_document
from gpudoctor.host.snapshot_privacy import HOST, host_scrubber, map_strings, path_scrubber
from gpudoctor.report.json_report import report_document
from gpudoctor.report.terminal import report_lines

from hosts import HostBuilder, run


def _comparable(report):
    document = report_document(report)
    for key in ("started_at", "recorded_at", "duration_s", "source", "probe_timings_s"):
        document.pop(key)
    for item in document["checks"]:
        item.pop("duration_s")
    return document


def _terminal(report):
    return [line.text for line in report_lines(report, verbose=True)]


def _record_and_replay(host):
    recorded = run(host)
    text = json.dumps(snapshot_document(host))
    replayed = run(replay_host_from_text(text))
    return recorded, replayed


def test_live_run_on_this_machine_replays_identically():
    live = LiveHost()
    try:
        recorded, replayed = _record_and_replay(live)
    finally:
        live.close()
    # A snapshot writes the home folder as ~, user names in paths as <user> and the host name as <host>:
    # so does the replay.
    hostname = (recorded.host.get("node") or {}).get("hostname")
    scrub_paths, scrub_host = path_scrubber(os.path.expanduser("~")), host_scrubber(hostname)

    def scrub(text):
        return scrub_host(scrub_paths(text))

    expected = map_strings(_comparable(recorded), scrub)
    if expected["host"].get("node"):
        expected["host"]["node"]["hostname"] = HOST
    assert expected == _comparable(replayed)
    assert [scrub(line) for line in _terminal(recorded)] == _terminal(replayed)


def test_recorded_h200_snapshot_survives_a_second_recording():
    first = HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()
    recorded, replayed = _record_and_replay(first)
    assert _comparable(recorded) == _comparable(replayed)
    assert recorded.host["gpus"][0]["name"] == "NVIDIA H200"


def test_non_utf8_command_output_round_trips_byte_for_byte():
    utf16 = "  NAME      STATE     VERSION\r\n* Ubuntu    Running   2\r\n".encode("utf-16-le")
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    builder.set("run", ["wsl.exe", "-l", "-v"], {"returncode": 0, "stdout": {"base64": __import__("base64").b64encode(utf16).decode()},
                                                 "stderr": "", "error": None})
    host = builder.host()
    answer = host.run(["wsl.exe", "-l", "-v"])
    again = replay_host_from_text(json.dumps(snapshot_document(host))).run(["wsl.exe", "-l", "-v"])
    assert answer.stdout == utf16 == again.stdout


def test_a_question_the_snapshot_never_recorded_is_answered_not_recorded():
    host = HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()
    assert host.run(["nvidia-smi", "--no-such-flag"]).error == "not-recorded"
    assert host.nvml("nvmlDeviceGetFanSpeed", 0).error == "not-recorded"
