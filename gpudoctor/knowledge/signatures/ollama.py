"""Ollama and llama.cpp: the server log's discovery, load and runner errors.

Ollama's lines are quoted from its source (discover/, llm/server.go) as the releases named in
gpudoctor/knowledge/ollama_versions.py print them; gpudoctor/probes/ollama.py reads the same lines for its facts.
"""

from __future__ import annotations

from gpudoctor.fix_requests import ManualSteps
from gpudoctor.knowledge.dated import OLLAMA_NVIDIA_DRIVER
from gpudoctor.knowledge.signatures import Signature

GPU_DOCS = OLLAMA_NVIDIA_DRIVER.source
TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
_DRIVER = OLLAMA_NVIDIA_DRIVER.value
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

SIGNATURES = (
    Signature(
        code="ollama.driver-too-old",
        cause_id="cuda-driver-too-old",
        kinds=_LOGS,
        patterns=(r"your nvidia driver is too old or missing",),
        severity="fail",
        cause="Ollama's CUDA runtime could not start on this NVIDIA driver: the driver is missing or too old.",
        advice=(f"Update the NVIDIA driver to R{_DRIVER['minimum_branch']} or newer "
                f"(R{_DRIVER['compute_5_0_to_6_2_branch']} for GPUs of compute capability 5.0 to 6.2, as Ollama's "
                "GPU docs require), then restart Ollama; `nvidia-smi` shows the driver version in use."),
        action="restart-application",
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/ollama/ollama/issues/6604", GPU_DOCS),
        checked=OLLAMA_NVIDIA_DRIVER.checked,
        examples=("ollama/ollama-6604-driver-too-old.txt",),
    ),
    Signature(
        code="ollama.cuda-init-unknown-error",
        cause_id="cuda-unknown-error",
        kinds=_LOGS,
        patterns=(
            # Ollama's discovery (discover/gpu_info_nvcuda.c, gpu_info_cudart.c) logs the CUDA error number.
            r"\bcuInit err[:;] 999\b",
            r"\bcudaSetDevice err[:;] 999\b",
            r"\bnvcuda init failure[:;] 999\b",
            r"\bcudart init failure[:;] 999\b",
            r"\bdriver library init failure[:;] 999\b",
            r"unknown error initializing cuda driver library",
            r"(?<=ggml_cuda_init: )failed to initialize CUDA: unknown error",
        ),
        severity="fail",
        cause=("CUDA could not start (error 999, CUDA_ERROR_UNKNOWN), so Ollama runs on the CPU: the driver's "
               "unified memory module is in a bad state, most often after suspend and resume."),
        advice=("Reload the nvidia_uvm module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) or reboot, "
                "then restart Ollama."),
        action="reload-driver",
        fix=ManualSteps("Reload the nvidia_uvm kernel module",
                        ("sudo systemctl stop ollama", "sudo rmmod nvidia_uvm", "sudo modprobe nvidia_uvm",
                         "sudo systemctl start ollama")),
        rules_out=("an Ollama bug",),
        never_suggest=("reinstall Ollama", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/5453", "https://github.com/ollama/ollama/issues/6647",
                 TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("ollama/ollama-5453-nvcuda-init-999.txt", "ollama/ollama-6647-cudart-999-after-sleep.txt"),
    ),
    Signature(
        code="ollama.nvml-version-mismatch",
        cause_id="driver-library-mismatch",
        kinds=_LOGS,
        patterns=(
            # NVML_ERROR_LIB_RM_VERSION_MISMATCH is 18 (nvml.h): libnvidia-ml and the kernel module differ.
            r"\bnvmlInit_v2 err[:;] 18\b",
            r"\bnvml vram init failure[:;] 18\b",
        ),
        severity="fail",
        cause=("NVML reported a driver/library version mismatch (error 18): the loaded NVIDIA kernel module is "
               "older than the driver libraries installed since, so Ollama sees no GPU."),
        advice=("Reboot (or unload and reload the nvidia kernel modules) so the kernel module matches the installed "
                "driver libraries; `nvidia-smi` works again once they match."),
        action="reboot",
        rules_out=("a missing GPU",),
        never_suggest=("reinstall Ollama", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/abysssol/ollama-flake/issues/4",
                 "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html"),
        checked="2026-11-25",
        examples=("ollama/ollama-flake-4-nvml-init-err-18.txt",),
    ),
    Signature(
        code="ollama.libcuda-lacks-cuctxcreate-v3",
        cause_id="cuda-driver-too-old",
        kinds=_LOGS,
        patterns=(
            r"symbol lookup for cuCtxCreate_v3 failed",
            r"undefined symbol: cuCtxCreate_v3\b",
        ),
        severity="fail",
        cause=("The NVIDIA driver's CUDA library has no cuCtxCreate_v3 (added with CUDA 11.4 drivers): the driver is "
               "too old for Ollama, which then runs on the CPU."),
        advice=(f"Upgrade the NVIDIA driver to R{_DRIVER['minimum_branch']} or newer (R{_DRIVER['compute_5_0_to_6_2_branch']} "
                "for GPUs of compute capability 5.0 to 6.2, as Ollama's GPU docs require), then restart Ollama."),
        action="restart-application",
        rules_out=("a container or GPU visibility problem",),
        never_suggest=("set CUDA_VISIBLE_DEVICES",),
        sources=("https://github.com/ollama/ollama/issues/5493", "https://github.com/ollama/ollama/issues/6604",
                 GPU_DOCS),
        checked="2026-11-25",
        examples=("ollama/ollama-5493-libcuda-418-too-old.txt", "ollama/ollama-6604-driver-too-old.txt"),
    ),
    Signature(
        code="ollama.no-nvidia-devices",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            r"no nvidia devices detected by library (?P<library>\S+)",
            # the same CUDA_ERROR_NO_DEVICE (100) as discovery's C code logs it
            r"\bnvcuda init failure[:;] 100\b",
            r"\bcudart init failure[:;] 100\b",
            r"\bdriver library init failure[:;] 100\b",
            r"\bcuInit err[:;] 100\b",
        ),
        severity="fail",
        cause=("The driver's CUDA library loaded but found no GPU (CUDA_ERROR_NO_DEVICE, 100), so Ollama runs "
               "on the CPU."),
        advice=("Check that the NVIDIA kernel module is loaded (`lsmod | grep nvidia`; `nvidia-smi` must list the "
                "GPUs); if it is not, reinstall the driver from NVIDIA's repository following the CUDA installation "
                "guide, then restart Ollama."),
        action="restart-application",
        never_suggest=("set OLLAMA_SCHED_SPREAD", "set num_gpu"),
        sources=("https://github.com/ollama/ollama/issues/12116",
                 "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/"),
        checked="2026-11-25",
        examples=("ollama/ollama-12116-no-nvidia-devices-fedora-575.txt",),
    ),
    Signature(
        code="ollama.cuda-forward-compat-unsupported",
        cause_id="driver-library-mismatch",
        kinds=_LOGS,
        patterns=(
            # the lookbehind keeps the row to llama.cpp's line while the prefilter keys on a rarer word
            r"(?<=ggml_cuda_init: )failed to initialize CUDA: forward compatibility was attempted on non supported HW",
        ),
        severity="fail",
        cause=("CUDA refused to start (error 804): the driver's user-space library is newer than the loaded kernel "
               "module, as right after a driver update without a reboot, so Ollama runs every layer on the CPU."),
        advice=("Reboot (or unload and reload the nvidia kernel modules) so the kernel module matches the installed "
                "driver, then restart Ollama; if it persists, remove any cuda-compat package from the library path."),
        action="reboot",
        rules_out=("an Ollama bug",),
        never_suggest=("downgrade Ollama", "set OLLAMA_NUM_GPU"),
        sources=("https://github.com/ollama/ollama/issues/15918",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-25",
        examples=("ollama/ollama-15918-forward-compat-after-driver-update.txt",),
    ),
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
            r"msg=\"no compatible GPUs were discovered\"",
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
            r"(?:llama runner|llama-server) process has terminated: (?P<how>exit status \w+|signal: \w+)",
            r"llama runner process no longer running: (?P<how>-?\d+)",
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
)
