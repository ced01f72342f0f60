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
from gpudoctor.probes import windows as win
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


def _wsl2(ldconfig: str, dpkg: dict, linux_libcuda: tuple[str, ...] = (), *, interop: bool = True,
          nvml_error: str | None = None) -> Snapshot:
    snapshot = Snapshot(inside_wsl=True)
    wsl_system(snapshot, "5.15.167.4-microsoft-standard-WSL2", "Ubuntu-24.04", "24.04.1")
    add_wsl_side(snapshot, ldconfig=raw(ldconfig), dpkg=dpkg, linux_libcuda=linux_libcuda, interop=interop)
    if nvml_error:
        snapshot.add("nvml", ["nvmlInit"], CallResult(error=nvml_error).to_json())
    else:
        add_nvml(snapshot, "572.83", 12080, two(RTX_4090), utilization=False)
    if interop:
        add_windows_side(snapshot, status=raw("wsl-status.ubuntu-24.04.utf16le"),
                         listing=command(raw("wsl-list.ubuntu-24.04-docker.utf16le")),
                         features=raw("features.enabled.csv"), smi=command(raw("nvidia-smi-query.rtx4090x2-572.83.csv")))
    else:
        # systemd-binfmt removed WSL's handler (microsoft/WSL#8843): the kernel refuses the .exe.
        snapshot.add("which", ["wsl.exe"], [WSL_TOOL_PATHS["wsl.exe"]])
        snapshot.windows("wsl.exe", win.WSL_STATUS, command(returncode=None, error="os-error: Exec format error"))
    return snapshot


NO_NVIDIA_PACKAGES = command(raw("dpkg-query.wsl-no-nvidia.stdout"), returncode=1, stderr=raw("dpkg-query.no-match.stderr"))


def wsl2_healthy() -> Snapshot:
    return _wsl2("ldconfig-p.wsl-ubuntu-24.04.txt", NO_NVIDIA_PACKAGES)


def wsl2_linux_driver() -> Snapshot:
    # nvidia-driver-550 installed with apt inside WSL: its libnvidia-ml.so.1 is the one NVML loads,
    # and without /dev/nvidia* it cannot reach a GPU.
    dpkg = command(raw("dpkg-query.wsl-linux-driver-550.stdout"), returncode=1,
                   stderr=raw("dpkg-query.linux-driver-550.stderr"))
    return _wsl2("ldconfig-p.wsl-linux-driver-550.txt", dpkg,
                 ("/usr/lib/x86_64-linux-gnu/libcuda.so", "/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                  "/usr/lib/x86_64-linux-gnu/libcuda.so.550.120"),
                 nvml_error="NVML_ERROR_DRIVER_NOT_LOADED")


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
