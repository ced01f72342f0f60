"""Kernel and driver, building the modules: the build errors that say which side is too new, the kernel or the driver
(rows of the kernel area, added to kernel.py's tuple). The generic DKMS and installer rows (kernel_modules.py) say the
build failed; these say why, from the compiler's or modpost's own words."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-gpl-only-symbol",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
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
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
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
    Signature(
        code="kernel.akmods-build-failed",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # akmods (Fedora, RPM Fusion, negativo17, Terra) rebuilds the driver's kmod RPM for each new kernel at boot or
        # on `akmods --force`: "Building and installing nvidia-kmod [FAILED]" and "Building rpms failed; see
        # /var/cache/akmods/nvidia/<version>-for-<kernel>.failed.log for details". The log says why (a missing
        # kernel-devel or compiler, or a kernel newer than the driver supports); until it builds, nouveau takes over.
        patterns=(r"Building and installing (?P<kmod>[\w-]{1,40}-kmod)\s{0,60}\[\s{0,3}FAILED\s{0,3}\]",
                  r"Building rpms failed; see (?P<log>/var/cache/akmods/[\w./+-]{1,200}\.failed\.log)"),
        severity="fail",
        cause="akmods could not build the NVIDIA kernel module (kmod) for this kernel, so the driver will not load "
              "on it.",
        advice=("Read the build log it names (`sudo cat /var/cache/akmods/nvidia/*-for-$(uname -r).failed.log`): "
                "install what it lacks (`sudo dnf install kernel-devel-$(uname -r) gcc gcc-c++ make`), update the "
                "driver packages (`sudo dnf upgrade --refresh 'akmod-nvidia*'`), then rebuild with `sudo akmods "
                "--force --kernels $(uname -r)` and reboot; if the kernel is newer than the driver supports, boot the "
                "previous kernel until the repository ships a driver that builds."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/negativo17/nvidia-driver/issues/192",
                 "https://github.com/negativo17/nvidia-driver/issues/188",
                 "https://rpmfusion.org/Howto/NVIDIA"),
        checked="2026-11-26",
        examples=("kernel/negativo17-192-akmods-gcc-cpp-needed.txt",
                  "kernel/negativo17-188-akmods-aarch64-build-failed.txt"),
    ),
    Signature(
        code="kernel.akmods-build-dependency-missing",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # rpmbuild's refusal inside akmodsbuild: "error: Failed build dependencies:" then "gcc-c++ is needed by
        # nvidia-kmod-3:590.48.01-1.fc43.x86_64" per missing package (the 590 kmod needs gcc-c++, which some akmod
        # packages did not require).
        patterns=(r"(?P<dependency>[\w.+()-]{1,60}) is needed by (?P<package>nvidia-kmod-[\w.:~+-]{1,60})",),
        severity="fail",
        cause="akmods cannot build {package}: its build dependency {dependency} is not installed.",
        advice=("Install the package the 'is needed by' line names (for the 590 driver usually the C++ compiler: "
                "`sudo dnf install gcc-c++`; also kernel-devel-$(uname -r) if it is named), then rebuild the module "
                "with `sudo akmods --force --kernels $(uname -r)` and reboot."),
        action="configure",
        rules_out=("the GPU", "the kernel version"),
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/negativo17/nvidia-driver/issues/192",),
        checked="2026-11-26",
        examples=("kernel/negativo17-192-akmods-gcc-cpp-needed.txt",),
    ),
)
