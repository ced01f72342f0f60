"""Which operating system this is: Linux, WSL 1 or 2, Windows (and its build)."""

from __future__ import annotations

from dataclasses import dataclass

from gpudoctor.host.base import Host
from gpudoctor.probing import provides

WSLINFO_VERSION = ("wslinfo", "--wsl-version")


@dataclass(frozen=True)
class PlatformFacts:
    kind: str  # "linux" | "wsl" | "windows" | "macos" | "other"
    os_name: str  # "Ubuntu 24.04.3 LTS", "Windows (build 26100)"
    kernel: str
    machine: str
    python_version: str
    wsl_version: int | None = None  # 1 or 2 inside WSL
    wsl_distro: str | None = None
    windows_build: int | None = None
    logical_cpus: int | None = None
    memory_bytes: int | None = None
    wsl_package_version: str | None = None  # "2.4.13.0" (`wslinfo --wsl-version`, WSL 2.2.3 and newer)

    @property
    def label(self) -> str:
        if self.kind == "wsl":
            parts = [p for p in (self.wsl_distro, self.os_name, f"kernel {self.kernel}") if p]
            if self.wsl_package_version:
                parts.append(f"WSL {self.wsl_package_version}")
            return f"WSL {self.wsl_version or '?'} ({', '.join(parts)})"
        if self.kind == "windows":
            return self.os_name
        return f"{self.os_name} (kernel {self.kernel})" if self.kernel else self.os_name


def wsl_version_of_kernel(release: str) -> int | None:
    """WSL 2 kernels are Microsoft's own ('5.15.167.4-microsoft-standard-WSL2', older
    '4.19.104-microsoft-standard'); WSL 1 reports a Windows build ('4.4.0-22621-Microsoft')."""
    lowered = release.lower()
    if "microsoft" not in lowered:
        return None
    return 2 if ("microsoft-standard" in lowered or "wsl2" in lowered) else 1


@provides("platform")
def probe_platform(host: Host, facts) -> PlatformFacts:
    system = host.system()
    extra = system.extra
    common = dict(
        machine=system.machine,
        python_version=system.python_version,
        logical_cpus=extra.get("logical_cpus"),
        memory_bytes=extra.get("memory_bytes"),
    )
    if system.sys_platform == "win32":
        build = extra.get("windows_build")
        name = f"Windows {'11' if (build or 0) >= 22000 else '10'} (build {build})" if build else "Windows"
        return PlatformFacts(kind="windows", os_name=name, kernel=system.os_version, windows_build=build, **common)
    if system.sys_platform == "darwin":
        return PlatformFacts(kind="macos", os_name="macOS", kernel=system.os_release, **common)
    if not system.sys_platform.startswith("linux"):
        return PlatformFacts(kind="other", os_name=system.sys_platform, kernel=system.os_release, **common)
    os_name = (extra.get("distro") or {}).get("name") or "Linux"
    wsl = wsl_version_of_kernel(system.os_release)
    distro = host.env("WSL_DISTRO_NAME")
    if wsl is None and distro:
        # A custom WSL 2 kernel (.wslconfig `kernel=`) may drop "microsoft" from its release; WSL
        # still names the distribution. WSL 1 always reports a "-Microsoft" release.
        wsl = 2
    if wsl is not None:
        wslinfo = host.run(list(WSLINFO_VERSION), timeout=5)
        return PlatformFacts(
            kind="wsl", os_name=os_name, kernel=system.os_release, wsl_version=wsl, wsl_distro=distro,
            wsl_package_version=(wslinfo.text.strip() or None) if wslinfo.ok else None, **common,
        )
    return PlatformFacts(kind="linux", os_name=os_name, kernel=system.os_release, **common)
