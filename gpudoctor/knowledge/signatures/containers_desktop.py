"""GPU requests Docker cannot meet by design: Docker on macOS (rows of the containers area, joined into
containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The rows that read a GPU request Docker could not satisfy.
_GPU_REQUEST_FAILED = ("containers.no-gpu-device-driver", "containers.cli-load-library-failed")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gpu-request-on-macos",
        cause_id="gpu-requested-none-present",
        kinds=("any",),
        # Docker on a Mac (Docker Desktop's Linux VM, Colima, OrbStack) has no NVIDIA GPU or driver to give a container:
        # `--gpus` or a compose GPU reservation fails with dockerd's "could not select device driver", or, where an
        # image or config asks for the nvidia runtime, at nvidia-container-cli's libnvidia-ml.so.1. Each pattern is a
        # line that shows Docker run on macOS: a zsh prompt on a Mac's host name running docker, the client's
        # darwin platform, a Mac home's Docker socket, or the person saying so on one line.
        patterns=(r"[Mm]ac[\w.-]{0,30} [^\n%]{0,100}% docker(?:-compose)? ",
                  r"OS/Arch:\s{1,20}darwin/(?:arm64|amd64)",
                  r"unix:///Users/[^\s/]{1,40}/\.(?:docker|colima|orbstack)/",
                  r"\b(?:[Mm]ac ?OS|[Mm]ac ?os|MacBook|[Mm]acbook|Apple M[1-4])\b[^\n]{0,120}[Dd]ocker",
                  r"[Dd]ocker[^\n]{0,120}\b(?:[Mm]ac ?OS|[Mm]ac ?os|MacBook|[Mm]acbook)"),
        # Severity warn: on its own this line is no failure; beside the GPU request it explains, the finding is one.
        # Docker Desktop names its context desktop-linux on macOS too: the Mac's reading replaces the Linux one.
        refines=(*_GPU_REQUEST_FAILED, "cuda.no-nvidia-gpu-in-machine", "containers.docker-desktop-context-on-linux"),
        refines_within=None,
        severity="warn",
        cause="Docker on macOS was asked for an NVIDIA GPU: Macs have no NVIDIA GPU or driver (Docker Desktop runs "
              "containers in a Linux VM without one), so `--gpus` or a compose GPU reservation cannot be met.",
        advice=("macOS has no NVIDIA GPU support for containers: remove `--gpus all` (or the compose file's "
                "`deploy.resources.reservations.devices` GPU entry) and run the image on the CPU, run the program "
                "natively on macOS (PyTorch's MPS device on Apple silicon), or run the container on a Linux host with "
                "an NVIDIA GPU."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("install the NVIDIA Container Toolkit", "reinstall the driver"),
        sources=("https://github.com/myshell-ai/MeloTTS/issues/40", "https://github.com/hiyouga/LlamaFactory/issues/3990",
                 "https://github.com/basujindal/stable-diffusion/issues/199",
                 "https://github.com/devnen/Chatterbox-TTS-Server/issues/15",
                 "https://docs.docker.com/desktop/features/gpu/"),
        checked="2026-11-27",
        examples=("containers/melotts-40-macos-m1-gpus-all-no-device-driver.txt",
                  "containers/llamafactory-3990-mac-m3-gpus-all-device-driver.txt",
                  "containers/basujindal-sd-199-macbook-compose-libnvidia-ml.txt",
                  "containers/chatterbox-15-macos-compose-nvidia-runtime-cpu.txt"),
    ),
)
