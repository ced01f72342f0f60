"""The container engine itself: how Docker was installed decides whether it uses the NVIDIA Container Toolkit at all,
and LXD/Incus select a GPU for a gpu device by their own rules (rows of the containers area, joined into
containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DOCKER_SNAP_NVIDIA = "https://github.com/canonical/docker-snap/blob/main/README.md#nvidia-support"
LXD_GPU_SELECTION = "https://github.com/canonical/lxd/blob/main/lxd/device/gpu.go"
LXD_GPU_DOCS = "https://documentation.ubuntu.com/lxd/en/latest/reference/devices_gpu/"
APPTAINER_GPU_BINDS = "https://github.com/apptainer/apptainer/blob/main/internal/pkg/runtime/launch/launcher_linux.go"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.docker-snap-engine",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # Canonical's docker snap runs its own dockerd with its own daemon.json under /var/snap/docker/ and bundles its
        # own toolkit (a docker.nvidia-container-toolkit service that writes a CDI spec and an nvidia runtime, in
        # current revisions): a toolkit installed from apt and `nvidia-ctk runtime configure` (which writes
        # /etc/docker/daemon.json) never reach it. The evidence: snap's install line, snap commands on docker, the
        # snap's paths and service names. Anywhere in the paste it names the cause of dockerd's GPU refusals.
        patterns=(r"docker [\d.]{1,20} from Canonical",
                  r"snap (?:install|list|info|services|refresh|remove|logs)(?: --purge)? docker\b",
                  r"/snap/bin/docker\b", r"/var/snap/docker/", r"docker\.dockerd\b", r"docker\.nvidia-container-toolkit"),
        severity="warn",
        cause="Docker here is Canonical's snap package, which runs its own daemon with its own configuration under "
              "/var/snap/docker/ and its own copy of the NVIDIA Container Toolkit: a toolkit installed from apt and "
              "`nvidia-ctk runtime configure` (which writes /etc/docker/daemon.json) never reach it.",
        advice=("Either keep the snap and use its own NVIDIA support: refresh it (`sudo snap refresh docker`), start GPU "
                "containers with `--runtime nvidia --gpus all`, and read `snap logs -n 100 docker.nvidia-container-toolkit` "
                "if the nvidia runtime is still missing (the snap's CDI spec put nvidia-smi under "
                "/var/lib/snapd/hostfs/usr/bin, off the container's PATH, until a 2025 revision: run it by that path or "
                "refresh the snap); or remove the snap (`sudo snap remove --purge docker`), install "
                "Docker Engine from Docker's apt repository, then `sudo nvidia-ctk runtime configure --runtime=docker` "
                "and `sudo systemctl restart docker`."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        refines=("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia"),
        refines_within=None,
        sources=("https://github.com/canonical/docker-snap/issues/180", "https://github.com/canonical/docker-snap/pull/271",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1311",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/522", DOCKER_SNAP_NVIDIA),
        checked="2026-11-26",
        examples=("containers/dockersnap-180-unknown-runtime-nvidia-snap.txt",),
    ),
    Signature(
        code="containers.lxd-gpu-device-unmatched",
        cause_id="lxd-gpu-device-unmatched",
        kinds=("any",),
        # LXD's lxd/device/gpu_physical.go (and gpu_mig/gpu_mdev/gpu_sriov) when no card LXD's resources API lists
        # passes the device's selection (gpu.go gpuSelected: vendorid, productid, pci, and id as the DRM card number,
        # which an NVIDIA card without nvidia_drm loaded does not have); Incus and older LXD say "Failed to detect ..."
        # (internal/server/device/gpu_*.go in Incus).
        patterns=(r"Failed (?:to detect|detecting) requested GPU device",),
        severity="fail",
        cause="LXD/Incus found no GPU on the host that matches the gpu device's selection (id, pci, vendorid/productid): "
              "the id or address names no card LXD sees, `id` is not a DRM card number (not nvidia-smi's index, and an "
              "NVIDIA card without nvidia_drm loaded has none), or the host's driver is not loaded, so the device and "
              "the instance do not start.",
        advice=("List the GPUs as LXD sees them with `lxc info --resources` (`incus info --resources` on Incus): each "
                "card's PCI address, vendor/product id and DRM id. Select an existing card by its address, `lxc config "
                "device set <instance> <device> pci=<address>` (or remove `id=`, which is the DRM card number, not "
                "nvidia-smi's index), then start the instance again; if the NVIDIA card is not listed at all, fix the "
                "host's driver first (`nvidia-smi` on the host)."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/canonical/lxd/issues/17461", LXD_GPU_SELECTION, LXD_GPU_DOCS),
        checked="2026-11-26",
        examples=("containers/lxd-17461-failed-detect-gpu-id.txt",),
    ),
    Signature(
        code="containers.apptainer-nv-writable",
        cause_id="apptainer-nv-writable",
        kinds=("any",),
        # Apptainer's launcher (addGPUBinds) warns so when --nv meets --writable: a writable sandbox or
        # image gets no overlay or underlay, so each host file is bound only where the image already has a mount
        # point ("Skipping mount /usr/bin/nvidia-smi [files]: ... doesn't exist in container"), and Singularity 3.x
        # leaves the driver's binaries out on purpose. Apptainer and Singularity 3.8+ say "nv files", 3.0-3.7 "NVIDIA
        # binaries". The no-driver answers in the same text (nvidia-smi not found, no CUDA device) follow from it.
        patterns=(r"(?:nv|NVIDIA) (?:files|binaries) may not be bound with --writable",),
        severity="fail",
        cause="The container was started with `--nv --writable`: without an overlay Apptainer/Singularity binds the "
              "host's NVIDIA files only onto mount points the image already has and leaves the driver's binaries "
              "out, so nvidia-smi (and driver files without a mount point) are missing although the host driver works.",
        advice=("Start it without `--writable`: keep changes in `--writable-tmpfs` (thrown away on exit) or in a "
                "persistent overlay (`apptainer overlay create --size 2048 overlay.img`, then `--overlay overlay.img`), "
                "with which --nv binds every driver file. If the sandbox itself must be written, create the mount "
                "points the warnings list once (`touch <sandbox>/usr/bin/nvidia-smi` and the others), or install the "
                "tools the container needs into it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the host"),
        never_suggest=("reinstall the driver",),
        refines=("kernel.nvidia-smi-missing", "cuda.no-device", "cuda.torch-no-gpus-visible",
                 "cuda.libcuda-so1-missing", "kernel.driver-not-loaded"),
        refines_within=None,
        sources=("https://github.com/apptainer/singularity/issues/2944", "https://github.com/apptainer/apptainer/issues/846",
                 "https://github.com/apptainer/apptainer/issues/3251",
                 "https://github.com/apptainer/singularity/issues/2088", APPTAINER_GPU_BINDS),
        checked="2026-11-26",
        examples=("containers/singularity-2944-nv-writable-binaries-not-bound.txt",),
    ),
    Signature(
        code="containers.lxc-nvidia-mount-hook-failed",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # LXC (src/lxc/conf.c, lxc_setup) when a mount hook exits non-zero while the container starts; with
        # LXD/Incus' nvidia.runtime=true or a Proxmox CT's NVIDIA hook that hook is LXC's hooks/nvidia, which runs
        # nvidia-container-cli; "run_buffer: Script exited with status 1" above it is the hook's exit. The hook's own
        # error line is in the instance log. LXD/Incus and Proxmox print the same words, with or without the
        # "conf.c:" prefix.
        patterns=(r"Failed to run mount hooks",),
        severity="fail",
        cause="A mount hook failed while LXC started the container, so it never ran: with nvidia.runtime (LXD/Incus) or a "
              "Proxmox CT's NVIDIA hook this is the NVIDIA hook, whose nvidia-container-cli could not set up the GPU.",
        advice=("Read the hook's own error in the instance log (`lxc info --show-log <name>`, `incus info --show-log "
                "<name>`; Proxmox: `lxc-start -n <id> -F -l DEBUG -o /tmp/lxc-<id>.log`) and fix what it names. "
                "The usual causes: a privileged container (security.privileged=true, a Proxmox CT with "
                "unprivileged: 0), which the NVIDIA hook setups do not support: use an unprivileged container; a host "
                "driver installed with the .run installer rather "
                "than the distribution's packages, whose libraries nvidia-container-cli cannot find: install the "
                "distribution's driver packages; or, right after a driver upgrade, a libnvidia-container older than the "
                "driver: update libnvidia-container-tools (on the LXD snap, `sudo snap refresh lxd`)."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Saberwolf64/Proxmox-Nvidia-LXC-/issues/1", "https://github.com/canonical/lxd/issues/6262",
                 "https://github.com/lxc/lxc/blob/main/src/lxc/conf.c", LXD_GPU_DOCS),
        checked="2026-11-26",
        examples=("containers/proxmoxnvidialxc-1-privileged-ct-mount-hooks.txt",
                  "containers/lxd-6262-nvidia-runtime-mount-hooks-runfile-driver.txt"),
    ),
)
