"""Issue 25 (helper w40a): the NVIDIA kernel module not built for a kernel, told in the passive voice.

kernel.described-driver-does-not-build-for-kernel (kernel_w18b.py) and the rows of kernel_p15k.py read what people
write when the module does not build, with the module as the subject of an active verb ("the driver does not build for
6.12", "unable to build nvidia module in 6.15"). The same report is as often passive: "NVIDIA DKMS module was not
built for the new kernel", "the nvidia module cannot be built", "nvidia kernel module is not compiled". The cause
and the fix are the same: the installed driver branch does not compile against this kernel (or its headers are
missing), so the new kernel boots without the NVIDIA driver.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_p15k import REBUILD_FOR_KERNEL

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.described-nvidia-module-not-built",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "NVIDIA DKMS module was not built for the new kernel", "the nvidia module cannot be built", "nvidia kernel
            # module is not compiled", "nvidia-dkms module could not be compiled", "the nvidia driver hasn't been rebuilt"
            r"\b(?:[Nn]vidia|NVIDIA)[\w-]{0,12}(?: (?:dkms|DKMS|kernel|driver))? (?:modules?|drivers?|kmods?) (?:(?:is|was|"
            r"are|were) (?:not|never)|isn'?t|wasn'?t|aren'?t|weren'?t|(?:has|have) (?:not|never) been|hasn'?t been|"
            r"haven'?t been|(?:cannot|can'?t|can not|could not|couldn'?t) be) (?:re)?(?:built|compiled)\b",
        ),
        severity="warn",
        cause="The description says the NVIDIA kernel module was not built for this kernel (usually a kernel newer "
              "than the installed driver branch supports, or its headers missing), so that kernel runs without it.",
        advice=REBUILD_FOR_KERNEL,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/tuxedocomputers/tuxedo-control-center/issues/476",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-28",
        examples=("kernel/tuxedo-476-nvidia-dkms-module-not-built-new-kernel-mixed-570-580.txt",),
    ),
)
