"""CUDA on NVSwitch systems and the driver's daemons CUDA waits for: Fabric Manager (rows of the cuda area, joined into
cuda.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="cuda.system-not-ready",
        cause_id="fabric-manager-not-running",
        kinds=("any",),
        # Error 802, cudaErrorSystemNotReady: on NVSwitch systems the fabric is not initialised (Fabric Manager); and
        # Fabric Manager's own refusal to start beside a driver of another version.
        patterns=(r"[Ss]ystem not yet initialized", r"cudaErrorSystemNotReady", r"CUDA_ERROR_SYSTEM_NOT_READY",
                  r"cudaGetDeviceCount returned 802\b",  # deviceQuery's line without its "-> ..." line
                  r"\bcuda driver library init failure[:;] 802\b",  # Ollama's discovery (gpu_info_nvcuda.c)
                  # Fabric Manager's refusal: "don't match" (older), "doesn't match" (newer), or a curly apostrophe
                  r"(?:driver interface version (?P<fm_version>\d{3}\.\d+(?:\.\d+)?)\s{1,10})?"
                  r"do(?:n|esn)['’]t match with driver version (?P<driver_version>\d{3}\.\d+(?:\.\d+)?)"),
        severity="fail",
        cause="On an NVSwitch system the NVLink fabric is not set up: Fabric Manager is not running, or is of another "
              "version than the driver, so CUDA fails with error 802 (system not yet initialized).",
        advice=("Install NVIDIA Fabric Manager of exactly the driver's version (`nvidia-fabricmanager-<branch>` matching "
                "the driver `nvidia-smi` shows; if the driver was updated without a reboot, reboot first so the loaded "
                "driver is the installed one) and start it: `sudo systemctl enable --now nvidia-fabricmanager`; "
                "`systemctl status nvidia-fabricmanager` must show it running before CUDA starts."),
        action="configure",
        rules_out=("the CUDA toolkit", "the program"),
        never_suggest=("reinstall CUDA", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/wilicc/gpu-burn/issues/92", "https://github.com/NVIDIA/gpu-driver-container/issues/735",
                 "https://github.com/akash-network/website/pull/632",
                 "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html",
                 "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html"),
        checked="2026-11-26",
        examples=("cuda/gpuburn-92-h100-sxm-system-not-yet-initialized.txt",
                  "cuda/gpudrivercontainer-735-fabricmanager-590-vs-driver-580.txt",
                  "cuda/akash-632-fabricmanager-doesnt-match-driver.txt"),
    ),
)
