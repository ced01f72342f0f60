"""Issue 25, fourteenth wave (written blind): Ollama reachable on loopback only, and the other families this wave read.

Ollama listens on 127.0.0.1:11434 unless OLLAMA_HOST says otherwise (envconfig.Host; docs/faq.md, "How can I expose
Ollama on my network?"), so a client on another machine, a phone, a container or WSL's other side is refused while
`curl localhost:11434` on the server answers. What shows it: `ss`/`netstat`/`lsof` listing the port on a loopback
address, or the person saying so.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
# The client rows whose refusal a loopback-only listener explains, wherever in the paste the listener shows.
_REFUSED_CLIENT_ROWS = ("ollama.client-connection-refused", "ollama.container-client-refused",
                        "ollama.client-host-unreachable", "ollama.app-cannot-reach-server",
                        "ollama.app-model-connection-refused", "ollama.server-not-reachable",
                        "ollama.app-ollama-fetch-failed")
_LOOPBACK = r"(?:127\.0\.0\.1|localhost|\[::1\])"
# What a helper says to open a loopback-only Ollama to other machines, containers and WSL's other side.
_LISTEN_ADVICE = (
    "Make Ollama listen on every interface with OLLAMA_HOST=0.0.0.0 in the server's own environment: on Linux `sudo "
    "systemctl edit ollama.service`, add under [Service] Environment=\"OLLAMA_HOST=0.0.0.0:11434\", then `sudo systemctl "
    "daemon-reload && sudo systemctl restart ollama`; on Windows set a user environment variable OLLAMA_HOST=0.0.0.0 "
    "and quit and restart the Ollama app; on macOS `launchctl setenv OLLAMA_HOST 0.0.0.0:11434` and restart the app; "
    "in Docker publish the port (-p 11434:11434). `ss -ltn | grep 11434` (Windows: `netstat -ano | findstr 11434`) "
    "then shows 0.0.0.0:11434 or *:11434. If clients are still refused, open port 11434 in the server's firewall "
    "(`sudo ufw allow 11434/tcp`, `sudo firewall-cmd --permanent --add-port=11434/tcp` and `sudo firewall-cmd "
    "--reload`, or a Windows Defender Firewall inbound rule for TCP 11434) and connect to the server's LAN IP "
    "(http://192.168.x.y:11434), never to 0.0.0.0."
)

ROUND14_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.server-listens-loopback-only",
        refines=_REFUSED_CLIENT_ROWS, refines_within=None,
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            # Not read: ss -ltn ("LISTEN 0 4096 127.0.0.1:11434 0.0.0.0:*") and netstat ("tcp 0 0 127.0.0.1:11434 0.0.0.0:*
            # LISTEN"). Their only rare word is "LISTEN", and no other key starts with "L": that pass over the text cost
            # 0.05 s of the 50 MB bench; the address alone is in every healthy Ollama start ("Listening on ...").
            # lsof -iTCP:11434 -sTCP:LISTEN
            r"(?:localhost|127\.0\.0\.1):11434 \(LISTEN\)",
            # the person saying so (Ollama's own log prints "Listening on", capitalised, in every healthy start)
            r"\b[Oo]llama\b[^\n]{0,40}?\b(?:listens|is listening|is bound|binds) (?:only )?(?:on|to) `?" + _LOOPBACK,
            # other servers (llama-server, LM Studio) listen on loopback too: Ollama's name or port must be there
            r"\b[Oo]llama\b[^\n]{0,80}?\bonly (?:listens|listening|bound|binds|be accessed|accessible|reachable) "
            r"(?:on|to|through|via|from|at) `?" + _LOOPBACK,
            r"\bonly (?:listens|listening|bound|binds|be accessed|accessible|reachable) (?:on|to|through|via|from|at) `?"
            + _LOOPBACK + r":11434\b",
            r"只绑定到了?\s?`?" + _LOOPBACK,
            r"只监听(?:了|在)?\s?`?" + _LOOPBACK,
        ),
        severity="warn",
        cause=("The Ollama server listens on the loopback address only (127.0.0.1:11434, its default), so clients on "
               "other machines, phones, containers (host.docker.internal) or WSL's other side are refused while "
               "`curl localhost:11434` on the server itself answers."),
        advice=_LISTEN_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault", "a server that is down, when `curl localhost:11434` answers on it"),
        never_suggest=("reinstall ollama", "reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/9579", "https://github.com/msramanujam/maya/issues/9",
                 "https://github.com/ollama/ollama/issues/5959", "https://github.com/ollama/ollama/issues/1179", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-9579-service-bound-127-only-zh.txt",
                  "ollama/maya-9-host-ollama-loopback-containers-refused.txt"),
    ),
)

# A client refused or timed out at a LAN address of the server on Ollama's port (another machine, a phone, WSL's
# Windows host): the address is not loopback, so the server's listening address or its firewall is the question. The
# Docker bridge (172.17.x.x) and host.docker.internal stay the container rows'; localhost the client rows'.
_LAN = r"(?P<address>(?:192\.168\.\d{1,3}|10\.\d{1,3}\.\d{1,3}|172\.(?:1[689]|2\d|3[01])\.\d{1,3})\.\d{1,3})"
ROUND14_SIGNATURES += (
    Signature(
        code="ollama.lan-client-refused",
        refines=_REFUSED_CLIENT_ROWS,
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            r"Failed to connect to " + _LAN + r" port 11434\b",  # curl, and PHP's Guzzle quoting it
            r"connect (?:ECONNREFUSED|ETIMEDOUT) " + _LAN + r":11434\b",  # Node
            r"HTTPConnectionPool\(host='" + _LAN + r"', port=11434\): Max retries exceeded",  # requests
            r"dial tcp " + _LAN + r":11434: (?:connect|connectex|i/o timeout)",  # Go (the ollama CLI with OLLAMA_HOST)
            r"Cannot connect to host " + _LAN + r":11434\b",  # aiohttp
            r"Connect call failed \('" + _LAN + r"', 11434\)",  # asyncio
        ),
        severity="fail",
        cause=("A client on another machine (or container, phone, WSL's other side) cannot connect to Ollama at "
               "{address}:11434: the server listens on 127.0.0.1 only (its default), a firewall on the server blocks "
               "TCP 11434, or the server is not running there."),
        advice=("On the server, tell the three apart: `curl http://127.0.0.1:11434` should print 'Ollama is running' "
                "(if not, start it), and `ss -ltn | grep 11434` shows where it listens. " + _LISTEN_ADVICE),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall ollama", "reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/4005", "https://github.com/ollama/ollama/issues/5959",
                 "https://github.com/JHubi1/ollama-app/issues/5", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-4005-curl-7-remote-server-firewall.txt",),
    ),
)

# Ollama's official Linux builds moved from CentOS 7 to RHEL/CentOS 8 at 0.5.13 (ollama#11319, #9506), so they need
# glibc 2.27 and GCC 8's libstdc++; llama.cpp's and koboldcpp's release binaries are built on newer systems still.
# The dynamic loader names the program it refused; the wheels rows read the same lines for Python modules.
_LOCAL_LLM_BINARY = r"(?:ollama|llama-server|llama-cli|libllama|libggml|koboldcpp)"
ROUND14_SIGNATURES += (
    Signature(
        code="ollama.binary-needs-newer-glibc",
        refines=("wheels.glibc-too-old-for-wheel", "wheels.libstdcxx-too-old"),
        cause_id="binary-needs-newer-glibc",
        kinds=("any",),
        patterns=(
            r"lib(?:c|m|stdc\+\+)\.so\.6: version .?(?P<needed>(?:GLIBC|GLIBCXX|CXXABI)_[\d.]{1,12}).? not found "
            r"\(required by [^\n)]{0,200}?" + _LOCAL_LLM_BINARY,
            # glibc 2.29's getcpu() wrapper, missing from older systems, as koboldcpp's PyInstaller loader reports it
            r"koboldcpp\w{0,20}\.so: undefined symbol: (?P<needed>getcpu)\b",
        ),
        severity="fail",
        cause=("This prebuilt Ollama or llama.cpp binary was built against a newer C library and C++ runtime than "
               "this Linux has (it needs {needed}, which the system's libraries lack): Ollama's official builds "
               "need glibc 2.27 and GCC 8's libstdc++ "
               "since 0.5.13, which CentOS/RHEL 7 (glibc 2.17) and Ubuntu 18.04 lack, so it cannot start."),
        advice=("Check the system's glibc with `ldd --version`. Then run it where the libraries are new enough: the "
                "Docker image (`docker run --gpus=all ... ollama/ollama`), a newer distribution (RHEL/Rocky 8 or "
                "later, Ubuntu 20.04 or later), or build Ollama (or llama.cpp) from source on this system; on "
                "CentOS 7 the last Ollama release that runs is 0.5.12. Do not replace the system glibc by hand."),
        action="configure",
        rules_out=("a GPU, driver or CUDA fault: the program never started",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA", "upgrade glibc by hand"),
        sources=("https://github.com/ollama/ollama/issues/11319", "https://github.com/ollama/ollama/issues/10251",
                 "https://github.com/ollama/ollama/issues/9506", "https://github.com/ollama/ollama/issues/15624"),
        checked="2026-11-26",
        examples=("ollama/ollama-10251-centos7-glibc-227-manual-install.txt",
                  "ollama/ollama-11319-rhel79-upgrade-glibc-227-not-found.txt"),
    ),
)

# A load the client gave up on: the scheduler loads a model inside the request's context (llm/server.go
# WaitUntilRunning), so a client that closes its connection first cancels the load, which Ollama reports as
# "client connection closed before server finished loading, aborting load" and "timed out waiting for llama runner to
# start: context canceled"; OLLAMA_LOAD_TIMEOUT, which runner-load-timeout's advice raises, is not what stopped it.
ROUND14_SIGNATURES += (
    Signature(
        code="ollama.load-cancelled-by-client",
        refines=("ollama.runner-load-timeout",),
        cause_id="client-timeout-slow-local-model",
        kinds=("any",),
        patterns=(
            r"timed out waiting for (?:llama runner|llama-server) to start: context canceled",
            r"client connection closed before server finished loading, aborting load",
        ),
        severity="fail",
        cause=("The client closed its request while Ollama was still loading the model, so Ollama cancelled the load: "
               "the client's request timeout is shorter than the load takes (a large model, a long context, a slow "
               "disk), or the request was aborted."),
        advice=("Give the client more time: raise the app's request timeout (its timeout setting, e.g. LiteLLM's "
                "timeout=, Open WebUI's AIOHTTP_CLIENT_TIMEOUT, a fetch AbortSignal or requests timeout in your own "
                "code), or load the model before the first request (`ollama run MODEL \"\"`, and keep it loaded with "
                "keep_alive / OLLAMA_KEEP_ALIVE=-1). Then make the load shorter: a smaller num_ctx or model that fits "
                "in VRAM (`ollama ps` shows 100% GPU). OLLAMA_LOAD_TIMEOUT does not help: Ollama did not time out."),
        action="configure",
        rules_out=("a GPU or driver fault", "Ollama's own load timeout"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall ollama"),
        sources=("https://github.com/ollama/ollama/issues/10671",
                 "https://github.com/ollama/ollama/blob/main/llm/server.go"),
        checked="2026-11-26",
        examples=("ollama/ollama-10671-context-canceled-through-api.txt",),
    ),
)

# llama.cpp offloading no layer although it runs with a GPU backend: -ngl / n_gpu_layers is 0, llama.cpp's default
# before 2025 and still llama-cpp-python's. load_tensors prints the count in every build (llama_model_load_internal
# in 2023); a CPU-only build and Ollama's own placement print it too, so their rows (BLAS = 0, "no usable GPU found",
# Ollama's offload plan) refine this one anywhere in the paste. Ollama from 0.12 logs it as msg="offloaded 0/N ..."
# (ggml.go), which this row does not read: there the count is Ollama's choice, not a flag.
ROUND14_SIGNATURES += (
    Signature(
        code="ollama.llama-cpp-no-layers-requested",
        cause_id="llama-cpp-gpu-layers-not-set",
        kinds=("any",),
        patterns=(
            r"(?:llm_load_tensors|load_tensors|llama_model_load_internal): offloaded 0/(?P<layers>\d{1,4}) layers to GPU",
            # how people who found it say it
            r"\bdefaults? (?:to )?`?n_gpu_layers ?= ?0\b",
            r"\bn_gpu_layers\b[^\n]{0,40}?\bdefaults? (?:to |is )?`?0`?(?:\s|\.|,|$)",
            # w44a: a wrapper that offloads one layer ("will use GPU acceleration, but only for a single layer")
            # (rev44b: not where the line says the VRAM holds only one: "on my 2 GB card GPU offload fits only one layer")
            r"^(?![^\n]{0,300}?(?:VRAM|\bfits?\b|memory|\d ?[GM]i?B\b))[^\n]{0,300}?\bGPU (?:acceleration|offload(?:ing)?)\b"
            r"[^\n]{0,40}?\bonly (?:for |on |with )?(?:a single|one|1) layer\b",
        ),
        severity="warn",
        cause=("llama.cpp put none (or only one) of the model's layers on the GPU: it was not asked to (-ngl / "
               "n_gpu_layers 0, the default of llama.cpp before 2025 and of llama-cpp-python, or a wrapper's own "
               "default), or this build has no GPU backend, so the whole model runs on the CPU."),
        advice=("Check the load log first. If it shows the GPU (`ggml_cuda_init: found 1 CUDA devices`, a CUDA0 "
                "buffer), ask for the layers: `-ngl 99` (--n-gpu-layers) for llama-server/llama-cli, n_gpu_layers=-1 "
                "in llama-cpp-python's Llama() or LangChain's LlamaCpp (spelled n_gpu_layers exactly), gpu_layers in "
                "LocalAI's model YAML, the GPU Offload slider in LM Studio, --gpulayers in koboldcpp; then the log says "
                "offloaded N/N layers. If the log shows no CUDA device (BLAS = 0, 'no usable GPU found'), the build is "
                "CPU-only: reinstall with CUDA (`CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python "
                "--force-reinstall --no-cache-dir`, or llama.cpp's CUDA release)."),
        action="configure",
        rules_out=("a driver fault, when the log lists the CUDA device",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/simonw/llm-gguf/issues/8", "https://github.com/ggml-org/llama.cpp/issues/2128",
                 "https://llama-cpp-python.readthedocs.io/en/latest/api-reference/#llama_cpp.Llama"),
        checked="2026-11-26",
        examples=("ollama/llm-gguf-8-n-gpu-layers-default-0-rtx4080.txt",
                  "ollama/llm-llama-cpp-31-plugin-default-one-gpu-layer.txt"),
    ),
)
