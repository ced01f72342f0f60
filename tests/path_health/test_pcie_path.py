"""pcie.path on the two-H100 recording, with bridges put above GPU 0 whose links are real `lspci -vvv`
readings from public reports (LnkCap is sysfs max_link_*, LnkSta current_link_*):

- club-3090 #1028 (https://github.com/noonghunna/club-3090/issues/1028), 4x RTX 3090 on a Threadripper
  board, idle: root port 0000:00:01.1 `LnkCap: Speed 16GT/s, Width x16`, `LnkSta: Speed 2.5GT/s, Width x16`
  above the GPU 0000:01:00.0 `LnkCap: Speed 16GT/s, Width x16`, `LnkSta: Speed 2.5GT/s (downgraded), Width x16`.
- raspberry-pi-pcie-devices #741 (https://github.com/geerlingguy/raspberry-pi-pcie-devices/issues/741):
  a switch upstream port `LnkCap: Speed 32GT/s, Width x16`, `LnkSta: Speed 2.5GT/s (downgraded), Width x1
  (downgraded)`, the card's own switch in a one-lane slot.

Where each bridge sits is edited (the recording's GPUs sit on a VM's root bus); the link values are not.
"""

from __future__ import annotations

from hosts import HostBuilder, result, run

from gpudoctor.model import Action, Status

DEVICES = "/sys/bus/pci/devices"
GPU0 = "0000:00:06.0"
ROOT_PORT_1028 = {"current_link_speed": "2.5 GT/s PCIe", "current_link_width": "16",
                  "max_link_speed": "16.0 GT/s PCIe", "max_link_width": "16"}
UPSTREAM_PORT_741 = {"current_link_speed": "2.5 GT/s PCIe", "current_link_width": "1",
                     "max_link_speed": "32.0 GT/s PCIe", "max_link_width": "16"}


def behind(builder: HostBuilder, bridges: list[tuple[str, dict]]) -> HostBuilder:
    """Place GPU 0 below these bridges (root port first), each with its link files."""
    chain = "/".join(bus for bus, _ in bridges)
    builder.set("resolve", [f"{DEVICES}/{GPU0}"], f"/sys/devices/pci0000:00/{chain}/{GPU0}")
    for bus, files in bridges:
        for name, value in {**files, "vendor": "0x1022", "device": "0x1483", "class": "0x060400"}.items():
            builder.set("file", [f"{DEVICES}/{bus}/{name}", 64, False], {"error": None, "data": value + "\n"})
    return builder


def as_idle_rtx_3090(builder: HostBuilder) -> HostBuilder:
    """GPU 0's own link as club-3090 #1028's 3090 reported it: Gen4 x16 capable, at Gen1 while idle."""
    for function, value in (("nvmlDeviceGetCurrPcieLinkGeneration", 1), ("nvmlDeviceGetMaxPcieLinkGeneration", 4),
                            ("nvmlDeviceGetGpuMaxPcieLinkGeneration", 4)):
        builder.set_nvml(function, 0, value=value)
    return builder


def path_findings(builder: HostBuilder):
    return result(run(builder.host(), only=["pcie.path"]), "pcie.path").findings


def test_an_idle_root_port_at_gen1_that_can_carry_the_gpu_passes():
    builder = as_idle_rtx_3090(behind(HostBuilder.from_fixture("linux-2xh100-nvlink.json"),
                                      [("0000:00:01.1", ROOT_PORT_1028)]))
    gpu0 = path_findings(builder)[0]
    assert gpu0.status is Status.PASS and "carry its Gen4 x16" in gpu0.summary
    assert "root port 0000:00:01.1, 0x1022:0x1483: 2.5 GT/s PCIe x16 now, 16.0 GT/s PCIe x16 at most" in gpu0.details


def test_a_gen4_root_port_above_a_gen5_gpu_is_named_as_the_limit():
    builder = behind(HostBuilder.from_fixture("linux-2xh100-nvlink.json"), [("0000:00:01.1", ROOT_PORT_1028)])
    gpu0 = path_findings(builder)[0]
    assert gpu0.status is Status.WARN and gpu0.action is Action.RESEAT_OR_INSPECT_HARDWARE
    assert "held back by the root port 0000:00:01.1" in gpu0.summary
    assert "PCIe Gen4 at most, where the GPU supports Gen5" in gpu0.summary
    assert "(31.5 of the GPU's 63.0 GB/s per direction)" in gpu0.summary


def test_a_switch_port_trained_at_x1_of_x16_is_the_hop_named():
    builder = as_idle_rtx_3090(behind(HostBuilder.from_fixture("linux-2xh100-nvlink.json"),
                                      [("0000:00:01.1", ROOT_PORT_1028), ("0000:02:00.0", UPSTREAM_PORT_741)]))
    gpu0 = path_findings(builder)[0]
    assert gpu0.status is Status.WARN
    assert "switch upstream port 0000:02:00.0" in gpu0.summary and "trained at x1 of its x16" in gpu0.summary
    assert gpu0.evidence["limiting_hop"] == "0000:02:00.0" and gpu0.evidence["limiting_gbps"] == 2.0
    assert [hop["role"] for hop in gpu0.evidence["hops"]] == ["root port", "switch upstream port"]


def test_a_busy_gpu_behind_a_hop_below_its_own_speed_is_a_warning():
    builder = as_idle_rtx_3090(behind(HostBuilder.from_fixture("linux-2xh100-nvlink.json"),
                                      [("0000:00:01.1", ROOT_PORT_1028)]))
    builder.set_nvml("nvmlDeviceGetUtilizationRates", 0, value={"gpu": 97, "memory": 40})
    gpu0 = path_findings(builder)[0]
    assert gpu0.status is Status.WARN and "at Gen1 of its Gen4 while the GPU is 97% busy" in gpu0.summary


def test_bridges_whose_links_were_not_recorded_are_skipped_not_passed():
    builder = HostBuilder.from_fixture("linux-2xh100-nvlink.json")
    builder.set("resolve", [f"{DEVICES}/{GPU0}"], f"/sys/devices/pci0000:00/0000:00:01.1/{GPU0}")
    gpu0 = path_findings(builder)[0]
    assert gpu0.status is Status.SKIP and "could not be read" in gpu0.summary
