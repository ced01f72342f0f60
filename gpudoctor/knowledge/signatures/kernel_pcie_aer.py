"""Kernel and driver: corrected PCIe errors as the kernel's AER driver reports them (drivers/pci/pcie/aer.c). The
hardware retried and fixed each one, so the device works on; what people hit is the flood of them, most often from a
link whose Active State Power Management (ASPM) misbehaves, and on a GPU's own link a marginal connection (rows of
the kernel area, added to kernel.py's tuple; the uncorrectable kind is kernel.pcie-uncorrected-fatal)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.pcie-corrected-error-flood",
        cause_id="pcie-link-errors",
        kinds=("any",),
        # "pcieport 0000:00:02.0: AER: Multiple Corrected error received: id=0010" (Linux 4.x), "... AER: Correctable
        # error message received from 0000:01:00.0" (newer kernels), then the detail line "PCIe Bus Error:
        # severity=Corrected|Correctable, type=Physical Layer|Data Link Layer, ..." on the port or the device.
        patterns=(
            r"PCIe Bus Error: severity=Correct(?:ed|able), type=(?P<layer>Physical Layer|Data Link Layer|Transaction "
            r"Layer)",
            r"AER: (?:Multiple )?Correct(?:ed|able) error (?:message )?received",
        ),
        severity="warn",
        cause="The kernel keeps reporting corrected PCIe errors: the hardware fixes each one, but a stream of them "
              "floods the log and costs interrupts, and on a GPU's own link it means a marginal connection.",
        advice=("A few corrected errors are harmless. For a flood from a port with power saving on (laptops, many "
                "desktop boards), add `pcie_aspm=off` to GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, run `sudo "
                "update-grub` and reboot (`pci=noaer` only silences the reports); if the errors name the GPU's link "
                "(an `nvidia 0000:xx:00.0` line, or the port above it) and come with GPU faults or a slow link, reseat "
                "the card and any riser, set that slot to a lower PCIe generation in the BIOS and update the BIOS; "
                "`sudo lspci -vvv -s <bus>` shows the link's state."),
        action="configure",
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://docs.kernel.org/PCI/pcieaer-howto.html",
                 "https://www.thomas-krenn.com/en/wiki/PCIe_Bus_Error_Status_00001100",
                 "https://deltaops.medium.com/aer-multiple-corrected-error-received-2a15e7306c7e"),
        checked="2026-11-26",
        examples=("kernel/thomaskrenn-pcie-bus-error-corrected-aspm.txt",
                  "kernel/deltaops-aer-corrected-log-flood-noaer.txt"),
    ),
)
