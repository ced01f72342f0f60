"""Containers: the NVIDIA Container Toolkit's own failures, a release that crashes in the runtime hook and the hooks
that rootless and CDI set-ups run (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
TOOLKIT_RELEASES = "https://github.com/NVIDIA/nvidia-container-toolkit/releases"
_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.toolkit-hook-crashed",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # runc runs nvidia-container-runtime-hook (or nvidia-container-runtime's hook) before the container starts; a
        # release whose hook or nvidia-container-cli crashes shows as the hook dying on SIGSEGV: runc says "signal:
        # segmentation fault" (C crash) or "exit status 2" with the Go runtime's SIGSEGV report on stderr.
        patterns=(r"error running (?:prestart )?hook(?: #\d{1,2})?: signal: segmentation fault",
                  r"error running hook(?: #\d{1,2})?: exit status 2, stdout: ?, stderr: (?:SIGSEGV: segmentation violation|"
                  r"fatal error: unexpected signal during runtime execution)"),
        severity="fail",
        cause="The NVIDIA Container Toolkit's runtime hook crashed (segmentation fault) while setting up the GPU for the "
              "container: a toolkit or libnvidia-container release that breaks on this host, not the driver or the image.",
        advice=("Note the toolkit version (`nvidia-container-cli --version`, `dpkg -l | grep -e nvidia-container -e "
                "libnvidia-container`) and install the previous release of the nvidia-container-toolkit and "
                "libnvidia-container packages together (downgrade all four to one version, e.g. "
                "`sudo apt install nvidia-container-toolkit=VER nvidia-container-toolkit-base=VER "
                "libnvidia-container-tools=VER libnvidia-container1=VER`), or upgrade to a fixed release; then "
                "`sudo systemctl restart docker` and check the toolkit's issue tracker for the release."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1535", "https://github.com/NVIDIA/nvidia-docker/issues/1534",
                 "https://github.com/NVIDIA/nvidia-container-runtime/issues/150", TOOLKIT_RELEASES),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1535-hook-segfault-rc-packages.txt",
                  "containers/nvidiadocker-1534-toolkit-rc-hook1-segfault.txt",
                  "containers/nvidiacontainerruntime-150-oci-hook-segfault.txt"),
    ),
    Signature(
        code="containers.cli-cuda-init-failed",
        cause_id="cuda-unknown-error",
        kinds=_CONTAINER_TEXT,
        # libnvidia-container before 1.1 initialised CUDA on the host to list the GPUs (driver.c): when cuInit fails
        # there, the CLI stops with "initialization error: cuda error: <CUDA's message>" before any container starts.
        patterns=(r"nvidia-container-cli(?:\.real)?: initialization error: cuda error: (?P<error>unknown error|"
                  r"initialization error|no CUDA-capable device is detected|invalid device ordinal)",),
        severity="fail",
        cause="CUDA could not initialise on the host ({error}) when the NVIDIA container runtime asked it for the GPUs: "
              "the host's driver state, not the container, is what failed.",
        advice=("Check CUDA on the host first (`nvidia-smi`, any CUDA sample); stop the programs using the GPU and reload "
                "the unified-memory module (`sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm`) or reboot, look in "
                "`sudo dmesg` for Xid errors, and update libnvidia-container and nvidia-container-toolkit (1.1 and later "
                "no longer initialise CUDA to start a container)."),
        action="configure",
        rules_out=("the container image", "Docker itself"),
        never_suggest=("reinstall docker", "rebuild the image"),
        sources=("https://github.com/NVIDIA/libnvidia-container/issues/3", "https://github.com/NVIDIA/libnvidia-container/issues/103",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1060"),
        checked="2026-11-26",
        examples=("containers/libnvidiacontainer-3-cli-cuda-unknown-error-reboot.txt",
                  "containers/nvidiadocker-1060-cli-cuda-unknown-error-reload-modules.txt"),
    ),
    Signature(
        code="containers.cdi-stale-device-node",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # The CDI injector (podman, containerd, Docker's CDI mode) stats every device node the spec lists: a spec written
        # before a reboot, a driver change or on another host names /dev/dri or /dev/nvidia* nodes that are gone.
        patterns=(r"failed to stat CDI host device \\?\"(?P<path>/dev/[\w/.-]{1,60})\\?\": no such file or directory",),
        severity="fail",
        cause="The CDI spec names a device node that does not exist on this host ({path}): it was generated before the "
              "devices changed (a reboot, a driver update, another GPU) or elsewhere, so the GPU cannot be injected.",
        advice=("Regenerate the CDI spec from the host as it is now: `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml` (and remove older specs from /etc/cdi and /var/run/cdi), check "
                "`nvidia-ctk cdi list`, then start the container again; on current toolkits enable the "
                "nvidia-cdi-refresh service so the spec follows driver updates."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/46",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/885",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("containers/ctk-46-stat-cdi-host-device-controld69.txt",),
    ),
    Signature(
        code="containers.nvidia-smi-not-injected",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # runc/crun when the command is nvidia-smi and no NVIDIA runtime, hook or CDI device put the driver's tools
        # into the container: nvidia-smi comes from the host, injected only for a GPU request whose capabilities
        # include "utility" (images not built from nvidia/cuda carry no NVIDIA_* variables).
        patterns=(r"exec: \\?\"nvidia-smi\\?\": executable file not found in \$PATH",
                  r"executable file `nvidia-smi` not found in \$PATH"),
        severity="fail",
        cause="nvidia-smi is not in the container: the NVIDIA runtime did not inject the driver's tools, because the "
              "container was started without a GPU request (--gpus, --runtime=nvidia, a CDI device) or its image asks for "
              "no driver capabilities (an image not built from nvidia/cuda).",
        advice=("Request the GPUs and the driver utilities when starting it: `docker run --gpus all ...` (or "
                "`-e NVIDIA_VISIBLE_DEVICES=all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility` with "
                "`--runtime=nvidia`; Podman: `--device nvidia.com/gpu=all` after `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml`); check `docker info | grep -i runtimes` shows nvidia. Do not install a "
                "driver or nvidia-smi into the image: they must come from the host."),
        action="configure",
        rules_out=("the host's driver", "the container image's CUDA"),
        never_suggest=("install the driver inside the container", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/457", "https://github.com/NVIDIA/nvidia-docker/issues/1668",
                 TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-457-nvidia-smi-not-in-path-plain-ubuntu.txt",),
    ),
    Signature(
        code="containers.cli-driver-request-failed",
        cause_id="persistence-or-clock-state",
        kinds=_CONTAINER_TEXT,
        # The CLI's driver RPC service (rpc.c) could not get the driver to initialise the GPUs on a native Linux host:
        # mostly GPUs not kept initialised (no persistence mode), by the toolkit maintainers' word. Under WSL 2 the
        # same words mean a Windows build or driver without GPU support (wsl.container-driver-request-failed).
        patterns=(r"nvidia-container-cli(?:\.real)?: initialization error: driver (?:rpc )?error: failed to process request",),
        severity="fail",
        cause="On a native Linux host, nvidia-container-cli's driver service could not get the GPUs initialised for the "
              "container, which the toolkit maintainers trace mostly to persistence mode being off (no "
              "nvidia-persistenced).",
        advice=("Check the host first (`nvidia-smi` must list the GPUs), then keep the driver initialised: "
                "`sudo systemctl enable --now nvidia-persistenced` (or `sudo nvidia-smi -pm 1`), update the NVIDIA "
                "Container Toolkit to the latest release and start the container again; if the Citrix Workspace "
                "client (icaclient) is installed, removing it has cured this too. Under WSL 2, update Windows and "
                "the NVIDIA Windows driver instead."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/556",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/236",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-26",
        examples=("containers/nct-556-rpc-failed-to-process-request-persistence.txt",),
    ),
)
