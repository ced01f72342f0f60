"""Issue 25, rows for a family blind sets missed: peer-to-peer transfers between two or four consumer or workstation
GPUs that silently corrupt data, as people describe it.

A tensor copied straight from one GPU to another (`x.to(1)`) arrives as zeros or garbage, while the same copy through
the CPU is right; NCCL's all-reduce over the same path returns wrong sums or hangs. The helpers settle on the platform's
PCIe path: the IOMMU (AMD-Vi, VT-d) translating or blocking the peer writes, or ACS on a PCIe switch redirecting
them; turning the IOMMU off or to passthrough in the BIOS or on the kernel command line fixes it, and
NCCL_P2P_DISABLE=1 works around it for NCCL. The evidence is a description, so the row is a warning.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"

_COPY = (r"(?:[Mm]ov(?:e|es|ed|ing)|[Cc]opy|[Cc]opying|[Cc]opies|[Cc]opied|[Tt]ransfer(?:s|red|ring)?|[Ss]end(?:s|ing)?)")
_GPUS = r"(?:GPUs|gpus|GPU's|CUDA devices|cuda devices|devices|cards)"
_WRONG = (r"(?:zeros?|zero tensor|all zeros|corrupt(?:ed|s|ion)?|garbage|wrong (?:values|data|results)|incorrect(?:ly)?|"
          r"not (?:copying|copied|transferr?ing|working) (?:correctly|properly)|fails? silently|failing silently|"
          r"doesn'?t work|does not work|NaNs?)")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.cross-gpu-copy-corrupt-described",
        described=True,
        cause_id="nccl-p2p-broken",
        kinds=("any",),
        patterns=(
            # "Moving a tensor from one GPU to another GPU, results in data corruption", "Moving a tensor across CUDA
            # devices gets zero tensor", "tensor.to(device) not copying data correctly between two GPUs"
            r"\b" + _COPY + r"\b[^\n]{0,60}?\b(?:between|across|from one (?:GPU|gpu) to another|from (?:GPU|gpu|cuda:?) ?\d "
            r"to (?:GPU|gpu|cuda:?) ?\d)\b[^\n]{0,40}?\b" + _GPUS + r"?[^\n]{0,60}?\b" + _WRONG,
            # "Silent data corruption when moving data between GPUs", "zeros after copying between two GPUs"
            r"\b(?:[Dd]ata corruption|[Cc]orrupt(?:ed|s)? data|zeros|wrong values|garbage)\b[^\n]{0,40}?\b"
            + _COPY + r"\b[^\n]{0,30}?\b(?:between|across) (?:the |two |2 |four |4 |multiple )?" + _GPUS,
            # "tensor.to(device) not copying data correctly between two GPUs"
            r"\bnot (?:copying|copied|moving|moved|transferring|transferred)\b[^\n]{0,30}?\b(?:correctly|properly)\b"
            r"[^\n]{0,20}?\b(?:between|across) (?:the |two |2 |four |4 |multiple )?" + _GPUS,
            # "Cross-GPU copies failing silently", "peer-to-peer copy returns zeros"
            r"\b(?:[Cc]ross-GPU|[Pp]eer-to-peer|P2P|p2p|GPU-to-GPU|gpu-to-gpu) (?:copy|copies|transfers?|memcpy)\b"
            r"[^\n]{0,40}?\b" + _WRONG,
            # "all_reduce returns wrong results with 4 GPUs", "allreduce gives incorrect sums"
            r"\b(?:all_reduce|allreduce|all-reduce|AllReduce)\b[^\n]{0,40}?\b(?:wrong|incorrect|corrupt(?:ed)?|garbage)"
            r" (?:results?|values|sums?|data|outputs?)\b",
        ),
        severity="warn",
        cause=("The description suggests data copied directly between GPUs arrives corrupted (zeros or garbage) while "
               "copies through the CPU are right: peer-to-peer (P2P) transfers are broken by this machine's PCIe path, "
               "most often the IOMMU (AMD-Vi or VT-d) or ACS on a PCIe switch redirecting the peer writes."),
        advice=("Confirm it with NVIDIA's p2pBandwidthLatencyTest or simpleP2P (cuda-samples), which verify peer copies, "
                "and `nvidia-smi topo -m`. Then fix the path: disable the IOMMU in the BIOS (AMD CBS / NBIO: IOMMU "
                "Disabled; Intel: VT-d off) or set it to passthrough (`iommu=pt`, with `amd_iommu=on` or "
                "`intel_iommu=on`, on the kernel command line), and disable ACS on the PCIe switches; in a VM, P2P "
                "through the hypervisor usually cannot work. Until then run NCCL with `NCCL_P2P_DISABLE=1` and copy "
                "tensors through the CPU (`x.cpu().to(1)`)."),
        action="configure",
        rules_out=("a bug in the program's own arithmetic, when the same copy through the CPU is right",),
        never_suggest=("reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/pytorch/pytorch/issues/84803", "https://github.com/pytorch/pytorch/issues/87363",
                 TROUBLESHOOTING + "#pci-access-control-services-acs"),
        checked="2026-11-27",
        examples=("nccl/pytorch-84803-cross-gpu-copy-zeros-iommu.txt",),
    ),
)
