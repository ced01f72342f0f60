"""The JSON report validates against the shipped schema; JUnit parses; the terminal report reads right."""

import io
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import jsonschema
import pytest


from gpudoctor.report.junit import render_junit
from gpudoctor.report.terminal import print_report
from gpudoctor.model import Status

from hosts import HostBuilder, run

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"
SCHEMA = json.loads(resources.files("gpudoctor.report").joinpath("report.schema.json").read_text())


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, timeout=120)


def test_schema_rejects_a_report_without_checks():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"schema": "gpudoctor-report", "schema_version": 1}, SCHEMA)


def test_h200_report_validates_and_names_the_gpus():
    proc = _cli("check", "--from", str(FIXTURE), "--json", "--only", "gpu.count")
    document = json.loads(proc.stdout)
    jsonschema.validate(document, SCHEMA)
    assert [g["bus_id"] for g in document["host"]["gpus"]] == ["00000000:00:06.0", "00000000:00:07.0"]
    assert document["host"]["driver_version"] == "580.159.04"
    assert document["host"]["cuda_driver_version"] == "13.0"


def test_this_machine_without_a_gpu_fails_with_a_plain_reason_and_valid_json(tmp_path):
    out = tmp_path / "report.json"
    proc = _cli("check", "--only", "gpu.count", "-o", str(out))
    document = json.loads(out.read_text())
    jsonschema.validate(document, SCHEMA)
    gpu = next(c for c in document["checks"] if c["id"] == "gpu.count")
    if document["host"]["gpus"]:  # pragma: no cover - only on a machine with a GPU
        pytest.skip("this machine has an NVIDIA GPU")
    assert proc.returncode == 1
    assert gpu["status"] == "fail"
    # No NVIDIA device on the PCI bus (CI): no GPU attached; a GPU without its driver: the driver.
    assert "no nvidia gpu is attached" in gpu["summary"].lower() or "driver" in gpu["summary"].lower()
    assert "gpu.count" in proc.stdout  # the terminal report is still printed


def test_junit_has_one_testcase_per_check_and_marks_failures():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json").set_nvml(
        "nvmlInit", error="NVML_ERROR_DRIVER_NOT_LOADED")
    report = run(builder.host(), only=["gpu.count"])
    suite = ET.fromstring(render_junit(report))
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["gpu.count"]
    failure = cases[0].find("failure")
    assert failure is not None and "kernel module is not loaded" in failure.get("message")
    assert suite.get("failures") == "1"


def test_plain_terminal_report_has_marks_and_next_step(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json").set_nvml(
        "nvmlInit", error="NVML_ERROR_LIB_RM_VERSION_MISMATCH")
    report = run(builder.host(), only=["gpu.count"])
    assert report.status is Status.FAIL
    stream = io.StringIO()
    print_report(report, stream=stream)
    text = stream.getvalue()
    assert "[✗] gpu.count" in text
    assert "Driver/library version mismatch" in text
    assert "gpudoctor explain ID" in text
    assert "\x1b[" not in text  # no colour codes when not a terminal


def test_terminal_report_falls_back_to_ascii_on_a_legacy_code_page():
    report = run(HostBuilder.from_fixture("linux-2xh200-nvlink.json").host(), only=["gpu.count"])
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252")
    print_report(report, stream=stream)
    stream.flush()
    text = raw.getvalue().decode("cp1252")
    assert "[ok] gpu.count" in text


def test_fail_on_warn_changes_the_exit_code_only_for_warnings(tmp_path):
    document = json.loads(FIXTURE.read_text())
    for call in document["calls"]:
        if call["probe"] == "nvml" and call["args"] == ["nvmlInit"]:
            call["answer"] = {"value": None, "error": "NVML_ERROR_LIBRARY_NOT_FOUND"}
    path = tmp_path / "nodriver.json"
    path.write_text(json.dumps(document))
    assert _cli("check", "--from", str(path), "--only", "gpu.count").returncode == 1
    assert _cli("check", "--from", str(FIXTURE), "--only", "gpu.count", "--fail-on", "warn").returncode == 0
