"""Issue 25, fifteenth wave (a15k, written blind): kernel-module failures as people describe them in their own words,
without the error line: a DKMS build that fails for a new kernel, a Maxwell/Pascal/Volta GPU left behind by the 590
branch, a module Secure Boot refuses, nouveau still holding the GPU (rows of the kernel area, added to kernel.py's tuple).

Each is `warn`: a person's description is evidence, not proof, and each cause says what the description suggests. The
error lines themselves stay the rows that read them (kernel.dkms-build-failed, kernel.gpu-not-supported-by-driver)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

_ARCH_590 = "https://archlinux.org/news/nvidia-590-driver-drops-pascal-support-main-packages-switch-to-open-kernel-modules/"
# "the nvidia driver", "Nvidia470 dkms", "nvidia-dkms", "NVIDIA 550.120 DKMS module": the subject of a build failure.
_NV = r"(?:[Nn]vidia|NVIDIA|[Dd][Kk][Mm][Ss])"
_FAILS = (r"(?:fails?|failed|failing|won't|will not|doesn't|does not|didn'?t|did not|can't|cannot|can not|unable to|"
          r"not able to|refuses to|breaks? (?:when|on|while))")
# A kernel release as people write it: "kernel 6.15", "linux 6.12", "Linux6.14", "6.17.1", "kernel v6.13.0".
_KREL = r"(?:[Kk]ernel |[Ll]inux ?)?v?(?P<kernel>[3-9]\.\d{1,2})\b"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.dkms-build-fails-described",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("other",),
        # A person's words (an issue title, the first sentence) that the NVIDIA module does not build for a kernel:
        # "the nvidia driver fails to build for kernel 6.15", "nvidia-dkms failing build on 6.17.1", "Nvidia DKMS 550.120
        # cannot build against kernel 6.13.0", "Nvidia 530.41.03 won't build with kernel 6.4", "after upgrading to kernel
        # 6.6.1 the nvidia driver didn't compile". DKMS's own lines are kernel.dkms-build-failed's.
        patterns=(
            _NV + r"[^\n]{0,60}?\b" + _FAILS + r"\b[^\n]{0,16}?\b(?:build|compile|built|compiled)\b[^\n]{0,12}? (?:on|for|"
            r"with|against|under|in|after upgrading to|after updating to) (?:the )?(?:new |newer |latest )?" + _KREL,
            r"\b(?:[Kk]ernel|[Ll]inux) ?v?[3-9]\.\d{1,2}\b[^\n]{0,60}?" + _NV + r"[^\n]{0,60}?\b(?:fails?|failed|failing|"
            r"didn'?t|did not|cannot|can't|won't|unable) (?:to )?(?:be )?(?:build|compile|built|compiled)\b",
            # "Update from kernel 6.11.9 to 6.12.1 fails for Ubuntu 24.10 with nvidia drivers"
            r"\b(?:[Uu]pdat(?:e|ed|ing)|[Uu]pgrad(?:e|ed|ing)) (?:from |to )?(?:the )?(?:[Kk]ernel|[Ll]inux) ?v?[3-9]\.\d{1,2}"
            r"[^\n]{0,40}?\b(?:fails?|failed|breaks?|broke)\b[^\n]{0,40}?" + _NV,
            # "nvidia-dkms fails on kernel 6.14 update", "Kernel 6.13 breaks the nvidia driver build"
            r"\b(?:[Nn]vidia|NVIDIA)-dkms\b[^\n]{0,30}?\b(?:fails?|failed|failing|breaks?|broke|broken)\b (?:on|with|for|after|under) "
            r"(?:the )?(?:new |newer |latest )?" + _KREL,
            r"\b(?:[Kk]ernel|[Ll]inux) ?v?[3-9]\.\d{1,2}\b[^\n]{0,20}?\b(?:breaks?|broke)\b[^\n]{0,30}?" + _NV
            + r"[^\n]{0,30}?\b(?:build|compile|dkms|DKMS|module)\b",
            # "compilation fails on kernel 6.4 with nvidia 340"
            r"\b(?:[Cc]ompil(?:ation|ing|e)|[Bb]uild(?:ing)?) (?:fails?|failed|failure|errors?|broken) (?:on|for|with|against|"
            r"under) (?:the )?(?:mainline |new |newer |latest )?(?:[Kk]ernel|[Ll]inux) ?v?[3-9]\.\d{1,2}\b[^\n]{0,40}?\b(?:with|"
            r"for|of) (?:the )?" + _NV,
        ),
        severity="warn",
        cause=("The description suggests the NVIDIA kernel module (DKMS) does not build for a newly installed kernel: "
               "usually that kernel is newer than the installed driver release supports, or its headers are missing, "
               "so the new kernel boots without the NVIDIA driver."),
        advice=("Read the first compiler error in /var/lib/dkms/nvidia/<version>/build/make.log. Install the headers "
                "of that kernel (linux-headers-<version>, on Arch linux-headers or linux-lts-headers, kernel-devel on "
                "Fedora); if they are there, the kernel is newer than the driver supports: update the NVIDIA driver to "
                "a release that supports it (the distribution's newer nvidia/nvidia-dkms package; the legacy 470xx and "
                "390xx branches need patched AUR packages), or boot the previous or LTS kernel until one exists. Then "
                "rebuild with `sudo dkms autoinstall -k <version>` and reboot."),
        action="configure",
        rules_out=("a GPU hardware fault",),
        never_suggest=("blacklist nouveau", "reseat the GPU"),
        sources=("https://github.com/Frogging-Family/nvidia-all/issues/177",
                 "https://github.com/linux-surface/linux-surface/issues/1909",
                 "https://github.com/Frogging-Family/linux-tkg/issues/1069"),
        checked="2026-11-26",
        examples=("kernel/nvidiaall-177-nvidia-530-will-not-build-linux-6-4.txt",),
    ),
    Signature(
        code="kernel.legacy-gpu-dropped-by-590-described",
        described=True,
        cause_id="gpu-unsupported-by-driver",
        kinds=("other",),
        # A person's words that the 590 (or later) branch dropped their Maxwell, Pascal or Volta GPU ("The new NVIDIA
        # 590 drivers drop support for Pascal", "595+ drivers no longer support Pascal cards"), or a GTX 900/10-series
        # named beside a 59x/60x driver version on one line. The driver's own lines are kernel.gpu-not-supported-by-driver's.
        patterns=(
            r"\b(?:59\d|6[0-2]\d)\b[^\n]{0,60}?\b(?:drops?|dropped|dropping|removed?|removes|ends?|ended|no longer "
            r"supports?|does not support|doesn't support|not support)\b[^\n]{0,40}?\b(?:Pascal|Maxwell|Volta)\b",
            r"\b(?:[Dd]river|NVIDIA) support for (?:the )?(?:Pascal|Maxwell|Volta)\b[^\n]{0,60}?\b(?:has ended|ended|ends|is over|"
            r"(?:was |has been |is )?(?:dropped|removed))\b",
            r"\b(?:Pascal|Maxwell|Volta)\b[^\n]{0,80}?\b(?:no longer supported|not supported|unsupported|dropped|removed)"
            r"\b[^\n]{0,60}?\b(?:59\d|6[0-2]\d)\b",
            r"\b(?:drop(?:s|ped|ping)?|removed?|ended?) (?:the )?(?:support (?:for )?)?(?:Pascal|Maxwell|Volta)\b[^\n]{0,40}?"
            r"\b(?:59\d|6[0-2]\d)\b",
            r"\bGTX ?(?:10[5-8]0|9[5-8]0|TITAN X)\b[^\n]{0,80}?\b(?:59\d|6[0-2]\d)(?:\.\d{2}|xx)? (?:driver|drivers|branch|series|"
            r"release)\b",
            r"\b(?:[Uu]pgrad(?:e|ed|ing)|[Uu]pdat(?:e|ed|ing)) (?:to )?(?:the )?(?:driver )?(?:59\d|6[0-2]\d)\b[^\n]{0,60}?\bGTX ?"
            r"(?:10[5-8]0|9[5-8]0|TITAN X)\b[^\n]{0,40}?\b(?:no longer|not|isn't|stopped|doesn't|does not|won't|fails?|failed|"
            r"broke|disappeared)\b",
            # a GTX 900/10-series and a 59x/60x driver named on one line ("GTX 1070 stopped working with driver 590.44")
            r"\bGTX ?(?:10[5-8]0|9[5-8]0|TITAN X)\b[^\n]{0,80}?\b(?:[Dd]rivers?|nvidia-(?:driver|utils|dkms|open)|[Vv]ersion)"
            r"\b[^\n]{0,20}?\b(?:59\d|6[0-2]\d)(?:\.\d{2}|xx)?\b",
            r"\b(?:[Dd]rivers?|nvidia-(?:driver|utils|dkms)|[Vv]ersion)\b[^\n]{0,20}?\b(?:59\d|6[0-2]\d)(?:\.\d{2}|xx)?\b"
            r"[^\n]{0,80}?\bGTX ?(?:10[5-8]0|9[5-8]0)\b",
        ),
        severity="warn",
        cause=("The description suggests a Maxwell, Pascal or Volta GPU (GeForce GTX 900/10-series, Quadro M/P, Tesla "
               "P/V, TITAN X/V) with the 590 or a later driver branch, which no longer supports them: that driver "
               "ignores the GPU (\"No NVIDIA GPU found\", nvidia-smi cannot talk to the driver)."),
        advice=("Install the 580 legacy branch, the last that supports these GPUs, and keep it from being upgraded: on "
                "Arch replace nvidia/nvidia-dkms with nvidia-580xx-dkms and nvidia-580xx-utils (AUR); on NixOS set "
                "hardware.nvidia.package = config.boot.kernelPackages.nvidiaPackages.legacy_580; on Ubuntu or Debian "
                "install nvidia-driver-580 and `sudo apt-mark hold` it; on Windows a 580-series driver (581.xx); then "
                "reboot and check `nvidia-smi`."),
        action="configure",
        rules_out=("a GPU hardware fault", "a failed module build"),
        never_suggest=("disable Secure Boot", "reseat the GPU", "check the power supply"),
        sources=("https://github.com/omacom/omarchy/issues/4385", "https://github.com/NixOS/nixos-hardware/pull/1843",
                 _ARCH_590),
        checked="2026-11-26",
        examples=("kernel/omarchy-4385-pascal-quadro-p1000-590-dropped.txt",),
    ),
    Signature(
        code="kernel.secure-boot-blocks-module-described",
        described=True,
        cause_id="secure-boot-rejected",
        kinds=("other",),
        # A person's words that Secure Boot keeps the NVIDIA module from loading ("I enabled the Secure Boot. In such a
        # case, the driver is no longer loaded", "my nvidia driver cant load because of secure boot"), or that it works
        # once Secure Boot is off ("disabled the SecureBoot and it worked"). The kernel's own lines are
        # kernel.module-signature-rejected's and kernel.module-required-key-unavailable's.
        patterns=(
            r"\b(?:[Ss]ecure ?[Bb]oot|SecureBoot)\b[^\n]{0,80}?\b(?:driver|module|modules|nvidia|NVIDIA|Nvidia)\b[^\n]{0,30}?"
            r"\b(?:is no longer|no longer|is not|isn't|not|can't|cant|cannot|doesn't|does not|won't|will not|fails? to|"
            r"failed to|refuses to|couldn't|could not) (?:be )?(?:loads?|loaded|loading|works?|working|starts?)\b",
            r"\b(?:driver|module|modules|nvidia|NVIDIA|Nvidia)\b[^\n]{0,40}?\b(?:can't|cant|cannot|doesn't|does not|won't|"
            r"not|no longer|fails? to|failed to|couldn't|could not) (?:be )?(?:loads?|loaded|loading|works?|working)\b[^\n]{0,40}?"
            r"\b(?:because(?: of)?|due to|with|when|since|as|after enabling|after turning on|under) (?:the )?(?:[Ss]ecure ?[Bb]oot|"
            r"SecureBoot)\b",
            r"\b(?:[Dd]isabl(?:e|ed|ing)|[Tt]urn(?:ed|ing)? off|[Ss]witch(?:ed|ing)? off)\b(?: the)? (?:[Ss]ecure ?[Bb]oot|"
            r"SecureBoot)\b[^\n]{0,60}?\b(?:works?|worked|working|fixed|solved|resolved)\b",
            # "I have not been able to run secureboot with an Nvidia card"
            r"\b(?:not been able to|[Cc]an't|[Cc]annot|[Uu]nable to|[Cc]ouldn't|[Cc]ould not) (?:run|use|boot|get)\b[^\n]{0,20}?"
            r"\b(?:[Ss]ecure ?[Bb]oot|SecureBoot)\b[^\n]{0,30}?\b(?:with|and) (?:an? |the |my )?(?:nvidia|NVIDIA|Nvidia)\b",
            r"\b(?:works?|worked|working)\b[^\n]{0,30}?\bafter (?:I )?(?:disabl(?:e|ed|ing)|turn(?:ed|ing) off)(?: the)? "
            r"(?:[Ss]ecure ?[Bb]oot|SecureBoot)\b",
        ),
        severity="warn",
        cause=("The description suggests Secure Boot refuses the NVIDIA kernel module: the module is not signed with a "
               "key the firmware trusts (it was built while Secure Boot was off, or its signing key, the MOK, was never "
               "enrolled), so the kernel does not load it and the driver is missing."),
        advice=("Keep Secure Boot and enroll the key the modules are signed with: on Ubuntu `sudo "
                "update-secureboot-policy --enroll-key` (or `sudo mokutil --import /var/lib/shim-signed/mok/MOK.der`), "
                "on Debian and DKMS 3 `sudo mokutil --import /var/lib/dkms/mok.pub`, on Fedora `sudo mokutil --import "
                "/etc/pki/akmods/certs/public_key.der`; set a one-time password, reboot, choose \"Enroll MOK\" in the "
                "blue MokManager screen and enter it; then rebuild and sign the modules (`sudo dkms autoinstall`, or "
                "reinstall the driver package) and check `mokutil --sb-state` and `sudo modprobe nvidia`. The other way is "
                "to disable Secure Boot in the firmware setup."),
        action="configure",
        rules_out=("a GPU hardware fault", "a driver that does not support the GPU"),
        never_suggest=("reseat the GPU", "check the power supply"),
        sources=("https://github.com/devleonardoamaral/debian-nvidia-installer/issues/42",
                 "https://github.com/Bumblebee-Project/Bumblebee/issues/1077",
                 "https://wiki.debian.org/SecureBoot#MOK_-_Machine_Owner_Key"),
        checked="2026-11-26",
        examples=("kernel/debnvinst-42-secure-boot-enabled-later-driver-not-loaded.txt",
                  "kernel/bumblebee-1077-secureboot-on-after-bios-update.txt"),
    ),
    Signature(
        code="kernel.nouveau-still-loaded-described",
        described=True,
        cause_id="nouveau-conflict",
        kinds=("other",),
        # A person's words that nouveau keeps the GPU although the NVIDIA driver is installed or nouveau blacklisted
        # ("nvidia cannot be loaded because nouveau is always present an loaded", "nouveau gets reloaded although
        # blacklisted", "Nouveau driver is still loaded despite ... install of nvidia"). `lspci -k`'s "Kernel driver in
        # use: nouveau" is kernel.nouveau-bound's.
        patterns=(
            r"\b[Nn]ouveau\b(?: driver| module| kernel module)?[^\n,]{0,12}? (?:is (?:still |always |again )?(?:loaded|"
            r"loading|present|in use|running|active|being used|being loaded)|(?:is )?still (?:loads|loaded|gets loaded|in "
            r"use|running|there)|gets (?:re)?loaded|keeps (?:loading|getting loaded|coming back)|(?:cannot|can't|could "
            r"not|couldn't) be (?:disabled|blacklisted|unloaded|removed)|(?:is )?not (?:being )?(?:disabled|blacklisted)|"
            r"appears not to be disabled|loads? (?:instead of|before) (?:the )?(?:nvidia|NVIDIA|Nvidia))\b",
            r"\b(?:nvidia|NVIDIA|Nvidia)\b[^\n]{0,40}?\b(?:cannot|can't|could not|couldn't|won't|doesn't|does not|not) (?:be )?"
            r"(?:load|loaded|loading)\b[^\n]{0,20}?\b(?:because|since|as) (?:the )?[Nn]ouveau\b",
        ),
        severity="warn",
        cause=("The description suggests nouveau, the kernel's own driver, still takes the GPU at boot, so the NVIDIA "
               "module cannot bind to it: nouveau is not blacklisted, or only in /etc/modprobe.d and not in the "
               "initramfs it loads from (or the NVIDIA module was never built for this kernel, and nouveau is the "
               "fallback)."),
        advice=("Blacklist nouveau where the boot loads it: /etc/modprobe.d/blacklist-nouveau.conf with `blacklist "
                "nouveau` and `options nouveau modeset=0`, then regenerate the initramfs (`sudo update-initramfs -u` on "
                "Ubuntu/Debian, `sudo dracut -f` on Fedora, `sudo mkinitcpio -P` on Arch) and, if it still loads early, "
                "add `rd.driver.blacklist=nouveau modprobe.blacklist=nouveau` to the kernel command line; check that "
                "the NVIDIA module exists for the running kernel (`dkms status`, `modinfo nvidia`), reboot, and confirm "
                "`lspci -k` shows \"Kernel driver in use: nvidia\"."),
        action="reboot",
        rules_out=("a GPU hardware fault",),
        never_suggest=("disable Secure Boot", "install the CUDA toolkit", "reseat the GPU"),
        sources=("https://github.com/negativo17/nvidia-driver/issues/75", "https://github.com/jakeday/linux-surface/issues/264",
                 "https://wiki.archlinux.org/title/NVIDIA"),
        checked="2026-11-26",
        examples=("kernel/negativo17-75-nouveau-always-loaded-fedora29.txt",
                  "kernel/jakedaysurface-264-nouveau-reloaded-although-blacklisted.txt"),
    ),
)
