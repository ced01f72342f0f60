"""NVLink error counters read by the worker before and after its tests, and what the deep checks say of
their growth. The two-H200 recording (tests/deep/recorded/h200x2-nvlink.jsonl) predates these reads; the
lines added here hold the counters as the lent two-H100 host's NVML gave them before and after its own
--deep run (tests/fixtures/raw/h100x2/nvml_counters*.json: replay, recovery and CRC stayed 0 on all 36
links), and, for the failing case, one CRC count raised by hand."""

from __future__ import annotations

import json
from pathlib import Path

from deep.deep_hosts import DEEP_CHECKS, H200_BUSES, h200, recorded, set_worker, with_software, worker_args
from hosts import result, run

from gpudoctor.deep.nvlink import NVLINK_COUNTERS, nvlink_counters
from gpudoctor.model import Action, Status

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "h100x2"
LEGACY_NAMES = {"replay": "replay", "recovery": "recovery", "crc": "crc_flit"}  # the raw reads' names


def reading(name: str, phase: str, bump: tuple[int, int, int] | None = None) -> dict:
    """A worker `nvlink` result from the two-H100 host's raw NVML reads, placed on the H200 buses."""
    gpus = json.loads((RAW / name).read_text())["gpus"]
    devices = []
    for gpu, bus in zip(gpus, H200_BUSES):
        links = {link: {ours: state[theirs] for ours, theirs in LEGACY_NAMES.items()}
                 for link, state in gpu["links"].items() if isinstance(state, dict) and state["active"]}
        if bump and bump[0] == gpu["index"]:
            links[str(bump[1])]["crc"] += bump[2]
        devices.append({"pci_bus_id": bus, "links": links})
    return {"event": "result", "test": "nvlink", "kind": "nvlink", "phase": phase, "devices": devices}


def with_readings(before: dict, after: dict) -> str:
    lines = recorded("h200x2-nvlink.jsonl").splitlines()
    env = next(i for i, line in enumerate(lines) if '"kind":"env"' in line)
    done = next(i for i, line in enumerate(lines) if '"event":"done"' in line)
    lines[done:done] = [json.dumps(after)]
    lines[env + 1:env + 1] = [json.dumps(before)]
    return "\n".join(lines) + "\n"


def deep_report(stdout: str):
    builder = set_worker(with_software(h200()), worker_args(), stdout)
    return run(builder.host(), only=DEEP_CHECKS)


def test_counters_that_stayed_at_zero_through_the_traffic_say_nothing():
    report = deep_report(with_readings(reading("nvml_counters.json", "before"),
                                       reading("nvml_counters_after_deep.json", "after")))
    assert report.facts.get("deep").nvlink_growth == {(f"GPU {g}", link, name): 0 for g in (0, 1)
                                                      for link in range(18) for name in NVLINK_COUNTERS}
    assert not any("NVLink errors grew" in f.summary for r in report.results for f in r.findings)


def test_a_crc_count_that_grew_during_the_copies_warns_once_in_p2p_bandwidth():
    report = deep_report(with_readings(reading("nvml_counters.json", "before"),
                                       reading("nvml_counters_after_deep.json", "after", bump=(1, 3, 7))))
    (grew,) = [f for r in report.results for f in r.findings if "NVLink errors grew" in f.summary]
    assert grew in result(report, "p2p.bandwidth").findings
    assert grew.status is Status.WARN and grew.action is Action.RESEAT_OR_INSPECT_HARDWARE
    assert grew.summary == "NVLink errors grew while the test moved data: GPU 1 link 3: crc +7"


def test_a_recording_without_the_reads_is_not_judged():
    assert run(set_worker(with_software(h200()), worker_args(), recorded("h200x2-nvlink.jsonl")).host(),
               only=DEEP_CHECKS).facts.get("deep").nvlink_growth is None


def test_the_worker_reads_each_active_link_and_leaves_out_what_nvml_refuses(monkeypatch):
    import sys
    import types

    class NVMLError(Exception):
        pass

    def counter(handle, link, which):
        if which == NVLINK_COUNTERS["recovery"]:
            raise NVMLError("not supported")
        return 10 * link + which

    def state(handle, link):
        if link >= 3:
            raise NVMLError("invalid argument")  # past the last link
        return link != 1

    module = types.SimpleNamespace(NVMLError=NVMLError, nvmlInit=lambda: None, nvmlShutdown=lambda: None,
                                   nvmlDeviceGetHandleByPciBusId=lambda bus: bus,
                                   nvmlDeviceGetNvLinkState=state, nvmlDeviceGetNvLinkErrorCounter=counter)
    monkeypatch.setitem(sys.modules, "pynvml", module)
    assert nvlink_counters(["0000:00:06.0"]) == [{"pci_bus_id": "0000:00:06.0", "links": {
        "0": {"replay": 0, "crc": 2}, "2": {"replay": 20, "crc": 22}}}]
