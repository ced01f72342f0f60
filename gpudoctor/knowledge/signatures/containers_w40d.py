"""Issue 25 (helper w40d): a person's words that CUDA is unavailable inside a Docker container.

"torch.cuda.is_available() = False" in a container of a CUDA image, "CUDA not found in docker image", "CUDA is not
available inside the container": on a host whose GPU works, the helpers' first answer is that the container was never
given the GPU (no `--gpus all`, a compose file without a device reservation, no NVIDIA Container Toolkit registered with
Docker), so the driver's libraries and device nodes were never injected (zzzyuqing/DreamMat#14, floydhub/dockerfiles#3,
mlverse/torch#378). The generic PyTorch row (frameworks.torch-cuda-unavailable-described) reads the same words as a CPU
build of torch; where the text puts the program in a Docker container this row takes its place. In a k3s or RKE2 pod
containers.k8s-pod-without-nvidia-runtime-described (containers_w36c.py) reads them first.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.frameworks_p15f import P15F_SIGNATURES as _P15F

_TORCH_ROW = next(row for row in _P15F if row.code == "frameworks.torch-cuda-unavailable-described")
_WHERE = r"(?:[Dd]ocker(?: containers?| images?)?|containers?|[Pp]odman)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cuda-unavailable-in-container-described",
        described=True,
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        contexts=("container", "container-app"),
        refines=("frameworks.torch-cuda-unavailable-described",),
        patterns=(
            # the generic row's words ("torch.cuda.is_available() = False", "PyTorch does not detect the GPU"), read
            # where the text shows a container
            *_TORCH_ROW.patterns,
            # "CUDA not found in docker image", "CUDA is not available inside the docker container", "cuda unavailable
            # in container"
            r"\b(?:CUDA|[Cc]uda)\s(?:is\s)?(?:not\s(?:found|available|detected|working)|unavailable|isn'?t\s(?:found|"
            r"available|detected|working))\s(?:in|inside|within|from)\s(?:the\s|a\s|my\s|this\s|our\s)?" + _WHERE + r"\b",
        ),
        severity="warn",
        cause=("The description suggests CUDA is unavailable inside a container: most often the container was started "
               "without the GPU (no `--gpus all`, no device reservation in the compose file, or no NVIDIA Container "
               "Toolkit registered with the container engine), so the host's driver was never injected into it."),
        advice=("Run `nvidia-smi` inside the container. If it is missing or fails, start the container with the GPU: "
                "`docker run --gpus all ...` (Compose: under the service, `deploy: resources: reservations: devices: - "
                "driver: nvidia, count: all, capabilities: [gpu]`; Podman: `--device nvidia.com/gpu=all` after `sudo "
                "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml`); if Docker then cannot select a device driver, "
                "install the NVIDIA Container Toolkit on the host and run `sudo nvidia-ctk runtime configure "
                "--runtime=docker && sudo systemctl restart docker`. If `nvidia-smi` works inside and CUDA is still "
                "unavailable, the image's framework is a CPU build or needs a newer CUDA than the 'CUDA Version' the "
                "host driver reports: use an image tag built for that CUDA or update the host driver. The driver "
                "belongs on the host, never in the image."),
        action="configure",
        rules_out=("the host's GPU, when nvidia-smi works on the host",),
        never_suggest=("install the driver inside the container", "reinstall the driver"),
        sources=("https://github.com/zzzyuqing/DreamMat/issues/14", "https://github.com/floydhub/dockerfiles/issues/3",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html",
                 "https://docs.docker.com/compose/how-tos/gpu-support/"),
        checked="2026-11-28",
        examples=("containers/dreammat-14-cuda-false-docker-toolkit-gpus-all.txt",),
    ),
    Signature(
        code="containers.node-gpu-resource-zero",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # The node's nvidia.com/gpu at 0 under Capacity or Allocatable, as `kubectl describe node`
        # ("  nvidia.com/gpu:     0") and `kubectl get node -o yaml` ('nvidia.com/gpu: "0"') print it. Capacity counts
        # what the device plugin registered, Allocatable only the GPUs it reports healthy (k8s-device-plugin#58): a GPU
        # node at 0 has nothing a pod can be scheduled on. The "Allocated resources" table prints requests without a
        # colon and is not read.
        # Not a MIG resource at 0 (a profile no longer configured stays listed at 0); nvidia.com/gpu at 0 beside a
        # MIG resource above it is containers.node-mig-resources-advertised's (rev40b).
        patterns=(r"^\s{0,12}nvidia\.com/gpu:\s{1,30}[\"']?0[\"']?\s{0,5}$",),
        severity="fail",
        cause=("The node advertises no usable nvidia.com/gpu (0 under Capacity or Allocatable), so no pod that requests a "
               "GPU can be scheduled on it: the device plugin registered no GPUs there, or it marked the GPUs it found "
               "unhealthy."),
        advice=("Compare Capacity and Allocatable in `kubectl describe node NODE`. Allocatable below Capacity: the "
                "device plugin marked GPUs unhealthy after an Xid; read its logs (`kubectl logs -n kube-system "
                "<nvidia-device-plugin pod>`, \"marked unhealthy\"), check `sudo dmesg | grep -i xid` on the node, fix or "
                "reset the GPU, then delete the device plugin pod so it registers them again. Capacity 0 too: the "
                "plugin found no GPUs; check that `nvidia-smi` works on the node, that the plugin runs there through the "
                "NVIDIA runtime (nvidia as containerd's or Docker's default runtime, or the runtimeClassName the GPU "
                "Operator sets) and read its logs for \"No devices found\" or NVML errors; on GPUs in MIG mode, check that "
                "MIG instances exist (`nvidia-smi -L` lists them; the GPU Operator's MIG Manager creates them from the "
                "node's nvidia.com/mig.config label)."),
        action="configure",
        rules_out=("the pod's own spec, when other nodes schedule it",),
        never_suggest=("reinstall the driver in the container",),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/58",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/234",
                 "https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/device-plugins/#device-plugin-implementation"),
        checked="2026-11-28",
        examples=("containers/k8sdp-58-node-allocatable-nvidia-gpu-zero.txt",),
    ),
    Signature(
        code="containers.node-mig-resources-advertised",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # Under the device plugin's mixed MIG strategy a node whose GPUs are all partitioned lists nvidia.com/gpu at 0
        # and its MIG devices as resources of their own (kubectl sorts the names, so they follow it): a healthy node
        # that only pods requesting the MIG resource can use, not one whose GPUs went unhealthy (rev40b).
        patterns=(r"^\s{0,12}nvidia\.com/mig-\d{1,2}g\.\d{1,3}gb(?:[.+][\w+]{1,12})?:\s{1,30}[\"']?[1-9]\d{0,3}[\"']?"
                  r"\s{0,5}$",),
        refines=("containers.node-gpu-resource-zero",),
        refines_within=8,
        severity="info",
        cause=("The node's GPUs are partitioned into MIG devices and the device plugin runs the mixed strategy, so it "
               "advertises them as nvidia.com/mig-<profile> resources and nvidia.com/gpu at 0: a pod that requests "
               "nvidia.com/gpu cannot be scheduled there, one that requests the MIG resource can."),
        advice=("Request the MIG resource the node lists in the pod's limits (e.g. `nvidia.com/mig-1g.5gb: 1`) instead "
                "of nvidia.com/gpu; for whole GPUs, turn MIG off on some GPUs (the GPU Operator's nvidia.com/mig.config "
                "label, `all-disabled`), or use the single strategy (mig.strategy=single), under which MIG devices are "
                "advertised as nvidia.com/gpu."),
        action="configure",
        rules_out=("the GPUs' health", "the device plugin"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/sagemathinc/cocalc/issues/8161", "https://github.com/NVIDIA/gpu-operator/issues/637",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/gpu-operator-mig.html"),
        checked="2026-11-28",
        examples=("containers/cocalc-8161-mig-mixed-node-gpu-zero-request-mig.txt",),
    ),
    Signature(
        code="containers.toolkit-too-old-for-containerd-config-v3",
        cause_id="container-toolkit-error",
        kinds=("any",),
        # The toolkit's containerd config engine (pkg/config/engine/containerd) knows config versions 1 and 2 only
        # before 1.17.4 (NVIDIA/nvidia-container-toolkit#862): on containerd 2.x, whose config is version 3, `nvidia-ctk
        # runtime configure` and the GPU Operator's toolkit container stop with "unable to load config: unsupported
        # config version: 3" ("Error running nvidia-toolkit: unable to setup runtime: ..." after it).
        patterns=(r"(?:unable to load config|container-toolkit|nvidia-toolkit|nvidia-ctk)[^\n]{0,120}?unsupported config "
                  r"version: (?P<version>[3-9])\b",),
        severity="fail",
        cause=("The NVIDIA Container Toolkit could not read containerd's configuration, which is in config version "
               "{version} (containerd 2.x): toolkit releases before 1.17.4 read only versions 1 and 2, so the NVIDIA "
               "runtime was never configured on the node."),
        # 1.17.4 reads any version above 2 as version 3's layout (criRuntimePluginName's default case), so containerd
        # 2.3's version 4 too (checked in the toolkit's source, v1.17.4 and v1.20.0; rev40b)
        advice=("Use NVIDIA Container Toolkit 1.17.4 or later (a current release is best): on a host, upgrade the "
                "nvidia-container-toolkit packages and rerun `sudo nvidia-ctk runtime configure --runtime=containerd` "
                "and `sudo systemctl restart containerd`; with the GPU Operator, drop any `toolkit.version` override "
                "that pins an old container-toolkit image (or set a current one) so the chart's default applies, and "
                "upgrade the operator where its default is older. `containerd config dump | grep '^version'` shows the "
                "config version the node runs."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "downgrade containerd"),
        sources=("https://github.com/NVIDIA/nvidia-container-toolkit/issues/803",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/862",
                 "https://github.com/NVIDIA/cloud-native-docs/pull/147"),
        checked="2026-11-28",
        examples=("containers/nvctk-803-k0s-toolkit-1-17-2-containerd-config-v3.txt",),
    ),
)
