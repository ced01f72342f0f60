"""Issue 25 (helper w25b): a person saying they run Docker Desktop on a Linux distribution.

Docker Desktop for Linux runs its engine in a VM of its own, which has neither the host's NVIDIA driver nor its NVIDIA
Container Toolkit: a GPU request there fails as "could not select device driver", or, where a hook was set up in the
VM, as nvidia-container-cli's "load library failed: libnvidia-ml.so.1". NVIDIA's toolkit supports Docker Engine
(docker-ce) on Linux, not Docker Desktop; on Windows Docker Desktop's WSL 2 back end does support GPUs, so the words
must name a Linux distribution and not WSL or Windows. A `docker context` or socket that shows Desktop's engine is
containers.docker-desktop-context-on-linux's.

Also: a GPU agent's pod on Kubernetes (dcgm-exporter, GPU feature discovery) that finds no libnvidia-ml because the pod
was not started with the NVIDIA runtime (no runtimeClassName: nvidia where nvidia is not the node's default runtime);
the device plugin's own words are containers.device-plugin-no-nvml's. And Rancher Desktop, which passes no NVIDIA GPU to
its containers on any platform (rancher-desktop#3968 and #8487 were open feature requests when checked).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DESKTOP_VS_ENGINE = ("https://docs.docker.com/desktop/setup/install/linux/"
                     "#differences-between-docker-desktop-for-linux-and-docker-engine")

_DISTRO = r"(?:Linux|Ubuntu|Debian|Fedora|Arch|Linux Mint|Mint|Pop!_OS|openSUSE|Manjaro|EndeavourOS|RHEL|CentOS|Rocky)"
_NOT_WINDOWS = r"^(?![^\n]{0,600}\b(?:WSL|wsl|Windows|windows|WINDOWS))"  # WSL2, Windows11 too

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.docker-desktop-on-linux-described",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(
            # "Docker Desktop for Linux", "Docker-Desktop for Ubuntu", "Docker Desktop on Fedora"
            rf"{_NOT_WINDOWS}[^\n]{{0,300}}?\bDocker[- ]Desktop (?:for|on) {_DISTRO}\b",
            # "On fresh Arch and Ubuntu installations, ... via Docker Desktop fail"
            rf"{_NOT_WINDOWS}[^\n]{{0,200}}?\b{_DISTRO}\b[^\n]{{0,160}}?\b(?:via|through|with|using|in|under) "
            r"Docker[- ]Desktop\b",
        ),
        refines=("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia",
                 "containers.cli-load-library-failed"),
        refines_within=None,
        described=True,
        severity="warn",
        cause=("The description says the containers run under Docker Desktop on Linux: its engine runs in a VM of its "
               "own without the host's NVIDIA driver or Container Toolkit, so GPU requests fail there."),
        advice=("Run GPU containers with Docker Engine on the host, not Docker Desktop for Linux (which has no NVIDIA "
                "GPU support): `docker context use default` if the host engine is installed (`docker context ls` "
                "shows which is selected), else install Docker Engine (docker-ce from Docker's apt/dnf repository) "
                "and register the NVIDIA Container Toolkit with it (`sudo nvidia-ctk runtime configure "
                "--runtime=docker`, then `sudo systemctl restart docker`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit's installation"),
        never_suggest=("reinstall the driver", "reinstall the container toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/83",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/229", DESKTOP_VS_ENGINE),
        checked="2026-11-27",
        examples=("containers/nctk-83-docker-desktop-ubuntu-toolkit-unsupported.txt",
                  "containers/nctk-229-docker-desktop-linux-libnvidia-ml-load-failed.txt"),
    ),
    Signature(
        code="containers.gpu-agent-pod-no-nvml",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(
            # dcgm-exporter 3.x-4.x when go-nvml's dlopen of libnvidia-ml.so.1 fails in its pod
            r"Cannot init NVML library; err: ERROR_LIBRARY_NOT_FOUND",
            # go-nvml's own error text (GPU feature discovery, other Go agents): "unexpected failure calling nvml.Init:
            # error opening libnvidia-ml.so.1: libnvidia-ml.so.1: cannot open shared object file"
            r"calling nvml\.Init: error opening libnvidia-ml\.so\.1",
        ),
        refines=("cuda.nvml-library-not-found",), refines_within=0,  # its dlerror, on the same line
        severity="fail",
        cause=("The GPU agent's pod has no libnvidia-ml.so.1: it was started without the NVIDIA container runtime, which "
               "is what injects the host driver's libraries, so NVML cannot start."),
        advice=("Start the pod with the NVIDIA runtime: set `runtimeClassName: nvidia` in its DaemonSet (the Helm "
                "charts' runtimeClassName value; create the RuntimeClass nvidia if the cluster has none), or make nvidia "
                "the node's default runtime (`sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default`, "
                "--runtime=crio or --runtime=docker, then restart it; k3s `--default-runtime=nvidia`). Do not mount the "
                "driver's libraries into the pod by hand. On a node where `nvidia-smi` itself fails, install the driver "
                "first."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/dcgm-exporter/issues/612",
                 "https://github.com/NVIDIA/gpu-feature-discovery/issues/25",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"),
        checked="2026-11-27",
        examples=("containers/dcgmexporter-612-cannot-init-nvml-library-not-found.txt",),
    ),
    Signature(
        code="containers.rancher-desktop-gpu-described",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(r"\bRancher[- ]Desktop\b[^\n]{0,160}?\b(?:GPUs?|gpus?|CUDA|cuda|[Nn]vidia|NVIDIA)\b",
                  r"\b(?:GPUs?|gpus?|CUDA|[Nn]vidia|NVIDIA)\b[^\n]{0,160}?\bRancher[- ]Desktop\b"),
        refines=("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia",
                 "containers.cli-load-library-failed", "kernel.nvidia-smi-missing"),
        refines_within=None,
        described=True,
        severity="warn",
        cause=("The description puts the GPU containers in Rancher Desktop, which passes no NVIDIA GPU to its "
               "containers (its VM or WSL distribution has no NVIDIA Container Toolkit for them)."),
        advice=("Run GPU containers outside Rancher Desktop: on Windows use Docker Desktop with the WSL 2 back end, or "
                "install Docker Engine inside a WSL 2 distribution (where `nvidia-smi` already works) and register the "
                "NVIDIA Container Toolkit with it (`sudo nvidia-ctk runtime configure --runtime=docker`, then restart "
                "Docker); on Linux use Docker Engine, containerd or Podman on the host with the toolkit."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the driver inside the container"),
        sources=("https://github.com/rancher-sandbox/rancher-desktop/issues/3968",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-27",
        examples=("containers/rancherdesktop-3968-cuda-wsl-docker-engine-workaround.txt",),
    ),
)
