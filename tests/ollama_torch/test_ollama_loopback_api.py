"""`gpudoctor check` end to end against a loopback fake of Ollama's HTTP API that replays real answers
(GET /api/version, /api/ps, /api/tags from tests/fixtures/ollama/api/) and a recorded journal (a fake
`journalctl` on PATH printing real log lines from tests/fixtures/ollama/issues/): the verdicts come
in the order a user needs them, visibility before placement before errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from hosts import FIXTURES

API = FIXTURES / "ollama" / "api"
ISSUES = FIXTURES / "ollama" / "issues"
ANSWERS = {"/api/version": "version-docs.json", "/api/ps": "ps-nirmato-ollama-13.json", "/api/tags": "tags-docs.json"}
OLLAMA_CHECKS = ["ollama.server", "ollama.container", "ollama.gpus", "ollama.env", "ollama.placement",
                 "ollama.models", "ollama.errors"]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fake executables are shell scripts")


class FakeOllama(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        name = ANSWERS.get(self.path)
        body = (API / name).read_bytes() if name else b'{"error":"not found"}'
        self.send_response(200 if name else 404)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):  # keep pytest's output clean
        pass


@pytest.fixture
def fake_ollama():
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeOllama)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def executable(directory: Path, name: str, script: str) -> None:
    path = directory / name
    path.write_text("#!/bin/sh\n" + script, encoding="utf-8")
    path.chmod(0o755)


def test_check_against_a_fake_api_and_a_recorded_journal(fake_ollama, tmp_path):
    journal = tmp_path / "journal.txt"
    journal.write_text((ISSUES / "13498-journal-cvd1-0.13.log").read_text(encoding="utf-8")
                       + (ISSUES / "9170-oom-beyond-the-card.log").read_text(encoding="utf-8"), encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    executable(bin_dir, "journalctl", f'cat "{journal}"\n')
    executable(bin_dir, "systemctl", 'printf "ActiveState=active\\nMainPID=41154\\nPrivateDevices=no\\n"\n')
    executable(bin_dir, "ollama", "exit 0\n")
    executable(bin_dir, "docker", "exit 0\n")  # a docker with no containers, whatever the test machine has
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "OLLAMA_HOST": fake_ollama}
    argv = [sys.executable, "-m", "gpudoctor", "check", "--json", *[a for c in OLLAMA_CHECKS for a in ("--only", c)]]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    checks = {c["id"]: c for c in report["checks"]}
    assert [c["id"] for c in report["checks"]] == OLLAMA_CHECKS
    server = checks["ollama.server"]
    assert server["status"] == "pass" and server["summary"] == f"Ollama 0.5.1 answers at http://{fake_ollama}."
    assert checks["ollama.models"]["summary"].startswith("gemma3:latest: 6.0 GB in GPU memory (100% GPU")
    env_check = checks["ollama.env"]
    assert "CUDA_VISIBLE_DEVICES=1" in env_check["summary"]
    assert env_check["evidence"]["source"] == "journalctl -u ollama"
    assert checks["ollama.errors"]["status"] == "fail"  # the recorded OOM line
