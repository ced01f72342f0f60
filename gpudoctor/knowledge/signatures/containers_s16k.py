"""Issue 25, sixteenth wave (s16k, written blind): container-toolkit rows read from the code that prints the message.

nvidia-ctk's CDI spec generation (`nvidia-ctk cdi generate`, and the runtime's own spec in cdi and auto modes) finds the
driver's user-space libraries by name under the driver root: pkg/nvcdi and internal/lookup/root/root.go locate
libcuda.so.<version> (or libcuda.so.*.* to learn the version, then every lib*.so.<version>) in the standard library
directories. Where the driver's libraries live elsewhere (Container-Optimized OS's /var/lib/nvidia/lib64, a snap, a
driver container's root) the lookup fails: "failed to locate libcuda.so.535.183.06: pattern libcuda.so.535.183.06 not
found", older releases "pattern libcuda.so.*.*.* not found", newer ones 'failed to locate "libcuda.so."' and "failed to
locate versioned driver libraries".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_ROOT_GO = ("https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/internal/lookup/root/root.go")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cdi-driver-libraries-not-found",
        cause_id="container-toolkit-error",
        kinds=("any",),
        patterns=(
            # not the "pattern libcuda.so.*.* not found" warning alone: the generator then retries with any suffix.
            r"failed to locate \"?libcuda\.so[\d.*]{0,24}\"?: pattern libcuda\.so\.(?:\d[\d.]{0,20}|\*\.\*\.\*) not found",
            r"failed to locate (?:versioned driver libraries|libraries for driver version [\d.]{1,20})",
        ),
        severity="fail",
        cause=("nvidia-ctk could not find the driver's libcuda.so under the driver root's library directories while "
               "building the CDI spec, so no spec (or a spec without the driver's libraries) is written: the driver's "
               "user-space libraries are installed outside the standard paths (Container-Optimized OS, a snap, a "
               "driver container's root), or they are missing altogether."),
        advice=("Find the directory that holds libcuda.so.<driver version> (`ldconfig -p | grep libcuda`, `find / -name "
                "'libcuda.so.*' 2>/dev/null`) and point the generator at it: `sudo nvidia-ctk cdi generate "
                "--library-search-path=<that directory> --output=/etc/cdi/nvidia.yaml` (with a driver container, "
                "--driver-root=/run/nvidia/driver instead); newer toolkit releases also search the ldcache. If no "
                "libcuda.so exists at all, the driver's user-space libraries are not installed on the host."),
        action="configure",
        rules_out=("the GPU itself",),
        never_suggest=("reinstall CUDA",),
        sources=(_ROOT_GO, "https://github.com/NVIDIA/nvidia-container-toolkit/issues/735",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/82"),
        checked="2026-11-27",
        examples=("containers/nvctk-735-cdi-generate-libcuda-not-found.txt",),
    ),
    Signature(
        code="containers.cli-modeset-node-missing",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # libnvidia-container lists /dev/nvidia-modeset for the display and graphics capabilities (NVIDIA_DRIVER_
        # CAPABILITIES=all includes them) and, before libnvidia-container PR 388, assumed the node exists: its mount
        # (src/nvc_mount.c) then fails on stat where nothing on the host created it (no --load-kmods, as enroot's hook).
        patterns=(r"mount error: stat failed: /dev/nvidia-modeset: [Nn]o such file or directory",),
        severity="fail",
        cause=("The container asks for the display or graphics driver capability (NVIDIA_DRIVER_CAPABILITIES=all "
               "includes them), so nvidia-container-cli mounts /dev/nvidia-modeset, and the host never created that "
               "device node (a headless server where nothing ran nvidia-modprobe -m, or a caller without --load-kmods "
               "such as enroot), so the container does not start."),
        advice=("Ask only for the capabilities the workload needs: NVIDIA_DRIVER_CAPABILITIES=compute,utility (add "
                "graphics or display only for rendering or X). Where display is needed, create the node on the host "
                "with `sudo nvidia-modprobe -m` (it loads nvidia-modeset and creates /dev/nvidia-modeset; run it at "
                "boot from a systemd unit or udev rule). libnvidia-container releases after PR 388 skip a missing "
                "modeset node."),
        action="configure",
        rules_out=("the GPU itself", "the container image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/libnvidia-container/pull/388", "https://github.com/NVIDIA/enroot/issues/15",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1453", "https://github.com/ssst0n3/fake-nvidia/issues/6"),
        checked="2026-11-27",
        examples=("containers/enroot-15-nvidia-modeset-stat-failed.txt",),
    ),
    Signature(
        code="containers.device-plugin-mps-incomplete",
        cause_id="k8s-mps-sharing-incomplete",
        kinds=("any",),
        # k8s-device-plugin with sharing.mps: cmd/nvidia-device-plugin/main.go refuses the flags without an MPS root
        # (and with mig-strategy mixed); internal/plugin/server.go waits for the MPS control daemon, whose health check
        # (cmd/mps-control-daemon/mps/daemon.go) pipes a command to nvidia-cuda-mps-control in that root's pipe directory.
        patterns=(r"using MPS requires --mps-root to be specified",
                  r"error waiting for MPS daemon: error checking MPS daemon health",
                  r"using --mig-strategy=mixed is not supported with MPS"),
        severity="fail",
        cause=("The device plugin is configured to share GPUs through MPS but is deployed without what MPS needs: the "
               "MPS root directory (--mps-root / MPS_ROOT), or the MPS control daemon that its helm chart runs on each "
               "node GPU Feature Discovery labels nvidia.com/mps.capable=true (a daemon started by hand on the host is "
               "not the one it checks), so the plugin does not start and the node advertises no GPUs."),
        advice=("Deploy the device plugin with its helm chart (nvdp/nvidia-device-plugin) and `--set gfd.enabled=true`: "
                "the chart sets MPS_ROOT=/run/nvidia/mps and runs the nvidia-device-plugin-mps-control-daemon "
                "DaemonSet; then check that the node carries nvidia.com/mps.capable=true (`kubectl get node NODE "
                "--show-labels`) and that the mps-control-daemon pod runs there (`kubectl -n NAMESPACE get pods -o "
                "wide`, its logs). A hand-written DaemonSet needs --mps-root and that control daemon beside it; MPS "
                "does not combine with mig-strategy mixed."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container runtime configuration"),
        never_suggest=("reinstall the driver", "nvidia-cuda-mps-control -d on the host"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/blob/main/cmd/nvidia-device-plugin/main.go",
                 "https://github.com/NVIDIA/k8s-device-plugin/blob/main/internal/plugin/server.go",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/1132",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/634",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/762",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/679",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/712"),
        checked="2026-11-27",
        examples=("containers/k8sdp-1132-mps-root-not-specified.txt",),
    ),
)
