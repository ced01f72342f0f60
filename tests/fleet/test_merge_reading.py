"""A merge decodes only the members of a report it reads (gpudoctor/fleet/merge.py, _node_of_data): the node
it finds is the one a whole json.loads of the report gives, and a report the fast decoder refuses is judged by
json, as before."""

import json

import pytest
from fleet_reports import H100, H200, node_report, without_gpu

from gpudoctor.fleet.merge import _node_of_data, _read, node_of


@pytest.fixture(scope="module")
def reports():
    return {"h200": node_report(H200, "gpu-node-01"), "h100": node_report(H100, "gpu-node-02"),
            "lost-gpu": without_gpu(node_report(H200, "gpu-node-03"), 1)}


@pytest.mark.parametrize("name", ["h200", "h100", "lost-gpu"])
def test_the_node_is_the_one_the_whole_report_gives(reports, name):
    data = json.dumps(reports[name]).encode()
    node = _node_of_data(data, "node.json")
    assert node == node_of(json.loads(data), "node.json")
    assert node.checks and bool(node.metrics) == (name == "h200")  # one GPU measures no P2P or all-reduce


def test_the_measuring_checks_figures_are_read(reports):
    document = json.loads(json.dumps(reports["h200"]))
    for check in document["checks"]:
        if check["id"] in ("p2p.bandwidth", "nccl.allreduce"):
            check["findings"] = [{"evidence": None}, *check["findings"], {"evidence": {}}]  # both as json has them
    data = json.dumps(document).encode()
    node = _node_of_data(data, "node.json")
    assert set(node.metrics) == {"p2p", "allreduce"} and node == node_of(json.loads(data), "node.json")


def _written(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_what_the_fast_decoder_refuses_json_reads_as_before(reports, tmp_path):
    document = reports["h200"]
    text = json.dumps(document)
    # NaN (json writes it for a float that is not a number) and a UTF-8 byte-order mark: json reads both.
    with_nan = json.loads(text)
    with_nan["checks"][0]["findings"][0]["evidence"] = {"figure": float("nan")}
    for name, data in (("nan.json", json.dumps(with_nan).encode()), ("bom.json", b"\xef\xbb\xbf" + text.encode())):
        node = _read(_written(tmp_path, name, data))
        assert node == node_of(json.loads(data), node.source)
    # A check whose id is not a string is left out, the rest of the report read.
    odd_id = json.loads(text)
    odd_id["checks"][0]["id"] = ["not", "a", "string"]
    node = _read(_written(tmp_path, "odd-id.json", json.dumps(odd_id).encode()))
    assert len(node.checks) == len(document["checks"]) - 1


def test_text_that_is_not_utf8_is_refused_even_where_the_merge_would_not_look(reports, tmp_path):
    text = json.dumps(reports["h200"]).encode()
    # inside the summary of a check whose findings the fast decoder steps over
    broken = text.replace(b'"summary": "', b'"summary": "\xff', 1)
    assert _read(_written(tmp_path, "latin.json", broken))[1] == "is not UTF-8 text"


def test_checks_of_another_shape_are_read_as_before(reports, tmp_path):
    document = json.loads(json.dumps(reports["h200"]))
    document["checks"] = {"p2p.access": "pass"}
    node = _read(_written(tmp_path, "checks-object.json", json.dumps(document).encode()))
    assert node.checks == {} and node.name == "gpu-node-01"
    assert _read(_written(tmp_path, "array.json", b"[1, 2]"))[1].startswith("not a gpudoctor JSON report")
    assert _read(_written(tmp_path, "deep.json", b'{"a":' + b"[" * 100000 + b"]" * 100000 + b"}"))[1] == \
        "is nested too deep to be a gpudoctor JSON report"


def _first(document, check_id):
    return next(c for c in document["checks"] if c["id"] == check_id)


MUTATIONS = {
    "host a list": lambda d: d.update(host=[1]),
    "node a string": lambda d: d["host"].update(node="x"),
    "a GPU null": lambda d: d["host"]["gpus"].append(None),
    "the configuration a list": lambda d: d["host"]["node"].update(configuration=[1]),
    "a configuration past any float": lambda d: d["host"]["node"]["configuration"].update(big=10 ** 400),
    "a width a boolean": lambda d: d["host"]["gpus"][0].update(pcie_width=True),
    "a check id a list": lambda d: d["checks"][0].update(id=["x"]),  # json's reading measures nothing then
    "a check id a number": lambda d: d["checks"][0].update(id=5),
    "statuses of other types": lambda d: [c.update(status=s) for c, s in zip(d["checks"], (1, True, None, [1]))],
    "a finding a number": lambda d: _first(d, "p2p.bandwidth").update(findings=[5]),
    "a host-to-GPU finding a number": lambda d: _first(d, "pcie.bandwidth").update(findings=[5]),
    "evidence a list": lambda d: _first(d, "p2p.bandwidth")["findings"][0].update(evidence=[1]),
    "sizes of lists": lambda d: _first(d, "nccl.allreduce")["findings"][0]["evidence"].update(sizes=[[1]]),
    "duplicate members": None,
}


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_members_of_another_shape_give_the_node_json_gives(reports, mutation):
    document = json.loads(json.dumps(reports["h200"]))
    if MUTATIONS[mutation]:
        MUTATIONS[mutation](document)
        data = json.dumps(document).encode()
    else:  # the last of a repeated member counts, as in json.loads
        data = json.dumps(document).encode()[:-1] + b', "host": {"node": {"hostname": "again"}}, "status": "fail"}'
    assert _node_of_data(data, "node.json") == node_of(json.loads(data), "node.json")


def test_a_bandwidth_past_any_float_measures_nothing(reports, tmp_path):
    document = json.loads(json.dumps(reports["h200"]))
    _first(document, "p2p.bandwidth")["findings"][0]["evidence"]["unidirectional_gbps"][0] = 10 ** 400
    node = _read(_written(tmp_path, "huge.json", json.dumps(document).encode()))
    assert node.metrics == {} and node.checks


def test_a_malformed_host_to_gpu_figure_leaves_the_nodes_figures(reports, tmp_path):
    document = json.loads(json.dumps(reports["h200"]))
    whole = _read(_written(tmp_path, "whole.json", json.dumps(document).encode()))
    _first(document, "pcie.bandwidth")["findings"][0]["evidence"]["h2d_gbps"] = 10 ** 400
    node = _read(_written(tmp_path, "huge.json", json.dumps(document).encode()))
    assert node.metrics == whole.metrics and set(node.metrics) == {"p2p", "allreduce"}


def test_a_merge_uses_the_cores_its_process_may_run_on(monkeypatch):
    # taskset, a container's or a Slurm job's cpuset: two cores of sixteen mean two workers, not sixteen
    from gpudoctor.fleet import merge

    monkeypatch.setattr(merge.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(merge.os, "cpu_count", lambda: 16)
    assert merge._usable_cores() == 2
    monkeypatch.delattr(merge.os, "sched_getaffinity")  # macOS and Windows have no affinity to ask
    assert merge._usable_cores() == 16
