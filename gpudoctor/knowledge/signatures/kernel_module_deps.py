"""Kernel and driver, the kernel modules the NVIDIA modules need loaded first: helpers newer kernels moved into
modules of their own, which a module inserted directly (the .run installer, an image build, an initramfs) does not
bring with it (rows of the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-dependency-not-loaded",
        # Its line names a symbol a kernel module of the distribution exports, which a rebuild does not bring back.
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-symbol-mismatch"), refines_within=None,
        cause_id="driver-not-loaded",
        kinds=("any",),
        # Kernel 6.15 (and RHEL 9.6's 5.14.0-611) moved the DRM client helpers nvidia-drm calls into drm_client_lib;
        # RHEL 9.3 made the ACPI video helpers nvidia-modeset calls a module of their own (video). Loaded with
        # insmod, or before depmod ran, the NVIDIA module finds them missing: "Unknown symbol ... (err -2)".
        patterns=(r"(?P<module>nvidia[_-](?:drm|modeset)): Unknown symbol (?P<symbol>(?:drm_client|acpi_video)_\w{1,40}) "
                  r"\(err -?2\)",),
        severity="fail",
        cause="The {module} module needs {symbol} from a kernel module that was not loaded before it (drm_client_lib "
              "for the DRM client helpers, video for the ACPI video ones), so the kernel refused it.",
        advice=("Load the kernel module that exports it, then the NVIDIA modules (or the installer) again: `sudo "
                "modprobe drm_client_lib` for drm_client_* symbols, `sudo modprobe video` for acpi_video_* ones; "
                "`sudo depmod -a` lets modprobe load it as a dependency from then on, and an image build or "
                "initramfs must load it before the NVIDIA modules."),
        action="configure",
        rules_out=("a module built for another kernel", "the GPU"),
        never_suggest=("disable Secure Boot", "blacklist nouveau", "rebuild the module"),
        sources=("https://github.com/GoogleCloudPlatform/ops-agent/pull/2320",
                 "https://github.com/aws/aws-parallelcluster-cookbook/pull/3047",
                 "https://github.com/NVIDIA/gpu-driver-container/pull/302"),
        checked="2026-11-26",
        examples=("kernel/opsagent-2320-drm-client-setup-unknown-symbol-rocky9.txt",),
    ),
)
