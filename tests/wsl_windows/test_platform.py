"""Platform detection for the header and the JSON report: Linux, WSL 1, WSL 2, Windows."""

from __future__ import annotations

from gpudoctor.model import Status
from gpudoctor.probes.platform import probe_platform
from hosts import HostBuilder, result, run, snapshot_document


def platform_of(builder: HostBuilder):
    return probe_platform(builder.host(), None)


def with_release(fixture: str, release: str, distro: str | None) -> HostBuilder:
    system = next(c for c in snapshot_document(fixture)["calls"] if c["probe"] == "system")["answer"]
    return HostBuilder.from_fixture(fixture).set("system", [], {**system, "os_release": release}).set_env(
        "WSL_DISTRO_NAME", distro)


def test_wsl2_label_names_distribution_kernel_and_wsl_package():
    platform = platform_of(HostBuilder.from_fixture("wsl2-healthy-2gpu.json"))
    assert (platform.kind, platform.wsl_version, platform.wsl_distro) == ("wsl", 2, "Ubuntu-24.04")
    assert platform.label == ("WSL 2 (Ubuntu-24.04, Ubuntu 24.04.1 LTS, kernel 5.15.167.4-microsoft-standard-WSL2, "
                              "WSL 2.4.13.0)")
    report = run(HostBuilder.from_fixture("wsl2-healthy-2gpu.json").host(), only=["wsl.feature"])
    assert report.host["platform"]["kind"] == "wsl" and report.host["platform"]["wsl_version"] == 2


def test_wsl1_from_its_kernel_release():
    platform = platform_of(HostBuilder.from_fixture("wsl1-ubuntu.json"))
    assert (platform.kind, platform.wsl_version) == ("wsl", 1)
    assert platform.label.startswith("WSL 1 (Ubuntu-20.04, Ubuntu 20.04.6 LTS, kernel 4.4.0-22621-Microsoft")


def test_old_wsl2_kernel_release_and_custom_kernel():
    assert platform_of(with_release("wsl2-healthy-2gpu.json", "4.19.104-microsoft-standard", "Ubuntu")).wsl_version == 2
    custom = platform_of(with_release("wsl2-healthy-2gpu.json", "6.6.36-zfs", "Ubuntu-24.04"))
    assert (custom.kind, custom.wsl_version) == ("wsl", 2)
    assert platform_of(with_release("wsl2-healthy-2gpu.json", "6.6.36-zfs", None)).kind == "linux"


def test_windows_build():
    platform = platform_of(HostBuilder.from_fixture("windows-531-2gpu.json"))
    assert (platform.kind, platform.windows_build, platform.label) == ("windows", 22631, "Windows 11 (build 22631)")


def test_wsl_checks_do_not_apply_on_native_linux():
    report = run(HostBuilder.from_fixture("linux-2xh200-nvlink.json").host(),
                 only=["wsl.feature", "wsl.gpu", "windows.env"])
    for check_id in ("wsl.feature", "wsl.gpu", "windows.env"):
        check = result(report, check_id)
        assert check.status is Status.SKIP and check.findings[0].summary == "Not applicable on linux."
