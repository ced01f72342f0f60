"""llama.cpp's own refusals at load: a quantized KV cache without flash attention, no CPU backend, a DLL not found.

Written blind for issue 25 (eleventh wave, third turn). llama.cpp stores a quantized V cache only through its flash
attention path, so it refuses a context that asks for one with flash attention off: llama_init_from_model's "V cache
quantization requires flash_attn" (flash attention disabled by -fa off) and, when flash attention was left on auto and
the backend turned it off (the CUDA build has kernels only for matching q4_0/q4_0 and q8_0/q8_0 pairs unless built
with GGML_CUDA_FA_ALL_QUANTS), llama_context's "quantized V cache was requested, but this requires Flash Attention"
(src/llama-context.cpp, as vendored by Ollama in 2025-2026). Builds with dynamically loaded backends (GGML_BACKEND_DL:
the release archives, Jan's and other front ends' bundled llama-server) load the CPU backend from its own library
(ggml-cpu-<variant>.dll/.so); when none is loaded the model loader throws "make_cpu_buft_list: no CPU backend found"
(llama.cpp#13395). Front ends written in Node or Rust print a Windows child's exit status in decimal: 3221225781 is
0xC0000135, STATUS_DLL_NOT_FOUND (the backend could not even start).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SETTING_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.llama-cpp-quantized-v-cache-needs-flash-attn",
        # the context it refuses is what Ollama's runner then fails to create ("unable to create llama context")
        refines=("ollama.llama-cpp-compute-buffers-failed", "ollama.runner-terminated"), refines_within=None,
        cause_id="llama-cpp-kv-cache-needs-flash-attn",
        kinds=("any",),
        # both of llama.cpp's wordings: the context constructor's exception (flash attention auto, turned off by the
        # backend) and llama_init_from_model's check (flash attention off)
        patterns=(r"quantized V cache was requested, but this requires Flash Attention",
                  r"V cache quantization requires flash_attn"),
        severity="fail",
        cause=("llama.cpp was asked for a quantized V cache without flash attention (turned off, or left on auto and "
               "turned off by the backend because it has no flash attention kernel for this K and V cache pair), and "
               "a quantized V cache needs it, so the context was refused."),
        advice=("Turn flash attention on and give the K and V caches the same type (`-fa on -ctk q8_0 -ctv q8_0`, or "
                "q4_0 for both; in Ollama OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0), or leave the V "
                "cache at f16 (drop --cache-type-v); the CUDA build covers other K/V pairs only when compiled with "
                "-DGGML_CUDA_FA_ALL_QUANTS=ON. Where the log says the model cannot use flash attention (\"flash_attn is "
                "not compatible with X - forcing off\"), keep that model's KV cache at f16: unset "
                "OLLAMA_KV_CACHE_TYPE (or --cache-type-k/-v) for it."),
        action="configure",
        rules_out=("a GPU or driver fault: the settings were refused before anything ran on the GPU",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/28524",
                 "https://github.com/ggml-org/llama.cpp/blob/master/src/llama-context.cpp",
                 "https://github.com/ollama/ollama/issues/15043"),
        checked="2026-11-26",
        examples=("ollama/llama-cpp-28524-ctv-q4-0-no-flash-attn.txt",
                  "ollama/ollama-15043-grok-v-cache-quant-panic.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-no-cpu-backend",
        cause_id="llama-cpp-libs-not-found",
        kinds=("any",),
        # the model loader's words (src/llama-model.cpp)
        patterns=(r"make_cpu_buft_list: no CPU backend found",),
        severity="fail",
        cause=("This llama.cpp build loads its backends as separate libraries and none of its CPU backend libraries "
               "(ggml-cpu-*.dll or libggml-cpu-*.so beside llama-server) was loaded, so no model can load."),
        advice=("Reinstall or update the llama.cpp backend so that its ggml-cpu libraries sit beside llama-server: "
                "extract the release archive whole and run llama-server from that folder; in a front end that "
                "downloads its own backend (Jan, LM Studio) update the app or pick another llama.cpp backend in its "
                "settings so that it downloads again; a program linking libllama itself must call "
                "ggml_backend_load_all() first."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault",),
        never_suggest=("reinstall the driver", "update the driver", "install the CUDA toolkit"),
        sources=("https://github.com/janhq/jan/issues/7657", "https://github.com/ggml-org/llama.cpp/pull/13395"),
        checked="2026-11-26",
        examples=("ollama/jan-7657-llamacpp-no-cpu-backend.txt",),
    ),
    Signature(
        code="ollama.backend-exit-dll-not-found-decimal",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        # the decimal forms of 0xC0000135 (unsigned, and signed as -1073741515) after the words Node's child_process
        # and Rust's ExitStatus print, as the Electron and Tauri front ends pass them on
        patterns=(r"(?:exited with code|[Ee]xit code:?|ExitStatus\(ExitStatus\() ?(?P<code>3221225781|-1073741515)\b",),
        severity="fail",
        cause=("The app's model backend (a llama.cpp server it starts) could not start on Windows because a DLL it "
               "needs was not found (exit code {code} is 0xC0000135, STATUS_DLL_NOT_FOUND)."),
        advice=("Install what the backend loads: on a Vulkan backend update the GPU driver (it installs the Vulkan "
                "runtime, vulkan-1.dll), on any backend the latest Microsoft Visual C++ Redistributable x64 "
                "(https://aka.ms/vs/17/release/vc_redist.x64.exe); then reinstall the app's backend (delete its "
                "backend folder or pick the backend again so that it downloads whole); if it still fails, switch the "
                "backend to CPU."),
        action="configure",
        rules_out=("a model or memory problem: the backend never started",),
        never_suggest=("reduce the context", "lower the context length"),
        sources=("https://github.com/techjarves/Uncensored-Local-Studio/issues/19",
                 "https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-erref/596a1078-e883-4972-9bbc-49e60bebca55"),
        checked="2026-11-26",
        examples=("ollama/uncensored-local-studio-19-exit-3221225781-dll.txt",),
        # LM Studio's dialog prints this code too: the decimal names the cause its generic row leaves open
        refines=("ollama.lmstudio-engine-exited",), refines_within=None,
    ),
    Signature(
        code="ollama.windows-stale-cuda-backend-in-lib",
        cause_id="ollama-install-mixed-versions",
        kinds=("any",),
        # ggml's backend loader: Ollama's Windows releases since 0.6 keep ggml-cuda.dll in lib\ollama\cuda_v12 or
        # cuda_v13, so one directly in lib\ollama is an older release's file the upgrade left behind
        patterns=(r"load_backend: loaded CUDA backend from [A-Za-z]:\\[^\n]{0,200}?\\lib\\ollama\\ggml-cuda\.dll",),
        severity="fail",
        cause=("Ollama's runner loaded a ggml-cuda.dll left directly in lib\\ollama by an older release beside the "
               "current one in its cuda_v12/cuda_v13 folder, so two builds' CUDA backends run in one process and the "
               "model load crashes (error:fault, exit status 2 or 0xc0000409)."),
        advice=("Quit Ollama from the tray, uninstall it, delete what is left of its lib\\ollama folder (the stray "
                "ggml-cuda.dll and the other ggml-*.dll outside cuda_v12/cuda_v13), then install the current release "
                "again."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/11229", "https://github.com/ollama/ollama/issues/11211"),
        checked="2026-11-26",
        examples=("ollama/ollama-11229-cuda-backend-loaded-twice-stale-dll.txt",),
        # the runner's exit is the symptom; the stale backend line elsewhere in the paste names why
        refines=("ollama.runner-terminated",), refines_within=None,
    ),
    Signature(
        code="ollama.prompt-truncated-to-context",
        cause_id="context-window-exceeded",
        kinds=("any",),
        # the runner's warning (runner/llamarunner, runner/ollamarunner, llm/llama_server.go since 2026): the prompt
        # held more tokens than num_ctx, so Ollama kept its start (keep) and its last tokens and dropped the middle
        patterns=(r"msg=\"truncating input prompt\" limit=(?P<limit>\d{1,7}) prompt=(?P<prompt>\d{1,9})",),
        severity="warn",
        cause=("The prompt held {prompt} tokens but Ollama had loaded the model with a context of {limit}, so it cut "
               "the prompt to fit: the model never saw the documents, history, system prompt or tool definitions that "
               "were dropped, and its answers ignore them."),
        advice=("Give the model a larger context window: `\"options\": {\"num_ctx\": 16384}` in the API request (the "
                "front end's context length setting), `PARAMETER num_ctx 16384` in a Modelfile, or "
                "OLLAMA_CONTEXT_LENGTH=16384 in the server's environment (`sudo systemctl edit ollama`, or the app's "
                "Settings > Context length), within what the model was trained for and what fits in VRAM; or send "
                "less (fewer or smaller document chunks, a shorter history)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/10368",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md#how-can-i-specify-the-context-window-size"),
        checked="2026-11-26",
        examples=("ollama/ollama-10368-truncating-input-prompt-limit-2048.txt",),
        smaller=(("limit", "prompt"),),
    ),
)
