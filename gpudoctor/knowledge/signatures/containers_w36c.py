"""Issue 25 (helper w36c): the NVIDIA device plugin on the nodes of a mixed cluster that have no GPU.

The device plugin is deployed as a DaemonSet, so without a node selector it lands on every node, the CPU-only ones
included. There its container fails at the NVIDIA runtime's hook (nvidia-container-cli's "load library failed",
"driver error", "cuda error: unknown error" where the toolkit or a driver was installed without a GPU), or, since
the plugin learnt to idle, logs that it found no NVML or devices and waits ("Incompatible strategy detected auto",
"No devices found. Waiting indefinitely", "If this is a GPU node, did you ..."). None of it is a fault of the GPU
nodes: the maintainers' answer is keeping the DaemonSet on the GPU nodes (a nodeSelector or affinity on a GPU label,
or taints). The generic rows read those lines as a GPU node whose plugin has no runtime; where the person says the
plugin's pod is on a node without a GPU, this row takes their place as a false alarm, for the failure quoted next to
those words only.

Also here: a person's words that PyTorch sees no GPU in a k3s or RKE2 pod (the NVIDIA runtime is a RuntimeClass
there), and the image holding driver files where the runtime mounts the host's (moved from containers.py).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.frameworks_p15f import TORCH_CUDA_FALSE

# A node the person says has no GPU: "non-GPU nodes", "CPU-only node", "the nodes without GPUs", "nodes with no GPU"
# (never a bare "CPU nodes", which a person also says of the healthy half of a cluster whose GPU node fails).
_NO_GPU_NODE = (r"(?:(?:[Nn]on-GPU|non-gpu|CPU-only|cpu-only|GPU-less|gpu-less) (?:worker )?nodes?\b|"
                r"nodes? (?:without|with no)(?: any)? (?:NVIDIA |nvidia )?(?:GPUs?|gpus?)\b)")
# The plugin (or its DaemonSet) put on such a node: "a DaemonSet, ... the pod on the non-GPU node", or such nodes
# failing because of it ("daemon sets ... non-GPU nodes will complain"). A person's own pods there are another cause
# (containers.nvidia-runtime-on-cpu-node).
_ON_NO_GPU_NODE = r"\bon (?:the |a |our |all |every |each )?" + _NO_GPU_NODE
_NO_GPU_NODE_FAILS = _NO_GPU_NODE + r" (?:will |would |keep |keeps )?(?:complain|fail|crash|error)"

SIGNATURES = (
    Signature(
        code="containers.device-plugin-on-cpu-only-node-described",
        described=True,
        cause_id="none",
        kinds=("any",),
        # The person's words put the device plugin's pod (or its DaemonSet's) on a node without a GPU, on one line:
        # "daemon sets ... non-GPU nodes will complain", "the pod on the non-GPU node is in CrashLoopBackOff".
        patterns=(r"\b(?:[Dd]evice[- ]plugins?|[Dd]aemon ?[Ss]ets?)\b[^\n]{0,200}?" + _ON_NO_GPU_NODE,
                  r"\b(?:[Dd]evice[- ]plugins?|[Dd]aemon ?[Ss]ets?)\b[^\n]{0,200}?\b" + _NO_GPU_NODE_FAILS),
        refines=("containers.cli-load-library-failed", "containers.cli-cuda-init-failed", "containers.cli-driver-not-loaded",
                 "containers.cli-driver-request-failed", "containers.cli-detection-driver-request-failed",
                 "containers.device-plugin-no-nvml", "containers.device-plugin-no-devices",
                 "containers.nvidia-runtime-on-cpu-node", "containers.nvidia-runtime-on-gpu-less-instance-described"),
        # The failure it explains is the one the person quotes next to those words, never one anywhere in the text (a GPU
        # node's own failure in the same paste stays a finding).
        refines_within=8,
        severity="info",
        cause=("The description puts the NVIDIA device plugin's pod on a node without a GPU: its DaemonSet runs on "
               "every node unless told otherwise, and there its container fails at the runtime's hook or idles "
               "saying it found no GPU; the GPU nodes are not affected."),
        advice=("Nothing needs fixing on the GPU nodes. Keep the plugin off the nodes without GPUs: give its DaemonSet a "
                "nodeSelector or node affinity on a GPU label (the GPU Operator's or GPU feature discovery's "
                "nvidia.com/gpu.present=true, or a label you set with `kubectl label node NODE nvidia.com/gpu.present=true`; "
                "the Helm chart's `nodeSelector` / `affinity` values), or taint the GPU nodes and let only GPU pods "
                "tolerate them; `kubectl describe node` on a GPU node should still show nvidia.com/gpu."),
        action="none",
        rules_out=("the NVIDIA driver on the GPU nodes", "the GPU nodes' container runtime"),
        never_suggest=("reinstall the driver", "install the driver"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/9", "https://github.com/NVIDIA/k8s-device-plugin/issues/17",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/50", "https://github.com/NVIDIA/k8s-device-plugin/issues/45",
                 "https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#running-pods-on-select-nodes"),
        checked="2026-11-27",
        examples=("containers/k8sdp-9-non-gpu-nodes-load-library-failed.txt",
                  "containers/k8sdp-17-non-gpu-node-cuda-unknown-error.txt"),
    ),
    Signature(
        code="containers.k8s-pod-without-nvidia-runtime-described",
        # A person's words that the program in a k3s or RKE2 pod sees no GPU (torch.cuda.is_available() False, the
        # PyTorch description row's words): there the driver reaches a pod only through the NVIDIA runtime, which
        # those platforms leave to the pod. Only a description, so read in short pastes only.
        described=True,
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(TORCH_CUDA_FALSE,),
        contexts=("kubernetes-gpu-pod",),
        refines=("frameworks.torch-cuda-unavailable-described",),
        severity="warn",
        cause=("In a Kubernetes pod on k3s or RKE2 the program sees no NVIDIA driver or GPU: the pod was started "
               "without the NVIDIA runtime, which those platforms register as a RuntimeClass while runc stays "
               "containerd's default, or without a GPU request."),
        advice=("Give the pod the NVIDIA runtime and a GPU: `runtimeClassName: nvidia` in its spec (Kubeflow notebooks: a "
                "PodDefault or the spawner's pod template; pipelines: the component's pod spec) with "
                "`resources.limits: nvidia.com/gpu: 1`, or make nvidia containerd's default runtime on the GPU nodes "
                "(k3s: `--default-runtime=nvidia`; RKE2 or the GPU Operator: CONTAINERD_SET_AS_DEFAULT=true, i.e. "
                "default_runtime_name = \"nvidia\"); `nvidia-smi` inside the pod must then list the GPU. The driver "
                "stays on the node, never in the image."),
        action="configure",
        rules_out=("the node's NVIDIA driver", "the PyTorch build"),
        never_suggest=("reinstall the driver", "install the driver inside the container"),
        sources=("https://github.com/kubeflow/notebooks/issues/522", "https://docs.k3s.io/advanced#nvidia-container-runtime-support",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/getting-started.html"),
        checked="2026-11-27",
        examples=("containers/kubeflow-nb-522-rke2-runtimeclass-only-test-pod.txt",),
    ),
    Signature(
        code="containers.cli-mount-file-exists",
        cause_id="container-toolkit-error",
        kinds=("docker", "kubectl", "build", "journal", "other"),
        # libnvidia-container's words (a hard-wrapped paste often cuts "mount error: "); the lookahead keys it on
        # "creation". (From containers.py, which had reached the house's 600 lines.)
        patterns=(r"file creation failed(?=:): [^\n]{0,300}: file exists",
                  # the same error where the paste's wrapping put the mounted library's path on a line of its own
                  # ("usr/lib/x86_64-linux-gnu/libcuda.so.1: file exists\\n"); w40d, 2026-11-28
                  # the driver's libraries only: Go's "file exists" of any other library is another conflict (rev40b)
                  r"(?<![\w.-])usr/lib(?:64)?/[\w./-]{0,80}?lib(?:cuda|nv[\w+-]{1,50}|\w{1,10}_nvidia)"
                  r"\.so(?:\.[\d.]{1,20})?: file exists"),
        severity="fail",
        cause="The image already holds NVIDIA driver files where the runtime mounts the host's.",
        advice=("Rebuild the image without the NVIDIA driver's user-space files it names (libnvidia-ml.so.1, "
                "libcuda.so.1, nvidia-smi): drop or `apt-get purge` the driver packages the Dockerfile or its base "
                "image installs (nvidia-driver-*, libnvidia-compute-*, nvidia-utils-*, or a package pulling them in "
                "such as nvidia-opencl-dev) and let the NVIDIA runtime mount the host's driver at start; the host "
                "needs no change. Under WSL 2 (Docker Desktop or Docker in the distribution), the runtime adds the "
                "Windows driver's libraries from /usr/lib/wsl/lib: for an image you cannot rebuild, remove them in a "
                "Dockerfile on top of it (`RUN rm -f /usr/lib/x86_64-linux-gnu/libcuda.so.1 "
                "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1`). On a Jetson (an aarch64-linux-gnu or tegra path, "
                "libnvidia-fatbinaryloader), the file is an L4T driver library the image carries from the JetPack "
                "release it was built for: use the image tag built for the board's JetPack/L4T version (`cat "
                "/etc/nv_tegra_release` shows it), or rebuild the image on the matching l4t base image."),
        action="configure",
        never_suggest=("reinstall the host driver", "update the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/825",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/371",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/295"),
        checked="2026-11-28",
        examples=("containers/nvidiadocker-825-mount-error-nvidia-smi-exists.txt",
                  "containers/nvctk-371-opencl-dev-driver-libs-in-image.txt",
                  "containers/nvctk-295-l4t-tensorflow-fatbinaryloader-file-exists.txt"),
    ),
)
