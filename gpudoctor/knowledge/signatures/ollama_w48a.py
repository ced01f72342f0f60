"""Issue 25, w48a: Ollama and llama.cpp failures that fresh threads of 2024-2026 showed the catalogue did not read.

- Garbage output with flash attention on. A llama.cpp release (or an app that ships it: koboldcpp, LM Studio's
  runtime, Ollama's runner) whose CUDA flash-attention kernels compute wrong on some GPU, model or K/V cache type: the
  model answers with gibberish, one repeated token or Unicode garbage while flash attention is on, and correct text
  with it off or on the release before (llama.cpp#13430, b5335 on an RTX 4070; koboldcpp#1372, 1.83.1 with prompts
  over 4k tokens; llama.cpp#23693, a q4_0 K/V cache on Blackwell). The release's fault, fixed upstream; not the GPU,
  the driver or the download.
- An app in a container that shows no Ollama models. AnythingLLM's model list stays at "-- loading available models
  --", Perplexica and Vane cannot load the Ollama models, a web page "can't get Ollama to show up": the app asked the
  address it was given and nothing answered, which in a container given localhost is the container itself (AnythingLLM
  #1338 and #495, the maintainer's answer; robin#127, where OLLAMA_HOST was set in .bashrc and not in the service), or
  a person's words that Ollama answers on 127.0.0.1 only, said where the app runs in Docker (LibreChat#12817).
- A GPU barely used while a local model answers slowly (LM Studio with a 70B Q4 model on a 32 GB card, "GPU only
  running at 6% capacity", lmstudio-bug-tracker#1046: "Does not fit in VRAM"): llama.cpp keeps the layers that do not
  fit the free VRAM on the CPU, which sets the pace while the GPU waits; read where the text runs a local model
  (contexts.py "local-llm-app"), as the same placement as Ollama's CPU/GPU split (ollama-oom, TAXONOMY's tie-break).
- Windows' "Bad Image" dialog for a DLL ("<path>\\avformat-62.dll is either not designed to run on Windows or it contains
  an error ... Error status 0xc000012f"): the loader refused a damaged file or one of the wrong kind; where it sits in
  the program's own folder (Ollama's lib\\ollama\\libomp.dll after an update, an app's bundled DLL) reinstalling the
  program replaces it (shotcut#1881, the maintainer); a Visual C++ runtime DLL in System32 comes from Microsoft's
  redistributable (loot#863).
- RamaLama's own warning that the driver's CUDA is older than its CUDA image needs ("CUDA version (11, 4) is not
  supported. Minimum required version is 12.4.: Falling back to default image."): it then runs the CPU image
  (ramalama#2147, a Tesla K40c whose last driver runs CUDA 11.4).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_w44a import _GARBLED

CHECKED = "2026-11-28"

# Where a DLL that Windows calls a bad image comes from, by its path or name (lower case): the package whose
# reinstallation replaces it. Checked 2026-11-28 against loot#863 (MSVCP140.dll in System32: the VC++ redistributable)
# and shotcut#1881 (a DLL of the program's own folder: the program).
BAD_IMAGE_SOURCES: tuple[tuple[str, str], ...] = tuple(
    (prefix, "Microsoft's Visual C++ Redistributable: install the latest x64 and x86 packages "
             "(https://aka.ms/vs/17/release/vc_redist.x64.exe and vc_redist.x86.exe), then restart")
    for prefix in ("c:\\windows\\system32\\msvcp", "c:\\windows\\system32\\vcruntime", "c:\\windows\\syswow64\\msvcp",
                   "c:\\windows\\syswow64\\vcruntime", "msvcp", "vcruntime")
) + tuple(
    (prefix, "the NVIDIA driver: reinstall it (NVIDIA's installer, Custom > Perform a clean installation)")
    for prefix in ("c:\\windows\\system32\\nv", "c:\\windows\\system32\\driverstore")
)
_BAD_IMAGE_PROGRAM = ("the program that ships it: uninstall it, delete what is left of its install folder (for Ollama "
                      "%LOCALAPPDATA%\\Programs\\Ollama, with its lib\\ollama folder), and install it again")
FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"

# Flash attention as people and the tools' options name it: "flash attention", "Flash Attention", "flash-attn",
# "FlashAttention", "FA on", "with FA", llama.cpp's `-fa` / `--flash-attn`, koboldcpp's --flashattention, Ollama's
# OLLAMA_FLASH_ATTENTION.
_FLASH = (r"(?:[Ff]lash[ -]?[Aa]ttention|FLASH_ATTENTION|[Ff]lash-attn|--flash-?attn|--flashattention|"
          r"(?<![\w-])-fa\b|\bFA\b)")
# Not where the line credits flash attention with nothing ("gibberish with and without flash attention", "regardless
# of flash attention"), nor says it is off in the failing run.
_NOT_BOTH_WAYS = (r"^(?![^\n]{0,400}?(?:with(?:out)? (?:and|or) with(?:out)?|[Rr]egardless of (?:the )?(?:FA|[Ff]lash|"
                  r"whether)|[Ee]ither way|"
                  r"(?:FA|[Ff]lash[ -]?[Aa]ttention) (?:on or off|off or on)|"
                  r"(?:also|even|still)[^\n]{0,40}?(?:with(?:out)? |disabl\w{1,4} |turn\w{0,3} off )"
                  r"(?:the )?(?:FA|[Ff]lash)))")

# A person's words that the app in a container does not get Ollama or its models: "I can't get Ollama show up in the
# webpage", "cannot load models from ollama", "can't loading the local Ollama", "Unable to load a ollama model", "no
# Ollama models are shown", "the ollama models don't show up".
_NOT_GET = (r"(?:can't|Can't|cannot|Cannot|unable to|Unable to|couldn't|Couldn't|"
            r"could not|Could not|fails to|doesn't|does not|won't|Won't)")  # plain: the prefilter's key
_GET = r"(?:get|load|loading|list|see|show|find|fetch|select|detect|pull up|reach)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.flash-attention-garbled-output-described",
        described=True,
        cause_id="app-fault",
        kinds=("any",),
        patterns=(
            # "gibberish is generation when FA is turned on", "produces garbled / corrupted output ... with -fa on"
            _NOT_BOTH_WAYS + r"[^\n]{0,300}?" + _GARBLED + r"[^\n]{0,160}?" + _FLASH,
            # "Enabling Flash Attention ... leads to the model replying with Unicode garbage", "With `-fa on` and a q4_0
            # cache the model produces garbled / corrupted output"
            _NOT_BOTH_WAYS + r"[^\n]{0,300}?" + _FLASH + r"[^\n]{0,200}?(?:" + _GARBLED +
            r"|[Uu]nicode garbage|garbage (?:characters|symbols|unicode))",
        ),
        severity="warn",
        cause=("The description suggests a fault of the llama.cpp release's flash-attention kernels (llama.cpp, or the "
               "copy an app ships: koboldcpp, LM Studio's runtime, Ollama's runner): with flash attention on, this GPU, "
               "model or K/V cache type gets wrong results, so the model answers with gibberish; the GPU, the driver "
               "and the model file are not at fault."),
        advice=("Turn flash attention off until a fixed release is out: llama.cpp `-fa off` (`--flash-attn off`), "
                "koboldcpp without --flashattention (the launcher's Flash Attention box), LM Studio's Flash Attention "
                "toggle in the model's load settings, Ollama OLLAMA_FLASH_ATTENTION=0 in the server's environment; "
                "with a quantized K/V cache, an f16 cache (`--cache-type-k f16 --cache-type-v f16`) also avoids it. "
                "Or go back to the previous build or release that answered correctly, then update to the release "
                "whose notes name the fix, and report the build, GPU and model to the project."),
        action="configure",
        rules_out=("a GPU or driver fault", "a damaged model file"),
        never_suggest=("reinstall the driver", "update the driver", "redownload the model"),
        sources=("https://github.com/ggml-org/llama.cpp/issues/13430", "https://github.com/LostRuins/koboldcpp/issues/1372",
                 "https://github.com/ggml-org/llama.cpp/issues/23693"),
        checked=CHECKED,
        examples=("ollama/llamacpp-13430-b5335-fa-on-gibberish-4070.txt",
                  "ollama/koboldcpp-1372-flash-attention-1831-mistral-small-unicode-garbage.txt",
                  "ollama/llamacpp-23693-fa-q4-cache-garbled-sm120-regression.txt"),
    ),
    Signature(
        code="ollama.container-app-no-ollama-models-described",
        described=True,
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        contexts=("container", "container-app"),
        patterns=(
            # "I can't get Ollama show up in the webpage", "cannot load models from ollama", "can't loading the local
            # Ollama", "Unable to load a ollama model", "fails to fetch the Ollama models" (keyed on the negation: Ollama's
            # name and the verbs are everywhere in healthy logs)
            r"^[^\n]{0,300}?\b" + _NOT_GET + r" " + _GET + r"\b[^\n]{0,40}?\b(?:[Oo]llama|OLLAMA)\b"
            r"(?![^\n]{0,60}?\b(?:GPU|gpu|VRAM|CUDA)\b)",
            # "selected Ollama and entered http://localhost:11434 and it does not load the available models"
            r"^(?=[^\n]{0,400}?(?:[Oo]llama|:11434\b))[^\n]{0,400}?\b" + _NOT_GET + r" (?:load|list|show|fetch)(?:ing)? "
            r"(?:the |any |my )?(?:available |local |installed |downloaded )?models\b",
        ),
        severity="warn",
        cause=("The description suggests an app in a container that gets nothing from Ollama: it calls the address it "
               "was given, and inside its container localhost and 127.0.0.1 are the container itself, while a host's "
               "Ollama that listens on 127.0.0.1:11434 only (its default, unless OLLAMA_HOST is set in the service's "
               "own environment) refuses the Docker bridge too."),
        advice=("Give the app the host's address, not localhost: http://host.docker.internal:11434 (on Linux start "
                "the container with `--add-host=host.docker.internal:host-gateway`, or `extra_hosts: "
                "[\"host.docker.internal:host-gateway\"]` in compose) or the host's LAN IP, or the Docker bridge "
                "http://172.17.0.1:11434. Make the host's Ollama listen beyond loopback with OLLAMA_HOST=0.0.0.0 in the "
                "service's environment, not in a shell's .bashrc: `sudo systemctl edit ollama.service`, then under "
                "[Service] `Environment=\"OLLAMA_HOST=0.0.0.0\"`, `sudo systemctl daemon-reload && sudo systemctl "
                "restart ollama` (Windows and macOS: set it for the user and restart the app). If Ollama runs in a "
                "container too, put both on one compose network and use http://ollama:11434. `curl "
                "http://host.docker.internal:11434` from inside the app's container prints 'Ollama is running' once it "
                "works."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/apurvsinghgautam/robin/issues/127",
                 "https://github.com/Mintplex-Labs/anything-llm/issues/1338", FAQ),
        checked=CHECKED,
        examples=("ollama/robin-127-docker-app-ollama-host-bashrc.txt",
                  "ollama/anythingllm-1338-docker-ollama-url-localhost-loading-models.txt"),
    ),
    Signature(
        code="ollama.container-app-ollama-loopback-only-described",
        described=True,
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        contexts=("container", "container-app"),
        patterns=(
            # "Ollama by default only responds to the 127.0.0.1 interface", "ollama only listens on localhost", "By
            # default, Ollama only listens to the local IP address 127.0.0.1", "ollama itself has a restriction to
            # localhost and 127.0.0.1 by default": said where the app runs in a container (not Ollama's own
            # "Listening on 127.0.0.1:11434" start line, which says neither "only" nor "by default")
            r"^(?=[^\n]{0,300}?\b(?:only|by default|default)\b)[^\n]{0,300}?\b[Oo]llama\b[^\n]{0,80}?\b(?:responds|listens|"
            r"binds|accepts(?: connections| requests)?|restriction|restricted|restricts)\b(?: only)? (?:to|on|at) (?:the )?"
            r"(?:local (?:IP )?address |loopback (?:interface |address )?)?[`'\"]?(?:127\.0\.0\.1|localhost)\b",
        ),
        severity="warn",
        cause=("The description says what keeps the containerised app from Ollama: Ollama listens on 127.0.0.1:11434 "
               "only unless OLLAMA_HOST says otherwise, so connections from a container (through the Docker bridge or "
               "host.docker.internal) are refused, and localhost inside the container is the container itself."),
        advice=("Make the host's Ollama listen on all interfaces: `sudo systemctl edit ollama.service`, under [Service] "
                "`Environment=\"OLLAMA_HOST=0.0.0.0\"`, then `sudo systemctl daemon-reload && sudo systemctl restart "
                "ollama` (Windows and macOS: set OLLAMA_HOST=0.0.0.0 for the user and restart the app); and give the "
                "app http://host.docker.internal:11434 (on Linux with `--add-host=host.docker.internal:host-gateway`) "
                "or the host's IP, not localhost. `curl http://host.docker.internal:11434` from inside the app's "
                "container prints 'Ollama is running' once it works."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall Ollama"),
        sources=("https://github.com/danny-avila/LibreChat/issues/12817", FAQ),
        checked=CHECKED,
        examples=("ollama/librechat-12817-docker-app-ollama-listens-127-only.txt",),
    ),
    Signature(
        code="ollama.anythingllm-models-stuck-loading",
        described=True,
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        # AnythingLLM's model list while it waits for Ollama's /api/tags ("-- loading available models --"), quoted
        # by the person: nothing answered at the base URL it was given, most often localhost from its Docker image.
        patterns=(r"\b[Ss]tuck (?:at|on) [`'\"]?(?:-- ?)?loading available models",),
        severity="warn",
        cause=("AnythingLLM's model list waits for an answer from Ollama at the base URL it was given and none comes: "
               "most often AnythingLLM runs in its Docker image and was given http://localhost:11434 or 127.0.0.1, "
               "which inside the container is the container itself; otherwise no Ollama server is running at that "
               "address."),
        advice=("If AnythingLLM runs in Docker, set its Ollama Base URL to http://host.docker.internal:11434 (Docker "
                "Desktop; on Linux start the container with `--add-host=host.docker.internal:host-gateway` or use the "
                "bridge address http://172.17.0.1:11434) and make the host's Ollama listen beyond loopback "
                "(OLLAMA_HOST=0.0.0.0 in the service's environment: `sudo systemctl edit ollama.service`, "
                "`Environment=\"OLLAMA_HOST=0.0.0.0\"` under [Service], then restart it); with Ollama in a container "
                "too, use one compose network and http://ollama:11434. Otherwise start the server (`ollama serve`, or "
                "the Ollama app) and check that the URL answers 'Ollama is running'."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/Mintplex-Labs/anything-llm/issues/495",
                 "https://github.com/Mintplex-Labs/anything-llm/issues/1338",
                 "https://docs.anythingllm.com/ollama-connection-troubleshooting"),
        checked=CHECKED,
        examples=("ollama/anythingllm-495-ollama-stuck-loading-available-models.txt",),
    ),
    Signature(
        code="ollama.local-llm-gpu-barely-used-described",
        described=True,
        cause_id="ollama-oom",
        kinds=("any",),
        contexts=("local-llm-app",),
        patterns=(
            # "GPU is barely used", "the GPU is hardly utilized", "my GPU barely does anything"
            r"\b(?:GPU|gpu|graphics card)s?\b[^\n]{0,20}?\b(?:is |was |are |were |gets |got )?(?:barely|hardly) "
            r"(?:being )?(?:used|utili[sz]ed|working|doing anything|touched|loaded)\b",
            # "GPU only running at 6% capacity", "the GPU is only at 10% usage", "GPU utilization only 5 percent"
            r"\b(?:GPU|gpu)\b[^\n]{0,30}?\bonly (?:running |working |used |utili[sz]ed |reaching )?(?:at |by )?(?:about |around "
            r"|~)?\d{1,2} ?(?:%|percent) (?:capacity|usage|utili[sz]ation)\b",
        ),
        severity="warn",
        cause=("The description suggests a model larger than the GPU's free VRAM: llama.cpp (and the apps on it: "
               "Ollama, LM Studio, koboldcpp) keeps the layers that do not fit on the CPU, and those set the pace of "
               "every token while the GPU waits, so the GPU looks barely used and the answers come slowly."),
        advice=("Check the split (Ollama: `ollama ps` shows a CPU/GPU percentage; LM Studio and llama.cpp: the load "
                "log's 'offloaded N/M layers to GPU'). Then make the whole model fit in VRAM: a smaller model or a "
                "lower quantization (a 70B model at 4 bits needs about 40 GB; 8B and 14B models fit 8-16 GB cards), a "
                "shorter context (num_ctx / n_ctx), a quantized KV cache, or a second GPU; or close what else holds "
                "VRAM. More GPU layers than fit only fails to load or spills into shared memory."),
        action="configure",
        rules_out=("a GPU or driver fault", "a CPU-only build"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1046",
                 "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md", FAQ),
        checked=CHECKED,
        examples=("ollama/lmstudio-1046-70b-q4-gpu-barely-used-does-not-fit-vram.txt",),
    ),
    Signature(
        code="ollama.windows-bad-image-dll",
        cause_id="windows-dll-bad-image",
        kinds=("any",),
        # Windows' loader dialog ("<program>.exe - Bad Image"): "<path> is either not designed to run on Windows or it
        # contains an error. Try installing the program again ... Error status 0xc000012f", often wrapped after "to".
        patterns=(r"(?P<dll>(?:[A-Za-z]:\\)?[^\n\"'`]{0,200}?\.(?:dll|DLL|Dll))[\"'`]? is either not designed to\b",),
        severity="fail",
        cause=("Windows refused to load {dll} as a bad image: the file is damaged (an interrupted update or copy, a disk "
               "or antivirus fault) or not a valid image for this process, so the program cannot start or stops "
               "when it loads it; the GPU is not at fault."),
        advice="Replace {dll} with an intact copy from {dll_source}.",
        action="configure",
        lookups=(("dll", "dll_source", BAD_IMAGE_SOURCES, _BAD_IMAGE_PROGRAM),),
        rules_out=("a GPU fault",),
        never_suggest=("update the driver",),
        sources=("https://github.com/mltframework/shotcut/issues/1881", "https://github.com/loot/loot/issues/863",
                 "https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes--1000-1299-"),
        checked=CHECKED,
        examples=("ollama/shotcut-1881-bad-image-avformat-dll-reinstall.txt",),
    ),
    Signature(
        code="ollama.ramalama-driver-cuda-below-image",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # RamaLama's check of the driver's CUDA (nvidia-smi's) against its CUDA image's floor; (0, 0) is its own failure
        # to read the version (ramalama#1308), not the driver's.
        patterns=(r"CUDA version \((?!0, ?0\))(?P<major>\d{1,2}), ?(?P<minor>\d{1,2})\) is not supported\. Minimum "
                  r"required version is (?P<required>\d{1,2}\.\d{1,2})",),
        severity="fail",
        cause=("RamaLama found a driver that runs CUDA {major}.{minor} at most, older than the CUDA {required} its CUDA "
               "image is built with, so it runs its default (CPU) image and the GPU is not used."),
        advice=("Update the NVIDIA driver to a branch that runs CUDA {required} or newer (`nvidia-smi` shows the CUDA "
                "version the driver runs), then run RamaLama again. A GPU whose last driver is older (Kepler cards "
                "such as the K40 and K80 stop at driver 470, CUDA 11.4) cannot: run an older RamaLama CUDA image built "
                "for that CUDA (`--image quay.io/ramalama/cuda:<older tag>`), or llama.cpp built on the machine "
                "against its CUDA 11 toolkit, or stay on the CPU."),
        action="configure",
        rules_out=("a container runtime fault",),
        sources=("https://github.com/containers/ramalama/issues/2147",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked=CHECKED,
        examples=("ollama/ramalama-2147-k40c-cuda-114-cpu-image-fallback.txt",),
    ),
)
