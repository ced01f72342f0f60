"""A fact that was not seen is a typed state the engine hands on: unknown, with what would show it."""

from __future__ import annotations

from hosts import HostBuilder, result, run

from gpudoctor.engine import Options, run_checks
from gpudoctor.model import NotSeen, Status, check, ok, unknown
from gpudoctor.probes.platform import probe_platform
from gpudoctor.registry import Registry

GAP = NotSeen("the kernel log was not recorded", "sudo dmesg")


def _run(probes, checks):
    host = HostBuilder.from_fixture("linux-2xh200-nvlink.json").host()
    return run_checks(host, checks, Registry(tuple(checks), {"platform": probe_platform, **probes}, (), {}), Options())


def test_a_check_that_reads_a_fact_not_seen_is_unknown_with_what_would_show_it():
    @check("t.reads", title="reads the log", needs=("log",))
    def reads(facts):
        yield ok(f"{len(facts.log)} lines")  # never reached: no pass on a log nobody read

    (res,) = _run({"log": lambda host, facts: GAP}, [reads]).results
    assert res.status is Status.SKIP
    (finding,) = res.findings
    assert finding.summary == "Unknown: the kernel log was not recorded; `sudo dmesg` would show it."
    assert finding.evidence["unknown"] and finding.evidence["shown_by"] == "sudo dmesg"


def test_a_probe_built_on_a_fact_not_seen_is_not_seen_for_the_same_reason():
    @check("t.derived", title="reads the derived fact", needs=("derived",))
    def derived(facts):
        yield ok(str(facts.derived))

    probes = {"log": lambda host, facts: GAP, "derived": lambda host, facts: facts.get("log")[:3]}
    (res,) = _run(probes, [derived]).results
    assert res.findings[0].evidence["reason"] == GAP.reason and res.status is Status.SKIP


def test_a_check_may_judge_under_a_condition_when_it_asks_first():
    @check("t.conditional", title="judges what it can", needs=("log",))
    def conditional(facts):
        gap = facts.unseen("log")
        yield unknown(gap, "the Xid lines") if gap else ok("read")
        assert facts.seen("log") is None

    (res,) = _run({"log": lambda host, facts: GAP}, [conditional]).results
    assert res.findings[0].summary.startswith("Unknown (the Xid lines): the kernel log was not recorded")


def test_a_snapshot_without_nvml_answers_leaves_the_gpu_checks_unknown_not_failed():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    builder.calls = {key: value for key, value in builder.calls.items() if not key.startswith('["nvml"')}
    report = run(builder.host(), only=["gpu.count", "driver.version"])
    for check_id in ("gpu.count", "driver.version"):
        finding = result(report, check_id).findings[0]
        assert result(report, check_id).status is Status.SKIP and finding.evidence["shown_by"] == "nvidia-smi"


def test_a_probe_none_of_whose_questions_was_answered_is_what_it_declared_not_seen():
    """A snapshot that never asked for the CUDA toolkits: `cuda.toolkit` says so, never "No CUDA toolkit"."""
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json")
    asked_by_toolkits = ('["which","nvcc"]', '["env","CUDA_HOME"]', '["env","CUDA_PATH"]', '["glob","/usr/local/cuda',
                         '["resolve","/usr/local/cuda', '["file","/usr/local/cuda', '["run","/usr/local/cuda')
    builder.calls = {key: value for key, value in builder.calls.items() if not key.startswith(asked_by_toolkits)}
    check = result(run(builder.host(), only=["cuda.toolkit"]), "cuda.toolkit")
    assert check.status is Status.SKIP
    assert check.findings[0].evidence["shown_by"] == "nvcc --version"
    assert check.findings[0].summary.startswith("Unknown: the CUDA toolkits (nvcc) were not recorded")


def test_a_probe_with_one_answered_question_judges_what_it_saw():
    recorded = result(run(HostBuilder.from_fixture("linux-2xh200-nvlink.json").host(), only=["cuda.toolkit"]),
                      "cuda.toolkit")
    assert not recorded.findings[0].evidence.get("unknown")
