"""Kernel and driver, a GPU the driver cannot bring up although the module is there: the module finding no device it can
drive (rows of the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-insert-no-device",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # The kernel's ENODEV from the module's probe, as modprobe prints it ("modprobe: ERROR: could not insert
        # 'nvidia': No such device") and as older module-init-tools did ("FATAL: Error inserting nvidia_current
        # (/lib/modules/.../nvidia-current.ko): No such device"). The module is built and loads, but claims no GPU; the
        # NVRM lines beside it (read by their own rows) say which of the reasons it is.
        patterns=(r"could not insert '(?P<module>nvidia[\w-]{0,16})': No such device",
                  r"Error inserting (?P<module>nvidia[\w-]{0,16}) \([^()\n]{1,200}\): No such device"),
        severity="fail",
        cause="The {module} kernel module is installed but found no GPU it could drive, so it refused to load: the "
              "GPU is powered off (a hybrid-graphics laptop's switching tool, bbswitch or an ACPI call), is held by "
              "another driver (nouveau, vfio-pci), is not supported by this driver branch, or is not on the bus.",
        advice=("Read the reason in the kernel log: `sudo dmesg | grep -E 'NVRM|nvidia'` and `lspci -nnk -d 10de:`. "
                "'already bound to nouveau' or 'Kernel driver in use: nouveau': blacklist nouveau and rebuild the "
                "initramfs; 'not supported by' this release: install the driver branch that lists this GPU; on a "
                "hybrid-graphics laptop with no NVRM line the discrete GPU is powered off: set the switching tool "
                "(prime-select, optimus-manager, bbswitch) so the GPU is on when the module loads, then reboot; no "
                "NVIDIA device in lspci: check the BIOS setting for the discrete GPU and the card's seating."),
        action="configure",
        rules_out=("a missing or unbuilt module", "the CUDA toolkit"),
        never_suggest=("install the CUDA toolkit", "reinstall CUDA"),
        sources=("https://github.com/MrMEEE/ironhide/issues/149", "https://github.com/MrMEEE/ironhide/issues/165",
                 "https://wiki.archlinux.org/title/NVIDIA/Troubleshooting"),
        checked="2026-11-26",
        examples=("kernel/ironhide-149-insert-no-such-device-card-off.txt",
                  "kernel/ironhide-165-insert-no-such-device-after-reboot.txt"),
    ),
)
