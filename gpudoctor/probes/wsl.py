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

from msgspec import Struct

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.lazy_regex import lazy_compile
from gpudoctor.model import NotSeen
from gpudoctor.probes.container import parse_df_kib
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
MEMINFO = "/proc/meminfo"
SHM_DF = ("df", "-k", "/dev/shm")
# Docker Desktop's WSL integration links the docker CLI and socket of this distribution to its
# own VM under /mnt/wsl/docker-desktop (https://docs.docker.com/desktop/features/wsl/).
DOCKER_CLI = "/usr/bin/docker"
DOCKER_SOCKET = "/var/run/docker.sock"
DOCKER_DESKTOP_MOUNT = "/mnt/wsl/docker-desktop"

# The NVIDIA user-space libraries the Windows driver hands to WSL 2 under /usr/lib/wsl/lib, by
# the name before ".so". A copy of any of them elsewhere in the loader cache comes from a Linux
# driver package or NVIDIA's .run installer, and whichever the loader lists first is the one a
# program gets (nvtop picked a stray /usr/lib/libnvidia-ml.so.1: https://github.com/Syllo/nvtop/pull/441).
WSL_PROVIDED = ("libcuda", "libcudadebugger", "libnvidia-ml", "libnvidia-encode", "libnvidia-opticalflow",
                "libnvidia-ptxjitcompiler", "libnvidia-nvvm", "libnvcuvid", "libnvoptix", "libnvoptix_loader",
                "libnvdxdlkernels", "libnvwgf2umx")
# Who owns a file, per package manager: the first one on PATH answers.
OWNER_QUERIES = (("dpkg-query", ("dpkg-query", "-S")), ("rpm", ("rpm", "-qf")), ("pacman", ("pacman", "-Qo")))

# The packages that are (or pull in) a Linux NVIDIA driver; the same list as the
# wsl.remove-linux-driver fix. cuda-toolkit-X-Y carries no driver and is what NVIDIA's guide
# asks for; `cuda`, `cuda-X-Y` and `cuda-drivers` depend on the driver.
DRIVER_PACKAGE = lazy_compile(
    r"^(nvidia-driver-.+|nvidia-dkms-.+|nvidia-kernel-.+|libnvidia-compute-.+|libnvidia-gl-.+|nvidia-utils-.+"
    r"|xserver-xorg-video-nvidia-.+|cuda-drivers|cuda-drivers-.+|cuda|cuda-[0-9]+-[0-9]+)$"
)
TOOLKIT_PACKAGE = lazy_compile(r"^cuda-toolkit-[0-9]+-[0-9]+$")
# "\tlibcuda.so.1 (libc6,x86-64) => /usr/lib/wsl/lib/libcuda.so.1"
_LDCONFIG_LINE = lazy_compile(r"^\s*(\S+)\s+\(([^)]*)\)\s+=>\s+(\S+)\s*$")
# dpkg's Status field is "want flag status"; these states mean nothing of the package is on disk.
_ABSENT_STATES = ("not-installed", "config-files")


class DebPackage(Struct, frozen=True):
    name: str
    version: str
    status: str  # dpkg's "install ok installed"

    @property
    def installed(self) -> bool:
        parts = self.status.split()
        return len(parts) == 3 and parts[2] not in _ABSENT_STATES


class StrayLibrary(Struct, frozen=True):
    """An NVIDIA library that WSL provides, listed by `ldconfig -p` outside /usr/lib/wsl/lib."""

    soname: str  # "libnvidia-ml.so.1"
    path: str  # as ldconfig lists it
    real_path: str | None  # the file behind the links
    manager: str | None  # "dpkg-query" | "rpm" | "pacman"; None: no package manager found
    package: str | None  # the owning package; None: no package owns it (NVIDIA's .run installer?)
    shadows: bool  # listed before the /usr/lib/wsl/lib copy (or there is none): programs load it


class DockerLink(Struct, frozen=True):
    """Where this distribution's docker CLI and socket lead."""

    cli: str | None  # the docker binary's real path; None: no docker
    socket: str | None  # /var/run/docker.sock's real path; None: absent

    @property
    def desktop_integration(self) -> bool:
        return any((p or "").startswith(DOCKER_DESKTOP_MOUNT + "/") for p in (self.cli, self.socket))


class WslFacts(Struct, frozen=True):
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
    stray_libraries: tuple[StrayLibrary, ...] = ()
    mem_total_kib: int | None = None  # MemTotal of /proc/meminfo: WSL 2's memory cap as this VM sees it
    shm_bytes: int | None = None  # size of /dev/shm (`df -k`)
    docker: DockerLink | None = None
    # Parts a paste or an older snapshot does not hold: each says what would show it (the check asks, never fails).
    dxg_not_seen: NotSeen | None = None
    wsl_lib_not_seen: NotSeen | None = None
    libcuda_not_seen: NotSeen | None = None  # also where `ldconfig -p` was cut (`| grep`): absence is not shown
    packages_not_seen: NotSeen | None = None
    nvcc_not_seen: NotSeen | None = None

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


def nvidia_cache_entries(text: str) -> tuple[tuple[str, str], ...]:
    """(soname, path) of every library WSL provides that `ldconfig -p` lists, in cache order."""
    entries = []
    for line in text.splitlines():
        match = _LDCONFIG_LINE.match(line)
        if match and "x86-64" in match.group(2) and match.group(1).split(".so")[0] in WSL_PROVIDED:
            entries.append((match.group(1), match.group(3)))
    return tuple(entries)


def parse_owner(manager: str, text: str) -> str | None:
    """The package in `dpkg-query -S`, `rpm -qf` or `pacman -Qo` output; None when no package owns the file.

    dpkg-query: "libnvidia-compute-550:amd64: /usr/lib/x86_64-linux-gnu/libcuda.so.550.120";
    rpm: "xorg-x11-drv-nvidia-cuda-libs-550.120-1.fc40.x86_64";
    pacman: "/usr/lib/libnvidia-ml.so.1 is owned by nvidia-utils 550.120-1".
    """
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if manager == "dpkg-query":
        package = first.split(": ", 1)[0] if ": /" in first else ""
        return package.split(",")[0].strip() or None
    if manager == "rpm":
        return first if first and " " not in first else None
    match = re.search(r" is owned by (\S+)", first)
    return match.group(1) if match else None


def parse_meminfo_kib(text: str, field: str = "MemTotal") -> int | None:
    match = re.search(rf"^{field}:\s+(\d+) kB", text, re.MULTILINE)
    return int(match.group(1)) if match else None


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


def _ldconfig_result(host: Host):
    result = None
    for argv in LDCONFIG_COMMANDS:
        result = host.run(list(argv), timeout=10)
        if result.ok or result.error != "not-found":
            break
    return result


def _ldconfig_text(host: Host) -> str | None:
    result = _ldconfig_result(host)
    return result.text if result.ok else None


def _ldconfig(host: Host) -> tuple[tuple[str, ...] | None, str | None]:
    result = _ldconfig_result(host)
    if result.ok:
        return parse_ldconfig(result.text, "libcuda.so.1"), None
    return None, f"ldconfig -p: {result.error or f'exit code {result.returncode}'}"


def _packages(host: Host) -> tuple[tuple[DebPackage, ...] | None, str | None]:
    result = host.run(list(DPKG_QUERY), timeout=15)
    if result.error:
        return None, f"dpkg-query: {result.error}"
    # A pattern that matches nothing makes dpkg-query exit 1 and still list the others.
    return parse_dpkg_query(result.text), None


def _owner_query(host: Host) -> tuple[str, tuple[str, ...]] | None:
    return next(((name, argv) for name, argv in OWNER_QUERIES if host.which_all(name)), None)


def _stray_libraries(host: Host, cache: str) -> tuple[StrayLibrary, ...]:
    entries = nvidia_cache_entries(cache)
    query = _owner_query(host) if any(not path.startswith(WSL_LIB + "/") for _, path in entries) else None
    strays = []
    for position, (soname, path) in enumerate(entries):
        if path.startswith(WSL_LIB + "/"):
            continue
        first_of_name = all(other != soname for other, _ in entries[:position])
        # dpkg knows the file a package shipped, not the ldconfig link or the /lib alias of /usr/lib.
        real_path = host.resolve(path)
        package = None
        if query:
            answer = host.run([*query[1], real_path or path], timeout=10)
            package = parse_owner(query[0], answer.text) if answer.ok else None
        strays.append(StrayLibrary(soname, path, real_path, query[0] if query else None, package, first_of_name))
    return tuple(strays)


def _docker_link(host: Host) -> DockerLink:
    cli = next(iter(host.which_all("docker")), None)
    return DockerLink(cli=host.resolve(cli) if cli else None, socket=host.resolve(DOCKER_SOCKET))


@provides("wsl", not_seen=NotSeen("the WSL 2 GPU setup (/dev/dxg, /usr/lib/wsl/lib) was not recorded",
                                  "ls -l /dev/dxg /usr/lib/wsl/lib"))
def probe_wsl(host: Host, facts) -> WslFacts:
    platform = facts.get("platform")
    if platform.kind != "wsl":
        return WslFacts(applicable=False)
    listing = host.list_dir(WSL_LIB)
    ld_conf = host.read_file(WSL_LD_CONF, limit=4096)
    libcuda_cache, ldconfig_problem = _ldconfig(host)
    packages, packages_problem = _packages(host)
    linux_libcuda = tuple(path for pattern in LINUX_LIBCUDA_GLOBS for path in host.glob(pattern))
    cache = _ldconfig_text(host)
    shm = host.run(list(SHM_DF))
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
        stray_libraries=_stray_libraries(host, cache) if cache is not None else (),
        mem_total_kib=parse_meminfo_kib(host.read_file(MEMINFO, limit=8192).text or ""),
        shm_bytes=parse_df_kib(shm.text) if shm.ok else None,
        docker=_docker_link(host),
        dxg_not_seen=None if host.answered("resolve", [DXG]) else NotSeen("whether /dev/dxg exists was not recorded",
                                                                            "ls -l /dev/dxg"),
        wsl_lib_not_seen=NotSeen(f"the files in {WSL_LIB} were not recorded", f"ls {WSL_LIB}")
        if listing.error == NOT_RECORDED else None,
        libcuda_not_seen=_libcuda_not_seen(host, libcuda_cache),
        packages_not_seen=NotSeen("the installed NVIDIA packages were not recorded", "dpkg -l | grep -i nvidia")
        if packages_problem and NOT_RECORDED in packages_problem else None,
        nvcc_not_seen=None if nvcc or host.answered("which", ["nvcc"]) else NotSeen(
            "whether a CUDA toolkit (nvcc) is installed was not recorded", "nvcc --version"),
    )


# `ldconfig -p` begins with this line; a listing without it was cut (`| grep`) and cannot show a library missing.
_CACHE_HEADER = lazy_compile(r"^\d+ libs found in cache", re.MULTILINE)


def _libcuda_not_seen(host: Host, libcuda_cache: tuple[str, ...] | None) -> NotSeen | None:
    result = _ldconfig_result(host)
    if result.error == NOT_RECORDED or (libcuda_cache == () and not _CACHE_HEADER.search(result.text or "")):
        return NotSeen("the whole loader cache was not recorded", "ldconfig -p")
    return None
