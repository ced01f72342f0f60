"""What llama.cpp's servers refuse of embedding and reranking clients (issue 25, thirteenth wave, d).

Written blind, from llama.cpp's own server messages and threads of the apps that start it (RamaLama, GPUStack's
llama-box, Lemonade, LocalAI): each row reads the library's words, so any client's paste that holds them is read.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_clients import _REACH_ADVICE

BREADTH13D_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.llama-cpp-embedding-batch-too-small",
        cause_id="llama-cpp-embedding-batch-too-small",
        kinds=("any",),
        # llama-server's refusal of an embedding or rerank input longer than n_ubatch (tools/server, since
        # llama.cpp#7389, May 2024): "input is too large to process. increase the physical batch size", later with
        # the counts "input (596 tokens) ... (current batch size: 512)"; llama-box words it ", please increase";
        # clients wrap the JSON body, so the sentence may break after "process."
        patterns=(r"input(?: \((?P<tokens>\d+) tokens\))? is too large to process[.,]\s{1,4}(?:please )?increase the "
                  r"physical batch size(?: \(current batch size: (?P<batch>\d+)\))?",
                  # the library's abort when a binding (llama-cpp-python, Go and Rust wrappers) encodes an input
                  # longer than n_ubatch: src/llama-context.cpp, llama_context::encode
                  r"encoder requires n_ubatch >= n_tokens",),
        severity="fail",
        cause=("An embedding or reranking input is longer than the llama.cpp server's physical batch (-ub, 512 tokens "
               "by default), and these models must take a whole input in one batch, so the request was refused "
               "(HTTP 500) or, in a binding, the process aborted; a larger context (-c) alone does not raise it. "
               "Nothing is wrong with the GPU."),
        advice=("Start the llama.cpp server with a batch and ubatch as large as its context: `llama-server "
                "--embeddings -c 8192 -b 8192 -ub 8192` (--batch-size/--ubatch-size; --reranking for a reranker), "
                "or set the batch/ubatch size in the app that starts it (LocalAI's batch, GPUStack's backend "
                "parameters, llama-cpp-python's n_batch and n_ubatch). That helps only up to the model's trained "
                "context (n_ctx_train in its load log: 512 for bge-base and many BERT models): past it, make the "
                "document chunks smaller in the client's text splitter (a chunk size counted in the model's tokens)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "GPU memory running out"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/containers/ramalama/pull/2852", "https://github.com/gpustack/gpustack/issues/472",
                 "https://github.com/ggml-org/llama.cpp/pull/7389", "https://github.com/mudler/LocalAI/pull/6344",
                 "https://github.com/lemonade-sdk/lemonade/issues/3591",
                 "https://github.com/abetlen/llama-cpp-python/pull/2332"),
        checked="2026-11-26",
        examples=("ollama/ramalama-2852-embedding-input-exceeds-physical-batch.txt",
                  "ollama/gpustack-472-llama-box-embed-batch-too-small.txt"),
    ),
    Signature(
        code="ollama.server-bind-address-not-local",
        cause_id="ollama-bind-address-not-local",
        kinds=("any",),
        # `ollama serve` (cmd/cmd.go RunServer: net.Listen on OLLAMA_HOST) when the address is not one of this
        # machine's: Linux's EADDRNOTAVAIL as Go words it, and Windows' WSAEADDRNOTAVAIL text
        patterns=(r"listen tcp (?P<address>[\w.:\[\]-]{1,80}:11434): bind: (?:cannot assign requested address"
                  r"|The requested address is not valid in its context)",),
        severity="fail",
        cause=("The Ollama server could not listen on {address}: OLLAMA_HOST names an IP address this machine does "
               "not hold when the server starts (another machine's, an old DHCP lease, a VPN or network adapter that "
               "is not up yet), so `ollama serve` exits and the service restarts in a loop; clients find no server."),
        advice=("Bind the server to an address it always has: OLLAMA_HOST=0.0.0.0 (all interfaces, for other "
                "machines and containers) or 127.0.0.1 (this machine only), or an address `ip addr` shows. For the "
                "service: `sudo systemctl edit ollama`, Environment=\"OLLAMA_HOST=0.0.0.0:11434\", then `sudo "
                "systemctl restart ollama`; on Windows change the user environment variable and restart the Ollama "
                "app. If the address is a VPN's (Tailscale) or an adapter's that comes up late, keep it but start "
                "the service after that network (After=network-online.target or tailscaled.service in the "
                "override). Local clients then use http://127.0.0.1:11434."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "another server already on the port"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/14367", "https://github.com/ollama/ollama/issues/4540",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-26",
        examples=("ollama/ollama-14367-ollama-host-ip-not-on-this-boot.txt",),
    ),
    Signature(
        code="ollama.client-timeout-slow-local-model",
        cause_id="client-timeout-slow-local-model",
        kinds=("any",),
        # LiteLLM's timeout (OpenHands, Aider, CrewAI and other agents call local servers through it: 600 s by
        # default) and the ollama provider's wording
        patterns=(
            r"litellm\.Timeout: (?:APITimeoutError - Request timed out|Connection timed out after "
            r"(?P<seconds>[\d.]{1,8}|None) seconds)",
            # urllib3's read timeout on Ollama's port (the requests-based clients, LangChain's older Ollama class),
            # and Ollama clients' own wording ("Ollama request timed out after 30s. Local inference can be slow")
            r"port=11434\): Read timed out\.? \(read timeout=(?P<seconds>[\d.]{1,8})\)",
            r"Ollama request timed out after (?P<seconds>\d{1,6}) ?s\b",
        ),
        severity="fail",
        cause=("The client gave up waiting for the local model's answer: the model answers slower than the client's "
               "request timeout allows, usually because it runs on the CPU or only partly on the GPU (too large for "
               "the VRAM), or the first request also waited for the model to load. The server did not fail."),
        advice=("Give the client more time and the model a faster place to run. Raise the client's timeout: "
                "OpenHands `-e LLM_TIMEOUT=3600` on its docker run (or timeout under [llm] in config.toml), "
                "LiteLLM's timeout= (request_timeout in its proxy config), or the app's own timeout setting. Then "
                "check where the model runs: `ollama ps` should show 100% GPU (in LM Studio, GPU offload at the "
                "maximum); if it shows CPU or a CPU/GPU split, pick a smaller model or quantization, or a shorter "
                "context (num_ctx), so it fits in the GPU's memory."),
        action="configure",
        rules_out=("a crashed or unreachable server",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/OpenHands/OpenHands/issues/7716",
                 "https://github.com/OpenHands/OpenHands/issues/4995",
                 "https://github.com/OpenHands/OpenHands/issues/8768",
                 "https://github.com/continuedev/continue/issues/449",
                 "https://github.com/autohandai/code-cli/issues/96"),
        checked="2026-11-27",
        examples=("ollama/openhands-7716-litellm-timeout-model-on-cpu.txt", "ollama/autohand-96-ollama-request-timed-out.txt"),
    ),
    Signature(
        code="ollama.app-ollama-fetch-failed",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        # Node apps' own lines when their fetch to Ollama gets no answer: undici's bare "TypeError: fetch failed"
        # after the app's Ollama message (Perplexica/Vane, chat UIs)
        patterns=(r"Ollama[^\n]{0,100}\bTypeError: fetch failed\b",),
        severity="fail",
        cause=("The app could not reach the Ollama server at the URL it was given: its request got no answer (in a "
               "Docker container, localhost is the container itself; or the server is down or listens on "
               "127.0.0.1 only)."),
        advice=_REACH_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ItzCrazyKns/Vane/issues/19",),
        checked="2026-11-26",
        examples=("ollama/vane-19-docker-ollama-fetch-failed-localhost.txt",),
    ),
    Signature(
        code="ollama.mllama-dropped-by-llama-server-engine",
        # the architecture row would advise a newer Ollama, which is what dropped it
        refines=("ollama.model-architecture-unknown",),
        cause_id="ollama-model-dropped-by-engine",
        kinds=("any",),
        # Ollama 0.30 (#16031, May 2026) runs GGUF models on upstream llama-server only; llama.cpp never had mllama
        patterns=(r"unknown model architecture: 'mllama'",),
        severity="fail",
        cause=("The model is Llama 3.2 Vision (architecture mllama), which llama.cpp has never supported: Ollama "
               "0.30 and later run GGUF models on llama.cpp's llama-server, so llama3.2-vision stopped loading after "
               "the update (LM Studio and llama.cpp refuse it too); a newer release does not bring it back."),
        advice=("Switch to a vision model the current engine loads (`ollama pull gemma3`, qwen2.5vl, or another "
                "vision model in the Ollama library) and point the app at it; to keep llama3.2-vision, stay on an "
                "Ollama release before 0.30 (a pinned install: `curl -fsSL https://ollama.com/install.sh | "
                "OLLAMA_VERSION=0.24.0 sh`, or that ollama/ollama image tag). Updating Ollama or pulling the model "
                "again will not fix it."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "a damaged download"),
        never_suggest=("reinstall the driver", "update the driver", "update Ollama"),
        sources=("https://github.com/ollama/ollama/issues/16490",
                 "https://github.com/Troyanovsky/llama-vision-image-tagger/issues/2",
                 "https://github.com/ollama/ollama/pull/16031"),
        checked="2026-11-26",
        examples=("ollama/ollama-16490-mllama-dropped-ollama-030.txt",),
    ),
    Signature(
        code="ollama.model-format-outdated-repull",
        cause_id="ollama-model-format-outdated",
        kinds=("any",),
        # server/routes.go (scheduleRunner), Ollama 0.7 to 0.29: an mllama model still in the old model-plus-projector
        # layout; the message names the one model it covers
        patterns=(r"'(?P<model>[\w.:/-]{1,60})' is no longer compatible with your version of Ollama and has been "
                  r"replaced by a newer version",),
        severity="fail",
        cause=("This copy of {model} is in the format older Ollama releases used (model plus a separate projector), "
               "which this Ollama no longer loads; the library's current {model} is in the new format."),
        advice=("Pull the model again: `ollama pull llama3.2-vision` (the same tag you use, e.g. "
                "llama3.2-vision:11b), then run it. A community copy (user/llama3.2-vision-...) or an offline blob in "
                "the old format cannot be converted by pulling it again: use the library's llama3.2-vision or another "
                "vision model (gemma3, qwen2.5vl). From Ollama 0.30 on llama3.2-vision does not load at all."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Pyenb/Ollama-models/issues/11", "https://github.com/ollama/ollama/issues/11953",
                 "https://github.com/ollama/ollama/issues/10730"),
        checked="2026-11-26",
        examples=("ollama/pyenb-11-llama32-vision-no-longer-compatible.txt",),
    ),
    Signature(
        code="ollama.llama-server-port-in-use",
        cause_id="server-port-in-use",
        kinds=("any",),
        # llama.cpp's server main() when httplib cannot bind (tools/server/server.cpp; "couldn't bind to server
        # socket" in 2023 builds and llamafile): the port is held, reserved, or the host is not this machine's
        patterns=(r"couldn't bind (?:HTTP server|to server) socket(?:, hostname: (?P<host>[\w.:\[\]-]{1,60}), port: "
                  r"(?P<port>\d{1,5}))?",),
        severity="fail",
        cause=("llama-server could not listen on its host and port: another process already holds the port (a "
               "second llama-server, LM Studio or another app, a server left running), Windows reserves it, or the "
               "--host address is not one of this machine's; the model itself loaded fine."),
        advice=("Find what holds the port and stop it, or start llama-server on another port: on Windows `netstat "
                "-ano | findstr :8080` (the last column is the PID to end in Task Manager), on Linux and macOS `ss "
                "-ltnp | grep :8080` or `lsof -i :8080`; then `llama-server ... --port 8081` (and point the client "
                "at it). On Windows a port inside `netsh interface ipv4 show excludedportrange protocol=tcp` cannot "
                "be bound at all: pick one outside those ranges. --host must be 127.0.0.1, 0.0.0.0 or an address "
                "`ip addr`/`ipconfig` shows."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "a model that failed to load"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/PiDanShouRouZhouXD/Sakura_Launcher_GUI/issues/71",
                 "https://github.com/neavo/OneClickLLAMA/issues/10",
                 "https://github.com/mozilla-ai/llamafile/issues/81"),
        checked="2026-11-26",
        examples=("ollama/sakura-launcher-71-llama-server-port-8080-taken.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-python-load-failed",
        cause_id="llama-cpp-python-load-failed",
        kinds=("any",),
        # llama_cpp/_internals.py (LlamaModel) when llama_model_load_from_file returns NULL: the reason is only in
        # llama.cpp's log, which verbose=False hides; a .bin (GGML) path is ollama.ggml-file-for-gguf-loader's
        patterns=(r"ValueError: Failed to load model from file: (?P<path>[^\n]{1,300}?\.gguf)\b",),
        severity="warn",
        cause=("llama-cpp-python got no model back from llama.cpp for {path} and says only that; the reason is in "
               "llama.cpp's own log, hidden unless verbose=True: the model is larger than the free RAM and VRAM, "
               "its architecture or quantization is newer than the installed llama-cpp-python, or the file is "
               "incomplete."),
        advice=("Load it again with verbose=True (`Llama(model_path=..., verbose=True)`; in text-generation-webui "
                "the console shows it) and read the llama_model_load lines: 'unknown model architecture' or an "
                "unknown tensor type means the bundled llama.cpp is too old, so update it (`pip install -U "
                "llama-cpp-python` with the CMAKE_ARGS it was built with, or the app's update script); a "
                "failed buffer allocation means the model does not fit, so pick a smaller quantization or fewer "
                "n_gpu_layers; a wrong size or magic means the download is incomplete, so download it again."),
        action="configure",
        rules_out=("a GPU driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/abetlen/llama-cpp-python/pull/2187",
                 "https://github.com/abetlen/llama-cpp-python/issues/1233",
                 "https://github.com/oobabooga/textgen/issues/5930"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-python-2187-valueerror-bf16-model-too-large.txt",),
    ),
    Signature(
        code="ollama.llama-server-not-packaged",
        # runners-missing's reinstall advice is right for a copied binary, not for a package that never ships it
        refines=("ollama.runners-missing",),
        cause_id="ollama-llama-server-not-packaged",
        kinds=("any",),
        # llm/llama_server.go since 0.30 (#16031): the lookup of Ollama's own llama-server build beside the binary
        patterns=(r"llama-server binary not found \(checked: ",),
        severity="fail",
        cause=("This Ollama (0.30 or later) runs GGUF models with its own build of llama-server, installed beside "
               "the ollama binary in lib/ollama, and it is not there: the package, image or add-on in use (Homebrew, "
               "a distribution package, alpine/ollama, a Home Assistant add-on) ships only the ollama binary, or "
               "only the binary was copied."),
        advice=("Install an Ollama that carries lib/ollama/llama-server: the official installer (`curl -fsSL "
                "https://ollama.com/install.sh | sh`), the macOS or Windows app from ollama.com, the complete release "
                "archive, or the official ollama/ollama image; or keep the package at a release before 0.30 until "
                "its maintainer ships llama-server. A llama-server from llama.cpp or another package cannot stand in "
                "for it (Ollama's build carries its own patches)."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "a damaged model"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/16643", "https://github.com/peyanski/ollama-ha/issues/6",
                 "https://github.com/ollama/ollama/issues/16417", "https://github.com/ollama/ollama/pull/16432",
                 "https://github.com/alpine-docker/ollama/issues/12"),
        checked="2026-11-26",
        examples=("ollama/ollama-16643-homebrew-llama-server-not-shipped.txt",
                  "ollama/ollama-ha-6-addon-copies-only-ollama-binary.txt"),
    ),
    Signature(
        code="ollama.extension-unable-to-connect",
        # the app row's reach advice lacks the origin check this notice also covers
        refines=("ollama.app-cannot-reach-server",),
        cause_id="ollama-server-not-running",
        kinds=("any",),
        # browser extensions' and editor plugins' own notice (Page Assist's "Unable to connect to Ollama 🦙",
        # commitollama's "Unable to connect to ollama. Please, check that ollama is running."): it covers a server
        # that does not answer and one that answers 403 to the extension's origin
        patterns=(r"Unable to connect to [Oo]llama\b",),
        severity="fail",
        cause=("The browser extension or plugin got no usable answer from Ollama: either no server answers at the "
               "address it uses, or the server answers 403 because it does not accept the extension's origin "
               "(chrome-extension://, moz-extension://)."),
        advice=("Tell the two apart first. Check the server answers: `curl http://127.0.0.1:11434` should print "
                "'Ollama is running' (if not, start it: the Ollama app, `ollama serve`, or `sudo systemctl start "
                "ollama`, and check the extension's Ollama URL). Then open the browser's console or network tab: a "
                "403 Forbidden on /api/tags or /api/chat is Ollama's origin check, so allow the extension in the "
                "server's environment with OLLAMA_ORIGINS=chrome-extension://*,moz-extension://* (Linux: `sudo "
                "systemctl edit ollama`, Environment=\"OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*\"; "
                "Windows: a user environment variable; Docker: `-e OLLAMA_ORIGINS=...`) and restart the server."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/n4ze3m/page-assist/issues/45", "https://github.com/n4ze3m/page-assist/issues/546",
                 "https://github.com/anjerodev/commitollama/issues/11",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-26",
        examples=("ollama/page-assist-45-unable-to-connect-403-origins.txt",),
    ),
)
