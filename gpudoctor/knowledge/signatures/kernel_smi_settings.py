"""Kernel and driver, nvidia-smi refusing to change a GPU setting (its power limit, clocks, persistence or compute mode):
the caller is not root (or a container lacks SYS_ADMIN), the value lies outside the card's range, or this GPU does not
let software change it at all (rows of the kernel area, added to kernel.py's tuple). nvidia-smi prints the same words
on Linux and Windows; "Terminating early due to previous errors." or "Treating as warning and moving on." follows."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

# How nvidia-smi names the GPU in these lines: "for GPU 00000000:01:00.0" (with a colon after GPU in some of them).
_GPU = r"for GPU:? (?P<bus_id>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)"
_SMI_DOCS = "https://docs.nvidia.com/deploy/nvidia-smi/index.html"
_NVML_POWER = ("https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceCommands.html")
_CHECKED = "2026-11-26"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.smi-setting-needs-root",
        cause_id="gpu-setting-refused",
        kinds=("any",),
        # nvmlDeviceSetPowerManagementLimit, SetPersistenceMode, SetComputeMode, SetGpuLockedClocks and the other
        # setters answer NVML_ERROR_NO_PERMISSION to a user without root (Windows: without an elevated prompt), and
        # to root in a container without CAP_SYS_ADMIN: "Failed to set power management limit for GPU 00000000:01:00.0:
        # Insufficient Permissions", "Unable to set persistence mode for GPU ...: Insufficient Permissions".
        patterns=(r"\b(?:Failed|Unable) to set [^\n:]{3,60} " + _GPU + r": Insufficient Permissions",),
        severity="fail",
        cause="nvidia-smi may not change a setting of GPU {bus_id}: changing the power limit, clocks, persistence or "
              "compute mode needs root, and inside a container also the SYS_ADMIN capability.",
        advice=("Run the command as root (`sudo nvidia-smi -i N -pl <watts>`; on Windows from an Administrator "
                "prompt). Inside a container root is not enough: start it with `--cap-add=SYS_ADMIN` (Docker, Podman), "
                "or set the power limit and clocks on the host instead, where they apply to every container."),
        action="configure",
        rules_out=("the driver install", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=(_SMI_DOCS, _NVML_POWER, "https://github.com/NVIDIA/nvidia-docker/issues/495",
                 "https://github.com/tutulino/Megaminer/issues/272"),
        checked=_CHECKED,
        examples=("kernel/nvidiadocker-495-pl-needs-sys-admin.txt",),
    ),
    Signature(
        code="kernel.smi-power-limit-out-of-range",
        cause_id="gpu-setting-refused",
        kinds=("any",),
        # nvidia-smi checks -pl against the board's constraints (nvmlDeviceGetPowerManagementLimitConstraints) before
        # it sets anything: "Provided power limit 50.00 W is not a valid power limit which should be between 200.00 W
        # and 700.00 W for GPU 00000000:06:00.0".
        patterns=(r"Provided power limit (?P<requested>[\d.]{1,8}) W is not a valid power limit which should be "
                  r"between (?P<min_w>[\d.]{1,8}) W and (?P<max_w>[\d.]{1,8}) W",),
        severity="warn",
        cause="The power limit asked for ({requested} W) lies outside what this card allows ({min_w} W to {max_w} W), "
              "so nvidia-smi changed nothing.",
        advice=("Pick a limit between the Min Power Limit and the Max Power Limit the line names (`nvidia-smi -q -d "
                "POWER` shows both) and set it as root: `sudo nvidia-smi -i N -pl <watts>`. The board's minimum is "
                "as low as it goes; to draw less, lock the clocks lower as well (`sudo nvidia-smi -i N -lgc 0,<MHz>`)."),
        action="configure",
        rules_out=("the driver install", "the GPU"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=(_SMI_DOCS, _NVML_POWER, "https://github.com/stackhpc/ansible-slurm-appliance/pull/975"),
        checked=_CHECKED,
        examples=("kernel/slurmappliance-975-smi-pl-below-min-limit.txt",),
    ),
    Signature(
        code="kernel.smi-power-limit-not-supported",
        cause_id="gpu-setting-refused",
        kinds=("any",),
        # NVML_ERROR_NOT_SUPPORTED from nvmlDeviceSetPowerManagementLimit: most laptop GPUs (the firmware and Dynamic
        # Boost set their limit) and some GeForce boards. nvidia-smi goes on ("Treating as warning and moving on.",
        # "All done.") with the limit unchanged; a limit changed with nvidia-powerd running worked on some drivers only.
        patterns=(r"Changing power management limit is not supported " + _GPU,),
        severity="warn",
        cause="GPU {bus_id} does not let software change its power limit (NVML answers not supported), so "
              "nvidia-smi left the limit as it was.",
        advice=("Nothing to fix in the driver: on this GPU (most laptop GPUs and some GeForce boards) the firmware "
                "sets the power limit; `nvidia-smi -q -d POWER` shows the limit it enforces. To use less power, lock "
                "the clocks lower instead (`sudo nvidia-smi -i N -lgc 0,<MHz>`), or choose a lower power mode in the "
                "laptop's own settings (with nvidia-powerd running for Dynamic Boost)."),
        action="none",
        rules_out=("the driver install", "permissions"),
        never_suggest=("reinstall the driver", "reboot"),
        sources=(_SMI_DOCS, _NVML_POWER, "https://github.com/Dreaming-Codes/nvidia_oc/pull/22",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/483"),
        checked=_CHECKED,
        examples=("kernel/nvidiaoc-22-smi-power-limit-not-supported.txt",),
    ),
)
