"""Ollama and llama.cpp: a model that does not load or fit, and a runner that died.

Ollama's lines are quoted from its source (llm/server.go, llm/llama_server.go, server/) as the releases named in
gpudoctor/knowledge/ollama_versions.py print them; gpudoctor/ollama/messages.py reads the same lines for the Ollama
checks. GPU discovery's messages are rows of ollama_discovery.py and the server's and client's of
ollama_server.py, both part of this area (SIGNATURES lists them first); model files, memory placement, the
runner's death as the client sees it and llama.cpp build options are rows of ollama_models.py, and discovery that
timed out, a runner that cannot start or find memory on the host and a full model store rows of ollama_runtime.py,
apps that cannot reach the server, layers left on the CPU and an incomplete installation rows of ollama_clients.py,
ollama_placement.py and ollama_install.py, ExLlama and llama-cpp-python rows of ollama_apps.py, and model files
newer than their loader and the loaders' own start-up failures rows of ollama_formats.py, and the sixth wave's
breadth (files that are not models, other apps' failures) rows of ollama_breadth.py (all listed last).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.driver_support import PTX_DRIVERS
from gpudoctor.knowledge.signatures.ollama_a15o import SIGNATURES as A15O_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_apps import APP_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_archs import ARCH_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_breadth import BREADTH_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_breadth13 import BREADTH13_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_breadth13d import BREADTH13D_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_clients import CLIENT_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_desktop_engines import DESKTOP_ENGINE_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_discovery import DISCOVERY_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_environments import ENVIRONMENT_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_formats import FORMAT_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_frontends import FRONTEND_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_imports import IMPORT_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_install import INSTALL_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_loaders import LOADER_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_models import MODEL_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_paths import PATH_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_placement import PLACEMENT_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_requests import REQUEST_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_round14 import ROUND14_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_round15 import ROUND15_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_p15o import ROUND15_P15O_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_r15b import SIGNATURES as R15B_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_runtime import RUNTIME_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_server import SERVER_SIGNATURES
from gpudoctor.knowledge.signatures.ollama_settings import SETTING_SIGNATURES

TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
_LOGS = ("ollama-log", "journal", "docker", "kubectl")
_OUT_OF_MEMORY_ADVICE = ("Offload fewer layers (Ollama: num_gpu; llama.cpp: -ngl / --n-gpu-layers), lower the context "
                         "(Ollama: num_ctx / OLLAMA_CONTEXT_LENGTH; llama.cpp: -c / --ctx-size; llama-cpp-python: "
                         "n_ctx), first where the load log's n_ctx equals the model's n_ctx_train (a 128k window whose KV "
                         "cache alone fills the card: llama.cpp without -c before late 2024, n_ctx=0) or use a smaller "
                         "quantisation so each GPU keeps headroom; close other programs holding VRAM (`nvidia-smi` lists "
                         "them). For a long context, quantize the KV cache (Ollama: OLLAMA_FLASH_ATTENTION=1 with "
                         "OLLAMA_KV_CACHE_TYPE=q8_0; llama.cpp: -fa on -ctk q8_0 -ctv q8_0), which halves its memory. "
                         "Where it fails only on an image (llava, llama3.2-vision and other vision models, whose image "
                         "encoder needs memory on top of the text model's), lower num_gpu until the image fits; only "
                         "an Ollama older than the release the model's page names (`ollama -v`) also left that encoder "
                         "out of its estimate. A current Ollama running out on a large context is not fixed by "
                         "another release: the context (num_ctx) or the model is what must shrink.")

SIGNATURES = (*DISCOVERY_SIGNATURES, *SERVER_SIGNATURES, *(
    Signature(
        code="ollama.cuda-ptx-unsupported-toolchain",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error", "ollama.no-compatible-gpu"), refines_within=None,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # cudaErrorUnsupportedPtxVersion (222): the binary's PTX is newer than the driver's JIT understands.
            r"(?<=the provided PTX was compiled with an unsupported )toolchain",
            r"\bcudaErrorUnsupportedPtxVersion\b",
            r"\bCUDA_ERROR_UNSUPPORTED_PTX_VERSION\b",
        ),
        severity="fail",
        cause=("The program was built with a newer CUDA toolkit than the NVIDIA driver supports, so the driver cannot "
               "compile its PTX (CUDA error 222)."),
        advice=("Update the NVIDIA driver to one that supports the CUDA toolkit the program was built with (`nvidia-smi` "
                "shows the newest CUDA the driver supports; " + PTX_DRIVERS + "), or rebuild it with a toolkit no "
                "newer than that (a release or image built for the driver's CUDA)."),
        action="configure",
        rules_out=("a fault of the GPU",),
        never_suggest=("set num_gpu", "set num_ctx"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/1648", "https://github.com/Tiiny-AI/PowerInfer/issues/122",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-25",
        examples=("ollama/llamacpp-1648-cuda-222-ptx-toolchain.txt",
                  "ollama/powerinfer-122-ptx-unsupported-toolchain-a100.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-without-gpu",
        refines=("ollama.llama-cpp-no-layers-requested",), refines_within=None,
        cause_id="llama-cpp-no-cuda",
        kinds=("any",),
        patterns=(
            r"not compiled with GPU offload support",
            r"no usable GPU found, --gpu-layers option will be ignored",
            r"one possible reason is that llama\.cpp was compiled without GPU support",
        ),
        severity="fail",
        cause=("This llama.cpp has no usable GPU backend (most often a CPU-only build), so --gpu-layers is ignored "
               "and everything runs on the CPU."),
        advice=("Use a llama.cpp build with a GPU backend: a CUDA release asset, or build it with "
                "`cmake -B build -DGGML_CUDA=ON && cmake --build build --config Release`; for llama-cpp-python (the "
                "same warning), reinstall it built with CUDA, bypassing pip's cache: `CMAKE_ARGS=\"-DGGML_CUDA=on\" pip "
                "install llama-cpp-python --force-reinstall --no-cache-dir` (PowerShell: `$env:CMAKE_ARGS=...` first), or "
                "a prebuilt CUDA wheel (`--extra-index-url https://abetlen.github.io/llama-cpp-python/whl/cu124`). "
                "With CUDA_VISIBLE_DEVICES=-1 or empty the same warning appears: unset it."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/9153",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md",
                 "https://github.com/ggml-org/llama.cpp/pull/10564",
                 "https://github.com/abetlen/llama-cpp-python#installation-configuration"),
        checked="2026-11-25",
        examples=("ollama/llamacpp-9153-not-compiled-gpu-offload.txt",),
    ),
    Signature(
        code="ollama.no-layers-offloaded",
        refines=("ollama.llama-cpp-no-layers-requested",), refines_within=None,
        cause_id="ollama-oom",
        kinds=_LOGS,
        patterns=(
            # layers.requested=0 is the user's own num_gpu 0; -1 (automatic) or more that ends in 0 is a fit problem.
            # ([.:] keeps the prefilter on the rare "layers.offload=0", not on words every model load prints)
            r"library=(?P<library>cuda|rocm) layers[.:]requested=(?:-1|[1-9]\d*) layers[.:]model=(?P<layers>\d+) "
            r"layers\.offload=0\b",
        ),
        severity="fail",
        cause=("Ollama found a {library} GPU but placed none of the model's {layers} layers on it: what it must keep "
               "on the GPU besides the layers (graph, projector, buffers) does not fit the free VRAM."),
        advice=("Free VRAM (close other programs on the GPU; `nvidia-smi` lists them), or use a smaller model or "
                "quantisation, or lower the context (num_ctx / OLLAMA_CONTEXT_LENGTH), so the minimum fits on the GPU."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/10765", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-10765-offload-0-free-vram-too-small.txt",),
    ),
    Signature(
        code="ollama.cuda-out-of-memory",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error", "cuda.out-of-memory"), refines_within=None,
        cause_id="ollama-oom",
        kinds=_LOGS,
        patterns=(
            r"allocating (?P<size>[\d.]+ MiB) on device (?P<gpu>\d+): cudaMalloc failed: out of memory",
            r"unable to allocate CUDA(?P<gpu>\d+) buffer",
            r"failed to allocate CUDA(?P<gpu>\d+) buffer of size",
            r"(?<=llama_kv_cache_init: )failed to allocate buffer for kv cache",
            # ggml's allocation error as Ollama reports the runner's last error line, without the size
            r"cudaMalloc failed: out of memory",
            r"process has terminated: (?:exit status \w+: )?CUDA error: out of memory",
            # the CUDA_CHECK of llama.cpp before 2024 ("CUDA error %d at %s:%d: %s"); 2 is cudaErrorMemoryAllocation
            r"CUDA error 2 at \S{1,300}ggml-cuda\.cu:\d+: out of memory",
            # Ollama's own engine (llm/server.go, 0.12 and later)
            r"memory layout cannot be allocated",
            # its runner's panic when a backend buffer cannot be allocated (ml.ErrNoMem, from 0.7 in spring 2025
            # until the engine gave way to llama-server), which the server then reports as the runner's last line
            r"insufficient memory - required allocations: \{",
            # the server on llama-server (llm/llama_server.go, mid-2026 on) wraps the startup's out-of-memory line
            r"llama-server reported out-of-memory during startup\b",
            # ggml's CUDA_CHECK names the failing function on the line after "CUDA error: out of memory"; the
            # virtual-memory pool's alloc (cuMemCreate/cuMemSetAccess) fails when the compute buffers do not fit
            r"(?<=current device: )(?P<gpu>\d+), in function (?:alloc|ggml_cuda_pool_malloc_vmm|cublas_handle) at "
            r"\S{0,200}ggml-cuda",
            # ggml's CUBLAS_CHECK prints cublasGetStatusString's words: CUBLAS_STATUS_ALLOC_FAILED, cuBLAS finding no
            # VRAM for its handle (cublasCreate_v2 in cublas_handle) once the model and buffers took it all
            r"CUDA error: the resource allocation failed",
        ),
        severity="fail",
        cause="The model as it was placed on the GPU (by Ollama, or llama.cpp and the apps built on it) does not fit "
              "the GPU's memory.",
        # The same ggml lines come from plain llama.cpp (llama.cpp#3199): the advice names both tools' settings.
        advice=_OUT_OF_MEMORY_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/8597", TROUBLESHOOTING),
        checked="2026-11-27",
        examples=("ollama/ollama-8597-deepseek-r1-4xl40s-cuda0-buffer.txt",
                  "ollama/koboldcpp-1711-blas-prompt-cuda-out-of-memory.txt"),
    ),
    Signature(
        code="ollama.cuda-oom-in-server-log",
        # The bare CUDA error, alone on its line in the server's journal (the runner's stderr): in an Ollama log it is
        # the model Ollama placed not fitting, whose settings are Ollama's, not a program's allocation to shrink.
        contexts=("ollama-log",),
        refines=("cuda.out-of-memory",),
        cause_id="ollama-oom",
        kinds=_LOGS,
        patterns=(r"CUDA (?:driver )?[Ee]rror: out of memory",),  # cuda.out-of-memory's own pattern
        severity="fail",
        cause="A runner of the Ollama server ran out of GPU memory: the layers Ollama placed on the GPU, with the "
              "context's KV cache and compute buffers, do not fit it.",
        advice=_OUT_OF_MEMORY_ADVICE,
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/8182", TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("ollama/ollama-8182-predict-eof-cuda-oom.txt",),
    ),
    Signature(
        code="ollama.ggml-cuda-error",
        # ggml prints "current device: N, in function ..." right under the CUDA error it wraps: an illegal memory access
        # there is a fault of the ggml release (its advice), not the program bug PyTorch's row describes.
        refines=("cuda.illegal-address",), refines_within=6,
        cause_id="ollama-runner-crash",
        kinds=_LOGS,
        patterns=(
            # ggml's CUDA_CHECK prints the error, then this line, then aborts the runner.
            r"(?<=current device: )(?P<gpu>\d+), in function (?P<function>\w+) at ",
            r"ggml-cuda\.cu:\d+: CUDA error",
        ),
        severity="fail",
        cause="A CUDA call inside ggml failed and the model runner died.",
        advice=("Read the `CUDA error:` line just above: `out of memory` means the model or context does not fit "
                "(lower num_ctx or num_gpu, or the GPU layers and context of KoboldCpp or LM Studio); any other error "
                "in a ggml kernel is a fault of that Ollama, llama.cpp or KoboldCpp release (or LM Studio runtime) with "
                "this model: update to the newest release, or go back to the last release that worked if the failure "
                "came with an update, and report the log upstream."),
        action="restart-application",
        rules_out=("a driver install problem",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/10580", TROUBLESHOOTING,
                 "https://github.com/LostRuins/koboldcpp/issues/1911"),
        checked="2026-11-27",
        examples=("ollama/ollama-10580-illegal-memory-access-llama4.txt",
                  "ollama/koboldcpp-1911-v1-105-2-mul-mat-id-invalid-argument.txt"),
    ),
    Signature(
        code="ollama.vram-recovery-timeout",
        cause_id="none",
        kinds=_LOGS,
        patterns=(r"gpu VRAM usage didn't recover within timeout",),
        severity="info",
        cause=("Ollama's scheduler waited for the driver to report a model's VRAM free again after unloading it; "
               "a warning by itself, not a fault."),
        advice=("Informational warning; nothing to fix unless a model then fails to load, and then the server log "
                "around that failure says why."),
        action="none",
        never_suggest=("reset the GPU", "reboot"),
        sources=("https://github.com/ollama/ollama/issues/9160",),
        checked="2026-11-25",
        examples=("ollama/ollama-9160-vram-recover-timeout-warning.txt",),
    ),
    Signature(
        code="ollama.system-memory-too-small",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            r"model requires more system memory \((?P<required>[\d.]+ [KMGT]?i?B)\) than is available "
            r"\((?P<available>[\d.]+ [KMGT]?i?B)\)",
            # the scheduler's warning just before that error (llm/server.go, 0.3 to 0.20)
            r"model request too large for system\"? requested=\"(?P<required>[\d.]+ [KMGT]?i?B)\" "
            r"available=\"(?P<available>[\d.]+ [KMGT]?i?B)\"",
            # the same refusal in 0.1.x (server/sched.go), as API clients quote the server's answer
            r"requested model \((?P<required>[\d.]+ [KMGT]?i?B)\) is too large for this system "
            r"\((?P<available>[\d.]+ [KMGT]?i?B)\)",
        ),
        severity="fail",
        cause=("The model needs {required} of memory for the part not on the GPU, and only {available} of RAM is "
               "free, so Ollama refuses to load it."),
        advice=("Lower the context the load asks for first: its KV cache grows with it, and clients such as Cline or "
                "Kilo Code ask for the model's whole context window unless set (num_ctx, e.g. 32768, in the request, "
                "the client's model settings or a Modelfile; OLLAMA_CONTEXT_LENGTH in the server's environment); "
                "otherwise run a smaller model or quantisation that fits; for a small shortfall, free RAM by closing "
                "other programs or add swap."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/10920", "https://github.com/ollama/ollama/issues/6723",
                 "https://github.com/ollama/ollama/issues/15049", "https://github.com/continuedev/continue/issues/3464"),
        checked="2026-11-26",
        examples=("ollama/ollama-10920-deepseek-v25-needs-164-gib-ram.txt",
                  "ollama/ollama-15049-model-request-too-large-for-system.txt",
                  "ollama/continue-3464-requested-model-too-large-for-system.txt"),
    ),
    Signature(
        code="ollama.runner-terminated",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        patterns=(
            # "llama-server" since the runner was renamed (2026)
            # the runner's last error line (llm/status.go) or its exit status follows the colon; a bare
            # "process has terminated" is what 0.1 and the newest releases print without either
            r"(?:llama runner|llama-server) process has terminated: (?P<how>exit status \w+|signal: \w+|[^\"\n`]{1,120})",
            r"(?:llama runner|llama-server) process (?P<how>has terminated)(?!:)",
            r"(?:llama runner|llama-server) process no longer running: (?P<how>exit status \w+|-?\d+)",
            # server.go's ERROR line when the runner exits (0.5 and later), before the client's message
            # (llm/llama_server.go's "llama-server terminated" since the runner was renamed, 2026)
            r"msg=\\?\"?(?:llama runner|llama-server) terminated\\?\"? error=\\?\"?(?P<how>exit status \w+|signal: \w+)",
        ),
        severity="warn",  # a symptom: the line before the exit names the cause, often another row's
        cause="Ollama's model runner died ({how}) while loading or running the model.",
        advice=("Update Ollama to the latest release (older ones crash on newer models; the copy bundled in Open "
                "WebUI's :ollama image or a distro package is often old), then, if it still dies, read the server log "
                "lines just before the exit (`journalctl -u ollama` or server.log): the error line there names the "
                "cause."),
        action="configure",
        rules_out=(),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/7031", "https://github.com/ollama/ollama/issues/5628",
                 "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-7031-runner-0xc0000409-fixed-by-update.txt",
                  "ollama/ollama-11418-msty-runner-terminated-0xc0000409.txt"),
    ),
    Signature(
        code="ollama.model-architecture-unknown",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(r"unknown model architecture: '(?P<architecture>[\w.-]{1,60})'",
                  # a vision model's projector that the runtime's clip code does not know (MiniCPM-V 4.5 and -o 4.5 on
                  # runtimes older than their support: "clip.cpp:4169: Unknown minicpmv version", newer llama.cpp's
                  # GGML_ASSERT), and clip's "unknown projector type: X" (w39f)
                  r"[Uu]n(?:known|supported) (?P<architecture>minicpmv) version",
                  r"unknown projector type: (?P<architecture>[\w.-]{1,60})",),
        severity="fail",
        cause=("This Ollama (or llama.cpp, or the llama.cpp runtime of LM Studio or another app) release does not know "
               "the model's architecture '{architecture}'."),
        advice=("Upgrade what loads the model to a release that supports it: Ollama on Linux with `curl -fsSL "
                "https://ollama.com/install.sh | sh` (then `sudo systemctl restart ollama`), on Windows and macOS "
                "the app's update or ollama.com/download, in Docker a newer ollama/ollama image (Open WebUI's bundled "
                ":ollama image carries its own Ollama), then pull the model again; in LM Studio update the llama.cpp runtime (Runtime panel, Ctrl+Shift+R) or the app; "
                "llama.cpp and llama-cpp-python: a newer build. The model's page names the version it needs; a model "
                "that is no language model (a diffusion GGUF) loads in none of them, and a user-uploaded model that no "
                "release supports yet needs its maker's fork or another model from Ollama's library."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/5369", "https://github.com/ollama/ollama/issues/16014",
                 "https://github.com/ollama/ollama/releases",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1958",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/862",
                 "https://github.com/ollama/ollama/issues/14065"),
        checked="2026-11-26",
        examples=("ollama/ollama-5369-unknown-architecture-gemma2.txt", "ollama/ollama-16014-nemotron-h-omni-needs-0220.txt",
                  "ollama/lmstudio-1958-gemma4-unknown-architecture-old-engine.txt",
                  "ollama/lmstudio-862-glm4moe-engine-1-45.txt",
                  "ollama/ollama-14065-minicpm-o45-unsupported-minicpmv-version.txt"),
    ),
    Signature(
        code="ollama.runner-aborted-at-load",
        refines=("ollama.runner-terminated",), refines_within=0,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # The runner's abort (a C++ exception or GGML_ASSERT in llama.cpp's loader) with no error line after it, as
        # the client prints it: what a release too old for a freshly pulled model family does (llama3.1 on 0.1.x,
        # llama3.2-vision before 0.4.0). A CUDA or out-of-memory line elsewhere in the paste is its own finding.
        patterns=(r"(?:llama runner|llama-server) process has terminated: signal: aborted(?: \(core dumped\))?"
                  r"(?=[`'\".]{0,3}\s{0,3}$)",),
        severity="warn",
        cause=("Ollama's runner aborted while loading the model, without an error of its own: most often this Ollama "
               "release is older than the model's family (a model newer than the server)."),
        advice=("Update Ollama to the latest release (the install script, the app's update, or a newer ollama/ollama "
                "image; Open WebUI's bundled :ollama image and distro packages lag behind) and restart the server; "
                "`ollama -v` must then print one version. If it still aborts, the server log's last lines before the "
                "exit name the cause."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/7334", "https://github.com/ollama/ollama/issues/5897",
                 "https://github.com/ollama/ollama/issues/8375", "https://github.com/open-webui/open-webui/issues/24448"),
        checked="2026-11-26",
        examples=("ollama/ollama-7334-llama32-vision-aborted-needs-040.txt",),
    ),
    Signature(
        code="ollama.runner-load-timeout",
        cause_id="ollama-load-timeout",
        kinds=("any",),
        # llm/server.go until the runner became llama-server (2026, #16031), llm/llama_server.go since: "... to start -
        # <its last error>", without progress
        patterns=(r"timed out waiting for (?:llama runner|llama-server) to start(?: - progress (?P<progress>[\d.]+))?",),
        severity="fail",
        cause="Loading the model took longer than Ollama's load timeout, so it gave up on the runner.",
        advice=("Raise the load timeout in the server's environment (OLLAMA_LOAD_TIMEOUT=30m, e.g. `systemctl edit "
                "ollama` then Environment=\"OLLAMA_LOAD_TIMEOUT=30m\"), and keep the models (OLLAMA_MODELS) on a "
                "fast local disk; progress 0.00 that never moves can also be a runner that hangs, whose log lines "
                "then show why."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/8470", "https://github.com/ollama/ollama/issues/10969",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-8470-load-timeout-progress-0.txt", "ollama/ollama-10969-external-ssd-load-timeout.txt"),
    ),
    Signature(
        code="ollama.model-pre-tokenizer-unknown",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # llama.cpp's vocabulary loader (llama-vocab.cpp), in Ollama's runner and in llama.cpp's own tools
        patterns=(r"unknown pre-tokenizer type: '(?P<pretokenizer>[\w.-]{1,60})'",),
        severity="fail",
        cause=("This Ollama (or llama.cpp) release does not know the model's pre-tokenizer '{pretokenizer}': the model "
               "is newer than the release, so it cannot load."),
        advice=("Update Ollama (or llama.cpp; in LM Studio its llama.cpp runtime, Ctrl+Shift+R) to the latest release, "
                "which knows newer models' tokenizers; a GGUF you converted yourself must come from a converter no "
                "newer than the runtime."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/4629", "https://github.com/ollama/ollama/issues/4404"),
        checked="2026-11-26",
        examples=("ollama/ollama-4629-granite-unknown-pre-tokenizer-refact.txt",),
    ),
    Signature(
        code="ollama.ps-split-cpu-gpu",
        cause_id="ollama-oom",
        kinds=("any",),
        # `ollama ps`'s PROCESSOR column (cmd/cmd.go): "56%/44% CPU/GPU" is the CPU's share first
        patterns=(r"\b(?P<cpu>\d{1,2})%/(?P<gpu>\d{1,2})%[ \t]{1,12}CPU/GPU\b",),  # (aligned as a column when pasted)
        severity="warn",
        cause=("`ollama ps` shows the model {cpu}% on the CPU and {gpu}% on the GPU: it did not fit in the VRAM free "
               "when it loaded, and the CPU part makes it several times slower."),
        advice=("Make it fit: use a smaller model or a smaller quantization, lower the context (num_ctx / "
                "OLLAMA_CONTEXT_LENGTH) or quantize the KV cache (OLLAMA_FLASH_ATTENTION=1 with "
                "OLLAMA_KV_CACHE_TYPE=q8_0), unload other models (`ollama stop MODEL`) and close other programs on the GPU "
                "(`nvidia-smi` lists them), or add more GPUs; with several GPUs and one of them full, "
                "OLLAMA_SCHED_SPREAD=1 spreads models over all. `ollama ps` reads 100% GPU once it fits."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/kossakovsky/selfhost-ai/issues/102",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/selfhostai-102-ollama-ps-cpu-gpu-split-sched-spread.txt",),
    ),
    Signature(
        code="ollama.model-tensor-count-mismatch",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # llama.cpp's model loader (llama-model-loader.cpp): the GGUF holds tensors this release does not expect
        patterns=(r"done_getting_tensors: wrong number of tensors; expected (?P<expected>\d+), got (?P<got>\d+)",),
        severity="fail",
        cause=("This Ollama (or llama.cpp) release expected {expected} tensors where the model file holds another "
               "number ({got}): the model is newer than the release, which cannot load it."),
        advice=("Upgrade Ollama (or llama.cpp) to a release that supports the model (its page names the version it "
                "needs); if `ollama -v` warns \"client version is ...\", an old server is still running: stop it and "
                "restart the new one."),
        action="configure",
        rules_out=("a GPU or driver fault", "a corrupted download"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6966", "https://github.com/ollama/ollama/issues/9529",
                 "https://github.com/ollama/ollama/issues/4621"),
        checked="2026-11-25",
        examples=("ollama/ollama-6966-llama32-wrong-number-of-tensors.txt",),
    ),
    Signature(
        code="ollama.model-file-incomplete",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="model-file-corrupt",
        kinds=("any",),
        # llama.cpp's loader checks each tensor's offset against the file's size (ggml-org/llama.cpp#6885); ggml's
        # GGUF reader (gguf.cpp) stops where a cut-off or damaged file runs out of what it reads next
        patterns=(r"tensor '(?P<tensor>[\w.-]{1,80})' data is not within the file bounds",
                  r"gguf_init_from_file(?:_impl)?: failed to (?:read (?:key-value pairs|tensor info|tensor data|header)|"
                  r"seek to beginning of data section)"),
        severity="fail",
        cause=("The model file is truncated or corrupted: its tensors or header lie past its end (an interrupted "
               "download, a full disk or a network filesystem), so it cannot load."),
        advice=("Download the model again: `ollama rm MODEL && ollama pull MODEL`, or fetch the GGUF again from its "
                "source and compare its size or sha256 with the one published."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "set num_gpu"),
        sources=("https://github.com/ollama/ollama/issues/6228", "https://github.com/ggml-org/llama.cpp/pull/6885"),
        checked="2026-11-25",
        examples=("ollama/ollama-6228-gguf-not-within-file-bounds.txt",),
    ),
    Signature(
        code="ollama.backend-buffer-alloc-failed",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        # llama.cpp's loader could not allocate the model's weights buffer (llama-model.cpp), in VRAM or RAM
        patterns=(r"unable to allocate backend buffer",),
        severity="fail",
        cause=("The runner could not allocate the buffer for the model's weights: the model does not fit in the GPU's "
               "memory plus the free RAM."),
        advice=("Run a smaller model or quantisation that fits in VRAM plus free RAM (`ollama ps` and the model's size "
                "tell), or free RAM by closing other programs; on Windows, a larger page file also helps."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6606", "https://github.com/ollama/ollama/issues/5958",
                 "https://github.com/ollama/ollama/issues/5764"),
        checked="2026-11-25",
        examples=("ollama/ollama-6606-mistral-nemo-backend-buffer.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-no-cuda-devices",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # llama.cpp (early 2024, ggml-cuda.cu) when cudaGetDeviceCount fails; later builds print ggml_cuda_init's
        # "failed to initialize CUDA: <error>", which the cuda rows read
        patterns=(r"ggml_init_cublas: no CUDA devices found, CUDA will be disabled",),
        severity="fail",
        cause=("llama.cpp could not initialise CUDA (cudaGetDeviceCount failed), so it runs on the CPU: most often the "
               "NVIDIA driver is older than the CUDA toolkit llama.cpp was built with."),
        advice=("Compare the CUDA version `nvidia-smi` shows (the newest the driver supports) with the toolkit "
                "llama.cpp was built with (`nvcc --version`): update the NVIDIA driver, or build with a toolkit the "
                "driver supports; CUDA_VISIBLE_DEVICES must not be set empty."),
        action="configure",
        rules_out=("a CPU-only build",),
        never_suggest=("build without CUDA",),
        sources=("https://github.com/ggml-org/llama.cpp/issues/6184",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"),
        checked="2026-11-25",
        examples=("ollama/llamacpp-6184-init-cublas-no-devices-driver-older.txt",),
    ),
    Signature(
        code="ollama.windows-runner-dll-missing",
        cause_id="ollama-runner-crash",
        kinds=("any",),
        # 0xc0000135 is Windows' STATUS_DLL_NOT_FOUND: the runner's process could not even start
        patterns=(r"(?:llama runner|llama-server) process has terminated: exit status 0xc0000135\b",
                  # Windows' loader dialog naming the runtime DLL (Ollama, llama.cpp's and koboldcpp's executables)
                  r"The code execution cannot proceed because (?P<dll>(?:VCRUNTIME140(?:_1)?|MSVCP140(?:_\w{1,20})?|"
                  r"vcomp140)\.dll) was not found"),
        severity="fail",
        cause=("Windows could not start the program (Ollama's model runner, a llama.cpp executable) because a DLL it "
               "needs is missing (exit status 0xc0000135), most often the Microsoft Visual C++ runtime (VCRUNTIME140.dll, "
               "MSVCP140.dll)."),
        advice=("Install the latest Microsoft Visual C++ Redistributable for x64 (https://aka.ms/vs/17/release/"
                "vc_redist.x64.exe), or update Ollama to a release that ships the runtime; if an antivirus quarantined "
                "msvcp140.dll, restore it."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6804", "https://github.com/likelovewant/ollama-for-amd/issues/76",
                 "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"),
        checked="2026-11-25",
        examples=("ollama/ollama-6804-windows-0xc0000135-vcruntime-missing.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-build-no-nvcc",
        cause_id="build-toolchain-mismatch",
        kinds=("any",),
        patterns=(
            r"No CMAKE_CUDA_COMPILER could be found",  # CMake's enable_language(CUDA), llama.cpp's ggml-cuda
            r"Could not find nvcc, please set CUDAToolkit_ROOT",  # llama.cpp's CMakeLists (2024)
        ),
        # CMake's "The CUDA compiler identification is unknown" just above is this failure's first line (w40c)
        refines=("ollama.cmake-cuda-compiler-unusable",),
        refines_within=4,
        severity="fail",
        cause=("The CUDA build of a CMake project (llama.cpp's ggml-cuda, or any that calls enable_language(CUDA)) finds "
               "no CUDA compiler: nvcc is not installed or not on PATH, so the CUDA part cannot be built."),
        advice=("Install the CUDA toolkit (nvcc; the driver alone has none) and put its bin directory on PATH "
                "(`export PATH=/usr/local/cuda/bin:$PATH`), or point CMake at it: "
                "`-DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc` (or CUDACXX); `nvcc --version` must work. Where the "
                "project's CUDA part is optional, configuring with its CUDA option off (-DWITH_CUDA=OFF, "
                "-DGGML_CUDA=OFF) builds without it instead."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ggml-org/llama.cpp/issues/13527", "https://github.com/soedinglab/CCMpred/issues/26",
                 "https://github.com/ComputationalRadiationPhysics/cuda_memtest/issues/45",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"),
        checked="2026-11-27",
        examples=("ollama/llamacpp-13527-fresh-ubuntu-no-cuda-compiler.txt",
                  "wheels/ccmpred-26-cmake-cuda-compiler-notfound-no-toolkit.txt",
                  "wheels/cudamemtest-45-cmake-no-nvcc-on-path.txt"),
    ),
), *MODEL_SIGNATURES, *RUNTIME_SIGNATURES, *CLIENT_SIGNATURES,
   *PLACEMENT_SIGNATURES, *INSTALL_SIGNATURES, *APP_SIGNATURES, *FORMAT_SIGNATURES,
   *PATH_SIGNATURES, *BREADTH_SIGNATURES, *IMPORT_SIGNATURES, *FRONTEND_SIGNATURES,
   *ARCH_SIGNATURES, *DESKTOP_ENGINE_SIGNATURES, *ENVIRONMENT_SIGNATURES,
   *LOADER_SIGNATURES, *SETTING_SIGNATURES, *REQUEST_SIGNATURES, *BREADTH13_SIGNATURES,
   *BREADTH13D_SIGNATURES, *ROUND14_SIGNATURES, *ROUND15_SIGNATURES,
   *A15O_SIGNATURES, *ROUND15_P15O_SIGNATURES,  # people's own words (ollama_a15o.py, ollama_p15o.py)
   *R15B_SIGNATURES)  # a container app given its own loopback as Ollama's address (ollama_r15b.py)
from gpudoctor.knowledge.signatures.ollama_w18b import SIGNATURES as W18B_SIGNATURES; SIGNATURES += W18B_SIGNATURES  # noqa: E402,E702
from gpudoctor.knowledge.signatures.ollama_w19a import SIGNATURES as W19A_SIGNATURES; SIGNATURES += W19A_SIGNATURES  # noqa: E402,E702
