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
)
