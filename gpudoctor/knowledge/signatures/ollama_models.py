"""Ollama and llama.cpp: model files that are not what they should be, memory placement, the runner's death as
the client sees it, and llama.cpp builds that come out without CUDA.

Part of the ollama area (gpudoctor/knowledge/signatures/ollama.py lists these rows after its own). The lines are
quoted from Ollama's source (server/download.go, llm/memory.go, llm/server.go) and llama.cpp's (gguf.cpp,
CMakeLists.txt), as the releases of 2023 to 2026 print them.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
LLAMA_CPP_BUILD = "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

MODEL_SIGNATURES = (
    Signature(
        code="ollama.pull-digest-mismatch",
        cause_id="model-file-corrupt",
        kinds=("any",),
        # server/download.go checks each blob's sha256 after `ollama pull` (errDigestMismatch)
        patterns=(r"digest mismatch, file must be downloaded again",),
        severity="fail",
        cause=("A model file Ollama downloaded does not match its published sha256 (the download was corrupted or cut "
               "short on the way: a flaky network, a proxy, a full disk), so Ollama refused it."),
        advice=("Remove the model and pull it again (`ollama rm MODEL`, then `ollama pull MODEL`); if it fails again, "
                "check the free space under OLLAMA_MODELS and try another network or without the proxy."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/941", "https://github.com/ollama/ollama/issues/9430",
                 "https://github.com/ollama/ollama/issues/1650"),
        checked="2026-11-25",
        examples=("ollama/ollama-9430-digest-mismatch-pull-again.txt",),
    ),
    Signature(
        code="ollama.gguf-invalid-magic",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="model-file-corrupt",
        kinds=("any",),
        # gguf_init_from_file(_impl) reads the first four bytes; 'vers' is a Git LFS pointer, '<!DO' an HTML page,
        # 'lmgg'/'tjgg' (or numbers 67676a74, 67676d6c) the pre-GGUF GGML formats
        patterns=(
            # (the newer wording puts a colon after 'characters' and adds ", expected 'GGUF'")
            r"gguf_init_from_file(?:_impl)?: invalid magic characters:? '(?P<magic>[^'\n]{0,8})'",
            r"gguf_init_from_file(?:_impl)?: invalid magic number (?P<magic>[0-9a-fA-F]{1,8})\b",
        ),
        severity="fail",
        cause=("The file given as the model is not a GGUF file (it starts with '{magic}'): a Git LFS pointer or a web "
               "page saved instead of the model, a truncated download, or an old GGML-format model."),
        advice=("Download the .gguf file itself again (`git lfs pull`, or the file's `resolve/` link rather than its "
                "`blob/` page) and compare its size or sha256 with the source; convert an old GGML model to GGUF."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "rebuild llama.cpp"),
        sources=("https://github.com/OpenBMB/MiniCPM/issues/250", "https://github.com/ggml-org/llama.cpp/issues/3358",
                 "https://github.com/ggml-org/llama.cpp/issues/3492"),
        checked="2026-11-25",
        examples=("ollama/minicpm-250-invalid-magic-vers.txt",),
    ),
    Signature(
        code="ollama.gpu-too-small-for-any-layer",
        cause_id="ollama-oom",
        kinds=_LOGS,
        # llm/memory.go (0.3 to 0.11, OLLAMA_DEBUG=1): the GPU's free memory is below the minimum it needs for one layer
        patterns=(
            r"gpu has too little memory to allocate any layers",
            r"insufficient VRAM to load any model layers",
        ),
        severity="warn",
        cause=("Ollama found too little free memory on a GPU for even its minimum (the compute graph and KV cache "
               "for this context, the projector, two layers and a margin), so it put no layers there."),
        advice=("Lower that minimum: a smaller context (num_ctx, OLLAMA_CONTEXT_LENGTH) or num_batch, "
                "OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0, or free the GPU's memory (other "
                "programs in nvidia-smi); then load the model again."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/7208", "https://github.com/ollama/ollama/issues/8430", FAQ),
        checked="2026-11-25",
        examples=("ollama/ollama-7208-too-little-memory-any-layers.txt",),
    ),
    Signature(
        code="ollama.model-runner-stopped",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        # what the client (ollama run, the API's HTTP 500) says when the runner process died mid-request
        patterns=(
            r"model runner has unexpectedly stopped, this may be due to resource limitations",
            # older servers pass on the broken connection to the runner (Windows: wsarecv, "forcibly closed")
            r"POST predict: Post \"?http://127\.0\.0\.1:\d{1,5}/completion\"?: (?:EOF|read tcp)",
            r"do load request: Post \"?http://127\.0\.0\.1:\d{1,5}/load\"?: (?:EOF|read tcp)",
            # the same failed load request as llm/server.go words it from 0.15.x (ollama commit 6582f6da5, 2026-01)
            r"model failed to load, this may be due to resource limitations",
            r"an error was encountered while running the model: (?:unexpected EOF|read tcp)",
            # llm/server.go's stream read from the runner (0.1.3x on), the Windows reports' "wsarecv ... forcibly closed"
            r"error reading (?:llm|llama-server(?: chat)?) response: (?:read tcp|unexpected EOF|EOF)",  # 0.30 on: llama-server
        ),
        severity="fail",
        cause=("Ollama's model runner process died while serving the request; the reason (out of memory, a CUDA "
               "error, a crash) is in the server's log, not in the client's message."),
        advice=("Read the Ollama server log around the failure (`journalctl -u ollama --no-pager | tail -100` on "
                "Linux, server.log on Windows and macOS) and run gpudoctor on it; if the runner ran out of memory, use "
                "a smaller context (num_ctx in the request or Modelfile, OLLAMA_CONTEXT_LENGTH on the server: since "
                "0.15.5 Ollama defaults to 32768 tokens on 24-48 GiB of VRAM and 262144 on more) or a smaller model; "
                "if it crashed inside a newer model, update Ollama to the latest release, where such crashes are most "
                "often fixed."),
        action="restart-application",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/continuedev/continue/issues/11241", "https://github.com/ollama/ollama/issues/11380",
                 TROUBLESHOOTING, "https://docs.ollama.com/context-length"),
        checked="2026-11-25",
        examples=("ollama/continue-11241-model-runner-unexpectedly-stopped.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-old-cuda-option",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        # llama.cpp's llama_option_depr (mid-2024 on): the old option is ignored, so the build has no CUDA backend
        patterns=(r"\bLLAMA_(?P<option>CUDA|CUBLAS) is deprecated and will be removed in the future",),
        severity="warn",
        cause=("llama.cpp was configured with the old LLAMA_{option} option, which it no longer honours (it is "
               "GGML_CUDA now): releases that only warn build without CUDA, so the program runs on the CPU, and those "
               "that treat it as a CMake error (LLAMA_CUBLAS since 2025) stop the build, a pip install of "
               "llama-cpp-python included."),
        advice=("Configure a fresh build with the new option, `cmake -B build -DGGML_CUDA=ON` then `cmake --build build "
                "--config Release` (for llama-cpp-python: CMAKE_ARGS=\"-DGGML_CUDA=on\")."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/8155", "https://github.com/instructlab/instructlab/pull/3014",
                 LLAMA_CPP_BUILD),
        checked="2026-11-25",
        examples=("ollama/llamacpp-8155-llama-cuda-deprecated-cpu-build.txt",
                  "ollama/instructlab-3014-llama-cublas-deprecated-cmake-error.txt"),
    ),
    Signature(
        code="ollama.model-not-in-this-server",
        cause_id="ollama-model-missing",
        kinds=("any",),
        # server/routes.go: the API's 404 (quoted 'name' before 0.1.30, "name" after; escaped inside JSON)
        patterns=(
            # (quotes escaped once inside JSON, twice where a JSON body is shown inside a Python or JS string)
            r"[Mm]odel [\\'\"]{0,4}(?P<model>[\w.:/-]{1,80})[\\'\"]{0,4} not found, try pulling it first",
            # the same 404 as newer servers word it in their JSON body, and as LangChain's Ollama wrapper reports it
            r"\"error\":\"model '(?P<model>[\w.:/-]{1,80})' not found\"",
            r"Ollama call failed with status code 404\. Maybe your model is not found and you should pull the model "
            r"with `ollama pull (?P<model>[\w.:/-]{1,80})`",
            # ollama-python's ResponseError (str: the server's error, then its status), the CLI's `Error: ...`, the
            # OpenAI-compatible endpoint's error message (openai-python prints it in a dict), and `ollama launch`
            r"model '(?P<model>[\w.:/-]{1,80})' not found \(status code: 404\)",
            r"^\W{0,4}Error: model '(?P<model>[\w.:/-]{1,80})' not found",
            r"[\"']message[\"']: ?[\"']model \\?'(?P<model>[\w.:/-]{1,80})\\?' not found[\"']",
            r"model \"(?P<model>[\w.:/-]{1,80})\" not found; run 'ollama pull",
            # Continue's rewording of the same 404 (core/llm/llms/Ollama.ts)
            r"The model \"(?P<model>[\w.:/-]{1,80})\" was not found\. To download it, run `ollama (?:run|pull) ",
        ),
        severity="fail",
        cause=("The Ollama server that answered has no model {model} in its store: it was never pulled there under "
               "that name (a typo, a missing tag), or it was pulled through another server (the systemd service runs "
               "as user ollama with its own models directory; an `ollama serve` started by hand uses "
               "~/.ollama/models) or another OLLAMA_MODELS or OLLAMA_HOST."),
        advice=("Check the name against the server's own list (`ollama list`): a client that asks for a name the "
                "server does not have (a typo, a missing tag, a model made with `ollama create` under another name) "
                "gets this; `ollama pull {model}` there if it is missing. If `ollama list` shows it, two servers are "
                "involved: stop any hand-started `ollama serve` and put its settings (OLLAMA_HOST, OLLAMA_MODELS) in "
                "the systemd service (`sudo systemctl edit ollama.service`, then `sudo systemctl daemon-reload` and a restart of that service)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/1144", "https://github.com/ollama/ollama/issues/1296",
                 "https://github.com/ollama/ollama/issues/5430", FAQ, "https://github.com/continuedev/continue/issues/12740"),
        checked="2026-11-25",
        examples=("ollama/ollama-1144-model-not-found-two-users.txt",
                  "ollama/airesearcher-42-config-model-name-not-in-ollama.txt",
                  "ollama/continue-12740-model-was-not-found.txt"),
    ),
    Signature(
        code="ollama.model-tensor-not-found",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # llama.cpp's loader (create_tensor; llama_model_load since 2025) when the GGUF's layout is newer than it;
        # between the two (2024) its check_tensor_dims named the tensor missing or shaped otherwise
        patterns=(
            r"create_tensor: tensor '(?P<tensor>[\w.-]{1,80})' not found",
            r"error loading model: missing tensor '(?P<tensor>[\w.-]{1,80})'",
            r"check_tensor_dims: tensor '(?P<tensor>[\w.-]{1,80})' (?:not found|has wrong shape)",
        ),
        severity="fail",
        cause=("The model's GGUF has a tensor ({tensor}) that this llama.cpp build (or the Ollama or llamafile built "
               "on it) does not expect: the file was made for a newer release."),
        advice=("Upgrade Ollama, llama.cpp or llamafile to a release newer than the model's GGUF (the model's page "
                "names the version it needs), or use a GGUF converted for the release you have."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/mozilla-ai/llamafile/issues/219", "https://github.com/ggml-org/llama.cpp/issues/23033",
                 "https://github.com/ollama/ollama/issues/5015", "https://github.com/ollama/ollama/issues/4193",
                 "https://github.com/ollama/ollama/issues/10180"),
        checked="2026-11-26",
        examples=("ollama/llamafile-219-create-tensor-not-found.txt",
                  "ollama/ollama-5015-check-tensor-dims-output-weight-not-found.txt",
                  "ollama/ollama-4193-create-tensor-ffn-gate-not-found.txt",
                  "ollama/ollama-10180-phi4-mini-missing-tensor-output-weight.txt"),
    ),
    Signature(
        code="ollama.server-cannot-load-model",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # server/routes.go's 500 when the scheduler cannot open the model (most often an architecture this release
        # lacks: a model published after it); the CLI says "Error: 500 Internal Server Error: ...", the Python
        # client "ResponseError: ... (status code: 500)"
        patterns=(
            r"500 Internal Server Error: unable to load model\b",
            r"ResponseError: unable to load model\b",
            r"\berror\"?:\"?unable to load model: [^\s\"]{0,200}?blobs",
            # the CLI's own line for the same refusal (0.5 and later print the server's message after "Error: "),
            # and the wording of 0.1.x: "error loading model <blob>", "llama runner: failed to load model ...: this
            # model may be incompatible with your version of Ollama"
            r"\bError: unable to load model: [^\s\"]{0,200}?blobs",
            r"\bError: error loading model [^\s\"]{0,200}?blobs",
            r"this model may be incompatible with your version of Ollama",
        ),
        severity="fail",
        cause=("The Ollama server could not load the model it has pulled: most often the model is newer than this "
               "Ollama release (its architecture arrived in a later one)."),
        advice=("Upgrade Ollama to the newest release (Linux: `curl -fsSL https://ollama.com/install.sh | sh`; "
                "Windows and macOS: the app's update, or the download page), then run the model again; if the "
                "newest release fails too, remove and pull the model again (`ollama rm MODEL`, `ollama pull MODEL`). "
                "A hf.co/... GGUF with a separate vision file runs on Ollama's llama.cpp engine, which can lack an "
                "architecture the Ollama library's copy of the model has: pull the library's model instead."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/14575",
                 "https://github.com/ollama/ollama/issues/14419", "https://github.com/ollama/ollama/issues/12693",
                 "https://github.com/ollama/ollama/issues/11710", "https://github.com/ollama/ollama/issues/12814",
                 "https://github.com/ollama/ollama/issues/10460", "https://github.com/ollama/ollama/issues/10154",
                 "https://github.com/ollama/ollama/issues/3254", "https://github.com/ollama/ollama/issues/1605"),
        checked="2026-11-26",
        examples=("ollama/ollama-14419-qwen35-unable-to-load-model.txt",
                  "ollama/ollama-12693-granite4-unable-to-load-model.txt",
                  "ollama/ollama-10460-qwen3-unable-to-load-model-0-6-4.txt",
                  "ollama/ollama-10154-mistral-small-2503-needs-0-6-5.txt",
                  "ollama/ollama-3254-error-loading-model-blobs-0-1-28.txt"),
    ),
    Signature(
        code="ollama.runner-killed",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        # Go's os/exec wording for SIGKILL: on Linux, almost always the kernel's out-of-memory killer
        patterns=(r"(?:llama runner|llama-server) process has terminated: signal: killed",
                  # text-generation-webui's llama-server wrapper: Python's returncode -9 is SIGKILL
                  r"\bterminated unexpectedly with exit code: -9\b"),
        severity="fail",
        cause=("The model's runner was killed (SIGKILL), most often by the kernel's out-of-memory killer: the part "
               "of the model kept in system memory, with its context, did not fit in RAM."),
        advice=("Confirm with `journalctl -k | grep -i -E 'out of memory|oom'` (or `dmesg`), then give the model room: "
                "a smaller model or quantisation, a smaller context (num_ctx), more of it on the GPU, or close other "
                "programs."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6238", "https://github.com/ollama/ollama/issues/10739",
                 "https://github.com/ollama/ollama/issues/11231"),
        checked="2026-11-25",
        examples=("ollama/ollama-6238-runner-signal-killed-8gb.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-mlock-warning",
        cause_id="none",
        kinds=("any",),
        # llama.cpp's llama_mlock (--mlock, use_mlock): a warning; the buffer stays loaded, only unlocked
        patterns=(r"failed to mlock (?P<size>\d{1,15})-byte buffer",),
        severity="info",
        cause=("llama.cpp could not lock {size} bytes of the model in RAM (RLIMIT_MEMLOCK is lower); it goes on "
               "without locking, so the model still loads and runs."),
        advice=("Nothing is broken: to silence it, load without mlock (drop --mlock, or use_mlock=False), or raise "
                "the limit (`ulimit -l unlimited` as root; `--ulimit memlock=-1` for a Docker container)."),
        action="none",
        rules_out=("a GPU or driver problem", "a shortage of GPU memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/h2oai/h2ogpt/issues/812", "https://github.com/abetlen/llama-cpp-python/issues/254",
                 "https://github.com/ggml-org/llama.cpp/issues/4072"),
        checked="2026-11-25",
        examples=("ollama/h2ogpt-812-mlock-warning-l4.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-native-arch-undetected",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        # CMake's CUDA_ARCHITECTURES=native found no GPU (docker build, no driver) or is too old for "native", so
        # nvcc gets an empty or textual architecture; numbered ones are cuda.py's and wheels.py's rows
        patterns=(r"Unsupported gpu architecture 'compute_(?P<arch>No CUDA [Dd]evices found\.?|native|)'",),
        severity="fail",
        cause=("The CUDA build asked nvcc for the architecture CMake detected natively ('{arch}'), but no GPU was "
               "visible where it built (a `docker build`, a machine without the driver) or CMake is too old for "
               "\"native\"."),
        advice=("Name the architectures instead of detecting them: `cmake -B build -DGGML_CUDA=ON -DGGML_NATIVE=OFF "
                "-DCMAKE_CUDA_ARCHITECTURES=\"86;89\"` (the compute capabilities of the GPUs it will run on, "
                "`nvidia-smi --query-gpu=compute_cap --format=csv`), in a fresh build directory."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/18430", "https://github.com/ggml-org/llama.cpp/pull/18413",
                 "https://github.com/ggml-org/llama.cpp/pull/18426", "https://github.com/ggml-org/llama.cpp/pull/10389"),
        checked="2026-11-25",
        examples=("ollama/llamacpp-18430-compute-no-cuda-devices-found.txt",),
    ),
)

# Written blind for issue 25 (sixth round): models that must be converted before Ollama or llama.cpp can run them.
# Ollama's `create` converts safetensors itself only for the architectures its convert package knows
# (convert/convert.go); llama.cpp's convert_hf_to_gguf.py refuses an architecture it has no class for.
MODEL_SIGNATURES += (
    Signature(
        code="ollama.import-unsupported-architecture",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            r"error converting from safetensors\\?\"? error=\\?\"unsupported architecture",
            # the client's answer after "converting model" (the same line when a paste joins them)
            r"(?:^|converting model )Error: unsupported architecture(?!:)",
        ),
        severity="fail",
        cause=("Ollama's safetensors import does not know this model's architecture, so `ollama create` cannot "
               "convert it."),
        advice=("Convert the model to GGUF with llama.cpp's convert_hf_to_gguf.py and point the Modelfile's FROM at the "
                "GGUF file; or use a newer Ollama if its import lists the architecture."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/10602", "https://github.com/ollama/ollama/issues/6858",
                 "https://github.com/ollama/ollama/issues/10904", "https://github.com/ollama/ollama/blob/main/docs/import.mdx"),
        checked="2026-11-26",
        examples=("ollama/ollama-10602-import-qwen3-unsupported-architecture.txt",
                  "ollama/ollama-6858-adapter-phi3-medium-unsupported-architecture.txt"),
    ),
    Signature(
        code="ollama.gguf-converter-unsupported-architecture",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            r"ERROR:hf-to-gguf:Model (?P<architecture>\w{1,80}) is not supported",
            r"NotImplementedError: Architecture [\"'](?P<architecture>\w{1,80})[\"'] not supported!",  # before mid-2024
        ),
        severity="fail",
        cause="This llama.cpp's convert_hf_to_gguf.py has no converter for the architecture {architecture}.",
        advice=("Update llama.cpp (`git pull`, then `pip install -r requirements.txt`) to a release whose "
                "convert_hf_to_gguf.py supports the architecture, or use a GGUF converted with such a release; if the "
                "newest release lacks it too, llama.cpp cannot run the model yet."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/11541", "https://github.com/ggml-org/llama.cpp/issues/7922",
                 "https://github.com/ggml-org/llama.cpp/issues/23674"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-11541-qwen25-vl-hf-to-gguf-unsupported.txt",),
    ),
)
