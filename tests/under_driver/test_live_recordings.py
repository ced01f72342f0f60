"""The layer under the driver on a real machine: the one-H100 Firecracker VM recorded with every probe.

What the checks conclude is compared with what the machine's own tools said in the same session
(tests/fixtures/hosts/README.md): `nvidia-smi -q` BAR1 Total 131072 MiB, GPU Current Temp 36 C, Current
Power Limit 700.00 W, Persistence Mode Enabled; /proc/driver/nvidia/version "NVIDIA UNIX Open Kernel
Module for x86_64  580.159.04"; nvidia and nvidia_uvm in /proc/modules; /dev/nvidia* mode 666; no Xid in dmesg.
"""

from __future__ import annotations

import pytest

from hosts import HostBuilder, result, run, text_of

RECORDING = "linux-1xh100-firecracker-vm.json"


@pytest.fixture(scope="module")
def report():
    return run(HostBuilder.from_fixture(RECORDING).host())


def test_the_vm_is_seen_as_one(report):
    assert report.host["platform"]["virtualization"] == "unknown"  # hypervisor flag, no DMI tables


def test_driver_kernel_names_the_open_module_matching_user_space(report):
    text = text_of(result(report, "driver.kernel"))
    assert result(report, "driver.kernel").status.value == "pass"
    assert "open kernel module 580.159.04" in text and "bound to the nvidia driver" in text
    assert "both 580.159.04" in text


def test_bar1_agrees_with_nvidia_smi(report):
    bar1 = result(report, "pcie.bar1")
    assert bar1.status.value == "pass" and "BAR1 128 GiB" in text_of(bar1)  # 131072 MiB


def test_uvm_and_device_nodes_as_stat_showed_them(report):
    uvm = result(report, "driver.uvm")
    assert uvm.status.value == "pass" and "nvidia_uvm is loaded" in text_of(uvm)


def test_health_reads_what_nvidia_smi_read(report):
    text = text_of(result(report, "gpu.health"))
    assert "36 °C" in text and "700 W" in text and "persistence on" in text


def test_errors_read_dmesg_and_say_the_previous_boot_is_unreadable(report):
    errors = result(report, "gpu.errors")
    assert errors.status.value == "pass" and "dmesg" in text_of(errors)
    assert "journalctl is not installed" in text_of(errors)


def test_acs_has_no_pair_on_one_gpu(report):
    assert result(report, "pcie.acs").status.value == "skip"
