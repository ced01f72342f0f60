"""Issue 25 (helper w41a): an out-of-tree module build that failed under kernel 6.13+'s Kbuild.

Since Linux 6.13 Kbuild builds an external module (M=...) from inside the module's own folder, so when DKMS builds the
NVIDIA module (or nvidia-fs, gdrcopy) and the sources do not compile, make's last lines name the kernel's Makefile and
the target ".": "make[3]: *** [/usr/src/linux-headers-6.17.13-2-pve/Makefile:2016: .] Error 2" (before 6.13 the target
was the module's build folder, "[Makefile:1937: /var/lib/dkms/nvidia/470.239.06/build] Error 2", which
kernel.driver-source-incompatible-with-kernel reads). A paste that cut the compiler's error (open-gpu-kernel-modules
#1143: 550 and 555 on Proxmox's 6.17 kernel) still holds this line.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.external-module-build-failed-kbuild-dot",
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            r"\*\*\* \[/[^\]\n]{0,200}(?:linux-headers|kernels?|linux)[^\]\n]{0,120}/Makefile:\d{1,5}: \.\] Error \d",
        ),
        severity="fail",
        cause="The kernel module DKMS was building (the NVIDIA driver's, or nvidia-fs / gdrcopy beside it) did not "
              "compile against this kernel (make stopped in the kernel's Makefile), so that kernel has no NVIDIA "
              "module; usually the kernel is newer than the driver release supports.",
        advice=("Read the first compiler error in the build's make.log (/var/lib/dkms/<module>/<version>/build/make.log). "
                "If it is a kernel interface the release does not know, install a newer driver branch that supports "
                "this kernel (e.g. 580 or newer for kernel 6.17: the distribution's newer nvidia-driver package), then "
                "`sudo dkms autoinstall`; until then boot the previous (or LTS) kernel and hold kernel updates. If it "
                "names a missing header, install the headers of the running kernel (`linux-headers-$(uname -r)`, "
                "Proxmox `proxmox-headers-$(uname -r)`)."),
        action="configure",
        rules_out=("a GPU fault", "Secure Boot"),
        never_suggest=("blacklist nouveau", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1143",),
        checked="2026-11-28",
        examples=("kernel/ogkm-1143-dkms-550-kernel-6-17-pve-error-2.txt",),
    ),
)
