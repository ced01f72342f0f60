"""Sentences a paste used to get wrong: each assertion is on the words, not only the status."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from hosts import HostBuilder, result, run

from gpudoctor.cli import main

H200 = Path(__file__).parent.parent / "fixtures" / "pasted" / "h200x2"


def test_a_pasted_nv18_pair_is_p2p_over_nvlink_not_over_pcie(tmp_path):
    """The two-H200 host's own `topo -m` (NV18) and `topo -p2p r`, with NCCL_P2P_DISABLE=1: topo -m names no bus,
    so NVML's far end of each link is unknown; with one other GPU the links end there."""
    paste = tmp_path / "nv18.md"
    paste.write_text(f"$ nvidia-smi topo -m\n{(H200 / 'topo_m.txt').read_text(encoding='utf-8')}"
                     f"$ nvidia-smi topo -p2p r\n{(H200 / 'topo_p2p_r.txt').read_text(encoding='utf-8')}"
                     "$ env | grep NCCL\nNCCL_P2P_DISABLE=1\n", encoding="utf-8")
    output = CliRunner().invoke(main, ["read", str(paste)]).output
    assert re.search(r"\[✓\] p2p\.access +GPU 0 ↔ GPU 1: P2P over NVLink \(NV18\)", output)
    assert "although the GPUs have P2P over NVLink (NV18)" in output
    assert "(?)" not in output and "PCIe" not in output
    assert "the driver version is not in the paste · 2 GPUs" in output  # never "no usable NVIDIA driver"


def test_gpus_of_unknown_memory_are_not_none_mib_each():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    for index in (0, 1):
        builder.set_nvml("nvmlDeviceGetMemoryInfo", index, error="NVML_ERROR_NOT_SUPPORTED")
    summary = result(run(builder.host(), only=["gpu.count"]), "gpu.count").findings[0].summary
    assert summary == "2 GPUs: 2 × NVIDIA H200"
