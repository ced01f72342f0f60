"""The contexts of local-LLM and serving applications a text may come from (Ollama's log, API and clients, vLLM, Open
WebUI, llama.cpp and the apps built on it, llamafile) and of a few hardware set-ups (PCIe risers, MIG), as data in the
form of gpudoctor/knowledge/context_table.py: contexts.py reads that table's contexts first, then these, then
context_table_hosts.py's (innermost first)."""

from __future__ import annotations

from gpudoctor.knowledge.context_table import Context

CONTEXTS: tuple[Context, ...] = (
    Context(
        name="ollama-log",
        meaning="The text is the Ollama server's own log (its journal or server.log), where a model runner's bare CUDA "
                "error is about the model Ollama placed on the GPU.",
        markers=(
            r"ollama\[",  # the journal's "ollama[3292]:" prefix of the service's lines
            r"level=INFO source=",  # Ollama's structured log lines (log/slog with the source file), 0.1.30 and later
            r"routes.go:",  # its older "2024/06/17 14:18:21 routes.go:1011:" start line
        ),
        sources=("https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md",),
        checked="2026-11-26",
    ),
    Context(
        name="ollama-api",
        meaning="The text is a client's request to an Ollama server's HTTP API (its port 11434, its /api/ routes, the "
                "ollama command), so a bare HTTP status from the client is the Ollama server's answer.",
        markers=(
            r":11434",  # Ollama's port in the URL a client was given (curl, OLLAMA_HOST, a base URL)
            r"/api/generate", r"/api/chat", r"/api/embed",  # Ollama's own routes (server/routes.go)
            r"ollama pull ", r"ollama run ", r"ollama serve",  # the commands around such a request
            # gin's default 404 body on the same line as Ollama's name ("[API Error: {...404 page not found...}] ollama
            # running LLMs", llxprt-code#775; "Ollama API returned an error 404: 404 page not found") (w49a)
            r"404 page not found[^\n]{0,200}?[Oo]llama\b", r"llama[^\n]{0,200}?404 page not found",
        ),
        sources=("https://github.com/ollama/ollama/blob/main/docs/api.md",),
        checked="2026-11-26",
    ),
    Context(
        name="ollama",
        meaning="The text is about an Ollama server (its name, its service, its variables), so a person's words about "
                "how it places a model on the GPUs are about Ollama's scheduler.",
        # A running Ollama server or its client, not any mention of the name ("Ollama works, but vLLM ...").
        markers=(r"ollama serve", r"ollama run", r"ollama ps", r"ollama pull", r"ollama.service", r"ollama/ollama",
                 r"OLLAMA_", r"ollama process", r"--name ollama", r"ollama\["),
        sources=("https://github.com/ollama/ollama/blob/main/docs/faq.md",),
        checked="2026-11-27",
    ),
    Context(
        name="vllm",
        meaning="The text runs a vLLM engine (its server command, its Python API, its image, its memory option), so a "
                "person's words about how much GPU memory it holds are about vLLM's reservation at start-up.",
        # the engine run, not any mention of the name ("Ollama works, but vLLM ..."); w36e, 2026-11-27
        markers=(r"vllm serve", r"vllm\.entrypoints", r"from vllm import", r"vllm/vllm-openai",
                 r"--gpu-memory-utilization", r"gpu_memory_utilization",
                 # a Helm chart's value for it, a person running the engine (w40e); "on/with vLLM" only after a verb
                 # of running it, not "compared with vLLM" in TGI's or SGLang's threads (rev40c), 2026-11-28
                 r"gpuMemoryUtilization", r"use vLLM", r"using vLLM", r"use vllm", r"using vllm",
                 r"run[^\n]{0,60}? (?:on|with) vLLM", r"serv[^\n]{0,60}? (?:on|with) vLLM",
                 r"deploy[^\n]{0,60}? (?:on|with) vLLM",
                 # its Python API's keyword (LLM(..., tensor_parallel_size=2)) and the version line of its issue form
                 # and collect_env ("vllm version: '0.5.0.post1'", "vLLM Version : 0.11.0"); w46c, 2026-11-28
                 r"tensor_parallel_size", r"vllm version", r"vLLM version", r"vLLM Version"),
        sources=("https://docs.vllm.ai/en/latest/configuration/engine_args.html",),
        checked="2026-11-27",
    ),
    Context(
        name="tgi",
        meaning="The text runs Hugging Face TGI (its launcher, router or server, its image), so a person's words about "
                "how much GPU memory it holds are about its warm-up, which sizes the KV cache to the memory its "
                "--cuda-memory-fraction allows.",
        # the launcher's and router's names in their log lines and commands, the image (w52c, 2026-11-28)
        markers=(r"text-generation-launcher", r"text_generation_launcher", r"text_generation_router",
                 r"text_generation_server", r"text-generation-inference:", r"tgi server", r"TGI server"),
        sources=("https://huggingface.co/docs/text-generation-inference/basic_tutorials/launcher",),
        checked="2026-11-28",
    ),
    Context(
        name="tgi-single-shard",
        meaning="Hugging Face TGI's shard could not start (it loads the weights there), or TGI was given several GPUs "
                "but one shard, so an out-of-memory error beside it is the model not fitting the GPU(s) its shards got, "
                "not the KV cache of serving.",
        # text_generation_launcher's lines (launcher/src/main.rs): "ERROR text_generation_launcher: Shard 0 failed to
        # start", its exit "Error: ShardCannotStart"; a launch that shows several GPUs and asks for one shard
        # ("CUDA_VISIBLE_DEVICES=0,1,2,3 text-generation-launcher ... --num-shard 1", tgi#899) (w52c, 2026-11-28)
        markers=(r"Shard \d{1,2} failed to start", r"ShardCannotStart",
                 r"CUDA_VISIBLE_DEVICES=[\"']?\d{1,2},\d{1,2}[^\n]{0,400}?--num[-_]shard[ =][\"']?1\b"),
        sources=("https://huggingface.co/docs/text-generation-inference/basic_tutorials/launcher",
                 "https://github.com/huggingface/text-generation-inference/issues/899"),
        checked="2026-11-28",
    ),
    Context(
        name="open-webui",
        meaning="The text comes from Open WebUI (its container's log, its issue form), whose :cuda image runs embedding, "
                "reranking and Whisper models itself with the PyTorch it was built with.",
        markers=(
            r"open-webui",  # the image (ghcr.io/open-webui/open-webui), the container and compose service names
            r"open_webui",  # its Python package, in every log line's logger name (open_webui.main, open_webui.env)
            r"Open WebUI",  # its issue form ("Open WebUI Version") and its own messages
        ),
        sources=("https://github.com/open-webui/open-webui/blob/main/Dockerfile",),
        checked="2026-11-26",
    ),
    Context(
        name="pcie-riser",
        meaning="The GPU is connected through a riser or an extension cable (mining rigs, vertical mounts), whose weaker "
                "signal often fails to train the PCIe link at the generation the slot negotiates on Auto.",
        markers=(r"riser",),  # "the riser", "risers", "USB riser" (one marker: each scans the whole text)
        sources=("https://github.com/Cyclenerd/ethereum_nvidia_miner/issues/40",),
        checked="2026-11-26",
    ),
    Context(
        name="mig",
        meaning="The GPU is split into MIG (Multi-Instance GPU) instances (A100, A30, H100, H200, B200, RTX PRO "
                "Server): CUDA sees an instance only through its own MIG- UUID, never through its parent GPU's GPU- "
                "UUID, so a program that selects devices by the parent's UUID finds none.",
        markers=(
            # nvidia-smi -L's instance lines, Ollama's device description ("NVIDIA A100-SXM4-80GB MIG 3g.40gb") (w40g)
            r"MIG \dg\.\d{1,3}gb", r"MIG-[0-9a-f]{8}-", r"UUID: MIG-",
            # people's own words ("H100 NVL (MIG enabled, 1g.24gb)", "GPU mig enabled", "A100 MIG")
            r"MIG enabled", r"mig enabled", r"MIG mode enabled", r"MIG instance", r"MIG partition", r"MIG slice",
            r"A100 MIG", r"H100 MIG", r"A30 MIG", r"H200 MIG",
        ),
        sources=("https://docs.nvidia.com/datacenter/tesla/mig-user-guide/index.html#cuda-visible-devices",
                 "https://github.com/ollama/ollama/issues/13800", "https://github.com/ollama/ollama/pull/13851"),
        checked="2026-11-28",
    ),
    Context(
        name="llamacpp-app-cuda-backend",
        meaning="A desktop app that downloads llama.cpp backends (Jan, Atomic Chat) is running a CUDA build of "
                "llama-server (a win-cuda or linux-cuda backend folder), so a device list without the GPU means that "
                "build could not load its CUDA libraries, not that a CPU-only backend was chosen.",
        markers=(
            # the backend folder the app names when it asks llama-server --list-devices (w40g)
            r"backends\\\\b\d{3,6}\\\\[\w.-]{0,40}?cuda", r"backends\\b\d{3,6}\\[\w.-]{0,40}?cuda",
            r"backends/b\d{3,6}/[\w.-]{0,40}?cuda",
        ),
        sources=("https://github.com/AtomicBot-ai/Atomic-Chat/issues/14", "https://github.com/janhq/jan/issues/7553"),
        checked="2026-11-28",
    ),
    Context(
        name="local-llm-app",
        meaning="The text runs a local language model through llama.cpp or an app built on it (Ollama, LM Studio, "
                "koboldcpp, llama-cpp-python, a GGUF file), which keeps the layers that do not fit the GPU's free VRAM on "
                "the CPU: a GPU that is barely used while it answers slowly is that split, not a GPU left out.",
        markers=(
            r"LM [Ss]tudio", r"LMStudio", r"lmstudio", r"llama\.cpp", r"llama-server", r"llama-cli", r"llama_cpp",
            r"llama-cpp-python", r"koboldcpp", r"KoboldCpp", r"gguf", r"GGUF", r"ollama run", r"ollama serve",
            r"ollama ps", r"ollama version", r"Ollama version", r"text-generation-webui",
        ),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1046",
                 "https://github.com/ollama/ollama/blob/main/docs/faq.md"),
        checked="2026-11-28",
    ),
    Context(
        name="llamafile",
        meaning="The program is a llamafile (Mozilla's single-file llama.cpp), which loads its GPU support from a "
                "separate ggml-cuda module (ggml-cuda.dll on Windows, compiled or extracted ggml-cuda.so on Linux), not "
                "from a CUDA build of the binary.",
        markers=(
            r"llamafile", r"Llamafile", r"llamafiler",  # the executable, its server, ~/.llamafile (w40g)
        ),
        sources=("https://github.com/mozilla-ai/llamafile/issues/957",
                 "https://huggingface.co/mozilla-ai/llamafile_0.10"),
        checked="2026-11-28",
    ),
)
