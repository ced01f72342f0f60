"""Command output is capped (head and tail with a marker saying how much was cut), read in chunks (one
60 MB line is never held whole), and a helper left holding the pipe is ended, not waited for or leaked."""

import os
import sys
import time

import pytest

from gpudoctor.host.live import OUTPUT_HEAD, OUTPUT_TAIL, BoundedOutput, run_command

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX shell tools")


def test_a_60_mb_line_keeps_its_head_and_tail_and_says_what_was_cut():
    result = run_command(["sh", "-c", "printf START; head -c 60000000 /dev/zero | tr '\\0' a; printf END"], 30)
    cut = 60_000_000 + len("STARTEND") - OUTPUT_HEAD - OUTPUT_TAIL
    assert result.stdout.startswith(b"START") and result.stdout.endswith(b"END")
    assert f"[gpudoctor: {cut} bytes of output cut here]".encode() in result.stdout
    assert len(result.stdout) < OUTPUT_HEAD + OUTPUT_TAIL + 100


def test_short_output_is_kept_whole():
    sink = BoundedOutput(head=4, tail=4)
    sink.add(b"12345678")
    assert sink.value() == b"12345678"
    sink.add(b"9")
    assert sink.value() == b"1234\n[gpudoctor: 1 bytes of output cut here]\n6789"


def test_a_helper_holding_the_pipe_is_ended(tmp_path):
    pid_file = tmp_path / "pid"
    started = time.monotonic()
    result = run_command(["sh", "-c", f"sleep 1000 & echo $! > {pid_file}; echo started"], 10)
    assert time.monotonic() - started < 5
    assert result.returncode == 0 and result.stdout == b"started\n"
    pid = int(pid_file.read_text())
    for _ in range(50):  # killed with its process group; give the kernel a moment
        if not _running(pid):
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        pytest.fail("the helper was left running")


def _running(pid: int) -> bool:
    """Alive and not a zombie (a container's init may be slow to reap what it inherited)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
