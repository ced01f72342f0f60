"""What the ollama.* checks say and the fixes they offer, shared by checks/ollama*.py: sizes as Ollama prints
them, the GPUs by name, where a server setting belongs on this platform, and what to turn down when a model
does not fit. No check is declared here."""

from __future__ import annotations

from gpudoctor.fix_requests import FixRequest, ollama_service_env, windows_user_env
from gpudoctor.knowledge.ollama_versions import SETTINGS, reads
from gpudoctor.model import skip, unknown
from gpudoctor.ollama.server import OllamaServer
from gpudoctor.probes.ollama import NOT_INSTALLED

SCHEDULER_SOURCE = "https://github.com/ollama/ollama/blob/main/server/sched.go"
FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
# The variables the fix scripts may set (FIX_ENV_ALLOWLIST in fixes/lib/fixlib.sh).
FIXABLE = ("CUDA_VISIBLE_DEVICES", "OLLAMA_SCHED_SPREAD", "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS")
LOG_PLACES = (
    "gpudoctor reads the server log from `journalctl -u ollama` (members of the systemd-journal group, or root), "
    "~/.ollama/logs/server.log, or %LOCALAPPDATA%\\Ollama\\server.log on Windows. For Ollama in Docker, read "
    "`docker logs <container>` yourself."
)


def human_bytes(n: int) -> str:
    """Ollama's format.HumanBytes (decimal units), as `ollama ps` prints sizes."""
    for unit, size in (("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("KB", 10**3)):
        if n >= size:
            value = n / size
            return f"{int(value)} {unit}" if value >= 10 or value == int(value) else f"{value:.1f} {unit}"
    return f"{n} B"


def gib(n: int | None) -> str:
    return "?" if n is None else f"{n / 2**30:.1f} GiB"


def and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def gpu_name(inventory, index: int) -> str:
    gpu = next((g for g in inventory.gpus if g.index == index), None)
    return f"GPU {index} ({gpu.name})" if gpu else f"GPU {index}"


def where_settings_go(platform_kind: str, log) -> str:
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


def fix_for(platform_kind: str, log, name: str, value: str) -> FixRequest | None:
    if name not in FIXABLE:
        return None
    if platform_kind == "windows":
        return windows_user_env(name, value, restart_ollama=True)
    if log.from_service:  # the fix edits ollama.service; without the service there is nothing to edit
        return ollama_service_env(name, value)
    return None


def visible_fix(o, platform_kind: str, inventory) -> FixRequest | None:
    if platform_kind == "windows":
        return windows_user_env("CUDA_VISIBLE_DEVICES", restart_ollama=True)
    every = ",".join(g.uuid for g in inventory.gpus if g.uuid)
    return fix_for(platform_kind, o.log, "CUDA_VISIBLE_DEVICES", every)


def unusable_log(o):
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


def model_name(o) -> str:
    models = o.models or ()
    return f"Model {models[0].name}" if len(models) == 1 else "The last model Ollama loaded"


def who(o, platform_kind: str) -> str:
    if platform_kind == "windows":
        return "The Ollama app's server"
    if o.log.from_container:
        return f"The Ollama container `{o.where.container.name}`"
    return "The Ollama service" if o.log.from_service else "The Ollama server"


def container_change(o) -> str:
    c = o.where.container
    return (f"For the container, recreate it without `-e CUDA_VISIBLE_DEVICES` and with `--gpus=all` (compose: remove it "
            "from `environment:` and set `count: all` under `deploy.resources.reservations.devices`); gpudoctor never "
            f"changes containers itself ({c.engine} inspect {c.name}).") if c is not None else ""


def memory_advice(server: OllamaServer, load=None) -> tuple[str, dict]:
    """What to turn down when a load does not fit, naming only settings the running version reads
    (its `server config` keys, else gpudoctor.knowledge.ollama_versions.SETTINGS by version); and the fix."""
    version, keys = server.version, server.log.config_keys
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


def memory_fix(server: OllamaServer, fix: dict) -> FixRequest | None:
    """The fix `memory_advice` names, for this server (none where its version has no such setting)."""
    return fix_for(server.platform_kind, server.log, fix["name"], fix["value"]) if fix else None
