"""Ollama's refusals of the requests themselves: an embedding input longer than its context, a full request queue.

Written blind for issue 25 (thirteenth wave). Ollama's embed API (server/routes.go, llm/llama_server.go) answers 400
when an input holds more tokens than the embedding model's context and the request did not ask to truncate it: "input
length exceeds maximum context length" (0.3.x), "the input length exceeds the context length" (its llama.cpp runner's
wording, and routes.go since), "input after truncation exceeds maximum context length" and "input exceeds maximum
context length and cannot be truncated further" (2025-2026 releases). RAG front ends (n8n, Open WebUI, open-notebook,
LangChain's OllamaEmbeddings) meet it when their chunks are larger than the embedding model's num_ctx (2048 for
nomic-embed-text by default). The scheduler (server/sched.go) answers 503 "server busy, please try again.  maximum
pending requests exceeded" (ErrMaxQueue) once more requests wait than OLLAMA_MAX_QUEUE holds (512 since 0.1.34,
ollama#4144; 10 in 0.1.33).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

REQUEST_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.embed-input-exceeds-context",
        cause_id="context-window-exceeded",
        kinds=("any",),
        patterns=(
            r"\binput length exceeds (?:the|maximum) context length\b",
            r"\binput after truncation exceeds maximum context length\b",
            r"\binput exceeds maximum context length and cannot be truncated\b",
        ),
        severity="fail",
        cause=("Ollama refused an embedding (or prompt) input that holds more tokens than the model's context "
               "(num_ctx; 2048 by default for nomic-embed-text), and the request did not let it truncate the input: "
               "the client's chunks are too large for the embedding model, nothing is wrong with the GPU."),
        advice=("Make each input fit the embedding model's context: split documents into smaller chunks (a smaller "
                "chunk size in the text splitter of n8n, Open WebUI or LangChain, counted in tokens, not characters), "
                "or raise num_ctx in the request's options (`\"options\": {\"num_ctx\": 8192}`, up to the model's "
                "trained context), or send `\"truncate\": true` to /api/embed so Ollama cuts the input."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("ollama>=0.3.0",),
        sources=("https://github.com/ollama/ollama/blob/main/server/routes.go",
                 "https://github.com/n8n-io/n8n/issues/11144",
                 "https://github.com/nano-step/nano-brain/issues/180",
                 "https://github.com/Crosstalk-Solutions/project-nomad/issues/762"),
        checked="2026-11-26",
        examples=("ollama/n8n-11144-embeddings-input-length-exceeds-context.txt",
                  "ollama/nano-brain-180-embed-queue-chunk-too-long.txt",
                  "ollama/project-nomad-762-embed-nomic-num-ctx-2048.txt"),
    ),
    Signature(
        code="ollama.request-queue-full",
        cause_id="ollama-request-queue-full",
        kinds=("any",),
        # ErrMaxQueue in server/sched.go; its two spaces after "again." are often pasted as one or a line break, so
        # the stable words are the second sentence's
        patterns=(r"\bmaximum pending requests exceeded\b",),
        severity="fail",
        cause=("More requests were waiting for the Ollama server than its queue holds (OLLAMA_MAX_QUEUE: 512 by "
               "default, 10 before 0.1.34), so it answered 503 'server busy' to the rest: the client sends too "
               "many requests at once."),
        advice=("Send fewer requests at once: limit the client's concurrency (a semaphore, a smaller batch or "
                "concurrent_requests setting, one /api/embed call with a list of inputs instead of one call per "
                "chunk) and retry 503 answers after a pause; or raise the queue on the server "
                "(`OLLAMA_MAX_QUEUE=2048` in the service's environment, `systemctl edit ollama`) and, where VRAM "
                "allows, OLLAMA_NUM_PARALLEL. An Ollama older than 0.1.34 queues only 10: update it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        versions=("ollama>=0.1.33",),
        sources=("https://github.com/ollama/ollama/pull/4144", "https://github.com/ollama/ollama/issues/4124",
                 "https://github.com/ollama/ollama/issues/4159"),
        checked="2026-11-26",
        examples=("ollama/ollama-4159-server-busy-max-pending-requests.txt",),
    ),
)
