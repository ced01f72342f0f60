"""bench/compare_nvidia_smi.py: its parsers on real nvidia-smi outputs, and its verdict."""

import importlib.util
import json
import shutil
from pathlib import Path

from gpudoctor.report.json_report import report_document

from gpus_pcie_p2p.hardware_hosts import P2P_4090_PHB, TOPOLOGY_PHB, h200, rtx4090_pair
from hosts import FIXTURES, run

RAW = FIXTURES / "raw"
_SPEC = importlib.util.spec_from_file_location("compare_nvidia_smi",
                                               Path(__file__).parents[2] / "bench" / "compare_nvidia_smi.py")
bench = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(bench)


def _report(builder) -> dict:
    report = run(builder.host(), only=["p2p.access", "pcie.link"])
    return json.loads(json.dumps(report_document(report), default=str))


def _compare(raw_dir: Path, report: dict, tmp_path: Path, capsys) -> tuple[int, str]:
    report_file = tmp_path / "report.json"
    report_file.write_text(json.dumps(report), encoding="utf-8")
    status = bench.main(["--raw", str(raw_dir), "--report", str(report_file)])
    return status, capsys.readouterr().out


def test_the_topology_matrix_parses_through_nvidia_smis_ansi_codes():
    cells = bench.parse_matrix((RAW / "h200x2" / "topo_m.txt").read_text())
    assert cells == {(0, 0): "X", (0, 1): "NV18", (1, 0): "NV18", (1, 1): "X"}


def test_p2p_matrices_and_legends_parse_old_and_new_drivers():
    h200_prop = (RAW / "h200x2" / "topo_p2p_p.txt").read_text()
    assert bench.parse_matrix(h200_prop)[(0, 1)] == "NS"
    assert bench.parse_legend(h200_prop) == {"X", "OK", "CNS", "GNS", "TNS", "NS", "U"}
    rtx5090 = (RAW / "club3090_1229" / "topo_p2p_rw.txt").read_text()
    assert bench.parse_matrix(rtx5090) == {(0, 0): "X", (0, 1): "GNS", (1, 0): "GNS", (1, 1): "X"}
    assert "DR" in bench.parse_legend(rtx5090)


def test_the_pcie_links_of_nvidia_smi_q_parse_per_bus_id():
    links = bench.parse_query_links((RAW / "h200x2" / "smi_q.txt").read_text())
    assert links == {bus: {"max_generation": 5, "generation": 5, "gpu_max_generation": 5, "max_width": 16,
                           "width": 16, "replay_counter": 0} for bus in ("0000:00:06.0", "0000:00:07.0")}


def test_gpudoctor_agrees_with_nvidia_smi_on_the_recorded_h200_host(tmp_path, capsys):
    status, out = _compare(RAW / "h200x2", _report(h200()), tmp_path, capsys)
    assert out.rstrip().endswith("\nAGREE"), out
    assert status == 0
    rows = [line.split() for line in out.splitlines()]
    assert ["GPU0->GPU1", "path", "(topo", "-m)", "NV18", "NV18", "1", "yes"] in rows
    assert ["GPU1->GPU0", "nvlink", "(-p2p", "n)", "OK", "OK", "1", "yes"] in rows
    assert ["GPU1->GPU0", "pci", "(-p2p", "p)", "NS", "not", "asked", "1", "n/a"] in rows  # no check judges by it
    assert ["GPU1->GPU0", "write", "(-p2p", "w)", "OK", "not", "asked", "1", "n/a"] in rows  # read OK: P2P either way
    assert ["GPU1", "0000:00:07.0", "max_width", "16", "16", "-", "yes"] in rows


def test_a_difference_is_named_in_the_disagree_line(tmp_path, capsys):
    report = _report(h200())
    for check in report["checks"]:
        for finding in check["findings"]:
            for pair in finding["evidence"].get("pairs", []):
                pair["path"] = "PHB"  # what gpudoctor said before it counted NVLinks to unknown far ends
    status, out = _compare(RAW / "h200x2", report, tmp_path, capsys)
    assert status == 1
    assert "DISAGREE: GPU0->GPU1 path (topo -m): nvidia-smi NV18, gpudoctor PHB" in out


def test_a_geforce_pair_without_p2p_agrees_with_real_geforce_output(tmp_path, capsys):
    raw = tmp_path / "raw"
    raw.mkdir()
    shutil.copy(RAW / "club3090_1229" / "topo_m.txt", raw / "topo_m.txt")
    for key in ("r", "w"):
        shutil.copy(RAW / "club3090_1229" / "topo_p2p_rw.txt", raw / f"topo_p2p_{key}.txt")
    status, out = _compare(raw, _report(rtx4090_pair(P2P_4090_PHB, TOPOLOGY_PHB)), tmp_path, capsys)
    assert status == 0, out
    rows = [line.split() for line in out.splitlines()]
    assert ["GPU0->GPU1", "read", "(-p2p", "r)", "GNS", "GNS", "0", "yes"] in rows
    assert ["GPU1->GPU0", "path", "(topo", "-m)", "PHB", "PHB", "0", "yes"] in rows
    assert "atomics" not in out  # no real `topo -p2p a` output of such a pair: not compared
