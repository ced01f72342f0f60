"""Issue 25, rows for a family blind sets missed: Podman-based tools whose GPU request finds no CDI spec.

RamaLama (ramalama/common.py, find_in_cdi and check_nvidia) asks nvidia-smi for the GPUs, then looks for a CDI spec
under /etc/cdi and /var/run/cdi that names each of them ("all" and the CUDA_VISIBLE_DEVICES entries); where none
does it prints these lines and runs the model in a container without the GPU (on the CPU). The spec is what the
NVIDIA Container Toolkit generates (nvidia-ctk cdi generate, or its nvidia-cdi-refresh service from 1.17 on);
without the toolkit, or with a spec not regenerated after a driver change, Podman has no GPU to give.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CDI_SUPPORT = "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/cdi-support.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.ramalama-no-cdi-spec",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        patterns=(
            r"Device (?P<device>[\w,.-]{1,80}) does not have a CDI configuration",
            r"No CDI configuration found for (?P<device>[\w,.-]{1,80})",
        ),
        severity="warn",
        cause=("RamaLama sees an NVIDIA GPU but no CDI spec (under /etc/cdi or /var/run/cdi) names device {device}, so "
               "Podman cannot pass the GPU to its container and the model runs on the CPU."),
        advice=("Install the NVIDIA Container Toolkit (nvidia-container-toolkit; from 1.17 its nvidia-cdi-refresh "
                "service writes /var/run/cdi/nvidia.yaml), or generate the spec yourself: `sudo nvidia-ctk cdi "
                "generate --output=/etc/cdi/nvidia.yaml`, again after every driver update. Check that `nvidia-ctk cdi "
                "list` names nvidia.com/gpu=all and that `podman run --rm --device nvidia.com/gpu=all ubuntu "
                "nvidia-smi` works; if it does and RamaLama still says this, update RamaLama (0.11 and 0.12 misread "
                "some specs)."),
        action="configure",
        rules_out=("the NVIDIA driver, when nvidia-smi works",),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/containers/ramalama/issues/2860", "https://github.com/containers/ramalama/pull/2862",
                 "https://github.com/containers/ramalama/blob/main/docs/ramalama-cuda.7.md", CDI_SUPPORT),
        checked="2026-11-27",
        examples=("containers/ramalama-2860-no-cdi-config-toolkit-missing.txt",),
    ),
)
