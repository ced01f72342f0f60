"""gpudoctor merge over reports of many nodes built from real recordings (tests/fleet_reports.py)."""

import json
import subprocess
import sys
from dataclasses import replace
from importlib import resources

import jsonschema
import pytest
from fleet_reports import (H100, H200, PLANTED, as_node, node_report, scale_bandwidth, synthetic_fleet, with_driver,
                           with_link_width, without_gpu, write_fleet)

from gpudoctor.fleet.merge import MergeError, _outliers_and_expectations, node_of, read_reports, report_paths


def _outliers(nodes):
    return _outliers_and_expectations(nodes)[0]


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
    assert by_node["gpu-0234"].value == 1 and by_node["gpu-0234"].expected == 2
    assert by_node["gpu-0567"].value == 8 and by_node["gpu-0567"].expected == 16
    # What a node of the H200 group should have is what most of its 900 peers have.
    h200 = next(e for e in fleet.expectations if e["gpus"] == ["NVIDIA H200"])
    assert (h200["nodes"], h200["gpu_count"], h200["pcie_width"], h200["driver"]) == (900, 2, 16, "580.159.04")
    # The real NCCL_P2P_DISABLE=1 recording: 27.9 GB/s against the healthy recording's 326 GB/s.
    assert by_node["gpu-0456"].value == pytest.approx(27.9, abs=1.5)
    assert by_node["gpu-0456"].expected == pytest.approx(326, rel=0.03)
    assert by_node["gpu-0789"].expected == "580.159.04" and by_node["gpu-0789"].value == "570.86.15"


def test_groups_identical_configurations(thousand):
    fleet = read_reports([str(p) for p in sorted(thousand.iterdir())])
    sizes = {f'{len(g["configuration"]["gpus"])}x {g["configuration"]["gpus"][0]} {g["configuration"]["driver"]}':
             len(g["nodes"]) for g in fleet.groups}
    # 100 one-H100 nodes (every 10th), one H200 node on another driver, one that lost a GPU, the
    # 898 other H200 nodes alike (the one whose link trained at x8 too: the configuration holds
    # what the slot allows, not what the link trained at).
    assert sizes == {"1x NVIDIA H100 80GB HBM3 580.159.04": 100, "2x NVIDIA H200 580.159.04": 898,
                     "2x NVIDIA H200 570.86.15": 1, "1x NVIDIA H200 580.159.04": 1}


def test_json_markdown_and_terminal_views(thousand):
    proc = gpudoctor("merge", str(thousand), "--json")
    assert proc.returncode == 1  # outliers
    document = json.loads(proc.stdout)
    assert document["schema"] == "gpudoctor-fleet" and len(document["nodes"]) == 1000
    schema = json.loads(resources.files("gpudoctor.report").joinpath("fleet.schema.json").read_text())
    jsonschema.validate(document, schema)  # with its outliers and expectations
    assert {o["node"] for o in document["outliers"]} == set(PLANTED)
    # What needs a look comes first: the five odd nodes head the list of nodes and the needs_a_look.
    assert {n["name"] for n in document["nodes"][:5]} == set(PLANTED)
    assert all(n["verdict"] == "odd" for n in document["nodes"][:5])
    assert document["nodes"][0]["name"] == "gpu-0123" and document["nodes"][5]["verdict"] != "odd"
    assert {item["node"] for item in document["needs_a_look"]} == set(PLANTED)
    markdown = gpudoctor("merge", str(thousand), "--format", "markdown").stdout
    assert markdown.count("\n| gpu-") == 1000
    assert "- **gpu-0123**: P2P bandwidth (slowest direction)" in markdown
    terminal = gpudoctor("merge", str(thousand)).stdout
    assert terminal.startswith("1000 nodes (5 odd, ")
    head = terminal.splitlines()[:9]
    assert head[2] == "Needs a look (5):"
    assert head[3] == "  gpu-0234: 1 GPU, while 899 of its 900 peers have 2: a GPU is missing (fallen off the bus, " \
                      "or not bound to the driver)"
    assert "  gpu-0789: driver 570.86.15, while 899 of its 900 peers run 580.159.04" in head
    assert any(line.startswith("  gpu-0567: PCIe link trained narrower: GPU 0 at x8, while ") for line in head)


def test_the_json_view_of_1000_nodes_is_json_text_of_the_fleet_document(thousand):
    from gpudoctor.fleet.views import fleet_document, render_json
    from gpudoctor.report.printable import json_text

    fleet = read_reports(report_paths([str(thousand)]))
    assert render_json(fleet) == json_text(fleet_document(fleet), indent=1) + "\n"


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
    assert proc.returncode == 2  # the view lacks what could not be read: never "all is well"
    assert document["superseded_reports"] == 1
    assert {item["node"] for item in document["needs_a_look"]} == {str(tmp_path / "truncated.json"),
                                                                   str(tmp_path / "other.json")}


def _copies(template: dict, names: list[str], machine_id_hash) -> list[dict]:
    documents = []
    for index, name in enumerate(names, 1):
        document = as_node(template, name, index)
        document["host"]["node"]["machine_id_hash"] = machine_id_hash
        documents.append(document)
    return documents


def test_vms_that_share_a_name_and_have_no_machine_id_stay_apart_and_are_named(tmp_path):
    """30 VMs all called "vm", each with an empty /etc/machine-id (no hash): their GPUs differ."""
    for index, document in enumerate(_copies(node_report(H100, "x", deep=False), ["vm"] * 30, None)):
        (tmp_path / f"vm-{index:02d}.json").write_text(json.dumps(document))
    proc = gpudoctor("merge", str(tmp_path), "--json")
    document = json.loads(proc.stdout)
    assert len(document["nodes"]) == 30 and len({n["name"] for n in document["nodes"]}) == 30
    assert {n["name"] for n in document["nodes"]} == {f"vm [vm-{i:02d}]" for i in range(30)}
    assert [d["shared"] for d in document["duplicates"]] == ["name"] and len(document["duplicates"][0]["sources"]) == 30
    assert proc.returncode == 1


def test_pods_from_an_image_with_a_fixed_machine_id_are_four_nodes(tmp_path):
    """The hash of one baked-in /etc/machine-id on four pods: four nodes, the shared ID named; with
    the downward API's node name the nodes are named after their Kubernetes nodes."""
    pods = _copies(node_report(H200, "x", deep=False), [f"gpudoctor-{s}" for s in "abcd"], "f" * 32)
    for index, pod in enumerate(pods):
        pod["host"]["node"]["kubernetes_node"] = f"gpu-node-{index}"
        (tmp_path / f"pod-{index}.json").write_text(json.dumps(pod))
    proc = gpudoctor("merge", str(tmp_path), "--json")
    document = json.loads(proc.stdout)
    assert sorted(n["name"] for n in document["nodes"]) == [f"gpu-node-{i}" for i in range(4)]
    assert [(d["shared"], d["value"]) for d in document["duplicates"]] == [("machine_id_hash", "f" * 32)]
    assert "share the machine ID hash" in document["needs_a_look"][0]["why"]


def test_reports_with_different_gpus_are_never_one_node():
    template = node_report(H100, "x", deep=False)
    first, second = as_node(template, "gpu-a", 1), as_node(template, "gpu-a", 2)
    second["host"]["node"]["machine_id_hash"] = first["host"]["node"]["machine_id_hash"]
    assert node_of(first, "a.json").identity != node_of(second, "b.json").identity
    again = as_node(template, "gpu-a", 1)
    assert node_of(first, "a.json").identity == node_of(again, "c.json").identity
    bare = as_node(template, "gpu-a", 1)
    bare["host"]["node"]["machine_id_hash"] = None
    bare["host"]["gpus"] = []
    assert node_of(bare, "d.json").identity is None  # a name alone never merges two reports


@pytest.mark.parametrize("fault, metric", [
    (lambda d: without_gpu(d, 1), "gpu_count"),
    (lambda d: with_link_width(d, 1, 8), "pcie_width"),
])
def test_one_faulty_node_among_three_healthy_peers_is_an_outlier(tmp_path, fault, metric):
    template = node_report(H200, "x", deep=False)
    documents = [as_node(template, f"gpu-{i}", i) for i in range(4)]
    fault(documents[3])
    write_fleet(tmp_path, documents)
    proc = gpudoctor("merge", str(tmp_path), "--json")
    document = json.loads(proc.stdout)
    assert [(o["node"], o["metric"]) for o in document["outliers"]] == [("gpu-3", metric)]
    assert document["nodes"][0]["name"] == "gpu-3" and document["nodes"][0]["verdict"] == "odd"
    assert proc.returncode == 1


def test_json_and_markdown_together_are_a_usage_error(tmp_path):
    proc = gpudoctor("merge", str(tmp_path), "--json", "--format", "markdown")
    assert proc.returncode == 2 and "--json and --format markdown" in proc.stderr and proc.stdout == ""


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


SHARED = {"p2p.access": "pass", "token": "hf_" + "a" * 30}


@pytest.mark.parametrize("value", [
    "plain", "é \x1b[2J \u202e \x7f \x85 \U0001F600 \"quoted\" \\ \n\t", "HF_TOKEN=hf_" + "a" * 30,
    {"base64": "hf_" + "a" * 30}, [SHARED, SHARED, {"inside": SHARED}], 1e16, 1e-7, 0.1 + 0.2, -0.0, 10**30, True, None,
    float("nan"), float("inf"), "lone \ud800 surrogate", ("a", 1e16), [], {}, [[], {"": []}]])
def test_the_json_view_is_json_text_indented(value):
    from gpudoctor.fleet.merge import Fleet, Node
    from gpudoctor.fleet.views import fleet_document, render_json
    from gpudoctor.report.printable import json_text

    texts = value if isinstance(value, str) else "gpu-01"
    node = Node(name=texts, source=f"/{texts}.json", status="pass", recorded_at=texts, driver=None, fingerprint="f",
                configuration={"odd": value}, checks=SHARED, metrics={"p2p": 1e16, "allreduce": 0.1 + 0.2},
                hostname=texts, machine_id_hash="ab" * 16, gpu_uuids=(texts, "GPU-1"))
    fleet = Fleet([node, replace(node, name="n2", checks={"x": "fail"})], unreadable=[("/bad.json", texts)],
                  groups=[{"fingerprint": "f", "configuration": {"odd": value}, "nodes": [texts, "n2"]}])
    assert render_json(fleet) == json_text(fleet_document(fleet), indent=1) + "\n"
