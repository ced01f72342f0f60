"""gpu.nvlink and gpu.memory: the two-H100 recording (every link up, no error, ECC clean, recovery
action none) with single NVML answers changed to what a failing GPU reports."""

from __future__ import annotations

from hosts import HostBuilder, result, run

from gpudoctor.model import Action, Status
from gpudoctor.probes.gpu_health import COUNTER_FIELD_IDS

HOST = "linux-2xh100-nvlink.json"
REPLAY, RECOVERY, CRC = 0, 1, 2  # nvmlNvLinkErrorCounter_t


def findings(builder: HostBuilder, check_id: str):
    return result(run(builder.host(), only=[check_id]), check_id).findings


def with_field(builder: HostBuilder, gpu: int, field_id: int, value: int) -> HostBuilder:
    """Change one field of GPU `gpu`'s recorded nvmlDeviceGetFieldValues answer."""
    args = ["nvmlDeviceGetFieldValues", gpu, list(COUNTER_FIELD_IDS)]
    answer = next(a for recorded, a in builder.matching("nvml") if recorded == args)
    for entry in answer["value"]:
        if entry["fieldId"] == field_id:
            entry["nvmlReturn"] = 0
            entry["value"][{0: "dVal", 1: "uiVal", 3: "ullVal"}[entry["valueType"]]] = value
    return builder.set("nvml", args, answer)


def test_a_link_down_on_an_sxm_h100_warns_with_reset_gpu():
    builder = HostBuilder.from_fixture(HOST).set_nvml("nvmlDeviceGetNvLinkState", 1, 7, value=0)
    (finding,) = findings(builder, "gpu.nvlink")
    assert finding.status is Status.WARN and finding.action is Action.RESET_GPU
    assert "GPU 1 (NVIDIA H100 80GB HBM3): 17 of its 18 NVLinks are up" == finding.summary
    assert "Links down: 7" in finding.details[0] and "SXM" in finding.details[0]


def test_a_link_recovery_warns_with_reset_gpu_and_names_the_link():
    builder = HostBuilder.from_fixture(HOST).set_nvml("nvmlDeviceGetNvLinkErrorCounter", 0, 3, RECOVERY, value=2)
    (finding,) = findings(builder, "gpu.nvlink")
    assert finding.status is Status.WARN and finding.action is Action.RESET_GPU
    assert "recovered from 2 link failures" in finding.summary and "link 3: recovery 2" in finding.details


def test_crc_errors_warn_with_reseat_or_inspect():
    builder = HostBuilder.from_fixture(HOST).set_nvml("nvmlDeviceGetNvLinkErrorCounter", 0, 5, CRC, value=41)
    (finding,) = findings(builder, "gpu.nvlink")
    assert finding.status is Status.WARN and finding.action is Action.RESEAT_OR_INSPECT_HARDWARE
    assert "crc 41" in finding.summary


def test_a_recording_without_the_counters_says_so_instead_of_no_error():
    (finding,) = findings(HostBuilder.from_fixture("linux-2xh200-nvlink.json"), "gpu.nvlink")
    assert finding.status is Status.PASS and "error counters not recorded here" in finding.summary


def test_uncorrectable_ecc_errors_since_the_driver_loaded_fail_with_reset_gpu():
    builder = with_field(HostBuilder.from_fixture(HOST), 1, 4, 3)  # NVML_FI_DEV_ECC_DBE_VOL_TOTAL
    (finding,) = findings(builder, "gpu.memory")
    assert finding.status is Status.FAIL and finding.action is Action.RESET_GPU
    assert finding.summary.startswith("GPU 1 (NVIDIA H100 80GB HBM3): 3 uncorrectable ECC errors")


def test_the_drivers_recovery_action_becomes_the_findings_action():
    builder = with_field(HostBuilder.from_fixture(HOST), 0, 230, 2)  # NVML_GPU_RECOVERY_ACTION_NODE_REBOOT
    (finding,) = findings(builder, "gpu.memory")
    assert finding.status is Status.FAIL and finding.action is Action.REBOOT
    assert "the driver asks for recovery: node-reboot" in finding.summary


def test_a_recording_from_before_the_counters_is_skipped():
    (finding,) = findings(HostBuilder.from_fixture("linux-2xh200-nvlink.json"), "gpu.memory")
    assert finding.status is Status.SKIP


def _counters_as_fields(builder: HostBuilder, gpu: int, failing_field: int | None = None) -> HostBuilder:
    """GPU `gpu`'s recorded per-link counters answered instead as the one field-value call a live run now asks
    (the shape NVML gave on the lent two-H200 host: fieldId, scopeId = link, nvmlReturn, value.ullVal)."""
    from gpudoctor.probes.gpus import NVLINK_ERROR_FIELDS, nvlink_error_request

    counters = {name: {args[2]: answer["value"] for args, answer in builder.matching("nvml")
                       if args[0] == "nvmlDeviceGetNvLinkErrorCounter" and args[1] == gpu and args[3] == number}
                for name, number in {"replay": REPLAY, "recovery": RECOVERY, "crc": CRC}.items()}
    links = sorted(counters["replay"])
    entries = [{"fieldId": field, "scopeId": link, "nvmlReturn": 3 if field == failing_field else 0, "valueType": 3,
                "value": {"ullVal": counters[name][link] + (5 if name == "recovery" and link == 4 else 0)}}
               for link in links for name, field in NVLINK_ERROR_FIELDS.items()]
    return builder.set_nvml("nvmlDeviceGetFieldValues", gpu, [list(p) for p in nvlink_error_request(links)],
                            value=entries)


def test_link_counters_come_from_one_field_value_call_where_it_was_asked():
    (finding,) = findings(_counters_as_fields(HostBuilder.from_fixture(HOST), 0), "gpu.nvlink")
    assert finding.status is Status.WARN and "link 4: recovery 5" in finding.details


def test_a_counter_the_driver_does_not_answer_as_a_field_is_read_per_link():
    builder = _counters_as_fields(HostBuilder.from_fixture(HOST), 0, failing_field=162)
    (finding,) = findings(builder, "gpu.nvlink")
    assert finding.status is Status.PASS  # the recorded per-link answers, in which every counter is 0
