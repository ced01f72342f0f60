"""GPU error events in the kernel log, as rows with named fields, for the gpu.errors check to judge per GPU.

An event is not a cause: which Xid means what, and how bad it is, is gpudoctor/knowledge/xid_catalog.py's
(NVIDIA's catalogue, per code); how many corrected PCIe errors make a storm is the check's. These rows only say
how each event is written, and are read through the one matcher (gpudoctor/knowledge/matcher.py), so a line
under any log prefix, and a message the driver wrapped over several "NVRM: " lines, is read as the failure
rows read it. They are not in the catalogue: `read` and `explain` show the failures of kernel.py instead.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.kernel_xids import XID_DOCS, XID_LINE as _XID  # not kernel.py: its 25 modules of rows

_AER_DOCS = "https://docs.kernel.org/PCI/pcieaer-howto.html"
_KERNEL_LOG = ("dmesg", "journal")

XID_EVENT = "kernel.event-xid"
FALLEN_OFF_THE_BUS = "kernel.event-fallen-off-the-bus"
PCIE_BUS_ERROR = "kernel.event-pcie-bus-error"
# "pcieport 0000:00:03.1: AER: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"
# "nvidia 0000:01:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer"
PCIE_BUS_ERROR_PATTERN = (r"\b(?P<bus_id>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]): (?:AER: )?PCIe Bus Error: "
                          r"severity=(?P<severity>\w+)")

GPU_ERROR_EVENTS = (
    Signature(
        code=XID_EVENT,
        cause_id="xid-event",
        kinds=_KERNEL_LOG,
        # "NVRM: Xid (PCI:0000:01:00): 79, pid=1234, name=python, GPU has fallen off the bus."
        patterns=(_XID + r"(?P<xid>\d+)",),
        severity="info",
        cause="NVIDIA's driver reported Xid {xid} for the GPU at {bus_id}.",
        advice="gpu.errors says what the Xid means (NVIDIA's Xid catalogue).",
        action="none",
        sources=(XID_DOCS,),
        checked="2026-11-26",
    ),
    Signature(
        code=FALLEN_OFF_THE_BUS,
        cause_id="xid-event",
        kinds=_KERNEL_LOG,
        # "NVRM: The NVIDIA GPU 0000:b3:00.0" / "NVRM: (PCI ID: 10de:2330) installed in this system has" /
        # "NVRM: fallen off the bus and is not responding to commands." (newer drivers, sometimes with no Xid line;
        # log_lines joins the three lines)
        patterns=(r"NVRM: The NVIDIA GPU (?P<bus_id>[0-9a-fA-F:.]+)\b[^\n]{0,200}fallen off the bus",),
        severity="info",
        cause="The GPU at {bus_id} fell off the bus (counted as Xid 79).",
        advice="gpu.errors says what to do.",
        action="none",
        sources=(XID_DOCS, "https://github.com/NVIDIA/NVSentinel/issues/155"),
        checked="2026-11-26",
    ),
    Signature(
        code=PCIE_BUS_ERROR,
        cause_id="pcie-link-errors",
        kinds=_KERNEL_LOG,
        patterns=(PCIE_BUS_ERROR_PATTERN,),
        severity="info",
        cause="The PCIe device {bus_id} reported a {severity} error.",
        advice="gpu.errors says whether it is a storm, and on which GPU's path.",
        action="none",
        sources=(_AER_DOCS,),
        checked="2026-11-26",
    ),
)
