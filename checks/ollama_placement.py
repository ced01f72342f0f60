"""ollama.placement: where Ollama put the last model it loaded, and why a second GPU is idle (or not); a
judgement over the model of the server (gpudoctor/ollama/server.py)."""

from __future__ import annotations

from gpudoctor.checks.ollama_advice import (
    OLLAMA_FIXES,
    SCHEDULER_SOURCE,
    and_list,
    fix_for,
    gib,
    gpu_name,
    memory_advice,
    memory_fix,
    model_name,
    unusable_log,
    where_settings_go,
)
from gpudoctor.knowledge.ollama_versions import SETTINGS, reads, scheduler
from gpudoctor.model import check, fail, ok, skip, warn
from gpudoctor.ollama.server import OllamaServer, fewest_gpus, index_of


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
    unusable = unusable_log(o)
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
    if load.gpu_count is None:
        yield skip("The log does not show how the last model was placed.", evidence={"source": o.log.source})
        return
    yield _placement(OllamaServer.of(facts, inventory), load)


def _placement(server: OllamaServer, load):
    """The finding for a load the log shows placed on `load.gpu_count` GPUs."""
    over = server.overcommitted()
    if over:
        return _overcommit_finding(server, load, over)
    used = load.gpu_count
    if used == 0:
        return warn(f"{model_name(server.facts)} runs entirely on the CPU: no layer went to a GPU.",
                    "See ollama.gpus for the GPUs Ollama found and ollama.errors for failed loads.",
                    evidence={"layers": f"{load.layers_offloaded}/{load.layers_total}"})
    if used == 1:
        return _one_gpu(server, load)
    needed = fewest_gpus(load)
    if needed is not None and used > needed:
        return _spread_wider(server, load, used, needed)
    if load.fully_offloaded is False:
        return _split_and_on_cpu(server, load, used)
    reason = ("because OLLAMA_SCHED_SPREAD is on" if server.spread
              else "because it does not fit in one GPU's free memory")
    return ok(f"{model_name(server.facts)} is split over {used} GPUs ({_split_text(load, server.inventory)}) {reason}.",
              "Ollama spreads a model over several GPUs only when it needs to, or when OLLAMA_SCHED_SPREAD is on "
              f"({SCHEDULER_SOURCE}).",
              evidence={"gpus_used": used, "split": list(load.layer_split or load.tensor_split),
                        "layers": f"{load.layers_offloaded}/{load.layers_total}"})


def _one_gpu(server: OllamaServer, load):
    used_indices = server.used_indices
    used_index = used_indices[0] if used_indices else None
    matched = server.found_at_startup
    seen_by_ollama = [i for i, found in matched.items() if found is not None]
    if load.fully_offloaded is False:
        return _partly_on_cpu(server, load, used_index)
    if server.log.discovery_seen and len(seen_by_ollama) < 2:
        return warn(f"{model_name(server.facts)} uses one GPU because Ollama sees only one (see ollama.gpus).",
                    evidence={"gpu_used": used_index, "discovered": seen_by_ollama})
    idle = None if used_index is None else [
        i for i in (seen_by_ollama if server.log.discovery_seen else matched) if i != used_index]
    return _idle_by_design(server, load, used_index, idle)


# -- wording -----------------------------------------------------------------------------------------------
def _split_text(load, inventory) -> str:
    split = load.layer_split or load.tensor_split
    if load.gpu_ids and len(load.gpu_ids) == len([n for n in split if n > 0]):
        parts = []
        for gpu_id, layers in zip(load.gpu_ids, [n for n in split if n > 0], strict=True):
            index = index_of(inventory, gpu_id)
            parts.append(f"{layers} layers on {gpu_name(inventory, index) if index is not None else gpu_id}")
        return ", ".join(parts)
    return "/".join(str(n) for n in split) + " layers" if split else "layers"


def _others_text(inventory, idle: list[int] | None, count: int) -> tuple[str, str]:
    """('GPU 1 is' | 'GPUs 1 and 2 are' | 'the other GPU is', 'both' | 'all of them')."""
    scope = "both" if count == 2 else "all of them"
    if idle is None:
        return ("the other GPU is" if count == 2 else f"the other {count - 1} GPUs are"), scope
    if len(idle) == 1:
        return f"GPU {idle[0]} is", scope
    return f"GPUs {and_list([str(i) for i in idle])} are", scope


def _fit_numbers(load) -> str:
    """'it needs 6.5 GiB and GPU 0 had 23.3 GiB free' from memory.required.full and memory.available."""
    if load.required_full is None or not load.available:
        return ""
    return (f" (memory.required.full {gib(load.required_full)} against {gib(max(load.available))} free on the card "
            "it chose, from the log's offload line)")


# -- the findings ------------------------------------------------------------------------------------------
def _idle_by_design(server: OllamaServer, load, used_index, idle):
    o, inventory = server.facts, server.inventory
    where = f"GPU {used_index}" if used_index is not None else "one GPU"
    rest, scope = _others_text(inventory, idle, len(inventory.gpus))
    version = server.version
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
        return warn(f"{model_name(o)} fits on {where}, so {rest} idle by design; this Ollama ({version}) cannot "
                    f"be told to spread it: OLLAMA_SCHED_SPREAD arrived in {span.first} ({span.source}).",
                    why, "Update Ollama to use OLLAMA_SCHED_SPREAD=1.", trade, evidence=evidence)
    place = " in the container (-e)" if o.log.from_container else (" in the service" if o.log.from_service else "")
    return warn(
        f"{model_name(o)} fits on {where}, so {rest} idle by design; set OLLAMA_SCHED_SPREAD=1{place} to use {scope}.",
        why, "OLLAMA_SCHED_SPREAD=1 makes Ollama spread every model over all GPUs (\"Always schedule model across "
        "all GPUs\", envconfig/config.go).", trade, where_settings_go(server.platform_kind, o.log),
        evidence=evidence, fix=fix_for(server.platform_kind, o.log, "OLLAMA_SCHED_SPREAD", "1"),
    )


def _partly_on_cpu(server: OllamaServer, load, used_index):
    inventory = server.inventory
    where = f"GPU {used_index}" if used_index is not None else "one GPU"
    others = [g.index for g in inventory.gpus if g.index != used_index]
    matched = server.found_at_startup
    hidden = [i for i, found in matched.items() if found is None] if server.log.discovery_seen else []
    reason = _why_others_hold_none(server, load, others, hidden)
    rest = _others_text(inventory, others if used_index is not None else None, len(inventory.gpus))[0]
    return warn(f"{model_name(server.facts)} runs partly on the CPU ({load.layers_offloaded}/{load.layers_total} "
                f"layers on {where}), and {rest.replace(' is', ' holds').replace(' are', ' hold')} none of it.", reason,
                evidence={"layers": f"{load.layers_offloaded}/{load.layers_total}", "gpu_used": used_index,
                          "not_discovered": hidden})


def _why_others_hold_none(server: OllamaServer, load, others: list[int], hidden: list[int]) -> str:
    inventory, matched = server.inventory, server.found_at_startup
    variants = {found.variant for found in matched.values() if found is not None and found.variant}
    if hidden:
        return f"Ollama does not see {and_list([gpu_name(inventory, i) for i in hidden])} (see ollama.gpus)."
    if len(variants) > 1:
        return (f"Ollama found the GPUs through different CUDA builds ({and_list(sorted(variants))}) and splits a "
                "model only over GPUs of one build.")
    if len(load.available) > 1:
        free = [f"{gib(free)} free on CUDA device {p}" for p, free in enumerate(load.available)
                if p >= len(load.layer_split) or load.layer_split[p] == 0]
        return (f"The load considered {len(load.available)} GPUs ({', '.join(gib(a) for a in load.available)} free, "
                f"memory.available) and put no layer on the one with {and_list(free)}: a GPU needs room for the "
                "compute graph and at least a few layers before Ollama uses it. " + memory_advice(server, load)[0])
    return ("The other GPUs did not have enough free memory when the model was loaded: "
            + "; ".join(f"{gpu_name(inventory, i)} had {gib(matched[i].available)} free at start-up"
                        for i in others if matched.get(i)) + ".")


def _spread_wider(server: OllamaServer, load, used, needed):
    inventory, log = server.inventory, server.log
    keep = [g.uuid for g in inventory.gpus[:needed] if g.uuid]
    spread = server.spread
    why = ("OLLAMA_SCHED_SPREAD is on, so Ollama spreads every model over all GPUs it can see."
           if spread else
           "This Ollama version falls back from one GPU to all of them at once (pickBestFitGPUs in "
           f"{SCHEDULER_SOURCE}); newer versions pick the fewest GPUs that hold the model.")
    return warn(
        f"{model_name(server.facts)} is split over {used} GPUs ({_split_text(load, inventory)}), though about {needed} "
        "would hold it.",
        why,
        "Each token passes every GPU in turn, so more GPUs than needed only add transfers. To keep Ollama on "
        "fewer GPUs, set CUDA_VISIBLE_DEVICES for the server to the UUIDs of the GPUs it may use "
        f"(`nvidia-smi -L`); the fix allows {and_list([f'GPU {g.index}' for g in inventory.gpus[:needed]])}"
        + (", and turning OLLAMA_SCHED_SPREAD off lets Ollama choose the fewest itself." if spread else "."),
        where_settings_go(server.platform_kind, log),
        evidence={"gpus_used": used, "fewest_needed": needed, "split": list(load.layer_split or load.tensor_split),
                  "allocations": list(load.allocations), "OLLAMA_SCHED_SPREAD": spread},
        fix=fix_for(server.platform_kind, log, "CUDA_VISIBLE_DEVICES", ",".join(keep)),
    )


def _split_and_on_cpu(server: OllamaServer, load, used):
    return warn(f"{model_name(server.facts)} is split over {used} GPUs ({_split_text(load, server.inventory)}) and "
                f"still runs partly on the CPU ({load.layers_offloaded}/{load.layers_total} layers on GPUs).",
                "The model with its context is larger than the free memory of all GPUs together"
                + (f" (memory.required.full {gib(load.required_full)}, of which the context's KV cache "
                   f"{gib(load.required_kv)}, against {gib(sum(load.available))} free)"
                   if load.required_full and load.required_kv and load.available else "")
                + ": " + memory_advice(server, load)[0].replace("Turn down what the load asks for: ", "turn down "),
                evidence={"gpus_used": used, "layers": f"{load.layers_offloaded}/{load.layers_total}"})


def _overcommit_finding(server: OllamaServer, load, over):
    inventory = server.inventory
    position, index, asked, free, total = max(over, key=lambda item: item.asked - (item.total or item.free))
    card = gpu_name(inventory, index) if index is not None else f"CUDA device {position}"
    beyond_total = total is not None and asked > total
    summary = (f"The last load over-commits {card}: Ollama's split asks it for {gib(asked)}, more than the "
               f"{gib(total)} the card has in total." if beyond_total else
               f"The last load asks {card} for {gib(asked)}, more than the {gib(free)} it had free.")
    advice, fix = memory_advice(server, load)
    numbers = ", ".join(f"device {p}: {gib(a)} asked, {gib(f)} free" for p, _i, a, f, _t in over)
    return (fail if beyond_total else warn)(
        summary, f"From the offload line: memory.required.allocations against memory.available ({numbers}); the "
        "device numbers are the runner's, in the order of that line.", advice,
        evidence={"position": position, "gpu": index, "asked": asked, "free": free, "total": total,
                  "allocations": list(load.allocations), "available": list(load.available),
                  "layers.requested": load.layers_requested},
        fix=memory_fix(server, fix))
