"""Issue 25, w46e: NVLinks that are down as nvidia-smi and NVML report them (rows of the kernel area).

`nvidia-smi nvlink -s` prints each link's speed, or "<inactive>" for a link that did not train; where every link of a
GPU is down, NVML answers "Unable to retrieve NVLink information as all links are inActive" instead of the list. On
an NVLink system whose links should all be up (HGX/DGX baseboards, SXM modules, a pair joined by a bridge) that GPU
then talks over PCIe or not at all: NCCL picks slower paths or fails, fabric registration may stop. A reset or reboot
retrains the links once; links that stay down are a hardware fault of the GPU, the bridge or the baseboard. Some
SKUs wire fewer links than the GPU has (H100 PCIe/NVL cards use 12 of 18, bridged pairs only the bridge's), so the
rows warn and say so: an inactive link on such a card is by design (Azure's NCv5, azurehpc-health-checks#162).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVLINK_DOWN_ADVICE = (
    "Check the links of every GPU (`nvidia-smi nvlink -s`: each link at its speed; `nvidia-smi topo -m`: NV# between "
    "the GPUs). Where links that should be up are inactive, drain the node and reset the GPU (`sudo nvidia-smi -r -i "
    "<index>` with nothing running) or reboot, and on a bridged pair reseat the NVLink bridge; on NVSwitch systems "
    "check that nvidia-fabricmanager runs (`nvidia-smi -q | grep -A2 Fabric`). Links that stay inactive after that are "
    "a hardware fault: run the field diagnostics (`dcgmi diag -r 3`) and have the GPU or baseboard serviced. On cards "
    "that wire fewer links (H100 PCIe/NVL: 12 of 18) the unused ones are inactive by design."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvlink-links-inactive",
        cause_id="nvlink-error",
        kinds=("any",),
        patterns=(
            # NVML through nvidia-smi (nvlink -s, -q) for a GPU none of whose links is up: "NVML: Unable to retrieve
            # NVLink information as all links are inActive" (older drivers: "Nvlink", "inactive")
            r"Unable to retrieve N[Vv][Ll]ink information as all links are in[Aa]ctive",
            # `nvidia-smi nvlink -s` (--status): "         Link 3: <inactive>"
            r"\bLink (?P<link>\d{1,2}): <inactive>",
        ),
        severity="warn",
        cause=("nvidia-smi reports NVLinks of a GPU down (inactive): on a system whose links should all be up, that "
               "GPU has lost its NVLink connection and falls back to PCIe, or its collectives fail."),
        advice=NVLINK_DOWN_ADVICE,
        action="reset-gpu",
        rules_out=("the NCCL version", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/leptonai/gpud/issues/1085", "https://github.com/Azure/azurehpc-health-checks/issues/162",
                 "https://github.com/Azure/azurehpc-health-checks/pull/132",
                 "https://docs.nvidia.com/deploy/nvml-api/group__NvLink.html"),
        checked="2026-11-28",
        examples=("kernel/gpud-1085-b200-nvml-all-nvlinks-inactive.txt",),
    ),
)
