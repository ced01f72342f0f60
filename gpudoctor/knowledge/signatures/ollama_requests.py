"""Refusals of what was asked rather than of the GPU: an embedding input longer than its context, a full request queue,
a split GGUF loaded by a part other than its first, a full context a model cannot shift; and the GPU code an Ollama
release lacks, as its own log shows it.

Written blind for issue 25 (thirteenth wave). Ollama's embed API (server/routes.go, llm/llama_server.go) answers 400
when an input holds more tokens than the embedding model's context and the request did not ask to truncate it: "input
length exceeds maximum context length" (0.3.x), "the input length exceeds the context length" (its llama.cpp runner's
wording, and routes.go since), "input after truncation exceeds maximum context length" and "input exceeds maximum
context length and cannot be truncated further" (2025-2026 releases). RAG front ends (n8n, Open WebUI, open-notebook,
LangChain's OllamaEmbeddings) meet it when their chunks are larger than the embedding model's num_ctx (2048 for
nomic-embed-text by default). The scheduler (server/sched.go) answers 503 "server busy, please try again.  maximum
pending requests exceeded" (ErrMaxQueue) once more requests wait than OLLAMA_MAX_QUEUE holds (512 since 0.1.34,
ollama#4144; 10 in 0.1.33). llama.cpp's model loader (src/llama-model-loader.cpp) opens a model published in parts
(name-00001-of-00003.gguf) only from its first part and finds the others by name beside it: "illegal split file: N,
model must be loaded with the first split" (2024), "illegal split file idx: N (file: F), model must be loaded with the
first split" (since), and "invalid split file: F" where the file says it is a split but its name is none (parts joined
with cat keep the first part's split header). When a conversation fills the context, llama.cpp shifts the KV cache
to go on; models whose cache cannot be shifted abort there ("Deepseek2 does not support K-shift", 2024; "The current
KV cache / model configuration does not support K-shift" since). ggml's "no kernel image is available" in Ollama's
own log is Ollama's CUDA build lacking the GPU's architecture (0.11.x for Pascal, ollama#12316), whose fix is another
Ollama release, not another wheel.
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
    Signature(
        code="ollama.gguf-split-part-loaded",
        cause_id="gguf-split-part-loaded",
        kinds=("any",),
        patterns=(r"\bmodel must be loaded with the first split\b",
                  r"error loading model: invalid split file: (?P<file>\S{1,300})"),
        severity="fail",
        cause=("The model is a split GGUF (name-00001-of-0000N.gguf and its other parts), and llama.cpp was given a "
               "part other than the first, or the parts joined with cat, which it refuses: it loads a split model only "
               "from its first part and finds the others by their names beside it."),
        advice=("Point llama.cpp (or the app on it) at the first part, the file named ...-00001-of-0000N.gguf, with "
                "every other part downloaded into the same folder under its original name; do not join the parts with "
                "cat. Where one file is needed (an older Ollama's `ollama create`), merge them with "
                "`llama-gguf-split --merge name-00001-of-0000N.gguf merged.gguf`."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ggml-org/llama.cpp/blob/master/src/llama-model-loader.cpp",
                 "https://github.com/lemonade-sdk/lemonade/issues/499",
                 "https://github.com/ggml-org/llama.cpp/issues/9613"),
        checked="2026-11-26",
        examples=("ollama/lemonade-499-illegal-split-file-idx-third-part.txt",
                  "ollama/llamacpp-9613-invalid-split-file-cat-joined.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-k-shift-unsupported",
        cause_id="context-window-exceeded",
        kinds=("any",),
        # GGML_ABORT("Deepseek2 does not support K-shift") in llama.cpp's K-shift (2024 builds, Ollama's runner and
        # the forks on them), and the newer llama_context's refusal for any model whose cache cannot be shifted
        patterns=(r"\b(?P<arch>\w{2,40}) does not support K-shift\b",
                  r"KV cache / model configuration does not support K-shift"),
        severity="fail",
        cause=("The conversation filled the model's context, so llama.cpp tried to shift its KV cache to go on (context "
               "shift), which this model cannot do (DeepSeek2's compressed attention, M-RoPE vision models), and "
               "it aborted: the context is too small for the prompt and the reply."),
        advice=("Keep the prompt and the reply within the context: load a larger context (llama-server -c / "
                "--ctx-size, which --parallel N splits into N slots; Ollama num_ctx), cap the reply (-n / --n-predict, "
                "max_tokens, num_predict), or start llama-server with context shift off (--no-context-shift; the "
                "default in releases since August 2025, which end the reply at the context instead of aborting)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/8862", "https://github.com/ggml-org/llama.cpp/issues/10380",
                 "https://github.com/ggml-org/llama.cpp/pull/13577"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-8862-deepseek2-k-shift-parallel-stress.txt",
                  "ollama/llamacpp-10380-deepseek2-k-shift-long-response.txt"),
    ),
    Signature(
        code="ollama.server-log-no-kernel-image",
        # In Ollama's own log the GPU code is Ollama's build, not a wheel to swap: the release is what to change.
        contexts=("ollama-log",),
        refines=("cuda.no-kernel-image",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        patterns=(r"no kernel image is available for execution on the device",),  # cuda.no-kernel-image's words
        severity="fail",
        cause=("The CUDA backend of this Ollama release has no kernels for this GPU's compute capability: a release "
               "whose build left it out (0.11.x for Pascal GTX 10xx cards, restored in 0.12.0), a GPU newer than the "
               "release (an RTX 50 series card before 0.7), or one older than Ollama's CUDA builds cover."),
        advice=("Update Ollama to the newest release (Linux: `curl -fsSL https://ollama.com/install.sh | sh`; Windows "
                "and macOS: the app's update or the download page; Docker: pull the current ollama/ollama image) and "
                "restart it; where an update brought the error, the previous release works meanwhile. If the newest "
                "release still fails, compare `nvidia-smi --query-gpu=compute_cap --format=csv` with the compute "
                "capabilities Ollama's docs/gpu.md lists."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "pip install torch"),
        sources=("https://github.com/ollama/ollama/issues/12316", "https://github.com/ollama/ollama/blob/main/docs/gpu.md"),
        checked="2026-11-26",
        examples=("ollama/ollama-12316-gtx1080-no-kernel-image-0-11.txt",),
    ),
)
