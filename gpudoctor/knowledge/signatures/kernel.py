"""Kernel and driver: what the NVIDIA kernel module (NVRM), the PCIe core and module loading log.

The Xid rows group NVIDIA's codes by what to do about them, as gpudoctor/xid_catalog.py does (the
catalogue keeps each code's own description for the gpu.errors check).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

XID_DOCS = "https://docs.nvidia.com/deploy/xid-errors/index.html"
_KERNEL = ("dmesg", "journal")
_XID = r"NVRM: Xid \(PCI:(?P<bus_id>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2})(?:\.\d)?\): "

SIGNATURES = (
    Signature(
        code="kernel.xid-79",
        cause_id="gpu-fell-off-bus",
        kinds=_KERNEL,
        patterns=(
            _XID + r"(?P<xid>79)\b",
            # R570 and later may print only this, over three NVRM lines and with no Xid line (NVSentinel #155).
            r"NVRM: The NVIDIA GPU (?P<bus_id>[0-9a-fA-F:.]+)\b[^\n]{0,200}fallen off the bus",
        ),
        severity="fail",
        cause="The GPU at {bus_id} stopped answering on PCIe (fell off the bus, Xid 79).",
        advice=("Look at power first: give each GPU its own PSU cables, check the supply covers every GPU's peaks, "
                "reseat the card and any riser, watch temperatures; to test, cap the clocks "
                "(`sudo nvidia-smi -lgc 300,1500`) and rerun the load. A reboot brings the GPU back."),
        action="reseat-or-inspect-hardware",
        rules_out=("an application bug",),
        never_suggest=("reinstall CUDA", "reinstall PyTorch"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
                 "https://github.com/NVIDIA/NVSentinel/issues/155"),
        checked="2026-11-25",
        examples=("kernel/nvsentinel-155-fallen-off-bus.txt",),
    ),
    Signature(
        code="kernel.api-mismatch",
        cause_id="driver-library-mismatch",
        kinds=_KERNEL,
        # Up to R580: "the client has the version X, but / NVRM: this kernel module has the version Y."; later
        # drivers name the client: "the client 'kwin_wayland' (pid 1005) / NVRM: has the version X, but ...".
        patterns=(
            r"NVRM: API mismatch: the client (?:'[^'\n]{0,64}' \(pid \d+\) )?has the version "
            r"(?P<client_version>\d{3}\.\d+(?:\.\d+)?), but this kernel module has the version "
            r"(?P<version>\d{3}\.\d+(?:\.\d+)?)",
        ),
        severity="fail",
        cause="The loaded kernel module is {version} while the driver libraries are {client_version}.",
        advice=("Reboot, so that the kernel module of the installed driver is loaded (or unload and reload the nvidia "
                "modules when nothing uses the GPU); if it persists, two driver installs are mixed."),
        action="reboot",
        never_suggest=("reinstall CUDA",),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/182",
                 "https://github.com/stackhpc/ansible-slurm-appliance/issues/287",
                 "https://github.com/Frogging-Family/nvidia-all/issues/394"),
        checked="2026-11-25",
        examples=("kernel/ansible-slurm-appliance-287-api-mismatch-rsyslog.txt",
                  "kernel/nvidia-docker-182-api-mismatch-after-upgrade.txt"),
    ),
    Signature(
        code="kernel.module-signature-rejected",
        cause_id="secure-boot-rejected",
        kinds=_KERNEL,
        patterns=(
            r"could not insert (?:module )?'?(?P<module>[\w./-]{1,128}?)'?: Key was rejected by service",
            r"Key was rejected by service",
            r"Loading of (?:unsigned )?module [^\n]{0,200}is rejected",
            r"Lockdown: [^\n]{0,200}unsigned module",
        ),
        severity="fail",
        cause="Secure Boot refused to load a kernel module that is not signed by an enrolled key.",
        advice=("Sign the NVIDIA modules with a key enrolled in MOK (DKMS does it when you enroll its key with "
                "`sudo mokutil --import`), or turn Secure Boot off in the firmware settings."),
        action="configure",
        sources=("https://wiki.debian.org/SecureBoot",
                 "https://github.com/JafarAkhondali/acer-predator-turbo-and-rgb-keyboard-linux-module/issues/113",
                 "https://github.com/saidsay-so/acpi_ec/issues/18"),
        checked="2026-11-25",
        examples=("kernel/acer-predator-module-113-key-rejected.txt",),
    ),
)
