"""Bare metal or a VM: the CPUID hypervisor flag and DMI vendor strings, as systemd-detect-virt reads them."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudoctor.probes.platform import CPUINFO, DMI_PRODUCT, DMI_VENDOR, probe_platform
from tests.hosts import HostBuilder

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "cpuinfo"
GUEST_CPUINFO = (RAW / "kvm-guest-xeon.txt").read_text()
# The same processor with the hypervisor bit cleared: what a bare-metal kernel prints.
BARE_METAL_CPUINFO = GUEST_CPUINFO.replace(" hypervisor", "")


def _platform(cpuinfo: str | None, vendor: str | None = None, product: str | None = None):
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    for path, text, limit in ((CPUINFO, cpuinfo, 16384), (DMI_VENDOR, vendor, 256), (DMI_PRODUCT, product, 256)):
        answer = {"data": text} if text is not None else {"error": "not-found"}
        builder.set("file", [path, limit, False], answer)
    return probe_platform(builder.host(), None)


def test_a_guest_without_dmi_is_a_vm_of_unknown_kind():
    # The two-H200 Firecracker host: hypervisor flag, no DMI tables at all.
    platform = _platform(GUEST_CPUINFO)
    assert (platform.virtualization, platform.is_virtual_machine) == ("unknown", True)
    assert "hypervisor flag" in platform.virtualization_evidence and "no DMI" in platform.virtualization_evidence


def test_dmi_names_the_hypervisor():
    platform = _platform(GUEST_CPUINFO, "QEMU", "Standard PC (Q35 + ICH9, 2009)")
    assert platform.virtualization == "qemu"


def test_a_cloud_bare_metal_instance_is_not_a_vm():
    # AWS *.metal instances keep Amazon's DMI vendor but no hypervisor bit.
    platform = _platform(BARE_METAL_CPUINFO, "Amazon EC2", "p4d.metal")
    assert (platform.virtualization, platform.is_virtual_machine) == ("none", False)


@pytest.mark.parametrize("vendor", [None, "ASUS"])
def test_unreadable_cpuinfo_falls_back_to_dmi_or_unknown(vendor):
    platform = _platform(None, vendor, "ROG STRIX X670E-E")
    assert platform.virtualization is None and platform.is_virtual_machine is None
