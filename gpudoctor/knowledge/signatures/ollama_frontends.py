"""What the apps on Ollama and llama.cpp show when a request, a load, a pull or a build fails.

Written blind for issue 25 (eighth wave of row writers), for failure families the catalogue had not heard of:
- the server's refusals as front-ends pass them on: Ollama checks a request against the model's capabilities
  (server/images.go CheckCapabilities, server/routes.go) and answers 400 "<model> does not support tools" (completion
  as "generate" or "chat", insert, vision, embedding, thinking); it answers 403 to an origin OLLAMA_ORIGINS does not
  allow (browser extensions, Obsidian);
- an input longer than the loaded context (llama-cpp-python, llama-server, LM Studio), a GGML-era .bin given to a
  GGUF loader, a Vulkan loader with no driver (GPT4All), the DNS answer for the registry's blob storage;
- llama.cpp's build and tool changes that old tutorials and wrappers (Unsloth's GGUF export) still hit: CMake only,
  libcurl on by default, convert_hf_to_gguf.py, llama-* binaries under build/bin; and CMake with no C compiler.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_GPU = ("reinstall the driver", "update the driver", "lower num_ctx", "set num_gpu")

FRONTEND_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.model-lacks-capability",
        cause_id="ollama-model-capability",
        kinds=("any",),
        patterns=(
            # tools is the one people hit most (agents, Home Assistant, coding CLIs); a front-end may wrap the line
            # between the two words
            r"\bdoes not support\s{1,8}(?P<capability>tools)\b",
            # the other capabilities only where the server's message ends (a quote, the JSON's brace, a status
            # suffix or the line's end), not in other programs' prose ("does not support chat templates")
            r"\bdoes not support (?P<capability>generate|chat|insert|thinking|vision|embeddings?|completion|audio)"
            r"(?=\\?[\"'}]|\s{0,3}\(status|\.?\s*$)",
            # the wording of older servers (0.1.27) for `ollama run` of an embedding model
            r"embedding models do not support (?P<capability>chat|generate)\b",
            # an image sent to a text-only model: the server's "this model does not support image input" (the Anthropic
            # and OpenAI-compatible endpoints, with a "(ref: ...)" after it), "does not support images" (the app and
            # clients), and an image-generation request to a language model
            r"\b(?:[Mm]odel|[\w./-]{1,120}:[\w.-]{1,60}) does not support (?P<capability>image input|images|image generation)\b",
            # a front-end that wraps its error box between "support" and "tools" (the next line is not joined)
            # (keyed on "does": a model name's hosts, registry.ollama.ai or hf.co, would cost the prefilter a pass)
            r"/[^\s\"\\]{1,200} does not support\s*$",
        ),
        severity="fail",
        cause=("Ollama refused the request because the model it names lacks the capability the request asks for "
               "(the word after 'does not support'): its template handles no tools, it is an embedding model asked to chat or generate, it "
               "sees no images (a text-only model sent an image), or it does not think; nothing is wrong with the GPU or the server."),
        advice=("Use a model that supports what the request asks for: `ollama show MODEL` lists its Capabilities "
                "(completion, tools, thinking, vision, embedding), and ollama.com/search?c=tools lists models that "
                "support tools. Pull the model again (`ollama pull MODEL`) where an early copy's template lacked "
                "tools, or make a variant that handles tools with a Modelfile and `ollama create NAME -f Modelfile`: "
                "FROM the model and a TEMPLATE that handles tools (a GGUF imported from Hugging Face), or, in recent "
                "Ollama for a family whose renderer it builds in, RENDERER and PARSER lines naming it (FROM "
                "qwen3-coder, RENDERER qwen3-coder, PARSER qwen3-coder); or turn tools / function calling (or thinking) off in the front-end; an embedding model answers "
                "/api/embed only, not chat or generate. For images pick a model whose Capabilities list vision "
                "(qwen2.5vl, gemma3 from 4b, llama3.2-vision, llava), or leave the image out of the request."),
        action="configure",
        rules_out=("a GPU, driver or server fault",),
        never_suggest=_NEVER_GPU + ("reinstall Ollama",),
        sources=("https://github.com/ollama/ollama/issues/5967", "https://github.com/musistudio/claude-code-router/issues/121",
                 "https://github.com/ollama/ollama/issues/5793", "https://ollama.com/blog/tool-support",
                 "https://github.com/ollama/ollama/issues/17301", "https://github.com/microsoft/magentic-ui/issues/206",
                 "https://github.com/ollama/ollama/issues/2778",
                 "https://github.com/ollama/ollama/blob/main/parser/parser.go"),
        checked="2026-11-27",
        examples=("ollama/ollama-5967-llama31-70b-does-not-support-tools.txt",
                  "ollama/claude-code-router-121-codeqwen-does-not-support-tools.txt",
                  "ollama/magentic-ui-206-gemma3-websurfer-does-not-support-tools.txt",
                  "ollama/mcphost-smollm2-13578-400-does-not-support-tools.txt",
                  "ollama/ollama-17301-glm-cloud-no-image-input.txt",
                  "ollama/ollama-2778-nomic-embed-text-run-no-chat.txt"),
    ),
    Signature(
        code="ollama.ggml-file-for-gguf-loader",
        refines=("ollama.gguf-invalid-magic",),
        cause_id="ggml-format-obsolete",
        kinds=("any",),
        patterns=(
            # GGUF's reader finding a GGML-era magic (ggjt, ggml, ggmf read as little-endian bytes); the 2023 builds
            # print the four bytes without quotes ("invalid magic characters tjgg9")
            r"gguf_init_from_file(?:_impl)?: invalid magic characters:? '?(?P<magic>tjgg|lmgg|fmgg)",
            # llama-cpp-python (and LangChain's LlamaCpp, privateGPT) given a .bin file: only GGML models end so
            r"Could not load Llama model from path: (?P<path>[^\n]{1,300}?\.bin)\. Received error",
            r"Failed to load model from file: (?P<path>[^\n]{1,300}?\.bin)\s*$",
        ),
        severity="fail",
        cause=("The model is a GGML file (.bin), the format llama.cpp used before GGUF: llama.cpp and everything built "
               "on it (llama-cpp-python from 0.1.79, LangChain's LlamaCpp, privateGPT) read only GGUF files since "
               "August 2023."),
        advice=("Download the model's GGUF version (the same model's .gguf files, on Hugging Face usually a repository "
                "named ...-GGUF) and point the model path at it, or convert the GGML file with llama.cpp's "
                "convert_llama_ggml_to_gguf.py; keeping the .bin needs llama-cpp-python 0.1.78 or older."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged download"),
        never_suggest=_NEVER_GPU + ("download the file again",),
        versions=("llama.cpp and llama-cpp-python since the GGUF switch, August 2023",),
        sources=("https://github.com/ggml-org/llama.cpp/issues/3905", "https://github.com/zylon-ai/private-gpt/issues/1029",
                 "https://github.com/ggml-org/llama.cpp/pull/2398"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-3905-quantize-ggml-bin-tjgg.txt",
                  "ollama/privategpt-1029-ggml-bin-llamacpp-validation-error.txt"),
    ),
    Signature(
        code="ollama.prompt-exceeds-context",
        cause_id="context-window-exceeded",
        kinds=("any",),
        patterns=(
            # llama-cpp-python (LangChain's LlamaCpp, privateGPT, its OpenAI-style server)
            r"Requested tokens \((?P<requested>\d{1,9})\) exceed context window of (?P<n_ctx>\d{1,9})",
            r"\bllama_tokenize: too many tokens\b",
            # llama-server (and llama-box, ramalama, the web UIs on it): "the request exceeds the available context
            # size. try increasing ...", "request (N tokens) exceeds the available context size (M tokens)",
            # "decoding exceeds the available context size", and the batch that no longer fits the KV cache
            r"\bexceeds the available context size\b",
            r"\bKV cache is full - try increasing it\b",
            # LM Studio's refusal when the first message already overflows
            r"the model is loaded with (?:a )?context length of only (?P<n_ctx>\d{1,9}) tokens",
            # LM Studio 0.2's wording
            r"Input length (?P<requested>\d{1,9}) exceeds context length (?P<n_ctx>\d{1,9})",
            # llama-server's error when a slot's context is full and context shift is off (the default since
            # llama.cpp#15416, August 2025); people quote it hyphenated too
            r"\bcontext[ -]shift is disabled\b",
            # llama.cpp's server (LM Studio's engine, koboldcpp) when the tokens it must keep already fill the context:
            # agents' long system prompts against a 4096-token load
            r"Cannot truncate prompt with n_keep \((?P<requested>\d{1,9})\) >= n_ctx \((?P<n_ctx>\d{1,9})\)",
            # LM Studio's own wording of it (0.3.2x on), with or without "(n_keep: N>= n_ctx: M)"
            r"The number of tokens to keep from the initial prompt is greater than the context length\b",
        ),
        severity="fail",
        cause=("The input (the prompt with its history, system prompt, tool output or documents) holds more tokens "
               "than the context the model was loaded with, so llama.cpp (or the app on it) refuses it or cannot fit "
               "it in the KV cache; nothing is wrong with the GPU."),
        advice=("Load the model with a larger context: n_ctx in llama-cpp-python and LangChain's LlamaCpp (older "
                "releases default to 512), -c / --ctx-size for llama-server (split over its --parallel slots), the "
                "Context Length in LM Studio's load settings, num_ctx in Ollama; or send a shorter input (fewer "
                "history turns, split documents, smaller tool output). A larger context needs more VRAM for the KV "
                "cache, and a model's trained context is its ceiling."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/rllm-team/rllm/issues/55", "https://github.com/cline/cline/issues/3664",
                 "https://github.com/gpustack/gpustack/issues/1359", "https://github.com/ggml-org/llama.cpp/pull/15780",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/546",
                 "https://github.com/ggml-org/llama.cpp/issues/12038", "https://github.com/ggml-org/llama.cpp/pull/13577",
                 "https://github.com/anomalyco/opencode/issues/11141", "https://github.com/continuedev/continue/issues/11279",
                 "https://github.com/Gitlawb/openclaude/issues/353", "https://github.com/anomalyco/opencode/issues/2259"),
        checked="2026-11-26",
        examples=("ollama/rllm-55-llamacpp-requested-tokens-exceed-context.txt",
                  "ollama/cline-3664-lmstudio-context-length-only.txt",
                  "ollama/gpustack-1359-llama-box-kv-cache-full-embed.txt",
                  "ollama/llamacpp-12038-context-shift-disabled-np-8.txt",
                  "ollama/opencode-11141-lmstudio-n-keep-exceeds-n-ctx.txt",
                  "ollama/continue-11279-lmstudio-local-n-keep-4270.txt",
                  "ollama/openclaude-353-lmstudio-tokens-to-keep-n-ctx-4096.txt",
                  "ollama/opencode-2259-lmstudio-qwen3-coder-tokens-to-keep.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-kv-slot-not-found",
        cause_id="context-window-exceeded",
        kinds=("any",),
        patterns=(
            # llama.cpp's decode when no run of free KV cells holds the batch (llama-context.cpp, 2025 on), and its
            # 2024 wording; llama-server's retry line under it; llama.h's words for llama_decode's return 1, as
            # node-llama-cpp (and Ollama's runner of late 2024) throw them; llama-cpp-python's exception for it
            r"failed to find a memory slot for batch of size (?P<batch>\d{1,7})",
            r"failed to find KV cache slot for (?:u?batch|ubatch) of size (?P<batch>\d{1,7})",
            r"failed to find free space in the KV cache",
            r"could not find a KV slot for the batch",
            r"llama_decode returned 1\b",
            # llama-server's answer when a slot's context fills during a request and it may not shift (2025 on)
            r"\bContext size has been exceeded\b",
        ),
        severity="fail",
        cause=("llama.cpp found no room in the KV cache for the next batch: the context it was loaded with is too "
               "small for the prompt and history, or for the sequences of all parallel slots that share it."),
        advice=("Give the KV cache more room or ask for less at once: raise the context (llama-server -c / --ctx-size, "
                "which --parallel N splits into N slots; node-llama-cpp contextSize; llama-cpp-python n_ctx; Ollama "
                "num_ctx), or lower --parallel (`-np 1`) and the batch size (-b / --batch-size), or send less history. "
                "In Ollama 0.4.0-0.4.2 the same words came from a bug: update Ollama."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/6603", "https://github.com/lemonade-sdk/lemonade/issues/3276",
                 "https://github.com/withcatai/node-llama-cpp/blob/master/llama/addon/AddonContext.cpp",
                 "https://github.com/ollama/ollama/pull/7767", "https://github.com/ggml-org/llama.cpp/issues/5737"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-6603-localai-kv-cache-no-free-space.txt",
                  "ollama/lemonade-3276-ctx-per-slot-kv-free-space.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-build-curl-missing",
        cause_id="build-library-headers-missing",
        kinds=("any",),
        patterns=(
            # llama.cpp's own stop (common/CMakeLists.txt, LLAMA_CURL on by default since 2025) and CMake's FindCURL
            # line before it, which other source builds print too with the same fix
            r"Could NOT find CURL\.\s{1,4}Hint: to disable this feature, set -DLLAMA_CURL=OFF",
            r"Could NOT find CURL \(missing: CURL_LIBRARY",
        ),
        severity="fail",
        cause=("The build needs libcurl's development files (headers and link library), which are not installed: "
               "llama.cpp builds its download support (LLAMA_CURL) by default, so configuring stops before any CUDA "
               "code is compiled."),
        advice=("Install libcurl's development package and configure again: `sudo apt install libcurl4-openssl-dev` "
                "(Debian, Ubuntu), `sudo dnf install libcurl-devel` (Fedora, RHEL), `sudo pacman -S curl` (Arch); or "
                "configure llama.cpp without it: `cmake -B build -DGGML_CUDA=ON -DLLAMA_CURL=OFF` (llama-cpp-python: "
                "CMAKE_ARGS=\"-DGGML_CUDA=on -DLLAMA_CURL=OFF\")."),
        action="configure",
        rules_out=("a CUDA toolkit or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/12933", "https://github.com/ggml-org/llama.cpp/pull/14801",
                 "https://github.com/ggml-org/llama.cpp/pull/13945"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-12933-cuda-build-could-not-find-curl.txt",),
    ),
    Signature(
        code="ollama.vulkan-no-device",
        cause_id="vulkan-driver-missing",
        kinds=("any",),
        patterns=(
            # GPT4All's Python bindings (init_gpu, list_gpus) when its Vulkan backend lists no device
            r"Unable to retrieve (?:list of all|available) GPU devices",
            # the Vulkan loader finding no usable driver (ggml's Vulkan device list, GPT4All's kompute backend, or a
            # llama.cpp Vulkan build that aborts on it)
            r"ignoring Vulkan exception: [^\n]{0,120}?(?P<error>ErrorInitializationFailed|ErrorIncompatibleDriver)",
            r"vk::(?:createInstance|Instance::enumeratePhysicalDevices): (?P<error>ErrorIncompatibleDriver|ErrorInitializationFailed)",
            # ggml-vulkan's device list when the loader enumerates no device (llama.cpp, koboldcpp, stable-diffusion.cpp
            # and their Vulkan images; in a container without the graphics capability or the ICD files)
            r"ggml_vulkan: No devices found",
        ),
        severity="fail",
        cause=("The program reaches the GPU through Vulkan and the Vulkan loader found no usable device: the GPU "
               "driver's Vulkan part (its ICD) or the loader itself is not installed, as on headless servers, "
               "containers and Colab images, even where CUDA sees the GPU."),
        advice=("Install the Vulkan loader and the NVIDIA driver's Vulkan component, then check that `vulkaninfo "
                "--summary` lists the GPU: on Ubuntu `sudo apt install libvulkan1 vulkan-tools libnvidia-gl-<branch>` "
                "(the branch of the installed driver, e.g. 550); on Windows update the NVIDIA driver. In a container, "
                "add graphics to NVIDIA_DRIVER_CAPABILITIES; or use a CUDA build (GPT4All's device='cuda') instead."),
        action="configure",
        rules_out=("a model that does not fit",),
        never_suggest=("reinstall CUDA", "install the CUDA toolkit", "lower num_ctx"),
        sources=("https://github.com/nomic-ai/gpt4all/issues/1429", "https://github.com/nomic-ai/gpt4all/issues/1990",
                 "https://github.com/nomic-ai/gpt4all/issues/2122", "https://github.com/leejet/stable-diffusion.cpp/issues/1792",
                 "https://github.com/mostlygeek/llama-swap/issues/247"),
        checked="2026-11-26",
        examples=("ollama/gpt4all-1429-colab-unable-to-retrieve-gpu-devices.txt",
                  "ollama/gpt4all-1990-vulkan-error-initialization-failed.txt"),
    ),
    Signature(
        code="ollama.origin-not-allowed",
        cause_id="ollama-origin-not-allowed",
        kinds=("any",),
        patterns=(
            # the server's own access log: gin answers 403 before any handler runs (server/routes.go's CORS config)
            r"\[GIN\] [\d/]{10} - [\d:]{8} \|\s{0,4}403\s{0,4}\|",
            # a browser engine (extensions, Obsidian, web pages) refusing the answer for Ollama's default port
            r"Access to (?:fetch|XMLHttpRequest) at 'https?://[\w.\[\]-]{1,100}:11434/[^'\s]{0,100}' from origin "
            r"'(?P<origin>[^'\s]{1,120})' has been blocked by CORS policy",
            # ...and for Ollama's own API paths behind another port or a reverse proxy (https://ollama-1/api/tags)
            r"Access to (?:fetch|XMLHttpRequest) at 'https?://[\w.\[\]:-]{1,100}/api/(?:tags|generate|chat|embed|embeddings|show|"
            r"version|ps|pull)\b[^'\s]{0,100}' from origin '(?P<origin>[^'\s]{1,120})' has been blocked by CORS policy",
            # the browser's own console: Chrome's network line and Firefox's CORS report for Ollama's default port
            r"(?:GET|POST|OPTIONS|PUT) https?://[\w.\[\]-]{1,100}:11434/[^\s]{0,100} 403 \(Forbidden\)",
            r"Cross-Origin Request Blocked: [^\n]{0,200}?:11434/[^\n]{0,300}?Status code: 403\b",
            # add-ons that name Ollama beside the status (ThunderAI's "Ollama API request failed: 403 Forbidden")
            r"\b[Oo]llama API request failed: 403 Forbidden",
            # LangChain.js' Ollama client (Page Assist and other extensions) and extensions that name the cause
            r"Ollama call failed with status code 403\b",
            r"Ollama requires additional access origins",
        ),
        severity="fail",
        cause=("The Ollama server refuses requests from this client's origin (a browser extension, Obsidian, or a web "
               "page on another host): Ollama answers only the origins it allows, localhost ones by default, and "
               "returns 403 or no CORS header to the rest."),
        advice=("Allow the client's origin in the Ollama server's environment with OLLAMA_ORIGINS (comma-separated, "
                "e.g. chrome-extension://*,moz-extension://*,app://obsidian.md* or * for any) and restart the server: "
                "on Linux `sudo systemctl edit ollama.service`, add `Environment=\"OLLAMA_ORIGINS=chrome-extension://*\"` "
                "under [Service], then `sudo systemctl daemon-reload && sudo systemctl restart ollama`; on Windows set "
                "it as a user environment variable and restart the Ollama app; in Docker pass `-e OLLAMA_ORIGINS=...`."),
        action="configure",
        rules_out=("a GPU or driver fault", "a server that is not running"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/2425", "https://github.com/ollama/ollama/issues/4385",
                 "https://github.com/n4ze3m/page-assist/issues/309", "https://github.com/ollama/ollama/issues/3016",
                 "https://github.com/micz/ThunderAI/issues/526", "https://github.com/intel/ipex-llm/issues/11916",
                 "https://github.com/andrewnguonly/Lumos/issues/191",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-26",
        examples=("ollama/ollama-2425-extension-origin-header-403.txt", "ollama/ollama-4385-obsidian-cors-blocked.txt",
                  "ollama/page-assist-309-ollama-call-failed-403.txt",
                  "ollama/thunderai-526-ollama-api-403-moz-extension.txt",
                  "ollama/lumos-191-extension-cors-remote-ollama.txt"),
    ),
    Signature(
        code="ollama.registry-dns-failure",
        refines=("ollama.pull-max-retries", "ollama.registry-unreachable"),
        cause_id="ollama-registry-unreachable",
        kinds=("any",),
        # Go's resolver, for the registry or the Cloudflare R2 storage its blobs come from (pulls of 0.1 to today);
        # a timeout reaching the DNS server is left to registry-unreachable (a proxy is the usual answer there)
        patterns=(
            r"dial tcp: lookup (?P<host>[\w.-]{0,80}(?:r2\.cloudflarestorage\.com|registry\.ollama\.ai|ollama\.com))"
            r"(?: on [\w.:\[\]%-]{1,60})?: (?:no such host|server misbehaving)",
        ),
        severity="fail",
        cause=("The DNS server this machine (or container) uses cannot resolve {host}, where Ollama fetches models "
               "from: some ISP, router and company resolvers refuse the Cloudflare R2 storage host, or the network "
               "allows no direct DNS at all."),
        advice=("Point the machine at a DNS server that resolves it and pull again: a public resolver (8.8.8.8, "
                "1.1.1.1) in the network settings on Windows or macOS, DNS= in /etc/systemd/resolved.conf then `sudo "
                "systemctl restart systemd-resolved` on Linux, `--dns 8.8.8.8` (or dns: in compose) for a container; "
                "`nslookup {host}` must answer. Behind a company firewall allow *.r2.cloudflarestorage.com and "
                "registry.ollama.ai, or give the server its proxy (HTTPS_PROXY in its environment)."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model file"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/3594", "https://github.com/ollama/ollama/issues/10766",
                 "https://github.com/ollama/ollama/issues/8605", "https://github.com/ollama/ollama/issues/8711"),
        checked="2026-11-26",
        examples=("ollama/ollama-3594-r2-lookup-no-such-host-windows.txt",
                  "ollama/ollama-10766-max-retries-r2-no-such-host.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-build-changed",
        cause_id="llama-cpp-build-changed",
        kinds=("any",),
        patterns=(
            # llama.cpp's Makefile: a stop since December 2024 (LLAMA_MAKEFILE to override), emptied in August 2025
            r"The Makefile build is deprecated\. Use the CMake build instead\b",
            r"The Makefile build has been replaced by CMake\b",
            # Unsloth's GGUF export, which looks for a quantizer built the old way in ./llama.cpp
            r"Unsloth: The file \(?'llama\.cpp/llama-quantize'",
            r"Unsloth: No working quantizer found in\b",
            r"Unsloth: Quantization failed\b[^\n]{0,200}?You might have to compile llama\.cpp yourself",
            # the conversion scripts llama.cpp removed or renamed in 2024 (convert.py, the hyphenated names)
            r"can't open file '[^'\n]{0,200}?llama\.cpp[/\\](?P<script>convert\.py)'",
            r"can't open file '[^'\n]{0,200}?convert-(?P<script>hf-to-gguf|lora-to-ggml)\.py'",
        ),
        severity="fail",
        cause=("The build script, tutorial or tool drives llama.cpp the way an older release worked (make, convert.py, "
               "a quantize or main binary in the source folder); current llama.cpp builds only with CMake, puts its "
               "programs, named llama-*, under build/bin, and converts models with convert_hf_to_gguf.py."),
        advice=("Build llama.cpp with CMake: `cmake -B build -DGGML_CUDA=ON` then `cmake --build build --config Release "
                "-j` (the programs are then build/bin/llama-cli, llama-server, llama-quantize); convert a Hugging "
                "Face model with `python convert_hf_to_gguf.py MODEL_DIR` (a LoRA with convert_lora_to_gguf.py), "
                "not convert.py. For Unsloth's GGUF "
                "export update unsloth and unsloth_zoo (`pip install --upgrade --force-reinstall --no-cache-dir "
                "--no-deps unsloth unsloth_zoo`), or build llama.cpp as above and copy build/bin/llama-quantize into "
                "the llama.cpp folder it uses."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/huggingface/hub-docs/issues/1677", "https://github.com/ggml-org/llama.cpp/pull/10514",
                 "https://github.com/ggml-org/llama.cpp/pull/15449", "https://github.com/unslothai/unsloth/issues/1495",
                 "https://github.com/unslothai/unsloth/issues/1905", "https://github.com/unslothai/unsloth/issues/1781",
                 "https://github.com/ggml-org/llama.cpp/issues/9632", "https://github.com/ggml-org/llama.cpp/issues/8544",
                 "https://github.com/ggml-org/llama.cpp/pull/7430"),
        checked="2026-11-26",
        examples=("ollama/hub-docs-1677-llama-cpp-makefile-deprecated.txt",
                  "ollama/unsloth-1495-llama-quantize-does-not-exist.txt",
                  "ollama/unsloth-1905-push-gguf-llama-quantize-missing.txt",
                  "ollama/llamacpp-9632-convert-py-cannot-open.txt", "ollama/llamacpp-8544-convert-py-errno-2-old-docs.txt"),
    ),
    Signature(
        code="ollama.ggml-no-compiled-arch-at-or-below",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # ggml-cuda/common.cuh's ggml_cuda_highest_compiled_arch: no compiled architecture at or below the GPU's
        patterns=(r"ggml was not compiled with any CUDA arch <= (?P<arch>\d{2,4})\b",),
        severity="fail",
        cause=("This ggml build (llama.cpp or a program that bundles it) holds no CUDA code for an architecture at or "
               "below the GPU's ({arch}): it was built only for newer GPUs, or it is a llama.cpp of late August 2025 "
               "whose lookup of the compiled architectures aborted wrongly."),
        advice=("Update llama.cpp (`git pull`, then rebuild with `cmake -B build -DGGML_CUDA=ON && cmake --build build "
                "--config Release`; llama.cpp#15587 fixed the August 2025 lookup), and build with "
                "-DCMAKE_CUDA_ARCHITECTURES including this GPU's compute capability (`nvidia-smi --query-gpu=compute_cap "
                "--format=csv`, e.g. 86 for an RTX 30xx) or native; for a packaged program, update it."),
        action="configure",
        rules_out=("a driver fault", "a broken model file"),
        never_suggest=("reinstall the driver", "update the driver", "download the model again"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/15589", "https://github.com/ggml-org/llama.cpp/issues/15593",
                 "https://github.com/ggml-org/llama.cpp/pull/15587"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-15589-not-compiled-any-arch-750.txt",),
    ),
    Signature(
        code="ollama.build-no-c-compiler",
        cause_id="c-compiler-missing",
        kinds=("any",),
        # CMake's own words when no C/C++ compiler answers (pip building llama-cpp-python, or llama.cpp itself); on
        # Windows without Visual Studio the NMake generator fails first and leaves the compilers unset
        patterns=(r"No CMAKE_C(?:XX)?_COMPILER could be found\b", r"CMAKE_C(?:XX)?_COMPILER not set, after EnableLanguage"),
        severity="fail",
        cause=("CMake found no C/C++ compiler, so the package pip builds from source (llama-cpp-python, or llama.cpp "
               "itself) cannot be built: Visual Studio's C++ Build Tools (Windows) or gcc/g++ (Linux) are not "
               "installed or not on PATH."),
        advice=("Install a C/C++ compiler and build again: on Windows the Visual Studio Build Tools with the \"Desktop "
                "development with C++\" workload (then a new shell, or the x64 Native Tools prompt); on Debian or "
                "Ubuntu `sudo apt install build-essential cmake`; on Fedora `sudo dnf install gcc gcc-c++ cmake`. For "
                "llama-cpp-python a prebuilt wheel needs no compiler: `pip install llama-cpp-python --extra-index-url "
                "https://abetlen.github.io/llama-cpp-python/whl/cu124` (the CUDA your driver supports)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/zjunlp/EasyInstruct/issues/6", "https://github.com/abetlen/llama-cpp-python/issues/40",
                 "https://github.com/zylon-ai/private-gpt/issues/644"),
        checked="2026-11-26",
        examples=("ollama/easyinstruct-6-llama-cpp-python-no-c-compiler-windows.txt",
                  "ollama/llamacpppython-40-kubuntu-no-c-compiler-build-essential.txt"),
    ),
)
