"""Where the Ollama server runs and what it can reach: the systemd unit (its state, environment and
device sandboxing), the NVIDIA device nodes and nvidia_uvm, an Ollama container (its GPU request and
its logs), and the Windows app's log. Everything is asked through the host boundary, so a snapshot
replays it.

Sources: `systemctl show` properties PrivateDevices=, DevicePolicy=, DeviceAllow= (systemd.exec(5),
systemd.resource-control(5)); `docker inspect` HostConfig.DeviceRequests, which `docker run --gpus`
and compose's `deploy.resources.reservations.devices` fill (moby/moby#38828; Ollama's docs/docker.md).
"""

from __future__ import annotations

import json
import ntpath
import shlex

from msgspec import Struct, field

from gpudoctor.host.base import Host
from gpudoctor.host.redact import redact_value

SYSTEMCTL_TIMEOUT_S = 5.0
DOCKER_TIMEOUT_S = 5.0  # a dead daemon's socket blocks; never longer than this
DOCKER_LOG_LINES = "3000"
UNIT_PROPERTIES = "ActiveState,SubState,MainPID,User,PrivateDevices,DevicePolicy,DeviceAllow,Environment"
SYSTEMCTL_SHOW = ["systemctl", "show", "ollama.service", f"--property={UNIT_PROPERTIES}", "--no-pager"]
# Variables of a unit's or container's environment gpudoctor keeps (never the others: they may hold secrets).
AUDITED_ENV = ("CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "OLLAMA_HOST", "OLLAMA_SCHED_SPREAD",
               "OLLAMA_GPU_OVERHEAD", "OLLAMA_NUM_PARALLEL", "OLLAMA_MAX_LOADED_MODELS", "OLLAMA_KV_CACHE_TYPE",
               "OLLAMA_FLASH_ATTENTION", "OLLAMA_LLM_LIBRARY")


class ServiceUnit(Struct, frozen=True):
    """`systemctl show ollama.service`."""

    active: str | None = None  # ActiveState: active, inactive, failed ...
    main_pid: int | None = None
    user: str | None = None
    private_devices: bool | None = None  # PrivateDevices=yes hides /dev/nvidia* from the service
    device_policy: str | None = None  # auto | closed | strict
    device_allow: tuple[str, ...] = ()
    environment: dict[str, str] = field(default_factory=dict)  # audited keys of Environment=
    error: str | None = None

    @property
    def running(self) -> bool:
        return self.active == "active"

    @property
    def blocks_gpus(self) -> str | None:
        """Why the unit's sandbox keeps /dev/nvidia* from the service, or None."""
        if self.private_devices:
            return "PrivateDevices=yes gives the service a private /dev without the /dev/nvidia* nodes"
        if self.device_policy in ("closed", "strict") and not any("nvidia" in d for d in self.device_allow):
            return (f"DevicePolicy={self.device_policy} without a DeviceAllow= for /dev/nvidia* denies the service "
                    "the GPU device nodes")
        return None


class GpuAccess(Struct, frozen=True):
    """What a process on this host needs to reach an NVIDIA GPU through CUDA."""

    device_nodes: tuple[str, ...] = ()  # /dev/nvidia0, /dev/nvidiactl, /dev/nvidia-uvm ...
    uvm_loaded: bool | None = None  # nvidia_uvm in /proc/modules; None when unreadable

    @property
    def missing(self) -> tuple[str, ...]:
        """Nodes CUDA needs that are absent (empty when the listing itself failed)."""
        if not self.device_nodes:
            return ()
        return tuple(n for n in ("/dev/nvidiactl", "/dev/nvidia-uvm") if n not in self.device_nodes)


class OllamaContainer(Struct, frozen=True):
    engine: str  # docker | podman
    name: str
    image: str
    running: bool
    device_requests: tuple[dict, ...] = ()  # HostConfig.DeviceRequests
    runtime: str | None = None  # HostConfig.Runtime ("nvidia" gives GPUs by NVIDIA_VISIBLE_DEVICES)
    environment: dict[str, str] = field(default_factory=dict)  # audited keys of Config.Env
    ports: tuple[str, ...] = ()  # "11434/tcp->0.0.0.0:11434"

    @property
    def gpu_requests(self) -> tuple[dict, ...]:
        return tuple(r for r in self.device_requests
                     if r.get("Driver") == "nvidia" or any("gpu" in caps for caps in (r.get("Capabilities") or [])))

    @property
    def requested_count(self) -> int | None:
        """How many GPUs the container asked for; None for all of them or when it asked for none."""
        text = self.requested_gpus
        if text in ("all", "none"):
            return None
        return int(text) if text.isdigit() else len(text.split(","))

    @property
    def requested_gpus(self) -> str:
        """'all', a number, the device ids joined, or 'none'."""
        if not self.gpu_requests:
            if self.runtime == "nvidia" and self.environment.get("NVIDIA_VISIBLE_DEVICES"):
                return self.environment["NVIDIA_VISIBLE_DEVICES"]
            return "none"
        ids = [i for r in self.gpu_requests for i in (r.get("DeviceIDs") or [])]
        if ids:
            return ",".join(ids)
        counts = [r.get("Count") for r in self.gpu_requests]
        return "all" if -1 in counts else str(sum(c for c in counts if isinstance(c, int)))


class OllamaHost(Struct, frozen=True):
    service: ServiceUnit | None = None  # None: no systemd here
    access: GpuAccess | None = None  # None: not Linux
    container: OllamaContainer | None = None
    container_error: str | None = None
    app_log: tuple[str, ...] = ()  # Windows app.log: its warnings and errors, newest last
    app_log_path: str | None = None


def _env_pairs(items) -> dict[str, str]:
    found = {}
    for item in items:
        name, sep, value = item.partition("=")
        if sep and name in AUDITED_ENV:
            found[name] = redact_value(name, value.strip('"')) or ""
    return found


def _split_words(text: str) -> list[str]:
    """systemd quotes an assignment that holds spaces ("CUDA_VISIBLE_DEVICES=GPU-a, GPU-b")."""
    try:
        return shlex.split(text)
    except ValueError:
        return text.split(" ")


def parse_unit(text: str) -> ServiceUnit:
    props = dict(line.partition("=")[::2] for line in text.splitlines() if "=" in line)
    pid = props.get("MainPID", "")
    return ServiceUnit(
        active=props.get("ActiveState") or None, main_pid=int(pid) if pid.isdigit() and pid != "0" else None,
        user=props.get("User") or None,
        private_devices={"yes": True, "no": False}.get(props.get("PrivateDevices", "")),
        device_policy=props.get("DevicePolicy") or None,
        device_allow=tuple(d for d in props.get("DeviceAllow", "").split(" ") if d),
        environment=_env_pairs(_split_words(props.get("Environment", ""))),
    )


def service_unit(host: Host) -> ServiceUnit | None:
    result = host.run(SYSTEMCTL_SHOW, timeout=SYSTEMCTL_TIMEOUT_S)
    if result.error == "not-found":
        return None
    if not result.ok:
        return ServiceUnit(error=result.error or " ".join(result.error_text.split())[:200])
    unit = parse_unit(result.text)
    return None if unit.active is None else unit


def gpu_access(host: Host) -> GpuAccess:
    listing = host.list_dir("/dev")
    nodes = tuple(sorted(f"/dev/{e}" for e in (listing.entries or ()) if e.startswith("nvidia")))
    modules = host.read_file("/proc/modules")
    uvm = None if not modules.ok or modules.text is None else any(
        line.split(" ", 1)[0] == "nvidia_uvm" for line in modules.text.splitlines())
    return GpuAccess(device_nodes=nodes, uvm_loaded=uvm)


def _ports(bindings) -> tuple[str, ...]:
    out = []
    for port, hosts in (bindings or {}).items():
        for h in hosts or []:
            out.append(f"{port}->{h.get('HostIp') or '0.0.0.0'}:{h.get('HostPort')}")
    return tuple(out)


def find_container(host: Host) -> tuple[OllamaContainer | None, str | None, str | None]:
    """(the Ollama container, its log text, why none) from `docker`/`podman` on PATH."""
    for engine in ("docker", "podman"):
        if not host.which_all(engine):
            continue
        listing = host.run([engine, "ps", "-a", "--format", "{{.Names}}\t{{.Image}}\t{{.State}}"],
                           timeout=DOCKER_TIMEOUT_S)
        if not listing.ok:
            return None, None, f"`{engine} ps`: {listing.error or ' '.join(listing.error_text.split())[:160]}"
        rows = [line.split("\t") for line in listing.text.splitlines() if line.count("\t") >= 2]
        candidates = [r for r in rows if "ollama" in r[1].lower() or "ollama" in r[0].lower()]
        if not candidates:
            continue
        name, image, state = sorted(candidates, key=lambda r: r[2] != "running")[0][:3]
        inspect = host.run([engine, "inspect", name], timeout=DOCKER_TIMEOUT_S)
        try:
            data = json.loads(inspect.text)[0] if inspect.ok else {}
        except (ValueError, IndexError, TypeError, RecursionError):
            data = {}
        config, host_config = data.get("Config") or {}, data.get("HostConfig") or {}
        container = OllamaContainer(
            engine=engine, name=name, image=image, running=state == "running",
            device_requests=tuple(host_config.get("DeviceRequests") or ()), runtime=host_config.get("Runtime"),
            environment=_env_pairs(config.get("Env") or ()), ports=_ports(host_config.get("PortBindings")))
        logs = host.run([engine, "logs", "--tail", DOCKER_LOG_LINES, name], timeout=DOCKER_TIMEOUT_S)
        # Ollama logs to stderr; `docker logs` hands the container's stderr back as its own stderr.
        text = (logs.text + "\n" + logs.error_text) if logs.ok else None
        return container, text, None
    return None, None, None


def app_log(host: Host) -> tuple[str | None, tuple[str, ...]]:
    """The Ollama app's %LOCALAPPDATA%\\Ollama\\app.log (the tray app that starts the server): its
    warnings and errors, which say why the server did not start or was restarted."""
    base = host.env("LOCALAPPDATA")
    if not base:
        return None, ()
    path = ntpath.join(base, "Ollama", "app.log")
    result = host.read_file(path, limit=200_000, tail=True)
    if not result.ok or result.text is None:
        return None, ()
    lines = [line.strip() for line in result.text.splitlines() if "level=WARN" in line or "level=ERROR" in line]
    return path, tuple(line[:300] for line in lines[-5:])
