"""Kernel and driver, building the modules: the build errors that say which side is too new, the kernel or the driver
(rows of the kernel area, added to kernel.py's tuple). The generic DKMS and installer rows (kernel_modules.py) say the
build failed; these say why, from the compiler's or modpost's own words."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-gpl-only-symbol",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
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
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
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
    Signature(
        code="kernel.legacy-branch-dkms-build-failed",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed",
                 "kernel.module-source-compile-error"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # A DKMS build of a legacy branch (304, 340, 390, 470: the last for Fermi, Kepler) failing: DKMS's "Consult
        # /var/lib/dkms/nvidia/390.157/build/make.log", make's "[...: /var/lib/dkms/nvidia/470.239.06/build] Error 2",
        # a compiler error in those sources, or Void's "Building DKMS module: nvidia-390.138... FAILED!". NVIDIA no
        # longer releases these branches for new kernels, so "update the driver" is no answer there.
        patterns=(r"/var/lib/dkms/nvidia[\w-]{0,20}/(?P<version>(?:304|340|390|470)\.\d{2,3}(?:\.\d{2})?)/build"
                  r"(?:/make\.log|\] (?:Error|Chyba|Fehler) \d|/[\w/.-]{1,120}\.[ch]:\d{1,5}:\d{1,4}: error:)",
                  r"Building DKMS module:? '?nvidia-(?P<module_version>(?:304|340|390|470)\.\d{2,3}(?:\.\d{2})?)'?"
                  r"(?: for kernel-[\w.-]{1,40})?\.\.\. FAILED!"),
        severity="fail",
        cause="The NVIDIA kernel module of a legacy driver branch (304, 340, 390 or 470) failed to build: the kernel is "
              "newer than that branch, which NVIDIA no longer updates for new kernels.",
        advice=("Boot a kernel the legacy branch still builds on (install the distribution's LTS kernel, e.g. `linux-lts` "
                "on Arch or 6.1/6.6 LTS, pick it in GRUB and hold kernel updates), or use the distribution's patched "
                "legacy package that carries kernel patches (AUR nvidia-470xx-dkms / nvidia-390xx-dkms, RPM Fusion's "
                "akmod-nvidia-470xx); only if `lspci -nn | grep -i nvidia` shows a GPU a current branch supports, "
                "install the current driver instead. Where the make.log shows clang's errors instead of gcc's, "
                "`/usr/bin/cc` points at clang (installing clang can switch it, as on Void): point it back at gcc "
                "(Debian/Ubuntu `sudo update-alternatives --set cc /usr/bin/gcc`, on Void "
                "`sudo xbps-alternatives -s gcc`) and rebuild "
                "(`sudo dkms autoinstall`, on Void `sudo xbps-reconfigure -f linuxX.Y`)."),
        action="configure",
        rules_out=("Secure Boot", "nouveau"),
        never_suggest=("blacklist nouveau", "disable Secure Boot", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/526",
                 "https://github.com/void-linux/void-packages/issues/24705",
                 "https://github.com/void-linux/void-packages/issues/55238",
                 "https://github.com/void-linux/void-packages/issues/14273",
                 "https://github.com/gentoo/gentoo/pull/30142",
                 "https://nvidia.custhelp.com/app/answers/detail/a_id/3142/~/support-timeframes-for-unix-legacy-gpu-releases"),
        checked="2026-11-26",
        examples=("kernel/ogkm-526-390-dkms-kernel-6-4-zen.txt", "kernel/voidpkgs-24705-nvidia390-dkms-failed.txt"),
    ),
    Signature(
        code="kernel.module-source-compile-error",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # GCC's error in the driver's own module sources (nvidia/nv-*.c, nvidia-drm/, nvidia-uvm/, nvidia-modeset/),
        # as DKMS's make.log, akmods, nixpkgs or the .run installer print it: the kernel changed an interface the
        # driver release uses ("'struct drm_driver' has no member named 'date'" on 6.14, "implicit declaration of
        # function 'sys_close'" on 5.12), so the release predates the kernel.
        patterns=(r"nvidia-(?:drm|uvm|modeset|peermem)/[\w.-]{1,60}\.[ch]:\d{1,5}:\d{1,4}: (?:fatal )?error: ",
                  r"nvidia/(?:nv|os)[\w.-]{0,60}\.[ch]:\d{1,5}:\d{1,4}: (?:fatal )?error: ",
                  # The same errors where GCC speaks another language ("错误：隐式声明函数‘…’ [-Wimplicit-function-declaration]"
                  # under zh_CN): the warning option in brackets stays English, so the key is a word no locale changes.
                  r"nvidia[\w/.-]{0,80}\.[ch]:\d{1,5}:\d{1,4}: [^\n]{0,240}\[-W(?:error=)?implicit-function-declaration\]",
                  # The driver's shared headers (common/inc/nv-linux.h, nv-mm.h, nv-time.h), where most of its kernel
                  # compatibility code lives: "common/inc/nv-linux.h:1730:10: fatal error: linux/of_gpio.h: No such
                  # file or directory" on Linux 7.1, "nv-mm.h:182:20: error: too many arguments to function
                  # 'get_user_pages'" on 6.3.
                  r"common/inc/nv[\w.-]{0,40}\.h:\d{1,5}:\d{1,4}: (?:fatal )?error: ",
                  # The .run installer's flat kernel/ folder of legacy releases (340.xx: nv.c, nv-linux.h, os-interface.c),
                  # built where the installer unpacked itself (/tmp/selfgzNNNN/) or where --extract-only left it.
                  # (No "/kernel/" literal: a slash-led key would cost the prefilter a pass of its own.)
                  r"(?:selfgz\d{1,10}|NVIDIA-Linux-[\w.-]{1,40})[/\\]kernel[/\\](?:nv|os)[\w.-]{0,40}\.[ch]:\d{1,5}:\d{1,4}: "
                  r"(?:fatal )?error: ",
                  # make's (4.0+) line for an object of those sources that did not compile, when the paste cut GCC's
                  # error; keyed on "Makefile", as a slash-led key would cost the prefilter a pass of its own.
                  r"\*\*\* \[[^\]\n]{0,240}Makefile[\w.]{0,20}:\d{1,5}: [^\]\n]{0,200}\bnvidia(?:-drm|-uvm|-modeset|"
                  r"-peermem)?/[\w.-]{1,60}\.o\] Error \d",
                  # The driver's other sources (nvidia/linux_nvswitch.c, i2c_nvswitch.c, libspdm_*.c) and the legacy
                  # installer's kernel/uvm/ folder (340.xx), where the same kernel changes break the build.
                  r"nvidia/(?:[\w-]{1,40}_nvswitch|libspdm_[\w-]{1,40}|linux_[\w-]{1,40})\.c:\d{1,5}:\d{1,4}: (?:fatal )?error: ",
                  r"(?:selfgz\d{1,10}|NVIDIA-Linux-[\w.-]{1,40})[/\\]kernel[/\\]uvm[/\\][\w.-]{1,60}\.[ch]:\d{1,5}:\d{1,4}: "
                  r"(?:fatal )?error: ",
                  # make's line for the whole module tree that did not build (the .run installer's unpacked kernel/ or
                  # kernel-open/, DKMS's build folder of a current branch), when the paste cut the compiler's error.
                  r"\*\*\* \[[^\]\n]{0,240}Makefile[\w.]{0,20}:\d{1,5}: [^\]\n]{0,200}(?:NVIDIA-Linux-[\w.-]{1,60}/kernel(?:-open)?|"
                  r"selfgz\d{1,10}/kernel|/var/lib/dkms/nvidia[\w-]{0,20}/(?!(?:304|340|390|470)\.)\d{3}\.[\d.]{1,12}/build)\] "
                  r"Error \d"),
        severity="fail",
        cause="The NVIDIA kernel module's sources do not compile against this kernel: the kernel changed an interface "
              "the driver release uses, so the release is older than the kernel.",
        advice=("Install a newer driver release that supports this kernel (the newest of your branch or a newer branch, from "
                "the distribution's packages, e.g. `sudo ubuntu-drivers install` or a newer nvidia-driver-<branch>), then "
                "rebuild with `sudo dkms autoinstall`; until one exists, boot the previous (or LTS) kernel and hold "
                "kernel updates. On rolling distributions take the package's own fix: the updated nvidia/nvidia-dkms "
                "package or the -lts kernel on Arch and Void, `hardware.nvidia.package = "
                "config.boot.kernelPackages.nvidiaPackages.latest` (or an older boot.kernelPackages) on NixOS."),
        action="configure",
        rules_out=("missing kernel headers", "Secure Boot"),
        never_suggest=("blacklist nouveau", "disable Secure Boot", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/840",
                 "https://github.com/NixOS/nixpkgs/issues/396716", "https://github.com/Frogging-Family/nvidia-all/issues/34",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/594",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/501", "https://github.com/NixOS/nixpkgs/issues/532695",
                 "https://github.com/olafkfreund/nixos_config/pull/921",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/469"),
        checked="2026-11-26",
        examples=("kernel/nixpkgs-396716-nvidia-565-drm-date-kernel-6-14.txt",
                  "kernel/nvidiaall-34-465-sys-close-kernel-5-12.txt", "kernel/ogkm-501-nvidia-drm-drv-o-make-error.txt",
                  "kernel/nixpkgs-532695-of-gpio-missing-linux-7-1.txt", "kernel/ogkm-469-nv-mm-get-user-pages-6-3.txt",
                  "kernel/ogkm-840-zh-cn-gcc-errors-kernel-6-15.txt"),
    ),
    Signature(
        code="kernel.dkms-module-already-installed",
        # The "ERROR: Failed to run `dkms install ...`" nvidia-installer prints just above is this refusal, not a
        # failed build.
        refines=("kernel.dkms-build-failed",), refines_within=8,
        cause_id="none",
        kinds=("any",),
        # DKMS's module version sanity check (dkms.in, check_version_sanity) when the kernel's module tree already holds
        # the same module version: 3.0.x "Module version 520.61.05 for nvidia.ko / exactly matches what is already
        # found in kernel 5.15.0-91-generic. / DKMS will not replace this module.", 3.1 and later "Module
        # /lib/modules/.../nvidia.ko already installed at version 550.54.14, override by specifying --force". The .run
        # installer installs its modules first and registers them with DKMS after, so the copy is already there.
        patterns=(r"exactly matches what is already found in kernel (?P<kernel>[\w.+~-]{3,80})",
                  r"DKMS will not replace this module",
                  r"Module \S{0,200}?(?P<module>nvidia[\w-]{0,16})\.ko(?:\.\w{2,4})? already installed (?:at version "
                  r"(?P<version>[\w.-]{3,40})|\(unversioned module\)), override by specifying --force"),
        severity="info",
        cause="DKMS did not copy the NVIDIA module because the same version is already installed for this kernel (the "
              ".run installer or a package put it there): nothing failed to build.",
        advice=("Harmless: the module of this version is already installed, so the driver is in place; check that "
                "`modinfo -F version nvidia` shows the version you installed and that `nvidia-smi` works. Only where "
                "the driver then does not load, look for two installs of it (`dkms status`, a packaged driver beside "
                "the .run) and remove the one you do not want; `dkms install --force` overwrites the copy."),
        action="none",
        rules_out=("a failed module build", "missing kernel headers"),
        never_suggest=("install the kernel headers", "reinstall the driver"),
        sources=("https://github.com/clearlinux/distribution/issues/2792",
                 "https://github.com/dell/dkms/blob/master/dkms.in"),
        checked="2026-11-26",
        examples=("kernel/cldistro-2792-dkms-will-not-replace-module.txt",),
    ),
)
