"""Ollama: is the server up, does its container ask for the GPUs, which models are loaded, and which settings
the server really runs with. The GPUs it sees (checks/ollama_gpus.py), how it placed a model
(checks/ollama_placement.py) and its failed loads (checks/ollama_errors.py) have their own modules; all read
one model of the server (gpudoctor/ollama/server.py)."""

from __future__ import annotations

from gpudoctor.checks.ollama_advice import OLLAMA_FIXES, fix_for, human_bytes, unusable_log, where_settings_go
from gpudoctor.model import check, fail, ok, skip, unknown, warn
from gpudoctor.ollama.server import OllamaServer, go_bool
from gpudoctor.probes.ollama import HTTP_TIMEOUT_S, SERVER_SETTINGS


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
    service = o.where.service
    evidence = {"url": o.endpoint.url, "OLLAMA_HOST": o.endpoint.configured, "installed": list(o.installed),
                "version": o.version, "error": o.api_error, "refused": o.refused, "listening": o.log.listening,
                "service": service.active if service else None}
    configured = [f"OLLAMA_HOST={o.endpoint.configured} points gpudoctor there."] if o.endpoint.configured else []
    if o.running:
        yield _answering(o, configured, evidence)
    elif o.api_not_seen:
        yield unknown(o.api_not_seen, "whether the server answers")
    else:
        yield _not_answering(o, facts.platform.kind, configured, evidence)


def _answering(o, configured: list[str], evidence: dict):
    url = o.endpoint.url
    if o.refused:
        return warn(f"Ollama {o.version} runs on this machine but only at {url}: {o.refused} refuses connections.",
                    f"gpudoctor found it through {o.endpoint.found_by} ({o.log.source}), at an address of this "
                    "machine: the server is bound to that address only, while the `ollama` command and local tools "
                    "look at 127.0.0.1:11434 unless OLLAMA_HOST says otherwise.",
                    f"Point them there (`export OLLAMA_HOST={url.split('://', 1)[1]}`), or bind the server to every "
                    "address with OLLAMA_HOST=0.0.0.0:11434 in its environment, then restart it.",
                    evidence=evidence)
    where = [f"The `ollama` command: {', '.join(o.installed)}."] if o.installed else []
    return ok(f"Ollama {o.version} answers at {url}.", *configured, *where, evidence=evidence)


def _not_answering(o, platform_kind: str, configured: list[str], evidence: dict):
    url = o.endpoint.url
    if o.api_error == "timeout":
        return warn(f"Ollama at {url} did not answer within {HTTP_TIMEOUT_S:g} s.",
                    "It may be busy loading a large model from a slow disk; if it stays like this, restart it "
                    "(`sudo systemctl restart ollama`, or quit and restart the app on Windows).", *configured,
                    evidence=evidence)
    if o.api_error.startswith("HTTP ") or o.api_error.startswith("not Ollama"):
        return warn(f"Something answers at {url}, but not like Ollama ({o.api_error}).",
                    "Another program may use the port, or OLLAMA_HOST points to the wrong address.", *configured,
                    evidence=evidence)
    if OllamaServer(o, platform_kind).still_running:
        return _running_but_refusing(o, configured, evidence)
    if not o.installed and o.endpoint.local:
        return skip("Ollama is not installed here (no `ollama` on PATH), and nothing answers at "
                    f"{url}.", evidence=evidence)
    app = ([f"The Ollama app's log ({o.where.app_log_path}) says: " + " | ".join(o.where.app_log)]
           if o.where.app_log else [])
    return skip(f"Ollama is not running at {url} ({o.api_error}).", _start_hint(platform_kind), *app,
                *configured, evidence=evidence)


def _running_but_refusing(o, configured: list[str], evidence: dict):
    service = o.where.service
    running = (f"ollama.service is active (PID {service.main_pid})" if service is not None and service.running
               else f"its log says \"Listening on {o.log.listening}\" ({o.log.source})")
    listens = (f" It listens on {o.log.listening}, which is not this machine's address gpudoctor tried."
               if o.log.listening else "")
    return warn(f"Ollama runs here ({running}) but refuses connections at {o.endpoint.url} ({o.api_error}).",
                f"It is not stopped, so do not start a second one.{listens} Check its OLLAMA_HOST (ollama.env) "
                "and point OLLAMA_HOST in your shell at the same address; if it just restarted, wait a moment.",
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
    if o.models_not_seen:
        yield unknown(o.models_not_seen)
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


# -- ollama.env ----------------------------------------------------------------------------------------------
def _same_setting(name: str, shell: str, server: str) -> bool:
    if name in ("OLLAMA_SCHED_SPREAD", "OLLAMA_FLASH_ATTENTION"):
        shell_bool = go_bool(shell)
        # envconfig: an unparsable OLLAMA_SCHED_SPREAD counts as true, an unparsable flash-attention as false
        if shell_bool is None:
            shell_bool = name == "OLLAMA_SCHED_SPREAD"
        return shell_bool == bool(go_bool(server))
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
    unusable = unusable_log(o)
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
                   f"{name}={env[name] or '(unset)'}.", where_settings_go(platform_kind, o.log),
                   evidence=evidence, fix=fix_for(platform_kind, o.log, name, o.shell_env[name]))
    if not differing:
        shown = [f"{k}={v}" for k, v in env.items() if v]
        yield ok("The Ollama server runs with " + (", ".join(shown) if shown else "default settings") + ".",
                 f"From the `server config` line in {o.log.source}.", evidence=evidence)
