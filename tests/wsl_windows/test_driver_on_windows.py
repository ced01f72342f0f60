"""driver.version on Windows and in WSL judges the Windows driver, the only one there is."""

from hosts import HostBuilder, result, run, text_of


def _driver(fixture):
    return result(run(HostBuilder.from_fixture(fixture).host(), only=["driver.version"]), "driver.version")


def test_windows_driver_531_is_too_old():
    checked = _driver("windows-531-2gpu.json")
    assert checked.status.value == "fail"
    assert "531.79 is older than 535" in text_of(checked)


def test_wsl_with_a_shadowing_linux_driver_still_reads_the_windows_driver():
    checked = _driver("wsl2-linux-driver.json")
    assert checked.status.value == "warn"
    text = text_of(checked)
    assert "comes from Windows" in text and "572.83" in text
    assert "Linux NVIDIA driver installed inside WSL" in text
    assert "sees no GPU" not in text


def test_healthy_wsl_says_the_driver_is_the_windows_one():
    checked = _driver("wsl2-healthy-2gpu.json")
    assert checked.status.value == "pass"
    assert "update it on Windows, never inside WSL" in text_of(checked)


def test_nccl_on_native_windows_points_to_wsl_instead_of_a_missing_library():
    checked = result(run(HostBuilder.from_fixture("windows-healthy-2gpu.json").host(), only=["nccl.library"]),
                     "nccl.library")
    assert checked.status.value == "skip"
    text = text_of(checked)
    assert "no NCCL backend, only Gloo" in text and "WSL 2" in text
    assert "no usable NCCL" not in text.lower()
