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
        examples=("kernel/nvsentinel-155-fallen-off-bus.txt", "kernel/ogkm-1247-oculink-rxerr-xid79-xid154.txt"),
    ),
    Signature(
        code="kernel.xid-application",
        cause_id="app-fault",
        kinds=_KERNEL,
        # Xid 45 "caused by previous Xid N" is the driver stopping channels after another fault: that one is the cause.
        patterns=(_XID + r"(?P<xid>13|31|43|45|69)\b(?![^\n]{0,200}caused by previous Xid)",),
        severity="warn",
        cause="A program on the GPU at {bus_id} faulted or was stopped (Xid {xid}); the driver recovered.",
        advice=("Look at the application (the process the line names) that ran then: an illegal memory access or a "
                "killed channel is usually its own bug or its runtime's, not the hardware; update or debug it, "
                "update the driver if many programs fault. If it happens only when GPUs talk to each other, test "
                "P2P (ACS, IOMMU: pcie.acs)."),
        action="restart-application",
        rules_out=("a hardware fault of the GPU",),
        never_suggest=("reseat", "power supply", "RMA"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/363",
                 "https://github.com/doitsujin/dxvk/issues/1799"),
        checked="2026-11-25",
        examples=("kernel/dxvk-1799-xid31-game-journal.txt", "kernel/ogkm-363-xid31-chrome-console-switch.txt"),
    ),
    Signature(
        code="kernel.xid-nvlink",
        cause_id="nvlink-error",
        kinds=_KERNEL,
        # 74 up to Hopper; 144-150 are the NVLink errors of newer GPUs (gpud's catalogue, leptonai/gpud#1174).
        patterns=(_XID + r"(?P<xid>74|14[4-9]|150)\b",
                  # Xid 45 stopping a channel because of an NVLink Xid the excerpt may not hold itself
                  _XID + r"\d+, [^\n]{0,200}caused by previous Xid (?P<xid>74|14[4-9]|150)\b"),
        severity="fail",
        cause="An NVLink of the GPU at {bus_id} reported an error (Xid {xid}).",
        advice=("Read the per-link counters and state (`nvidia-smi nvlink -e`, `nvidia-smi nvlink -s`), reseat the "
                "NVLink bridge where there is one and reset the GPUs or reboot the node; errors that come back on "
                "the same link are a hardware fault: run NVIDIA's field diagnostics and contact the vendor."),
        action="reset-gpu",
        never_suggest=("out of memory",),
        sources=(XID_DOCS, "https://github.com/leptonai/gpud/pull/1174",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150"),
        checked="2026-11-25",
        examples=("kernel/ogkm-1150-nvlink-xid149-145-journal.txt",),
    ),
    Signature(
        code="kernel.xid-gsp",
        cause_id="gsp-firmware-error",
        kinds=_KERNEL,
        patterns=(_XID + r"(?P<xid>119|120)\b",),
        severity="fail",
        cause="The GSP firmware of the GPU at {bus_id} timed out or failed (Xid {xid}).",
        advice=("Update to the newest driver of your branch (several GSP timeouts were fixed in driver updates, e.g. "
                "525.105.17 for the first R525 releases), then reset the GPU or reboot to recover it."),
        action="reboot",
        never_suggest=("reseat", "power supply"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446"),
        checked="2026-11-25",
        examples=("kernel/ogkm-446-xid119-gsp-rpc-timeout-dmesg-t.txt",),
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
        examples=("kernel/stackhpc-287-nvrm-api-mismatch-journal.txt",
                  "kernel/nvidiadocker-182-api-mismatch-after-upgrade.txt"),
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
