"""Issue 25 (helper w46d): Kubernetes GPU set-ups after the move to CDI and containerd 2, and GPUs asked for by
environment variable where the node no longer honours it.

containerd validates every container it creates: a runtime handler whose configuration has no runtime_type (a drop-in
the NVIDIA toolkit or the GPU operator wrote for a version 3 root config, nvidia-container-toolkit#1956; an entry
edited by hand) leaves the container's Runtime.Name empty, and containerd refuses it ("container.Runtime.Name must be
set") for every pod that uses that handler (the default runtime included).

CDI injection names the devices it could not resolve after "unresolvable CDI devices"; where the name is missing (a
paste cut at the line's end, a message quoted without it) the line still says that the runtime was asked for CDI devices
no spec on the node defines. On Kubernetes that is the device plugin's CDI strategy (cdi-annotations, cdi-cri) on a
node where nothing wrote the spec: the GPU operator with its CDI support turned off (gpu-operator#2115), a hand-made
plugin deployment without `nvidia-ctk cdi generate`.

The NVIDIA runtime's hook accepts NVIDIA_VISIBLE_DEVICES from an unprivileged container only where
accept-nvidia-visible-devices-envvar-when-unprivileged is true; the device plugin's volume-mounts strategy, Bottlerocket
1.19 and later, and the GPU operator's CDI set-ups turn it off, so a pod that asks for GPUs only through the variable
(from its image: every CUDA image sets NVIDIA_VISIBLE_DEVICES=all) gets none, or is refused where the hook is old
("insufficient privileges to read device list from NVIDIA_VISIBLE_DEVICES envvar", k8s-device-plugin#203; newer hooks
log "Ignoring devices specified in NVIDIA_VISIBLE_DEVICES" and start the container without GPUs; Bottlerocket#3992).

Some node images run the NVIDIA device plugin themselves (Bottlerocket's nvidia variants run it as a system service); a
cluster-wide device plugin DaemonSet that also lands there registers a second plugin for nvidia.com/gpu, and the two
conflict (bottlerocket#4309, bottlerocket PR#1799's QUICKSTART-EKS note).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.containerd-runtime-type-missing",
        cause_id="containerd-config-invalid",
        kinds=("any",),
        # containerd's metadata validation (containerd 1.x and 2.x alike) of a container whose runtime handler has no
        # runtime_type: kubelet shows it in the sandbox error, containerd's journal in its error= field.
        patterns=(r"container\.Runtime\.Name must be set",),
        severity="fail",
        cause="containerd refuses to create the container because the runtime handler it uses has no runtime_type in "
              "containerd's configuration (a drop-in written by the NVIDIA toolkit or the GPU operator for a version 3 "
              "config, or an entry edited by hand), so every pod on that handler fails before it starts; the GPU and "
              "the driver are not involved.",
        advice=("Give every runtime entry of containerd's configuration a runtime_type: under "
                "`[plugins.\"io.containerd.cri.v1.runtime\".containerd.runtimes.nvidia]` (version 3; "
                "`plugins.\"io.containerd.grpc.v1.cri\"...` in version 2) set `runtime_type = \"io.containerd.runc.v2\"` "
                "beside its options' BinaryName, in the drop-in under /etc/containerd/conf.d too; or update the NVIDIA "
                "Container Toolkit (GPU operator) to a release that writes the field, or regenerate the entries with "
                "`sudo nvidia-ctk runtime configure --runtime=containerd`. `containerd config dump | grep -A3 "
                "runtimes.nvidia` shows what containerd loaded; then `sudo systemctl restart containerd`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU", "the container image"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/1956",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/862",
                 "https://github.com/containerd/containerd/blob/main/docs/PLUGINS.md",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"),
        checked=CHECKED,
        examples=("containers/nvctk-1956-containerd-dropin-v3-missing-runtime-type.txt",),
    ),
    Signature(
        code="containers.cdi-devices-unresolvable-unnamed",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # The CDI library's error where the device names are cut off or quoted without them (at the line's end, or
        # before the closing quote, backtick, bracket or ": unknown" of the runtime's wrapper); a named device is
        # containers.cdi-device-unresolvable's (and nvidia.com/gpu's containers.no-gpu-device-driver's).
        patterns=(r"unresolvable CDI devices?(?=\s{0,3}(?:$|[`'\")\],;]|: unknown))",),
        severity="fail",
        cause="The container runtime was asked to inject CDI devices that no CDI spec on this host or node defines, so "
              "the container is not created: on Kubernetes the device plugin hands out CDI device names (its "
              "cdi-annotations or cdi-cri strategy) where nothing generated the spec; elsewhere the spec was never "
              "generated, is stale, or sits in a folder the runtime does not read.",
        advice=("Make a CDI spec exist where the runtime reads it: on a host, `sudo nvidia-ctk cdi generate "
                "--output=/etc/cdi/nvidia.yaml` and check `nvidia-ctk cdi list` (again after driver updates); on "
                "Kubernetes with the GPU operator keep its CDI support on (`cdi.enabled=true`, whose toolkit writes the "
                "spec on every GPU node) whenever the device plugin's DEVICE_LIST_STRATEGY names cdi-annotations or "
                "cdi-cri, or set the strategy back to envvar when CDI is off; then start the pod again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container image"),
        never_suggest=("reinstall the driver", "rebuild the image"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/2115",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/cdi.html",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"),
        checked=CHECKED,
        examples=("containers/gpuoperator-2115-plugin-cdi-strategy-cdi-disabled.txt",),
    ),
    Signature(
        code="containers.visible-devices-envvar-refused",
        cause_id="gpu-envvar-unprivileged-refused",
        kinds=("any",),
        # The NVIDIA runtime hook's words (nvidia-container-toolkit, cmd/nvidia-container-runtime-hook) when an
        # unprivileged container names GPUs only in NVIDIA_VISIBLE_DEVICES and accept-nvidia-visible-devices-envvar-
        # when-unprivileged is false: hooks before 1.4 panic, later ones log and start the container without GPUs;
        # the runtime's CDI mode logs "Ignoring devices specified in NVIDIA_VISIBLE_DEVICES: [all]".
        patterns=(r"insufficient privileges to read device list from NVIDIA_VISIBLE_DEVICES",
                  r"Ignoring devices specified in NVIDIA_VISIBLE_DEVICES\b"),
        severity="fail",
        cause="The container asks for GPUs only through NVIDIA_VISIBLE_DEVICES (its image sets it, =all in every CUDA "
              "image) without requesting nvidia.com/gpu, and this node's NVIDIA runtime accepts the variable only from "
              "privileged containers (accept-nvidia-visible-devices-envvar-when-unprivileged = false: the device "
              "plugin's volume-mounts strategy, Bottlerocket 1.19 and later, GPU operator CDI set-ups), so it gets no "
              "GPU, no driver libraries and no nvidia-smi, or is refused.",
        advice=("Request the GPUs through the device plugin: `resources: {limits: {nvidia.com/gpu: 1}}` in the pod "
                "spec; a monitoring agent that must see every GPU without claiming one (DCGM exporter) runs with "
                "CAP_SYS_ADMIN or privileged, or with the node opting back in (toolkit config "
                "`accept-nvidia-visible-devices-envvar-when-unprivileged = true`; on Bottlerocket 1.23+ "
                "`settings.kubernetes.nvidia.container-runtime.visible-devices-envvar-when-unprivileged = true`); a pod "
                "that needs no GPU sets NVIDIA_VISIBLE_DEVICES=void to override its image."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/203",
                 "https://github.com/bottlerocket-os/bottlerocket/issues/3992",
                 "https://github.com/bottlerocket-os/bottlerocket/pull/4052",
                 "https://docs.google.com/document/d/1zy0key-EL6JH50MZgwg96RPYxxXXnVUdxLZwGiyqLd8/edit"),
        checked=CHECKED,
        examples=("containers/k8sdp-203-insufficient-privileges-visible-devices-envvar.txt",),
    ),
    Signature(
        code="containers.gpu-without-request-described",
        described=True,
        cause_id="gpu-envvar-unprivileged-refused",
        kinds=("any",),
        # People's words for pods that share GPUs by requesting none (CPU or memory limits only, relying on the image's
        # NVIDIA_VISIBLE_DEVICES=all), or that see no GPU since they stopped being given one without a request.
        patterns=(
            r"\bshar\w{0,4}\b[^\n]{0,30}?\bGPUs?\b[^\n]{0,40}?\b(?:across|between|among)\b[^\n]{0,30}?"
            r"\b(?:pods|containers|workloads)\b[^\n]{0,100}?\b(?:(?:CPU|cpu|memory) limits only|only (?:CPU|cpu|memory) "
            r"limits|without (?:requesting |any |a )?`?nvidia\.com/gpu|no `?nvidia\.com/gpu)",
            r"\b(?:[Ww]ithout|[Nn]o)\s(?:requesting\s|a\s|any\s)?`?nvidia\.com/gpu`?\s(?:requests?|limits?|resources?)\b"
            r"[^\n]{0,80}?\b(?:no longer|stopped|can't|cannot|don't|doesn't|do not|does not)\b[^\n]{0,20}?"
            r"\b(?:see|access|use|get|detect|find)\b[^\n]{0,20}?\bGPUs?\b",
        ),
        severity="warn",
        cause="The description suggests pods that use GPUs without requesting nvidia.com/gpu (sharing a GPU through the "
              "image's NVIDIA_VISIBLE_DEVICES=all) on nodes whose NVIDIA runtime no longer honours that variable in "
              "unprivileged containers (the device plugin's volume-mounts strategy, Bottlerocket 1.19 and later, GPU "
              "operator CDI set-ups), so those pods get no GPU, driver libraries or nvidia-smi.",
        advice=("Request the GPU in each pod (`resources: {limits: {nvidia.com/gpu: 1}}`), and to share one GPU among "
                "several pods let the device plugin oversubscribe it (its time-slicing config, `replicas: N`) rather "
                "than skipping the request; where every pod must see every GPU without a request, opt the node back in "
                "(`accept-nvidia-visible-devices-envvar-when-unprivileged = true`; Bottlerocket 1.23+: "
                "`settings.kubernetes.nvidia.container-runtime.visible-devices-envvar-when-unprivileged = true`)."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/bottlerocket-os/bottlerocket/issues/3937",
                 "https://github.com/bottlerocket-os/bottlerocket/issues/3992",
                 "https://github.com/bottlerocket-os/bottlerocket/pull/3718",
                 "https://github.com/bottlerocket-os/bottlerocket/pull/4052",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-sharing.html"),
        checked=CHECKED,
        examples=("containers/bottlerocket-3937-shared-gpu-pods-cpu-limits-only-119.txt",),
    ),
    Signature(
        code="containers.device-plugin-ds-desired-zero",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # `kubectl get ds` (-A, -o wide) listing the device plugin's DaemonSet (the chart's "<release>-nvidia-device-
        # plugin", the GPU operator's "nvidia-device-plugin-daemonset") with DESIRED, CURRENT, READY, UP-TO-DATE and
        # AVAILABLE all 0, then its NODE SELECTOR column; the chart's MPS control daemon beside it (0 by design where
        # no node is MPS-capable) is not this line.
        patterns=(r"\bnvidia-device-plugin(?:-daemonset)?\s{1,60}0\s{1,12}0\s{1,12}0\s{1,12}0\s{1,12}0\s{1,30}"
                  r"(?:<none>|[\w./-]{1,80}=[\w.-]{0,63})",),
        severity="warn",
        cause="The device plugin DaemonSet wants no pod on any node (DESIRED 0): no node matches its node selector or "
              "affinity (the chart, from 0.15.0, selects nvidia.com/gpu.present=true or Node Feature Discovery's NVIDIA "
              "PCI labels; the GPU operator's, nvidia.com/gpu.deploy.device-plugin=true), so no plugin registers the "
              "GPUs and no node advertises nvidia.com/gpu.",
        advice=("Compare the DaemonSet's selector and affinity (`kubectl get ds -n NAMESPACE NAME -o yaml | grep -A12 "
                "affinity`) with the GPU nodes' labels (`kubectl get node NODE --show-labels`): label the GPU nodes "
                "`kubectl label node NODE nvidia.com/gpu.present=true`, or install Node Feature Discovery and GPU "
                "Feature Discovery with the chart (`--set gfd.enabled=true`) so they set the labels; with the GPU "
                "operator, check that NFD runs and labels the nodes. Where no GPU node has joined yet (autoscaling from "
                "zero), 0 is expected until one does."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/607",
                 "https://github.com/siderolabs/talos/issues/9187",
                 "https://github.com/NVIDIA/k8s-device-plugin/releases/tag/v0.15.0",
                 "https://github.com/NVIDIA/k8s-device-plugin#deployment-via-helm"),
        checked=CHECKED,
        examples=("containers/k8sdp-607-chart-015-ds-desired-zero-unlabelled-nodes.txt",),
    ),
    Signature(
        code="containers.device-plugin-ds-no-pods-described",
        described=True,
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # People's words for a device plugin DaemonSet that schedules no pod at all (desired 0): since 0.15.0 the
        # chart's DaemonSet has a node affinity for NVIDIA GPU node labels (nvidia.com/gpu.present=true, or Node Feature
        # Discovery's PCI vendor 10de labels), which nodes without NFD/GFD or the GPU operator do not carry.
        patterns=(
            r"\bdevice[ -]plugin\b[^\n]{0,40}?\b(?:[Dd]aemon[Ss]et|ds)\b[^\n]{0,40}?\b(?:never|not even|no|doesn't|does "
            r"not|don't|isn't|is not)\b[^\n]{0,40}?\b(?:get scheduled|scheduled|created|desired count|desired number|"
            r"pods? (?:for|on) (?:the |any |my )?nodes?)",
            r"\b(?:[Dd]aemon[Ss]et|ds)\b[^\n]{0,40}?\bnvidia-device-plugin\b[^\n]{0,60}?\b(?:never|no|zero|0)\b"
            r"[^\n]{0,20}?\b(?:pods?|desired)\b[^\n]{0,30}?\b(?:created|scheduled)",
        ),
        severity="warn",
        cause="The description suggests a device plugin DaemonSet that runs no pod on the GPU nodes at all (its desired "
              "count is 0): the chart's DaemonSet (0.15.0 and later) selects nodes by NVIDIA GPU labels "
              "(nvidia.com/gpu.present=true, or Node Feature Discovery's PCI vendor labels) that these nodes do not "
              "carry, so no plugin registers their GPUs and they advertise no nvidia.com/gpu.",
        advice=("`kubectl get ds -A | grep device-plugin` shows DESIRED 0 and `kubectl get node NODE --show-labels` the "
                "missing label: label the GPU nodes `kubectl label node NODE nvidia.com/gpu.present=true`, or install "
                "the chart with Node Feature Discovery and GPU Feature Discovery (`--set gfd.enabled=true`, or "
                "`nfd.enabled=true`) so the labels are set for you, or give the DaemonSet your own nodeSelector or "
                "affinity; then the plugin pods start and `kubectl describe node` lists nvidia.com/gpu."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/siderolabs/talos/issues/9187",
                 "https://github.com/siderolabs/talos/issues/12103",
                 "https://github.com/NVIDIA/k8s-device-plugin/releases/tag/v0.15.0",
                 "https://github.com/NVIDIA/k8s-device-plugin#deployment-via-helm"),
        checked=CHECKED,
        examples=("containers/talos-9187-plugin-ds-no-desired-pods-label.txt",
                  "containers/talos-12103-device-plugin-daemonset-no-pods-scheduled.txt"),
    ),
    Signature(
        code="containers.duplicate-device-plugin-described",
        described=True,
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # People's words for two NVIDIA device plugins on one node: a node image's own (Bottlerocket's nvidia variants
        # run it as a system service, as do some managed node images) and a cluster-wide DaemonSet.
        patterns=(
            r"\b(?:conflict|clash)\w{0,4}\b[^\n]{0,40}?\b(?:in-?built|built-?in|bundled|pre-?installed|native|own)\b"
            r"[^\n]{0,30}?\b(?:NVIDIA |nvidia[ -])?(?:device[ -])?plugin\b[^\n]{0,80}?\b(?:DaemonSet|daemonset|daemon set)",
            r"\b(?:two|both|duplicate\w{0,2}|second)\b[^\n]{0,20}?\b(?:NVIDIA |nvidia[ -])?device[ -]plugins?\b"
            r"[^\n]{0,80}?\b(?:conflict\w{0,4}|register\w{0,3}|running|deployed)\b[^\n]{0,60}?\b(?:same|one|each|the) node",
        ),
        severity="warn",
        cause="The description suggests two NVIDIA device plugins on the same node: one the node image runs itself "
              "(Bottlerocket's nvidia variants run it as a system service) and a cluster-wide device plugin DaemonSet "
              "that also landed there; both register nvidia.com/gpu with the kubelet and conflict, so the node's GPUs "
              "become unavailable to pods.",
        advice=("Keep the device plugin DaemonSet off nodes whose image runs its own plugin (a nodeAffinity on a label "
                "of those node groups, or the node's osImage, e.g. excluding Bottlerocket), configure the image's "
                "plugin through its settings instead, and check `kubectl describe node` for nvidia.com/gpu again."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/bottlerocket-os/bottlerocket/issues/4309",
                 "https://github.com/bottlerocket-os/bottlerocket/pull/1799",
                 "https://github.com/bottlerocket-os/bottlerocket/issues/3992"),
        checked=CHECKED,
        examples=("containers/bottlerocket-4309-builtin-plugin-plus-daemonset.txt",),
    ),
)
