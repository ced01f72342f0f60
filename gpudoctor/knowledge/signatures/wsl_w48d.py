"""Issue 25 (helper w48d): a Hyper-V GPU-PV guest whose GPU shows Error 43 until the host's driver files are in its
HostDriverStore, as people describe it.

A GPU-PV (GPU partitioning) guest runs no NVIDIA driver of its own: Windows in the guest loads the host's driver from
C:\\Windows\\System32\\HostDriverStore\\FileRepository, which Easy-GPU-PV, NanaBox or a hand copy fills from the host's
DriverStore\\FileRepository. Where those files are missing, incomplete or of an older host driver, the partitioned GPU
appears in the guest's Device Manager with Error (Code) 43 or runs the Microsoft Basic Display driver; copying the
host's current driver folder (again after every host driver update) brings it up; installing NVIDIA's driver package in
the guest does not (the installer refuses: the same cause and fix). Error 43 in a VM given a whole
GPU by passthrough (KVM, Proxmox, DDA) is another failure and is not read here: the row needs the description to name
GPU partitioning.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"

# "Error 43", "Code 43", "error code (43)", as Device Manager and people write it.
_CODE_43 = r"\b(?:[Ee]rror|[Cc]ode|ERROR|CODE)(?: [Cc]ode)? ?\(?43\)?(?!\d)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.gpu-pv-guest-error-43-described",
        described=True,
        cause_id="gpu-pv-guest-driver-installer",
        kinds=("any",),
        patterns=(
            # "got rid of the Error 43 on the GPU in device manager in the guest and brought the GPU-PV ... online",
            # "GPU partitioning VM shows code 43"
            _CODE_43 + r"[^\n]{0,200}?\bGPU-PV\b",
            _CODE_43 + r"[^\n]{0,200}?\bGPU-P\b",
            _CODE_43 + r"[^\n]{0,200}?\bGPU ?[Pp]artition",
            r"\bGPU-PV\b[^\n]{0,200}?" + _CODE_43,
            r"\bGPU ?[Pp]artition\w{0,4}\b[^\n]{0,200}?" + _CODE_43,
            # "I had to manually copy the host's FileRepository ... into HostDriverStore"
            r"\b(?:[Cc]op(?:y|ied|ying)|robocopy|[Pp]ast(?:e|ed|ing)|[Mm]ov(?:e|ed|ing))\b[^\n]{0,200}?"
            r"\\?HostDriverStore\b",
        ),
        severity="warn",
        cause=("The description points at a Hyper-V GPU-PV guest without the host's NVIDIA driver files: the guest "
               "runs no driver of its own but loads the host's from System32\\HostDriverStore\\FileRepository, so "
               "while that folder lacks the host's current driver the partitioned GPU shows Error 43 (or the "
               "Microsoft display driver) in the guest's Device Manager."),
        advice=("Copy the host's NVIDIA driver folder (C:\\Windows\\System32\\DriverStore\\FileRepository\\nv*.inf_amd64_*, "
                "the one Device Manager's driver details name) into the guest's "
                "C:\\Windows\\System32\\HostDriverStore\\FileRepository (Easy-GPU-PV's Update-VMGpuPartitionDriver.ps1 "
                "does it with the guest off; by hand over Enhanced Session or a mounted VHD), again after every host "
                "driver update, then restart the guest. Do not install NVIDIA's driver package inside the guest."),
        action="configure",
        rules_out=("the GPU",),
        never_suggest=("install the NVIDIA driver in the guest", "DDU"),
        sources=("https://github.com/M2Team/NanaBox/issues/57", "https://github.com/jamesstringerparsec/Easy-GPU-PV",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/gpu-paravirtualization"),
        checked=CHECKED,
        examples=("wsl/nanabox-57-gpu-pv-error-43-host-driverstore-copied-by-hand-prose.txt",),
    ),
)
