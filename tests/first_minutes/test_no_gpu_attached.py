"""A machine with no NVIDIA GPU on its PCI bus: one verdict (no GPU attached), never "install the driver"."""

from __future__ import annotations

from click.testing import CliRunner
from hosts import HOSTS, HostBuilder, result, run, text_of

from gpudoctor.cli import main
from gpudoctor.model import Status

NO_GPU = "linux-no-gpu.json"


def _all_text(report) -> str:
    return "\n".join(text_of(r) for r in report.results)


def test_no_nvidia_device_on_the_bus_is_said_once_as_the_root_cause():
    report = run(HostBuilder.from_fixture(NO_GPU).host())
    count = result(report, "gpu.count")
    assert count.status is Status.FAIL
    assert count.findings[0].summary == ("No NVIDIA GPU is attached to this machine "
                                         "(or passed into this VM/container).")
    assert "vendor 0x10de" in text_of(count)
    # recorded in a Firecracker VM (CPUID hypervisor flag): the advice is the VM's, not a workstation's
    assert "This is a VM: pass the GPU through" in text_of(count) and "seated" not in text_of(count)
    everything = _all_text(report)
    mentions = [(r.check_id, f) for r in report.results for f in r.findings if "No NVIDIA GPU is attached" in f.summary]
    # One verdict; the checks that depend on it only point to it.
    assert [check_id for check_id, f in mentions if f.status is not Status.SKIP] == ["gpu.count"]
    assert all(f.caused_by == "gpu.count" for check_id, f in mentions if check_id != "gpu.count")
    assert "Install the NVIDIA driver" not in everything and "No NVIDIA driver is installed" not in everything
    driver = result(report, "driver.version")
    assert driver.status is Status.SKIP and driver.findings[0].caused_by == "gpu.count"


def test_an_nvidia_device_on_the_bus_keeps_the_missing_driver_verdict():
    builder = HostBuilder.from_fixture(NO_GPU)
    for args, answer in list(builder.matching("dir")):
        if args == ["/sys/bus/pci/devices"]:
            builder.set("dir", args, dict(answer, entries=[*answer["entries"], "0000:00:06.0"]))
    builder.set("file", ["/sys/bus/pci/devices/0000:00:06.0/vendor", 64, False], {"data": "0x10de\n", "error": None})
    builder.set("file", ["/sys/bus/pci/devices/0000:00:06.0/class", 64, False], {"data": "0x030200\n", "error": None})
    report = run(builder.host())
    assert "No NVIDIA driver is installed" in text_of(result(report, "gpu.count"))
    assert result(report, "driver.version").status is Status.FAIL


def test_driver_version_in_a_container_without_utility_never_says_install_the_driver():
    report = run(HostBuilder.from_fixture("container-docker-no-utility.json").host())
    driver = result(report, "driver.version")
    assert "Install the NVIDIA driver" not in text_of(driver) and "Do not install a driver" in text_of(driver)
    assert driver.findings[0].caused_by == "container.gpus"
    assert result(report, "container.gpus").status is Status.FAIL


def test_fix_lists_the_manual_step_instead_of_nothing_to_fix():
    out = CliRunner().invoke(main, ["fix", "--from", str(HOSTS / NO_GPU)])
    assert out.exit_code == 0, out.output
    assert "Nothing to fix" not in out.stdout
    assert "To do by hand" in out.stdout and "Attach an NVIDIA GPU" in out.stdout
    assert "PCI passthrough / VFIO" in out.stdout


def test_fix_names_failures_it_has_no_script_for():
    out = CliRunner().invoke(main, ["fix", "--from", str(HOSTS / "container-docker-no-utility.json")])
    assert "Nothing to fix" not in out.stdout
    assert "container.gpus: NVML is missing because NVIDIA_DRIVER_CAPABILITIES lacks `utility`" in out.stdout


def test_on_a_machine_of_its_own_the_advice_is_the_card():
    builder = HostBuilder.from_fixture(NO_GPU)
    for args, answer in list(builder.matching("file")):
        if args[0] == "/proc/cpuinfo":
            builder.set("file", args, dict(answer, data=answer["data"].replace(" hypervisor", "")))
    count = result(run(builder.host()), "gpu.count")
    assert "lspci -d 10de:" in text_of(count) and "VM" not in " ".join(count.findings[0].details)


def test_header_says_no_gpu_attached_not_no_driver():
    out = CliRunner().invoke(main, ["check", "--from", str(HOSTS / NO_GPU)])
    assert "no NVIDIA GPU attached · 0 GPUs" in out.stdout and "no usable NVIDIA driver" not in out.stdout
