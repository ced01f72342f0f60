"""The overall deadline holds: a fact whose probe overran is an answer ("did not finish") at once, for
the checks that need it and for the probes that depend on it; nothing waits on the stuck thread."""

import time

import pytest

import gpudoctor.engine as engine
from gpudoctor.engine import FactStore, Options, ProbeFailed, run_checks
from gpudoctor.model import Status, check, ok
from gpudoctor.probes.platform import probe_platform
from gpudoctor.registry import Registry

from hosts import HostBuilder


def _host():
    return HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()


def test_a_fact_past_its_deadline_is_an_answer_at_once():
    store = FactStore(_host(), {"slow": lambda host, facts: time.sleep(8)}, Options())
    store.gather(["slow"], deadline_s=0.3)
    started = time.monotonic()
    with pytest.raises(ProbeFailed, match="did not finish within 0.3 s"):
        store.get("slow")
    assert time.monotonic() - started < 0.1


def test_a_probe_waiting_on_a_stuck_fact_gives_up_at_the_deadline():
    def dependent(host, facts):
        try:
            return facts.get("slow")
        except ProbeFailed as exc:
            return f"without slow: {exc}"

    store = FactStore(_host(), {"slow": lambda host, facts: time.sleep(8), "dependent": dependent}, Options())
    started = time.monotonic()
    store.gather(["slow", "dependent"], deadline_s=0.3)
    assert store.get("dependent").startswith("without slow")
    assert time.monotonic() - started < 1.0


def test_checks_of_a_run_with_a_stuck_probe_end_at_the_deadline(monkeypatch):
    @check("t.slow", title="needs the stuck fact", needs=("slow",))
    def needs_slow(facts):
        yield ok(str(facts.slow))

    registry = Registry((needs_slow,), {"platform": probe_platform, "gpus": lambda h, f: None,
                                        "container": lambda h, f: None, "slow": lambda h, f: time.sleep(8)}, (), {})
    monkeypatch.setattr(engine, "FACTS_DEADLINE_S", 0.3)
    started = time.monotonic()
    report = run_checks(_host(), [needs_slow], registry, Options())
    assert time.monotonic() - started < 1.5
    assert report.results[0].status is Status.ERROR
    assert "did not finish" in report.results[0].findings[0].summary
