"""Issue 25, w38b: the kernel module's life cycle told in a person's words (rows of the kernel area).

Three families the thirty-sixth and thirty-seventh blind sets held as prose rather than as a tool's line:
nvidia_uvm left unloaded at boot (a GPU switcher's modprobe.d blacklist, which systemd-modules-load honours with
"Module 'nvidia_uvm' is deny-listed"), while a `modprobe` by hand makes CUDA work; a driver install that only worked
once the running kernel's headers were installed; and a driver upgrade that left an older GPU behind, because the new
branch moved it to a legacy series (304xx, 340xx, 390xx, 470xx, 580xx).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

LEGACY_GPUS = "https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/"
# A GPU as people name it in these sentences.
_CARD = r"(?:NVIDIA |[Nn]vidia |GeForce )?(?:graphics card|video card|graphic card|GPU|card)s?"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.uvm-not-loaded-at-boot-described",
        described=True,
        cause_id="uvm-missing",
        kinds=("any",),
        # The first pattern is systemd's own line, not a person's words. It sits in this described row because no
        # training thread quotes it yet (the one public thread found is held out), so it has no example of its own:
        # described=True costs nothing live (the live kernel log is `journalctl -k`/dmesg, which never holds
        # systemd-modules-load's userspace lines) but skips pasted journals over matcher.DESCRIPTION_TEXT_MAX. Once a
        # training thread quotes the line, it becomes a row of its own (described=False, kinds=("journal",)).
        patterns=(
            # systemd-modules-load skipping a module a modprobe.d "blacklist" names (systemd 247 and later; "is
            # blacklisted" before), as people quote it: "Module 'nvidia_uvm' is deny-listed (by kmod)".
            r"Module '(?P<module>nvidia[-_]uvm)' is (?:deny-listed|blacklisted)",
            # "the nvidia_uvm module is not loaded, if I do `modprobe nvidia_uvm` cuda works fine"
            r"\b(?P<module>nvidia[-_]uvm)(?: kernel)? module (?:(?:is|was) not|isn'?t|wasn'?t) (?:being )?"
            r"(?:loaded|auto-?loaded)\b[^\n]{0,80}?\bmodprobe\b",
            r"\b(?P<module>nvidia[-_]uvm)(?: kernel)?(?: module)? (?:is |was )?not (?:being )?(?:loaded|auto-?loaded) "
            r"(?:automatically|at boot|on boot|after (?:a )?reboot)",
        ),
        severity="warn",
        cause=("The text suggests the CUDA unified-memory module ({module}) is not loaded at boot while the "
               "rest of the driver is: a modprobe.d `blacklist` line (GPU switchers such as optimus-manager, "
               "Bumblebee, nvidia-xrun and envycontrol write one) makes systemd-modules-load skip it, so CUDA "
               "programs find no /dev/nvidia-uvm until it is loaded by hand."),
        advice=("Load nvidia_uvm after the NVIDIA module is up: `sudo nvidia-modprobe -u -c=0` (it also creates "
                "/dev/nvidia-uvm) or `sudo modprobe nvidia_uvm`, then `ls /dev/nvidia-uvm`. To have it at every boot, "
                "find what keeps it out (`grep -r nvidia.uvm /etc/modprobe.d /usr/lib/modprobe.d`): where a GPU "
                "switcher's package owns that file (`pacman -Qo`, `dpkg -S`), load it from the switcher's own hook "
                "after the mode switch (optimus-manager's /etc/optimus-manager/xsetup-*.sh) or from a oneshot systemd "
                "unit running `nvidia-modprobe -u -c=0`, rather than editing the package's file; otherwise drop your "
                "own `blacklist nvidia_uvm` line and list nvidia_uvm in /etc/modules-load.d/."),
        action="reload-driver",
        rules_out=("the CUDA toolkit", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall the CUDA toolkit"),
        sources=("https://github.com/Bumblebee-Project/Bumblebee/issues/854",
                 "https://www.freedesktop.org/software/systemd/man/latest/systemd-modules-load.service.html",
                 "https://github.com/NVIDIA/nvidia-modprobe"),
        checked="2026-11-27",
        examples=("kernel/bumblebee-854-nvidia-uvm-not-autoloaded.txt",),
    ),
    Signature(
        code="kernel.kernel-headers-missing-described",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "but when I added `sudo apt-get install linux-headers-$(uname -r)` things started to work"
            r"\b(?:[Ww]hen|[Oo]nce|[Aa]fter) I (?:added|installed|ran|did|install(?:ed)? the)\b[^\n]{0,40}?"
            r"\blinux-headers-",
            # "`sudo apt install linux-headers-$(uname -r)` did the trick"
            r"linux-headers-\$\(uname -r\)`?[^\n]{0,20}?\b(?:did the trick|fixed (?:it|this|the (?:issue|problem))|"
            r"solved (?:it|this|the (?:issue|problem))|made it work)",
            # "fails to install NVIDIA drivers correctly because of missing linux headers"
            r"\b(?:[Nn]vidia|NVIDIA)\b[^\n]{0,80}?\b(?:because of|due to|without) (?:the )?(?:missing |absent )?"
            r"(?:linux|kernel)[- ]headers\b",
            # "apt didn't install headers for the new kernel so Nvidia module wasn't recompiled"
            r"\b(?:didn'?t|did not|doesn'?t|does not|wasn'?t|was not) install(?:ed)? (?:the )?(?:kernel |linux )?headers "
            r"for the (?:new|running|current|updated|latest) kernel",
        ),
        severity="warn",
        cause=("The description suggests the NVIDIA kernel module was never built for the running kernel because "
               "that kernel's headers were not installed (DKMS, akmods and the .run installer all need them), so the "
               "driver's files are there but no module loads."),
        advice=("Install the headers of the running kernel, then have the module built: Ubuntu/Debian `sudo apt "
                "install linux-headers-$(uname -r)` (plus the meta package linux-headers-generic, -virtual or -aws so "
                "later kernels get theirs), Fedora/RHEL `sudo dnf install kernel-devel-$(uname -r)`, Arch the headers "
                "of your kernel (linux-headers, linux-lts-headers, linux-zen-headers); then `sudo dkms autoinstall` "
                "(or reinstall the driver package), reboot, and check with `nvidia-smi`."),
        action="configure",
        rules_out=("the GPU", "Secure Boot"),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/352",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-27",
        examples=("kernel/nvidiadocker-352-aws-driver-missing-linux-headers.txt",),
    ),
    Signature(
        code="kernel.driver-upgrade-left-older-gpu-described",
        described=True,
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        patterns=(
            # "Upgrading from 304.117-1 to 340.32-1 with older graphics card leaves system without X"
            # (only where the line tells of a failure: "Upgrading to 550 on my old GPU worked fine" is none)
            r"\b[Uu]pgrad(?:e|ed|es|ing)\b[^\n]{0,60}?\b(?:with|on|for) (?:an |a |my |the |this )?(?:older|old|legacy) "
            + _CARD + r"\b(?=[^\n]{0,80}?\b(?:leaves?|left|breaks?|broke|without|no longer|not (?:work|supported|"
            r"detected|recogni[sz]ed)|fails?|failed|doesn'?t|does not|won'?t|stopped|black screen)\b)",
            # "GPUs from 2010 and 2014 which require the nvidia-390xx-dkms and nvidia-470xx-dkms"
            r"\b(?:GPUs?|cards?|graphics)\b[^\n]{0,60}?\b(?:require|requires|need|needs|only (?:works|supported) with) "
            r"(?:the )?(?:legacy )?(?:nvidia-)?(?:173|304|340|367|390|470|580)(?:xx|\.xx)\b",
            # "my old card is no longer supported by the new driver"
            r"\b(?:older|old|legacy) " + _CARD + r"\b[^\n]{0,60}?\b(?:(?:is|are) no longer supported|no longer works?|"
            r"(?:is|are) not supported by the (?:new|latest|current|newer) (?:driver|nvidia|NVIDIA))",
        ),
        severity="warn",
        cause=("The description suggests the installed or upgraded NVIDIA driver branch no longer supports this "
               "older GPU: NVIDIA moves each generation to a legacy branch (580.xx for Maxwell, Pascal and Volta; "
               "470.xx Kepler; 390.xx Fermi; 340.xx GeForce 8 to 300; 304.xx GeForce 6 and 7), and the current "
               "driver ignores such a card, so X or CUDA has no GPU."),
        advice=("Install the legacy branch that still supports this GPU and keep the package manager from moving past "
                "it: NVIDIA's legacy list (https://www.nvidia.com/en-us/drivers/unix/legacy-gpu/) or a detection tool "
                "names it (Debian's `nvidia-detect`, Ubuntu's `ubuntu-drivers devices`, Manjaro's mhwd); Debian "
                "nvidia-tesla-470-driver or nvidia-legacy-390xx-driver (nvidia-legacy-340xx-driver, "
                "nvidia-legacy-304xx-driver on the releases that had them), Arch nvidia-580xx-dkms, nvidia-470xx-dkms "
                "or nvidia-390xx-dkms (AUR), Fedora (RPM Fusion) akmod-nvidia-580xx or -470xx, Ubuntu nvidia-driver-470 "
                "or -390; remove the current driver's packages first, then reboot."),
        action="configure",
        rules_out=("a broken installation of the newer driver",),
        never_suggest=("disable Secure Boot", "check the power supply"),
        sources=("https://github.com/ChrisTitusTech/ArchTitus/issues/215", LEGACY_GPUS,
                 "https://wiki.debian.org/NvidiaGraphicsDrivers"),
        checked="2026-11-27",
        examples=("kernel/archtitus-215-latest-driver-legacy-gpus-390xx-470xx.txt",),
    ),
)
