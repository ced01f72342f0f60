"""NVIDIA's Xid error codes: what each means and what to do about its class.

Source: NVIDIA, "Xid Errors" (https://docs.nvidia.com/deploy/xid-errors/index.html), the catalogue
of codes the driver logs as `NVRM: Xid (PCI:0000:01:00): 79, pid=..., GPU has fallen off the bus.`
The advice per class follows the catalogue's "Recommended action" and what NVIDIA's engineers
tell users in NVIDIA/open-gpu-kernel-modules (e.g. #507 for Xid 79: temperatures, power
connectors and PSU, SBIOS, and capping clocks with `nvidia-smi -lgc` to test for power).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class XidClass:
    name: str
    severity: str  # "fail" (the GPU or its link is in trouble) or "warn"
    advice: str
    action: str  # the first step of `advice`, as one of gpudoctor.model.Action's values


CLASSES = {
    "bus": XidClass("fallen off the bus", "fail", (
        "The GPU stopped answering on PCIe. Under multi-GPU load the usual cause is power: a supply too small for "
        "all GPUs' transient peaks, or a GPU fed by one daisy-chained cable. Give each GPU its own PSU cables, check "
        "temperatures, reseat the card (and any riser), update the board's BIOS. To test for power, cap the clocks "
        "(`sudo nvidia-smi -lgc 300,1500`) or the power limit (`sudo nvidia-smi -pl <watts>`) and run the same load "
        "again; if it then holds, the supply is the cause."), "reboot"),
    "application": XidClass("application fault", "warn", (
        "A CUDA program made an illegal memory access or was killed; the driver recovered. Usually a bug or a "
        "crash in that program, not the hardware. If it appears only when two GPUs talk to each other (NCCL, "
        "tensor parallelism), P2P traffic blocked by ACS or an IOMMU is the next suspect (pcie.acs)."),
        "restart-application"),
    "memory": XidClass("GPU memory (ECC) error", "fail", (
        "The GPU's memory reported an error. A row-remapping or page-retirement event takes effect after a GPU "
        "reset or reboot; repeated uncorrectable errors, or a failed remapping (Xid 64), mean the GPU should be "
        "replaced (RMA). `nvidia-smi -q -d ECC,ROW_REMAPPER,PAGE_RETIREMENT` shows the counters."), "reset-gpu"),
    "nvlink": XidClass("NVLink error", "fail", (
        "An NVLink reported an error. `nvidia-smi nvlink -e` shows the error counters per link; reseat the NVLink "
        "bridge (GeForce/RTX workstation cards) and reset the GPUs. Errors that return on the same link are a "
        "hardware fault."), "reset-gpu"),
    "gsp": XidClass("GSP firmware error", "fail", (
        "The GPU System Processor firmware timed out or failed. Update to the newest driver of your branch (several "
        "GSP timeouts were fixed in driver updates); reset the GPU or reboot to recover."), "reset-gpu"),
    "power": XidClass("power connector", "fail", (
        "The GPU's auxiliary power is not connected or not enough: check the 8-pin / 12V-2x6 connectors are fully "
        "seated."), "reseat-or-inspect-hardware"),
    "driver": XidClass("driver or firmware error", "warn", (
        "The driver hit an internal error. Update the driver; if PCIe errors (AER) appear at the same time, the "
        "link is the more likely cause (gpu.errors lists them)."), "configure"),
}

# code -> (class, the catalogue's short description)
XIDS = {
    8: ("driver", "GPU stopped processing"),
    13: ("application", "Graphics Engine Exception"),
    31: ("application", "GPU memory page fault"),
    32: ("driver", "Invalid or corrupted push buffer stream"),
    38: ("driver", "Driver firmware error"),
    43: ("application", "GPU stopped processing (reset channel)"),
    45: ("application", "Preemptive cleanup, due to previous errors"),
    48: ("memory", "Double Bit ECC Error"),
    54: ("power", "Auxiliary power is not connected to the GPU board"),
    61: ("driver", "Internal micro-controller breakpoint/warning"),
    62: ("driver", "Internal micro-controller halt"),
    63: ("memory", "ECC page retirement or row remapping recording event"),
    64: ("memory", "ECC page retirement or row remapper recording failure"),
    69: ("application", "Graphics Engine class error"),
    74: ("nvlink", "NVLink Error"),
    79: ("bus", "GPU has fallen off the bus"),
    92: ("memory", "High single-bit ECC error rate"),
    94: ("memory", "Contained ECC error"),
    95: ("memory", "Uncontained ECC error"),
    109: ("driver", "Context Switch Timeout Error"),
    119: ("gsp", "GSP RPC Timeout"),
    120: ("gsp", "GSP Error"),
    140: ("memory", "Unrecovered ECC Error"),
}


def describe(code: int) -> tuple[str, str, XidClass]:
    """(class name, description, class) of an Xid; unknown codes are driver errors to look up."""
    class_name, description = XIDS.get(code, ("driver", "see NVIDIA's Xid catalogue"))
    return class_name, description, CLASSES[class_name]
