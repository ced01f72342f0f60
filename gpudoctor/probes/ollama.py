"""What the Ollama server says: its API (version, loaded models) and its server log.

The log is the only place that shows what the *server* sees: the environment it was started
with (the `server config` line), the GPUs it discovered (`inference compute` lines), how it
placed the last model (layer split over GPUs) and why loads failed. Log formats changed over
the years; the parsers below cover the old (0.1.4x-0.5, `variant=v12`, llama.cpp's
`llm_load_tensors`) and the new (0.6+, 0.11+ "new engine", 0.12+ `description=`/`pci_id=`)
forms; each parser shows the forms it reads.
"""

from __future__ import annotations

import ipaddress
import json
import ntpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.host.redact import redact_value
from gpudoctor.model import NotSeen
from gpudoctor.probes.ollama_host import OllamaHost, app_log, find_container, gpu_access, service_unit
from gpudoctor.probing import provides

if TYPE_CHECKING:
    from gpudoctor.knowledge.matcher import SignatureMatch

DEFAULT_PORT = "11434"
HTTP_TIMEOUT_S = 1.5
LOG_LIMIT = 2_000_000
JOURNAL_LINES = 3000
JOURNAL_TIMEOUT_S = 10.0
MAX_PROBLEMS = 6
NOT_INSTALLED = "Ollama is not installed here"

JOURNAL_ARGV = ["journalctl", "-u", "ollama", "--no-pager", "-n", str(JOURNAL_LINES), "-o", "cat"]
# A long-running service pushes its start-up lines out of the last 3000; fetch just those.
JOURNAL_STARTUP_ARGV = ["journalctl", "-u", "ollama", "--no-pager", "-n", "300", "-o", "cat",
                        "--grep", "server config|inference compute|Listening on"]

# The variables of the server's `server config` line that gpudoctor reports (never the others:
# HTTPS_PROXY and friends may hold credentials).
SERVICE_ENV_KEYS = (
    "CUDA_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL", "HIP_VISIBLE_DEVICES", "OLLAMA_SCHED_SPREAD",
    "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS", "OLLAMA_NUM_PARALLEL", "OLLAMA_FLASH_ATTENTION",
    "OLLAMA_KV_CACHE_TYPE", "OLLAMA_HOST", "OLLAMA_LLM_LIBRARY",
)
# Server settings a user may have set in the wrong place (a shell). Not CUDA_VISIBLE_DEVICES: a shell
# often sets it for its own programs, and ollama.gpus reports what it does to the server.
SERVER_SETTINGS = ("OLLAMA_SCHED_SPREAD", "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS", "OLLAMA_NUM_PARALLEL",
                   "OLLAMA_FLASH_ATTENTION", "OLLAMA_KV_CACHE_TYPE", "OLLAMA_LLM_LIBRARY")


# -- facts -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Endpoint:
    url: str  # what gpudoctor connects to, e.g. http://127.0.0.1:11434
    configured: str | None  # OLLAMA_HOST as set (redacted), None when unset
    local: bool  # the server runs on this machine, so its log and GPUs are this machine's
    found_by: str | None = None  # how gpudoctor found it when not where OLLAMA_HOST points


@dataclass(frozen=True)
class RunningModel:
    """One entry of GET /api/ps."""

    name: str
    size: int
    size_vram: int
    model: str | None = None
    digest: str | None = None
    context_length: int | None = None
    expires_at: str | None = None

    @property
    def processor(self) -> str:
        """The PROCESSOR column of `ollama ps` (cmd/cmd.go, ListRunningHandler)."""
        if self.size_vram == 0:
            return "100% CPU"
        if self.size_vram == self.size:
            return "100% GPU"
        if self.size_vram > self.size or self.size == 0:
            return "Unknown"
        cpu_percent = go_round((self.size - self.size_vram) / self.size * 100)
        return f"{cpu_percent}%/{100 - cpu_percent}% CPU/GPU"


@dataclass(frozen=True)
class LogGpu:
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


@dataclass(frozen=True)
class ModelLoad:
    """How the last model load placed the model, from whatever lines that Ollama version logs."""

    model: str | None = None  # the blob path from the runner's --model
    layers_total: int | None = None
    layers_offloaded: int | None = None
    layer_split: tuple[int, ...] = ()  # layers per GPU, in the runner's device order
    gpu_ids: tuple[str, ...] = ()  # GPU ids (UUIDs) that got layers, when the log names them
    tensor_split: tuple[int, ...] = ()  # --tensor-split of the runner command line
    allocations: tuple[int, ...] = ()  # memory.required.allocations, bytes per GPU
    available: tuple[int, ...] = ()  # memory.available, bytes per GPU considered
    scheduler: str | None = None  # "single-gpu" | "fewest-gpus" | "all-gpus" when the log says
    library: str | None = None
    layers_requested: int | None = None  # num_gpu as asked (-1: let Ollama decide)
    required_full: int | None = None  # memory.required.full: what the whole model with its context needs
    required_kv: int | None = None  # memory.required.kv
    log_format: str | None = None  # the key of gpudoctor.knowledge.ollama_versions.LOG_FORMATS it was read from

    @property
    def gpu_count(self) -> int | None:
        """How many GPUs received layers, or None when the log does not say."""
        if self.gpu_ids:
            return len(self.gpu_ids)
        if self.layer_split:
            return sum(1 for n in self.layer_split if n > 0)
        if self.tensor_split:
            return sum(1 for n in self.tensor_split if n > 0)
        if self.layers_offloaded == 0:
            return 0
        if self.scheduler == "single-gpu" or (self.layers_offloaded and len(self.available) == 1):
            return 1
        return None

    @property
    def fully_offloaded(self) -> bool | None:
        if self.layers_total is None or self.layers_offloaded is None:
            return None
        return self.layers_offloaded >= self.layers_total


@dataclass(frozen=True)
class RunnerDevice:
    """One `  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6, VMM: yes[, ID: GPU-…]` line that
    llama.cpp's ggml_cuda_init prints in the runner: the GPUs CUDA showed the runner process."""

    index: int
    name: str
    compute: str | None = None
    uuid: str | None = None


@dataclass(frozen=True)
class LogProblem:
    kind: str  # "oom" | "runner" | "discovery"
    message: str
    device: int | None = None  # the CUDA device number the message names
    size_bytes: int | None = None  # the allocation that failed ("allocating 46963.85 MiB on device 0")


@dataclass(frozen=True)
class ServerLog:
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


@dataclass(frozen=True)
class OllamaFacts:
    endpoint: Endpoint
    installed: tuple[str, ...] = ()  # `ollama` executables on PATH
    version: str | None = None
    api_error: str | None = None  # None when GET /api/version answered like Ollama
    models: tuple[RunningModel, ...] | None = None
    models_error: str | None = None
    log: ServerLog = field(default_factory=ServerLog)
    shell_env: dict[str, str] = field(default_factory=dict)  # SERVER_SETTINGS set in gpudoctor's environment
    pulled: tuple[tuple[str, int], ...] | None = None  # GET /api/tags when no model is loaded
    where: OllamaHost = field(default_factory=OllamaHost)  # the unit, device access, container, app log
    refused: str | None = None  # the URL that refused before gpudoctor found the server elsewhere
    api_not_seen: NotSeen | None = None  # the server's API was never asked (a paste without `ollama ps`)

    @property
    def running(self) -> bool:
        return self.api_error is None


# -- helpers -----------------------------------------------------------------------------------------
def go_round(x: float) -> int:
    """Go's math.Round: halves away from zero (Python's round() goes to even)."""
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


_SIZE = re.compile(r"(?<![\d.])([\d.]+)\s*([KMGT]i?B|B)\b")  # starts only where a number starts
_UNITS = {"B": 1, "KB": 1000, "MB": 1000**2, "GB": 1000**3, "TB": 1000**4,
          "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3, "TiB": 1024**4}


def parse_sizes(text: str | None) -> tuple[int, ...]:
    """'[11.2 GiB 10.9 GiB]' or '22.5 GiB' (format.HumanBytes2) -> bytes."""
    return tuple(int(float(n) * _UNITS[unit]) for n, unit in _SIZE.findall(text or ""))


def parse_size(text: str | None) -> int | None:
    sizes = parse_sizes(text)
    return sizes[0] if sizes else None


def endpoint_from(value: str | None, addresses: Callable[[], tuple[str, ...]] = tuple) -> Endpoint:
    """OLLAMA_HOST as Ollama's envconfig.Host() reads it: "", "0.0.0.0", ":11434", "host:port",
    "http://host:port" (scheme's default port when none is given), surrounding quotes and spaces
    ignored. A server bound to 0.0.0.0 or :: is reached on the loopback address. `addresses` gives this
    machine's own addresses, asked only for an IP address that is not loopback (listing the interfaces
    imports psutil, 0.02 s, which most hosts never need)."""
    raw = (value or "").strip().strip("\"'").strip()
    scheme, sep, hostport = raw.partition("://")
    default_port = DEFAULT_PORT
    if not sep:
        scheme, hostport = "http", raw
    elif scheme == "http":
        default_port = "80"
    elif scheme == "https":
        default_port = "443"
    hostport, _, path = hostport.partition("/")
    hostport = hostport.rpartition("@")[2]  # credentials: gpudoctor sends none, and must not show them
    host, port = _split_host_port(hostport)
    if host is None:
        host, port = "127.0.0.1", default_port
        bare = hostport.strip("[]")
        if bare:
            host = bare
    if not port.isdigit() or int(port) > 65535:
        port = default_port
    host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    shown = f"[{host}]" if ":" in host else host
    base = f"{scheme}://{shown}:{port}" + (f"/{path.rstrip('/')}" if path.rstrip("/") else "")
    return Endpoint(url=base, configured=redact_value("OLLAMA_HOST", value),
                    local=_is_local(host, addresses))


def _split_host_port(hostport: str) -> tuple[str | None, str]:
    """Go's net.SplitHostPort: (None, '') when there is no port."""
    if hostport.startswith("["):
        close = hostport.find("]")
        if close < 0 or hostport[close + 1:close + 2] != ":":
            return None, ""
        return hostport[1:close], hostport[close + 2:]
    if hostport.count(":") != 1:
        return None, ""
    host, port = hostport.split(":")
    return host, port


def _is_local(host: str, addresses: Callable[[], tuple[str, ...]]) -> bool:
    """Loopback, or one of this machine's own addresses (a server bound to the LAN address with
    OLLAMA_HOST=192.168.1.14 runs here too)."""
    if host == "localhost":
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or any(address == ipaddress.ip_address(a) for a in addresses() if _is_ip(a))


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
        return True
    except ValueError:
        return False


# -- the API -----------------------------------------------------------------------------------------
def _http_problem(result) -> str | None:
    if result.error:
        return result.error
    if result.status != 200:
        return f"HTTP {result.status}"
    return None


def _json(body: bytes):
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested thousands deep
        return None


def query_version(host: Host, endpoint: Endpoint) -> tuple[str | None, str | None]:
    """(version, problem) from GET /api/version, which answers {"version": "0.12.3"}."""
    result = host.http_get(f"{endpoint.url}/api/version", timeout=HTTP_TIMEOUT_S)
    problem = _http_problem(result)
    if problem:
        return None, problem
    data = _json(result.body)
    if not isinstance(data, dict) or not isinstance(data.get("version"), str):
        return None, f"not Ollama's answer: {result.body[:120]!r}"
    return data["version"], None


def _model(entry) -> RunningModel:
    if not isinstance(entry.get("name"), str) or type(entry.get("size")) is not int \
            or type(entry.get("size_vram")) is not int:
        raise ValueError("a model without name, size or size_vram")
    context = entry.get("context_length")
    return RunningModel(
        name=entry["name"], size=entry["size"], size_vram=entry["size_vram"], model=entry.get("model"),
        digest=entry.get("digest"), context_length=context if type(context) is int else None,
        expires_at=entry.get("expires_at"),
    )


def query_models(host: Host, endpoint: Endpoint) -> tuple[tuple[RunningModel, ...] | None, str | None]:
    """GET /api/ps: {"models": [{"name", "model", "size", "digest", "details", "expires_at", "size_vram",
    "context_length"}]} (https://github.com/ollama/ollama/blob/main/docs/api.md#list-running-models)."""
    result = host.http_get(f"{endpoint.url}/api/ps", timeout=HTTP_TIMEOUT_S)
    problem = _http_problem(result)
    if problem:
        return None, problem
    data = _json(result.body)
    if not isinstance(data, dict) or not isinstance(data.get("models"), list):
        return None, f"unexpected answer: {result.body[:120]!r}"
    try:
        return tuple(_model(entry) for entry in data["models"] if isinstance(entry, dict)), None
    except ValueError as exc:
        return None, f"unexpected answer: {exc}"


def query_tags(host: Host, endpoint: Endpoint) -> tuple[tuple[str, int], ...] | None:
    """GET /api/tags: the models pulled here, (name, size) each; None when it did not answer."""
    result = host.http_get(f"{endpoint.url}/api/tags", timeout=HTTP_TIMEOUT_S)
    data = _json(result.body) if _http_problem(result) is None else None
    if not isinstance(data, dict) or not isinstance(data.get("models"), list):
        return None
    return tuple((m["name"], m.get("size") if type(m.get("size")) is int else 0)
                 for m in data["models"] if isinstance(m, dict) and isinstance(m.get("name"), str))


# -- the server log ------------------------------------------------------------------------------------
# slog's text format: key=value, value Go-quoted when it has spaces; keys quoted too ("model layers"=49).
# Scanned by hand rather than with a pattern: a regular expression retried at every start of a 100 KB
# line of quotes and backslashes took minutes. Each quoted string's end is found once per position
# (QuotedEnds), and an unquoted key that is not followed by `=` is skipped whole (every later start in the
# same run ends at the same place and fails the same way), so the whole line is read a bounded number of times.
_WHITESPACE = frozenset(" \t\n\r\f\v")


class QuotedEnds:
    """Where the Go-quoted string opening at a `"` ends, for one line: remembered per position, so that
    scans from many quotes that reach the same position share the rest of their work."""

    def __init__(self, line: str) -> None:
        self._line = line
        self._end_from: dict[int, int | None] = {}  # position (not after a backslash) -> closing quote's index

    def closing(self, opening: int) -> int | None:
        """The index of the quote closing the string opened at `opening`, or None (unclosed)."""
        line, visited, position, end = self._line, [], opening + 1, None
        while position < len(line):
            if position in self._end_from:
                end = self._end_from[position]
                break
            visited.append(position)
            if line[position] == '"':
                end = position
                break
            position += 2 if line[position] == "\\" else 1
        for seen in visited:
            self._end_from[seen] = end
        return end


def _unquote(text: str) -> str:
    try:
        return json.loads(f'"{text}"')
    except ValueError:  # Go's \x escapes are not JSON
        return text.replace('\\"', '"').replace("\\\\", "\\")


def logfmt(line: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    quotes = QuotedEnds(line)
    position = 0
    while position < len(line):
        char = line[position]
        if char in _WHITESPACE or char == "=":
            position += 1
            continue
        if char == '"':
            closing = quotes.closing(position)
            if closing is None or line[closing + 1:closing + 2] != "=":
                position += 1  # as a pattern would: try again from the next character
                continue
            key, position = _unquote(line[position + 1:closing]), closing + 2
        else:
            end = position
            while end < len(line) and line[end] not in _WHITESPACE and line[end] not in '="':
                end += 1
            if line[end:end + 1] != "=":
                position = end
                continue
            key, position = line[position:end], end + 1
        fields[key], position = _value(line, position, quotes)
    return fields


def _value(line: str, position: int, quotes: QuotedEnds) -> tuple[str, int]:
    """The value starting at `position` (Go-quoted, or up to the next whitespace) and where it ends."""
    if line[position:position + 1] == '"':
        closing = quotes.closing(position)
        if closing is not None:
            return _unquote(line[position + 1:closing]), closing + 1
    end = position
    while end < len(line) and line[end] not in _WHITESPACE:
        end += 1
    return line[position:end], end


def _ints(text: str | None) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", text or ""))


# A key of the env map: upper case (OLLAMA_HOST, CUDA_VISIBLE_DEVICES) or Go's lower-case proxy names.
# Values may hold spaces ("GPU-a, GPU-b") and colons (OLLAMA_ORIGINS' "http://…"), so a value runs to the
# next key.
_ENV_KEY = re.compile(r"(?:^|\s)([A-Z][A-Z0-9_]*|https?_proxy|no_proxy):")


def env_map(line: str) -> dict[str, str]:
    """Every KEY:value of a `server config` line, old and new form:
    2024/08/23 18:06:38 routes.go:1125: INFO server config
        env="map[CUDA_VISIBLE_DEVICES: ... OLLAMA_SCHED_SPREAD:false ...]"
    time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config"
        env="map[CUDA_VISIBLE_DEVICES:0,1 ...]"
    """
    text = logfmt(line).get("env", "")
    if not text.startswith("map["):  # journalctl and pasted logs cut long lines: read what is there
        m = re.search(r'env="(map\[.*)', line)
        text = m.group(1).rstrip('"') if m else text
    text = text[4:-1] if text.startswith("map[") and text.endswith("]") else text.removeprefix("map[")
    keys = list(_ENV_KEY.finditer(text))
    return {m.group(1): text[m.end():keys[i + 1].start() if i + 1 < len(keys) else len(text)].strip()
            for i, m in enumerate(keys)}


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


_OFFLOADED = re.compile(r"offloaded (\d+)/(\d+) layers to GPU")
# new engine (ml.GPULayersList): GPULayers:49[ID:GPU-a Layers:25(0..24) ID:GPU-b Layers:24(25..48)]
_GPU_LAYERS = re.compile(r"GPULayers:(\d*)\[([^\]]*)\]")
# An entry starts after "[" or a space, and its id never spans the next "[ID:": each start scans its own stretch.
_GPU_LAYER_ENTRY = re.compile(r"(?<![^\s\[])ID:([^\s\[]+) Layers:(\d+)")
_START_RUNNER = ('msg="starting llama server"', 'msg="starting runner"')
# The memory estimate: `msg="offload to cuda"` up to 0.4, `msg=offload library=cuda` from 0.5.
_OFFLOAD = ("msg=offload ", 'msg="offload to ')
_LOAD_LINES = (*_OFFLOAD, "new model will fit in available VRAM", "msg=load request=")

# What breaks a load, as Ollama and llama.cpp word it.
_OOM = (
    re.compile(r"allocating [\d.]+ MiB on device (\d+): cudaMalloc failed: out of memory"),
    re.compile(r"cudaMalloc failed: out of memory"),
    re.compile(r"unable to allocate CUDA(\d+) buffer"),
    re.compile(r"CUDA error: out of memory"),
)
_RUNNER = re.compile(r"llama runner process (?:has terminated|no longer running)")
_DISCOVERY = (
    "unable to load cuda driver library",
    "unknown error initializing cuda driver library",
    "cuda driver library init failure",  # cuInit's error, e.g. 3 (ollama/ollama#11593)
    "no compatible GPUs were discovered",
    "error looking up nvidia GPU memory",
    "failure during GPU discovery",
    "no nvidia devices detected",
    "your nvidia driver is too old or missing",
    "CUDA GPU is too old",
)


def _message(line: str) -> str:
    fields = logfmt(line)
    if "msg" in fields and "source" in fields:
        extra = " ".join(f"{k}={v}" for k, v in fields.items() if k in ("error", "library", "id", "name"))
        return f"{fields['msg']} {extra}".strip()[:300]
    return line.strip()[:300]


def _problem(line: str) -> LogProblem | None:
    for pattern in _OOM:
        m = pattern.search(line)
        if m:
            device = int(m.group(1)) if m.groups() and m.group(1) else None
            size = re.search(r"allocating ([\d.]+) MiB", line)
            return LogProblem("oom", _message(line), device, int(float(size.group(1)) * 2**20) if size else None)
    if _RUNNER.search(line):
        return LogProblem("runner", _message(line))
    if any(text in line for text in _DISCOVERY):
        return LogProblem("discovery", _message(line))
    return None


def _problems(lines: list[str]) -> tuple[LogProblem, ...]:
    found: dict[tuple[str, str], LogProblem] = {}
    for line in lines:
        problem = _problem(line)
        if problem is not None:
            found.pop((problem.kind, problem.message), None)
            found[(problem.kind, problem.message)] = problem  # keep the newest last
    return tuple(found.values())[-MAX_PROBLEMS:]


def _last_index(lines: list[str], needles: tuple[str, ...], before: int | None = None) -> int | None:
    end = len(lines) if before is None else before
    for i in range(end - 1, -1, -1):
        if any(n in lines[i] for n in needles):
            return i
    return None


def _load_segment(lines: list[str]) -> list[str]:
    """The lines of the newest model load: from the scheduler's decision before the runner's start
    to the end. The runner command line (`starting llama server` up to 0.11, `starting runner`
    with --model from 0.12) marks each load."""
    starts = [i for i, line in enumerate(lines) if any(s in line for s in _START_RUNNER) and "--model" in line]
    if not starts:
        anchor = _last_index(lines, _LOAD_LINES + ("offloaded",))
        return [] if anchor is None else lines[anchor:]
    start = starts[-1]
    previous_output = _last_index(lines, ("offloaded", "llama runner started", "msg=load request="), start)
    previous_end = max(starts[-2] if len(starts) > 1 else -1, -1 if previous_output is None else previous_output)
    lead_in = [line for line in lines[previous_end + 1:start] if any(n in line for n in _LOAD_LINES)]
    return lead_in + lines[start:]


def _first_int(text: str | None) -> int | None:
    m = re.search(r"-?\d+", text or "")
    return int(m.group(0)) if m else None


def _offload_fields(f: dict[str, str]) -> dict:
    """The memory estimate, in each form Ollama printed it (gpudoctor.knowledge.ollama_versions.LOG_FORMATS):
    0.1.32     msg="offload to gpu" reallayers=33 layers=33 required=… used=… available=… kv=…
    0.1.33-44  msg="offload to gpu" layers.real=33 (0.1.38+: layers.requested=-1) memory.available="22.6 GiB"
               memory.required.full=… memory.required.partial=… memory.required.kv=…
    0.1.45-5.11 msg="offload to cuda" layers.requested=-1 layers.model=33 layers.offload=33 layers.split=17,16
               memory.available="[23.3 GiB 23.0 GiB]" memory.required.full=… memory.required.allocations="[…]"
    0.5.12+    msg=offload library=cuda, the same fields as 0.1.45."""
    if "reallayers" in f:
        return {"log_format": "offload-flat", "layers_offloaded": (_first_int(f.get("reallayers")),),
                "layers_total": (_first_int(f.get("layers")),), "available": parse_sizes(f.get("available")),
                "required_full": parse_size(f.get("required"))}
    if "layers.real" in f:
        fmt = "offload-gpu-real"
        offloaded = _first_int(f.get("layers.real"))
    else:
        fmt = "offload-library-attr" if "library" in f else "offload-to-library"
        offloaded = _first_int(f.get("layers.offload"))
    fields = {"log_format": fmt, "layers_offloaded": (offloaded,) if offloaded is not None else (),
              "layers_total": _ints(f.get("layers.model"))[:1], "layer_split": _ints(f.get("layers.split")),
              "allocations": parse_sizes(f.get("memory.required.allocations")),
              "available": parse_sizes(f.get("memory.available")), "library": f.get("library"),
              "layers_requested": _first_int(f.get("layers.requested")),
              "required_full": parse_size(f.get("memory.required.full")),
              "required_kv": parse_size(f.get("memory.required.kv"))}
    if fields["library"] is None and fmt == "offload-to-library":
        fields["library"] = f.get("msg", "").rpartition(" ")[2] or None
    return fields


def model_load(lines: list[str]) -> ModelLoad | None:
    segment = _load_segment(lines)
    if not segment:
        return None
    values: dict = {}
    for line in segment:
        if any(marker in line for marker in _OFFLOAD):
            values.update(_offload_fields(logfmt(line)))
        elif "new model will fit in available VRAM in single GPU" in line:
            values.update(scheduler="single-gpu", single_gpu=logfmt(line).get("gpu"))
        elif "new model will fit in available VRAM across minimum required GPUs" in line:
            values["scheduler"] = "fewest-gpus"
        elif "new model will fit in available VRAM, loading" in line:
            values["scheduler"] = "all-gpus"
        elif any(s in line for s in _START_RUNNER):
            command = logfmt(line).get("cmd", "")
            m = re.search(r"--tensor-split (\S+)", command)
            values["tensor_split"] = _ints(m.group(1)) if m else ()
            m = re.search(r"--model (\S+)", command)
            values["model"] = m.group(1) if m else None
        elif "msg=load request=" in line:
            m = _GPU_LAYERS.search(line)
            if m:
                entries = _GPU_LAYER_ENTRY.findall(m.group(2))
                values["gpu_ids"] = tuple(gpu for gpu, count in entries if int(count) > 0)
                values["layer_split"] = tuple(int(count) for _gpu, count in entries)
                values["layers_offloaded"] = (int(m.group(1)) if m.group(1) else 0,)
                values.setdefault("log_format", "new-engine-load")
            elif "GPULayers:[]" in line:
                values.update(gpu_ids=(), layer_split=(), layers_offloaded=(0,))
                values.setdefault("log_format", "new-engine-load")
        m = _OFFLOADED.search(line)
        if m:
            values.update(layers_offloaded=(int(m.group(1)),), layers_total=(int(m.group(2)),))
    gpu_ids = values.get("gpu_ids") or ((values["single_gpu"],) if values.get("single_gpu") else ())
    offloaded, total = values.get("layers_offloaded") or (None,), values.get("layers_total") or (None,)
    return ModelLoad(
        model=values.get("model"), layers_total=total[0], layers_offloaded=offloaded[0],
        layer_split=values.get("layer_split", ()), gpu_ids=gpu_ids, tensor_split=values.get("tensor_split", ()),
        allocations=values.get("allocations", ()), available=values.get("available", ()),
        scheduler=values.get("scheduler"), library=values.get("library"),
        layers_requested=values.get("layers_requested"), required_full=values.get("required_full"),
        required_kv=values.get("required_kv"), log_format=values.get("log_format"),
    )


def _discovered(lines: list[str]) -> tuple[LogGpu, ...]:
    """The GPUs of the newest start: the last run of `inference compute` lines."""
    indices = [i for i, line in enumerate(lines) if "inference compute" in line]
    if not indices:
        return ()
    group = [indices[-1]]
    for i in reversed(indices[:-1]):
        if group[0] - i > 5:
            break
        group.insert(0, i)
    return tuple(log_gpu(lines[i]) for i in group)


_CUDA_FOUND = re.compile(r"ggml_(?:cuda_init|init_cublas): found (\d+) CUDA devices")
_CUDA_DEVICE = re.compile(r"^\s+Device (\d+): (.+?), compute capability (\d+\.\d+)(?:, VMM: \w+)?(?:, ID: (\S+))?\s*$")


def runner_devices(lines: list[str]) -> tuple[int | None, tuple[RunnerDevice, ...]]:
    """The newest `ggml_cuda_init: found N CUDA devices:` and its `  Device i: …` lines."""
    found = [i for i, line in enumerate(lines) if _CUDA_FOUND.search(line)]
    if not found:
        return None, ()
    start = found[-1]
    count = int(_CUDA_FOUND.search(lines[start]).group(1))
    devices = []
    for line in lines[start + 1:start + 1 + count]:
        m = _CUDA_DEVICE.match(line)
        if m is None:
            break
        devices.append(RunnerDevice(int(m.group(1)), m.group(2), m.group(3), m.group(4)))
    return count, tuple(devices)


# What journalctl's short output, `docker logs --timestamps` and `docker compose logs` put before a line.
_LINE_PREFIX = re.compile(
    r"^(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ [\w.-]+\[\d+\]: "  # Dec 16 13:48:06 host ollama[41154]:
    r"|[a-zé]{3,5}\.? \d\d \d\d:\d\d:\d\d \S+ [\w.-]+\[\d+\]: "  # localised month names (journalctl)
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z "  # docker logs --timestamps
    r"|[\w.-]+\s+\| )"  # docker compose logs: "ollama  | "
)


def strip_prefix(line: str) -> str:
    return _LINE_PREFIX.sub("", line, count=1)


# What systemd writes into the unit's journal when the service ends ("Stopped ollama.service - Ollama
# Service.", "ollama.service: Deactivated successfully.", "ollama.service: Main process exited …").
_STOPPED = ("Stopped ollama", "Stopped Ollama", "Deactivated successfully", "Main process exited", "Failed with result")


def _stopped_after(lines: list[str], start_markers: tuple[str, ...]) -> bool:
    start = _last_index(lines, start_markers)
    stop = _last_index(lines, _STOPPED)
    return stop is not None and (start is None or stop > start)


def parse_server_log(text: str, source: str, startup_text: str = "", via: str = "") -> ServerLog:
    """Facts from a server log; `startup_text` holds older start-up lines the main text lost."""
    lines = [strip_prefix(line) for line in text.splitlines()]
    startup_text = "\n".join(strip_prefix(line) for line in startup_text.splitlines())
    start = _last_index(lines, ("server config",))
    current = lines[start:] if start is not None else lines
    startup = current if start is not None else startup_text.splitlines() + lines
    config = _last_index(startup, ("server config",))
    listening = _last_index(startup, ("Listening on",))
    version = re.search(r"\(version ([^)]+)\)", startup[listening]) if listening is not None else None
    address = re.search(r"Listening on (\S+)", startup[listening]) if listening is not None else None
    device_count, devices = runner_devices(current)
    return ServerLog(
        source=source,
        server_version=version.group(1) if version else None,
        service_env=service_env(startup[config]) if config is not None else None,
        discovered=_discovered(startup),
        discovery_seen=any("inference compute" in line for line in startup),
        last_load=model_load(current),
        problems=_problems(current),
        config_keys=tuple(env_map(startup[config])) if config is not None else (),
        listening=address.group(1) if address else None,
        runner_devices=devices,
        runner_device_count=device_count,
        stopped=_stopped_after(lines, ("Listening on", "server config")),
        via=via,
        signatures=_signatures(text, source),
    )


def _signatures(text: str, source: str) -> tuple[SignatureMatch, ...]:
    from gpudoctor.knowledge.matcher import scan

    return scan(text, source, "ollama-log")


# Every kind of line the parsers above read. Only these lines of the server log are recorded whole (in
# a snapshot); of the others (requests, and prompts when OLLAMA_DEBUG is on) only what says the log is
# Ollama's: a slog line's time, level, source and message, an old line's date and Go source file.
# A parser that reads a new kind of line adds its marker here; tests/attacks/test_ollama_log_kept.py
# checks that every recorded log parses the same from what is kept.
LOG_LINES_READ = (
    "server config", "inference compute", "Listening on", *_START_RUNNER, *_OFFLOAD, *_LOAD_LINES, "offloaded",
    "llama runner started", "GPULayers", "llama runner process", *_DISCOVERY, "cudaMalloc failed",
    "unable to allocate CUDA", "CUDA error: out of memory", "CUDA devices", "compute capability", *_STOPPED,
    "ggml_cuda_init", "ggml_init_cublas", "load_tensors:",
)
_SLOG_HEAD = re.compile(r'time=\S{1,64} level=\S{1,16} source=\S{1,128} msg=(?:"(?:[^"\\]|\\.){0,200}"|[^\s"]{0,200})')
_OLD_HEAD = re.compile(r"\d{4}/\d\d/\d\d \d\d:\d\d:\d\d [\w.-]{1,64}\.go:\d{1,6}:")


def _known_failure(line: str) -> bool:
    """Whether a failure signature matches the line (gpudoctor/knowledge): such a line is kept whole too."""
    from gpudoctor.knowledge.matcher import scan  # compiled on the first log line read, never at start-up

    return bool(scan(line, "", "ollama-log"))


def log_line_kept(line: str) -> str:
    """What of a server-log line is recorded (the `keep_lines` of the log's reads)."""
    if any(marker in line for marker in LOG_LINES_READ) or _known_failure(line):
        return line
    head = _SLOG_HEAD.search(line) or _OLD_HEAD.search(line)
    return line[:head.end()] if head else ""


def _looks_like_ollama(text: str) -> bool:
    return any(marker in text for marker in ("server config", "inference compute", "msg=", "routes.go",
                                             "ggml_cuda_init", "ggml_init_cublas", "load_tensors:"))


def _journal(host: Host) -> tuple[str | None, str]:
    """(text, why not) from the systemd journal of ollama.service."""
    result = host.run(JOURNAL_ARGV, timeout=JOURNAL_TIMEOUT_S, keep_lines=log_line_kept)
    if result.error == "not-found":
        return None, "there is no journalctl (no systemd)"
    if result.error:
        return None, f"journalctl: {result.error}"
    if not _looks_like_ollama(result.text):
        hint = " ".join(result.error_text.split())[:200]
        why = "the journal has no entries of ollama.service"
        if "not seeing messages from other users" in hint or "insufficient permissions" in hint:
            why += " readable by you (add yourself to the systemd-journal group, or run gpudoctor with sudo)"
        return None, why
    return result.text, ""


def _file_log(host: Host, path: str) -> tuple[str | None, str]:
    result = host.read_file(path, limit=LOG_LIMIT, tail=True, keep_lines=log_line_kept)
    if not result.ok or result.text is None:
        return None, f"{path}: {result.error}"
    text = result.text
    if len(result.data) >= LOG_LIMIT:
        text = text.split("\n", 1)[-1]  # the tail starts mid-line
    return (text, "") if _looks_like_ollama(text) else (None, f"{path} holds no Ollama server log lines")


def _named(host: Host, kind: str, args: list, source: str) -> str:
    """How the report names where the log was read: the command or file, or the pasted block that stood for it."""
    pasted = host.origin(kind, args)
    return f"the pasted {pasted}" if pasted else source


def read_server_log(host: Host, platform_kind: str) -> ServerLog:
    tried = []
    if platform_kind == "windows":
        local_app_data = host.env("LOCALAPPDATA")
        candidates = [ntpath.join(local_app_data, "Ollama", "server.log")] if local_app_data else []
    else:
        text, why = _journal(host)
        if text is not None:
            startup = ""
            if "inference compute" not in text:
                extra = host.run(JOURNAL_STARTUP_ARGV, timeout=JOURNAL_TIMEOUT_S, keep_lines=log_line_kept)
                startup = extra.text if extra.ok else ""
            return parse_server_log(text, _named(host, "run", JOURNAL_ARGV, "journalctl -u ollama"), startup, "journal")
        tried.append(why)
        home = host.env("HOME")
        candidates = [f"{home}/.ollama/logs/server.log"] if home else []
    for path in candidates:
        text, why = _file_log(host, path)
        if text is not None:
            return parse_server_log(text, _named(host, "file", [path, LOG_LIMIT, True], path), via="file")
        tried.append(why)
    error = "; ".join(tried) or "no place to look for the server log"
    if not (host.answered("run", JOURNAL_ARGV) or any(host.answered("file", [path, LOG_LIMIT, True])
                                                      for path in candidates)):
        ask = WINDOWS_LOG_ASK if platform_kind == "windows" else LINUX_LOG_ASK
        return ServerLog(error=error, not_seen=NotSeen("the Ollama server's log was not recorded", ask))
    return ServerLog(error=error)


LINUX_LOG_ASK = "journalctl -u ollama --no-pager | tail -n 300"
WINDOWS_LOG_ASK = 'Get-Content "$env:LOCALAPPDATA\\Ollama\\server.log" -Tail 300'


# -- the probe -----------------------------------------------------------------------------------------
def _where(host: Host, platform_kind: str) -> tuple[OllamaHost, str | None]:
    """Where the server runs, and the log text of an Ollama container (None when there is none)."""
    linux = platform_kind in ("linux", "wsl")
    container, container_log, container_error = find_container(host)
    app_log_path, app_lines = app_log(host) if platform_kind == "windows" else (None, ())
    where = OllamaHost(service=service_unit(host) if linux else None,
                       access=gpu_access(host) if linux else None, container=container,
                       container_error=container_error, app_log=app_lines, app_log_path=app_log_path)
    return where, container_log


def _listening_endpoints(log: ServerLog, addresses: Callable[[], tuple[str, ...]]) -> list[tuple[Endpoint, str]]:
    """Where the server's own log says it listens ("Listening on …", else its OLLAMA_HOST), when that is
    one of this machine's addresses: (endpoint, how gpudoctor knows)."""
    found = []
    if log.listening:
        found.append((endpoint_from(log.listening, addresses), f"the server log's \"Listening on {log.listening}\""))
    bound = (log.service_env or {}).get("OLLAMA_HOST")
    if bound:
        found.append((endpoint_from(bound, addresses), f"OLLAMA_HOST={bound} in the server's `server config` line"))
    return [(e, how) for e, how in found if e.local]


@provides("ollama", not_seen={"linux": NotSeen("the Ollama server and its log were not recorded", LINUX_LOG_ASK),
                              "windows": NotSeen("the Ollama server and its log were not recorded", WINDOWS_LOG_ASK)})
def probe_ollama(host: Host, facts) -> OllamaFacts:
    platform_kind = facts.get("platform").kind
    where, container_log = _where(host, platform_kind)
    endpoint = endpoint_from(host.env("OLLAMA_HOST"), host.addresses)
    installed = host.which_all("ollama")
    shell_env = {k: v for k in SERVER_SETTINGS if (v := host.env(k)) is not None}
    version, api_error = query_version(host, endpoint)
    if not endpoint.local:
        log = ServerLog(error=f"the server at {endpoint.url} runs on another machine")
    elif api_error is not None and not installed and where.container is None:
        log = ServerLog(error=NOT_INSTALLED)
    else:
        log = read_server_log(host, platform_kind)
        if log.error and container_log is not None:
            log = parse_server_log(container_log, f"{where.container.engine} logs {where.container.name}",
                                   via="container")
    refused = None
    if api_error is not None and endpoint.local and not log.error:
        # Refused here while the log shows a server bound to another of this host's addresses: ask there.
        for elsewhere, how in _listening_endpoints(log, host.addresses):
            if elsewhere.url == endpoint.url:
                continue
            other_version, other_error = query_version(host, elsewhere)
            if other_error is None:
                refused, endpoint, version, api_error = endpoint.url, Endpoint(
                    elsewhere.url, endpoint.configured, True, how), other_version, None
                break
    models, models_error = query_models(host, endpoint) if api_error is None else (None, None)
    pulled = query_tags(host, endpoint) if models == () else None
    return OllamaFacts(endpoint=endpoint, installed=installed, version=version, api_error=api_error,
                       models=models, models_error=models_error, log=log, shell_env=shell_env, where=where,
                       refused=refused, pulled=pulled,
                       api_not_seen=NotSeen("the Ollama server's answers (its version, the loaded models) were not "
                                            "recorded", "ollama ps") if api_error == NOT_RECORDED else None)
