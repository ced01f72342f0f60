"""The lent two-H200 host (NV18, driver 580.159.04) recorded with this release's probes at the end of the
session that built them, against what the machine's own tools printed in the same call
(tests/fixtures/raw/h200x2-final: `nvidia-smi -q`, `nvidia-smi nvlink -s` and `-e`, `nvidia-smi topo -m`,
and the live `gpudoctor check -v` printed there before this snapshot was written)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hosts import HostBuilder, nvlink_e_counters, result, run

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "h200x2-final"
HOST = "linux-2xh200-nvlink-final.json"


@pytest.fixture(scope="module")
def report():
    return run(HostBuilder.from_fixture(HOST).host())


def test_the_link_counters_read_in_one_field_value_call_are_what_nvidia_smi_printed(report):
    inventory = report.facts.get("gpus")
    read = {gpu.index: {link.link: link.errors for link in gpu.active_nvlinks} for gpu in inventory.gpus}
    assert read == nvlink_e_counters(RAW / "nvlink-e.txt") and [len(links) for links in read.values()] == [18, 18]


def test_links_bar1_and_the_pair_agree_with_nvidia_smi(report):
    inventory = report.facts.get("gpus")
    per_gpu = [len(re.findall(r"Link \d+: [\d.]+ GB/s", block))
               for block in (RAW / "nvlink-s.txt").read_text().split("GPU ")[1:]]
    assert [len(g.active_nvlinks) for g in inventory.gpus] == per_gpu == [18, 18]
    assert inventory.pair(0, 1).path == "NV18" and "NV18" in (RAW / "topo-m.txt").read_text()
    bar1 = re.findall(r"BAR1 Memory Usage\s+Total\s+: (\d+) MiB", (RAW / "nvidia-smi-q.txt").read_text())
    assert bar1 == ["262144", "262144"]
    assert "BAR1 256 GiB covers its 143771 MiB" in result(report, "pcie.bar1").findings[0].summary


def test_the_replayed_verdicts_are_those_the_live_check_printed(report):
    """Replaying the snapshot gives the live run's verdict line for every check (the device run diffed the
    whole -v text too: identical)."""
    live = {m.group(2): m.group(1) for m in re.finditer(r"^\[(.)\] (\S+)\s", (RAW / "check-v.txt").read_text(), re.M)}
    symbol = {"pass": "✓", "warn": "!", "fail": "✗", "error": "✗", "skip": "-"}
    # A check added after the recording has no line in it to compare with (CONTRIBUTING.md, a new check).
    replayed = {r.check_id: symbol[r.status.value] for r in report.results if r.check_id in live}
    assert replayed == live and sum(mark != "-" for mark in live.values()) >= 15
