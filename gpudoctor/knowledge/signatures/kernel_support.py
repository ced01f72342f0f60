"""Kernel and driver, support: which kernel-module flavour a GPU needs, and the pieces of one driver that must be of
one version - its kernel modules among themselves and with the GSP firmware (rows of the kernel area, added to
kernel.py's tuple). Blackwell GPUs (RTX 50-series, RTX PRO Blackwell, B200) and Grace Hopper run only on the open
kernel modules; the proprietary module of the same driver loads but refuses them."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature
from gpudoctor.knowledge.signatures.kernel_modules import NOTICE_ONLY_IN_PASTES

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.open-modules-required",
        # The probe's failure and its "No NVIDIA devices probed" follow the refusal on a GPU only the open modules
        # drive: read alone they suggest another driver holding the GPU (nouveau), which is not the case here.
        refines=(*NO_MODULE_SYMPTOMS, "kernel.rm-init-adapter-failed", "kernel.nvidia-probe-failed",
                 "kernel.no-nvidia-devices-probed", "kernel.rm-init-gpu-not-mapped"), refines_within=None,
        cause_id="open-module-required",
        kinds=("any",),
        # The proprietary nvidia.ko's words for such a GPU ("NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:2c58)" /
        # "NVRM: installed in this system requires use of the NVIDIA open kernel modules."), which log_lines joins;
        # RmInitAdapter then fails and nvidia-smi says "No devices were found".
        patterns=(r"(?:\(PCI ID: (?P<pci_id>[0-9a-fA-F]{4}:[0-9a-fA-F]{4})\) )?(?:NVRM: )?installed in this system "
                  r"requires use of the NVIDIA open kernel modules",),
        severity="fail",
        cause="This GPU (a Blackwell-generation GPU such as the RTX 50-series) runs only on NVIDIA's open kernel "
              "modules, and the proprietary module is installed, so the driver refuses it.",
        advice=("Replace the proprietary kernel module with the open one of the same driver branch: on Ubuntu purge "
                "nvidia-driver-XXX / nvidia-dkms-XXX and install nvidia-driver-XXX-open (570 or newer), on Arch "
                "nvidia-open, on Fedora akmod-nvidia-open, on Debian nvidia-open-kernel-dkms, or run NVIDIA's .run installer "
                "with --kernel-module-type=open (older installers: -m=kernel-open); then "
                "reboot and check `modinfo -F license nvidia` says \"Dual MIT/GPL\"."),
        action="configure",
        rules_out=("a hardware fault", "a missing driver"),
        never_suggest=("blacklist nouveau", "disable Secure Boot", "reseat the GPU"),
        sources=("https://github.com/QuangMDoan/autonomy/blob/HEAD/ros2_setup/kilted_setup.md",
                 "https://github.com/getsolus/packages/issues/5575",
                 "https://developer.nvidia.com/blog/nvidia-transitions-fully-towards-open-source-gpu-kernel-modules/"),
        checked="2026-11-26",
        examples=("kernel/autonomy-kilted-5090-laptop-requires-open-modules.txt",),
    ),
    Signature(
        code="kernel.gsp-firmware-version-mismatch",
        cause_id="driver-library-mismatch",
        kinds=("any",),
        # The module checks the GSP firmware file (/lib/firmware/nvidia/<version>/gsp_*.bin) against its own version
        # ("_kgspFwContainerVerifyVersion: GSP firmware image version mismatch: got version A, expected version B"),
        # then "kgspInitRm_IMPL: Error preparing GSP-RM image" and RmInitAdapter fails: a stale or wrongly built module
        # beside a newer driver package.
        patterns=(r"_?kgspFwContainerVerifyVersion: GSP firmware image version mismatch:?(?: got version "
                  r"(?P<firmware>\d{3}\.\d+(?:\.\d+)?), expected version (?P<module>\d{3}\.\d+(?:\.\d+)?))?",),
        severity="fail",
        cause="The loaded NVIDIA kernel module and the GSP firmware installed with the driver are of different "
              "versions, so the module refuses the firmware and the GPU does not initialise.",
        advice=("Make the module the installed driver's version: compare `modinfo -F version nvidia` with the driver "
                "package, then rebuild and install the module of that version (`sudo dkms autoinstall`, or reinstall "
                "the nvidia-dkms / akmod / kmod package of the same version; a package that builds the wrong version "
                "needs its fixed release) and reboot."),
        action="reboot",
        rules_out=("a hardware fault", "Secure Boot"),
        never_suggest=("blacklist nouveau", "reseat the GPU"),
        sources=("https://github.com/Nobara-Project/rpm-sources/issues/526",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/gsp.html"),
        checked="2026-11-26",
        examples=("kernel/nobara-526-gsp-fw-mismatch-module-built-from-old-source.txt",),
    ),
    Signature(
        code="kernel.modeset-module-version-mismatch",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # nvidia-modeset.ko refuses to load beside an nvidia.ko of another version ("nvidia-modeset: Version
        # mismatch: nvidia.ko(378.13) nvidia-modeset(375.26)"): DKMS rebuilt only part of the driver's modules for
        # this kernel, or left an old module in /lib/modules that modprobe still finds.
        patterns=(r"nvidia-modeset: Version mismatch: nvidia\.ko\((?P<nvidia>\d{3}\.\d+(?:\.\d+)?)\) "
                  r"nvidia-modeset(?:\.ko)?\((?P<modeset>\d{3}\.\d+(?:\.\d+)?)\)",),
        severity="fail",
        cause="The NVIDIA kernel modules on disk are of two versions (nvidia.ko {nvidia}, nvidia-modeset {modeset}): the "
              "driver's modules were not all rebuilt for the running kernel.",
        advice=("Rebuild all NVIDIA modules of the installed driver for the running kernel: `dkms status` shows the "
                "versions DKMS knows; remove the stale one (`sudo dkms remove nvidia/<old> --all`), install the current "
                "one (`sudo dkms install nvidia/<version>`, or reinstall the nvidia-dkms package), check `find "
                "/lib/modules/$(uname -r) -name 'nvidia*.ko*'` holds one version, then reboot."),
        action="configure",
        rules_out=("a hardware fault",),
        never_suggest=("blacklist nouveau", "reseat the GPU"),
        sources=("https://github.com/voidlinux/void-packages/issues/5745",
                 "https://github.com/void-linux/void-packages/issues/4473"),
        checked="2026-11-26",
        examples=("kernel/void-5745-modeset-version-mismatch-dkms-rerun.txt",),
    ),
    Signature(
        code="kernel.installer-module-unsigned",
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # nvidia-installer's words when the kernel refused the module it built for want of a trusted signature
        # (its probable reason varies: ". Secure boot is enabled on this system, so this is likely", ".
        # CONFIG_MODULE_SIG_FORCE is set on the target kernel, so this is likely", ", possibly", or "," when the load
        # failed with ENOKEY), and its log's "Kernel module load error" with the kernel's refusal.
        # kernel.c words it "failed to load%s because" (%s a probable reason, often empty), and for a module it signed
        # "The signed kernel module failed to load ... because the kernel does not trust any key".
        patterns=(r"The kernel module failed to load[^\n]{0,120}?not signed by a key that is trusted by the kernel",
                  r"The signed kernel module failed to load[^\n]{0,120}? because the kernel does not trust any key",
                  r"Kernel module load error: (?:Required key not available|Key was rejected by service)"),
        severity="fail",
        cause="The kernel refused the NVIDIA module the installer built because it is not signed with a key the "
              "kernel trusts (Secure Boot or enforced module signatures).",
        advice=("Sign the module with a key the machine trusts: run the installer again and let it sign "
                "(`--module-signing-secret-key=KEY --module-signing-public-key=CERT`), enroll that certificate with "
                "`sudo mokutil --import CERT` and confirm it in MokManager at the next boot; or use the distribution's "
                "packaged driver, which DKMS signs with its enrolled MOK; on Kubernetes use signed precompiled driver "
                "images; or turn Secure Boot off in the firmware."),
        action="configure",
        rules_out=("a compiler mismatch", "nouveau"),
        never_suggest=("blacklist nouveau", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/266",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/installdriver.html"),
        checked="2026-11-26",
        examples=("kernel/gpuoperator-266-ocp-installer-module-not-signed.txt",),
    ),
    Signature(
        code="kernel.installer-module-load-failed-secure-boot",
        cause_id="secure-boot-rejected",
        kinds=("any",),
        # kernel.installer-module-load-failed's line, and the installer log's "Kernel module load error: Operation not
        # permitted", where the text shows Secure Boot on (gpudoctor/knowledge/contexts.py; the installer's own
        # signing question says "This system also has UEFI Secure Boot enabled") or the host's EFI variable says so.
        patterns=(r"Unable to load the kernel module '?nvidia(?P<flavour>[\w-]{0,12})\.ko'?",
                  r"Unable to load the 'nvidia(?P<flavour>[\w-]{0,12})' kernel module",
                  r"The nvidia(?P<flavour>[\w-]{0,12}) kernel module failed to load\. This kernel module is required",
                  r"Kernel module load error: Operation not permitted"),
        contexts=("secure-boot",),
        refines=("kernel.installer-module-load-failed",),
        severity="fail",
        cause="Secure Boot is on and the installer built an unsigned NVIDIA module, so the kernel would not load it.",
        advice=("Install the module signed: answer \"Sign the kernel module\" (or pass "
                "`--module-signing-secret-key=KEY --module-signing-public-key=CERT`) and enroll the certificate with "
                "`sudo mokutil --import CERT`, confirming it in MokManager at the next boot; or use the distribution's "
                "packaged driver, which DKMS signs with its enrolled MOK; on Kubernetes use signed precompiled driver "
                "images; or turn Secure Boot off in the firmware."),
        action="configure",
        rules_out=("a compiler mismatch",),
        never_suggest=("blacklist nouveau", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/1142",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/installdriver.html"),
        checked="2026-11-26",
        examples=("kernel/gpuoperator-1142-secure-boot-install-without-signing.txt",),
    ),
    Signature(
        code="kernel.acpi-dsm-type-mismatch-notice",
        cause_id="none",
        kinds=NOTICE_ONLY_IN_PASTES,
        # The kernel's ACPI interpreter on laptops with a discrete NVIDIA GPU (Optimus): the firmware's _DSM method is
        # called with a Buffer where the ACPI spec wants a Package. Logged on every call, harmless; it often sits in
        # pastes next to the real error and is mistaken for it.
        patterns=(r"_DSM: Argument #4 type mismatch - Found \[Buffer\], ACPI requires \[Package\]",),
        severity="info",
        cause="The laptop's ACPI firmware is called with an argument type the ACPI spec does not expect; the kernel "
              "warns and carries on.",
        advice=("Harmless: a firmware quirk the kernel logs on every _DSM call, not a GPU or driver fault; ignore it "
                "and look at the other lines of the log for the real error."),
        action="none",
        rules_out=("a broken NVIDIA driver install", "a GPU fault"),
        sources=("https://github.com/Bumblebee-Project/bbswitch/issues/101",
                 "https://github.com/Bumblebee-Project/bbswitch/issues/157"),
        checked="2026-11-26",
        examples=("kernel/bbswitch-101-acpi-dsm-warning-works-fine.txt",),
    ),
)
