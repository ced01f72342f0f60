"""What the NVIDIA Container Toolkit's own configuration breaks: a setting in
/etc/nvidia-container-runtime/config.toml that points the CLI at what this host does not have (rows of the containers
area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DRIVER_CONTAINERS = "https://docs.nvidia.com/datacenter/cloud-native/driver-containers/latest/index.html"
TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"

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
    Signature(
        code="containers.cli-ldconfig-failed",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # libnvidia-container (nvc_ldcache.c) runs ldconfig in the container's root, inside its own seccomp sandbox,
        # to register the driver libraries it mounted: its "process X failed with error code: N" (127, a path that
        # does not exist, is containers.ldconfig-path-wrong's), "terminated with signal N" (31, SIGSYS: a syscall
        # the sandbox of an older release does not allow), and the debug log's "could not start X: ...".
        patterns=(r"ldcache error: process (?P<path>/[\w./-]{1,80}) failed with error code: (?!127\b)(?P<code>\d{1,3})\b",
                  r"ldcache error: process (?P<path>/[\w./-]{1,80}) terminated with signal (?P<signal>\d{1,2})\b",
                  r"could not start (?P<path>/[\w./-]{0,60}ldconfig[\w.]{0,6}): (?:process execution|mount operation) "
                  r"failed"),
        severity="fail",
        cause="nvidia-container-cli mounted the driver libraries but the ldconfig it runs to register them in the "
              "container ({path}) failed: its config.toml names an ldconfig that does not fit this host, or the "
              "libnvidia-container release is older than this distribution (its sandbox refuses what the newer glibc "
              "and ldconfig do).",
        advice=("Check the `ldconfig` line of /etc/nvidia-container-runtime/config.toml: it must name the host's "
                "ldconfig with its @ (`\"@/sbin/ldconfig\"` on Debian, Fedora and Arch, `\"@/sbin/ldconfig.real\"` on "
                "Ubuntu; without the @ the image's own ldconfig runs). If it does, upgrade the NVIDIA Container Toolkit "
                "packages (nvidia-container-toolkit, libnvidia-container1, libnvidia-container-tools) to the current "
                "release and restart Docker; if it still fails, set `debug = \"/var/log/nvidia-container-toolkit.log\"` "
                "under [nvidia-container-cli] and read ldconfig's own error there. The CDI path runs no such ldconfig: "
                "`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, then start the container with "
                "`--runtime nvidia -e NVIDIA_VISIBLE_DEVICES=nvidia.com/gpu=all` (compose: `runtime: nvidia` and that "
                "variable) instead of `--gpus` or a device reservation. On a Kubernetes node (containerd, k3s), where the runtime "
                "auto-detected mode 'legacy', move it to CDI the same way: `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml && sudo nvidia-ctk config --in-place --set "
                "nvidia-container-runtime.mode=cdi`, then restart containerd (or k3s) and the device plugin pod."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1399", "https://github.com/NVIDIA/nvidia-docker/issues/1424",
                 "https://github.com/NVIDIA/libnvidia-container/pull/124",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/59",
                 "https://github.com/immich-app/immich/issues/28184", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1399-debian-ldconfig-process-execution-failed.txt",
                  "containers/immich-28184-ldcache-ldconfig-code-1-unraid.txt"),
    ),
    Signature(
        code="containers.runtime-seccomp-clone3",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # runc's words when the seccomp profile (Docker 20.10.10+ lists clone3) names a syscall its libseccomp does not
        # know: the NVIDIA container runtime before toolkit 1.6 started containers through a runc of its own, and an
        # old runc/containerd.io on the host fails the same way for every container.
        patterns=(r"error adding seccomp filter rule for syscall clone3: permission",),
        severity="fail",
        cause="The runc that starts the container is older than the engine's seccomp profile (it does not know the "
              "clone3 syscall): with --runtime=nvidia that is the runc of an NVIDIA container runtime older than "
              "toolkit 1.6, otherwise the host's own runc or libseccomp.",
        advice=("If only containers started through the NVIDIA runtime fail (`--runtime=nvidia`, or nvidia as the "
                "default runtime), upgrade the NVIDIA Container Toolkit packages (nvidia-container-toolkit, "
                "nvidia-container-runtime) to 1.6.0 or newer, on Jetson to the 1.7.0 packages; if every container "
                "fails, upgrade runc/containerd.io and libseccomp (2.4.4 or newer) from the engine's repository. Then "
                "`sudo systemctl restart docker`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/libnvidia-container/issues/148",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/507",
                 "https://github.com/containerd/containerd/issues/6203", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/libnvidiacontainer-148-seccomp-clone3-jetson.txt",
                  "containers/ctk-507-seccomp-clone3-debian10.txt"),
    ),
)
