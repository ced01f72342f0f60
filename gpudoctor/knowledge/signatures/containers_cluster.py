"""Kubernetes and cluster schedulers around the GPU: the GPU operator's own images and Slurm's view of a node's GPUs
(rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

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
)
