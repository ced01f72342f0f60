"""Ollama: is the server up, which GPUs does it use, and why is a second GPU idle (or not)."""

from __future__ import annotations

from gpudoctor.fix_requests import FixRequest, ollama_service_env, windows_user_env
from gpudoctor.model import check, fail, ok, skip, unknown, warn
from gpudoctor.knowledge.ollama_versions import SETTINGS, reads, scheduler
from gpudoctor.ollama_visibility import (
    CPU_FALLBACK_FIXES,
    cpu_fallback_cause,
    gpu_list,
    hidden_whatever_the_count,
    parse_visible_devices,
    service_visible_devices,
)
from gpudoctor.probes.gpus import normalize_bus_id
from gpudoctor.probes.ollama import HTTP_TIMEOUT_S, NOT_INSTALLED, SERVER_SETTINGS

SCHEDULER_SOURCE = "https://github.com/ollama/ollama/blob/main/server/sched.go"
FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
# The variables the fix scripts may set (FIX_ENV_ALLOWLIST in fixes/lib/fixlib.sh).
FIXABLE = ("CUDA_VISIBLE_DEVICES", "OLLAMA_SCHED_SPREAD", "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS")
LOG_PLACES = (
    "gpudoctor reads the server log from `journalctl -u ollama` (members of the systemd-journal group, or root), "
    "~/.ollama/logs/server.log, or %LOCALAPPDATA%\\Ollama\\server.log on Windows. For Ollama in Docker, read "
    "`docker logs <container>` yourself."
)


# -- wording helpers -----------------------------------------------------------------------------------
def human_bytes(n: int) -> str:
    """Ollama's format.HumanBytes (decimal units), as `ollama ps` prints sizes."""
    for unit, size in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("KB", 10**3)):
        if n >= size:
            value = n / size
            return f"{int(value)} {unit}" if value >= 10 or value == int(value) else f"{value:.1f} {unit}"
    return f"{n} B"


def gib(n: int | None) -> str:
    return "?" if n is None else f"{n / 2**30:.1f} GiB"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _gpu(inventory, index: int) -> str:
    gpu = next((g for g in inventory.gpus if g.index == index), None)
    return f"GPU {index} ({gpu.name})" if gpu else f"GPU {index}"


def _go_bool(value: str | None) -> bool | None:
    """Go's strconv.ParseBool; None when it is not a boolean."""
    if value is None:
        return None
    text = value.strip().strip("\"'")
    if text in ("1", "t", "T", "true", "TRUE", "True"):
        return True
    if text in ("0", "f", "F", "false", "FALSE", "False"):
        return False
    return None


def _spread(log) -> bool | None:
    """OLLAMA_SCHED_SPREAD as the server has it; envconfig treats any other non-empty value as true."""
    value = (log.service_env or {}).get("OLLAMA_SCHED_SPREAD")
    if value is None:
        return None
    return bool(value) if _go_bool(value) is None else _go_bool(value)


def _where_settings_go(platform_kind: str, log) -> str:
    if platform_kind == "windows":
        return ("Ollama on Windows reads your user environment variables when its tray app starts: set them under "
                "'Edit environment variables for your account', then quit and restart Ollama "
                f"({FAQ}, 'Setting environment variables on Windows').")
    if log.from_container:
        return ("Ollama runs in a container, whose environment is fixed when it is created: add `-e NAME=value` to "
                "its `docker run` (compose: under `environment:`) and recreate it.")
    if log.from_service:
        return ("Ollama runs as the systemd service ollama.service, which does not read your shell's environment: "
                "the variable belongs in the service (`sudo systemctl edit ollama.service`, an Environment= line "
                f"under [Service], then `sudo systemctl restart ollama`; {FAQ}).")
    return "Set it in the environment of the process that runs `ollama serve`, then restart that process."


# Ollama reads its settings from the service's environment: a systemd drop-in on Linux, the user
# environment on Windows.
OLLAMA_FIXES = ("linux.ollama-service-env", "windows.set-user-env")


def _fix(platform_kind: str, log, name: str, value: str) -> FixRequest | None:
    if name not in FIXABLE:
        return None
    if platform_kind == "windows":
        return windows_user_env(name, value, restart_ollama=True)
    if log.from_service:  # the fix edits ollama.service; without the service there is nothing to edit
        return ollama_service_env(name, value)
    return None


# -- facts the checks share ----------------------------------------------------------------------------
def _unusable_log(o):
    """A skip finding when the log cannot tell anything about this machine's Ollama; else None."""
    if not o.endpoint.local:
        return skip(f"The Ollama server at {o.endpoint.url} runs on another machine; run gpudoctor there.",
                    evidence={"url": o.endpoint.url})
    if o.log.not_seen:
        return unknown(o.log.not_seen)
    if o.log.error == NOT_INSTALLED:
        return skip(f"{NOT_INSTALLED} (see ollama.server).")
    if o.log.error:
        return skip(f"Could not read the Ollama server log: {o.log.error}.", LOG_PLACES,
                    evidence={"log_error": o.log.error})
    return None


def match_gpus(inventory, discovered) -> dict[int, object]:
    """NVML index -> the `inference compute` entry for that GPU (or None): by UUID, by PCI address,
    else by name (old Ollama logged CUDA indices, which need not follow NVML's PCI order)."""
    cuda = [d for d in discovered if d.is_cuda]
    matched: dict[int, object] = {}
    for gpu in inventory.gpus:
        found = next((d for d in cuda if gpu.uuid and d.id.lower() == gpu.uuid.lower()), None)
        if found is None and gpu.bus_id:
            found = next((d for d in cuda if d.pci_id and normalize_bus_id(d.pci_id) == normalize_bus_id(gpu.bus_id)),
                         None)
        if found is not None:
            cuda.remove(found)
        matched[gpu.index] = found
    for gpu in inventory.gpus:
        if matched[gpu.index] is None:
            found = next((d for d in cuda if d.display_name == gpu.name), None)
            if found is not None:
                cuda.remove(found)
                matched[gpu.index] = found
    return matched


def _index_of(inventory, gpu_id: str) -> int | None:
    return next((g.index for g in inventory.gpus if g.uuid and g.uuid.lower() == gpu_id.lower()), None)


def _model_name(o) -> str:
    models = o.models or ()
    return f"Model {models[0].name}" if len(models) == 1 else "The last model Ollama loaded"


# -- ollama.server -------------------------------------------------------------------------------------
def _start_hint(platform_kind: str) -> str:
    if platform_kind == "windows":
        return "Start the Ollama app from the Start menu (it runs the server from the tray), or run `ollama serve`."
    return ("Start it with `sudo systemctl start ollama` when it is installed as a service (Ollama's Linux "
            "installer sets that up), or run `ollama serve` in a terminal.")


@check("ollama.server", title="Ollama server", needs=("ollama",))
def ollama_server(facts):
    """Finds the Ollama server where the `ollama` command would: OLLAMA_HOST, read the way Ollama's
    envconfig.Host() reads it ("0.0.0.0", ":11434", "host:port", "http://host:port"; default
    127.0.0.1:11434; a server bound to 0.0.0.0 is reached on 127.0.0.1), and asks GET /api/version
    with a 1.5 s timeout.

    A server that is not running is not a fault (skip, with how to start it: `ollama serve`,
    `systemctl start ollama`, or the tray app on Windows). One that does not answer in time, or
    answers something that is not Ollama (another program on the port), is a warning.
    Local or remote is decided from this machine's own addresses (every interface), so a server
    bound to the LAN address with OLLAMA_HOST=192.168.1.14 is this machine's, its log is read, and
    when 127.0.0.1 refuses while the log says "Listening on 192.168.1.14:11434", gpudoctor asks there
    and says why the `ollama` command does not find it. A server the journal or systemd shows running
    is never reported as "not running".
    Source: https://github.com/ollama/ollama/blob/main/envconfig/config.go (Host).
    """
    o = facts.ollama
    url = o.endpoint.url
    service = o.where.service
    evidence = {"url": url, "OLLAMA_HOST": o.endpoint.configured, "installed": list(o.installed),
                "version": o.version, "error": o.api_error, "refused": o.refused, "listening": o.log.listening,
                "service": service.active if service else None}
    configured = [f"OLLAMA_HOST={o.endpoint.configured} points gpudoctor there."] if o.endpoint.configured else []
    if o.running and o.refused:
        yield warn(f"Ollama {o.version} runs on this machine but only at {url}: {o.refused} refuses connections.",
                   f"gpudoctor found it through {o.endpoint.found_by} ({o.log.source}), at an address of this "
                   "machine: the server is bound to that address only, while the `ollama` command and local tools "
                   "look at 127.0.0.1:11434 unless OLLAMA_HOST says otherwise.",
                   f"Point them there (`export OLLAMA_HOST={url.split('://', 1)[1]}`), or bind the server to every "
                   "address with OLLAMA_HOST=0.0.0.0:11434 in its environment, then restart it.",
                   evidence=evidence)
    elif o.running:
        where = [f"The `ollama` command: {', '.join(o.installed)}."] if o.installed else []
        yield ok(f"Ollama {o.version} answers at {url}.", *configured, *where, evidence=evidence)
    elif o.api_not_seen:
        yield unknown(o.api_not_seen, "whether the server answers")
    elif o.api_error == "timeout":
        yield warn(f"Ollama at {url} did not answer within {HTTP_TIMEOUT_S:g} s.",
                   "It may be busy loading a large model from a slow disk; if it stays like this, restart it "
                   "(`sudo systemctl restart ollama`, or quit and restart the app on Windows).", *configured,
                   evidence=evidence)
    elif o.api_error.startswith("HTTP ") or o.api_error.startswith("not Ollama"):
        yield warn(f"Something answers at {url}, but not like Ollama ({o.api_error}).",
                   "Another program may use the port, or OLLAMA_HOST points to the wrong address.", *configured,
                   evidence=evidence)
    # A file log (Windows server.log, ~/.ollama/logs) outlives its server; only the journal says it still runs.
    elif service is not None and service.running or (o.log.listening and o.log.from_service and not o.log.stopped):
        running = (f"ollama.service is active (PID {service.main_pid})" if service is not None and service.running
                   else f"its log says \"Listening on {o.log.listening}\" ({o.log.source})")
        listens = (f" It listens on {o.log.listening}, which is not this machine's address gpudoctor tried."
                   if o.log.listening else "")
        yield warn(f"Ollama runs here ({running}) but refuses connections at {url} ({o.api_error}).",
                   f"It is not stopped, so do not start a second one.{listens} Check its OLLAMA_HOST (ollama.env) "
                   "and point OLLAMA_HOST in your shell at the same address; if it just restarted, wait a moment.",
                   *configured, evidence=evidence)
    elif not o.installed and o.endpoint.local:
        yield skip("Ollama is not installed here (no `ollama` on PATH), and nothing answers at "
                   f"{url}.", evidence=evidence)
    else:
        app = ([f"The Ollama app's log ({o.where.app_log_path}) says: " + " | ".join(o.where.app_log)]
               if o.where.app_log else [])
        yield skip(f"Ollama is not running at {url} ({o.api_error}).", _start_hint(facts.platform.kind), *app,
                   *configured, evidence=evidence)


# -- ollama.container ------------------------------------------------------------------------------------
def docker_run_change(c) -> str:
    """The command (or compose lines) that gives the container every GPU, shown, never run."""
    ports = " ".join(f"-p {p.split('->')[1].rsplit(':', 1)[1]}:{p.split('/')[0]}" for p in c.ports) or "-p 11434:11434"
    return (f"Recreate it with every GPU: `{c.engine} rm -f {c.name} && {c.engine} run -d --gpus=all "
            f"-v ollama:/root/.ollama {ports} --name {c.name} {c.image}` (keep your own volumes and -e settings); "
            "in docker compose, under the service: `deploy: {resources: {reservations: {devices: [{driver: nvidia, "
            "count: all, capabilities: [gpu]}]}}}` (Ollama's docs/docker.md; the NVIDIA Container Toolkit must be "
            "installed). gpudoctor shows this and never changes containers.")


@check("ollama.container", title="Ollama in Docker or Podman: the GPUs the container asked for",
       needs=("ollama", "gpus"), platforms=("linux", "wsl"))
def ollama_container(facts):
    """Finds an Ollama container (`docker ps -a` / `podman ps -a`, an image or name with "ollama")
    and reads what it asked for: HostConfig.DeviceRequests from `docker inspect` (filled by
    `--gpus` or compose's `deploy.resources.reservations.devices`), and its logs (`docker logs`),
    which the other ollama.* checks read when no ollama.service runs here.

    A container without a GPU request cannot see any GPU, whatever the host has: a failure, with the
    `docker run` / compose change to make. One that asked for fewer GPUs than the host has is a
    warning. Source: https://github.com/ollama/ollama/blob/main/docs/docker.md; moby/moby#38828.
    """
    o, inventory = facts.ollama, facts.gpus
    c = o.where.container
    if c is None:
        why = o.where.container_error
        yield skip(f"No Ollama container found ({why})." if why else "No Ollama container runs here.")
        return
    evidence = {"engine": c.engine, "name": c.name, "image": c.image, "running": c.running,
                "device_requests": list(c.device_requests), "runtime": c.runtime, "environment": c.environment}
    requested = c.requested_gpus
    count = len(inventory.gpus) if not inventory.nvml_error else 0
    what = f"The Ollama container `{c.name}` ({c.image}{'' if c.running else ', stopped'})"
    if requested == "none":
        yield fail(f"{what} has no GPU: it was started without --gpus (`{c.engine} inspect`: no DeviceRequests), "
                   f"so Ollama inside runs every model on the CPU{f' although this host has {count} GPUs' if count else ''}.",
                   docker_run_change(c), evidence=evidence)
    elif count and c.requested_count is not None and c.requested_count < count:
        yield warn(f"{what} can only use {requested} of your {count} GPUs: that is what it asked for "
                   f"(`{c.engine} inspect`: DeviceRequests).", docker_run_change(c), evidence=evidence)
    else:
        yield ok(f"{what} asked for {'every GPU' if requested == 'all' else 'GPUs ' + requested}"
                 f"{f' ({count} here)' if count else ''}.", evidence=evidence)


# -- ollama.models ---------------------------------------------------------------------------------------
@check("ollama.models", title="Models Ollama has loaded: on the GPU or the CPU", needs=("ollama", "gpus"))
def ollama_models(facts):
    """Lists the models loaded now (GET /api/ps) with their size and how much of it is in GPU
    memory (size_vram). A model that is not entirely in VRAM runs partly on the CPU, which makes
    every token slower: that is a warning, worded as `ollama ps` words it ("48%/52% CPU/GPU",
    the CPU share rounded half away from zero: cmd/cmd.go, ListRunningHandler,
    https://github.com/ollama/ollama/blob/main/cmd/cmd.go).
    """
    o = facts.ollama
    if o.api_not_seen:
        yield unknown(o.api_not_seen)
        return
    if not o.running:
        yield skip("Ollama is not running (see ollama.server).")
        return
    if o.models_error:
        yield warn(f"Ollama did not list its loaded models: {o.models_error}.", evidence={"error": o.models_error})
        return
    if not o.models:
        pulled = [f"{name} ({human_bytes(size)})" for name, size in (o.pulled or ())][:5]
        suggestion = o.pulled[0][0] if o.pulled else "llama3.1:8b"
        yield skip(f"No model is loaded right now; run one (`ollama run {suggestion}`) and check again.",
                   *([f"Pulled here (GET /api/tags): {', '.join(pulled)}."] if pulled else []))
        return
    gpu_count = len(facts.gpus.gpus)
    for m in o.models:
        evidence = {"name": m.name, "size": m.size, "size_vram": m.size_vram, "processor": m.processor,
                    "context_length": m.context_length}
        context = f", context {m.context_length}" if m.context_length else ""
        if m.processor == "100% GPU":
            yield ok(f"{m.name}: {human_bytes(m.size)} in GPU memory (100% GPU{context}).", evidence=evidence)
            continue
        spill = ("Ollama could not fit the whole model into free GPU memory, so it kept some layers in system RAM; "
                 "those run on the CPU and slow down every token.")
        remedies = ("Free GPU memory (other programs, other loaded models: `ollama stop NAME`), use a smaller "
                    "quantisation, or a shorter context (num_ctx).")
        more_gpus = ([f"With {gpu_count} GPUs, Ollama already spreads a model that does not fit on one: see "
                      "ollama.gpus and ollama.placement."] if gpu_count > 1 else [])
        if m.processor == "100% CPU":
            yield warn(f"{m.name}: {human_bytes(m.size)}, all of it on the CPU (100% CPU{context}).",
                       "No layer is in GPU memory: Ollama found no usable GPU, or the model was loaded with "
                       "num_gpu 0.", *more_gpus, evidence=evidence)
        elif m.processor == "Unknown":
            yield warn(f"{m.name}: Ollama reports {m.size_vram} bytes in VRAM of {m.size}, which is inconsistent.",
                       evidence=evidence)
        else:
            yield warn(f"{m.name}: {m.processor} — {human_bytes(m.size - m.size_vram)} of {human_bytes(m.size)} "
                       f"runs on the CPU.", spill, remedies, *more_gpus, evidence=evidence)


# -- ollama.gpus -------------------------------------------------------------------------------------------
def _discovery_causes(o, platform_kind: str, hidden: list[int], inventory) -> tuple[list[str], FixRequest | None]:
    """Sentences and a fix explaining why Ollama does not see some GPUs."""
    env = o.log.service_env or {}
    cvd = env.get("CUDA_VISIBLE_DEVICES")
    if cvd:
        every = ",".join(g.uuid for g in inventory.gpus if g.uuid)
        who = "Ollama runs" if platform_kind == "windows" else (
            "The Ollama service runs" if o.log.from_service else "The Ollama server runs")
        sentences = [f"{who} with CUDA_VISIBLE_DEVICES={cvd}, which hides the others from it.",
                     _where_settings_go(platform_kind, o.log),
                     "To give it every GPU, remove the variable or list all GPUs by UUID (`nvidia-smi -L`); "
                     "Ollama's docs/gpu.md recommends UUIDs because numeric IDs may be ordered differently."]
        if platform_kind == "windows":
            return sentences, windows_user_env("CUDA_VISIBLE_DEVICES", restart_ollama=True)
        return sentences, _fix(platform_kind, o.log, "CUDA_VISIBLE_DEVICES", every)
    container = o.where.container
    if container is not None and o.log.from_container and container.requested_gpus not in ("all", "none"):
        return [f"The container `{container.name}` was started with GPUs {container.requested_gpus} only "
                f"(`{container.engine} inspect`: DeviceRequests).", _container_change(o)], None
    discovery = [p.message for p in o.log.problems if p.kind == "discovery"]
    if discovery:
        sentences = [f"Ollama logged: {msg}" for msg in discovery]
        if any("init failure" in msg or "unknown error initializing" in msg for msg in discovery):
            sentences.append("CUDA could not initialise. After a driver update, reboot; after suspend and resume, "
                             "reload the UVM driver (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`, from "
                             "Ollama's docs/gpu.md).")
        if any("too old" in msg for msg in discovery):
            sentences.append("Ollama needs NVIDIA compute capability 5.0 or newer (docs/gpu.md), and its CUDA 13 "
                             "build drops GPUs older than 7.5.")
        return sentences, None
    return [f"Nothing in the log says why. Restart Ollama with OLLAMA_DEBUG=1 and look for "
            f"{_and([_gpu(inventory, i) for i in hidden])} in its start-up lines; a GPU in a bad state "
            "(`nvidia-smi`, Xid errors in `dmesg`) or in MIG mode also stays out of Ollama's list."], None


def _discovered_line(inventory, index: int, found) -> str:
    free = f", {gib(found.available)} of {gib(found.total)} free at start-up" if found.total else ""
    how = f"{found.library}{' ' + found.variant if found.variant else ''}"
    return f"{_gpu(inventory, index)}: {how}, compute {found.compute or '?'}, driver CUDA {found.driver or '?'}{free}."


def _who(o, platform_kind: str) -> str:
    if platform_kind == "windows":
        return "The Ollama app's server"
    if o.log.from_container:
        return f"The Ollama container `{o.where.container.name}`"
    return "The Ollama service" if o.log.from_service else "The Ollama server"


def _visible_fix(o, platform_kind: str, inventory) -> FixRequest | None:
    if platform_kind == "windows":
        return windows_user_env("CUDA_VISIBLE_DEVICES", restart_ollama=True)
    every = ",".join(g.uuid for g in inventory.gpus if g.uuid)
    return _fix(platform_kind, o.log, "CUDA_VISIBLE_DEVICES", every)


def _container_change(o) -> str:
    c = o.where.container
    return (f"For the container, recreate it without `-e CUDA_VISIBLE_DEVICES` and with `--gpus=all` (compose: remove it "
            "from `environment:` and set `count: all` under `deploy.resources.reservations.devices`); gpudoctor never "
            f"changes containers itself ({c.engine} inspect {c.name}).") if c is not None else ""


def _spread_cannot_matter(o, visible: int) -> list[str]:
    if visible == 1 and _spread(o.log):
        return [f"OLLAMA_SCHED_SPREAD={(o.log.service_env or {}).get('OLLAMA_SCHED_SPREAD')} is set but cannot matter: "
                "there is only one GPU for the server to spread over."]
    return []


def _cpu_fallback(o, inventory, platform_kind, visibility, evidence):
    which, cause, checked = cpu_fallback_cause(o, platform_kind, visibility, len(inventory.gpus))
    names = _and([_gpu(inventory, g.index) for g in inventory.gpus])
    fix = _visible_fix(o, platform_kind, inventory) if which == "visible-devices" else None
    return fail(f"{_who(o, platform_kind)} found no usable GPU and runs every model on the CPU, while the driver (NVML) "
                f"shows {len(inventory.gpus)}: {names}.", cause, CPU_FALLBACK_FIXES[which], *checked,
                *[f"Ollama logged: {p.message}" for p in o.log.problems if p.kind == "discovery"][:2],
                f"Source: {o.log.source}.", evidence={**evidence, "cause": which}, fix=fix)


def _runner_view(log, inventory) -> dict[int, object] | None:
    """NVML index -> the runner's `Device i:` line (by UUID when printed, else by name), when the log
    has a ggml_cuda_init listing but no `inference compute` lines."""
    if log.runner_device_count is None:
        return None
    left = list(log.runner_devices)
    matched = {}
    for gpu in inventory.gpus:
        found = next((d for d in left if d.uuid and gpu.uuid and d.uuid.lower() == gpu.uuid.lower()), None) or \
            next((d for d in left if not d.uuid and d.name == gpu.name), None)
        if found is not None:
            left.remove(found)
        matched[gpu.index] = found
    return matched


def _visible_without_inventory(o, platform_kind: str, windows, gap):
    """Without the machine's GPU list, what the log already says: GPU discovery that failed with no GPU found
    after it, or a CUDA_VISIBLE_DEVICES that leaves out GPU 0, are problems on any machine (warnings, with their
    condition); anything else is unknown."""
    failed = [p for p in o.log.problems if p.kind == "discovery"]
    if failed and not o.log.discovered and not o.log.runner_devices:
        yield warn(f"{_who(o, platform_kind)} could not use the GPUs when it logged: {failed[-1].message}. Unless a "
                   "later line of its log found them, it runs every model on the CPU.",
                   *[f"Ollama logged: {p.message}" for p in failed[-3:-1]],
                   f"`{gap.shown_by}` shows whether the driver sees the GPUs, and its version (Ollama's "
                   "docs/troubleshooting.md and docs/gpu.md list the causes: a driver too old, nvidia_uvm not loaded "
                   "after suspend, a container without GPU access).",
                   evidence={"problems": [p.message for p in failed], "condition": "the machine's GPU list was not seen",
                             "shown_by": gap.shown_by})
    cvd, cvd_source = service_visible_devices(o, platform_kind, windows)
    shown = hidden_whatever_the_count(cvd) if cvd else None
    if shown is None:
        if not failed:
            yield unknown(gap, "which of the machine's GPUs Ollama can use")
        return
    yield warn(f"{_who(o, platform_kind)} sees only {gpu_list(shown)}: its environment sets CUDA_VISIBLE_DEVICES={cvd} "
                f"({cvd_source}); if this machine has more GPUs, they are hidden from Ollama.",
                f"GPU 0 is left out, so at least one GPU is hidden (or none is usable, where {gpu_list(shown)} does "
                f"not exist). `{gap.shown_by}` shows how many GPUs the machine has.",
                _where_settings_go(platform_kind, o.log) if not o.log.from_container else _container_change(o),
                "To give it every GPU, remove the variable, or list every GPU by UUID.",
                evidence={"CUDA_VISIBLE_DEVICES": cvd, "read_from": cvd_source, "visible": list(shown),
                          "condition": "the machine's GPU list was not seen", "shown_by": gap.shown_by})


@check("ollama.gpus", title="GPUs the Ollama server can use", needs=("ollama", "gpus", "windows"), fixes=OLLAMA_FIXES)
def ollama_gpus(facts):
    """Compares the GPUs the Ollama *server* can use with the GPUs the driver shows (NVML, which
    ignores CUDA_VISIBLE_DEVICES), and says in one sentence why a GPU is not used.

    First what the server is told: its CUDA_VISIBLE_DEVICES, from the `server config` line of its log
    (the service's environment, not your shell's), else its systemd unit, container or Windows user
    environment, resolved as CUDA resolves it (indices, UUIDs with or without `GPU-`, unique prefixes;
    parsing stops at the first entry that names no GPU). This needs no discovery line, so a log that
    stops after the config line still gets its verdict ("can only use GPU 0 of your 2"). Then what it
    found: the `inference compute` lines (or the runner's `ggml_cuda_init: found N CUDA devices`).
    A server that found no GPU while NVML shows some is a failure with its cause, checked layer by
    layer: CUDA_VISIBLE_DEVICES, a container started without a GPU request, the unit's sandbox
    (PrivateDevices=, DevicePolicy=), nvidia_uvm and /dev/nvidia-uvm, CUDA's own init error.
    Sources: https://github.com/ollama/ollama/blob/main/docs/gpu.md, docs/faq.md, docs/troubleshooting.md.
    """
    o = facts.ollama
    unusable = _unusable_log(o)
    if unusable:
        yield unusable
        return
    gap = facts.unseen("gpus")
    if gap:
        yield from _visible_without_inventory(o, facts.platform.kind, facts.seen("windows"), gap)
        return
    inventory = facts.gpus
    if inventory.nvml_error or not inventory.gpus:
        yield skip("The driver shows no GPU, so there is nothing to compare (see gpu.count).")
        return
    log, platform_kind = o.log, facts.platform.kind
    # Windows' own variables only add to what the server's log shows.
    cvd, cvd_source = service_visible_devices(o, platform_kind, facts.seen("windows"))
    visibility = parse_visible_devices(cvd, inventory.gpus) if cvd else None
    matched = match_gpus(inventory, log.discovered) if log.discovery_seen else _runner_view(log, inventory)
    cuda_found = [i for i, d in (matched or {}).items() if d is not None]
    evidence = {"source": log.source, "server_version": log.server_version, "service_env": log.service_env,
                "CUDA_VISIBLE_DEVICES": cvd, "read_from": cvd_source,
                "visible": list(visibility.visible) if visibility else None,
                "discovered": [{"id": d.id, "library": d.library, "name": d.display_name, "compute": d.compute,
                                "total": d.total, "available": d.available} for d in log.discovered],
                "runner_devices": [d.name for d in log.runner_devices]}
    found_none = any(text in p.message for p in log.problems if p.kind == "discovery"
                     for text in ("no compatible GPUs were discovered", "no nvidia devices detected"))
    if (matched is not None and not cuda_found) or (matched is None and found_none):
        yield _cpu_fallback(o, inventory, platform_kind, visibility, evidence)
        return
    if visibility is not None and not visibility.visible:
        yield fail(f"{_who(o, platform_kind)} cannot use any of your {len(inventory.gpus)} GPUs: its environment sets "
                   f"CUDA_VISIBLE_DEVICES={cvd} ({cvd_source}), which names none of them, so every model runs on "
                   "the CPU.", _where_settings_go(platform_kind, o.log) if not log.from_container else _container_change(o),
                   "Remove the variable to give it every GPU (\"-1\" is the documented way to force CPU-only).",
                   evidence=evidence, fix=_visible_fix(o, platform_kind, inventory) if not log.from_container else None)
        return
    if visibility is not None and len(visibility.visible) < len(inventory.gpus):
        shown = _and([_gpu(inventory, i) for i in visibility.visible]) or "no GPU"
        ignored = ([f"CUDA ignores {', '.join(visibility.ignored)}: no GPU of this machine has that index or UUID, "
                    "and CUDA stops reading the list there."] if visibility.ignored else [])
        order = (["The list uses indices, which CUDA counts fastest-first, not in nvidia-smi's order, unless "
                  "CUDA_DEVICE_ORDER=PCI_BUS_ID; Ollama's docs/gpu.md recommends UUIDs (`nvidia-smi -L`)."]
                 if visibility.by_index and len({g.name for g in inventory.gpus}) > 1 else [])
        yield fail(f"{_who(o, platform_kind)} can only use {shown} of your {len(inventory.gpus)}: its environment sets "
                   f"CUDA_VISIBLE_DEVICES={cvd} ({cvd_source}).", *ignored, *order,
                   *_spread_cannot_matter(o, len(visibility.visible)),
                   _where_settings_go(platform_kind, o.log) if not log.from_container else _container_change(o),
                   "To give it every GPU, remove the variable, or list every GPU by UUID.",
                   evidence=evidence, fix=_visible_fix(o, platform_kind, inventory) if not log.from_container else None)
        return
    if matched is None:
        if cvd is None:
            yield skip("The server log does not reach back to Ollama's start, so it does not show which GPUs Ollama "
                       "found; restart Ollama and check again.", evidence={"source": log.source})
        else:
            yield ok(f"{_who(o, platform_kind)} is not limited to some GPUs: CUDA_VISIBLE_DEVICES is "
                     f"{'unset' if not cvd else cvd} ({cvd_source}).",
                     *_spread_cannot_matter(o, len(inventory.gpus)),
                     "The log does not reach its GPU discovery; restart Ollama to see which GPUs it finds.",
                     evidence=evidence)
        return
    hidden = [i for i, found in matched.items() if found is None]
    stale = ([f"The log is from Ollama {log.server_version}, but {o.version} is running: the log may belong to "
              "another installation."] if o.version and log.server_version and o.version != log.server_version
             else [])
    seen = [_discovered_line(inventory, i, found) for i, found in matched.items()
            if found is not None and hasattr(found, "library")]
    if not hidden:
        plural = "s" if len(inventory.gpus) > 1 else ""
        where = ("at start-up" if log.discovery_seen
                 else "in its runner (llama.cpp's ggml_cuda_init listing; the log does not reach back to start-up)")
        yield ok(f"Ollama found all {len(inventory.gpus)} GPU{plural} {where}.",
                 *_spread_cannot_matter(o, len(inventory.gpus)), *seen, f"Source: {log.source}.",
                 *stale, evidence=evidence)
        return
    sentences, fix = _discovery_causes(o, platform_kind, hidden, inventory)
    summary = (f"Ollama does not use {_and([_gpu(inventory, i) for i in hidden])}: it found only "
               f"{_and([_gpu(inventory, i) for i in matched if i not in hidden])} at start-up.")
    yield fail(summary, *sentences, *seen, f"Source: {log.source}.", *stale, evidence={**evidence, "not_discovered": hidden},
               fix=fix)


# -- ollama.placement --------------------------------------------------------------------------------------
def fewest_gpus(load) -> int | None:
    """How few of the GPUs Ollama considered would hold what the last load needed in all
    (memory.required.allocations summed, against memory.available, largest first)."""
    if not load.allocations or not load.available:
        return None
    needed, room = sum(load.allocations), 0
    for count, free in enumerate(sorted(load.available, reverse=True), start=1):
        room += free
        if room >= needed:
            return count
    return None


def _split_text(load, inventory) -> str:
    split = load.layer_split or load.tensor_split
    if load.gpu_ids and len(load.gpu_ids) == len([n for n in split if n > 0]):
        parts = []
        for gpu_id, layers in zip(load.gpu_ids, [n for n in split if n > 0], strict=True):
            index = _index_of(inventory, gpu_id)
            parts.append(f"{layers} layers on {_gpu(inventory, index) if index is not None else gpu_id}")
        return ", ".join(parts)
    return "/".join(str(n) for n in split) + " layers" if split else "layers"


def _others_text(inventory, idle: list[int] | None, count: int) -> tuple[str, str]:
    """('GPU 1 is' | 'GPUs 1 and 2 are' | 'the other GPU is', 'both' | 'all of them')."""
    scope = "both" if count == 2 else "all of them"
    if idle is None:
        return ("the other GPU is" if count == 2 else f"the other {count - 1} GPUs are"), scope
    if len(idle) == 1:
        return f"GPU {idle[0]} is", scope
    return f"GPUs {_and([str(i) for i in idle])} are", scope


def running_version(o) -> str | None:
    return o.version or o.log.server_version


def _fit_numbers(load) -> str:
    """'it needs 6.5 GiB and GPU 0 had 23.3 GiB free' from memory.required.full and memory.available."""
    if load.required_full is None or not load.available:
        return ""
    return (f" (memory.required.full {gib(load.required_full)} against {gib(max(load.available))} free on the card "
            "it chose, from the log's offload line)")


def _idle_by_design(o, inventory, platform_kind, load, used_index, idle):
    where = f"GPU {used_index}" if used_index is not None else "one GPU"
    rest, scope = _others_text(inventory, idle, len(inventory.gpus))
    version = running_version(o)
    spread_known = reads("OLLAMA_SCHED_SPREAD", version, o.log.config_keys)
    evidence = {"gpu_used": used_index, "idle": idle, "ollama_version": version,
                "OLLAMA_SCHED_SPREAD": (o.log.service_env or {}).get("OLLAMA_SCHED_SPREAD"),
                "layers": f"{load.layers_offloaded}/{load.layers_total}", "required_full": load.required_full,
                "available": list(load.available), "log_format": load.log_format}
    rule = scheduler(version)
    why = ("Ollama's scheduler puts a model on a single GPU when it fits there and spreads it over more GPUs only "
           f"when it does not (pickBestFullFitByLibrary, earlier pickBestFitGPUs, in {SCHEDULER_SOURCE}; "
           "assignLayers in llm/server.go from 0.11.5)" + _fit_numbers(load) + "."
           + (f" Ollama {version}: {rule.meaning} ({rule.source})." if rule else ""))
    trade = ("One GPU is usually fastest for one model: a spread model passes each token through the GPUs in turn. "
             "Spreading gives more room for context and parallel requests; without it the idle GPU stays free for a "
             "second model.")
    if spread_known is False:
        span = SETTINGS["OLLAMA_SCHED_SPREAD"]
        return warn(f"{_model_name(o)} fits on {where}, so {rest} idle by design; this Ollama ({version}) cannot "
                    f"be told to spread it: OLLAMA_SCHED_SPREAD arrived in {span.first} ({span.source}).",
                    why, "Update Ollama to use OLLAMA_SCHED_SPREAD=1.", trade, evidence=evidence)
    place = " in the container (-e)" if o.log.from_container else (" in the service" if o.log.from_service else "")
    return warn(
        f"{_model_name(o)} fits on {where}, so {rest} idle by design; set OLLAMA_SCHED_SPREAD=1{place} to use {scope}.",
        why, "OLLAMA_SCHED_SPREAD=1 makes Ollama spread every model over all GPUs (\"Always schedule model across "
        "all GPUs\", envconfig/config.go).", trade, _where_settings_go(platform_kind, o.log),
        evidence=evidence, fix=_fix(platform_kind, o.log, "OLLAMA_SCHED_SPREAD", "1"),
    )


def _partly_on_cpu(o, inventory, load, used_index, matched):
    where = f"GPU {used_index}" if used_index is not None else "one GPU"
    others = [g.index for g in inventory.gpus if g.index != used_index]
    hidden = [i for i, found in matched.items() if found is None] if o.log.discovery_seen else []
    variants = {found.variant for found in matched.values() if found is not None and found.variant}
    if hidden:
        reason = f"Ollama does not see {_and([_gpu(inventory, i) for i in hidden])} (see ollama.gpus)."
    elif len(variants) > 1:
        reason = (f"Ollama found the GPUs through different CUDA builds ({_and(sorted(variants))}) and splits a "
                  "model only over GPUs of one build.")
    elif len(load.available) > 1:
        free = [f"{gib(free)} free on CUDA device {p}" for p, free in enumerate(load.available)
                if p >= len(load.layer_split) or load.layer_split[p] == 0]
        reason = (f"The load considered {len(load.available)} GPUs ({', '.join(gib(a) for a in load.available)} free, "
                  f"memory.available) and put no layer on the one with {_and(free)}: a GPU needs room for the "
                  "compute graph and at least a few layers before Ollama uses it. " + memory_advice(o, load)[0])
    else:
        reason = ("The other GPUs did not have enough free memory when the model was loaded: "
                  + "; ".join(f"{_gpu(inventory, i)} had {gib(matched[i].available)} free at start-up"
                              for i in others if matched.get(i)) + ".")
    rest = _others_text(inventory, others if used_index is not None else None, len(inventory.gpus))[0]
    return warn(f"{_model_name(o)} runs partly on the CPU ({load.layers_offloaded}/{load.layers_total} layers on "
                f"{where}), and {rest.replace(' is', ' holds').replace(' are', ' hold')} none of it.", reason,
                evidence={"layers": f"{load.layers_offloaded}/{load.layers_total}", "gpu_used": used_index,
                          "not_discovered": hidden})


def _spread_wider(o, inventory, platform_kind, load, used, needed):
    model = _model_name(o)
    keep = [g.uuid for g in inventory.gpus[:needed] if g.uuid]
    spread = _spread(o.log)
    why = ("OLLAMA_SCHED_SPREAD is on, so Ollama spreads every model over all GPUs it can see."
           if spread else
           "This Ollama version falls back from one GPU to all of them at once (pickBestFitGPUs in "
           f"{SCHEDULER_SOURCE}); newer versions pick the fewest GPUs that hold the model.")
    return warn(
        f"{model} is split over {used} GPUs ({_split_text(load, inventory)}), though about {needed} would hold it.",
        why,
        "Each token passes every GPU in turn, so more GPUs than needed only add transfers. To keep Ollama on "
        "fewer GPUs, set CUDA_VISIBLE_DEVICES for the server to the UUIDs of the GPUs it may use "
        f"(`nvidia-smi -L`); the fix allows {_and([f'GPU {g.index}' for g in inventory.gpus[:needed]])}"
        + (", and turning OLLAMA_SCHED_SPREAD off lets Ollama choose the fewest itself." if spread else "."),
        _where_settings_go(platform_kind, o.log),
        evidence={"gpus_used": used, "fewest_needed": needed, "split": list(load.layer_split or load.tensor_split),
                  "allocations": list(load.allocations), "OLLAMA_SCHED_SPREAD": spread},
        fix=_fix(platform_kind, o.log, "CUDA_VISIBLE_DEVICES", ",".join(keep)),
    )


def memory_advice(o, load=None) -> tuple[str, dict]:
    """What to turn down when a load does not fit, naming only settings the running version reads
    (its `server config` keys, else gpudoctor.knowledge.ollama_versions.SETTINGS by version); and the fix."""
    version, keys = running_version(o), o.log.config_keys
    knobs = ["free VRAM (other programs; `ollama stop` other models)", "a shorter context (num_ctx)"]
    if load is not None and load.layers_requested is not None and load.layers_requested >= 0:
        knobs.insert(0, f"fewer GPU layers than the num_gpu={load.layers_requested} you asked for (or leave num_gpu "
                        "unset so Ollama decides)")
    if reads("OLLAMA_NUM_PARALLEL", version, keys) is not False:
        knobs.append("fewer parallel requests (OLLAMA_NUM_PARALLEL=1: each one adds a context's KV cache)")
    if reads("OLLAMA_KV_CACHE_TYPE", version, keys) and reads("OLLAMA_FLASH_ATTENTION", version, keys):
        knobs.append("a quantised KV cache (OLLAMA_KV_CACHE_TYPE=q8_0 with OLLAMA_FLASH_ATTENTION=1)")
    overhead = reads("OLLAMA_GPU_OVERHEAD", version, keys)
    if overhead is not False:
        knobs.append("headroom Ollama leaves free on every GPU (OLLAMA_GPU_OVERHEAD=1073741824 for 1 GiB)")
    text = "Turn down what the load asks for: " + "; ".join(knobs) + "."
    if overhead is False:
        text += (f" This Ollama ({version}) has no OLLAMA_GPU_OVERHEAD (it arrived in "
                 f"{SETTINGS['OLLAMA_GPU_OVERHEAD'].first}).")
    return text, ({} if overhead is False else {"name": "OLLAMA_GPU_OVERHEAD", "value": "1073741824"})


def overcommitted(o, inventory, load) -> list[tuple[int, int | None, int, int | None, int | None]]:
    """(position, NVML index or None, bytes asked, bytes free then, bytes in total) for every GPU the
    load asked for more than it had free: memory.required.allocations and memory.available list the
    GPUs in the same order, the order the runner numbers its CUDA devices."""
    found = []
    if (load.library or "").lower() == "cpu":  # memory.available is system RAM then
        return found
    for position, (asked, free) in enumerate(zip(load.allocations, load.available)):
        index = _runner_position_to_nvml(o.log, inventory, position, len(load.available))
        total = next((g.memory_total_bytes for g in inventory.gpus if g.index == index), None) if index is not None else None
        if asked > free or (total is not None and asked > total):
            found.append((position, index, asked, free, total))
    return found


def _runner_position_to_nvml(log, inventory, position: int, considered: int) -> int | None:
    device = next((d for d in log.runner_devices if d.index == position), None)
    if device is not None and device.uuid:
        return _index_of(inventory, device.uuid)
    if device is not None:
        same = [g.index for g in inventory.gpus if g.name == device.name]
        if len(same) == 1:
            return same[0]
    return position if considered == len(inventory.gpus) and position < len(inventory.gpus) else None


def _overcommit_finding(o, inventory, platform_kind, load, over):
    position, index, asked, free, total = max(over, key=lambda item: item[2] - (item[4] or item[3]))
    card = _gpu(inventory, index) if index is not None else f"CUDA device {position}"
    beyond_total = total is not None and asked > total
    summary = (f"The last load over-commits {card}: Ollama's split asks it for {gib(asked)}, more than the "
               f"{gib(total)} the card has in total." if beyond_total else
               f"The last load asks {card} for {gib(asked)}, more than the {gib(free)} it had free.")
    advice, fix = memory_advice(o, load)
    numbers = ", ".join(f"device {p}: {gib(a)} asked, {gib(f)} free" for p, _i, a, f, _t in over)
    return (fail if beyond_total else warn)(
        summary, f"From the offload line: memory.required.allocations against memory.available ({numbers}); the "
        "device numbers are the runner's, in the order of that line.", advice,
        evidence={"position": position, "gpu": index, "asked": asked, "free": free, "total": total,
                  "allocations": list(load.allocations), "available": list(load.available),
                  "layers.requested": load.layers_requested},
        fix=_fix(platform_kind, o.log, fix["name"], fix["value"]) if fix else None)


@check("ollama.placement", title="How Ollama spreads a model over the GPUs", needs=("ollama", "gpus"), fixes=OLLAMA_FIXES)
def ollama_placement(facts):
    """Explains where Ollama put the last model it loaded, from its server log: the scheduler's
    decision ("new model will fit in available VRAM in single GPU"), the layer split
    (`layers.split=17,16`, `--tensor-split 8,8,8,8,8,8,7,7`, or the new engine's
    `GPULayers:33[ID:GPU-… Layers:17(0..16) ID:GPU-… Layers:16(17..32)]`) and
    `offloaded 33/33 layers to GPU`.

    By default Ollama puts a model on one GPU when it fits and spreads it over more GPUs only when
    it does not (server/sched.go: pickBestFitGPUs tries each GPU alone, then all of them;
    pickBestFullFitByLibrary in later versions tries 1, 2, ... GPUs; llm/server.go assignLayers
    "packs the maximum number of layers onto the smallest set of GPUs"). OLLAMA_SCHED_SPREAD=1
    ("Always schedule model across all GPUs", envconfig/config.go) spreads every model. So with
    two GPUs and a model that fits on one, the second GPU is idle by design: reported with the
    fix that sets OLLAMA_SCHED_SPREAD=1 for the service. A model split over more GPUs than it
    needs, or kept partly on the CPU while a GPU holds none of it, is a warning with its cause.
    Sources: https://github.com/ollama/ollama/blob/main/server/sched.go,
    https://github.com/ollama/ollama/blob/main/llm/server.go.
    """
    o, inventory = facts.ollama, facts.gpus
    unusable = _unusable_log(o)
    if unusable:
        yield unusable
        return
    if inventory.nvml_error or len(inventory.gpus) < 2:
        yield skip("Fewer than two GPUs: there is nothing to spread a model over.")
        return
    load = o.log.last_load
    if load is None:
        yield skip("No model was loaded since Ollama started; run one (`ollama run llama3.1:8b`) and check again.",
                   evidence={"source": o.log.source})
        return
    used = load.gpu_count
    if used is None:
        yield skip("The log does not show how the last model was placed.", evidence={"source": o.log.source})
        return
    platform_kind = facts.platform.kind
    over = overcommitted(o, inventory, load)
    if over:
        yield _overcommit_finding(o, inventory, platform_kind, load, over)
        return
    matched = match_gpus(inventory, o.log.discovered) if o.log.discovery_seen else {
        g.index: None for g in inventory.gpus}
    used_indices = [i for i in (_index_of(inventory, gpu_id) for gpu_id in load.gpu_ids) if i is not None]
    if used == 0:
        yield warn(f"{_model_name(o)} runs entirely on the CPU: no layer went to a GPU.",
                   "See ollama.gpus for the GPUs Ollama found and ollama.errors for failed loads.",
                   evidence={"layers": f"{load.layers_offloaded}/{load.layers_total}"})
        return
    if used == 1:
        used_index = used_indices[0] if used_indices else None
        seen_by_ollama = [i for i, found in matched.items() if found is not None]
        if load.fully_offloaded is False:
            yield _partly_on_cpu(o, inventory, load, used_index, matched)
        elif o.log.discovery_seen and len(seen_by_ollama) < 2:
            yield warn(f"{_model_name(o)} uses one GPU because Ollama sees only one (see ollama.gpus).",
                       evidence={"gpu_used": used_index, "discovered": seen_by_ollama})
        else:
            idle = None if used_index is None else [
                i for i in (seen_by_ollama if o.log.discovery_seen else matched) if i != used_index]
            yield _idle_by_design(o, inventory, platform_kind, load, used_index, idle)
        return
    needed = fewest_gpus(load)
    if needed is not None and used > needed:
        yield _spread_wider(o, inventory, platform_kind, load, used, needed)
        return
    if load.fully_offloaded is False:
        yield warn(f"{_model_name(o)} is split over {used} GPUs ({_split_text(load, inventory)}) and still runs "
                   f"partly on the CPU ({load.layers_offloaded}/{load.layers_total} layers on GPUs).",
                   "The model with its context is larger than the free memory of all GPUs together"
                   + (f" (memory.required.full {gib(load.required_full)}, of which the context's KV cache "
                      f"{gib(load.required_kv)}, against {gib(sum(load.available))} free)"
                      if load.required_full and load.required_kv and load.available else "")
                   + ": " + memory_advice(o, load)[0].replace("Turn down what the load asks for: ", "turn down "),
                   evidence={"gpus_used": used, "layers": f"{load.layers_offloaded}/{load.layers_total}"})
        return
    reason = ("because OLLAMA_SCHED_SPREAD is on" if _spread(o.log)
              else "because it does not fit in one GPU's free memory")
    yield ok(f"{_model_name(o)} is split over {used} GPUs ({_split_text(load, inventory)}) {reason}.",
             "Ollama spreads a model over several GPUs only when it needs to, or when OLLAMA_SCHED_SPREAD is on "
             f"({SCHEDULER_SOURCE}).",
             evidence={"gpus_used": used, "split": list(load.layer_split or load.tensor_split),
                       "layers": f"{load.layers_offloaded}/{load.layers_total}"})


# -- ollama.env ----------------------------------------------------------------------------------------------
def _same_setting(name: str, shell: str, server: str) -> bool:
    if name in ("OLLAMA_SCHED_SPREAD", "OLLAMA_FLASH_ATTENTION"):
        shell_bool = _go_bool(shell)
        # envconfig: an unparsable OLLAMA_SCHED_SPREAD counts as true, an unparsable flash-attention as false
        if shell_bool is None:
            shell_bool = name == "OLLAMA_SCHED_SPREAD"
        return shell_bool == bool(_go_bool(server))
    if name in ("OLLAMA_MAX_LOADED_MODELS", "OLLAMA_NUM_PARALLEL", "OLLAMA_GPU_OVERHEAD"):
        try:
            return int(shell.strip().strip("\"'")) == int(server or 0)
        except ValueError:
            return False
    return shell.strip().strip("\"'") == server


@check("ollama.env", title="Settings the Ollama server really runs with", needs=("ollama",), fixes=OLLAMA_FIXES)
def ollama_env(facts):
    """Shows the settings the Ollama *server* started with, from the `server config` line it logs
    at start-up (OLLAMA_SCHED_SPREAD, OLLAMA_GPU_OVERHEAD, OLLAMA_MAX_LOADED_MODELS, OLLAMA_NUM_PARALLEL,
    OLLAMA_FLASH_ATTENTION, OLLAMA_KV_CACHE_TYPE, OLLAMA_LLM_LIBRARY, CUDA_VISIBLE_DEVICES; OLLAMA_HOST
    without credentials), and warns when one of the OLLAMA_* settings is set differently in the shell
    gpudoctor runs in (CUDA_VISIBLE_DEVICES is left to ollama.gpus: shells set it for other programs).

    Setting a variable in a shell does not reach a server that runs as a systemd service (Linux) or
    was started from the tray app before the variable existed (Windows): the service has its own
    environment (https://github.com/ollama/ollama/blob/main/docs/faq.md, "How do I configure Ollama
    server?").
    """
    o = facts.ollama
    unusable = _unusable_log(o)
    if unusable:
        yield unusable
        return
    env = o.log.service_env
    if env is None:
        yield skip("The server log does not reach back to Ollama's start (its `server config` line); restart "
                   "Ollama and check again.", evidence={"source": o.log.source})
        return
    platform_kind = facts.platform.kind
    evidence = {"service_env": env, "shell_env": o.shell_env, "source": o.log.source}
    differing = [name for name in SERVER_SETTINGS
                 if o.shell_env.get(name) and name in env and not _same_setting(name, o.shell_env[name], env[name])]
    for name in differing:
        yield warn(f"{name}={o.shell_env[name]} is set in this shell, but the Ollama server runs with "
                   f"{name}={env[name] or '(unset)'}.", _where_settings_go(platform_kind, o.log),
                   evidence=evidence, fix=_fix(platform_kind, o.log, name, o.shell_env[name]))
    if not differing:
        shown = [f"{k}={v}" for k, v in env.items() if v]
        yield ok("The Ollama server runs with " + (", ".join(shown) if shown else "default settings") + ".",
                 f"From the `server config` line in {o.log.source}.", evidence=evidence)


# -- ollama.errors -------------------------------------------------------------------------------------------
def _oom_beyond_card(o, inventory, oom):
    """(runner device, NVML index, bytes asked, card total) for an allocation larger than the whole card."""
    for problem in reversed(oom):
        if problem.device is None or problem.size_bytes is None or inventory.nvml_error:
            continue
        considered = len(o.log.last_load.available) if o.log.last_load and o.log.last_load.available else \
            (o.log.runner_device_count or len(inventory.gpus))
        index = _runner_position_to_nvml(o.log, inventory, problem.device, considered)
        total = next((g.memory_total_bytes for g in inventory.gpus if g.index == index), None)
        if total is not None and problem.size_bytes > total:
            return problem.device, index, problem.size_bytes, total
    return None


@check("ollama.errors", title="Failed model loads in the Ollama log", needs=("ollama", "gpus"), fixes=OLLAMA_FIXES)
def ollama_errors(facts):
    """Looks for model loads that failed since the Ollama server last started: out of GPU memory
    (llama.cpp's `cudaMalloc failed: out of memory`, `unable to allocate CUDA1 buffer`, `CUDA error:
    out of memory`) and runners that died (`llama runner process has terminated`).

    Ollama estimates memory before it loads a model; the estimate can fall short (other programs
    taking VRAM after start-up, a long context, a model family it underestimates), and then the
    runner crashes while loading.
    """
    o = facts.ollama
    unusable = _unusable_log(o)
    if unusable:
        yield unusable
        return
    oom = [p for p in o.log.problems if p.kind == "oom"]
    crashes = [p for p in o.log.problems if p.kind == "runner"]
    evidence = {"source": o.log.source, "problems": [{"kind": p.kind, "message": p.message, "device": p.device}
                                                     for p in o.log.problems]}
    inventory = facts.seen("gpus")  # only to tell an allocation larger than the whole card
    beyond = _oom_beyond_card(o, inventory, oom) if inventory is not None else None
    if beyond:
        position, index, asked, total = beyond
        card = _gpu(inventory, index)
        advice, fix = memory_advice(o, o.log.last_load)
        yield fail(f"A model load asked CUDA device {position}, {card}, for {gib(asked)} in one allocation: more than "
                   f"the {gib(total)} the card has in total, so the split Ollama chose over-commits it.",
                   *[f"Ollama logged: {p.message}" for p in oom[-2:]],
                   "No amount of freeing VRAM makes this fit: the load must put fewer layers on that card.", advice,
                   evidence={**evidence, "device": position, "gpu": index, "asked": asked, "total": total},
                   fix=_fix(facts.platform.kind, o.log, fix["name"], fix["value"]) if fix else None)
    elif oom:
        devices = sorted({p.device for p in oom if p.device is not None})
        on = f" on CUDA device {_and([str(d) for d in devices])}" if devices else ""
        advice, fix = memory_advice(o, o.log.last_load)
        yield fail(f"A model load ran out of GPU memory{on}.",
                   *[f"Ollama logged: {p.message}" for p in oom[-3:]],
                   "Ollama's estimate of the memory a model needs fell short (ollama.placement shows the split).",
                   advice,
                   "The CUDA device numbers are the runner's own, counted among the GPUs Ollama gave it.",
                   evidence=evidence, fix=_fix(facts.platform.kind, o.log, fix["name"], fix["value"]) if fix else None)
    elif crashes:
        yield fail("A model runner crashed since Ollama started.",
                   *[f"Ollama logged: {p.message}" for p in crashes[-3:]], evidence=evidence)
    else:
        yield ok(f"No failed model load since Ollama last started (read from {o.log.source}).", evidence=evidence)
