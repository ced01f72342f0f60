"""Issue 25, fifteenth wave (written blind): a container or a Kubernetes node without its GPU, as people describe it
(rows of the containers area, joined into containers.SIGNATURES).

Docker gives a container no GPU unless it is asked for one (`--gpus all`, Compose's device reservation) and the
NVIDIA Container Toolkit is registered as a runtime; Kubernetes schedules nvidia.com/gpu only on nodes where the NVIDIA
device plugin runs and advertises it, which needs the node's container runtime to use the NVIDIA runtime. Reports of
both are often words alone ("docker container can't detect the GPU", "Capacity and Allocatable do not list
nvidia.com/gpu"), so these rows are warnings; the fail-level rows read the runtime's and the scheduler's own lines.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_INSTALL = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"
COMPOSE_GPU = "https://docs.docker.com/compose/how-tos/gpu-support/"
DEVICE_PLUGIN = "https://github.com/NVIDIA/k8s-device-plugin#quick-start"

_NEGATION = (r"(?:[Nn]ot|(?:[Dd]o|[Dd]oes|[Dd]id|[Ii]s|[Aa]re|[Ww]as|[Ww]ere|[Cc]a|[Ww]o|[Cc]ould|[Ww]ould)n['\u2019]?t|never|"
             r"[Uu]nable to|not able to|fails? to|"
             r"failed to|[Cc]an ?not|[Cc]annot)\s(?:\w{2,12}\s)?")
_SEE = (r"(?:[Ss]ee(?:s|ing)?|[Dd]etect(?:s|ing|ed)?|[Ff]ind(?:s|ing)?|[Aa]ccess(?:ing)?|[Rr]ecogni[sz](?:e|es|ing)|"
        r"[Rr]each|get at|pick(?:ing)? up|[Uu]s(?:e|es|ing))")
_CONTAINER = r"(?:[Dd]ocker|[Cc]ontainers?|[Pp]odman|[Cc]ompose|pods?|Pods?)"

P15F_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.container-gpu-missing-described",
        described=True,
        # inside a container, "nvidia-smi: command not found" beside these words means the runtime mounted nothing
        refines=("kernel.nvidia-smi-missing",), refines_within=2,
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(
            # "docker no longer recognizes the `nvidia` runtime", "Docker doesn't know the nvidia runtime", "the daemon
            # did not recognise the runtime nvidia" (w39e): nothing registered the runtime in daemon.json
            r"\b(?:[Dd]ocker|dockerd|[Pp]odman|the daemon)\b[^\n]{0,30}?\b(?:does not|doesn'?t|did not|didn'?t|no longer|not|"
            r"can'?t|cannot)\s\"?(?:recogni[sz]es?|know|knows|find|finds|detect|detects)\"?\s(?:of\s|about\s)?(?:the\s)?"
            r"(?:`?(?:nvidia|Nvidia|NVIDIA)`?\s(?:container\s)?runtime\b|runtime\s`?(?:nvidia|Nvidia|NVIDIA)\b)",
            # "docker container can't detect Nvidia GPU", "Docker Cannot Detect GPU", "containers don't see the GPU"
            r"\b" + _CONTAINER + r"\b[^\n]{0,60}?\b" + _NEGATION + _SEE
            + r"\s(?:the\s|my\s|any\s|an?\s)?(?:host'?s?\s)?(?:NVIDIA\s|Nvidia\s|nvidia\s)?(?:GPUs?|gpus?|drivers?|"
            r"graphics cards?)\b",
            # "GPUs are not visible from the container", "GPU not available inside docker"
            r"\b(?:GPUs?|gpus?)\s(?:is\s|are\s)?(?:not|isn't|aren't)\s(?:visible|available|detected|recogni[sz]ed|found|"
            r"accessible|showing|usable|used)\s(?:in|inside|from|within|by)\s(?:the\s|my\s|a\s|any\s)?"
            + _CONTAINER + r"\b",
            # "Nvidia GPU not passing into container", "the GPU is not passed through to the container"
            r"\b(?:GPUs?|gpus?)\s(?:is\s|are\s)?(?:not|isn't|aren't)\s(?:being\s)?(?:passed|passing|passed through|exposed|"
            r"forwarded|mapped|attached)\s(?:in)?to\s(?:the\s|my\s|a\s)?" + _CONTAINER + r"\b",
            # "Docker-native GPU support ... - my GPU is not used without it"
            r"\b" + _CONTAINER + r"\b[^\n]{0,120}?\b(?:my|the)\s(?:GPUs?|gpus?)\s(?:is|are)\snot\s(?:used|detected|"
            r"visible|available|found|recogni[sz]ed)\b",
            # "running the pipeline with `docker-compose up` will use the CPU and not the GPU"
            r"\b" + _CONTAINER + r"\b[^\n]{0,60}?\b(?:uses?|using|runs? on|running on)\s(?:the\s)?(?:CPU|cpu)\s(?:and not|"
            r"instead of|rather than|not)\s(?:the\s)?(?:GPU|gpu)\b",
            # "nvidia-smi works on the host but not in the container"
            r"\bnvidia-smi\b[^\n]{0,40}?\bworks?\b[^\n]{0,30}?\bhost\b[^\n]{0,40}?\b(?:not|fails?|doesn'?t)\b"
            r"[^\n]{0,20}?\b(?:in|inside)\s(?:the\s|a\s|my\s)?(?:[Dd]ocker|containers?)\b",
            # "What do I add into my docker compose files to have them make use of the GPU"
            r"\b(?:[Dd]ocker[- ]?[Cc]ompose|[Cc]ompose files?)\b[^\n]{0,80}?\b(?:make use of|use|using|access|enable|"
            r"pass|passing|expose)\s(?:the\s|my\s|a\s|an\s)?(?:NVIDIA\s|Nvidia\s|nvidia\s)?(?:GPUs?|gpus?)\b",
            # "nvidia-smi not found inside the container", "Can't get nvidia-smi to work in a pod"
            r"\bnvidia-smi\b[^\n]{0,40}?\b(?:not found|doesn'?t work|does not work|not working|not available|fails?)\b"
            r"[^\n]{0,20}?\b(?:in|inside|within)\s(?:the\s|a\s|my\s)?(?:pods?|containers?|[Dd]ocker)\b",
            r"\b(?:[Cc]an'?t|[Cc]annot|[Uu]nable to)\s(?:get\s)?nvidia-smi\s(?:to\s)?(?:work|run)\s(?:in|inside)\s"
            r"(?:a\s|the\s|my\s)?(?:pods?|containers?)\b",
            # LocalAI's AIO image, started without the NVIDIA runtime (docker run without --gpus, a pod without
            # runtimeClassName: nvidia): it sees an NVIDIA GPU on the PCI bus but no nvidia-smi was mounted in
            r"NVIDIA GPU detected, but nvidia-smi is not installed\. GPU acceleration will not be available",
            # "容器内检测不到gpu", "docker 里识别不到显卡"
            r"(?:容器内|容器里|容器中|[Dd]ocker)[^\n]{0,10}?(?:检测不到|识别不到|找不到|看不到|无法使用|用不了)\s?(?:GPU|gpu|显卡)",
        ),
        severity="warn",
        cause=("The description suggests the container was given no GPU: it was started without a GPU request "
               "(`docker run` without --gpus, a Compose service without a device reservation, a pod without an "
               "nvidia.com/gpu limit or the nvidia runtime class), or the host's Docker "
               "or Podman has no NVIDIA Container Toolkit runtime registered, so nothing mounts the driver and "
               "/dev/nvidia* into it while nvidia-smi works on the host."),
        advice=("Ask for the GPU and make sure the runtime can give it: run the container with `docker run --gpus all "
                "...` (Compose: under the service, `deploy: resources: reservations: devices: - driver: nvidia, "
                "count: all, capabilities: [gpu]`; Podman with CDI: `--device nvidia.com/gpu=all`). If Docker then "
                "says it could not select a device driver, install the NVIDIA Container Toolkit on the host "
                "(nvidia-container-toolkit), register it with `sudo nvidia-ctk runtime configure --runtime=docker` "
                "and `sudo systemctl restart docker`. Test with `docker run --rm --gpus all ubuntu nvidia-smi`. In "
                "Kubernetes, give the pod `resources: limits: nvidia.com/gpu: 1` and, where the NVIDIA runtime is not "
                "the node's default, `runtimeClassName: nvidia`. The driver stays on the host only; the image needs "
                "none of its own."),
        action="configure",
        rules_out=("a missing host driver, when nvidia-smi works on the host",),
        never_suggest=("reinstall the driver", "install the driver inside the container"),
        sources=("https://github.com/stefancrain/folding-at-home/issues/3",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/422", "https://github.com/mudler/LocalAI/issues/2117",
                 "https://github.com/OE4T/tegra-demo-distro/issues/391",
                 TOOLKIT_INSTALL, COMPOSE_GPU),
        checked="2026-11-26",
        examples=("containers/folding-at-home-3-gpu-not-used-without-gpus-flag.txt",
                  "containers/localai-2117-pod-missing-runtimeclass-nvidia-smi.txt",
                  "containers/tegrademodistro-391-docker-no-longer-recognizes-nvidia-runtime.txt"),
    ),
    Signature(
        code="containers.k8s-node-no-gpu-capacity-described",
        described=True,
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        patterns=(
            # "sees 0 graphics cards and thus sets `nvidia.com/gpu: 0` on the node", "GPU nodes gives nvidia.com/gpu: 0",
            # "master gets nvidia.com/gpu as 0" (w39e); kubectl's own Allocated-resources table has no colon (not "with":
            # "a pod with nvidia.com/gpu: 0" is a request, not the node's capacity)
            r"\b(?:shows?|showing|gives?|giving|sets?|setting|reports?|reporting|has|have|gets?|getting|advertis\w{1,3}|"
            r"registers?|only)\s`? ?nvidia\.com/gpu(?::\s{1,12}|\s(?:as|is|=)\s)0\b(?![.\d])",
            # "Capacity and Allocatable do not list nvidia.com/gpu", "Allocatable ... has no nvidia.com/gpu"
            r"\b(?:[Cc]apacity|[Aa]llocatable)\b[^\n]{0,60}?\b(?:not|n't|no|never|without|missing|lacks?)\b"
            r"[^\n]{0,40}?(?:nvidia\.com/gpu|\bGPUs?\b|\bgpus?\b)",
            # "Cannot find GPU information in Capacity", "does not show number of GPU under Capacity field", "I can't
            # find the GPU Capacity"
            r"(?:\bnot|n['\u2019]?t|\bno|\b[Cc]annot|\b[Cc]an ?not|\bmissing|\bnever)\b[^\n]{0,30}?(?:nvidia\.com/gpu|\bGPUs?\b|"
            r"\bgpus?\b)"
            r"[^\n]{0,30}?\b(?:(?:in|under|to|of|from)\s)?(?:the\s)?(?:(?:k8s|[Kk]ubernetes)\s)?(?:(?:node'?s?|nodes?)\s)?"
            r"(?:[Cc]apacity|[Aa]llocatable)\b",
            # "GPU doesn't show in k8s node's Capacity", "nvidia.com/gpu is not listed under Allocatable"
            r"(?:nvidia\.com/gpu|\bGPUs?\b|\bgpus?\b)\s(?:is\s|are\s)?(?:not|doesn'?t|does not|don'?t|do not|never)\s"
            r"(?:shown?|showing|appear|listed|list|advertised|present|visible)\b[^\n]{0,20}?\b(?:in|under|on)\s(?:the\s)?"
            r"(?:(?:k8s|[Kk]ubernetes)\s)?(?:node'?s?\s)?(?:[Cc]apacity|[Aa]llocatable)",
            # "can not get capacity of GPU", "the Capacity of GPU not found"
            r"\b(?:can'?t|[Cc]annot|[Cc]an ?not|unable to|fails? to)\s(?:get|find|see)\s(?:the\s)?(?:Capacity|capacity|"
            r"Capatity|capatity|Allocatable|allocatable)"
            r"\s(?:of\s)?(?:the\s)?(?:GPUs?|gpus?|nvidia\.com/gpu)\b",
            r"\b[Cc]apacity of (?:the\s)?(?:GPUs?|gpus?)\s(?:is\s)?(?:not found|missing|not shown|empty|zero|0)\b",
            # "pod stuck in Pending ... nvidia.com/gpu", "GPU pods don't get scheduled due to a lack of nvidia.com/gpu"
            r"\b(?:[Pp]ods?|jobs?)\b[^\n]{0,40}?\b(?:stuck|stays?|staying|remains?|remaining|hangs?)\s(?:in\s|at\s)?(?:the\s)?"
            r"(?:Pending|pending|PENDING)\b[^\n]{0,80}?(?:nvidia\.com/gpu|\bGPUs?\b|\bgpus?\b)",
            r"\b(?:[Pp]ods?|jobs?)\b[^\n]{0,40}?\b(?:don'?t get scheduled|(?:is|are) not (?:being )?scheduled|never (?:gets? )?"
            r"scheduled|fail(?:s|ed)? to (?:be )?schedul\w{1,3})\b[^\n]{0,80}?nvidia\.com/gpu",
            r"\b(?:GPU|gpu)\s(?:pods?|jobs?|workloads?)\b[^\n]{0,40}?\b(?:[Pp]ending|not (?:being )?scheduled|"
            r"don'?t get scheduled)\b",
        ),
        severity="warn",
        cause=("The description suggests the node advertises no nvidia.com/gpu: the NVIDIA device plugin (or the GPU "
               "Operator) is not running there, or it runs but cannot see the GPUs because the node's container "
               "runtime (containerd, CRI-O, Docker) does not use the NVIDIA runtime, so the scheduler has no GPU to "
               "give a pod."),
        advice=("Check what the node advertises: `kubectl describe node NODE` must list nvidia.com/gpu under Capacity "
                "and Allocatable. If it does not, deploy the NVIDIA device plugin DaemonSet (or the GPU Operator); where "
                "it is deployed but no plugin pod runs on that node, its nodeSelector wants a node label the node lacks "
                "(HAMi's: `kubectl label node NODE gpu=on`; the GPU Operator's runs only where Node Feature Discovery "
                "labelled an NVIDIA PCI device, feature.node.kubernetes.io/pci-10de.present=true), so label the node; then "
                "read its pod's log (`kubectl logs -n kube-system -l app.kubernetes.io/name=nvidia-device-plugin`, "
                "or the pod in the operator's namespace). If that log cannot load NVML or finds no devices, make the "
                "NVIDIA runtime the node's default (`sudo nvidia-ctk runtime configure --runtime=containerd "
                "--set-as-default`, or --runtime=docker / crio, then restart that runtime and the kubelet) or give "
                "the plugin and the GPU pods `runtimeClassName: nvidia` with a RuntimeClass nvidia. Request GPUs as "
                "`resources: limits: nvidia.com/gpu: 1`."
                " On minikube the node has GPUs only when the cluster was created with them: with the docker "
                "driver `minikube delete`, then `minikube start --driver docker --container-runtime docker --gpus all` "
                "(not the nvidia-gpu-device-plugin addon)."),
        action="configure",
        rules_out=("a GPU or driver fault, when nvidia-smi works on the node",),
        never_suggest=("reinstall the driver", "reinstall docker"),
        sources=("https://github.com/MicrosoftDocs/azure-docs/issues/17730",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/1246", "https://github.com/NVIDIA/k8s-device-plugin/issues/107",
                 DEVICE_PLUGIN),
        checked="2026-11-26",
        examples=("containers/azuredocs-17730-aks-node-no-gpu-capacity-until-plugin.txt",
                  "containers/k8sdeviceplugin-107-containerd-runc-runtime-gpu-count-zero.txt"),
    ),
    Signature(
        code="containers.container-gpu-lost-after-a-while-described",
        described=True,
        # "pods eventually can't see GPU anymore" is the missing-GPU row's words too: here time says it was lost
        refines=("containers.container-gpu-missing-described",),
        cause_id="container-lost-gpus",
        kinds=("any",),
        patterns=(
            # "Container loses access to GPU", "long-running pods ... lost the GPU"
            r"\b(?:[Cc]ontainers?|[Dd]ocker|pods?|Pods?)\b[^\n]{0,80}?\b(?:lose|loses|lost|losing)\s(?:access\s(?:to\s)?)?"
            r"(?:the\s|its\s|their\s|all\s)?(?:GPUs?|gpus?)\b",
            # "GPU becomes unavailable after some time in Docker container", "GPU is unavailable ... for a while"
            # ("un(?=available)available": the prefilter keys on the time words, "unavailable" is in healthy kernel logs)
            r"\b(?:GPUs?|gpus?)\s(?:becomes?|became|is|are|goes|went|gets?|got)\s(?:un(?=available)available|inaccessible|"
            r"invisible|undetectable)\b[^\n]{0,60}?\b(?:after|for)\s(?:a\s)?(?:while|some time|few hours|"
            r"few days|several hours|several days|\d{1,3}\s?(?:hours?|days?))",
            # "After running for a while, the GPU cannot be found in the pod"
            r"\b(?:after|for)\s(?:running\s(?:for\s)?)?(?:a while|some time|a few (?:hours|days)|several (?:hours|days)|"
            r"\d{1,3} (?:hours|days))\b[^\n]{0,40}?\b(?:GPUs?|gpus?)\s(?:cannot|can't|can not|could not|couldn't)\sbe\s"
            r"(?:found|used|accessed|detected|seen)",
            # "long-running pods eventually can't see GPU anymore", "Pod can not access gpu after few days"
            r"\beventually\s(?:can'?t|cannot|can not|no longer|fail to)\s(?:see|find|access|use|detect)\s"
            r"(?:the\s|any\s)?(?:GPUs?|gpus?)\b",
            r"\b(?:can'?t|cannot|can not|no longer|unable to|fails? to)\s(?:see|find|access|use|detect)\s(?:the\s|any\s)?"
            r"(?:GPUs?|gpus?)\s(?:anymore\s)?after\s(?:a\s)?(?:few|several|some|\d{1,3})\s?(?:hours|days|minutes|time|while)",
            # "pod fail to find gpu some time after created"
            r"\b(?:fails?|failed) to (?:find|see|access|use|detect)\s(?:the\s|any\s)?(?:GPUs?|gpus?)\s(?:some time|a while|"
            r"hours|days|\d{1,3} (?:hours|days|minutes)) after\b",
            # "nvidia-smi is not working after few hours inside docker", "cause nvidia-smi to fail after short delay"
            r"\b[Nn]vidia-smi\b[^\n]{0,40}?\b(?:stops? working|not working|fails?|no longer works?)\b[^\n]{0,30}?\bafter\s"
            r"(?:a\s)?(?:short|few|several|some|\d{1,3}|random|a while)\b",
        ),
        severity="warn",
        cause=("The description suggests a running container lost its GPUs while the host still has them: something "
               "re-applied the container's cgroup and dropped the device rules the NVIDIA runtime had added (a "
               "`systemctl daemon-reload` with Docker's systemd cgroup driver, `docker update`, or kubelet's static "
               "CPU manager updating the pod's CPU set), after which NVML fails inside it with 'Unknown Error'."),
        advice=("Recreate the container (or delete the pod) to get the GPUs back. To prevent it with Docker, create the "
                "/dev/char links NVIDIA's troubleshooting guide describes (`sudo nvidia-ctk system "
                "create-dev-char-symlinks --create-all`, and its udev rule), or run Docker with the cgroupfs cgroup "
                "driver (`\"exec-opts\": [\"native.cgroupdriver=cgroupfs\"]` in /etc/docker/daemon.json). In Kubernetes "
                "with kubelet's static CPU manager policy, run the NVIDIA device plugin with --pass-device-specs "
                "(Helm: compatWithCPUManager=true) so the device nodes are part of the pod spec, or use CDI."),
        action="restart-application",
        rules_out=("a driver fault, when nvidia-smi keeps working on the host",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/145", "https://github.com/NVIDIA/nvidia-docker/issues/1730",
                 "https://github.com/NVIDIA/nvidia-docker/issues/966",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/troubleshooting.html"),
        checked="2026-11-26",
        examples=("containers/k8sdp-145-static-cpu-manager-nvml-lost-after-delay.txt",),
    ),
)
