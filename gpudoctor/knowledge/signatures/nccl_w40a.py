"""Issue 25 (helper w40a): an InfiniBand completion with status 4 under GPUDirect RDMA.

NCCL's IB transport reports a failed work request with its ibv_wc status (nccl.ib-completion-error reads the line and
sends the reader to the network). Status 4 is IBV_WC_LOC_PROT_ERR, a local protection error: the NIC could not access
the memory a work request named. With GPUDirect RDMA that memory is the GPU's, reached over PCIe peer-to-peer, and
NCCL's developers read it as ACS on a PCIe bridge between the NIC and the GPU redirecting those reads up to the root
complex (and the IOMMU), which drops them (NVIDIA/nccl#523, #304; NCCL's troubleshooting guide, "PCI Access Control
Services"). NCCL_NET_GDR_LEVEL=0 (GPUDirect RDMA off) makes the job run, slower, which confirms it; disabling ACS is
the fix. Status 12 and 5 (retry exceeded, flush) stay the network's reading.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.nccl import TROUBLESHOOTING

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.ib-completion-local-protection-error",
        # The same line as nccl.ib-completion-error, with status 4: this reading replaces that one (and NCCL's generic
        # "unhandled system error" of the same failure) wherever both are in the text.
        refines=("nccl.ib-completion-error", "nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p"),
        refines_within=None,
        cause_id="iommu-blocks-p2p",
        kinds=("any",),
        # net_ib.cc / ib_plugin.c across releases: "NET/IB : Got completion with error 4, opcode 1, len 0, vendor err
        # 81", "NET/IB : Got completion from peer 10.0.0.2<4242> with error 4, opcode ...", "... from peer with error 4"
        # (no address), 2.19+'s "with status=4 opcode=0 len=0 vendor err 81", and the newest releases' "with
        # status=IBV_WC_LOC_PROT_ERR(4) opcode=..." (also from "NET/IB/GIN:").
        patterns=(r"NET/IB(?:P|/GIN)? ?: ?Got completion (?:from peer (?:[^\s<]{1,80}<\d{1,5}> )?)?with "
                  r"(?:status=(?:IBV_WC_LOC_PROT_ERR\()?|error )4\b",),
        severity="fail",
        cause=("An InfiniBand transfer failed with completion status 4 (a local protection error): with GPUDirect RDMA "
               "the NIC could not read or write the GPU's memory over PCIe, the mark of ACS on a PCIe bridge between "
               "them redirecting that peer-to-peer traffic to the root complex and the IOMMU."),
        advice=("Disable ACS on the PCIe switches and root ports between the GPUs and the NICs: `sudo lspci -vvv | grep "
                "-i acsctl` shows it (SrcValid+ means on, even where the BIOS option says off); turn it off in the BIOS "
                "or with `sudo setpci -s BUS_ID ECAP_ACS+0x6.w=0000` on each bridge, again after every boot, and boot "
                "with `iommu=pt` where the IOMMU is on. To confirm first, rerun with NCCL_NET_GDR_LEVEL=0 (GPUDirect "
                "RDMA off): the job then runs, only slower. Check that nvidia-peermem is loaded (`lsmod | grep "
                "peermem`)."),
        action="configure",
        rules_out=("the InfiniBand cabling", "the socket interface"),
        never_suggest=("reinstall the driver", "raise --shm-size", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/NVIDIA/nccl/issues/523", "https://github.com/NVIDIA/nccl/issues/304",
                 "https://www.rdmamojo.com/2013/02/15/ibv_poll_cq/",
                 TROUBLESHOOTING + "#pci-access-control-services-acs"),
        checked="2026-11-28",
        examples=("nccl/nccl-523-ib-completion-error-4-acs-still-enabled.txt",),
    ),
)
