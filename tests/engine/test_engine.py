"""The engine isolates checks from the host and from each other's failures."""

import time

import pytest

from gpudoctor.engine import FactStore, FactView, Options, ProbeFailed, run_checks
from gpudoctor.host.live import run_command
from gpudoctor.host.library_thread import LibraryHung, LibraryThread
from gpudoctor.model import Status, check, ok
from gpudoctor.probes.platform import probe_platform
from gpudoctor.registry import Registry

from hosts import HostBuilder


def _registry(probes, checks=(), broken_probes=None):
    return Registry(tuple(checks), {"platform": probe_platform, **probes}, (), broken_probes or {})


def test_a_check_cannot_read_a_fact_it_did_not_declare():
    @check("t.sneaky", title="reads an undeclared fact")
    def sneaky(facts):
        yield ok(str(facts.gpus))

    host = HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()
    report = run_checks(host, [sneaky], _registry({"gpus": lambda h, f: "x"}), Options())
    assert report.results[0].status is Status.ERROR
    assert "did not declare the fact 'gpus'" in report.results[0].findings[0].summary


def test_a_failing_probe_becomes_an_error_finding_for_the_checks_that_need_it():
    def exploding_probe(host, facts):
        raise ValueError("unexpected output")

    @check("t.needs", title="needs the exploding fact", needs=("exploding",))
    def needs(facts):
        yield ok(str(facts.exploding))

    @check("t.other", title="needs nothing")
    def other(facts):
        yield ok("fine")

    host = HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()
    probes = {"exploding": exploding_probe, "gpus": lambda h, f: None}
    report = run_checks(host, [needs, other], _registry(probes), Options())
    statuses = {r.check_id: r.status for r in report.results}
    assert statuses == {"t.needs": Status.ERROR, "t.other": Status.PASS}
    assert "ValueError: unexpected output" in report.results[0].findings[0].summary


def test_a_probe_plugin_that_failed_to_load_is_named_in_the_finding():
    @check("t.needs", title="needs a broken fact", needs=("broken",))
    def needs(facts):
        yield ok(str(facts.broken))

    host = HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()
    registry = _registry({"gpus": lambda h, f: None},
                         broken_probes={"broken": "the probe plugin x:y could not be loaded: ImportError: nope"})
    report = run_checks(host, [needs], registry, Options())
    assert "ImportError: nope" in report.results[0].findings[0].summary


def test_a_hung_probe_does_not_hang_the_run():
    def hanging(host, facts):
        time.sleep(30)

    store = FactStore(HostBuilder.from_fixture("linux-2xh200-nvlink.json").host(), {"slow": hanging}, Options())
    started = time.monotonic()
    store.gather(["slow"], deadline_s=0.3)
    assert time.monotonic() - started < 2
    with pytest.raises(ProbeFailed, match="did not finish"):
        FactView(store, ["slow"]).slow


def test_a_command_that_hangs_is_killed_at_its_timeout():
    started = time.monotonic()
    result = run_command(["sleep", "30"], timeout=0.5)
    assert result.error == "timeout" and result.returncode is None
    assert time.monotonic() - started < 3


def test_a_missing_command_is_not_found():
    assert run_command(["gpudoctor-no-such-command-xyz"], timeout=2).error == "not-found"


def test_a_library_call_that_hangs_marks_the_library_hung():
    thread = LibraryThread("fake")
    with pytest.raises(LibraryHung, match="within 0.2 s"):
        thread.call("slowCall", lambda: time.sleep(5), timeout=0.2)
    started = time.monotonic()
    with pytest.raises(LibraryHung, match="slowCall"):
        thread.call("next", lambda: 1, timeout=5)
    assert time.monotonic() - started < 0.1
