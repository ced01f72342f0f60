"""The container toolkit's and container engines' failures beyond the common ones: NVML errors the hook meets on the
host, and what a node managed by the GPU Operator lacks by design (rows of the containers area, joined into
containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_tools import NVIDIA_SMI_NOT_FOUND

TOOLKIT_TROUBLESHOOTING = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/troubleshooting.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cli-nvml-detection-error",
        cause_id="nvml-init-failed",
        kinds=("any",),
        # libnvidia-container's nvc_info.c asks the host's NVML for the driver and devices; "detection error: nvml
        # error: X" is NVML's own answer (unknown error, not found, function not found) passed through. The maintainers
        # read it as the host's driver installation (a broken or half-upgraded driver, a GPU in error, a legacy driver
        # whose NVML lacks what the toolkit calls), not the container.
        patterns=(r"nvidia-container-cli(?:\.real)?: (?:detection|initialization) error: nvml error: "
                  r"(?P<error>unknown error|not found|function not found)",),
        severity="fail",
        cause="The container toolkit's hook asked the host's NVIDIA driver (NVML) about the GPUs and got \"{error}\": the "
              "host's driver installation is broken, half-upgraded or too old for the toolkit, not the container.",
        advice=("Run `nvidia-smi` on the host: if it fails or shows ERR!, reinstall a current NVIDIA driver for this GPU "
                "(`sudo ubuntu-drivers install` or the distribution's driver package) and reboot; if it works, reboot "
                "once (a driver updated without a reboot) and start the container again. Drivers of the 340 legacy "
                "series lack NVML functions the toolkit needs."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall Docker", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1348", "https://github.com/NVIDIA/nvidia-docker/issues/1280",
                 "https://github.com/NVIDIA/nvidia-docker/issues/577", TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1348-cli-detection-nvml-unknown-driver.txt",),
    ),
    Signature(
        code="containers.operator-node-has-no-nvidia-smi",
        cause_id="none",
        kinds=("any",),
        # The GPU Operator's driver container installs the driver under /run/nvidia/driver on the node and loads the
        # module from there; the node's own PATH keeps no nvidia-smi, so a shell on the node says it is not installed
        # although the GPUs work for pods. The shells' words are kernel.nvidia-smi-missing's; this reads them there.
        patterns=NVIDIA_SMI_NOT_FOUND,
        contexts=("gpu-operator",),
        refines=("kernel.nvidia-smi-missing",),
        severity="info",
        cause="On a node whose driver the GPU Operator runs, nvidia-smi lives in the driver container's root "
              "(/run/nvidia/driver), not on the node's PATH; its absence there is expected.",
        advice=("Run it in the operator's driver root: `sudo chroot /run/nvidia/driver nvidia-smi`, or in the driver "
                "pod: `kubectl exec -n gpu-operator ds/nvidia-driver-daemonset -- nvidia-smi`. Do not install a "
                "driver on the node beside the operator's."),
        action="none",
        rules_out=("the GPUs", "the operator's driver"),
        never_suggest=("apt install nvidia", "nvidia-utils"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/178",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html"),
        checked="2026-11-26",
        examples=("containers/gpuoperator-178-host-nvidia-smi-driver-in-container.txt",),
    ),
    Signature(
        code="containers.enroot-hook-cli-missing",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # enroot's hooks.d/98-nvidia.sh (run for every container that asks for GPUs: pyxis under Slurm, enroot start)
        # calls nvidia-container-cli to inject the GPUs and stops with this when the node does not have it.
        patterns=(r"Command not found: nvidia-container-cli, see https://github\.com/NVIDIA/libnvidia-container",),
        severity="fail",
        cause="enroot's NVIDIA hook found no nvidia-container-cli on this node, so the container (pyxis under Slurm, "
              "enroot start) cannot be given its GPUs: the NVIDIA container library's tools are not installed here.",
        advice=("Install the NVIDIA container CLI on every GPU compute node from NVIDIA's repository (`sudo apt-get "
                "install -y libnvidia-container-tools`, or `sudo dnf install -y libnvidia-container-tools`; the NVIDIA "
                "Container Toolkit package brings it too), then start the job again; nodes without GPUs need none."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/pyxis/issues/110", "https://github.com/NVIDIA/pyxis/issues/101",
                 "https://github.com/NVIDIA/enroot/blob/master/doc/installation.md"),
        checked="2026-11-26",
        examples=("containers/pyxis-110-enroot-hook-no-nvidia-container-cli.txt",),
    ),
    Signature(
        code="containers.device-plugin-xid-unhealthy",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # k8s-device-plugin's health check (rm/health.go; nvidia.go in early releases): a critical Xid on a GPU marks it
        # unhealthy, the node's allocatable nvidia.com/gpu drops, and nothing marks it healthy again until the plugin
        # restarts. Both wordings of the plugin's line (its server's "device marked unhealthy" follows it).
        patterns=(r"XidCriticalError: Xid=(?P<xid>\d{1,3}) on Device=(?P<device>[\w-]{1,60})(?:, the device will go unhealthy|"
                  r"; marking device as unhealthy)",),
        severity="fail",
        cause="The NVIDIA device plugin took a GPU out of the node's allocatable nvidia.com/gpu after an Xid error on "
              "it, and keeps it out until the plugin restarts.",
        advice=("Look at the Xid on that node (`sudo dmesg | grep -i xid`): a hardware one (48, 63, 64, 74, 79, 94, 95) "
                "needs the GPU reset, the node drained or the card replaced. Once the GPU is fine, restart the device "
                "plugin pod on that node (`kubectl delete pod` of its nvidia-device-plugin pod) so it offers the GPU "
                "again; Xids a workload causes can be left out of the checks with DP_DISABLE_HEALTHCHECKS (e.g. "
                "`DP_DISABLE_HEALTHCHECKS=69`) in the plugin's environment."),
        action="configure",
        rules_out=("the container runtime configuration",),
        never_suggest=("reinstall the driver", "nvidia-ctk runtime configure"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/189",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/234",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/111",
                 "https://docs.nvidia.com/deploy/xid-errors/index.html"),
        checked="2026-11-26",
        examples=("containers/k8sdp-189-xid-69-device-marked-unhealthy.txt",),
    ),
    Signature(
        code="containers.requirement-driver-branch-unsatisfied",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # An image's NVIDIA_REQUIRE_CUDA ("cuda>=10.0 brand=tesla,driver>=384,driver<385 ...") is met by a driver of
        # that CUDA or by one of the Tesla driver branches it lists; when none is, nvidia-container-cli names the last
        # alternative it tried (brand = tesla, driver < N), not the CUDA version the driver lacks.
        patterns=(r"requirement error: unsatisfied condition: (?P<condition>brand = \w{1,20}|driver < ?\d{3}(?:\.\d{1,3})?)",),
        severity="fail",
        cause="The image requires a newer CUDA than the host's NVIDIA driver supports (it would accept only listed Tesla "
              "driver branches instead); the toolkit reports the last alternative it tried ({condition}).",
        advice=("Update the host's NVIDIA driver to one that supports the image's CUDA version (the `--require=cuda>=X` "
                "in the message; CUDA 10 needs 410 or newer, CUDA 12 needs 525 or newer), or use an image built for an "
                "older CUDA that this driver supports (e.g. nvidia/cuda:9.0-base)."),
        action="configure",
        rules_out=("the NVIDIA Container Toolkit's installation",),
        never_suggest=("reinstall Docker", "NVIDIA_DISABLE_REQUIRE"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/861", "https://github.com/NVIDIA/nvidia-docker/issues/899",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/index.html"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-861-brand-tesla-cuda10-geforce.txt",),
    ),
    Signature(
        code="containers.requirement-expression-invalid",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # libnvidia-container's requirement parser (nvc_container.c / the CLI's --require): the beta releases could not
        # parse the driver-branch alternatives CUDA 10 and later images carry in NVIDIA_REQUIRE_CUDA.
        patterns=(r"nvidia-container-cli: requirement error: invalid expression",),
        severity="fail",
        cause="The host's NVIDIA container library could not parse the image's driver requirement (NVIDIA_REQUIRE_CUDA): "
              "it is a release too old (a beta libnvidia-container) for the requirement syntax current images carry.",
        advice=("Update the NVIDIA container stack to the current release (`sudo apt-get install --only-upgrade "
                "nvidia-container-toolkit libnvidia-container1 libnvidia-container-tools`, or nvidia-docker2 on old "
                "setups; dnf on RHEL), restart Docker and start the container again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall Docker"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1044", "https://github.com/NVIDIA/libnvidia-container"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1044-invalid-expression-beta-cli.txt",),
    ),
    Signature(
        code="containers.dcgm-profiling-module-contended",
        cause_id="dcgm-profiling-contended",
        kinds=("any",),
        # DCGM_ST_PROFILING_LIBRARY_ERROR as dcgm-exporter ("Failed to watch metrics: Error watching fields: ..."),
        # dcgmi ("Error setting watches. Result: ...") and the Python bindings (DCGMError_ProfilingLibraryError) print
        # it: the profiling module could not take the GPU's performance counters, which one DCGM or profiler at a
        # time may hold.
        patterns=(r"The third-party Profiling module returned an unrecoverable error",),
        severity="fail",
        cause=("DCGM's profiling module could not take this GPU's performance counters: another DCGM host engine or "
               "profiler already holds them (a second dcgm-exporter beside the GPU Operator's, a cloud provider's "
               "managed DCGM, Nsight Systems or Compute), so the profiling (DCP) watches fail."),
        advice=("Run one DCGM per node: keep the GPU Operator's dcgm-exporter and remove the standalone one (or set "
                "`dcgmExporter.enabled=false` in the operator and keep yours), stop other profilers or pause DCGM's "
                "profiling for them (`dcgmi profile --pause`), and on a managed cluster (GKE) use its DCGM; without "
                "the DCP fields the exporter starts (`-f /etc/dcgm-exporter/default-counters.csv`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/dcgm-exporter/issues/126", "https://github.com/NVIDIA/gpu-operator/issues/195",
                 "https://github.com/NVIDIA/dcgm-exporter/issues/148",
                 "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/feature-overview.html"),
        checked="2026-11-26",
        examples=("containers/dcgmexporter-126-profiling-module-two-exporters.txt",),
    ),
    Signature(
        code="containers.cli-detection-driver-request-failed",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # libnvidia-container's driver RPC failing at the detection step (nvc_info) rather than at initialisation:
        # in the threads, a distribution's own build of the container library (Pop!_OS's and System76's ...pop1
        # packages, build revision 0000000...) paired with its driver packages; NVIDIA's build works with them.
        # Under WSL 2 the same words are wsl.container-driver-request-failed's.
        patterns=(r"nvidia-container-cli: detection error: driver error: failed to process request",),
        severity="fail",
        cause=("nvidia-container-cli's driver service failed while detecting the GPUs for the container although the "
               "host's driver works: most often a distribution's own build of the NVIDIA container library (Pop!_OS's "
               "and System76's packages) that does not work with its driver packages."),
        advice=("Check `nvidia-smi` on the host; if it works, install the NVIDIA Container Toolkit from NVIDIA's "
                "repository instead of the distribution's package (add NVIDIA's libnvidia-container repo and pin it "
                "above the distribution's, then `sudo apt install nvidia-container-toolkit`, `sudo nvidia-ctk runtime "
                "configure --runtime=docker` and restart Docker); if the driver was just updated, reboot first."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1114", "https://github.com/NVIDIA/nvidia-docker/issues/1131",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1149", "https://github.com/pop-os/nvidia-graphics-drivers/issues/31",
                 TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1114-detection-error-pop-toolkit-package.txt",),
    ),
    Signature(
        code="containers.podman-legacy-hook-failed",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # Podman (crun or runc) running the NVIDIA legacy prestart hook that the oci-nvidia-hook.json in hooks.d
        # names; the hook calls nvidia-container-cli, which fails or hangs on rootless user namespaces and cgroups or
        # on a GPU the driver has not kept initialised. The CDI hooks (nvidia-ctk, nvidia-cdi-hook) are
        # containers.cdi-hook-failed's.
        patterns=(r"error executing hook `(?P<hook>/[\w./-]{1,120}/(?:nvidia-container-runtime-hook|nvidia-container-toolkit|"
                  r"oci-nvidia-hook))` \(exit (?:code|status): \d{1,3}\)",),
        severity="fail",
        cause=("The NVIDIA legacy OCI hook ({hook}) that Podman runs before the container starts failed: it calls "
               "nvidia-container-cli, which fails or hangs under rootless user namespaces and cgroups, or on a GPU the "
               "driver has not kept initialised."),
        advice=("Use CDI with Podman instead of the legacy hook, NVIDIA's supported way since toolkit 1.12: `sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, remove the oci-nvidia-hook.json from the "
                "hooks.d directories, and run with `--device nvidia.com/gpu=all` (Podman 4.1+). If `nvidia-container-cli "
                "list` hangs, keep the driver initialised: `sudo nvidia-smi -pm 1` (or enable nvidia-persistenced)."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall podman", "reinstall the driver"),
        sources=("https://github.com/podman-container-tools/podman/issues/16094",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/17",
                 "https://github.com/NVIDIA/nvidia-container-runtime/issues/85",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("containers/podman-16094-rootless-legacy-hook-exit-1.txt",),
    ),
    Signature(
        code="containers.toolkit-cannot-signal-containerd",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # The container toolkit's installer (the GPU Operator's nvidia-container-toolkit daemonset, nvidia-ctk's
        # containerd restart) signals containerd through its socket after writing the runtime config; k3s, RKE2 and
        # MicroK8s keep the socket and config at their own paths, so the default mount finds no socket.
        patterns=(r"(?:Error signaling containerd|unable to (?:signal|restart) containerd)[^\n]{0,80}?dial unix (?P<socket>/[\w./-]{1,120}): "
                  r"connect: (?:no such file or directory|connection refused)",),
        severity="fail",
        cause=("The NVIDIA container toolkit wrote its runtime configuration but could not reach containerd through "
               "{socket} to load it: this distribution (k3s, RKE2, MicroK8s) keeps containerd's socket and config at "
               "its own paths, so the GPU runtime is never enabled."),
        advice=("Point the toolkit at the distribution's containerd in the GPU Operator's ClusterPolicy or Helm values "
                "(toolkit.env): k3s and RKE2 `CONTAINERD_SOCKET=/run/k3s/containerd/containerd.sock` and CONTAINERD_CONFIG "
                "at its agent's containerd template (`/var/lib/rancher/k3s/agent/etc/containerd/config.toml.tmpl`, rke2 "
                "in place of k3s for RKE2); MicroK8s `/var/snap/microk8s/common/run/containerd.sock` with "
                "`/var/snap/microk8s/current/args/containerd-template.toml`; then let the toolkit pod restart."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/406", "https://github.com/NVIDIA/gpu-operator/issues/522",
                 "https://github.com/NVIDIA/gpu-operator/issues/238",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html"),
        checked="2026-11-26",
        examples=("containers/gpuoperator-406-rke2-toolkit-cannot-signal-containerd.txt",),
    ),
    Signature(
        code="containers.docker-desktop-context-on-linux",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # Docker Desktop for Linux installs a context (desktop-linux) whose engine runs in its own VM, without the
        # host's NVIDIA runtime or GPUs, and selects it; `docker context ls` marks the selected one with "*".
        patterns=(r"desktop-linux \*\s",  # the selected context; listed but unselected it is harmless
                  # `docker info`/`docker version`'s client context, and Docker Desktop for Linux's socket in an error
                  r"Context:\s{1,20}desktop-linux\b", r"/\.docker/desktop/docker\.sock\b",
                  # the user service Docker Desktop for Linux runs as (its docs' way to start it): no host engine (w39e)
                  r"systemctl --user (?:start|restart|enable(?: --now)?) docker-desktop\b"),
        # Docker Desktop's VM has no NVIDIA driver, so the hook, where one is set up there, cannot load libnvidia-ml.
        refines=("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia", "containers.cli-load-library-failed"),
        refines_within=None,
        severity="fail",
        cause=("The Docker CLI is talking to Docker Desktop's engine (context desktop-linux), which runs in its own "
               "VM on Linux without the host's NVIDIA runtime or GPUs, not to the host's Docker Engine where the "
               "NVIDIA Container Toolkit is configured."),
        advice=("Switch the CLI back to the host's engine: `docker context use default` (check with `docker context "
                "ls`; unset DOCKER_HOST/DOCKER_CONTEXT if they point at Docker Desktop), then run the GPU container "
                "again; Docker Desktop for Linux has no NVIDIA GPU support. Without a host engine, install Docker "
                "Engine (docker-ce, not Docker Desktop) with the NVIDIA Container Toolkit (`sudo nvidia-ctk runtime "
                "configure --runtime=docker`, then `sudo systemctl restart docker`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the NVIDIA Container Toolkit's installation"),
        never_suggest=("reinstall the driver", "reinstall the container toolkit"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/814",
                 "https://github.com/docker/desktop-linux/issues/213",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/175",
                 "https://docs.docker.com/desktop/setup/install/linux/#differences-between-docker-desktop-for-linux-and-docker-engine"),
        checked="2026-11-26",
        examples=("containers/nct-814-docker-desktop-context-no-gpu-driver.txt",
                  "containers/desktoplinux-213-debian-desktop-context-device-driver.txt"),
    ),
    Signature(
        code="containers.cli-not-in-path",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # containerd's own GPU support (ctr run --gpus, nerdctl run --gpus, and the runtime hooks before CDI) execs
        # nvidia-container-cli from PATH: Go's exec error when the NVIDIA Container Toolkit is not installed on this
        # host, or lives where the GPU Operator put it (/usr/local/nvidia/toolkit), outside PATH.
        # (the quotes escaped once more at each level of a runc error that wraps it)
        patterns=(r"exec: \\{0,7}\"nvidia-container-cli\\{0,7}\": executable file not found in \$PATH",),
        severity="fail",
        cause="The container runtime could not find nvidia-container-cli to set up the GPUs: the NVIDIA Container "
              "Toolkit is not installed on this host, or it was installed by the GPU Operator under "
              "/usr/local/nvidia/toolkit, which is not on PATH.",
        advice=("Check `which nvidia-container-cli` on the host. If the GPU Operator manages the node, point nerdctl/ctr "
                "at its runtime (`nerdctl run --runtime=/usr/local/nvidia/toolkit/nvidia-container-runtime --gpus all "
                "...`), or add /usr/local/nvidia/toolkit to PATH and /run/nvidia/driver/usr/lib/x86_64-linux-gnu to "
                "/etc/ld.so.conf.d/nvidia.conf, then `sudo ldconfig`; otherwise install the NVIDIA Container Toolkit "
                "(`sudo apt-get install -y nvidia-container-toolkit`, or dnf)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "install the driver inside the container"),
        sources=("https://github.com/containerd/nerdctl/issues/2716", "https://github.com/containerd/nerdctl/pull/2720",
                 "https://github.com/containerd/nerdctl/blob/main/docs/gpu.md"),
        checked="2026-11-26",
        examples=("containers/nerdctl-2716-gpus-cli-not-in-path-operator.txt",),
    ),
)
