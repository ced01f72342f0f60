"""Issue 25 (helper w25a): NVIDIA kernel modules that were never built, or never shipped, for the running kernel.

The family blind sets missed most often. The module is built (DKMS, akmods, a community PKGBUILD) or shipped prebuilt
(NVIDIA's precompiled kmods for RHEL, Unraid's driver packages) for one kernel at a time; what people paste is the
step that left the new kernel without one:

- NVIDIA's dnf plugin (dnf-plugin-nvidia, the precompiled streams of NVIDIA's RHEL repository) holds a new RHEL kernel
  back while NVIDIA has not published kmod-nvidia for it ("NOTE: Skipping kernel installation since no kernel module
  package kmod-nvidia-... could be found", newer plugins "NVIDIA driver: some kernel packages have been filtered due to
  missing precompiled modules").
- Unraid's Nvidia Driver plugins download a driver package prebuilt for each Unraid kernel; with none for the running
  kernel (a new Unraid release, a custom kernel) they print "Can't get latest Nvidia driver version and found no
  installed local driver".
- Community packages (nvidia-all, the AUR's legacy branches) patch the driver's source for new kernels; a patch that
  no longer applies ("N out of M hunks FAILED -- saving rejects to file nvidia/...rej") stops the build in prepare().
- Kernels built with Clang/LLVM (CachyOS, XanMod's clang builds, linux-tkg -llvm) pass Clang-only options that gcc
  rejects ("gcc: error: unrecognized command-line option '-mretpoline-external-thunk'"): DKMS must build with LLVM=1.
- A kernel newer than the driver, or a custom kernel configured without what it uses, leaves modpost with an
  undefined symbol ('ERROR: modpost: "drm_fbdev_ttm_setup" [.../nvidia-drm.ko] undefined!'); on NixOS the failed
  derivation names both ("builder for '/nix/store/...-nvidia-x11-565.77-6.13.drv' failed").
- dnf and zypper refuse a prebuilt module package built for a kernel nothing provides ("nothing provides
  kernel-uname-r = 6.6.1_tkg_bore needed by kmod-nvidia-...").
- Afterwards `modinfo nvidia` finds no module for the running kernel ("modinfo: ERROR: Module nvidia not found."),
  the evidence that turns Fedora's "NVIDIA kernel module missing. Falling back to nouveau" and nvidia-smi's failure
  into this cause rather than Secure Boot.

The dated facts the advice leans on are in KNOWN below, each with its source and the day it was checked.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

PRECOMPILED_KMOD = "https://github.com/NVIDIA/yum-packaging-precompiled-kmod"
UNRAID_NVIDIA = "https://github.com/ich777/unraid-nvidia-driver"
NVIDIA_ALL = "https://github.com/Frogging-Family/nvidia-all"

# Dated facts the rows' advice states (checked 2026-11-27 against the source named):
# - NVIDIA publishes kmod-nvidia per RHEL kernel after that kernel's release, and the dnf plugin filters kernels it has
#   none for; the maintainer's answer to "missing kmod" reports is the kmod's later publication
#   (yum-packaging-precompiled-kmod issues 28, 33, 53, 61).
# - From RHEL 10.1 (x86_64) Red Hat ships signed NVIDIA kmods in the rhel-10-for-x86_64-extensions-rpms repository
#   (`dnf install kmod-nvidia nvidia-open`; NVIDIA's maintainer in yum-packaging-precompiled-kmod issue 59).
# - Unraid's driver packages are built per kernel version and listed in the plugin's releases (ich777 in
#   unraid-nvidia-driver issue 5); the 470 branch is not built for Unraid kernels 6.12 and later (ich777/unraid_kernel
#   issue 8).
# - DKMS 3.0.11 and later add LLVM=1 for kernels whose .config has CONFIG_CC_IS_CLANG=y (amkillam/ryzen_smu issue 63);
#   before that, `export LLVM=1 CC=clang` in /etc/dkms/framework.conf (nvidia-all issue 55, pull request 65).
KNOWN = {
    "rhel-precompiled-kmod": ("https://github.com/NVIDIA/yum-packaging-precompiled-kmod/issues/53", "2026-11-27"),
    "rhel10-redhat-signed-kmod": ("https://github.com/NVIDIA/yum-packaging-precompiled-kmod/issues/59", "2026-11-27"),
    "unraid-per-kernel-packages": ("https://github.com/ich777/unraid-nvidia-driver/issues/5", "2026-11-27"),
    "unraid-no-470-from-6.12": ("https://github.com/ich777/unraid_kernel/issues/8", "2026-11-27"),
    "dkms-llvm-from-3.0.11": ("https://github.com/amkillam/ryzen_smu/issues/63", "2026-11-27"),
}

# A file of the NVIDIA driver's kernel source as a patch names it: nvidia/, nvidia-drm/, nvidia-uvm/, common/inc/,
# conftest.sh, under kernel/, kernel-open/ or kernel-dkms/ where the package keeps several trees, and the open modules'
# src/nvidia*/ tree.
_DRIVER_FILE = (r"(?:kernel(?:-open|-dkms)?/)?(?:nvidia(?:-drm|-uvm|-modeset|-peermem)?/[\w.-]{1,60}|"
                r"common/inc/nv[\w.-]{0,40}|conftest\.sh|src/nvidia(?:-modeset)?/[\w/.-]{1,120})")

# The symptoms a module missing for the running kernel explains, wherever they are in the same paste.
_MISSING_MODULE_SYMPTOMS = (*NO_MODULE_SYMPTOMS, "kernel.module-not-found")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.precompiled-kmod-missing-for-kernel",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # dnf-plugin-nvidia, older releases ("NOTE: Skipping kernel installation since no kernel module package
        # kmod-nvidia-510.47.03-4.18.0-348.23.1 for kernel version 4.18.0-348.23.1.el8_5 and NVIDIA driver 510.47.03
        # could be found") and newer ones (the summary, and one "filtering kernel" line per kernel held back).
        patterns=(r"Skipping kernel installation since no kernel module package (?P<kmod>kmod-nvidia[\w.+-]{0,80}) for "
                  r"kernel version (?P<kernel>[\w.+~-]{1,80}) and NVIDIA driver (?P<version>\d{3}\.\d+(?:\.\d+)?) "
                  r"could be found",
                  r"NVIDIA driver: some kernel packages have been filtered due to missing precompiled modules",
                  r"NVIDIA driver: filtering kernel (?P<kernel>[\w.+~-]{1,80}), no precompiled modules available for "
                  r"version (?:\d{1,2}:)?(?P<version>\d{3}\.\d+(?:\.\d+)?)",
                  # yum-plugin-nvidia on RHEL/CentOS 7, when the driver asked for has no kmod for the kernel.
                  r"Could not find suitable Nvidia kernel module version for kernel (?P<kernel>[\w.+~-]{1,80}) and "
                  r"driver (?P<driver>[\w.:+~-]{1,80})"),
        severity="warn",
        cause=("NVIDIA's precompiled kmod-nvidia of this driver release does not exist for the kernel: usually a new "
               "kernel NVIDIA has not (yet) published it for, which NVIDIA's dnf plugin holds back so that it does not "
               "boot without the NVIDIA module; or an older kernel the driver release was never built for."),
        advice=("Stay on the running kernel until NVIDIA publishes the precompiled kmod-nvidia for the new kernel "
                "(usually days after a RHEL kernel; `dnf nvidia-plugin` shows what is held back, and the repository's "
                "precompiled/ folder lists the kmods), and do not force the kernel past the plugin (--skip-broken, "
                "--nobest, disabling the plugin). If you need the new kernel now, switch to the DKMS variant, which "
                "builds the module for any kernel: install kernel-devel-$(uname -r) and, on RHEL 8, `sudo dnf module "
                "reset nvidia-driver && sudo dnf module install nvidia-driver:latest-dkms` (newer repositories: the "
                "DKMS driver packages, e.g. kmod-nvidia-open-dkms); on RHEL 10.1 and later Red Hat's signed kmod-nvidia "
                "from the extensions repository follows its kernels. Where the running kernel is older than the kmods "
                "(yum's \"Could not find suitable Nvidia kernel module version for kernel\"), update the kernel and "
                "reboot, or pin a driver release that has a kmod for it."),
        action="configure",
        rules_out=("the GPU", "the CUDA toolkit"),
        never_suggest=("reinstall CUDA", "disable Secure Boot"),
        sources=("https://github.com/NVIDIA/yum-packaging-precompiled-kmod/issues/53",
                 "https://github.com/NVIDIA/yum-packaging-precompiled-kmod/issues/33",
                 "https://github.com/NVIDIA/yum-packaging-precompiled-kmod/issues/28",
                 "https://github.com/NVIDIA/yum-packaging-precompiled-kmod/issues/59",
                 "https://github.com/NVIDIA/ansible-role-nvidia-driver/issues/4", PRECOMPILED_KMOD),
        checked="2026-11-27",
        examples=("kernel/precompiledkmod-53-rhel810-kernel-filtered-missing-kmod.txt",
                  "kernel/precompiledkmod-33-no-kmod-for-kernel-348-23.txt",
                  "kernel/precompiledkmod-28-skipping-kernel-no-kmod-470.txt",
                  "kernel/ansiblenvidia-4-no-suitable-kmod-for-kernel-el7.txt"),
    ),
    Signature(
        code="kernel.unraid-driver-package-missing-for-kernel",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # The Nvidia Driver plugin's (and the vGPU plugins') install script, when it finds neither a package for the
        # running kernel to download nor one already on the flash drive; one message per driver choice (latest,
        # Production Branch, New Feature Branch, open source) and one when it could not list the versions at all.
        patterns=(r"Can't get (?:latest Nvidia (?:vgpu |vGPU )?driver version|Nvidia driver versions|Production Branch "
                  r"version|New Feature Branch version|Nvidia Open Source version) and found no installed local driver",),
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("Unraid's Nvidia driver plugin found no driver package for the running kernel and none installed "
               "locally: its packages are prebuilt for each Unraid kernel version, so a kernel it has none for (a new "
               "Unraid release, a custom kernel) or no internet access at boot leaves the server without the module."),
        advice=("Compare `uname -r` (e.g. 6.1.49-Unraid) with the kernel versions the plugin's releases list: run an "
                "Unraid release (its stock kernel, not a custom kernel) that the plugin has a driver package for, or wait "
                "for the maintainer to publish one for this kernel; if the kernel is listed, make sure the server "
                "reaches GitHub at boot (the plugin downloads the package then) and reinstall the plugin. The 470 "
                "legacy branch has no packages for Unraid kernels 6.12 and later."),
        action="configure",
        rules_out=("the GPU", "a Docker setting"),
        never_suggest=("reinstall Docker", "disable Secure Boot"),
        sources=("https://github.com/thor2002ro/unraid_kernel/issues/9",
                 "https://github.com/stl88083365/unraid-nvidia-vgpu-driver/issues/13",
                 "https://github.com/ich777/unraid-nvidia-driver/issues/5",
                 "https://github.com/ich777/unraid_kernel/issues/8", UNRAID_NVIDIA),
        checked="2026-11-27",
        examples=("kernel/unraidkernel-9-custom-kernel-6-3-no-nvidia-package.txt",
                  "kernel/unraid-vgpu-13-no-driver-for-kernel-6-1-49.txt"),
    ),
    Signature(
        code="kernel.driver-source-patch-failed",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # GNU patch's summary for a file of the NVIDIA driver's source (nvidia/, nvidia-drm/, nvidia-uvm/, common/inc/,
        # conftest.sh; under kernel/ or kernel-open/ in nixpkgs and the open modules), when a community package's
        # kernel patch does not apply to this driver release: "6 out of 7 hunks FAILED -- saving rejects to file
        # nvidia/linux_nvswitch.c.rej". nvidia-all then stops with "==> ERROR: A failure occurred in prepare()".
        # A patch already in this release is "ignored" instead (patch's "Reversed (or previously applied) patch
        # detected!"); `git apply` says "error: patch failed: <file>:<line>".
        patterns=(r"\d{1,3} out of \d{1,3} hunks? (?:FAILED|ignored) -- saving rejects to file (?P<file>" + _DRIVER_FILE +
                  r")\.rej",
                  r"error: patch failed: (?P<file>" + _DRIVER_FILE + r"):\d{1,6}"),
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("A kernel-compatibility patch of the driver package did not apply to this driver release's source "
               "({file}), so the NVIDIA module was not built: the package's patches, the driver version and the kernel "
               "do not match."),
        advice=("Update the package's recipe first (nvidia-all: `git pull` in its folder and run `makepkg -si` again; "
                "an AUR legacy package such as nvidia-470xx-dkms: its latest PKGBUILD) and rebuild; if it still fails, "
                "this driver release does not support this kernel: pick a newer driver release that supports the kernel "
                "(the newest of your branch or a newer branch) or boot a kernel the driver supports (the LTS kernel) and keep it until "
                "the package is fixed."),
        action="configure",
        rules_out=("the GPU", "Secure Boot"),
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/Frogging-Family/nvidia-all/issues/96",
                 "https://github.com/Frogging-Family/nvidia-all/issues/135", NVIDIA_ALL),
        checked="2026-11-27",
        examples=("kernel/nvidiaall-96-kernel-5-18-patch-hunks-failed.txt",
                  "kernel/nvidiaall-135-470-161-update-patch-hunks-failed-6-0.txt"),
    ),
    Signature(
        code="kernel.module-gcc-on-clang-built-kernel",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # gcc (or cc) rejecting an option only Clang knows, which a Clang-built kernel's Makefiles pass to every module
        # build: -Qunused-arguments, -mretpoline-external-thunk, -mno-global-merge, -mstack-alignment=8,
        # -fsplit-lto-unit, -mllvm, ... (not -ftrivial-auto-var-init=zero, which a newer gcc knows: that one is
        # kernel.module-compiler-too-old's).
        patterns=(r"\b(?:gcc|cc)(?:-\d{1,2})?: error: unrecognized command[- ]line option .{0,3}-(?P<option>"
                  r"Qunused-arguments|mretpoline-external-thunk|mno-global-merge|mstack-alignment=\d{1,2}|fsplit-lto-unit|"
                  r"mllvm|fexperimental-late-parse-attributes|fdebug-info-for-profiling)\b",),
        refines=(*_MISSING_MODULE_SYMPTOMS, "kernel.module-compiler-too-old", "kernel.dkms-build-failed",
                 "kernel.module-source-compile-error"), refines_within=None,
        severity="fail",
        cause=("The kernel was built with Clang/LLVM (CachyOS, XanMod's Clang builds, linux-tkg -llvm and other "
               "Clang/LTO kernels) but the module is compiled with gcc, which rejects the Clang-only option -{option} "
               "the kernel's build files pass, so the NVIDIA module is never built for this kernel."),
        advice=("Build the module with the kernel's own toolchain: install clang, llvm and lld (Arch/CachyOS `sudo "
                "pacman -S clang llvm lld`, Debian/Ubuntu `sudo apt install clang llvm lld`) and rebuild with LLVM=1: "
                "DKMS 3.0.11 or newer adds it for a Clang-built kernel (`sudo dkms autoinstall -k $(uname -r)`); with "
                "an older DKMS add `export LLVM=1 CC=clang` to /etc/dkms/framework.conf; a manual build takes `make "
                "LLVM=1`. Or boot a gcc-built kernel."),
        action="configure",
        rules_out=("the driver release", "the GPU"),
        never_suggest=("install gcc-12", "disable Secure Boot"),
        sources=("https://github.com/Frogging-Family/nvidia-all/issues/36",
                 "https://github.com/Frogging-Family/nvidia-all/issues/55",
                 "https://github.com/Frogging-Family/nvidia-all/pull/65",
                 "https://github.com/amkillam/ryzen_smu/issues/63",
                 "https://github.com/chaotic-aur/packages/issues/2991"),
        checked="2026-11-27",
        examples=("kernel/nvidiaall-36-465-dkms-clang-tkg-llvm-kernel.txt",),
    ),
    Signature(
        code="kernel.modinfo-no-module-for-running-kernel",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # `modinfo nvidia` (or `modinfo -F version nvidia`) when no nvidia module is installed for the running kernel;
        # not "Module /usr/lib/modules/.../nvidia.ko not found", a path typed where DKMS never puts the module.
        patterns=(r"modinfo: ERROR: Module (?P<module>nvidia[\w-]{0,20}) not found",),
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("No {module} module is installed for the running kernel (modinfo finds none), so the driver cannot load: "
               "it was never built or installed for this kernel (a kernel update DKMS or akmods did not build it for, "
               "headers or kernel-devel missing, a build that failed) - not Secure Boot, which refuses a module that "
               "exists."),
        advice=("Build the module for the running kernel (no NVIDIA driver package installed at all: install the "
                "distribution's, e.g. `sudo ubuntu-drivers install`, or akmod-nvidia from RPM Fusion on Fedora): install "
                "the headers of exactly that kernel (Fedora/RHEL `sudo "
                "dnf install kernel-devel-$(uname -r)`, Debian/Ubuntu `sudo apt install linux-headers-$(uname -r)`, Arch "
                "the headers package of the kernel you boot), then rebuild (Fedora with RPM Fusion or negativo17 `sudo "
                "akmods --force --kernels $(uname -r)` and `sudo dracut --force`; DKMS `sudo dkms autoinstall -k "
                "$(uname -r)`; the .run installer: run it again) and reboot. If the build fails, its log names the first "
                "error (/var/cache/akmods/nvidia/*.failed.log, /var/lib/dkms/nvidia/*/build/make.log); often the kernel is "
                "newer than the driver release: update the driver packages, or boot the previous kernel until they "
                "support it."),
        action="configure",
        rules_out=("Secure Boot (the module does not exist)", "the GPU"),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/Bumblebee-Project/Bumblebee/issues/527",
                 "https://github.com/Bumblebee-Project/Bumblebee/issues/775",
                 "https://rpmfusion.org/Howto/NVIDIA"),
        checked="2026-11-27",
        examples=("kernel/bumblebee-527-modinfo-nvidia-current-missing-after-kernel-upgrade.txt",
                  "kernel/bumblebee-775-modinfo-module-nvidia-not-found.txt"),
    ),
    Signature(
        code="kernel.nix-nvidia-x11-build-failed",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # nixos-rebuild's summary of the failed derivation, which names the driver release and the kernel it was built
        # for: "error: builder for '/nix/store/<hash>-nvidia-x11-565.77-6.13.drv' failed with exit code 2;".
        patterns=(r"builder for '/nix/store/[a-z0-9]{32}-nvidia-x11-(?P<version>\d{3}\.\d+(?:\.\d+)?)-"
                  r"(?P<kernel>\d\.\d{1,2}(?:\.\d{1,3})?(?:-[\w.]{1,30})?)\.drv' failed",),
        # The compiler error beside it (kernel.module-source-compile-error) stays a finding: it says what changed.
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("NixOS could not build the kernel module of NVIDIA driver {version} for kernel {kernel}: that driver "
               "release does not support this kernel (the kernel is newer than the driver)."),
        advice=("Pair a driver and a kernel that build together: a driver release that supports kernel {kernel} "
                "(`hardware.nvidia.package = config.boot.kernelPackages.nvidiaPackages.latest;` or `.beta`, after "
                "updating nixpkgs: `sudo nix-channel --update` or `nix flake update`), or a kernel driver {version} "
                "supports (`boot.kernelPackages = pkgs.linuxPackages;`, the default LTS kernel, instead of "
                "linuxPackages_latest), then `sudo nixos-rebuild switch`; the build log's first `error:` line names "
                "what the kernel changed."),
        action="configure",
        rules_out=("the GPU", "Secure Boot"),
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/NixOS/nixpkgs/issues/376331", "https://github.com/NixOS/nixpkgs/issues/371259",
                 "https://github.com/NixOS/nixpkgs/issues/332350", "https://github.com/NixOS/nixpkgs/pull/296968",
                 "https://nixos.wiki/wiki/Nvidia"),
        checked="2026-11-27",
        examples=("kernel/nixpkgs-376331-nvidia-565-kernel-6-13-builder-failed.txt",
                  "kernel/nixpkgs-371259-nvidia-x11-555-linux-6-12-build-failure.txt",
                  "kernel/nixpkgs-332350-nvidia-550-78-kernel-6-10-builder-failed.txt"),
    ),
    Signature(
        code="kernel.module-symbol-undefined-at-link",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # modpost, when the module is linked against the kernel: 'ERROR: modpost: "drm_fbdev_ttm_setup"
        # [/var/lib/dkms/nvidia/560.35.03/build/kernel-open/nvidia-drm.ko] undefined!' (older kernels print it without
        # "modpost: "). Not the compiler's own helpers (__aarch64_*, __udivdi3...), which a toolchain mismatch leaves.
        patterns=(r"ERROR: (?:modpost: )?\"(?!__)(?P<symbol>\w{1,64})\" \[[^\]\n]{0,200}?\b(?P<module>nvidia(?:-drm|-uvm|"
                  r"-modeset|-peermem)?)\.ko\] undefined!",),
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("The kernel the module was built against does not provide {symbol}, which {module}.ko uses, so the module "
               "could not be linked: the kernel removed or renamed it after this driver release, or a custom kernel was "
               "configured without the option that provides it."),
        advice=("On a distribution kernel: install a driver release that supports this kernel (the newest of your "
                "branch or a newer branch) and rebuild (`sudo dkms autoinstall -k $(uname -r)`), or boot the previous "
                "kernel until one exists. On a self-built kernel: build it with the options the driver uses (for "
                "nvidia-drm the DRM KMS helpers, e.g. CONFIG_DRM_KMS_HELPER, CONFIG_DRM_TTM_HELPER, "
                "CONFIG_DRM_FBDEV_EMULATION), rebuild it cleanly (clear ccache), install its headers, then rebuild the "
                "module; `grep {symbol} /lib/modules/$(uname -r)/build/Module.symvers` shows whether the kernel exports "
                "it."),
        action="configure",
        rules_out=("Secure Boot", "the GPU"),
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/CachyOS/linux-cachyos/issues/308",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/837",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/642"),
        checked="2026-11-27",
        examples=("kernel/cachyos-308-modpost-drm-fbdev-ttm-setup-undefined.txt",),
    ),
    Signature(
        code="kernel.module-package-needs-missing-kernel",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # dnf/yum and zypper when the prebuilt NVIDIA module package (a kmod-nvidia, openSUSE's nvidia-*-kmp-<flavor>)
        # requires a kernel release no installed or available kernel package provides: "nothing provides
        # kernel-uname-r = 6.6.1_tkg_bore needed by kmod-nvidia-6.6.1_tkg_bore-3:535.129.03-1.fc39.x86_64".
        patterns=(r"nothing provides '?kernel-uname-r = (?P<kernel>[\w.+~-]{1,80})'? needed by (?:the to be installed )?"
                  r"(?P<package>(?:kmod-nvidia|nvidia)[\w.:~+-]{0,100})",),
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("The NVIDIA module package {package} is built for kernel {kernel}, which no installed or available kernel "
               "package provides, so no NVIDIA module can be installed for it."),
        advice=("A distribution kernel: the module package and the kernel are out of step in the repositories; refresh "
                "and update both together (`sudo dnf upgrade --refresh`, `sudo zypper refresh && sudo zypper dup`) or, "
                "if the repository has no module package for the new kernel yet, keep the running kernel until it does "
                "(never break the dependency). A self-built kernel ({kernel}): its RPMs must provide kernel-uname-r and "
                "kernel-devel-uname-r = {kernel}; rebuild them with those Provides, install them, then build the module "
                "for it again (`sudo akmods --force --kernels {kernel}`)."),
        action="configure",
        rules_out=("Secure Boot", "the GPU"),
        never_suggest=("disable Secure Boot", "--skip-broken"),
        sources=("https://github.com/Frogging-Family/linux-tkg/pull/840",
                 "https://github.com/geckolinux/geckolinux-project/issues/241"),
        checked="2026-11-27",
        examples=("kernel/linuxtkg-840-kmod-nvidia-kernel-uname-r-tkg-bore.txt",),
    ),
    Signature(
        code="kernel.headers-build-tree-incomplete",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # Kbuild, when /lib/modules/<kernel>/build exists but lacks the generated configuration ("ERROR: Kernel
        # configuration is invalid. include/generated/autoconf.h or include/config/auto.conf are missing."), and the
        # compiler when it finds no autoconf.h ("fatal error: generated/autoconf.h: No such file or directory", clang's
        # "'generated/autoconf.h' file not found").
        patterns=(r"ERROR: Kernel configuration is invalid\b",
                  r"include/generated/autoconf\.h or include/config/auto\.conf are missing",
                  r"fatal error: '?(?:[\w/.-]{0,160}/)?(?:generated|linux)/autoconf\.h'?:? (?:[Nn]o such file or "
                  r"directory|file not found)"),
        refines=_MISSING_MODULE_SYMPTOMS, refines_within=None,
        severity="fail",
        cause=("The kernel headers the module is built against are missing or incomplete (the build tree has no "
               "generated configuration: autoconf.h / auto.conf), so no module, the NVIDIA one included, can be built "
               "for that kernel."),
        advice=("Install, or reinstall, the headers package of exactly the kernel you build for (Debian/Ubuntu `sudo apt "
                "install --reinstall linux-headers-$(uname -r)`; Arch the kernel's own headers package, e.g. `sudo pacman "
                "-S linux-headers` or linux-zen-headers; Fedora `sudo dnf reinstall kernel-devel-$(uname -r)`) and check "
                "that /lib/modules/$(uname -r)/build/include/generated/autoconf.h now exists; if the repository's "
                "headers package itself is broken, update to its fixed kernel and headers release; for a self-built "
                "kernel install the headers built with it (or run `make modules_prepare` in its tree). Then rebuild the "
                "module (`sudo dkms autoinstall -k $(uname -r)`) and reboot."),
        action="configure",
        rules_out=("the driver release", "Secure Boot"),
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/Frogging-Family/nvidia-all/issues/150",
                 "https://github.com/chaotic-aur/packages/issues/609", "https://github.com/pop-os/linux/issues/48",
                 "https://github.com/zen-kernel/zen-kernel/issues/305"),
        checked="2026-11-27",
        examples=("kernel/nvidiaall-150-autoconf-h-no-such-file-latest-kernel.txt",
                  "kernel/chaoticaur-609-tkg-headers-kernel-configuration-invalid.txt",
                  "kernel/zenkernel-305-missing-zen-kernel-headers.txt"),
    ),
)
