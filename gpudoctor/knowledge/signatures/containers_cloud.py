"""Clouds that will not hand out a GPU: the project's GPU quota used up, or the zone out of the GPU instance type, as
GCP, GKE's cluster autoscaler, Vertex AI, Azure and AWS word it (rows of the containers area, joined into
containers.SIGNATURES)."""

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
)
