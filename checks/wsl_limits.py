"""The limits WSL 2 itself sets on GPU work (.wslconfig, its memory cap, /dev/shm) and Docker
Desktop's GPU path into a distribution."""

from __future__ import annotations

import re

from gpudoctor.fix_requests import wslconfig_utf8
from gpudoctor.lazy_regex import lazy_compile
from gpudoctor.model import check, fail, ok, skip, warn

GIB = 1024**3
KIB = 1024
# NCCL's troubleshooting guide starts from --shm-size=1g for a container
# (https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting/runtime_and_mpi_issues.html#shared-memory).
NCCL_SHM_FLOOR_BYTES = GIB
WSLCONFIG_DOC = "https://learn.microsoft.com/windows/wsl/wsl-config#wslconfig"
DOCKER_DESKTOP_GPU_DOC = "https://docs.docker.com/desktop/features/gpu/"
DOCKER_DESKTOP_WSL_DOC = "https://docs.docker.com/desktop/features/wsl/"
_SIZE = lazy_compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?)B?\s*$", re.IGNORECASE)
_SIZE_UNITS = {"": 1, "K": KIB, "M": KIB**2, "G": KIB**3, "T": KIB**4}


def wsl_size_bytes(value: str | None) -> int | None:
    """.wslconfig sizes: "6GB", "512MB", "16G"; WSL reads the units as powers of 1024."""
    match = _SIZE.match(value or "")
    return int(float(match.group(1)) * _SIZE_UNITS[match.group(2).upper()]) if match else None


ENCODING_NAMES = {"utf-16-bom": "UTF-16 with a byte-order mark", "utf-16": "UTF-16 without a byte-order mark",
                  "unreadable": "neither UTF-8 nor UTF-16"}


def _gib(size_bytes: float) -> str:
    return f"{size_bytes / GIB:.1f} GiB"


# -- wsl.limits -------------------------------------------------------------------------------------

def _wslconfig_findings(settings):
    config = settings.wslconfig
    if config is None:
        if settings.wslconfig_read:
            yield ok("No .wslconfig: WSL 2 runs with its defaults (memory: half of Windows' RAM; swap: a quarter).",
                     evidence={"wslconfig": None})
        return
    wsl2 = config.values.get("wsl2", {})
    shown = ", ".join(f"{k}={v}" for k, v in wsl2.items()) or "no [wsl2] settings"
    evidence = {"encoding": config.encoding, "wsl2": dict(wsl2)}
    if config.ignored_by_wsl:
        yield fail(f"%UserProfile%\\.wslconfig is saved as {ENCODING_NAMES.get(config.encoding, config.encoding)}: "
                   "WSL ignores it silently, so "
                   f"none of its settings apply ({shown}).",
                   "WSL reads .wslconfig as UTF-8; a file saved as UTF-16 (Notepad's \"Unicode\", or PowerShell 5's "
                   "`>` and Out-File) is skipped without a message (https://github.com/microsoft/WSL/issues/7851, "
                   "https://github.com/microsoft/WSL/issues/5383).",
                   "The fix saves it again as UTF-8 without a byte-order mark (the old file is backed up); then "
                   "`wsl --shutdown`.", evidence=evidence,
                   fix=wslconfig_utf8() if config.encoding.startswith("utf-16") else None)
        return
    if wsl2.get("gpusupport", "").lower() == "false":
        yield fail("%UserProfile%\\.wslconfig turns the GPU off for WSL 2 (`[wsl2] gpuSupport=false`).",
                   "No distribution gets /dev/dxg while it is set. Remove the line (or set it to true), then "
                   "`wsl --shutdown`.", evidence=evidence)
    yield ok(f".wslconfig ({config.encoding}): {shown}.", f"Settings: {WSLCONFIG_DOC}", evidence=evidence)


def _wsl2_setting(settings, name: str) -> str | None:
    """A `[wsl2]` value of .wslconfig, where Windows was reached and WSL reads the file."""
    config = settings.wslconfig if settings.reachable else None
    return config.values.get("wsl2", {}).get(name) if config and not config.ignored_by_wsl else None


def _largest_model(ollama):
    models = [m for m in (ollama.models or ()) if m.size] if ollama is not None else []
    return max(models, key=lambda m: m.size, default=None)


def _memory_cap_source(cap: str | None, host: int | None) -> str:
    if cap:
        return f"`[wsl2] memory={cap}` in .wslconfig"
    return f"WSL's default, half of Windows' {_gib(host)}" if host else "WSL's default (half of Windows' RAM)"


def _memory_findings(wsl, settings, gpus, ollama):
    mem = wsl.mem_total_kib * KIB if wsl.mem_total_kib else None
    if mem is None:
        yield skip("MemTotal could not be read from /proc/meminfo.")
        return
    vram = sum(g.memory_total_bytes or 0 for g in gpus.gpus)
    host = settings.host_memory_bytes if settings.reachable else None
    largest = _largest_model(ollama)
    cap = _wsl2_setting(settings, "memory")
    evidence = {"mem_total_bytes": mem, "vram_bytes": vram, "host_memory_bytes": host, "wslconfig_memory": cap,
                "largest_model": {"name": largest.name, "size": largest.size} if largest else None}
    where = _memory_cap_source(cap, host)
    short = []
    if vram and mem < vram:
        short.append(f"less than the {_gib(vram)} of VRAM on the {len(gpus.gpus)} GPUs")
    if largest and mem < largest.size:
        short.append(f"less than the model Ollama has loaded ({largest.name}, {_gib(largest.size)})")
    if short:
        yield _memory_short(mem, where, short, _wsl2_setting(settings, "swap"), evidence)
        return
    yield ok(f"This WSL 2 VM has {_gib(mem)} of RAM ({where})" + (f", at least the {_gib(vram)} of VRAM." if vram
                                                                    else "."), evidence=evidence)


def _memory_short(mem, where, short, swap, evidence):
    no_swap = (["With `swap=0` in .wslconfig nothing can be paged out: the load fails outright."]
               if wsl_size_bytes(swap) == 0 else [])
    return warn(f"This WSL 2 VM has {_gib(mem)} of RAM ({where}): {' and '.join(short)}.",
                "A model on its way to the GPUs passes through RAM: Ollama reads the model file into the page "
                "cache and PyTorch stages tensors in pinned (page-locked) host memory, which NVIDIA's CUDA on WSL "
                "guide lists as limited in WSL (\"Known Limitations for Linux CUDA Applications\"). With WSL's "
                "cap below what the GPUs hold, loading slows to swapping or fails (out of memory, the OOM killer).",
                *no_swap, "Raise it in %UserProfile%\\.wslconfig: `[wsl2]` then `memory=NNGB` (saved as UTF-8), then "
                f"`wsl --shutdown` ({WSLCONFIG_DOC}).", evidence={**evidence, "wslconfig_swap": swap})


def _shm_finding(wsl, gpus):
    evidence = {"shm_bytes": wsl.shm_bytes, "gpus": len(gpus.gpus)}
    if len(gpus.gpus) < 2:
        return None
    if wsl.shm_bytes is None:
        return skip("The size of /dev/shm could not be read (`df -k /dev/shm`).", evidence=evidence)
    size = _gib(wsl.shm_bytes)
    if wsl.shm_bytes < NCCL_SHM_FLOOR_BYTES:
        return warn(f"/dev/shm has only {size} for NCCL between {len(gpus.gpus)} GPUs.",
                    "NCCL moves data between GPUs without a direct path through shared-memory segments in /dev/shm "
                    "(its SHM transport); when they do not fit it fails with \"NCCL WARN Error while creating shared "
                    "memory segment\" or the job hangs. NCCL's guide starts from 1 GiB.",
                    "Remount it larger for this session: `sudo mount -o remount,size=16G /dev/shm`, or raise WSL's "
                    "memory in .wslconfig (/dev/shm is half of it by default).", evidence=evidence)
    return ok(f"/dev/shm has {size}: enough for NCCL between {len(gpus.gpus)} GPUs.", evidence=evidence)


@check("wsl.limits", title="WSL 2's own limits: .wslconfig, memory cap, /dev/shm",
       needs=("wsl", "windows_settings", "gpus", "ollama"), platforms=("wsl",), fixes=("windows.wslconfig-utf8",))
def wsl_limits(facts):
    """Checks the limits WSL 2 sets around the GPUs.

    %UserProfile%\\.wslconfig is read through interop: its memory, processors, swap and gpuSupport
    settings, and its encoding - WSL reads UTF-8 only and silently ignores a file saved as UTF-16
    with a BOM (microsoft/WSL#7851). The VM's MemTotal (WSL's memory cap, by default half of
    Windows' RAM) is compared with the GPUs' total VRAM and with the largest model Ollama has
    loaded: models and pinned buffers pass through RAM on their way to the GPUs. /dev/shm must hold
    NCCL's shared-memory segments (1 GiB or more, NCCL's troubleshooting guide).
    """
    wsl, settings, gpus = facts.wsl, facts.windows_settings, facts.gpus
    if wsl.version == 1:
        yield skip("WSL 1 has no VM and no GPU: its limits do not apply (see wsl.feature).")
        return
    if settings.reachable:
        yield from _wslconfig_findings(settings)
    else:
        yield skip(f".wslconfig and Windows' memory were not read: Windows could not be asked ({settings.problem}).")
    yield from _memory_findings(wsl, settings, gpus, facts.ollama)
    shm = _shm_finding(wsl, gpus)
    if shm:
        yield shm


# -- wsl.docker -------------------------------------------------------------------------------------

def _docker_desktop_running(windows) -> bool | None:
    if not windows.reachable or windows.distros is None:
        return None
    return any(d.name.lower() == "docker-desktop" and d.state.lower() == "running" for d in windows.distros)


@check("wsl.docker", title="Docker Desktop's GPU path into this distribution",
       needs=("wsl", "windows", "container"), platforms=("wsl",))
def wsl_docker(facts):
    """Inside WSL, which Docker answers `docker` and where its NVIDIA runtime comes from.

    With Docker Desktop's WSL integration on, this distribution's docker CLI and socket lead into
    Docker Desktop's own VM (/mnt/wsl/docker-desktop): GPU containers get the NVIDIA runtime that
    Docker Desktop ships, and nothing NVIDIA is installed in the distribution for it
    (https://docs.docker.com/desktop/features/gpu/). With the integration off, `docker` is missing
    or talks to a Docker Engine installed in the distribution, which needs the NVIDIA Container
    Toolkit inside the distribution, or `docker run --gpus all` fails with
    `could not select device driver "" with capabilities: [[gpu]]` (docker/for-win#7581).
    """
    wsl, windows, container = facts.wsl, facts.windows, facts.container
    link = wsl.docker
    desktop = _docker_desktop_running(windows)
    engines = container.engines
    evidence = {"docker_cli": link.cli if link else None, "docker_socket": link.socket if link else None,
                "docker_desktop_running": desktop,
                "runtimes": list(engines.docker_runtimes or ()) if engines and engines.docker_runtimes else None}
    if link is None or (link.cli is None and not desktop):
        yield skip("No docker here and Docker Desktop is not running.", evidence=evidence)
        return
    if link.desktop_integration:
        runtimes = engines.docker_runtimes if engines else None
        if runtimes is not None and "nvidia" not in runtimes:
            yield fail("Docker Desktop answers `docker` here but lists no NVIDIA runtime: `docker run --gpus all` "
                       "fails with: could not select device driver \"\" with capabilities: [[gpu]].",
                       f"Docker's runtimes: {', '.join(runtimes)}. Docker Desktop brings the NVIDIA runtime itself "
                       "with the WSL 2 backend: update Docker Desktop, keep \"Use the WSL 2 based engine\" on, and "
                       f"update the Windows NVIDIA driver ({DOCKER_DESKTOP_GPU_DOC}). Installing the "
                       "nvidia-container-toolkit in this distribution does not change Docker Desktop's engine.",
                       evidence=evidence)
            return
        yield ok("Docker Desktop's WSL integration is on for this distribution: GPU containers use the NVIDIA "
                 "runtime Docker Desktop ships (`docker run --gpus all`).",
                 "Install nothing NVIDIA in the distribution for it: no driver, no nvidia-container-toolkit "
                 f"({DOCKER_DESKTOP_GPU_DOC}).", evidence=evidence)
        return
    if desktop and link.cli is None:
        yield warn("Docker Desktop is running but its WSL integration is off for this distribution: `docker` is "
                   "missing here.",
                   "Turn it on in Docker Desktop: Settings > Resources > WSL integration > this distribution "
                   f"({DOCKER_DESKTOP_WSL_DOC}); GPU containers then use Docker Desktop's NVIDIA runtime.",
                   evidence=evidence)
        return
    extra = (" Docker Desktop runs too: two engines with separate images and containers; turn its WSL integration "
             "on for this distribution and remove the engine installed here, or stop Docker Desktop."
             if desktop else "")
    yield ok(f"`docker` here is a Docker Engine installed in this distribution ({link.cli}), not Docker Desktop's: "
             "its GPU support is the NVIDIA Container Toolkit inside the distribution (container.runtime checks it)."
             + extra, evidence=evidence)
