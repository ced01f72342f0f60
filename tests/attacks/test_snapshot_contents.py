"""A snapshot holds no home path and no user name, still replays, and `snapshot` says what it holds."""

import json
import os
import subprocess
import sys

from gpudoctor.host.snapshot_privacy import anonymise_calls, describe


def test_home_and_user_names_in_paths_are_replaced():
    calls = [
        {"probe": "env", "args": ["HOME"], "answer": "/home/alice"},
        {"probe": "file", "args": ["/home/alice/.ollama/logs/server.log", 2000000, True],
         "answer": {"data": "loaded /home/alice/models and /home/alice2/x", "error": None}},
        {"probe": "env", "args": ["LOCALAPPDATA"], "answer": "C:\\Users\\Alice\\AppData\\Local"},
        {"probe": "run", "args": ["cat", "/proc/self/mountinfo"],
         "answer": {"stdout": "/mnt/c/Users/Bob/dev /mnt/c/Users/Public", "stderr": {"base64": "AA=="}}},
    ]
    text = json.dumps(anonymise_calls(calls, home="/home/alice"))
    assert "alice" not in text and "Alice" not in text and "Bob" not in text
    assert '"~/.ollama/logs/server.log"' in text and "C:\\\\Users\\\\<user>\\\\AppData" in text
    assert "/mnt/c/Users/Public" in text and '{"base64": "AA=="}' in text


def test_describe_names_what_is_inside():
    lines = describe([{"probe": "run", "args": ["journalctl", "-u", "ollama", "-n"]},
                      {"probe": "env", "args": ["CUDA_VISIBLE_DEVICES"]},
                      {"probe": "file", "args": ["~/.ollama/logs/server.log", 1, True]}])
    assert lines == ["1 output of commands: journalctl -u ollama", "1 files read: ~/.ollama/logs/server.log",
                     "1 environment variables: CUDA_VISIBLE_DEVICES"]


def test_describe_shows_an_inline_program_as_one_short_line():
    # The Python environments probe runs `python3 -c "<a dozen lines>"`: the message stays one line.
    program = "import json,sys\ntry:\n from importlib import metadata as m\nexcept ImportError:\n m=None"
    lines = describe([{"probe": "run", "args": ["/usr/bin/python3", "-c", program]}, {"probe": "run", "args": ["dmesg"]}])
    assert lines == ["2 output of commands: /usr/bin/python3 -c …, dmesg"]


def test_a_live_snapshot_has_no_home_path_and_replays(tmp_path):
    home = tmp_path / "home" / "gpudoctor-test-user"
    (home / ".ollama" / "logs").mkdir(parents=True)
    (home / ".ollama" / "logs" / "server.log").write_text(f"time=x msg=\"server config\" models={home}/models\n")
    bin_dir = tmp_path / "bin"  # an `ollama` on PATH: installed, so its log is read
    bin_dir.mkdir()
    (bin_dir / "ollama").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "ollama").chmod(0o755)
    env = {**os.environ, "HOME": str(home), "OLLAMA_HOST": "http://127.0.0.1:9",
           "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    out = tmp_path / "snap.json"
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "snapshot", "-o", str(out)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert str(home) not in text and "gpudoctor-test-user" not in text
    assert "~/.ollama/logs/server.log" in text
    assert "It holds:" in proc.stdout and "environment variables:" in proc.stdout and "HOME" in proc.stdout
    replay = subprocess.run([sys.executable, "-m", "gpudoctor", "check", "--from", str(out), "--json"],
                            capture_output=True, text=True, timeout=60)
    assert replay.returncode in (0, 1), replay.stderr


def test_the_host_name_is_written_host_everywhere_it_stands_as_one():
    calls = [
        {"probe": "system", "args": [], "answer": {"sys_platform": "linux", "extra": {"hostname": "gpu-node-07.lab"}}},
        {"probe": "file", "args": ["/proc/sys/kernel/hostname", 256, False], "answer": {"data": "gpu-node-07.lab\n"}},
        {"probe": "run", "args": ["journalctl", "-u", "ollama"],
         "answer": {"stdout": "Nov 25 10:00:00 gpu-node-07 ollama[12]: msg=x\nroot@gpu-node-07.lab: ok", "stderr": ""}},
    ]
    text = json.dumps(anonymise_calls(calls, home=None, hostname="gpu-node-07.lab"))
    assert "gpu-node-07" not in text and text.count("<host>") == 4


def test_a_host_called_like_a_common_word_leaves_that_word_alone():
    calls = [{"probe": "file", "args": ["/etc/os-release", 4096, False], "answer": {"data": "ID=ubuntu\n"}},
             {"probe": "run", "args": ["journalctl"], "answer": {"stdout": "Nov 25 10:00:00 ubuntu kernel: x", "stderr": ""}}]
    text = json.dumps(anonymise_calls(calls, home=None, hostname="ubuntu"))
    assert "ID=ubuntu" in text and "10:00:00 <host> kernel" in text
