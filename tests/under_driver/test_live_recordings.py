"""The layer under the driver on real machines: the one-H100 and the one-H200 Firecracker VMs, each
recorded with every probe, against what the machine's own tools printed in the same session.

The tools' outputs are committed beside the recordings (tests/fixtures/raw/h100 and raw/h200, README
there): `nvidia-smi -q -d MEMORY,TEMPERATURE,POWER,PERFORMANCE,...`, /proc/driver/nvidia/version with
/sys/module/nvidia/version and /proc/modules, `stat` of /dev/nvidia*, and dmesg's NVRM/Xid/AER/BAR
lines. Each test reads the figure from the tool's output and looks for it in gpudoctor's verdict, so a
probe or check that misreads the machine fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hosts import HostBuilder, result, run, text_of

RAW = Path(__file__).parents[1] / "fixtures" / "raw"
HOSTS = {"h100": "linux-1xh100-firecracker-vm.json", "h200": "linux-1xh200-firecracker-vm.json"}


def smi_value(host: str, label: str) -> str:
    """The first `label : value` of that host's `nvidia-smi -q` output."""
    text = (RAW / host / "t_smi.txt").read_text()
    return re.search(rf"^\s*{re.escape(label)}\s*:\s*(.+?)\s*$", text, re.M).group(1)


def smi_bar1_mib(host: str) -> int:
    text = (RAW / host / "t_smi.txt").read_text()
    return int(re.search(r"BAR1 Memory Usage\s+Total\s*:\s*(\d+) MiB", text).group(1))


@pytest.fixture(scope="module", params=sorted(HOSTS))
def machine(request):
    return request.param, run(HostBuilder.from_fixture(HOSTS[request.param]).host())


def test_the_vm_is_seen_as_one(machine):
    _, report = machine
    assert report.host["platform"]["virtualization"] == "unknown"  # hypervisor flag, no DMI tables


def test_driver_kernel_names_the_module_proc_driver_nvidia_names(machine):
    host, report = machine
    version_file = (RAW / host / "t_mod.txt").read_text()
    flavour = "open" if "Open Kernel Module" in version_file else "proprietary"
    loaded = re.search(r"Kernel Module for \S+\s+(\d+\.\d+(?:\.\d+)?)", version_file).group(1)
    text = text_of(result(report, "driver.kernel"))
    assert result(report, "driver.kernel").status.value == "pass"
    assert f"{flavour} kernel module {loaded}" in text and "bound to the nvidia driver" in text
    assert f"both {smi_value(host, 'Driver Version')}" in text  # user space, as nvidia-smi reports it


def test_bar1_agrees_with_nvidia_smi(machine):
    host, report = machine
    bar1 = result(report, "pcie.bar1")
    assert bar1.status.value == "pass" and f"BAR1 {smi_bar1_mib(host) // 1024} GiB" in text_of(bar1)


def test_uvm_and_device_nodes_as_stat_showed_them(machine):
    host, report = machine
    nodes = (RAW / host / "t_nodes.txt").read_text()
    assert re.search(r"^/dev/nvidia-uvm 666 ", nodes, re.M) and re.search(r"^/dev/nvidiactl 666 ", nodes, re.M)
    uvm = result(report, "driver.uvm")
    assert uvm.status.value == "pass" and "nvidia_uvm is loaded" in text_of(uvm)
    assert "nvidia_uvm" in (RAW / host / "t_mod.txt").read_text()


def test_health_reads_what_nvidia_smi_read(machine):
    host, report = machine
    text = text_of(result(report, "gpu.health"))
    temperature = smi_value(host, "GPU Current Temp").split()[0]
    power_limit = round(float(smi_value(host, "Current Power Limit").split()[0]))
    assert f"{temperature} °C" in text and f"{power_limit} W" in text


def test_errors_read_dmesg_and_say_the_previous_boot_is_unreadable(machine):
    host, report = machine
    assert "Xid" not in (RAW / host / "t_dmesg.txt").read_text()
    errors = result(report, "gpu.errors")
    assert errors.status.value == "pass" and "dmesg" in text_of(errors)
    assert "journalctl is not installed" in text_of(errors)


def test_acs_has_no_pair_on_one_gpu(machine):
    _, report = machine
    assert result(report, "pcie.acs").status.value == "skip"
