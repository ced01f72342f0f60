"""Ollama and llama.cpp: the server log's load and runner errors, and the server's own messages.

Ollama's lines are quoted from its source (llm/server.go, llm/llama_server.go, server/) as the releases named in
gpudoctor/knowledge/ollama_versions.py print them; gpudoctor/ollama/messages.py reads the same lines for the Ollama
checks. GPU discovery's messages are rows of ollama_discovery.py, part of this area.
"""

from __future__ import annotations

from gpudoctor.knowledge.dated import OLLAMA_NVIDIA_DRIVER
from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_discovery import DISCOVERY_SIGNATURES

GPU_DOCS = OLLAMA_NVIDIA_DRIVER.source
TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

SIGNATURES = (*DISCOVERY_SIGNATURES, *(
    Signature(
        code="ollama.cuda-ptx-unsupported-toolchain",
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
                "shows the newest CUDA the driver supports), or rebuild it with a toolkit no newer than that."),
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
                "`cmake -B build -DGGML_CUDA=ON && cmake --build build --config Release`."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/9153",
                 "https://github.com/ggml-org/llama.cpp/blob/master/docs/build.md"),
        checked="2026-11-25",
        examples=("ollama/llamacpp-9153-not-compiled-gpu-offload.txt",),
    ),
    Signature(
        code="ollama.no-gpu-libraries",
        cause_id="ollama-gpu-hidden",
        kinds=_LOGS,
        # Ollama 0.1.20 to 0.1.32 searched for libnvidia-ml.so and logged the paths it found (gpu/gpu.go).
        patterns=(r"Discovered GPU libraries: \[\]",),
        versions=("ollama>=0.1.20,<=0.1.32",),
        severity="warn",
        cause=("Ollama found no NVIDIA management library (libnvidia-ml.so) at all: no NVIDIA driver is visible to "
               "it, as in a container started without a GPU request."),
        advice=("If Ollama runs in a container, request the GPUs (`docker run --gpus=all`, or a device request in "
                "compose); `--runtime=nvidia` alone injects no GPU. On a host, `nvidia-smi` must work first."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/dstackai/dstack/issues/910",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-25",
        examples=("ollama/dstack-910-runtime-nvidia-without-gpus.txt",),
    ),
    Signature(
        code="ollama.service-cuda-visible-devices",
        cause_id="ollama-gpu-hidden",
        kinds=("any",),
        # A unit file as pasted; the server's own "server config" line is judged by the Ollama checks.
        patterns=(r"Environment=\"?CUDA_VISIBLE_DEVICES=(?P<devices>[^\"\s]*)",),
        severity="info",
        cause=("The Ollama service gets CUDA_VISIBLE_DEVICES={devices} from its own environment (its systemd unit or "
               "an override.conf), so it uses only those GPUs, whatever a login shell sets."),
        advice=("See the service's environment with `systemctl cat ollama` and change or remove CUDA_VISIBLE_DEVICES "
                "in its override.conf (`sudo systemctl edit ollama.service`; prefer GPU UUIDs), then "
                "`sudo systemctl restart ollama`."),
        action="configure",
        never_suggest=("reinstall Ollama", "reinstall the driver"),
        sources=("https://github.com/ollama/ollama/issues/9722", "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-9722-override-conf-hides-gpu.txt",),
    ),
    Signature(
        code="ollama.no-layers-offloaded",
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
            # Ollama's own engine (llm/server.go, 0.12 and later)
            r"memory layout cannot be allocated",
        ),
        severity="fail",
        cause="The model as Ollama placed it does not fit the GPU's memory.",
        advice=("Offload fewer layers (num_gpu), lower the context (num_ctx / OLLAMA_CONTEXT_LENGTH) or use a smaller "
                "quantisation so each GPU keeps headroom; close other programs holding VRAM."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/8597", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-8597-deepseek-r1-4xl40s-cuda0-buffer.txt",),
    ),
    Signature(
        code="ollama.ggml-cuda-error",
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
                "(lower num_ctx or num_gpu); any other error in a ggml kernel is a fault of that Ollama or llama.cpp "
                "release with this model: update to the newest release and report the server log upstream."),
        action="restart-application",
        rules_out=("a driver install problem",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/10580", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-10580-illegal-memory-access-llama4.txt",),
    ),
    Signature(
        code="ollama.amd-gfx-unsupported",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            r"amdgpu is not supported\b[^\n]{0,300}?gpu_type=(?P<gfx>gfx[0-9a-f]+)",
            # later releases (discover/amd.go) name the target gfx_target=
            r"no rocblas support for gfx target\b[^\n]{0,300}?gfx_target=(?P<gfx>gfx[0-9a-f]+)",
        ),
        severity="fail",
        cause=("Ollama's ROCm libraries have no kernels for this Radeon GPU ({gfx}), so discovery rejected it and "
               "Ollama runs on the CPU."),
        advice=("On Linux set HSA_OVERRIDE_GFX_VERSION to the nearest supported target (the log's supported_types); "
                "on Windows use rocblas libraries built for this gfx (replace rocblas.dll and rocblas/library)."),
        action="configure",
        never_suggest=("update the NVIDIA driver",),
        sources=("https://github.com/likelovewant/ollama-for-amd/issues/14",
                 GPU_DOCS),
        checked="2026-11-25",
        examples=("ollama/ollama-for-amd-14-gfx1031-not-supported.txt",),
    ),
    Signature(
        code="ollama.no-compatible-gpu",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            r"no compatible GPUs were discovered",  # discover/gpu.go, 0.2 to 0.11, slog's msg= or a plain line
            r"(?<=msg=\"inference compute\" )id=(?:0|cpu) library=cpu\b",
        ),
        severity="warn",
        cause="Ollama's discovery accepted no GPU, so models run on the CPU.",
        advice=("Read the discovery lines just above this one for the reason (restart the server with OLLAMA_DEBUG=1 "
                "for all of them): a GPU library that failed to load, an init error number, or an AMD GPU whose gfx "
                "target is not in the log's supported_types."),
        action="configure",
        sources=("https://github.com/likelovewant/ollama-for-amd/issues/14", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-for-amd-14-gfx1031-not-supported.txt",),
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
        code="ollama.server-already-running",
        cause_id="none",
        kinds=("any",),
        patterns=(
            r"listen tcp (?P<address>[\w.:\[\]]{1,60}:11434): bind: address already in use",
            r"listen tcp (?P<address>[\w.:\[\]]{1,60}:11434): bind: Only one usage of each socket address",
        ),
        severity="info",
        cause=("Another Ollama server (the systemd service, or the tray app on Windows and macOS) already listens "
               "on {address}, so `ollama serve` cannot; the running one serves the requests."),
        advice=("Nothing is broken: use the server that is already running (`curl http://localhost:11434` answers "
                "\"Ollama is running\"); to run `ollama serve` by hand, stop the other one first (`sudo systemctl "
                "stop ollama` on Linux, Quit Ollama from the tray icon on Windows and macOS)."),
        action="none",
        rules_out=("a GPU or driver problem",),
        never_suggest=("reinstall Ollama", "reinstall the driver"),
        sources=("https://github.com/ollama/ollama/issues/707", "https://github.com/ollama/ollama/issues/2540",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-707-serve-port-in-use-service-running.txt",
                  "ollama/ollama-2540-windows-tray-already-serving.txt"),
    ),
    Signature(
        code="ollama.system-memory-too-small",
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            r"model requires more system memory \((?P<required>[\d.]+ [KMGT]?i?B)\) than is available "
            r"\((?P<available>[\d.]+ [KMGT]?i?B)\)",
            # the scheduler's warning just before that error (llm/server.go, 0.3 to 0.20)
            r"model request too large for system\"? requested=\"(?P<required>[\d.]+ [KMGT]?i?B)\" "
            r"available=\"(?P<available>[\d.]+ [KMGT]?i?B)\"",
        ),
        severity="fail",
        cause=("The model needs {required} of memory for the part not on the GPU, and only {available} of RAM is "
               "free, so Ollama refuses to load it."),
        advice=("Run a smaller model or quantisation (or a smaller num_ctx) that fits; for a small shortfall, free "
                "RAM by closing other programs or add swap."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/10920", "https://github.com/ollama/ollama/issues/6723"),
        checked="2026-11-25",
        examples=("ollama/ollama-10920-deepseek-v25-needs-164-gib-ram.txt",),
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
        ),
        severity="warn",  # a symptom: the line before the exit names the cause, often another row's
        cause="Ollama's model runner died ({how}) while loading or running the model.",
        advice=("Update Ollama to the latest release (older ones crash on newer models), then read the server log "
                "lines just before the exit (`journalctl -u ollama` or server.log): the CUDA error or out-of-memory "
                "line there names the cause."),
        action="configure",
        rules_out=(),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/7031", "https://github.com/ollama/ollama/issues/5628",
                 "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-7031-runner-0xc0000409-fixed-by-update.txt",),
    ),
    Signature(
        code="ollama.model-architecture-unknown",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(r"unknown model architecture: '(?P<architecture>[\w.-]{1,60})'",),
        severity="fail",
        cause="This Ollama (or llama.cpp) release does not know the model's architecture '{architecture}'.",
        advice=("Upgrade Ollama to a release that supports the model (the latest from ollama.com/download, or a "
                "newer ollama/ollama image), then pull the model again; the model's page names the Ollama version "
                "it needs."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/5369", "https://github.com/ollama/ollama/issues/16014",
                 "https://github.com/ollama/ollama/releases"),
        checked="2026-11-25",
        examples=("ollama/ollama-5369-unknown-architecture-gemma2.txt", "ollama/ollama-16014-nemotron-h-omni-needs-0220.txt"),
    ),
    Signature(
        code="ollama.server-not-reachable",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            r"could not connect to ollama app, is it running",
            r"could not connect to a running Ollama instance",
        ),
        severity="fail",
        cause="The ollama command found no Ollama server to talk to: it is not running, or listens elsewhere.",
        advice=("Start the server and check it: on Linux `sudo systemctl start ollama` then `systemctl status ollama` "
                "(`journalctl -u ollama` shows why it stopped); on Windows and macOS start the Ollama app (tray "
                "icon) or run `ollama serve`. If the server sets OLLAMA_HOST, set the same in the client's "
                "environment."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/8813", "https://github.com/ollama/ollama/issues/5482",
                 "https://github.com/ollama/ollama/issues/9145", TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-8813-cli-cannot-reach-server-linux.txt", "ollama/ollama-5482-windows-tray-not-started.txt"),
    ),
    Signature(
        code="ollama.runner-load-timeout",
        cause_id="ollama-load-timeout",
        kinds=("any",),
        patterns=(r"timed out waiting for llama runner to start(?: - progress (?P<progress>[\d.]+))?",),
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
        code="ollama.client-host-unreachable",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            r"Error: Head \"(?P<url>https?://[^\"\s]{1,120})\": dial tcp",
            r"WARN invalid port, using default port=",
        ),
        severity="fail",
        cause="The ollama client could not reach a server at the address OLLAMA_HOST gives it.",
        advice=("Check OLLAMA_HOST in the client's environment: unset it to use 127.0.0.1:11434, or set it to the "
                "server's host:port (0.0.0.0 is an address for the server to listen on, not one to connect to); "
                "then make sure the server is running there (`curl http://127.0.0.1:11434`)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6839", "https://github.com/ollama/ollama/issues/2132",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-6839-invalid-port-lookup-c.txt",),
    ),
    Signature(
        code="ollama.model-needs-newer-server",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        patterns=(
            r"The model you are attempting to pull requires a newer version of Ollama",
            r"pull model manifest: 412\b",
        ),
        severity="fail",
        cause="The registry refused the model because the running Ollama server is older than the model requires.",
        advice=("Make the running server new enough: if `ollama -v` warns \"client version is ...\", an old server "
                "is still running, so restart it (sudo systemctl restart ollama, quit and reopen the app, or kill "
                "the stale ollama process); otherwise upgrade Ollama (for a brand-new model the release may still be "
                "a pre-release)."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/11739", "https://github.com/ollama/ollama/issues/14199",
                 "https://github.com/ollama/ollama/issues/14431"),
        checked="2026-11-25",
        examples=("ollama/ollama-11739-old-server-still-running-412.txt", "ollama/ollama-14199-412-restart-the-server.txt"),
    ),
    Signature(
        code="ollama.install-script-no-gpu-detected",
        cause_id="none",
        kinds=("any",),
        patterns=(
            r"No (?P<vendors>NVIDIA|NVIDIA/AMD) GPU detected\. Ollama will run in CPU-only mode",
            r"Unable to detect NVIDIA/AMD GPU\. Install lspci or lshw",
        ),
        severity="warn",
        cause=("Ollama's install script (lspci/lshw) found no GPU; that decides only which drivers it installs, "
               "not whether the server uses a GPU (its own discovery does)."),
        advice=("Nothing to fix on a machine without a GPU. With a GPU present, check what the server itself found: "
                "the server log's \"inference compute\" line (`journalctl -u ollama | grep \"inference compute\"`) "
                "or `ollama ps` while a model is loaded; in containers and WSL the script often cannot see the GPU "
                "even though the server uses it."),
        action="none",
        rules_out=(),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/ollama/ollama/issues/4679", "https://github.com/ollama/ollama/issues/1330",
                 "https://github.com/ollama/ollama/blob/main/scripts/install.sh"),
        checked="2026-11-25",
        examples=("ollama/ollama-4679-install-sh-detection-regression.txt",
                  "ollama/ollama-1330-cpu-only-server-install-warning.txt"),
    ),
    Signature(
        code="ollama.model-pre-tokenizer-unknown",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # llama.cpp's vocabulary loader (llama-vocab.cpp), in Ollama's runner and in llama.cpp's own tools
        patterns=(r"unknown pre-tokenizer type: '(?P<pretokenizer>[\w.-]{1,60})'",),
        severity="fail",
        cause=("This Ollama (or llama.cpp) release does not know the model's pre-tokenizer '{pretokenizer}': the model "
               "is newer than the release, so it cannot load."),
        advice=("Update Ollama (or llama.cpp) to the latest release, which knows newer models' tokenizers; a GGUF you "
                "converted yourself must come from a converter no newer than the runtime."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/4629", "https://github.com/ollama/ollama/issues/4404"),
        checked="2026-11-25",
        examples=("ollama/ollama-4629-granite-unknown-pre-tokenizer-refact.txt",),
    ),
    Signature(
        code="ollama.ps-split-cpu-gpu",
        cause_id="ollama-oom",
        kinds=("any",),
        # `ollama ps`'s PROCESSOR column (cmd/cmd.go): "56%/44% CPU/GPU" is the CPU's share first
        patterns=(r"\b(?P<cpu>\d{1,2})%/(?P<gpu>\d{1,2})% CPU/GPU\b",),
        severity="warn",
        cause=("`ollama ps` shows the model {cpu}% on the CPU and {gpu}% on the GPU: it did not fit in the VRAM free "
               "when it loaded, and the CPU part makes it several times slower."),
        advice=("Make it fit: unload other models (`ollama stop MODEL`) and close other programs on the GPU "
                "(`nvidia-smi` lists them), lower the context (num_ctx / OLLAMA_CONTEXT_LENGTH) or use a smaller "
                "quantisation; with several GPUs and one of them full, OLLAMA_SCHED_SPREAD=1 spreads models over all."),
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
        code="ollama.client-newer-than-server",
        cause_id="ollama-version-too-old",
        kinds=("any",),
        # `ollama -v` (cmd/cmd.go) when the server that answers is another version than the client
        patterns=(r"Warning: client version is (?P<client>\d[\w.+-]{0,30})",),
        severity="warn",
        cause=("The Ollama server that answers is another version than this client ({client}): an old server is "
               "still running (a stale service or app, or a second install, e.g. in WSL), so newer models fail on it."),
        advice=("Stop the old server (`ps aux | grep 'ollama serve'`, `systemctl status ollama`; on Windows also look "
                "in WSL and the tray app), then start the updated one; `ollama -v` then prints one version."),
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/7176", "https://github.com/ollama/ollama/issues/7011",
                 "https://github.com/ollama/ollama/issues/6701"),
        checked="2026-11-25",
        examples=("ollama/ollama-7176-client-version-old-server-wsl.txt",),
    ),
    Signature(
        code="ollama.model-file-incomplete",
        cause_id="model-file-corrupt",
        kinds=("any",),
        # llama.cpp's loader checks each tensor's offset against the file's size (ggml-org/llama.cpp#6885)
        patterns=(r"tensor '(?P<tensor>[\w.-]{1,80})' data is not within the file bounds",),
        severity="fail",
        cause=("The model file is truncated or corrupted: tensor '{tensor}' lies past its end (an interrupted "
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
        code="ollama.windows-port-reserved",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        # WSAEACCES (10013) from bind: Windows' dynamic port reservation (winnat, Hyper-V, WSL) holds the port
        patterns=(r"listen tcp (?P<address>[\w.:\[\]]{1,60}): bind: An attempt was made to access a socket in a way "
                  r"forbidden by its access permissions",),
        severity="fail",
        cause=("The Ollama server cannot listen on {address}: Windows has reserved a port range that includes it (the "
               "NAT service winnat, for Hyper-V, WSL or Docker), so no server runs."),
        advice=("As administrator, `netsh interface ipv4 show excludedportrange protocol=tcp` shows the reserved ranges; "
                "restart the NAT service (`net stop winnat` then `net start winnat`) or reserve the port for Ollama "
                "(`netsh int ipv4 add excludedportrange protocol=tcp startport=11434 numberofports=1` while winnat is "
                "stopped), or set OLLAMA_HOST to a free port."),
        action="configure",
        rules_out=("a GPU or driver fault", "a second Ollama already running"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/9444", "https://github.com/ollama/ollama/issues/8396",
                 "https://github.com/ollama/ollama/issues/7524"),
        checked="2026-11-25",
        examples=("ollama/ollama-9444-windows-port-forbidden-winnat.txt",),
    ),
    Signature(
        code="ollama.models-dir-permission",
        cause_id="ollama-models-permission",
        kinds=_LOGS,
        # the server's start-up (envconfig.Models, server/modelpath.go) creating OLLAMA_MODELS as the service's user
        patterns=(r"(?:ollama\[\d+\]: |^)Error: mkdir (?P<path>[^:\s]{1,200}): permission denied",),
        severity="fail",
        cause=("The Ollama server cannot create {path} for its models as the service's user, so it exits at start."),
        advice=("Point the service at a models directory its user can create and reach: an absolute OLLAMA_MODELS "
                "owned by that user (`sudo chown -R ollama:ollama DIR`) whose parents it can traverse, or the unit's "
                "WorkingDirectory there; ProtectHome=yes in the unit hides /home from it. Then "
                "`sudo systemctl restart ollama`."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "run ollama as root"),
        sources=("https://github.com/ollama/ollama/issues/9945", "https://github.com/ollama/ollama/issues/2701",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-25",
        examples=("ollama/ollama-9945-service-mkdir-home-permission-denied.txt",),
    ),
))
