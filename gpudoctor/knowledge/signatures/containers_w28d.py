"""Issue 25 (helper w28d): a Kubernetes pod the kubelet evicted because its node ran short of memory.

When a node's free memory falls below the kubelet's eviction threshold it sets the node's MemoryPressure condition and
evicts pods, those using most memory above their request first (a container with no memory request, the BestEffort
class, goes first). The pod's status then says `Reason: Evicted` with `The node was low on resource: memory.` and an
event `The node had condition: [MemoryPressure]`; a training job reads it as a crash, a lost GPU or a "Killed" in its
log. It is host memory, like the cgroup's OOMKilled (containers.memory-limit-oom-killed), but set by the node's total
rather than the container's limit: the fix is a memory request the scheduler can honour (requests.memory at what the
container really uses; equal to limits.memory it is Guaranteed and evicted last) on a node with room for it, or less
memory used.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

EVICTION_DOCS = "https://kubernetes.io/docs/concepts/scheduling-eviction/node-pressure-eviction/"

SIGNATURES = (
    Signature(
        code="containers.pod-evicted-node-memory-pressure",
        cause_id="host-memory-oom",
        kinds=("any",),
        patterns=(
            r"The node was low on resource: memory\b",
            r"The node had condition: \[MemoryPressure\]",
        ),
        severity="fail",
        cause=("The kubelet evicted the pod because its node ran short of memory (MemoryPressure): host RAM on the "
               "node, not the GPU or the job's code; pods using most memory beyond their request go first."),
        advice=("Give the container a memory request that matches what it really uses, resources.requests.memory "
                "(equal to resources.limits.memory, so the pod is Guaranteed and evicted last), in the pod spec, job "
                "template or Helm values, on a node with that much free (`kubectl describe node NODE` shows "
                "MemoryPressure and what is allocated, `kubectl top pod` the use); or lower the job's host memory "
                "(fewer DataLoader workers, no whole dataset in RAM)."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "lower gpu_memory_utilization"),
        sources=("https://github.com/FederatedAI/KubeFATE/issues/64", "https://github.com/kubeflow/kubeflow/issues/1261",
                 EVICTION_DOCS),
        checked="2026-11-27",
        examples=("containers/kubefate-64-pod-evicted-node-low-memory.txt",
                  "containers/kubeflow-1261-training-killed-node-low-memory.txt"),
    ),
)
