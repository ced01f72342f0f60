"""Kernel driver, as people describe its commonest failures in their own words, without the error line: the module
that no longer builds for a new kernel, the driver gone after an unattended kernel upgrade and reboot, Secure Boot
keeping the module out, nouveau that keeps loading, a GPU the newest driver branch dropped (rows of the kernel area,
added to kernel.py's tuple). Each is warn-level: a description suggests the cause, it does not prove it."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# The one next step for a module that is not built for the running kernel, in the words a helper gives: the module's
# state, the headers and DKMS rebuild, and, where the driver branch is older than the kernel, a newer branch or the
# previous kernel.
REBUILD_FOR_KERNEL = (
    "Check whether the NVIDIA module exists for the running kernel (`dkms status`, `modinfo -F version nvidia`, "
    "`uname -r`); install that kernel's headers (`sudo apt install linux-headers-$(uname -r)`, Fedora/RHEL "
    "kernel-devel) and rebuild it (`sudo dkms autoinstall`, Fedora `sudo akmods --force`; a .run install: run it "
    "again with `--dkms`), then reboot; if the build fails, its make.log (/var/lib/dkms/nvidia/*/build/make.log, "
    "/var/cache/akmods/nvidia/*.log) usually shows a kernel newer than the driver branch: install a newer, supported "
    "driver branch from the distribution (its updated package or channel), or boot the previous kernel (or the LTS "
    "kernel) from the boot menu until one exists.")



def _unkeyed(word: str) -> str:
    """`word` as a regex no prefilter key can come from: two letters at a time, each pair behind a lookahead of the
    next ("bu(?=il)il(?=d)d"), so that the rarer words around it key the pattern."""
    pairs = [word[i:i + 2] for i in range(0, len(word), 2)]
    return "".join(pair + (f"(?={pairs[n + 1]})" if n + 1 < len(pairs) else "") for n, pair in enumerate(pairs))


_BUILD, _COMPIL, _INSTALL, _MAKE = _unkeyed("build"), _unkeyed("compil"), _unkeyed("install"), _unkeyed("make")
_REBOOT = _unkeyed("reboot")


SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.described-module-build-fails-new-kernel",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # "fails to build on linux kernels greater than 4.19", "fails to install on Kernel 6.14.4", "does not build
        # with the latest linux kernel", "575 make failure with newest kernel", "Rebuild Failure After Kernel Update",
        # "Compilation failed on mainline 6.15.0 kernel", "the nvidia driver didnt compile",
        # "compiled fine until last weeks kernel upgrade": the titles and first sentences of DKMS/akmods build
        # failures told without the make.log.
        # The verbs are split by lookaheads (_UNKEYED) so that the prefilter keys on the rarer words around them:
        # "build" and "compile" are in every kernel's own version line ("builder@", "Build time").
        patterns=(
            r"(?:fails|Fails|failing|Failing|fail|Fail|won'?t|wont|doesn'?t|does not|did not|didn'?t|didnt|unable|"
            r"Unable) (?:to )?(?:" + _BUILD + "|" + _COMPIL + "e|" + _INSTALL + r")(?:s|d|ing)? (?:anymore )?"
            r"(?:on [A-Z][\w.!-]{1,20}(?: \d{1,2}(?:\.\d{1,2})?)? )?(?:on|for|with|against|under) (?:the )?(?:new(?:est|er)? |lates?t? |recent |current |mainline |upcoming )?"
            r"(?:[Ll]inux|[Kk]ernel)(?:[- ]?(?:[Kk]ernels?|v?\d{1,2}\.\d{1,2})|-[a-z]{3,12} \d)",
            r"(?:(?:[Rr]e)?(?:" + _BUILD + "|B" + _BUILD[1:] + ")(?:ing)?|(?:" + _COMPIL + "|C" + _COMPIL[1:] + ")(?:e|ation)|"
            + _MAKE + "|M" + _MAKE[1:] + r"|DKMS|dkms|akmods?) (?:failure|Failure|fails|Fails|failing|Failing)s? "
            r"(?:[Oo]n|[Ww]ith|[Ff]or|[Aa]fter|[Aa]gainst) (?:[Tt]he |[Aa] )?(?:(?:[Nn]ew(?:est|er)?|[Ll]atest|[Rr]ecent|[Mm]ainline|[Cc]urrent) "
            r"(?:v?\d{1,2}\.\d{1,2}[\w.-]{0,20} )?(?:[Ll]inux )?[Kk]ernel|(?:[Ll]inux|[Kk]ernel) v?\d{1,2}\.\d{1,2}|"
            r"[Kk]ernel (?:[Uu]pdate|[Uu]pgrade))",
            r"(?:[Cc]ompilation|[Bb]uild|DKMS|dkms|akmods?) (?:failed|error)s? (?:on|with|for|against) (?:the |a )?"
            r"(?:newest|latest|mainline|recent) (?:v?\d{1,2}\.\d{1,2}[\w.-]{0,20} )?(?:[Ll]inux )?[Kk]ernel",
            r"(?:[Nn][Vv]idia|NVIDIA)(?: [Dd]rivers?| module| dkms| DKMS)? (?:didn'?t|didnt|did not|doesn'?t|does not|"
            r"won'?t|wont|fail(?:s|ed)? to) " + _COMPIL + "(?:e|ing)",
            r"(?:fails|Fails|failing|fail|Fail) (?:to )?" + _BUILD + r" (?:the )?(?:NVIDIA |[Nn]vidia )?kernel modules?",
            r"(?:[Uu]pdate|[Uu]pgrade) from (?:[Kk]ernel|[Ll]inux) v?\d[\w.-]{0,24} to v?\d[\w.-]{0,24} (?:fails|failed|breaks|"
            r"broke)",
            r"(?:compiled|built|compiling|building|worked) (?:fine|ok|okay|well) (?:until|before|up to) (?:the |my |a |"
            r"last |last weeks? |this weeks? |yesterday'?s? |today'?s? )?(?:[Ll]inux )?[Kk]ernel (?:upgrade|update)",
        ),
        severity="warn",
        cause="The description suggests the NVIDIA kernel module does not build for this kernel (usually a kernel "
              "newer than the installed driver branch supports, or its headers missing), so the new kernel runs "
              "without it.",
        advice=REBUILD_FOR_KERNEL,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1176",
                 "https://github.com/void-linux/void-packages/issues/54925",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-26",
        examples=("kernel/ogkm-1176-575-make-failure-newest-kernel.txt",),
    ),
    Signature(
        code="kernel.described-driver-gone-after-kernel-update",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # "Unattended kernel upgrades causing GPU jobs to fail after reboot", "this error relates to kernel updates",
        # "Nvidia driver stops working after reboot", "NVIDIA driver lost after os upgrade and reboot", "stops working
        # after Ubuntu kernel update": a kernel installed in the background, and the next boot has no NVIDIA module.
        patterns=(
            r"[Uu]nattended (?:kernel )?(?:upgrades?|updates?)[^\n]{0,160}?(?:[Ff]ail|[Bb]reak|[Bb]roke|[Cc]aus|"
            r"[Ll]ost|[Ss]top|GPU|[Nn]vidia|NVIDIA)",
            r"(?:relates?|related|due|caused by|because of)(?: to)? (?:an? |the )?(?:automatic |unattended |recent |new )?"
            r"kernel (?:updates?|upgrades?)",
            r"(?:[Dd]river|nvidia-smi|NVIDIA|[Nn]vidia)\b[^\n]{0,30}? (?:stops|stopped|is lost|lost|not working|"
            r"doesn'?t work|no longer works?|is gone|disappears?|disappeared) (?:working )?after (?:an? |the |every |each )?"
            r"(?:re-?boot|restart|(?:os|OS|system) (?:upgrade|update)|(?:Ubuntu|Debian|Fedora|CentOS|RHEL|Rocky|Arch|"
            r"Mint|Pop!_OS) kernel (?:upgrade|update))",
        ),
        severity="warn",
        cause="The description suggests a kernel update installed in the background: after the reboot into the new "
              "kernel no NVIDIA module was built for it (no DKMS, or headers missing), so the driver is gone.",
        advice=("Rebuild the module for the new kernel and keep it rebuilt: install the driver as a DKMS package (the "
                "distribution's or its PPA's nvidia-driver package; a .run file with `--dkms`) with the kernel's headers "
                "(`sudo apt install linux-headers-$(uname -r)`), run `sudo dkms autoinstall` and reboot; on GPU servers "
                "keep kernels from updating unattended (`sudo apt-mark hold` the kernel packages, or leave them out of "
                "unattended-upgrades) so a reboot never lands on a kernel without the module."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/Azure/batch-shipyard/issues/174",
                 "https://github.com/ai2ys/Deep-Learning-Workstation-Setup/issues/1",
                 "https://github.com/GoogleCloudPlatform/compute-gpu-installation/issues/25"),
        checked="2026-11-26",
        examples=("kernel/batchshipyard-174-unattended-kernel-upgrade.txt",
                  "kernel/dlworkstation-1-stops-working-kernel-updates.txt"),
    ),
    Signature(
        code="kernel.described-secure-boot-blocks-driver",
        described=True,
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # What people write when Secure Boot keeps the unsigned (or unenrolled) module out: "drivers do not load on
        # startup because of that security boot is enabled", "When I disable security boot NVIDIA drivers load",
        # "Secure boot enabled in the bios", "enable/disable Secure Boot to correctly install nvidia drivers", "the MOK
        # process needed for 3rd party drivers", "sign secureboot keys". Not the kernel's own "Secure boot enabled".
        patterns=(
            r"(?:[Ww]hen|[Ww]ith|[Ii]f|[Bb]ecause(?: of)?(?: that)?|[Ss]ince|[Oo]nce|[Ww]hile|as) (?:the |my )?"
            r"(?:[Ss]ecure|[Ss]ecurity) ?[Bb]oot (?:is |was |gets |got |being )?(?:enabled|on\b|ON\b|active|turned on)",
            r"(?:[Dd]isabl(?:e|ed|ing)|[Ee]nabl(?:e|ed|ing)|[Tt]urn(?:ed|ing)? (?:off|on)|[Tt]oggl(?:e|ed|ing)|"
            r"[Ss]witch(?:ed|ing)? (?:off|on))(?:/(?:enable|disable))? (?:the |my )?(?:[Ss]ecure|[Ss]ecurity) ?[Bb]oot",
            r"[Ss]ecure ?[Bb]oot (?:is |was )?(?:enabled|on|turned on|active) in (?:the |my )?(?:bios|BIOS|Bios|UEFI|"
            r"uefi|firmware)",
            r"(?:sign|enroll|enrol)(?:ed|ing|s)? (?:the )?(?:[Ss]ecure ?[Bb]oot|[Ss]ecureboot|SecureBoot|MOK) keys?",
            r"\bMOK (?:process|enrollment|enrolment|screen|password|key enrollment)",
            r"(?:because of|due to|blocked by|caused by) (?:the |that )?(?:[Ss]ecure|[Ss]ecurity) ?[Bb]oot",
            r"[Ss]ecure ?[Bb]oot[^\n]{0,80}?(?:[Nn]vidia|NVIDIA)[^\n]{0,30}?(?:drivers?|modules?)[^\n]{0,10}? (?:don'?t|"
            r"doesn'?t|do not|does not|won'?t|can'?t|cannot) (?:work|load)",
        ),
        severity="warn",
        cause="The description suggests Secure Boot keeps the NVIDIA kernel module from loading: the module is not "
              "signed with a key the firmware trusts (its machine owner key, MOK, not enrolled).",
        advice=("Check `mokutil --sb-state`; with Secure Boot on, enroll the key the driver's modules are signed with "
                "and confirm it in MokManager (the blue MOK screen) at the next boot: Ubuntu `sudo update-secureboot-"
                "policy --enroll-key` (or `sudo mokutil --import /var/lib/shim-signed/mok/MOK.der`), DKMS `sudo mokutil "
                "--import /var/lib/dkms/mok.pub`, Fedora/RPM Fusion `sudo kmodgenca -a` then `sudo mokutil --import "
                "/etc/pki/akmods/certs/public_key.der` and `sudo akmods --force`; or turn Secure Boot off in the "
                "firmware; then reboot."),
        action="configure",
        rules_out=("a module missing for this kernel", "a GPU fault"),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/devangshekhawat/Fedora-44-Post-Install-Guide/issues/44",
                 "https://rpmfusion.org/Howto/Secure%20Boot", "https://wiki.debian.org/SecureBoot"),
        checked="2026-11-26",
        examples=("kernel/fedora44guide-44-secure-boot-mok-before-nvidia.txt",),
    ),
    Signature(
        code="kernel.described-nouveau-keeps-loading",
        described=True,
        cause_id="nouveau-conflict",
        kinds=("any",),
        # "nouveau is always present an loaded", "Nouveau cannot be disabled", "gets loaded again, although I have
        # blacklisted it in /etc/modprobe.d/blacklist-nouveau.conf", "nouveau is still loaded": the blacklist that does
        # not reach the initramfs or the kernel command line.
        patterns=(
            r"[Nn]ouveau`? (?:driver |module |kernel module )?(?:is |was |gets |got )?(?:still |always |again )"
            r"(?:loaded|loading|present|active|in use|being (?:loaded|used)|running|there)",
            r"[Nn]ouveau[^\n]{0,40}?\b(?:cannot|can'?t|can not|won'?t|could not|couldn'?t) be (?:disabled|blacklisted|"
            r"removed|unloaded|stopped)",
            r"(?:[Cc]annot|[Cc]an'?t|[Uu]nable to|[Nn]ot able to) (?:disable|blacklist|unload|get rid of) (?:the )?[Nn]ouveau",
            r"(?:loaded|loads|loading) again,? (?:although|despite|even though|even after)[^\n]{0,40}?blacklist"
            r"[^\n]{0,80}?[Nn]ouveau",
            r"[Nn]ouveau[^\n]{0,80}?(?:although|despite|even though|even after)[^\n]{0,30}?blacklist",
            # (not nvidia-installer's "another driver, such as nouveau, is present and prevents the NVIDIA kernel module")
            r"[Nn]ouveau[^\n,]{0,60}?\b(?:blocks?|blocking|blocked) (?:the )?(?:nvidia|nivida|NVIDIA|Nvidia)",
        ),
        severity="warn",
        cause="The description suggests nouveau still takes the NVIDIA GPU at boot although it was blacklisted "
              "(the blacklist is not in the initramfs or on the kernel command line), so the NVIDIA driver cannot bind it.",
        advice=("Blacklist nouveau where early boot sees it: /etc/modprobe.d/blacklist-nouveau.conf with `blacklist "
                "nouveau` and `options nouveau modeset=0` (if it still loads, also `install nouveau /bin/true`), then "
                "regenerate the initramfs (`sudo update-initramfs -u`, Fedora `sudo dracut -f`) and add "
                "`rd.driver.blacklist=nouveau modprobe.blacklist=nouveau` to the kernel command line; reboot and check "
                "`lspci -k` shows `Kernel driver in use: nvidia`."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/jakeday/linux-surface/issues/264",
                 "https://github.com/negativo17/nvidia-driver/issues/73"),
        checked="2026-11-26",
        examples=("kernel/linuxsurface-264-nouveau-reloaded-although-blacklisted.txt",),
    ),
    Signature(
        code="kernel.described-gpu-dropped-by-driver-branch",
        described=True,
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        # "Official driver support for the Pascal Series 10 (GTX 1xxx) series has recently ended", "590 drops Pascal
        # support", "Pascal/Maxwell/Volta GPUs no longer supported by latest Nvidia drivers", "my GTX 1070 is not
        # supported by the 590 driver": a GPU generation the newest branches dropped (R590 dropped Maxwell, Pascal and
        # Volta GeForce and Quadro; R470 was Kepler's last).
        patterns=(
            r"(?:Pascal|Maxwell|Volta|Kepler|GTX ?1[0-9]xx|GTX ?10[5-8]0(?: Ti)?|GTX ?9[5-8]0(?: Ti)?|[Ss]eries 10|"
            r"10[- ]series)\b[^\n]{0,80}?(?:no longer (?:be )?supported|support (?:has |was |is )?(?:recently |now |been )?"
            r"(?:ended|dropped|removed|discontinued)|(?:is |are |was |were |got |been )dropped\b|not supported by "
            r"(?:the )?(?:latest|newest|new|current|5[89]\d))",
            r"(?:[Dd]ropp(?:ed|ing)|[Dd]rops|[Ee]nded|[Rr]emoved|no longer supports?|does ?n[o']t support|[Ee]nd of) "
            r"(?:the )?(?:official )?(?:driver )?(?:support for |support of )?(?:the )?(?:Pascal|Maxwell|Volta|Kepler)\b",
            r"support for (?:the )?(?:Pascal|Maxwell|Volta|Kepler)[^\n]{0,60}?(?:ended|dropped|removed|discontinued)",
            # w41a: "installs v590, which does not support my card unfortunately (Quadro P4000)", "the 590 driver no
            # longer supports my GPU": the branch that dropped the card named with a number, the card left unnamed.
            # rev41: the number must read as a driver ("v590", "R590", "driver 590", "590 driver", "590.44.01"), not
            # any number from 590 to 699 ("Version 650 of the game", a Dell R610 server)
            r"(?:\bR59\d\b|\b(?:v|[Dd]river |[Bb]ranch |nvidia-driver-|NVIDIA )(?:59\d|6[0-2]\d)(?:\.[\d.]{1,7})?\b"
            r"|\b(?:59\d|6[0-2]\d)(?:\.\d{2,3}(?:\.\d{2})?\b| (?:drivers?|branch|series)\b))"
            r"[^\n]{0,30}?(?:does ?n[o']t|doesn't|does not|don't|no longer|won't|will not|cannot|can't) "
            r"supports? (?:my|this|the|our) [\w ]{0,20}?(?:card|GPU|gpu)",
        ),
        severity="warn",
        cause="The description suggests the installed (or offered) driver branch no longer supports this GPU "
              "generation: R590 and newer dropped Maxwell, Pascal and Volta cards (R470 was Kepler's last branch), so "
              "the driver ignores the GPU.",
        advice=("Install the last branch that supports the card: for Maxwell, Pascal and Volta the R580 legacy branch "
                "(Linux 580.xx: Ubuntu `nvidia-driver-580`, Arch `nvidia-580xx-dkms`, NixOS `nvidiaPackages.legacy_580`; "
                "Windows 581/582.xx), for Kepler the 470 legacy branch, with its proprietary kernel modules (the open "
                "modules need Turing or newer); keep the package manager from upgrading past it, then reboot. Newer "
                "drivers cannot be patched to support it again."),
        action="configure",
        rules_out=("a GPU fault", "a module that failed to build"),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/dartraiden/NVIDIA-patcher/issues/500",
                 "https://github.com/NixOS/nixos-hardware/issues/1880",
                 "https://github.com/devleonardoamaral/debian-nvidia-installer/issues/46",
                 "https://archlinux.org/news/nvidia-590-driver-drops-pascal-support-main-packages-switch-to-open-kernel-modules/"),
        checked="2026-11-26",
        examples=("kernel/nvidiapatcher-500-pascal-driver-support-ended.txt",
                  "kernel/debiannvidiainstaller-46-quadro-p4000-590-unsupported-prose.txt"),
    ),
    Signature(
        code="kernel.described-machine-powers-off-under-gpu-load",
        described=True,
        cause_id="power-insufficient",
        kinds=("any",),
        # "power goes off on my pc", "The power keeps cutting off during training", "pc just shutdown (hard)" during
        # an iteration, "my PC does a cold reboot", "instantly powers off my desktop": the whole machine losing power
        # under GPU load, told without a wattage (kernel.psu-too-small-for-gpu-load reads the PSU's wattage). The
        # words "shutdown", "restarts" and "power" alone are in every healthy journal, so each pattern holds a rarer one.
        patterns=(
            r"[Pp]ower (?:goes|went|keeps (?:going|cutting|turning|shutting)|(?:is|was|gets|got) cut|cuts|"
            r"suddenly (?:goes|cuts|turns)) off",
            r"(?:\b(?:PC|pc)|[Cc]omputer|[Dd]esktop|[Ww]orkstation|[Rr]ig|\b[Mm]achine)\b (?:just |suddenly |instantly |immediately |"
            r"completely |randomly |hard |always )?(?:shut ?downs?|shuts (?:down|off)|turns off|powers (?:off|down)|cold[- ]?boots?|"
            r"does a cold " + _REBOOT + r"|does a hard reset|hard resets|restarts)\b[^\n]{0,80}?(?:load|train|generat|iteration|inference|epoch|render|"
            r"benchmark|mining|GPU|gpu|CUDA|cuda|parallel|vLLM|vllm|\bwhen\b|\bwhile\b|\bduring\b|\(hard\))",
            r"(?:[Ii]nstantly|[Ss]uddenly|[Rr]andomly|[Ii]mmediately) (?:powers off|shuts down|turns off|restarts) "
            r"(?:my |the )?(?:PC|pc|computer|desktop|workstation|machine)",
            # the GPU work named first: "when I try to generate an image using ComfyUI, my PC suddenly powers off",
            # "when i try to render my whole pc crashes and restarts", "while training the computer shuts down" (w49e)
            r"\b(?:[Ww]hen|[Ww]hile|[Dd]uring|[Aa]s soon as)\b[^\n]{0,40}?\b(?:generat|render|train|mining|benchmark|"
            r"inferenc|stress|upscal)\w{0,6}\b[^\n]{0,60}?(?:\b(?:PC|pc)|[Cc]omputer|[Dd]esktop|[Ww]orkstation|\b[Mm]achine)\b "
            r"(?:just |suddenly |instantly |immediately |completely |hard |randomly |always |then )?(?:shuts (?:down|off)|"
            r"turns off|powers (?:off|down)|crashes and (?:restarts|reboots)|hard resets|reboots|restarts)\b",
        ),
        severity="warn",
        cause="The description suggests the power supply: the whole machine switches off or reboots under GPU load "
              "because the PSU (too small, ageing, or one cable feeding the card through a splitter) trips its "
              "overload protection on the GPU's peak draw.",
        advice=("Size the power supply (PSU) for every GPU's peak draw plus the CPU, with headroom for transient spikes "
                "(a 350-450 W card wants 850-1000 W; two of them 1200 W or more), and feed each PCIe power connector "
                "from its own PSU cable, no splitter; a PSU that used to cope may be failing. To confirm it, cap each "
                "GPU's power limit (`sudo nvidia-smi -pm 1 && sudo nvidia-smi -pl <watts>`, e.g. 70 % of its default) "
                "and rerun the same load: if the machine stays up, power was the cause; if it still dies, update the "
                "motherboard BIOS (or go back to the release before, where the reboots began with a BIOS update: some "
                "boards' releases reboot under full GPU load, tensorflow#8858), then check temperatures and test the card "
                "in another machine."),
        action="reseat-or-inspect-hardware",
        rules_out=("a bug in the program", "a driver install problem"),
        never_suggest=("reinstall CUDA", "reinstall the driver"),
        sources=("https://github.com/oobabooga/one-click-installers/issues/40",
                 "https://github.com/tensorflow/tensorflow/issues/740",
                 "https://github.com/tensorflow/tensorflow/issues/8858"),
        checked="2026-11-26",
        examples=("kernel/oneclick-40-pc-power-goes-off-3090-psu.txt",
                  "kernel/llamacpp-23919-dual-3080-computer-shuts-off-tensor-parallel.txt",
                  "kernel/comfyui-7452-pc-powers-off-generating-rtx3070-psu.txt"),
    ),
)
