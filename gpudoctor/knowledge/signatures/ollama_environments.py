"""Ollama and llama.cpp where they run: a scheduler's job, a client's HTTP request, a container, Windows' DLL search, a
build without the driver.

Written blind for issue 25 (eleventh wave, from the tenth set's miss families and the trackers of the local-LLM tools,
proven by other threads). A Slurm job gets CUDA_VISIBLE_DEVICES, GPU_DEVICE_ORDINAL and (before Slurm 21.08, or without
gres.conf's nvidia_gpu_env flag) ROCR_VISIBLE_DEVICES from the scheduler; Ollama's server prints them in its "server
config" map (envconfig, sorted, so CUDA_VISIBLE_DEVICES and GPU_DEVICE_ORDINAL stand side by side), and from 0.9 to 0.11
its ggml backend loader took an AMD variable being set as the sign of an AMD machine and loaded no CUDA backend
(ggml-backend-reg.cpp, "Avoid mixed hip+cuda configurations"). An Ollama server's 404 is a model it does not have
(server/routes.go answers "model not found" on its model routes) or, as gin's "404 page not found", a path it does not
serve; curl -f shows either only as its exit 22. host.docker.internal is a name Docker Desktop provides and Docker
Engine on Linux does not, unless the container is started with --add-host=...:host-gateway. On Windows a ggml-base.dll
or libomp140.x86_64.dll found first on the DLL search path, or CUDA runtime DLLs missing beside llama-server.exe, break
llama.cpp builds that otherwise work; GNU ld linking llama.cpp's programs needs the driver's libcuda (or its stub).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_clients import _REACH_ADVICE

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
_NO_DRIVER_STEP = ("reinstall the driver", "update the driver", "reinstall CUDA")

ENVIRONMENT_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.scheduler-visible-devices-hide-gpu",
        # the GPU discovery's "no GPU" readings are this row's symptom where the scheduler's variables are set
        refines=("ollama.no-gpu-runners", "ollama.no-compatible-gpu", "ollama.no-gpu-vram", "ollama.runs-on-cpu-described"),
        refines_within=None,
        cause_id="cuda-visible-devices",
        kinds=("any",),
        patterns=(
            # the server config map (sorted keys; a value is at most eight GPU UUIDs, and bounded it stays linear on a
            # line of the word repeated): GPU_DEVICE_ORDINAL is AMD's variable, which Slurm sets beside
            # CUDA_VISIBLE_DEVICES for a job's GPUs and a person on an NVIDIA machine does not
            r"CUDA_VISIBLE_DEVICES:(?P<cuda>[^\s\]\"]{1,400}) GPU_DEVICE_ORDINAL:(?P<ordinal>[^\s\]\"]{1,400})",
            # the same map with ROCR_VISIBLE_DEVICES set beside CUDA_VISIBLE_DEVICES
            r"CUDA_VISIBLE_DEVICES:(?P<cuda>[^\s\]\"]{1,400}) [^\n]{0,3000}?ROCR_VISIBLE_DEVICES:(?P<rocr>[^\s\]\"]{1,400})",
            # an environment as the runner's start line, `env` or a job script prints it, both set on one line (the
            # value taken whole: each shorter try scanned the 600 characters again)
            r"ROCR_VISIBLE_DEVICES=(?P<rocr>[\w,-]+)(?![\w,-])[^\n]{0,600}?CUDA_VISIBLE_DEVICES=[\w-]",
            r"CUDA_VISIBLE_DEVICES=[\w,-]+(?![\w,-])[^\n]{0,600}?ROCR_VISIBLE_DEVICES=(?P<rocr>[\w,-]+)",
            # how people tell it: the scheduler named beside the AMD variable it set
            # (each starting with its literal, which lets `re` skip ahead on Ollama's long server config lines)
            r"Slurm[^\n]{0,200}?(?:ROCR|HIP)_VISIBLE_DEVICES", r"slurm[^\n]{0,200}?(?:ROCR|HIP)_VISIBLE_DEVICES",
            r"ROCR_VISIBLE_DEVICES[^\n]{0,200}?[Ss]lurm", r"HIP_VISIBLE_DEVICES[^\n]{0,200}?[Ss]lurm",
            # Ollama 0.12 and later warn of each such variable as discovery starts (discover/runner.go,
            # overrideWarnings: msg="user overrode visible devices" NAME=value); an AMD one is a scheduler's on an
            # NVIDIA machine (CUDA_VISIBLE_DEVICES alone is a person's choice, read by the other hidden-GPU rows)
            r"user overrode visible devices\"? (?P<variable>ROCR_VISIBLE_DEVICES|HIP_VISIBLE_DEVICES|GPU_DEVICE_ORDINAL)"
            r"=(?P<value>[^\s\"]+)",
        ),
        severity="warn",
        cause=("Ollama runs with a scheduler's GPU variables (a Slurm job sets CUDA_VISIBLE_DEVICES, GPU_DEVICE_ORDINAL "
               "and ROCR_VISIBLE_DEVICES): with an AMD variable set, Ollama 0.9 to 0.11 loads its ROCm backend instead "
               "of CUDA and runs on the CPU, and indices that do not match the GPUs the job's cgroup shows hide them."),
        advice=("In the job script, before `ollama serve`, run `unset ROCR_VISIBLE_DEVICES HIP_VISIBLE_DEVICES "
                "GPU_DEVICE_ORDINAL` and keep CUDA_VISIBLE_DEVICES as the job sets it (or unset it too where the job's "
                "cgroup already shows only its GPUs: `nvidia-smi -L` inside the job lists them); an administrator can "
                "have Slurm set only the NVIDIA variable with `Flags=nvidia_gpu_env` in gres.conf. Then check the "
                "server log's inference compute line names library=cuda."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("reinstall Ollama",),
        versions=("ollama>=0.9.0",),
        sources=("https://github.com/ollama/ollama/issues/10833",
                 "https://github.com/alan-turing-institute/ollama-hpc-example/pull/1",
                 "https://support.schedmd.com/show_bug.cgi?id=11097",
                 "https://slurm.schedmd.com/gres.conf.html"),
        checked="2026-11-26",
        examples=("ollama/ollama-10833-slurm-job-cuda-and-gpu-ordinal-set-cpu.txt",
                  "ollama/ollama-hpc-example-1-slurm-rocr-visible-devices-cpu.txt"),
    ),
    Signature(
        code="ollama.container-host-name-unresolved",
        # the reach rows read the same line (or the app's notice beside it) as "nothing listens": the name does not
        # even resolve
        refines=("ollama.client-host-unreachable", "ollama.container-client-refused", "ollama.client-connection-refused",
                 "ollama.app-cannot-reach-server"),
        refines_within=None,  # an unresolvable host.docker.internal explains every failed reach in the paste
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        patterns=(
            # Go (the ollama CLI, Go clients): Docker's embedded DNS (127.0.0.11) has no such name
            r"lookup host\.docker\.internal(?: on [\w.:\[\]]{1,60})?: (?:no such host|server misbehaving|"
            r"Temporary failure in name resolution)",
            # urllib3/requests (NameResolutionError, or the errno in NewConnectionError), aiohttp's bracketed reason
            r"host\.docker\.internal[^\n]{0,400}?(?:Name or service not known|Temporary failure in name resolution|"
            r"No address associated with hostname|nodename nor servname provided|Failed to resolve)",
            r"Failed to resolve '?host\.docker\.internal",
            # Node (getaddrinfo) and curl
            r"getaddrinfo (?:ENOTFOUND|EAI_AGAIN) host\.docker\.internal",
            r"Could(?:n't| not) resolve host: host\.docker\.internal",
        ),
        severity="fail",
        cause=("The client in a container looks for Ollama at host.docker.internal, a name only Docker Desktop "
               "provides: on Docker Engine for Linux the container cannot resolve it unless it is mapped to the host."),
        advice=("Map the name to the host when starting the container: `docker run --add-host=host.docker.internal:"
                "host-gateway ...` (Compose: `extra_hosts: [\"host.docker.internal:host-gateway\"]`), and make the "
                "host's Ollama listen beyond loopback, since the container reaches it through the bridge: "
                "`sudo systemctl edit ollama`, Environment=\"OLLAMA_HOST=0.0.0.0\" under [Service], then `sudo systemctl "
                "restart ollama`; a host firewall must let the Docker bridge through (`sudo ufw allow in on docker0 to "
                "any port 11434 proto tcp`). Or run the client with `--network=host` and use http://127.0.0.1:11434. "
                "In Kubernetes (k3s, containerd) no such name exists: point the client at the Ollama Service's DNS name "
                "or the node's address."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP,
        sources=("https://github.com/docker/genai-stack/issues/39", "https://github.com/sugarforever/chat-ollama/issues/438",
                 "https://github.com/odysseus-dev/odysseus/issues/164",
                 "https://docs.docker.com/reference/cli/docker/container/run/#add-host", FAQ),
        checked="2026-11-26",
        examples=("ollama/genai-stack-39-host-docker-internal-no-such-host-linux.txt",
                  "ollama/chat-ollama-438-curl-could-not-resolve-host-docker-internal.txt"),
    ),
    Signature(
        code="ollama.client-http-404",
        contexts=("ollama-api",),  # only where the text shows the request went to Ollama (its port, routes, commands)
        cause_id="ollama-model-missing",
        kinds=("any",),
        # The clients' own words for an HTTP 404, which hide the server's body ("model not found", read by
        # ollama.model-not-in-this-server where it shows): curl -f's exit 22, requests' and httpx's raise_for_status,
        # .NET's EnsureSuccessStatusCode, a front end's "Ollama error: 404", and the server's own gin access line for a
        # 404 on a model route (the CLI's first call, POST /api/show, answers 404 for every model not yet pulled and
        # is left out)
        patterns=(
            r"curl: \(22\) The requested URL returned error: 404\b",
            # (requests and httpx name the URL: only Ollama's port or model routes, not a model hub's API)
            r"404 Client Error: Not Found for url: https?://[^\s/]{1,80}(?::11434/|/api/(?:generate|chat|embed|"
            r"embeddings|show)\b|/v1/(?:chat/completions|completions|embeddings)\b)",
            r"Client error '404 Not Found' for url 'https?://[^\s/']{1,80}(?::11434/|/api/(?:generate|chat|embed|"
            r"embeddings|show)\b|/v1/(?:chat/completions|completions|embeddings)\b)",
            r"Response status code does not indicate success: 404 \(Not Found\)",
            # aiohttp's ClientResponseError (Open WebUI, LangChain's async clients)
            r"404, message='Not Found', url=(?:URL\()?'https?://[^\s/']{1,80}(?::11434/|/api/(?:generate|chat|embed))",
            r"Ollama (?:API )?error: 404\b",
            r"\| 404 \|[^|\n]{1,40}\|[^|\n]{1,60}\| POST\s{1,12}\"/(?:api/(?:generate|chat|embed|embeddings)|"
            r"v1/(?:chat/completions|completions|embeddings))\"",
        ),
        severity="fail",
        cause=("The Ollama server answered 404 Not Found: most often the model the request names is not in its store "
               "(never pulled there, or another tag), less often the URL's path is not one of its routes."),
        advice=("Run `ollama list` on the server that answered: if the model the client asks for is missing, pull it "
                "under that exact name (`ollama pull llama3.2:latest`, the tag included) or change the client's model "
                "name to one the list shows. If the list has it, the path is wrong: Ollama's own API is "
                "http://HOST:11434/api/generate or /api/chat, its OpenAI-compatible one http://HOST:11434/v1 (a base URL "
                "without /v1, or /api/chat on a server older than 0.1.14, gives 404 page not found)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("reinstall Ollama",),
        sources=("https://github.com/laurentkempe/aiPlayground/issues/1", "https://github.com/run-llama/llama_index/issues/12985",
                 "https://github.com/taketwo/llm-ollama/issues/2", "https://github.com/ollama/ollama/blob/main/docs/api.md"),
        checked="2026-11-26",
        examples=("ollama/aiplayground-1-httpclient-404-pull-fixed.txt",
                  "ollama/llamaindex-12985-httpx-404-api-chat-mistral-not-pulled.txt"),
    ),
    Signature(
        code="ollama.ggml-base-dll-on-path",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # discover/runner.go (0.13 and later, Windows): the ggml-base.dll that PATH resolves lies outside Ollama's lib
        # folder, so the runner can load that build's copy instead of its own
        patterns=(r"msg=\"potentially incompatible library detected in PATH\" location=(?P<location>[^\n]{1,200}?ggml-base\.dll)",),
        severity="warn",
        cause=("Another GGML-based application's ggml-base.dll ({location}) lies on PATH, where Ollama's runner can load "
               "it instead of Ollama's own: GPU discovery and model loads then fail or fall back to the CPU."),
        advice=("Take that ggml-base.dll off PATH: delete it where it does not belong (C:\\Windows), or remove the other "
                "application's folder from the PATH variable (System Properties > Environment Variables), then quit and "
                "restart Ollama from the tray."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP,
        versions=("ollama>=0.13.0",),
        sources=("https://github.com/ollama/ollama/pull/13289", "https://github.com/ollama/ollama/issues/12618"),
        checked="2026-11-26",
        examples=("ollama/ollama-13289-warn-ggml-base-outside-install.txt",),
    ),
    Signature(
        code="ollama.ggml-base-openmp-runtime-stale",
        cause_id="symbol-mismatch",
        kinds=("any",),
        # Windows' loader: ggml-base.dll (llama.cpp builds since 2025 link LLVM's OpenMP runtime, libomp140.x86_64.dll)
        # found all its DLLs, but an import is missing from one of them: an older libomp140 found first
        patterns=(
            r"ggml-base\.dll: \[WinError 127\]",
            r"__kmpc_\w{1,30} could not be located in the dynamic link library [^\n]{0,200}?ggml(?:-base)?\.dll",
        ),
        severity="fail",
        cause=("Windows resolved ggml-base.dll's OpenMP runtime (libomp140.x86_64.dll) to an older copy found first (C:\\"
               "Windows\\System32, or another folder on PATH) that lacks a function this llama.cpp build imports, so the "
               "library cannot load."),
        advice=("Find the copies with `where libomp140.x86_64.dll` and make the one shipped beside ggml-base.dll load: "
                "rename the stale libomp140.x86_64.dll in C:\\Windows\\System32 (or drop its folder from PATH), or preload "
                "the bundled one by its full path before importing llama_cpp (`ctypes.CDLL(r\"...\\llama_cpp\\lib\\"
                "libomp140.x86_64.dll\")`); or go back to the llama-cpp-python wheel that last worked (0.3.33 in these "
                "reports) until a release loads its own."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("install the CUDA toolkit",),
        sources=("https://github.com/JamePeng/llama-cpp-python/issues/156",
                 "https://github.com/Tavris1/ComfyUI-Easy-Install/issues/248"),
        checked="2026-11-26",
        examples=("ollama/jamepeng-llamacpppython-156-ggml-base-winerror-127-stale-libomp.txt",
                  "ollama/comfyui-ezi-248-kmpc-dispatch-deinit-ggml-base-dll.txt"),
    ),
    Signature(
        code="ollama.llama-cpp-windows-cuda-runtime-dlls-missing",
        refines=("cuda.shared-library-not-loadable",),  # the general loader row (cuda_w36a.py) gives way here
        cause_id="cuda-library-missing",
        kinds=("any",),
        patterns=(
            # Windows' loader dialog (and its console form) for a native program whose CUDA runtime DLLs are not beside
            # it or on PATH: llama.cpp's CUDA release zips ship them in a separate cudart-llama-bin-win-cuda-*.zip
            r"The code execution cannot proceed because (?P<dll>(?:cudart|cublas|cublasLt)64_\d{2,3}\.dll) was not found",
            # ggml's backend loader (ggml-backend-reg.cpp, "failed to load %s: %s") when ggml-cuda.dll's imports are
            # missing: the server then runs on the CPU only
            r"failed to load (?P<path>[^\n]{1,200}?ggml-cuda\.dll): The specified module could not be found",
        ),
        severity="fail",
        cause=("The CUDA build of llama.cpp (llama-server.exe, or an app that bundles it) cannot load the CUDA runtime "
               "DLLs it links (cudart64, cublas64, cublasLt64): they are not beside the .exe or on PATH, so it does not "
               "start or runs on the CPU only."),
        advice=("Put the CUDA runtime DLLs next to llama-server.exe: for llama.cpp's Windows release, download the "
                "cudart-llama-bin-win-cuda-<version>-x64.zip of the same release and CUDA version as the "
                "llama-bin-win-cuda zip and extract it into the same folder; for an app that downloads its own llama.cpp "
                "backend (Jan, LM Studio), have it download that backend again: close the app, delete the backend's "
                "folder (Jan: %APPDATA%\\Jan\\data\\llamacpp) or reinstall the CUDA runtime from the app's settings, and "
                "start it; for an app that bundles llama.cpp, copy cudart64_*, cublas64_* and cublasLt64_* there from the "
                "CUDA Toolkit of that version (its bin folder). `nvidia-smi` must work too (the driver's nvcuda.dll)."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/tobocop2/lilbee/pull/497", "https://github.com/ggml-org/llama.cpp/issues/8443",
                 "https://github.com/ggml-org/llama.cpp/issues/15204", "https://github.com/janhq/jan/issues/6960"),
        checked="2026-11-27",
        examples=("ollama/lilbee-497-llama-server-exe-cudart64-12-not-found.txt",
                  "ollama/jan-6960-cudart64-12-dll-not-found-after-update.txt"),
    ),
    Signature(
        code="ollama.ggml-cuda-assert",
        refines=("ollama.runner-terminated",), refines_within=None,
        cause_id="app-fault",
        kinds=("any",),
        # an internal check (GGML_ASSERT) in one of ggml's CUDA source files, as llama.cpp, Ollama's runner,
        # koboldcpp and LM Studio's engine abort on it: "ggml/src/ggml-cuda/mmvq.cu:519: GGML_ASSERT(...) failed"
        patterns=(r"ggml-cuda[/\\](?P<file>[\w.-]{1,40}\.cu):\d{1,6}: GGML_ASSERT\((?P<check>[^\n]{1,160}?)\) failed",),
        severity="fail",
        cause=("llama.cpp's CUDA code stopped on an internal check ({check} in {file}): a bug of this build with this "
               "model or these settings (new architectures, MoE offload, a split mode), not a fault of the GPU or driver."),
        advice=("Update llama.cpp, or the app that bundles it (Ollama, koboldcpp, LM Studio's runtime, "
                "text-generation-webui), to its latest release or CI build, where such asserts are most often fixed; "
                "until then run that model without the CUDA path that trips (fewer or no GPU layers, -ngl 0, or "
                "without --usecublas), and report the assert line with the model to the project."),
        action="configure",
        rules_out=("a driver fault", "a hardware fault"),
        never_suggest=("reinstall the driver", "update the driver", "reseat the GPU"),
        sources=("https://github.com/LostRuins/koboldcpp/issues/1539", "https://github.com/ggml-org/llama.cpp/pull/13435"),
        checked="2026-11-26",
        examples=("ollama/koboldcpp-1539-moe-mmvq-ggml-assert-fixed-upstream.txt",),
    ),
    Signature(
        code="ollama.client-refused-in-ollama-context",
        contexts=("ollama-api",),  # the bare refusal names no port: only where the text shows an Ollama client
        cause_id="ollama-server-not-running",
        kinds=("any",),
        # httpx's ConnectError (ollama-python 0.4+, LangChain, Open Notebook and most Python front ends) carries only
        # the errno: 111 on Linux, 61 on macOS, WinError 10061 on Windows
        patterns=(r"httpx\.ConnectError: \[(?:Errno (?:111|61)|WinError 10061)\]",
                  # n8n's words for ECONNREFUSED (its Ollama credential test and nodes)
                  r"The service refused the connection - perhaps it is offline"),
        severity="fail",
        cause=("A client of Ollama was refused: nothing listens at the address it tried (the server is not running, "
               "listens on 127.0.0.1 only, or the client's localhost is its own container)."),
        advice=_REACH_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP,
        sources=("https://github.com/lfnovo/open-notebook/issues/100", FAQ),
        checked="2026-11-26",
        examples=("ollama/open-notebook-100-httpx-refused-ollama-host-loopback.txt",),
    ),
    Signature(
        code="ollama.open-webui-cuda-image-no-kernel",
        contexts=("open-webui",),
        refines=("cuda.no-kernel-image",),
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # PyTorch's RuntimeError or Open WebUI's own ERROR line, not ggml's bare "CUDA error:" of an Ollama runner
        # whose log shares the paste
        patterns=(r"RuntimeError: CUDA error: no kernel image is available for execution on the device",
                  r"ERROR: CUDA error: no kernel image is available for execution on the device"),
        severity="fail",
        cause=("Open WebUI's :cuda image runs its embedding, reranking and Whisper models with a PyTorch built for one "
               "CUDA version (USE_CUDA_VER: cu121 in older images, cu128 in current ones), which has no kernels for "
               "this GPU."),
        advice=("Use an image whose PyTorch has kernels for this GPU: pull the current :cuda image (`docker pull "
                "ghcr.io/open-webui/open-webui:cuda`; cu128 covers GeForce RTX 50), or build it with `docker build "
                "--build-arg USE_CUDA=true --build-arg USE_CUDA_VER=cu128 .` (cu126 or cu118 for a GPU the newest "
                "PyTorch no longer builds for); or run the :main image, which does this work on the CPU."),
        action="configure",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/open-webui/open-webui/issues/12469",
                 "https://github.com/open-webui/open-webui/blob/main/Dockerfile"),
        checked="2026-11-26",
        examples=("ollama/open-webui-12469-cuda-image-no-kernel-use-cuda-ver.txt",),
    ),
    Signature(
        code="ollama.llama-cpp-link-cuda-driver",
        cause_id="llama-cpp-link-cuda-driver",
        kinds=("any",),
        # GNU ld linking llama.cpp's programs (llama-server, llama-mtmd-cli, llama-cpp-python's build) against
        # libggml-cuda, whose virtual memory management calls the CUDA driver API: the driver library is absent where
        # the build runs (ld's warning names it), or not passed on to the programs
        patterns=(
            r"warning: libcuda\.so\.1, needed by [^\n]{0,200}?libggml-cuda[\w.]{0,30}, not found",
            r"libggml-cuda\.so[\w.]{0,20}: undefined reference to `cu(?:Mem|Device|GetErrorString)\w{0,40}'",
        ),
        severity="fail",
        cause=("The CUDA build of llama.cpp links its programs against libggml-cuda, which calls the CUDA driver API "
               "(cuMemCreate and the other virtual memory functions), without the driver library: none exists where the "
               "build runs (a docker build, a CI machine), or this revision's CMake does not pass it on to the programs."),
        advice=("If ld also warns that libcuda.so.1 was not found (a docker build or a machine without the NVIDIA "
                "driver), link against the toolkit's stub: configure with `-DCMAKE_EXE_LINKER_FLAGS=-Wl,"
                "--allow-shlib-undefined` as llama.cpp's own Dockerfile does, or build with `LD_LIBRARY_PATH=/usr/local/"
                "cuda/lib64/stubs` after `ln -s libcuda.so /usr/local/cuda/lib64/stubs/libcuda.so.1`; the container gets "
                "the real libcuda at run time (`--gpus all`). If the driver is installed, the revision does not link "
                "the driver library (-lcuda, CUDA::cuda_driver) into the programs: update llama.cpp, or add "
                "`-DCMAKE_EXE_LINKER_FLAGS=-lcuda`."),
        action="configure",
        rules_out=("a driver fault on this machine",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Anbeeld/beellama.cpp/issues/18", "https://github.com/ggml-org/llama.cpp/issues/23357",
                 "https://github.com/JamePeng/llama-cpp-python/issues/30", "https://github.com/ggml-org/llama.cpp/issues/9392",
                 "https://github.com/ggml-org/llama.cpp/issues/10844"),
        checked="2026-11-26",
        examples=("ollama/beellama-18-libggml-cuda-undefined-cumemcreate-no-lcuda.txt",),
    ),
    Signature(
        code="ollama.client-404-page-not-found",
        contexts=("ollama-api",),  # gin's default body: any Go server answers so; here the text shows an Ollama client
        cause_id="ollama-client-wrong-endpoint",
        kinds=("any",),
        # gin's answer for a route the server does not have (a missing model is "model '...' not found" instead)
        patterns=(r"404 page not found",),
        severity="fail",
        cause=("The Ollama server answered 404 page not found: the client asked for a path this server does not serve "
               "(an OpenAI-compatible base URL without /v1, a route the installed Ollama predates, a mistyped path), not "
               "for a missing model."),
        advice=("Check the URL the client calls: Ollama's own API is http://HOST:11434/api/chat or /api/generate, its "
                "OpenAI-compatible API needs the base URL http://HOST:11434/v1 (with /v1, without /chat/completions). "
                "Give the address without a trailing slash (OLLAMA_HOST=\"http://127.0.0.1:11434\", not "
                "\"http://127.0.0.1:11434/\", which makes //api/... paths), and set the client's provider to the API the "
                "URL serves (an OpenAI-compatible provider for /v1, an Ollama provider for the bare address) before "
                "the base URL: a client still set to another provider (Gemini, Anthropic) sends that provider's paths. "
                "If the path is right, the server is older than the route (/api/chat came in 0.1.14, /api/embed in "
                "0.2.6): `ollama --version`, then update Ollama."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("ollama pull",),
        sources=("https://github.com/taketwo/llm-ollama/issues/2", "https://github.com/xerrors/Yuxi/issues/111",
                 "https://github.com/ollama/ollama/blob/main/docs/openai.md"),
        checked="2026-11-26",
        examples=("ollama/llm-ollama-2-api-chat-404-page-not-found-old-server.txt",
                  # w49a: a base URL's trailing slash (chatbot-ollama#26), a client on another provider (llxprt-code#775)
                  "ollama/chatbotollama-26-ollama-host-trailing-slash-404.txt",
                  "ollama/llxprt-775-404-page-not-found-provider-not-switched-to-openai.txt"),
    ),
)
