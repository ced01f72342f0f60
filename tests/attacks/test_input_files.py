"""Inputs (`--from`, `read`, `merge`): only regular files or standard input are read, never waiting on
a FIFO, and each has a size cap that ends a runaway or endless input with a message and exit 2."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file types")


def gpudoctor(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True,
                          timeout=30, **kwargs)


@posix_only
@pytest.mark.parametrize("command", [("check", "--from"), ("fix", "--from"), ("read",)])
def test_a_fifo_nobody_writes_is_refused_at_once(tmp_path, command):
    fifo = tmp_path / "input.fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    proc = gpudoctor(*command, str(fifo))
    assert time.monotonic() - started < 20
    assert proc.returncode == 2, proc.stderr
    assert "FIFO" in proc.stderr and "Traceback" not in proc.stderr


@posix_only
def test_a_fifo_inside_a_merge_folder_is_skipped_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "stuck.json")
    report = gpudoctor("check", "--from", str(FIXTURE), "--json").stdout
    (tmp_path / "node.json").write_text(report)
    proc = gpudoctor("merge", str(tmp_path))
    assert proc.returncode == 2, proc.stderr  # the fleet is shown; a report it could not read makes it exit 2
    assert "skipped" in proc.stderr and "FIFO" in proc.stderr and "node" in proc.stdout


def test_an_endless_standard_input_to_read_ends_at_the_cap(tmp_path):
    """`yes | gpudoctor read`: 128 MiB and a message, not all of memory."""
    endless = subprocess.Popen(["yes", "nvidia-smi output that never ends"], stdout=subprocess.PIPE)
    try:
        proc = subprocess.run([sys.executable, "-m", "gpudoctor", "read"], stdin=endless.stdout,
                              capture_output=True, text=True, timeout=60)
    finally:
        endless.kill()
        endless.wait()
    assert proc.returncode == 2, proc.stderr
    assert "larger than gpudoctor reads" in proc.stderr and "Traceback" not in proc.stderr


def test_a_report_over_the_merge_cap_is_skipped(tmp_path):
    report = json.loads(gpudoctor("check", "--from", str(FIXTURE), "--json").stdout)
    (tmp_path / "a.json").write_text(json.dumps(report))
    report["padding"] = "x" * (16 << 20)
    (tmp_path / "huge.json").write_text(json.dumps(report))
    proc = gpudoctor("merge", str(tmp_path))
    assert proc.returncode == 2, proc.stderr
    assert "huge.json" in proc.stderr and "larger than gpudoctor reads" in proc.stderr


MALFORMED_SHAPES = {
    "host a list": {"host": []}, "node a string": {"host": {"node": "x"}},
    "hostname a number": {"host": {"node": {"hostname": 7}}}, "hostname a dict": {"host": {"node": {"hostname": {}}}},
    "machine id a list": {"host": {"node": {"machine_id_hash": [1]}}}, "checks a dict": {"checks": {"a": 1}},
    "check id a list": {"checks": [{"id": ["x"], "status": "fail"}]}, "checks of strings": {"checks": ["p2p"]},
    "fingerprint a list": {"host": {"node": {"fingerprint": ["<script>"]}}},
    "configuration a list": {"host": {"node": {"configuration": [1, 2]}}},
    "evidence of the wrong shape": {"checks": [{"id": "p2p.bandwidth", "status": "pass",
                                                "findings": [{"evidence": {"gpus": "GPU 0", "sizes": [1]}}]}]},
    "recorded_at a number": {"recorded_at": 10 ** 20, "driver_version": {"x": 1}},
    "configuration of odd values": {"host": {"node": {"configuration": {"gpus": [None, 1, {}], "links": [[]]}}}},
    "a planted secret": {"host": {"node": {"hostname": "n1 password=PLANTEDmergePW1"}}},
}


def test_malformed_report_shapes_are_each_skipped_or_shown_never_a_crash(tmp_path):
    good = json.loads(gpudoctor("check", "--from", str(FIXTURE), "--json").stdout)
    (tmp_path / "good.json").write_text(json.dumps(good))
    for n, (name, members) in enumerate(MALFORMED_SHAPES.items()):
        (tmp_path / f"bad{n}.json").write_text(json.dumps({"schema": "gpudoctor-report", **members}))
    (tmp_path / "digits.json").write_text('{"schema": "gpudoctor-report", "n": ' + "9" * 5000 + "}")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    for view in ((), ("--json",), ("--format", "markdown"), ("--html", str(tmp_path / "fleet.html"))):
        proc = gpudoctor("merge", str(tmp_path), *view)
        assert proc.returncode in (0, 1, 2), (view, proc.stderr)
        assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
        assert "PLANTEDmergePW1" not in proc.stdout + proc.stderr
    assert "PLANTEDmergePW1" not in (tmp_path / "fleet.html").read_text()


@pytest.mark.parametrize("command", [("check", "--from"), ("read",)])
def test_a_directory_as_input_is_refused(tmp_path, command):
    proc = gpudoctor(*command, str(tmp_path))
    assert proc.returncode == 2 and "is a directory, not a regular file" in proc.stderr


@posix_only
def test_a_fifo_as_the_team_config_is_refused_at_once(tmp_path):
    fifo = tmp_path / "gpudoctor.toml"
    os.mkfifo(fifo)
    proc = gpudoctor("check", "--from", str(FIXTURE), "--config", str(fifo))
    assert proc.returncode == 2 and "FIFO" in proc.stderr, proc.stderr


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="a /proc file system")
def test_a_file_whose_size_says_zero_is_read_whole_and_still_capped():
    # /proc files say they hold 0 bytes: the read goes on past the size the file gives, to the cap.
    from gpudoctor.input_file import InputRefused, read_input

    assert os.stat("/proc/self/status").st_size == 0
    assert b"Pid:" in read_input("/proc/self/status", 1 << 20)
    with pytest.raises(InputRefused, match="larger than gpudoctor reads"):
        read_input("/proc/self/status", 16)
