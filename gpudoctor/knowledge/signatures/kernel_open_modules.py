"""Kernel and driver, the open NVIDIA kernel module refusing a GPU it was not yet released for (rows of the kernel
area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.open-module-datacenter-only",
        refines=(*NO_MODULE_SYMPTOMS, "kernel.rm-init-adapter-failed"), refines_within=None,
        cause_id="gpu-unsupported-by-driver",
        kinds=("any",),  # also quoted by installer, DKMS and driver-container (docker, kubectl) logs
        # The open module's four lines (515 to 535; 545 made the parameter a no-op), each alone: pastes cut them.
        patterns=(r"Open nvidia\.ko is only ready for use on Data Center GPUs",
                  r"To force use of Open nvidia\.ko on other GPUs", r"'OpenRmEnableUnsupportedGpus' kernel module param"),
        severity="fail",
        cause="The open NVIDIA kernel module of releases 515 to 535 supports only data-center GPUs unless told "
              "otherwise, and refused this GeForce or workstation GPU (RmInitAdapter then fails).",
        advice=("Load the open module with the opt-in it names: `echo 'options nvidia NVreg_OpenRmEnableUnsupportedGpus=1' "
                "| sudo tee /etc/modprobe.d/nvidia-open.conf`, rebuild the initramfs and reboot; or install the "
                "proprietary kernel module of the same driver, or a newer driver (545 or later) whose open module "
                "supports GeForce and workstation GPUs."),
        action="configure",
        never_suggest=("check the power supply", "reseat the GPU", "disable Secure Boot"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/230",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules#compatible-gpus"),
        checked="2026-11-26",
        examples=("kernel/ogkm-230-open-module-datacenter-only.txt",),
    ),
)
