"""Every NCCL library a process on this machine could load, with the version read from the library.

Places, in the order the dynamic loader and PyTorch consult them:
- LD_LIBRARY_PATH directories holding libnccl.so* (searched before the ldconfig cache, ld.so(8));
- the system copy in the ldconfig cache (`ldconfig -p`: "\\tlibnccl.so.2 (libc6,x86-64) => /lib/...");
- pip wheels nvidia-nccl-cu12 / nvidia-nccl-cu13 (site-packages/nvidia/nccl/lib/libnccl.so.2) in each
  Python on PATH, and the copy older torch wheels bundle in torch/lib.
The version is ncclGetVersion() of that very file (host.native "nccl.version"), never a file name.
"""

from __future__ import annotations

import posixpath

from msgspec import Struct

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probing import FactNotSeen, ProbeFailed, provides
from gpudoctor.probes.gating import only_with_nvidia_gpu
from gpudoctor.lazy_regex import lazy_compile

# ldconfig lives in /sbin, which is not on every user's PATH (Debian).
LDCONFIG_COMMANDS = (("ldconfig", "-p"), ("/sbin/ldconfig", "-p"))
_LDCONFIG_LINE = lazy_compile(r"^\s*(libnccl\.so[.\d]*)\s+\(([^)]*)\)\s+=>\s+(\S+)\s*$")
NCCL_WHEELS = ("nvidia-nccl-cu13", "nvidia-nccl-cu12")
# Older torch wheels carried NCCL in torch/lib, under its own name or auditwheel's hashed one.
TORCH_BUNDLED = ("libnccl.so*", "libnccl-*.so*")


def nccl_version_text(code: int) -> str:
    """ncclGetVersion's integer as major.minor.patch: since NCCL 2.9 major*10000 + minor*100 + patch
    (22809 -> 2.28.9), before it major*1000 + minor*100 + patch (2708 -> 2.7.8); nccl.h NCCL_VERSION()."""
    if code >= 10000:
        return f"{code // 10000}.{code % 10000 // 100}.{code % 100}"
    return f"{code // 1000}.{code % 1000 // 100}.{code % 100}"


class NcclLibrary(Struct, frozen=True):
    path: str  # where it was found
    realpath: str
    source: str  # "ld_library_path" | "system" | "pip" | "torch"
    version: int | None = None  # ncclGetVersion(): 22809
    error: str | None = None  # why it could not be loaded or asked (NCCL_LOAD_FAILED: ...)
    python: str | None = None  # the Python (as on PATH) whose site-packages hold it
    distribution: str | None = None  # "nvidia-nccl-cu13 2.28.9" for a pip copy

    @property
    def version_text(self) -> str | None:
        return None if self.version is None else nccl_version_text(self.version)


class TorchNccl(Struct, frozen=True):
    """Which NCCL PyTorch in one Python loads: its wheel's RPATH names site-packages/nvidia/nccl/lib."""

    python: str
    torch_version: str
    library: NcclLibrary | None  # None: no copy of its own, the loader's search decides


class NcclLibraries(Struct, frozen=True):
    libraries: tuple[NcclLibrary, ...]  # ld_library_path, system, then per-Python copies
    ld_library_path: tuple[str, ...] = ()
    ldconfig_error: str | None = None
    torch: tuple[TorchNccl, ...] = ()
    both_wheels: tuple[str, ...] = ()  # Pythons with nvidia-nccl-cu12 AND -cu13 (one file, two owners)
    not_seen: NotSeen | None = None  # the part of the search a paste or an older snapshot does not hold

    @property
    def loader_choice(self) -> NcclLibrary | None:
        """What `libnccl.so.2` resolves to for a program without an RPATH of its own."""
        return next((lib for lib in self.libraries if lib.source in ("ld_library_path", "system")), None)


def _ldconfig_paths(host: Host) -> tuple[list[str], str | None]:
    result = None
    for argv in LDCONFIG_COMMANDS:
        result = host.run(list(argv), timeout=10)
        if result.error != "not-found":
            break
    if not result.ok:
        return [], result.error or f"exit code {result.returncode}"
    return [m.group(3) for line in result.text.splitlines() if (m := _LDCONFIG_LINE.match(line))], None


def _library(host: Host, path: str, source: str, **where) -> NcclLibrary:
    real = host.resolve(path) or path
    answer = host.native("nccl.version", real)
    if answer.ok and isinstance(answer.value, int):
        return NcclLibrary(path, real, source, version=answer.value, **where)
    return NcclLibrary(path, real, source, error=answer.error or f"unexpected answer {answer.value!r}", **where)


def _unique(libraries: list[NcclLibrary]) -> list[NcclLibrary]:
    seen: set[tuple[str, str, str | None]] = set()
    unique = []
    for lib in libraries:
        key = (lib.realpath, lib.source, lib.python)
        if key not in seen:
            seen.add(key)
            unique.append(lib)
    return unique


def _python_copies(host: Host, env) -> tuple[list[NcclLibrary], NcclLibrary | None]:
    """The NCCL copies in one Python's site-packages, and the one its torch would load."""
    wheel = next((f"{name} {env.distributions[name]}" for name in NCCL_WHEELS if env.has(name)), None)
    pip, bundled = [], []
    for site in env.site_packages:
        pip += [_library(host, p, "pip", python=env.command, distribution=wheel)
                for p in host.glob(posixpath.join(site, "nvidia", "nccl", "lib", "libnccl.so*"))]
        bundled += [_library(host, p, "torch", python=env.command)
                    for pattern in TORCH_BUNDLED for p in host.glob(posixpath.join(site, "torch", "lib", pattern))]
    copies = _unique(pip + bundled)
    torch_choice = next((lib for lib in copies if lib.source == "pip"), None) or (bundled[0] if bundled else None)
    return copies, torch_choice


def _python_envs(facts) -> tuple[tuple, NotSeen | None]:
    """The Pythons to search, and why they are unknown where they were not seen."""
    try:
        return facts.get("python_envs").envs, None
    except FactNotSeen as exc:  # a paste: pip's and PyTorch's copies are unknown, the loader's still count
        return (), exc.gap
    except ProbeFailed:  # the LD_LIBRARY_PATH and system copies are still worth reporting
        return (), None


@provides("nccl", not_seen=NotSeen("the NCCL libraries were not recorded", "ldconfig -p | grep nccl"))
@only_with_nvidia_gpu
def probe_nccl(host: Host, facts) -> NcclLibraries:
    if facts.get("platform").kind == "windows":  # NCCL is Linux-only
        return NcclLibraries(libraries=())
    ld_library_path = tuple(d for d in (host.env("LD_LIBRARY_PATH") or "").split(":") if d)
    libraries = [_library(host, p, "ld_library_path")
                 for d in ld_library_path for p in host.glob(posixpath.join(d, "libnccl.so*"))]
    system_paths, ldconfig_error = _ldconfig_paths(host)
    libraries += [_library(host, p, "system") for p in system_paths]
    torch, both_wheels = [], []
    envs, pythons_not_seen = _python_envs(facts)
    for env in envs:
        copies, torch_choice = _python_copies(host, env)
        libraries += copies
        if env.has("torch"):
            torch.append(TorchNccl(env.command, env.distributions["torch"], torch_choice))
        if all(env.has(name) for name in NCCL_WHEELS):
            both_wheels.append(env.command)
    return NcclLibraries(
        libraries=tuple(_unique(libraries)),
        ld_library_path=ld_library_path,
        ldconfig_error=ldconfig_error,
        torch=tuple(torch),
        both_wheels=tuple(both_wheels),
        not_seen=NotSeen("the loader cache was not recorded", "ldconfig -p | grep nccl")
        if ldconfig_error == NOT_RECORDED else pythons_not_seen,
    )
