"""Snapshots recorded on real GPU hosts replay into the reports those hosts gave."""

import pytest

from gpudoctor.engine import Options
from gpudoctor.model import Status

from hosts import HostBuilder, result, run, text_of


def _report(name, **options):
    return run(HostBuilder.from_fixture(name).host(), options=Options(**options))


def test_two_h200_host_is_healthy_but_for_its_two_nccl_copies():
    report = _report("linux-2xh200-nvlink.json")
    statuses = {r.check_id: r.status for r in report.results if r.status is not Status.SKIP}
    assert statuses.pop("nccl.library") is Status.WARN
    assert set(statuses.values()) == {Status.PASS}, statuses
    assert "NV18" in text_of(result(report, "p2p.access"))


def test_one_h100_host_has_no_pair_and_one_gpu():
    report = _report("linux-1xh100.json")
    assert result(report, "p2p.access").status is Status.SKIP
    assert "1 GPU" in result(report, "gpu.count").findings[0].summary
    assert report.status is Status.PASS


@pytest.mark.parametrize("fixture, pair_status", [("linux-2xh200-nvlink-deep.json", Status.PASS),
                                                  ("linux-1xh100-deep.json", Status.SKIP)])
def test_recorded_deep_runs(fixture, pair_status):
    report = run(HostBuilder.from_fixture(fixture).host(), only=["p2p.bandwidth", "pcie.bandwidth", "nccl.allreduce"],
                 options=Options())
    assert result(report, "p2p.bandwidth").status is pair_status
    assert result(report, "pcie.bandwidth").status is Status.PASS
    assert "GB/s" in text_of(result(report, "pcie.bandwidth"))
