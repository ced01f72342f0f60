"""Kernel and driver, DKMS: the NVIDIA module that DKMS (or nvidia-installer, or a distribution's package hook) could
not build for a kernel, in each tool's and version's own words (rows of the kernel area, added to kernel.py's tuple;
moved here from kernel_modules.py, which was at the house's line limit)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.dkms-build-failed",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            r"Consult /var/lib/dkms/nvidia[\w-]{0,20}/(?P<version>\d{3}\.\d+(?:\.\d+)?)/build/make\.log",
            r"dkms autoinstall on (?P<kernel>\S+) failed for nvidia",
            # The lookahead keeps "kernel:" out of the prefilter's literal (it keys on "return" instead).
            r"Bad return status for module build on kernel(?=:): (?P<kernel>\S+)",
            # DKMS exits 10 on a build error and 6 where a patch of the package does not apply (dkms.in,
            # report_build_problem): dpkg's postinst summary, Arch's pacman hook; Void's xbps trigger says FAILED. (Exit 1
            # there is the postinst's own failure, such as Ubuntu's quirks handler under a replaced Python.)
            r"installed nvidia[\w-]{0,20}dkms[\w-]{0,24} package post-installation script subprocess returned error "
            r"exit status (?:10|6)\b", r"Error! Application of patch [\w.+-]{1,80} failed\.", r"`dkms install [\w -]{0,24}nvidia[\w-]{0,12}/[\d.]{3,20} -k [\w.+~-]{1,80}' exited 10\b",
            r"Building DKMS module: nvidia[\w-]{0,12}-(?P<release>\d{3}\.\d+(?:\.\d+)?)\.\.\. FAILED!",
            # nvidia-installer's (the .run file's) words for the same failure (its build step, or the check after it that
            # finds no module built); its log holds the compiler's error.
            r'An error occurred while performing the step: "(?:Building kernel modules|Checking to see whether the '
            r'nvidia kernel module was successfully built)"',
            r"ERROR: Unable to build the NVIDIA kernel module",
            # nvidia-installer's run_dkms() (misc.c): "Failed to run `/usr/sbin/dkms install ... -m nvidia -v V -k K`: ...".
            r"The (?P<module>nvidia[\w-]{0,12}) kernel module (?:failed to build\. This kernel module is required|was "
            r"not created)",  # nvidia-installer's own build (kernel.c), without DKMS
            r"Failed to run `[\w/.-]{0,40}dkms (?:build|install)[\w -]{0,16} -m nvidia -v (?P<version>\d{3}\.\d+(?:\.\d+)?)",
            # DKMS 3.x (dkms.in): autoinstall's summary after a kernel package's postinst ("Autoinstall on K failed for
            # module(s) nvidia(10).", the number DKMS's exit status).
            r"Autoinstall on (?P<kernel>(?!\S*[Mm]icrosoft)\S+) failed for module\(s\) [^\n]{0,120}?\bnvidia",
        ),
        severity="fail",
        cause="DKMS could not build the NVIDIA kernel module for the running kernel.",
        advice=("Read the first compiler error in the make.log DKMS names (for the .run installer, "
                "/var/log/nvidia-installer.log); usually the kernel is newer than this driver supports: update the "
                "driver to a newer release that supports this kernel (on Arch, Void or NixOS the distribution's "
                "updated driver package, or its LTS kernel), or boot the previous kernel until one exists; "
                "where it says the kernel's headers are missing, install those of the running kernel "
                "(linux-headers-$(uname -r), kernel-devel); where a patch of the driver package failed to apply, its "
                "patches do not support this kernel yet: install the package release that does, or boot an older "
                "kernel; then rebuild with `sudo dkms autoinstall` and reboot."),
        action="configure",
        never_suggest=("blacklist nouveau",),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/635", "https://github.com/ProTechEx/vgpu-proxmox/issues/1",
                 "https://github.com/void-linux/void-packages/issues/54925",
                 "https://github.com/dell/dkms/blob/master/dkms.in"),
        checked="2026-11-26",  # (konvoy-1200's build failure: kernel.module-gpl-only-symbol, which names its reason)
        examples=("kernel/ogkm-635-dkms-fedora40-545.txt", "kernel/vgpuproxmox-1-installer-building-kernel-modules.txt",
                  "kernel/voidpkgs-54925-dkms-570-linux6-14-failed.txt"),
    ),
    Signature(
        code="kernel.dkms-stale-entry",
        # DKMS (dkms.in read_conf, exit 4) stops at a module/version in its tree whose source (and dkms.conf) is gone: a
        # package removed without `dkms remove`, an older driver the .run installer replaced. `dkms status` and every
        # kernel's autoinstall then fail, so the NVIDIA module is not rebuilt for a new kernel either.
        refines=(*NO_MODULE_SYMPTOMS, "kernel.dkms-build-failed", "kernel.module-not-found"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # (DKMS prints it above "File: /var/lib/dkms/<module>/<version>/source/dkms.conf does not exist."); DKMS 3.x
        # names the entry itself: "nvidia/550.54.14 is broken! Missing the source directory or the symbolic link ...".
        patterns=(r"Could not locate dkms\.conf file",
                  r"Missing the source directory or the symbolic link pointing to it"),
        severity="fail",
        cause="DKMS stops at a stale entry in its tree (a module version whose sources and dkms.conf are gone), so it "
              "rebuilds no module for new kernels, the NVIDIA one included.",
        advice=("Remove the stale entry DKMS names (`sudo dkms remove <module>/<version> --all`, or `sudo rm -rf "
                "/var/lib/dkms/<module>/<version>` when dkms itself refuses), or reinstall the package it came from; "
                "`dkms status` must then list only installed versions. Rebuild for the running kernel with `sudo dkms "
                "autoinstall` (or finish the interrupted upgrade with `sudo apt -f install` / `sudo dpkg --configure -a`) "
                "and reboot."),
        action="configure",
        rules_out=("the GPU", "Secure Boot"),
        never_suggest=("blacklist nouveau",),
        sources=("https://github.com/linux-surface/linux-surface/issues/112",
                 "https://github.com/dell/dkms/blob/master/dkms.in"),
        checked="2026-11-26",
        examples=("kernel/linuxsurface-112-dkms-conf-missing-kernel-update.txt",),
    ),
)
