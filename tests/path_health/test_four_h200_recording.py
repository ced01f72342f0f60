"""The lent four-H200 host (every pair NV18, driver 580.159.04), the first host of more than two GPUs recorded,
against what the machine's own tools and PyTorch printed in the same call (tests/fixtures/raw/h200x4:
`nvidia-smi -q`, `nvlink -s` and `-e`, `topo -m`, `topo -p2p r`, the live `gpudoctor check -v` and
bench/torch_reference.py's figures)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hosts import HostBuilder, nvlink_e_counters, result, run

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "h200x4"
PAIRS = [(a, b) for a in range(4) for b in range(4) if a < b]


@pytest.fixture(scope="module")
def report():
    return run(HostBuilder.from_fixture("linux-4xh200-nvlink.json").host())


@pytest.fixture(scope="module")
def deep_report():
    return run(HostBuilder.from_fixture("linux-4xh200-nvlink-deep.json").host(),
               only=["p2p.bandwidth", "pcie.bandwidth", "nccl.allreduce"])


def test_four_gpus_every_link_and_counter_as_nvidia_smi_printed(report):
    inventory = report.facts.get("gpus")
    read = {gpu.index: {link.link: link.errors for link in gpu.active_nvlinks} for gpu in inventory.gpus}
    assert read == nvlink_e_counters(RAW / "nvlink-e.txt")
    per_gpu = [len(re.findall(r"Link \d+: [\d.]+ GB/s", block))
               for block in (RAW / "nvlink-s.txt").read_text().split("GPU ")[1:]]
    assert [len(g.active_nvlinks) for g in inventory.gpus] == per_gpu == [18, 18, 18, 18]
    assert re.findall(r"Product Name\s+: (.+)", (RAW / "nvidia-smi-q.txt").read_text()) == ["NVIDIA H200"] * 4
    assert "4 GPUs: 4 × NVIDIA H200" in result(report, "gpu.count").findings[0].summary


def test_all_six_pairs_are_nv18_as_topo_says(report):
    topo = (RAW / "topo-m.txt").read_text()
    rows = {int(m.group(1)): m.group(2).split()[:4] for m in re.finditer(r"^GPU(\d)\s+(.+)$", topo, re.M)}
    assert all(rows[a][b] == "NV18" for a, b in PAIRS)
    inventory = report.facts.get("gpus")
    assert [inventory.pair(a, b).path for a, b in PAIRS] == ["NV18"] * 6
    assert "All 6 GPU pairs: P2P over NVLink (NV18)" in result(report, "p2p.access").findings[0].summary


def test_the_replayed_verdicts_are_those_the_live_check_printed(report):
    live = {m.group(2): m.group(1) for m in re.finditer(r"^\[(.)\] (\S+)\s", (RAW / "check-v.txt").read_text(), re.M)}
    symbol = {"pass": "✓", "warn": "!", "fail": "✗", "error": "✗", "skip": "-"}
    replayed = {r.check_id: symbol[r.status.value] for r in report.results if r.check_id in live}
    assert replayed == live and sum(mark != "-" for mark in live.values()) >= 15


def _within(ours: float, theirs: float, share: float) -> bool:
    return abs(ours - theirs) <= share * theirs


def test_the_deep_figures_agree_with_pytorchs_in_the_same_call(deep_report):
    """Copies between each pair, host copies and the all-reduce of all four, within 2 % of PyTorch's own."""
    torch = json.loads((RAW / "torch-ref.json").read_text())
    copies = [(m.group(1), m.group(2), float(m.group(3)), float(m.group(4))) for f in
              result(deep_report, "p2p.bandwidth").findings
              if (m := re.search(r"GPU (\d) ↔ GPU (\d) over NV18: (\d+) / (\d+) GB/s each way", f.summary))]
    assert len(copies) == 6
    for a, b, forth, back in copies:
        assert _within(forth, torch["peer"][f"{a}->{b}"], 0.02) and _within(back, torch["peer"][f"{b}->{a}"], 0.02)
    allreduce = re.search(r"(\d+) GB/s bus bandwidth at 1 GiB", result(deep_report, "nccl.allreduce").findings[0].summary)
    assert _within(float(allreduce.group(1)), torch["allreduce_1gib"]["busbw_gbps"], 0.02)
    host = [(int(m.group(1)), float(m.group(2)), float(m.group(3))) for f in result(deep_report, "pcie.bandwidth").findings
            if (m := re.search(r"GPU (\d): ([\d.]+) GB/s to the GPU, ([\d.]+) GB/s back", f.summary))]
    assert len(host) == 4
    for gpu, to_gpu, back in host:
        assert _within(to_gpu, torch["host"][str(gpu)]["h2d"], 0.02) and _within(back, torch["host"][str(gpu)]["d2h"], 0.02)
