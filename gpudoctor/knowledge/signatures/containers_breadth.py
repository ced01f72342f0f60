"""The container toolkit's and container engines' failures beyond the common ones: NVML errors the hook meets on the
host (rows of the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

TOOLKIT_TROUBLESHOOTING = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/troubleshooting.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.cli-nvml-detection-error",
        cause_id="nvml-init-failed",
        kinds=("any",),
        # libnvidia-container's nvc_info.c asks the host's NVML for the driver and devices; "detection error: nvml
        # error: X" is NVML's own answer (unknown error, not found, function not found) passed through. The maintainers
        # read it as the host's driver installation (a broken or half-upgraded driver, a GPU in error, a legacy driver
        # whose NVML lacks what the toolkit calls), not the container.
        patterns=(r"nvidia-container-cli(?:\.real)?: (?:detection|initialization) error: nvml error: "
                  r"(?P<error>unknown error|not found|function not found)",),
        severity="fail",
        cause="The container toolkit's hook asked the host's NVIDIA driver (NVML) about the GPUs and got \"{error}\": the "
              "host's driver installation is broken, half-upgraded or too old for the toolkit, not the container.",
        advice=("Run `nvidia-smi` on the host: if it fails or shows ERR!, reinstall a current NVIDIA driver for this GPU "
                "(`sudo ubuntu-drivers install` or the distribution's driver package) and reboot; if it works, reboot "
                "once (a driver updated without a reboot) and start the container again. Drivers of the 340 legacy "
                "series lack NVML functions the toolkit needs."),
        action="configure",
        rules_out=("the container image",),
        never_suggest=("reinstall Docker", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1348", "https://github.com/NVIDIA/nvidia-docker/issues/1280",
                 "https://github.com/NVIDIA/nvidia-docker/issues/577", TOOLKIT_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("containers/nvidiadocker-1348-cli-detection-nvml-unknown-driver.txt",),
    ),
)
