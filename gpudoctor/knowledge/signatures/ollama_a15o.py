"""Issue 25, written blind (helper a15o): how people describe Ollama's and llama.cpp's common failures in their words.

A growing share of the threads people open hold no error line at all: "the GPU usage never goes above 25 % while the
CPU is at 100 %", "I have a P40 and a K80 and it will not use the GPU", "my browser extension gets 403 from
Ollama", a context of 256k set in the server's environment. These rows read those words, and the lines around
them that the generic rows miss (the context column of `ollama ps`, a server's environment line, the published
llama.cpp image's own libraries). Rows that read a person's description are warnings, and their cause says what
the description suggests; rows that read a program's own line are failures.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_placement import OFFLOAD_ADVICE

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
GPU_DOC = "https://github.com/ollama/ollama/blob/main/docs/gpu.md"
# A line that names a local runner or a GGUF model (a tag such as llama3:70b or gpt-oss-20b), so that words about low
# GPU use are read only where Ollama, llama.cpp or a model of theirs is the program, not a training loop's data loader.
_LOCAL_RUNNER = (r"^(?=[^\n]{0,400}?(?:\b[Oo]llama\b|\bllama\.cpp\b|\bllama-server\b|\bGGUF\b|\bgguf\b|\bLM Studio\b"
                 r"|[:-]\d{1,3}(?:\.\d)?[bB]\b))")
# A context of 100,000 tokens or more (six or seven digits).
_HUGE_CTX = r"(?P<ctx>[1-9]\d{5,6})"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.gpu-mostly-idle-described",
        described=True,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # "the GPU utilization is quite low (at most around 25 %) while the CPU usage is very high"
            _LOCAL_RUNNER + r"[^\n]{0,400}?\b[Gg][Pp][Uu] (?:usage|utili[sz]ation)\b[^\n]{0,60}?"
            r"\b(?:low|never|only|at most|barely|below|under|stays?)\b[^\n]{0,160}?\b(?:CPU|cpu)\b",
            # "the CPU is at 100 % and the GPU usage stays at 10 %"
            _LOCAL_RUNNER + r"[^\n]{0,400}?\b(?:CPU|cpu)\b[^\n]{0,80}?(?:\b100 ?%|\b[89]\d ?%|\bmaxed\b|\bfull\b|\bhigh\b)"
            r"[^\n]{0,120}?\b[Gg][Pp][Uu] (?:usage|utili[sz]ation)\b",
        ),
        severity="warn",
        cause=("The description suggests part of the model runs on the CPU: when a model does not fit in the GPU's "
               "free memory as loaded, Ollama (or llama.cpp) keeps the remaining layers in system RAM and runs them "
               "on the CPU, which then sets the speed while the GPU mostly waits (low GPU use, high CPU use)."),
        advice=("Check the split first: `ollama ps` (its PROCESSOR column, e.g. 40%/60% CPU/GPU) or the server log's "
                "\"offloaded N/M layers to GPU\". " + OFFLOAD_ADVICE),
        action="configure",
        rules_out=("a driver fault: the GPU is found and used",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/ollama/ollama/issues/11769", "https://github.com/ollama/ollama/issues/2794", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-11769-gpt-oss-20b-gpu-25-percent-cpu-high.txt",),
    ),
    Signature(
        code="ollama.long-context-setting",
        # (and the client's "model failed to load, this may be due to resource limitations": the context is why)
        refines=("ollama.ps-split-cpu-gpu", "ollama.partial-offload", "ollama.large-model-slow-partly-on-cpu",
                 "ollama.gpu-mostly-idle-described", "ollama.model-runner-stopped"),
        refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # `ollama ps` from 0.12 has a CONTEXT column after PROCESSOR: a split beside a context of 100k or more
            r"\b\d{1,3}%/\d{1,3}% CPU/GPU\s{1,12}" + _HUGE_CTX + r"\b",
            r"\b100% CPU\s{1,12}" + _HUGE_CTX + r"\b",
            # the server's environment (its start-up "server config" line, a unit's Environment=, docker -e, export)
            r"\bOLLAMA_CONTEXT_LENGTH[:=]\\?\"?" + _HUGE_CTX + r"\b",
            # the CLI's /set, an API request's options, the runner's command line
            r"/set parameter num_ctx " + _HUGE_CTX + r"\b",
            # a Modelfile's line (`ollama show --modelfile`, or one written to make a long-context variant)
            r"\bPARAMETER num_ctx " + _HUGE_CTX + r"\b",
            r"\"num_ctx\\?\"\s?:\s?" + _HUGE_CTX + r"\b",
            r"\bnum_ctx=" + _HUGE_CTX + r"\b",
            r"\bKvSize:" + _HUGE_CTX + r"\b",
        ),
        severity="warn",
        cause=("The context is set to {ctx} tokens: Ollama sizes the KV cache and the compute graph for the whole "
               "context on each GPU beside the model's weights, and where that does not fit it puts layers, or the "
               "whole model, on the CPU and answers several times slower, or not at all (`ollama ps` shows a CPU/GPU "
               "split). Since 0.15.5 Ollama itself picks 262144 where the GPUs hold 48 GiB or more in all."),
        advice=("Set the context the work needs, not the model's maximum: OLLAMA_CONTEXT_LENGTH in the server's "
                "environment (e.g. 32768; `sudo systemctl edit ollama`, Environment=\"OLLAMA_CONTEXT_LENGTH=32768\", "
                "then `sudo systemctl restart ollama`), num_ctx in the request's options or the Modelfile, or "
                "`/set parameter num_ctx 32768`; or quantize the KV cache with flash attention "
                "(OLLAMA_FLASH_ATTENTION=1 and OLLAMA_KV_CACHE_TYPE=q8_0) and restart the server. More GPUs of the "
                "same size do not help much: the graph is held on every one; `ollama ps` reads 100% GPU once it fits."),
        action="configure",
        rules_out=("a driver fault", "a GPU that Ollama did not find"),
        never_suggest=("reinstall the driver", "update the driver", "OLLAMA_SCHED_SPREAD"),
        sources=("https://github.com/intel/ipex-llm/issues/13248", "https://github.com/ollama/ollama/issues/14116",
                 "https://docs.ollama.com/context-length", FAQ),
        checked="2026-11-26",
        examples=("ollama/ipexllm-13248-num-ctx-131072-above-train-context.txt",),
    ),
    Signature(
        code="ollama.kepler-card-beside-supported-gpu",
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # (a "Tesla K80" on one line with Ollama is ollama.kepler-gpu-unsupported's; these read the rest)
        patterns=(
            # a Kepler card (compute capability 3.x) named beside a card that current builds do support
            r"\b(?P<gpu>K80|k80|K40[cm]?|k40[cm]?)\b[^\n]{0,160}?"
            r"\b(?:[Pp](?:40|100|4)|[Mm](?:40|60)|[Tt]4|[Vv]100|RTX ?\d{4}|GTX ?\d{3,4})\b",
            r"\b(?:[Pp](?:40|100|4)|[Mm](?:40|60)|[Tt]4|[Vv]100|RTX ?\d{4}|GTX ?\d{3,4})\b[^\n]{0,160}?"
            r"\b(?P<gpu>K80|k80|K40[cm]?|k40[cm]?)\b",
            # a Kepler card named by a person with Ollama or llama.cpp, without "Tesla" before it
            r"(?<![Tt]esla )\b(?P<gpu>K80|k80|K40[cm]?|k40[cm]?)\b[^\n]{0,160}?\b(?:[Oo]llama|llama\.cpp)\b",
            r"\b(?:[Oo]llama|llama\.cpp)\b[^\n]{0,160}?(?<![Tt]esla )\b(?P<gpu>K80|k80|K40[cm]?|k40[cm]?)\b",
            # a Kepler card said to leave the work on the CPU
            r"\b(?P<gpu>K80|k80|K40[cm]?|k40[cm]?)\b[^\n]{0,160}?\b(?:on (?:the )?(?:CPU|cpu)|(?:CPU|cpu)[ -]only|only "
            r"(?:uses? )?(?:the )?(?:CPU|cpu))\b",
        ),
        severity="warn",
        cause=("A Kepler card ({gpu}, compute capability 3.5/3.7) is in this machine: current Ollama and llama.cpp "
               "builds need compute capability 5.0 or newer, so they cannot use it, and Ollama releases of early "
               "2024 turned GPU use off altogether when any GPU was unsupported, even beside a supported one (a P40)."),
        advice=("Check each GPU's compute capability (`nvidia-smi --query-gpu=index,name,compute_cap,uuid "
                "--format=csv`). Hide the Kepler card from Ollama so it uses the supported GPU: "
                "CUDA_VISIBLE_DEVICES set to the supported GPU's UUID in the server's environment "
                "(`sudo systemctl edit ollama`, Environment=\"CUDA_VISIBLE_DEVICES=GPU-...\", then "
                "`sudo systemctl restart ollama`), update Ollama (later releases skip unsupported cards), or take "
                "the Kepler card out, which also lets the other one use a driver newer than the 470 legacy branch."),
        action="configure",
        rules_out=("a broken driver install",),
        never_suggest=("reinstall the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/pull/2233", "https://github.com/ollama/ollama/issues/1756", GPU_DOC),
        checked="2026-11-26",
        examples=("ollama/ollama-pr2233-tesla-k80-cc37-still-on-cpu.txt",),
    ),
    Signature(
        code="ollama.origin-refused-described",
        described=True,
        cause_id="ollama-origin-not-allowed",
        kinds=("any",),
        patterns=(
            # "run on ollama, 403 err", "On the Ollama log there is a 403", "ollama error 403" (not the registry's 403
            # to a pull: a line naming a manifest, the registry or a pull is left to the registry rows)
            r"^(?![^\n]{0,300}?\b(?:manifest|registry|[Pp]ull(?:ing)?)\b)[^\n]{0,300}?(?<![./-])\b[Oo]llama\b(?![./-])"
            r"[^\n]{0,100}?\b403\b",
            r"^(?![^\n]{0,300}?\b(?:manifest|registry|[Pp]ull(?:ing)?)\b)[^\n]{0,300}?\b403\b[^\n]{0,100}?"
            r"(?<![./-])\b[Oo]llama\b(?![./-])",
            # an extension or plug-in reporting 403 in its own words
            r"\b(?:[Ee]xtension|plug-?in|[Aa]dd-?on)\b[^\n]{0,160}?\b403\b",
            r"\b403\b[^\n]{0,100}?\b(?:[Ee]xtension|plug-?in|[Aa]dd-?on)\b",
            # the 403 the server gives a browser page: the fetch error names Ollama's port
            r"\b403\b[^\n]{0,80}?:11434\b",
            r":11434\b[^\n]{0,120}?\b403\b",
        ),
        severity="warn",
        cause=("The description suggests the Ollama server refuses this client's origin: a browser extension, an "
               "editor plug-in or a web page sends an Origin header (chrome-extension://, moz-extension://, app://) "
               "that is not among the origins Ollama allows (localhost ones by default), and Ollama answers 403."),
        advice=("Allow the client's origin in the Ollama server's environment with OLLAMA_ORIGINS (comma-separated, "
                "e.g. chrome-extension://*,moz-extension://*,safari-web-extension://* or * for any) and restart the "
                "server: on Linux `sudo systemctl edit ollama.service`, add "
                "`Environment=\"OLLAMA_ORIGINS=chrome-extension://*\"` under [Service], then "
                "`sudo systemctl daemon-reload && sudo systemctl restart ollama`; on Windows and macOS set it for the "
                "user (`setx OLLAMA_ORIGINS \"chrome-extension://*\"`, `launchctl setenv OLLAMA_ORIGINS ...`) and "
                "quit and restart the Ollama app; in Docker pass `-e OLLAMA_ORIGINS=...`."),
        action="configure",
        rules_out=("a GPU or driver fault", "a server that is not running"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/zai-org/CodeGeeX4/issues/30", "https://github.com/s2b-dev/smart-second-brain/issues/71",
                 "https://github.com/ollama/ollama/pull/1797", FAQ),
        checked="2026-11-26",
        examples=("ollama/codegeex4-30-run-on-ollama-403-origins.txt",),
    ),
    Signature(
        code="ollama.models-dir-create-failed",
        cause_id="ollama-models-permission",
        kinds=("any",),
        patterns=(
            # the key pair's or the models' directory on Windows (a drive that moved, a folder the user cannot write)
            r"(?:could not create directory |Error: )mkdir (?P<path>[A-Za-z]:\\[^:\n]{1,200}): (?P<reason>Access is "
            r"denied|The system cannot find the (?:path|file) specified|The device is not ready)",
            # the key's directory pasted without the space after the colon (the home of a user the installer did not
            # create when its install directory was moved)
            r"could not create directory mkdir (?P<path>[^:\s]{1,200}):(?P<reason>permission denied|read-only file system)",
            # OLLAMA_MODELS on a read-only mount, a sandboxed unit (ProtectSystem=strict) or an immutable system's /usr
            r"Error: (?:mkdir|rename|open) (?P<path>[^:\s]{1,200})[^\n]{0,240}?: (?P<reason>read-only file system)",
        ),
        severity="fail",
        cause=("The Ollama server cannot create {path} ({reason}): the directory it keeps its key and models in "
               "(OLLAMA_MODELS, else .ollama under its user's home) is on a drive or path that its user cannot write "
               "(a read-only mount, a sandboxed service) or that is no longer there, so it exits at start or the pull "
               "fails."),
        advice=("Point Ollama at a models directory its user can create and write: set OLLAMA_MODELS to an existing "
                "folder on a drive that is there (on Windows a user environment variable, then quit and restart the "
                "Ollama app; on Linux `sudo systemctl edit ollama.service`, Environment=\"OLLAMA_MODELS=/path\", "
                "`sudo chown -R ollama:ollama /path` and parents the ollama user can traverse, then "
                "`sudo systemctl restart ollama`), or move the folder back where the setting points. A sandboxed unit "
                "(ProtectSystem=strict) needs the directory in ReadWritePaths=; on NixOS set it with the module's "
                "models option (services.ollama.models, which the module makes writable; older modules: writablePaths "
                "or sandbox = false)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "run ollama as root"),
        sources=("https://github.com/NixOS/nixpkgs/issues/304531", "https://github.com/NixOS/nixpkgs/pull/305076",
                 "https://github.com/ollama/ollama/pull/6587", FAQ),
        checked="2026-11-26",
        examples=("ollama/nixpkgs-304531-ollama-models-read-only-sandboxed-unit.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-image-missing-own-library",
        refines=("ollama.llama-cpp-shared-libs-not-found",),
        cause_id="llama-cpp-libs-not-found",
        kinds=("any",),
        patterns=(
            # the published images (ghcr.io/ggml-org/llama.cpp:server-cuda, server-cuda13, full, light) keep their
            # programs and libraries in /app; an image built wrong leaves the loader without one of them
            r"/app/(?P<binary>[\w.-]{1,40}): error while loading shared libraries: "
            r"(?P<library>lib(?:llama|ggml|mtmd)[\w-]{0,30}\.so(?:\.\d{1,3})?): cannot open shared object file",
            # llama.cpp's own libraries that the generic row's names do not cover (libllama-common, from 2026)
            r"(?<!/app/)\b(?:llama-[\w-]{1,30}|rpc-server): error while loading shared libraries: "
            r"(?P<library>libllama-[\w-]{1,30}\.so(?:\.\d{1,3})?): cannot open shared object file",
        ),
        severity="fail",
        cause=("The llama.cpp program cannot start: the dynamic loader does not find {library}, one of llama.cpp's own "
               "libraries, which a published image (its programs in /app) or an installed build must keep beside the "
               "program or on the loader's path."),
        advice=("For the published Docker image: use a tag built right (pull the next build, `docker pull "
                "ghcr.io/ggml-org/llama.cpp:server-cuda`, or pin the last tag that worked, e.g. server-cuda-bNNNN), or "
                "work around it with `-e LD_LIBRARY_PATH=/app` (the libraries are in /app beside the programs). For a "
                "local build, run the programs from build/bin or `export LD_LIBRARY_PATH=/path/to/build/bin`, or "
                "`cmake --install build && sudo ldconfig`."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/mostlygeek/llama-swap/issues/398", "https://github.com/ggml-org/llama.cpp/issues/23550",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/docker.md"),
        checked="2026-11-26",
        examples=("ollama/llamaswap-398-image-libmtmd-not-found.txt",),
    ),
)
