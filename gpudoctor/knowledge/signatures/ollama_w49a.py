"""Issue 25, w49a: clients that call Ollama at the wrong path, num_gpu taken for a GPU count, Vulkan past
CUDA_VISIBLE_DEVICES, and a model larger than the machine's memory in a person's words.

- A request to Ollama's port on a path the server does not serve, with the 404 it got: an OpenAI-compatible client
  given the bare server address posts to /chat/completions (Plush-for-ComfyUI#152, ApplyPilot#26, llmcord#56), a
  provider given http://HOST:11434 calls /chat (ollama-ai-provider#35), a base URL with /v1 in front of the native
  route asks for /v1/api/chat (continue#882). Ollama serves /api/... and /v1/...; anything else is "404 page not
  found" (gin's default body) or "url not found" in the client's words.
- A base URL given as a whole endpoint ("the API Base URL is http://localhost:11434/api/chat", "I try to use url
  ... http://localhost:11434/api/chat but this is not working"): the client appends its own path to it (sonobarr#40,
  where it became .../api/chat/chat/completion; foundry-dev-tools#114, whose client needs .../v1/chat/completions).
- num_gpu taken for a number of GPUs: it is the number of layers Ollama offloads, so num_gpu=1 (an app's default, a
  script's options, Spring AI's `.numGPU(1)`) puts one layer on the GPU and the rest on the CPU (ollama-python#603,
  the user's own finding; ollama#10579, where `.numGPU(49)` fixed it; ollama#4251, the maintainer's diagnosis).
- CUDA_VISIBLE_DEVICES said not to work where the Vulkan backend runs: Vulkan enumerates the GPUs itself
  (llama.cpp#5259: GGML_VK_VISIBLE_DEVICES, formerly GGML_VULKAN_DEVICE; Ollama 0.12 and later: OLLAMA_VULKAN=0).
- "Ollama says I need 33.6 GB of 30.5 GB ram" (ollama#7013): Ollama's refusal of a model larger than free memory
  plus swap, told in a person's words; a larger swap file or a smaller model (the maintainer).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
OPENAI_DOC = "https://github.com/ollama/ollama/blob/main/docs/openai.md"
API_DOC = "https://github.com/ollama/ollama/blob/main/docs/api.md"
_NO_DRIVER_STEP = ("reinstall the driver", "update the driver", "reinstall CUDA")

# Paths under Ollama's port that no Ollama release serves (server/routes.go: /api/... and /v1/... only): an
# OpenAI-compatible route without /v1 (/chat/completions, /completions, /embeddings), the native one without
# /api (/chat), /v1 and /api stacked (/v1/api/chat, /api/v1/chat), a client's path appended to a whole endpoint
# (/api/chat/chat/completions), and a base URL's trailing slash doubled (//api/chat). One pattern each, so that each
# holds a literal of its own for the prefilter.
_UNSERVED_PATHS = (r"/(?:chat/)?completions\b", r"/v1/api/\w", r"/api/v1/\w", r"/api/chat/[\w/]", r"/api/generate/[\w/]",
                   r"//api/", r"//v1/", r"/chat\b(?![/\w])", r"/embeddings?\b")
_REST = r"[^\s\"'`)\],]{0,80}"
# The server's refusal, as the client prints it: "404 page not found", "HTTP/1.1 404 Not Found", "url not found"
_NOT_FOUND = r"(?:\b404\b|[Nn]ot [Ff]ound|NOT FOUND)"
# A failure in the same sentence as a configured URL: the 404, "not working", "tries to connect to" (another URL)
_FAILS = (r"(?:\b404\b|[Nn]ot [Ff]ound|not work|n't work|does not work|[Ee]rror|[Ff]ail|tries to (?:connect|call|reach)|"
          r"trying to (?:connect|call|reach))")
# Words that put a URL in a client's configuration, not in a request log ("for url '...'" is httpx's report of a
# request, read by the request rows)
_CONFIG_URL = (r"(?:[Bb]ase[ _-]?(?:[Uu]rl|URL)|baseURL|baseUrl|[Aa]pi[ _-]?[Bb]ase|apiBase|api_base|OLLAMA_(?:HOST|"
               r"BASE_URL|API_BASE|URL)|[Ee]ndpoint|\b(?:use|using|set|enter|entered|put|configured?)\b[^\n]{0,24}?"
               r"\b(?:url|URL)\b)")
_ENDPOINT = r"https?://[\w.\[\]<>-]{1,80}:11434/(?:api/(?:chat|generate|embed)|v1/chat/completions|chat/completions)\b"

# num_gpu as clients spell it (Ollama's option and Modelfile PARAMETER, LangChain's num_gpu, Spring AI's and the JS
# client's numGPU), and a person's words that it counts layers
_NUM_GPU_SPELLINGS = (r"\bnum_gpus?\b", r"\bnumGPU\b", r"\bnumGpu\b")
_LAYER_COUNT = (r"\b(?:number of layers|how many layers|(?:one|1|a single) layer\b|layers? (?:of the model )?(?:to|on|onto) "
                r"(?:the )?GPU)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.client-path-not-served-404",
        cause_id="ollama-client-wrong-endpoint",
        kinds=("any",),
        # the client's request log or error, the URL first ('POST http://127.0.0.1:11434/chat/completions "HTTP/1.1 404
        # Not Found"', "http://localhost:11434/v1/api/chat url not found"), or the 404 first ("404 Client Error: Not
        # Found for url: ...")
        patterns=tuple(r"https?://[\w.\[\]<>-]{1,80}:11434(?P<path>" + path + _REST + r")[^\n]{0,120}?" + _NOT_FOUND
                       for path in _UNSERVED_PATHS)
        + tuple(r"\b404\b[^\n]{0,120}?https?://[\w.\[\]<>-]{1,80}:11434(?P<path>" + path + _REST + r")"
                for path in _UNSERVED_PATHS),
        severity="fail",
        cause=("The client asked Ollama for {path}, a path no Ollama serves (its routes are /api/... and /v1/...), so "
               "every request gets 404: the base URL it was given does not match the API it speaks."),
        advice=("Fix the client's base URL, not the model: a client that speaks the OpenAI API (an 'OpenAI' or "
                "'OpenAI-compatible' provider, the openai library) needs http://HOST:11434/v1 and appends "
                "/chat/completions itself; one that speaks Ollama's own API (an 'Ollama' provider) needs the bare "
                "http://HOST:11434 (some, such as the AI SDK's ollama provider, want http://HOST:11434/api) and appends "
                "/api/chat. Never give a whole endpoint (/api/chat, /v1/chat/completions) as the base URL, nor a trailing "
                "slash (//api/...), and pick the provider that matches the URL. `curl http://HOST:11434/v1/models` and "
                "`curl http://HOST:11434/api/tags` answer JSON on a healthy server; if the right path still answers 404, "
                "the server predates it: `ollama --version`, then update Ollama."),
        action="configure",
        rules_out=("a GPU or driver fault", "a missing model"),
        never_suggest=_NO_DRIVER_STEP + ("ollama pull",),
        versions=("ollama>=0.1.24",),  # the /v1 OpenAI-compatible routes
        sources=("https://github.com/glibsonoran/Plush-for-ComfyUI/issues/152",
                 "https://github.com/sgomez/ollama-ai-provider/issues/35",
                 "https://github.com/continuedev/continue/issues/882", OPENAI_DOC, API_DOC),
        checked=CHECKED,
        examples=("ollama/continue-882-v1-api-chat-url-not-found-old-ollama.txt",
                  "ollama/plush-152-openai-client-chat-completions-404-no-v1.txt"),
    ),
    Signature(
        code="ollama.client-base-url-is-endpoint-described",
        described=True,
        cause_id="ollama-client-wrong-endpoint",
        kinds=("any",),
        patterns=(
            # "the API Base URL is http://localhost:11434/api/chat, but when I enter that it tries to connect to ...",
            # "I try to use url ... http://localhost:11434/api/chat but this is not working", "getting the same error
            # with base_url: http://localhost:11434/api/generate"
            r"^(?=[^\n]{0,500}?" + _FAILS + r")[^\n]{0,400}?" + _CONFIG_URL + r"[^\n]{0,60}?" + _ENDPOINT,
        ),
        severity="warn",
        cause=("The description suggests the client was given a whole Ollama endpoint (/api/chat, /api/generate, "
               "/v1/chat/completions) where it wants the base URL: it appends its own path to it, and Ollama answers 404 "
               "for the result."),
        advice=("Give the client a base URL, not an endpoint: a client that speaks Ollama's own API (an 'Ollama' "
                "provider, base_url in most Python libraries) wants the server's root, http://localhost:11434, and adds "
                "/api/chat itself; a client that speaks the OpenAI API (an OpenAI-compatible provider, the openai "
                "library, apps that ask for an 'API base') wants http://localhost:11434/v1 and adds /chat/completions. "
                "Only a field that asks for the full URL of the chat endpoint takes "
                "http://localhost:11434/v1/chat/completions."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("ollama pull",),
        sources=("https://github.com/Dodelidoo-Labs/sonobarr/issues/40",
                 "https://github.com/microsoft/foundry-dev-tools/issues/114", OPENAI_DOC),
        checked=CHECKED,
        examples=("ollama/sonobarr-40-base-url-api-chat-appended-chat-completions-prose-2.txt",
                  "ollama/foundrydevtools-114-ollama-url-api-chat-not-v1-prose.txt"),
    ),
    Signature(
        code="ollama.num-gpu-one-layer",
        cause_id="llama-cpp-gpu-layers-not-set",
        kinds=("any",),
        patterns=(
            # the option set to 1 in a client's code or config: Spring AI's `.numGPU(1)`, options {"num_gpu": 1},
            # num_gpu=1, `num_gpu: 1`, a Modelfile's `PARAMETER num_gpu 1`
            r"\.num(?:GPU|Gpu)\(\s?1\s?\)",
            r"[\"']num_gpu[\"']\s?:\s?1\b(?!\.)",
            r"(?<![\w.])num_gpu\s?[=:]\s?1\b(?![.\d])",
            r"PARAMETER\s{1,4}num_gpu\s{1,4}1\b(?![.\d])",
        ),
        refines=("ollama.ps-split-cpu-gpu",),  # the split `ollama ps` shows is the one layer this option allows
        refines_within=None,
        severity="warn",
        cause=("num_gpu is set to 1: in Ollama it is the number of layers to offload to the GPU, not the number of GPUs, "
               "so one layer runs on the GPU and the rest of the model on the CPU."),
        advice=("Remove num_gpu from the request options, the client's settings or the Modelfile, so that Ollama "
                "offloads all the layers that fit (the default), or set it to the model's layer count (`ollama show "
                "MODEL` lists block_count; 999 means all layers). To choose which GPUs Ollama uses, set CUDA_VISIBLE_DEVICES "
                "in the server's environment instead. `ollama ps` then reads 100% GPU for a model that fits."),
        action="configure",
        rules_out=("a GPU or driver fault", "a model too large for the GPU"),
        never_suggest=_NO_DRIVER_STEP,
        sources=("https://github.com/ollama/ollama-python/issues/603", "https://github.com/ollama/ollama/issues/10579",
                 "https://github.com/ollama/ollama/issues/4251",
                 "https://github.com/ollama/ollama/blob/main/docs/modelfile.md"),
        checked=CHECKED,
        examples=("ollama/ollama-10579-spring-numgpu-1-qwen3-80-percent-cpu.txt",),
    ),
    Signature(
        code="ollama.num-gpu-is-layers-described",
        described=True,
        cause_id="llama-cpp-gpu-layers-not-set",
        kinds=("any",),
        patterns=(
            # "num_gpu is actually the number of layers you want to move to the GPU", "num_gpu ... means ... only load
            # one layer", "set num_gpu to 1 ... how many layers": a person finding that the option counts layers (one
            # pattern per spelling, each keyed on it)
            *(r"^[^\n]{0,600}?" + spelling + r"[^\n]{0,600}?" + _LAYER_COUNT for spelling in _NUM_GPU_SPELLINGS),
            *(r"^[^\n]{0,600}?" + _LAYER_COUNT + r"[^\n]{0,600}?" + spelling for spelling in _NUM_GPU_SPELLINGS),
        ),
        severity="warn",
        cause=("The description suggests num_gpu was set as if it counted GPUs: Ollama takes it as the number of "
               "layers to offload, so a small value (1) leaves most of the model on the CPU."),
        advice=("Remove num_gpu from the request options or the app's settings (Ollama then offloads all the layers that "
                "fit), or set it to the model's layer count (999 for all layers); choose GPUs with CUDA_VISIBLE_DEVICES in the "
                "server's environment instead."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP,
        sources=("https://github.com/ollama/ollama-python/issues/603", "https://github.com/ollama/ollama/issues/4251"),
        checked=CHECKED,
        examples=("ollama/ollamapython-603-num-gpu-1-means-one-layer-most-on-cpu-prose.txt",),
    ),
    Signature(
        code="ollama.vulkan-past-cuda-visible-devices-described",
        described=True,
        cause_id="vulkan-backend-ignores-cuda-visible-devices",
        kinds=("any",),
        patterns=(
            # "trying vulkan, it picks the first card ... CUDA_VISIBLE_DEVICES obviously doesn't work", "with the Vulkan
            # backend CUDA_VISIBLE_DEVICES is ignored": the variable said not to work where Vulkan runs
            r"^(?=[^\n]{0,600}?\b(?:[Vv]ulkan|VULKAN)\b)[^\n]{0,600}?CUDA_VISIBLE_DEVICES[^\n]{0,60}?(?:"
            r"(?:doesn't|does not|didn't|did not|won't|isn't|is not|not being|not) (?:work|respected|honou?red|"
            r"applied|apply|take effect|have any effect)|(?:is |was |gets |being )?ignored|has no effect)",
        ),
        severity="warn",
        cause=("The description suggests the Vulkan backend is running: it finds the GPUs through Vulkan, not CUDA, so "
               "CUDA_VISIBLE_DEVICES does not restrict it and it uses (or picks) cards the variable was meant to hide."),
        advice=("Restrict the Vulkan backend with its own variable, GGML_VK_VISIBLE_DEVICES (indices as `vulkaninfo "
                "--summary` or llama.cpp's `--list-devices` number them; llama.cpp also takes --device), or turn it off "
                "where CUDA should do the work: for Ollama set OLLAMA_VULKAN=0 in the server's environment beside "
                "CUDA_VISIBLE_DEVICES (`sudo systemctl edit ollama`, then restart it)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP,
        sources=("https://github.com/ggml-org/llama.cpp/issues/5259", "https://github.com/ollama/ollama/issues/16592",
                 "https://github.com/ollama/ollama/blob/main/docs/gpu.md"),
        checked=CHECKED,
        examples=("ollama/llamacpp-5259-vulkan-picks-first-card-cuda-visible-devices-prose.txt",),
    ),
    Signature(
        code="ollama.model-needs-more-memory-described",
        described=True,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # "Ollama says I need 33.6 GB of 30.5 GB ram", "ollama requires 40 GB but only have 31.2 GB of RAM" (one
            # pattern per spelling of the name, the prefilter's key)
            *(r"^[^\n]{0,400}?\b" + name + r"\b[^\n]{0,300}?\b(?:need|needs|require|requires|requiring)\s"
              r"(?:about |around |over )?(?P<required>\d{1,4}(?:\.\d{1,2})?)\s?Gi?B (?:of |but (?:only )?(?:have |has )?)"
              r"(?:only )?(?P<available>\d{1,4}(?:\.\d{1,2})?)\s?Gi?B(?: of)?(?: (?:available|free|total))? ?"
              r"(?:system )?(?:RAM|ram|memory)\b" for name in ("Ollama",)),
        ),
        smaller=(("available", "required"),),
        severity="warn",
        cause=("The description suggests Ollama refused the model because it needs more memory ({required} GB) than the "
               "machine has free ({available} GB), counting RAM and swap for what does not fit the GPU."),
        advice=("Run a smaller model or quantization (or a smaller num_ctx) that fits; for a small shortfall close other "
                "programs or enlarge the swap file (page file on Windows), which Ollama counts, expecting it to run "
                "very slowly from swap."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP,
        sources=("https://github.com/ollama/ollama/issues/7013",),
        checked=CHECKED,
        examples=("ollama/ollama-7013-70b-needs-33-6-gb-of-30-5-gb-ram-swap.txt",),
    ),
)
