"""The NVIDIA kernel module as the kernel sees it: loaded or not, open or proprietary, its version
against the user-space libraries, conflicting modules (nouveau, nova_core), blacklists, Secure
Boot, and the module's parameters.

/proc/driver/nvidia/version names the flavour: "NVIDIA UNIX Open Kernel Module for x86_64
580.159.04 ..." for the open modules, "NVIDIA UNIX x86_64 Kernel Module 550.54.14 ..." for the
proprietary ones. /sys/module/nvidia/taint says the same another way: "O" (out of tree) for the
open module, "PO" (proprietary, out of tree) for the other (Documentation/admin-guide/tainted-kernels.rst).
"""

from __future__ import annotations

import re

from msgspec import Struct, field

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides

NVIDIA_VERSION = "/proc/driver/nvidia/version"
NVIDIA_PARAMS = "/proc/driver/nvidia/params"
MODULE_VERSION = "/sys/module/nvidia/version"
MODULE_TAINT = "/sys/module/nvidia/taint"
PROC_MODULES = "/proc/modules"
MODPROBE_DIRS = ("/etc/modprobe.d", "/usr/lib/modprobe.d", "/lib/modprobe.d", "/run/modprobe.d")
# Where distributions and NVIDIA's installers put libnvidia-ml.so.1 (a link to .so.<version>).
NVML_LIBRARY_DIRS = ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
                     "/lib64", "/lib", "/usr/local/nvidia/lib64")
MODULES_OF_INTEREST = ("nvidia", "nvidia_uvm", "nvidia_drm", "nvidia_modeset", "nouveau", "nova_core", "vfio_pci")
MISMATCH = "NVML_ERROR_LIB_RM_VERSION_MISMATCH"

_VERSION = re.compile(r"\b(\d{3}\.\d+(?:\.\d+)?)\b")


class KernelDriverFacts(Struct, frozen=True):
    error: str | None  # "not applicable on windows" / "wsl"
    nvrm_version: str | None = None  # first line of /proc/driver/nvidia/version
    module_version: str | None = None  # /sys/module/nvidia/version
    module_taint: str | None = None
    loaded: dict[str, bool] = field(default_factory=dict)  # module -> loaded; empty when unknown
    params: dict[str, str] = field(default_factory=dict)  # /proc/driver/nvidia/params
    nouveau_blacklist: tuple[str, ...] = ()  # "file: line" for each line that keeps nouveau out
    secure_boot: bool | NotSeen | None = None  # None: no EFI variables readable; NotSeen: not recorded (a paste)
    efi: bool | None = None  # False: booted by legacy BIOS (no Secure Boot at all)
    userspace_version: str | NotSeen | None = None  # libnvidia-ml's version (NVML's own answer, or its file name)
    userspace_source: str | None = None
    installed_module_version: str | None = None  # `modinfo -F version nvidia`: the module a reboot would load
    installed_module_file: str | None = None

    @property
    def flavour(self) -> str | None:
        """'open' or 'proprietary' (None when no module is loaded)."""
        nvrm = read_nvrm(self.nvrm_version or "")
        if nvrm is not None:
            return nvrm.flavour
        if self.module_taint is not None:
            return "proprietary" if "P" in self.module_taint else "open"
        return None

    @property
    def loaded_version(self) -> str | None:
        nvrm = read_nvrm(self.nvrm_version or "")
        return nvrm.version if nvrm is not None and nvrm.version else self.module_version


class NvrmLine(Struct, frozen=True):
    """The `NVRM version:` line of /proc/driver/nvidia/version: the loaded kernel module's version and flavour."""

    line: str
    version: str | None
    flavour: str  # "open" | "proprietary"


_NVRM_LINE = re.compile(r"NVRM version:.*")


def read_nvrm(text: str) -> NvrmLine | None:
    """The one reader of /proc/driver/nvidia/version, for the probe and for a pasted copy alike: its first
    `NVRM version:` line (or the line itself, as KernelDriverFacts keeps it). Open modules say "NVIDIA UNIX Open
    Kernel Module for x86_64 580.159.04 ...", proprietary ones "NVIDIA UNIX x86_64 Kernel Module 550.54.14 ..."."""
    match = _NVRM_LINE.search(text)
    if match is None:
        return None
    line = match.group().strip()
    version = _VERSION.search(line)
    return NvrmLine(line, version.group(1) if version else None,
                    "open" if "Open Kernel Module" in line else "proprietary")


def _text(host: Host, path: str, limit: int = 4096) -> str | None:
    result = host.read_file(path, limit=limit)
    return result.text if result.ok else None


def _loaded_modules(host: Host) -> dict[str, bool]:
    text = _text(host, PROC_MODULES, 1 << 20)
    if text is None:
        return {}
    names = {line.split(" ", 1)[0] for line in text.splitlines() if line}
    return {name: name in names for name in MODULES_OF_INTEREST}


def _params(text: str | None) -> dict[str, str]:
    params = {}
    for line in (text or "").splitlines():
        name, sep, value = line.partition(":")
        if sep:
            params[name.strip()] = value.strip().strip('"')
    return params


def _nouveau_blacklist(host: Host) -> tuple[str, ...]:
    found = []
    for directory in MODPROBE_DIRS:
        for path in host.glob(f"{directory}/*.conf"):
            for line in (_text(host, path, 65536) or "").splitlines():
                words = line.split("#", 1)[0].split()
                if ("nouveau" in words and words[0] in ("blacklist", "install")) or \
                        (words[:2] == ["options", "nouveau"] and "modeset=0" in words):
                    found.append(f"{path}: {line.strip()}")
    cmdline = _text(host, "/proc/cmdline") or ""
    for word in cmdline.split(" -- ")[0].split():
        if word in ("nouveau.modeset=0", "nouveau.blacklist=1") or \
                (word.split("=")[0] in ("modprobe.blacklist", "rd.driver.blacklist")
                 and "nouveau" in word.split("=", 1)[-1].split(",")):
            found.append(f"/proc/cmdline: {word}")
    return tuple(found)


def _userspace(host: Host, gpus) -> tuple[str | None, str | None]:
    """libnvidia-ml's version: NVML says it ('12.580.159.04') when it initialises; after a version
    mismatch it cannot, and the library's file name says it instead."""
    if gpus is not None and gpus.nvml_version:
        match = _VERSION.search(gpus.nvml_version.split(".", 1)[-1])
        if match:
            return match.group(1), f"NVML library {gpus.nvml_version}"
    for directory in NVML_LIBRARY_DIRS:
        real = host.resolve(f"{directory}/libnvidia-ml.so.1")
        match = _VERSION.search(real.rsplit("libnvidia-ml.so.", 1)[-1]) if real else None
        if match:
            return match.group(1), real
    return None, None


def _installed_module(host: Host) -> tuple[str | None, str | None]:
    """The nvidia.ko that `modprobe` would load now (for the running kernel): after an upgrade
    without a reboot it already has the new version; a module built separately (DKMS, runfile)
    keeps its own."""
    version = host.run(["modinfo", "-F", "version", "nvidia"], timeout=2)
    filename = host.run(["modinfo", "-F", "filename", "nvidia"], timeout=2)
    return ((version.text.strip() or None) if version.ok else None,
            (filename.text.strip() or None) if filename.ok else None)


def _gpus(facts):
    try:
        return facts.get("gpus")
    except Exception:  # the NVML probe failing must not hide the kernel's view
        return None


def _pasted_module(nvrm_line) -> KernelDriverFacts | NotSeen:
    """What a paste or an older snapshot (no /proc/modules recorded) shows of the module: only its
    /proc/driver/nvidia/version, if that."""
    if nvrm_line is None:
        return NotSeen("the kernel module's state (/proc/modules, /proc/driver/nvidia/version) was not recorded",
                       f"cat {NVIDIA_VERSION}")
    # A pasted /proc/driver/nvidia/version: the module is loaded, of this flavour; the rest is unknown.
    return KernelDriverFacts(
        error=None, nvrm_version=nvrm_line.line,
        secure_boot=NotSeen("the Secure Boot state was not recorded", "mokutil --sb-state"),
        userspace_version=NotSeen("the version of the user-space libraries was not recorded", "nvidia-smi"))


def _installed_if_mismatched(host: Host, gpus, loaded_text: str,
                             userspace: str | None) -> tuple[str | None, str | None]:
    """The module on disk, asked for only when the loaded one and the libraries disagree (NVML says so,
    or their versions differ): after an upgrade without a reboot, it is the one the libraries match."""
    loaded = loaded_text.strip() and _VERSION.search(loaded_text)
    mismatch = gpus is not None and gpus.nvml_error == MISMATCH
    if mismatch or (loaded and userspace and loaded.group(1) != userspace):
        return _installed_module(host)
    return None, None


@provides("kernel_driver")
def probe_kernel_driver(host: Host, facts) -> KernelDriverFacts | NotSeen:
    kind = facts.get("platform").kind
    if kind in ("windows", "wsl"):  # the Windows driver serves both; no Linux module exists
        return KernelDriverFacts(error=f"not applicable on {kind}")
    gpus = _gpus(facts)
    version_file = host.read_file(NVIDIA_VERSION, limit=4096)
    nvrm_line = read_nvrm(version_file.text or "") if version_file.ok else None
    # A snapshot from before this probe existed (/proc/driver/nvidia/version alone may have been read by
    # the node probe), or a paste: /proc/modules is this probe's own question.
    if host.read_file(PROC_MODULES, limit=1 << 20).error == NOT_RECORDED:
        return _pasted_module(nvrm_line)
    nvrm = version_file.text if version_file.ok else None
    module_version = _text(host, MODULE_VERSION, 64)
    userspace, source = _userspace(host, gpus)
    installed = _installed_if_mismatched(host, gpus, nvrm or module_version or "", userspace)
    boot = facts.get("secure_boot")
    return KernelDriverFacts(
        error=None,
        nvrm_version=nvrm_line.line if nvrm_line else (nvrm or "").splitlines()[0].strip() if nvrm else None,
        module_version=(module_version or "").strip() or None,
        module_taint=(_text(host, MODULE_TAINT, 64) or "").strip() if nvrm or module_version else None,
        loaded=_loaded_modules(host),
        params=_params(_text(host, NVIDIA_PARAMS)),
        nouveau_blacklist=_nouveau_blacklist(host),
        secure_boot=boot.on,
        efi=boot.efi,
        userspace_version=userspace,
        userspace_source=source,
        installed_module_version=installed[0],
        installed_module_file=installed[1],
    )
