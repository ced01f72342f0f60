"""`check --quick`, recorded on the lent two-H200 host: the CUDA driver is never started, what only it can show is
unknown with why (never "CUDA not available"), and NVML's verdicts stay those of a full check."""

from __future__ import annotations

import json

from hosts import HOSTS, HostBuilder, result, run

from gpudoctor.model import Status

QUICK = "linux-2xh200-nvlink-quick.json"  # `gpudoctor snapshot --quick`, 2026-11-26
FULL = "linux-2xh200-nvlink-final.json"  # `gpudoctor snapshot` of the same kind of host, 2026-11-26


def _native_answers(name: str) -> dict:
    calls = json.loads((HOSTS / name).read_text())["calls"]
    return {call["args"][0]: call["answer"] for call in calls if call["probe"] == "native"}


def test_the_recording_holds_no_cuinit_answer_but_the_drivers_cuda_version():
    answers = _native_answers(QUICK)
    assert answers["cuda.devices"]["error"] == "not-asked"
    assert "cuda.peer" not in answers
    assert answers["cuda.driver_version"]["value"] == 13000  # cuDriverGetVersion needs no cuInit


def test_what_only_cuda_shows_is_unknown_with_the_reason():
    report = run(HostBuilder.from_fixture(QUICK).host())
    for check_id, question in (("gpu.count", "whether CUDA sees these GPUs"), ("p2p.access", "CUDA's own answer")):
        unknowns = [f for f in result(report, check_id).findings if f.status is Status.SKIP]
        assert len(unknowns) == 1 and question in unknowns[0].summary
        assert "`check --quick` asks" in unknowns[0].summary
    p2p_text = " ".join(line for f in result(report, "p2p.access").findings for line in f.details)
    assert "CUDA not available" not in p2p_text


def test_a_quick_check_changes_no_verdict_of_a_full_one_on_a_healthy_host():
    quick = run(HostBuilder.from_fixture(QUICK).host())
    full = run(HostBuilder.from_fixture(FULL).host())
    assert {r.check_id: r.status for r in quick.results} == {r.check_id: r.status for r in full.results}
    assert result(full, "p2p.access").status is Status.PASS  # the full one asked CUDA and it agreed


def test_the_gpu_tests_of_a_quick_recording_say_why_they_did_not_run():
    report = run(HostBuilder.from_fixture(QUICK).host())
    for check_id in ("nccl.allreduce", "p2p.bandwidth", "gpu.stress"):
        outcome = result(report, check_id)
        assert outcome.status is Status.SKIP and "--quick" in outcome.findings[0].summary, check_id
        assert "cannot be used" not in outcome.findings[0].summary
