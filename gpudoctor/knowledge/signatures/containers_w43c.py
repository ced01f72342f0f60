"""Issue 25 (helper w43c): a GPU node's taint that a chart's or DaemonSet's tolerations do not cover, as people describe it.

A Helm chart or manifest whose DaemonSet (a metrics exporter, the driver installer, Node Feature Discovery, a health
monitor) has no toleration for the taint on the GPU nodes, or one that does not match it (operator Equal with another
value), is never scheduled there: the DaemonSet reports DESIRED 0, no pod and no event, and where the DaemonSet is NFD or
the device plugin the node never advertises nvidia.com/gpu (k8s-device-plugin#1934, NVSentinel#1004). No tool prints a
line for it (the scheduler's "untolerated taint" event comes only for pods it tried to place, and a DaemonSet controller
never creates them), so the row reads the description: warn, and the advice says what to check.

On OpenShift the same DaemonSets can also be refused by Security Context Constraints: a privileged container or a
hostPath volume that no SCC the service account may use allows ("unable to validate against any security context
constraint"; instaslice-operator#399, fake-gpu-operator#225): the fix is the privileged SCC for that account.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# A line that speaks of a GPU node, or of the nvidia.com/gpu taint itself.
_GPU = r"(?=[^\n]{0,600}?(?:\bGPU|\bgpu\b|nvidia\.com/gpu))"
# A line that speaks of a taint or a toleration.
_TAINT = r"(?=[^\n]{0,600}?\b(?:[Tt]aint|[Tt]olerat))"
# Not a line that blames the scheduler's "Insufficient nvidia.com/gpu" (no GPU advertised: k8s-no-gpu-resource).
_NOT_INSUFFICIENT = r"(?![^\n]{0,600}?(?:[Ii]nsufficient|as expected|as intended|exactly what|on purpose|by design))"
# "fail to schedule on", "can't be scheduled onto", "never gets scheduled to" ... the/any/our
_NOT_SCHEDULED = (r"\b(?:fails? to|failed to|unable to|won't|will not|cannot|can't|never|not|didn't|doesn't|does not) "
                  r"(?:get |gets |got |be |being )?schedul(?:e|ed|ing)? (?:on|onto|to) (?:the |any |our |its |my )?")
# GPU nodes, a GPU node pool or group, GPU instances or workers
_GPU_NODES = r"(?:nodes?|node ?pools?|node ?groups?|instances?|workers?)\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.gpu-taint-not-tolerated-described",
        described=True,
        cause_id="k8s-gpu-taint",
        kinds=("any",),
        patterns=(
            # "the toleration does not match the node taint", "its tolerations don't cover the nvidia.com/gpu taint",
            # "the DaemonSet doesn't tolerate the GPU taint"
            "^" + _GPU + r"[^\n]{0,600}?\b(?:[Tt]olerations?|DaemonSets?|[Dd]aemon[Ss]ets?|[Cc]harts?|pods?)\b[^\n]{0,80}?"
            r"\b(?:does not|doesn't|doesn’t|do not|don't|don’t|never|won't|cannot|can't|did not|didn't) "
            r"(?:match|tolerate|cover)\b[^\n]{0,80}?\btaint",
            # "daemonsets fail to schedule on GPU nodes that have NoSchedule taints", "never scheduled onto the tainted
            # GPU nodes"; the taint must be why (not a line that blames Insufficient nvidia.com/gpu and names a taint
            # only in passing).
            "^" + _NOT_INSUFFICIENT + r"[^\n]{0,600}?" + _NOT_SCHEDULED + r"(?:tainted )(?:GPU|gpu)[ -]" + _GPU_NODES,
            "^" + _NOT_INSUFFICIENT + r"[^\n]{0,600}?" + _NOT_SCHEDULED + r"(?:\w{1,12} )?(?:GPU|gpu)[ -]" + _GPU_NODES
            + r"[^\n]{0,20}?(?:\b(?:that|which) (?:have|has|carry|carries)\b[^\n]{0,40}?\b(?:[Tt]aint|NoSchedule|NoExecute)"
            r"|\b(?:because of|due to) (?:the |a |its |their )?(?:[\w./=:`-]{1,40} )?[Tt]aints?\b"
            r"|\bwith (?:a |the )?(?:[\w./=:`-]{1,40} )?(?:[Tt]aints?\b|NoSchedule))",
            # "the DaemonSet stays at desired=0 ... taint", "DESIRED 0 / CURRENT 0 on the tainted GPU nodes"
            "^" + _NOT_INSUFFICIENT + _TAINT + _GPU + r"[^\n]{0,600}?\b(?:DESIRED|[Dd]esired)(?: (?:pods?|count|number))?(?: (?:is|of|at))?"
            r"[ =:]{1,3}`?0\b(?![.\d])",
        ),
        refines=("containers.k8s-node-no-gpu-capacity-described",), refines_within=None,
        severity="warn",
        cause=("The description suggests a DaemonSet or pod has no toleration that matches the taint on the GPU nodes "
               "(nvidia.com/gpu:NoSchedule, or a provisioner's own), so Kubernetes never places it there: a DaemonSet "
               "shows DESIRED 0 with no pod and no event, and where it is the device plugin or Node Feature Discovery "
               "the node never advertises nvidia.com/gpu."),
        advice=("Compare the node's taint (`kubectl describe node NODE | grep -A3 Taints`) with the DaemonSet's "
                "tolerations (`kubectl get ds -A -o yaml | grep -A6 tolerations`) and add one that matches it: "
                "`tolerations: [{key: nvidia.com/gpu, operator: Exists, effect: NoSchedule}]` (operator Exists, since "
                "Equal needs the taint's exact value) in the chart's values, e.g. `--set-json "
                "'tolerations=[{\"key\":\"nvidia.com/gpu\",\"operator\":\"Exists\",\"effect\":\"NoSchedule\"}]'`, "
                "and for subcharts their own key (nfd.worker.tolerations); a values list replaces the chart's default "
                "rather than adding to it, so keep the defaults you still need. Then `kubectl get ds -A` shows one pod "
                "per GPU node."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/1934", "https://github.com/NVIDIA/NVSentinel/pull/1004",
                 "https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/"),
        checked="2026-11-28",
        examples=("containers/k8sdeviceplugin-1934-nfd-equal-toleration-gpu-taint-true.txt",
                  "containers/nvsentinel-pr1004-daemonsets-no-toleration-tainted-gpu-nodes.txt"),
    ),
    Signature(
        code="containers.openshift-scc-denied",
        cause_id="openshift-scc-denied",
        kinds=("any",),
        # OpenShift's SCC admission (apiserver-library-go's sccadmission): a pod that no Security Context Constraint
        # its service account may use admits, the controller's FailedCreate event ("Error creating: pods \"NAME-\" is
        # forbidden: unable to validate against any security context constraint: [provider ...]"), or the line
        # quoted in prose.
        patterns=(r"unable to validate against any security context constraint",),
        severity="fail",
        cause=("OpenShift refused to create the pods: they ask for privileged containers, added capabilities or hostPath "
               "volumes (as the device plugin, DCGM exporter, DRA kubelet plugins and GPU operators' DaemonSets do), and "
               "no Security Context Constraint their service account may use allows that, so the DaemonSet or "
               "ReplicaSet creates no pod."),
        advice=("Let the component's service account use the privileged SCC: enable the chart's OpenShift option where "
                "it has one (it adds the security.openshift.io `use` rule to the ClusterRole), or `oc adm policy "
                "add-scc-to-user privileged -z SERVICEACCOUNT -n NAMESPACE` (the account from `oc get ds NAME -o "
                "jsonpath='{.spec.template.spec.serviceAccountName}'`); on OpenShift install the GPU Operator and Node "
                "Feature Discovery through OperatorHub, which bring their own SCCs. `oc get events` then shows the pods "
                "created."),
        action="configure",
        rules_out=("the driver", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/openshift/instaslice-operator/pull/399", "https://github.com/run-ai/fake-gpu-operator/pull/225",
                 "https://docs.openshift.com/container-platform/latest/authentication/managing-security-context-constraints.html"),
        checked="2026-11-28",
        examples=("containers/instaslice-pr399-daemonset-forbidden-scc-privileged.txt",
                  "containers/fakegpuoperator-pr225-openshift-scc-device-plugin-failedcreate.txt"),
    ),
)
