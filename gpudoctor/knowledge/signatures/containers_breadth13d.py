"""Failures of the GPU containers people with one or two consumer GPUs run (media servers' FFmpeg, GPU-sharing
schedulers), found by breadth sampling of their trackers (rows of the containers area, joined into
containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.ffmpeg-cannot-load-libcuda",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # FFmpeg's dynamic loader (compat/cuda/dynlink_loader.h via nv-codec-headers) prints "Cannot load libcuda.so.1"
        # when dlopen finds no driver library, and hwcontext_cuda.c then "Could not dynamically load CUDA" for
        # -hwaccel cuda / -init_hw_device cuda. Jellyfin, Plex, Emby, Frigate, Tdarr and HandBrake containers print
        # them when the container got no GPU through the NVIDIA Container Toolkit (no --gpus, no --runtime=nvidia
        # in Unraid's or TrueNAS' extra parameters), so the host's libcuda was never mounted in.
        patterns=(r"Cannot load libcuda\.so(?:\.1)?(?![\w.])", r"Could not dynamically load CUDA"),
        severity="fail",
        cause="FFmpeg could not load libcuda.so.1, the NVIDIA driver's CUDA library: in a container it was started "
              "without the GPU through the NVIDIA Container Toolkit, so the host's driver libraries were never "
              "mounted in; on a host the driver's CUDA library is not installed or not on the loader's path.",
        advice=("Run `nvidia-smi` inside the container. If it is missing, recreate the container with the GPU: "
                "`docker run --gpus all` (or `--runtime=nvidia` in Unraid's or TrueNAS' extra parameters, or a compose "
                "`deploy.resources.reservations.devices` entry with `driver: nvidia` and `capabilities: [gpu]`) and "
                "`NVIDIA_VISIBLE_DEVICES=all` with `NVIDIA_DRIVER_CAPABILITIES=all` (or `compute,video,utility`). On a "
                "host without containers, install the driver's CUDA library for the installed driver (Ubuntu "
                "`sudo apt install libnvidia-compute-XXX`) and check `ldconfig -p | grep libcuda.so.1`."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("reinstall the driver", "rebuild ffmpeg"),
        sources=("https://github.com/jellyfin/jellyfin/issues/7036", "https://github.com/HaveAGitGat/Tdarr/issues/679",
                 "https://github.com/blakeblackshear/frigate/issues/8603",
                 "https://jellyfin.org/docs/general/administration/hardware-acceleration/nvidia/"),
        checked="2026-11-26",
        examples=("containers/jellyfin-7036-ffmpeg-cannot-load-libcuda.txt",),
    ),
    Signature(
        code="containers.kubelet-gpu-devices-unhealthy",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # The kubelet's device manager (pkg/kubelet/cm/devicemanager/manager.go) rejects a GPU pod at admission
        # (UnexpectedAdmissionError) with "no healthy devices present; cannot allocate unhealthy devices <resource>"
        # when the device plugin reports every GPU of that resource unhealthy (an Xid its health check watches, a
        # GPU fallen off the bus, or the plugin restarting after a node reboot), and with "device plugin
        # GetPreferredAllocation rpc failed" when the plugin's preferred allocation errors, which k8s-device-plugin
        # 0.18 does for the whole node once one GPU has fallen off the bus ("unable to get device link information").
        # Such pods are not retried.
        patterns=(r"cannot allocate unhealthy devices (?P<resource>nvidia\.com/[\w.-]{1,40})",
                  r"unable to get device link information"),
        severity="fail",
        cause="The kubelet refused the GPU pod at admission because the NVIDIA device plugin reports the node's GPUs "
              "unhealthy or cannot allocate them: usually a GPU hit a critical Xid or fell off the bus, or the "
              "plugin was still restarting after the node rebooted.",
        advice=("Check the GPUs on that node: `nvidia-smi` and `sudo dmesg | grep -i xid`, and the nvidia-device-plugin "
                "pod's log for XidCriticalError or 'unhealthy'. A GPU that fell off the bus (Xid 79) or shows a "
                "hardware Xid needs the node drained (`kubectl drain NODE --ignore-daemonsets`) and rebooted, or the "
                "card reseated or replaced; if the GPUs are fine (the node had just rebooted), restart the device "
                "plugin pod. Then delete the rejected pods: the kubelet does not retry an UnexpectedAdmissionError."),
        action="reseat-or-inspect-hardware",
        rules_out=("the container runtime configuration",),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/2038",
                 "https://github.com/NVIDIA/k8s-device-plugin/pull/2039",
                 "https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/cm/devicemanager/manager.go"),
        checked="2026-11-26",
        examples=("containers/k8sdp-2038-preferred-allocation-gpu-fell-off-bus.txt",),
    ),
    Signature(
        code="containers.device-plugin-shared-request-over-one",
        cause_id="k8s-shared-gpu-request-too-large",
        kinds=("any",),
        # k8s-device-plugin's Allocate (internal/rm/rm.go) refuses a container that asks for several replicas of a
        # GPU shared by time-slicing (when failRequestsGreaterThanOne is true) or by MPS (always, until the option
        # was honored for MPS too); the kubelet shows it as an UnexpectedAdmissionError ending "which is unexpected".
        patterns=(r"maximum request size for shared resources is 1; found (?P<count>\d{1,5})",
                  # the plugin's README (and the releases it describes) before "; found N": the resource and count first
                  r"request for '[\w./-]{1,63}: (?P<count>\d{1,5})' too large: maximum request size for shared resources"),
        severity="fail",
        cause="The container asks for {count} replicas of a GPU the NVIDIA device plugin shares by time-slicing or "
              "MPS, and the plugin allows only one shared replica per container (failRequestsGreaterThanOne), so the "
              "pod was refused at admission.",
        advice=("Request `nvidia.com/gpu: 1` in the container's resources.limits: a replica is a share of one GPU, and "
                "several replicas give no more of it. A workload that needs whole or several GPUs should run on GPUs "
                "left out of sharing (a node label selecting a config without `sharing`, or `renameByDefault: true` so "
                "the shared replicas are nvidia.com/gpu.shared and whole GPUs stay nvidia.com/gpu). With time-slicing, "
                "`failRequestsGreaterThanOne: false` in the plugin's config lets the request through, but it still "
                "gets no more compute."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container runtime configuration"),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/929",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/1208",
                 "https://github.com/NVIDIA/k8s-device-plugin/pull/1762",
                 "https://github.com/NVIDIA/k8s-device-plugin/pull/574",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html"),
        checked="2026-11-26",
        examples=("containers/k8sdp-929-mps-shared-request-greater-than-one.txt",
                  "containers/k8sdp-1208-shared-resources-max-one.txt"),
    ),
    Signature(
        code="containers.cdi-stale-driver-library",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # A CDI spec (/etc/cdi/nvidia.yaml) lists the driver's libraries by their full versioned names; after a driver
        # or EGL/Wayland library update the files it names are gone and the OCI runtime cannot bind-mount them: crun
        # says "cannot stat `PATH`" (older crun "error stat'ing file PATH"), runc "error mounting PATH to rootfs".
        # Device nodes are containers.cdi-stale-device-node's and /dev/nvidia-uvm containers.uvm-device-missing's;
        # these patterns read only shared libraries.
        patterns=(r"cannot stat `(?P<path>/[\w/.+-]{0,120}?(?:nvidia|libcuda)[\w.+-]{0,60}?\.so[\d.]{0,20})`: No such file",
                  r"error stat'ing file (?P<path>/[\w/.+-]{0,120}?(?:nvidia|libcuda)[\w.+-]{0,60}?\.so[\d.]{0,20}): No such "
                  r"file",
                  r"error mounting \\?\"(?P<path>/[\w/.+-]{0,120}?(?:nvidia|libcuda)[\w.+-]{0,60}?\.so[\d.]{1,20})\\?\" to "
                  r"rootfs[^\n]{0,300}no such file or directory",
                  # runc 1.2 and later: "error during container init: failed to fulfil mount request: open PATH: no
                  # such file or directory" (a versioned library only: a socket or device node is another cause).
                  r"failed to fulfil mount request: open (?P<path>/[\w/.+-]{0,120}?(?:nvidia|libcuda)[\w.+-]{0,60}?\.so\.[\d.]{1,20}): "
                  r"no such file or directory"),
        severity="fail",
        cause="The container's CDI spec names the NVIDIA library {path}, which no longer exists on the host: the spec "
              "was generated before the driver (or its EGL/Wayland libraries) was updated, so the runtime cannot mount "
              "it and the container does not start.",
        advice=("Regenerate the CDI spec for the installed driver: `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml` (remove older specs in /etc/cdi and /var/run/cdi), check `nvidia-ctk cdi "
                "list`, and start the container again. Do it after every driver update, or enable the toolkit's "
                "`nvidia-cdi-refresh` service (toolkit 1.18+) so the spec follows driver updates."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "downgrade the driver"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/450",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/692",
                 "https://github.com/Igalia/webkit-container-sdk/issues/23",
                 "https://github.com/podman-container-tools/podman/issues/23935", "https://github.com/NVIDIA/nvidia-settings/issues/124",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("containers/ctk-450-crun-cannot-stat-libegl-after-driver-update.txt",
                  "containers/ctk-692-podman-egl-wayland-stale-cdi-spec.txt",
                  "containers/webkitsdk-23-crun-stat-libegl-stale-cdi-spec.txt",
                  "containers/nvidiasettings-124-fulfil-mount-request-gtk3-stale-cdi.txt"),
    ),
)
