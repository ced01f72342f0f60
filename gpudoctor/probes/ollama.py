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

from gpudoctor.host.base import Host
from gpudoctor.host.redact import redact_value

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
class LogProblem:
    kind: str  # "oom" | "runner" | "discovery"
    message: str
    device: int | None = None  # the CUDA device number the message names


@dataclass(frozen=True)
class ServerLog:
    source: str | None = None  # "journalctl -u ollama" or a file path
    error: str | None = None  # why no log could be read
    server_version: str | None = None
    service_env: dict[str, str] | None = None  # audited keys of the last `server config` line
    discovered: tuple[LogGpu, ...] = ()
    discovery_seen: bool = False  # any `inference compute` line at all
    last_load: ModelLoad | None = None
    problems: tuple[LogProblem, ...] = ()  # since the last start

    @property
    def from_service(self) -> bool:
        return self.source is not None and self.source.startswith("journalctl")


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

    @property
    def running(self) -> bool:
        return self.api_error is None


# -- helpers -----------------------------------------------------------------------------------------
def go_round(x: float) -> int:
    """Go's math.Round: halves away from zero (Python's round() goes to even)."""
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


_SIZE = re.compile(r"([\d.]+)\s*([KMGT]i?B|B)\b")
_UNITS = {"B": 1, "KB": 1000, "MB": 1000**2, "GB": 1000**3, "TB": 1000**4,
          "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3, "TiB": 1024**4}


def parse_sizes(text: str | None) -> tuple[int, ...]:
    """'[11.2 GiB 10.9 GiB]' or '22.5 GiB' (format.HumanBytes2) -> bytes."""
    return tuple(int(float(n) * _UNITS[unit]) for n, unit in _SIZE.findall(text or ""))


def parse_size(text: str | None) -> int | None:
    sizes = parse_sizes(text)
    return sizes[0] if sizes else None


def endpoint_from(value: str | None) -> Endpoint:
    """OLLAMA_HOST as Ollama's envconfig.Host() reads it: "", "0.0.0.0", ":11434", "host:port",
    "http://host:port" (scheme's default port when none is given), surrounding quotes and spaces
    ignored. A server bound to 0.0.0.0 or :: is reached on the loopback address."""
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
                    local=_is_local(host))


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


def _is_local(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
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
    except (UnicodeDecodeError, ValueError):
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


# -- the server log ------------------------------------------------------------------------------------
# slog's text format: key=value, value Go-quoted when it has spaces; keys quoted too ("model layers"=49).
_PAIR = re.compile(r'(?:"((?:[^"\\]|\\.)*)"|([^\s="]+))=(?:"((?:[^"\\]|\\.)*)"|(\S*))')


def _unquote(text: str) -> str:
    try:
        return json.loads(f'"{text}"')
    except ValueError:  # Go's \x escapes are not JSON
        return text.replace('\\"', '"').replace("\\\\", "\\")


def logfmt(line: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for m in _PAIR.finditer(line):
        key = _unquote(m.group(1)) if m.group(1) is not None else m.group(2)
        fields[key] = _unquote(m.group(3)) if m.group(3) is not None else m.group(4)
    return fields


def _ints(text: str | None) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", text or ""))


def service_env(line: str) -> dict[str, str]:
    """The audited variables of a `server config` line, old and new form:
    2024/08/23 18:06:38 routes.go:1125: INFO server config
        env="map[CUDA_VISIBLE_DEVICES: ... OLLAMA_SCHED_SPREAD:false ...]"
    time=2025-10-30T00:11:38Z level=INFO source=routes.go:1475 msg="server config"
        env="map[CUDA_VISIBLE_DEVICES:0,1 ...]"
    """
    env_map = logfmt(line).get("env", "")
    found = {}
    for key in SERVICE_ENV_KEYS:
        m = re.search(rf"(?:^|[\s\[]){key}:([^\s\]]*)", env_map)
        if m:
            found[key] = redact_value(key, m.group(1)) if key == "OLLAMA_HOST" else m.group(1)
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
_GPU_LAYER_ENTRY = re.compile(r"ID:(\S+) Layers:(\d+)")
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
    "no compatible GPUs were discovered",
    "error looking up nvidia GPU memory",
    "failure during GPU discovery",
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
            return LogProblem("oom", _message(line), device)
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


def model_load(lines: list[str]) -> ModelLoad | None:
    segment = _load_segment(lines)
    if not segment:
        return None
    values: dict = {}
    for line in segment:
        if any(marker in line for marker in _OFFLOAD):
            f = logfmt(line)
            values.update(layers_total=_ints(f.get("layers.model"))[:1], layer_split=_ints(f.get("layers.split")),
                          allocations=parse_sizes(f.get("memory.required.allocations")),
                          available=parse_sizes(f.get("memory.available")), library=f.get("library"),
                          layers_offloaded=_ints(f.get("layers.offload"))[:1])
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


def parse_server_log(text: str, source: str, startup_text: str = "") -> ServerLog:
    """Facts from a server log; `startup_text` holds older start-up lines the main text lost."""
    lines = text.splitlines()
    start = _last_index(lines, ("server config",))
    current = lines[start:] if start is not None else lines
    startup = current if start is not None else startup_text.splitlines() + lines
    config = _last_index(startup, ("server config",))
    listening = _last_index(startup, ("Listening on",))
    version = re.search(r"\(version ([^)]+)\)", startup[listening]) if listening is not None else None
    return ServerLog(
        source=source,
        server_version=version.group(1) if version else None,
        service_env=service_env(startup[config]) if config is not None else None,
        discovered=_discovered(startup),
        discovery_seen=any("inference compute" in line for line in startup),
        last_load=model_load(current),
        problems=_problems(current),
    )


# Every kind of line the parsers above read. Only these lines of the server log are kept (recorded in a
# snapshot): the rest (requests, and prompts when OLLAMA_DEBUG is on) are emptied at the host boundary.
# A parser that reads a new kind of line adds its marker here; tests/attacks/test_ollama_log_kept.py
# checks that every recorded log parses the same with and without the others.
LOG_LINES_READ = (
    "server config", "inference compute", "Listening on", *_START_RUNNER, *_OFFLOAD, *_LOAD_LINES, "offloaded",
    "llama runner started", "GPULayers", "llama runner process", *_DISCOVERY, "cudaMalloc failed",
    "unable to allocate CUDA", "CUDA error: out of memory",
)


def log_line_read(line: str) -> bool:
    """Whether a parser here reads this kind of server-log line (the `keep_lines` of the log's reads)."""
    return any(marker in line for marker in LOG_LINES_READ)


def _looks_like_ollama(text: str) -> bool:
    return any(marker in text for marker in ("server config", "inference compute", "msg=", "routes.go"))


def _journal(host: Host) -> tuple[str | None, str]:
    """(text, why not) from the systemd journal of ollama.service."""
    result = host.run(JOURNAL_ARGV, timeout=JOURNAL_TIMEOUT_S, keep_lines=log_line_read)
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
    result = host.read_file(path, limit=LOG_LIMIT, tail=True, keep_lines=log_line_read)
    if not result.ok or result.text is None:
        return None, f"{path}: {result.error}"
    text = result.text
    if len(result.data) >= LOG_LIMIT:
        text = text.split("\n", 1)[-1]  # the tail starts mid-line
    return (text, "") if _looks_like_ollama(text) else (None, f"{path} holds no Ollama server log lines")


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
                extra = host.run(JOURNAL_STARTUP_ARGV, timeout=JOURNAL_TIMEOUT_S, keep_lines=log_line_read)
                startup = extra.text if extra.ok else ""
            return parse_server_log(text, "journalctl -u ollama", startup)
        tried.append(why)
        home = host.env("HOME")
        candidates = [f"{home}/.ollama/logs/server.log"] if home else []
    for path in candidates:
        text, why = _file_log(host, path)
        if text is not None:
            return parse_server_log(text, path)
        tried.append(why)
    return ServerLog(error="; ".join(tried) or "no place to look for the server log")


# -- the probe -----------------------------------------------------------------------------------------
def probe_ollama(host: Host, facts) -> OllamaFacts:
    endpoint = endpoint_from(host.env("OLLAMA_HOST"))
    installed = host.which_all("ollama")
    shell_env = {k: v for k in SERVER_SETTINGS if (v := host.env(k)) is not None}
    version, api_error = query_version(host, endpoint)
    models, models_error = query_models(host, endpoint) if api_error is None else (None, None)
    if not endpoint.local:
        log = ServerLog(error=f"the server at {endpoint.url} runs on another machine")
    elif api_error is not None and not installed:
        log = ServerLog(error=NOT_INSTALLED)
    else:
        log = read_server_log(host, facts.get("platform").kind)
    return OllamaFacts(endpoint=endpoint, installed=installed, version=version, api_error=api_error,
                       models=models, models_error=models_error, log=log, shell_env=shell_env)
