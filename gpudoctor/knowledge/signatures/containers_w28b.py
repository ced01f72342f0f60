"""Issue 25 (helper w28b): containers that never got a GPU because none was asked for.

- The compose service asks for no GPU. Compose passes a GPU only through a `deploy.resources.reservations.devices`
  entry (driver: nvidia, capabilities: [gpu]) or the service-level `gpus:` key; an image built on a CUDA base does not
  bring one by itself. People who found it say so in their own words ("the service has no NVIDIA device reservation",
  "nvidia-smi is unavailable inside the container"): a description row, read in pastes only.

The other reading of the symptom, a GPU request on a machine with no NVIDIA GPU (a Mac, an AMD or Intel card), is
cuda.no-nvidia-gpu-in-machine's (cuda_hosts.py) and containers.gpu-request-on-macos's.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_COMPOSE_DOCS = "https://docs.docker.com/compose/how-tos/gpu-support/"
SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.compose-without-gpu-reservation-described",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        described=True,
        # A person's account that the compose service (or `docker run`) requests no GPU: the reservation block is
        # missing, or nvidia-smi is absent inside the container while the host's works.
        patterns=(
            r"\b(?:has no|had no|have no|without(?: an?| the| any)?|is missing(?: the| an?)?|are missing(?: the)?|"
            r"lacks(?: the| an?)?|missing(?: the| an?)?) (?:`?deploy(?:\.resources)?(?:\.reservations)?(?:\.devices)?`? "
            r"(?:block|section|entry|key)|(?:NVIDIA |[Nn]vidia |GPU |gpu )?(?:device|GPU|gpu) reservations?\b)",
            r"\bnvidia-smi`? (?:is |was )?(?:unavailable|absent|missing|not available|not present) "
            r"(?:in|inside|within|from) (?:the |a |my |each )?(?:containers?|service)\b",
        ),
        severity="warn",
        cause="The description says the container was started without a GPU request (no compose device reservation "
              "or `--gpus`), so Docker gave it no GPU although the host has one.",
        advice=("Request the GPU for the service: in the compose file add under it `deploy: resources: reservations: "
                "devices: - driver: nvidia, count: all, capabilities: [gpu]` (or `gpus: all`), then `docker compose up -d "
                "--force-recreate`; with `docker run` add `--gpus all`. On Linux the host needs the NVIDIA Container "
                "Toolkit registered with Docker (`sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl "
                "restart docker`); on Windows use Docker Desktop's WSL 2 back end with the Windows NVIDIA driver. "
                "`docker compose exec <service> nvidia-smi` must then list the GPU."),
        action="configure",
        rules_out=("the NVIDIA driver on the host", "the CUDA build in the image"),
        never_suggest=("reinstall the driver", "install the driver inside the image"),
        sources=("https://github.com/odysseus-dev/odysseus/issues/2659", _COMPOSE_DOCS),
        checked="2026-11-27",
        examples=("containers/odysseus-2659-compose-no-nvidia-reservation.txt",),
    ),
)
