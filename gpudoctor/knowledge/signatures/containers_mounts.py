"""What the container toolkit cannot mount into a container because of the container's own mounts (rows of the
containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

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
)
