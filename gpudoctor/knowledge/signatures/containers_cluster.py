"""Kubernetes and cluster schedulers around the GPU: the GPU operator's own images and Slurm's view of a node's GPUs
(rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SLURM_GRES = "https://slurm.schedmd.com/gres.html"
OPERATOR_PLATFORMS = "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/platform-support.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.operator-driver-image-missing",
        cause_id="operator-driver-image-missing",
        kinds=("any",),
        # The operator appends the node's OS (from node-feature-discovery) to the driver image tag:
        # nvcr.io/nvidia/driver:<version>-<os>. containerd's pull error ends with the reference and "not found";
        # Docker-shim and CRI-O nodes print "manifest for ... not found" / "manifest unknown".
        patterns=(r"nvcr\.io/nvidia/driver:(?P<tag>[\w.-]{1,80}): not found",
                  r"manifest for nvcr\.io/nvidia/driver:(?P<tag>[\w.-]{1,80}) not found"),
        severity="fail",
        cause="The GPU operator's driver pod asks for the image nvcr.io/nvidia/driver:{tag}, which NVIDIA does not "
              "publish: driver images exist only for the operating systems (and releases) the operator supports.",
        advice=("If the host already has a working NVIDIA driver, deploy the operator without its driver container "
                "(`helm upgrade --install gpu-operator nvidia/gpu-operator -n gpu-operator --set driver.enabled=false`; "
                "MicroK8s: `microk8s enable nvidia --gpu-operator-driver host`); otherwise run the GPU nodes on an "
                "operating system the operator supports, or set driver.version to a version published for this OS."),
        action="configure",
        rules_out=("the GPU", "the container toolkit"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/418", "https://github.com/canonical/microk8s/issues/2670",
                 "https://github.com/NVIDIA/gpu-operator/issues/722", OPERATOR_PLATFORMS),
        checked="2026-11-26",
        examples=("containers/gpuoperator-418-driver-image-unpublished-os.txt",
                  "containers/microk8s-2670-driver-image-ubuntu2110-not-found.txt"),
    ),
    Signature(
        code="containers.slurm-gres-count-low",
        cause_id="slurm-gres-not-configured",
        kinds=("any",),
        # slurmctld's reason when a registering slurmd reports fewer gres/gpu than the node's Gres= in slurm.conf
        # (scontrol show node, sinfo -R, slurmctld's log); older releases said "gres/gpu count too low" without counts.
        patterns=(r"gres/gpu:? count reported lower than configured(?: \((?P<found>\d{1,5}) < (?P<configured>\d{1,5})\))?",
                  r"gres/gpu:? count too low\b"),
        severity="fail",
        cause="Slurm drained the node because its slurmd found fewer GPUs than slurm.conf declares for it: a GPU or "
              "the driver is missing on the node, slurmd started before the driver was up, gres.conf asks for "
              "AutoDetect=nvml from a Slurm built without NVML, or the GPUs (MIG instances) changed while the "
              "configuration did not.",
        advice=("On the node run `nvidia-smi -L` (with AutoDetect=nvml each MIG instance counts as a GPU): if GPUs are "
                "missing fix the driver or hardware first; with AutoDetect=nvml check that slurmd was built with NVML "
                "(`ls $(dirname $(which slurmd))/../lib*/slurm/gpu_nvml.so`, else list the GPUs in gres.conf as "
                "`Name=gpu File=/dev/nvidia[0-3]`); make the node's Gres=gpu:N in slurm.conf match what it has, restart "
                "slurmd (`sudo systemctl restart slurmd`, slurmctld too after a slurm.conf change), then "
                "`scontrol update NodeName=NODE State=RESUME`."),
        action="configure",
        rules_out=("the job's own --gres request",),
        never_suggest=("reinstall the driver", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/awslabs/awsome-distributed-ai/issues/195",
                 "https://github.com/ComputeCanada/puppet-magic_castle/issues/361",
                 "https://github.com/SlinkyProject/containers/issues/14", SLURM_GRES),
        checked="2026-11-26",
        examples=("containers/awsome-195-slurm-gres-count-drain.txt", "containers/magic-castle-361-slurm-gres-count-drain.txt",
                  "containers/slinky-14-gres-count-lower-no-nvml-build.txt"),
    ),
)
