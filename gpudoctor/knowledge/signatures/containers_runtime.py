"""Containers: the NVIDIA runtime where it meets cgroups, user namespaces, Jetson's CSV mode, the kubelet's
device manager and the GPU Operator's driver build (rows of the containers area, joined into
containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
TOOLKIT_CDI = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"
GPU_OPERATOR = "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/troubleshooting.html"
_CONTAINER_TEXT = ("docker", "kubectl", "build", "journal", "other")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cli-device-rules-denied",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # libnvidia-container's cgroup v2 path: it reads and replaces the container's BPF_CGROUP_DEVICE program to
        # allow /dev/nvidia*; inside LXC/Proxmox, rootless engines or hardened kernels that is not permitted. On
        # cgroup v1 it writes the devices controller's devices.allow instead, which a rootless engine may not open.
        patterns=(r"nvidia-container-cli: mount error: failed to add device rules: (?P<reason>[^\n:]{3,120})",
                  r"bpf_prog_query\(BPF_CGROUP_DEVICE\) failed: operation not permitted",
                  r"nvidia-container-cli(?:\.real)?: mount error: (?:open failed|write error): /sys/fs/cgroup/devices/"
                  r"[^\s:]{0,200}devices\.allow: (?P<reason>permission denied|operation not permitted)"),
        severity="fail",
        cause="nvidia-container-cli could not add the GPU devices to the container's device cgroup (cgroup v2's eBPF "
              "filter or cgroup v1's devices.allow), so the container could not be given the GPU.",
        advice=("Update the NVIDIA Container Toolkit (1.18 replaces the legacy device-rule editing) or use CDI: `sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`, then `--device nvidia.com/gpu=all`; where "
                "Docker itself runs inside an LXC/Proxmox container or rootless, set no-cgroups = true in "
                "/etc/nvidia-container-runtime/config.toml and pass the /dev/nvidia* devices to the container yourself."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/1200",
                 "https://github.com/NVIDIA/libnvidia-container/issues/154", "https://github.com/moby/moby/issues/38729",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1155", TOOLKIT_CDI),
        checked="2026-11-26",
        examples=("containers/nct-1200-bpf-prog-query-device-rules.txt",
                  "containers/moby-38729-rootless-devices-allow-denied.txt"),
    ),
    Signature(
        code="containers.cli-privilege-change-failed",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # nvidia-container-cli drops to the container's user and capabilities before it mounts; in a user namespace
        # (rootless Docker or Podman, large subuid ranges, LXC) the setgroups/setuid or capset call is refused.
        patterns=(r"nvidia-container-cli: initialization error: privilege change failed: (?P<reason>[\w ]{3,40})",
                  r"nvidia-container-cli: permission error: capability change failed: operation not permitted"),
        severity="fail",
        cause="nvidia-container-cli was not allowed to change its user or capabilities (a rootless engine, a user "
              "namespace or a confined container), so it could not set up the GPU.",
        advice=("Update the NVIDIA Container Toolkit and libnvidia-container to a current release (older releases fail "
                "in user namespaces with large subuid ranges); for rootless Docker or Podman keep no-cgroups = true in "
                "/etc/nvidia-container-runtime/config.toml, or use CDI devices (`nvidia-ctk cdi generate`, then "
                "`--device nvidia.com/gpu=all`), which need no privilege change."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/99", "https://github.com/NVIDIA/enroot/issues/88",
                 TOOLKIT_INSTALL + "#rootless-mode"),
        checked="2026-11-26",
        examples=("containers/nct-99-rootless-privilege-change-failed.txt",),
    ),
    Signature(
        code="containers.csv-mode-needs-runtime",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # nvidia-container-runtime-hook refuses the --gpus path (which calls the hook directly) whenever the runtime's
        # mode resolves to anything but legacy (cmd/nvidia-container-runtime-hook/hook_config.go, assertModeIsLegacy):
        # CSV mode on Jetson/Tegra, IGX and Thor ("Auto-detected mode as 'csv'"), and CDI mode where config.toml sets
        # mode = "cdi" (`nvidia-ctk config --set nvidia-container-runtime.mode=cdi`, some distributions' defaults),
        # printed just before as "Using requested mode 'cdi'". Both inject only through the runtime itself.
        # The line's end ("is not supported. Please use the NVIDIA Container Runtime ...") is often wrapped onto the
        # next line by a terminal or a CI log, so the pattern stops at the flag it names.
        patterns=(r"invoking the NVIDIA Container Runtime Hook directly \(e\.g\. specifying the docker --gpus flag\)",),
        severity="fail",
        cause="The NVIDIA container runtime is not in legacy mode (CSV mode on a Jetson/Tegra system, or CDI mode set "
              "in /etc/nvidia-container-runtime/config.toml), and in those modes it refuses GPUs asked for through "
              "docker --gpus: the container must be started by the NVIDIA runtime or with CDI devices.",
        advice=("Start the container with --runtime=nvidia instead of --gpus (or set \"default-runtime\": \"nvidia\" in "
                "/etc/docker/daemon.json and restart docker), as NVIDIA's Jetson containers are run. Where the line "
                "before says \"Using requested mode 'cdi'\", ask for the GPUs by CDI name instead (`docker run "
                "--device nvidia.com/gpu=all`, with Docker's CDI feature on and a spec from `sudo nvidia-ctk cdi "
                "generate --output=/etc/cdi/nvidia.yaml`), or put the runtime back in auto mode so --gpus works again: "
                "`sudo nvidia-ctk config --in-place --set nvidia-container-runtime.mode=auto`."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/dusty-nv/jetson-containers/issues/1702",
                 "https://github.com/dusty-nv/jetson-containers/pull/1390", "https://github.com/NVIDIA/dcgm-exporter/issues/101",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/cmd/nvidia-container-runtime-hook/hook_config.go",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked="2026-11-26",
        examples=("containers/jetsoncontainers-1702-csv-mode-gpus-flag.txt",),
    ),
    Signature(
        code="containers.kubelet-allocate-unavailable",
        cause_id="k8s-no-gpu-resource",
        kinds=_CONTAINER_TEXT,
        # The kubelet's device manager (pkg/kubelet/cm/devicemanager) at admission, when its own record of free
        # devices is short of the request: stale allocations, or the device plugin re-registered.
        patterns=(r"Allocate failed due to requested number of devices unavailable for (?P<resource>nvidia\.com/[\w.-]{2,40})\. "
                  r"Requested: ?(?P<requested>\d{1,4}), Available: ?(?P<available>\d{1,4})",),
        severity="fail",
        cause="The kubelet's device manager counted no free {resource} on the node when it admitted the pod "
              "(UnexpectedAdmissionError), though the scheduler placed it there: its record of allocated devices is "
              "stale.",
        advice=("Restart the kubelet on that node (`sudo systemctl restart kubelet`) to rebuild its device "
                "allocations, delete the failed pods, and check the device plugin pod's log and `kubectl describe node` "
                "(nvidia.com/gpu under Allocatable); avoid force-deleting GPU pods, which leaves allocations behind."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/kubernetes/kubernetes/issues/130145",
                 "https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/device-plugins/"),
        checked="2026-11-26",
        examples=("containers/kubernetes-130145-allocate-devices-unavailable.txt",),
    ),
    Signature(
        code="containers.operator-no-kernel-headers",
        cause_id="dkms-build-failed",
        kinds=_CONTAINER_TEXT,
        # The GPU Operator's driver container (nvidia-driver script, _resolve_kernel_version) looks up the headers
        # package of `uname -r` in the distribution's repositories and stops when there is none.
        patterns=(r"Could not resolve Linux kernel version",),
        severity="fail",
        cause="The GPU Operator's driver container found no kernel headers for the node's running kernel in its "
              "package repositories, so it cannot build the NVIDIA driver and the GPU pods that wait for it crash-loop.",
        advice=("Give the driver container the headers of the node's exact kernel: run a kernel for which the "
                "distribution publishes linux-headers/kernel-devel (check with `apt-cache show "
                "linux-headers-$(uname -r)` or `dnf list kernel-devel-$(uname -r)` on the node), use a precompiled "
                "driver image (driver.usePrecompiled=true), or install the driver on the host and deploy the operator "
                "with driver.enabled=false."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/85", "https://github.com/NVIDIA/gpu-operator/issues/457",
                 GPU_OPERATOR),
        checked="2026-11-26",
        examples=("containers/gpuoperator-85-could-not-resolve-kernel-version.txt",),
    ),
    Signature(
        code="containers.cdi-generate-no-nvml",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # nvidia-ctk cdi generate (and the nvidia-cdi-refresh service) in nvml mode: it loads libnvidia-ml.so.1 from
        # the driver root; a driver container, a non-standard library path or a driver not loaded yet stops it.
        patterns=(r"failed to generate CDI spec: [^\n]{0,200}failed to initialize NVML: (?P<error>ERROR_LIBRARY_NOT_FOUND|"
                  r"Driver Not Loaded|[A-Z_]{5,40})",),
        severity="fail",
        cause="nvidia-ctk could not start NVML ({error}), so it generated no CDI spec and containers asking for "
              "nvidia.com/gpu devices find none.",
        advice=("For ERROR_LIBRARY_NOT_FOUND point nvidia-ctk at the driver's libraries: `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml --driver-root=/run/nvidia/driver` with the GPU Operator's driver "
                "container, or `--library-search-path=DIR` where libnvidia-ml.so.1 lives; for Driver Not Loaded load "
                "the driver first (`nvidia-smi` must work), then generate the spec again."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NixOS/nixpkgs/issues/397065", "https://github.com/NVIDIA/nvidia-container-toolkit/issues/118",
                 TOOLKIT_CDI),
        checked="2026-11-26",
        examples=("containers/nixpkgs-397065-cdi-generate-nvml-library-not-found.txt",),
    ),
    Signature(
        code="containers.uvm-device-missing",
        cause_id="uvm-missing",
        kinds=_CONTAINER_TEXT,
        # dockerd (a container spec that lists /dev/nvidia-uvm*) and nvidia-container-cli, when the nvidia_uvm module
        # is not loaded and its device nodes not created: after a reboot, before anything has run CUDA on the host.
        patterns=(r"lstat /dev/nvidia-uvm(?P<tools>-tools)?: no such file or directory",
                  r"nvidia-container-cli: mount error: stat failed: /dev/nvidia-uvm(?P<tools>-tools)?: no such file",
                  # The CDI injector (podman, Docker's CDI mode) and crun for a spec or --device listing the same nodes:
                  # regenerating the spec does not create them (containers.cdi-stale-device-node reads other nodes).
                  r"failed to stat CDI host device \\?\"/dev/nvidia-uvm(?P<tools>-tools)?\\?\": no such file or directory",
                  r"cannot stat `/dev/nvidia-uvm(?P<tools>-tools)?`: No such file or directory",
                  # dockerd (daemon/oci_linux.go) for --device /dev/nvidia-uvm or a compose devices: entry
                  r"error gathering device information while adding custom device \\?\"/dev/nvidia-uvm(?P<tools>-tools)?\\?\": "
                  r"no such file or directory"),
        refines=("containers.cdi-stale-device-node",),
        severity="fail",
        cause="The container needs /dev/nvidia-uvm, which does not exist on the host: the nvidia_uvm module is not "
              "loaded (after a reboot nothing has loaded it yet).",
        advice=("Load nvidia_uvm and create its device nodes on the host, `sudo nvidia-modprobe -u -c=0` (or `sudo "
                "modprobe nvidia-uvm`), and make it happen at boot (a systemd unit or udev rule running nvidia-modprobe "
                "-u -c=0 before docker starts), then start the container again. If nvidia-smi fails on the host as well "
                "(often after a reboot into a kernel that unattended upgrades installed on a cloud VM), the driver has no "
                "module for this kernel: reinstall it for `uname -r` (DKMS with the kernel headers)."),
        action="reload-driver",
        rules_out=("the container image",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/288", "https://github.com/NVIDIA/nvidia-docker/issues/139",
                 "https://github.com/NVIDIA/enroot/issues/106"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-288-restart-after-reboot-no-uvm-tools.txt",),
    ),
    Signature(
        code="containers.ngc-driver-too-old",
        cause_id="cuda-driver-too-old",
        kinds=_CONTAINER_TEXT,
        # The NGC images' entrypoint banner (nvidia_entrypoint.sh): the host driver is older than the image's CUDA
        # needs and the forward-compatibility libraries cannot bridge it (GeForce, or a driver branch they do not
        # support), so cuInit fails with 804.
        patterns=(r"version (?P<have>\d{3}\.\d{1,3}(?:\.\d{1,3})?) was detected and compatibility mode is UNAVAILABLE",
                  # the banner's first line, whatever follows it (wrapped, or another release's ending)
                  r"This container was built for NVIDIA Driver Release (?P<need>\d{3}\.\d{1,3}) or later"),
        # The banner names the cause of what CUDA then says in the same container: "driver version is insufficient",
        # cuInit's "no CUDA-capable device" (804 read as no device), and the rows that read those as a container
        # started without GPUs.
        refines=("cuda.driver-insufficient",
                 "cuda.ctranslate2-driver-too-old", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.driver-not-loaded"),
        refines_within=None,
        severity="fail",
        cause="The container's CUDA needs a newer driver than the host's, and CUDA's forward-compatibility mode "
              "is not available here, so CUDA cannot start in the container.",
        advice=("Update the host driver to at least the release the banner names (`This container was built for "
                "NVIDIA Driver Release ... or later`), or use an older image tag built for the installed driver (the "
                "NGC support matrix lists each release's driver); forward compatibility only helps on datacenter GPUs "
                "with a supported driver branch."),
        action="configure",
        rules_out=("the NVIDIA Container Toolkit",),
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1479", "https://github.com/hiyouga/LlamaFactory/issues/5962",
                 "https://docs.nvidia.com/deploy/cuda-compatibility/index.html"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1479-ngc-compatibility-mode-unavailable.txt",),
    ),
    Signature(
        code="containers.docker-client-without-gpus",
        cause_id="container-no-gpu-runtime",
        kinds=_CONTAINER_TEXT,
        # The docker CLI parses --gpus (added in 19.03) before it talks to the daemon: an older client refuses it.
        # (not "unknown flag: --gpus all": the flag and its value passed as one argument, containers.gpus-flag-unparsed)
        patterns=(r"unknown flag: --gpus(?! (?!See\b)[\w\"'])",),
        severity="fail",
        cause="The docker client is older than 19.03 and does not know the --gpus flag (the daemon's version does not "
              "matter here).",
        advice=("Update the Docker client to 19.03 or newer (`docker version` shows Client and Server separately; on "
                "Debian and Ubuntu the package is docker-ce-cli, and an older docker.io or snap docker earlier on the "
                "PATH can shadow it); until then `docker run --runtime=nvidia` works where the nvidia runtime is "
                "registered."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1199", "https://github.com/NVIDIA/nvidia-docker/issues/1165",
                 "https://github.com/pytorch/serve/issues/627"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1199-unknown-flag-gpus-client-17-12.txt",),
    ),
    Signature(
        code="containers.cdi-hook-failed",
        cause_id="container-toolkit-error",
        kinds=_CONTAINER_TEXT,
        # A CDI spec (/etc/cdi or /var/run/cdi nvidia.yaml) runs nvidia-cdi-hook or nvidia-ctk hooks at createContainer:
        # a spec generated by another toolkit version, a package without the hook binary, or files the spec names
        # that a driver update removed. A spec another component wrote (the k8s device plugin, the GPU operator) names
        # /usr/bin/nvidia-ctk or /usr/bin/nvidia-cdi-hook, where a distribution that installs the toolkit elsewhere
        # (Talos: /usr/local/bin) has none: "error running createContainer hook #0: fork/exec /usr/bin/nvidia-ctk: no
        # such file or directory" (siderolabs/talos#13021).
        patterns=(r"fork/exec (?P<hook>/[\w./-]{1,120}/nvidia-(?:cdi-hook|ctk)): no such file or directory",
                  r"error executing hook `(?P<hook>/[\w./-]{1,120}/nvidia-(?:cdi-hook|ctk))` \(exit code: \d{1,3}\)"),
        severity="fail",
        cause="A hook that the NVIDIA CDI spec runs when the container starts ({hook}) is missing or failed, so the "
              "container could not be given the GPU.",
        advice=("Install a current NVIDIA Container Toolkit that ships nvidia-cdi-hook and nvidia-ctk (1.16 or newer), "
                "then regenerate the CDI spec with it: `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml` "
                "(again after every driver or toolkit update) and check `nvidia-ctk cdi list`; a spec from another "
                "version names hooks and driver files that are no longer there. Where the toolkit is installed and the "
                "spec was written by the k8s device plugin or the GPU operator for another path (Talos installs it in "
                "/usr/local/bin), point the spec at it: the operator's `NVIDIA_CDI_HOOK_PATH=/usr/local/bin/"
                "nvidia-cdi-hook` (device plugin: nvidiaCTKPath), or a /usr/bin symlink to the installed binary."),
        action="configure",
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/void-linux/void-packages/issues/55062", "https://github.com/ublue-os/bluefin/issues/3454",
                 "https://github.com/podman-container-tools/podman/issues/24502", "https://github.com/siderolabs/talos/issues/13021",
                 TOOLKIT_CDI),
        checked="2026-11-28",
        examples=("containers/voidpackages-55062-nvidia-cdi-hook-missing.txt",
                  "containers/talos-13021-cdi-hook-usr-bin-nvidia-ctk-missing.txt"),
    ),
    Signature(
        code="containers.ngc-shm-default",
        cause_id="container-shm-too-small",
        kinds=_CONTAINER_TEXT,
        # The NGC images' entrypoint banner when /dev/shm is Docker's default (it names the framework: PyTorch,
        # TensorFlow, NVIDIA Caffe ...); a risk, not yet a failure.
        # "allocation" left to \w: the prefilter would key on it, and healthy logs hold it thousands of times.
        patterns=(r"The SHMEM \w{5,12} limit is set to the default of 64MB",),
        severity="warn",
        cause="The container runs with Docker's default 64 MB /dev/shm, too small for the framework's shared memory "
              "(DataLoader workers, NCCL's shared-memory transport).",
        advice=("Start the container with the flags NVIDIA's images recommend: `docker run --gpus all --ipc=host "
                "--ulimit memlock=-1 --ulimit stack=67108864 ...` (or `--shm-size=16g` instead of --ipc=host; in "
                "Kubernetes mount an emptyDir with medium: Memory at /dev/shm)."),
        action="configure",
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        sources=("https://github.com/awslabs/benchmark-ai/issues/17", "https://github.com/pytorch/pytorch/issues/1158",
                 "https://docs.nvidia.com/deeplearning/frameworks/user-guide/index.html"),
        checked="2026-11-26",
        examples=("containers/benchmarkai-17-ngc-shmem-64mb-note.txt",),
    ),
    Signature(
        code="containers.operator-driver-in-use",
        cause_id="driver-in-use",
        kinds=_CONTAINER_TEXT,
        # The GPU Operator's driver container (nvidia-driver _unload_driver) refuses to rmmod modules that a host
        # driver, nvidia-persistenced, DCGM or running GPU pods hold.
        patterns=(r"Could not unload NVIDIA driver kernel modules, driver is in use",),
        # The driver container's own words say why its pod crash-loops (containers.operator-driver-pod-crashloop).
        refines=("containers.operator-driver-pod-crashloop",), refines_within=None,
        severity="fail",
        cause="The GPU Operator's driver container cannot replace the NVIDIA kernel modules because they are loaded "
              "and in use: a driver installed on the host, or GPU processes and services still holding it.",
        advice=("If the node has its own (host) driver, deploy the GPU Operator with driver.enabled=false (`helm "
                "upgrade ... --set driver.enabled=false`) so it uses that driver; otherwise stop what holds the modules "
                "(GPU pods, nvidia-persistenced, DCGM; `lsmod | grep nvidia` shows the users) or remove the host "
                "driver, then delete the driver pod so it starts again."),
        action="configure",
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/126", "https://github.com/NVIDIA/gpu-operator/issues/367",
                 GPU_OPERATOR),
        checked="2026-11-26",
        examples=("containers/gpuoperator-126-driver-in-use-host-driver.txt",),
    ),
    Signature(
        code="containers.gpu-taint-not-tolerated",
        cause_id="k8s-gpu-taint",
        kinds=_CONTAINER_TEXT,
        # kube-scheduler's FailedScheduling reason ("untolerated taint" since Kubernetes 1.26, before it "had taint
        # {...}, that the pod didn't tolerate"); GKE taints GPU nodes nvidia.com/gpu=present:NoSchedule and adds the
        # toleration only to pods that request nvidia.com/gpu. Often one reason among others in the event: a warning.
        # An administrator's own GPU taint is as common as GKE's and AKS's: {gpu: true}, {gpu: }, {gpu-node: true},
        # {dedicated: gpu}, {sku: gpu}; the key or value names the GPU (each brace one taint of the event's list).
        patterns=(r"untolerated taints? \{(?P<taint>nvidia\.com/gpu[^}\n]{0,40})\}",
                  r"had taints? \{(?P<taint>nvidia\.com/gpu[^}\n]{0,40})\}, that the pod didn't tolerate",
                  r"untolerated taints? \{(?P<taint>(?:[\w.-]{1,40}/)?(?:gpu|GPU)[\w.-]{0,20}[:=] ?[\w.-]{0,40})\}",
                  r"untolerated taints? \{(?P<taint>[\w./-]{1,60}[:=] ?(?:gpu|GPU)[\w.-]{0,20})\}"),
        severity="warn",
        cause="The GPU nodes carry the taint {taint} and the pod has no toleration for it, so the scheduler keeps it "
              "off them.",
        advice=("If the pod needs a GPU, request one (resources.limits nvidia.com/gpu: 1; GKE then adds the toleration "
                "itself), or add a toleration for the taint {taint} (its key as `kubectl describe node <node> | grep "
                "Taints` shows it) to the pod spec, and to pods that controllers create: `tolerations: [{key: "
                "nvidia.com/gpu, operator: Exists, effect: NoSchedule}]` with the node's key; the NVIDIA device plugin "
                "DaemonSet (and GPU feature discovery) need the same toleration, or they never run on the tainted node "
                "and it advertises no nvidia.com/gpu; pods that need no GPU are kept off GPU nodes on purpose."),
        action="configure",
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/vllm-project/aibrix/pull/909", "https://github.com/vanvalenlab/kiosk-console/pull/81",
                 "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/"),
        checked="2026-11-26",
        examples=("containers/aibrix-909-untolerated-taint-nvidia-gpu-gke.txt",),
    ),
    Signature(
        code="containers.no-driver-in-container",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # cuda.driver-insufficient's lines, in a text that shows a container (gpudoctor/knowledge/contexts.py) or
        # in one: with no libcuda at all the CUDA runtime also answers cudaErrorInsufficientDriver (35).
        patterns=(r"CUDA driver version is insufficient for CUDA runtime version", r"cudaErrorInsufficientDriver"),
        contexts=("container",),
        refines=("cuda.driver-insufficient",),
        severity="fail",
        cause="Inside a container the CUDA runtime found no driver it can use: the container was started without the "
              "NVIDIA runtime, so the host's driver libraries were never mounted in, or the image's CUDA is newer than "
              "the host's driver.",
        advice=("Run `nvidia-smi` inside the container. If it is missing or fails, start the container through the "
                "NVIDIA runtime (`docker run --gpus all ...` with the NVIDIA Container Toolkit; passing /dev/nvidia* "
                "with --device is not enough; in Kubernetes give the pod an `nvidia.com/gpu` limit under "
                "resources.limits, and `runtimeClassName: nvidia` where nvidia is not containerd's default runtime). "
                "If it works, its CUDA Version is below the image's: use an image tag built for that CUDA version, or "
                "give the host a newer driver."),
        action="configure",
        never_suggest=("install the driver inside the container", "downgrade the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/24", "https://github.com/NVIDIA/gpu-operator/issues/389",
                 TOOLKIT_INSTALL, "https://docs.nvidia.com/deploy/cuda-compatibility/"),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-24-device-flags-without-runtime-error-35.txt",
                  "containers/gpuoperator-389-vectoradd-pod-no-gpu-limit.txt"),
    ),
    Signature(
        code="containers.started-without-gpus",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # kernel.driver-not-loaded's PyTorch line and cuda.no-device's lines, in a text that shows a container
        # (gpudoctor/knowledge/contexts.py) or in one: the driver is the host's, so "no driver" and "no device"
        # there mean that none was passed in.
        patterns=(r"Found no NVIDIA driver on your system", r"no CUDA-capable device is detected", r"cudaErrorNoDevice",
                  r"CUDA_ERROR_NO_DEVICE", r"RuntimeError: No CUDA GPUs are available",
                  # PyTorch's own fallbacks when it sees no GPU (frameworks.amp-without-cuda's lines): in a compose
                  # service without a GPU reservation the app runs on, slowly, on the CPU.
                  r"torch\.cuda\.amp\.GradScaler is enabled, but CUDA is not available\.",
                  r"User provided device_type of 'cuda', but CUDA is not available\. Disabling"),
        contexts=("container",),
        refines=("kernel.driver-not-loaded", "cuda.no-device", "cuda.torch-no-gpus-visible", "frameworks.amp-without-cuda"),
        severity="fail",
        cause="Inside a container CUDA found no NVIDIA GPU or driver: the container was started without asking for the "
              "GPUs, so the container runtime passed none in (the driver is the host's, never the image's).",
        advice=("Start the container with the GPUs: `docker run --gpus all ...` (compose: a `deploy.resources."
                "reservations.devices` entry with `driver: nvidia`, `count: all` and `capabilities: [gpu]`, since Docker "
                "27.3 and later pass no GPU to an entry without count or device_ids; Kubernetes: an "
                "`nvidia.com/gpu` limit; LXD/Incus: `lxc config device add <container> gpu0 gpu`; a Proxmox LXC "
                "container: /dev/nvidia* bound with lxc.mount.entry and allowed with lxc.cgroup2.devices.allow; "
                "enroot/pyxis under Slurm: enroot's nvidia hook injects the driver only when NVIDIA_VISIBLE_DEVICES is "
                "set, which nvidia/cuda images do and a plain image does not, so `export NVIDIA_VISIBLE_DEVICES=all` "
                "before `srun --container-image`, or set it in the image); "
                "`nvidia-smi` inside the container must then list them. In Kubernetes (k3s, RKE2, Kubeflow notebooks) "
                "where nvidia is not containerd's default runtime, the pod also needs `runtimeClassName: nvidia` (or "
                "set default_runtime_name = \"nvidia\" in containerd's config). If it already does, and `nvidia-smi` works inside while CUDA finds "
                "no driver, the request lacks the compute capability: `capabilities: [gpu, compute, utility]`."),
        action="configure",
        rules_out=("the host's driver",),
        never_suggest=("install the driver inside the container", "reinstall the driver"),
        sources=("https://github.com/kcosta42/VQGAN-CLIP-Docker/issues/1", "https://github.com/NVIDIA/nvidia-docker/issues/1071",
                 "https://github.com/NVIDIA/nvidia-docker/issues/533", "https://github.com/NVIDIA/enroot/issues/205",
                 TOOLKIT_INSTALL,
                 "https://docs.docker.com/compose/how-tos/gpu-support/", "https://github.com/docker/docs/issues/21026"),
        checked="2026-11-26",
        examples=("containers/vqganclipdocker-1-compose-without-gpus-no-driver.txt",),
    ),
    Signature(
        code="containers.cdi-hook-link-target-conflict",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # nvidia-cdi-hook create-symlinks (toolkit 1.17.0, CDI mode): a link the spec asks for already exists in the
        # image and points elsewhere (libGLX_indirect.so.0 -> libGLX_mesa.so.0), and 1.17.0 treated that as fatal.
        patterns=(r"failed to create link \[(?P<target>[\w.+-]{1,120}) (?P<link>/[\w./+-]{1,200})\]: failed to check if link "
                  r"exists: unexpected link target",),
        severity="fail",
        cause="The NVIDIA CDI hook refused to start the container: the image already has {link} pointing to another "
              "library, and the NVIDIA Container Toolkit 1.17.0 fails on such a link instead of leaving it.",
        advice=("Upgrade the NVIDIA Container Toolkit to 1.17.1 or newer (`sudo apt-get install --only-upgrade "
                "nvidia-container-toolkit nvidia-container-toolkit-base`, or dnf), regenerate the CDI spec (`sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`) and restart Docker; until then `mode = \"auto\"` "
                "in /etc/nvidia-container-runtime/config.toml avoids the hook."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/772",
                 "https://github.com/podman-container-tools/podman/issues/24502", TOOLKIT_CDI),
        checked="2026-11-26",
        examples=("containers/ctk-772-cdi-create-link-unexpected-target.txt",),
    ),
)
