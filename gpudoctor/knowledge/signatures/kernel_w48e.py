"""Issue 25, w48e: Secure Boot refusing a boot image, vGPU on GPUs it does not support, sleep and kernel updates told
in words (rows of the kernel area).

Secure Boot refuses more than the NVIDIA module: a live or installed image whose kernel (or boot loader) is not signed
by a key the firmware's db or shim's MOK list trusts does not start at all. GRUB under shim says "bad shim signature"
(grub-core/kern/efi/sb.c, shim_lock_verifier_write) or, in the older linuxefi loaders of Ubuntu and Debian, "<kernel> has
invalid signature", each followed by "you need to load the kernel first"; shim itself says "Verification failed: (0x1A)
Security Violation" and some firmware "Secure Boot Violation ... Invalid signature detected". The images that meet it are
those that do not support Secure Boot (Pop!_OS and NixOS ISOs, many live images) or ship a kernel signed with their own
key (Universal Blue's Bazzite and Bluefin, custom kernels): Secure Boot off, or that key enrolled as a MOK, starts them.

NVIDIA's vGPU host software (the vGPU manager, nvidia-vgpud) runs only on the boards NVIDIA lists for each vGPU release;
on any other GPU (GeForce, most Quadro and older Tesla boards, a generation a release dropped) the host driver loads but
the vGPU daemon refuses the GPU ("GPU not supported by vGPU at PCI Id: ..."), the manager refuses a VM's vGPU ("vGPU is
supported only on VGX capable boards"), `nvidia-smi vgpu` finds "No supported devices in vGPU mode", and `mdevctl
types` or a platform's SR-IOV GPU list (Harvester) stays empty. The fix is a supported board (or the release that still
lists it), or passing the whole GPU through to one VM.

systemd 256 freezes the user session (user.slice) before sleep; with the NVIDIA driver's video memory preservation the
freeze times out ("Failed to freeze unit 'user.slice': Connection timed out") and the desktop hangs on resume. NVIDIA's
own sleep units are written for SYSTEMD_SLEEP_FREEZE_USER_SESSIONS=false (Arch's nvidia-utils ships the drop-in for
systemd-suspend.service; NixOS and older packagings do not), which fixes it.

Three families told in people's words close the module: the NVIDIA driver gone after a kernel update or a third-party
kernel (XanMod, Liquorix, zen, mainline builds) that its module was not built for ("the nvidia driver isn't available in
the new kernel", the desktop back at 4:3 after installing xanmod), and a GPU's memory faults ("Uncorrectable ECC Error",
"double-bit ECC errors"), which need a reset for pending retirements or the GPU's replacement.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_p15k import REBUILD_FOR_KERNEL
from gpudoctor.knowledge.signatures.kernel_w47e import SUSPEND_SETUP_ADVICE

_VGPU_GPUS = "https://docs.nvidia.com/vgpu/gpus-supported-by-vgpu.html"
_POWER_MANAGEMENT = "https://download.nvidia.com/XFree86/Linux-x86_64/595.45.04/README/powermanagement.html"

SECURE_BOOT_IMAGE_ADVICE = (
    "Secure Boot refused to start the boot image because its kernel or boot loader is not signed by a key the firmware "
    "(db) or shim (the MOK list) trusts. Either turn Secure Boot off in the firmware setup (images that do not support "
    "Secure Boot, such as Pop!_OS and NixOS ISOs and many live images, need that), or enroll the image's signing key as "
    "a Machine Owner Key: from a system that boots, `sudo mokutil --import <the image's key>.der` (Universal Blue images "
    "such as Bazzite: `ujust enroll-secure-boot-key`), reboot and choose Enroll MOK in MokManager, then boot the image "
    "again; `mokutil --sb-state` and `mokutil --list-enrolled` show what is trusted. A USB tool with its own boot loader "
    "(Ventoy) needs its key enrolled the same way at first boot."
)

VGPU_UNSUPPORTED_ADVICE = (
    "NVIDIA's vGPU host software runs only on the GPUs listed for each vGPU release (data-centre boards and some RTX/"
    "Quadro workstation boards; GeForce cards are not among them, and releases drop older generations: Kepler after "
    "GRID 4, Pascal P100/P40/P4 after vGPU 16). Check the board and the release against NVIDIA's list "
    "(docs.nvidia.com/vgpu/gpus-supported-by-vgpu.html) and `nvidia-smi -q` on the host; then use a supported board "
    "with a release that lists it (on Ampere and newer boards also enable the SR-IOV virtual functions, "
    "`/usr/lib/nvidia/sriov-manage -e ALL`, before mdevctl lists types), or give the GPU whole to one VM with PCI "
    "passthrough (bound to vfio-pci) instead of vGPU."
)

FREEZE_USER_SESSIONS_ADVICE = (
    "Stop systemd from freezing the user session around sleep, as NVIDIA's suspend support expects: add a drop-in for "
    "the sleep services (`sudo systemctl edit systemd-suspend.service`, and the same for systemd-hibernate, "
    "systemd-hybrid-sleep and systemd-suspend-then-hibernate) with `[Service]` and "
    "`Environment=\"SYSTEMD_SLEEP_FREEZE_USER_SESSIONS=false\"` (NixOS: `systemd.services.systemd-suspend.environment."
    "SYSTEMD_SLEEP_FREEZE_USER_SESSIONS = \"false\";`); recent nvidia-utils packagings ship this drop-in. Keep the "
    "driver's own sleep units enabled (`sudo systemctl enable nvidia-suspend.service nvidia-hibernate.service "
    "nvidia-resume.service`, or `hardware.nvidia.powerManagement.enable = true` on NixOS), then suspend again."
)

# Sleep and the NVIDIA GPU as people write them (the same words as kernel_w47e's description row).
_SLEEP = r"(?:[Ss]uspend(?:ing|ed)?|[Ss]leep|[Hh]ibernation|[Hh]ibernate|[Ss]tandby|s2idle)"
_NVIDIA = r"(?:[Nn]vidia|NVIDIA|GeForce|RTX ?\d{3,4}|GTX ?\d{3,4}|dGPU|nvidia-open)"
_NV_SLEEP_UNIT = r"nvidia-(?:suspend|resume|hibernate)"
# Third-party kernels people install beside their distribution's (and the tool that installs mainline builds): the
# NVIDIA module is built (or packaged) for the distribution's kernel, so the new one boots without it.
_CUSTOM_KERNEL = (r"\b(?:xanmod|XanMod|Xanmod|XANMOD|liquorix|Liquorix|linux-zen|zen kernel|Zen kernel|linux-tkg|"
                  r"mainline kernel|Mainline kernel|linux-cachyos|ukuu)")
_NV_BROKE = (r"\b(?:[Nn]vidia|NVIDIA)\b[^\n]{0,60}?\b(?:not (?:loaded|loading|working|found)|stopped|broke|broken|ruined|"
             r"missing|gone|fails?|failed|won'?t (?:load|work|start))\b")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.boot-image-signature-refused",
        cause_id="secure-boot-rejected",
        kinds=("any",),
        patterns=(
            # GRUB under shim (grub-core/kern/efi/sb.c): "error: ../../grub-core/kern/efi/sb.c:
            # shim_lock_verifier_write:192:bad shim signature."
            r"\bbad shim signature\b",
            # the linuxefi loaders of Ubuntu/Debian GRUB: "error: /casper/vmlinuz has invalid signature.",
            # "error: (hd0,7)/kernel has invalid signature", "error: vmlinuz-5.17.0-tkg-pds has invalid signature"
            # (a path or a kernel image, so a package manager's "has invalid signature" for a package stays out)
            r"(?P<image>/[^\s'\"]{1,200}) has invalid signature\b",
            r"\b(?P<image>vmlinu[xz][^\s'\"/]{0,80}) has invalid signature\b",
            # shim: "Verification failed: (0x1A) Security Violation"
            r"\bVerification failed: \(0x1[Aa]\) Security Violation\b",
            # firmware (ASUS and others): "Secure Boot Violation ... Invalid signature detected. Check Secure Boot Policy
            # in Setup"
            r"\bInvalid signature detected\.? Check Secure Boot Policy\b",
            # GRUB in lockdown refusing an unsigned module or chainload: "prohibited by secure boot policy"
            r"\bprohibited by [Ss]ecure [Bb]oot policy\b",
        ),
        severity="fail",
        cause=("Secure Boot refused to start the boot image: its kernel or boot loader is not signed by a key the firmware "
               "or shim trusts (an image without Secure Boot support, or one signed with its own key that is not "
               "enrolled), so nothing boots."),
        advice=SECURE_BOOT_IMAGE_ADVICE,
        action="configure",
        rules_out=("the GPU hardware", "the NVIDIA driver"),
        never_suggest=("blacklist nouveau", "reinstall the driver"),
        sources=("https://github.com/tuna-os/wootc/issues/248", "https://github.com/jekhor/yogabook-linux/issues/17",
                 "https://github.com/pop-os/pop/issues/908", "https://github.com/bkw777/mainline/issues/53",
                 "https://github.com/rhboot/shim/blob/main/shim.c",
                 "https://git.savannah.gnu.org/cgit/grub.git/tree/grub-core/kern/efi/sb.c"),
        checked="2026-11-28",
        examples=("kernel/wootc-248-bazzite-kernel-bad-shim-signature-secure-boot.txt",
                  "kernel/yogabook-17-live-vmlinuz-invalid-signature-secure-boot.txt",
                  "kernel/popos-908-live-usb-vmlinuz-efi-invalid-signature.txt",
                  "kernel/mainline-53-unsigned-mainline-kernel-invalid-signature.txt"),
    ),
    Signature(
        code="kernel.vgpu-gpu-not-supported",
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        patterns=(
            # nvidia-vgpud: "GPU not supported by vGPU at PCI Id: 0:5:0:0 DevID: 0x10de / 0x103a / 0x10de / 0x0000"
            r"\bGPU not supported by vGPU at PCI Id: (?P<pci_id>[0-9a-fA-F:.]{5,20})",
            # nvidia-vgpu-mgr: "error: vmiop_log: (0x0): vGPU is supported only on VGX capable boards"
            r"\bvGPU is supported only on VGX capable boards\b",
            # nvidia-smi vgpu on a host whose GPUs the vGPU manager does not drive ("Not supported devices in vGPU
            # mode" before the 2025 drivers' rewording)
            r"\bNo(?:t)? supported devices in vGPU mode\b",
        ),
        severity="fail",
        cause=("NVIDIA's vGPU host software refuses this GPU: the board (or its generation) is not among the GPUs this "
               "vGPU release supports, so no vGPU types exist for it and VMs cannot get a vGPU."),
        advice=VGPU_UNSUPPORTED_ADVICE,
        action="configure",
        rules_out=("the guest driver", "the VM configuration"),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/DualCoder/vgpu_unlock/issues/108", "https://github.com/NVIDIA/nvidia-installer/issues/15",
                 "https://github.com/DualCoder/vgpu_unlock/issues/100",
                 "https://github.com/CiscoDevNet/intersight-python-utils/pull/66", _VGPU_GPUS),
        checked="2026-11-28",
        examples=("kernel/vgpuunlock-108-quadro-k6000-gpu-not-supported-by-vgpu.txt",
                  "kernel/nvinstaller-15-vgpu-rtx2070s-not-vgx-capable-board.txt"),
    ),
    Signature(
        code="kernel.vgpu-gpu-not-supported-described",
        described=True,
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),
        patterns=(
            # "Nvidia P1000 is not recognized for vGPU", "RTX A5000 - Not available for vGPU", "is my card not supported
            # by vGPU", "isn't supported for vgpu"
            r"\b(?:not (?:recogni[sz]ed|available|supported|detected|listed|usable|capable)|isn'?t supported|unsupported)"
            r" (?:for|by|with|as|in) (?:the )?(?:NVIDIA |[Nn]vidia )?(?:vGPU|vgpu|VGPU|GRID vGPU)\b",
            # "not vGPU capable", "is not a vGPU capable card", "You don't have a vGPU capable card"
            r"\b(?:not|n'?t (?:have )?an?|no) (?:a )?(?:vGPU|vgpu|VGPU)[ -]capable\b",
            # Harvester's list of SR-IOV GPUs stays empty for a GPU without SR-IOV vGPU support: "No available SR-IOV
            # GPU", "I do not have annotation sriovgpu.harvesterhci.io/driver-needed"
            r"\b(?:[Nn]o|[Nn]ot any|[Nn]one) (?:available )?SR-IOV GPUs?\b",
            r"\b(?:not|n'?t) (?:have|get|see) (?:the )?annotation sriovgpu\.harvesterhci\.io/driver-needed\b",
            # the vGPU type list empty: "nothing was shown in mdevctl types", "mdevctl types return nothing",
            # "mdevctl types is empty"
            r"\b(?:[Nn]othing|[Nn]o types?|[Nn]o profiles?) (?:was |is |were |are )?(?:shown|listed|showing|appears?|"
            r"returned) (?:in|by|from) [`']?mdevctl types\b",
            r"\bmdevctl types[`']? (?:returns? nothing|returned nothing|(?:is|was) empty|shows? nothing|showed nothing|"
            r"lists? nothing|returns? no record)",
        ),
        severity="warn",
        cause=("The description suggests a GPU that NVIDIA's vGPU software does not support (a GeForce card, a board "
               "missing from this vGPU release's list, or one without SR-IOV vGPU), so the host offers no vGPU types "
               "for it."),
        advice=VGPU_UNSUPPORTED_ADVICE,
        action="configure",
        rules_out=("the guest driver",),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/harvester/harvester/issues/8059",
                 "https://github.com/stl88083365/unraid-nvidia-vgpu-driver/issues/20",
                 "https://github.com/anomixer/proxmox-vgpu-installer/issues/11", _VGPU_GPUS),
        checked="2026-11-28",
        examples=("kernel/harvester-8059-quadro-p1000-not-vgpu-capable-prose.txt",
                  "kernel/unraidvgpu-20-geforce-30-40-mdevctl-types-empty-prose.txt"),
    ),
    Signature(
        code="kernel.sleep-freeze-user-sessions-timeout",
        cause_id="gpu-suspend-resume",
        kinds=("any",),
        patterns=(
            # systemd-sleep (256 and later) freezing the session before sleep: "Failed to freeze unit 'user.slice':
            # Connection timed out"
            r"\bFailed to freeze unit '(?P<unit>user\.slice|user-\d{1,10}\.slice|session-\w{1,20}\.scope)': "
            r"(?:Connection timed out|Timer expired|Device or resource busy)",
        ),
        severity="warn",
        cause=("systemd could not freeze the user session ({unit}) before sleep: with the NVIDIA driver's video memory "
               "preservation the freeze times out, and the desktop hangs or stays black on resume unless session "
               "freezing is turned off for the sleep services."),
        advice=FREEZE_USER_SESSIONS_ADVICE,
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/NixOS/nixpkgs/issues/371058", "https://github.com/systemd/systemd/blob/v256/NEWS",
                 _POWER_MANAGEMENT),
        checked="2026-11-28",
        examples=("kernel/nixpkgs-371058-suspend-freeze-user-slice-timeout-nvidia.txt",),
    ),
    Signature(
        code="kernel.nvidia-sleep-units-not-enabled-described",
        described=True,
        cause_id="gpu-suspend-resume",
        # the same line read as a GPU unusable after suspend (cuda_p15k) is this set-up, said in more words
        refines=("cuda.described-unusable-after-suspend",),
        kinds=("any",),
        patterns=(
            # "nvidia.sh never enables nvidia-suspend/resume/hibernate services", "without enabling nvidia-resume"
            r"\b(?:never|not|n'?t|without) (?:being )?(?:enabl(?:e|es|ed|ing)|start(?:s|ed|ing)?|ship(?:s|ped|ping)?|"
            r"install(?:s|ed|ing)?)\b[^\n]{0,30}?\b" + _NV_SLEEP_UNIT + r"\b",
            # "nvidia-suspend.service is disabled", "the nvidia-suspend/resume services are not enabled"
            r"\b" + _NV_SLEEP_UNIT + r"(?:\.service)?\b[^\n]{0,50}?\b(?:(?:is|are|was|were|left|stays?|remains?) "
            r"(?:still )?(?:disabled|masked|not enabled|never enabled)|not (?:enabled|shipped|installed|present))\b",
            # the units named by what they do: "the NVIDIA power services are never enabled", "Nvidia's suspend/resume
            # services left disabled", "NVIDIA sleep units are not enabled"
            r"\b(?:[Nn]vidia|NVIDIA)(?:'s)?\b[^\n]{0,40}?\b(?:sleep|suspend|power(?: management)?|resume|hibernate)"
            r"[\w/ -]{0,30}? (?:services|units)\b[^\n]{0,30}?\b(?:disabled|not enabled|never enabled|not shipped|missing)\b",
            # "Fix wake from sleep on Nvidia drivers", "Broken resume from suspend with NVIDIA"
            r"\b(?:[Ff]ix(?:es|ed|ing)?|[Bb]roken|[Ff]ailed|[Ff]ailing|[Nn]o) (?:wake|wake-?up|waking|resume|resuming)"
            r"(?: up)? (?:from|after) " + _SLEEP + r"\b[^\n]{0,60}?" + _NVIDIA,
        ),
        severity="warn",
        cause=("The description points at the NVIDIA driver's sleep set-up: its nvidia-suspend, nvidia-resume and "
               "nvidia-hibernate units are not enabled (or video memory is not preserved), so the GPU's memory is lost "
               "across sleep and the display or GPU programs fail after resume."),
        advice=SUSPEND_SETUP_ADVICE,
        action="configure",
        rules_out=("the GPU hardware",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/omacom/omarchy/issues/10433", "https://github.com/JaKooLit/Arch-Hyprland/issues/13",
                 _POWER_MANAGEMENT),
        checked="2026-11-28",
        examples=("kernel/omarchy-10433-nvidia-sleep-services-never-enabled-prose.txt",
                  "kernel/archhyprland-13-nvidia-wake-from-sleep-fix-prose.txt"),
    ),
    Signature(
        code="kernel.described-nvidia-driver-missing-for-new-kernel",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "the required nvidia driver isn't available in the new required kernel version", "nvidia modules are not
            # available for the new kernel", "the NVIDIA driver is not installed for the latest kernel"
            r"\b(?:[Nn]vidia|NVIDIA)(?:[ -](?:proprietary|kernel|open|dkms|DKMS))?[ -](?:drivers?|modules?|kmods?|"
            r"kernel modules?) (?:(?:is|are|was|were) (?:not|n'?t)|isn'?t|aren'?t|wasn'?t|weren'?t|(?:has|have) "
            r"(?:not|never) been|hasn'?t been|haven'?t been) (?:yet )?(?:available|installed|present|there|packaged) "
            r"(?:in|for|with|on) (?:the |this |my |that )?(?:new(?:er|est)?|latest|updated|current|running|upgraded)\b"
            r"[^\n]{0,20}?\b[Kk]ernel",
            # a third-party kernel installed, then the desktop at a fallback resolution or the NVIDIA driver gone: "after
            # installing xanmod-cacule ... the resolution went to 4:3", "Nvidia drivers not working after using ukuu"
            _CUSTOM_KERNEL + r"[\w.-]{0,24}\b[^\n]{0,200}?(?:\b4[:/]3\b|\b(?:640|800|1024)[x×](?:480|600|768)\b)",
            _CUSTOM_KERNEL + r"[\w.-]{0,24}\b[^\n]{0,120}?" + _NV_BROKE,
            _NV_BROKE + r"[^\n]{0,60}?\bafter (?:installing|updating to|upgrading to|switching to|using) (?:the |a )?"
            + _CUSTOM_KERNEL,
        ),
        severity="warn",
        cause=("The description says the NVIDIA driver has no module for the newly installed kernel: the update brought "
               "a kernel the driver package (or its DKMS build) was not built for, so that kernel boots without it "
               "while the previous one still works."),
        advice=REBUILD_FOR_KERNEL,
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/elementary/appcenter/issues/1659", "https://github.com/redrootmin/bzu-gmb/issues/11",
                 "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html"),
        checked="2026-11-28",
        examples=("kernel/appcenter-1659-kernel-update-nvidia-driver-unavailable-prose.txt",
                  "kernel/bzugmb-11-xanmod-cacule-kernel-resolution-4-3-gtx980ti-prose.txt"),
    ),
    Signature(
        code="kernel.gpu-memory-error-described",
        described=True,
        cause_id="gpu-memory-error",
        kinds=("any",),
        patterns=(
            # "GPU is not usable due to Uncorrectable ECC Error", "died from an uncorrectable double-bit ECC error",
            # "the node has uncorrectable ECC memory errors", "double bit ECC errors on GPU 3", "HBM ECC errors"
            r"\b(?:double-bit|double bit|Double-bit|Double bit|[Uu]ncorrectable|UNCORRECTABLE|[Uu]ncorrected)\b[\w /-]{0,30}? "
            r"(?:ECC error|ECC Error|ECC memory error|ECC memory Error|HBM error|HBM2 error|HBM2e error)s?\b",
            # "the GPU's memory has retired pages / row remapping failed"
            r"\b(?:[Rr]ow[- ]remap(?:ping)? (?:failure|failed|pending)|pages? (?:pending )?retirement (?:failed|pending))\b",
        ),
        severity="warn",
        cause=("The description points at the GPU's own memory: uncorrectable (double-bit) ECC errors, pending page "
               "retirement or a failed row remap, a hardware fault of that GPU rather than of the program or driver."),
        advice=("Take the GPU (or its node) out of service and read its memory state: `nvidia-smi -q -d "
                "ECC,ROW_REMAPPER,PAGE_RETIREMENT` and the kernel log for Xid 48/63/64/94/95. Pending retirements and "
                "remaps take effect after a GPU reset (`sudo nvidia-smi -r -i N`, nothing running on it) or a reboot; "
                "if uncorrectable errors recur, or a row remap failed, the GPU needs replacement (RMA)."),
        action="reset-gpu",
        rules_out=("the program", "the driver version"),
        never_suggest=("reinstall the driver", "reduce the batch size"),
        sources=("https://github.com/NVIDIA/k8s-device-plugin/issues/243",
                 "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html",
                 "https://docs.nvidia.com/deploy/dynamic-page-retirement/index.html"),
        checked="2026-11-28",
        examples=("kernel/k8sdp-243-v100s-uncorrectable-ecc-not-usable-prose.txt",),
    ),
)
