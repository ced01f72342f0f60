"""Which operating system this is: Linux, WSL 1 or 2, Windows (and its build)."""

from __future__ import annotations

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probing import provides

WSLINFO_VERSION = ("wslinfo", "--wsl-version")
CPUINFO = "/proc/cpuinfo"
DMI_VENDOR = "/sys/class/dmi/id/sys_vendor"
DMI_PRODUCT = "/sys/class/dmi/id/product_name"
BARE_METAL = "none"

# DMI system vendor or product name -> hypervisor, as systemd-detect-virt names them
# (systemd src/basic/virt.c, detect_vm_dmi_vendor). Cloud bare-metal instances (AWS *.metal)
# carry their cloud's vendor string but no CPUID hypervisor bit, so the bit decides first.
HYPERVISOR_OF_DMI = {
    "KVM": "kvm", "OpenStack": "kvm", "KubeVirt": "kvm", "Amazon EC2": "amazon", "QEMU": "qemu",
    "VMware": "vmware", "VMW": "vmware", "innotek GmbH": "oracle", "VirtualBox": "oracle",
    "Oracle Corporation": "oracle", "Xen": "xen", "Bochs": "bochs", "Parallels": "parallels",
    "BHYVE": "bhyve", "Apple Virtualization": "apple", "Google": "google", "Microsoft Corporation": "microsoft",
}


class PlatformFacts(Struct, frozen=True):
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
    # "none" on bare metal, the hypervisor's name in a VM ("kvm", "microsoft", or "unknown" when
    # only the CPU says so), None when nothing could be read; `virtualization_evidence` says how.
    virtualization: str | None = None
    virtualization_evidence: str | None = None

    @property
    def is_virtual_machine(self) -> bool | None:
        """True in a VM (WSL 2 included), False on bare metal, None when unknown."""
        return None if self.virtualization is None else self.virtualization != BARE_METAL

    @property
    def label(self) -> str:
        if self.kind == "wsl":
            parts = [p for p in (self.wsl_distro, self.os_name, self.kernel and f"kernel {self.kernel}") if p]
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


def detect_virtualization(host: Host) -> tuple[str | None, str | None]:
    """(hypervisor, evidence) from the CPUID hypervisor bit (x86 guests see it in /proc/cpuinfo's
    flags) and the DMI vendor strings the hypervisor sets; (None, None) when neither is readable.

    Hypervisors must set CPUID leaf 1 ECX bit 31 for their guests (Intel SDM vol. 2A, CPUID;
    Linux shows it as the flag `hypervisor`). Firecracker and some others expose no DMI at all.
    """
    cpuinfo = host.read_file(CPUINFO, limit=16384)  # the first processor's block holds its flags
    flags_line = next((line for line in (cpuinfo.text or "").splitlines() if line.startswith("flags")), None)
    dmi = " ".join(t for t in (host.read_file(path, limit=256).text for path in (DMI_VENDOR, DMI_PRODUCT)) if t)
    named = next((name for marker, name in HYPERVISOR_OF_DMI.items() if marker in dmi), None)
    if flags_line is not None and "hypervisor" in flags_line.split():
        vendor = f"; DMI says {dmi.strip()!r}" if dmi.strip() else "; no DMI tables"
        return named or "unknown", f"the CPU reports the hypervisor flag (/proc/cpuinfo){vendor}"
    if flags_line is not None:
        return BARE_METAL, "no hypervisor flag among the CPU's flags (/proc/cpuinfo)"
    if named is not None:
        return named, f"DMI says {dmi.strip()!r}"
    return None, None


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
        # WSL 2 is a Hyper-V utility VM; WSL 1 translates system calls and has no VM to detect.
        virtual = ("microsoft", "WSL 2 runs in a Hyper-V utility VM") if wsl == 2 else (None, None)
        return PlatformFacts(
            kind="wsl", os_name=os_name, kernel=system.os_release, wsl_version=wsl, wsl_distro=distro,
            wsl_package_version=(wslinfo.text.strip() or None) if wslinfo.ok else None,
            virtualization=virtual[0], virtualization_evidence=virtual[1], **common,
        )
    virtualization, evidence = detect_virtualization(host)
    return PlatformFacts(kind="linux", os_name=os_name, kernel=system.os_release,
                         virtualization=virtualization, virtualization_evidence=evidence, **common)
