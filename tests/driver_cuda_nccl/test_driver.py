"""driver.version on the recorded H200 host and on hosts that differ from it in one NVML answer or a few."""

from __future__ import annotations

import pytest
from driver_cuda_nccl.h200_software import h200_software
from hosts import result, run, text_of

from gpudoctor.knowledge.driver_support import parse_driver_version, required_branch, toolkit_driver
from gpudoctor.engine import Options
from gpudoctor.model import Status

WSL_KERNEL = "5.15.167.4-microsoft-standard-WSL2"


def driver_result(builder, options=None):
    return result(run(builder.host(), only=["driver.version"], options=options), "driver.version")


def with_driver(builder, version: str, cuda: int):
    builder.set_nvml("nvmlSystemGetDriverVersion", value=version)
    return builder.set_nvml("nvmlSystemGetCudaDriverVersion", value=cuda)


def with_gpus(builder, name: str, architecture: int, capability: list[int]):
    for index in (0, 1):
        builder.set_nvml("nvmlDeviceGetName", index, value=name)
        builder.set_nvml("nvmlDeviceGetArchitecture", index, value=architecture)
        builder.set_nvml("nvmlDeviceGetCudaComputeCapability", index, value=capability)
    return builder


def test_the_recorded_h200_driver_passes_and_names_its_cuda_version():
    checked = driver_result(h200_software())
    assert checked.status is Status.PASS
    text = text_of(checked)
    assert "580.159.04" in text and "CUDA up to 13.0" in text
    assert "NVIDIA H200 (Hopper) needs R535" in text


@pytest.mark.parametrize("nvml_error, words", [
    ("NVML_ERROR_LIBRARY_NOT_FOUND", "No NVIDIA driver is installed"),
    ("NVML_ERROR_DRIVER_NOT_LOADED", "kernel module is not loaded"),
    ("NVML_ERROR_LIB_RM_VERSION_MISMATCH", "Driver/library version mismatch"),
])
def test_each_way_of_having_no_working_driver_fails_with_its_own_explanation(nvml_error, words):
    checked = driver_result(h200_software().set_nvml("nvmlInit", error=nvml_error))
    assert checked.status is Status.FAIL
    assert words in text_of(checked)
    assert checked.findings[0].evidence["nvml_error"] == nvml_error


def test_driver_470_on_a_two_gpu_box_fails_and_names_535():
    builder = with_gpus(with_driver(h200_software(), "470.256.02", 11040), "NVIDIA GeForce RTX 3090", 7, [8, 6])
    checked = driver_result(builder)
    assert checked.status is Status.FAIL
    text = text_of(checked)
    assert "470.256.02 is older than 535" in text
    assert "CUDA 11.x programs only" in text and "R525" in text
    assert "ubuntu-drivers" in text
    assert len(checked.findings) == 1  # an RTX 3090 runs on R470 (it needs R455): no second complaint


def test_driver_560_with_an_rtx_5090_fails_naming_r570():
    builder = with_gpus(with_driver(h200_software(), "560.35.03", 12060), "NVIDIA GeForce RTX 5090", 10, [12, 0])
    checked = driver_result(builder)
    assert checked.status is Status.FAIL
    text = text_of(checked)
    assert "GPU 0, 1 (NVIDIA GeForce RTX 5090 (Blackwell)) needs driver R570 or newer" in text
    assert "560.35.03" in text
    assert checked.findings[0].evidence["required_branch"] == 570


def test_the_same_rtx_5090_passes_on_r570():
    builder = with_gpus(with_driver(h200_software(), "570.133.07", 12080), "NVIDIA GeForce RTX 5090", 10, [12, 0])
    checked = driver_result(builder)
    assert checked.status is Status.PASS
    assert "needs R570 or newer" in text_of(checked)


def test_the_floor_follows_the_min_driver_option():
    checked = driver_result(h200_software(), options=Options(min_driver=590))
    assert checked.status is Status.FAIL
    assert "580.159.04 is older than 590" in text_of(checked)


def test_inside_wsl_a_too_old_driver_is_upgraded_on_windows_not_in_linux():
    builder = with_driver(h200_software(), "531.79", 12010)
    system = builder.calls['["system"]']
    system["os_release"] = WSL_KERNEL
    text = text_of(driver_result(builder))
    assert "on Windows" in text and "never a Linux driver inside WSL" in text
    assert "ubuntu-drivers" not in text


def test_an_unreadable_driver_version_warns_instead_of_guessing():
    checked = driver_result(h200_software().set_nvml("nvmlSystemGetDriverVersion", error="NVML_ERROR_UNKNOWN"))
    assert checked.status is Status.WARN
    assert "did not report the driver version" in text_of(checked)


def test_the_tables_answer_from_the_release_notes():
    assert parse_driver_version("580.159.04") == (580, 159, 4)
    assert parse_driver_version("not a version") is None
    assert required_branch("NVIDIA GeForce RTX 5090", "Blackwell") == 570
    assert required_branch("NVIDIA H200", "Hopper") == 535
    assert required_branch("NVIDIA H100 80GB HBM3", "Hopper") == 520
    assert required_branch("NVIDIA GeForce RTX 3090", "Ampere") == 455
    assert required_branch("Some future GPU", None) is None
    assert toolkit_driver(12, 0, windows=False) == "525.60.13"
    assert toolkit_driver(12, 4, windows=False) == "550.54.14"
    assert toolkit_driver(12, 8, windows=True) == "570.65"
    assert toolkit_driver(13, 0, windows=False) == "580.65.06"
    assert toolkit_driver(13, 0, windows=True) is None
