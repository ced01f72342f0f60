"""WSL 2 and Windows: what NVML and CUDA inside WSL say when Windows offers them no usable GPU (rows of the wsl area,
joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_GUIDE = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.device-handle-unknown-not-wddm",
        cause_id="wsl-tcc-mode",
        kinds=("any",),
        # nvidia-smi inside WSL 2 lists the adapters Windows shares but gets no handle for them when they are not in the
        # WDDM driver model (a TCC or MCDM GPU, or a mix of TCC and WDDM GPUs): NVML's Unknown Error, then "No devices
        # were found". On a Linux host the same line is a GPU that stopped answering (kernel.nvml-device-handle-unknown-
        # error), which this reading replaces only in WSL.
        patterns=(r"Unable to determine the device handle for GPU\s?(?P<bus_id>[0-9a-fA-F:.]{7,16}): Unknown Error",
                  r"Unable to determine the device handle for GPU\d{1,3}: (?P<pci>[0-9a-fA-F]{4,8}:[0-9a-fA-F:.]{5,12}): "
                  r"Unknown Error"),
        contexts=("wsl",),
        refines=("kernel.nvml-device-handle-unknown-error",),
        severity="fail",
        cause="Inside WSL 2 NVML could not open the GPUs Windows lists: WSL can use only GPUs in the WDDM driver model, "
              "and a GPU in TCC or MCDM mode (or a mix of TCC and WDDM GPUs) leaves it none it can open.",
        advice=("On Windows run `nvidia-smi` and read the driver model column: switch every GPU WSL should use to WDDM as "
                "administrator (`nvidia-smi -i 0 -dm 0`, then reboot) where the card allows it, then `wsl --shutdown`; "
                "GPUs that run only TCC cannot be used from WSL (use a Linux host or VM). Update the NVIDIA Windows "
                "driver if every GPU already shows WDDM."),
        action="configure",
        rules_out=("the GPU's hardware", "the Linux distribution"),
        never_suggest=("install the driver inside WSL", "install the CUDA toolkit", "reseat"),
        sources=("https://github.com/microsoft/WSL/issues/13027", "https://github.com/microsoft/WSL/issues/9952", WSL_GUIDE),
        checked="2026-11-26",
        examples=("wsl/wsl-13027-tcc-and-wddm-gpus-no-devices.txt",),
    ),
)
