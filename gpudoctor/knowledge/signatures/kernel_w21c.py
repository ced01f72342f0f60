"""Issue 25 (helper w21c): a person's account that the GPU needs NVIDIA's open kernel modules.

Blackwell GPUs (RTX 50, RTX PRO Blackwell, B200/GB200, GB10 in the DGX Spark, the cloud instances built on them) are
supported only by the open flavour of the kernel module; where an image, AMI or package loads the proprietary flavour
the GPU never initialises and nvidia-smi finds no devices. The NVRM line that says so is kernel.open-modules-required
(kernel_support.py); pastes without the kernel log often say it in words, having found it in the README or dmesg.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.open-module-required-described",
        cause_id="open-module-required",
        kinds=("any",),
        # "The g7 family's GPU ... is only supported by the open kernel modules", "Blackwell and later are only supported
        # by the **open** kernel modules", "the new Nvidia cards require the use of the open kernel modules". Not the
        # NVRM sentence ("requires use of the NVIDIA open kernel modules"), which kernel.open-modules-required reads,
        # nor its opposite ("not supported by open nvidia.ko", a GPU without GSP).
        patterns=(r"\b(?:only supported by|requires?(?: the use of)?|needs?) the (?:NVIDIA )?\*{0,2}open\*{0,2}"
                  r"(?:-source)? (?:GPU )?kernel modules?\b",
                  # the same told the other way round (w42e): "only the open driver works with it", "the proprietary
                  # drivers are not compatible with Blackwell-and-higher / 5000-series card" (open-gpu-kernel-modules#856)
                  # (not of another vendor's or nouveau's "open driver", rev42b)
                  r"^(?![^\n]{0,400}?(?:AMD|Radeon|amdgpu|AMDGPU|Intel|[Nn]ouveau|Mesa))[^\n]{0,400}?"
                  r"\bonly (?:the )?(?:nvidia-)?\*{0,2}open\*{0,2}(?:[- ](?:dkms|source))?(?: (?:dkms|kernel|GPU))? "
                  r"(?:drivers?|modules?|kmods?|packages?|flavou?r) (?:works?|worked|is working|supports?)\b",
                  r"\bproprietary (?:NVIDIA |nvidia )?(?:drivers?|kernel modules?|modules?|kmods?) (?:(?:are|is) not "
                  r"(?:compatible with|supported on)|(?:do|does)(?: not|n't) (?:support|work (?:with|on))) [^\n]{0,40}?"
                  r"(?:Blackwell|RTX ?50[5-9]0|50[- ]?series|5000[- ]series)"),
        severity="warn",
        described=True,
        cause=("The description says this GPU runs only on NVIDIA's open kernel modules: where the proprietary module "
               "is loaded (an image, AMI or package that picks it), the driver cannot initialise the GPU and "
               "nvidia-smi finds no devices."),
        advice=("Check which flavour is loaded: `modinfo -F license nvidia` says 'NVIDIA' for the proprietary module "
                "and 'Dual MIT/GPL' for the open one. Install the open flavour of the same driver branch "
                "(nvidia-driver-XXX-open on Ubuntu, nvidia-open on Arch and Fedora, the .run installer with "
                "--kernel-module-type=open, or an image/AMI release that loads the open module for this GPU), then "
                "reboot and run `nvidia-smi` again."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("reseat the GPU", "blacklist nouveau"),
        sources=("https://github.com/awslabs/amazon-eks-ami/issues/2768", "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/856",
                 "https://github.com/Start9Labs/start-technologies/issues/3465",
                 "https://github.com/getsolus/packages/issues/5575",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/kernel_open.html"),
        checked="2026-11-27",
        examples=("kernel/amazoneksami-2768-g7-blackwell-proprietary-kmod.txt",
                  "kernel/ogkm-856-akmod-open-silverblue-proprietary-not-blackwell.txt"),
    ),
)
