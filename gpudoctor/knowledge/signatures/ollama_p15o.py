"""Issue 25, fifteenth wave (p15o, written blind): the words people use for Ollama's and llama.cpp's commonest failures
when they paste no error line.

A growing share of reports is the person's own sentence or the issue's title: "can't connect to Ollama from another
PC", "the container fails to connect to ollama running on the host", "Ollama uses the CPU instead of the GPU", "after
sleep Ollama stops using the GPU", "the model does not fit in VRAM", "llama-cpp-python is not using the GPU". Each row
reads what several threads of one failure share (a failure verb, Ollama's name and the place or device, on one line,
in the order people write them), and is a warning: the description suggests the cause, the advice says how to confirm
it and the one fix the maintainers give. Lookaheads (`^(?=[^\n]{0,400}?...)`) take words in either order on one line;
every pattern that does not open with a rare word is anchored at the line's start, so it runs once per line.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.ollama_round14 import _LISTEN_ADVICE

FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
GPU_DOC = "https://github.com/ollama/ollama/blob/main/docs/gpu.md"
TROUBLESHOOTING = "https://github.com/ollama/ollama/blob/main/docs/troubleshooting.md"

# Each prose pattern is anchored at the line's start and reads its first 600 characters: tried once per line, not
# once per word, it stays cheap on a long line of repeated words.
_LINE = r"^[^\n]{0,600}?"
_OLLAMA = r"(?=[^\n]{0,400}?\b[Oo]llama\b)"
# "can't connect to", "unable to reach", "wont connect", "impossible to connect", "cannot access": a connection refused
_NO_CONNECTION = (r"(?=[^\n]{0,400}?\b(?:[Cc]an ?not|[Cc]an'?t|[Cc]annot|[Uu]nable to|[Nn]ot able to|[Cc]ould ?n'?t|"
                  r"[Cc]ould not|[Ii]mpossible to|[Ww]on'?t|[Ff]ails? to|[Ff]ailed to|[Dd]oes ?n'?t|[Dd]oes not|not) (?:be )?"
                  r"(?:connect|access?|reach|reached|call|talk to)\b)")

ROWS: tuple[Signature, ...] = (
    Signature(
        code="ollama.lan-clients-cannot-connect-described",
        described=True,
        cause_id="ollama-server-not-running",
        kinds=("any",),
        patterns=(
            # "The addon wont connect to Ollama running on another PC in my lan", "can't connect to ollama from another pc"
            r"^" + _NO_CONNECTION + _OLLAMA + r"[^\n]{0,400}?\b(?:from|on|via|in|over|through|at) (?:an?other|other|"
            r"a different|different) (?:machines?|computers?|PCs?|pcs?|devices?|laptops?|phones?|"
            r"hosts?|boxe?s?|clients?|servers?)\b",
            # "I can not access Ollama from local network", "can not reach out the ollama under the LAN"
            r"^" + _NO_CONNECTION + _OLLAMA + r"[^\n]{0,400}?\b(?:from|on|via|in|over|through|under|across|within) "
            r"(?:the |my |our |a |same |home |private )?(?:LAN|local network|local area network|home network)\b",
        ),
        severity="warn",
        cause=("The description suggests that clients on other machines of the network are refused while Ollama works "
               "on its own machine: Ollama listens on 127.0.0.1:11434 only unless OLLAMA_HOST says otherwise, or a "
               "firewall on the server drops TCP 11434."),
        advice=_LISTEN_ADVICE,
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall ollama", "reinstall the driver", "update the driver"),
        sources=("https://github.com/n4ze3m/page-assist/issues/240", "https://github.com/ollama/ollama/issues/5959",
                 "https://github.com/ollama/ollama/issues/8759", FAQ),
        checked="2026-11-26",
        examples=("ollama/page-assist-240-addon-cannot-reach-ollama-on-lan-pc.txt",),
    ),
    Signature(
        code="ollama.container-cannot-reach-ollama-described",
        described=True,
        cause_id="ollama-unreachable-from-container",
        kinds=("any",),
        patterns=(
            # "The container fails to connect to ollama running on the host", "can't connect to Ollama from Docker";
            # not a container that cannot reach the GPU or the Docker daemon
            r"^" + _NO_CONNECTION + _OLLAMA + r"(?![^\n]{0,400}?\b(?:GPU|daemon)\b)[^\n]{0,400}?\b(?:[Dd]ocker|"
            r"[Cc]ontainers?|[Cc]ontainerized|docker-compose|host\.docker\.internal)\b",
        ),
        severity="warn",
        cause=("The description suggests a program in a container that cannot reach Ollama: inside a container "
               "localhost and 127.0.0.1 are the container itself, and an Ollama on the host that listens on "
               "127.0.0.1:11434 only (its default) refuses the Docker bridge too."),
        advice=("From the container, address the host, not localhost: http://host.docker.internal:11434 (on Linux add "
                "`--add-host=host.docker.internal:host-gateway`, or `extra_hosts: [\"host.docker.internal:host-gateway\"]` "
                "in compose) or the host's LAN IP, and make the host's Ollama listen beyond loopback with "
                "OLLAMA_HOST=0.0.0.0:11434 in its service environment (`sudo systemctl edit ollama.service`, "
                "Environment=\"OLLAMA_HOST=0.0.0.0:11434\", then restart it); or run the app with `network_mode: host` "
                "(--network host). If Ollama is the container, publish its port (-p 11434:11434) or put both containers "
                "on one compose network and use http://ollama:11434. `curl http://host.docker.internal:11434` from inside "
                "the app's container prints 'Ollama is running' once it works."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall ollama", "reinstall the driver", "update the driver"),
        sources=("https://github.com/jonfairbanks/local-rag/issues/63",
                 "https://github.com/Mintplex-Labs/anything-llm/issues/1215", FAQ),
        checked="2026-11-26",
        examples=("ollama/local-rag-63-container-cannot-reach-host-ollama.txt",),
    ),
)

# Ollama runs on the CPU though the machine has an NVIDIA GPU, as people say it ("Ollama is using the CPU instead of
# the GPU", "it use CPU only and not use GPU", "Ollama does not utilise my Nvidia GPU"). Its server log says why;
# the usual causes in turn: no GPU found (a driver or library it cannot load, a container started without GPUs, the
# UVM module after suspend, a CPU without AVX on releases before 0.5.12), or a model and context larger than the
# VRAM (then `ollama ps` shows a CPU/GPU split, a row of ollama_placement.py).
# The negation is written with character classes ("n[o']t") so that the matcher keys these patterns on the verb.
_NOT_USING = (r"(?:[Nn][o']t|nt|[Nn]ever|[Ss]topp?(?:ed|s)|[Ff]ail(?:s|ed)? to|[Uu]nable to) (?:use|using|utili[sz]\w{0,3}|"
              r"work on|working on|detect\w{0,3}|recogni[sz]e|find)")
# Asking how to force the CPU is a question, not this failure.
_NOT_A_QUESTION = r"(?![^\n]{0,300}?\b(?:[Hh]ow (?:to|can|do)|[Ff]orce|want to|possible to|[Ii]s there a way)\b)"
ROWS += (
    Signature(
        code="ollama.runs-on-cpu-described",
        described=True,
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        patterns=(
            # "Ollama is using CPU instead of GPU", "ollama runs on the CPU rather than the GPU"
            r"^" + _NOT_A_QUESTION + r"[^\n]{0,300}?\b[Oo]llama\b[^\n]{0,120}?\bCPU (?:instead of|rather than) (?:the |my "
            r"|a )?(?:\w{1,20} )?GPU",
            # "I am using Ollama , it use CPU only and not use GPU"
            _LINE + r"\b[Oo]llama\b[^\n]{0,120}?\b(?:uses?|using|runs?|running|works?|working) (?:on )?(?:the )?CPU only\b",
            # "Ollama does not utilise Nvidia GPU", "ollama not using my GPU", "Ollama doesn't detect my GPU"
            _LINE + r"\b[Oo]llama\b[^\n]{0,80}?" + _NOT_USING + r" (?:the |my |any |an? |a single )?(?!all |both |every |multiple )"
            r"(?:[\w-]{1,12} )?(?:GPU|gpu|graphics card)",
        ),
        severity="warn",
        cause=("The description suggests that Ollama runs the model on the CPU although the machine has an NVIDIA GPU: "
               "either it found no usable GPU at start (its log then says why) or the model and its context do not "
               "fit in the GPU's free memory."),
        advice=("Look at `ollama ps` (PROCESSOR: 100% CPU, or a CPU/GPU split) and at the start of the server log "
                "(`journalctl -u ollama --no-pager | grep -iE 'inference compute|no compatible|AVX|offload'`; Docker: "
                "`docker logs ollama`). If no GPU is listed: check that `nvidia-smi` works; in Docker start the "
                "container with `--gpus=all` and the NVIDIA Container Toolkit; after a suspend/resume reload the UVM "
                "module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) and restart Ollama; a log line 'CPU does "
                "not have AVX' means this release turns the GPU off on that CPU (update Ollama, or pass the host CPU's "
                "flags to the VM). If the GPU is listed but layers stay on the CPU, the model and context exceed the "
                "free VRAM: take a smaller model or quantisation, or a shorter num_ctx."),
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/ollama/ollama/issues/5035", TROUBLESHOOTING, GPU_DOC),
        checked="2026-11-26",
        examples=("ollama/ollama-5035-uses-cpu-only-not-gpu-no-avx.txt",),
    ),
    Signature(
        code="ollama.gpu-lost-after-suspend-described",
        described=True,
        refines=("ollama.runs-on-cpu-described",),
        cause_id="uvm-missing",
        kinds=("any",),
        patterns=(
            # "after the system enters sleep mode and resumes, Ollama stops using the GPU and switches to the CPU"
            _LINE + r"\b(?:suspend(?:ed|ing)?|hibernat\w{0,5}|sleep mode|standby|from sleep|after [^\n]{0,30}?\bsleep|goes to "
            r"sleep|went to sleep|resum(?:e|ed|es|ing)|wak(?:e|es|ing) up|woke up)\b[^\n]{0,160}?\b[Oo]llama\b[^\n]{0,160}?"
            r"\b(?:CPU|GPU|gpu|cpu|CUDA|[Cc]uda)\b",
            # "Ollama does not use GPU after hibernation", "ollama only uses the CPU after suspend"
            _LINE + r"\b[Oo]llama\b[^\n]{0,160}?\b(?:CPU|GPU|gpu|cpu|CUDA|cuda)\b[^\n]{0,80}?\bafter (?:a |the )?(?:system |"
            r"laptop |PC |pc |computer |machine )?(?:suspend|hibernat|sleep|resum|wak(?:e|ing) up)",
        ),
        severity="warn",
        cause=("The description suggests the Linux suspend/resume failure: after the machine sleeps and resumes, the "
               "NVIDIA driver's unified-memory module (nvidia_uvm) is left unusable, so Ollama's GPU discovery fails "
               "and it runs on the CPU until the module is reloaded or the machine rebooted."),
        advice=("Reload the UVM module and restart Ollama: `sudo systemctl stop ollama; sudo rmmod nvidia_uvm && sudo "
                "modprobe nvidia_uvm; sudo systemctl start ollama` (in Docker stop the container first, as it holds the "
                "module). To keep it working across sleep, enable the driver's power management: `options nvidia "
                "NVreg_PreserveVideoMemoryAllocations=1` in /etc/modprobe.d/nvidia-power.conf and `sudo systemctl "
                "enable nvidia-suspend nvidia-resume nvidia-hibernate`, then reboot."),
        action="reload-driver",
        never_suggest=("reinstall ollama", "reinstall the driver"),
        sources=("https://github.com/ollama/ollama/issues/10053", "https://github.com/ollama/ollama/pull/3282",
                 GPU_DOC),
        checked="2026-11-26",
        examples=("ollama/ollama-10053-gpu-lost-after-sleep-mode.txt",),
    ),
)

# A model (with its context) larger than the GPU's memory: Ollama and llama.cpp keep the rest of the layers in system
# RAM and the CPU computes them, many times slower; people say "it does not fit in VRAM", "split between CPU and GPU",
# "spread across VRAM and RAM".
ROWS += (
    Signature(
        code="ollama.model-larger-than-vram-described",
        described=True,
        cause_id="ollama-oom",
        kinds=("any",),
        patterns=(
            r"\b(?:does ?n[o']t|does not|won'?t|will not|wo ?n't|can'?t|cannot|can not|not|never) fits? (?:entirely |"
            r"fully |completely )?(?:in|into|on|onto|in to|within) (?:the |my |your |a |one |its |available |GPU'?s? )?"
            r"(?:GPU'?s? )?(?:VRAM|vram|video memory)\b",
            r"\b(?:too (?:big|large)|bigger than|larger than) (?:for )?(?:the |my |your |available |GPU'?s? )?(?:GPU'?s? )?"
            r"(?:VRAM|vram|video memory)\b",
            # "split between CPU and GPU", "spread across VRAM and RAM", "VRAM+RAM"
            r"\bbetween (?:the )?(?:CPU|RAM|system RAM|VRAM|GPU)s? and (?:the |one |a )?(?:GPU|VRAM|CPU|system RAM|RAM)s?\b",
            r"\bspread(?:s|ing)? (?:\w{1,12} )?(?:across|over) (?:the )?(?:VRAM|GPU|CPU|RAM) and (?:the )?(?:system )?"
            r"(?:RAM|VRAM|GPU|CPU)\b",
            r"\b(?:VRAM ?\+ ?RAM|RAM ?\+ ?VRAM)\b",
        ),
        severity="warn",
        cause=("The description suggests a model (with its context) larger than the GPU's free memory: Ollama and "
               "llama.cpp then keep the layers that do not fit in system RAM and the CPU computes them, so the CPU is "
               "busy, the GPU mostly idle and generation several times slower; expected, not a fault."),
        advice=("`ollama ps` shows the split (e.g. 45%/55% CPU/GPU). To run on the GPU alone, pick a model that fits "
                "in its VRAM with headroom for the context: a smaller model or a smaller quantisation (q4_K_M instead "
                "of q8_0), and a shorter context (num_ctx / OLLAMA_CONTEXT_LENGTH; llama.cpp: -c), or quantize the KV "
                "cache (OLLAMA_FLASH_ATTENTION=1 with OLLAMA_KV_CACHE_TYPE=q8_0); close other programs holding VRAM; "
                "otherwise more or larger GPUs."),
        action="configure",
        rules_out=("a driver fault", "a GPU that Ollama did not find"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/ollama/ollama/issues/6914", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-6914-reflection-70b-cpu-does-most-work.txt",),
    ),
)

# llama-cpp-python installed from PyPI builds CPU-only unless CMAKE_ARGS asks for CUDA (or a CUDA wheel index is
# used); llama.cpp built without -DGGML_CUDA=ON likewise. People say "llama-cpp-python is not using the GPU". These
# patterns are read by ollama.llama-cpp-not-using-gpu-described (ollama_w38c.py), with the rest of the ggml family.
_LLAMA_CPP = r"(?:llama-cpp-python|llama_cpp_python|llama-ccp-python|llama_cpp\b|llama-cpp\b|llama\.cpp\b)"
LLAMA_CPP_NOT_USING_GPU = (
    _LINE + r"\b" + _LLAMA_CPP + r"[^\n]{0,100}?" + _NOT_USING + r" (?:the |my |any |a )?(?:[\w-]{1,12} )?(?:GPU|gpu|"
    r"CUDA|cuda|cuBLAS)\b",
    _LINE + r"\b" + _LLAMA_CPP + r"[^\n]{0,100}?\bCPU (?:instead of|rather than|not) (?:the |my )?GP[UY]\b",
    _LINE + r"\bCPU (?:instead of|rather than|not) (?:the |my )?GP[UY]\b[^\n]{0,100}?" + _LLAMA_CPP,
)

# Ollama puts a model on one GPU when it fits there (ollama_round14.py's ollama.one-gpu-of-several reads "only uses one
# of them"); these are the other ways people say it: "the second GPU stays idle", "not using both GPUs", and in Chinese
# "无法加载所有GPU" (cannot load all GPUs), "只使用了一张显卡" (uses only one card). Same cause, same note.
ROWS += (
    Signature(
        code="ollama.second-gpu-idle-described",
        described=True,
        cause_id="ollama-single-gpu-by-design",
        kinds=("any",),
        patterns=(
            _LINE + r"\b[Oo]llama\b[^\n]{0,160}?\b(?:second|other|2nd) GPU (?:is |stays |remains |sits )?(?:completely "
            r"|totally )?(?:idle|unused|not used|not being used|doing nothing)\b",
            _LINE + r"\b[Oo]llama\b[^\n]{0,120}?\b(?:not using|not use|doesn't use|does not use|doesn't utili[sz]e|does not "
            r"utili[sz]e) both (?:of (?:my |the )?)?GPUs\b",
            r"无法加载所有\s?(?:GPU|显卡)",
            r"无法使用所有\s?(?:GPU|显卡)",
            r"只使用了?\s?(?:一|1)\s?(?:张|个|块)\s?(?:GPU|显卡)",
        ),
        severity="info",
        cause=("The description suggests Ollama's normal placement: a model that fits in one GPU's memory is loaded "
               "on that GPU alone (usually the fastest), so the other GPUs stay idle; that is by design, not a fault."),
        advice=("Expected when the model fits one GPU (`ollama ps` shows 100% GPU). To spread every model over all GPUs "
                "set OLLAMA_SCHED_SPREAD=1 in the server's environment (`sudo systemctl edit ollama`, "
                "Environment=\"OLLAMA_SCHED_SPREAD=1\", then restart it); larger models, several models or parallel "
                "requests (OLLAMA_NUM_PARALLEL) use the other GPUs already."),
        action="none",
        rules_out=("a missing or hidden GPU, when the server log lists them all",),
        never_suggest=("reinstall the driver", "set num_gpu", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/ollama/ollama/issues/9264", FAQ),
        checked="2026-11-26",
        examples=("ollama/ollama-9264-cannot-load-all-gpus-zh.txt",),
    ),
)

ROUND15_P15O_SIGNATURES = ROWS
