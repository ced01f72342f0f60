"""Issue 25, w52a: a second Ollama on port 11434, Ollama's service started at boot before the NVIDIA driver, a driver
too old for the build in prose, a client given a front-end's port, and models that vanish when OLLAMA_HOST is set for
a hand-started server.

- Docker cannot publish port 11434 for a container (an `ollama/ollama` container, a compose stack's `ollama`
  service, a front-end started with `-p 11434:11434`) because the Ollama installed on the host already listens on it
  (its systemd service, the desktop or tray app): "Error starting userland proxy: listen tcp4 0.0.0.0:11434: bind:
  address already in use" (open-webui#5135, ollama#7540, where `lsof` shows the host's service as user ollama),
  Docker's "Bind for 0.0.0.0:11434 failed: port is already allocated" (another container), Docker Desktop's "ports are
  not available: exposing port TCP 0.0.0.0:11434" (the Windows or macOS app). One Ollama on the port, the other on
  another host port, or the front-end reaching the host's Ollama without publishing its port. People say it as "port
  11434 conflicts with the local installation of ollama" (mythrantic/ollama-docker#8).
- Ollama's service started at boot before the NVIDIA driver was ready (the modules, nvidia_uvm, /dev/nvidia*), found
  no GPU, and runs every model on the CPU until it is restarted: "when I restart ollama.service once after the boot it
  uses the GPU" (NixOS/nixpkgs#487054, whose owner delayed the unit; ollama#14874 and its proposed fix, PR #14895,
  ordering the unit after the driver). A delay or an ordering in a systemd override, or nvidia_uvm loaded at boot.
- Ollama or llama.cpp on a driver older than its CUDA build needs, told in prose: "from 0.30.0 on ollama needs a newer
  nvidia driver than my installed 535" (ollama#17290: the 550 floor of Ollama's bundled backend; driver 580 fixed it).
- A client given a front-end's port where Ollama's API is: "I entered the port for OpenWebUI instead of the one for
  Ollama" (localmind#27), and Home Assistant's integration set up with Open WebUI's 8080, whose HTML page
  ollama-python's client cannot decode (home-assistant/core#123492: the httpx `.json()` frame in an Ollama text).
- OLLAMA_HOST set in a shell, then `ollama serve` run by hand: a second server, as the user, with the user's model
  store, so `ollama list` shows none of the models the service pulled (ollama#3041): the variable belongs in the
  service's unit.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
FAQ = "https://github.com/ollama/ollama/blob/main/docs/faq.md"
LINUX_DOC = "https://github.com/ollama/ollama/blob/main/docs/linux.md"
_NO_DRIVER_STEP = ("reinstall the driver", "update the driver", "reinstall CUDA")
# What people say of models the other server does not list
_GONE = (r"\bdisappear(?:s|ed|ing)?\b", r"\bvanish(?:es|ed|ing)?\b", r"\b(?:are|were) (?:all )?gone\b",
         r"\bno longer (?:shown|listed|there|visible|appear)")
# The local LLM servers and apps a person names beside their driver
_LOCAL_LLM = (r"(?:[Oo]llama|OLLAMA|llama\.cpp|llama-server|llama-cpp-python|[Kk]obold[Cc]pp|koboldcpp|LM Studio|"
              r"LMStudio|LocalAI|GPUStack|llama-box|llamafile)")
_ADDRESS = r"(?P<address>[\w.:\[\]-]{1,45})"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="ollama.docker-port-11434-held-by-host-ollama",
        cause_id="server-port-in-use",
        kinds=("any",),
        patterns=(
            # dockerd's userland proxy (Linux): "failed to bind port 127.0.0.1:11434/tcp: Error starting userland proxy:
            # listen tcp4 127.0.0.1:11434: bind: address already in use"
            r"userland proxy: listen tcp[46]? " + _ADDRESS + r":11434: bind: (?:address already in use|[Oo]nly one usage)",
            r"failed to bind port " + _ADDRESS + r":11434/tcp\b",
            # another container already publishes it: "Bind for 0.0.0.0:11434 failed: port is already allocated"
            r"Bind for " + _ADDRESS + r":11434 failed: port is already allocated",
            # Docker Desktop (Windows, macOS): "ports are not available: exposing port TCP 0.0.0.0:11434 -> 0.0.0.0:0:
            # listen tcp 0.0.0.0:11434: bind: Only one usage of each socket address ..."
            r"ports are not available: exposing port TCP " + _ADDRESS + r":11434\b",
        ),
        # the same words as `ollama serve`'s own refusal on that line, and an `lsof` line of the host's Ollama beside
        # it: both are evidence of the Ollama that holds the port
        refines=("ollama.server-already-running", "ollama.server-listens-loopback-only"),
        refines_within=None,
        severity="fail",
        cause=("Docker cannot publish port 11434 ({address}) for this container because another process already "
               "listens on it: most often the Ollama installed on the host (its systemd service, the desktop or tray "
               "app) or another Ollama container, so the container does not start."),
        advice=("Run one Ollama on port 11434. Either keep the host's Ollama and do not start a second one: drop the "
                "`ollama` service from the compose file, and do not publish 11434 from a front-end's container (remove "
                "`-p 11434:11434`); the container reaches the host's Ollama at http://host.docker.internal:11434 (add "
                "`--add-host=host.docker.internal:host-gateway` on Linux; the host's Ollama needs OLLAMA_HOST=0.0.0.0). "
                "Or stop the host's Ollama before starting the container (`sudo systemctl disable --now ollama`; "
                "Windows and macOS: Quit Ollama from the tray icon and turn off its start at login), or publish the "
                "container on another host port (`-p 11435:11434`) and point the clients at that port. `sudo lsof -i "
                ":11434` (Windows: `netstat -ano | findstr 11434`) shows which process holds it."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("reinstall Ollama",),
        sources=("https://github.com/open-webui/open-webui/issues/5135", "https://github.com/ollama/ollama/issues/7540",
                 FAQ),
        checked=CHECKED,
        examples=("ollama/openwebui-5135-publishes-11434-host-ollama-userland-proxy.txt",
                  "ollama/ollama-7540-compose-ollama-container-host-service-holds-11434.txt"),
    ),
    Signature(
        code="ollama.port-11434-taken-described",
        described=True,
        cause_id="server-port-in-use",
        kinds=("any",),
        patterns=(
            # "port 11434 conflicts with the default local installation of ollama", "port 11434 is used on the system by
            # ollama", "11434 is already taken by the Ollama app"
            r"\b11434\b[^\n]{0,60}?\b(?:conflicts? with|(?:is|was|being) (?:already )?(?:used|taken|occupied|held|"
            r"grabbed)(?: on the \w{1,12})? by)\b",
            # "a port conflict on 11434", "conflicts over port 11434"
            r"\b(?:conflict|clash)(?:s|ing)? (?:on|with|over|for) (?:the )?(?:port )?`?11434\b",
            # "another ollama instance was already running on port 11434", "an existing Ollama server already listening on
            # 11434"
            r"\b(?:[Aa]nother|[Aa] second|[Tt]he other|[Aa]n older|[Aa]n existing|[Tt]he host'?s?) [Oo]llama (?:instance|"
            r"server|process|service|app|container|install|installation)\b[^\n]{0,80}?\balready (?:running|listening|"
            r"bound|using|holding|holds|occupying|occupies|took|takes|grabbed|on)\b[^\n]{0,30}?\b(?:port )?`?11434\b",
        ),
        severity="warn",
        cause=("The description suggests two servers want port 11434: the Ollama already running on the host (its "
               "service, the desktop app) or another container holds it, so the second Ollama, or a container "
               "publishing that port, cannot start."),
        advice=("Keep one Ollama on 11434: use the one already running and drop the second (comment the `ollama` "
                "service out of the compose file and point the apps at the host's Ollama, http://host.docker.internal:"
                "11434 from a container), or stop the host's (`sudo systemctl disable --now ollama`; Quit Ollama from "
                "the tray on Windows and macOS), or map the container to another host port (`11435:11434`) and set the "
                "apps' Ollama URL to it. `sudo lsof -i :11434` shows which process holds the port."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("reinstall Ollama",),
        sources=("https://github.com/mythrantic/ollama-docker/issues/8", FAQ),
        checked=CHECKED,
        examples=("ollama/ollamadocker-8-compose-port-11434-conflicts-host-ollama-prose.txt",),
    ),
    Signature(
        code="ollama.driver-too-old-for-build-described",
        described=True,
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        patterns=(
            # "from 0.30.0 on ollama needs a newer nvidia driver than my installed 535", "the llama.cpp CUDA 13 build
            # requires a newer driver"
            r"\b" + _LOCAL_LLM + r"\b[^\n]{0,200}?\b(?:needs?|requires?|wants?|expects?|needed|required)\b[^\n]{0,30}?"
            r"\b(?:a |the )?(?:newer|more recent|later|updated|recent|higher) (?:NVIDIA |[Nn]vidia |GPU |graphics |display )?"
            r"drivers?\b",
            # "My driver (535.309.01) was below the 550 minimum that newer Ollama builds enforce", "my driver is too old for
            # the CUDA 12.8 llama.cpp binaries"
            r"\b[Dd]river\b[^\n]{0,60}?\b(?:too old|outdated|older than|below (?:the )?(?:\d{3} )?(?:minimum|required|"
            r"\d{3}))\b[^\n]{0,100}?\b" + _LOCAL_LLM + r"\b",
            # "the llama.cpp CUDA 12.8 binaries don't work with my driver 470, I had to update the NVIDIA driver"
            r"\b" + _LOCAL_LLM + r"\b[^\n]{0,200}?\b(?:had to|needed to|need to|have to|must) (?:update|upgrade) (?:the |my )?"
            r"(?:host |host's )?(?:NVIDIA |[Nn]vidia |GPU |graphics )?driver",
            # "My driver is 535 and after updating the nvidia driver to 580 it works again" (Ollama named on the line)
            r"^(?=[^\n]{0,400}?\b" + _LOCAL_LLM + r"\b)[^\n]{0,300}?\b[Dd]river(?: version)? (?:is|was|of|at) (?:only )?"
            r"(?:R|r)?[3-5]\d\d\b[^\n]{0,160}?\b(?:updat|upgrad)(?:e|ed|ing)\b (?:the |my )?(?:host |host's )?(?:NVIDIA |"
            r"[Nn]vidia |GPU |graphics )?driver\b[^\n]{0,30}?\bto (?:R|r)?[4-6]\d\d\b",
        ),
        refines=("ollama.runs-on-cpu-described", "kernel.driver-updated-without-reboot"),
        refines_within=None,
        severity="warn",
        cause=("The description says the NVIDIA driver is older than the local LLM server's CUDA build needs (Ollama "
               "0.30 and later want driver 550 or newer, its CUDA 13 libraries 580; llama.cpp's and koboldcpp's CUDA "
               "12.x or 13 release builds the branch of that CUDA), so the GPU is left out or CUDA fails and the model "
               "runs on the CPU."),
        advice=("Update the NVIDIA driver to a branch the build supports (`nvidia-smi`'s CUDA Version must be at least "
                "the build's: CUDA 13 builds need 580 or newer, CUDA 12.8 570, 12.4 550; Ubuntu: `sudo "
                "ubuntu-drivers install` or `sudo apt install nvidia-driver-580`, then reboot) and restart the server. "
                "Where the driver cannot change (a GPU its newer branches dropped), run a build for the driver's CUDA "
                "instead: llama.cpp's cuda-12.x release zip rather than cuda-13, or an Ollama release from before the "
                "driver floor. `OLLAMA_DEBUG=2` shows Ollama's \"NVIDIA driver too old\" line."),
        action="configure",
        rules_out=("a model too large for the GPU", "the GPU hardware"),
        never_suggest=("set CUDA_VISIBLE_DEVICES", "reinstall Ollama"),
        sources=("https://github.com/ollama/ollama/issues/17290",
                 "https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html"),
        checked=CHECKED,
        examples=("ollama/ollama-17290-p40-driver-535-below-ollama-minimum-prose.txt",),
    ),
    Signature(
        code="ollama.service-started-before-gpu-described",
        described=True,
        cause_id="ollama-cpu-fallback",
        kinds=("any",),
        patterns=(
            # "the ollama service starts before the nvidia driver is loaded", "ollama.service starts too early, before
            # the GPU is initialised", "services.ollama: starts before gfx card is online"
            r"[Oo]llama(?:\.service|d| service| unit| server| systemd service)?\b[^\n]{0,80}?\b(?:start(?:s|ed|ing)?|"
            r"launch(?:es|ed)?|comes? up|came up|runs?|loads?|loaded|is up)\b[^\n]{0,40}?\b(?:before|earlier "
            r"than|ahead of|too (?:early|soon|fast|quickly))\b[^\n]{0,60}?\b(?:GPU|gpu|driver|nvidia|NVIDIA|Nvidia|"
            r"CUDA|cuda|gfx|graphics|card|modules?)",
            # "when I restart ollama.service once after the boot it works", "restarting ollama after every reboot fixes it"
            r"\b(?:[Rr]estart(?:ing|ed)?|[Rr]eload(?:ing|ed)?)\b[^\n]{0,20}?\b[Oo]llama(?:\.service)?\b[^\n]{0,40}?\bafter "
            r"(?:the |a |each |every )?(?:re)?boot",
            # "ollama needs to be restarted after every reboot to use the GPU"
            r"\b[Oo]llama(?:\.service| service)?\b[^\n]{0,40}?\b(?:restart(?:ed|ing)?|reload(?:ed|ing)?)\b[^\n]{0,30}?\bafter "
            r"(?:the |a |each |every )?(?:re)?boot",
            # "systemd starts ollama before the nvidia modules are loaded", "a race between ollama.service and the driver"
            r"\b(?:start(?:s|ed|ing)?|launch(?:es|ed|ing)?) (?:the )?[Oo]llama(?:\.service| service| unit)?\b[^\n]{0,30}?"
            r"\b(?:before|too early|too soon)\b[^\n]{0,60}?\b(?:GPU|gpu|driver|nvidia|NVIDIA|Nvidia|CUDA|modules?)",
            r"\brace(?: condition)?\b[^\n]{0,60}?\b[Oo]llama\b[^\n]{0,60}?\b(?:nvidia|NVIDIA|Nvidia|GPU|driver|CUDA|uvm)",
            # "Ollama ignores CUDA after reboot, falls back to CPU", "ollama only uses the CPU after every reboot"
            r"\b[Oo]llama\b[^\n]{0,120}?\b(?:CPU|cpu|GPU|gpu|CUDA)\b[^\n]{0,60}?\b(?:after|on|at|following) (?:a |the |each |"
            r"every )?(?:re)?boot(?:ing|s)?\b",
            r"\b(?:[Aa]fter|[Oo]n|[Ff]ollowing) (?:a |the |each |every )?(?:re)?boot(?:ing|s)?,? [^\n]{0,60}?\b[Oo]llama\b"
            r"[^\n]{0,120}?\b(?:CPU|cpu|GPU|gpu|CUDA)\b",
        ),
        refines=("ollama.runs-on-cpu-described",),
        refines_within=None,
        severity="warn",
        cause=("The description suggests Ollama's service started at boot before the NVIDIA driver was ready (its "
               "modules, nvidia_uvm, the /dev/nvidia* nodes): it found no GPU then and runs every model on the CPU "
               "until it is restarted, although `nvidia-smi` works later."),
        advice=("Check: `sudo systemctl restart ollama`, then `ollama ps` should show GPU; `journalctl -u ollama -b` "
                "shows the boot's discovery finding no GPU. Fix it for every boot with a systemd override (`sudo "
                "systemctl edit ollama`): under [Unit] `After=nvidia-persistenced.service systemd-modules-load.service`, "
                "and under [Service] `ExecStartPre=/bin/sleep 10` (or a wait for the driver: `ExecStartPre=/bin/sh -c "
                "'until [ -e /dev/nvidia0 ]; do sleep 1; done'`); load nvidia_uvm at boot (`echo nvidia_uvm | sudo tee "
                "/etc/modules-load.d/nvidia-uvm.conf`); then `sudo systemctl daemon-reload`. On NixOS set "
                "systemd.services.ollama.after and .wants to the driver's units or add a delaying unit before it. Keep "
                "the service rather than running `ollama serve` by hand (another user, another model store); the "
                "driver and Ollama need no reinstall."),
        action="configure",
        rules_out=("a missing CUDA build", "a model too large for the GPU"),
        never_suggest=_NO_DRIVER_STEP + ("reinstall Ollama",),
        sources=("https://github.com/NixOS/nixpkgs/issues/487054", "https://github.com/ollama/ollama/issues/14874",
                 "https://github.com/ollama/ollama/pull/14895", LINUX_DOC),
        checked=CHECKED,
        examples=("ollama/nixpkgs-487054-ollama-service-before-gpu-online-prose.txt",),
    ),
    Signature(
        code="ollama.models-gone-after-ollama-host-described",
        described=True,
        cause_id="ollama-model-missing",
        kinds=("any",),
        patterns=(
            # "Models disappear when changing the OLLAMA_HOST to 0.0.0.0", "after setting OLLAMA_HOST my models vanished";
            # one pattern per verb, so that each holds a word of its own for the prefilter
            *(r"\b(?:[Mm]odels?|`?ollama list`?)\b[^\n]{0,60}?" + verb + r"[^\n]{0,80}?\bOLLAMA_(?:HOST|MODELS)\b"
              for verb in _GONE),
            *(r"\bOLLAMA_(?:HOST|MODELS)\b[^\n]{0,120}?\b(?:[Mm]odels?|`?ollama list`?)\b[^\n]{0,40}?" + verb
              for verb in _GONE),
        ),
        severity="warn",
        cause=("The description suggests a second Ollama server: OLLAMA_HOST (or OLLAMA_MODELS) was set in a shell and "
               "`ollama serve` started by hand, which runs as the user with the user's own model store "
               "(~/.ollama/models), not the service's (/usr/share/ollama/.ollama/models), so the models pulled "
               "through the service are not listed."),
        advice=("Stop the hand-started server and set the variable in the service instead: `sudo systemctl edit "
                "ollama.service`, add `[Service]` and `Environment=\"OLLAMA_HOST=0.0.0.0\"`, then `sudo systemctl "
                "daemon-reload && sudo systemctl restart ollama`; `ollama list` then shows the service's models again "
                "(on Windows and macOS set it as a user environment variable and restart the Ollama app)."),
        action="configure",
        rules_out=("deleted models", "a GPU or driver fault"),
        never_suggest=_NO_DRIVER_STEP + ("ollama pull",),
        sources=("https://github.com/ollama/ollama/issues/3041", FAQ),
        checked=CHECKED,
        examples=("ollama/ollama-3041-models-gone-after-ollama-host-serve-by-hand.txt",),
    ),
    Signature(
        code="ollama.client-given-front-end-port",
        cause_id="ollama-client-wrong-endpoint",
        kinds=("any",),
        # ollama-python's client (Home Assistant's integration, scripts, agents) decoding a 200 answer that is not JSON:
        # only a web page answers 200 with HTML where Ollama's API is expected (Open WebUI on 8080 or 3000, a reverse
        # proxy's login page); Ollama's own errors are raised before the decode (ResponseError)
        patterns=(r"httpx[/\\]_models\.py\"?, line \d{1,5}, in json\b",),
        contexts=("ollama",),
        severity="fail",
        cause=("The Ollama client got a page that is not JSON from the address it was given: that address serves a "
               "web front-end (Open WebUI on 8080 or 3000, a reverse proxy's page), not Ollama's API, so every call "
               "fails to decode."),
        advice=("Give the client Ollama's own API address, http://HOST:11434 (the port `ollama serve` listens on, or "
                "the one the Ollama container publishes), not the front-end's; `curl http://HOST:11434/api/tags` must "
                "answer JSON. For a client on another machine or in a container, let Ollama listen on the network "
                "(OLLAMA_HOST=0.0.0.0 in its service) and use the host's address."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("ollama pull",),
        sources=("https://github.com/home-assistant/core/issues/123492",
                 "https://github.com/ollama/ollama-python/blob/main/ollama/_client.py"),
        checked=CHECKED,
        examples=("ollama/homeassistant-123492-ollama-integration-openwebui-port-json-error.txt",),
    ),
    Signature(
        code="ollama.front-end-port-for-ollama-described",
        described=True,
        cause_id="ollama-client-wrong-endpoint",
        kinds=("any",),
        patterns=(
            # "I entered the port for OpenWebUI instead of the one for Ollama", "used Open WebUI's port instead of Ollama's"
            r"\bports? (?:of|for|from) (?:the )?(?:Open ?Web ?UI|OpenWebUI|open-webui|Open-WebUI|[Ww]eb ?UI|the web ?ui|"
            r"the UI|the front-?end|AnythingLLM|LibreChat|LobeChat|Lobe Chat)\b[^\n]{0,40}?\binstead of\b[^\n]{0,40}?"
            r"\b[Oo]llama",
            r"\b(?:Open ?Web ?UI|OpenWebUI|open-webui|Open-WebUI)'?s? (?:port|URL|url|address)\b[^\n]{0,40}?\binstead of\b"
            r"[^\n]{0,40}?\b(?:[Oo]llama|11434)",
            # "using the web port-8080", "set up the integration with port 3000 instead of 11434"
            r"\b(?:3000|8080)\b[^\n]{0,60}?\binstead of\b[^\n]{0,20}?\b11434\b",
            r"\b(?:using|with|on|via) (?:the )?(?:web ?UI'?s? |Open ?Web ?UI'?s? |web )port[- :]?(?:8080|3000)\b",
        ),
        severity="warn",
        cause=("The description suggests the client was given a front-end's port (Open WebUI's 8080 or 3000) where "
               "it needs Ollama's API port, so it connects but finds no models, or cannot parse the answer."),
        advice=("Point the client at Ollama's own API, http://HOST:11434 (or the port the Ollama container publishes), "
                "not at Open WebUI's or another front-end's port; `curl http://HOST:11434/api/tags` lists the models "
                "the client should see."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=_NO_DRIVER_STEP + ("ollama pull",),
        sources=("https://github.com/abdulmominsakib/localmind/issues/27",
                 "https://github.com/home-assistant/core/issues/123492"),
        checked=CHECKED,
        examples=("ollama/localmind-27-openwebui-port-given-for-ollama-prose.txt",
                  "ollama/homeassistant-123492-ollama-integration-openwebui-port-json-error.txt"),
    ),
)
