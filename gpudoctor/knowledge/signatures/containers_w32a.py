"""Issue 25 (helper w32a): container runs that ask for a GPU on a host that has none to give.

- On a Mac. Docker Desktop (and Colima, OrbStack) runs containers in a Linux VM with no NVIDIA GPU or driver: a compose
  file's `deploy.resources.reservations.devices` NVIDIA entry or `docker run --gpus all` fails with dockerd's "could not
  select device driver", a compose `runtime: nvidia` with "unknown or invalid runtime name: nvidia". People rarely say
  "macOS" on the error's own line ("Apple M2 Pro", "I'm on mac", a /Users/ path), so this row reads the daemon's line in
  a text the `macos` context (gpudoctor/knowledge/contexts.py) marks, wherever in it the Mac is named.
- On a Linux server without any GPU. The project's one-line `docker run --gpus all` (or its GPU compose file) asks for
  a GPU the machine does not have; the person says so ("没有GPU，只有CPU", "my server has no GPU", "a CPU-only VPS"),
  and the fix is to drop the request, not to install the toolkit. A description row, read in pastes only.

Both conclusions are `gpu-requested-none-present`, the cause cuda.no-nvidia-gpu-in-machine (cuda_hosts.py) and
containers.gpu-request-on-macos (containers_desktop.py) reach from a line that names the machine.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_DOCKER_GPU_DOCS = "https://docs.docker.com/desktop/features/gpu/"
_COMPOSE_GPU_DOCS = "https://docs.docker.com/compose/how-tos/gpu-support/"
# The rows that read Docker refusing a GPU request (or the NVIDIA runtime named in it, or its hook finding no driver),
# and the Docker Desktop context that a Mac's Docker also uses: on a machine without an NVIDIA GPU each is the same
# absence.
_GPU_REQUEST_REFUSED = ("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia",
                        "containers.cli-load-library-failed", "containers.cli-driver-not-loaded",
                        "containers.docker-desktop-context-on-linux")
_DROP_THE_REQUEST = ("remove `--gpus all` from `docker run`, or from the compose service its "
                     "`deploy.resources.reservations.devices` NVIDIA entry, `gpus: all` and `runtime: nvidia` (or start "
                     "the project's CPU variant: its CPU-only image, binary or entrypoint, compose file or profile, e.g. "
                     "`--profile cpu`), then "
                     "`docker compose up -d --force-recreate`; the app then runs on the CPU")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gpu-request-on-mac-host",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        contexts=("macos",),
        refines=("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia"),
        # dockerd's refusal of `--gpus` or a compose device reservation, and of a compose `runtime: nvidia`, as
        # containers.no-gpu-device-driver and containers.unknown-runtime-nvidia read them.
        patterns=(r"could not select device driver \"(?P<driver>[^\"\n]{0,20})\" with capabilities: \[\[[a-z][a-z0-9 ]{0,80}\]\]",
                  r"could not select device driver with capabilities: \[\[[a-z][a-z0-9 ]{0,80}\]\]",
                  r"[Uu]nknown (?:or invalid )?runtime (?:name|specified):? [\'\"]?nvidia\b"),
        severity="fail",
        cause="Docker on a Mac was asked for an NVIDIA GPU (a compose GPU reservation, `--gpus` or `runtime: nvidia`): "
              "a Mac has no NVIDIA GPU or driver, and Docker Desktop's Linux VM offers containers no GPU at all, so the "
              "request cannot be met.",
        advice=("macOS cannot give a container an NVIDIA GPU: " + _DROP_THE_REQUEST + ". For speed run the program "
                "natively on the Mac instead (Ollama's macOS app uses Metal; PyTorch's `mps` device on Apple silicon), "
                "or run the GPU compose file on a Linux or Windows (WSL 2) host with an NVIDIA GPU."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("install the NVIDIA Container Toolkit", "reinstall the driver"),
        sources=("https://github.com/matatonic/openedai-speech/issues/78",
                 "https://github.com/RVC-Boss/GPT-SoVITS/issues/598",
                 "https://github.com/automateyournetwork/Document_Buddy/issues/9",
                 "https://github.com/jim60105/docker-whisperX/issues/20", _DOCKER_GPU_DOCS),
        checked="2026-11-27",
        examples=("containers/openedaispeech-78-apple-silicon-compose-device-driver.txt",
                  "containers/documentbuddy-9-on-mac-compose-device-driver.txt",
                  "containers/dockerwhisperx-20-osx-gpus-all-device-driver.txt"),
    ),
    Signature(
        code="containers.gpu-request-on-gpu-less-host-described",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        described=True,
        refines=_GPU_REQUEST_REFUSED,
        refines_within=None,
        # The person's words that the machine running Docker has no GPU at all: a server, VPS or VM "without a GPU",
        # "CPU-only", "没有GPU/显卡，只有CPU". Not "the container has no GPU" (the request is missing: another row).
        patterns=(
            r"(?P<host>(?:server|machine|host|VPS|vps|VM|computer|PC|laptop|node|instance|box|服务器|机器|电脑|主机)"
            r"[^\n]{0,12}?(?:没有GPU|没有gpu|没有显卡|没有独立显卡|没有独显|没有N卡|无GPU|无显卡))",
            r"(?P<host>只有CPU|只有cpu|纯CPU|纯cpu)(?:，|,|\s|$|的|服务器|机器|环境)",
            r"\b(?P<host>(?:[Mm]y|[Tt]he|[Tt]his|[Oo]ur|[Aa]) (?:[Ll]inux |Ubuntu |cloud )?(?:server|machine|host|VPS|VM|"
            r"computer|PC|laptop|node|instance|box) (?:has|have|had|with|comes with) no (?:NVIDIA |Nvidia |nvidia |"
            r"dedicated |discrete )?(?:GPU|gpu|graphics card)s?)\b",
            r"\b(?P<host>(?:server|machine|host|VPS|VM|computer|PC|laptop|instance|box) without (?:an? |any )?"
            r"(?:NVIDIA |Nvidia |nvidia |dedicated |discrete )?(?:GPU|gpu|graphics card))\b",
            # (not torch.load's own "If you are running on a CPU-only machine, please use torch.load with map_location")
            r"(?<!you are running on a )\b(?P<host>(?:CPU|cpu)[- ]only (?:[Ll]inux )?(?:server|machine|host|VPS|VM|computer|PC|laptop|node|instance|"
            r"box|system))\b",
        ),
        severity="warn",
        cause="The description says the machine running the container has no GPU (\"{host}\"), while the command or "
              "compose file asks Docker for an NVIDIA GPU, which that machine cannot give.",
        advice=("On a machine without an NVIDIA GPU, " + _DROP_THE_REQUEST + ". Installing the NVIDIA Container "
                "Toolkit does not help where there is no GPU; check with `lspci | grep -i nvidia` (empty: none)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/chatchat-space/Langchain-Chatchat/issues/2356", _COMPOSE_GPU_DOCS),
        checked="2026-11-27",
        examples=("containers/langchainchatchat-2356-cpu-server-gpus-all-device-driver.txt",),
    ),
)
