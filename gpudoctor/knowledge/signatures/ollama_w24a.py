"""Issue 25, twenty-fourth wave (w24a): Ollama's refusal for memory, as clients and people quote it.

Ollama refuses to load a model whose load needs more memory than is free with "model requires more system memory (X
GiB) than is available (Y GiB)"; ollama.system-memory-too-small reads it with its figures. Editor and agent clients
(Cline, Kilo Code, Roo Code, Continue) show it cut short ("model requires more system memory [...] than is available
[...]"), and people put it in a title in quotes without the figures. What the load needs is the weights not on the GPU
plus the KV cache and compute graph for the context the request asks for; these clients ask for the model's whole
trained context (262144 tokens for qwen3-coder) unless told otherwise, so the figure is several times the model's size
("the model is 18GB ... it thinks the model is 74GB"). The threads settle on a smaller context (num_ctx in the
client's model settings or a Modelfile, OLLAMA_CONTEXT_LENGTH on the server), then a smaller model.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

OLLAMA_CONTEXT_DOCS = "https://docs.ollama.com/context-length"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.system-memory-refusal-quoted",
        cause_id="ollama-oom",
        kinds=("any",),
        # Ollama's refusal (llm/server.go) without its two figures: a client's shortened quote or a title. With the
        # figures it is ollama.system-memory-too-small's line.
        patterns=(r"model requires more system memory(?! \([\d.]{1,8} ?[KMGT]?i?B\) than is available \([\d.]{1,8} ?"
                  r"[KMGT]?i?B\))",),
        severity="fail",
        cause=("Ollama refused to load the model: the memory it computed for the load (the weights that do not fit on "
               "the GPU plus the KV cache and compute graph for the context asked for) is more than the free RAM. "
               "Clients such as Cline, Kilo Code, Roo Code or Continue ask for the model's whole context window "
               "(up to 262144 tokens) unless set, which makes that figure several times the model's size."),
        advice=("Ask for a smaller context: set num_ctx (e.g. 32768, or what the work needs) in the client's model "
                "settings or a Modelfile (`PARAMETER num_ctx 32768`, then `ollama create`), or OLLAMA_CONTEXT_LENGTH in "
                "the Ollama server's environment, and restart the load; if it still does not fit, run a smaller model "
                "or quantisation. `ollama ps` shows the size and context as loaded."),
        action="configure",
        rules_out=("a driver fault", "a GPU that Ollama did not find"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Kilo-Org/kilocode/issues/1854", OLLAMA_CONTEXT_DOCS,
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-27",
        examples=("ollama/kilocode-1854-system-memory-model-context-262k.txt",),
    ),
)
