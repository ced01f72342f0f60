"""Issue 18 on recorded Windows and WSL hosts (tests/fixtures/hosts, built by scenarios.py from the raw
outputs in tests/fixtures/raw/windows, whose README names the public report behind each one): a Linux
driver left in WSL 1, stray NVIDIA libraries and their packages, NVML blocked by the operating system,
the conversion plan, WSL's own limits, Docker Desktop, and two GPUs on native Windows."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from click.testing import CliRunner
from hosts import HostBuilder, result, run, text_of
from ollama_torch.support import ps_body, with_ollama
from wsl_windows.scenarios import HOST_MEMORY, WSL_TOOL_PATHS, command, raw, settings_output

from gpudoctor.cli import main
from gpudoctor.fixing.catalog import load_catalog
from gpudoctor.fixing.plan import Target, build_plan, wsl_share
from gpudoctor.model import Status
from gpudoctor.probes import windows as win
from gpudoctor.probes import windows_settings as winset
from gpudoctor.probes import wsl as wslp
from gpudoctor.probes.windows_settings import parse_settings, parse_wslconfig
from gpudoctor.probes.wsl import parse_owner

HOSTS = Path(__file__).parents[1] / "fixtures" / "hosts"
CATALOG = load_catalog()
WSL1_INBOX = "wsl1-linux-driver-inbox.json"
OS_BLOCKED = "wsl2-nvidia-utils-os-blocked.json"
UTF16 = "wsl2-wslconfig-utf16.json"
HEALTHY = "wsl2-healthy-2gpu.json"
TDR = "windows-tdr-2gpu.json"
SETTINGS_ARGV = [WSL_TOOL_PATHS["powershell.exe"], *win.POWERSHELL, winset.SETTINGS_SCRIPT]


def checked(builder_or_name, *ids):
    builder = HostBuilder.from_fixture(builder_or_name) if isinstance(builder_or_name, str) else builder_or_name
    report = run(builder.host(), only=list(ids))
    return {i: result(report, i) for i in ids}


def worst(check_result, status: Status):
    return next(f for f in check_result.findings if f.status is status)


def fix(*args):
    return CliRunner().invoke(main, ["fix", *args])


# -- 1. a Linux driver inside WSL 1 ------------------------------------------------------------------

def test_wsl1_names_the_linux_driver_and_gpu_count_points_to_checks_that_run():
    found = checked(WSL1_INBOX, "gpu.count", "wsl.gpu", "wsl.feature")
    gpu = found["wsl.gpu"]
    assert gpu.status is Status.FAIL
    driver = worst(gpu, Status.FAIL)
    assert driver.summary == ("A Linux NVIDIA driver is installed inside WSL: cuda, cuda-11-8, nvidia-utils-510, "
                              "libnvidia-compute-510.")
    assert driver.fix == "wsl.remove-linux-driver"
    assert "once converted to WSL 2 these files would shadow /usr/lib/wsl/lib" in "\n".join(driver.details)
    count = found["gpu.count"]
    assert count.findings[0].summary == ("NVML cannot work here: this distribution runs as WSL 1, which has no "
                                         "GPU access.")
    text = text_of(count)
    # gpu.count points to two checks that ran and to fixes that are planned
    assert "wsl.feature" in text and "windows.convert-distro-wsl2" in text
    assert "wsl.gpu names it" in text and "wsl.remove-linux-driver" in text
    assert found["wsl.feature"].status is Status.FAIL


def test_wsl1_without_a_linux_driver_is_still_a_skip_on_wsl_gpu():
    gpu = checked("wsl1-ubuntu.json", "wsl.gpu")["wsl.gpu"]
    assert gpu.status is Status.SKIP and "no Linux NVIDIA driver is installed here" in gpu.findings[0].summary


def test_wsl1_plan_converts_on_windows_first_then_removes_the_driver_with_the_build_s_path_form():
    result_ = fix("--from", str(HOSTS / WSL1_INBOX))
    assert result_.exit_code == 0, result_.output
    out = result_.stdout
    assert out.index("1. windows.convert-distro-wsl2") < out.index("2. wsl.remove-linux-driver")
    # Windows 10 build 19045 with the in-box WSL knows only \\wsl$\ (\\wsl.localhost\ came with build 21354).
    assert "-File '\\\\wsl$\\Ubuntu-20.04\\" in out and "wsl.localhost" not in out
    assert "convert-distro-wsl2.ps1 -Distro Ubuntu-20.04 -Update" in out
    assert "with -Update, runs wsl.exe --update first" in out


def test_store_wsl_plan_uses_wsl_localhost_and_no_update():
    out = fix("--from", str(HOSTS / "wsl1-ubuntu.json")).stdout
    assert "-File \\\\wsl.localhost\\Ubuntu-20.04\\" in out
    assert "-Distro Ubuntu-20.04" in out and "-Update" not in out.split("arguments:")[1].split("\n\n")[0]


@pytest.mark.parametrize("build, store, share", [
    (19045, False, "\\\\wsl$"), (19045, True, "\\\\wsl.localhost"), (21354, False, "\\\\wsl.localhost"),
    (22631, False, "\\\\wsl.localhost"), (None, False, "\\\\wsl.localhost")])
def test_wsl_share_by_windows_build(build, store, share):
    assert wsl_share(build, store) == share


# -- 2. stray NVIDIA libraries and the packages that own them ----------------------------------------

def test_each_stray_library_is_named_with_its_dpkg_package():
    gpu = checked(OS_BLOCKED, "wsl.gpu")["wsl.gpu"]
    failed = worst(gpu, Status.FAIL)
    details = "\n".join(failed.details)
    assert ("libnvidia-ml.so.1 at /lib/x86_64-linux-gnu/libnvidia-ml.so.1: owned by libnvidia-compute-510:amd64 "
            "(dpkg-query); programs load this one.") in details
    assert "libcuda.so.1 at /lib/x86_64-linux-gnu/libcuda.so.1: owned by libnvidia-compute-510:amd64" in details
    strays = failed.evidence["stray_libraries"]
    assert [s["real_path"] for s in strays] == ["/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.510.108.03",
                                                "/usr/lib/x86_64-linux-gnu/libcuda.so.510.108.03"]
    assert failed.fix == "wsl.remove-linux-driver" and failed.fix_args == ()  # the fix's own list catches them


def _arch(builder: HostBuilder) -> HostBuilder:
    """The WSL 2 host with the loader cache quoted in Syllo/nvtop#441 and pacman instead of dpkg."""
    builder.set("run", list(wslp.LDCONFIG_COMMANDS[0]), command(raw("ldconfig-p.wsl-nvtop-441.txt")))
    builder.set("run", list(wslp.DPKG_QUERY), command(returncode=None, error="not-found"))
    builder.set("which", ["dpkg-query"], []).set("which", ["pacman"], ["/usr/bin/pacman"])
    for path in ("/usr/lib/libnvidia-ml.so.1", "/usr/lib/libnvidia-ml.so"):
        builder.set("resolve", [path], "/usr/lib/libnvidia-ml.so.575.64")
    builder.set("run", ["pacman", "-Qo", "/usr/lib/libnvidia-ml.so.575.64"], command(raw("pacman-Qo.libnvidia-ml.stdout")))
    return builder


def test_stray_nvml_on_an_arch_distribution_is_named_with_its_pacman_package():
    gpu = checked(_arch(HostBuilder.from_fixture(HEALTHY)), "wsl.gpu")["wsl.gpu"]
    failed = worst(gpu, Status.FAIL)
    assert failed.summary == "A Linux NVIDIA driver is installed inside WSL: nvidia-utils."
    details = "\n".join(failed.details)
    # the versioned name still loads from /usr/lib/wsl/lib; the unversioned one only exists as the stray copy
    assert "libnvidia-ml.so.1 at /usr/lib/libnvidia-ml.so.1: owned by nvidia-utils (pacman)." in details
    assert "libnvidia-ml.so at /usr/lib/libnvidia-ml.so: owned by nvidia-utils (pacman); programs load this one." in details
    assert "`sudo pacman -Rns nvidia-utils`" in details
    assert failed.fix is None  # the fix script is apt's; pacman's command is given instead


def test_a_dpkg_package_outside_the_fix_s_list_is_passed_to_it():
    builder = HostBuilder.from_fixture(HEALTHY)
    builder.set("run", list(wslp.LDCONFIG_COMMANDS[0]), command(
        b"2 libs found in cache `/etc/ld.so.cache'\n"
        b"\tlibcuda.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcuda.so.1\n"
        b"\tlibcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1\n"))
    builder.set("resolve", ["/usr/lib/x86_64-linux-gnu/libcuda.so.1"], "/usr/lib/x86_64-linux-gnu/libcuda.so.535.216.01")
    builder.set("run", ["dpkg-query", "-S", "/usr/lib/x86_64-linux-gnu/libcuda.so.535.216.01"],
                command(b"libcuda1:amd64: /usr/lib/x86_64-linux-gnu/libcuda.so.535.216.01\n"))
    failed = worst(checked(builder, "wsl.gpu")["wsl.gpu"], Status.FAIL)
    assert failed.summary == "A Linux NVIDIA driver is installed inside WSL: libcuda1."
    assert failed.fix == "wsl.remove-linux-driver" and failed.fix_args == ("--package", "libcuda1")
    plan = build_plan(run(builder.host()), CATALOG, Target("wsl", "Ubuntu-24.04"))
    remove = next(f for f in plan.fixes if f.id == "wsl.remove-linux-driver")
    assert remove.command[-2:] == ("--package", "libcuda1")


@pytest.mark.parametrize("manager, text, package", [
    ("dpkg-query", "libnvidia-compute-510:amd64: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.510.108.03\n",
     "libnvidia-compute-510:amd64"),
    ("dpkg-query", "dpkg-query: no path found matching pattern /lib/x86_64-linux-gnu/libcuda.so.1\n", None),
    ("rpm", "xorg-x11-drv-nvidia-cuda-libs-550.120-1.fc40.x86_64\n", "xorg-x11-drv-nvidia-cuda-libs-550.120-1.fc40.x86_64"),
    ("rpm", "file /usr/lib64/libcuda.so.1 is not owned by any package\n", None),
    ("pacman", "/usr/lib/libnvidia-ml.so.575.64 is owned by nvidia-utils 575.64-1\n", "nvidia-utils"),
    ("pacman", "error: No package owns /usr/lib/libcuda.so.1\n", None),
])
def test_owner_output_of_each_package_manager(manager, text, package):
    assert parse_owner(manager, text) == package


# -- 3. NVML_ERROR_OPERATING_SYSTEM ------------------------------------------------------------------

def test_gpu_access_blocked_is_tied_to_the_linux_packages_found():
    found = checked(OS_BLOCKED, "gpu.count", "wsl.gpu", "driver.version")
    count = found["gpu.count"].findings[0]
    assert count.status is Status.FAIL
    assert count.summary.startswith("NVML fails inside WSL because a Linux NVIDIA driver installed in this "
                                    "distribution is loaded instead of the Windows driver's libraries: cuda")
    assert "libnvidia-compute-510" in count.summary
    assert "NVML said: NVML_ERROR_OPERATING_SYSTEM." in count.details
    gpu_details = "\n".join(worst(found["wsl.gpu"], Status.FAIL).details)
    assert "This is why NVML fails here (NVML_ERROR_OPERATING_SYSTEM)" in gpu_details
    # the Windows driver version is still judged from nvidia-smi.exe
    assert "572.83" in text_of(found["driver.version"])


def test_gpu_access_blocked_without_linux_packages_points_at_tcc_and_windows():
    builder = HostBuilder.from_fixture(HEALTHY).set_nvml("nvmlInit", error="NVML_ERROR_OPERATING_SYSTEM")
    count = checked(builder, "gpu.count")["gpu.count"]
    assert count.findings[0].summary == "NVML inside WSL: GPU access blocked by the operating system."
    assert "TCC mode is never shared with WSL" in text_of(count) and "`nvidia-smi -i N -dm 0`" in text_of(count)


# -- 4. the conversion plan ---------------------------------------------------------------------------

def test_in_box_wsl_conversion_says_update_first_and_what_set_default_version_does():
    feature = checked(WSL1_INBOX, "wsl.feature")["wsl.feature"]
    failed = worst(feature, Status.FAIL)
    details = "\n".join(failed.details)
    assert details.index("Run `wsl --update` first") < details.index("`wsl --set-version Ubuntu-20.04 2`")
    assert ("`wsl --set-default-version 2` does not convert it: the default applies only to distributions "
            "installed afterwards") in details
    assert failed.fix_args == ("-Distro", "Ubuntu-20.04", "-Update")


def test_store_wsl_conversion_has_no_update_step():
    failed = worst(checked("wsl1-ubuntu.json", "wsl.feature")["wsl.feature"], Status.FAIL)
    assert "wsl --update" not in "\n".join(failed.details) and failed.fix_args == ("-Distro", "Ubuntu-20.04")


def test_default_version_1_explains_it_changes_only_new_distributions():
    builder = HostBuilder.from_fixture("wsl1-ubuntu.json").set(
        "run", [WSL_TOOL_PATHS["wsl.exe"], *win.WSL_STATUS], command(raw("wsl-status.default-version-1.utf16le")))
    warned = next(f for f in checked(builder, "wsl.feature")["wsl.feature"].findings
                  if f.summary.startswith("New WSL distributions install as WSL 1"))
    assert "installed ones keep their version" in warned.details[0]


def test_convert_script_declares_update():
    spec = CATALOG["windows.convert-distro-wsl2"]
    assert spec.param("-Update") is not None and spec.param("-Update").metavar is None


# -- WSL's own limits ----------------------------------------------------------------------------------

def test_utf16_wslconfig_is_ignored_and_the_default_memory_is_below_the_vram():
    limits = checked(UTF16, "wsl.limits")["wsl.limits"]
    assert limits.status is Status.FAIL
    ignored = worst(limits, Status.FAIL)
    assert ignored.summary == ("%UserProfile%\\.wslconfig is saved as UTF-16 with a byte-order mark: WSL ignores it "
                               "silently, so none of its settings apply (memory=6GB, swap=0, localhostforwarding=true).")
    assert "https://github.com/microsoft/WSL/issues/7851" in ignored.details[0]
    assert ignored.fix == "windows.wslconfig-utf8"
    memory = worst(limits, Status.WARN)
    assert memory.summary == ("This WSL 2 VM has 31.3 GiB of RAM (WSL's default, half of Windows' 63.7 GiB): less "
                              "than the 48.0 GiB of VRAM on the 2 GPUs.")


def test_healthy_wsl2_limits_pass_with_the_configured_memory():
    limits = checked(HEALTHY, "wsl.limits")["wsl.limits"]
    assert limits.status is Status.PASS
    assert [f.summary for f in limits.findings] == [
        ".wslconfig (utf-8): memory=56GB, processors=16.",
        "This WSL 2 VM has 54.9 GiB of RAM (`[wsl2] memory=56GB` in .wslconfig), at least the 48.0 GiB of VRAM.",
        "/dev/shm has 27.4 GiB: enough for NCCL between 2 GPUs."]


def test_a_loaded_ollama_model_larger_than_wsl_memory_is_named():
    builder = with_ollama(HostBuilder.from_fixture(HEALTHY),
                          ps=ps_body(("llama3.1:70b-instruct-q8_0", 74_980_000_000, 51_000_000_000)))
    memory = worst(checked(builder, "wsl.limits")["wsl.limits"], Status.WARN)
    assert "less than the model Ollama has loaded (llama3.1:70b-instruct-q8_0, 69.8 GiB)" in memory.summary


def test_gpu_support_off_in_wslconfig_fails():
    settings = settings_output(wslconfig=b"[wsl2]\r\ngpuSupport=false\r\n", memory=HOST_MEMORY)
    builder = HostBuilder.from_fixture(HEALTHY).set("run", SETTINGS_ARGV, command(settings))
    failed = worst(checked(builder, "wsl.limits")["wsl.limits"], Status.FAIL)
    assert "`[wsl2] gpuSupport=false`" in failed.summary


def test_small_dev_shm_warns_for_nccl():
    builder = HostBuilder.from_fixture(HEALTHY).set("run", list(wslp.SHM_DF), command(
        (Path(__file__).parents[1] / "fixtures" / "raw" / "containers" / "podman-4.3.1-df-k-dev-shm.txt").read_bytes()))
    warned = worst(checked(builder, "wsl.limits")["wsl.limits"], Status.WARN)
    assert warned.summary.startswith("/dev/shm has only 0.1 GiB for NCCL between 2 GPUs")


def test_limits_are_skipped_when_interop_is_off():
    limits = checked("wsl2-interop-off.json", "wsl.limits")["wsl.limits"]
    assert limits.findings[0].status is Status.SKIP and "Windows could not be asked" in limits.findings[0].summary


@pytest.mark.parametrize("data, encoding, ignored", [
    (b"[wsl2]\r\nmemory=6GB\r\n", "utf-8", False),
    (b"\xef\xbb\xbf[wsl2]\r\nmemory=6GB\r\n", "utf-8-bom", False),
    (raw("wslconfig.wsl-7851.utf16bom"), "utf-16-bom", True),
    ("[wsl2]\r\nmemory=6GB\r\n".encode("utf-16-le"), "utf-16", True),
])
def test_wslconfig_encodings(data, encoding, ignored):
    config = parse_wslconfig(data)
    assert (config.encoding, config.ignored_by_wsl, config.values["wsl2"]["memory"]) == (encoding, ignored, "6GB")


def test_settings_output_parses_preferences_and_scheduling():
    text = (b"wslconfig=" + base64.b64encode(b"[wsl2]\nswap=0\n") + b"\r\nmemory=68447973376\r\ntdrdelay=60\r\n"
            b"tdrlevel=\r\nhwschmode=1\r\nevents4101=0\r\n"
            b"gpupref=%USERPROFILE%\\AppData\\Local\\Programs\\Ollama\\ollama app.exe|GpuPreference=2;\r\n").decode()
    settings = parse_settings(text)
    assert (settings.tdr_delay_s, settings.tdr_level, settings.hags, settings.tdr_events) == (60, None, False, 0)
    assert settings.wslconfig.values == {"wsl2": {"swap": "0"}}
    assert [(p.app.endswith("ollama app.exe"), p.preference) for p in settings.gpu_preferences] == [(True, 2)]


# -- Docker Desktop with WSL -----------------------------------------------------------------------------

def test_docker_desktop_integration_on_uses_its_nvidia_runtime():
    docker = checked(HEALTHY, "wsl.docker")["wsl.docker"]
    assert docker.status is Status.PASS and "integration is on for this distribution" in docker.findings[0].summary
    assert "no nvidia-container-toolkit" in docker.findings[0].details[0]


def test_docker_desktop_running_with_integration_off():
    docker = checked(UTF16, "wsl.docker")["wsl.docker"]
    assert docker.status is Status.WARN
    assert "Settings > Resources > WSL integration" in docker.findings[0].details[0]


def test_docker_desktop_without_the_nvidia_runtime_fails_with_the_error_users_see():
    runtimes = (Path(__file__).parents[1] / "fixtures" / "raw" / "containers" / "docker-info-runtimes-plain.json")
    builder = HostBuilder.from_fixture(HEALTHY).set(
        "run", ["docker", "info", "--format", "{{json .Runtimes}}"], command(runtimes.read_bytes()))
    failed = worst(checked(builder, "wsl.docker")["wsl.docker"], Status.FAIL)
    assert 'could not select device driver "" with capabilities: [[gpu]]' in failed.summary
    assert "does not change Docker Desktop's engine" in failed.details[0]


def test_an_engine_installed_in_the_distribution_next_to_docker_desktop():
    builder = (HostBuilder.from_fixture(HEALTHY).set("resolve", [wslp.DOCKER_CLI], "/usr/bin/docker")
               .set("resolve", [wslp.DOCKER_SOCKET], "/run/docker.sock"))
    found = checked(builder, "wsl.docker")["wsl.docker"].findings[0]
    assert "a Docker Engine installed in this distribution (/usr/bin/docker)" in found.summary
    assert "two engines" in found.summary and "container.runtime checks it" in found.summary


# -- native Windows, two GPUs ---------------------------------------------------------------------------

def test_tdr_resets_in_the_system_log_warn_with_the_registry_fix():
    gpus = checked(TDR, "windows.gpus")["windows.gpus"]
    warned = worst(gpus, Status.WARN)
    assert warned.summary.startswith("Windows reset the NVIDIA driver 3 time(s) (System log, Display event 4101")
    assert "The TDR timeout is 2 s (Windows' default)." in warned.summary
    assert "/v TdrDelay /t REG_DWORD /d 60 /f" in "\n".join(warned.details)
    text = text_of(gpus)
    assert "NVIDIA GeForce RTX 4090 (00000000:01:00.0): WDDM" in text
    assert "ollama app.exe prefers the power saving GPU" in text and "CUDA programs" in text


def test_windows_without_resets_passes():
    gpus = checked("windows-healthy-2gpu.json", "windows.gpus")["windows.gpus"]
    assert gpus.status is Status.PASS
    assert "TDR timeout 2 s (Windows' default); no NVIDIA driver reset (event 4101) in the System log." in text_of(gpus)


def test_hags_with_a_card_older_than_pascal_warns():
    builder = HostBuilder.from_fixture("windows-healthy-2gpu.json").set_nvml("nvmlDeviceGetArchitecture", 1, value=3)
    builder.set_nvml("nvmlDeviceGetName", 1, value="NVIDIA GeForce GTX 980 Ti")
    warned = worst(checked(builder, "windows.gpus")["windows.gpus"], Status.WARN)
    assert warned.summary.startswith("Hardware-accelerated GPU scheduling is on, but GPU 1 (NVIDIA GeForce GTX 980 Ti, "
                                     "Maxwell) predates Pascal")
    assert "koboldcpp/issues/1811" in warned.details[0]


def test_a_tcc_gpu_is_listed_with_its_driver_model():
    csv = raw("nvidia-smi-query.rtx4090x2-572.83.csv").replace(b"WDDM", b"TCC", 1)
    builder = HostBuilder.from_fixture("windows-healthy-2gpu.json").set("run", ["nvidia-smi.exe", *win.NVIDIA_SMI_QUERY],
                                                                       command(csv))
    text = text_of(checked(builder, "windows.gpus")["windows.gpus"])
    assert ": TCC;" in text and "microsoft/WSL/issues/13027" in text



def test_the_settings_script_is_valid_windows_powershell():
    """The one PowerShell call of probes/windows_settings.py parses (tree-sitter, as the fix scripts are)."""
    import importlib.util
    static = Path(__file__).parents[1] / "fixes" / "test_static.py"
    spec = importlib.util.spec_from_file_location("static_checks_settings", static)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module._ps_problems(winset.SETTINGS_SCRIPT.encode()) == []
    assert '"' not in winset.SETTINGS_SCRIPT  # double quotes would need another escaping layer through interop


@pytest.mark.parametrize("name", sorted(p.name for p in HOSTS.glob("wsl*.json")))
def test_every_wsl_fixture_plans_windows_first_with_its_build_s_path_form(name):
    out = fix("--from", str(HOSTS / name))
    assert out.exit_code == 0, out.output
    planned = [line.split(":")[0].split(". ", 1)[1] for line in out.stdout.splitlines()
               if line[:1].isdigit() and ". " in line[:4]]
    shells = [CATALOG[fix_id].shell for fix_id in planned]
    assert shells == sorted(shells, key=lambda shell: shell != "powershell"), planned  # Windows side first
    if "powershell" in shells:
        inbox_old_build = name == WSL1_INBOX
        assert ("\\\\wsl$\\" in out.stdout) is inbox_old_build
        assert ("\\\\wsl.localhost\\" in out.stdout) is not inbox_old_build


def test_utf16_wslconfig_plan_resaves_it_from_windows_before_the_distribution_s_fixes():
    out = fix("--from", str(HOSTS / UTF16)).stdout
    assert out.index("1. windows.wslconfig-utf8") < out.index("2. wsl.install-cuda-toolkit")
    assert "-File \\\\wsl.localhost\\Ubuntu-24.04\\" in out and "wslconfig-utf8.ps1" in out
    assert "WSL must restart: run `wsl.exe --shutdown`" in out


def test_native_windows_multi_gpu_training_points_to_wsl_for_nccl_and_names_the_libuv_trap():
    nccl = checked("windows-healthy-2gpu.json", "nccl.library")["nccl.library"]
    text = text_of(nccl)
    assert nccl.status is Status.SKIP and "only Gloo" in nccl.findings[0].summary
    assert "use_libuv was requested but PyTorch was build without libuv support" in text and "USE_LIBUV=0" in text
    assert "run it inside WSL 2" in text


def test_no_swap_with_memory_below_the_vram_says_loading_fails_outright():
    settings = settings_output(wslconfig=b"[wsl2]\nmemory=24GB\nswap=0\n", memory=HOST_MEMORY)
    builder = HostBuilder.from_fixture(HEALTHY).set("run", SETTINGS_ARGV, command(settings))
    builder.set("file", [wslp.MEMINFO, 8192, False], {"data": "MemTotal:       24615232 kB\n", "error": None})
    warned = worst(checked(builder, "wsl.limits")["wsl.limits"], Status.WARN)
    assert warned.summary == ("This WSL 2 VM has 23.5 GiB of RAM (`[wsl2] memory=24GB` in .wslconfig): less than the "
                              "48.0 GiB of VRAM on the 2 GPUs.")
    assert "With `swap=0` in .wslconfig nothing can be paged out" in "\n".join(warned.details)
