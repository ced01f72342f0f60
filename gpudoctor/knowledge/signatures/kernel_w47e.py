"""Issue 25, w47e: suspend, hibernation and real-time kernels (rows of the kernel area).

The NVIDIA driver takes part in system sleep in two ways: the kernel's PCI callbacks (nv_pmops_suspend, _freeze,
_resume, ...) and, where video memory is to be kept (NVreg_PreserveVideoMemoryAllocations=1, the default of many
packagings since 2024), the systemd units nvidia-suspend, nvidia-hibernate, nvidia-resume and (for systemd's
suspend-then-hibernate) nvidia-suspend-then-hibernate, which run nvidia-sleep.sh to write /proc/driver/nvidia/suspend
before the kernel sleeps. When that set-up is half done the kernel logs the callback's failure ("pci_pm_suspend():
nv_pmops_suspend [nvidia] returns -5"; "can't suspend (nv_pmops_runtime_suspend [nvidia] returned -5)"), a unit
cannot run the sleep script (a packaging that moved it, a driver swapped under the units), or nothing is logged at
all and people describe a laptop that does not sleep, wakes at once or comes back to a black screen. Those who fixed
it enabled the units (distributions that ship the option without them: Terra, Bluefin, Omarchy's legacy path), kept
the nvidia modules out of the initramfs for hibernation, or used deep sleep instead of s2idle where the GSP failed to
come back from s2idle (NVreg_EnableS0ixPowerManagement on, "gpuPowerMangementResume: GSP boot failed",
CachyOS/distribution#493, CachyOS-Settings#215).

The NVIDIA kernel module's build refuses a PREEMPT_RT (real-time) kernel outright ("The kernel you are installing for
is a PREEMPT_RT kernel! ... Failed PREEMPT_RT sanity check. Bailing out!"); DKMS then reports the build failed, and
the make log's other lines (the Kbuild check of autoconf.h that it echoes) look like missing headers. NVIDIA does not
support real-time kernels: the fix is the kernel's non-RT variant, or building with IGNORE_PREEMPT_RT_PRESENCE=1 at
one's own risk (NixOS and jetpack-nixos pass it).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

_POWER_MANAGEMENT = "https://download.nvidia.com/XFree86/Linux-x86_64/595.45.04/README/powermanagement.html"

# Sleep as people name it, spelled out so the prefilter has a word.
_SLEEP = r"(?:[Ss]uspend(?:ing|ed)?|[Ss]leep|[Hh]ibernation|[Hh]ibernate|[Ss]tandby|s2idle|S3 sleep)"
# The NVIDIA GPU as a person names it in a title or a sentence.
_NVIDIA = r"(?:[Nn]vidia|NVIDIA|GeForce|RTX ?\d{3,4}|GTX ?\d{3,4}|dGPU|nvidia-open)"
_BROKEN = (r"(?:not working|doesn'?t work|does not work|no longer works|stopped working|is broken|are broken|broken|"
           r"broke|fails|failed|hangs|freezes|crashes|issues?|problems?)")

SUSPEND_SETUP_ADVICE = (
    "Set up the NVIDIA driver's power management in full. Check what the driver was told (`grep -E "
    "'PreserveVideoMemoryAllocations|TemporaryFilePath|S0ix' /proc/driver/nvidia/params`) and which of its sleep units "
    "run (`systemctl is-enabled nvidia-suspend nvidia-resume nvidia-hibernate nvidia-suspend-then-hibernate`). With "
    "video memory preserved (NVreg_PreserveVideoMemoryAllocations=1, NVreg_TemporaryFilePath=/var/tmp) every sleep "
    "mode used needs its unit: `sudo systemctl enable nvidia-suspend.service nvidia-hibernate.service "
    "nvidia-resume.service` (and nvidia-suspend-then-hibernate.service for suspend-then-hibernate); the units run the "
    "driver's nvidia-sleep.sh, so their ExecStart must name the nvidia-sleep.sh of the driver installed (on NixOS "
    "`hardware.nvidia.powerManagement.enable = true` does all this). Where the packaging ships the option without the "
    "units, install them (RPM Fusion's xorg-x11-drv-nvidia-power) or set NVreg_PreserveVideoMemoryAllocations=0. For "
    "hibernation keep the nvidia modules out of the initramfs. If waking from s2idle fails, sleep to S3 instead "
    "(`cat /sys/power/mem_sleep`; add mem_sleep_default=deep to the kernel command line) or set "
    "NVreg_EnableS0ixPowerManagement=0. Rebuild the initramfs after changing modprobe options, then reboot and "
    "suspend again."
)

PREEMPT_RT_ADVICE = (
    "NVIDIA's kernel module does not support PREEMPT_RT (real-time) kernels and its build stops on purpose. Boot the "
    "kernel's standard (non-RT) variant (Ubuntu's generic kernel rather than linux-realtime, XanMod's stable branch "
    "rather than rt-edge, linux rather than linux-rt) and rebuild the module there (`sudo dkms autoinstall -k "
    "<kernel>`); or, accepting an unsupported combination, build it for the real-time kernel with "
    "IGNORE_PREEMPT_RT_PRESENCE=1 in the build's environment (`sudo IGNORE_PREEMPT_RT_PRESENCE=1 dkms install "
    "nvidia/<version> -k <kernel>`; NixOS and jetpack-nixos set it in their package)."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.nvidia-pm-callback-failed",
        cause_id="gpu-suspend-resume",
        refines=NO_MODULE_SYMPTOMS + ("cuda.unknown-error",), refines_within=None,
        kinds=("any",),
        patterns=(
            # the kernel's PM core on the driver's PCI callback: "nvidia 0000:01:00.0: PM: pci_pm_suspend():
            # nv_pmops_suspend [nvidia] returns -5" (older kernels: "nv_pmops_suspend+0x0/0xf8 [nvidia] returns -5")
            r"\bnv_pmops_(?P<step>suspend|freeze|resume|thaw|restore|poweroff|runtime_suspend|runtime_resume)\b"
            r"[^\n]{0,60}? returns? -?\d{1,3}\b",
            # runtime PM: "nvidia 0000:01:00.0: can't suspend (nv_pmops_runtime_suspend [nvidia] returned -5)"
            r"\bcan't (?:suspend|resume) \(nv_pmops_(?P<step>\w{1,20}) \[nvidia\] returned -?\d{1,3}\)",
        ),
        severity="fail",
        cause=("The NVIDIA driver refused a power-management step (nv_pmops_{step}), so the system could not "
               "suspend or hibernate, or came back without a working GPU: its power management is set up halfway "
               "(video memory preserved without the nvidia-suspend/hibernate/resume units, the modules loaded from "
               "the initramfs for a hibernation resume, or s2idle the GPU does not come back from)."),
        advice=SUSPEND_SETUP_ADVICE,
        action="configure",
        rules_out=("the GPU hardware", "the driver release"),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/CachyOS/distribution/issues/409", "https://github.com/omacom/omarchy/issues/10039",
                 "https://github.com/projectbluefin/dakota/issues/1118", _POWER_MANAGEMENT),
        checked="2026-11-28",
        examples=("kernel/cachyos-dist-409-hibernate-resume-hook-nvidia-services-disabled.txt",
                  "kernel/omarchy-10039-desktop-hibernate-resume-initramfs-nvidia-freeze-eio.txt"),
    ),
    Signature(
        code="kernel.nvidia-sleep-unit-cannot-run",
        cause_id="gpu-suspend-resume",
        kinds=("any",),
        patterns=(
            # systemd when a unit's ExecStart names a sleep script that is not there: "nvidia-suspend.service: Failed to
            # execute /usr/bin/nvidia-sleep.sh: No such file or directory", "... Failed at step EXEC spawning ..."
            r"\b(?P<unit>nvidia-(?:suspend|resume|hibernate|suspend-then-hibernate))\.service: (?:Failed to execute|"
            r"Failed at step EXEC spawning) [^\n]{0,220}?nvidia-sleep\.sh",
        ),
        severity="fail",
        cause=("{unit}.service could not run the driver's nvidia-sleep.sh (its path does not exist), so the driver's "
               "own suspend step never ran and the system sleep failed or came back without a working GPU."),
        advice=SUSPEND_SETUP_ADVICE,
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the kernel", "blacklist nouveau"),
        sources=("https://github.com/chaotic-cx/nyx/issues/1189", "https://github.com/NixOS/nixpkgs/issues/127693",
                 "https://github.com/lebensterben/awesome-clear-linux/pull/18"),
        checked="2026-11-28",
        examples=("kernel/nyx-1189-nvidia-suspend-service-sleep-script-missing.txt",),
    ),
    Signature(
        code="kernel.gsp-resume-boot-failed",
        cause_id="gpu-suspend-resume",
        kinds=("any",),
        patterns=(
            # the driver's resume path when the GSP firmware does not boot again ("gpuPowerMangementResume: GSP boot
            # failed", NVIDIA's own spelling; "gpuPowerManagementResume" in case it is corrected)
            r"\bgpuPowerMan(?:a|age)?gementResume: GSP boot failed",
        ),
        severity="fail",
        cause=("The GPU's GSP firmware did not boot again when the system resumed, so the GPU (and the display on it) "
               "did not come back from sleep: commonly s2idle, which this GPU and driver do not return from."),
        advice=SUSPEND_SETUP_ADVICE,
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/CachyOS/distribution/issues/493",
                 "https://github.com/CachyOS/CachyOS-Settings/issues/215", _POWER_MANAGEMENT),
        checked="2026-11-28",
        examples=("kernel/cachyos-dist-493-s2idle-resume-gsp-boot-failed-deep-works.txt",),
    ),
    Signature(
        code="kernel.nvidia-sleep-described",
        described=True,
        cause_id="gpu-suspend-resume",
        kinds=("any",),
        patterns=(
            # "Suspend not working on Nvidia laptop", "Suspend broken on Gazelle 16 because of Nvidia GPU"
            r"\b" + _SLEEP + r" (?:is |are |has |have )?" + _BROKEN + r"\b[^\n]{0,80}?\b" + _NVIDIA,
            # "nvidia sleep issues", "RTX 5080 hibernate hangs", "NVIDIA suspend broken"
            r"\b" + _NVIDIA + r"\b[^\n]{0,40}?\b" + _SLEEP + r" (?:is |are |has |have )?" + _BROKEN + r"\b",
            # "Broken Sleep on NVIDIA", "Failing suspend with the nvidia driver"
            r"\b(?:[Bb]roken|[Ff]ailed|[Ff]ailing) " + _SLEEP + r"\b[^\n]{0,60}?\b" + _NVIDIA,
            # "Laptop does not wake from sleep (KDE, NVIDIA)", "Unable to wake from Suspend (... 4060 dGPU only)"
            r"\b(?:[Dd]oes not|[Dd]oesn'?t|[Ww]on'?t|[Ww]ill not|[Cc]an'?t|[Cc]annot|[Uu]nable to|[Ff]ails? to|[Nn]ever) "
            r"(?:wake|resume)(?: up)? (?:from|after) " + _SLEEP + r"\b[^\n]{0,80}?" + _NVIDIA,
            # "The system wakes up immediately after suspending"
            r"\bwakes? (?:back )?up (?:immediately|instantly|right away|straight away|again)(?: after)?[^\n]{0,30}?"
            r"\b(?:suspend|sleep)",
            # "black screen after waking up from sleep" (the GPU's display lost on resume)
            r"\b(?:[Bb]lack|[Bb]lank) screen (?:after|on|when) (?:waking|wake|resuming|resume|coming back)\b"
            r"[^\n]{0,30}?\b(?:from )?" + _SLEEP,
            # the driver's sleep script not run: "the call for `nvidia-sleep.sh` is not executed ... cannot find the
            # file", "nvidia-sleep.sh is missing"
            r"\bnvidia-sleep\.sh`?(?: script)?\b[^\n]{0,60}?\b(?:is not executed|not executed|cannot find|can'?t find|"
            r"not found|is missing|missing|does not exist|doesn'?t exist)",
            # the fix people report: "Turning `NVreg_EnableS0ixPowerManagement` to 0"
            r"\bNVreg_EnableS0ixPowerManagement`? (?:to|=) ?0\b",
        ),
        severity="warn",
        cause=("The description points at the NVIDIA driver's power management across sleep: the system does not "
               "suspend, wakes at once, or comes back without the GPU or its display, which is what a half set-up "
               "suspend support (video memory preserved without the nvidia sleep units, or s2idle) does."),
        advice=SUSPEND_SETUP_ADVICE,
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/projectbluefin/dakota/issues/1118",
                 "https://github.com/CachyOS/linux-cachyos/issues/742",
                 "https://github.com/CachyOS/linux-cachyos/issues/493",
                 "https://github.com/pop-os/system76-power/issues/358",
                 "https://github.com/lebensterben/awesome-clear-linux/pull/18",
                 "https://github.com/CachyOS/CachyOS-Settings/issues/215"),
        checked="2026-11-28",
        examples=("kernel/bluefin-dakota-1118-laptop-suspend-nvidia-units-missing-prose.txt",
                  "kernel/linux-cachyos-742-laptop-does-not-wake-nvidia-suspend-then-hibernate-prose.txt",
                  "kernel/linux-cachyos-493-unable-to-wake-from-suspend-4060-dgpu-prose.txt",
                  "kernel/system76-power-358-gazelle-suspend-wakes-immediately-nvidia-prose.txt",
                  "kernel/awesome-clear-linux-18-nvidia-sleep-sh-not-found-suspend-prose.txt",
                  "kernel/cachyos-settings-215-nvidia-sleep-broken-s0ix-param-prose.txt"),
    ),
    Signature(
        code="kernel.preempt-rt-kernel-refused",
        cause_id="dkms-build-failed",
        # the real reason behind DKMS's failure and the Kbuild lines the make log echoes (read as missing headers)
        refines=NO_MODULE_SYMPTOMS + ("kernel.headers-build-tree-incomplete",), refines_within=None,
        kinds=("any",),
        patterns=(
            # the driver's Kbuild check (conftest), all branches since 2013: "The kernel you are installing for is a
            # PREEMPT_RT kernel!" ... "*** Failed PREEMPT_RT sanity check. Bailing out! ***"
            r"\bThe kernel you are installing for is a PREEMPT_RT kernel",
            r"\bFailed PREEMPT_RT sanity check\b",
            r"\bThe NVIDIA driver does not support real-time kernels\b",
        ),
        severity="fail",
        cause=("The NVIDIA kernel module was not built because the kernel is a PREEMPT_RT (real-time) kernel, which "
               "the driver's build refuses; the module is missing for that kernel."),
        advice=PREEMPT_RT_ADVICE,
        action="configure",
        rules_out=("the kernel headers", "Secure Boot"),
        never_suggest=("disable Secure Boot", "reinstall the kernel headers"),
        sources=("https://github.com/NixOS/nixpkgs/pull/110724", "https://github.com/anduril/jetpack-nixos/issues/363"),
        checked="2026-11-28",
        examples=("kernel/nixpkgs-110724-nvidia-preempt-rt-kernel-sanity-check.txt",),
    ),
    Signature(
        code="kernel.preempt-rt-kernel-described",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "driver built from L4T doesn't pass `IGNORE_PREEMPT_RT_PRESENCE=1` which causes the driver build to fail"
            r"\bIGNORE_PREEMPT_RT_PRESENCE\b",
            # "Realtime breaks Nvidia driver build", "nvidia-dkms refuses to build for the rt kernel"
            r"\b(?:[Rr]ealtime|[Rr]eal-time|PREEMPT_RT|RT) (?:kernel )?(?:breaks?|broke|prevents?)\b[^\n]{0,40}?"
            r"\b(?:[Nn]vidia|NVIDIA)\b",
            r"\b(?:[Nn]vidia|NVIDIA)\b[^\n]{0,60}?\b(?:refuses?|fails?|won'?t|can'?t|cannot) (?:to )?(?:build|"
            r"compile|install)\b[^\n]{0,40}?\b(?:rt-kernels?|RT kernels?|real-?time kernels?|realtime kernels?|"
            r"PREEMPT_RT)",
        ),
        severity="warn",
        cause=("The description points at the NVIDIA module's build refusing a PREEMPT_RT (real-time) kernel, so no "
               "module was built for it."),
        advice=PREEMPT_RT_ADVICE,
        action="configure",
        rules_out=("the kernel headers",),
        never_suggest=("disable Secure Boot",),
        sources=("https://github.com/anduril/jetpack-nixos/issues/363", "https://github.com/NixOS/nixpkgs/pull/110724"),
        checked="2026-11-28",
        examples=("kernel/jetpack-nixos-363-rt-kernel-nvidia-build-sanity-check-prose.txt",),
    ),
)
