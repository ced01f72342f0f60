"""What the local-LLM front ends and Ollama's clients hit, found by tool and by symptom (issue 25, thirteenth wave).

Written blind, from the tools' own messages (Ollama's api/types.go and envconfig, ...) and threads on their
trackers. Each row reads the library's own words, so any client's paste that holds them is read.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_NEVER_DRIVER = ("reinstall the driver", "update the driver")

BREADTH13_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.request-option-unknown",
        cause_id="none",
        kinds=("any",),
        # api/types.go (Options.FromMap): a request's "options" key Ollama has no field for is logged and skipped;
        # releases before ollama#6202 (August 2024) printed option="" instead of the name
        patterns=(r'msg="invalid option provided" option=(?P<option>"[^"\n]{0,60}"|[^\s"]{1,60})',),
        severity="info",
        cause=("The client sent Ollama a request option it does not know ({option}), so Ollama ignored it and served "
               "the request with its default; tfs_z and penalize_newline, removed in Ollama 0.5, are the usual ones."),
        advice=("Nothing is broken: Ollama ignores the option. If the setting was meant to take effect, use Ollama's "
                "own option names (num_ctx, num_predict, num_gpu, stop, not n_ctx, max_tokens or gpu_layers); "
                "to silence the warning, update the client or drop the option from its settings."),
        action="none",
        rules_out=("a GPU or driver problem", "a failed model load"),
        never_suggest=_NEVER_DRIVER + ("reinstall Ollama",),
        sources=("https://github.com/twinnydotdev/twinny/issues/251", "https://github.com/browser-use/web-ui/issues/20",
                 "https://github.com/olimorris/codecompanion.nvim/pull/1152",
                 "https://github.com/IBM/prompt-declaration-language/issues/562",
                 "https://github.com/ollama/ollama/pull/6202"),
        checked="2026-11-26",
        examples=("ollama/twinny-251-invalid-option-tfs-z.txt", "ollama/browseruse-webui-20-tfs-z-warn.txt"),
    ),
    Signature(
        code="ollama.llama-server-no-mmproj",
        cause_id="multimodal-projector-missing",
        kinds=("any",),
        # llama-server's refusal of image (or audio) content without a loaded projector: "image input is not
        # supported - hint: if this is unexpected, you may need to provide the mmproj" (mid-2025 on), "image input is
        # not supported by this server" (May 2025), and the 2023-2024 server's and llamafile's "The server was not
        # compiled for multimodal or the model projector can't be loaded"; front ends quote them in their errors
        patterns=(
            r"image input is not supported(?= by this server| - hint)",
            r"[Tt]he server was not compiled for multimodal or the model projector can't be loaded",
        ),
        severity="fail",
        cause=("The llama.cpp server has no multimodal projector loaded: a vision model was started from its GGUF "
               "alone, without the mmproj file that encodes images (or the model is text-only), so every image "
               "input is refused; nothing is wrong with the GPU."),
        advice=("Start llama-server with the model's projector: llama-server -m MODEL.gguf --mmproj "
                "mmproj-MODEL.gguf (the mmproj GGUF from the same Hugging Face repository), or load it with -hf "
                "USER/REPO, which downloads the projector too; in an app that starts llama-server itself, keep the "
                "mmproj file beside the model or update the app so it passes --mmproj. A text-only model cannot "
                "take images: pick a vision model."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/llamastash/llamastash/issues/13", "https://github.com/mozilla-ai/llamafile/issues/298",
                 "https://github.com/ggml-org/llama.cpp/issues/13566", "https://github.com/ggml-org/llama.cpp/issues/17720",
                 "https://github.com/ggml-org/llama.cpp/issues/15377"),
        checked="2026-11-26",
        examples=("ollama/llamastash-13-image-input-hint-mmproj-not-passed.txt",
                  "ollama/llamafile-298-server-not-compiled-multimodal-projector.txt",
                  "ollama/llamacpp-13566-image-input-not-supported-no-mmproj.txt"),
    ),
    Signature(
        code="ollama.gpt4all-cpu-without-avx",
        cause_id="cpu-instructions-missing",
        kinds=("any",),
        # GPT4All's backend loader (gpt4all-backend/src/llmodel.cpp) before it looks for an implementation: the
        # bindings print "LLModel ERROR: CPU does not support AVX" above their "Unable to instantiate model" (code=45,
        # "no matching implementation found"); the chat app shows "Incompatible hardware detected" and this sentence
        patterns=(
            r"CPU does not support (?P<ext>AVX2?)\b",
            r"your CPU does not meet the minimal requirements to run this program",
        ),
        severity="fail",
        cause=("The processor (or the virtual CPU a VM gives it) does not offer AVX, which GPT4All's llama.cpp "
               "backends are built for, so no backend loads and every model fails, whatever its format."),
        advice=("Check the CPU's flags (CPU-Z or coreinfo on Windows, `grep -o -w avx /proc/cpuinfo` on Linux): in a "
                "virtual machine set the CPU type to host (Proxmox/QEMU 'host', not kvm64) so AVX is passed through; "
                "on a CPU without AVX, GPT4All cannot run: use another machine, or a llama.cpp build made without "
                "AVX (slow)."),
        action="configure",
        rules_out=("the model file", "the NVIDIA driver"),
        never_suggest=_NEVER_DRIVER + ("download the model again",),
        sources=("https://github.com/nomic-ai/gpt4all/pull/1499", "https://github.com/nomic-ai/gpt4all/issues/1894",
                 "https://github.com/nomic-ai/gpt4all/issues/1687", "https://github.com/nomic-ai/gpt4all/issues/1540",
                 "https://github.com/nomic-ai/gpt4all/issues/1822"),
        checked="2026-11-26",
        examples=("ollama/gpt4all-1894-cpu-without-avx-python-312.txt",
                  "ollama/gpt4all-1499-llmodel-error-cpu-avx-code-45.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-binary-stale-library",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # the dynamic linker's words when a llama.cpp program (or its versioned libllama.so.0) resolves a symbol of
        # its own release against an older build's libllama/libggml/libmtmd found first: the executable's own path
        # ("./llama-server: undefined symbol: mtmd_...") or a versioned library; a plain "X.so: undefined symbol" is
        # ollama.llama-library-shadowed's, an Ollama runner's path its runner rows'. Windows' loader dialog says it
        # with "procedure entry point"
        patterns=(
            r"symbol lookup error: (?![^\s:]{0,300}ollama)(?P<path>[^\s:]{1,300})(?<!\.so): undefined symbol: "
            r"(?P<symbol>(?:llama|ggml|gguf|mtmd|common)_\w{1,80})",
            r"[Tt]he procedure entry point (?P<symbol>(?:llama|ggml|gguf|mtmd)_\w{1,80}) could not be located in the "
            r"dynamic link library",
        ),
        severity="fail",
        cause=("A llama.cpp program loaded another build's libllama, libggml or libmtmd (an older install found "
               "first on the library path, or another project's ggml such as whisper.cpp's) that lacks {symbol}, "
               "instead of the libraries built with it."),
        advice=("See which copies it loads: `ldd $(which llama-server) | grep -E 'llama|ggml|mtmd'` (Windows: the "
                "DLLs beside the .exe and on PATH); remove the old llama.cpp libraries a previous `cmake --install` or "
                "package left in /usr/local/lib or /usr/local/lib64 (then `sudo ldconfig`), or drop the "
                "LD_LIBRARY_PATH entry pointing at them, so the binary uses the libraries of its own release; keep "
                "each release's binaries and libraries together when upgrading."),
        action="configure",
        rules_out=("a GPU or driver fault", "a broken model file"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/ggml-org/llama.cpp/issues/23163", "https://github.com/ggml-org/llama.cpp/issues/8695",
                 "https://github.com/abetlen/llama-cpp-python/issues/2366"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-23163-mtmd-symbol-stale-usr-local-lib.txt",),
    ),
    Signature(
        code="ollama.embedding-nan",
        cause_id="embedding-nan",
        kinds=("any",),
        # Ollama's embed handlers: before the check in server/routes.go (normalize: "embedding contains NaN or Inf
        # values") the NaN reached Go's encoder, whose error Ollama returned as "failed to encode response: json:
        # unsupported value: NaN"; clients quote either inside their own 500 error
        patterns=(
            r"json: unsupported value: (?P<value>NaN|[+-]?Inf)\b",
            r"(?<=embedding )contains NaN or Inf values",  # keyed on "contains": "embedding" is in every load's lines
        ),
        severity="fail",
        cause=("The embedding model computed NaN or Inf values for this input, so Ollama could not return the "
               "vector and answered 500: a numeric fault of the model in Ollama (bge-m3 most often, in its F16 "
               "GPU path) on specific texts, not a missing model or a broken install."),
        advice=("Find the failing text and embed it alone: if it succeeds with the model on the CPU (options "
                "{\"num_gpu\": 0}, or PARAMETER num_gpu 0 in a Modelfile for the embedding model), keep that for "
                "bge-m3 or switch to another embedding model (nomic-embed-text, mxbai-embed-large, qwen3-embedding); "
                "update Ollama, and make the app skip or retry one failing chunk instead of failing the whole batch."),
        action="configure",
        rules_out=("a missing or corrupted model download", "the NVIDIA driver"),
        never_suggest=_NEVER_DRIVER + ("download the model again",),
        sources=("https://github.com/ollama/ollama/issues/13572", "https://github.com/hang-in/seCall/issues/5",
                 "https://github.com/ollama/ollama/issues/15582", "https://github.com/ollama/ollama/issues/14657",
                 "https://github.com/ollama/ollama/issues/16625"),
        checked="2026-11-26",
        examples=("ollama/ollama-13572-bge-m3-embed-nan-json.txt", "ollama/secall-5-bge-m3-embed-500-nan.txt"),
    ),
    Signature(
        code="ollama.windows-runner-library-path-unicode",
        cause_id="ollama-windows-runner-path-unicode",
        kinds=("any",),
        # Ollama 0.1.2x-0.1.32 (dyn_ext_server) on Windows, returned to every client (AnythingLLM's built-in Ollama
        # quotes it): LoadLibrary of the runner extracted under %TEMP% fails with Windows' "module could not be
        # found" when the profile path holds non-ASCII characters (ollama#2615, fixed in 0.1.33)
        patterns=(r"Unable to load dynamic server library: The specified module could not be found",),
        severity="fail",
        cause=("This Ollama (0.1.2x to 0.1.32) could not load the runner library it extracted under the Windows user "
               "profile's temporary folder: a path with non-ASCII characters (a user name with accents or CJK) "
               "breaks that load, a bug fixed in Ollama 0.1.33."),
        advice=("Update Ollama to 0.1.33 or later (for AnythingLLM desktop's built-in Ollama, update AnythingLLM); "
                "until then point TEMP and TMP at a folder whose path is plain ASCII (e.g. C:\\ollama-tmp) and "
                "restart Ollama."),
        action="configure",
        rules_out=("the NVIDIA driver", "the model file"),
        never_suggest=_NEVER_DRIVER,
        versions=("ollama<0.1.33",),
        sources=("https://github.com/Mintplex-Labs/anything-llm/issues/1632", "https://github.com/ollama/ollama/issues/2615"),
        checked="2026-11-26",
        examples=("ollama/anythingllm-1632-builtin-ollama-dynamic-server-library.txt",),
    ),
    Signature(
        code="ollama.llama-server-tools-without-jinja",
        cause_id="llama-server-tools-without-jinja",
        kinds=("any",),
        # llama-server's OpenAI-compatible chat endpoint refusing a request with tools when the server was started
        # without --jinja (2025 builds; current llama.cpp enables --jinja by default), as clients quote the 500
        patterns=(r"(?P<param>\w{1,30}) param requires --jinja flag",),
        severity="fail",
        cause=("llama-server was started without --jinja, so it cannot render the model's chat template with "
               "{param} and refuses requests that carry them (function calling, agents, MCP tools); nothing is wrong "
               "with the model or the GPU."),
        advice=("Start llama-server with --jinja (in a container, add it to the server's args; in a launcher or "
                "model manager, its Jinja option), or update llama.cpp to a build where Jinja is the default; a "
                "custom template goes in with --chat-template-file as a Jinja file, not a legacy --chat-template "
                "name. Use a model whose template supports tools."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/defilantech/LLMKube/issues/126", "https://github.com/containers/ramalama/issues/988",
                 "https://github.com/ggml-org/llama.cpp/pull/11016", "https://github.com/huggingface/hub-docs/pull/2420"),
        checked="2026-11-26",
        examples=("ollama/llmkube-126-tool-calls-500-no-jinja.txt",
                  "ollama/ramalama-988-tools-param-requires-jinja-chatml.txt"),
    ),
    Signature(
        code="ollama.lmstudio-chat-template-error",
        cause_id="chat-template-unrenderable",
        kinds=("any",),
        # LM Studio's words (chat, its server's log and its API error, quoted by Zed, Roo/Kilo Code, OpenCode): the
        # model's Jinja prompt template failed to parse ("Failed to parse Jinja template: Parser Error: ...") or to
        # render ("Error rendering prompt with jinja template: ..."), before any inference
        patterns=(
            r"Error rendering prompt with jinja template\b",
            r"Failed to parse Jinja template: Parser Error\b",
        ),
        severity="fail",
        cause=("LM Studio could not turn the conversation into a prompt with the model's Jinja chat template: its "
               "template engine lacks a syntax the template uses (Qwen3 and QwQ's slices in 0.3.15), the template "
               "baked into this GGUF is broken, a stale template override is set, or the template itself raises for "
               "this message order; the model never ran, the GPU is not involved."),
        advice=("Update LM Studio (its Jinja engine gets these fixes, e.g. the Qwen3 parsing fix after 0.3.15); use "
                "the lmstudio-community build of the model, whose templates are corrected; or set a working template "
                "in My Models > the model's settings > Prompt Template (remove an old override with the trash icon). "
                "If the template raises on the message order ('roles must alternate', 'No user query found'), fix "
                "the client's messages or override the template."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "a corrupted model download"),
        never_suggest=_NEVER_DRIVER + ("download the model again",),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/479",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/660",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/495",
                 "https://github.com/lmstudio-ai/lms/issues/186"),
        checked="2026-11-26",
        examples=("ollama/lmstudio-479-qwq-jinja-template-workaround.txt",
                  "ollama/lmstudio-660-qwen3-mlx-failed-to-parse-jinja-beta.txt"),
    ),
    Signature(
        code="ollama.appimage-chrome-sandbox",
        cause_id="appimage-chrome-sandbox",
        kinds=("any",),
        # Chromium's setuid_sandbox_host.cc in any Electron AppImage (LM Studio, Jan, AnythingLLM desktop) started
        # on Ubuntu 24.04 or later, whose AppArmor restricts unprivileged user namespaces
        patterns=(r"The SUID sandbox helper binary was found, but is not configured correctly",),
        severity="fail",
        cause=("The desktop app (an Electron AppImage) aborted at start: Chromium's setuid sandbox helper inside the "
               "AppImage's temporary mount cannot be root-owned 4755, and the kernel refuses the user-namespace "
               "sandbox (Ubuntu 24.04 and later restrict unprivileged user namespaces through AppArmor); the GPU "
               "and the models are not involved."),
        advice=("Start the AppImage with --no-sandbox (e.g. ./LM-Studio-*.AppImage --no-sandbox, or in its .desktop "
                "Exec line), or keep the sandbox by giving the app an AppArmor profile that allows userns (a file in "
                "/etc/apparmor.d with 'userns,' for the AppImage path, then sudo systemctl reload apparmor); the "
                "system-wide switch sudo sysctl kernel.apparmor_restrict_unprivileged_userns=0 works too but lowers "
                "it for every program."),
        action="configure",
        rules_out=("the NVIDIA driver", "the app's models or runtimes"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/383",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/30",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/991", "https://github.com/lmstudio-ai/lms/issues/131"),
        checked="2026-11-26",
        examples=("ollama/lmstudio-383-appimage-suid-sandbox-kubuntu-2404.txt",
                  "ollama/lmstudio-30-ubuntu-2404-chrome-sandbox-no-sandbox.txt"),
    ),
    Signature(
        code="ollama.appimage-libfuse2-missing",
        cause_id="appimage-libfuse2-missing",
        kinds=("any",),
        # the AppImage type-2 runtime (AppImageKit) when it cannot mount itself: libfuse.so.2 absent, or no fusermount
        patterns=(
            r"error loading libfuse\.so\.2",
            r"Cannot mount AppImage, please check your FUSE setup",
        ),
        severity="fail",
        cause=("The AppImage (LM Studio, AnythingLLM, Jan, nvtop and the like) cannot mount itself: its runtime needs "
               "the FUSE 2 library (libfuse.so.2) and fusermount, which distributions since Ubuntu 22.04 and Fedora's "
               "atomic desktops no longer install by default; the app itself and the GPU are fine."),
        advice=("Install the FUSE 2 library: sudo apt install libfuse2t64 on Ubuntu 24.04 and later (libfuse2 on "
                "22.04), sudo dnf install fuse-libs on Fedora, pacman -S fuse2 on Arch; not the 'fuse' package, which "
                "on Ubuntu replaces fuse3 and removes desktop packages. Without it, run the AppImage with "
                "--appimage-extract-and-run (or extract it once with --appimage-extract), or use the app's .deb or "
                "Docker image."),
        action="configure",
        rules_out=("the NVIDIA driver", "the app's own files"),
        never_suggest=_NEVER_DRIVER + ("apt install fuse",),
        sources=("https://github.com/Mintplex-Labs/anything-llm/issues/1288",
                 "https://github.com/aaddrick/claude-desktop-debian/issues/221",
                 "https://github.com/Windows200000/TwitchDropsMiner-updated/issues/42",
                 "https://github.com/lmstudio-ai/docs/issues/247", "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1894"),
        checked="2026-11-26",
        examples=("ollama/anythingllm-1288-appimage-libfuse2-missing.txt",
                  "ollama/claudedesktopdebian-221-libfuse2t64-ubuntu-2404.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-no-backends-loaded",
        cause_id="ggml-backends-not-loaded",
        kinds=("any",),
        # llama.cpp's llama_model_load_from_file_impl (hint added in llama.cpp#13589, May 2025): libllama was built
        # with GGML_BACKEND_DL=ON and the calling program (a binding, a test, an app) loaded no backend library
        patterns=(r"no backends are loaded\. hint: use ggml_backend_load\(\)",),
        severity="fail",
        cause=("llama.cpp was built with dynamically loaded backends (GGML_BACKEND_DL=ON, as its releases are), but "
               "the program that links libllama loaded none of them (it never calls ggml_backend_load_all(), or the "
               "libggml-cpu/libggml-cuda libraries are not where it looks), so not even the CPU backend can load "
               "the model."),
        advice=("For a binding or an app built from source (llama-cpp-python, Go/Rust/Node wrappers), build llama.cpp "
                "without GGML_BACKEND_DL (drop -DGGML_BACKEND_DL=ON from CMAKE_ARGS and reinstall with "
                "--force-reinstall --no-cache-dir) or use a release of it that calls ggml_backend_load_all(); for a "
                "program of your own, call ggml_backend_load_all() before loading the model and keep the "
                "libggml-*.so backend files beside the executable or in GGML_BACKEND_DIR."),
        action="configure",
        rules_out=("the NVIDIA driver", "the model file"),
        never_suggest=_NEVER_DRIVER + ("download the model again",),
        sources=("https://github.com/abetlen/llama-cpp-python/issues/2069", "https://github.com/ggml-org/llama.cpp/pull/13589",
                 "https://github.com/ggml-org/llama.cpp/pull/10469", "https://github.com/ggml-org/llama.cpp/issues/20611"),
        checked="2026-11-26",
        examples=("ollama/llamacpppython-2069-no-backends-loaded-backend-dl.txt",),
    ),
    Signature(
        code="ollama.koboldcpp-backend-dll-dependency-missing",
        cause_id="windows-vc-runtime-missing",
        kinds=("any",),
        # ctypes' FileNotFoundError (LoadLibrary error 126, a dependency of the DLL missing) for koboldcpp's backend
        # DLL in its PyInstaller folder; the DLL's start-up failing (WinError 1114, a CPU without AVX2) stays
        # ollama.koboldcpp-backend-dll-failed's
        patterns=(r"Could not find module '[^'\n]{0,300}?(?P<library>koboldcpp_(?:cublas|clblast|vulkan|hipblas)"
                  r"\w{0,20}\.dll)' \(or one of its dependencies\)",),
        severity="fail",
        cause=("Windows could not load koboldcpp's backend library ({library}) because a DLL it depends on is "
               "missing: most often the Microsoft Visual C++ runtime (MSVCP140_CODECVT_IDS.dll and its siblings, "
               "absent on a fresh Windows install), for a custom build also the CUDA runtime DLLs."),
        advice=("Install the latest Microsoft Visual C++ 2015-2022 Redistributable (x64, vc_redist.x64.exe from "
                "Microsoft) and restart koboldcpp, or update to a koboldcpp release that bundles the runtime; if it "
                "still fails, a dependency viewer (Dependencies.exe) on the DLL in %TEMP%\\_MEI... names the missing "
                "file, and the Vulkan backend (--usevulkan) works meanwhile."),
        action="configure",
        rules_out=("the NVIDIA driver", "a CPU without AVX2"),
        never_suggest=_NEVER_DRIVER + ("--noavx2",),
        sources=("https://github.com/LostRuins/koboldcpp/issues/778",),
        checked="2026-11-26",
        examples=("ollama/koboldcpp-778-vc-runtime-codecvt-ids-missing.txt",),
        refines=("ollama.koboldcpp-backend-dll-failed",),
    ),
    Signature(
        code="ollama.lmstudio-server-not-reachable",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        # lmstudio-python's LMStudioWebsocketError, and a client's refusal on LM Studio's default API port 1234
        # (Node's ECONNREFUSED, curl's exit 7) as Continue, Cline, AnythingLLM and scripts print them
        patterns=(
            r"LM Studio is not reachable at (?P<address>\S{1,200})",
            r"connect ECONNREFUSED (?P<address>(?:127\.0\.0\.1|::1|localhost):1234)\b",
            r"Failed to connect to (?P<address>(?:127\.0\.0\.1|localhost|::1) port 1234)\b",
        ),
        severity="fail",
        cause=("Nothing answers on LM Studio's API address ({address}): LM Studio's API server is not switched on "
               "(the app can run with it off), listens on another port, or the client runs where localhost is not "
               "the machine running LM Studio (a container, WSL 2, another host)."),
        advice=("In LM Studio's Developer tab switch the API server on until it shows Status: Running (or run `lms "
                "server start`), and use the port it shows (1234 by default); from a Docker container or another "
                "machine enable 'Serve on Local Network' and use the host's address (host.docker.internal, or the "
                "LAN IP), and from Node 17+ prefer http://127.0.0.1:1234 over localhost, which may resolve to ::1."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault", "the model"),
        never_suggest=_NEVER_DRIVER,
        sources=("https://github.com/lmstudio-ai/lmstudio-python/issues/114",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/910", "https://github.com/lmstudio-ai/lms/issues/25"),
        checked="2026-11-26",
        examples=("ollama/lmstudiopython-114-ws-1234-not-reachable-server-off.txt",),
    ),
)
