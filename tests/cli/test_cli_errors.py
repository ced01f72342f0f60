"""Bad input gets one line and exit 2, never a traceback; the documented exit codes hold."""

import json
import subprocess
import sys
from pathlib import Path


FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"


def gpudoctor(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=60)


def _assert_bad_input(proc, *words):
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    message = proc.stderr.strip()
    for word in words:
        assert word in message


def test_unknown_option():
    _assert_bad_input(gpudoctor("check", "--no-such-option"), "No such option")


def test_unknown_check_id():
    _assert_bad_input(gpudoctor("check", "--only", "nope.nothing"), "unknown check id 'nope.nothing'")
    _assert_bad_input(gpudoctor("explain", "nope.nothing"), "unknown check, fix or signature code")


def test_missing_snapshot(tmp_path):
    _assert_bad_input(gpudoctor("check", "--from", str(tmp_path / "absent.json")), "does not exist")


def test_snapshot_that_is_a_directory(tmp_path):
    _assert_bad_input(gpudoctor("check", "--from", str(tmp_path)), "is a directory")


def test_corrupt_snapshot(tmp_path):
    path = tmp_path / "corrupt.json"
    path.write_text("{this is not json", encoding="utf-8")
    _assert_bad_input(gpudoctor("check", "--from", str(path)), "corrupt")


def test_truncated_snapshot(tmp_path):
    path = tmp_path / "truncated.json"
    path.write_text(FIXTURE.read_text(encoding="utf-8")[:5000], encoding="utf-8")
    _assert_bad_input(gpudoctor("check", "--from", str(path)), "truncated")


def test_snapshot_of_a_future_format(tmp_path):
    document = json.loads(FIXTURE.read_text(encoding="utf-8"))
    document["version"] = 99
    path = tmp_path / "future.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    _assert_bad_input(gpudoctor("check", "--from", str(path)), "format version 99", "upgrade gpudoctor")


def test_not_a_snapshot(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"hello": "world"}', encoding="utf-8")
    _assert_bad_input(gpudoctor("check", "--from", str(path)), "not a gpudoctor snapshot")


def test_healthy_snapshot_exits_0_and_fail_on_warn_is_accepted():
    proc = gpudoctor("check", "--from", str(FIXTURE), "--only", "gpu.count")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 × NVIDIA H200" in proc.stdout or "2 x NVIDIA H200" in proc.stdout


def test_help_documents_exit_codes():
    proc = gpudoctor("check", "--help")
    assert proc.returncode == 0
    for line in ("0  healthy", "1  a finding at or above --fail-on", "2  bad usage or bad input"):
        assert line in proc.stdout


def test_unwritable_output_is_bad_input(tmp_path):
    proc = gpudoctor("check", "--from", str(FIXTURE), "-o", str(tmp_path / "missing-dir" / "out.json"))
    _assert_bad_input(proc, "cannot write")


def test_quick_beside_what_needs_cuda_or_a_replay_is_bad_input():
    _assert_bad_input(gpudoctor("check", "--quick", "--deep"), "--deep needs")
    _assert_bad_input(gpudoctor("check", "--quick", "--frameworks", "--stress", "5"), "--frameworks and --stress need")
    _assert_bad_input(gpudoctor("snapshot", "--quick", "--deep"), "--deep needs")
    _assert_bad_input(gpudoctor("check", "--quick", "--from", str(FIXTURE)), "--quick applies to this machine")
