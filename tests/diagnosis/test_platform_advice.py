"""Advice that fits the host: VM and ACS wording only where the host is a VM or shows a PCIe switch,
a hang tied to the too-old driver the same report fails, and a GeForce pair with PCIe P2P flagged
as a modified kernel module (sources: tests/fixtures/raw/diagnosis/README.md)."""

from __future__ import annotations

import re

from gpus_pcie_p2p.hardware_hosts import H200_PEER, RTX_4090_BUSES, rtx4090_pair, set_cuda
from deep.deep_hosts import DEEP, DEEP_CHECKS, edited, h200_deep, set_worker, with_software, worker_args
from hosts import FIXTURES, HostBuilder, result, run, text_of

from gpudoctor.model import Status
from gpudoctor.probes.platform import CPUINFO, DMI_PRODUCT, DMI_VENDOR

RAW = FIXTURES / "raw"
GUEST_CPUINFO = (RAW / "cpuinfo" / "kvm-guest-xeon.txt").read_text()
BARE_METAL_CPUINFO = GUEST_CPUINFO.replace(" hypervisor", "")
HANG = dict(returncode=None, error="timeout")


def _on(builder: HostBuilder, cpuinfo: str) -> HostBuilder:
    builder.set("file", [CPUINFO, 16384, False], {"data": cpuinfo})
    for path in (DMI_VENDOR, DMI_PRODUCT):
        builder.set("file", [path, 256, False], {"error": "not-found"})
    return builder


def _deep(builder: HostBuilder):
    report = run(builder.host(), only=(*DEEP_CHECKS, "driver.version", "p2p.access"), options=DEEP)
    return report


# -- VM and ACS wording ---------------------------------------------------------------------------------

def test_a_hang_in_a_vm_names_the_hypervisor_hosts_acs_and_iommu():
    report = _deep(_on(h200_deep("h200x2-hang.jsonl", **HANG), GUEST_CPUINFO))
    text = text_of(result(report, "p2p.bandwidth"))
    assert "This is a VM (unknown): the hypervisor host decides both" in text and "ACS" in text


def test_the_same_hang_on_bare_metal_blames_neither_a_vm_nor_acs():
    report = _deep(_on(h200_deep("h200x2-hang.jsonl", **HANG), BARE_METAL_CPUINFO))
    text = text_of(result(report, "p2p.bandwidth"))
    assert "iommu=pt" in text
    assert not re.search(r"\bVMs?\b|ACS|switch", text)


def test_acs_on_bare_metal_only_where_nvml_shows_a_pcie_switch_between_the_gpus():
    builder = _on(h200_deep("h200x2-hang.jsonl", **HANG), BARE_METAL_CPUINFO)
    for a, b in ((0, 1), (1, 0)):
        builder.set_nvml("nvmlDeviceGetTopologyCommonAncestor", a, b, value=20)  # PXB
    # without NVLink between them, the path is the switch
    for gpu in (0, 1):
        for link in range(18):
            builder.set_nvml("nvmlDeviceGetNvLinkState", gpu, link, value=0)
    text = text_of(result(_deep(builder), "p2p.bandwidth"))
    assert "disable PCIe Access Control Services (ACS) on the PCIe switch between them (GPU 0 ↔ GPU 1 (PXB)" in text


def test_nvml_not_supported_mentions_the_hypervisor_only_in_a_vm():
    def p2p_text(cpuinfo):
        builder = _on(rtx4090_pair({0: 5, 1: 5, 2: 5, 3: 5, 4: 5}, 30), cpuinfo)
        return text_of(result(run(builder.host(), only=["p2p.access"]), "p2p.access"))

    assert "This is a VM (unknown): the hypervisor decides" in p2p_text(GUEST_CPUINFO)
    bare = p2p_text(BARE_METAL_CPUINFO)
    assert "NVML reports P2P as not supported" in bare
    assert not re.search(r"\bVMs?\b|ACS|hypervisor", bare)


# -- a hang tied to the driver that the same report fails ------------------------------------------------

def test_an_allreduce_hang_on_a_driver_below_535_points_to_driver_version():
    builder = h200_deep("h200x2-nvlink.jsonl")
    # the worker hung in the first all-reduce: its output ends with that step (the copies were measured)
    stdout = next(a["stdout"] for args, a in builder.matching("python"))
    lines = stdout.splitlines(keepends=True)
    last = next(i for i, line in enumerate(lines) if '"step":"allreduce: 1048576 bytes"' in line)
    builder = set_worker(builder, worker_args(), "".join(lines[:last + 1]), **HANG)
    builder.set_nvml("nvmlSystemGetDriverVersion", value="525.60.13")
    builder.set_nvml("nvmlSystemGetCudaDriverVersion", value=12000)
    report = _deep(builder)
    assert result(report, "driver.version").status is Status.FAIL
    nccl = result(report, "nccl.allreduce")
    assert nccl.status is Status.FAIL and nccl.findings[0].caused_by == "driver.version"
    text = text_of(nccl)
    assert "The driver 525.60.13 is older than R535, which driver.version fails: upgrade it first" in text
    assert "while running all-reduce across GPU 0, GPU 1" in text and "PCIe switch" not in text


# -- GeForce with PCIe P2P: a modified kernel module -----------------------------------------------------

def _patched_5090_pair() -> HostBuilder:
    """Two GeForce RTX 5090 whose driver reports PCIe P2P OK and CUDA peer access, as simpleP2P showed under
    the P2P-patched module (aikitoria/open-gpu-kernel-modules#6)."""
    report = (RAW / "diagnosis" / "rtx5090x8-p2p-patch-simpleP2P.txt").read_text()
    assert re.search(r"Peer access from NVIDIA GeForce RTX 5090 \(GPU0\) -> NVIDIA GeForce RTX 5090 \(GPU1\) : Yes",
                     report)
    builder = rtx4090_pair({0: 0, 1: 0, 2: 5, 3: 0, 4: 0}, 30)  # read, write, atomics, pci OK; no NVLink
    for gpu in (0, 1):
        builder.set_nvml("nvmlDeviceGetName", gpu, value="NVIDIA GeForce RTX 5090")
        builder.set_nvml("nvmlDeviceGetArchitecture", gpu, value=10)
        builder.set_nvml("nvmlDeviceGetCudaComputeCapability", gpu, value=[12, 0])
    return set_cuda(builder, [(bus[4:], "NVIDIA GeForce RTX 5090") for bus in RTX_4090_BUSES], H200_PEER)


def test_geforce_pcie_p2p_is_flagged_as_a_modified_kernel_module():
    access = result(run(_patched_5090_pair().host(), only=["p2p.access"]), "p2p.access")
    assert access.status is Status.WARN
    finding = access.findings[0]
    assert finding.summary == ("GPU 0 ↔ GPU 1: PCIe P2P on NVIDIA GeForce RTX 5090, which NVIDIA's stock driver never "
                               "offers: this driver runs a modified kernel module")
    assert "tinygrad/open-gpu-kernel-modules" in text_of(access) and "go back to NVIDIA's stock driver" in text_of(access)
    assert finding.evidence["modified_kernel_module"] is True


def test_corrupted_copies_under_the_patched_module_say_go_back_to_the_stock_driver():
    def corrupt_one_to_zero(event):
        if event.get("kind") != "pair":
            return None
        change = {"can_access_peer": True, "peer_access_enabled": True, "path": "p2p", "unidirectional_gbps": 3.39}
        if event["src"] == 1:
            change.update(verified=False, mismatch_offset=4096, mismatch_phase="unidirectional", mismatch_blocks=1)
        return change

    builder = set_worker(with_software(_patched_5090_pair()), worker_args(),
                         edited("rtx4090x2-staged.jsonl", corrupt_one_to_zero))
    report = _deep(builder)
    p2p = result(report, "p2p.bandwidth")
    assert p2p.status is Status.FAIL
    finding = p2p.findings[0]
    assert finding.summary.startswith("Data copied GPU 1 → GPU 0 arrived corrupted")
    assert finding.summary.endswith("go back to NVIDIA's stock driver")
    assert finding.caused_by == "p2p.access" and result(report, "p2p.access").status is Status.WARN
    assert "ACS" not in text_of(p2p)


def test_in_wsl_not_supported_points_at_the_windows_driver_not_a_hypervisor_administrator():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json")
    for a, b in ((0, 1), (1, 0)):
        for caps_index in range(5):
            builder.set_nvml("nvmlDeviceGetP2PStatus", a, b, caps_index, value=5)  # NS
    text = text_of(result(run(builder.host(), only=["p2p.access"]), "p2p.access"))
    assert "WSL 2 runs in a Hyper-V VM: the Windows driver decides whether its GPUs reach each other" in text
    assert "administrator" not in text
