"""`gpudoctor fix` looks at the machine once: it takes the host the entry point started early, and plans
from the facts its diagnosis gathered (run_checks hands them back) instead of probing again."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from click.testing import CliRunner
from hosts import HostBuilder

from gpudoctor import cli
from gpudoctor.fixing import command
from gpudoctor.host import live
from gpudoctor.host.opening import keep_early_host
from gpudoctor.registry import load_registry

HOSTS = Path(__file__).parents[1] / "fixtures" / "hosts"


def _counting_registry(calls: dict[str, int]):
    registry = load_registry()

    def counted(name, probe):
        def run(host, facts):
            calls[name] = calls.get(name, 0) + 1
            return probe(host, facts)
        return run

    probes = {name: counted(name, probe) for name, probe in registry.probes.items()}
    return lambda: dataclasses.replace(registry, probes=probes)


def test_each_fact_is_gathered_once(monkeypatch):
    calls: dict[str, int] = {}
    monkeypatch.setattr(command, "load_registry", _counting_registry(calls))
    result = CliRunner().invoke(cli.main, ["fix", "--from", str(HOSTS / "wsl2-linux-driver.json")])
    assert result.exit_code == 0, result.output
    assert calls["platform"] == 1 and set(calls.values()) == {1}, calls


def test_the_early_host_is_the_one_diagnosed(monkeypatch):
    def no_second_host(*args, **kwargs):
        raise AssertionError("fix opened the machine a second time")

    monkeypatch.setattr(live, "LiveHost", no_second_host)
    early = HostBuilder.from_fixture("wsl2-linux-driver.json").set_command(["id", "-u"], stdout="0\n").host()
    keep_early_host(early)
    try:
        result = CliRunner().invoke(cli.main, ["fix"])
    finally:
        keep_early_host(None)
    assert result.exit_code == 0, result.output
    assert "1. wsl.remove-linux-driver" in result.stdout
    assert early.recorded, "the early host was not asked anything"
