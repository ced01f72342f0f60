"""The terminal report names the root causes before the list: what explains most of the report first."""

from __future__ import annotations

import io

from hosts import HostBuilder, run

from gpudoctor.report.terminal import print_report


def _text(fixture: str) -> list[str]:
    stream = io.StringIO()
    print_report(run(HostBuilder.from_fixture(fixture).host()), stream=stream, width=10_000)
    return stream.getvalue().splitlines()


def test_the_cause_that_explains_another_finding_comes_first():
    # NCCL_P2P_DISABLE=1 (env.gpu) is why the all-reduce is slow; the two NCCL copies explain nothing else.
    starts = [line for line in _text("linux-2xh200-p2p-disabled-deep.json") if line.startswith("Start here")]
    assert starts[0].startswith("Start here: [!] env.gpu: NCCL_P2P_DISABLE=1")
    assert "(NV18). Fix: gpudoctor fix linux.set-shell-env." in starts[0] and "1 other finding below follows from it" in starts[0]
    assert starts[1].startswith("Start here: [!] nccl.library")


def test_wsl1_starts_at_the_conversion():
    lines = _text("wsl1-ubuntu.json")
    first = next(line for line in lines if line.startswith("Start here"))
    assert "wsl.feature" in first and "WSL 1" in first and "windows.convert-distro-wsl2" in first
    assert lines.index(first) < next(i for i, line in enumerate(lines) if line.startswith("[✗] gpu.count"))


def test_a_healthy_host_has_no_start_here():
    assert not any(line.startswith("Start here") for line in _text("linux-1xh100-firecracker-vm.json"))


def test_the_skipped_line_folds_a_family_only_when_all_of_it_was_skipped():
    # The older H200 recording holds no kernel-layer answers: gpu.errors and gpu.health skip, gpu.count
    # passes, so "gpu.*" would cover a check printed above.
    skipped = next(line for line in _text("linux-2xh200-nvlink.json") if line.startswith("[-]"))
    assert "gpu.errors, gpu.health" in skipped and "gpu.*" not in skipped
    assert "wsl.*" in skipped and "skipped:" in skipped


def test_one_problem_is_not_repeated_above_the_list():
    # The H200 recording's only problem is the two NCCL copies: the list says it once.
    assert not any(line.startswith("Start here") for line in _text("linux-2xh200-nvlink.json"))
