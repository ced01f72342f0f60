"""GPU requests where Docker cannot meet them by design (Docker on macOS), and GPU requests that leave out the compute
capability (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The rows that read a GPU request Docker could not satisfy, and CUDA's symptoms of a container without libcuda.
_GPU_REQUEST_FAILED = ("containers.no-gpu-device-driver", "containers.cli-load-library-failed")
_NO_LIBCUDA_SYMPTOMS = ("cuda.libcuda-so1-missing", "kernel.driver-not-loaded", "cuda.no-device", "cuda.driver-insufficient")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gpu-request-on-macos",
        cause_id="container-no-gpu-runtime",
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
                 "https://docs.docker.com/desktop/features/gpu/"),
        checked="2026-11-26",
        examples=("containers/melotts-40-macos-m1-gpus-all-no-device-driver.txt",
                  "containers/llamafactory-3990-mac-m3-gpus-all-device-driver.txt",
                  "containers/basujindal-sd-199-macbook-compose-libnvidia-ml.txt"),
    ),
    Signature(
        code="containers.gpu-capabilities-without-compute",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # The NVIDIA runtime mounts the driver's libraries by capability: utility gives nvidia-smi and libnvidia-ml,
        # compute gives libcuda.so.1. A compose reservation `capabilities: [gpu, utility]` (docker sets
        # NVIDIA_DRIVER_CAPABILITIES from the capabilities other than gpu), `docker inspect`'s record of it, or the
        # variable set to utility alone leaves CUDA out, while nvidia-smi works; `capabilities: [gpu]` alone keeps the
        # image's or the toolkit's default (compute,utility).
        # A list naming a driver capability (utility, video, graphics, display) but neither compute nor all.
        patterns=(r"capabilities: ?\[(?![^\]\n]{0,60}\b(?:compute|all)\b)(?=[^\]\n]{0,60}\b(?:utility|video|graphics|display)\b)"
                  r"[^\]\n]{1,60}\]",
                  r"\"Capabilities\": ?\[\[(?![^\]\n]{0,60}\b(?:compute|all)\b)(?=[^\]\n]{0,60}\b(?:utility|video|graphics|display)\b)"
                  r"[^\]\n]{1,60}\]\]",
                  r"NVIDIA_DRIVER_CAPABILITIES(?:=|: ?)[\"']?(?![^\s\"']{0,60}\b(?:compute|all)\b)[a-z0-9,]{3,60}[\"']?(?![\w,])"),
        refines=_NO_LIBCUDA_SYMPTOMS, refines_within=None,
        severity="warn",
        cause="The container asks for the GPU with the utility driver capability only, so the NVIDIA runtime mounts "
              "nvidia-smi and libnvidia-ml but not the driver's CUDA library libcuda.so.1: nvidia-smi works, CUDA does "
              "not.",
        advice=("Add the compute capability: in the compose file use `capabilities: [gpu]` with `driver: nvidia` (or "
                "`[gpu, compute, utility]`), with docker run set `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility`, then "
                "recreate the container (`docker compose up -d --force-recreate`); `ls /usr/lib/x86_64-linux-gnu/"
                "libcuda.so.1` inside it must then find the library."),
        action="configure",
        rules_out=("the NVIDIA driver", "the CUDA toolkit in the image"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/mudler/LocalAI/issues/11973", "https://github.com/weaviate/weaviate/issues/1736",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://docs.docker.com/compose/how-tos/gpu-support/"),
        checked="2026-11-26",
        examples=("containers/localai-11973-compose-gpu-utility-no-libcuda.txt",),
    ),
)
