"""gpu.count beyond the plain list: GPUs that differ, GPUs CUDA does not see, GPUs NVML cannot read."""

from gpudoctor.model import Status

from gpus_pcie_p2p.hardware_hosts import h200, set_cuda
from hosts import HostBuilder, result, run, text_of


def _count(builder):
    return result(run(builder.host(), only=["gpu.count"]), "gpu.count")


def test_the_recorded_h200_host_lists_two_alike_gpus_all_seen_by_cuda():
    check = _count(h200())
    assert check.status is Status.PASS
    assert [f.summary for f in check.findings] == ["2 GPUs: 2 × NVIDIA H200, 143771 MiB each"]


def test_gpus_that_differ_explain_ollamas_split_and_the_tensor_parallel_limit():
    builder = h200()
    builder.set_nvml("nvmlDeviceGetName", 0, value="NVIDIA GeForce RTX 4090")
    builder.set_nvml("nvmlDeviceGetMemoryInfo", 0, value={"total": 24564 << 20, "free": 24000 << 20, "used": 564 << 20})
    builder.set_nvml("nvmlDeviceGetName", 1, value="NVIDIA GeForce RTX 3090")
    builder.set_nvml("nvmlDeviceGetMemoryInfo", 1, value={"total": 24576 << 20, "free": 24000 << 20, "used": 576 << 20})
    check = _count(builder)
    assert check.status is Status.WARN
    warning = check.findings[1]
    assert warning.summary == ("The GPUs differ: GPU 0 NVIDIA GeForce RTX 4090 (24564 MiB), "
                               "GPU 1 NVIDIA GeForce RTX 3090 (24576 MiB)")
    assert "in proportion to their free VRAM" in text_of(check)
    assert "the smallest and slowest card limits all of them (here GPU 0, 24564 MiB)" in text_of(check)


def test_a_gpu_the_cuda_driver_does_not_see_without_cuda_visible_devices():
    builder = set_cuda(h200(), [("0000:00:06.0", "NVIDIA H200")])
    check = _count(builder)
    assert check.status is Status.WARN
    assert "The CUDA driver does not see GPU 1 (NVIDIA H200), although NVML does" in text_of(check)
    assert "Xid" in text_of(check)


def test_a_gpu_nvml_cannot_read_is_a_warning_with_nvmls_reason():
    builder = h200()
    for function in ("nvmlDeviceGetName", "nvmlDeviceGetUUID", "nvmlDeviceGetPciInfo"):
        builder.set_nvml(function, 1, error="NVML_ERROR_GPU_IS_LOST")
    check = _count(builder)
    assert check.status is Status.WARN
    assert "GPU 1 could not be read completely: A GPU has fallen off the bus" in text_of(check)
    assert check.findings[1].evidence["nvml_errors"]["nvmlDeviceGetUUID"] == "NVML_ERROR_GPU_IS_LOST"


def test_a_driver_that_lists_no_gpu_on_linux_points_at_the_slot_and_the_kernel_log():
    check = _count(h200().set_nvml("nvmlDeviceGetCount", value=0))
    assert check.status is Status.FAIL
    assert check.findings[0].summary == "The NVIDIA driver is loaded but sees no GPU."
    assert "`lspci -d 10de:`" in text_of(check) and "dmesg" in text_of(check)


def test_no_gpu_listed_inside_wsl_is_asked_of_windows_not_of_lspci_or_the_slot():
    """Inside WSL 2 NVML reaches the Windows driver through /dev/dxg and WSL's PCI bus holds no NVIDIA device, so
    reseating the card or `lspci` is the wrong next step."""
    check = _count(HostBuilder.from_fixture("wsl2-healthy-2gpu.json").set_nvml("nvmlDeviceGetCount", value=0))
    assert check.status is Status.FAIL
    text = text_of(check)
    assert "lists no GPU" in check.findings[0].summary
    assert "`nvidia-smi` in Windows PowerShell" in text and "`wsl --update`" in text
    assert "seated" not in text


def test_no_gpu_listed_inside_a_container_is_the_container_started_without_gpus():
    builder = HostBuilder.from_fixture("container-docker-1of2-gpus.json").set_nvml("nvmlDeviceGetCount", value=0)
    check = _count(builder)
    assert check.status is Status.FAIL
    assert "inside this container" in check.findings[0].summary
    assert "`--gpus all`" in text_of(check) and "seated" not in text_of(check)
