"""Test helpers: build replay hosts from recorded snapshots, changing only what a test needs.

Tests fake the machine only here, at the probe boundary: a snapshot recorded on a real host,
with single answers replaced (an NVML error injected, a command's output swapped for another
real output) or added.
"""

from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Iterable

from gpudoctor.engine import Options, Report, run_checks
from gpudoctor.host.base import ReplayHost, call_key
from gpudoctor.model import CheckResult
from gpudoctor.registry import load_registry
from gpudoctor.summary import host_summary

FIXTURES = Path(__file__).parent / "fixtures"
HOSTS = FIXTURES / "hosts"


def snapshot_document(name: str) -> dict[str, Any]:
    return json.loads((HOSTS / name).read_text(encoding="utf-8"))


def recorded_uuids(name: str) -> list[str]:
    """The GPU UUIDs a recorded snapshot holds, by NVML index (they differ on every machine)."""
    calls = snapshot_document(name)["calls"]
    answers = {c["args"][1]: c["answer"]["value"] for c in calls
               if c["probe"] == "nvml" and c["args"][0] == "nvmlDeviceGetUUID"}
    return [answers[index] for index in sorted(answers)]


class HostBuilder:
    """A snapshot's answers, editable: `builder.set('nvml', ['nvmlInit'], {...})`, then `.host()`."""

    def __init__(self, calls: dict[str, Any]) -> None:
        self.calls = calls

    @classmethod
    def from_fixture(cls, name: str) -> HostBuilder:
        document = snapshot_document(name)
        return cls({call_key(c["probe"], c["args"]): copy.deepcopy(c["answer"]) for c in document["calls"]})

    def set(self, probe: str, args: list, answer: Any) -> HostBuilder:
        self.calls[call_key(probe, args)] = answer
        return self

    def remove(self, probe: str, args: list) -> HostBuilder:
        self.calls.pop(call_key(probe, args), None)
        return self

    def set_env(self, name: str, value: str | None) -> HostBuilder:
        return self.set("env", [name], value)

    def set_command(self, argv: list[str], stdout: str = "", returncode: int | None = 0, stderr: str = "",
                    error: str | None = None) -> HostBuilder:
        return self.set("run", argv, {"returncode": returncode, "stdout": stdout, "stderr": stderr, "error": error})

    def set_nvml(self, function: str, *args: Any, value: Any = None, error: str | None = None) -> HostBuilder:
        return self.set("nvml", [function, *args], {"value": value, "error": error})

    def matching(self, probe: str) -> Iterable[tuple[list, Any]]:
        for key, answer in self.calls.items():
            kind, *args = json.loads(key)
            if kind == probe:
                yield args, answer

    def host(self) -> ReplayHost:
        return ReplayHost(copy.deepcopy(self.calls))


def run(host, *, only: Iterable[str] | None = None, options: Options | None = None) -> Report:
    registry = load_registry()
    checks = [c for c in registry.checks if only is None or c.id in set(only)]
    return run_checks(host, checks, registry, options or Options(), report_broken_plugins=only is None,
                      summarize=host_summary)


def result(report: Report, check_id: str) -> CheckResult:
    return next(r for r in report.results if r.check_id == check_id)


def text_of(check_result: CheckResult) -> str:
    """Everything a person reads about one check, for asserting key words."""
    return "\n".join(f"{f.summary}\n" + "\n".join(f.details) for f in check_result.findings)


# `nvidia-smi nvlink -e`'s names for the three per-link counters, as gpudoctor's NvLink.errors keys them.
SMI_NVLINK_COUNTER = {"Replay Errors": "replay", "Recovery Errors": "recovery", "CRC Errors": "crc"}


def nvlink_e_counters(path: Path) -> dict[int, dict[int, dict[str, int]]]:
    """A recorded `nvidia-smi nvlink -e` as {gpu: {link: {counter: count}}}."""
    counters: dict[int, dict[int, dict[str, int]]] = {}
    gpu = None
    for line in path.read_text().splitlines():
        if line.startswith("GPU "):
            gpu = int(line.split()[1].rstrip(":"))
            counters[gpu] = {}
        match = re.match(r"\s+Link (\d+): (.+?): (\d+)$", line)
        if match and gpu is not None:
            counters[gpu].setdefault(int(match.group(1)), {})[SMI_NVLINK_COUNTER[match.group(2)]] = int(match.group(3))
    return counters


def replay_in_a_fresh_process(snapshot: Path, then: str) -> list[str]:
    """The lines a fresh interpreter prints after replaying `snapshot` (`gpudoctor check --from`, its report discarded)
    and then running the Python statements `then`: how a test sees what a replay alone imported."""
    code = textwrap.dedent(f"""\
        import contextlib, io, sys
        from gpudoctor import cli
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                cli.main(["check", "--from", {str(snapshot)!r}], standalone_mode=False)
            except SystemExit:
                pass
        """) + textwrap.dedent(then)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1]).stdout.splitlines()
