"""Kernel and driver, life cycle: a module built for another kernel, modules that will not unload, two driver
packagings fighting over files, and suspend or hibernation the driver refuses (rows of the kernel area, joined
into kernel.py's tuple; kernel_modules.py has building, signing and loading)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

_POWER_MANAGEMENT = "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/powermanagement.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-version-magic",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # The kernel's refusal of a module built for another kernel release: dmesg's "version magic '<built>' should
        # be '<running>'", and what modprobe prints for it, "Exec format error".
        patterns=(r"(?P<module>nvidia[\w-]{0,16}): version magic '(?P<built>[^'\n]{1,80})' should be "
                  r"'(?P<running>[^'\n]{1,80})'",
                  r"could not insert '(?P<module>nvidia[\w-]{0,16})': Exec format error",
                  r"could not insert module [\w/.-]{0,120}?(?P<module>nvidia[\w-]{0,16})\.ko: Invalid module format"),
        severity="fail",
        cause="The {module} module on disk was built for another kernel than the running one (its version magic "
              "differs), so the kernel refuses to load it (Exec format error).",
        advice=("Rebuild the NVIDIA modules for the running kernel: install its headers (`sudo apt install "
                "linux-headers-$(uname -r)`; `sudo dnf install kernel-devel-$(uname -r)`), then `sudo dkms autoinstall "
                "-k $(uname -r)` (on Fedora with RPM Fusion, `sudo akmods --force --kernels $(uname -r)`); "
                "`modinfo -n nvidia` shows which file loads, and a stale copy left by another packaging (a weak-updates "
                "link, DKMS beside akmods) must go."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("disable Secure Boot", "blacklist nouveau"),
        sources=("https://github.com/negativo17/nvidia-driver/issues/97", "https://github.com/lwfinger/rtw88/issues/93"),
        checked="2026-11-26",
        examples=("kernel/negativo17-97-version-magic-exec-format.txt",),
    ),
    Signature(
        code="kernel.module-in-use",
        cause_id="driver-in-use",
        kinds=("any",),
        # rmmod's and `modprobe -r`'s refusal to unload a module something holds open.
        patterns=(r"rmmod: ERROR: Module (?P<module>nvidia[\w-]{0,16}) is in use",
                  r"modprobe: FATAL: Module (?P<module>nvidia[\w-]{0,16}) is in use"),
        severity="fail",
        cause="The {module} module cannot be unloaded: a display server, nvidia-persistenced, a CUDA program or another "
              "NVIDIA module still uses it.",
        advice=("See who holds it (`lsmod | grep nvidia`, the 'Used by' column; `sudo lsof /dev/nvidia*`), then from a "
                "text console stop the display manager (`sudo systemctl isolate multi-user.target`) and "
                "`sudo systemctl stop nvidia-persistenced`, end the CUDA programs, and unload in order: "
                "`sudo rmmod nvidia_drm nvidia_modeset nvidia_uvm nvidia`; if they still will not unload, reboot to a "
                "text console and do it there. Where a hybrid-graphics switcher (supergfxctl, optimus-manager, "
                "envycontrol) tried the unload for a live mode switch and was left stuck, set its mode back "
                "(`supergfxctl -m Hybrid`, or Hybrid in /etc/supergfxd.conf) and reboot, and switch modes only with a "
                "reboot or logout."),
        action="reload-driver",
        rules_out=("a driver fault",),
        never_suggest=("disable Secure Boot", "reinstall CUDA"),
        sources=("https://github.com/tinygrad/open-gpu-kernel-modules/pull/20",
                 "https://github.com/OpenGamingCollective/asusctl/issues/344",
                 "https://forums.developer.nvidia.com/t/cant-install-new-driver-cannot-unload-module/63639"),
        checked="2026-11-26",
        examples=("kernel/tinygrad-pr20-rmmod-module-in-use.txt",),
    ),
    Signature(
        code="kernel.dpkg-file-in-other-nvidia-package",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        # dpkg refusing to unpack a file that an installed NVIDIA package of another branch or source already owns.
        patterns=(r"trying to overwrite '(?P<path>[^'\n]{1,200})', which is also in package "
                  r"(?P<package>(?:lib)?nvidia[\w.+-]{1,60})",  # "nvidia-" would key the prefilter on a common word
                  # An NVIDIA file owned by a package whose name does not start with nvidia (Debian's libcuda1,
                  # xserver-xorg-video-nvidia-NNN, the CUDA repository's cuda-drivers, a libgl1-nvidia-glx).
                  r"trying to overwrite '(?P<path>[^'\n]{0,160}(?:nvidia|libcuda)[^'\n]{0,120})', which is also in "
                  r"package (?P<package>[\w.+-]{1,60})"),
        severity="fail",
        cause="Two NVIDIA driver packagings are installed side by side: {package} already owns {path}, so dpkg will "
              "not install the other one over it.",
        advice=("Keep one driver branch from one source: purge the packages of the other branch or source (`sudo apt "
                "purge` the package dpkg names, or `sudo apt purge '*nvidia*' '*libnvidia*'` to start clean; "
                "`sudo nvidia-uninstall` for a .run install), run `sudo apt --fix-broken install`, then install one "
                "driver (`sudo ubuntu-drivers install` or one nvidia-driver-NNN package)."),
        action="configure",
        rules_out=("the GPU", "the kernel module build"),
        never_suggest=("disable Secure Boot", "dpkg --force-overwrite"),
        sources=("https://github.com/pop-os/shop/issues/121",),
        checked="2026-11-26",
        examples=("kernel/popos-shop-121-dpkg-file-in-other-driver-package.txt",),
    ),
    Signature(
        code="kernel.preserve-vram-without-suspend-services",
        refines=("cuda.unknown-error", "cuda.no-device", "cuda.torch-no-gpus-visible"),
        refines_within=None,
        cause_id="gpu-suspend-resume",
        kinds=("any",),
        # The driver's refusal of the kernel's suspend/freeze callback when NVreg_PreserveVideoMemoryAllocations=1 is
        # set and nothing wrote /proc/driver/nvidia/suspend first (the nvidia-suspend/-hibernate/-resume services);
        # the kernel then logs "nv_pmops_suspend ... returns -5" and the suspend or the resume from hibernation fails.
        patterns=(r"PreserveVideoMemoryAllocations module parameter is set\.",
                  r"System Power Management attempted without driver procfs suspend interface"),
        severity="fail",
        cause="The driver is told to keep video memory across suspend (NVreg_PreserveVideoMemoryAllocations=1), but "
              "the services that save it through /proc/driver/nvidia/suspend did not run, so it refused to suspend "
              "or to resume from hibernation.",
        advice=("Enable the driver's power-management services: `sudo systemctl enable nvidia-suspend.service "
                "nvidia-hibernate.service nvidia-resume.service` (they come with the driver; see 'Configuring Power "
                "Management Support' in its README), or take NVreg_PreserveVideoMemoryAllocations=1 out of "
                "/etc/modprobe.d. If only the resume from hibernation fails, the nvidia modules load from the initramfs "
                "before those services can run: remove them from it (MODULES in /etc/mkinitcpio.conf, or the dracut "
                "or initramfs-tools configuration) and rebuild the initramfs."),
        action="configure",
        rules_out=("the GPU", "the swap or resume configuration"),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/472", _POWER_MANAGEMENT),
        checked="2026-11-26",
        examples=("kernel/ogkm-472-preserve-vram-no-procfs-suspend.txt",),
    ),
    Signature(
        code="kernel.apt-nvidia-unmet-dependencies",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        # apt's resolver when one driver package needs another at a version only another source has:
        # "nvidia-driver-535-open : Depends: libnvidia-gl-535 (= 535.54.03-0ubuntu0.22.04.1) but 535.54.03-0ubuntu1
        # is to be installed" (the Ubuntu archive against a PPA or NVIDIA's CUDA repository, or a half-done upgrade).
        # The same refusal without a candidate ("... (= 550.54.15-0ubuntu1) but it is not going to be installed"): the
        # version wanted exists only in the source the rest of the set does not come from.
        patterns=(r"(?P<package>(?:lib)?nvidia-[\w.+-]{1,60}) : Depends: (?P<dependency>(?:lib)?nvidia-[\w.+-]{1,60}) "
                  r"\([<>=]{1,2} (?P<wanted>[\w.~+:-]{1,60})\) but (?:[\w.~+:-]{1,60} is|it is not going) to be installed",
                  # The same refusal where a name does not start with nvidia- (Debian's xserver-xorg-video-nvidia,
                  # libcuda1, firmware-nvidia-gsp), the dependency carries no version, or a package of another branch
                  # Breaks or Conflicts with the one asked for (a held libnvidia-compute-NNN, nvidia-utils-NNN).
                  # PackageKit front ends (Pop Shop, AppCenter) print "pkg: Depends:" without apt's space.
                  # A package's name starts where its run of name characters does: tried at every character of a long run
                  # ("nvidianvidia..."), the bounded runs around the literal cost 0.26 s a line on a busy CI machine.
                  r"(?<![\w.+-])(?P<package>[\w.+-]{0,40}(?:nvidia|libcuda)[\w.+-]{0,60}) ?: (?:Pre-)?(?:Depends|Breaks|Conflicts): "
                  r"(?P<dependency>[\w.+-]{0,40}(?:nvidia|libcuda)[\w.+-]{0,60})(?: \([<>=]{1,2} [\w.~+:-]{1,60}\))? "
                  r"but (?:[\w.~+:-]{1,60} is|it is not going) to be installed",
                  # apt under a French locale ("Dépend : nvidia-kernel-common-470 (<=470.86-1) mais 470.103.01-… doit
                  # être installé").
                  r"(?:(?<![\w.+-])(?P<package>[\w.+-]{0,40}nvidia[\w.+-]{0,60}) ?: )?D\u00e9pend ?: (?P<dependency>[\w.+-]{0,40}nvidia[\w.+-]{0,60})(?: \([<>=]{1,2} ?[\w.~+:-]{1,60}\))? "
                  r"mais (?:[\w.~+:-]{1,60} doit|ne doit pas) \u00eatre install\u00e9",
                  # A package of one branch conflicting with the virtual name every branch provides, as apt and the
                  # PackageKit front ends list it when two branches are asked for at once ("libnvidia-gl-470: Conflicts:
                  # libnvidia-gl" beside the same line for -510).
                  r"(?P<package>(?:lib)?nvidia-[\w.+-]{1,50}-\d{3}(?:-server|-open)?) ?: Conflicts: "
                  r"(?P<dependency>(?:lib)?nvidia-[\w.+-]{1,50}|libcuda[\w.+-]{1,30})\s{0,4}$"),
        severity="fail",
        cause="apt cannot install a consistent set of NVIDIA driver packages ({dependency} at another version, or a "
              "package of another branch in conflict): they come from two sources, two branches or two versions, one "
              "of them perhaps held or pinned.",
        advice=("Install the driver from one source at one branch: `apt policy` the packages named to see which "
                "repositories offer which version, and `apt-mark showhold` for held NVIDIA packages (`sudo apt-mark "
                "unhold` them). Purge the packages of the other branch or source (`sudo apt purge` the "
                "libnvidia-*-NNN / nvidia-*-NNN packages of the branch you do not want, or `sudo apt purge '*nvidia*' "
                "'*libnvidia*'` to start clean), remove or pin the other repository (a graphics-drivers PPA, NVIDIA's "
                "CUDA repository, a distribution's repository for another release; a linux-modules-nvidia-NNN-<kernel> "
                "package of an older kernel pins the old version: purge it or that kernel; on Debian take every NVIDIA "
                "package from the same suite, e.g. all from bookworm-backports with `-t bookworm-backports`, or none), "
                "`sudo apt update`, then `sudo apt --fix-broken install` and install one nvidia-driver-NNN package "
                "(or `sudo ubuntu-drivers install`)."),
        action="configure",
        rules_out=("the GPU", "the kernel module build"),
        never_suggest=("disable Secure Boot", "dpkg --force-depends"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/537",
                 "https://github.com/aws-samples/aws-deep-learning-ami-ubuntu-dcv-desktop/issues/18"),
        checked="2026-11-26",
        examples=("kernel/ogkm-537-apt-unmet-535-open-two-sources.txt", "kernel/awsdlami-18-dkms-530-depends-older-common.txt"),
    ),
    Signature(
        code="kernel.xorg-module-load-failed",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # The NVIDIA X driver's words in Xorg.0.log when it cannot get the kernel module loaded (it asks modprobe and
        # gives up); the kernel log and modprobe say why.
        # Older X drivers name the screen and end with "!": "(EE) NVIDIA(0): Failed to load the NVIDIA
        # kernel module!" then "*** Aborting ***".
        patterns=(r"NVIDIA: Failed to load the NVIDIA kernel module\.", r"NVIDIA\(\d{1,2}\): Failed to load the NVIDIA kernel module!"),
        severity="fail",
        cause="The X server's NVIDIA driver could not load the NVIDIA kernel module, so there is no NVIDIA display "
              "(and no CUDA): the module is missing for the running kernel, refused, or cannot take the GPU.",
        advice=("Run `sudo modprobe nvidia` and read `sudo dmesg | grep -iE 'nvidia|NVRM'`: 'Module nvidia not found' "
                "means the module was never built for this kernel (install the driver packages with DKMS and "
                "`linux-headers-$(uname -r)`, or reinstall the driver for this kernel); 'Key was rejected' is Secure "
                "Boot; 'probe routine was not called' is nouveau holding the GPU."),
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("edit xorg.conf",),
        sources=("https://github.com/MrMEEE/bumblebee-Old-and-abbandoned/issues/71",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/commonproblems.html"),
        checked="2026-11-26",
        examples=("kernel/bumblebee-71-module-nvidia-not-found-xorg.txt",),
    ),
    Signature(
        code="kernel.no-nvidia-adapter-found",
        cause_id="none",
        kinds=("other",),
        # The module's words when it loads and finds no NVIDIA GPU at all (old drivers: "No NVIDIA graphics adapter
        # found!"; later "No NVIDIA GPU found."): harmless where there is none. A GPU that another driver holds (nouveau,
        # vfio-pci) gives other words ("The NVIDIA probe routine was not called", "No NVIDIA graphics adapter probed!"),
        # so this line sends the reader to the bus, not to nouveau.
        patterns=(r"NVRM: No NVIDIA graphics adapter found!", r"NVRM: No NVIDIA GPU found\."),
        severity="info",
        cause="The NVIDIA kernel module loaded but found no NVIDIA GPU to drive.",
        advice=("Harmless on a machine without an NVIDIA GPU (remove the NVIDIA driver packages if unwanted), and no "
                "driver or CUDA install changes it: a program that needs a GPU must run on a machine that has one (on a "
                "cloud VM, a GPU instance type). If the machine should have one, `lspci -nn | grep -i nvidia` shows "
                "whether it is on the bus at all (absent: disabled in the firmware, passed through to another VM, or "
                "unseated); where the NVRM lines above say this driver release does not support it, install the "
                "driver branch that lists it."),
        action="none",
        rules_out=("a broken NVIDIA driver install",),
        sources=("https://github.com/ValveSoftware/SteamOS/issues/209",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/blob/main/kernel-open/nvidia/nv.c"),
        checked="2026-11-28",
        examples=("kernel/steamos-209-no-nvidia-adapter-amd-card.txt",),
    ),
    Signature(
        code="kernel.cc-version-check-failed",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # The NVIDIA module build's own check (Kbuild cc_version_check; nvidia-installer's "CC version check") that the
        # compiler is the one the kernel was built with; newer drivers only warn ("Warning: Compiler version check
        # failed"), older ones stop with these words.
        patterns=(r"\*\*\* Failed CC version check\. Bailing out! \*\*\*", r"The CC version check failed:"),
        severity="fail",
        cause="The NVIDIA module was not built: the compiler at hand is not the one the running kernel was built with, "
              "and the driver's build refuses to mix them.",
        advice=("Build with the kernel's compiler: the kernel log's first line (`cat /proc/version`) names it; install "
                "that gcc and set `CC` to it (e.g. `export CC=gcc-12`), or update to a kernel built by the installed "
                "gcc, then rebuild (`sudo dkms autoinstall`). Where only the patch level differs, "
                "`IGNORE_CC_MISMATCH=1` (the .run installer's `--no-cc-version-check`) lets it through."),
        action="configure",
        rules_out=("the GPU", "Secure Boot"),
        never_suggest=("blacklist nouveau",),
        sources=("https://github.com/GoogleCloudPlatform/compute-gpu-installation/issues/15",
                 "https://github.com/clearlinux/distribution/issues/1835",
                 "https://github.com/Bumblebee-Project/Bumblebee/issues/712"),
        checked="2026-11-26",
        examples=("kernel/gcpgpuinstall-15-failed-cc-version-check.txt",),
    ),
)
