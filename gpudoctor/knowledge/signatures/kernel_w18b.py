"""Issue 25 (helper w18b): the NVIDIA kernel module that DKMS could not build for a new kernel, in the words of Void's
xbps kernel hook (its quoted "Building DKMS module 'nvidia-V' for kernel-K... FAILED!", older than and different from
the "Building DKMS module: nvidia-V... FAILED!" that kernel.dkms-build-failed reads) and in people's own words ("the
driver does not build for 6.12", "570.153 is incompatible with kernel 6.15")."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature
from gpudoctor.knowledge.signatures.kernel_p15k import REBUILD_FOR_KERNEL

# A kernel release as people write it after a preposition: "6.15", "kernel 6.15", "linux6.14", "Linux v7.0".
_KREL = r"(?:the )?(?:new(?:er|est)? |latest )?(?:[Kk]ernel |[Ll]inux ?)?v?(?P<kernel>[4-7]\.\d{1,2})\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.xbps-dkms-module-build-failed",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # Void's dkms kernel hook (srcpkgs/dkms/files/kernel.d/dkms.postinst), run by xbps when a kernel or an
        # nvidia*-dkms package is configured; the make.log under /var/lib/dkms holds the compiler's error.
        patterns=(
            r"Building DKMS module '(?P<module>nvidia[\w-]{0,12})-(?P<release>\d{3}\.\d+(?:\.\d+)?)' for "
            r"kernel-(?P<kernel>[\w.+~-]{1,60})\.\.\. FAILED!",
            r"DKMS module '(?P<module>nvidia[\w-]{0,12})-(?P<release>\d{3}\.\d+(?:\.\d+)?)' failed to build, please "
            r"check /var/lib/dkms",
        ),
        severity="fail",
        cause="Void's kernel hook could not build the NVIDIA DKMS module ({module} {release}) for a kernel, so that "
              "kernel boots without the NVIDIA driver.",
        advice=("Read the first compiler error in /var/lib/dkms/nvidia/{release}/build/make.log. Usually the kernel is "
                "newer than driver {release} supports: update the nvidia packages (`sudo xbps-install -Su`) to a "
                "release that supports it and rebuild with `sudo xbps-reconfigure -f` on the nvidia dkms package (or "
                "on the kernel package), or keep booting the previous kernel (the one the linux or linux-lts "
                "meta-package points to) until one exists; where the make.log says the headers are missing, install "
                "that kernel's headers package (linuxX.Y-headers)."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("blacklist nouveau", "disable secure boot"),
        sources=("https://github.com/void-linux/void-packages/issues/60171",
                 "https://github.com/void-linux/void-packages/issues/54925"),
        checked="2026-11-27",
        examples=("kernel/void-60171-nvidia580-dkms-kernel-7-0-failed.txt",),
    ),
    Signature(
        code="kernel.described-driver-does-not-build-for-kernel",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # People's words for a module that no longer compiles for a kernel, where the other described rows
        # (kernel_a15k.py, kernel_p15k.py) want "NVIDIA" beside the verb or the word "kernel" before the version:
        # "the driver does not build for 6.12", "unable to build nvidia module in 6.15", "dkms nvidia390 fails to build
        # with new kernels", "nvidia-dkms 565 build error on linux 6.13", and a helper's "570.153 is incompatible with
        # kernel 6.15". Versions 4.x to 7.x only: "fails to build on 3.12" is more often Python's.
        patterns=(
            # "Driver 570.144 doesn't compile on 6.15 kernel": a release may sit between the noun and the verb.
            r"\b(?:[Dd]rivers?|[Mm]odules?|DKMS|dkms|kmod)\b(?: v?\d{3}(?:\.\d{1,3})?(?:\.\d{1,3})?)? (?:does not|doesn't|"
            r"do not|don't|won't|will not|fails to|"
            r"failed to|cannot|can't|can not|is unable to|refuses to) (?:build|compile)(?: anymore)? (?:for|on|with|"
            r"against|under|in) " + _KREL,
            # "Cannot build nvidia 570 module for kernel 6.15", "can't build the nvidia-open dkms module on 6.19".
            r"\b(?:[Uu]nable to|[Cc]an'?t|[Cc]annot|[Cc]ould not|[Cc]ouldn'?t) (?:build|compile) (?:the )?(?:[Nn]vidia|"
            r"NVIDIA)(?:[- ](?:dkms|DKMS|kernel|open))?(?: v?\d{3}(?:\.\d{1,3})?(?:\.\d{1,3})?)?(?: (?:dkms|DKMS|kernel))? "
            r"(?:modules?|drivers?) (?:in|on|for|with|against|under) " + _KREL,
            r"(?:[Nn]vidia|NVIDIA|dkms|DKMS)[^\n]{0,40}?\b(?:fails?|failing|failed|unable|won't|doesn't|does not|cannot|"
            r"can't) (?:to )?(?:build|compile) (?:with|on|for|against) (?:the )?(?:new|newer|newest|latest|recent) "
            r"kernels?\b",
            r"(?:[Nn]vidia|NVIDIA)[\w-]{0,12}(?: \d{3}(?:\.\d+)?)?(?: (?:dkms|DKMS))? (?:build|compile|compilation|DKMS|dkms) "
            r"(?:error|errors|failure|fails|failed|broken|breaks) (?:on|with|for|against|under) " + _KREL,
            r"\b(?:[Nn]vidia|NVIDIA|[Dd]river|\d{3}\.\d{2,3}(?:\.\d{2})?)\b[^\n]{0,30}? (?:is|are) (?:incompatible|not "
            r"compatible) with (?:the )?(?:[Kk]ernel|[Ll]inux) ?v?(?P<kernel>[4-7]\.\d{1,2})\b",
        ),
        severity="warn",
        cause="The description suggests the NVIDIA kernel module does not build for a new kernel (usually a kernel newer "
              "than the installed driver release supports), so that kernel runs without the NVIDIA driver.",
        advice=REBUILD_FOR_KERNEL,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/damentz/liquorix-package/issues/198",
                 "https://github.com/void-linux/void-packages/issues/55238",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-27",
        examples=("kernel/liquorix-198-nvidia-570-incompatible-kernel-6-15.txt",),
    ),
)
