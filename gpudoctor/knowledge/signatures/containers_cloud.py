"""Clouds that will not hand out a GPU: the project's GPU quota used up, the zone out of the GPU instance type, as GCP,
GKE's cluster autoscaler, Vertex AI, Azure and AWS word it, a cluster autoscaler that sees no GPU node group to grow, and a
containerd configuration (after adding the NVIDIA runtime) that containerd cannot load (rows of the containers area,
joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

GCE_GPU_QUOTA = "https://cloud.google.com/compute/resource-usage#gpu_quota"
GCE_RESOURCE_ERRORS = "https://cloud.google.com/compute/docs/troubleshooting/troubleshooting-resource-availability"
EC2_CAPACITY = "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/troubleshooting-launch.html#troubleshooting-launch-capacity"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cloud-gpu-quota-exceeded",
        cause_id="cloud-gpu-quota",
        kinds=("any",),
        # Compute Engine's quota error names the quota (NVIDIA_<MODEL>_GPUS per region, PREEMPTIBLE_..., GPUS_ALL_REGIONS,
        # which new projects start at 0); GKE's cluster autoscaler reports the same refusal on the pending pod; Vertex AI
        # answers 429 naming its per-GPU training quota; Azure names the N-series family's vCPU quota.
        patterns=(r"Quota '(?P<quota>(?:PREEMPTIBLE_)?NVIDIA_\w{2,30}_GPUS|GPUS_ALL_REGIONS|GPUS_PER_GPU_FAMILY)' exceeded",
                  r"associated with this pod failed: GCE quota exceeded",
                  r"quota metrics exceed quota limits: [\w./-]{0,80}nvidia_(?P<gpu>\w{1,30})_gpus",
                  r"exceeding approved (?P<family>Standard N[CDV]\w{0,30} Family) (?:Cores|vCPUs) quota"),
        severity="fail",
        cause="The cloud refused to create the GPU machine or node: the project's quota for this GPU is used up or "
              "still at its default of 0.",
        advice=("Request a quota increase for this GPU type in this region (Google Cloud: IAM & Admin > Quotas, filter "
                "on the GPU, e.g. NVIDIA_L4_GPUS, and on GPUS_ALL_REGIONS, which new projects start at 0; Azure: "
                "Usage + quotas for the N-series family; a free-trial account must be upgraded first), or ask for a "
                "GPU type the quota already allows; then create the VM or node pool again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the device plugin", "the container toolkit"),
        never_suggest=("reinstall the driver", "restart the device plugin"),
        sources=("https://github.com/fastai/course-v3/pull/165", "https://github.com/huggingface/Google-Cloud-Containers/issues/126",
                 "https://github.com/GoogleCloudPlatform/stable-diffusion-on-gcp/issues/12",
                 "https://github.com/skypilot-org/skypilot/issues/464", GCE_GPU_QUOTA),
        checked="2026-11-26",
        examples=("containers/fastai-course-165-gpus-all-regions-quota-zero.txt",
                  "containers/hfgcc-126-gke-scale-up-gce-quota-exceeded.txt",
                  "containers/sdgcp-12-vertex-l4-gpu-quota-exceeded.txt"),
    ),
    Signature(
        code="containers.cloud-gpu-zone-stockout",
        cause_id="cloud-gpu-capacity",
        kinds=("any",),
        # Compute Engine's stockout (ZONE_RESOURCE_POOL_EXHAUSTED[_WITH_DETAILS], "does not have enough resources
        # available"), EC2's InsufficientInstanceCapacity and SageMaker's EC2InsufficientCapacityError.
        patterns=(r"ZONE_RESOURCE_POOL_EXHAUSTED",
                  r"zones/(?P<zone>[\w-]{2,40})' does\s{1,3}not have enough resources available to fulfill the request",
                  r"InsufficientInstanceCapacity\b",
                  r"EC2InsufficientCapacityError: Instance type '(?P<type>[\w.]{2,40})' is temporarily unavailable"),
        severity="fail",
        cause="The cloud zone has no free capacity of the requested GPU instance type right now (a stockout), so the "
              "machine was not created; the quota and the set-up are not the problem.",
        advice=("Ask for the machine in another zone or region (GCP's error and AWS's message name zones that have "
                "capacity; on AWS leave the Availability Zone unset), or use another GPU instance type, or retry later; "
                "for a node pool or autoscaler, list several zones or instance types so it can fall back."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU quota"),
        never_suggest=("request a quota increase", "reinstall the driver"),
        sources=("https://github.com/sgkit-dev/sgkit/issues/611", "https://github.com/kubernetes/k8s.io/issues/9834",
                 "https://github.com/choderalab/perses/issues/1152", "https://github.com/ray-project/ray/issues/57206",
                 GCE_RESOURCE_ERRORS, EC2_CAPACITY),
        checked="2026-11-26",
        examples=("containers/sgkit-611-zone-resource-pool-exhausted-gpu.txt",
                  "containers/k8sio-9834-t4-zone-stockout-other-zones.txt",
                  "containers/perses-1152-p2-insufficient-instance-capacity.txt"),
    ),
    Signature(
        code="containers.autoscaler-gpu-template-missing",
        cause_id="k8s-no-gpu-resource",
        kinds=("any",),
        # cluster-autoscaler's NotTriggerScaleUp event and its scale_up.go predicate log: the template node it builds for
        # a node group (from the cloud's instance template, or tags when the group is at 0) offers no nvidia.com/gpu.
        patterns=(r"pod didn't trigger scale-up(?: \(it wouldn't fit if a new node is added\))?: [^\n]{0,200}?\d{1,5} "
                  r"Insufficient nvidia\.com/gpu",
                  r"on template-node-for-[\w.-]{1,200}, reason: Insufficient (?:nvidia\.com/gpu|alpha\.kubernetes\.io/nvidia-gpu)"),
        refines=("containers.insufficient-gpu-resource",),
        severity="fail",
        cause="The cluster autoscaler will not add a node for the pod: no node group's template shows a free "
              "nvidia.com/gpu (a GPU group at 0 nodes whose GPUs the autoscaler does not know about, no GPU node "
              "group at all, or a GPU group at its maximum size).",
        advice=("Make a GPU node group the autoscaler can grow: on AWS tag the GPU Auto Scaling group with "
                "`k8s.io/cluster-autoscaler/node-template/resources/nvidia.com/gpu` = GPUs per node (and "
                "`k8s.io/cluster-autoscaler/node-template/label/<key>` for each label the pod selects on); on GKE "
                "create the node pool with `--accelerator type=<gpu>,count=<n>` and `--enable-autoscaling`; where the "
                "event also says 'max node group size reached', raise that group's maximum."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/kubernetes/autoscaler/issues/3869", "https://github.com/kubernetes/autoscaler/issues/929",
                 "https://github.com/kubernetes/autoscaler/pull/2929",
                 "https://github.com/kubernetes/autoscaler/blob/master/cluster-autoscaler/cloudprovider/aws/README.md"),
        checked="2026-11-26",
        examples=("containers/autoscaler-3869-not-trigger-scale-up-gpu-asg.txt",),
    ),
    Signature(
        code="containers.containerd-config-invalid",
        cause_id="containerd-config-invalid",
        kinds=("any",),
        # containerd's own words when its config.toml does not load: the whole file (a version-1 plugin key such as
        # "cri" in a version 2 or 3 file), or the CRI plugin's section, which containerd then skips (no pods run).
        patterns=(r"failed to load TOML from (?P<path>/[\w./-]{1,120}): invalid plugin key URI",
                  r"error=\\?\"invalid plugin config: (?P<reason>[^\n]{1,200})"),
        severity="fail",
        cause="containerd cannot load its configuration (keys of another config version, or a default runtime that no "
              "runtimes section defines), so it does not start or runs without its CRI plugin, and Kubernetes runs no "
              "pods on this node; the GPU and driver are not involved.",
        advice=("Rebuild the file from containerd's own defaults and add the NVIDIA runtime with a current toolkit: "
                "`sudo nvidia-ctk runtime configure --runtime=containerd --config-source=command` (or start from "
                "`containerd config default`), keep every section under the key its `version` uses "
                "(`plugins.\"io.containerd.grpc.v1.cri\"` for version 2), check it with `containerd config dump`, then "
                "`sudo systemctl restart containerd`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall the container toolkit"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/pull/1145", "https://github.com/kata-containers/kata-containers/issues/4124",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/pull/686",
                 "https://github.com/containerd/containerd/blob/main/docs/PLUGINS.md"),
        checked="2026-11-26",
        examples=("containers/k8sdp-1145-cri-plugin-invalid-config-runc.txt",
                  "containers/kata-4124-containerd-invalid-plugin-key-cri.txt"),
    ),
)
