"""Kernel and driver, support: which kernel-module flavour a GPU needs (rows of the kernel area, added to kernel.py's
tuple). Blackwell GPUs (RTX 50-series, RTX PRO Blackwell, B200) and Grace Hopper run only on the open kernel modules;
the proprietary module of the same driver loads but refuses them."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.open-modules-required",
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
                "nvidia-open, on Fedora akmod-nvidia-open, or run NVIDIA's .run installer with -m=kernel-open; then "
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
)
