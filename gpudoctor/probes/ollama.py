"""What the Ollama server says: its API (version, loaded models) and its server log, asked of the host.

The log is the only place that shows what the *server* sees; gpudoctor/ollama/log.py reads it (the
environment it was started with, the GPUs it discovered, how it placed the last model, why loads failed).
This module finds the server and its log and asks for them through the host boundary.
"""

from __future__ import annotations

import ipaddress
import json
import ntpath
from typing import Callable

from msgspec import Struct, field

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.host.redact import redact_value
from gpudoctor.model import NotSeen
from gpudoctor.ollama.log import ServerLog, parse_server_log
from gpudoctor.ollama.messages import INFERENCE_COMPUTE, LISTENING, SERVER_CONFIG, log_line_kept, looks_like_ollama
from gpudoctor.probes.ollama_host import OllamaHost, app_log, find_container, gpu_access, service_unit
from gpudoctor.probing import provides

DEFAULT_PORT = "11434"
HTTP_TIMEOUT_S = 1.5
LOG_LIMIT = 2_000_000
JOURNAL_LINES = 3000
JOURNAL_TIMEOUT_S = 10.0
NOT_INSTALLED = "Ollama is not installed here"

JOURNAL_ARGV = ["journalctl", "-u", "ollama", "--no-pager", "-n", str(JOURNAL_LINES), "-o", "cat"]
# A long-running service pushes its start-up lines out of the last 3000; fetch just those.
JOURNAL_STARTUP_ARGV = ["journalctl", "-u", "ollama", "--no-pager", "-n", "300", "-o", "cat",
                        "--grep", "|".join((SERVER_CONFIG, INFERENCE_COMPUTE, LISTENING))]

# Server settings a user may have set in the wrong place (a shell). Not CUDA_VISIBLE_DEVICES: a shell
# often sets it for its own programs, and ollama.gpus reports what it does to the server.
SERVER_SETTINGS = ("OLLAMA_SCHED_SPREAD", "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS", "OLLAMA_NUM_PARALLEL",
                   "OLLAMA_FLASH_ATTENTION", "OLLAMA_KV_CACHE_TYPE", "OLLAMA_LLM_LIBRARY")


# -- facts -----------------------------------------------------------------------------------------
class Endpoint(Struct, frozen=True):
    url: str  # what gpudoctor connects to, e.g. http://127.0.0.1:11434
    configured: str | None  # OLLAMA_HOST as set (redacted), None when unset
    local: bool  # the server runs on this machine, so its log and GPUs are this machine's
    found_by: str | None = None  # how gpudoctor found it when not where OLLAMA_HOST points


class RunningModel(Struct, frozen=True):
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


class OllamaFacts(Struct, frozen=True):
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
    models_not_seen: NotSeen | None = None  # its version was seen but not its loaded models (a paste of `ollama -v`)

    @property
    def running(self) -> bool:
        return self.api_error is None


# -- helpers -----------------------------------------------------------------------------------------
def go_round(x: float) -> int:
    """Go's math.Round: halves away from zero (Python's round() goes to even)."""
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)



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
def _journal(host: Host) -> tuple[str | None, str]:
    """(text, why not) from the systemd journal of ollama.service."""
    result = host.run(JOURNAL_ARGV, timeout=JOURNAL_TIMEOUT_S, keep_lines=log_line_kept)
    if result.error == "not-found":
        return None, "there is no journalctl (no systemd)"
    if result.error:
        return None, f"journalctl: {result.error}"
    if not looks_like_ollama(result.text):
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
    return (text, "") if looks_like_ollama(text) else (None, f"{path} holds no Ollama server log lines")


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
            if INFERENCE_COMPUTE not in text:
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
    models_not_seen = None
    if models_error == NOT_RECORDED:  # what did not answer was never asked: unknown, not a failure of the server
        models_error, models_not_seen = None, NotSeen("the models the Ollama server has loaded were not recorded",
                                                      "ollama ps")
    pulled = query_tags(host, endpoint) if models == () else None
    return OllamaFacts(endpoint=endpoint, installed=installed, version=version, api_error=api_error,
                       models=models, models_error=models_error, log=log, shell_env=shell_env, where=where,
                       refused=refused, pulled=pulled, models_not_seen=models_not_seen,
                       api_not_seen=NotSeen("the Ollama server's answers (its version, the loaded models) were not "
                                            "recorded", "ollama ps") if api_error == NOT_RECORDED else None)
