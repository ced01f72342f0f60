"""Judging what torch reports against the driver, on the recorded two-H200 host (driver 580.159.04,
CUDA 13.0) and on variants of it."""

from __future__ import annotations

import pytest

from gpudoctor.checks.torch import _arch_supported, visible_gpu_count
from gpudoctor.model import Status
from gpudoctor.probes.gpus import probe_gpus

from hosts import recorded_uuids, result, run, text_of
from support import TORCH_PYTHON, as_windows, h200, torch_answer, with_torch

TOO_OLD = ("CUDA initialization: The NVIDIA driver on your system is too old (found version 12040). Please update "
           "your GPU driver by downloading and installing a new version from the URL: "
           "http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org/ to install a "
           "PyTorch version that has been compiled with your version of the CUDA driver.")


def checked(builder, check="torch.cuda"):
    return result(run(builder.host(), only=[check]), check)


def driver_12_4(builder):
    builder.set_nvml("nvmlSystemGetCudaDriverVersion", value=12040)
    builder.set_nvml("nvmlSystemGetDriverVersion", value="550.127.05")
    return builder


def test_recorded_h200_host_passes():
    cuda = checked(with_torch(h200(), torch_answer()))
    assert cuda.status is Status.PASS
    assert (f"PyTorch 2.11.0+cu130 in {TORCH_PYTHON} uses CUDA 13.0 and sees 2 GPUs: NVIDIA H200 (sm_90), "
            "NVIDIA H200 (sm_90)." in text_of(cuda))
    nccl = checked(with_torch(h200(), torch_answer()), "torch.nccl")
    assert nccl.status is Status.PASS
    assert "NCCL 2.28.9 is available to torch.distributed" in text_of(nccl)


def test_newer_major_cuda_than_the_driver_fails_with_both_remedies():
    builder = driver_12_4(with_torch(h200(), torch_answer(cuda_available=False, device_count=0, devices=[],
                                                          cuda_warnings=[TOO_OLD])))
    cuda = checked(builder)
    assert cuda.status is Status.FAIL
    text = text_of(cuda)
    assert "is built for CUDA 13.0, but the driver (550.127.05) supports CUDA 12.4 at most." in text
    assert "found version 12040" in text
    assert "update the driver to 580.65.06 or newer" in text
    assert "--index-url https://download.pytorch.org/whl/cu124" in text


def test_newer_minor_cuda_that_still_runs_is_a_warning():
    builder = driver_12_4(with_torch(h200(), torch_answer(torch_version="2.8.0+cu128", cuda_build="12.8")))
    cuda = checked(builder)
    assert cuda.status is Status.WARN
    assert "built for CUDA 12.8, but the driver (550.127.05) supports CUDA 12.4 at most" in text_of(cuda)
    assert "minor-version compatibility" in text_of(cuda) and "PTX" in text_of(cuda)


def test_newer_minor_cuda_that_cannot_initialise_fails():
    builder = driver_12_4(with_torch(h200(), torch_answer(
        torch_version="2.8.0+cu128", cuda_build="12.8", cuda_available=False, device_count=0, devices=[],
        cuda_warnings=[TOO_OLD])))
    cuda = checked(builder)
    assert cuda.status is Status.FAIL
    assert "PyTorch could not initialise CUDA with this driver." in text_of(cuda)


def test_cpu_only_wheel_fails_and_names_a_cuda_wheel():
    builder = with_torch(h200(), torch_answer(torch_version="2.5.1+cpu", cuda_build=None, cuda_available=False,
                                              device_count=0, devices=[], arch_list=[], nccl_available=False),
                         torch_version="2.5.1+cpu")
    cuda = checked(builder)
    assert cuda.status is Status.FAIL
    assert "PyTorch 2.5.1+cpu in /opt/torch/.venv/bin/python3 is a CPU-only build" in text_of(cuda)
    assert "https://download.pytorch.org/whl/cu130" in text_of(cuda)
    assert checked(builder, "torch.nccl").status is Status.SKIP


def test_torch_sees_fewer_gpus_than_the_driver():
    one = torch_answer(device_count=1, devices=[
        {"index": 0, "name": "NVIDIA H200", "capability": [9, 0], "uuid": "GPU-56921a4d-e450-5769-9bc8-bc4574602be7"}])
    cuda = checked(with_torch(h200(), one))
    assert cuda.status is Status.FAIL
    assert "sees 1 of the 2 GPUs the driver shows" in text_of(cuda)


def test_cuda_visible_devices_in_the_shell_hides_a_gpu():
    one = torch_answer(device_count=1, devices=[
        {"index": 0, "name": "NVIDIA H200", "capability": [9, 0], "uuid": "GPU-56921a4d-e450-5769-9bc8-bc4574602be7"}])
    cuda = checked(with_torch(h200(), one, cuda_visible_devices="0"))
    assert cuda.status is Status.WARN
    assert "sees 1 of 2 GPUs: CUDA_VISIBLE_DEVICES=0 in this shell hides the others" in text_of(cuda)


def test_empty_cuda_visible_devices_explains_is_available_false():
    answer = torch_answer(cuda_available=False, device_count=0, devices=[])
    cuda = checked(with_torch(h200(), answer, cuda_visible_devices=""))
    assert cuda.status is Status.FAIL
    assert "torch.cuda.is_available() is False" in text_of(cuda)
    assert "CUDA_VISIBLE_DEVICES='' in this shell hides every GPU" in text_of(cuda)


def test_build_without_kernels_for_the_gpu_fails():
    answer = torch_answer(arch_list=["sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86"])
    cuda = checked(with_torch(h200(), answer))
    assert cuda.status is Status.FAIL
    assert "has no kernels for GPU 0 (NVIDIA H200, sm_90)" in text_of(cuda)
    assert "no kernel image is available" in text_of(cuda)


def test_native_windows_has_no_nccl_backend():
    answer = torch_answer(distributed_available=True, nccl_available=False, nccl_version=None,
                          nccl_error="AttributeError: module 'torch._C' has no attribute '_nccl_version'")
    nccl = checked(as_windows(with_torch(h200(), answer)), "torch.nccl")
    assert nccl.status is Status.WARN
    assert "PyTorch on native Windows has no NCCL backend" in text_of(nccl)
    assert "gloo" in text_of(nccl) and "WSL 2" in text_of(nccl)


def test_linux_build_without_nccl_fails_with_two_gpus():
    answer = torch_answer(nccl_available=False, nccl_version=None)
    nccl = checked(with_torch(h200(), answer), "torch.nccl")
    assert nccl.status is Status.FAIL
    assert "torch.distributed has no NCCL backend" in text_of(nccl)


def test_snapshot_without_the_child_run_is_a_skip():
    cuda = checked(with_torch(h200(), None))
    assert cuda.status is Status.SKIP
    assert "torch was not asked (could not be started: not-recorded)" in text_of(cuda)


def test_no_torch_on_path_is_skipped_without_running_the_child():
    builder = with_torch(h200(), None, torch_version=None)
    cuda = checked(builder)
    assert cuda.status is Status.SKIP
    assert "PyTorch is not installed in the Python on PATH" in text_of(cuda)
    assert TORCH_PYTHON in text_of(cuda)


@pytest.mark.parametrize("sm, arch_list, supported", [
    ("sm_90", ["sm_80", "sm_86", "sm_90"], True),
    ("sm_89", ["sm_80", "sm_86"], True),  # a cubin runs on later minor versions of its major
    ("sm_120", ["sm_80", "sm_90"], False),  # but never across majors
    ("sm_120", ["sm_80", "compute_90"], True),  # PTX is JIT-compiled for newer GPUs
    ("sm_100", ["sm_90a"], False),
    ("sm_90", ["sm_90a"], True),
])
def test_arch_support_follows_cuda_compatibility_rules(sm, arch_list, supported):
    assert _arch_supported(sm, arch_list) is supported


@pytest.mark.parametrize("value, count", [
    (None, 2), ("0", 1), ("1,0", 2), ("", 0), ("-1", 0), ("0,7,1", 1), (recorded_uuids("linux-2xh200-nvlink.json")[1][:12], 1), ("GPU-ffff,0", 0),
])
def test_visible_gpu_count_reads_cuda_visible_devices_like_cuda(value, count):
    gpus = probe_gpus(h200().host(), None).gpus
    assert visible_gpu_count(value, gpus) == count
