"""What the inside of a WSL distribution shows about the GPU path from Windows.

In WSL 2 the Windows NVIDIA driver reaches Linux through /dev/dxg (GPU paravirtualization) and
its user-space half is mounted at /usr/lib/wsl/lib (libcuda.so, libnvidia-ml.so.1, nvidia-smi).
WSL writes /etc/ld.so.conf.d/ld.wsl.conf so that the loader finds them, unless
`[automount] ldconfig = false` is set in /etc/wsl.conf. A Linux NVIDIA driver installed inside
the distribution puts its own libcuda.so.1 next to the system libraries, and when the loader
finds that one first CUDA sees no GPU (NVIDIA CUDA on WSL User Guide, "CUDA Support for WSL 2":
https://docs.nvidia.com/cuda/wsl-user-guide/index.html). This probe gathers those facts;
checks/wsl.py judges them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpudoctor.host.base import Host
from gpudoctor.probing import provides

WSL_LIB = "/usr/lib/wsl/lib"
WSL_LD_CONF = "/etc/ld.so.conf.d/ld.wsl.conf"
DXG = "/dev/dxg"
REQUIRED_WSL_LIBS = ("libcuda.so", "libcuda.so.1", "libnvidia-ml.so.1", "nvidia-smi")
# Where a Linux driver package (or NVIDIA's .run installer) puts libcuda on Debian/Ubuntu and
# on Fedora-like distributions.
LINUX_LIBCUDA_GLOBS = ("/usr/lib/x86_64-linux-gnu/libcuda.so*", "/usr/lib64/libcuda.so*")
# The interop handler WSL registers for Windows executables; newer WSL registers it late.
INTEROP_BINFMT = ("/proc/sys/fs/binfmt_misc/WSLInterop", "/proc/sys/fs/binfmt_misc/WSLInterop-late")
# Same commands as the nccl probe, so the host answers them once.
LDCONFIG_COMMANDS = (("ldconfig", "-p"), ("/sbin/ldconfig", "-p"))
DPKG_QUERY = (
    "dpkg-query", "-W", "-f=${Package}\\t${Version}\\t${Status}\\n",
    "nvidia-*", "libnvidia-*", "cuda*", "xserver-xorg-video-nvidia*",
)
DEFAULT_NVCC = "/usr/local/cuda/bin/nvcc"

# The packages that are (or pull in) a Linux NVIDIA driver; the same list as the
# wsl.remove-linux-driver fix. cuda-toolkit-X-Y carries no driver and is what NVIDIA's guide
# asks for; `cuda`, `cuda-X-Y` and `cuda-drivers` depend on the driver.
DRIVER_PACKAGE = re.compile(
    r"^(nvidia-driver-.+|nvidia-dkms-.+|nvidia-kernel-.+|libnvidia-compute-.+|libnvidia-gl-.+|nvidia-utils-.+"
    r"|xserver-xorg-video-nvidia-.+|cuda-drivers|cuda-drivers-.+|cuda|cuda-[0-9]+-[0-9]+)$"
)
TOOLKIT_PACKAGE = re.compile(r"^cuda-toolkit-[0-9]+-[0-9]+$")
# "\tlibcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1"
_LDCONFIG_LINE = re.compile(r"^\s*(\S+)\s+\(([^)]*)\)\s+=>\s+(\S+)\s*$")
# dpkg's Status field is "want flag status"; these states mean nothing of the package is on disk.
_ABSENT_STATES = ("not-installed", "config-files")


@dataclass(frozen=True)
class DebPackage:
    name: str
    version: str
    status: str  # dpkg's "install ok installed"

    @property
    def installed(self) -> bool:
        parts = self.status.split()
        return len(parts) == 3 and parts[2] not in _ABSENT_STATES


@dataclass(frozen=True)
class WslFacts:
    applicable: bool  # False outside WSL
    version: int | None = None  # 1 or 2
    distro: str | None = None  # WSL_DISTRO_NAME
    kernel: str | None = None
    dxg: bool = False  # /dev/dxg exists: the GPU is passed into this VM
    wsl_lib: tuple[str, ...] | None = None  # entries of /usr/lib/wsl/lib; None when it cannot be listed
    wsl_lib_problem: str | None = None
    ld_conf: str | None = None  # /etc/ld.so.conf.d/ld.wsl.conf, None when absent
    libcuda_cache: tuple[str, ...] | None = None  # libcuda.so.1 in the loader cache, first is what loads
    ldconfig_problem: str | None = None
    linux_libcuda: tuple[str, ...] = ()  # libcuda files outside /usr/lib/wsl/lib
    packages: tuple[DebPackage, ...] | None = None  # NVIDIA/CUDA packages dpkg knows; None without dpkg
    packages_problem: str | None = None
    interop: str = "unknown"  # "enabled" | "disabled" | "absent" (no WSLInterop binfmt entry)
    nvcc: tuple[str, ...] = ()  # nvcc on PATH or in /usr/local/cuda/bin

    @property
    def missing_wsl_libs(self) -> tuple[str, ...]:
        present = set(self.wsl_lib or ())
        return tuple(name for name in REQUIRED_WSL_LIBS if name not in present)

    @property
    def ld_conf_lists_wsl_lib(self) -> bool:
        return self.ld_conf is not None and any(line.strip() == WSL_LIB for line in self.ld_conf.splitlines())

    @property
    def libcuda_loaded_from(self) -> str | None:
        return self.libcuda_cache[0] if self.libcuda_cache else None

    @property
    def installed_packages(self) -> tuple[DebPackage, ...]:
        return tuple(p for p in self.packages or () if p.installed)

    @property
    def driver_packages(self) -> tuple[DebPackage, ...]:
        return tuple(p for p in self.installed_packages if DRIVER_PACKAGE.match(p.name))

    @property
    def toolkit_packages(self) -> tuple[DebPackage, ...]:
        return tuple(p for p in self.installed_packages if TOOLKIT_PACKAGE.match(p.name))


def parse_ldconfig(text: str, soname: str) -> tuple[str, ...]:
    """The paths `ldconfig -p` lists for one soname, in cache order (the first is what loads)."""
    paths = []
    for line in text.splitlines():
        match = _LDCONFIG_LINE.match(line)
        if match and match.group(1) == soname and "x86-64" in match.group(2):
            paths.append(match.group(3))
    return tuple(paths)


def parse_dpkg_query(text: str) -> tuple[DebPackage, ...]:
    """Lines of `dpkg-query -W -f='${Package}\\t${Version}\\t${Status}\\n'`."""
    packages = []
    for line in text.splitlines():
        fields = line.split("\t")
        if len(fields) == 3 and fields[0]:
            packages.append(DebPackage(*fields))
    return tuple(packages)


def _interop(host: Host) -> str:
    for path in INTEROP_BINFMT:
        first = (host.read_file(path, limit=256).text or "").strip().splitlines()
        if first:
            return "enabled" if first[0] == "enabled" else "disabled"
    return "absent"


def _ldconfig(host: Host) -> tuple[tuple[str, ...] | None, str | None]:
    result = None
    for argv in LDCONFIG_COMMANDS:
        result = host.run(list(argv), timeout=10)
        if result.ok:
            return parse_ldconfig(result.text, "libcuda.so.1"), None
        if result.error != "not-found":
            break
    return None, f"ldconfig -p: {result.error or f'exit code {result.returncode}'}"


def _packages(host: Host) -> tuple[tuple[DebPackage, ...] | None, str | None]:
    result = host.run(list(DPKG_QUERY), timeout=15)
    if result.error:
        return None, f"dpkg-query: {result.error}"
    # A pattern that matches nothing makes dpkg-query exit 1 and still list the others.
    return parse_dpkg_query(result.text), None


@provides("wsl")
def probe_wsl(host: Host, facts) -> WslFacts:
    platform = facts.get("platform")
    if platform.kind != "wsl":
        return WslFacts(applicable=False)
    listing = host.list_dir(WSL_LIB)
    ld_conf = host.read_file(WSL_LD_CONF, limit=4096)
    libcuda_cache, ldconfig_problem = _ldconfig(host)
    packages, packages_problem = _packages(host)
    linux_libcuda = tuple(path for pattern in LINUX_LIBCUDA_GLOBS for path in host.glob(pattern))
    nvcc = tuple(dict.fromkeys([*host.which_all("nvcc"), *filter(None, [host.resolve(DEFAULT_NVCC)])]))
    return WslFacts(
        applicable=True,
        version=platform.wsl_version,
        distro=platform.wsl_distro,
        kernel=platform.kernel,
        dxg=host.resolve(DXG) is not None,
        wsl_lib=listing.entries if listing.ok else None,
        wsl_lib_problem=None if listing.ok else listing.error,
        ld_conf=ld_conf.text if ld_conf.ok else None,
        libcuda_cache=libcuda_cache,
        ldconfig_problem=ldconfig_problem,
        linux_libcuda=linux_libcuda,
        packages=packages,
        packages_problem=packages_problem,
        interop=_interop(host),
        nvcc=nvcc,
    )
