"""Kernel and driver, the Xid events no other row reads: a channel that stopped in time (8, 109), a corrupted push
buffer (32) and GPU memory errors (48, 63, 64, 92, 94, 95, 140), grouped by what to do about them as NVIDIA's Xid
catalogue does (rows of the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import GPU_FAULT_SYMPTOMS, Signature
from gpudoctor.knowledge.signatures.kernel_modules import NVRM_TEXT

# How the driver names the GPU in an Xid line: "(PCI:0000:01:00)", and with a MIG instance "(PCI:0000:01:00 GPU-I:05)".
# "(PCI:" keys every Xid row for the matcher's prefilter; drivers before about R390 wrote "(0000:02:00)" without it,
# which only kernel.xid-79 reads (by its words, "GPU has fallen off the bus"): a key starting with "X" would cost the
# prefilter a pass of its own.
_XID_BUS = r"(?P<bus_id>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2})(?:\.\d)?(?: GPU-I:\d{1,3})?"
XID_LINE = r"NVRM: Xid \(PCI:" + _XID_BUS + r"\): "
# The same without its "NVRM: " head: a line such as "NVRM: GPU at PCI:0000:08:00: GPU-..." just above is continued
# into it (log_lines joins NVRM lines), and the Xid then sits inside that logical line.
XID_ANYWHERE = r"\bXid \(PCI:" + _XID_BUS + r"\): "
XID_DOCS = "https://docs.nvidia.com/deploy/xid-errors/index.html"
_XID_CATALOG = "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html"
_MEMORY_DOCS = "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.xid-channel-timeout",
        cause_id="app-fault",
        kinds=NVRM_TEXT,
        # Xid 109 (ROBUST_CHANNEL_CTXSW_TIMEOUT_ERROR): "NVRM: Xid (PCI:0000:26:00): 109, pid=55914, name=re8.exe,
        # Ch 00000046, errorString CTX SWITCH TIMEOUT, Info 0x2c02c" (R590+: "channel 0x0000000d, CTX SWITCH TIMEOUT");
        # Xid 8 (ROBUST_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, "GPU stopped processing"). The catalogue's first step is the
        # application (8) or a reset (109); in the threads it is a game's translation layer or a driver regression.
        patterns=(XID_ANYWHERE + r"(?P<xid>109|8), ", r"\bCTX SWITCH TIMEOUT\b"),
        severity="warn",
        cause="A program's work on the GPU stopped making progress in time (Xid 109 context switch timeout, or Xid 8 "
              "GPU stopped processing), and the driver stopped its channel; the program hangs or crashes.",
        advice=("Look at the software first, not the hardware: the process the line names ran the hung work. For a "
                "game under Proton, update Proton (or Proton-GE) and its vkd3d-proton/DXVK, or go back to the version "
                "that worked; if it began with a driver update, go back to the last driver that worked or forward to a "
                "newer one (`nvidia-smi` shows the version); for a CUDA program, update it and its framework. Reset "
                "the GPU (`sudo nvidia-smi -r -i N`) or reboot if it stays hung. Only when Xid 79, 62, 119 or 154 "
                "follow is the GPU itself in question."),
        action="restart-application",
        rules_out=("a hardware fault of the GPU",),
        never_suggest=("reseat", "power supply", "RMA"),
        sources=(XID_DOCS, _XID_CATALOG, "https://github.com/HansKristian-Work/vkd3d-proton/issues/1357",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/962",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/502",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1146"),
        checked="2026-11-26",
        examples=("kernel/vkd3dproton-1357-re8-xid109-ctx-switch-timeout.txt",
                  "kernel/ogkm-962-xid109-game-crash-570-works.txt"),
    ),
    Signature(
        code="kernel.xid-push-buffer-corrupt",
        # The memory faults logged in the same burst are this failing GPU's, not a program's bug.
        refines=("kernel.xid-application", "kernel.xid-mmu-fault"), refines_within=5,
        cause_id="gpu-unstable-under-load",
        kinds=NVRM_TEXT,
        # Xid 32 (ROBUST_CHANNEL_PBDMA_ERROR, "Invalid or corrupted push buffer stream"): the GPU's DMA engine read
        # a command stream that arrived corrupted over PCIe; older drivers: "32, Channel ID 00000000 intr 00004000".
        patterns=(XID_ANYWHERE + r"(?P<xid>32), ",),
        severity="fail",
        cause="The GPU read a corrupted command stream over PCIe (Xid 32, invalid or corrupted push buffer): the GPU, "
              "its PCIe link or its memory is failing.",
        advice=("Treat it as hardware when it repeats across programs: reseat the card and any riser, check its power "
                "connectors and cooling, run it at stock clocks, try a lower PCIe generation in the BIOS or another "
                "slot, and test it in another machine; if the errors follow the card, replace it (laptop: have the "
                "GPU serviced). Updating the driver is worth one try first."),
        action="reseat-or-inspect-hardware",
        rules_out=("the CUDA toolkit",),
        never_suggest=("reinstall CUDA",),
        sources=(XID_DOCS, _XID_CATALOG, "https://github.com/Bumblebee-Project/Bumblebee/issues/677",
                 "https://github.com/leptonai/gpud"),
        checked="2026-11-26",
        examples=("kernel/bumblebee-677-xid32-31-laptop-gpu-died.txt",),
    ),
    Signature(
        code="kernel.xid-memory-ecc",
        # CUDA's contained error ("Invalid access of peer GPU memory over nvlink or a hardware error") is also raised
        # for a contained ECC error (Xid 94): beside a memory Xid, the memory is the cause, not the NVLink (rev40d)
        refines=GPU_FAULT_SYMPTOMS + ("cuda.contained-error-nvlink-or-hardware",), refines_within=None,
        cause_id="gpu-memory-error",
        kinds=("any",),
        # The memory Xids: 48 double-bit ECC error (DBE), 63/64 page retirement or row remapping recorded/failed, 92
        # high single-bit rate, 94/95 contained/uncontained error, 140 unrecovered ECC; the driver's own lines ("Row
        # Remapper: New row ... marked for remapping, reset gpu to activate", "An uncorrectable double bit error (DBE)
        # has been detected"), and the codes as operators quote them ("Xid 48: uncorrectable double-bit ECC").
        patterns=(
            XID_ANYWHERE + r"(?P<xid>48|6[34]|9[245]|140), ",
            r"uncorrectable double bit error \(DBE\)",
            r"Row Remapper: New row [^\n]{0,60}marked for remapping",
            r"\b[Xx]id (?P<xid>48|6[34]|9[45])\b[^\n]{0,40}(?:DBE|[Rr]emap)",
        ),
        severity="fail",
        cause="The GPU's memory reports uncorrectable or recurring ECC errors (a memory Xid: 48, 63, 64, 92, 94, 95 or "
              "140): the driver retires or remaps the bad rows, and the jobs that used them fail.",
        advice=("Read the counters: `nvidia-smi -q -d ECC,ROW_REMAPPER` (older GPUs: `-d PAGE_RETIREMENT`). A pending "
                "remap or retirement takes effect after a GPU reset (`sudo nvidia-smi -r -i N` with nothing running) "
                "or a reboot, so drain that GPU and reset it; if new uncorrectable errors come back after the reset, "
                "remapping failed (Xid 64) or the remapped rows keep growing, the memory is failing: take that GPU out "
                "of service and have it replaced (RMA)."),
        action="reset-gpu",
        rules_out=("the program's own code", "the CUDA installation"),
        never_suggest=("reinstall CUDA", "reduce the batch size"),
        sources=(XID_DOCS, _XID_CATALOG, _MEMORY_DOCS, "https://github.com/wtdcode/vllm-backport/issues/62"),
        checked="2026-11-26",
        examples=("kernel/vllmbackport-62-a100-hbm-xid48-63-94.txt",),
    ),
)
