"""Issue 25 (helper w23c): notebooks and rented GPUs refusing a GPU, in the words the service prints.

Google Colab gives GPUs within usage limits (free accounts a dynamic allowance, Pro and pay-as-you-go accounts compute
units): once they are spent, connecting a GPU runtime fails with "Cannot connect to GPU backend / You cannot currently
connect to a GPU due to usage limits in Colab" until the allowance resets or more compute units are bought. Nothing on
the machine is wrong, and no driver or package change helps.

Rented-GPU marketplaces (RunPod, Vast.ai) schedule a container onto whichever host has the GPU free; a host's NVIDIA
driver may support an older CUDA than the image needs, and a pod cannot upgrade its host's driver. People describe it
in their own words ("the assigned host supported CUDA 12.6 and the container refused to start"); the toolkit's own
"unsatisfied condition: cuda>=X" line is containers.unsatisfied-cuda-requirement.

Colab also refuses when it has no GPU free at all ("No backend with GPU available", "Sorry, no backends available"):
capacity, not the account's limit. On AWS, GPU capacity is gated by quotas that start at 0: SageMaker's per-instance-type
service limits ("The account-level service limit 'ml.p3.2xlarge for training job usage' is 0 Instances") and EC2's vCPU
limits per instance family (VcpuLimitExceeded; "Running On-Demand G and VT instances"). On Google Cloud a GPU type
exists only in some zones: asking for it elsewhere is "The resource '.../zones/Z/acceleratorTypes/nvidia-...' was not
found". Hugging Face Spaces say "Scheduling failure: not enough hardware capacity" when their hardware is all taken, and
ZeroGPU counts each visitor's GPU seconds ("You have exceeded your GPU quota").

The other way round, an orchestrator (dstack, a cloud image made for GPU machines) may start a container through the
NVIDIA runtime on an instance without a GPU, where the hook fails with "nvml error: driver not loaded" though nothing is
broken; people name the instance ("a run on a CPU instance", "Cudo without GPU") beside it.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

COLAB_LIMITS = "https://research.google.com/colaboratory/faq.html#usage-limits"
RUNPOD_CUDA_FILTER = "https://docs.runpod.io/references/graphql-spec"
SAGEMAKER_LIMITS = "https://docs.aws.amazon.com/general/latest/gr/sagemaker.html"
COLAB_GPU_AVAILABILITY = "https://research.google.com/colaboratory/faq.html#gpu-availability"
EC2_VCPU_LIMITS = "https://docs.aws.amazon.com/ec2/latest/instancetypes/ec2-instance-quotas.html"
GCE_GPU_ZONES = "https://cloud.google.com/compute/docs/gpus/gpu-regions-zones"
HF_ZEROGPU = "https://huggingface.co/docs/hub/spaces-zerogpu"
HF_SPACES_GPUS = "https://huggingface.co/docs/hub/spaces-gpus"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.colab-gpu-usage-limits",
        cause_id="cloud-gpu-quota",
        kinds=("any",),
        # Colab's connect dialog (also quoted in its translations' English original): the account's GPU allowance or
        # compute units are spent; "Cannot connect to GPU backend" is its title line.
        patterns=(r"cannot currently connect to a GPU due to usage limits",),
        severity="fail",
        cause=("Colab refused a GPU runtime because this account has reached its GPU usage limits (the free allowance, "
               "or the compute units of a Pro or pay-as-you-go plan, are spent); nothing on the machine is at fault."),
        advice=("See what is left (the arrow next to Connect > View resources: no compute units listed means none "
                "left); then wait for the usage limit to reset (a free account's allowance comes back after hours to "
                "days of less use) or buy compute units / a Colab plan, and run on a CPU runtime meanwhile; close "
                "idle GPU sessions (Runtime > Disconnect and delete runtime) so they stop spending the allowance."),
        action="configure",
        rules_out=("the NVIDIA driver", "the notebook's code", "an installed package"),
        never_suggest=("reinstall the driver", "update the driver", "reinstall torch"),
        sources=("https://github.com/googlecolab/colabtools/issues/1523", "https://github.com/googlecolab/colabtools/issues/3144",
                 "https://github.com/googlecolab/colabtools/issues/1438", COLAB_LIMITS),
        checked="2026-11-27",
        examples=("containers/colabtools-1438-cannot-connect-gpu-usage-limits.txt",
                  "containers/colabtools-1523-cannot-connect-gpu-backend.txt",
                  "containers/colabtools-3144-colab-pro-out-of-compute-units.txt"),
    ),
    Signature(
        code="containers.rented-host-cuda-below-image-described",
        cause_id="cuda-driver-too-old",
        kinds=("any",),
        # A person's account of a GPU marketplace placing the image on a host whose driver supports an older CUDA
        # ("the assigned host supported CUDA 12.6 and the stock container refused to start").
        patterns=(r"\bhost (?:only )?support(?:s|ed) CUDA \d{2}\.\d\b[^.]{0,80}\b(?:container|pod)s? refused to start\b",
                  r"\bhosts? (?:below|older than|without) (?:the )?(?:required |image's )?CUDA \d{2}\.\d\b",
                  r"\b(?:pods?|containers?) (?:being |get |gets |got )?(?:assigned|scheduled|placed) (?:to|on|onto) "
                  r"(?:machines|hosts|nodes) with (?:incompatible|older|old)\b",
                  r"\bschedul\w{1,3} (?:pods?|containers?) onto (?:hosts?|machines?) (?:that|which) can(?:'t|not) run\b"),
        severity="warn",
        cause=("The description says the GPU host's driver supports an older CUDA than the image needs, so the "
               "container cannot start there; a container cannot upgrade its host's driver."),
        advice=("Ask for a host whose driver supports the image's CUDA (RunPod: the CUDA version filter when deploying, "
                "allowedCudaVersions in the API, on create and on resume; Vast.ai: filter offers by CUDA version), or "
                "use an image built for the older CUDA the host supports."),
        action="configure",
        rules_out=("a fault in the image's application",),
        never_suggest=("reinstall the driver inside the container",),
        sources=("https://github.com/artokun/comfyui-mcp/issues/2016", "https://github.com/runpod/runpodctl/issues/253",
                 RUNPOD_CUDA_FILTER),
        checked="2026-11-27",
        examples=("containers/comfyuimcp-2016-runpod-pod-on-cuda-126-host.txt",),
        described=True,
    ),
    Signature(
        code="containers.sagemaker-gpu-instance-limit",
        cause_id="cloud-gpu-quota",
        kinds=("any",),
        # SageMaker's ResourceLimitExceeded for a GPU instance family (ml.p*, ml.g*): "The account-level service limit
        # 'ml.p2.xlarge for training job usage' is 0 Instances, with current utilization of 0 Instances and a request
        # delta of 1 Instances"; new accounts start many GPU types at 0. The usage (training job, endpoint, processing
        # job) may wrap to the next line.
        patterns=(r"account-level service limit '(?P<instance>ml\.[pg]\d[a-z]{0,3}\.\w{4,12})\b",),
        severity="fail",
        cause=("SageMaker refused to start the job or endpoint: the account's service limit for {instance} (per use: "
               "training jobs, endpoints, processing jobs) is below what it asked for; GPU instance types often start at 0."),
        advice=("Request a quota increase for {instance} for that usage (Service Quotas console > Amazon SageMaker, "
                "e.g. \"{instance} for training job usage\"; or an AWS support case), or run on an instance type the "
                "account's limits already allow; stop jobs or endpoints still holding instances of that type."),
        action="configure",
        rules_out=("the NVIDIA driver", "the training code"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/aws/amazon-sagemaker-examples/issues/263",
                 "https://github.com/gabehollombe-aws/jupyter-notebooks/issues/1", SAGEMAKER_LIMITS),
        checked="2026-11-27",
        examples=("containers/sagemakerexamples-263-p2-training-limit-zero.txt",),
    ),
    Signature(
        code="containers.colab-no-gpu-backend-available",
        cause_id="cloud-gpu-capacity",
        kinds=("any",),
        # Colab's connect dialog when it has no GPU (or no backend at all) free to assign right now: demand, or an
        # incident on its side; paying accounts get it too. The usage-limits message is containers.colab-gpu-usage-limits.
        patterns=(r"No backend with GPU available", r"Sorry, no backends? available\.? (?:Please )?[Tt]ry (?:again )?later"),
        severity="fail",
        cause=("Colab had no GPU backend free to assign at that moment (high demand, or an incident on Colab's side); "
               "this is capacity, not the account's usage limit or anything in the notebook."),
        advice=("Try again later or pick another accelerator type, and use a runtime with no accelerator meanwhile; "
                "if it lasts for hours, check Colab's and Google Cloud's status pages for an incident. Paid plans get "
                "priority for GPUs but no guarantee."),
        action="configure",
        rules_out=("the NVIDIA driver", "the notebook's code", "an installed package"),
        never_suggest=("reinstall the driver", "reinstall torch"),
        sources=("https://github.com/googlecolab/colabtools/issues/2750", "https://github.com/googlecolab/colabtools/issues/4572",
                 COLAB_GPU_AVAILABILITY),
        checked="2026-11-27",
        examples=("containers/colabtools-2750-sorry-no-backends-available.txt",
                  "containers/colabtools-4572-colab-pro-gpu-backend-unavailable.txt"),
    ),
    Signature(
        code="containers.aws-ec2-vcpu-limit",
        cause_id="cloud-gpu-quota",
        kinds=("any",),
        # EC2's RunInstances refusal: On-Demand and Spot limits are counted in vCPUs per instance family ("Running
        # On-Demand G and VT instances", "... P instances"); GPU families start at 0 in new accounts.
        patterns=(r"VcpuLimitExceeded\b",
                  r"requested more vCPU capacity than your current vCPU limit of (?P<limit>\d+) allows"),
        severity="fail",
        cause=("AWS refused to start the instance: the account's EC2 vCPU quota for this instance family is too small "
               "for it (GPU families such as G and P start at 0 vCPUs in new accounts)."),
        advice=("Request a quota increase in Service Quotas > Amazon EC2 for the family's vCPUs in that region (GPU "
                "instances: \"Running On-Demand G and VT instances\" for g4dn/g5/g6, \"Running On-Demand P instances\" "
                "for p3/p4/p5, or the matching Spot quota), asking for at least the instance type's vCPUs (a "
                "g4dn.xlarge needs 4); or pick an instance type that fits the current limit, and stop instances of "
                "the family you no longer use."),
        action="configure",
        rules_out=("the NVIDIA driver", "the AMI"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/fedora-copr/logdetective/issues/77", "https://github.com/Coalfire-Research/npk/issues/111",
                 "https://github.com/tomomano/learn-aws-by-coding-source-code/issues/1", EC2_VCPU_LIMITS),
        checked="2026-11-27",
        examples=("containers/logdetective-77-ec2-vcpu-limit-gpu-vm.txt",),
    ),
    Signature(
        code="containers.nvidia-runtime-on-gpu-less-instance-described",
        described=True,
        # Beside the NVIDIA runtime hook's "nvml error: driver not loaded", a person's words that the run is on a cloud
        # instance without a GPU ("Start a run on a CPU instance", "Submit a run to Cudo without GPU") say the hook
        # should not have run there: containers.nvidia-runtime-on-cpu-node reads the same for cluster nodes.
        refines=("containers.cli-driver-not-loaded", "containers.cli-cuda-init-failed",
                 "containers.cli-load-library-failed"),
        refines_within=None,
        cause_id="nvidia-runtime-on-cpu-node",
        kinds=("any",),
        patterns=(r"\b(?:on|to) (?:an? |the )?(?:CPU|CPU-only|cpu-only|GPU-less|non-GPU|non-gpu) instances?\b",
                  r"\b(?:instance|VM|machine)s? without (?:a )?GPUs?\b",
                  r"\b(?:run|job|task)s? (?:on|to) [\w-]{2,20} without (?:a )?GPUs?\b"),
        severity="warn",
        cause=("The description puts the container on a cloud instance without a GPU; there the NVIDIA runtime's hook, "
               "if it runs at all (an OS image or default runtime made for GPU machines, an image that sets "
               "NVIDIA_VISIBLE_DEVICES), fails with 'driver not loaded' though nothing is broken."),
        advice=("Start containers on GPU-less instances without the NVIDIA runtime: use an OS image whose default "
                "runtime is runc (no \"default-runtime\": \"nvidia\" in /etc/docker/daemon.json), request no GPUs "
                "for the run, or set NVIDIA_VISIBLE_DEVICES=void so the hook injects nothing; keep the GPU image and "
                "runtime for GPU instances."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the driver"),
        sources=("https://github.com/dstackai/dstack/issues/1942", "https://github.com/dstackai/dstack/issues/1080",
                 "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"),
        checked="2026-11-27",
        examples=("containers/dstack-1942-nvidia-os-image-cpu-instance.txt",
                  "containers/dstack-1080-cudo-instance-without-gpu.txt"),
    ),
    Signature(
        code="containers.gcp-accelerator-type-not-in-zone",
        cause_id="cloud-gpu-capacity",
        kinds=("any",),
        # Compute Engine (gcloud, Terraform, Dataproc, Ray's autoscaler) names the accelerator under the zone asked for;
        # a GPU type that zone does not offer is "not found" there, whatever the project's quota.
        patterns=(r"zones/(?P<zone>[a-z]{2,12}-[a-z]{2,12}\d{1,2}-[a-z])/acceleratorTypes/(?P<gpu>nvidia-[\w-]{2,40})' "
                  r"was not found",),
        severity="fail",
        cause="Compute Engine does not offer the {gpu} GPU in zone {zone}, so the VM or cluster asking for it there cannot be created.",
        advice=("Create it in a zone that offers {gpu} (`gcloud compute accelerator-types list --filter=\"name={gpu}\"` "
                "lists them; GCP's GPU regions and zones page too), or ask for a GPU type that {zone} has; the region "
                "also needs GPU quota for it (NVIDIA_..._GPUS and GPUS_ALL_REGIONS)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the image"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/hashicorp/terraform-provider-google/issues/5860", "https://github.com/fastai/course-v3/pull/430",
                 "https://github.com/bsteuber/lizzie-gcloud-setup/issues/6", GCE_GPU_ZONES),
        checked="2026-11-27",
        examples=("containers/fastaicoursev3-430-nvidia-tesla-p4-zone.txt", "containers/tfgoogle-5860-k80-not-in-zone.txt"),
    ),
    Signature(
        code="containers.hf-space-no-hardware-capacity",
        cause_id="cloud-gpu-capacity",
        kinds=("any",),
        # A Hugging Face Space's status when its hardware cannot be scheduled ("Runtime error / Scheduling failure: not
        # enough hardware capacity", "unable to schedule"), and ZeroGPU's answer when no GPU frees up for a call in time.
        patterns=(r"Scheduling failure: (?:not enough hardware capacity|unable to schedule)",
                  r"No GPU is currently available for you after \d{1,4}s"),
        severity="fail",
        cause=("Hugging Face had no hardware of the kind the Space asks for free to schedule it (or, on ZeroGPU, no GPU "
               "freed up for the call in time): capacity on Hugging Face's side, not the app."),
        advice=("Try again later; the Space's owner can restart it (Settings > Restart this Space, or Factory rebuild) or "
                "move it to other hardware; a visitor can duplicate the Space onto hardware of their own or run the app "
                "locally."),
        action="configure",
        rules_out=("the NVIDIA driver", "the app's code"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/jwkirchenbauer/lm-watermarking/issues/13", "https://github.com/weaigc/bingo/issues/41",
                 "https://github.com/potamides/DeTikZify/issues/9", HF_SPACES_GPUS),
        checked="2026-11-27",
        examples=("containers/lmwatermarking-13-hf-space-not-enough-hardware-capacity.txt",
                  "containers/bingo-41-space-not-enough-hardware-capacity.txt"),
    ),
    Signature(
        code="containers.gpu-time-quota-exceeded",
        cause_id="cloud-gpu-quota",
        kinds=("any",),
        # ZeroGPU's refusal ("You have exceeded your GPU quota (60s requested vs. 42s left). ... retry in 1:02:03"): each
        # visitor's GPU seconds per day, fewer without a Hugging Face account; notebook guides quote Kaggle's weekly
        # GPU-hour cap in the same words.
        patterns=(r"You have exceeded your (?:free )?GPU quota",),
        severity="fail",
        cause=("The hosted GPU service refused the run: this account's GPU time (a ZeroGPU Space's per-user daily "
               "seconds, Kaggle's weekly GPU hours) is used up."),
        advice=("Wait for the quota to come back (the message or the service's settings say when: ZeroGPU retries after "
                "the time shown, Kaggle's resets weekly, see Settings > Accelerator); on ZeroGPU, sign in to Hugging "
                "Face (PRO gets more), ask for less GPU time per call, or duplicate the Space onto paid hardware or run "
                "it locally."),
        action="configure",
        rules_out=("the NVIDIA driver", "the app's code"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/hohonu-vicml/TrailBlazer/issues/3", HF_ZEROGPU),
        checked="2026-11-27",
        examples=("containers/trailblazer-3-zerogpu-quota-exceeded.txt",),
    ),
)
