"""On a machine without an NVIDIA GPU the NCCL search (and the Python interpreters it asks) never runs."""

from __future__ import annotations

from hosts import HostBuilder, result, run, text_of

from gpudoctor.model import Status
from gpudoctor.registry import load_registry

# What `gpudoctor check` runs: the checks without an opt-in flag (--deep, --frameworks).
DEFAULT = [c.id for c in load_registry().checks if c.opt_in is None]


def test_no_gpu_machine_skips_the_nccl_search():
    report = run(HostBuilder.from_fixture("linux-no-gpu.json").host(), only=DEFAULT)
    assert "nccl" not in report.probe_timings and "python_envs" not in report.probe_timings
    nccl = result(report, "nccl.library")
    assert nccl.status is Status.SKIP and "No NVIDIA GPU is attached" in text_of(nccl)
    assert nccl.findings[0].caused_by == "gpu.count"


def test_a_gpu_machine_still_gathers_it():
    report = run(HostBuilder.from_fixture("linux-2xh200-nvlink.json").host(), only=DEFAULT)
    assert "nccl" in report.probe_timings and "python_envs" in report.probe_timings
    assert result(report, "nccl.library").status is Status.WARN  # the two NCCL versions of that host


def test_a_gpu_without_its_driver_still_gets_the_nccl_verdict():
    # NVML missing but an NVIDIA device on the bus: the GPU is there, so NCCL may matter.
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json").set_nvml("nvmlInit", error="NVML_ERROR_LIBRARY_NOT_FOUND")
    report = run(builder.host(), only=DEFAULT)
    assert "nccl" in report.probe_timings
