"""ollama.gpus: which of the machine's GPUs the Ollama server can use, and in one sentence why not the others;
a judgement over the model of the server (gpudoctor/ollama/server.py)."""

from __future__ import annotations

from gpudoctor.checks.ollama_advice import (
    OLLAMA_FIXES,
    and_list,
    container_change,
    fix_for,
    gib,
    gpu_name,
    unusable_log,
    visible_fix,
    where_settings_go,
    who,
)
from gpudoctor.fix_requests import FixRequest, windows_user_env
from gpudoctor.model import check, fail, ok, skip, unknown, warn
from gpudoctor.ollama.server import OllamaServer
from gpudoctor.ollama_visibility import CPU_FALLBACK_FIXES, cpu_fallback_cause, gpu_list, hidden_whatever_the_count


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
    unusable = unusable_log(o)
    if unusable:
        yield unusable
        return
    gap = facts.unseen("gpus")
    # Windows' own variables only add to what the server's log shows.
    if gap:
        yield from _visible_without_inventory(OllamaServer.of(facts, None, facts.seen("windows")), gap)
        return
    inventory = facts.gpus
    if inventory.nvml_error or not inventory.gpus:
        yield skip("The driver shows no GPU, so there is nothing to compare (see gpu.count).")
        return
    yield _verdict(OllamaServer.of(facts, inventory, facts.seen("windows")))


def _verdict(server: OllamaServer):
    """The one finding: the first of the server's layers that keeps a GPU from it, else what it found."""
    evidence = _evidence(server)
    visibility, count = server.visibility, len(server.inventory.gpus)
    if server.runs_on_cpu:
        return _cpu_fallback(server, evidence)
    if visibility is not None and not visibility.visible:
        return _none_visible(server, evidence)
    if visibility is not None and len(visibility.visible) < count:
        return _some_visible(server, evidence)
    if server.matched is None:
        return _discovery_not_in_log(server, evidence)
    if not server.hidden:
        return _all_found(server, evidence)
    return _some_not_found(server, evidence)


def _evidence(server: OllamaServer) -> dict:
    log, visibility = server.log, server.visibility
    cvd, cvd_source = server.visible_devices
    return {"source": log.source, "server_version": log.server_version, "service_env": log.service_env,
            "CUDA_VISIBLE_DEVICES": cvd, "read_from": cvd_source,
            "visible": list(visibility.visible) if visibility else None,
            "discovered": [{"id": d.id, "library": d.library, "name": d.display_name, "compute": d.compute,
                            "total": d.total, "available": d.available} for d in log.discovered],
            "runner_devices": [d.name for d in log.runner_devices]}


def _settings_place(server: OllamaServer) -> str:
    """Where the server's CUDA_VISIBLE_DEVICES is changed: its container, else its service or app."""
    o = server.facts
    return container_change(o) if o.log.from_container else where_settings_go(server.platform_kind, o.log)


def _settings_fix(server: OllamaServer) -> FixRequest | None:
    """The fix that gives the server every GPU (none for a container: gpudoctor never changes containers)."""
    return None if server.log.from_container else visible_fix(server.facts, server.platform_kind, server.inventory)


def _spread_cannot_matter(server: OllamaServer, visible: int) -> list[str]:
    if visible == 1 and server.spread:
        return [f"OLLAMA_SCHED_SPREAD={(server.log.service_env or {}).get('OLLAMA_SCHED_SPREAD')} is set but cannot "
                "matter: there is only one GPU for the server to spread over."]
    return []


# -- the server found no GPU, or was told to see fewer --------------------------------------------------
def _cpu_fallback(server: OllamaServer, evidence: dict):
    o, inventory, platform_kind = server.facts, server.inventory, server.platform_kind
    which, cause, checked = cpu_fallback_cause(o, platform_kind, server.visibility, len(inventory.gpus))
    names = and_list([gpu_name(inventory, g.index) for g in inventory.gpus])
    fix = visible_fix(o, platform_kind, inventory) if which == "visible-devices" else None
    return fail(f"{who(o, platform_kind)} found no usable GPU and runs every model on the CPU, while the driver (NVML) "
                f"shows {len(inventory.gpus)}: {names}.", cause, CPU_FALLBACK_FIXES[which], *checked,
                *[f"Ollama logged: {p.message}" for p in server.discovery_failures][:2],
                f"Source: {o.log.source}.", evidence={**evidence, "cause": which}, fix=fix)


def _none_visible(server: OllamaServer, evidence: dict):
    cvd, cvd_source = server.visible_devices
    return fail(f"{who(server.facts, server.platform_kind)} cannot use any of your {len(server.inventory.gpus)} GPUs: "
                f"its environment sets CUDA_VISIBLE_DEVICES={cvd} ({cvd_source}), which names none of them, so every "
                "model runs on the CPU.", _settings_place(server),
                "Remove the variable to give it every GPU (\"-1\" is the documented way to force CPU-only).",
                evidence=evidence, fix=_settings_fix(server))


def _some_visible(server: OllamaServer, evidence: dict):
    inventory, visibility = server.inventory, server.visibility
    cvd, cvd_source = server.visible_devices
    shown = and_list([gpu_name(inventory, i) for i in visibility.visible]) or "no GPU"
    ignored = ([f"CUDA ignores {', '.join(visibility.ignored)}: no GPU of this machine has that index or UUID, "
                "and CUDA stops reading the list there."] if visibility.ignored else [])
    order = (["The list uses indices, which CUDA counts fastest-first, not in nvidia-smi's order, unless "
              "CUDA_DEVICE_ORDER=PCI_BUS_ID; Ollama's docs/gpu.md recommends UUIDs (`nvidia-smi -L`)."]
             if visibility.by_index and len({g.name for g in inventory.gpus}) > 1 else [])
    return fail(f"{who(server.facts, server.platform_kind)} can only use {shown} of your {len(inventory.gpus)}: its "
                f"environment sets CUDA_VISIBLE_DEVICES={cvd} ({cvd_source}).", *ignored, *order,
                *_spread_cannot_matter(server, len(visibility.visible)), _settings_place(server),
                "To give it every GPU, remove the variable, or list every GPU by UUID.",
                evidence=evidence, fix=_settings_fix(server))


# -- what it found ---------------------------------------------------------------------------------------
def _discovery_not_in_log(server: OllamaServer, evidence: dict):
    cvd, cvd_source = server.visible_devices
    if cvd is None:
        return skip("The server log does not reach back to Ollama's start, so it does not show which GPUs Ollama "
                    "found; restart Ollama and check again.", evidence={"source": server.log.source})
    return ok(f"{who(server.facts, server.platform_kind)} is not limited to some GPUs: CUDA_VISIBLE_DEVICES is "
              f"{'unset' if not cvd else cvd} ({cvd_source}).",
              *_spread_cannot_matter(server, len(server.inventory.gpus)),
              "The log does not reach its GPU discovery; restart Ollama to see which GPUs it finds.",
              evidence=evidence)


def _discovered_line(inventory, index: int, found) -> str:
    free = f", {gib(found.available)} of {gib(found.total)} free at start-up" if found.total else ""
    how = f"{found.library}{' ' + found.variant if found.variant else ''}"
    return f"{gpu_name(inventory, index)}: {how}, compute {found.compute or '?'}, driver CUDA {found.driver or '?'}{free}."


def _found_lines(server: OllamaServer) -> list[str]:
    """A line per GPU found at start-up, the log's source, and a warning when the log is another version's."""
    log = server.log
    seen = [_discovered_line(server.inventory, i, found) for i, found in server.matched.items()
            if found is not None and hasattr(found, "library")]
    stale = ([f"The log is from Ollama {log.server_version}, but {server.facts.version} is running: the log may "
              "belong to another installation."] if server.stale_log else [])
    return [*seen, f"Source: {log.source}.", *stale]


def _all_found(server: OllamaServer, evidence: dict):
    count = len(server.inventory.gpus)
    plural = "s" if count > 1 else ""
    where = ("at start-up" if server.log.discovery_seen
             else "in its runner (llama.cpp's ggml_cuda_init listing; the log does not reach back to start-up)")
    seen = _found_lines(server)
    return ok(f"Ollama found all {count} GPU{plural} {where}.", *_spread_cannot_matter(server, count), *seen,
              evidence=evidence)


def _some_not_found(server: OllamaServer, evidence: dict):
    inventory, hidden = server.inventory, server.hidden
    sentences, fix = _discovery_causes(server, hidden)
    summary = (f"Ollama does not use {and_list([gpu_name(inventory, i) for i in hidden])}: it found only "
               f"{and_list([gpu_name(inventory, i) for i in server.matched if i not in hidden])} at start-up.")
    return fail(summary, *sentences, *_found_lines(server), evidence={**evidence, "not_discovered": hidden}, fix=fix)


# -- why some GPUs were not found --------------------------------------------------------------------------
def _discovery_causes(server: OllamaServer, hidden: list[int]) -> tuple[list[str], FixRequest | None]:
    """Sentences and a fix explaining why Ollama does not see some GPUs."""
    o = server.facts
    cvd = (o.log.service_env or {}).get("CUDA_VISIBLE_DEVICES")
    if cvd:
        return _hidden_by_visible_devices(server, cvd)
    container = o.where.container
    if container is not None and o.log.from_container and container.requested_gpus not in ("all", "none"):
        return [f"The container `{container.name}` was started with GPUs {container.requested_gpus} only "
                f"(`{container.engine} inspect`: DeviceRequests).", container_change(o)], None
    if server.discovery_failures:
        return _what_discovery_logged(server.discovery_failures), None
    return [f"Nothing in the log says why. Restart Ollama with OLLAMA_DEBUG=1 and look for "
            f"{and_list([gpu_name(server.inventory, i) for i in hidden])} in its start-up lines; a GPU in a bad state "
            "(`nvidia-smi`, Xid errors in `dmesg`) or in MIG mode also stays out of Ollama's list."], None


def _hidden_by_visible_devices(server: OllamaServer, cvd: str) -> tuple[list[str], FixRequest | None]:
    o, platform_kind = server.facts, server.platform_kind
    every = ",".join(g.uuid for g in server.inventory.gpus if g.uuid)
    runs = "Ollama runs" if platform_kind == "windows" else (
        "The Ollama service runs" if o.log.from_service else "The Ollama server runs")
    sentences = [f"{runs} with CUDA_VISIBLE_DEVICES={cvd}, which hides the others from it.",
                 where_settings_go(platform_kind, o.log),
                 "To give it every GPU, remove the variable or list all GPUs by UUID (`nvidia-smi -L`); "
                 "Ollama's docs/gpu.md recommends UUIDs because numeric IDs may be ordered differently."]
    if platform_kind == "windows":
        return sentences, windows_user_env("CUDA_VISIBLE_DEVICES", restart_ollama=True)
    return sentences, fix_for(platform_kind, o.log, "CUDA_VISIBLE_DEVICES", every)


def _what_discovery_logged(failures) -> list[str]:
    sentences = [f"Ollama logged: {p.message}" for p in failures]
    reasons = {p.reason for p in failures}
    if "cuda-init" in reasons:
        sentences.append("CUDA could not initialise. After a driver update, reboot; after suspend and resume, "
                         "reload the UVM driver (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`, from "
                         "Ollama's docs/gpu.md).")
    if "gpu-too-old" in reasons:
        sentences.append("Ollama needs NVIDIA compute capability 5.0 or newer (docs/gpu.md), and its CUDA 13 "
                         "build drops GPUs older than 7.5.")
    return sentences


# -- without the machine's GPU list -------------------------------------------------------------------------
def _visible_without_inventory(server: OllamaServer, gap):
    """Without the machine's GPU list, what the log already says: GPU discovery that failed with no GPU found
    after it, or a CUDA_VISIBLE_DEVICES that leaves out GPU 0, are problems on any machine (warnings, with their
    condition); anything else is unknown."""
    o, failed = server.facts, server.discovery_failures
    # Ollama lists the CPU as an `inference compute` device of its own when it found no GPU: that is no GPU found.
    found_gpu = any(d.library.lower() != "cpu" for d in o.log.discovered) or bool(o.log.runner_devices)
    warned = bool(failed) and not found_gpu
    if warned:
        yield warn(f"{who(o, server.platform_kind)} could not use the GPUs when it logged: {failed[-1].message}. "
                   "Unless a later line of its log found them, it runs every model on the CPU.",
                   *[f"Ollama logged: {p.message}" for p in failed[-3:-1]],
                   f"`{gap.shown_by}` shows whether the driver sees the GPUs, and its version (Ollama's "
                   "docs/troubleshooting.md and docs/gpu.md list the causes: a driver too old, nvidia_uvm not loaded "
                   "after suspend, a container without GPU access).",
                   evidence={"problems": [p.message for p in failed], "condition": "the machine's GPU list was not seen",
                             "shown_by": gap.shown_by})
    cvd, cvd_source = server.visible_devices
    shown = hidden_whatever_the_count(cvd) if cvd else None
    if shown is None:
        if not warned:
            yield unknown(gap, "which of the machine's GPUs Ollama can use")
        return
    yield warn(f"{who(o, server.platform_kind)} sees only {gpu_list(shown)}: its environment sets "
               f"CUDA_VISIBLE_DEVICES={cvd} ({cvd_source}); if this machine has more GPUs, they are hidden from Ollama.",
               f"GPU 0 is left out, so at least one GPU is hidden (or none is usable, where {gpu_list(shown)} does "
               f"not exist). `{gap.shown_by}` shows how many GPUs the machine has.", _settings_place(server),
               "To give it every GPU, remove the variable, or list every GPU by UUID.",
               evidence={"CUDA_VISIBLE_DEVICES": cvd, "read_from": cvd_source, "visible": list(shown),
                         "condition": "the machine's GPU list was not seen", "shown_by": gap.shown_by})
