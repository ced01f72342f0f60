"""Issue 25 (helper w24b): the legacy nvidia-docker (v1) refusing a GPU index the host does not have.

nvidia-docker 1.x took the GPUs to give a container from NV_GPU (scripts often wrap it as GPU=N) and answered an index
that NVML does not list with "nvidia-docker | <date> Error: invalid device: N": a script written for a machine with
more GPUs, or a 1-based index on a one-GPU machine (whose only GPU is 0). Today's words for the same request are
nvidia-container-cli's "device error: N: unknown device" (containers.cli-unknown-device).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_GPU_ENUMERATION = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.nvidia-docker1-invalid-device",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        # nvidia-docker 1.x's refusal after its log prefix: "nvidia-docker | 2019/01/29 21:54:17 Error: invalid device: 1"
        # (the line reader drops the "nvidia-docker | " prefix, as it does a Compose service's).
        patterns=(r"\b\d{4}/\d\d/\d\d \d\d:\d\d:\d\d Error: invalid device: (?P<device>[^\s]{1,80})",),
        severity="fail",
        cause="nvidia-docker was asked for GPU {device} (NV_GPU, or a script's GPU=), which this host does not have.",
        advice=("Ask for GPUs the host has: `nvidia-smi -L` lists their indices (a one-GPU machine has only index 0) "
                "and UUIDs; set NV_GPU (or the script's GPU variable) to one of them. nvidia-docker 1.x is long retired: "
                "with Docker 19.03 or newer and the NVIDIA Container Toolkit use `docker run --gpus '\"device=0\"'` "
                "(or `--gpus all`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/DeepLabCut/Docker4DeepLabCut2.0/issues/4", TOOLKIT_GPU_ENUMERATION),
        checked="2026-11-27",
        examples=("containers/dlcdocker-4-nvidia-docker-invalid-device-1.txt",),
    ),
)
