"""CUDA, as people describe a common failure in their own words without the error line: CUDA unusable after the
machine resumed from suspend while nvidia-smi still lists the GPU (rows of the CUDA area, added to cuda.py's tuple).
Warn-level: a description suggests the cause, it does not prove it."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.described-unusable-after-suspend",
        described=True,
        cause_id="cuda-unknown-error",
        kinds=("any",),
        # "if after your computer wakes up from suspension ... cuda on the host stops working", "GPU becomes
        # unavailable after computer wakes up", "CUDA unknown error after suspend", "after wake up, running any CUDA
        # program will give rise to the following error", "used after a wake up from a suspension mode". Compute words
        # only: a display broken after resume is the driver's power management (gpu-suspend-resume), and the kernel's
        # own "Waking up from system sleep state" is no failure.
        patterns=(
            r"after (?:the |my |your |a )?(?:computer|laptop|PC|pc|machine|system|notebook|workstation|host) "
            r"(?:wakes?|woke|waking|resumes?|resumed|resuming|comes? back) (?:up )?from (?:a |the )?(?:suspen|sleep|"
            r"standby|hibernat)",
            r"after (?:the )?(?:computer|laptop|PC|machine|system|notebook) (?:wakes|woke) up\b",
            r"(?:CUDA|cuda|GPU|gpu|[Tt]orch|[Tt]ensor[Ff]low|nvidia-docker)\b[^\n]{0,80}?\bafter (?:a |the |system |"
            r"laptop )?(?:suspend|sleep|hibernation|hibernate|standby|wake ?-?up|waking up)\b",
            r"\bafter (?:a |the )?(?:suspend|sleep|hibernation|standby|wake ?-?up)\b,?[^\n]{0,60}?\b(?:CUDA|cuda|"
            r"[Tt]orch|[Tt]ensor[Ff]low)\b",
            r"after (?:a |the )?wake ?-?up from (?:a |the )?(?:suspen|sleep|standby|hibernat)",
            r"after (?:resum(?:e|ed|ing)|returning|coming back|waking up|waking) from (?:a |the )?(?:suspen|sleep|standby|"
            r"hibernat)",
        ),
        severity="warn",
        cause="The description suggests CUDA broke across a suspend and resume: the driver's unified-memory module "
              "(nvidia_uvm) does not come back usable, so CUDA fails to initialise (unknown error) while nvidia-smi "
              "still lists the GPU.",
        advice=("After resume, stop the CUDA programs and reload the unified-memory module: `sudo rmmod nvidia_uvm && "
                "sudo modprobe nvidia_uvm` (with nvidia-modprobe installed, so /dev/nvidia-uvm is recreated), or reboot; "
                "to keep it from recurring, enable the driver's suspend support (`options nvidia "
                "NVreg_PreserveVideoMemoryAllocations=1` in /etc/modprobe.d, and `sudo systemctl enable nvidia-suspend "
                "nvidia-hibernate nvidia-resume`) or avoid suspending while CUDA work is loaded."),
        action="configure",
        rules_out=("a broken CUDA install",),
        never_suggest=("reinstall CUDA", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/910", "https://github.com/NVIDIA/DIGITS/issues/1621",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/powermanagement.html"),
        checked="2026-11-26",
        examples=("cuda/nvidiadocker-910-cuda-stops-wakes-from-suspension.txt",),
    ),
)
