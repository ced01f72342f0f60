"""Rows that read a generic symptom line of one area with the cause another part of the text shows (a context of
gpudoctor/knowledge/contexts.py): the one next step a helper gives there, instead of the symptom's usual cause.
Codes keep the area of their cause; the catalogue joins these rows after the area modules (signatures.catalogue)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.refinements_libraries import SIGNATURES as LIBRARIES
from gpudoctor.knowledge.signatures.refinements_platforms import SIGNATURES as PLATFORMS

# The lines cuda.devices-busy-or-unavailable and cuda.no-device read, which the rows in context read too.
DEVICES_UNAVAILABLE = (r"all CUDA-capable devices are busy or unavailable",
                       r"CUDA-capable device\(s\) is/are busy or unavailable", r"cudaErrorDevicesUnavailable",
                       r"CUDA_ERROR_DEVICE_UNAVAILABLE")
NO_DEVICE = (r"no CUDA-capable device is detected", r"cudaErrorNoDevice", r"CUDA_ERROR_NO_DEVICE",
             r"RuntimeError: No CUDA GPUs are available")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.no-device-visible-devices-set",
        cause_id="cuda-visible-devices",
        kinds=("any",),
        patterns=NO_DEVICE,
        contexts=("visible-devices",),
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible",),
        severity="fail",
        cause="CUDA found no GPU while the program ran with CUDA_VISIBLE_DEVICES set: it sees only the GPUs that "
              "variable lists, so an index the machine lacks (2 on a machine with one GPU), an empty value or a UUID "
              "of another machine hides them all.",
        advice=("Compare CUDA_VISIBLE_DEVICES (`echo \"$CUDA_VISIBLE_DEVICES\"`, and any os.environ assignment in the "
                "script) with the GPUs `nvidia-smi -L` lists: use indices it shows (from 0) or UUIDs, or unset the "
                "variable; only if `nvidia-smi -L` itself lists no GPU does the GPU set-up need looking at."),
        action="configure",
        never_suggest=("reinstall the driver", "reinstall CUDA", "set CUDA_LAUNCH_BLOCKING"),
        sources=("https://github.com/pytorch/examples/issues/115",
                 "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#cuda-environment-variables"),
        checked="2026-11-26",
        examples=("cuda/pytorchexamples-115-visible-devices-2-one-gpu.txt",),
    ),
    Signature(
        code="kernel.vgpu-devices-unavailable",
        cause_id="vgpu-unlicensed",
        kinds=("any",),
        # NVML's "Unknown Error" too: on an unlicensed guest nvidia-smi itself fails so (AKS#4870), no container involved.
        patterns=(*DEVICES_UNAVAILABLE, r"Failed to initialize NVML: Unknown Error"),
        contexts=("vgpu",),
        refines=("cuda.devices-busy-or-unavailable", "containers.nvml-unknown-error"),
        severity="fail",
        cause="On a vGPU guest CUDA refused every context while nvidia-smi still lists the GPU: the guest driver "
              "restricts an unlicensed vGPU (nvidia-gridd holds no license), not another process.",
        advice=("Check the license first: `nvidia-smi -q | grep -i -A2 license` (Unlicensed, or no License Status) and "
                "`journalctl -u nvidia-gridd`; license the guest (the license server's client configuration token in "
                "/etc/nvidia/ClientConfigToken/, FeatureType in /etc/nvidia/gridd.conf, `sudo systemctl restart "
                "nvidia-gridd`; on a cloud image whose GRID driver ships no nvidia-gridd, the image or driver the "
                "provider names as fixed). The guest cannot change the vGPU's sharing, and a driver other than the "
                "provider's GRID guest driver does not license it."),
        action="configure",
        never_suggest=("compute mode", "nvidia-smi -c", "reinstall CUDA"),
        sources=("https://github.com/Azure/AKS/issues/4870", "https://github.com/Azure/AKS/issues/4880",
                 "https://github.com/DDMAL/Rodan/issues/1332",
                 "https://docs.nvidia.com/vgpu/latest/grid-licensing-user-guide/index.html"),
        checked="2026-11-26",
        examples=("kernel/aks-4870-a10-vgpu-busy-unavailable-unlicensed.txt",),
    ),
    Signature(
        code="nccl.graph-file-for-other-gpus",
        cause_id="nccl-topology-file",
        kinds=("any",),
        # graph/search.cc, ncclTopoGetChannelFromXml: an injected graph (NCCL_GRAPH_FILE) names a GPU this
        # communicator lacks, and NCCL returns ncclSystemError ("unhandled system error").
        patterns=(r"NCCL WARN XML Import Channel : dev (?P<dev>\d{1,20}) not found",),
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        severity="fail",
        cause="NCCL loaded a graph file (NCCL_GRAPH_FILE) written for other GPUs than this communicator's (dev {dev} is "
              "not among them), so communicator set-up fails with a system error.",
        advice=("Remove NCCL_GRAPH_FILE from the environment, /etc/nccl.conf and ~/.nccl.conf (cloud images set it: "
                "Azure's HPC images point it at /opt/microsoft/ncv4/graph.xml, made for all four GPUs of the VM); a "
                "graph file is for experiments, and NCCL builds its own graph from the topology."),
        action="configure",
        rules_out=("the network links", "peer-to-peer support"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/Azure/azhpc-images/issues/327", "https://github.com/NVIDIA/nccl/issues/1240",
                 "https://github.com/Azure/azurehpc/pull/730"),
        checked="2026-11-26",
        examples=("nccl/azhpcimages-327-nccl-graph-file-one-gpu-vm.txt",),
    ),
) + PLATFORMS + LIBRARIES  # read on the platform the paste shows; for the library a line names
