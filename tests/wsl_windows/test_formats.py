"""The parsers of the Windows and WSL probes, on the real output shapes in tests/fixtures/raw/windows."""

from __future__ import annotations

import pytest

from gpudoctor.checks.windows_env import wslenv_entries
from gpudoctor.checks.wsl import kernel_tuple
from gpudoctor.checks.wsl_gpu import toolkit_version_for
from gpudoctor.host.answers import CommandResult
from gpudoctor.probes import windows as win
from gpudoctor.probes import wsl as wslp
from wsl_windows.scenarios import raw


def test_wsl_exe_utf16le_decodes_to_plain_lines():
    data = raw("wsl-list.ubuntu-24.04-docker.utf16le")
    assert data[:4] == b" \x00 \x00"  # NUL-interleaved, no BOM: what wsl.exe writes into a pipe
    text = win.decode_console(data)
    assert "\x00" not in text and "\r" not in text
    assert text.splitlines()[1].split() == ["*", "Ubuntu-24.04", "Running", "2"]


def test_utf8_output_with_wsl_utf8_set_decodes_the_same():
    utf16 = raw("wsl-version.2.4.13.utf16le")
    utf8 = utf16.decode("utf-16-le").encode("utf-8")
    assert win.decode_console(utf8) == win.decode_console(utf16)
    assert win.decode_console(b"\xff\xfe" + utf16) == win.decode_console(utf16)


def test_inbox_wsl_usage_text_with_cr_cr_lf_line_ends():
    text = win.decode_console(raw("wsl-version.inbox.utf16le"))
    assert text.splitlines()[0] == "Invalid command line option: --version"
    assert "\r" not in text
    assert win.parse_wsl_version(text) == {}


@pytest.mark.parametrize("windows_version, nvidia", [
    ("32.0.15.6094", "560.94"),
    ("31.0.15.3179", "531.79"),
    ("32.0.15.7283", "572.83"),
    ("31.0.15.5222", "552.22"),
    ("26.21.14.4141", "441.41"),
])
def test_windows_driver_version_becomes_nvidia_version(windows_version, nvidia):
    assert win.nvidia_driver_version(windows_version) == nvidia


@pytest.mark.parametrize("text", [None, "", "1.2", "31.0.101.x"])
def test_unparseable_windows_driver_version_is_none(text):
    assert win.nvidia_driver_version(text) is None


def test_driver_branch():
    assert win.driver_branch("572.83") == 572
    assert win.driver_branch("580.159.04") == 580
    assert win.driver_branch(None) is None


def test_wsl_status():
    distribution, version, kernel, messages = win.parse_wsl_status(
        win.decode_console(raw("wsl-status.ubuntu-24.04.utf16le")))
    assert (distribution, version, kernel, messages) == ("Ubuntu-24.04", 2, None, ())


def test_wsl_status_with_virtual_machine_platform_off_keeps_the_message():
    _, version, _, messages = win.parse_wsl_status(win.decode_console(raw("wsl-status.vmp-off.utf16le")))
    assert version == 2
    assert messages[0] == "WSL2 is not supported with your current machine configuration."
    assert any("Virtual Machine Platform" in line for line in messages)


def test_inbox_wsl_status_reports_the_kernel():
    text = ("Default Distribution: Ubuntu-22.04\nDefault Version: 2\n\nWindows Subsystem for Linux was last updated "
            "on 27-Mar-22\nWSL automatic updates are on.\n\nKernel version: 5.10.102.1\n")  # microsoft/WSL#8690
    distribution, version, kernel, _ = win.parse_wsl_status(text)
    assert (distribution, version, kernel) == ("Ubuntu-22.04", 2, "5.10.102.1")


def test_wsl_version():
    found = win.parse_wsl_version(win.decode_console(raw("wsl-version.2.4.13.utf16le")))
    assert found == {"wsl": "2.4.13.0", "kernel": "5.15.167.4-1", "windows": "10.0.26100.4061"}


def test_translated_wsl_version_is_read_by_position():
    text = ("Versión de WSL: 2.3.24.0\nVersión de kernel: 5.15.153.1-2\nVersión de WSLg: 1.0.65\n"
            "Versión de MSRDC: 1.2.5620\nVersión de Direct3D: 1.611.1-81528511\n"
            "Versión DXCore: 10.0.26100.1-240331-1435.ge-release\nVersión de Windows: 10.0.22631.4169\n")  # Syllo/nvtop#318
    assert win.parse_wsl_version(text) == {"wsl": "2.3.24.0", "kernel": "5.15.153.1-2", "windows": "10.0.22631.4169"}


def test_wsl_list():
    distros = win.parse_wsl_list(win.decode_console(raw("wsl-list.ubuntu-24.04-docker.utf16le")))
    assert distros == (win.WslDistro("Ubuntu-24.04", "Running", 2, True),
                       win.WslDistro("docker-desktop", "Stopped", 2, False))


def test_wsl_list_without_distributions_is_empty():
    assert win.parse_wsl_list(win.decode_console(raw("wsl-list.no-distributions.utf16le"))) == ()


def test_optional_features_csv():
    rows = win.parse_csv(win.decode_console(raw("features.disabled.csv")))
    assert {row["Name"]: win.INSTALL_STATES[row["InstallState"]] for row in rows} == {
        "Microsoft-Windows-Subsystem-Linux": "Disabled", "VirtualMachinePlatform": "Disabled"}


def test_video_controllers_csv_keeps_only_nvidia():
    adapters = win._nvidia_adapters(win.parse_csv(win.decode_console(raw("video-controllers.rtx3090x2-intel.csv"))))
    assert [(a.name, a.driver_version) for a in adapters] == [("NVIDIA GeForce RTX 3090", "31.0.15.3179")] * 2


def test_nvidia_smi_csv():
    adapters = win.parse_nvidia_smi_csv(win.decode_console(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    assert adapters[1] == win.DisplayAdapter("NVIDIA GeForce RTX 4090", "572.83", "WDDM", "00000000:02:00.0")


def test_reg_query_value():
    parsed = win.parse_reg_query(win.decode_console(raw("reg-query.user-cuda-visible-devices-1.stdout")))
    assert parsed == {r"HKEY_CURRENT_USER\Environment": {"CUDA_VISIBLE_DEVICES": "1"}}


def test_reg_query_search_ignores_the_match_count():
    parsed = win.parse_reg_query(win.decode_console(raw("reg-query.user-search-ollama.stdout")))
    assert parsed == {r"HKEY_CURRENT_USER\Environment": {"OLLAMA_MODELS": r"D:\ollama\models",
                                                         "OLLAMA_HOST": "0.0.0.0:11434"}}


def test_registry_search_matches_outside_the_audited_names_are_dropped():
    assert win.is_audited("OLLAMA_HOST") and win.is_audited("nccl_debug") and win.is_audited("WSLENV")
    assert not win.is_audited("CUDA_PATH") and not win.is_audited("Path") and not win.is_audited("HF_TOKEN")


@pytest.mark.parametrize("result, expected", [
    (CommandResult(None, error="os-error: Exec format error"), "interop-disabled"),
    (CommandResult(126, stderr=b"bash: /mnt/c/WINDOWS/system32/wsl.exe: cannot execute binary file: Exec format error\n"),
     "interop-disabled"),
    (CommandResult(None, error="not-found"), "not-found"),
    (CommandResult(0, stdout=raw("wsl-status.ubuntu-24.04.utf16le")), None),
])
def test_interop_problem(result, expected):
    problem = win.interop_problem(result)
    assert (problem or "").startswith(expected or "") and (problem is None) == (expected is None)


def test_ldconfig_order_decides_which_libcuda_loads():
    healthy = wslp.parse_ldconfig(raw("ldconfig-p.wsl-ubuntu-24.04.txt").decode(), "libcuda.so.1")
    broken = wslp.parse_ldconfig(raw("ldconfig-p.wsl-linux-driver-550.txt").decode(), "libcuda.so.1")
    assert healthy == ("/usr/lib/wsl/lib/libcuda.so.1",)
    assert broken == ("/lib/x86_64-linux-gnu/libcuda.so.1", "/usr/lib/wsl/lib/libcuda.so.1")


def test_dpkg_packages_and_driver_packages():
    packages = wslp.parse_dpkg_query(raw("dpkg-query.wsl-linux-driver-550.stdout").decode())
    facts = wslp.WslFacts(applicable=True, packages=packages)
    assert "nvidia-driver-535" not in [p.name for p in facts.installed_packages]  # only config files left
    assert {p.name for p in facts.driver_packages} == {
        "nvidia-driver-550", "nvidia-utils-550", "nvidia-dkms-550", "nvidia-kernel-common-550",
        "libnvidia-compute-550", "libnvidia-gl-550"}


@pytest.mark.parametrize("name, driver", [
    ("cuda", True), ("cuda-12-8", True), ("cuda-drivers", True), ("cuda-drivers-570", True),
    ("cuda-toolkit-12-8", False), ("cuda-keyring", False), ("cuda-nvcc-12-8", False),
])
def test_which_cuda_packages_bring_a_driver(name, driver):
    assert bool(wslp.DRIVER_PACKAGE.match(name)) is driver


def test_kernel_versions():
    assert kernel_tuple("5.15.167.4-microsoft-standard-WSL2") == (5, 15, 167, 4)
    assert kernel_tuple("5.15.167.4-1") == (5, 15, 167, 4)
    assert kernel_tuple("4.19.104-microsoft-standard") < (4, 19, 121)
    assert kernel_tuple("unknown") is None


def test_wslenv_flags():
    entries = wslenv_entries("CUDA_VISIBLE_DEVICES/u:USERPROFILE/pu:NCCL_DEBUG/w:OLLAMA_HOST")
    assert entries == {"CUDA_VISIBLE_DEVICES": "u", "USERPROFILE": "pu", "NCCL_DEBUG": "w", "OLLAMA_HOST": ""}


def test_toolkit_version_from_nvml_or_from_the_windows_driver():
    assert toolkit_version_for(12080, None) == "12-8"
    assert toolkit_version_for(13000, "580.88") == "13-0"
    assert toolkit_version_for(None, "572.83") == "12-8"  # needs 570.65 for 12.8, 576.02 for 12.9
    assert toolkit_version_for(None, "531.79") == "12-1"
    assert toolkit_version_for(None, None) is None
