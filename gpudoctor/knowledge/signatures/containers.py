"""Docker, Podman and Kubernetes: the NVIDIA container runtime, CDI and the device plugin."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.containers_breadth import SIGNATURES as BREADTH_ROWS
from gpudoctor.knowledge.signatures.containers_breadth13d import SIGNATURES as BREADTH13D_ROWS
from gpudoctor.knowledge.signatures.containers_build import SIGNATURES as BUILD_ROWS
from gpudoctor.knowledge.signatures.containers_cloud import SIGNATURES as CLOUD_ROWS
from gpudoctor.knowledge.signatures.containers_cluster import SIGNATURES as CLUSTER_ROWS
from gpudoctor.knowledge.signatures.containers_config import SIGNATURES as CONFIG_ROWS
from gpudoctor.knowledge.signatures.containers_desktop import SIGNATURES as DESKTOP_ROWS
from gpudoctor.knowledge.signatures.containers_engines import SIGNATURES as ENGINE_ROWS
from gpudoctor.knowledge.signatures.containers_enroot import SIGNATURES as ENROOT_ROWS
from gpudoctor.knowledge.signatures.containers_hosts import SIGNATURES as HOST_ROWS
from gpudoctor.knowledge.signatures.containers_images15 import SIGNATURES as IMAGE15_ROWS
from gpudoctor.knowledge.signatures.containers_a15f import SIGNATURES as A15F_ROWS
from gpudoctor.knowledge.signatures.containers_libraries import SIGNATURES as LIBRARY_ROWS
from gpudoctor.knowledge.signatures.containers_mounts import SIGNATURES as MOUNT_ROWS
from gpudoctor.knowledge.signatures.containers_operator_validation import SIGNATURES as OPERATOR_VALIDATION_ROWS
from gpudoctor.knowledge.signatures.containers_requests import SIGNATURES as REQUEST_ROWS
from gpudoctor.knowledge.signatures.containers_runtime import SIGNATURES as RUNTIME_ROWS
from gpudoctor.knowledge.signatures.containers_slurm_conf import SIGNATURES as SLURM_CONF_ROWS
from gpudoctor.knowledge.signatures.containers_toolkit import SIGNATURES as TOOLKIT_ROWS
from gpudoctor.knowledge.signatures.containers_toolkit_releases import SIGNATURES as TOOLKIT_RELEASE_ROWS
from gpudoctor.knowledge.signatures.kernel_modules import NVIDIA_DOCKER_NO_MODULE
from gpudoctor.knowledge.signatures.containers_p15f import P15F_SIGNATURES as P15F_ROWS
from gpudoctor.knowledge.signatures.containers_w20a import NAS_DRIVER_STEPS

SIGNATURES: tuple[Signature, ...] = ()

# -- Rows written from the training corpus (containers area) -----------------------------------------------
TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
TOOLKIT_TROUBLESHOOTING = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/troubleshooting.html"
_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")

SIGNATURES += (
    Signature(
        code="containers.unknown-runtime-nvidia",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # dockerd's words for --runtime=nvidia (or compose's `runtime: nvidia`) it has no entry for: "unknown or invalid runtime
        # name: nvidia" (Docker 23+), "Unknown runtime specified nvidia" (before), or retyped ("unknown runtime name nvidia").
        patterns=(r"[Uu]nknown (?:or invalid )?runtime (?:name|specified):? [\'\"]?nvidia\b",),
        severity="fail",
        cause="The Docker daemon has no runtime named nvidia registered.",
        advice=("Register the runtime with the daemon: install the NVIDIA Container Toolkit if `nvidia-ctk` is missing (`sudo apt "
                "install nvidia-container-toolkit`; on a Jetson it comes with JetPack's components: `sudo apt install "
                "nvidia-jetpack`), run `sudo nvidia-ctk runtime configure --runtime=docker` (it writes /etc/docker/daemon.json), "
                "then restart the daemon (`sudo systemctl restart docker`; it reads daemon.json only at start) and check that `docker info | grep -i runtimes` lists nvidia. "
                "Alternatively drop `--runtime=nvidia` (the nvidia-docker2 era's flag) and request GPUs with `docker run --gpus "
                "all` (Compose: a device reservation with `capabilities: [gpu]`), which needs no registered runtime." + NAS_DRIVER_STEPS),
        action="configure",
        rules_out=("the NVIDIA driver",), never_suggest=("reinstall the driver", "reinstall Docker"),
        sources=("https://github.com/sair-lab/AirSLAM/issues/113", "https://github.com/Leon-Sander/Local-Multimodal-AI-Chat/issues/31",
                 "https://github.com/NVIDIA/nvidia-docker/issues/951", "https://github.com/linuxserver/docker-plex/issues/279",
                 "https://github.com/Xilinx/Vitis-AI/pull/28", "https://github.com/Xilinx/Vitis-AI/issues/157", TOOLKIT_INSTALL),
        checked="2026-11-27",
        examples=("containers/airslam-113-unknown-runtime-ubuntu2004.txt", "containers/dockerplex-279-runtime-nvidia-use-gpus-all.txt",
                  "containers/vitisai-pr28-runtime-nvidia-docker-19.txt", "containers/vitisai-157-runtime-nvidia-unknown-runtime.txt",
                  "containers/localmultimodal-31-docker-info-runtimes-runc-only.txt", "containers/nvidiadocker-951-unknown-runtime-after-reboot.txt"),
    ),
    Signature(
        code="containers.no-gpu-device-driver",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # dockerd's words for --gpus (or a compose device reservation) when no NVIDIA hook or CDI is set up; Podman
        # and CDI-mode runtimes say the CDI spec is missing.
        # dockerd prints the capabilities as asked (compose `capabilities: [gpu, utility]` gives [[gpu utility]]); its
        # NVIDIA driver, registered only where the toolkit's hook is installed, accepts all of these.
        patterns=(r"could not select device driver \"(?P<driver>[^\"\n]{0,20})\" with capabilities: \[\[[a-z][a-z0-9 ]{0,80}\]\]",
                  r"could not select device driver with capabilities: \[\[[a-z][a-z0-9 ]{0,80}\]\]",  # as some reports show it (nvidia-docker#1642)
                  # Portainer's stack deploy and some UIs print it spaced: "with capabilities : [[gpu]]".
                  r"could not select device driver \"(?P<driver>[^\"\n]{0,20})\" with capabilities : \[\[[a-z][a-z0-9 ]{0,80}\]\]",
                  r"unresolvable CDI devices nvidia\.com/gpu",
                  # Docker 28 and later resolve --gpus through CDI first and say so when no vendor's spec or runtime exists (keyed
                  # on "CDI:": "discover" is in every Ollama start-up log).
                  r"GPU vendor from CDI: no known GPU vendor found"),
        severity="fail",
        cause="Docker has no NVIDIA container runtime or hook to satisfy a GPU request.",
        advice=("Install the NVIDIA Container Toolkit, register it with Docker (`sudo nvidia-ctk runtime configure "
                "--runtime=docker`) and restart the daemon (`sudo systemctl restart docker`); for Podman or CDI, "
                "generate the device spec (`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`); with Docker "
                "Desktop on Windows, use the WSL 2 back end with a current NVIDIA Windows driver (Docker Desktop for "
                "Linux, its own VM, has no GPU support: `docker context use default` for the host's Docker Engine). On "
                "a host without an NVIDIA GPU (a Mac, Intel or AMD graphics only) remove `--gpus` (or the compose GPU "
                "reservation) instead. Where `snap list docker` lists Docker, it is the snap, which ignores the "
                "toolkit from apt: `sudo snap refresh docker` and its `--runtime nvidia`, or remove the snap and "
                "install Docker Engine from Docker's apt repository." + NAS_DRIVER_STEPS),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/FoundationVision/ByteTrack/issues/302", "https://github.com/infiniflow/ragflow/issues/9573",
                 "https://github.com/ShaneIsrael/fireshare/issues/689", "https://github.com/NVIDIA/nvidia-docker/issues/1311",
                 TOOLKIT_INSTALL),
        checked="2026-11-25",
        examples=("containers/bytetrack-302-could-not-select-device-driver.txt",
                  "containers/ragflow-9573-compose-device-driver-nvidia.txt",
                  "containers/fireshare-689-no-known-gpu-vendor-cdi-intel.txt",
                  "containers/nvidiadocker-1311-snap-docker-device-driver.txt"),
    ),
    Signature(
        code="containers.cli-driver-not-loaded",
        cause_id="driver-not-loaded",
        kinds=_CONTAINER_TEXT,
        patterns=(r"nvml error: driver not loaded",
                  # dockerd (daemon/oci_linux.go) for --device or a compose devices: entry naming a GPU node the host
                  # lacks: the driver is not loaded, or nothing has created its nodes since boot
                  r"error gathering device information while adding custom device \\?\"(?P<node>/dev/nvidia(?:\d{1,2}|ctl))"
                  r"\\?\": no such file or directory"),
        severity="fail",
        cause="No NVIDIA kernel driver is loaded on the host (or it has not created its /dev/nvidia* nodes), so the "
              "container cannot get the GPU.",
        advice=("Get the host driver working first: `nvidia-smi` must list the GPUs on the host (running it also creates "
                "the /dev/nvidia* nodes a --device or compose devices: entry names); load the module (`sudo modprobe "
                "nvidia`) or install the driver for the running kernel, then start the container, preferably with "
                "`--gpus all` instead of listing device nodes. On a node with no NVIDIA GPU (a CPU worker of Ray or "
                "Kubernetes) nothing is broken: take the NVIDIA runtime off it (\"default-runtime\": \"nvidia\" in "
                "/etc/docker/daemon.json, containerd's default_runtime_name) and restart the daemon, drop --gpus, or "
                "set NVIDIA_VISIBLE_DEVICES=void."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/cedricxie/apollo_perception_ros/issues/20", TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("containers/apolloperception-20-nvml-driver-not-loaded.txt",),
    ),
    Signature(
        code="containers.cli-load-library-failed",
        refines=("kernel.driver-not-loaded",), refines_within=None,
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # libnvidia-container before 1.1 also loaded the driver's CUDA library (libcuda.so.1) at this step. (The first
        # pattern stays as written: wsl.container-nvml-library-missing reads it in WSL.)
        patterns=(r"load library failed: libnvidia-ml\.so\.1: cannot open shared object file",
                  r"load library failed: libcuda\.so\.1: cannot open shared object file"),
        severity="fail",
        cause="nvidia-container-cli could not load the driver's libraries (libnvidia-ml.so.1, or libcuda.so.1 for "
              "releases before 1.1) from the host.",
        advice=("Check that the host driver works (`nvidia-smi` on the host) and that `ldconfig -p | grep libnvidia-ml` "
                "lists the library. Where it does not (a driver upgrade or a power loss left the driver's user-space "
                "libraries half installed), reinstall the branch's library package (`sudo apt install --reinstall "
                "libnvidia-compute-<branch> nvidia-utils-<branch>`), run `sudo ldconfig`, then reconfigure the NVIDIA "
                "Container Toolkit (`sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart "
                "docker`). A Docker installed as a snap cannot see the library, and `root = \"/run/nvidia/driver\"` in "
                "/etc/nvidia-container-runtime/config.toml (the GPU Operator's driver container) must be `/` for a "
                "host driver. If the host is fine, the image carries NVIDIA driver files of its own that clash with "
                "the ones the runtime injects: remove them from the image. On macOS no fix exists: Docker Desktop's Linux "
                "VM has no NVIDIA GPU, so run the image's CPU variant there (without --gpus) or use a Linux host."),
        action="configure",
        never_suggest=("reinstall the host driver", "update the driver"),
        sources=("https://github.com/ameli/manylinux-cuda/issues/5", TOOLKIT_TROUBLESHOOTING,
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/154",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1711"),
        checked="2026-11-25",
        examples=("containers/manylinuxcuda-5-driver-baked-into-image.txt",),
    ),
    Signature(
        code="containers.nvml-unknown-error",
        cause_id="container-lost-gpus",
        kinds=("any",),
        # Inside a running container after systemd re-applied its cgroup (systemctl daemon-reload, unit changes)
        # with the systemd cgroup driver: the device rules for /dev/nvidia* are lost. The Go binding's name for the same
        # NVML return (go-nvml: the device plugin's, GPU feature discovery's, dcgm-exporter's pod logs) is ERROR_UNKNOWN.
        patterns=(r"Failed to initialize NVML: Unknown Error", r"Failed to initialize NVML: ERROR_UNKNOWN"),
        severity="fail",
        cause="The container lost access to the GPU device files, most often after systemd re-applied its cgroup (e.g. "
              "systemctl daemon-reload) while the host still sees the GPUs; every new container failing so right after "
              "a driver update points at the driver instead (the 555.42 beta did this, ollama#4563).",
        advice=("Restart the container (`docker restart NAME`, or stop and start it; recreate it with `docker compose up "
                "-d --force-recreate`) to get the GPUs back: a new start re-applies the GPU device rules. To prevent "
                "it, create the /dev/char links (`sudo nvidia-ctk system create-dev-char-symlinks --create-all`, as NVIDIA's troubleshooting guide "
                "describes), pass the /dev/nvidia* device nodes explicitly, or run Docker with the cgroupfs cgroup "
                "driver. If every new container fails so since a driver update, go back to the previous driver branch "
                "(or to a fixed release of the new one) and update the NVIDIA Container Toolkit."),
        action="restart-application",
        rules_out=(),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/1227",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1671", "https://github.com/Project-HAMi/HAMi/issues/452",
                 TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("containers/nct-1227-nvml-unknown-daemon-reload-a10.txt",
                  "containers/nvidiadocker-1671-nvml-unknown-after-daemon-reload.txt"),
    ),
    Signature(
        code="containers.cli-mount-proc-failed",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        patterns=(r"mount error: mount operation failed:[^\n]{0,400}/proc/driver/nvidia",),
        severity="fail",
        cause="nvidia-container-cli could not mount the driver's /proc/driver/nvidia entries into the container.",
        advice=("The loaded driver and its /proc entries do not match what the toolkit expects, typically after a "
                "driver update without a reboot: reboot the host, then retry; if it persists, update the NVIDIA "
                "Container Toolkit."),
        action="reboot",
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1068",),
        checked="2026-11-25",
        examples=("containers/nvidiadocker-1068-mount-error-registry-reboot.txt",),
    ),
    Signature(
        code="containers.unsatisfied-cuda-requirement",
        cause_id="cuda-driver-too-old",
        kinds=_CONTAINER_TEXT,
        # The image's NVIDIA_REQUIRE_CUDA, checked by nvidia-container-cli against the host driver.
        patterns=(r"unsatisfied condition: (?P<requirement>(?:cuda|driver)\s?>=\s?\d+(?:\.\d+)?)",
                  # nvidia-docker 1.0 (utils.go) compared the driver's CUDA with the image's label itself; its "driver
                  # 0.0" is a driver it could not query, not an old one, and is left out.
                  r"unsupported CUDA version: driver (?!0\.0 )(?P<driver>\d{1,2}\.\d{1,2}) < image "
                  r"(?P<requirement>\d{1,2}\.\d{1,2}(?:\.\d{1,4})?)",
                  # nvidia-docker 1.0's betas (cudaSupported, 2016) wrote the image's CUDA first and no words:
                  # "unsupported CUDA version: 7.5 < 6.5" (image 7.5, driver 6.5).
                  r"unsupported CUDA version: (?P<requirement>\d{1,2}\.\d{1,2}(?:\.\d{1,4})?) < "
                  r"(?!0\.0\b)(?P<driver>\d{1,2}\.\d{1,2})\b"),
        severity="fail",
        cause="The image's CUDA requirement ({requirement}) is newer than the host driver supports.",
        advice=("Upgrade the host to a newer driver that supports the image's CUDA (`nvidia-smi` shows its newest; 12.4 needs "
                "550, 12.8 570), or an older tag built for the host's CUDA, not `latest` (nvidia/cuda:12.2.2-base on 535)."),
        action="configure",
        rules_out=("the container toolkit",),
        never_suggest=("reinstall Docker",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/536", "https://github.com/SyneRBI/PETRIC2/issues/27",
                 "https://github.com/Xilinx/Vitis-AI/issues/103", "https://github.com/nodefluxio/vortex/issues/106",
                 "https://github.com/NVIDIA/nvidia-docker/issues/207", "https://github.com/h2oai/h2o4gpu/issues/298",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-25",
        examples=("containers/nvidiadocker-536-unsatisfied-cuda-9-nvcc-installed.txt",
                  "containers/petric2-27-unsatisfied-cuda-12-8-driver-551.txt",
                  "containers/vitisai-103-unsatisfied-cuda-10.txt",
                  "containers/vortex-106-docker-build-unsatisfied-cuda-10-2.txt",
                  "containers/nvidiadocker-207-unsupported-cuda-driver-7-image-8.txt",
                  "containers/h2o4gpu-298-unsupported-cuda-driver-8-image-9.txt"),
    ),
    Signature(
        code="containers.device-plugin-no-nvml",
        cause_id="k8s-no-gpu-resource",  # its pod has no NVIDIA runtime (TAXONOMY.md); no nvidia.com/gpu follows
        kinds=("kubectl", "docker", "journal", "other"),
        # The NVIDIA device plugin's (and GPU feature discovery's) log when NVML cannot start in its pod.
        patterns=(r"If this is a GPU node, did you set the docker default runtime to .nvidia.\?",
                  # go-nvml's error as the plugin (1.x: "Loading NVML" then this; 0.15+: "Detected non-NVML platform: ...")
                  # and GPU feature discovery print it when the pod has no libnvidia-ml.
                  r"\bcould not load NVML library\b",
                  # 0.16 and later: the plugin manager's NVML init, failing for the same reason; every release's
                  # factory first logs "Failed to initialize NVML: <go-nvml's return>." (0.9-0.13: log.Printf).
                  r"(?:[Nn]vml init failed|Failed to initialize NVML): ERROR_LIBRARY_NOT_FOUND"),
        severity="fail",
        cause="The device plugin's pod got no NVIDIA driver libraries, so the node advertises no nvidia.com/gpu.",
        # Kubernetes never passes --gpus: the plugin's pod gets the driver only from the node's default runtime
        # (or a RuntimeClass), so the advice names the setting itself, as the plugin's own hint does.
        advice=("Make nvidia the node's default container runtime (Docker: `sudo nvidia-ctk runtime configure "
                "--runtime=docker --set-as-default`, which writes \"default-runtime\": \"nvidia\" into "
                "/etc/docker/daemon.json; containerd: `--runtime=containerd --set-as-default`, which sets "
                "default_runtime_name = \"nvidia\", or a RuntimeClass nvidia and `runtimeClassName: nvidia` in the "
                "plugin's DaemonSet, Helm `--set runtimeClassName=nvidia`; k3s and RKE2 register the nvidia runtime but "
                "keep runc the default: k3s `--default-runtime=nvidia`), restart the runtime (`sudo systemctl restart "
                "docker` or containerd) and the plugin pod; `kubectl describe node` then shows nvidia.com/gpu. Where the plugin "
                "runs with deviceListStrategy volume-mounts, the runtime ignores its NVIDIA_VISIBLE_DEVICES unless it is "
                "privileged: give its container SYS_ADMIN (securityContext: {capabilities: {add: [SYS_ADMIN]}}, which the "
                "chart adds itself unless your values set a securityContext of their own) and restart it."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/303", "https://github.com/NVIDIA/k8s-device-plugin/issues/11",
                 "https://github.com/NVIDIA/k8s-device-plugin#prerequisites", "https://github.com/NVIDIA/k8s-device-plugin/issues/856"),
        checked="2026-11-28",
        examples=("containers/k8sdp-303-kubectl-logs-could-not-load-nvml.txt",
                  "containers/k8sdp-11-plugin-could-not-load-nvml-library.txt",
                  "containers/k8sdp-1805-nvml-init-failed-library-not-found.txt", "containers/k8s-device-plugin-856-nvml-library-not-found-needs-sys-admin.txt"),
    ),
    Signature(
        code="containers.nvidia-docker-uvm",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # nvidia-docker 1.x, when `nvidia-modprobe -u` fails: almost always no NVIDIA driver for this kernel.
        patterns=(r"Could not load UVM kernel module",),
        severity="fail",
        cause="nvidia-docker could not load the nvidia_uvm module, because the NVIDIA driver is not installed or "
              "loaded for the running kernel.",
        advice=("Check `nvidia-smi` on the host; install the NVIDIA driver for the running kernel until its module "
                "loads, then `sudo modprobe nvidia_uvm` (or `sudo nvidia-modprobe -u -c=0`) and start the container "
                "again."),
        **NVIDIA_DOCKER_NO_MODULE,
    ),
    Signature(
        code="containers.docker-info-no-nvidia-runtime",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # `docker info`: the runtimes dockerd loaded; nvidia is listed once daemon.json names it and dockerd restarted.
        patterns=(r"Runtimes: (?:io\.containerd\.runc\.v2 )?runc$",),
        severity="info",
        cause="The Docker daemon has no nvidia runtime loaded, so `--runtime=nvidia` and compose's `runtime: nvidia` "
              "fail (`--gpus` still works where the toolkit's hook is installed).",
        advice=("If daemon.json already names the nvidia runtime, the daemon was not restarted since: "
                "`sudo systemctl restart docker`; otherwise register it first with "
                "`sudo nvidia-ctk runtime configure --runtime=docker`, then restart docker."),
        action="configure",
        never_suggest=("reinstall Docker", "reinstall the driver"),
        sources=("https://github.com/Leon-Sander/Local-Multimodal-AI-Chat/issues/31", TOOLKIT_INSTALL),
        checked="2026-11-25",
        examples=("containers/localmultimodal-31-docker-info-runtimes-runc-only.txt",),
    ),
)

# -- The NVIDIA hook and nvidia-container-cli failing while a container starts -----------------------------------
SIGNATURES += (
    Signature(
        code="containers.ldconfig-path-wrong",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # libnvidia-container runs the host's ldconfig named in /etc/nvidia-container-runtime/config.toml
        # (`ldconfig = "@/sbin/ldconfig.real"` on Ubuntu, "@/sbin/ldconfig" elsewhere); a path this host lacks fails.
        patterns=(r"ldcache error: open failed: (?P<path>/[\w./-]{1,80}): no such file or directory",
                  r"ldcache error: process (?P<path>/[\w./-]{1,80}) failed with error code: 127\b"),
        severity="fail",
        cause="The NVIDIA container runtime is set to run {path}, which does not exist on this host, so the hook fails "
              "before the container starts.",
        advice=("Point the toolkit at this distribution's ldconfig: in /etc/nvidia-container-runtime/config.toml set "
                "the `ldconfig` line to the path that exists, with its @ (`ldconfig = \"@/sbin/ldconfig\"` on Debian, "
                "Fedora and Arch, `\"@/sbin/ldconfig.real\"` on Ubuntu), then start the container again; a toolkit "
                "package built for another distribution is the usual reason."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/hekmak/Conf-net/issues/5", "https://github.com/NVIDIA/nvidia-docker/issues/587",
                 TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-25",
        examples=("containers/confnet-5-ldcache-ldconfig-real-missing.txt", "containers/nvidiadocker-587-ldconfig-path-fix.txt"),
    ),
    Signature(
        code="containers.cgroup-v2-unsupported",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # libnvidia-container before 1.8.0 only knew cgroup v1's devices controller; hosts on the unified (v2)
        # hierarchy have none. Its cgroup detection's other refusals on such hosts (nvcgo, 1.8.0 and the releases
        # around it): no v1 mount, a version it could not tell ("cgroupv0"), a hybrid entry it could not parse.
        patterns=(r"container error: cgroup subsystem devices not found",
                  r"container error: failed to get device cgroup (?:mount|root) path: (?:no cgroup v1 mount found|"
                  r"unable to create cgroupv0 interface|malformed cgroup entry)"),
        severity="fail",
        cause="The host uses cgroup v2 (or a hybrid layout), and the installed NVIDIA Container Toolkit cannot set up "
              "GPU devices there: releases before 1.8 look only for cgroup v1's devices controller, and 1.8.0's own "
              "detection of the cgroup version fails on some hosts.",
        advice=("Update the NVIDIA Container Toolkit and libnvidia-container to the latest release from NVIDIA's "
                "repository (cgroup v2 is supported from 1.8; the failures of 1.8.0's own detection are fixed in the "
                "releases after it) and restart the container runtime; only as a stopgap, boot with "
                "`systemd.unified_cgroup_hierarchy=0` to go back to cgroup v1."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1486", "https://github.com/NVIDIA/nvidia-docker/issues/1447",
                 "https://github.com/NVIDIA/libnvidia-container/issues/111",
                 "https://github.com/NVIDIA/libnvidia-container/issues/158"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1486-cgroup-devices-not-found-arch.txt",
                  "containers/libnvidiacontainer-158-cgroupv0-interface-invalid-version.txt"),
    ),
    Signature(
        code="containers.driver-rpc-timeout",
        cause_id="persistence-or-clock-state",
        kinds=_CONTAINER_TEXT,
        # nvidia-container-cli waits a fixed time for the driver; GPUs that are not kept initialised (no persistence
        # mode, no nvidia-persistenced) can take longer than that to come up, above all many GPUs at once.
        patterns=(r"nvidia-container-cli: initialization error: driver (?:rpc )?error: timed out",),
        severity="fail",
        cause="nvidia-container-cli timed out waiting for the driver to initialise the GPUs, which happens when the "
              "driver is not kept loaded between uses (persistence mode off).",
        advice=("Keep the driver initialised: enable and start the persistence daemon "
                "(`sudo systemctl enable --now nvidia-persistenced`) or turn on persistence mode "
                "(`sudo nvidia-smi -pm 1`), then start the container again."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall the driver", "reinstall Docker"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/202",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1133",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-25",
        examples=("containers/nct-202-driver-rpc-timed-out-persistence.txt",),
    ),
    Signature(
        code="containers.runtime-hook-missing",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # The hook binary of the old nvidia-container-runtime packages (end of life): Docker or the runtime still
        # names it, and it is gone.
        patterns=(r"exec: \\?\"nvidia-container-runtime-hook\\?\": executable file not found",
                  # The runtime binary itself, when daemon.json names it and the package is gone.
                  r"exec: \\?\"nvidia-container-runtime\\?\": executable file not found",
                  r"stat /usr/bin/nvidia-container-runtime-hook: no such file or directory",
                  # containerd's shim starting the runtime by the absolute path daemon.json gives.
                  r"fork/exec (?P<path>/[\w/.-]{0,60}nvidia-container-runtime(?:-hook)?): no such file or directory"),
        severity="fail",
        cause="Docker is set to call nvidia-container-runtime or its hook, which is not installed: the NVIDIA "
              "container packages are missing, half removed or of the old, retired kind.",
        advice=("Install the current NVIDIA Container Toolkit from NVIDIA's repository (package nvidia-container-toolkit; "
                "remove old nvidia-docker2 and nvidia-container-runtime packages), register it with "
                "`sudo nvidia-ctk runtime configure --runtime=docker` and restart docker. Removed them on purpose? Delete "
                "the nvidia \"runtimes\" entry and \"default-runtime\" from /etc/docker/daemon.json (and --add-runtime "
                "in docker.service.d drop-ins), then `sudo systemctl daemon-reload && sudo systemctl restart docker`."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1337", "https://github.com/NVIDIA/nvidia-docker/issues/958",
                 "https://github.com/NVIDIA/nvidia-docker/issues/686", TOOLKIT_INSTALL),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1337-runtime-hook-not-in-path.txt",
                  "containers/nvidiadocker-686-fork-exec-runtime-uninstalled.txt"),
    ),
    Signature(
        code="containers.image-driver-not-detected",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The banner of NVIDIA's CUDA and NGC images when no driver was mounted into the container. Under WSL 2 some
        # NGC releases printed it although the GPU worked.
        patterns=(r"WARNING: The NVIDIA Driver was not detected\.\s{1,4}GPU functionality will not be available",),
        # With no driver mounted, the CUDA runtime finds no libcuda and reports error 35, "CUDA driver version is
        # insufficient": the banner names the cause, so it takes that reading's place anywhere in the paste.
        refines=("cuda.driver-insufficient", "cuda.ctranslate2-driver-too-old",),
        refines_within=None,
        severity="warn",
        cause="The container started without the host's NVIDIA driver mounted in, so it has no GPU: it was run "
              "without a GPU request, or the host has no NVIDIA container runtime.",
        advice=("Start the container with a GPU request: `docker run --gpus all ...` (compose: a device reservation "
                "with driver nvidia and capabilities [gpu]; Kubernetes: a nvidia.com/gpu limit), with the NVIDIA "
                "Container Toolkit installed on the host and `nvidia-smi` working there. Under WSL 2, check "
                "`nvidia-smi` inside the container first: some images print this although the GPU works."),
        action="configure",
        rules_out=("the image",),
        never_suggest=("reinstall the driver", "update the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1071",
                 "https://github.com/prs-eth/PanopticSegForLargeScalePointCloud/issues/20",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1548", TOOLKIT_INSTALL),
        checked="2026-11-25",
        examples=("containers/panopticseg-20-driver-not-detected-docker-run.txt",
                  "containers/nvidiadocker-1071-driver-not-detected-gpus-all.txt"),
    ),
)

# -- Kubernetes nodes: the runtime the kubelet asks for, and the device plugin that advertises GPUs -------------
DEVICE_PLUGIN = "https://github.com/NVIDIA/k8s-device-plugin#prerequisites"

SIGNATURES += (
    Signature(
        code="containers.containerd-no-nvidia-runtime",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # kubelet's event when a pod's RuntimeClass (handler nvidia) names a runtime containerd's CRI config lacks.
        patterns=(r"no runtime for \\?\"nvidia\\?\" is configured",),
        severity="fail",
        cause="Pods ask for the nvidia runtime (RuntimeClass handler nvidia), and containerd on the node has no runtime "
              "of that name in the configuration it loaded.",
        advice=("Register the NVIDIA runtime in the containerd configuration the node really uses "
                "(`sudo nvidia-ctk runtime configure --runtime=containerd`, or the GPU Operator's toolkit with "
                "CONTAINERD_CONFIG pointed at k3s', RKE2's or the distribution's own file) and restart containerd; "
                "`containerd config dump | grep nvidia` must then show it."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/730", "https://github.com/NVIDIA/gpu-operator/issues/413",
                 TOOLKIT_INSTALL),
        checked="2026-11-25",
        examples=("containers/gpuoperator-730-no-runtime-nvidia-configured.txt",),
    ),
    Signature(
        code="containers.device-plugin-no-devices",
        cause_id="k8s-no-gpu-resource",  # as containers.device-plugin-no-nvml: the pod has no NVIDIA runtime
        kinds=("any",),
        # The device plugin (v0.15 and later) when its pod sees neither NVML nor device nodes: it then waits forever
        # and the node advertises no nvidia.com/gpu.
        patterns=(r"Incompatible strategy detected auto", r"If this is a GPU node, did you configure the NVIDIA Container "
                  r"Toolkit\?", r"No devices found\. Waiting indefinitely"),
        severity="fail",
        cause="The NVIDIA device plugin's pod found no GPU (no NVML, no device nodes): it does not run with the NVIDIA "
              "container runtime, so the node advertises no nvidia.com/gpu.",
        advice=("Give the plugin's pod the NVIDIA runtime: make it the node's default runtime "
                "(`sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default`, or --runtime=crio, then "
                "restart the runtime; k3s and RKE2 register the nvidia runtime but keep runc the default: k3s "
                "`--default-runtime=nvidia`), or create a RuntimeClass nvidia and deploy the plugin with "
                "`runtimeClassName: nvidia` (Helm `--set runtimeClassName=nvidia`), and the GPU pods too; restart the "
                "plugin pod and check `kubectl describe node` for nvidia.com/gpu. Where the runtime already is nvidia "
                "in CDI mode and `nvidia-ctk cdi list` shows no device (`nvidia-ctk cdi generate` failed or never ran), "
                "the pods get the libraries but no /dev/nvidia*: regenerate the spec (`sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml`) or set the runtime to legacy mode (`sudo nvidia-ctk config --in-place "
                "--set nvidia-container-runtime.mode=legacy`), then restart containerd and the plugin pod."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/1220",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/652", "https://github.com/k3s-io/k3s/issues/10034",
                 DEVICE_PLUGIN),
        checked="2026-11-25",
        examples=("containers/k8sdp-1220-incompatible-strategy-auto.txt",),
    ),
    Signature(
        code="containers.podman-without-cdi",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # Podman before 4.1 knows no CDI device names and treats --device nvidia.com/gpu=... as a path.
        patterns=(r"Error: stat nvidia\.com/gpu=(?P<device>[\w,:-]{1,64}): no such file or directory",),
        severity="fail",
        cause="This Podman does not understand CDI device names (it needs 4.1 or newer), so --device nvidia.com/gpu="
              "{device} was taken for a file.",
        advice=("Install Podman 4.1 or newer (the distribution's backports or upstream packages; Ubuntu 22.04 ships "
                "3.4), keep the CDI spec generated (`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`), then "
                "run with `--device nvidia.com/gpu=all` again."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/podman-container-tools/podman/issues/24474",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/63",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-25",
        examples=("containers/podman-24474-stat-nvidia-com-gpu-old-podman.txt",),
    ),
    Signature(
        code="containers.cdi-device-unresolvable",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # Docker, Podman, containerd and nerdctl print this (the CDI library's words) when no CDI spec on the host
        # names the requested device: no spec generated, a stale one, or one without per-GPU (index/UUID) entries.
        patterns=(r"unresolvable CDI devices? (?P<device>[\w./-]{1,64}=[\w,.-]{1,80})",),
        severity="fail",
        cause="No CDI spec on this host names the device {device} that the container asked for, so the runtime could "
              "not inject the GPU.",
        advice=("Generate the CDI spec (`sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, again after "
                "driver updates; on Kubernetes the GPU operator's toolkit does), check `nvidia-ctk cdi list` shows the "
                "device, start the container again; if it works with sudo but not rootless, make the spec readable "
                "(`sudo chmod 644 /etc/cdi/nvidia.yaml`) or name its folder (podman `--cdi-spec-dir=/var/run/cdi`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/1239", "https://github.com/NVIDIA/nvidia-container-toolkit/issues/63",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-25",
        examples=("containers/ctk-1239-unresolvable-cdi-device-uuid.txt",),
    ),
    Signature(
        code="containers.cli-unknown-device",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # nvidia-container-cli matches each requested device (NVIDIA_VISIBLE_DEVICES, --gpus device=...) against the
        # indices and UUIDs NVML lists; a value that matches none is printed before "unknown device".
        patterns=(r"nvidia-container-cli(?:\.real)?: device error: (?P<device>[^:\n]{1,80}): unknown device",
                  # libnvidia-container before 1.3 put the value last: "device error: unknown device id: 0\r".
                  r"nvidia-container-cli(?:\.real)?: device error: unknown device id: (?P<device_id>[^\n]{1,80})"),
        # cuda.invalid-device-ordinal reads the first form too; on the CLI's line the container's request is the cause.
        refines=("cuda.invalid-device-ordinal",),
        severity="fail",
        cause="The container asked for a GPU that matches no index or UUID of this host's GPUs (an id the host does not "
              "have, or one carrying stray whitespace or control characters).",
        advice=("`--gpus N` asks for N GPUs: ask for no more than the host has (`--gpus all`, or the number "
                "`nvidia-smi -L` lists on the host). "
                "Make the container's request (`--gpus device=...`, NVIDIA_VISIBLE_DEVICES, or the device plugin's "
                "allocation) name an index or UUID that `nvidia-smi -L` lists on the host, with no stray whitespace or "
                "control characters (a trailing space or \\r from a script or scheduler: strip them, e.g. "
                "`tr -d '\\r '`), or `all` with the scheduler limiting the GPUs; then recreate the container."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/29",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/108", "https://github.com/ystia/yorc/issues/210",
                 "https://github.com/NVIDIA/enroot/issues/207"),
        checked="2026-11-26",
        examples=("containers/ctk-29-cli-unknown-device.txt", "containers/yorc-210-device-id-stray-cr.txt",
                  "containers/enroot-207-device-error-4-unknown-device.txt"),
    ),
    Signature(
        code="containers.runtime-handler-missing",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The kubelet asks the node's CRI runtime for the handler a RuntimeClass names: containerd says "no runtime
        # for ..." (containers.containerd-no-nvidia-runtime), CRI-O these two.
        patterns=(r"RuntimeHandler \"?(?P<handler>[\w.-]{1,40})\"? not supported",
                  r"failed to find runtime handler (?P<handler>[\w.-]{1,40}) from runtime list"),
        severity="fail",
        cause="The pod asks for the runtime handler '{handler}' (its runtimeClassName), which the node's container "
              "runtime does not have.",
        advice=("Remove `runtimeClassName: {handler}` from the pod where the node's runtime already injects GPUs (CRI-O "
                "with the NVIDIA hook, Docker with nvidia as default runtime), or register the handler: `sudo nvidia-ctk "
                "runtime configure --runtime=crio` (or containerd) and restart that runtime."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/sgl-project/sglang/issues/5515", "https://github.com/NVIDIA/gpu-operator/issues/1298"),
        checked="2026-11-25",
        examples=("containers/sglang-5515-runtimehandler-nvidia-not-supported.txt",),
    ),
)

SIGNATURES += RUNTIME_ROWS
SIGNATURES += TOOLKIT_ROWS
SIGNATURES += HOST_ROWS
SIGNATURES += ENROOT_ROWS
SIGNATURES += CLUSTER_ROWS
SIGNATURES += CLOUD_ROWS
SIGNATURES += BREADTH_ROWS
SIGNATURES += OPERATOR_VALIDATION_ROWS + TOOLKIT_RELEASE_ROWS + BUILD_ROWS + LIBRARY_ROWS + MOUNT_ROWS + SLURM_CONF_ROWS
SIGNATURES += CONFIG_ROWS + ENGINE_ROWS + DESKTOP_ROWS + BREADTH13D_ROWS + REQUEST_ROWS + IMAGE15_ROWS
SIGNATURES += A15F_ROWS + P15F_ROWS  # containers_a15f.py (nvidia-docker 1, RHEL entitlement), containers_p15f.py (words)
from gpudoctor.knowledge.signatures.containers_s16k import SIGNATURES as S16K_ROWS; SIGNATURES += S16K_ROWS  # noqa: E402,E702
