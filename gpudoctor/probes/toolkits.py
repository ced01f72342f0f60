"""The CUDA toolkits on this machine: where, which version, and which one is active.

A toolkit is found through nvcc on PATH, the CUDA_HOME / CUDA_PATH variables, and the standard
install locations (/usr/local/cuda-X.Y and its /usr/local/cuda link; on Windows
C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\vX.Y). Its version comes from version.json
(CUDA >= 11.1), version.txt (older), or `nvcc --version`.
"""

from __future__ import annotations

import json
import ntpath
import posixpath

from msgspec import Struct
from msgspec.structs import replace

from gpudoctor.host.base import Host
from gpudoctor.lazy_regex import lazy_compile
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides

INSTALL_GLOBS = {
    "windows": (r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v*",),
    "posix": ("/usr/local/cuda*",),
}
DEFAULT_LINK = "/usr/local/cuda"
NVCC_TIMEOUT = 10.0

# "Cuda compilation tools, release 13.0, V13.0.88"
_NVCC_RELEASE = lazy_compile(r"release (\d+)\.(\d+), V(\d+\.\d+(?:\.\d+)?)")
# version.txt before CUDA 11.1: "CUDA Version 10.2.89"
_VERSION_TXT = lazy_compile(r"CUDA Version (\d+\.\d+(?:\.\d+)?)")


class CudaToolkit(Struct, frozen=True):
    root: str  # the real directory (symbolic links resolved)
    version: str | None  # "13.0.88"; None when no source could tell
    found_as: tuple[str, ...]  # how it was found: "nvcc on PATH (/usr/local/cuda/bin/nvcc)", "CUDA_HOME", ...
    version_source: str | None = None  # "version.json", "version.txt", "nvcc --version"
    error: str | None = None  # why the version is unknown

    @property
    def major_minor(self) -> tuple[int, int] | None:
        if not self.version:
            return None
        parts = self.version.split(".")
        try:
            return int(parts[0]), int(parts[1])
        except (IndexError, ValueError):
            return None


class CudaToolkits(Struct, frozen=True):
    toolkits: tuple[CudaToolkit, ...]
    path_nvcc: tuple[str, ...] = ()  # every nvcc on PATH, in PATH order
    cuda_home: str | None = None  # the variable's value as set
    cuda_path: str | None = None
    cuda_home_root: str | None = None  # CUDA_HOME resolved; None when unset or pointing nowhere
    cuda_path_root: str | None = None
    path_root: str | None = None  # the toolkit of the first nvcc on PATH

    def by_root(self, root: str | None) -> CudaToolkit | None:
        return next((t for t in self.toolkits if root and t.root == root), None)

    @property
    def active(self) -> CudaToolkit | None:
        """What a build gets: the first nvcc on PATH, else CUDA_HOME (else CUDA_PATH)."""
        source = self.active_source
        return None if source is None else self.by_root(self._roots[source])

    @property
    def active_source(self) -> str | None:
        return next((name for name, root in self._roots.items() if self.by_root(root)), None)

    @property
    def _roots(self) -> dict[str, str | None]:
        return {"PATH": self.path_root, "CUDA_HOME": self.cuda_home_root, "CUDA_PATH": self.cuda_path_root}


def parse_nvcc_version(text: str) -> str | None:
    match = _NVCC_RELEASE.search(text)
    return match.group(3) if match else None


def _version_from_json(text: str) -> str | None:
    """version.json: {"cuda": {"version": "12.8.1"}, "cuda_nvcc": {"version": "12.8.93"}, ...}; the
    "cuda" entry may carry a date as its patch ("11.8.20220929"), so nvcc's own version is preferred."""
    try:
        data = json.loads(text)
        entry = data.get("cuda_nvcc") or data["cuda"]
        return str(entry["version"])
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None


def _read_version(host: Host, paths, root: str, nvcc: str) -> tuple[str | None, str | None, str | None]:
    """(version, source, error) of the toolkit at root."""
    version_json = host.read_file(paths.join(root, "version.json"), limit=1 << 16)
    if version_json.ok and (version := _version_from_json(version_json.text or "")):
        return version, "version.json", None
    version_txt = host.read_file(paths.join(root, "version.txt"), limit=4096)
    if version_txt.ok and (match := _VERSION_TXT.search(version_txt.text or "")):
        return match.group(1), "version.txt", None
    result = host.run([nvcc, "--version"], timeout=NVCC_TIMEOUT)
    if result.ok and (version := parse_nvcc_version(result.text)):
        return version, "nvcc --version", None
    if result.ok:
        reason = "no release line"
    else:
        reason = result.error or f"exit code {result.returncode}"
    return None, None, f"no version.json or version.txt, and `{nvcc} --version` gave {reason}"


def _is_toolkit_dir(host: Host, paths, root: str) -> bool:
    return host.resolve(paths.join(root, "include", "cuda_runtime.h")) is not None


def _merge_wrappers(host: Host, paths, toolkits: list[CudaToolkit], path_roots: set[str]) -> dict[str, str]:
    """A PATH nvcc that is a wrapper script (/usr/local/bin/nvcc: `exec /usr/local/cuda-13.0/bin/nvcc "$@"`)
    sits in no toolkit; credit it to the one toolkit of its version. Returns wrapper root -> toolkit root."""
    moved: dict[str, str] = {}
    for wrapper in [kit for kit in toolkits if kit.root in path_roots and kit.version]:
        if _is_toolkit_dir(host, paths, wrapper.root):
            continue
        twins = [kit for kit in toolkits if kit is not wrapper and kit.version == wrapper.version]
        if len(twins) == 1:
            twin = twins[0]
            toolkits[toolkits.index(twin)] = replace(twin, found_as=(*wrapper.found_as, *twin.found_as))
            toolkits.remove(wrapper)
            moved[wrapper.root] = twin.root
    return moved


@provides("toolkits", not_seen={"linux": NotSeen("the CUDA toolkits (nvcc) were not recorded", "nvcc --version"),
                      "windows": NotSeen("the CUDA toolkits (nvcc) were not recorded", "nvcc --version")})
def probe_toolkits(host: Host, facts) -> CudaToolkits:
    windows = facts.get("platform").kind == "windows"
    paths = ntpath if windows else posixpath
    nvcc_name = "nvcc.exe" if windows else "nvcc"
    candidates: dict[str, list[str]] = {}  # real root -> how it was found, in discovery order
    nvcc_for_root: dict[str, str] = {}

    def add(path: str, how: str) -> str | None:
        root = host.resolve(path)
        if root is not None and how not in candidates.setdefault(root, []):
            candidates[root].append(how)
        return root

    path_nvcc = host.which_all("nvcc")
    for nvcc in path_nvcc:
        root = add(paths.dirname(paths.dirname(host.resolve(nvcc) or nvcc)), f"nvcc on PATH ({nvcc})")
        if root is not None:
            nvcc_for_root.setdefault(root, nvcc)
    cuda_home, cuda_path = host.env("CUDA_HOME"), host.env("CUDA_PATH")
    cuda_home_root = add(cuda_home, "CUDA_HOME") if cuda_home else None
    cuda_path_root = add(cuda_path, "CUDA_PATH") if cuda_path else None
    for pattern in INSTALL_GLOBS["windows" if windows else "posix"]:
        for directory in host.glob(pattern):
            add(directory, f"{DEFAULT_LINK} link" if directory == DEFAULT_LINK else "standard location")

    toolkits = []
    for root, found_as in candidates.items():
        nvcc = nvcc_for_root.get(root, paths.join(root, "bin", nvcc_name))
        version, source, error = _read_version(host, paths, root, nvcc)
        toolkits.append(CudaToolkit(root, version, tuple(found_as), source, error))
    moved = _merge_wrappers(host, paths, toolkits, set(nvcc_for_root))
    path_root = next(iter(nvcc_for_root), None)
    return CudaToolkits(
        toolkits=tuple(toolkits),
        path_nvcc=path_nvcc,
        cuda_home=cuda_home,
        cuda_path=cuda_path,
        cuda_home_root=moved.get(cuda_home_root, cuda_home_root),
        cuda_path_root=moved.get(cuda_path_root, cuda_path_root),
        path_root=moved.get(path_root, path_root),
    )
