"""What the NVIDIA Container Toolkit's own configuration breaks: a setting in
/etc/nvidia-container-runtime/config.toml that points the CLI at what this host does not have (rows of the containers
area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DRIVER_CONTAINERS = "https://docs.nvidia.com/datacenter/cloud-native/driver-containers/latest/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cli-driver-root-missing",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # libnvidia-container chroots into its --root (config.toml's `root`, "/" unless set) to find the driver; a
        # driver container's root (/run/nvidia/driver) that no running driver container has filled fails there:
        # nvc.c's debug line "failed to change root directory", the driver service's "change root failed" (which the
        # CLI, or its Debian/Flatcar wrapper nvidia-container-cli.real, prints as the initialization error).
        patterns=(r"\bchange root failed: no such file or directory",
                  r"\bfailed to change root directory: No such file or directory"),
        refines=("containers.cli-driver-request-failed", "containers.cli-load-library-failed"),
        refines_within=None,
        severity="fail",
        cause="The NVIDIA container toolkit is set to take the driver from a driver container's root "
              "(`root = \"/run/nvidia/driver\"` in its config.toml, or the GPU Operator's toolkit), but that directory "
              "holds no driver: no driver container is running there, or the line was uncommented on a host whose "
              "driver is installed normally.",
        advice=("Check where the driver lives: `grep -n root /etc/nvidia-container-runtime/config.toml` and "
                "`ls /run/nvidia/driver`. If the driver is installed on the host (`nvidia-smi` works there), comment "
                "the line out again (`#root = \"/run/nvidia/driver\"`) and restart the engine (`sudo systemctl restart "
                "docker` or containerd); if a driver container (or the GPU Operator's driver daemonset) is meant to "
                "provide the driver, get it running first (its log: `docker logs` or `kubectl logs -n gpu-operator` "
                "of the nvidia-driver pod) so that /run/nvidia/driver holds its root filesystem, then start the GPU "
                "container again."),
        action="configure",
        rules_out=("the container image", "the GPU"),
        never_suggest=("reinstall Docker", "install the driver inside the container"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1246", "https://github.com/NVIDIA/nvidia-docker/issues/1090",
                 "https://github.com/NVIDIA/nvidia-docker/issues/683", DRIVER_CONTAINERS),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1246-uncommented-root-driver-error.txt",
                  "containers/nvidiadocker-1090-change-root-failed-driver-service.txt"),
    ),
)
