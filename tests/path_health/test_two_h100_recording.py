"""The lent two-H100 host (NV18, driver 580.159.04) as the new probes read it, against what the machine's
own tools printed in the same session (tests/fixtures/raw/h100x2, README there): `nvidia-smi nvlink -s`
and `-e`, `nvidia-smi -q`, `nvidia-smi topo -m`, and the PCI links in sysfs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hosts import HostBuilder, nvlink_e_counters, result, run

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "h100x2"
HOST = "linux-2xh100-nvlink.json"


@pytest.fixture(scope="module")
def report():
    return run(HostBuilder.from_fixture(HOST).host(), only=["gpu.nvlink", "gpu.memory", "pcie.path", "pcie.link"])


@pytest.fixture(scope="module")
def inventory(report):
    return report.facts.get("gpus")


def smi_link_counters(name: str) -> dict[int, dict[int, dict[str, int]]]:
    return nvlink_e_counters(RAW / name)


def test_every_link_counter_is_what_nvidia_smi_printed(inventory):
    printed = smi_link_counters("nvlink_e.txt")
    read = {gpu.index: {link.link: link.errors for link in gpu.active_nvlinks} for gpu in inventory.gpus}
    assert read == printed and len(read[0]) == 18


def test_the_links_up_are_those_nvlink_s_lists_and_the_pair_is_nv18(inventory):
    text = (RAW / "nvlink_s.txt").read_text()
    per_gpu = [len(re.findall(r"Link \d+: [\d.]+ GB/s", block)) for block in text.split("GPU ")[1:]]
    assert [len(g.active_nvlinks) for g in inventory.gpus] == per_gpu == [18, 18]
    assert "GPU0\t X \tNV18" in (RAW / "topo_m.txt").read_text() and inventory.pair(0, 1).path == "NV18"


def test_nvlink_health_passes_as_nvidia_smi_saw_no_error(report):
    nvlink = result(report, "gpu.nvlink")
    assert nvlink.status.value == "pass" and "18 NVLinks up of 18" in nvlink.findings[0].details[0]
    assert all(f.action.value == "none" for f in nvlink.findings)


def test_the_data_crc_counter_nvidia_smi_does_not_print_grew_on_healthy_links():
    """Why gpudoctor leaves NVML_NVLINK_ERROR_DL_CRC_DATA out: hundreds on every GPU, growing during the
    --deep run's NCCL traffic, while nvidia-smi printed 0 CRC errors before and after."""
    before, after = (json.loads((RAW / name).read_text()) for name in ("nvml_counters.json",
                                                                       "nvml_counters_after_deep.json"))
    totals = [[sum(link["crc_data"] for link in gpu["links"].values()) for gpu in doc["gpus"]]
              for doc in (before, after)]
    assert all(t > 1000 for t in totals[0]) and all(a > b for a, b in zip(totals[1], totals[0]))
    for name in ("nvlink_e.txt", "nvlink_e_after_deep.txt"):
        assert all(c == 0 for gpu in smi_link_counters(name).values() for link in gpu.values() for c in link.values())


def smi_ecc(section: str, gpu: int) -> int:
    """The sum of the DRAM and SRAM counts of one ECC section (Volatile, Aggregate) of `nvidia-smi -q`."""
    block = (RAW / "smi_q.txt").read_text().split("ECC Errors")[gpu + 1]
    part = block.split(section)[1].split("Aggregate" if section == "Volatile" else "Retired")[0]
    return sum(int(n) for n in re.findall(r":\s+(\d+)\s*$", part, re.M))


def test_ecc_counters_agree_with_nvidia_smi_and_the_driver_asks_no_recovery(report):
    health = report.facts.get("gpu_health")
    for h in health.gpus:
        c = h.counters
        assert c["ecc_sbe_volatile"] + c["ecc_dbe_volatile"] == smi_ecc("Volatile", h.index)
        assert c["ecc_sbe_aggregate"] + c["ecc_dbe_aggregate"] == smi_ecc("Aggregate", h.index)
        assert c["nvlink_link_count"] == 18 and h.recovery_action == "none"
    assert result(report, "gpu.memory").status.value == "pass"


def test_the_gpus_sit_on_the_root_bus_as_sysfs_shows_so_the_path_is_not_judged(report):
    listed = {line.split()[0]: line.split()[1] for line in (RAW / "sysfs_links.txt").read_text().splitlines()}
    assert listed["0000:00:06.0"] == "/sys/devices/pci0000:00/0000:00:06.0"
    path = result(report, "pcie.path")
    assert path.status.value == "skip" and "sits on the root bus" in path.findings[0].summary
    gpu_line = next(line for line in (RAW / "sysfs_links.txt").read_text().splitlines() if "0000:00:06.0 " in line)
    link = report.facts.get("pcie_sysfs").by_bus_id("0000:00:06.0")
    assert f"current_link_width={link.current_width}" in gpu_line and link.current_width == 16
    assert f"max_link_speed={link.max_speed.replace(' ', '_')}" in gpu_line
