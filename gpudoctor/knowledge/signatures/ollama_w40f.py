"""Issue 25, w40f: a Node.js client that gives up on a slow local model at five minutes, and a /tmp that may not run
Ollama's runner, in people's words (rows of the ollama area).

Node's built-in fetch (undici) aborts a request whose response headers have not arrived within its headersTimeout,
300 seconds by default, whatever timeout the app itself sets. Ollama (and any OpenAI-compatible server) sends the
headers of a non-streamed answer only when generation ends, so a local model that needs more than five minutes (on a
CPU, partly offloaded, a long RAG prompt) fails at exactly five minutes: "TypeError: fetch failed" with
"HeadersTimeoutError: Headers Timeout Error" (UND_ERR_HEADERS_TIMEOUT) as its cause, in ollama-js, Karakeep (Hoarder),
LangChain.js and the agents built on them; Ollama's own log shows the request ending with 500 after 5m0s. Streaming the
answer (headers come at once), a fetch with a longer headersTimeout (an undici Agent, the app's fetch-timeout setting
such as Karakeep's INFERENCE_FETCH_TIMEOUT_SEC) or a faster model fixes it; the server is not down.

Ollama releases that extract their runners (0.1.x, and those before the runners moved beside the binary in lib/ollama)
put them under /tmp (OLLAMA_TMPDIR) and run them from there; where /tmp is mounted noexec, or a security policy forbids executables there, the runner cannot start. The
tool's own lines are ollama.tmpdir-unusable's; people also say it in their words ("our policy forbids running
executables in /tmp", "I have set /tmp to nodev,nosuid,noexec"), or show the fstab line.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

UNDICI_TIMEOUTS = "https://undici.nodejs.org/#/docs/api/Client?id=parameter-clientoptions"
OLLAMA_TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.node-client-headers-timeout",
        cause_id="client-timeout-slow-local-model",
        kinds=("any",),
        patterns=(
            # undici's error (the cause under "TypeError: fetch failed") and its code, as Node prints them.
            r"\bHeadersTimeoutError: Headers Timeout Error\b",
            r"\bUND_ERR_HEADERS_TIMEOUT\b",
        ),
        # The app's own "Ollama ... TypeError: fetch failed" a few lines above reads as a server not answering.
        refines=("ollama.app-ollama-fetch-failed",),
        refines_within=40,
        severity="fail",
        cause=("The Node.js client gave up after undici's 300-second headersTimeout: the model server sends the headers "
               "of a non-streamed answer only when generation ends, and this answer took longer than five minutes; "
               "the server itself is running."),
        advice=("Keep the answer within the client's wait, or lengthen the wait: stream the response (`stream: true`; "
                "headers then arrive at once and tokens keep the connection alive), or give the client a fetch with a "
                "longer headersTimeout (a fetch whose `dispatcher` is an undici `Agent({ headersTimeout: 0, bodyTimeout: "
                "0 })`, passed as the client's fetch, ollama-js `new Ollama({ fetch })`; in Karakeep set "
                "INFERENCE_FETCH_TIMEOUT_SEC with INFERENCE_JOB_TIMEOUT_SEC), and "
                "make generation faster: the whole model on the GPU (`ollama ps` shows 100% GPU), a smaller model or "
                "quantization, a shorter prompt. The app's own timeout setting does not lift this five-minute limit."),
        action="configure",
        rules_out=("a stopped or unreachable Ollama server: it answered, too slowly",),
        never_suggest=("reinstall the driver", "change OLLAMA_HOST"),
        sources=("https://github.com/ollama/ollama-js/issues/144", "https://github.com/ollama/ollama-js/issues/72",
                 "https://github.com/ollama/ollama-js/issues/103",
                 "https://github.com/ollama/ollama-js/pull/221", "https://github.com/karakeep-app/karakeep/pull/656",
                 "https://github.com/devswha/patina/issues/576", UNDICI_TIMEOUTS),
        checked="2026-11-28",
        examples=("ollama/ollamajs-144-undici-headers-timeout-five-minutes.txt",
                  "ollama/ollamajs-72-headers-timeout-homellm-stream-false.txt"),
    ),
    Signature(
        code="ollama.tmp-noexec-described",
        described=True,
        cause_id="ollama-tmpdir-unusable",
        kinds=("any",),
        patterns=(
            # "I have set /tmp to nodev,nosuid,noexec", an fstab line "tmpfs /tmp tmpfs defaults,...,noexec"
            r"(?<![\w/.-])/tmp\b[^\n]{0,60}?\bnoexec\b",
            # "noexec on /tmp", "mounted noexec for /tmp"
            r"\bnoexec\b[^\n]{0,40}?\b(?:on|for|at) [`'\"]?/tmp\b",
            # "our policy forbids running executables in /tmp", "configured to ban any executable executions under
            # `/tmp`", "executables are not allowed in /tmp"
            r"\b(?:[Ff]orbids?|[Ff]orbidden|[Bb]ans?|[Bb]anned|[Pp]rohibits?|[Pp]rohibited|[Dd]isallows?|[Bb]locks?) "
            r"[^\n]{0,40}?\bexecut\w{0,8}\b[^\n]{0,40}?\b(?:in|under|from|on) [`'\"]?/tmp\b",
            r"\bexecut\w{0,8} (?:is |are )?(?:not allowed|forbidden|prohibited|blocked|banned) (?:in|under|from|on) "
            r"[`'\"]?/tmp\b",
        ),
        contexts=("ollama",),
        severity="warn",
        cause=("The description suggests /tmp may not run programs (mounted noexec, or a security policy), and this "
               "Ollama extracts its runner there and runs it from there, so the runner cannot start."),
        advice=("Point Ollama at a temporary directory that allows execution: set OLLAMA_TMPDIR in the server's "
                "environment (`sudo systemctl edit ollama.service`, then `[Service]` and "
                "`Environment=\"OLLAMA_TMPDIR=/usr/share/ollama/tmp\"`, a directory the service's user owns), then "
                "`sudo systemctl daemon-reload && sudo systemctl restart ollama`; or update Ollama: current releases run "
                "the runner from their install directory (lib/ollama) instead of extracting it to /tmp."),
        action="configure",
        rules_out=("the GPU or its driver",),
        never_suggest=("reinstall the driver", "remount /tmp"),
        sources=("https://github.com/ollama/ollama/issues/4229",
                 "https://github.com/ollama/ollama/pull/4241", OLLAMA_TROUBLESHOOTING),
        checked="2026-11-28",
        examples=("ollama/ollama-4229-noexec-tmp-fork-exec-denied.txt",),
    ),
)

# ggml's unary-operator assertion in Ollama's runner: on Windows the runner resolves ggml-base.dll and its CPU backend
# through the PATH, and another program's ggml (a llama.cpp release, Docker Desktop's model runner) found there first
# has other operator numbers, so every model aborts at once (ollama#9149, #9509, #10528); Ollama 0.5.13 also hit it with
# some embedding models on Linux (#9511). Removing the other ggml from the PATH, or a release that loads only its own
# libraries, fixes it; the driver does not.
SIGNATURES += (
    Signature(
        code="ollama.foreign-ggml-unary-assert",
        cause_id="ollama-foreign-ggml-libraries",
        kinds=("any",),
        # Only in Ollama's error for its runner (the client's "Error: ..." and the server's "error loading llama
        # server"): the same assertion in llama.cpp's own programs is a ggml bug of that build, not another program's
        # libraries (rev40c).
        patterns=(r"llama runner process has terminated: GGML_ASSERT\(tensor->op == GGML_OP_UNARY\) failed",),
        refines=("ollama.runner-terminated",),
        severity="fail",
        cause=("Ollama's runner aborted on ggml's unary-operator assertion: most often it loaded ggml libraries of "
               "another program (a llama.cpp release or another app's ggml*.dll found first on the PATH) whose "
               "operators differ from the ggml Ollama was built with; with no other ggml there, a bug of that Ollama "
               "release (0.5.13 with some embedding models, an old Ollama bundled inside another app)."),
        advice=("Find the other ggml on the PATH (Windows: `where.exe ggml-base.dll ggml.dll llama-server`; Linux: "
                "`ldconfig -p | grep ggml`, LD_LIBRARY_PATH) and remove that folder from the PATH (a llama.cpp release "
                "folder, another app's bin folder), then quit and restart Ollama; or update Ollama to the current "
                "release, which loads only the libraries it ships. If no other ggml is there (Ollama 0.5.13 with some "
                "embedding models, an Ollama bundled inside an app such as Msty), updating that Ollama fixes it. The "
                "NVIDIA driver is not involved."),
        action="configure",
        rules_out=("the NVIDIA driver", "the model file"),
        never_suggest=("update the driver", "reinstall the driver", "redownload the model"),
        sources=("https://github.com/ollama/ollama/issues/9149", "https://github.com/ollama/ollama/issues/9509",
                 "https://github.com/ollama/ollama/issues/10528", "https://github.com/ollama/ollama/issues/9563",
                 "https://github.com/ollama/ollama/issues/11418"),
        checked="2026-11-28",
        examples=("ollama/ollama-9149-unary-assert-llamacpp-in-path.txt",),
    ),
)

# A llama.cpp-family build configured with a CPU BLAS option (OpenBLAS) and no CUDA option: LLAMA_OPENBLAS,
# WHISPER_OPENBLAS and GGML_OPENBLAS (2023-2024), in a cmake line, in llama-cpp-python's CMAKE_ARGS or as a make
# variable. (The generic GGML_BLAS=ON is not read: builds pass it beside -DGGML_CUDA=ON on another line of the same
# cmake command, llama.cpp#15593.) BLAS speeds up prompt processing on the CPU; it puts nothing on
# the GPU, so people who chose it for their NVIDIA card ("We just need to set one variable right?") get a CPU build.
# A line that also names a GPU option (CUBLAS, GGML_CUDA, HIPBLAS, ...) is another build.
_GPU_OPTION = r"(?:CUBLAS|_CUDA\b|_CUDA=|HIPBLAS|CLBLAST|_METAL|_VULKAN|_SYCL|_KOMPUTE)"
SIGNATURES += (
    Signature(
        code="ollama.ggml-build-blas-not-cuda",
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(
            r"^(?![^\n]{0,400}?" + _GPU_OPTION + r")[^\n]{0,400}?(?:-D ?|(?<![\w-]))"
            r"(?P<option>(?:LLAMA|GGML|WHISPER)_OPENBLAS)=(?:[Oo][Nn]|1|TRUE|true|True)\b",
        ),
        severity="warn",
        cause=("The llama.cpp-family build is configured with {option}, a CPU BLAS library, and no CUDA option: BLAS "
               "speeds up the CPU, and the binary or Python package built this way has no CUDA backend, so nothing "
               "runs on the GPU whatever the GPU layer setting."),
        advice=("Rebuild with the CUDA option of that release instead of (or beside) the BLAS one: llama.cpp and "
                "whisper.cpp `cmake -B build -DGGML_CUDA=ON` (releases before mid-2024: -DLLAMA_CUBLAS=ON, "
                "-DWHISPER_CUBLAS=ON), with the CUDA toolkit's nvcc installed; llama-cpp-python "
                "`CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python --force-reinstall --no-cache-dir` "
                "(before 0.2.80: -DLLAMA_CUBLAS=on; --no-cache-dir keeps pip from reusing the CPU wheel it built "
                "before). Its load log then shows ggml_cuda_init and 'offloaded N/N layers to GPU'."),
        action="configure",
        rules_out=("the GPU and its driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/whisper.cpp/issues/878",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md",
                 "https://llama-cpp-python.readthedocs.io/en/latest/"),
        checked="2026-11-28",
        examples=("ollama/whispercpp-878-guide-openblas-flag-for-cublas.txt",),
    ),
)

# Ollama's own check in ggml-cuda.cu (only under GGML_CUDA_INIT, which its GPU discovery sets, 0.12.4 and later): the
# CUDA backend must hold code for the GPU's exact compute capability (__CUDA_ARCH_LIST__). A build compiled for other or
# only virtual (PTX) architectures (a distribution's or a self-built Ollama), or an official backend that leaves the GPU
# out (the CUDA 13 one for older GPUs), fails it, the backend is dropped at discovery and the model runs on the CPU.
SIGNATURES += (
    Signature(
        code="ollama.discovery-cuda-arch-assert",
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        patterns=(r"ggml_cuda_has_arch\([^\n]{0,60}?ggml was not compiled with support for this arch",),
        refines=("ollama.ggml-cuda-assert",),
        severity="fail",
        cause=("Ollama's GPU discovery rejected the GPU: its CUDA backend was not compiled for this GPU's exact compute "
               "capability (a build for other or only virtual PTX architectures, or a backend that leaves this GPU "
               "out), so that backend is dropped and the model runs on the CPU."),
        advice=("Update Ollama to the current release and restart it; meanwhile force the backend that has code for "
                "this GPU (`OLLAMA_LLM_LIBRARY=cuda_v12` in the server's environment for GPUs the CUDA 13 backend "
                "leaves out). For a distribution's or your own build, compile with the GPU's real architecture in "
                "CMAKE_CUDA_ARCHITECTURES (for example 61 for Pascal, 75 for Turing, 86 or 89 for RTX 30/40), not only "
                "`-virtual` entries. `ollama serve`'s 'inference compute' line shows the GPU once discovery accepts "
                "it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/12674", "https://github.com/ollama/ollama/issues/12332",
                 "https://github.com/ollama/ollama/issues/11270"),
        checked="2026-11-28",
        examples=("ollama/ollama-12674-ptx-only-build-has-arch-assert.txt",),
    ),
)
