"""Kernel and driver, recovery: a GPU the driver has given up on until it is reset (the recovery action of Xid 154,
NV_ERR_RESET_REQUIRED) and the firmware faults that put it there (the PMU halting under GSP, Xid 62). The rows'
area is `kernel` (gpudoctor/knowledge/signatures/kernel.py adds them to its own)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_xids import XID_ANYWHERE as _XID_ANYWHERE, XID_DOCS as _XID_DOCS

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.gpu-reset-required",
        refines=("cuda.devices-busy-or-unavailable", "cuda.unknown-error", "cuda.no-device", "cuda.torch-no-gpus-visible"), refines_within=None,
        cause_id="gpu-reset-required",
        kinds=("any",),
        # R550+ drivers log the GPU's recovery action as Xid 154 when a fault leaves it unusable ("GPU recovery action
        # changed from 0x0 (None) to 0x1 (GPU Reset Required)"; 0x2 Node Reboot Required, 0x3 Drain P2P, 0x4 Drain and
        # Reset); RM's assertions name the same state NV_ERR_RESET_REQUIRED (0x62), and NVML answers "GPU requires
        # reset" (NVML_ERROR_RESET_REQUIRED) for it.
        patterns=(
            _XID_ANYWHERE + r"154, GPU recovery action changed from 0x\d \(\w{1,12}\) to 0x(?P<recovery>\d) "
            r"\((?P<action>[\w ]{2,40})\)",
            r"Reset required \[NV_ERR_RESET_REQUIRED\]",
            r"[Uu]nable to determine the device handle for GPU\s?(?P<bus_id>[0-9a-fA-F:.]{7,16}): GPU requires (?:reset|restart)",
            r"NVML_ERROR_RESET_REQUIRED|NVMLError_ResetRequired",  # pynvml's class
        ),
        severity="fail",
        cause="The driver marked the GPU as needing a reset after a fault it cannot recover from, so CUDA fails on it "
              "until the GPU is reset or the node rebooted.",
        advice=("Stop the work on that GPU and reset it once nothing uses it (`sudo nvidia-smi -pm 0 -i N && sudo "
                "nvidia-smi -r -i N`; on NVSwitch systems stop nvidia-fabricmanager first), or reboot the node when "
                "the recovery action asks for it or the reset fails. Read the Xid logged just before it (`sudo dmesg | "
                "grep -i xid`): it names the fault, and a GPU that keeps needing resets needs service."),
        action="reset-gpu",
        rules_out=("the program's settings", "the CUDA installation"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/scitix/sichek/issues/51", "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1045",
                 "https://github.com/leptonai/gpud/pull/1133", _XID_DOCS),
        checked="2026-11-26",
        examples=("kernel/sichek-51-reset-required-busy-unavailable.txt",),
    ),
    Signature(
        code="kernel.gsp-pmu-halted",
        refines=("kernel.gpu-reset-required",),
        refines_within=None,
        cause_id="gsp-firmware-error",
        kinds=("any",),
        # Xid 62 "Internal micro-controller halt": on GSP drivers the GSP reports the PMU stopped
        # (_kgspRpcGspEventPmuHalted); RTX 30, 40 and 50-series reports tie it to leaving idle power states, and the
        # driver follows with Xid 154 (GPU Reset Required).
        # Xid 61 (PMU breakpoint/warning, older drivers' first sign of the same halt) and 122/123 (SPI PMU RPC read or
        # write failure, which the catalogue also resolves with a GPU reset) are the same microcontroller failing.
        patterns=(
            _XID_ANYWHERE + r"(?P<xid>6[12]|12[23]), ",
            r"_?kgspRpcGspEventPmuHalted: Received signal from GSP that PMU has halted",
        ),
        severity="fail",
        cause="A microcontroller of the GPU (its PMU, run under the GSP firmware) halted or failed (Xid 62; also 61, "
              "122, 123); the GPU stays unusable until it is reset.",
        advice=("Reset the GPU (`sudo nvidia-smi -r -i N` once nothing uses it) or reboot to recover it, and update to "
                "the newest driver of your branch; where it recurs after the GPU sat idle, keep it out of deep power "
                "states (persistence mode on, `sudo nvidia-smi -pm 1`; PCIe ASPM off with the kernel parameter "
                "pcie_aspm=off) and report it to NVIDIA with `nvidia-bug-report.sh`."),
        action="reset-gpu",
        rules_out=("the program's own code",),
        never_suggest=("reinstall CUDA", "reduce the batch size"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1045",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1307", _XID_DOCS),
        checked="2026-11-26",
        examples=("kernel/ogkm-1045-3090-xid62-pmu-halted-xid154.txt",),
    ),
)
