"""Kernel and driver, building the modules: the build errors that say which side is too new, the kernel or the driver
(rows of the kernel area, added to kernel.py's tuple). The generic DKMS and installer rows (kernel_modules.py) say the
build failed; these say why, from the compiler's or modpost's own words."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-gpl-only-symbol",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # modpost refusing the proprietary (non-GPL) NVIDIA module because it uses a symbol the kernel exports GPL-only.
        # Kernels turn internal helpers GPL-only from time to time (Linux 6.6.15/6.7.3 and their stable backports:
        # __rcu_read_lock; newer 5.15 cloud kernels: rcu_read_unlock_strict; 6.15: __vma_start_write), and a driver
        # release older than the kernel still calls them; NVIDIA releases a fixed driver within weeks. GCC writes the
        # symbol in plain or typographic quotes depending on the locale.
        patterns=(r"GPL-incompatible module (?P<module>nvidia[\w-]{0,16})\.ko uses GPL-only symbol "
                  r"['‘`](?P<symbol>\w{1,64})['’`]",),
        severity="fail",
        cause="The kernel is newer than this NVIDIA driver release: the {module} module uses {symbol}, which this kernel "
              "exports to GPL modules only, so the module cannot be built for it.",
        advice=("Install an NVIDIA driver release that supports this kernel (the newest of your branch or a newer "
                "branch; for rcu_read_unlock_strict 535.183.08 or newer) and rebuild it with `sudo dkms autoinstall`, or "
                "boot the previous kernel (and hold the kernel packages) until such a release exists; the open kernel "
                "modules (nvidia-open, GPL/MIT) are not refused this way on Turing and newer GPUs."),
        action="configure",
        rules_out=("missing kernel headers", "Secure Boot"),
        never_suggest=("disable Secure Boot", "blacklist nouveau", "reseat the GPU"),
        sources=("https://github.com/xanmod/linux/issues/411", "https://github.com/mesosphere/konvoy-image-builder/pull/1200",
                 "https://github.com/NVIDIA/gpu-operator/issues/729", "https://github.com/zabbly/linux/issues/15",
                 "https://forums.developer.nvidia.com/t/linux-6-7-3-545-29-06-550-40-07-error-modpost-gpl-incompatible-"
                 "module-nvidia-ko-uses-gpl-only-symbol-rcu-read-lock/280908"),
        checked="2026-11-26",
        examples=("kernel/xanmod-411-gpl-only-rcu-read-lock-6-6-15.txt",
                  "kernel/konvoy-1200-installer-gpl-only-rcu-read-unlock-strict.txt"),
    ),
    Signature(
        code="kernel.installer-build-tools-missing",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # nvidia-installer (the .run driver) checks for the tools it builds the kernel module with before it starts:
        # "ERROR: Unable to find the development tool `cc` in your path; please make sure that you have the package
        # 'gcc' installed." (and `make`, `ld`, `objcopy`); people retype it with other quotes. Minimal server and
        # hypervisor installs (Proxmox, Debian netinst, cloud images) ship without a compiler.
        patterns=(r"Unable to find the development tool [`'\"]?(?P<tool>[\w.+-]{1,20})[`'\"]? in your (?:path|PATH)",),
        severity="fail",
        cause="The NVIDIA installer cannot build the kernel module: the build tool `{tool}` is not installed (or not "
              "on PATH), as on a minimal server or hypervisor install.",
        advice=("Install the compiler, make and the headers of the running kernel, then run the installer again: "
                "Debian/Ubuntu/Proxmox `sudo apt install gcc make linux-headers-$(uname -r)` (Proxmox: "
                "`proxmox-default-headers` or `pve-headers-$(uname -r)`), Fedora/RHEL `sudo dnf install gcc make "
                "kernel-devel-$(uname -r)`. Where gcc is installed but `cc` is missing, the distribution's gcc "
                "package that provides `cc` (or the driver from the distribution's packages) settles it."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/luckyyyyy/blog/issues/72",
                 "https://github.com/OpenMandrivaAssociation/distribution/issues/1822"),
        checked="2026-11-26",
        examples=("kernel/luckyyyyy-72-proxmox-installer-cc-make-missing.txt",),
    ),
)
