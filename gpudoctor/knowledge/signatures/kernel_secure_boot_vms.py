"""Kernel and driver, Secure Boot told in the words people use for it, above all in cloud virtual machines (Azure's
Trusted Launch, Google Cloud's Shielded VM) where nobody sees the boot screen that confirms a MOK enrollment (rows of
the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.secure-boot-vm-driver-blocked",
        # Its lines say Secure Boot is on (or a MOK enrollment is pending), which explains nvidia-smi's "couldn't
        # communicate with the NVIDIA driver", PyTorch's "Found no NVIDIA driver" and CUDA's no-device and unknown
        # error anywhere in the paste: the module exists but the kernel refuses to load it.
        refines=NO_MODULE_SYMPTOMS, refines_within=None,
        cause_id="secure-boot-rejected",
        kinds=("any",),
        patterns=(
            r"\bTrusted Launch\b", r"\bShielded VM\b", r"--shielded-secure-boot\b",  # Azure's and Google Cloud's names
            r"\bSecure Boot (?:is |was )?(?:on|ON|turned on|active)\b", r"\bsecure boot (?:is |was )?(?:on|ON|turned on|active)\b",
            r"\bMOK enrol{1,2}ment\b", r"\bPerform MOK management\b",  # shim's MokManager, after mokutil --import
        ),
        # Alone, Secure Boot on is no failure; beside a driver that does not load, it is the usual reason.
        severity="warn",
        cause="Secure Boot is on, so the kernel loads only modules signed with a key it trusts: the NVIDIA module is "
              "unsigned, or signed with a MOK whose enrollment was never confirmed at boot (a cloud VM shows no boot "
              "screen for it), so no NVIDIA driver is loaded.",
        advice=("Confirm with `mokutil --sb-state` and `sudo modprobe nvidia` (\"Key was rejected by service\"). Then "
                "either turn Secure Boot off for this machine (Azure Trusted Launch: the VM's Configuration, uncheck "
                "Enable secure boot; Google Cloud Shielded VM: stop it and run `gcloud compute instances update VM "
                "--no-shielded-secure-boot`; on a PC, in the firmware settings), or keep it on with a signed driver: "
                "the distribution's signed modules (`sudo ubuntu-drivers install` on Ubuntu), the cloud's driver "
                "extension or installer for Secure Boot, or sign the modules and enroll the MOK (`sudo mokutil "
                "--import /var/lib/dkms/mok.pub`, confirmed at the next boot's MokManager screen)."),
        action="configure",
        rules_out=("a missing GPU",),
        never_suggest=("reinstall CUDA",),
        sources=("https://learn.microsoft.com/en-us/azure/virtual-machines/trusted-launch-faq",
                 "https://cloud.google.com/compute/shielded-vm/docs/modifying-shielded-vm",
                 "https://wiki.debian.org/SecureBoot#MOK_-_Machine_Owner_Key"),
        checked="2026-11-26",
        examples=("kernel/azuredocs-111536-trusted-launch-mok-nvidia-smi.txt",),
    ),
)
