"""Issue 25 (helper w34b): a Kubernetes node that has GPUs, but none left for the pod.

When every nvidia.com/gpu a node advertises is already allocated to running pods, the scheduler leaves a new pod
Pending ("Insufficient nvidia.com/gpu", containers.insufficient-gpu-resource reads it); a pod bound to the node
anyway (nodeName set, a static pod, a race with the device plugin's count) is rejected by the kubelet's admission
instead: its status is Failed with reason "OutOfnvidia.com/gpu" (before Kubernetes 1.10 "OutOfalpha.kubernetes.io/
nvidia-gpu") and the message "Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, requested: 1, used:
N, capacity: N". Nothing is broken: the GPUs are taken.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES = (
    Signature(
        code="containers.pod-rejected-out-of-gpu",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # the kubelet's admission (pkg/kubelet/lifecycle/predicate.go): reason "OutOf" + the resource name, and the
        # message naming the resource with what was requested, used and the node's capacity
        patterns=(
            r"\bOutOf(?P<resource>nvidia\.com/(?:gpu|mig-[\w.-]{1,20})|alpha\.kubernetes\.io/nvidia-gpu)\b",
            r"Node didn't have enough resource: (?P<resource>nvidia\.com/(?:gpu|mig-[\w.-]{1,20})|alpha\.kubernetes\.io/nvidia-gpu)\b",
        ),
        severity="fail",
        cause=("The node's kubelet rejected the pod because every {resource} it advertises is already allocated to other "
               "pods; the GPUs are taken, not missing."),
        advice=("See which pods hold the node's GPUs: `kubectl describe node NODE` (Allocated resources, nvidia.com/gpu "
                "requests against Allocatable) and `kubectl get pods -A -o wide --field-selector spec.nodeName=NODE`; "
                "wait for or delete the pods holding them (finished Jobs still count until deleted), lower the pod's "
                "nvidia.com/gpu request, or add GPU nodes; then delete the Failed pod so its controller creates it "
                "again (a bare pod with nodeName set skips the scheduler and is rejected instead of waiting Pending). "
                "To let several pods share a GPU, enable time-slicing in the NVIDIA device plugin (a sharing.timeSlicing "
                "config with replicas) or use MIG."),
        action="configure",
        rules_out=("a missing device plugin", "a driver fault"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/kubernetes/kubernetes/issues/44438",
                 "https://github.com/kubernetes/kubernetes/blob/master/pkg/kubelet/lifecycle/predicate.go",
                 "https://github.com/NVIDIA/k8s-device-plugin#shared-access-to-gpus-with-cuda-time-slicing"),
        checked="2026-11-27",
        examples=("containers/kubernetes-44438-all-gpus-used-out-of-nvidia-gpu.txt",),
    ),
    Signature(
        code="containers.insufficient-shared-gpu-resource",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # the scheduler's FailedScheduling event for the extended resources of the GPU-sharing schedulers and device
        # plugins: Alibaba's gpushare (aliyun.com/gpu-mem, gpu-count), HAMi (nvidia.com/gpumem, gpucores), Volcano
        # (volcano.sh/gpu-memory, gpu-number, vgpu-*), Tencent's gpu-manager (tencent.com/vcuda-*), and the
        # gpushare extender's own "Insufficient GPU Memory in one device"
        patterns=(
            r"\b(?P<nodes>\d{1,5}) Insufficient (?P<resource>aliyun\.com/gpu-(?:mem|count|core\.percentage)|"
            r"volcano\.sh/(?:gpu-memory|gpu-number|vgpu-(?:number|memory|cores))|nvidia\.com/(?:gpumem(?:-percentage)?|"
            r"gpucores)|tencent\.com/vcuda-(?:core|memory)|virtaitech\.com/gpu)\b",
            r"\b(?P<nodes>\d{1,5}) Insufficient (?P<resource>GPU Memory) in one device\b",
        ),
        severity="fail",
        cause=("No node offers the shared-GPU resource the pod asks for ({resource}): either no node advertises it (the "
               "GPU-sharing device plugin is not running on the GPU node, or the node lacks the label it runs on), or "
               "every share of the node's GPUs is already taken by other pods."),
        advice=("Run `kubectl describe node NODE` and read the resource under Capacity and Allocatable. Missing or 0: the "
                "sharing device plugin does not run on that node: label the node as its install guide says (gpushare: "
                "`kubectl label node NODE gpushare=true`; HAMi: `kubectl label nodes NODE gpu=on`), check that its "
                "device-plugin pod runs there (`kubectl get pods -A -o wide | grep -i device-plugin`) and read its "
                "logs; gpushare also needs kube-scheduler configured with its scheduler extender, and Volcano its "
                "predicate.GPUSharingEnable or VGPUEnable in the volcano-scheduler-configmap. Present: the GPUs' shares "
                "are allocated (`kubectl inspect gpushare` for gpushare), so lower the pod's request, free pods holding "
                "shares, or add GPU nodes."),
        action="configure",
        rules_out=("a driver fault", "the GPU itself"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/AliyunContainerService/gpushare-scheduler-extender/issues/59",
                 "https://github.com/AliyunContainerService/gpushare-scheduler-extender/blob/master/docs/install.md",
                 "https://github.com/Project-HAMi/HAMi#quick-start",
                 "https://github.com/volcano-sh/volcano/blob/master/docs/user-guide/how_to_use_gpu_sharing.md"),
        checked="2026-11-27",
        examples=("containers/gpushareschedulerextender-59-insufficient-aliyun-gpu-mem.txt",),
    ),
)
