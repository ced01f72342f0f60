"""The Ollama API through the real HTTP path: a LiveHost talking to a local server that answers
like Ollama (shapes from https://github.com/ollama/ollama/blob/main/docs/api.md), or badly."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from gpudoctor.host.live import LiveHost
from gpudoctor.model import Status
from gpudoctor.probes.ollama import RunningModel, endpoint_from

from hosts import result, run, text_of
from support import ps_body

OLLAMA_CHECKS = ["ollama.server", "ollama.models"]


class QuietServer(ThreadingHTTPServer):
    """A client that gave up (gpudoctor's timeout) is expected here: no socketserver traceback for it."""

    def handle_error(self, request, client_address) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class FakeOllama:
    """A loopback HTTP server on an ephemeral port; `routes` maps a path to (status, body, delay_s)."""

    def __init__(self, routes: dict[str, tuple[int, str, float]]) -> None:
        self.routes = routes
        self.release = threading.Event()  # ends a deliberate delay at teardown
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - http.server's naming
                status, body, delay = server.routes.get(self.path, (404, "404 page not found", 0.0))
                if delay:
                    server.release.wait(delay)
                data = body.encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = QuietServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> FakeOllama:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


@pytest.fixture
def ollama_installed(tmp_path, monkeypatch):
    """An `ollama` on PATH (so "not running" is about the server, not the install) and no server log."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "ollama"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("HOME", str(tmp_path))


def check_live(only):
    host = LiveHost()
    try:
        return run(host, only=only)
    finally:
        host.close()


def version_body(version="0.12.3"):
    return json.dumps({"version": version})


def test_running_server_reports_version_and_cpu_share(ollama_installed, monkeypatch):
    routes = {"/api/version": (200, version_body(), 0.0),
              "/api/ps": (200, ps_body(("llama3.1:70b", 10_000_000_000, 5_200_000_000)), 0.0)}
    with FakeOllama(routes) as server:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.port}")
        report = check_live(OLLAMA_CHECKS)
    up, models = result(report, "ollama.server"), result(report, "ollama.models")
    assert up.status is Status.PASS
    assert f"Ollama 0.12.3 answers at http://127.0.0.1:{server.port}" in text_of(up)
    assert models.status is Status.WARN
    assert "llama3.1:70b: 48%/52% CPU/GPU" in text_of(models)
    assert "4.8 GB of 10 GB runs on the CPU" in text_of(models)


@pytest.mark.parametrize("form", ["0.0.0.0:{port}", ":{port}", "http://127.0.0.1:{port}", "localhost:{port}/"])
def test_ollama_host_forms_reach_the_server(ollama_installed, monkeypatch, form):
    routes = {"/api/version": (200, version_body("0.5.12"), 0.0), "/api/ps": (200, ps_body(), 0.0)}
    with FakeOllama(routes) as server:
        monkeypatch.setenv("OLLAMA_HOST", form.format(port=server.port))
        report = check_live(OLLAMA_CHECKS)
    assert result(report, "ollama.server").status is Status.PASS
    models = result(report, "ollama.models")
    assert models.status is Status.SKIP
    assert "No model is loaded" in text_of(models)


def test_fully_loaded_model_passes(ollama_installed, monkeypatch):
    routes = {"/api/version": (200, version_body(), 0.0),
              "/api/ps": (200, ps_body(("llama3.1:8b", 6_654_289_920, 6_654_289_920)), 0.0)}
    with FakeOllama(routes) as server:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.port}")
        models = result(check_live(OLLAMA_CHECKS), "ollama.models")
    assert models.status is Status.PASS
    assert "llama3.1:8b: 6.7 GB in GPU memory (100% GPU, context 8192)" in text_of(models)


def test_server_down_is_skipped_with_how_to_start_it(ollama_installed, monkeypatch):
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{port}")
    report = check_live(OLLAMA_CHECKS)
    up = result(report, "ollama.server")
    assert up.status is Status.SKIP
    assert f"Ollama is not running at http://127.0.0.1:{port} (refused)" in text_of(up)
    assert "systemctl start ollama" in text_of(up) and "ollama serve" in text_of(up)
    assert result(report, "ollama.models").status is Status.SKIP


def test_slow_server_is_a_timeout_warning(ollama_installed, monkeypatch):
    routes = {"/api/version": (200, version_body(), 5.0)}
    with FakeOllama(routes) as server:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.port}")
        up = result(check_live(["ollama.server"]), "ollama.server")
    assert up.status is Status.WARN
    assert "did not answer within 1.5 s" in text_of(up)


@pytest.mark.parametrize("status, body, words", [
    (200, "<html><body>It works!</body></html>", "not like Ollama (not Ollama's answer"),
    (200, json.dumps({"version": 3}), "not like Ollama (not Ollama's answer"),
    (404, "404 page not found", "not like Ollama (HTTP 404)"),
])
def test_something_else_on_the_port_is_a_warning(ollama_installed, monkeypatch, status, body, words):
    with FakeOllama({"/api/version": (status, body, 0.0)}) as server:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.port}")
        up = result(check_live(["ollama.server"]), "ollama.server")
    assert up.status is Status.WARN
    assert words in text_of(up)


@pytest.mark.parametrize("ps", [
    "not json at all",
    json.dumps({"models": "none"}),
    json.dumps({"models": [{"name": "llama3.1:8b", "size": 6654289920}]}),  # no size_vram
    json.dumps([]),
])
def test_garbage_from_api_ps_is_a_warning(ollama_installed, monkeypatch, ps):
    routes = {"/api/version": (200, version_body(), 0.0), "/api/ps": (200, ps, 0.0)}
    with FakeOllama(routes) as server:
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{server.port}")
        models = result(check_live(OLLAMA_CHECKS), "ollama.models")
    assert models.status is Status.WARN
    assert "did not list its loaded models: unexpected answer" in text_of(models)


@pytest.mark.parametrize("value, url, local", [
    (None, "http://127.0.0.1:11434", True),
    ("0.0.0.0", "http://127.0.0.1:11434", True),
    (":11435", "http://127.0.0.1:11435", True),
    ("'0.0.0.0:8080'", "http://127.0.0.1:8080", True),
    ("http://gpu-box.lan", "http://gpu-box.lan:80", False),
    ("https://user:secret@ollama.example.com/base/", "https://ollama.example.com:443/base", False),
    ("[::]:11434", "http://[::1]:11434", True),
    ("10.0.0.5:notaport", "http://10.0.0.5:11434", False),
])
def test_ollama_host_is_read_like_ollamas_envconfig(value, url, local):
    endpoint = endpoint_from(value)
    assert (endpoint.url, endpoint.local) == (url, local)
    assert "secret" not in (endpoint.configured or "")


@pytest.mark.parametrize("size, vram, shown", [
    (1000, 875, "13%/87% CPU/GPU"),  # 12.5% CPU: Go's math.Round goes away from zero, Python's round() would give 12
    (1000, 0, "100% CPU"),
    (1000, 1000, "100% GPU"),
    (1000, 1200, "Unknown"),
])
def test_processor_column_matches_ollama_ps(size, vram, shown):
    assert RunningModel("m", size, vram).processor == shown
