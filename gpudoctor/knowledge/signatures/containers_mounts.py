"""What the container toolkit cannot mount into a container because of the container's own mounts (rows of the
containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.refinements_platforms import UNKNOWN_ERROR

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cli-persistenced-socket-host-run",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # libnvidia-container (nvc_mount.c) bind-mounts nvidia-persistenced's socket at <rootfs>/run/nvidia-persistenced/
        # socket and first creates that file; ENXIO ("no such device or address") means a socket is already there:
        # the host's own, because the container binds the host's /run or /var/run (Docker socket sharing, a kubelet
        # or vGPU server container), or the hook already ran once for this container (ctr --gpus with the nvidia
        # runtime). Docker, containerd and enroot/pyxis print the same CLI line.
        patterns=(r"file creation failed: [^\n]{0,300}/run/nvidia-persistenced/socket: no such device or address",),
        severity="fail",
        cause="The NVIDIA container hook could not mount nvidia-persistenced's socket into the container: the "
              "container's /run already holds the host's socket, because the host's /run or /var/run (or the socket "
              "itself) is bind-mounted into it, or the hook ran twice for the same container.",
        advice=("Do not bind-mount the host's whole /run or /var/run into a GPU container: mount only what it needs "
                "(`-v /var/run/docker.sock:/var/run/docker.sock`, or a directory of its own such as /run/myapp), and "
                "drop any `-v /run/nvidia-persistenced/socket:...`; the toolkit mounts that socket itself. With "
                "containerd's `ctr`, do not pass `--gpus` when the nvidia runtime already injects the GPUs."),
        action="configure",
        rules_out=("the NVIDIA driver", "nvidia-persistenced"),
        never_suggest=("reinstall the driver", "disable persistence mode"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1690", "https://github.com/NVIDIA/nvidia-docker/issues/885",
                 "https://github.com/NVIDIA/nvidia-container-runtime/issues/49",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/107"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1690-persistenced-socket-var-run-bind.txt",
                  "containers/nvidiadocker-885-persistenced-socket-host-run-bind.txt"),
    ),
    Signature(
        code="containers.system-container-host-uvm-missing",
        cause_id="uvm-missing",
        kinds=("any",),
        # cuda.unknown-error's lines (and Ollama's "driver library init failure: 999"), in a text that shows an LXC/LXD
        # container, a Proxmox CT or distrobox (gpudoctor/knowledge/contexts.py): CUDA loads nvidia_uvm and creates
        # /dev/nvidia-uvm through the setuid nvidia-modprobe, which cannot act on the host from such a container, so
        # after the host boots nothing creates the node until a CUDA program runs on the host itself.
        patterns=(*UNKNOWN_ERROR, r"\bdriver library init failure[:;] 999\b"),
        # Apptainer/Singularity runs CUDA with no_new_privs, so the setuid nvidia-modprobe cannot act there either.
        contexts=("system-container", "apptainer"),
        refines=("cuda.unknown-error", "ollama.cuda-init-unknown-error"),
        severity="fail",
        cause="CUDA in a system container (LXC/LXD, a Proxmox CT, distrobox) or an Apptainer/Singularity container failed "
              "with an unknown error: the host has "
              "not created /dev/nvidia-uvm (nvidia_uvm is loaded only when a CUDA program first runs on the host, "
              "which after a reboot has not happened), and the container cannot create it itself.",
        advice=("On the host, not in the container: `sudo modprobe nvidia-uvm` loads the module and `sudo "
                "nvidia-modprobe -u -c=0` creates /dev/nvidia-uvm and /dev/nvidia-uvm-tools; make both happen at every "
                "boot before the containers start (nvidia-uvm in /etc/modules-load.d/nvidia.conf and a systemd oneshot "
                "unit with `ExecStart=/usr/bin/nvidia-modprobe -u -c=0`, on Proxmox ordered before "
                "pve-guests.service); then restart the container, whose config must bind /dev/nvidia-uvm and "
                "/dev/nvidia-uvm-tools (lxc.mount.entry; Apptainer's --nv binds them once they exist)."),
        action="reload-driver",
        rules_out=("the container image", "the GPU"),
        never_suggest=("reinstall the driver", "install the driver in the container"),
        sources=("https://github.com/canonical/lxd/issues/5618", "https://github.com/89luca89/distrobox/issues/804",
                 "https://github.com/games-on-whales/wolf/pull/361", "https://github.com/apptainer/singularity/issues/1441"),
        checked="2026-11-26",
        examples=("containers/lxd-5618-cuda-returned-30-nvidia-uvm.txt",),
    ),
)
