"""Issue 25, w30c: a person asking why Ollama runs a model partly on the CPU, in their own words.

`ollama ps` prints the split as "42%/58% CPU/GPU" (ollama.ps-split-cpu-gpu reads that line); people retell it as
"it shows 49% on cpu 51% on GPU", "half on cpu half on gpu", "running on both CPU and GPU", or say that Ollama "stops
using the GPU" once the model is bigger than the card's dedicated memory. The maintainers' answer is the same each time
(ollama/ollama#5749, #6529, #4531): Ollama loads as many layers as fit in the VRAM free at load time and runs the rest
on the CPU by design, so the GPU waits on the CPU; a model that fits runs on the GPU alone. The row is a description
(described=True, a warning), with cause id ollama-oom: TAXONOMY's tie-break (lab40) gives Ollama's partial offload
to ollama-oom, as most threads and rows do, and model-exceeds-vram-offloaded to applications that stream weights. A retold percentage
("49% on cpu 51% on GPU") holds no word rare enough for the prefilter ("llama" fills healthy Ollama logs), so the row
reads the words around it instead ("half on cpu half on gpu").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"


SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.cpu-gpu-split-described",
        described=True,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # "half on cpu half on gpu", "partly on the GPU and partly on the CPU"
            r"\b(?:[Hh]alf|[Pp]artly|[Pp]artially) (?:on|in) (?:the )?(?:CPU|cpu|GPU|gpu),? (?:and )?(?:[Hh]alf|[Pp]artly|"
            r"[Pp]artially) (?:on|in) (?:the )?(?:CPU|cpu|GPU|gpu)\b",
            # "Ollama is running on both CPU and GPU", "uses both the CPU and the GPU"
            r"\b(?:[Rr]uns?|[Rr]unning|[Uu]ses?|[Uu]sing|[Ss]plits?|[Ss]plitting|[Ll]oads?|[Ll]oading) (?:on |across |over )?"
            r"both (?:the )?(?:CPU|cpu|GPU|gpu) and (?:the )?(?:CPU|cpu|GPU|gpu)\b",
            # "once the graphics memory usage exceeded the dedicated graphics memory ... Ollama would stop using GPU"
            r"\bexceed(?:s|ed|ing)? (?:the )?dedicated (?:graphics |GPU |video )?(?:memory|VRAM)\b.{0,120}?\bstop(?:s|ped)? "
            r"using (?:the )?(?:GPU|gpu)\b",
            r"\bstop(?:s|ped)? using (?:the )?(?:GPU|gpu)\b.{0,120}?\b(?:exceed(?:s|ed|ing)?|more than|larger than|bigger "
            r"than) (?:the )?dedicated (?:graphics |GPU |video )?(?:memory|VRAM)\b",
        ),
        severity="warn",
        cause=("The description suggests a model (with its context) larger than the VRAM free when it loaded: Ollama "
               "keeps the layers that do not fit in system RAM and runs them on the CPU by design, so generation is "
               "several times slower and the GPU sits mostly idle waiting for the CPU; not a fault."),
        advice=("Confirm with `ollama ps` (PROCESSOR shows e.g. 42%/58% CPU/GPU). To run on the GPU alone the model "
                "must fit: use a smaller model or quantization (q4_K_M instead of q8_0), a smaller context (num_ctx / "
                "OLLAMA_CONTEXT_LENGTH), OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0, and free the VRAM "
                "that other programs hold (`nvidia-smi` lists them; `ollama stop MODEL` unloads other models), or add "
                "VRAM; otherwise the split is expected."),
        action="configure",
        rules_out=("a driver fault", "a GPU that Ollama did not find"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/5749", "https://github.com/ollama/ollama/issues/6529", FAQ),
        checked="2026-11-27",
        examples=("ollama/ollama-5749-ps-49-cpu-51-gpu-gpu-only.txt",
                  "ollama/ollama-6529-stops-using-gpu-beyond-dedicated-memory.txt"),
    ),
)
