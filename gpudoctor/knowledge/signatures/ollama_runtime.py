"""Ollama's runner and its host: discovery that timed out, a runner that cannot start or load (rows of the ollama area).

Written blind for issue 25 (third round), from Ollama's own messages: discover/runner.go and ml/device.go (discovery
that waits on the GPU library, 0.12 and later), llm/llama.go (0.1's runner), llm/server.go (the runner started from a
temporary directory), server/download.go (a pull), and ggml's allocation and CUDA_CHECK messages that Ollama logs.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_clients import _REACH_ADVICE

TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"
_LOGS = ("ollama-log", "journal", "docker", "kubectl")

RUNTIME_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.gpu-discovery-timeout",
        cause_id="ollama-cpu-fallback",
        kinds=_LOGS,
        patterns=(
            # ml/device.go's GetDevicesFromRunner when its context ends before the runner answers /info (0.12 to 0.13),
            # carried by `msg="failure during GPU discovery" … error="…"`
            r"failed to finish discovery before timeout",
            # the llama-server discovery of later releases: the same wait, reported with the context's own error
            r"failure during llama-server GPU discovery\b[^\n]{0,400}?error=\"?context deadline exceeded",
            r"llama-server GPU discovery watchdog timed out",
        ),
        severity="fail",
        cause=("Ollama's GPU discovery timed out waiting for the GPU library to initialise, so the server runs on the "
               "CPU: the driver or the GPU (or a container's access to it) hangs when CUDA starts."),
        advice=("Check that the GPU answers outside Ollama: `nvidia-smi` on the host and inside the container must "
                "return at once; if it hangs or fails, repair the driver or the container's GPU access (reboot after a "
                "driver update), then restart Ollama with OLLAMA_DEBUG=1 to see where discovery stops. On AMD this is a "
                "driver older than ROCm 7: upgrade it with amdgpu-install."),
        action="configure",
        rules_out=("a model or context setting",),
        never_suggest=("set num_gpu", "set num_ctx"),
        versions=("ollama>=0.12.4",),
        sources=("https://github.com/ollama/ollama/issues/13308", "https://github.com/ollama/ollama/issues/17069",
                 TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("ollama/ollama-13308-failed-to-finish-discovery.txt",
                  "ollama/ollama-17069-discovery-watchdog-lxc-docker.txt"),
    ),
    Signature(
        code="ollama.runner-exited-low-memory",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        # llm/llama.go (0.1.8 to 0.1.17) when the runner died before answering, without a last error of its own
        patterns=(r"llama runner exited, you may not have enough (?:available )?memory to run (?:this|the) model",),
        severity="fail",
        cause=("Ollama's runner died while loading the model, which Ollama 0.1 reports as a lack of memory: the model "
               "and its context did not fit the free RAM and VRAM."),
        advice=("Give the model room: close other programs (or restart) to free memory and VRAM, or run a smaller model "
                "or quantisation; `nvidia-smi` and `free -h` show what is in use."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver",),
        versions=("ollama<0.1.20",),
        sources=("https://github.com/ollama/ollama/issues/1019", "https://github.com/ollama/ollama/issues/1566"),
        checked="2026-11-26",
        examples=("ollama/ollama-1019-runner-exited-low-memory.txt",),
    ),
    Signature(
        code="ollama.host-buffer-alloc-failed",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            # ggml's alloc_tensor_range and llama.cpp's loader when the host-side buffer (plain, or pinned for CUDA)
            # cannot be allocated: system memory, not VRAM
            r"unable to allocate (?P<buffer>CUDA_Host|CPU) buffer",
            r"failed to allocate (?P<buffer>CUDA_Host|CPU) buffer of size (?P<bytes>\d+)",
            # the CPU backend's own line, which comes first (a KV cache kept in RAM: llama_kv_cache_init fails next)
            r"ggml_backend_(?P<buffer>cpu)_buffer_type_alloc_buffer: failed to allocate buffer",
        ),
        severity="fail",
        cause=("llama.cpp could not allocate the {buffer} buffer in system memory: the part of the model kept in RAM "
               "(or its pinned copy for the GPU), its KV cache or its compute buffer does not fit the free RAM."),
        advice=("Ask for less: lower the context (-c / --ctx-size, num_ctx; a context of 0 takes the model's whole "
                "trained length, and the KV cache grows with it) and the batch sizes (-ub / --ubatch-size, -b), or use "
                "a smaller model or quantisation; else free system memory (close other programs, add swap or a larger "
                "page file); `free -h` (Task Manager on Windows) shows the memory that is free."),
        action="configure",
        rules_out=("a driver fault", "a lack of VRAM"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/16455", "https://github.com/ollama/ollama/issues/12634",
                 "https://github.com/ggml-org/llama.cpp/issues/10251", "https://github.com/ggml-org/llama.cpp/issues/8101"),
        checked="2026-11-26",
        examples=("ollama/ollama-16455-cuda-host-buffer-mmap-off.txt",
                  "ollama/llama-cpp-10251-ubatch-6500-cpu-compute-buffer.txt"),
    ),
    Signature(
        code="ollama.tmpdir-unusable",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="ollama-tmpdir-unusable",
        kinds=("any",),
        patterns=(
            # llm/server.go starting a runner Ollama extracted into OLLAMA_TMPDIR (0.1.3x to 0.4): EACCES from a noexec
            # mount, EPERM ('operation not permitted') from a security policy (fapolicyd, SELinux) refusing /tmp
            r"fork/exec (?P<path>[^:\s]{1,300}ollama_llama_server): (?:permission denied|operation not permitted)",
            # the wording 0.1.34 added when it detects the cause (ollama/ollama#4241)
            r"may have noexec set\.\s{1,3}Set OLLAMA_TMPDIR",
            # 0.1.2x loaded its server as a library extracted to the same place
            r"(?<![^:\s])(?P<path>[^:\s]{1,300}libext_server\.so): failed to map segment from shared object",
            # extracting the runners at start (0.1.3x to 0.4) into a directory that is full
            r"copy payload \S{1,200}: write (?P<path>\S{1,300}): no space left on device",
        ),
        severity="fail",
        cause=("Ollama could not extract or run its runners in its temporary directory (/tmp unless OLLAMA_TMPDIR says "
               "otherwise): it is mounted noexec, or full."),
        advice=("Give Ollama a temporary directory it may write to and execute from: set OLLAMA_TMPDIR in the server's "
                "environment (for the service, `sudo systemctl edit ollama` and add "
                "`Environment=\"OLLAMA_TMPDIR=/usr/share/ollama/tmp\"`) to a directory the ollama user can write, with "
                "room, not mounted noexec, then `sudo systemctl restart ollama`."),
        action="configure",
        rules_out=("a driver fault", "a lack of memory"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/4229", "https://github.com/ollama/ollama/issues/2436",
                 "https://github.com/ollama/ollama/pull/4241", "https://github.com/ollama/ollama/issues/7012"),
        checked="2026-11-26",
        examples=("ollama/ollama-4229-noexec-tmp-fork-exec-denied.txt",
                  "ollama/ollama-2436-noexec-tmp-failed-to-map-segment.txt",
                  "ollama/ollama-7012-tmpfs-full-extracting-runners.txt"),
    ),
    Signature(
        code="ollama.models-disk-full",
        # a full disk is the cause behind the download's retries giving up, wherever the paste shows both
        refines=("ollama.pull-max-retries",), refines_within=None,
        cause_id="ollama-models-disk-full",
        kinds=("any",),
        # server/download.go writing a blob's "-partial" file (Linux and macOS wording, then Windows'); "blobs?" and
        # "sha\d{3}" keep the prefilter on the rare words of the error, not on every model path of a healthy log
        patterns=(r"(?P<path>[/\\]blobs?[/\\]sha\d{3}[-:][0-9a-f]{64}[^:\s]{0,40}): no space left on device",
                  r"(?P<path>[/\\]blobs?[/\\]sha\d{3}[-:][0-9a-f]{64}[^:\s]{0,40}): There is not enough space on the disk"),
        severity="fail",
        cause="The disk that holds Ollama's models is full, so the model could not be written ({path}).",
        advice=("Free space where the models are stored (`df -h` on the models directory, `ollama rm` models no longer "
                "needed) or move the store to a larger disk with OLLAMA_MODELS in the server's environment (in a "
                "container, mount a larger host directory there), then pull again."),
        action="configure",
        rules_out=("a network fault", "a GPU fault"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/15547", "https://github.com/fcori47/basdonax-ai-rag/issues/1",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-26",
        examples=("ollama/ollama-15547-pull-no-space-left-on-device.txt", "ollama/basdonax-1-docker-volume-no-space-left.txt"),
    ),
    Signature(
        code="ollama.ggml-cuda-init-error",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-init-failed",
        kinds=("any",),
        patterns=(
            # cudaErrorInitializationError (3) from cudaGetDeviceCount, as ggml_cuda_init prints it (llama.cpp since
            # March 2024) and as the older CUDA_CHECK printed it
            r"(?<=ggml_cuda_init: )failed to initialize CUDA: initialization error",
            r"CUDA error 3 at \S{1,300}ggml-cuda\.cu:\d+: initialization error",
        ),
        severity="fail",
        cause=("CUDA could not initialise in llama.cpp's CUDA backend (cudaErrorInitializationError, 3): the driver's "
               "CUDA side is not in a usable state (nvidia_uvm, device nodes, a driver updated without a reboot)."),
        advice=("Check `nvidia-smi` and `sudo dmesg | grep -i nvrm` for the driver's own error, then reload the "
                "nvidia_uvm module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) or reboot, so CUDA can "
                "initialise again."),
        action="reload-driver",
        rules_out=("a model or context setting",),
        never_suggest=("reinstall Ollama", "set num_ctx"),
        sources=("https://github.com/ollama/ollama/issues/1083", "https://github.com/meta-llama/llama3/issues/215",
                 "https://github.com/ggml-org/llama.cpp/pull/6185"),
        checked="2026-11-26",
        examples=("ollama/ollama-1083-cuda-error-3-initialization-error.txt",),
    ),
    Signature(
        code="ollama.ggml-binary-without-libcuda",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # the dynamic loader, before a CUDA build of a ggml program (llama.cpp's server and tools, Ollama's runner,
        # stable-diffusion.cpp) runs at all: the driver's libcuda.so.1, which a container gets from the NVIDIA runtime
        patterns=(r"(?:llama-server|llama-cli|llama-bench|/server|sd-cli|ollama_llama_server): error while loading shared "
                  r"libraries: libcuda\.so\.1",),
        severity="fail",
        cause=("A CUDA build of llama.cpp (or another ggml program) cannot start because the NVIDIA driver's libcuda.so.1 "
               "is not there: in a container, one started without the GPUs (no NVIDIA runtime), on a host, no driver."),
        advice=("Start the container with the GPUs through the NVIDIA Container Toolkit (`docker run --gpus all …`, or "
                "the compose device reservation; set the toolkit up with `sudo nvidia-ctk runtime configure "
                "--runtime=docker && sudo systemctl restart docker`) so the driver's libcuda.so.1 is mounted in; if it is "
                "mounted elsewhere (/usr/local/nvidia/lib64, /usr/lib/wsl/lib), add that directory to LD_LIBRARY_PATH."),
        action="configure",
        rules_out=("a fault of the model or of llama.cpp's build",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit in the container"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/7822", "https://github.com/leejet/stable-diffusion.cpp/issues/1352",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"),
        checked="2026-11-26",
        examples=("ollama/llamacpp-7822-server-cuda-image-no-libcuda.txt", "ollama/sdcpp-1352-cuda-image-run-without-gpus.txt"),
    ),
    Signature(
        code="ollama.client-connection-refused",
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            # the ollama CLI (Go's net/http, Linux and Windows wordings) and Python clients (urllib3) when nothing
            # listens on Ollama's port
            r"dial tcp (?P<address>[\w.\[\]:-]{1,80}:11434): connect(?:ex)?: "
            r"(?:connection refused|No connection could be made because the target machine actively refused it)",
            r"HTTPConnectionPool\(host='(?P<address>[^'\s]{1,80})', port=11434\): Max retries exceeded",
            # the same error quoted by its tail only, after an error word ("一直报错（host='localhost', port=11434）");
            # never a call's keyword arguments in pasted code (Client(model='m', host='localhost', port=11434), no
            # error word before them) nor urllib3's read timeout, a server that answers too slowly
            # (ollama.client-timeout-slow-local-model). (\w holds CJK: a fullwidth bracket may follow any character.)
            r"(?:报错|错误|[Ee]rror|[Ff]ail(?:s|ed|ure)?|失败|异常|[Ee]xception)[^\n'(（]{0,20}?(?:[\s（\[,:：]|(?<![\w.])\()"
            r"host='(?P<address>[^'\s]{1,80})', ?port=11434\b(?![)）]?:? ?Read timed out)(?!\):[ \t]{0,3}$)",
            # asyncio's socket connect (aiohttp and httpx clients under asyncio)
            r"Connect call failed \('(?P<address>[^'\s]{1,80})', 11434\)",
        ),
        severity="fail",
        cause=("Nothing listens on Ollama's port at {address}: the Ollama server is not running there, or it listens "
               "on 127.0.0.1 only while the client calls from another machine, WSL or a container."),
        advice=_REACH_ADVICE,
        action="restart-application",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/206", "https://github.com/ollama/ollama/issues/3200",
                 "https://github.com/ollama/ollama/issues/9839"),
        checked="2026-11-26",
        examples=("ollama/ollama-206-pull-connection-refused-no-server.txt",
                  "ollama/ollama-3200-python-client-connection-refused.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-compute-buffers-failed",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="ollama-oom",
        kinds=("any",),
        # llama.cpp's context creation when the compute graph's buffers (sized by the context and batch) do not fit,
        # and when the KV cache does not (llama_init_from_model's "failed to initialize the context", as LM Studio and
        # llama-server print it; older builds' llama_kv_cache_init line is ollama.cuda-out-of-memory's)
        patterns=(r"failed to allocate compute (?:pp )?buffers",
                  r"[Ff]ailed to initialize the context: failed to allocate buffer for kv cache",
                  # what follows when either fails: llama.cpp's common_init_from_params (llama-server, and Ollama's
                  # runner up to 0.3 as the runner's last error line) and Ollama's own runner (llama/llama.go) since
                  r"failed to create context with model '",
                  r"unable to create llama context",
                  # llama.cpp from mid 2024 to early 2025 when the KV cache's buffer cannot be allocated
                  # (llama_new_context_with_model, later llama_init_from_model), and what llama-cpp-python raises then
                  r"llama_kv_cache_init\(\) failed for self-attention cache",
                  r"ValueError: Failed to create llama_context\b"),
        severity="fail",
        cause=("llama.cpp could not allocate the KV cache or the compute buffers for this context: with this context "
               "size and these layers on the GPU they do not fit its free memory."),
        advice=("Lower the context so the buffers fit (llama.cpp `-c 8192`; in Ollama num_ctx or OLLAMA_CONTEXT_LENGTH; "
                "llama-cpp-python `Llama(..., n_ctx=8192)`): left unset (llama.cpp before late 2024, n_ctx=0 in "
                "llama-cpp-python and the apps on it) the context is the model's whole trained one, n_ctx_train in the "
                "load log, 128k tokens for many models, whose KV cache alone fills the card; "
                "or use a smaller quantization or model, keep the KV cache off the GPU (`-nkvo`) or offload fewer layers "
                "(`-ngl`, num_gpu); in LM Studio "
                "lower Context Length or GPU Offload, turn off Offload KV Cache to GPU Memory, or lower the Evaluation "
                "Batch Size. Only a small model failing here with most of the GPU's memory free points at a release "
                "older than the model, whose fix is a current release; a large context on a current release is "
                "fixed by the context or the model, not by another release."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/9352", "https://github.com/ggml-org/llama.cpp/issues/16725",
                 "https://github.com/ggml-org/llama.cpp/pull/16748",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/943",
                 "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/688",
                 "https://github.com/ggml-org/llama.cpp/pull/10136"),
        checked="2026-11-27",
        examples=("ollama/llamacpp-9352-compute-buffers-70b-full-context.txt",
                  "ollama/lmstudio-943-rtx3050-kv-cache-buffer-failed.txt"),
    ),
    Signature(
        code="ollama.ggml-cuda-stub-library",
        refines=("ollama.runner-terminated", "ollama.ggml-cuda-error"), refines_within=None,
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cudaErrorStubLibrary (34) as ggml_cuda_init prints it: the process loaded the toolkit's stub libcuda.so
        patterns=(r"(?<=ggml_cuda_init: )failed to initialize CUDA: CUDA driver is a stub library",),
        severity="fail",
        cause=("llama.cpp's CUDA backend loaded the CUDA toolkit's stub libcuda (meant only for linking) instead of the "
               "driver's, so CUDA cannot start although the driver works."),
        advice=("Make the program load the driver's libcuda.so.1 instead of the toolkit's stub: take the CUDA toolkit's "
                "stubs directory (…/lib64/stubs) out of LD_LIBRARY_PATH and /etc/ld.so.conf.d (then `sudo ldconfig`), "
                "and check with `ldd` that libcuda.so.1 resolves to the driver's copy (on NixOS /run/opengl-driver/lib)."),
        action="configure",
        rules_out=("a fault of the driver or the GPU",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NixOS/nixpkgs/issues/320145", "https://github.com/NVIDIA/warp/issues/219",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-26",
        examples=("ollama/nixpkgs-320145-local-ai-cuda-stub-library.txt",),
    ),
)
