"""Issue 25 (helper w42e): Fabric Manager that started but could not configure the fabric, a kernel the driver (or the
script installing it) does not support told in words, and an RTX 50-series GPU that fails at boot.

Fabric Manager's own errors when it gives up configuring the NVSwitch fabric ("not all local fabric manager instances
finished their configuration", "failed to configure all the available GPUs or NVSwitches", "fabric manager error
handler is called for unhandled config error type 8"): on H100/B200 nodes the host Fabric Manager waits for the GPUs'
own local instances, and started too early (from cloud-init, before they are ready) it exits, so CUDA answers error 802
until it is started again (pytorch/ci-infra#552). cuda.system-not-ready reads 802 and the version refusal.

An RTX 50-series (Blackwell) GPU named in a report of the machine failing at boot or on its display, with no AI program
in the paste: the GPU needs driver 570 or newer with the open kernel modules; an install image or distribution driver
older than 570 does not drive it (pop-os/cosmic-epoch#1717: 565 on the install image), and the proprietary modules of a
new enough driver do not either (debian-nvidia-installer#44: 575 proprietary, black screen). Conclusions from what the
paste names (compat.py), as in cuda_w34a.py.
"""

from __future__ import annotations

from gpudoctor.knowledge import build_support as tables
from gpudoctor.knowledge.signatures import Signature, concluded

_FM_ADVICE = ("Fabric Manager started but gave up configuring the NVSwitch fabric. If it was started early (from "
              "cloud-init or a boot script, before the GPUs' local Fabric Manager instances were ready), start it again "
              "now the node is up, `sudo systemctl restart nvidia-fabricmanager`, and leave starting it to the enabled "
              "service's normal boot order; read the first error in `sudo journalctl -u nvidia-fabricmanager` (or "
              "/var/log/fabricmanager.log); its version must equal the driver's (`nvidia-smi`); if it fails again, "
              "reset the GPUs (`sudo nvidia-smi -r`) or reboot the node, then check `nvidia-smi -q | grep -A2 Fabric` "
              "shows State: Completed before CUDA starts.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.fabric-manager-config-failed",
        cause_id="fabric-manager-not-running",
        kinds=("any",),
        patterns=(
            r"not all (?:the )?local fabric manager instances (?:have )?finished (?:their|the) configuration",
            # older releases log it capitalised with a full stop ("Failed to configure all the available GPUs or
            # NVSwitches.", GlobalFabricManager's FM_SYSLOG_ERR), newer ones lower case (rev42b)
            r"[Ff]ailed to configure all the available (?:GPUs|NVSwitches)(?: or (?:GPUs|NVSwitches))?",
            r"fabric manager error handler is called for (?:unhandled )?config(?:uration)? error",
        ),
        # The 802 ("system not yet initialized") that programs answer while the fabric is unconfigured is this
        # failure's symptom wherever the paste holds both.
        refines=("cuda.system-not-ready",),
        refines_within=None,
        severity="fail",
        cause="NVIDIA Fabric Manager could not configure the NVSwitch fabric (not every GPU's local Fabric Manager was "
              "ready, or a GPU or NVSwitch failed to configure) and exited, so CUDA cannot initialise the GPUs (error "
              "802, system not yet initialized).",
        advice=_FM_ADVICE,
        action="configure",
        rules_out=("the CUDA toolkit", "the program"),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/pytorch/ci-infra/pull/552",
                 "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html"),
        checked="2026-11-28",
        examples=("kernel/ciinfra-552-fm-cloud-init-local-fm-not-ready.txt",),
    ),
    Signature(
        code="kernel.module-make-modules-target-failed",
        cause_id="dkms-build-failed",
        kinds=("any",),
        # The outer make's line over the driver's own kernel Makefile (the .run installer's kernel/, DKMS's build
        # folder, nvidia-all's package build), the last line a paste keeps when it cut the compiler's errors: "make:
        # *** [Makefile:140: modules] Error 2" (575.51.02 on 6.15, nvidia-all#293; "[Makefile:82: modules]" of 525 on
        # a GCP 6.5 kernel). The rows of kernel_builds.py and kernel_w41a.py read the inner lines where the paste has
        # them. The line is every out-of-tree module's (ZFS, VirtualBox, v4l2loopback, DisplayLink's evdi print the
        # same) and names no driver, so a warning that says so (rev42b).
        patterns=(r"\bmake(?:\[\d{1,2}\])?: \*\*\* \[(?:[^\]\n]{0,200}/)?Makefile:\d{1,5}: modules\] Error \d",),
        severity="warn",
        cause="A kernel module's build stopped (make's modules target failed); where it is the NVIDIA module's (DKMS, "
              "the .run installer, a driver package), this kernel has no NVIDIA module, usually because the kernel is "
              "newer than the driver release supports.",
        advice=("Read the first `error:` above this line (DKMS keeps the whole build in "
                "/var/lib/dkms/nvidia/<version>/build/make.log). If it names a kernel interface the release does not "
                "know, install a driver release that supports this kernel (the distribution's newer nvidia package, or "
                "the open modules where your GPU takes them) and rebuild with `sudo dkms autoinstall`; until one "
                "exists, boot the previous (or LTS) kernel and hold kernel updates."),
        action="configure",
        rules_out=("a GPU fault", "Secure Boot"),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/Frogging-Family/nvidia-all/issues/293",),
        checked="2026-11-28",
        examples=("kernel/nvidiaall-293-575-cachyos-615-modules-error-2.txt",),
    ),
    Signature(
        code="kernel.described-kernel-not-supported",
        described=True,
        cause_id="dkms-build-failed",
        kinds=("any",),
        patterns=(
            # "the kernel for 8.2.x of Proxmox isn't supported by this script", "kernel 6.15 is not supported yet by
            # the nvidia driver", "this kernel version is not supported by the driver": only on a line that names the
            # driver, NVIDIA or an installer, and not another module's kernel support (ZFS) or a CUDA kernel on a GPU
            # ("the kernel is not supported on this GPU", no kernel image) (rev42b)
            r"^(?![^\n]{0,400}?(?:ZFS|zfs|VirtualBox|vbox|kernel image|sm_\d|on (?:this|the|my) (?:GPU|gpu|device|card)))"
            r"(?=[^\n]{0,400}?(?:NVIDIA|[Nn]vidia|[Dd]river|DKMS|dkms|script|[Ii]nstaller|vGPU))[^\n]{0,400}?"
            r"\b[Kk]ernel (?:for |of |version )?(?:[\w.+~-]{1,30} )?(?:(?:of|in|on) [A-Z][\w.-]{1,20} )?(?:isn['’]?t|is "
            r"not|are not|aren['’]?t) (?:yet |currently )?supported\b",
            # (Proxmox's `proxmox-boot-tool kernel pin` went, rev42b: people pin a kernel for ZFS, passthrough or other
            # regressions too, so the pin alone says nothing of the driver)
        ),
        severity="warn",
        cause="The description says the new kernel is not supported by the NVIDIA driver (or the script installing "
              "it): the driver's kernel module does not build for the newer "
              "kernel, so that kernel has no NVIDIA module.",
        advice=("Keep booting the previous kernel with its headers until a driver supports the new one (Proxmox: `apt "
                "install proxmox-kernel-<version>-pve-signed proxmox-headers-<version>-pve`, `proxmox-boot-tool kernel "
                "pin <version>`, reboot), then install a driver release that supports the new kernel and rebuild the "
                "module (`sudo dkms autoinstall`)."),
        action="configure",
        rules_out=("a GPU fault",),
        never_suggest=("reinstall CUDA", "blacklist nouveau"),
        sources=("https://github.com/wvthoog/proxmox-vgpu-installer/issues/6",),
        checked="2026-11-28",
        examples=("kernel/pvi-wvthoog-6-proxmox-82-kernel-not-supported-prose.txt",),
    ),
)

_BLACKWELL_DRIVER_ADVICE = (
    "Install driver 570 or newer with the open kernel modules: Ubuntu and Pop!_OS `sudo apt install "
    "nvidia-driver-570-open` (or a newer -open branch), Debian nvidia-open-kernel-dkms of 570 or newer (`apt policy "
    "nvidia-open-kernel-dkms` shows the version; a release's own may be older, NVIDIA's repository has `nvidia-open`), "
    "Fedora/RHEL the "
    "open kmod (`sudo dnf install kmod-nvidia-open-dkms`, or RPM Fusion's akmod-nvidia with the open flavour), NVIDIA's "
    ".run installer with `-m=kernel-open`; if the install image itself has an older driver, install with the "
    "Intel/AMD (or `nomodeset`) image first and add the driver afterwards; reboot, and `nvidia-smi` must list the GPU.")

BLACKWELL_BOOT_OLD_DRIVER = concluded(
    code="kernel.named-blackwell-boot-driver-too-old",
    cause_id="gpu-unsupported-by-driver",
    severity="warn",
    cause=("The paste reports a {gpu} ({architecture}) failing at boot or on its display with {driver}: RTX 50-series "
           "GPUs need driver 570 or newer with the open kernel modules, and an install image or distribution driver "
           "older than 570 does not drive them."),
    advice=_BLACKWELL_DRIVER_ADVICE,
    action="configure",
    rules_out=("the GPU's health",),
    never_suggest=("blacklist nouveau only",),
    sources=(tables.OPEN_MODULES_README, "https://github.com/pop-os/cosmic-epoch/issues/1717"),
    checked="2026-11-28",
    examples=("kernel/cosmicepoch-1717-rtx5080-565-iso-no-570-prose.txt",),
)

BLACKWELL_BOOT_PROPRIETARY = concluded(
    code="kernel.named-blackwell-boot-proprietary-modules",
    cause_id="open-module-required",
    severity="warn",
    cause=("The paste reports a {gpu} ({architecture}) failing at boot or on its display with driver {driver} and no "
           "sign of the open kernel modules: RTX 50-series GPUs run only on NVIDIA's open kernel modules, which the "
           "proprietary modules of the same driver do not replace."),
    advice=("Replace the proprietary kernel modules with the open ones of a 570-or-newer driver: Ubuntu `sudo apt "
            "install nvidia-driver-{driver}-open`, Debian nvidia-open-kernel-dkms of the same version (or NVIDIA's "
            "repository's `nvidia-open`), Fedora/RHEL `sudo dnf "
            "install kmod-nvidia-open-dkms` (or the open akmod), NVIDIA's .run installer with `-m=kernel-open`; reboot, "
            "and `nvidia-smi` must list the GPU."),
    action="configure",
    rules_out=("the GPU's health", "a driver too old for the GPU"),
    never_suggest=("downgrade the driver",),
    sources=(tables.OPEN_MODULES_README, "https://github.com/devleonardoamaral/debian-nvidia-installer/issues/44"),
    checked="2026-11-28",
    examples=("kernel/debnvinstaller-44-rtx5060-575-proprietary-black-screen.txt",),
)

NVSWITCH_INSTANCE_CUDA_FAILS = concluded(
    code="kernel.named-nvswitch-machine-cuda-fails",
    cause_id="fabric-manager-not-running",
    # the generic lines such a report may carry: CUDA finding no device, or failing to initialise
    refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error"),
    severity="warn",
    cause=("The paste names {instance}, a machine whose SXM GPUs sit on NVSwitches, and reports CUDA failing there: on "
           "such machines CUDA cannot start (error 802, no usable device) until NVIDIA Fabric Manager of exactly the "
           "driver's version runs, and images without it, or with another version, fail this way."),
    advice=("Install NVIDIA Fabric Manager of exactly the driver's version (`nvidia-smi` shows it; `sudo apt install "
            "nvidia-fabricmanager-<branch>` or `cuda-drivers-fabricmanager-<branch>`, the matching package of NVIDIA's "
            "repository on RHEL-like images) and start it, `sudo systemctl enable --now nvidia-fabricmanager`; "
            "`systemctl status nvidia-fabricmanager` must show it running before CUDA starts. On NVLink 5 machines "
            "(HGX/DGX B200, B300) Fabric Manager also needs NVLSM (`nvlsm` package) and the InfiniBand modules loaded "
            "(`sudo modprobe ib_umad mlx5_ib`, from linux-modules-extra on Ubuntu), or the fabric stays In Progress. "
            "Or use the cloud's GPU image (AWS Deep Learning AMI, the provider's HPC image) that ships both."),
    action="configure",
    rules_out=("the program", "the CUDA toolkit"),
    never_suggest=("reinstall CUDA", "blacklist nouveau"),
    sources=("https://github.com/hashcat/hashcat/issues/3008",
             "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html"),
    checked="2026-11-28",
    examples=("cuda/hashcat-3008-p4d-a100-no-cuda-platform-fabricmanager.txt",),
)

CONCLUSIONS: tuple[Signature, ...] = (BLACKWELL_BOOT_OLD_DRIVER, BLACKWELL_BOOT_PROPRIETARY, NVSWITCH_INSTANCE_CUDA_FAILS)
