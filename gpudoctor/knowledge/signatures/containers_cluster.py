"""Kubernetes, cluster schedulers and virtual machines around the GPU: the GPU operator's own images, Slurm's view of a
node's GPUs, and a GPU passed through to a VM with VFIO (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SLURM_GRES = "https://slurm.schedmd.com/gres.html"
OPERATOR_PLATFORMS = "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/platform-support.html"
DEVICE_PLUGIN = "https://github.com/NVIDIA/k8s-device-plugin#prerequisites"
GKE_GPUS = "https://cloud.google.com/kubernetes-engine/docs/how-to/gpus"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.operator-driver-image-missing",
        cause_id="operator-driver-image-missing",
        kinds=("any",),
        # The operator appends the node's OS (from node-feature-discovery) to the driver image tag:
        # nvcr.io/nvidia/driver:<version>-<os>. containerd's pull error ends with the reference and "not found";
        # Docker-shim and CRI-O nodes print "manifest for ... not found" / "manifest unknown".
        patterns=(r"nvcr\.io/nvidia/driver:(?P<tag>[\w.-]{1,80}): not found",
                  r"manifest for nvcr\.io/nvidia/driver:(?P<tag>[\w.-]{1,80}) not found"),
        severity="fail",
        cause="The GPU operator's driver pod asks for the image nvcr.io/nvidia/driver:{tag}, which NVIDIA does not "
              "publish: driver images exist only for the operating systems (and releases) the operator supports.",
        advice=("If the host already has a working NVIDIA driver, deploy the operator without its driver container "
                "(`helm upgrade --install gpu-operator nvidia/gpu-operator -n gpu-operator --set driver.enabled=false`; "
                "MicroK8s: `microk8s enable nvidia --gpu-operator-driver host`); otherwise run the GPU nodes on an "
                "operating system the operator supports, or set driver.version to a version published for this OS."),
        action="configure",
        rules_out=("the GPU", "the container toolkit"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/418", "https://github.com/canonical/microk8s/issues/2670",
                 "https://github.com/NVIDIA/gpu-operator/issues/722", OPERATOR_PLATFORMS),
        checked="2026-11-26",
        examples=("containers/gpuoperator-418-driver-image-unpublished-os.txt",
                  "containers/microk8s-2670-driver-image-ubuntu2110-not-found.txt"),
    ),
    Signature(
        code="containers.slurm-gres-count-low",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # slurmctld's reason when a registering slurmd reports fewer gres/gpu than the node's Gres= in slurm.conf
        # (scontrol show node, sinfo -R, slurmctld's log); older releases said "gres/gpu count too low" without counts.
        patterns=(r"gres/gpu:? count reported lower than configured(?: \((?P<found>\d{1,5}) < (?P<configured>\d{1,5})\))?",
                  r"gres/gpu:? count too low\b",
                  # src/interfaces/gres.c for a typed Gres= (gpu:a100:4): "%s:%s count too low (%lu < %lu)" with the
                  # bare gres name, so no "gres/" before it
                  r"(?<![\w/])gpu:(?P<gpu_type>[\w.-]{1,40}) count too low \((?P<found>\d{1,5}) < (?P<configured>\d{1,5})\)"),
        severity="fail",
        cause="Slurm drained the node because its slurmd found fewer GPUs than slurm.conf declares for it: a GPU or "
              "the driver is missing on the node, slurmd started before the driver was up, gres.conf asks for "
              "AutoDetect=nvml from a Slurm built without NVML, or the GPUs (MIG instances) changed while the "
              "configuration did not.",
        advice=("On the node run `nvidia-smi -L` (with AutoDetect=nvml each MIG instance counts as a GPU): if GPUs are "
                "missing fix the driver or hardware first; with AutoDetect=nvml check that slurmd was built with NVML "
                "(`ls $(dirname $(which slurmd))/../lib*/slurm/gpu_nvml.so`, else list the GPUs in gres.conf as "
                "`Name=gpu File=/dev/nvidia[0-3]`); make the node's Gres=gpu:N in slurm.conf match what it has, restart "
                "slurmd (`sudo systemctl restart slurmd`, slurmctld too after a slurm.conf change), then "
                "`scontrol update NodeName=NODE State=RESUME`."),
        action="configure",
        rules_out=("the job's own --gres request",),
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/awslabs/awsome-distributed-ai/issues/195",
                 "https://github.com/ComputeCanada/puppet-magic_castle/issues/361",
                 "https://github.com/SlinkyProject/containers/issues/14", SLURM_GRES),
        checked="2026-11-26",
        examples=("containers/awsome-195-slurm-gres-count-drain.txt", "containers/magic-castle-361-slurm-gres-count-drain.txt",
                  "containers/slinky-14-gres-count-lower-no-nvml-build.txt"),
    ),
    Signature(
        code="containers.vfio-group-not-viable",
        cause_id="vfio-iommu-group-not-viable",
        kinds=("any",),
        # VFIO's group viability check as QEMU prints it ("vfio 0000:01:00.0: group 1 is not viable" then "Please ensure
        # all devices within the iommu_group are bound to their vfio bus driver."), through Proxmox, libvirt and
        # KubeVirt, whose DRA driver also paraphrases it as "vfio group X is not viable".
        patterns=(r"group \w{1,6} is not viable",
                  r"[Pp]lease ensure all devices within the iommu[_ ]group are bound to their vfio bus driver"),
        severity="fail",
        cause="The virtual machine cannot take the GPU: its IOMMU group also holds devices still bound to host "
              "drivers (usually the card's own HDMI audio, USB or UCSI functions), and VFIO hands a group to a VM only "
              "when every device in it is bound to vfio-pci.",
        advice=("List the group (`ls /sys/bus/pci/devices/0000:01:00.0/iommu_group/devices/`, and `lspci -nnk` for "
                "their drivers), bind every non-bridge device of it to vfio-pci, not only the VGA function: add all "
                "their vendor:device ids (`options vfio-pci ids=10de:XXXX,10de:YYYY` in /etc/modprobe.d/vfio.conf, "
                "then `sudo update-initramfs -u` and reboot) and pass all functions to the VM; if unrelated devices "
                "share the group, move the card to another slot."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU itself"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/kubernetes-sigs/dra-driver-nvidia-gpu/issues/1191",
                 "https://github.com/uwzis/GPU-Passthrough-Manager/issues/21",
                 "https://www.kernel.org/doc/Documentation/vfio.txt"),
        checked="2026-11-26",
        examples=("containers/dradrivernvidiagpu-1191-vfio-group-not-viable-audio-function.txt",),
    ),
    Signature(
        code="containers.slurm-gres-device-file-missing",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # slurmd reading gres.conf's File= entries (gres.c): it waits for the device file, then exits; slurmctld-side
        # code stats it again for the major number.
        patterns=(r"can't stat gres\.conf file (?P<file>/dev/+nvidia[\w-]{0,20}): No such file or directory",
                  r"Waiting for gres\.conf file (?P<file>/dev/+nvidia[\w-]{0,20})",
                  r"gres_device_major: stat\((?P<file>/dev/+nvidia[\w-]{0,20})\): No such file or directory"),
        severity="fail",
        cause="gres.conf names the GPU device file {file}, which does not exist on this node when slurmd starts: the "
              "NVIDIA driver has not created its /dev/nvidia* files yet at boot, the driver is missing, or gres.conf "
              "lists a GPU this node does not have.",
        advice=("On the node run `ls -l /dev/nvidia*` and `nvidia-smi`. If the driver works but the files appear only "
                "after something touches the GPU, create them at boot before slurmd: enable nvidia-persistenced "
                "(`sudo systemctl enable --now nvidia-persistenced`) or run `nvidia-modprobe -c 0 -u` in a unit slurmd "
                "starts after. If the node has no such GPU or no driver, remove that File= line from gres.conf (or use "
                "AutoDetect=nvml). Then `sudo systemctl restart slurmd`."),
        action="configure",
        rules_out=("the job's --gres request",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/fgci-org/ansible-role-cuda/issues/3", "https://github.com/BiBiServ/bibigrid/issues/705",
                 "https://github.com/aws/aws-parallelcluster/issues/2117", SLURM_GRES),
        checked="2026-11-26",
        examples=("containers/fgcicuda-3-slurmd-gres-nvidia0-before-cuda-init.txt",
                  "containers/bibigrid-705-slurmd-cant-stat-dev-nvidia0.txt"),
    ),
    Signature(
        code="containers.operator-toolkit-runtime-config-unreadable",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # The toolkit installer of the GPU Operator's nvidia-container-toolkit daemonset (nvidia-ctk-installer, toolkit
        # 1.17 / operator 24.9) reads the runtime's live config by running the host's `containerd config dump` (or
        # `crio status config`) in a chroot; K3s, RKE2 and k0s run a containerd of their own that is not on the host's
        # PATH (exit status 127), so the toolkit never configures the runtime and every operand waits on it.
        patterns=(r"unable to load (?P<runtime>containerd|crio) config: failed to run command chroot \[/host "
                  r"(?:containerd config dump|crio status config)\]: exit status (?P<status>\d{1,3})",),
        severity="fail",
        cause="The GPU Operator's container toolkit could not read the node's {runtime} configuration: it runs the "
              "host's `{runtime}` command to dump it, and that failed (exit status {status}: a distribution such as K3s, "
              "RKE2 or k0s whose own containerd is not on the host's PATH), so the nvidia runtime was never configured.",
        advice=("Tell the toolkit where the distribution's containerd files are, in the operator's Helm values "
                "(toolkit.env): RUNTIME_CONFIG_SOURCE=file (or file=/var/lib/rancher/rke2/agent/etc/containerd/config.toml), "
                "CONTAINERD_CONFIG=/var/lib/rancher/k3s/agent/etc/containerd/config.toml.tmpl (rke2 for RKE2) and "
                "CONTAINERD_SOCKET=/run/k3s/containerd/containerd.sock, as the K3s/RKE2 docs give them; or upgrade the GPU "
                "Operator to a release whose toolkit falls back to the file (rolling back to v24.6.2 also works)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/1099", "https://github.com/NVIDIA/gpu-operator/issues/1323",
                 "https://docs.rke2.io/add-ons/gpu_operators",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/blob/main/cmd/nvidia-ctk-installer/container/runtime/runtime.go"),
        checked="2026-11-26",
        examples=("containers/gpuoperator-1099-rke2-toolkit-config-dump-exit-127.txt",),
    ),
    Signature(
        code="containers.operator-toolkit-config-is-template",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # go-toml's refusal of a "{" where a key should be, as the toolkit container (nvidia-container-toolkit-ctr,
        # nvidia-ctk runtime configure) prints it when the containerd config it was pointed at is a K3s/RKE2 Go
        # template (config.toml.tmpl: `{{ template "base" . }}`, `{{ .NodeConfig... }}`), not TOML.
        patterns=(r"\((?P<line>\d{1,5}), ?(?P<column>\d{1,4})\): (?:[\w ]{1,60}: )?keys cannot contain \{ character",),
        severity="fail",
        cause="The NVIDIA container toolkit could not parse the containerd configuration it was pointed at (line {line}): "
              "the file is a K3s/RKE2 template (config.toml.tmpl with Go template expressions such as `{{ template "
              "\"base\" . }}`), not TOML, so the toolkit exits and never adds the nvidia runtime.",
        advice=("Point the toolkit at a file of plain TOML: set toolkit.env CONTAINERD_CONFIG to the generated "
                "/var/lib/rancher/rke2/agent/etc/containerd/config.toml (k3s for K3s) and CONTAINERD_SOCKET to "
                "/run/k3s/containerd/containerd.sock, or make config.toml.tmpl a complete config without template "
                "expressions; K3s and RKE2 add an `nvidia` runtime themselves when nvidia-container-runtime is installed "
                "on the node (`grep nvidia /var/lib/rancher/rke2/agent/etc/containerd/config.toml`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/rancher/rke2/issues/3385", "https://github.com/NVIDIA/gpu-operator/issues/623",
                 "https://github.com/NVIDIA/gpu-operator/issues/673", "https://github.com/NVIDIA/gpu-operator/issues/473",
                 "https://docs.rke2.io/add-ons/gpu_operators"),
        checked="2026-11-26",
        examples=("containers/rke2-3385-toolkit-config-tmpl-brace-fatal.txt",
                  "containers/gpuoperator-623-rke2-template-base-parse-error.txt"),
    ),
    Signature(
        code="containers.insufficient-gpu-resource",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # kube-scheduler's event for a pod whose nvidia.com/gpu request no node can satisfy.
        # MIG devices under the mixed strategy are resources of their own (nvidia.com/mig-1g.10gb ...).
        patterns=(r"\b(?P<nodes>\d{1,5}) [Ii]nsufficient nvidia\.com/(?:gpu|mig-\d{1,2}g\.\d{1,3}gb)\b",
                  r"\bInsufficient nvidia\.com/(?:gpu|mig-\d{1,2}g\.\d{1,3}gb)\b"),
        severity="fail",
        cause="No node has a free nvidia.com/gpu for the pod: the nodes advertise none (device plugin, runtime or "
              "driver), or every advertised GPU is taken.",
        advice=("Run `kubectl describe node NODE` and read nvidia.com/gpu under Capacity and Allocatable: if it is "
                "missing or 0, nothing advertises the GPUs, so check that the NVIDIA device plugin DaemonSet runs on the "
                "node (`kubectl get pods -A | grep -i nvidia`; deploy it, or the GPU Operator, where it does not) and "
                "read its pod's logs. Where it found no NVML or no devices while `nvidia-smi` works on the node, the "
                "node's container runtime does not start it through the NVIDIA runtime: make nvidia the default runtime "
                "(`sudo nvidia-ctk runtime configure --runtime=containerd --set-as-default` or `--runtime=docker "
                "--set-as-default`, then restart containerd or Docker; k3s: `--default-runtime=nvidia`), or give the "
                "plugin `runtimeClassName: nvidia` (Helm `--set runtimeClassName=nvidia`), then restart the device "
                "plugin pod (`kubectl delete pod` it). On GKE the node also needs its driver "
                "installed (a node pool created with gpu-driver-version=default, or the nvidia-driver-installer "
                "DaemonSet from GoogleCloudPlatform/container-engine-accelerators, whose pod must be Running). If the "
                "capacity is there, the GPUs are allocated to other pods or the request asks for more GPUs than one "
                "node has."
                " On minikube the node has GPUs only when the cluster was created with them: with the docker "
                "driver `minikube delete`, then `minikube start --driver docker --container-runtime docker --gpus all` "
                "(not the nvidia-gpu-device-plugin addon). With HAMi (Project-HAMi) as the scheduler, its device plugin runs only "
                "on nodes labeled gpu=on: `kubectl label nodes <node> gpu=on`, then check its hami-device-plugin pod."),
        action="configure",
        rules_out=("the pod's image",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/348",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/168",
                 "https://github.com/GoogleCloudPlatform/container-engine-accelerators/issues/196", DEVICE_PLUGIN, GKE_GPUS),
        checked="2026-11-26",
        examples=("containers/k8sdp-348-insufficient-gpu-plugin-not-advertising.txt",
                  "containers/cea-196-gke-insufficient-gpu-no-device-plugin.txt"),
    ),
    Signature(
        code="containers.gke-driver-installer-failing",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # GKE's driver installer (GoogleCloudPlatform/container-engine-accelerators' nvidia-driver-installer
        # DaemonSet, whose init container installs the driver on COS or Ubuntu nodes) crash-looping: kubelet's back-off
        # event names its container (older releases "container=NAME pod=POD", later "container NAME in pod POD"), and
        # `kubectl get pods -n kube-system` lists the pod in Init:CrashLoopBackOff or Init:Error.
        patterns=(r"restarting failed container[= ]nvidia-driver-installer\b",
                  r"nvidia-driver-installer-[\w-]{3,40}\s{1,40}0/\d\s{1,40}Init:(?:CrashLoopBackOff|Error)\b"),
        severity="fail",
        cause="GKE's NVIDIA driver installer keeps failing on the node, so the node has no driver and advertises no "
              "nvidia.com/gpu: GPU pods stay Pending or find no driver libraries.",
        advice=("Read why it fails: `kubectl logs -n kube-system <nvidia-driver-installer pod> -c "
                "nvidia-driver-installer`. Most often the DaemonSet applied earlier no longer suits the node image after "
                "a GKE upgrade: apply the current manifest for the node image again (container-engine-accelerators' "
                "nvidia-driver-installer/cos/daemonset-preloaded.yaml, or ubuntu/daemonset-preloaded.yaml on Ubuntu "
                "nodes); on GKE 1.27.2 and later rather let GKE install the driver (create the node pool with "
                "`--accelerator type=...,count=1,gpu-driver-version=default`) and delete the manual DaemonSet."),
        action="configure",
        rules_out=("the pod's image",),
        never_suggest=("reinstall Docker", "install the driver inside the container"),
        sources=("https://github.com/GoogleCloudPlatform/cos-gpu-installer/issues/45",
                 "https://github.com/GoogleCloudPlatform/container-engine-accelerators/issues/119",
                 "https://github.com/GoogleCloudPlatform/container-engine-accelerators/issues/132", GKE_GPUS),
        checked="2026-11-26",
        examples=("containers/cosgpuinstaller-45-driver-installer-crashloop-permission.txt",),
    ),
    Signature(
        code="containers.gpushare-no-gpu-assigned",
        cause_id="k8s-gpu-share-not-scheduled",
        kinds=("any",),
        # Alibaba's gpushare device plugin (AliyunContainerService/gpushare-device-plugin) sets NVIDIA_VISIBLE_DEVICES to
        # this placeholder when the pod carries no GPU index from gpushare-scheduler-extender; nvidia-container-cli then
        # refuses it as an unknown device ("unknown device id: ..." in libnvidia-container 1.0, "...: unknown device"
        # later), on the same line as containers.cli-unknown-device's words.
        patterns=(r"no-gpu-has-(?P<mib>\d{1,7})MiB-to-run",),
        refines=("containers.cli-unknown-device",),
        severity="fail",
        cause="The pod asked for shared GPU memory (aliyun.com/gpu-mem), but the GPU-share scheduler extender never "
              "placed it on a GPU, so the gpushare device plugin gave the container a placeholder instead of a GPU "
              "and the NVIDIA runtime refused it.",
        advice=("Check `kubectl describe pod` for the ALIYUN_COM_GPU_MEM_IDX annotation: when it is missing, kube-scheduler "
                "is not calling gpushare-scheduler-extender, so configure the scheduler with the extender (its scheduler "
                "policy or KubeSchedulerConfiguration naming the extender's URL, as the project's install guide shows), "
                "check that the gpushare-schd-extender pod runs, then recreate the pod."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/AliyunContainerService/gpushare-scheduler-extender/issues/58",
                 "https://github.com/AliyunContainerService/gpushare-scheduler-extender/issues/120",
                 "https://github.com/AliyunContainerService/gpushare-device-plugin/issues/23",
                 "https://github.com/AliyunContainerService/gpushare-scheduler-extender/blob/master/docs/install.md"),
        checked="2026-11-26",
        examples=("containers/gpushare-58-no-gpu-has-mib-extender-not-enabled.txt",),
    ),
    Signature(
        code="containers.device-plugin-kubelet-unreachable",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # k8s-device-plugin (internal/plugin/server.go; main.go before 0.9): it serves nvidia.sock in the DaemonSet's
        # hostPath, then dials the kubelet's registration socket (kubelet.sock) in the same directory. Its words when
        # that fails, in every release: "Could not register device plugin: <gRPC error>", and in the early ones
        # "Could not contact Kubelet, retrying. Did you enable the device plugin feature gate?".
        patterns=(r"Could not register device plugin: (?P<error>[^\n]{1,200})",
                  r"Could not contact Kubelet, retrying"),
        severity="fail",
        cause="The device plugin could not register with the node's kubelet, so the node advertises no "
              "nvidia.com/gpu: the kubelet's registration socket is not in the directory the plugin sees (a kubelet "
              "running in a container without /var/lib/kubelet/device-plugins mounted, a kubelet with another root "
              "directory, or the plugin started outside Kubernetes), or a kubelet before 1.10 has the DevicePlugins "
              "feature gate off.",
        advice=("On the node, `ls -l /var/lib/kubelet/device-plugins/` must show the kubelet's kubelet.sock beside "
                "nvidia.sock. If the kubelet runs in a container (OpenShift 3.x origin-node, RKE), bind-mount "
                "`/var/lib/kubelet/device-plugins` into it; if the kubelet uses another root directory (k0s: "
                "/var/lib/k0s/kubelet), point the plugin DaemonSet's device-plugin hostPath at `<root-dir>/device-plugins`; "
                "on Kubernetes before 1.10 add `--feature-gates=DevicePlugins=true` to the kubelet. Run the plugin as "
                "the DaemonSet, not with docker run, then restart the kubelet and the plugin pod."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/10", "https://github.com/NVIDIA/k8s-device-plugin/issues/55",
                 "https://github.com/NVIDIA/k8s-device-plugin/blob/main/internal/plugin/server.go", DEVICE_PLUGIN),
        checked="2026-11-26",
        examples=("containers/k8sdp-10-register-deadline-feature-gate.txt",
                  "containers/k8sdp-55-register-deadline-kubelet-in-container.txt"),
    ),
    Signature(
        code="containers.device-plugin-mig-monitor-denied",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # k8s-device-plugin and GPU feature discovery walk every GPU through NVML (internal/rm, "error visiting
        # device: ..."). On a node with MIG enabled, NVML answers a container that was not given the MIG monitoring
        # capability (/dev/nvidia-caps) with NVML_ERROR_NO_PERMISSION, "Insufficient Permissions": the plugin's
        # Helm chart adds NVIDIA_MIG_MONITOR_DEVICES=all (and SYS_ADMIN) only when a MIG strategy other than none is
        # set, and hand-written manifests often lack it.
        patterns=(r"error visiting device: [^\n]{0,200}Insufficient Pe[rm]missions",),
        severity="fail",
        cause="The device plugin (or GPU feature discovery) was refused by NVML while reading the GPUs (Insufficient "
              "Permissions): on a node with MIG enabled, the usual case, its pod was not given the MIG monitoring "
              "devices, so it stops and the node advertises no nvidia.com/gpu.",
        advice=("Give the plugin's pod the MIG monitoring devices: set `NVIDIA_MIG_MONITOR_DEVICES=all` in its "
                "environment with the `SYS_ADMIN` capability (securityContext.capabilities.add), which the Helm chart "
                "does by itself when `migStrategy` is single or mixed (`helm upgrade ... --set migStrategy=mixed`), "
                "then restart the plugin and GPU feature discovery pods."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "add the user to the video group"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/399", "https://github.com/NVIDIA/k8s-device-plugin/issues/229",
                 "https://github.com/NVIDIA/k8s-device-plugin/blob/main/deployments/helm/nvidia-device-plugin/templates/"
                 "daemonset-device-plugin.yml", DEVICE_PLUGIN),
        checked="2026-11-26",
        examples=("containers/k8sdp-399-mig-node-plugin-insufficient-permissions.txt",),
    ),
    Signature(
        code="containers.device-plugin-mig-strategy-mismatch",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # k8s-device-plugin internal/rm/device_map.go: with migStrategy=single every GPU must be in MIG mode and hold
        # MIG devices of one profile ("invalid MIG configuration: ..." wrapping "more than one MIG device type present
        # on node" or "device N has no MIG devices configured"; "all devices on the node must be configured with the
        # same migEnabled value"); release 0.9 said "At least one device with migEnabled=true was not configured
        # correctly: No MIG devices associated with /dev/nvidiaN".
        patterns=(r"invalid MIG configuration: error visiting devices",
                  r"more than one MIG device type present on node",
                  r"all devices on the node must be configured with the same migEnabled value",
                  r"device \d{1,2} has no MIG devices configured",
                  r"[Aa]t least one device with migEnabled=true was not configured correctly",
                  # GPU feature discovery's own warning for the same layout (internal/lm/mig-strategy.go)
                  r"Invalid configuration detected for mig-strategy=single"),
        severity="fail",
        cause="The device plugin runs with the single MIG strategy, which needs every GPU of the node in MIG mode with "
              "MIG devices of one profile; this node mixes profiles, MIG and non-MIG GPUs, or has a MIG-enabled GPU "
              "without instances, so the plugin stops and the node advertises no GPUs.",
        advice=("Match the strategy to the node's layout (`nvidia-smi -L` lists it): where GPUs mix MIG profiles or MIG "
                "and non-MIG, deploy the plugin (or the GPU Operator) with `migStrategy=mixed` (`helm upgrade ... --set "
                "migStrategy=mixed`; pods then request nvidia.com/mig-<profile>); to keep single, give every GPU the "
                "same MIG layout (`sudo nvidia-smi mig -cgi <profile>,<profile> -C`, or a mig-parted / MIG manager "
                "config such as all-1g.10gb) and recreate the instances after each reboot."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container toolkit"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/397", "https://github.com/NVIDIA/k8s-device-plugin/issues/253",
                 "https://github.com/NVIDIA/k8s-device-plugin/blob/main/internal/rm/device_map.go", DEVICE_PLUGIN),
        checked="2026-11-26",
        examples=("containers/k8sdp-397-mig-strategy-single-invalid-config.txt",),
    ),
)
