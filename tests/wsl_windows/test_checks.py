"""wsl.feature, wsl.gpu and windows.env on whole Windows and WSL hosts (tests/fixtures/hosts), each
changed only where a scenario needs it."""

from __future__ import annotations

from gpudoctor.host.answers import FileResult
from gpudoctor.host.base import ReplayHost
from gpudoctor.model import Status
from gpudoctor.probes import windows as win
from gpudoctor.probes import wsl as wslp
from gpudoctor.probes.platform import probe_platform
from gpudoctor.probes.windows import probe_windows
from gpudoctor.probes.wsl import probe_wsl
from hosts import HostBuilder, result, run, snapshot_document, text_of
from wsl_windows.scenarios import WINDOWS_EXIT_MINUS_ONE, WSL_TOOL_PATHS, command, raw

WSL_CHECKS = ["wsl.feature", "wsl.gpu", "windows.env"]
USER_ENV = win.ENVIRONMENT_KEYS["User"]


class _Facts:
    """The facts a probe builds on, computed from the same host."""

    def __init__(self, host) -> None:
        self.host = host

    def get(self, name: str):
        return {"platform": probe_platform}[name](self.host, self)


def windows_facts(builder: HostBuilder) -> win.WindowsFacts:
    host = builder.host()
    return probe_windows(host, _Facts(host))


def checks(builder: HostBuilder, *ids: str):
    report = run(builder.host(), only=ids or WSL_CHECKS)
    return {check_id: result(report, check_id) for check_id in (ids or WSL_CHECKS)}


def finding_with(check_result, status: Status):
    return next(f for f in check_result.findings if f.status is status)


def native(builder_name: str, argv_tail: list[str], answer: dict) -> HostBuilder:
    return HostBuilder.from_fixture(builder_name).set("run", argv_tail, answer)


def inside_wsl(tool: str, *args: str) -> list[str]:
    return [WSL_TOOL_PATHS[tool], *args]


# -- healthy hosts ----------------------------------------------------------------------------------

def test_wsl2_with_two_gpus_is_healthy():
    results = checks(HostBuilder.from_fixture("wsl2-healthy-2gpu.json"))
    assert {i: r.status for i, r in results.items()} == {"wsl.feature": Status.PASS, "wsl.gpu": Status.PASS,
                                                          "windows.env": Status.PASS}
    assert "Ubuntu-24.04 runs as WSL 2" in text_of(results["wsl.feature"])
    assert "NVML sees 2 GPUs" in text_of(results["wsl.gpu"])


def test_missing_toolkit_is_a_hint_with_the_version_the_driver_runs():
    gpu = checks(HostBuilder.from_fixture("wsl2-healthy-2gpu.json"), "wsl.gpu")["wsl.gpu"]
    hint = next(f for f in gpu.findings if f.fix == "wsl.install-cuda-toolkit")
    assert hint.status is Status.PASS and gpu.status is Status.PASS
    assert hint.fix_args == ("--version", "12-8")
    assert "cuda-toolkit-12-8" in "\n".join(hint.details)


def test_toolkit_from_the_wsl_ubuntu_repository_is_fine():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json").set(
        "run", list(wslp.DPKG_QUERY),
        command(b"cuda-keyring\t1.1-1\tinstall ok installed\ncuda-toolkit-12-8\t12.8.1-1\tinstall ok installed\n"
                b"cuda-nvcc-12-8\t12.8.93-1\tinstall ok installed\n", returncode=1,
                stderr=b"dpkg-query: no packages found matching nvidia-*\n"))
    gpu = checks(builder, "wsl.gpu")["wsl.gpu"]
    assert gpu.status is Status.PASS
    assert "CUDA toolkit present (cuda-toolkit-12-8)" in text_of(gpu)
    assert not any(f.fix for f in gpu.findings)


def test_windows_native_healthy():
    results = checks(HostBuilder.from_fixture("windows-healthy-2gpu.json"))
    assert results["wsl.feature"].status is Status.PASS
    assert results["windows.env"].status is Status.PASS
    assert results["wsl.gpu"].status is Status.SKIP and "Not applicable on windows" in text_of(results["wsl.gpu"])
    assert "5.15.167.4-1" in "\n".join(f.summary for f in results["wsl.feature"].findings)


def test_windows_facts_of_a_healthy_wsl2_host():
    facts = windows_facts(HostBuilder.from_fixture("wsl2-healthy-2gpu.json"))
    assert facts.reachable and facts.windows_build == 26100
    assert (facts.driver_version, facts.driver_source, facts.driver_branch) == ("572.83", "nvidia-smi.exe", 572)
    assert [a.driver_model for a in facts.adapters] == ["WDDM", "WDDM"]
    assert facts.default_distro == win.WslDistro("Ubuntu-24.04", "Running", 2, True)
    assert facts.features == {"Microsoft-Windows-Subsystem-Linux": "Enabled", "VirtualMachinePlatform": "Enabled"}
    assert facts.environment == ()


def test_wsl_utf8_output_gives_the_same_facts():
    utf8 = {
        win.WSL_STATUS: raw("wsl-status.ubuntu-24.04.utf16le"),
        win.WSL_VERSION: raw("wsl-version.2.4.13.utf16le"),
        win.WSL_LIST: raw("wsl-list.ubuntu-24.04-docker.utf16le"),
    }
    builder = HostBuilder.from_fixture("windows-healthy-2gpu.json")
    before = windows_facts(builder)
    for args, data in utf8.items():
        builder.set("run", ["wsl.exe", *args], command(data.decode("utf-16-le").encode("utf-8")))
    assert windows_facts(builder) == before


# -- WSL set-up problems ----------------------------------------------------------------------------

def test_windows_features_disabled():
    feature = checks(HostBuilder.from_fixture("windows-features-disabled.json"), "wsl.feature")["wsl.feature"]
    assert feature.status is Status.FAIL
    failed = finding_with(feature, Status.FAIL)
    assert "Virtual Machine Platform feature is off" in failed.summary
    assert "BIOS" in "\n".join(failed.details)
    assert failed.fix == "windows.enable-wsl2"


def test_virtual_machine_platform_off_is_read_from_wsl_status_without_elevation():
    builder = native("windows-features-disabled.json", ["powershell.exe", *win.POWERSHELL, win.FEATURES_QUERY],
                     command(returncode=1, stderr=b"Get-CimInstance : Access denied \r\n"))
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.FAIL
    assert finding_with(feature, Status.FAIL).fix == "windows.enable-wsl2"


def test_unreadable_features_need_an_elevated_shell_and_are_skipped_not_failed():
    builder = HostBuilder.from_fixture("windows-healthy-2gpu.json")
    builder.set("run", ["powershell.exe", *win.POWERSHELL, win.FEATURES_QUERY],
                command(returncode=1, stderr=b"Get-CimInstance : Access denied \r\n"))
    builder.set("run", ["wsl.exe", *win.WSL_LIST], command(raw("wsl-list.stopped.utf16le")))
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.PASS
    skipped = finding_with(feature, Status.SKIP)
    assert "needs an elevated (administrator) shell" in skipped.summary


def test_a_running_wsl2_distribution_shows_the_features_are_on_without_elevation():
    builder = native("windows-healthy-2gpu.json", ["powershell.exe", *win.POWERSHELL, win.FEATURES_QUERY],
                     command(returncode=1, stderr=b"Get-CimInstance : Access denied \r\n"))
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.PASS
    assert "Virtual Machine Platform is enabled (a distribution runs as WSL 2)" in text_of(feature)


def test_default_version_1():
    builder = native("windows-healthy-2gpu.json", ["wsl.exe", *win.WSL_STATUS],
                     command(raw("wsl-status.default-version-1.utf16le")))
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.WARN
    warned = finding_with(feature, Status.WARN)
    assert "default version is 1" in warned.summary and "WSL 1 has no GPU access" in warned.details[0]
    assert warned.fix == "windows.enable-wsl2"


def test_default_distribution_on_wsl1():
    builder = HostBuilder.from_fixture("windows-healthy-2gpu.json")
    builder.set("run", ["wsl.exe", *win.WSL_STATUS], command(raw("wsl-status.default-ubuntu-22.04.utf16le")))
    builder.set("run", ["wsl.exe", *win.WSL_LIST], command(raw("wsl-list.default-wsl1.utf16le")))
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.FAIL
    failed = finding_with(feature, Status.FAIL)
    assert "default distribution Ubuntu-22.04 runs as WSL 1" in failed.summary
    assert (failed.fix, failed.fix_args) == ("windows.convert-distro-wsl2", ("-Distro", "Ubuntu-22.04"))


def test_this_distribution_on_wsl1():
    results = checks(HostBuilder.from_fixture("wsl1-ubuntu.json"), "wsl.feature", "wsl.gpu")
    failed = finding_with(results["wsl.feature"], Status.FAIL)
    assert results["wsl.feature"].status is Status.FAIL
    assert "(Ubuntu-20.04) runs as WSL 1, which has no GPU access" in failed.summary
    assert (failed.fix, failed.fix_args) == ("windows.convert-distro-wsl2", ("-Distro", "Ubuntu-20.04"))
    assert results["wsl.gpu"].status is Status.SKIP and "WSL 1 has no GPU access" in text_of(results["wsl.gpu"])


def test_old_wsl_kernel():
    document = snapshot_document("wsl2-healthy-2gpu.json")
    system = next(c for c in document["calls"] if c["probe"] == "system")["answer"]
    for release, status in (("5.10.16.3-microsoft-standard-WSL2", Status.WARN),
                            ("4.19.104-microsoft-standard", Status.FAIL)):
        builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json").set("system", [], {**system, "os_release": release})
        feature = checks(builder, "wsl.feature")["wsl.feature"]
        assert feature.status is status
        assert release in text_of(feature) and "wsl --update" in text_of(feature)


def test_windows_build_too_old_for_gpu_in_wsl():
    document = snapshot_document("windows-healthy-2gpu.json")
    system = next(c for c in document["calls"] if c["probe"] == "system")["answer"]
    builder = HostBuilder.from_fixture("windows-healthy-2gpu.json").set(
        "system", [], {**system, "extra": {**system["extra"], "windows_build": 19042}})
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.FAIL
    assert "Windows build 19042 cannot pass the GPU into WSL" in text_of(feature)


def test_inbox_wsl_is_a_warning():
    builder = native("windows-healthy-2gpu.json", ["wsl.exe", *win.WSL_VERSION],
                     command(raw("wsl-version.inbox.utf16le"), returncode=WINDOWS_EXIT_MINUS_ONE))
    facts = windows_facts(builder)
    assert facts.inbox_wsl and facts.wsl_package_version is None
    feature = checks(builder, "wsl.feature")["wsl.feature"]
    assert feature.status is Status.WARN and "`wsl --update`" in text_of(feature)


# -- the GPU path inside WSL ------------------------------------------------------------------------

def test_linux_driver_installed_inside_wsl_shadows_libcuda():
    gpu = checks(HostBuilder.from_fixture("wsl2-linux-driver.json"), "wsl.gpu")["wsl.gpu"]
    assert gpu.status is Status.FAIL
    failed = finding_with(gpu, Status.FAIL)
    assert "A Linux NVIDIA driver is installed inside WSL: nvidia-driver-550" in failed.summary
    assert "libnvidia-compute-550" in failed.summary and "cuda-keyring" not in failed.summary
    details = "\n".join(failed.details)
    assert "takes libcuda.so.1 from /lib/x86_64-linux-gnu/libcuda.so.1" in details
    assert "Do not install any Linux display driver in WSL" in details
    assert failed.fix == "wsl.remove-linux-driver"


def test_cuda_meta_package_counts_as_a_driver():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json").set(
        "run", list(wslp.DPKG_QUERY),
        command(b"cuda-12-8\t12.8.1-1\tinstall ok installed\ncuda-drivers-570\t570.124.06-1\tinstall ok installed\n"
                b"cuda-toolkit-12-8\t12.8.1-1\tinstall ok installed\n", returncode=1))
    failed = finding_with(checks(builder, "wsl.gpu")["wsl.gpu"], Status.FAIL)
    assert "cuda-12-8" in failed.summary and "cuda-drivers-570" in failed.summary
    assert "cuda-toolkit-12-8" not in failed.summary
    assert failed.fix == "wsl.remove-linux-driver"


def test_libcuda_from_a_runfile_shadows_without_a_package():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json")
    builder.set("run", list(wslp.LDCONFIG_COMMANDS[0]), command(raw("ldconfig-p.wsl-linux-driver-550.txt")))
    builder.set("glob", [wslp.LINUX_LIBCUDA_GLOBS[0]], ["/usr/lib/x86_64-linux-gnu/libcuda.so.1"])
    failed = finding_with(checks(builder, "wsl.gpu")["wsl.gpu"], Status.FAIL)
    assert "shadow the Windows driver's" in failed.summary and "nvidia-uninstall" in "\n".join(failed.details)
    assert failed.fix is None


def test_no_dxg_and_no_driver_libraries():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json")
    builder.set("resolve", [wslp.DXG], None)
    builder.set("dir", [wslp.WSL_LIB], FileResult(entries=("libd3d12.so", "libd3d12core.so", "libdxcore.so")).to_json())
    gpu = checks(builder, "wsl.gpu")["wsl.gpu"]
    assert gpu.status is Status.FAIL
    text = text_of(gpu)
    assert "/dev/dxg is missing" in text
    assert "missing from /usr/lib/wsl/lib: libcuda.so, libcuda.so.1, libnvidia-ml.so.1, nvidia-smi" in text


def test_loader_configuration_switched_off():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json")
    builder.set("file", [wslp.WSL_LD_CONF, 4096, False], FileResult(error="not-found").to_json())
    builder.set("run", list(wslp.LDCONFIG_COMMANDS[0]),
                command(b"1 libs found in cache `/etc/ld.so.cache'\n"
                        b"\tlibc.so.6 (libc6,x86-64, OS ABI: Linux 3.2.0) => /lib/x86_64-linux-gnu/libc.so.6\n"))
    gpu = checks(builder, "wsl.gpu")["wsl.gpu"]
    assert gpu.status is Status.FAIL
    assert "no libcuda.so.1" in text_of(gpu) and "ldconfig = false" in text_of(gpu)


def test_tcc_gpu_is_not_available_in_wsl():
    tcc = raw("nvidia-smi-query.rtx4090x2-572.83.csv").replace(b"02:00.0, 572.83, WDDM", b"02:00.0, 572.83, TCC")
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json").set(
        "run", inside_wsl("nvidia-smi.exe", *win.NVIDIA_SMI_QUERY), command(tcc))
    gpu = checks(builder, "wsl.gpu")["wsl.gpu"]
    assert gpu.status is Status.WARN
    assert "TCC mode are not available in WSL: NVIDIA GeForce RTX 4090 (00000000:02:00.0)" in text_of(gpu)


# -- interop ----------------------------------------------------------------------------------------

def test_interop_off_is_a_finding_not_a_crash():
    builder = HostBuilder.from_fixture("wsl2-interop-off.json")
    facts = windows_facts(builder)
    assert not facts.reachable and facts.problem.startswith("interop-disabled")
    results = checks(builder)
    assert results["wsl.feature"].status is Status.PASS
    skipped = finding_with(results["wsl.feature"], Status.SKIP)
    assert "Windows could not be asked" in skipped.summary and "[interop] enabled=false" in skipped.details[0]
    assert "WSLInterop binfmt entry: absent" in skipped.details[0]
    assert results["windows.env"].status is Status.SKIP
    assert results["wsl.gpu"].status is Status.PASS


def test_windows_executables_not_mounted():
    builder = HostBuilder.from_fixture("wsl2-interop-off.json").set(
        "run", inside_wsl("wsl.exe", *win.WSL_STATUS), command(returncode=None, error="not-found"))
    facts = windows_facts(builder)
    assert not facts.reachable and facts.problem.startswith("not-found")


def test_probes_survive_a_snapshot_that_recorded_nothing_else():
    for name in ("wsl2-healthy-2gpu.json", "windows-healthy-2gpu.json"):
        system = next(c for c in snapshot_document(name)["calls"] if c["probe"] == "system")
        host = ReplayHost({'["system"]': system["answer"]})
        facts = _Facts(host)
        assert probe_wsl(host, facts) is not None and probe_windows(host, facts) is not None
        report = run(ReplayHost({'["system"]': system["answer"]}), only=WSL_CHECKS)
        assert all(r.status is not Status.ERROR for r in report.results), [text_of(r) for r in report.results]


# -- the driver from Windows --------------------------------------------------------------------------

def test_windows_531_driver_comes_from_wmi_and_driver_version_fails():
    builder = HostBuilder.from_fixture("windows-531-2gpu.json")
    facts = windows_facts(builder)
    assert (facts.driver_version, facts.driver_source, facts.driver_branch) == ("531.79", "WMI", 531)
    assert [a.driver_version for a in facts.adapters] == ["31.0.15.3179", "31.0.15.3179"]
    driver = checks(builder, "driver.version")["driver.version"]
    assert driver.status is Status.FAIL and "531.79" in text_of(driver)


def test_driver_from_the_registry_when_nvidia_smi_and_wmi_fail():
    builder = HostBuilder.from_fixture("windows-531-2gpu.json")
    builder.set("run", ["powershell.exe", *win.POWERSHELL, win.VIDEO_CONTROLLERS_QUERY], command(returncode=None, error="timeout"))
    key = win.DISPLAY_CLASS_KEY
    builder.set("run", ["reg.exe", "query", key, "/s", "/v", "DriverVersion"], command(
        f"\r\n{key.replace('HKLM', 'HKEY_LOCAL_MACHINE')}\\0000\r\n    DriverVersion    REG_SZ    31.0.101.4255\r\n"
        f"\r\n{key.replace('HKLM', 'HKEY_LOCAL_MACHINE')}\\0001\r\n    DriverVersion    REG_SZ    31.0.15.3179\r\n"
        "\r\nEnd of search: 2 match(es) found.\r\n".encode()))
    builder.set("run", ["reg.exe", "query", key, "/s", "/v", "DriverDesc"], command(
        f"\r\n{key.replace('HKLM', 'HKEY_LOCAL_MACHINE')}\\0000\r\n    DriverDesc    REG_SZ    Intel(R) UHD Graphics 770\r\n"
        f"\r\n{key.replace('HKLM', 'HKEY_LOCAL_MACHINE')}\\0001\r\n    DriverDesc    REG_SZ    NVIDIA GeForce RTX 3090\r\n"
        "\r\nEnd of search: 2 match(es) found.\r\n".encode()))
    facts = windows_facts(builder)
    assert (facts.driver_version, facts.driver_source) == ("531.79", "registry")
    assert facts.adapters == (win.DisplayAdapter("NVIDIA GeForce RTX 3090", "31.0.15.3179"),)


def test_no_driver_source_is_a_problem_not_a_crash():
    builder = HostBuilder.from_fixture("windows-531-2gpu.json")
    builder.set("run", ["powershell.exe", *win.POWERSHELL, win.VIDEO_CONTROLLERS_QUERY], command(returncode=None, error="timeout"))
    facts = windows_facts(builder)
    assert facts.driver_version is None
    assert facts.driver_problem.startswith("nvidia-smi.exe: not-found; WMI: timeout; registry:")


# -- the Windows environment ------------------------------------------------------------------------

def test_cuda_visible_devices_in_the_user_environment_hides_gpu_0_from_ollama():
    builder = native("windows-healthy-2gpu.json", ["reg.exe", "query", USER_ENV, "/v", "CUDA_VISIBLE_DEVICES"],
                     command(raw("reg-query.user-cuda-visible-devices-1.stdout")))
    env = checks(builder, "windows.env")["windows.env"]
    assert env.status is Status.WARN
    warned = finding_with(env, Status.WARN)
    assert "CUDA_VISIBLE_DEVICES='1' in the Windows User environment hides GPU 0" in warned.summary
    assert "tray" in warned.details[0]
    assert (warned.fix, warned.fix_args) == ("windows.set-user-env",
                                            ("-Name", "CUDA_VISIBLE_DEVICES", "-Remove", "-RestartOllama"))


def test_ollama_variables_are_listed_with_their_scope():
    builder = native("windows-healthy-2gpu.json", ["reg.exe", "query", USER_ENV, "/f", "OLLAMA_"],
                     command(raw("reg-query.user-search-ollama.stdout")))
    env = checks(builder, "windows.env")["windows.env"]
    assert env.status is Status.PASS
    assert r"OLLAMA_MODELS=D:\ollama\models (User)" in env.findings[0].summary
    assert "OLLAMA_HOST=0.0.0.0:11434 (User)" in env.findings[0].summary


def test_nccl_variable_set_in_windows_does_not_reach_wsl():
    builder = HostBuilder.from_fixture("wsl2-healthy-2gpu.json").set(
        "run", inside_wsl("reg.exe", "query", USER_ENV, "/f", "NCCL_"), command(raw("reg-query.user-search-nccl.stdout")))
    env = checks(builder, "windows.env")["windows.env"]
    assert env.status is Status.WARN
    warned = finding_with(env, Status.WARN)
    assert "NCCL_P2P_DISABLE=1 is set in Windows but does not reach WSL" in warned.summary
    assert (warned.fix, warned.fix_args) == ("linux.set-shell-env", ("--name", "NCCL_P2P_DISABLE", "--value", "1"))


def test_unreadable_registry_is_skipped():
    builder = native("windows-healthy-2gpu.json", ["reg.exe", "query", USER_ENV, "/v", "CUDA_VISIBLE_DEVICES"],
                     command(returncode=None, error="timeout"))
    env = checks(builder, "windows.env")["windows.env"]
    assert env.status is Status.SKIP and "reg.exe: timeout" in env.findings[0].summary


def test_secret_looking_values_are_redacted():
    secret = b"\r\nHKEY_CURRENT_USER\\Environment\r\n    OLLAMA_HOST    REG_SZ    http://me:hunter2@10.0.0.5:11434\r\n\r\n" \
             b"End of search: 1 match(es) found.\r\n"
    builder = native("windows-healthy-2gpu.json", ["reg.exe", "query", USER_ENV, "/f", "OLLAMA_"], command(secret))
    facts = windows_facts(builder)
    assert facts.variables("OLLAMA_HOST")[0].value == "http://<redacted>@10.0.0.5:11434"
