"""No finding suggests a cause the host's own evidence rules out: every committed recording is
replayed, and VM, ACS and PCIe-switch wording may appear only where the host is a VM or NVML puts
a PCIe switch between its GPUs; fixes are offered under names for where they run."""

from __future__ import annotations

import re

import pytest

from hosts import HOSTS, HostBuilder, run

from gpudoctor.advice import SWITCHED
from gpudoctor.engine import Options
from gpudoctor.probes.gpus import probe_gpus
from gpudoctor.probes.platform import probe_platform

# The checks that reason about GPUs, their links and what moved over them.
GPU_CHECKS = ("gpu.", "driver.", "cuda.", "nccl.", "pcie.", "p2p.", "env.")
VM_WORDING = re.compile(r"\bin a VM\b|\bVMs\b|This is a VM|hypervisor", re.IGNORECASE)
ACS_WORDING = re.compile(r"\bACS\b|Access Control Services")
SWITCH_WORDING = re.compile(r"PCIe switch")
RECORDINGS = sorted(path.name for path in HOSTS.glob("*.json"))


def _texts(report) -> list[tuple[str, str]]:
    return [(r.check_id, text) for r in report.results if r.check_id.startswith(GPU_CHECKS)
            for f in r.findings for text in (f.summary, *f.details)]


@pytest.mark.parametrize("name", RECORDINGS)
def test_wording_fits_what_the_recording_shows(name):
    builder = HostBuilder.from_fixture(name)
    report = run(builder.host(), options=Options())
    platform = probe_platform(builder.host(), None)
    inventory = probe_gpus(builder.host(), None)
    virtual = bool(platform.is_virtual_machine)
    switched = any(p.topology in SWITCHED and not p.nvlinks for p in inventory.pairs)
    for check_id, text in _texts(report):
        if not virtual:
            assert not VM_WORDING.search(text), (check_id, text)
        if not (virtual or switched):
            assert not ACS_WORDING.search(text), (check_id, text)
            assert not SWITCH_WORDING.search(text), (check_id, text)
    if platform.kind == "linux":
        offered = {f.fix for r in report.results for f in r.findings if f.fix}
        assert not {fix for fix in offered if fix.startswith(("wsl.", "windows."))}, offered

