"""Whole-host snapshots of Windows and WSL machines, built from the real output shapes in
tests/fixtures/raw/windows (see its README for where each shape comes from).

Each snapshot answers what the platform, gpus, wsl and windows probes ask on such a machine;
questions other probes ask get "not-recorded", as on any snapshot. `python
tests/wsl_windows/scenarios.py` writes tests/fixtures/hosts/{wsl2-*,wsl1-*,windows-*}.json, and
test_snapshots.py checks that the files on disk are exactly what this module builds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gpudoctor.host.answers import CallResult, CommandResult, FileResult
from gpudoctor.host.base import call_key
import base64

from gpudoctor.probes import windows as win
from gpudoctor.probes import windows_settings as winset
from gpudoctor.probes import wsl as wslp
from gpudoctor.probes.platform import WSLINFO_VERSION

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RAW = FIXTURES / "raw" / "windows"
HOSTS = FIXTURES / "hosts"

# Where appendWindowsPath puts System32 on PATH inside WSL (%SystemRoot% is C:\WINDOWS).
WSL_TOOL_PATHS = {
    "wsl.exe": "/mnt/c/WINDOWS/system32/wsl.exe",
    "reg.exe": "/mnt/c/WINDOWS/system32/reg.exe",
    "cmd.exe": "/mnt/c/WINDOWS/system32/cmd.exe",
    "nvidia-smi.exe": "/mnt/c/WINDOWS/system32/nvidia-smi.exe",
    "powershell.exe": "/mnt/c/WINDOWS/System32/WindowsPowerShell/v1.0/powershell.exe",
}
WINDOWS_EXIT_MINUS_ONE = 4294967295  # wsl.exe's exit code -1 as Windows reports it
RTX_4090 = {"name": "NVIDIA GeForce RTX 4090", "memory": 25757220864, "architecture": 8, "cc": [8, 9]}
RTX_3090 = {"name": "NVIDIA GeForce RTX 3090", "memory": 25769803776, "architecture": 7, "cc": [8, 6]}
UUIDS = ("GPU-8d6f2a51-33c4-b0f7-9b2e-6f1d0c7a4e11", "GPU-2b9e41c7-5a0d-e3f8-41c6-d97a8b05f2c3")


def raw(name: str) -> bytes:
    return (RAW / name).read_bytes()


def command(stdout: bytes = b"", *, returncode: int | None = 0, stderr: bytes = b"", error: str | None = None) -> dict:
    return CommandResult(returncode, stdout, stderr, error).to_json()


REG_NOT_FOUND = command(returncode=1, stderr=raw("reg-query.not-found.stderr"))
REG_NO_MATCH = command(raw("reg-query.search-no-match.stdout"), returncode=1)


class Snapshot:
    def __init__(self, inside_wsl: bool) -> None:
        self.inside_wsl = inside_wsl
        self.calls: dict[str, dict] = {}

    def add(self, probe: str, args: list, answer) -> None:
        self.calls[call_key(probe, args)] = {"probe": probe, "args": list(args), "answer": answer}

    def tool(self, name: str) -> str:
        return WSL_TOOL_PATHS[name] if self.inside_wsl else name

    def windows(self, name: str, args: tuple[str, ...], answer: dict) -> None:
        self.add("run", [self.tool(name), *args], answer)

    def document(self) -> dict:
        return {"format": "gpudoctor-snapshot", "version": 1, "gpudoctor_version": "0.1.0",
                "recorded_at": "2026-11-23T00:00:00Z", "calls": [self.calls[k] for k in sorted(self.calls)]}


def add_nvml(snapshot: Snapshot, driver: str, cuda: int, gpus: list[dict], *, utilization: bool) -> None:
    nvml = lambda *args, value=None, error=None: snapshot.add("nvml", list(args), CallResult(value, error).to_json())
    nvml("nvmlInit", value=True)
    nvml("nvmlSystemGetDriverVersion", value=driver)
    nvml("nvmlSystemGetCudaDriverVersion", value=cuda)
    nvml("nvmlSystemGetNVMLVersion", value=f"{cuda // 1000}.{driver}")
    nvml("nvmlDeviceGetCount", value=len(gpus))
    for index, gpu in enumerate(gpus):
        bus = gpu["bus"]
        nvml("nvmlDeviceGetName", index, value=gpu["name"])
        nvml("nvmlDeviceGetUUID", index, value=UUIDS[index])
        nvml("nvmlDeviceGetPciInfo", index, value={"busIdLegacy": bus[4:], "busId": bus})
        nvml("nvmlDeviceGetMemoryInfo", index, value={"total": gpu["memory"], "free": gpu["memory"] - (1 << 30),
                                                       "used": 1 << 30})
        nvml("nvmlDeviceGetCudaComputeCapability", index, value=gpu["cc"])
        nvml("nvmlDeviceGetArchitecture", index, value=gpu["architecture"])
        # NVIDIA CUDA on WSL User Guide, "Features Not Yet Supported": GPU utilization is not
        # available through NVML inside WSL 2.
        if utilization:
            nvml("nvmlDeviceGetUtilizationRates", index, value={"gpu": 0, "memory": 0})
        else:
            nvml("nvmlDeviceGetUtilizationRates", index, error="NVML_ERROR_NOT_SUPPORTED")
        nvml("nvmlDeviceGetNvLinkState", index, 0, error="NVML_ERROR_NOT_SUPPORTED")  # GeForce: no NVLink


def add_windows_side(snapshot: Snapshot, *, status: bytes, listing: dict, features: bytes, smi: dict,
                     wmi: dict | None = None, environment: dict | None = None,
                     version: bytes | None = None) -> None:
    """What wsl.exe, PowerShell, nvidia-smi.exe and reg.exe answer; `environment` maps
    (scope, query) to an answer, every other query finds nothing."""
    if snapshot.inside_wsl:
        for tool, path in WSL_TOOL_PATHS.items():
            snapshot.add("which", [tool], [path])
    snapshot.windows("wsl.exe", win.WSL_STATUS, command(status))
    snapshot.windows("wsl.exe", win.WSL_VERSION, command(version or raw("wsl-version.2.4.13.utf16le")))
    snapshot.windows("wsl.exe", win.WSL_LIST, listing)
    snapshot.windows("powershell.exe", (*win.POWERSHELL, win.FEATURES_QUERY), command(features))
    snapshot.windows("nvidia-smi.exe", win.NVIDIA_SMI_QUERY, smi)
    if wmi is not None:
        snapshot.windows("powershell.exe", (*win.POWERSHELL, win.VIDEO_CONTROLLERS_QUERY), wmi)
    for scope, key in win.ENVIRONMENT_KEYS.items():
        for query in win.ENVIRONMENT_QUERIES:
            default = REG_NO_MATCH if query[0] == "/f" else REG_NOT_FOUND
            answer = (environment or {}).get((scope, query), default)
            snapshot.windows("reg.exe", ("query", key, *query), answer)


def settings_output(*, wslconfig: bytes | None, memory: int, tdr_delay: str = "", tdr_level: str = "",
                    hwschmode: str = "2", events: int = 0, last_event: str | None = None,
                    preferences: tuple[str, ...] = ()) -> bytes:
    """What the one PowerShell call of probes/windows_settings.py prints (its own key=value lines)."""
    lines = [f"wslconfig={base64.b64encode(wslconfig).decode() if wslconfig is not None else 'absent'}",
             f"memory={memory}", f"tdrdelay={tdr_delay}", f"tdrlevel={tdr_level}", f"hwschmode={hwschmode}",
             f"events4101={events}", *([f"event4101last={last_event}"] if last_event else []),
             *(f"gpupref={p}" for p in preferences)]
    return ("\r\n".join(lines) + "\r\n").encode()


def add_settings(snapshot: Snapshot, output: bytes) -> None:
    snapshot.windows("powershell.exe", (*win.POWERSHELL, winset.SETTINGS_SCRIPT), command(output))


def add_wsl_limits(snapshot: Snapshot, *, meminfo: str, shm: str, docker: tuple[str | None, str | None] = (None, None),
                   owners: dict[str, tuple[str, bytes]] | None = None, manager: str = "dpkg-query") -> None:
    """/proc/meminfo, /dev/shm, where docker leads, and the package manager that owns stray libraries:
    `owners` maps a stray path to (the file behind it, the owner query's output)."""
    snapshot.add("file", [wslp.MEMINFO, 8192, False], FileResult(data=raw(meminfo)).to_json())
    snapshot.add("run", list(wslp.SHM_DF), command(raw(shm)))
    cli, socket = docker
    snapshot.add("which", ["docker"], [wslp.DOCKER_CLI] if cli else [])
    if cli:
        snapshot.add("resolve", [wslp.DOCKER_CLI], cli)
    snapshot.add("resolve", [wslp.DOCKER_SOCKET], socket)
    for name, _ in wslp.OWNER_QUERIES:
        snapshot.add("which", [name], [f"/usr/bin/{name}"] if name == manager else [])
    query = dict(wslp.OWNER_QUERIES)[manager]
    for path, (real, output) in (owners or {}).items():
        snapshot.add("resolve", [path], real)
        snapshot.add("run", [*query, real], command(output))


def add_wsl_side(snapshot: Snapshot, *, ldconfig: bytes, dpkg: dict, linux_libcuda: tuple[str, ...] = (),
                 interop: bool = True) -> None:
    wsl_lib = tuple(raw("ls-usr-lib-wsl-lib.txt").decode().split())
    snapshot.add("dir", [wslp.WSL_LIB], FileResult(entries=wsl_lib).to_json())
    snapshot.add("file", [wslp.WSL_LD_CONF, 4096, False], FileResult(data=raw("ld.wsl.conf")).to_json())
    snapshot.add("resolve", [wslp.DXG], wslp.DXG)
    snapshot.add("run", list(wslp.LDCONFIG_COMMANDS[0]), command(ldconfig))
    snapshot.add("run", list(wslp.DPKG_QUERY), dpkg)
    snapshot.add("run", list(WSLINFO_VERSION), command(raw("wslinfo-wsl-version.txt")))
    for pattern in wslp.LINUX_LIBCUDA_GLOBS:
        snapshot.add("glob", [pattern], [p for p in linux_libcuda if p.startswith(pattern.rsplit("/", 1)[0])])
    snapshot.add("which", ["nvcc"], [])
    snapshot.add("resolve", [wslp.DEFAULT_NVCC], None)
    interop_file = FileResult(data=raw("binfmt-WSLInterop.enabled")) if interop else FileResult(error="not-found")
    snapshot.add("file", [wslp.INTEROP_BINFMT[0], 256, False], interop_file.to_json())
    if not interop:
        snapshot.add("file", [wslp.INTEROP_BINFMT[1], 256, False], FileResult(error="not-found").to_json())


def wsl_system(snapshot: Snapshot, release: str, distro: str, distro_version: str) -> None:
    snapshot.add("system", [], {
        "sys_platform": "linux", "os_release": release, "os_version": "#1 SMP Tue Nov 5 00:21:55 UTC 2024",
        "machine": "x86_64", "python_version": "3.12.3",
        "extra": {"logical_cpus": 32, "memory_bytes": 33546047488,
                  "distro": {"id": "ubuntu", "version": distro_version, "name": f"Ubuntu {distro_version} LTS"}},
    })
    snapshot.add("env", ["WSL_DISTRO_NAME"], distro)


def windows_system(snapshot: Snapshot, build: int) -> None:
    snapshot.add("system", [], {
        "sys_platform": "win32", "os_release": "11", "os_version": f"10.0.{build}", "machine": "AMD64",
        "python_version": "3.12.10",
        "extra": {"logical_cpus": 32, "memory_bytes": 68447973376, "windows_build": build},
    })


def two(gpu: dict) -> list[dict]:
    return [{**gpu, "bus": "00000000:01:00.0"}, {**gpu, "bus": "00000000:02:00.0"}]


HOST_MEMORY = 68447973376  # 64 GB of RAM on the Windows side (windows_system)
DOCKER_DESKTOP_CLI = "/mnt/wsl/docker-desktop/cli-tools/usr/bin/docker"
DOCKER_DESKTOP_SOCKET = "/mnt/wsl/docker-desktop/shared-sockets/guest-services/docker.proxy.sock"
RUNTIMES_NVIDIA = (FIXTURES / "raw" / "containers" / "docker-info-runtimes-nvidia.json").read_bytes()
DEFAULT_SETTINGS = settings_output(wslconfig=None, memory=HOST_MEMORY)


def _wsl2(ldconfig: str, dpkg: dict, linux_libcuda: tuple[str, ...] = (), *, interop: bool = True,
          nvml_error: str | None = None, owners: dict | None = None, settings: bytes = DEFAULT_SETTINGS,
          listing: str = "wsl-list.ubuntu-24.04-docker.utf16le", meminfo: str = "meminfo.wsl2-32gb.txt",
          shm: str = "df-k-dev-shm.wsl2-32gb.txt", docker: tuple[str | None, str | None] = (None, None)) -> Snapshot:
    snapshot = Snapshot(inside_wsl=True)
    wsl_system(snapshot, "5.15.167.4-microsoft-standard-WSL2", "Ubuntu-24.04", "24.04.1")
    add_wsl_side(snapshot, ldconfig=raw(ldconfig), dpkg=dpkg, linux_libcuda=linux_libcuda, interop=interop)
    add_wsl_limits(snapshot, meminfo=meminfo, shm=shm, docker=docker, owners=owners)
    for python in ("python3", "python"):  # no Python on PATH: NCCL is looked for in the loader cache alone
        snapshot.add("which", [python], [])
    if docker[0]:
        snapshot.add("run", ["docker", "info", "--format", "{{json .Runtimes}}"], command(RUNTIMES_NVIDIA))
    if nvml_error:
        snapshot.add("nvml", ["nvmlInit"], CallResult(error=nvml_error).to_json())
    else:
        add_nvml(snapshot, "572.83", 12080, two(RTX_4090), utilization=False)
    if interop:
        add_windows_side(snapshot, status=raw("wsl-status.ubuntu-24.04.utf16le"), listing=command(raw(listing)),
                         features=raw("features.enabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
        add_settings(snapshot, settings)
    else:
        # systemd-binfmt removed WSL's handler (microsoft/WSL#8843): the kernel refuses the .exe.
        snapshot.add("which", ["wsl.exe"], [WSL_TOOL_PATHS["wsl.exe"]])
        snapshot.windows("wsl.exe", win.WSL_STATUS, command(returncode=None, error="os-error: Exec format error"))
        snapshot.windows("powershell.exe", (*win.POWERSHELL, winset.SETTINGS_SCRIPT),
                         command(returncode=None, error="os-error: Exec format error"))
    return snapshot


NO_NVIDIA_PACKAGES = command(raw("dpkg-query.wsl-no-nvidia.stdout"), returncode=1, stderr=raw("dpkg-query.no-match.stderr"))
NVIDIA_UTILS_510 = command(raw("dpkg-query.wsl-cuda-nvidia-utils-510.stdout"), returncode=1,
                           stderr=raw("dpkg-query.no-match.stderr"))
# dpkg-query -S answers for the files behind the stray links of libnvidia-compute-510
OWNERS_510 = {
    "/lib/x86_64-linux-gnu/libnvidia-ml.so.1": ("/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.510.108.03",
                                               raw("dpkg-S.libnvidia-ml.510.stdout")),
    "/lib/x86_64-linux-gnu/libcuda.so.1": ("/usr/lib/x86_64-linux-gnu/libcuda.so.510.108.03",
                                          raw("dpkg-S.libcuda.510.stdout")),
}


def wsl2_healthy() -> Snapshot:
    # Two RTX 4090 under WSL 2 with a .wslconfig that gives the VM 56 GB, Docker Desktop's integration on.
    return _wsl2("ldconfig-p.wsl-ubuntu-24.04.txt", NO_NVIDIA_PACKAGES,
                 settings=settings_output(wslconfig=raw("wslconfig.56gb.utf8"), memory=HOST_MEMORY),
                 listing="wsl-list.ubuntu-24.04-docker-running.utf16le", meminfo="meminfo.wsl2-56gb.txt",
                 shm="df-k-dev-shm.wsl2-56gb.txt", docker=(DOCKER_DESKTOP_CLI, DOCKER_DESKTOP_SOCKET))


def wsl2_wslconfig_utf16() -> Snapshot:
    # microsoft/WSL#7851: a .wslconfig saved as UTF-16 with a BOM is ignored; the VM gets WSL's default half of
    # Windows' 64 GB, less than the two GPUs' 48 GB of VRAM.
    return _wsl2("ldconfig-p.wsl-ubuntu-24.04.txt", NO_NVIDIA_PACKAGES,
                 settings=settings_output(wslconfig=raw("wslconfig.wsl-7851.utf16bom"), memory=HOST_MEMORY),
                 listing="wsl-list.ubuntu-24.04-docker-running.utf16le")


def wsl2_linux_driver() -> Snapshot:
    # nvidia-driver-550 installed with apt inside WSL: its libnvidia-ml.so.1 is the one NVML loads,
    # and without /dev/nvidia* it cannot reach a GPU.
    dpkg = command(raw("dpkg-query.wsl-linux-driver-550.stdout"), returncode=1,
                   stderr=raw("dpkg-query.linux-driver-550.stderr"))
    return _wsl2("ldconfig-p.wsl-linux-driver-550.txt", dpkg,
                 ("/usr/lib/x86_64-linux-gnu/libcuda.so", "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                  "/usr/lib/x86_64-linux-gnu/libcuda.so.550.120"),
                 nvml_error="NVML_ERROR_DRIVER_NOT_LOADED")


def wsl2_nvidia_utils_blocked() -> Snapshot:
    # microsoft/WSL#9166: `apt-get install cuda` and `apt install nvidia-utils-510` inside WSL 2, then
    # nvidia-smi: "Failed to initialize NVML: GPU access blocked by the operating system".
    return _wsl2("ldconfig-p.wsl-nvidia-utils-510.txt", NVIDIA_UTILS_510,
                 ("/usr/lib/x86_64-linux-gnu/libcuda.so.1", "/usr/lib/x86_64-linux-gnu/libcuda.so.510.108.03"),
                 nvml_error="NVML_ERROR_OPERATING_SYSTEM", owners=OWNERS_510)


def wsl2_interop_off() -> Snapshot:
    return _wsl2("ldconfig-p.wsl-ubuntu-24.04.txt", NO_NVIDIA_PACKAGES, interop=False)


def wsl1_ubuntu() -> Snapshot:
    snapshot = Snapshot(inside_wsl=True)
    wsl_system(snapshot, "4.4.0-22621-Microsoft", "Ubuntu-20.04", "20.04.6")
    snapshot.add("dir", [wslp.WSL_LIB], FileResult(error="not-found").to_json())
    snapshot.add("file", [wslp.WSL_LD_CONF, 4096, False], FileResult(error="not-found").to_json())
    snapshot.add("resolve", [wslp.DXG], None)
    snapshot.add("run", list(wslp.DPKG_QUERY), NO_NVIDIA_PACKAGES)
    snapshot.add("file", [wslp.INTEROP_BINFMT[0], 256, False], FileResult(data=raw("binfmt-WSLInterop.enabled")).to_json())
    snapshot.add("nvml", ["nvmlInit"], CallResult(error="NVML_ERROR_LIBRARY_NOT_FOUND").to_json())
    add_windows_side(snapshot, status=raw("wsl-status.ubuntu-20.04.utf16le"),
                     listing=command(raw("wsl-list.ubuntu-20.04-wsl1.utf16le")),
                     features=raw("features.enabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    return snapshot


def wsl1_linux_driver_inbox() -> Snapshot:
    # Windows 10 22H2 (build 19045) with the WSL built into Windows (microsoft/WSL#10040): Ubuntu-20.04 still on
    # WSL 1 although `wsl --set-default-version 2` was run (MicrosoftDocs/WSL#1061), and the packages of
    # microsoft/WSL#9166 installed in it.
    snapshot = Snapshot(inside_wsl=True)
    wsl_system(snapshot, "4.4.0-19041-Microsoft", "Ubuntu-20.04", "20.04.6")
    snapshot.add("dir", [wslp.WSL_LIB], FileResult(error="not-found").to_json())
    snapshot.add("file", [wslp.WSL_LD_CONF, 4096, False], FileResult(error="not-found").to_json())
    snapshot.add("resolve", [wslp.DXG], None)
    snapshot.add("run", list(wslp.DPKG_QUERY), NVIDIA_UTILS_510)
    snapshot.add("run", list(wslp.LDCONFIG_COMMANDS[0]), command(raw("ldconfig-p.wsl1-nvidia-utils-510.txt")))
    snapshot.add("file", [wslp.INTEROP_BINFMT[0], 256, False], FileResult(data=raw("binfmt-WSLInterop.enabled")).to_json())
    add_wsl_limits(snapshot, meminfo="meminfo.wsl2-32gb.txt", shm="df-k-dev-shm.wsl2-32gb.txt", owners=OWNERS_510)
    snapshot.add("nvml", ["nvmlInit"], CallResult(error="NVML_ERROR_DRIVER_NOT_LOADED").to_json())
    add_windows_side(snapshot, status=raw("wsl-status.ubuntu-20.04.utf16le"),
                     listing=command(raw("wsl-list.ubuntu-20.04-wsl1.utf16le")),
                     version=raw("wsl-version.inbox.utf16le"),
                     features=raw("features.enabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    snapshot.windows("wsl.exe", win.WSL_VERSION, command(raw("wsl-version.inbox.utf16le"), returncode=WINDOWS_EXIT_MINUS_ONE))
    snapshot.windows("cmd.exe", win.WINDOWS_VER, command(raw("ver.19045.txt")))
    add_settings(snapshot, DEFAULT_SETTINGS)
    return snapshot


def _windows(gpus: list[dict], driver: str, cuda: int, *, build: int = 26100) -> Snapshot:
    snapshot = Snapshot(inside_wsl=False)
    windows_system(snapshot, build)
    add_nvml(snapshot, driver, cuda, gpus, utilization=True)
    return snapshot


def windows_healthy() -> Snapshot:
    snapshot = _windows(two(RTX_4090), "572.83", 12080)
    add_windows_side(snapshot, status=raw("wsl-status.ubuntu-24.04.utf16le"),
                     listing=command(raw("wsl-list.ubuntu-24.04-docker.utf16le")),
                     features=raw("features.enabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    add_settings(snapshot, settings_output(wslconfig=raw("wslconfig.56gb.utf8"), memory=HOST_MEMORY))
    return snapshot


def windows_tdr_resets() -> Snapshot:
    # Two RTX 4090 on native Windows; the System log holds three Display 4101 events naming nvlddmkm (long
    # prompt processing on the GPU that drives the monitor), TdrDelay unset (2 s); Ollama's tray app is set to
    # "power saving" in Windows graphics settings.
    snapshot = _windows(two(RTX_4090), "572.83", 12080)
    add_windows_side(snapshot, status=raw("wsl-status.ubuntu-24.04.utf16le"),
                     listing=command(raw("wsl-list.ubuntu-24.04-docker.utf16le")),
                     features=raw("features.enabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    add_settings(snapshot, settings_output(
        wslconfig=None, memory=HOST_MEMORY, events=3, last_event="2026-11-20T21:14:03",
        preferences=("%USERPROFILE%\\AppData\\Local\\Programs\\Ollama\\ollama app.exe|GpuPreference=1;",)))
    return snapshot


def windows_531() -> Snapshot:
    # Driver 531.79 (April 2023) from before NVIDIA's DCH packages put nvidia-smi.exe in System32:
    # the driver version comes from WMI.
    snapshot = _windows([{**RTX_3090, "bus": "00000000:0A:00.0"}, {**RTX_3090, "bus": "00000000:0B:00.0"}],
                        "531.79", 12010, build=22631)
    add_windows_side(snapshot, status=raw("wsl-status.ubuntu-24.04.utf16le"),
                     listing=command(raw("wsl-list.ubuntu-24.04-docker.utf16le")),
                     features=raw("features.enabled.csv"), smi=command(returncode=None, error="not-found"),
                     wmi=command(raw("video-controllers.rtx3090x2-intel.csv")))
    return snapshot


def windows_features_disabled() -> Snapshot:
    snapshot = _windows(two(RTX_4090), "572.83", 12080)
    add_windows_side(snapshot, status=raw("wsl-status.vmp-off.utf16le"),
                     listing=command(raw("wsl-list.no-distributions.utf16le"), returncode=WINDOWS_EXIT_MINUS_ONE),
                     features=raw("features.disabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    return snapshot


SCENARIOS = {
    "wsl2-healthy-2gpu.json": wsl2_healthy,
    "wsl2-linux-driver.json": wsl2_linux_driver,
    "wsl2-interop-off.json": wsl2_interop_off,
    "wsl1-ubuntu.json": wsl1_ubuntu,
    "wsl1-linux-driver-inbox.json": wsl1_linux_driver_inbox,
    "wsl2-nvidia-utils-os-blocked.json": wsl2_nvidia_utils_blocked,
    "wsl2-wslconfig-utf16.json": wsl2_wslconfig_utf16,
    "windows-tdr-2gpu.json": windows_tdr_resets,
    "windows-healthy-2gpu.json": windows_healthy,
    "windows-531-2gpu.json": windows_531,
    "windows-features-disabled.json": windows_features_disabled,
}


def snapshot_text(name: str) -> str:
    return json.dumps(SCENARIOS[name]().document(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    for file_name in SCENARIOS:
        (HOSTS / file_name).write_text(snapshot_text(file_name), encoding="utf-8")
        print(f"wrote {HOSTS / file_name}", file=sys.stderr)
