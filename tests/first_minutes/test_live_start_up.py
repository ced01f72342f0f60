"""What a live check does at start-up, and what it leaves out (README, "Speed").

Measured on the one-H200 host with bench/live_timeline.py: asking every Python on PATH took 0.115 s
and started only 0.4 s into the check, behind the NCCL search; importing psutil (for this machine's
addresses) and importlib.metadata (for plugins no one had installed) cost 0.02-0.05 s each. These
tests hold the behaviour, not the times: the questions start at once and are asked once, and the
slow imports happen only where their answer is needed.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from gpudoctor.host.answers import CommandResult, FileResult
from gpudoctor.host.live import LiveHost
from gpudoctor.probes import python_envs
from gpudoctor.probes.ollama import endpoint_from
from gpudoctor.registry import _plugins_may_be_installed


class CountingHost(LiveHost):
    """This machine, with /dev and the interpreters' answers replaced at the host boundary."""

    def __init__(self, dev_entries: tuple[str, ...]) -> None:
        super().__init__()
        self.dev_entries = dev_entries
        self.runs: list[tuple[str, ...]] = []

    def _live_list_dir(self, path: str) -> FileResult:
        return FileResult(entries=self.dev_entries) if path == "/dev" else super()._live_list_dir(path)

    def _live_which_all(self, name: str) -> tuple[str, ...]:
        return ("/usr/bin/python3",) if name == "python3" else ()

    def _live_resolve(self, path: str) -> str | None:
        return path

    def _live_run(self, argv, timeout) -> CommandResult:
        self.runs.append(tuple(argv))
        answer = ('{"version":"3.12.3","executable":"/usr/bin/python3","prefix":"/usr","site":[],'
                  '"dists":{"torch":"2.11.0"}}')
        return CommandResult(returncode=0, stdout=answer.encode())


class FactsOnLinux:
    def get(self, name):
        raise AssertionError(f"python_envs asked for {name}")


def _wait_for_early_questions():
    import threading

    for thread in threading.enumerate():
        if thread.name.startswith("ask "):
            thread.join(5)


def test_where_a_gpu_is_attached_the_pythons_are_asked_at_once_and_only_once():
    host = CountingHost(("nvidia0", "nvidia-uvm", "nvidiactl", "null"))
    python_envs.ask_early(host)
    _wait_for_early_questions()
    assert len(host.runs) == 1 and host.runs[0][0] == "/usr/bin/python3"
    envs = python_envs.probe_python_envs(host, FactsOnLinux())
    assert len(host.runs) == 1  # the probe found the early answer
    assert envs.envs[0].distributions == {"torch": "2.11.0"}


def test_where_dev_shows_no_nvidia_device_nothing_is_started():
    host = CountingHost(("null", "tty", "vda"))
    python_envs.ask_early(host)
    _wait_for_early_questions()
    assert host.runs == []


def test_wsls_dev_dxg_counts_as_a_gpu():
    host = CountingHost(("dxg", "null"))
    python_envs.ask_early(host)
    _wait_for_early_questions()
    assert len(host.runs) == 1


@pytest.mark.parametrize("ollama_host, asks", [
    (None, False), ("0.0.0.0", False), ("127.0.0.1:11434", False), ("localhost:11434", False),
    ("[::1]:11434", False), ("gpu-box:11434", False), ("192.168.1.14:11434", True),
])
def test_this_machines_addresses_are_listed_only_for_an_ip_that_is_not_loopback(ollama_host, asks):
    asked = []

    def addresses():
        asked.append(True)
        return ("192.168.1.14",)

    endpoint = endpoint_from(ollama_host, addresses)
    assert bool(asked) is asks
    assert endpoint.local is (ollama_host != "gpu-box:11434")


def _write_distribution(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(entry_points)


def test_plugins_are_looked_for_only_where_a_distribution_declares_a_gpudoctor_group(tmp_path, monkeypatch):
    site = tmp_path / "site"
    _write_distribution(site, "gpudoctor", "[console_scripts]\ngpudoctor = gpudoctor.__main__:run\n")
    _write_distribution(site, "other", "[console_scripts]\nother = other:main\n")
    monkeypatch.setattr(sys, "path", [str(site), str(tmp_path / "missing")])
    assert not _plugins_may_be_installed()
    _write_distribution(site, "gpudoctor-acme", "[gpudoctor.checks]\nacme = gpudoctor_acme.checks\n")
    assert _plugins_may_be_installed()


def test_a_zip_on_sys_path_may_hold_plugins(tmp_path, monkeypatch):
    archive = tmp_path / "plugins.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\x00" * 18)  # an empty zip archive
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert _plugins_may_be_installed()


def _fresh_interpreter(code: str) -> str:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=60, check=True).stdout.strip()


def test_the_system_record_reads_memory_without_psutil_and_agrees_with_it():
    out = _fresh_interpreter("""
        import sys
        from gpudoctor.host.live import LiveHost
        system = LiveHost()._live_system()
        imported = "psutil" in sys.modules
        import psutil
        print(imported, system.extra["memory_bytes"] == psutil.virtual_memory().total)
        """)
    assert out == "False True"


def test_a_refused_port_is_answered_without_importing_http_client():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again below: nothing listens there
    out = _fresh_interpreter(f"""
        import sys
        from gpudoctor.host.http_get import http_get
        print(http_get("http://127.0.0.1:{port}/api/version", 2.0).error, "http.client" in sys.modules)
        """)
    assert out == "refused False"
