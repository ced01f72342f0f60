"""ollama.errors: the model loads that failed since the Ollama server last started, read through the signature
catalogue (gpudoctor/ollama/messages.py); a judgement over the model of the server (gpudoctor/ollama/server.py)."""

from __future__ import annotations

from gpudoctor.checks.ollama_advice import OLLAMA_FIXES, and_list, gib, gpu_name, memory_advice, memory_fix, unusable_log
from gpudoctor.model import check, fail, ok
from gpudoctor.ollama.server import OllamaServer


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
    unusable = unusable_log(o)
    if unusable:
        yield unusable
        return
    # the GPU list only tells an allocation larger than the whole card
    server = OllamaServer.of(facts, facts.seen("gpus"))
    evidence = {"source": o.log.source, "problems": [{"kind": p.kind, "message": p.message, "device": p.device}
                                                     for p in o.log.problems]}
    if server.allocation_beyond_card():
        yield _beyond_card(server, evidence)
    elif server.out_of_memory:
        yield _out_of_memory(server, evidence)
    elif server.runner_crashes:
        yield fail("A model runner crashed since Ollama started.",
                   *[f"Ollama logged: {p.message}" for p in server.runner_crashes[-3:]], evidence=evidence)
    else:
        yield ok(f"No failed model load since Ollama last started (read from {o.log.source}).", evidence=evidence)


def _beyond_card(server: OllamaServer, evidence: dict):
    position, index, asked, _free, total = server.allocation_beyond_card()
    card = gpu_name(server.inventory, index)
    advice, fix = memory_advice(server, server.last_load)
    return fail(f"A model load asked CUDA device {position}, {card}, for {gib(asked)} in one allocation: more than "
                f"the {gib(total)} the card has in total, so the split Ollama chose over-commits it.",
                *[f"Ollama logged: {p.message}" for p in server.out_of_memory[-2:]],
                "No amount of freeing VRAM makes this fit: the load must put fewer layers on that card.", advice,
                evidence={**evidence, "device": position, "gpu": index, "asked": asked, "total": total},
                fix=memory_fix(server, fix))


def _out_of_memory(server: OllamaServer, evidence: dict):
    oom = server.out_of_memory
    devices = sorted({p.device for p in oom if p.device is not None})
    on = f" on CUDA device {and_list([str(d) for d in devices])}" if devices else ""
    advice, fix = memory_advice(server, server.last_load)
    return fail(f"A model load ran out of GPU memory{on}.",
                *[f"Ollama logged: {p.message}" for p in oom[-3:]],
                "Ollama's estimate of the memory a model needs fell short (ollama.placement shows the split).",
                advice,
                "The CUDA device numbers are the runner's own, counted among the GPUs Ollama gave it.",
                evidence=evidence, fix=memory_fix(server, fix))
