"""Containers: the NVIDIA Container Toolkit's own failures, a release that crashes in the runtime hook and the hooks
that rootless and CDI set-ups run (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_tools import NVIDIA_SMI_NOT_FOUND

# BuildKit's prefix on each line a RUN step prints: "#8 0.895 " (plain progress), or the seconds alone ("1.181 ") in the
# error summary of Docker 23 and later; at the start of the line (after Markdown indentation) so that no other
# number in a message passes for it.
BUILD_STEP_PREFIX = r"(?:#\d{1,4} |^\s{0,8})\d{1,5}\.\d{1,4} "
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
        # there, the CLI stops with "initialization error: cuda error: <CUDA's message>" before any container starts,
        # the message in lower case as the CLI prints it ("no cuda-capable device is detected").
        patterns=(r"nvidia-container-cli(?:\.real)?: initialization error: cuda error: (?P<error>unknown error|"
                  r"initialization error|no (?:CUDA|cuda)-capable device is detected|invalid device ordinal)",),
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
                  # the same error as old runc printed it, wrapped after "caused \"exec:" onto a line of its own
                  r"^\\?\"nvidia-smi\\?\": executable file not found in \$PATH",
                  r"executable file `nvidia-smi` not found in \$PATH",
                  # A shell inside the container finding none (bash, zsh, Ubuntu's command-not-found, and dash's or
                  # BusyBox's "sh: 1: nvidia-smi: not found", the shell of `kubectl exec POD -- sh`): the same absence.
                  *NVIDIA_SMI_NOT_FOUND, r"\bsh: (?:\d{1,5}: )?nvidia-smi: not found"),
        # Go's exec error for any program that looks for nvidia-smi: only inside a container does it mean the runtime
        # injected no driver tools (a monitoring tool on a machine without an NVIDIA GPU prints it harmlessly).
        contexts=("container",),
        refines=("kernel.nvidia-smi-missing",),
        severity="fail",
        cause="nvidia-smi is not in the container: the NVIDIA runtime did not inject the driver's tools, because the "
              "container was started without a GPU request (--gpus, --runtime=nvidia, a CDI device) or its image asks for "
              "no driver capabilities (an image not built from nvidia/cuda).",
        advice=("Request the GPUs and the driver utilities when starting it: `docker run --gpus all ...` (or "
                "`-e NVIDIA_VISIBLE_DEVICES=all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility` with "
                "`--runtime=nvidia`; Podman: `--device nvidia.com/gpu=all` after `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml`; compose: a `deploy.resources.reservations.devices` entry with `driver: "
                "nvidia`, `count: all` and `capabilities: [gpu]`, since Docker 27.3 and later pass no GPU to an entry "
                "without count or device_ids); check `docker info | grep -i runtimes` shows nvidia. Where containers "
                "must get the GPUs without a request (a Kubernetes node on Docker, the device plugin's pod), make nvidia "
                "the default runtime: `sudo nvidia-ctk runtime configure --runtime=docker --set-as-default` writes "
                "\"default-runtime\": \"nvidia\" into /etc/docker/daemon.json; restart Docker. In Kubernetes "
                "(k3s, RKE2, microk8s) the pod needs an `nvidia.com/gpu` limit and, where nvidia is not containerd's "
                "default runtime, `runtimeClassName: nvidia`. With Canonical's Docker snap (`snap list docker`) and "
                "`--runtime nvidia --gpus all` already given, its CDI spec mounted nvidia-smi under "
                "/var/lib/snapd/hostfs/usr/bin, off PATH, before its 2025 fix: run it by that path or "
                "`sudo snap refresh docker`. Do not install a driver or nvidia-smi into the image: they must come "
                "from the host."),
        action="configure",
        rules_out=("the host's driver", "the container image's CUDA"),
        never_suggest=("install the driver inside the container", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/457", "https://github.com/NVIDIA/nvidia-docker/issues/1668",
                 "https://github.com/NVIDIA/nvidia-docker/issues/341", "https://github.com/canonical/docker-snap/pull/271",
                 TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-457-nvidia-smi-not-in-path-plain-ubuntu.txt",
                  "containers/nvidiadocker-341-shell-nvidia-smi-command-not-found.txt",
                  "containers/k8sdeviceplugin-176-docker-run-nvidia-smi-not-in-path-default-runtime.txt"),
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
    Signature(
        code="containers.cli-proc-path-misread",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # nvidia-container-cli mounts each GPU's /proc/driver/nvidia/gpus/<bus id> into the container; a
        # libnvidia-container too old for what this driver prints (a card name in place of the bus id, a 32-bit PCI
        # domain on Hyper-V/Azure VMs cut to 16 bits) stats a path that does not exist, and the container never starts.
        patterns=(r"nvidia-container-cli(?:\.real)?: mount error: stat failed: (?P<path>/(?:proc/driver/nvidia/gpus/"
                  r"[0-9a-fA-F:.]{6,20}|[A-Z][\w -]{1,40}))(?:\\+n|: no such file)",),
        severity="fail",
        cause="nvidia-container-cli looked for a GPU's driver information at {path}, which does not exist: a "
              "libnvidia-container too old to read this driver's GPU list (card names, the VM's PCI domain).",
        advice=("Update the NVIDIA Container Toolkit's packages together to the current release (`sudo apt install "
                "--only-upgrade nvidia-container-toolkit nvidia-container-toolkit-base libnvidia-container-tools "
                "libnvidia-container1`, or dnf), check `nvidia-container-cli --version` and `nvidia-container-cli "
                "info`, then `sudo systemctl restart docker`."),
        action="configure",
        rules_out=("the container image", "the GPU"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/957", "https://github.com/NVIDIA/nvidia-docker/issues/816",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1316", TOOLKIT_RELEASES),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-957-mount-stat-failed-geforce.txt",),
    ),
    Signature(
        code="containers.nvenc-library-not-mounted",
        cause_id="nvenc-library-missing",
        kinds=("any",),
        # FFmpeg's nvenc and cuvid wrappers dlopen the driver's libnvidia-encode.so.1 and libnvcuvid.so.1 (compat/cuda
        # dynlink_loader.h) and print "Cannot load <library>" when they are not there. The NVIDIA Container Toolkit
        # mounts them only for the "video" driver capability (images default to compute,utility); on a host they are
        # separate packages of the driver (libnvidia-encode-XXX, libnvidia-decode-XXX; Debian libnvidia-encode1).
        patterns=(r"Cannot load (?P<library>libnvidia-encode\.so\.1|libnvcuvid\.so\.1)",),
        # FFmpeg prints its "minimum required Nvidia driver for nvenc" line right after: the library explains it.
        refines=("cuda.nvenc-minimum-driver",), refines_within=2,
        severity="fail",
        cause="FFmpeg could not load the driver's video library {library}: in a container the NVIDIA Container Toolkit "
              "mounts it only when NVIDIA_DRIVER_CAPABILITIES includes video; on a host the driver's encode or decode "
              "package is not installed.",
        advice=("In a container set `NVIDIA_DRIVER_CAPABILITIES=all` (or `compute,video,utility`) next to "
                "NVIDIA_VISIBLE_DEVICES, in the compose file or the image's final stage, and recreate the container. On "
                "the host, install the driver's encode and decode libraries for the installed driver version (Ubuntu "
                "`sudo apt install libnvidia-encode-XXX libnvidia-decode-XXX`, Debian `libnvidia-encode1 libnvcuvid1`); "
                "`ldconfig -p | grep -e libnvidia-encode -e libnvcuvid` on the host and in the container shows them."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA kernel driver"),
        never_suggest=("reinstall the driver", "rebuild ffmpeg"),
        sources=("https://github.com/linuxserver/docker-plex/issues/340",
                 "https://github.com/styler00dollar/VSGAN-tensorrt-docker/issues/42",
                 "https://github.com/jellyfin/jellyfin/issues/2395", "https://github.com/jellyfin/jellyfin/issues/7570",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-26",
        examples=("containers/lsioplex-340-nvenc-needs-driver-capabilities.txt",
                  "containers/vsgan-42-hevc-nvenc-capabilities-all.txt",
                  "containers/jellyfin-2395-host-missing-libnvidia-encode.txt"),
    ),
    Signature(
        code="containers.ngc-no-supported-gpu",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The NGC images' entrypoint banner (PyTorch, TensorFlow, TensorRT, Triton, DIGITS) when it finds no GPU it
        # supports; older releases say "No NVIDIA supported GPU(s)". Usually no GPU reached the container at all; a
        # banner line naming the GPU as "not (yet) supported" is containers.ngc-image-predates-gpu's (a fail, which
        # leads), and on NVSwitch systems a stopped Fabric Manager hides the GPUs too.
        patterns=(r"ERROR: No (?:NVIDIA )?supported GPU\(s\) detected to run this container",),
        severity="warn",
        cause="The NGC image's start-up found no GPU it supports inside the container: most often the container was "
              "started without the GPUs (no --gpus, no NVIDIA runtime), so none is visible there.",
        advice=("Start the container with the GPUs: `docker run --gpus all ...` (the NVIDIA Container Toolkit "
                "installed, `sudo nvidia-ctk runtime configure --runtime=docker`, then `sudo systemctl restart "
                "docker`) and check `nvidia-smi` inside it; if the banner also says your GPU is not supported by this "
                "release, use an image tag made for that GPU; on NVSwitch servers (A100/H100 SXM) start "
                "nvidia-fabricmanager first."),
        action="configure",
        rules_out=("the model or the application code",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/triton-inference-server/server/issues/135",
                 "https://github.com/NVIDIA/DeepLearningExamples/issues/964", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/tritonserver-135-no-supported-gpu-docker-run.txt",),
    ),
    Signature(
        code="containers.cdi-generate-optional-files",
        cause_id="none",
        kinds=("any",),
        # nvidia-ctk cdi generate (and the toolkit's CDI refresh service) warns for each optional host file it does not
        # find: graphics, EGL, Wayland and Vulkan pieces, sandboxutils, /dev/dri symlinks. The spec is still written.
        # The driver's core libraries are left out here: a missing libcuda or libnvidia-ml is followed by an ERRO line
        # that other rows read.
        patterns=(r"(?:Could not locate|Ignoring error in locating) (?!libcuda|libnvidia-ml)[\w./*-]{1,80}: pattern "
                  r"[\w./*-]{1,80} not found",
                  r"Failed to evaluate symlink /dev/dri/by-path/[\w.:-]{1,80}; ignoring"),
        severity="info",
        cause="nvidia-ctk noted optional driver files it did not find while writing the CDI spec (graphics, Vulkan or "
              "Wayland libraries, /dev/dri links); the spec is still generated. Not an error.",
        advice=("Harmless: these optional files are only needed for graphics workloads; the CDI spec was still "
                "written (`nvidia-ctk cdi list` shows its devices), so look elsewhere in the log for the real error."),
        action="none",
        never_suggest=("reinstall the driver", "reinstall nvidia-container-toolkit"),
        sources=("https://github.com/bottlerocket-os/bottlerocket-core-kit/pull/842",
                 "https://github.com/bottlerocket-os/bottlerocket-core-kit/issues/827",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/63"),
        checked="2026-11-26",
        examples=("containers/bottlerocket-842-cdi-generate-optional-libs-warnings.txt",),
    ),
    Signature(
        code="containers.nvidia-docker-wrapper-missing",
        cause_id="nvidia-docker-legacy-command",
        kinds=("any",),
        # The shells' words for the legacy wrapper, which only the deprecated nvidia-docker2 package installs.
        patterns=(r"\bnvidia-docker: command not found", r"command not found: nvidia-docker\b",
                  r"Command 'nvidia-docker' not found"),
        severity="fail",
        cause="The `nvidia-docker` command a guide uses is not installed: it is the legacy wrapper of the deprecated "
              "nvidia-docker2 package, and the NVIDIA Container Toolkit does not ship it.",
        advice=("Request the GPUs from Docker itself: `docker run --gpus all <image> ...` (e.g. `docker run --rm --gpus all "
                "nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi`), with the NVIDIA Container Toolkit installed and "
                "registered (`sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker`); in "
                "Compose use a device reservation or `gpus: all`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1028", "https://github.com/NVIDIA/nvidia-docker/issues/1107",
                 TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1028-legacy-wrapper-not-installed.txt",),
    ),
    Signature(
        code="containers.gpu-needed-at-build",
        cause_id="gpu-at-build-time",
        kinds=("any",),
        # BuildKit's and the legacy builder's words for a failed RUN step that calls nvidia-smi: images are built
        # without the NVIDIA runtime, so the driver's tools are not there (exit 127) and no GPU is visible.
        # The GPU probes people put in a RUN step: nvidia-smi, the CUDA samples' deviceQuery, PyTorch's own checks.
        patterns=(r"failed to solve: process \"/bin/sh -c [^\"\n]{0,120}nvidia-smi[^\"\n]{0,80}\" did not complete successfully",
                  r"The command '/bin/sh -c [^'\n]{0,120}nvidia-smi[^'\n]{0,80}' returned a non-zero code",
                  # BuildKit's step error and final error; the command may hold escaped quotes (python -c \"...\")
                  r"(?:failed to solve|ERROR): process \"/bin/sh -c [^\n]{0,160}?(?:deviceQuery|torch\.cuda\.\w{4,20}\(|"
                  r"cuda\.is_available\(|cuda\.device_count\()",
                  # the legacy builder's error for the same steps
                  r"The command '/bin/sh -c [^'\n]{0,160}?(?:deviceQuery|cuda\.is_available\(|cuda\.device_count\()",
                  # BuildKit's plain progress ("#8 0.415 ") before deviceQuery's answer: no driver in the build step
                  # (35: no libcuda at all, so CUDA calls it "insufficient"; 100: no device), not an old driver
                  r"#\d{1,4} \d{1,5}\.\d{1,4} cudaGetDeviceCount returned (?P<cuda_error>35|100)\b",
                  # The same absence as the programs of a RUN step print it, under BuildKit's step prefix ("#8 0.895 "
                  # in plain progress; "1.181 " alone in the error summary of Docker 23+): PyTorch's driver and device
                  # checks, AUTOMATIC1111's launch check, the shell that finds no nvidia-smi, nvidia-smi finding no driver.
                  # (torch raises "No CUDA GPUs are available" as a RuntimeError: keyed on that word, not on "GPUs",
                  # which healthy logs print by the thousand)
                  BUILD_STEP_PREFIX + r"(?:(?:RuntimeError: |AssertionError: ?)?(?:Found no NVIDIA driver on your "
                  r"system|Torch is not able to use GPU)|RuntimeError: No CUDA GPUs are available)",
                  BUILD_STEP_PREFIX + r"(?:/bin/(?:ba)?sh: (?:line )?\d{1,4}: )?nvidia-smi: (?:command )?not found",
                  BUILD_STEP_PREFIX + r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"),
        # A failed GPU step of a build makes the paste's driver errors the build's: no driver there, not a broken host.
        refines=("cuda.driver-insufficient",
                 "cuda.ctranslate2-driver-too-old", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.driver-not-loaded", "kernel.nvidia-smi-missing",
                 "frameworks.app-finds-torch-without-cuda"), refines_within=None,
        severity="fail",
        cause="A Dockerfile RUN step needs the GPU (nvidia-smi, deviceQuery, a CUDA check), but `docker build` has no "
              "GPU: the NVIDIA runtime injects the driver's tools and libraries only into running containers, so the "
              "step sees no driver (not an old one).",
        advice=("Take GPU checks and GPU work out of the Dockerfile's RUN steps: build CUDA code without a GPU by naming "
                "the architectures (TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES), and run `nvidia-smi`, deviceQuery or "
                "the GPU step when the container starts with `docker run --gpus all <image>` (or in the entrypoint); "
                "where a build step truly needs the GPU, build with the legacy builder (`DOCKER_BUILDKIT=0 docker build "
                ".`) after making nvidia Docker's default runtime (\"default-runtime\": \"nvidia\" in "
                "/etc/docker/daemon.json)."),
        action="configure",
        rules_out=("the host's driver", "the container toolkit"),
        never_suggest=("reinstall the driver", "install nvidia-smi in the image"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/218", "https://github.com/NVIDIA/nvidia-docker/issues/225",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/351",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/221", "https://github.com/docker/compose/issues/9681",
                 "https://github.com/dusty-nv/jetson-containers/issues/352"),
        checked="2026-11-26",
        examples=("containers/ctk-218-docker-build-run-nvidia-smi-127.txt",
                  "containers/ctk-221-build-step-found-no-nvidia-driver.txt"),
    ),
    Signature(
        code="containers.cli-nvml-permission-denied",
        cause_id="device-permissions",
        kinds=("any",),
        # libnvidia-container's driver service runs as the unprivileged user of config.toml's [nvidia-container-cli]
        # user (nobody by default) and initialises NVML there: device files not open to that user give
        # NVML_ERROR_NO_PERMISSION, printed in lower case by the CLI (openSUSE and SLES create them root:video 0660).
        patterns=(r"nvidia-container-cli(?:\.real)?: initialization error: nvml error: insufficient permissions",),
        severity="fail",
        cause="The NVIDIA container hook could not open the GPU's device files: it starts NVML as an unprivileged user, "
              "and /dev/nvidia* are not open to it on this host (a driver option or distribution default such as "
              "openSUSE's or SLES's root:video 0660, or SELinux labels).",
        advice=("Check `ls -l /dev/nvidia*`. If they are crw-rw---- root video, set `user = \"root:video\"` under "
                "[nvidia-container-cli] in /etc/nvidia-container-runtime/config.toml and restart the container, or have "
                "the driver create them 0666 again (remove the NVreg_DeviceFileMode/NVreg_DeviceFileGID options from "
                "/etc/modprobe.d, rebuild the initramfs, reboot); on SELinux hosts run `sudo setsebool -P "
                "container_use_devices 1`."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver version"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/657", "https://github.com/NVIDIA/nvidia-container-toolkit/issues/210",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/33", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1547-cli-nvml-insufficient-permissions.txt",
                  "containers/gpuoperator-443-cli-real-nvml-insufficient-permissions-sles.txt"),
    ),
    Signature(
        code="containers.operator-toolkit-validation-no-nvidia-smi",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The GPU Operator's validator (validator/main.go) runs nvidia-smi in its toolkit-validation init container under
        # the nvidia runtime class; Go's exec error there means the runtime injected no driver files: the containerd
        # (or Docker) configuration the toolkit daemonset wrote is not the one the runtime reads (k3s, RKE2, microk8s
        # and kubespray keep it elsewhere), the runtime was not restarted, or a race on /run/nvidia/driver at install.
        patterns=(r"error validating toolkit installation: exec: \\?\"nvidia-smi\\?\": executable file not found",),
        severity="fail",
        cause="The GPU Operator's toolkit validation ran without the NVIDIA runtime injecting the driver's files into its "
              "container, so nvidia-smi was not there: the runtime configuration the toolkit wrote is not in effect.",
        advice=("Delete the validator pod so it retries (`kubectl delete pod -n gpu-operator -l "
                "app=nvidia-operator-validator`); if it fails again, point the toolkit at the containerd your "
                "distribution runs (k3s/RKE2: set the toolkit's CONTAINERD_CONFIG to "
                "/var/lib/rancher/k3s/agent/etc/containerd/config.toml.tmpl and CONTAINERD_SOCKET to "
                "/run/k3s/containerd/containerd.sock; microk8s: its own paths), check the nvidia runtime appears in "
                "`containerd config dump`, and restart containerd. Do not install a driver into the containers."),
        action="configure",
        rules_out=("the GPU", "the host driver"),
        never_suggest=("install the driver inside the container", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/265", "https://github.com/NVIDIA/gpu-operator/issues/226",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html"),
        checked="2026-11-26",
        examples=("containers/gpuoperator-265-toolkit-validation-nvidia-smi-not-found.txt",),
    ),
    Signature(
        code="containers.docker-cdi-feature-off",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # dockerd 25 and later turn `--device nvidia.com/gpu=...` (a fully qualified CDI name) into a device request for
        # the "cdi" driver, which the daemon registers only when its CDI feature is on (default off before Docker 28):
        # without it the request finds no driver. Not containers.no-gpu-device-driver's "[[gpu]]" request (--gpus).
        patterns=(r"could not select device driver \"cdi\" with capabilities: \[\]",),
        severity="fail",
        cause="Docker was asked for a CDI device (--device nvidia.com/gpu=...) while its CDI feature is off, so the "
              "daemon has no \"cdi\" device driver to inject the GPU with.",
        advice=("Turn on Docker's CDI support: add `\"features\": {\"cdi\": true}` to /etc/docker/daemon.json (or run "
                "`sudo nvidia-ctk runtime configure --runtime=docker --cdi.enabled`), `sudo systemctl restart docker`, "
                "and generate the spec with `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`; or request the "
                "GPUs the classic way with `--gpus all` through the nvidia runtime."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/434",
                 "https://docs.docker.com/reference/cli/dockerd/#enable-cdi-devices",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("containers/nvctk-434-docker-cdi-select-device-driver-cdi.txt",),
    ),
)
