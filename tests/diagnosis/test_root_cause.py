"""One broken thing is one verdict in full; what follows from it points there (`caused_by`).

And every answer the CUDA driver gives is used when NVML cannot answer: cuDriverGetVersion needs
no cuInit. The CUDA 6.5 driver is deviceQuery's "CUDA Driver Version 6.5" on a GRID K520
(tests/fixtures/raw/diagnosis/README.md).
"""

from __future__ import annotations

import json
import re

from driver_cuda_nccl.h200_software import h200_software
from hosts import FIXTURES, HostBuilder, result, run, text_of

from gpudoctor.report.json_report import report_document
from gpudoctor.report.terminal import report_lines

RAW = FIXTURES / "raw" / "diagnosis"


def _lines(report, verbose=False) -> list[str]:
    return [line.text for line in report_lines(report, verbose=verbose)]


def _no_driver() -> HostBuilder:
    # What NVML answers when the kernel module is not loaded (nvidia-smi: "couldn't communicate with the driver").
    return h200_software().set_nvml("nvmlInit", error="NVML_ERROR_DRIVER_NOT_LOADED")


def _cuda_driver_only(builder: HostBuilder, version: int) -> HostBuilder:
    """The CUDA driver library answers cuDriverGetVersion although NVML and cuInit fail."""
    builder.set("native", ["cuda.devices"], {"value": None, "error": "CUDA_ERROR_NO_DEVICE"})
    return builder.set("native", ["cuda.driver_version"], {"value": version, "error": None})


def _device_query_driver_version() -> int:
    match = re.search(r"CUDA Driver Version / Runtime Version\s+(\d+)\.(\d+)", (RAW / "gridk520-deviceQuery.txt").read_text())
    major, minor = int(match.group(1)), int(match.group(2))
    return major * 1000 + minor * 10  # cuDriverGetVersion's encoding: 6050 for 6.5


def test_without_a_driver_the_cause_is_told_once_and_gpu_count_points_to_it():
    report = run(_no_driver().host())
    count, driver = result(report, "gpu.count"), result(report, "driver.version")
    assert count.findings[0].caused_by == "driver.version" and driver.findings[0].caused_by is None
    lines = _lines(report)
    count_at = next(i for i, line in enumerate(lines) if line.startswith("[✗] gpu.count"))
    driver_at = next(i for i, line in enumerate(lines) if line.startswith("[✗] driver.version"))
    assert lines[count_at].endswith("(follows from driver.version: see there)")
    assert not lines[count_at + 1].startswith("      ")  # one line, no repeated details
    driver_details = [line for line in lines[driver_at + 1:] if line.startswith("      ")]
    assert driver_details and set(driver_details).isdisjoint(lines[count_at + 1:driver_at])
    # the JSON keeps both, the consequence with the id of its cause
    checks = {c["id"]: c for c in report_document(report)["checks"]}
    assert checks["gpu.count"]["findings"][0]["caused_by"] == "driver.version"
    assert checks["gpu.count"]["caused_by"] == "driver.version" and checks["gpu.count"]["details"]


def test_in_a_container_the_missing_nvml_is_the_containers_fault_not_a_missing_driver():
    report = run(HostBuilder.from_fixture("container-docker-no-utility.json").host())
    for check_id in ("gpu.count", "driver.version"):
        finding = result(report, check_id).findings[0]
        assert finding.caused_by == "container.gpus", check_id
        assert "No NVIDIA driver is installed" not in finding.summary
    assert "NVIDIA_DRIVER_CAPABILITIES lacks `utility`" in result(report, "container.gpus").findings[0].summary


def test_a_cuda_6_5_driver_answering_without_nvml_fails_the_toolkit_with_the_upgrade():
    version = _device_query_driver_version()
    assert version == 6050
    builder = _cuda_driver_only(_no_driver(), version)
    toolkit = result(run(builder.host(), only=["cuda.toolkit"]), "cuda.toolkit")
    failed = [f for f in toolkit.findings if f.status.value == "fail"]
    assert failed and failed[0].summary == (
        "The driver supports CUDA 6.5 (cuDriverGetVersion; NVML could not be asked); CUDA toolkit 13.0 needs a newer "
        "driver: upgrade to R580 or newer")
    assert "did not answer" not in text_of(toolkit)
    assert failed[0].evidence["driver_cuda_source"].startswith("cuDriverGetVersion")


def test_with_neither_view_the_toolkit_comparison_points_to_the_driver():
    builder = _no_driver().set("native", ["cuda.devices"], {"value": None, "error": "CUDA_ERROR_LIBRARY_NOT_FOUND"})
    builder.set("native", ["cuda.driver_version"], {"value": None, "error": "CUDA_ERROR_LIBRARY_NOT_FOUND"})
    toolkit = result(run(builder.host(), only=["cuda.toolkit"]), "cuda.toolkit")
    skipped = toolkit.findings[-1]
    assert "neither NVML nor the CUDA driver answered" in skipped.summary and skipped.caused_by == "driver.version"


def test_old_toolkits_name_a_driver_branch_never_rnone():
    # A CUDA 10.0 toolkit on the CUDA 6.5 driver: CUDA 10.0's release notes ask for 410.48.
    builder = _cuda_driver_only(_no_driver(), _device_query_driver_version())
    builder.set_command(["/usr/local/cuda/bin/nvcc", "--version"],
                        stdout="nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 10.0, V10.0.130\n")
    for path in ("/usr/local/cuda-13.0/version.json", "/usr/local/cuda/version.json"):
        builder.set("file", [path, 65536, False], {"data": None, "error": "not-found"})
    text = text_of(result(run(builder.host(), only=["cuda.toolkit"]), "cuda.toolkit"))
    assert "RNone" not in text and "R None" not in text
    assert "CUDA toolkit 10.0 needs a newer driver: upgrade to R535 or newer" in text
    assert "CUDA 10.x programs need driver R410 or newer; CUDA 10.0 asks for 410.48 (Linux)" in text


def test_schema_accepts_caused_by():
    import jsonschema
    from importlib import resources

    schema = json.loads(resources.files("gpudoctor.report").joinpath("report.schema.json").read_text())
    document = report_document(run(_no_driver().host()))
    jsonschema.validate(document, schema)


def test_in_wsl_nvmls_failure_follows_from_what_wsl_lacks():
    for name, root in (("wsl1-ubuntu.json", "wsl.feature"), ("wsl2-linux-driver.json", "wsl.gpu")):
        report = run(HostBuilder.from_fixture(name).host())
        assert result(report, "gpu.count").findings[0].caused_by == root, name
        assert result(report, root).status.value == "fail", name
        headline = next(line for line in _lines(report) if line.startswith("[✗] gpu.count"))
        assert headline.endswith(f"(follows from {root}: see there)"), name
