"""The same NVML error means different things on a Linux host, inside WSL and inside a container."""

from hosts import HostBuilder, result, run, text_of


def _gpu_count(builder):
    return result(run(builder.host(), only=["gpu.count"]), "gpu.count")


def _as_wsl(builder):
    for args, answer in list(builder.matching("system")):
        answer = dict(answer, os_release="5.15.167.4-microsoft-standard-WSL2")
        builder.set("system", args, answer)
    return builder


def test_driver_not_loaded_on_linux_points_at_the_kernel_module():
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json").set_nvml("nvmlInit", error="NVML_ERROR_DRIVER_NOT_LOADED")
    text = text_of(_gpu_count(builder))
    assert "kernel module is not loaded" in text and "Secure Boot" in text


def test_driver_not_loaded_inside_wsl_points_at_a_shadowing_linux_driver():
    builder = _as_wsl(HostBuilder.from_fixture("linux-2xh200-nvlink.json").set_nvml(
        "nvmlInit", error="NVML_ERROR_DRIVER_NOT_LOADED"))
    checked = _gpu_count(builder)
    assert checked.status.value == "fail"
    text = text_of(checked)
    # The recording lists the driver's libraries in /lib and /usr/local/nvidia/lib64: inside WSL they are strays.
    assert "a Linux NVIDIA driver installed in this distribution is loaded" in text
    assert "NVIDIA libraries in /lib/" in text and "wsl.remove-linux-driver" in text
    assert "Secure Boot" not in text


def test_missing_nvml_inside_a_container_points_at_the_container_runtime():
    checked = _gpu_count(HostBuilder.from_fixture("container-docker-no-utility.json"))
    text = text_of(checked)
    assert "container runtime did not mount" in text and "utility" in text
    assert "No NVIDIA driver is installed" not in text
