"""Issue 25 (helper w49d): GPU-sharing schedulers on Kubernetes (HAMi, Volcano's vGPU) and pods without shared memory,
as their tools and the people who run them say it.

- HAMi places a pod that asks for its vGPU resources (nvidia.com/gpu with gpumem, gpucores) only when the pod reaches
  hami-scheduler: its mutating webhook (vgpu.hami.io; vgpu.4paradigm.com in the k8s-vgpu-scheduler releases) sets the
  pod's schedulerName. Where the API server cannot call the webhook (its service or pod down, a port blocked, a
  timeout) it fails open or refuses the pod, and a pod the webhook did not touch goes to the default-scheduler, which
  does not know HAMi's resources.
- HAMi and Volcano's vGPU plugin (the same HAMi code) put each of a container's vGPUs on a different physical GPU:
  nvidia.com/gpu (volcano.sh/vgpu-number) counts physical cards, and a container asking for more than the node has
  stays Pending ("no enough gpu cards on node", Volcano's and HAMi's filter); the share of one card is asked with
  gpumem/gpucores (vgpu-memory/vgpu-cores), not with more vGPUs.
- A pod's /dev/shm is the container runtime's 64 MB unless a memory-backed emptyDir is mounted there; vLLM with tensor
  parallelism, NCCL and DataLoader workers need more. People describe the fix ("mount a volume to /dev/shm", "the chart
  has no way to configure /dev/shm", "vLLM requires shared memory"): containers.shm-too-small-described
  (containers_w42d.py) reads the words "not enough shared memory" and "increase the shm size"; these rows read the rest.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.containers_w42d import _NOT_ON_CHIP

CHECKED = "2026-11-28"

_HAMI_SCHEDULER_ADVICE = (
    "Make the GPU pods reach hami-scheduler: check that HAMi's scheduler pod runs (`kubectl get pods -n kube-system | "
    "grep hami-scheduler`), that the API server can call its webhook (`kubectl get mutatingwebhookconfiguration | grep "
    "hami` and the hami-scheduler service's endpoints; on clusters with a firewall between control plane and nodes open "
    "the webhook's port), and that scheduler.kubeScheduler.imageTag matches the cluster's Kubernetes version when HAMi "
    "is installed with Helm; then delete and recreate the pod. `kubectl describe pod` must show its schedulerName "
    "hami-scheduler and events from hami-scheduler, not default-scheduler; setting `schedulerName: hami-scheduler` in "
    "the pod spec is a stopgap.")

_VGPU_COUNT_ADVICE = (
    "Ask for no more vGPUs per container than the node has physical GPUs (`nvidia-smi -L` on the node): under HAMi "
    "nvidia.com/gpu (Volcano volcano.sh/vgpu-number) is the number of physical GPUs the container spans, each vGPU on a "
    "different card, however high deviceSplitCount is. To get a larger share of one GPU ask nvidia.com/gpu: 1 with more "
    "nvidia.com/gpumem or gpumem-percentage and gpucores (Volcano vgpu-memory, vgpu-cores); a workload that needs "
    "several GPUs needs a node with that many.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.hami-webhook-unreachable",
        cause_id="k8s-gpu-share-not-scheduled",
        kinds=("any",),
        # kube-apiserver's dispatcher when a mutating webhook cannot be called: failurePolicy Ignore logs "Failed
        # calling webhook, failing open NAME: failed calling webhook "NAME": failed to call webhook: Post ...";
        # failurePolicy Fail refuses the pod ("Internal error occurred: failed calling webhook "NAME": ..."). HAMi's
        # webhook is vgpu.hami.io (vgpu.4paradigm.com in 4paradigm's k8s-vgpu-scheduler it grew from).
        patterns=(
            r"[Ff]ailing open (?P<webhook>[\w.-]{0,40}(?:hami\.io|4paradigm\.com))\b",
            r"failed calling webhook \\?\"(?P<webhook>[\w.-]{0,40}(?:hami\.io|4paradigm\.com))\\?\"",
        ),
        severity="fail",
        cause=("The API server could not call HAMi's mutating webhook ({webhook}), so the pod was not set to use "
               "hami-scheduler: with the webhook failing open it goes to the default-scheduler, which does not know "
               "HAMi's vGPU resources (Insufficient nvidia.com/gpumem or gpucores, or Pending), and with it failing "
               "closed the pod is refused."),
        advice=_HAMI_SCHEDULER_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/Project-HAMi/HAMi/issues/919", "https://github.com/Project-HAMi/HAMi/issues/234",
                 "https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#failure-policy"),
        checked=CHECKED,
        examples=("containers/hami-919-webhook-vgpu-hami-io-failing-open-insufficient.txt",),
    ),
    Signature(
        code="containers.vgpu-pod-default-scheduler-described",
        described=True,
        cause_id="k8s-gpu-share-not-scheduled",
        kinds=("any",),
        patterns=(
            # "the Pod is automatically set to use the default-scheduler, which causes the Pod to be unable to be
            # scheduled by the hami-scheduler", "scheduled by default-scheduler instead of hami-scheduler"
            r"\bdefault-scheduler\b[^\n]{0,160}?\b(?:hami|volcano|vgpu)-scheduler\b",
            r"\b(?:hami|vgpu)-scheduler\b[^\n]{0,100}?\bdefault-scheduler\b",
            # "not scheduled by hami-scheduler", "hami-scheduler never sees the pod", "没有经过hami-scheduler调度"
            r"\b(?:not|never|isn't|wasn't|aren't|weren't)\b[^\n]{0,20}?\b(?:scheduled|placed|handled|picked up) by "
            r"(?:the )?hami-scheduler\b",
            r"(?:没有|未|不)(?:经过|被|走)?hami-scheduler",
        ),
        severity="warn",
        cause=("The description says the GPU pods go to the default-scheduler instead of hami-scheduler: HAMi's mutating "
               "webhook did not set their schedulerName (it is not installed properly, unreachable, or skips the pod), "
               "and the default scheduler cannot place HAMi's vGPU requests."),
        advice=_HAMI_SCHEDULER_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/Project-HAMi/HAMi/issues/1162", "https://github.com/Project-HAMi/HAMi/issues/234"),
        checked=CHECKED,
        examples=("containers/hami-1162-vgpu-pod-set-to-default-scheduler-prose.txt",),
    ),
    Signature(
        code="containers.vgpu-request-exceeds-cards",
        cause_id="k8s-shared-gpu-request-too-large",
        kinds=("any",),
        # HAMi's and Volcano's vGPU filter (pkg/device/nvidia/device.go, volcano's api/devices/nvidia/vgpu): a
        # container's vGPU count above the node's physical cards fails with "no enough gpu cards on node NAME"; other
        # vendors' ports of it say ", request: N, have: M".
        patterns=(r"\bno enough gpu cards on node(?: (?P<node>[\w.-]{1,63}))?(?:, request: (?P<count>\d{1,4}), have: "
                  r"(?P<have>\d{1,4}))?",),
        severity="fail",
        cause=("A container asks for more vGPUs than the node has physical GPUs: HAMi and Volcano's vGPU sharing put each "
               "of a container's vGPUs on a different card, so the request cannot fit on the node and the pod stays "
               "Pending."),
        advice=_VGPU_COUNT_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver", "the device plugin"),
        never_suggest=("reinstall the driver", "increase deviceSplitCount"),
        sources=("https://github.com/volcano-sh/volcano/issues/2907", "https://github.com/Project-HAMi/HAMi/issues/444",
                 "https://github.com/Project-HAMi/HAMi/blob/master/pkg/device/nvidia/device.go"),
        checked=CHECKED,
        examples=("containers/volcano-2907-vgpu-number-two-one-card-no-enough-gpu-cards.txt",),
    ),
    Signature(
        code="containers.vgpu-request-over-physical-described",
        described=True,
        cause_id="k8s-shared-gpu-request-too-large",
        kinds=("any",),
        patterns=(
            # "1张实际显卡设置为10个vgpu，在pod中申请大于1的显卡无法分配", "申请超过1个GPU就一直Pending"
            r"申请大于[ ]?(?:1|一)[^\n]{0,12}?(?:卡|GPU|gpu)[^\n]{0,20}?(?:无法|不能|失败|[Pp]ending|一直)",
            r"申请超过[ ]?(?:1|一)[^\n]{0,12}?(?:卡|GPU|gpu)[^\n]{0,20}?(?:无法|不能|失败|[Pp]ending|一直)",
            r"申请多于[ ]?(?:1|一)[^\n]{0,12}?(?:卡|GPU|gpu)[^\n]{0,20}?(?:无法|不能|失败|[Pp]ending|一直)",
            # "requesting more than one vGPU stays pending", "asking for 2 vgpus cannot be allocated"
            r"\b(?:request(?:ing|s|ed)?|ask(?:ing|s|ed)? for|apply(?:ing)? for)\s(?:more than (?:one|1)|[2-9]|\d{2})\s"
            r"(?:vGPU|vgpu|VGPU)s?\b[^\n]{0,100}?\b(?:[Pp]ending|cannot be (?:allocated|scheduled)|can't be (?:allocated|"
            r"scheduled)|not (?:be )?(?:allocated|scheduled)|unschedulable|fails?\b|failed)",
            # "the number of vGPUs requested cannot exceed the physical GPUs", "more vGPUs than physical GPUs"
            r"\b[vV](?:GPU|gpu)s?\b[^\n]{0,60}?\b(?:exceeds?|more than|greater than|larger than|above)\b[^\n]{0,30}?"
            r"\bphysical (?:GPU|gpu|card)s?\b",
        ),
        severity="warn",
        cause=("The description suggests a container asks for more vGPUs than the node has physical GPUs: under HAMi "
               "(and Volcano's vGPU) each of a container's vGPUs sits on a different card, so such a pod stays Pending "
               "however many vGPUs each card is split into."),
        advice=_VGPU_COUNT_ADVICE,
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "increase deviceSplitCount"),
        sources=("https://github.com/Project-HAMi/HAMi/issues/444", "https://github.com/Project-HAMi/HAMi#quick-start"),
        checked=CHECKED,
        examples=("containers/hami-444-ten-vgpus-one-card-request-two-pending-prose.txt",),
    ),
    Signature(
        code="containers.vgpu-memory-unspecified-described",
        described=True,
        cause_id="k8s-vgpu-memory-unspecified",
        kinds=("any",),
        patterns=(
            # "不指定“nvidia.com/gpumem”", "没有设置gpumem", "未配置 nvidia.com/gpumem"
            r"(?:不|没有|没|未)(?:指定|设置|配置|申请|填写?|加)[^\n]{0,4}?(?:nvidia\.com/)?gpumem",
            # "pod 是独占整张 GPU 卡显存的吗", "独占整卡显存"
            r"独占整张?[^\n]{0,8}?显存",
            # "you don't assign nvidia.com/gpumem", "without nvidia.com/gpumem", "gpumem is not set"
            r"\b(?:without|don't|do not|didn't|did not|doesn't|does not|no|not|never|missing|omit(?:ted|ting)?)\b"
            r"[^\n]{0,25}?\b(?:nvidia\.com/)?gpumem(?:-percentage)?\b",
            r"\b(?:nvidia\.com/)?gpumem(?:-percentage)?\b[^\n]{0,20}?\b(?:is|was|are|were)? ?(?:not set|unset|missing|"
            r"not specified|omitted|left out)\b",
        ),
        severity="warn",
        cause=("The description suggests GPU pods under HAMi ask for vGPUs without a memory share (nvidia.com/gpumem or "
               "gpumem-percentage): each such vGPU is given the whole memory of its card (scheduler.defaultMem 0), so "
               "only one such pod fits per GPU and the rest stay Pending however high deviceSplitCount is."),
        advice=("Give each GPU container a memory share: `nvidia.com/gpumem: 4000` (MiB) or `nvidia.com/gpumem-percentage: "
                "25` beside `nvidia.com/gpu: 1` (and gpucores for a compute share), or set a default for pods that name "
                "none with the chart's scheduler.defaultMem (or defaultGPUMemPercentage); then several pods share each "
                "GPU."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "increase deviceSplitCount"),
        sources=("https://github.com/Project-HAMi/HAMi/issues/194", "https://github.com/Project-HAMi/HAMi/issues/1173",
                 "https://github.com/Project-HAMi/HAMi/blob/master/docs/config.md"),
        checked=CHECKED,
        examples=("containers/hami-194-no-gpumem-pod-holds-whole-gpu-memory-prose.txt",),
    ),
    Signature(
        code="containers.dev-shm-mount-described",
        described=True,
        cause_id="container-shm-too-small",
        kinds=("any",),
        patterns=(
            # "mounting a volume to /dev/shm", "does not provide a way to configure shared memory (`/dev/shm`)",
            # "mount /dev/shm in the pod spec", "had to increase the Docker /dev/shm"
            _NOT_ON_CHIP + r"\b(?:[Mm]ount|[Cc]onfigur|[Aa]llocat|[Ee]xpos|[Ee]nlarg|[Rr]esiz)(?:e|es|ed|ing|s)?\b"
            r"[^\n]{0,50}?`?/dev/shm\b",
            # "no way to set the size of /dev/shm", "specify a bigger /dev/shm", "change /dev/shm's size"
            _NOT_ON_CHIP + r"\b(?:[Ss]et(?:s|ting)?|[Ss]pecif(?:y|ies|ied|ying)|[Cc]hang(?:e|es|ed|ing))\b[^\n]{0,20}?"
            r"\b(?:size|sizeLimit|limit|bigger|larger)\b[^\n]{0,20}?`?/dev/shm\b",
            # "vLLM requires existence of shared memory", "the workers need more shared memory"
            _NOT_ON_CHIP + r"\b(?:[Rr]equire[sd]?|[Nn]eeds?|[Nn]eeded)\s(?:the\s)?(?:existence of\s|more\s|enough\s|a "
            r"(?:larger|bigger)\s|larger\s|bigger\s)?shared[- ]memory\b(?! (?:per|for each) (?:block|SM))",
            # "NCCL shared memory allocation issues", "shared memory allocation failures" (the segments under /dev/shm)
            r"\bNCCL shared[- ]memory (?:allocation )?(?:issues?|errors?|problems?|failures?)\b",
        ),
        severity="warn",
        cause=("The description points at the container's /dev/shm: a Docker container or Kubernetes pod gets 64 MB "
               "there unless told otherwise, too little for vLLM's tensor-parallel workers, NCCL's shared-memory "
               "segments or DataLoader workers."),
        advice=("Mount a memory-backed emptyDir at /dev/shm in the pod spec (`volumes: [{name: dshm, emptyDir: {medium: "
                "Memory, sizeLimit: 16Gi}}]` and `volumeMounts: [{name: dshm, mountPath: /dev/shm}]`; Helm charts such "
                "as vLLM's production stack have a shm size value for it); with Docker use `--shm-size=16g` or "
                "`--ipc=host` (compose `shm_size`). `df -h /dev/shm` in the container shows the size it got."),
        action="configure",
        rules_out=("GPU memory", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "lower the batch size"),
        sources=("https://github.com/vllm-project/production-stack/issues/97",
                 "https://github.com/vllm-project/vllm/issues/37982", "https://github.com/LMCache/LMCache/pull/4309",
                 "https://docs.vllm.ai/en/latest/deployment/k8s/"),
        checked=CHECKED,
        examples=("containers/productionstack-97-tensor-parallel-needs-dev-shm-volume-prose.txt",
                  "containers/vllm-37982-chart-helm-lacks-dev-shm-setting-prose.txt"),
    ),
)
