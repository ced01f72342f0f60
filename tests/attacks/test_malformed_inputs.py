"""The malformed inputs of the second attack round: each becomes a finding or exit code 2 with a message,
never an internal error (exit 3) and never a check that crashed."""

import json
import subprocess
import sys
from pathlib import Path

from gpudoctor.model import Status
from gpudoctor.probes.windows import parse_csv

from hosts import HostBuilder, run

FIXTURES = Path(__file__).parents[1] / "fixtures" / "hosts"
DEEP = "[" * 100_000 + "]" * 100_000


def _gpudoctor(*args):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, timeout=60)


def _no_crash(report):
    """No check crashed and no probe failed: a malformed answer is an answer, judged like any other."""
    failed = [r.check_id for r in report.results for f in r.findings
              if "crashed" in f.summary or "Could not gather the facts" in f.summary]
    assert not failed


def test_a_5000_digit_integer_anywhere_in_a_snapshot_is_bad_input(tmp_path):
    text = (FIXTURES / "linux-2xh200-nvlink.json").read_text()
    for place, edited in (("a call's answer", text.replace('"calls": [', '"calls": [{"probe": "env", "args": ["X"], '
                                                          '"answer": ' + "9" * 5000 + "},", 1)),
                          ("the top level", text.replace('"calls": [', '"n": ' + "9" * 5000 + ', "calls": [', 1))):
        path = tmp_path / "digits.json"
        path.write_text(edited)
        proc = _gpudoctor("check", "--from", str(path))
        assert proc.returncode == 2, (place, proc.stderr)
        assert "corrupt" in proc.stderr and "digits" in proc.stderr and "internal error" not in proc.stderr


def test_nvml_not_supported_for_one_gpus_maximum_pcie_generation_is_no_crash():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    builder.set_nvml("nvmlDeviceGetMaxPcieLinkGeneration", 0, error="NVML_ERROR_NOT_SUPPORTED")
    report = run(builder.host())
    _no_crash(report)
    link = next(r for r in report.results if r.check_id == "pcie.link")
    assert link.status is not Status.ERROR
    assert "did not give every maximum" in link.findings[0].summary  # not claimed "full"


def test_a_powershell_csv_field_over_128_kib_keeps_the_rows_before_it():
    text = '"Name","Driver"\n"NVIDIA H100","580"\n"x","' + "y" * (200 << 10) + '"\n'
    assert parse_csv(text) == [{"Name": "NVIDIA H100", "Driver": "580"}]


def test_json_nested_100000_deep_from_ollama_and_docker_is_no_crash():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    for args, answer in list(builder.matching("http")):
        builder.set("http", args, {"status": 200, "body": DEEP, "error": None})
    report = run(builder.host())
    _no_crash(report)
    docker = HostBuilder.from_fixture("container-host-docker-no-toolkit.json")
    for args, answer in list(docker.matching("run")):
        if args[:2] == ["docker", "info"] or args[1:2] == ["inspect"]:
            docker.set("run", args, {**answer, "stdout": DEEP})
    _no_crash(run(docker.host()))
