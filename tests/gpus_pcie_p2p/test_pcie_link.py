"""pcie.link on the recorded two-H200 host and on the link problems people actually meet."""

from gpudoctor.model import Status

from gpus_pcie_p2p.hardware_hosts import H200_SYSFS, h200, set_link, set_sysfs
from hosts import result, run, text_of

WSL_SYSTEM = {"sys_platform": "linux", "os_release": "5.15.167.4-microsoft-standard-WSL2",
              "os_version": "#1 SMP Tue Nov 5 00:21:55 UTC 2024", "machine": "x86_64", "python_version": "3.12.3",
              "extra": {"distro": {"id": "ubuntu", "version": "24.04", "name": "Ubuntu 24.04.1 LTS"}}}


def _pcie(builder):
    return result(run(builder.host(), only=["pcie.link"]), "pcie.link")


def test_the_recorded_h200_host_has_full_links_confirmed_by_the_kernel():
    check = _pcie(h200())
    assert check.status is Status.PASS
    assert check.findings[0].summary == "2 GPUs with full PCIe links: Gen5 x16 (63.0 GB/s per direction)"
    text = text_of(check)
    assert "The Linux kernel (sysfs) agrees with NVML" in text
    assert "GPU 1: the kernel reports 32.0 GT/s PCIe x16 (max 32.0 GT/s PCIe x16)" in text
    gpu1 = check.findings[2].evidence
    assert (gpu1["gpu"], gpu1["generation"], gpu1["width"], gpu1["max_generation"]) == (1, 5, 16, 5)
    assert gpu1["sysfs"]["current_link_speed"] == "32.0 GT/s PCIe"


def _gpu1_sysfs(builder, speed, width):
    sysfs = dict(H200_SYSFS)
    sysfs["0000:00:07.0"] = {**sysfs["0000:00:07.0"], "current_link_speed": speed, "current_link_width": width}
    return set_sysfs(builder, sysfs)


def test_an_x16_gpu_at_x4_is_a_warning_with_the_bandwidth_it_costs():
    builder = h200()
    set_link(builder, 1, generation=4, width=4, max_generation=4, max_width=16, gpu_max_generation=4)
    _gpu1_sysfs(builder, "16.0 GT/s PCIe", "4")
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert [f.status for f in check.findings] == [Status.PASS, Status.WARN, Status.PASS]
    assert check.findings[0].summary.startswith("GPU 0: PCIe Gen5 x16")
    warning = check.findings[1]
    assert warning.summary == "GPU 1 (NVIDIA H200) runs at x4 of x16: 23.6 GB/s per direction lost"
    assert "7.9 GB/s instead of 31.5 GB/s each way" in warning.details[0]
    assert "riser" in text_of(check)


def test_x4_is_found_from_sysfs_when_nvml_reports_the_slot_limited_maximum():
    # NVML documents its max width as what GPU and slot allow together: x4 of x4. The kernel's
    # max_link_width is the GPU's own capability, x16.
    builder = h200()
    set_link(builder, 1, generation=4, width=4, max_generation=4, max_width=4, gpu_max_generation=4)
    _gpu1_sysfs(builder, "16.0 GT/s PCIe", "4")
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert "GPU 1 (NVIDIA H200) runs at x4 of x16: 23.6 GB/s per direction lost" in text_of(check)


def test_gen1_at_idle_is_explained_not_warned():
    builder = h200()
    set_link(builder, 0, generation=1, width=16, max_generation=4, max_width=16, gpu_max_generation=4, utilization=0)
    check = _pcie(builder)
    assert check.status is Status.PASS
    idle = check.findings[1]
    assert idle.summary == ("GPU 0: PCIe Gen1 x16 now, Gen4 x16 possible: normal power saving at idle")
    assert "only judged while the GPU is busy" in idle.details[0]


def test_gen1_while_busy_is_a_warning():
    builder = h200()
    set_link(builder, 0, generation=1, width=16, max_generation=4, max_width=16, gpu_max_generation=4, utilization=97)
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert "GPU 0 (NVIDIA H200) runs at PCIe Gen1 while 97% busy; Gen4 is possible" in text_of(check)


def test_a_slot_that_caps_the_generation_is_a_warning():
    builder = h200()
    set_link(builder, 1, generation=3, width=16, max_generation=3, max_width=16, gpu_max_generation=4)
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert "GPU 1 (NVIDIA H200) is limited to PCIe Gen3 by its slot; the GPU supports Gen4" in text_of(check)
    assert "15.8 GB/s instead of 31.5 GB/s" in text_of(check)


def test_a_nonzero_replay_counter_is_a_warning_that_says_it_is_one_sample():
    builder = h200()
    set_link(builder, 0, generation=5, width=16, max_generation=5, max_width=16, gpu_max_generation=5, replays=37)
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert "GPU 0 (NVIDIA H200): PCIe replay counter is 37" in text_of(check)
    assert "one sample per run" in text_of(check)


def test_nvml_and_the_kernel_disagreeing_on_lanes_is_a_warning():
    builder = h200()
    sysfs = dict(H200_SYSFS)
    sysfs["0000:00:06.0"] = {**sysfs["0000:00:06.0"], "current_link_width": "8"}
    set_sysfs(builder, sysfs)
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert "disagree on the PCIe lane count: GPU 0: NVML says x16, the kernel x8" in text_of(check)


def test_under_wsl_the_sysfs_cross_check_is_skipped_with_the_reason():
    builder = h200().set("system", [], WSL_SYSTEM)
    set_sysfs(builder, {"0000:00:00.0": {"vendor": "0x1414", "class": "0x060000"}})  # no NVIDIA function in WSL
    check = _pcie(builder)
    assert check.status is Status.PASS
    assert check.findings[-1].status is Status.SKIP
    assert "inside WSL 2 the GPUs are no PCI devices of the Linux kernel" in check.findings[-1].summary


def test_a_gpu_whose_link_nvml_cannot_report_is_skipped_with_the_error():
    builder = h200()
    for function in ("nvmlDeviceGetCurrPcieLinkGeneration", "nvmlDeviceGetCurrPcieLinkWidth"):
        builder.set_nvml(function, 1, error="NVML_ERROR_NOT_SUPPORTED")
    check = _pcie(builder)
    assert "GPU 1: NVML did not report its PCIe link (NVML_ERROR_NOT_SUPPORTED)." in text_of(check)
    assert check.status is Status.PASS  # GPU 0 is fine; a skip never raises the status


def _with_uptime(builder, seconds):
    return builder.set("file", ["/proc/uptime", 128, False], {"data": f"{seconds} 1000.00\n", "error": None})


def test_a_replay_now_and_then_is_normal_when_the_rate_since_boot_is_low():
    # Recorded on a two-H200 host: GPU 1 showed a replay counter of 1.
    builder = _with_uptime(h200(), "5400.12")
    set_link(builder, 1, generation=5, width=16, max_generation=5, max_width=16, gpu_max_generation=5, replays=1)
    check = _pcie(builder)
    assert check.status is Status.PASS
    assert "1 PCIe replay since boot" in text_of(check) and "more than 8 per minute" in text_of(check)


def test_a_replay_rate_above_dcgms_limit_is_a_warning():
    builder = _with_uptime(h200(), "600.0")
    set_link(builder, 0, generation=5, width=16, max_generation=5, max_width=16, gpu_max_generation=5,
             replays=12000)
    check = _pcie(builder)
    assert check.status is Status.WARN
    assert "PCIe replay counter is 12000 since boot (1200.0 per minute" in text_of(check)
