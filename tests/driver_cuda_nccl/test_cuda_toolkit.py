"""cuda.toolkit: the recorded H200 host, and toolkits that are missing, too new or disagree."""

from __future__ import annotations

from driver_cuda_nccl.h200_software import CUDA_ROOT, PATH_NVCC, h200_software, recorded
from hosts import result, run, text_of

from gpudoctor.model import Status
from gpudoctor.probes.toolkits import parse_nvcc_version

CUDA_128 = "/usr/local/cuda-12.8"


def toolkit_result(builder):
    return result(run(builder.host(), only=["cuda.toolkit"]), "cuda.toolkit")


def with_driver(builder, version: str, cuda: int):
    builder.set_nvml("nvmlSystemGetDriverVersion", value=version)
    return builder.set_nvml("nvmlSystemGetCudaDriverVersion", value=cuda)


def add_cuda_128(builder, *, on_path: bool):
    """A deb-installed CUDA 12.8 Update 1 beside the image's 13.0: it has a version.json."""
    builder.set("glob", ["/usr/local/cuda*"], ["/usr/local/cuda", "/usr/local/cuda-12.8", "/usr/local/cuda-13",
                                               CUDA_ROOT])
    builder.set("resolve", [CUDA_128], CUDA_128)
    builder.set("file", [f"{CUDA_128}/version.json", 65536, False], {"data": recorded("version-12.8.json"),
                                                                      "error": None})
    if on_path:
        builder.set("which", ["nvcc"], [f"{CUDA_128}/bin/nvcc", PATH_NVCC])
        builder.set("resolve", [f"{CUDA_128}/bin/nvcc"], f"{CUDA_128}/bin/nvcc")
    return builder


def only_cuda_128(builder):
    """The image's CUDA 13.0 replaced by a CUDA 12.8 whose nvcc is the one on PATH (no version files)."""
    builder.set("resolve", [PATH_NVCC], f"{CUDA_128}/bin/nvcc")
    for path in ("/usr/local/cuda", CUDA_128):
        builder.set("resolve", [path], CUDA_128)
    builder.set("glob", ["/usr/local/cuda*"], ["/usr/local/cuda", CUDA_128])
    builder.set_command([PATH_NVCC, "--version"], stdout=recorded("nvcc-version-12.8.txt"))
    return builder


def test_the_recorded_h200_toolkit_is_active_and_matches_the_driver():
    checked = toolkit_result(h200_software())
    assert checked.status is Status.PASS
    text = text_of(checked)
    assert "CUDA toolkit 13.0.88 at /usr/local/cuda-13.0 is the active one (from PATH; CUDA_HOME agrees)" in text
    assert "The driver supports CUDA 13.0" in text
    assert len(checked.findings[0].evidence["toolkits"]) == 1  # cuda, cuda-13, cuda-13.0: one toolkit


def test_no_toolkit_is_not_a_failure_and_says_why():
    builder = h200_software().set("which", ["nvcc"], []).set("glob", ["/usr/local/cuda*"], [])
    checked = toolkit_result(builder.set_env("CUDA_HOME", None))
    assert checked.status is Status.SKIP
    text = text_of(checked)
    assert "No CUDA toolkit is installed" in text
    assert "Ollama and pip-installed PyTorch carry their own CUDA runtime" in text


def test_a_toolkit_of_a_newer_major_than_the_driver_fails_as_insufficient():
    checked = toolkit_result(with_driver(h200_software(), "535.230.02", 12020))
    assert checked.status is Status.FAIL
    text = text_of(checked)
    assert "The driver supports CUDA 12.2; CUDA toolkit 13.0 needs a newer driver: upgrade to R580 or newer" in text
    assert "CUDA driver version is insufficient for CUDA runtime version" in text
    assert "R580" in text and "580.65.06 (Linux)" in text


def test_nvcc_12_8_with_driver_535_warns_about_minor_version_compatibility():
    checked = toolkit_result(with_driver(only_cuda_128(h200_software()), "535.230.02", 12020))
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert "CUDA toolkit 12.8 is newer than the driver's CUDA 12.2" in text
    assert "minor version compatibility" in text
    assert "CUDA_ERROR_UNSUPPORTED_PTX_VERSION" in text
    assert "570.26 (Linux) / 570.65 (Windows)" in text


def test_path_and_cuda_home_naming_different_toolkits_warns_with_both():
    checked = toolkit_result(add_cuda_128(h200_software(), on_path=True))
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert ("nvcc on PATH is CUDA 12.8 (/usr/local/cuda-12.8) but CUDA_HOME points to CUDA 13.0 "
            "(/usr/local/cuda-13.0)") in text
    assert "CUDA toolkit 12.8.93 at /usr/local/cuda-12.8 is the active one (from PATH)" in text
    assert "Also installed: CUDA 13.0.88 at /usr/local/cuda-13.0" in text


def test_two_toolkits_that_path_and_cuda_home_agree_on_pass():
    checked = toolkit_result(add_cuda_128(h200_software(), on_path=False))
    assert checked.status is Status.PASS
    assert "Also installed: CUDA 12.8.93 at /usr/local/cuda-12.8" in text_of(checked)


def test_cuda_home_pointing_nowhere_warns():
    builder = h200_software().set_env("CUDA_HOME", "/usr/local/cuda-12.1")
    builder.set("resolve", ["/usr/local/cuda-12.1"], None)
    checked = toolkit_result(builder)
    assert checked.status is Status.WARN
    assert "CUDA_HOME=/usr/local/cuda-12.1 points to a directory that does not exist" in text_of(checked)


def test_an_nvcc_that_hangs_is_a_warning_not_a_pass():
    builder = h200_software().set_command([PATH_NVCC, "--version"], returncode=None, error="timeout")
    checked = toolkit_result(builder)
    assert checked.status is Status.WARN
    text = text_of(checked)
    assert "The active CUDA toolkit at /usr/local/cuda-13.0 (from PATH) did not tell its version" in text
    assert "--version` gave timeout" in text
    assert "reinstall it" in text


def test_an_nvcc_wrapper_script_on_path_is_credited_to_the_toolkit_it_runs():
    # /usr/local/bin/nvcc is `#!/bin/sh` + `exec /usr/local/cuda-13.0/bin/nvcc "$@"`: /usr/local is no toolkit.
    builder = h200_software().set("which", ["nvcc"], ["/usr/local/bin/nvcc"])
    builder.set("resolve", ["/usr/local/bin/nvcc"], "/usr/local/bin/nvcc").set("resolve", ["/usr/local"], "/usr/local")
    for nvcc in ("/usr/local/bin/nvcc", f"{CUDA_ROOT}/bin/nvcc"):
        builder.set_command([nvcc, "--version"], stdout=recorded("nvcc-version.txt"))
    checked = toolkit_result(builder)
    assert checked.status is Status.PASS
    text = text_of(checked)
    assert "CUDA toolkit 13.0.88 at /usr/local/cuda-13.0 is the active one (from PATH; CUDA_HOME agrees)" in text
    assert "found as nvcc on PATH (/usr/local/bin/nvcc), CUDA_HOME" in text
    assert "Also installed" not in text


def test_nvcc_release_lines_parse():
    assert parse_nvcc_version(recorded("nvcc-version.txt")) == "13.0.88"
    assert parse_nvcc_version(recorded("nvcc-version-12.8.txt")) == "12.8.93"
    assert parse_nvcc_version("nvcc: command not found") is None
