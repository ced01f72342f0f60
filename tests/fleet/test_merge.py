"""gpudoctor merge over reports of many nodes built from real recordings (tests/fleet_reports.py)."""

import json
import subprocess
import sys

import pytest
from fleet_reports import (H100, H200, PLANTED, as_node, node_report, scale_bandwidth, synthetic_fleet, with_driver,
                           write_fleet)

from gpudoctor.fleet.merge import MergeError, _outliers, node_of, read_reports, report_paths


def _scale_p2p(document, factor):
    scale_bandwidth(document, factor, ("p2p.bandwidth",))


@pytest.fixture(scope="module")
def thousand(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fleet")
    write_fleet(folder, synthetic_fleet(1000))
    return folder


def gpudoctor(*args):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, timeout=120)


def test_finds_exactly_the_planted_outliers_among_1000_nodes(thousand):
    fleet = read_reports(report_paths([str(thousand)]))
    assert len(fleet.nodes) == 1000
    found = {(o.node, o.metric) for o in fleet.outliers}
    assert found == {(name, metric) for name, (metric, _why) in PLANTED.items()}
    by_node = {o.node: o for o in fleet.outliers}
    # The real NCCL_P2P_DISABLE=1 recording: 27.9 GB/s against the healthy recording's 326 GB/s.
    assert by_node["gpu-0456"].value == pytest.approx(27.9, abs=1.5)
    assert by_node["gpu-0456"].expected == pytest.approx(326, rel=0.03)
    assert by_node["gpu-0789"].expected == "580.159.04" and by_node["gpu-0789"].value == "570.86.15"


def test_groups_identical_configurations(thousand):
    fleet = read_reports([str(p) for p in sorted(thousand.iterdir())])
    sizes = {g["configuration"]["gpus"][0] + " " + g["configuration"]["driver"]: len(g["nodes"]) for g in fleet.groups}
    # 100 one-H100 nodes (every 10th), one H200 node on another driver, the 899 other H200 nodes alike.
    assert sizes == {"NVIDIA H100 80GB HBM3 580.159.04": 100, "NVIDIA H200 580.159.04": 899,
                     "NVIDIA H200 570.86.15": 1}


def test_json_markdown_and_terminal_views(thousand):
    proc = gpudoctor("merge", str(thousand), "--json")
    assert proc.returncode == 1  # outliers
    document = json.loads(proc.stdout)
    assert document["schema"] == "gpudoctor-fleet" and len(document["nodes"]) == 1000
    assert {o["node"] for o in document["outliers"]} == set(PLANTED)
    markdown = gpudoctor("merge", str(thousand), "--format", "markdown").stdout
    assert markdown.count("\n| gpu-") == 1000
    assert "- **gpu-0123**: P2P bandwidth (slowest direction)" in markdown
    terminal = gpudoctor("merge", str(thousand)).stdout
    assert terminal.startswith("1000 nodes (")
    assert "gpu-0789: driver 570.86.15, while 899 of its 900 peers run 580.159.04" in terminal


def test_no_outlier_among_too_few_peers_or_without_a_majority():
    two = [as_node(node_report(H200, "x"), f"n{i}", i) for i in range(2)]
    _scale_p2p(two[1], 0.3)
    mixed = [as_node(node_report(H200, "x", deep=False), f"m{i}", i) for i in range(4)]
    with_driver(mixed[0], "570.86.15")
    with_driver(mixed[1], "570.86.15")
    assert _outliers([node_of(d, "r.json") for d in two]) == []
    assert _outliers([node_of(d, "r.json") for d in mixed]) == []  # two drivers 2:2 is an upgrade, not an outlier


def test_newest_report_of_a_node_counts_and_bad_files_are_named(tmp_path):
    old = as_node(node_report(H100, "x"), "gpu-a", 1)
    new = as_node(node_report(H100, "x"), "gpu-a", 1)
    old["recorded_at"], new["recorded_at"] = "2026-11-20T00:00:00Z", "2026-11-23T00:00:00Z"
    new["status"] = "warn"
    (tmp_path / "a-old.json").write_text(json.dumps(old))
    (tmp_path / "a-new.json").write_text(json.dumps(new))
    (tmp_path / "truncated.json").write_text(json.dumps(old)[:100])
    (tmp_path / "other.json").write_text('{"format": "gpudoctor-snapshot"}')
    proc = gpudoctor("merge", str(tmp_path), "--json")
    document = json.loads(proc.stdout)
    assert [n["status"] for n in document["nodes"]] == ["warn"]
    assert "skipped" in proc.stderr and "truncated.json: is not valid JSON" in proc.stderr
    assert "other.json: not a gpudoctor JSON report" in proc.stderr
    assert proc.returncode == 0


def test_nothing_to_merge_is_bad_input(tmp_path):
    (tmp_path / "x.json").write_text("[]")
    proc = gpudoctor("merge", str(tmp_path))
    assert proc.returncode == 2 and "no gpudoctor JSON report to merge" in proc.stderr
    assert "Traceback" not in proc.stderr
    with pytest.raises(MergeError):
        read_reports([])


def test_html_page_is_self_contained(thousand, tmp_path):
    page = tmp_path / "fleet.html"
    proc = gpudoctor("merge", str(thousand), "--html", str(page))
    assert proc.returncode == 1
    text = page.read_text()
    assert text.count('<tr class="node') == 1000 and "<svg" in text
    for remote in ("http://", "https://", "<script", "<link"):
        assert remote not in text
