"""Issue 25, w36e: a GPU of a multi-GPU machine on a narrow or slow PCIe link, told in the user's words (rows of the
kernel area).

"Two GPUs are no faster than one", "the third GPU makes training stop": where the person names the slot the card sits
in (a slower or chipset PCIe slot, an x1 or x4 slot, an x1 or USB riser), the link is what the helpers settle on.
The live check pcie.link reads the same cause from the GPU's own link state (findings.CAUSE_OWNERS).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NVIDIA_SMI_PCIE = "https://docs.nvidia.com/deploy/nvidia-smi/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.gpu-on-slow-pcie-slot-described",
        described=True,
        cause_id="pcie-link-degraded",
        kinds=("any",),
        patterns=(
            # "the GPU 3 connected to slower pci express port", "the second card is in a chipset PCIe slot", "sits in an
            # x4 PCIe slot"
            r"\b[Ss]lower (?:PCI[- ]?[Ee](?:xpress)?|pci[- ]?e(?:xpress)?|PCIE) (?:slots?|ports?|lanes?)\b",
            r"\b[Cc]hipset(?:-attached| attached)? (?:PCI[- ]?[Ee](?:xpress)?|pci[- ]?e(?:xpress)?|PCIE) (?:slots?|ports?|lanes?)\b",
            # "on an x1 riser", "through USB risers", "1x risers"
            r"\b(?:[Xx]1|1x|USB|usb) (?:PCI[Ee] |pcie )?risers?\b",
        ),
        severity="warn",
        cause=("The text puts a GPU on a slow PCIe link (a slower or chipset slot, an x1/x4 slot, an x1 or USB riser): "
               "that GPU's link runs at a fraction of x16, so data between the GPUs and the host crawls, multi-GPU "
               "jobs stall or time out waiting for it, and two GPUs end up no faster than one."),
        advice=("Check each GPU's link under load: `nvidia-smi -q -d PCIE` (Link Width and PCIe Generation, Current "
                "against Max; an idle GPU lowers its generation to save power, so read it while busy) or `sudo lspci "
                "-vv -s BUS | grep -E 'LnkCap|LnkSta'`. Move the GPU to a CPU-attached x16 or x8 slot (the board's "
                "manual says which slots share lanes with M.2 drives), replace x1/USB risers with full x16 riser "
                "cables, and set the slot to a fixed PCIe generation in the BIOS (Gen3) if a riser fails to train; "
                "on a slow link prefer splitting a model by layers over tensor parallelism."),
        action="reseat-or-inspect-hardware",
        rules_out=("the NVIDIA driver", "peer-to-peer settings"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/AlexeyAB/darknet/issues/2807", NVIDIA_SMI_PCIE),
        checked="2026-11-27",
        examples=("kernel/darknet-2807-third-gpu-slower-pcie-riser-slot.txt",),
    ),
)
