"""Kernel and driver, GPU passthrough: what the host's kernel logs when it cannot hand a GPU to a virtual machine
(QEMU/KVM, Proxmox, libvirt, KubeVirt) through vfio-pci (rows of the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.vfio-bar-held-by-host-framebuffer",
        refines=("kernel.rm-init-adapter-failed",), refines_within=None,
        cause_id="vfio-gpu-held-by-host-framebuffer",
        kinds=("any",),
        # vfio-pci's pci_request_selected_regions failing on the boot GPU: "vfio-pci 0000:05:00.0: BAR 0: can't reserve
        # [mem 0xd0000000-0xdfffffff 64bit pref]" (older kernels: "BAR 1: can't reserve [mem ...]"), printed each time
        # the guest touches the GPU. The host's boot framebuffer (efifb, or sysfb's simple-framebuffer under simplefb
        # or simpledrm, BOOTFB in /proc/iomem) still owns that range.
        patterns=(r"vfio-pci (?P<bus_id>[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d): BAR (?P<bar>\d): can't "
                  r"reserve \[mem",),
        severity="fail",
        cause="vfio-pci cannot reserve BAR {bar} of the GPU at {bus_id} for the virtual machine: the host's boot "
              "framebuffer (efifb, simplefb or simpledrm) still holds that memory, so the guest cannot initialise the "
              "GPU (nvidia-smi finds no devices, Windows reports Code 43 or a black screen).",
        advice=("Keep the host's framebuffer off the passed-through GPU: add `initcall_blacklist=sysfb_init` (kernels "
                "5.15 and later; older ones `video=efifb:off`) to the host's kernel command line (GRUB_CMDLINE_LINUX_DEFAULT, "
                "then `sudo update-grub`, or `proxmox-boot-tool refresh`) and reboot; `grep BOOTFB /proc/iomem` must "
                "no longer show the GPU's range. Alternatively boot the host on another GPU (the integrated one, set as "
                "primary in the BIOS)."),
        action="configure",
        rules_out=("the guest's NVIDIA driver", "the CUDA installation"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/cosminmocan/vfio-single-amdgpu-passthrough/issues/3",
                 "https://github.com/siderolabs/talos/issues/14356",
                 "https://github.com/isc30/ryzen-gpu-passthrough-proxmox/issues/159",
                 "https://docs.kernel.org/admin-guide/kernel-parameters.html"),
        checked="2026-11-26",
        examples=("kernel/vfiosingleamd-3-vfio-bar0-cant-reserve-sysfb.txt",
                  "kernel/talos-14356-simpledrm-vfio-bar-cant-reserve.txt"),
    ),
    Signature(
        code="kernel.passthrough-iommu-not-enabled",
        cause_id="iommu-disabled",
        kinds=("any",),
        # Each hypervisor's refusal when the host kernel exposes no IOMMU (/sys/class/iommu empty): Proxmox's qemu-server
        # (PVE/QemuServer/PCI.pm) and its web interface, Kimchi's KCHVMHDEV0003E, libvirt, and QEMU's vfio itself.
        patterns=(
            r"cannot prepare PCI pass-through, IOMMU not present",
            r"No IOMMU detected, please activate it",
            r"No IOMMU groups found\. Host PCI pass through needs IOMMU",
            r"host doesn't support passthrough of host PCI devices",
            r"vfio: error no iommu_group for device", r"vfio [0-9a-fA-F:.]{7,16}: no iommu_group found",
        ),
        severity="fail",
        cause="The host has no IOMMU turned on, so the hypervisor cannot pass the device (a GPU) through to the virtual "
              "machine.",
        advice=("Turn the IOMMU on: enable Intel VT-d, or AMD-Vi/IOMMU (on Arm servers the SMMU), in the firmware "
                "(BIOS/UEFI) settings; on Intel hosts with a kernel older than 6.8 also add `intel_iommu=on` to the kernel "
                "command line (GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, then `sudo update-grub`; Proxmox booting "
                "with systemd-boot: /etc/kernel/cmdline, then `proxmox-boot-tool refresh`) and reboot. `dmesg | grep -e "
                "DMAR -e IOMMU` and a non-empty /sys/kernel/iommu_groups then show it on. A board without an IOMMU (a "
                "Raspberry Pi 5, many consumer Arm boards) cannot pass devices through at all."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the NVIDIA driver", "blacklist nouveau"),
        sources=("https://github.com/jiangcuo/Proxmox-Arm64/issues/25", "https://github.com/jiangcuo/pxvirt/issues/127",
                 "https://github.com/proxmox/qemu-server/blob/master/src/PVE/QemuServer/PCI.pm",
                 "https://pve.proxmox.com/wiki/PCI_Passthrough"),
        checked="2026-11-26",
        examples=("kernel/proxmox-arm64-25-no-iommu-detected.txt", "kernel/pxvirt-127-no-iommu-detected-rpi5.txt"),
    ),
    Signature(
        code="kernel.vfio-device-not-bound",
        cause_id="vfio-device-not-bound",
        kinds=("any",),
        # QEMU's vfio (hw/vfio) opening the group node of the device it was given: "vfio 0000:01:00.0: failed to open
        # /dev/vfio/12: No such file or directory", as Proxmox's task log, libvirt and the qemu command line print it.
        # (The optional first slash keeps a slash-led "/dev/vfio/" out of the prefilter's keys, a costly pass of its own.)
        patterns=(r"vfio [0-9a-fA-F:.]{7,16}: failed to open /?dev/vfio/(?P<group>\d{1,4}): No such file or directory",),
        severity="fail",
        cause="QEMU found no vfio group node (/dev/vfio/{group}) for the device it should pass through: the device is "
              "not bound to vfio-pci.",
        advice=("Bind the GPU and its other functions (HDMI audio) to vfio-pci: load the module (`sudo modprobe vfio-pci`, "
                "and list vfio, vfio_iommu_type1 and vfio_pci in /etc/modules or the initramfs, then `sudo update-initramfs "
                "-u -k all`), give it the device IDs from `lspci -nn` (`options vfio-pci ids=10de:xxxx,10de:yyyy` in "
                "/etc/modprobe.d/vfio.conf, with `softdep nvidia pre: vfio-pci` so the host driver does not take it "
                "first), reboot, and check that `lspci -nnk -s <address>` shows 'Kernel driver in use: vfio-pci'. If "
                "/sys/kernel/iommu_groups is empty, the IOMMU is off: enable VT-d/AMD-Vi in the firmware first."),
        action="configure",
        rules_out=("the NVIDIA driver inside the VM",),
        never_suggest=("reinstall the NVIDIA driver", "blacklist nouveau"),
        sources=("https://github.com/foxlet/macOS-Simple-KVM/issues/12", "https://pve.proxmox.com/wiki/PCI_Passthrough",
                 "https://docs.kernel.org/driver-api/vfio.html"),
        checked="2026-11-26",
        examples=("kernel/macos-simple-kvm-12-dev-vfio-group-missing.txt",),
    ),
)
