"""Outputs that cluster tools read: Prometheus text (checked by promtool), node-problem-detector's
plugin contract, Nagios exit codes, Node Feature Discovery labels."""

import os
import shutil
import stat
import subprocess
import sys

import pytest
from fleet_reports import H200, node_report
from hosts import HOSTS, recorded_uuids, run

from gpudoctor.host.snapshot import load_snapshot
from gpudoctor.report.json_report import report_document

from gpudoctor.fleet.health import nagios_code, npd_result
from gpudoctor.fleet.nfd import render_features
from gpudoctor.fleet.prometheus import render_prometheus

PROMTOOL = shutil.which("promtool")
SNAPSHOTS = sorted(HOSTS.glob("*.json"))


def gpudoctor(*args):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(PROMTOOL is None, reason="promtool not installed (Debian: apt-get install prometheus)")
@pytest.mark.parametrize("snapshot", SNAPSHOTS, ids=lambda p: p.name)
def test_promtool_accepts_the_metrics_of_every_fixture(snapshot):
    report = run(load_snapshot(str(snapshot)))  # every check, the opt-in ones too
    metrics = render_prometheus(report_document(report), now_s=1700000000.0)
    assert "gpudoctor_check_status{" in metrics
    lint = subprocess.run([PROMTOOL, "check", "metrics"], input=metrics, capture_output=True, text=True, timeout=30)
    assert lint.returncode == 0, lint.stdout + lint.stderr


def test_bandwidth_gauges_carry_gpu_uuids_and_the_pair():
    metrics = render_prometheus(node_report(H200, "gpu-node-01"))
    uuid0, uuid1 = recorded_uuids(H200)
    # The recording's GPU 0 -> GPU 1 copy: 396.4979 GB/s (tests/fixtures/hosts, linux-2xh200-nvlink-deep.json).
    line = (f'gpudoctor_bandwidth_bytes_per_second{{check="p2p.bandwidth",kind="unidirectional",pair="0-1",'
            f'gpu_uuid="{uuid0}",peer_uuid="{uuid1}"}} ')
    assert line + "396497900000.0" in metrics
    assert 'kind="allreduce_bus",pair="0-1"' in metrics
    assert 'gpudoctor_check_status{check="nccl.library",status="warn"} 1.0' in metrics
    assert 'gpudoctor_check_status{check="nccl.library",status="pass"} 0.0' in metrics
    assert 'gpudoctor_info{hostname="gpu-node-01",kubernetes_node="",' in metrics


def test_metrics_of_a_pod_name_its_kubernetes_node():
    document = node_report(H200, "gpudoctor-x7k2p", deep=False)
    document["host"]["node"]["kubernetes_node"] = "gpu-node-07"
    assert 'gpudoctor_info{hostname="gpudoctor-x7k2p",kubernetes_node="gpu-node-07",' in render_prometheus(document)


def test_label_values_are_escaped():
    document = node_report(H200, 'odd"name\\with\nbreak', deep=False)
    assert 'hostname="odd\\"name\\\\with\\nbreak"' in render_prometheus(document)


def test_textfile_is_written_atomically_and_world_readable(tmp_path):
    target = tmp_path / "gpudoctor.prom"
    target.write_text("old\n")
    proc = gpudoctor("check", "--from", str(HOSTS / H200), "--prom", str(target), "--nfd", str(tmp_path / "labels"))
    assert proc.returncode == 0, proc.stderr
    assert target.read_text().startswith("# HELP gpudoctor_info")
    assert "gpudoctor_last_run_timestamp_seconds " in target.read_text()
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o644  # node_exporter runs as its own user
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gpudoctor.prom", "labels"]  # no temporary file left
    missing = gpudoctor("check", "--from", str(HOSTS / H200), "--prom", str(tmp_path / "no" / "such.prom"))
    assert missing.returncode == 2 and "cannot write" in missing.stderr


@pytest.mark.parametrize("snapshot, code, start", [
    (HOSTS / "linux-2xh200-nvlink.json", 0, "gpudoctor: healthy"),
    (HOSTS / "wsl2-linux-driver.json", 1, "gpu.count: NVML "),
    (HOSTS / "container-docker-2gpu-shm64.json", 1, "container.shm: /dev/shm is only 64.0 MiB"),
])
def test_node_problem_detector_contract(snapshot, code, start):
    proc = gpudoctor("check", "--from", str(snapshot), "--format", "npd")
    assert proc.returncode == code, proc.stdout + proc.stderr
    assert proc.stdout.startswith(start)
    assert len(proc.stdout.strip()) <= 80 and proc.stdout.count("\n") == 1


def test_npd_unknown_when_a_check_could_not_run_and_nonok_on_warn_when_asked():
    document = node_report(H200, "gpu-node-01", deep=False)
    assert npd_result(document)[0] == 0
    assert npd_result(document, fail_on="warn") == (1, npd_result(document, "warn")[1])
    assert npd_result(document, fail_on="warn")[1].startswith("nccl.library: 2 different NCCL versions")
    document["checks"][0]["status"] = "error"
    code, message = npd_result(document)
    assert code == 2 and message.startswith("could not run gpu.count")


@pytest.mark.parametrize("args, code, first_line", [
    (["--from", str(HOSTS / "windows-healthy-2gpu.json")], 0, "GPUDOCTOR OK - "),
    (["--from", str(HOSTS / "linux-2xh200-nvlink.json")], 1, "GPUDOCTOR WARNING - nccl.library: "),
    (["--from", str(HOSTS / "wsl2-linux-driver.json")], 2, "GPUDOCTOR CRITICAL - "),
    # bad input is UNKNOWN, not CRITICAL, and says so on stdout, where the health system reads
    (["--from", "/nonexistent/snapshot.json"], 3, "GPUDOCTOR UNKNOWN - snapshot '/nonexistent/snapshot.json'"),
    # (the rest is click's own wording, which differs between click releases)
    (["--no-such-option"], 3, "GPUDOCTOR UNKNOWN - No such option"),
    # every check skipped: nothing was judged, which is not OK (exit code 4 of gpudoctor's own)
    (["--from", str(HOSTS / "linux-2xh200-nvlink.json"), "--only", "wsl.*"], 3,
     "GPUDOCTOR UNKNOWN - nothing could be judged: all 4 selected checks were skipped here"),
])
def test_nagios_exit_codes_and_status_line(args, code, first_line):
    """A Nagios plugin's first line of output is its status; the report follows as long output."""
    proc = gpudoctor("check", "--exit-codes", "nagios", *args)
    assert proc.returncode == code, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0].startswith(first_line), proc.stdout[:300]


def test_npd_says_unknown_when_nothing_was_judged_or_the_input_is_bad():
    skipped = gpudoctor("check", "--from", str(HOSTS / "linux-2xh200-nvlink.json"), "--only", "wsl.*", "--format", "npd")
    assert skipped.returncode == 2 and skipped.stdout.startswith("gpudoctor: nothing could be judged"), skipped.stdout
    bad = gpudoctor("check", "--from", "/nonexistent/snapshot.json", "--format", "npd")
    assert bad.returncode == 2 and bad.stdout.startswith("gpudoctor: cannot judge: snapshot "), bad.stdout
    assert len(bad.stdout.strip()) <= 80 and bad.stdout.count("\n") == 1


@pytest.mark.parametrize("args, says", [
    (["--json", "--format", "markdown"], "--json and --format markdown"),
    (["--json", "--format", "prom"], "--json and --format prom"),
    (["--json", "--format", "npd"], "--json and --format npd"),
    (["--format", "npd", "--exit-codes", "nagios"], "cannot be combined with --format npd"),
    (["--json", "--exit-codes", "nagios"], "cannot be combined with --json"),
])
def test_contradictory_options_are_usage_errors(args, says):
    proc = gpudoctor("check", "--from", str(HOSTS / "linux-2xh200-nvlink.json"), *args)
    assert proc.returncode in (2, 3) and says in proc.stderr, proc.stdout[:300] + proc.stderr
    if "nagios" not in args:
        assert proc.returncode == 2 and proc.stdout.count("{") == 0 and "##" not in proc.stdout


@pytest.mark.parametrize("args, says", [
    (["-v", "--json"], "-v opens the terminal report's details; it does nothing with --json"),
    (["-v", "--format", "markdown"], "it does nothing with --format markdown"),
    (["--no-anonymise"], "--no-anonymise applies to --format markdown only"),
])
def test_an_option_that_does_nothing_here_is_said_so(args, says):
    proc = gpudoctor("check", "--from", str(HOSTS / "linux-2xh200-nvlink.json"), *args)
    assert proc.returncode == 0 and says in proc.stderr, proc.stderr  # still run and judged


def test_nagios_fail_outranks_could_not_run():
    document = node_report(H200, "gpu-node-01", deep=False)
    document["checks"][0]["status"] = "error"
    assert nagios_code(document) == 3
    document["checks"][1]["status"] = "fail"
    assert nagios_code(document) == 2


def test_nfd_labels_are_valid_and_name_what_is_wrong():
    labels = dict(line.split("=", 1) for line in render_features(node_report(H200, "gpu-node-01")).splitlines())
    assert labels["gpudoctor.status"] == "warn"
    assert labels["gpudoctor.check.nccl.library"] == "warn"
    assert labels["gpudoctor.driver"] == "580.159.04" and labels["gpudoctor.gpus"] == "2"
    assert "gpudoctor.check.p2p.access" not in labels  # passing checks carry no label
    import re

    for name, value in labels.items():
        assert re.fullmatch(r"[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?", value), (name, value)
        assert len(name) <= 63
