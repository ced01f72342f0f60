"""What the Ollama server's log says, read once: the settings it started with (`server config`), the GPUs it
discovered (`inference compute`), where it listens, the runner's device listing, how it placed the last model
(gpudoctor/ollama/load.py), what failed since its last start (gpudoctor/ollama/messages.py) and the known
failures of the whole log (the signature catalogue). Log formats changed over the years; the readers cover
the old (0.1.4x-0.5, `variant=v12`, llama.cpp's `llm_load_tensors`) and the new (0.6+, 0.11+ "new engine",
0.12+ `description=`/`pci_id=`) forms; each reader shows the forms it reads. Pure: no host access.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct

from gpudoctor.host.redact import redact_value
from gpudoctor.model import NotSeen
from gpudoctor.ollama.load import ModelLoad, last_index, model_load
from gpudoctor.ollama.messages import (
    CUDA_DEVICE,
    CUDA_FOUND,
    INFERENCE_COMPUTE,
    LISTENING,
    LISTENING_ON,
    SERVER_CONFIG,
    STOPPED,
    VERSION,
    LogProblem,
    problems,
    strip_prefix,
)
from gpudoctor.ollama.slog import env_map, logfmt, parse_size

if TYPE_CHECKING:
    from gpudoctor.knowledge.matcher import SignatureMatch

# The variables of the server's `server config` line that gpudoctor reports (never the others:
# HTTPS_PROXY and friends may hold credentials).
SERVICE_ENV_KEYS = (
    "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL", "HIP_VISIBLE_DEVICES", "OLLAMA_SCHED_SPREAD",
    "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS", "OLLAMA_NUM_PARALLEL", "OLLAMA_FLASH_ATTENTION",
    "OLLAMA_KV_CACHE_TYPE", "OLLAMA_HOST", "OLLAMA_LLM_LIBRARY",
)


class LogGpu(Struct, frozen=True):
    """One `inference compute` line: a device Ollama found at start-up."""

    id: str
    library: str
    name: str
    compute: str | None = None
    driver: str | None = None
    variant: str | None = None  # 0.3-0.5: v11 / v12
    description: str | None = None  # 0.12+: the marketing name; `name` is then CUDA0, CUDA1...
    pci_id: str | None = None  # 0.12+
    total: int | None = None
    available: int | None = None

    @property
    def is_cuda(self) -> bool:
        return self.library.lower() == "cuda"

    @property
    def display_name(self) -> str:
        return self.description or self.name


class RunnerDevice(Struct, frozen=True):
    """One `  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes[, ID: GPU-…]` line that
    llama.cpp's ggml_cuda_init prints in the runner: the GPUs CUDA showed the runner process."""

    index: int
    name: str
    compute: str | None = None
    uuid: str | None = None


class ServerLog(Struct, frozen=True):
    source: str | None = None  # "journalctl -u ollama" or a file path
    error: str | None = None  # why no log could be read
    not_seen: NotSeen | None = None  # no place it could be was recorded (a paste without it, an older snapshot)
    server_version: str | None = None
    service_env: dict[str, str] | None = None  # audited keys of the last `server config` line
    discovered: tuple[LogGpu, ...] = ()
    discovery_seen: bool = False  # any `inference compute` line at all
    last_load: ModelLoad | None = None
    problems: tuple[LogProblem, ...] = ()  # since the last start
    signatures: tuple[SignatureMatch, ...] = ()  # known failures (gpudoctor/knowledge) in the whole log read
    config_keys: tuple[str, ...] = ()  # every key of the `server config` line: the settings this version reads
    listening: str | None = None  # the address of "Listening on 192.168.1.14:11434 (version 0.12.6)"
    runner_devices: tuple[RunnerDevice, ...] = ()  # the newest ggml_cuda_init listing
    runner_device_count: int | None = None  # its "found N CUDA devices"
    stopped: bool = False  # systemd logged the service's stop after its last start
    via: str = ""  # how it was read: "journal", "file" or "container" ("" where the source names it)

    @property
    def from_service(self) -> bool:
        return self.via == "journal" or (not self.via and (self.source or "").startswith("journalctl"))

    @property
    def from_container(self) -> bool:
        return self.via == "container" or (not self.via and (self.source or "").startswith(("docker logs",
                                                                                             "podman logs")))


def service_env(line: str) -> dict[str, str]:
    """The audited variables of a `server config` line (never HTTPS_PROXY and the like)."""
    found = {}
    for key, value in env_map(line).items():
        if key in SERVICE_ENV_KEYS:
            found[key] = redact_value(key, value) if key == "OLLAMA_HOST" else value
    return found


def log_gpu(line: str) -> LogGpu:
    """An `inference compute` line:
    0.3-0.5: id=GPU-… library=cuda variant=v12 compute=8.9 driver=12.4 name="NVIDIA GeForce RTX 4090"
             total="23.6 GiB" available="23.2 GiB"
    0.12+:   id=GPU-… filter_id="" library=CUDA compute=8.9 name=CUDA0 description="NVIDIA GeForce RTX 4090"
             libdirs=ollama,cuda_v13 driver=13.0 pci_id=0000:01:00.0 type=discrete total="24.0 GiB" available="23.1 GiB"
    CPU only: id=0 library=cpu variant=avx2 compute="" driver=0.0 name="" total="62.7 GiB" available="58.1 GiB"
    """
    f = logfmt(line)
    return LogGpu(
        id=f.get("id", ""), library=f.get("library", ""), name=f.get("name", ""), compute=f.get("compute") or None,
        driver=f.get("driver") or None, variant=f.get("variant") or None, description=f.get("description") or None,
        pci_id=f.get("pci_id") or None, total=parse_size(f.get("total")), available=parse_size(f.get("available")),
    )


def _discovered(lines: list[str]) -> tuple[LogGpu, ...]:
    """The GPUs of the newest start: the last run of `inference compute` lines."""
    indices = [i for i, line in enumerate(lines) if INFERENCE_COMPUTE in line]
    if not indices:
        return ()
    group = [indices[-1]]
    for i in reversed(indices[:-1]):
        if group[0] - i > 5:
            break
        group.insert(0, i)
    return tuple(log_gpu(lines[i]) for i in group)


def runner_devices(lines: list[str]) -> tuple[int | None, tuple[RunnerDevice, ...]]:
    """The newest `ggml_cuda_init: found N CUDA devices:` and its `  Device i: …` lines."""
    found = [i for i, line in enumerate(lines) if CUDA_FOUND.search(line)]
    if not found:
        return None, ()
    start = found[-1]
    count = int(CUDA_FOUND.search(lines[start]).group(1))
    devices = []
    for line in lines[start + 1:start + 1 + count]:
        m = CUDA_DEVICE.match(line)
        if m is None:
            break
        devices.append(RunnerDevice(int(m.group(1)), m.group(2), m.group(3), m.group(4)))
    return count, tuple(devices)


def _stopped_after(lines: list[str], start_markers: tuple[str, ...]) -> bool:
    start = last_index(lines, start_markers)
    stop = last_index(lines, STOPPED)
    return stop is not None and (start is None or stop > start)


def parse_server_log(text: str, source: str, startup_text: str = "", via: str = "") -> ServerLog:
    """Facts from a server log; `startup_text` holds older start-up lines the main text lost."""
    lines = [strip_prefix(line) for line in text.splitlines()]
    startup_text = "\n".join(strip_prefix(line) for line in startup_text.splitlines())
    start = last_index(lines, (SERVER_CONFIG,))
    current = lines[start:] if start is not None else lines
    startup = current if start is not None else startup_text.splitlines() + lines
    config = last_index(startup, (SERVER_CONFIG,))
    listening = last_index(startup, (LISTENING,))
    version = VERSION.search(startup[listening]) if listening is not None else None
    address = LISTENING_ON.search(startup[listening]) if listening is not None else None
    device_count, devices = runner_devices(current)
    return ServerLog(
        source=source,
        server_version=version.group(1) if version else None,
        service_env=service_env(startup[config]) if config is not None else None,
        discovered=_discovered(startup),
        discovery_seen=any(INFERENCE_COMPUTE in line for line in startup),
        last_load=model_load(current),
        problems=problems(current),
        config_keys=tuple(env_map(startup[config])) if config is not None else (),
        listening=address.group(1) if address else None,
        runner_devices=devices,
        runner_device_count=device_count,
        stopped=_stopped_after(lines, (LISTENING, SERVER_CONFIG)),
        via=via,
        signatures=_signatures(text, source),
    )


def _signatures(text: str, source: str) -> tuple[SignatureMatch, ...]:
    from gpudoctor.knowledge.matcher import scan

    return scan(text, source, "ollama-log")
