"""Issue 25, w44e: PCI address space too small for a GPU's BARs, and a riser that dropped its GPU (rows of the kernel
area).

A GPU asks the firmware for one large prefetchable memory window (BAR1: 256 MiB on most GeForce cards, the whole VRAM
with Resizable BAR, 16-64 GiB on Tesla/data-center cards). Where the firmware's 64-bit MMIO window cannot hold it
(Above 4G decoding off or absent on older boards, Sandy/Ivy Bridge's 36-bit address limit, several big-BAR cards on
one desktop board, an ARM board's small PCIe window, a VM whose OVMF reserved too little 64-bit MMIO space for its
passed-through GPUs), the board does not POST with the card, or Linux's PCI core prints "BAR 1 [mem size ... 64bit
pref]: can't assign; no space" and the driver then refuses the GPU or finds none. The fix is address space, never
the driver: Above 4G decoding (and CSM off), a BIOS/DSDT patch on boards that lack it, fewer or smaller BARs, or a
larger 64-bit MMIO window for the VM.

On NVLink 5 baseboards (HGX/DGX B200, B300) Fabric Manager starts the NVLink Subnet Manager (NVLSM), which programs the
NVSwitches over the InfiniBand MAD interface: without the ib_umad module (and mlx5_ib; Ubuntu ships them in
linux-modules-extra) NVLSM stops at "umad_init: can't read ABI version ... is ib_umad module loaded?", the fabric stays
"In Progress" and CUDA answers "system not yet initialized" (802).

A GPU on a riser that drops out of a multi-GPU rig every few hours or days is the riser more often than the miner,
the overclock or the driver; those who found it say "changed the riser, no crash since", "it was a riser issue".
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import NO_MODULE_SYMPTOMS, Signature

# A memory window of 256 MiB or more, as the PCI core prints its size (0x10000000 and up; leading zeros allowed).
_BIG = r"0x0{0,8}[1-9a-fA-F][0-9a-fA-F]{7,10}"
# The generic rows that read only what the refused or missing GPU then does.
_BAR_SYMPTOMS = (*NO_MODULE_SYMPTOMS, "kernel.rm-init-adapter-failed", "kernel.nvidia-probe-failed",
                 "kernel.no-nvidia-devices-probed")

BAR_ADVICE = (
    "Give the GPU's BARs address space, not a new driver: on bare metal enable Above 4G Decoding (and Resizable BAR) "
    "with CSM off in the BIOS/UEFI setup, or let Linux reassign it with the kernel parameter `pci=realloc`; on boards "
    "without Above 4G decoding (many Sandy/Ivy Bridge and Haswell boards) a BIOS or DSDT patch that exposes the 64-bit "
    "PCI window (ReBarUEFI's guides) or another board is needed, and Tesla cards with 16-32 GB BARs need it; with "
    "several big-BAR cards, fewer cards or smaller BARs; in a VM, a larger 64-bit MMIO window for the guest (QEMU/OVMF: "
    "host-passthrough CPU with a recent edk2, or `-fw_cfg name=opt/ovmf/X-PciMmio64Mb,string=262144`; VMware: "
    "`pciPassthru.use64bitMMIO = TRUE` and `pciPassthru.64bitMMIOSizeGB`); on an ARM board (Raspberry Pi, RK3588) "
    "a larger PCIe memory window in its device tree. Check with `sudo dmesg | grep -i 'BAR'` that no GPU BAR is left "
    "unassigned."
)

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.pci-bar-no-space",
        cause_id="bar-allocation",
        kinds=("dmesg", "journal", "other"),
        # The Linux PCI core's words when a large prefetchable BAR (or the bridge window above it) finds no room in the
        # firmware's address windows: since 6.x "BAR 1 [mem size 0x800000000 64bit pref]: can't assign; no space",
        # before "BAR 1: no space for [mem size 0x800000000 64bit pref]" / "failed to assign". Only windows of 256 MiB
        # or more: a small I/O or SR-IOV VF BAR left out is everyday noise, not a GPU without its memory window.
        patterns=(
            r"(?<!VF )BAR \d{1,2} \[mem size " + _BIG + r" 64bit pref\]: can[’']t assign; no space",
            r"(?<!VF )BAR \d{1,2}: no space for \[mem size " + _BIG + r" 64bit pref\]",
            r"bridge window \[mem size " + _BIG + r" 64bit pref\]: can[’']t assign; no space",
        ),
        refines=_BAR_SYMPTOMS, refines_within=None,
        severity="fail",
        cause="The firmware's PCI address windows have no room for a 64-bit prefetchable memory window of 256 MiB or "
              "more (a GPU's BAR1 or the bridge window above it), so that GPU is left without its memory window and "
              "the driver cannot use it.",
        advice=BAR_ADVICE,
        action="configure",
        rules_out=("the driver version", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/510",
                 "https://github.com/xCuri0/ReBarUEFI/issues/395", "https://docs.kernel.org/PCI/pci.html"),
        checked="2026-11-28",
        examples=("kernel/ogkm-510-six-gpus-rebar-bus-window-no-space.txt",),
    ),
    Signature(
        code="kernel.bar-space-described",
        described=True,
        cause_id="bar-allocation",
        kinds=("any",),
        patterns=(
            # "unable to POST with the M40 installed", "No POST with Tesla M40 24GB", "Cannot boot to bios with the
            # P40 installed": a board that stops at POST with a big-BAR data-center card.
            r"\b(?:[Nn]o POST|(?:[Uu]nable|[Ff]ails?|[Ff]ailed|[Rr]efuses?) to (?:POST|boot)|(?:won'?t|doesn'?t|does "
            r"not|can'?t|[Cc]annot|will not|didn'?t) (?:POST|boot))\b[^\n]{0,60}\b(?:Tesla|K40|M40|P40|K80|M60|"
            r"P100|V100|A100)\b",
            # the card named first: POST only ("Tesla T4: the engine fails to boot" is a server's start-up; rev44a)
            r"\b(?:Tesla|K40|M40|P40|K80|M60|P100|V100)\b[^\n]{0,60}\b(?:[Nn]o POST|(?:won'?t|doesn'?t|does "
            r"not|can'?t|cannot|will not) POST|(?:fails?|failed|unable) to POST)\b",
            # "caused by the large BAR size of the Tesla T10", "insufficient BAR space", "not enough MMIO space"; a large
            # BAR alone is what Resizable BAR is for ("now gets a large BAR size of 32GB"), so only as the blamed cause
            r"\b(?:[Cc]aused by|[Dd]ue to|[Bb]ecause of|[Bb]lame)\b[^\n]{0,20}?\b(?:large|huge|big) BAR sizes?\b",
            r"\b(?:[Ll]arge|[Hh]uge|[Bb]ig) BAR sizes?\b[^\n]{0,60}?\b(?:fails? to POST|won'?t POST|no POST|"
            r"(?:won'?t|doesn'?t|does not|can'?t|cannot) boot|Code 12)",
            r"\b(?:[Ii]nsufficient|[Nn]ot enough|[Tt]oo little|[Rr]an out of|[Rr]uns? out of) (?:PCI-?e? |64-bit )?"
            r"(?:BAR|MMIO)(?: address)? space\b",
            # "the 36-bit address space provided by the 4G decoding option is not available", "36-bit (16GB)
            # addressing limitation"
            r"\b36-bit (?:\(16 ?GB\) )?(?:address(?:ing)?|physical address)\b",
            # "Above 4G Decoding (only available in BIOS F22 and below)", "no Above 4G option", "Missing 4G decoding"
            r"\b(?:[Mm]issing|[Nn]o|[Ww]ithout|[Ll]acks?|[Ll]acking|[Hh]idden) (?:the |an? |any )?\"?(?:[Aa]bove )?4G "
            r"?[Dd]ecod",
            r"\b[Aa]bove 4G(?: [Dd]ecoding| [Ss]upport)?\"? (?:option |setting )?(?:is )?(?:missing|not (?:available|"
            r"present|shown|there)|(?:doesn'?t|does not|isn'?t|is not) (?:exist|appear|show|available))",
            # a VM with several passed-through GPUs where only one initialises: the guest's 64-bit MMIO window is full
            r"\b[Pp]ass-?through\b[^\n]{0,60}\bonly (?:the last|the first|one) (?:of the )?(?:devices?|cards?|GPUs?)\b"
            r"[^\n]{0,40}\b(?:initiali[sz]|initiated|work|usable|detected)",
        ),
        severity="warn",
        cause="The description suggests a GPU whose BARs get no PCI address space: a board that will not POST with a "
              "big-BAR data-center card, Above 4G decoding missing, a 36-bit address limit, or several passed-through "
              "GPUs of which only one initialises in the VM.",
        advice=BAR_ADVICE,
        action="configure",
        rules_out=("the driver version", "the power supply"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/xCuri0/ReBarUEFI/issues/383", "https://github.com/xCuri0/ReBarUEFI/issues/398",
                 "https://github.com/harvester/harvester/issues/8972",
                 "https://github.com/xCuri0/ReBarUEFI/wiki/Common-issues-(and-fixes)"),
        checked="2026-11-28",
        examples=("kernel/rebaruefi-383-z77e-itx-tesla-m40-no-post-prose.txt",
                  "kernel/rebaruefi-398-z170ws-tesla-t10-bar-no-post-prose.txt",
                  "kernel/harvester-8972-multi-gpu-passthrough-invalid-pci-region-prose.txt"),
    ),
    Signature(
        code="kernel.nvlsm-ib-umad-missing",
        cause_id="fabric-manager-not-running",
        kinds=("any",),
        # libibumad's warning as NVLSM (OpenSM) prints it when /sys/class/infiniband_mad is absent: "nvlsm: ibwarn:
        # [15] umad_init: can't read ABI version from /sys/class/infiniband_mad/abi_version (No such file or
        # directory): is ib_umad module loaded?". Every tool of the same library (ibstat, ibnetdiscover, OpenSM on an
        # InfiniBand cluster) prints that line too, where Fabric Manager is not involved: read only NVLSM's (rev44a).
        patterns=(r"\b(?:nvlsm|NVLSM)\b[^\n]{0,80}?umad_init: can[’']t read ABI version from "
                  r"/sys/class/infiniband_mad/abi_version",
                  r"\b(?:nvlsm|NVLSM)\b[^\n]{0,200}?is ib_umad module loaded\?"),
        severity="fail",
        cause="The ib_umad kernel module is not loaded, so the NVLink Subnet Manager (NVLSM) that Fabric Manager starts "
              "on NVLink 5 systems (HGX/DGX B200, B300) cannot reach the NVSwitches: the fabric never completes and "
              "CUDA fails with \"system not yet initialized\" (802).",
        advice=("Load the InfiniBand modules before Fabric Manager starts and make them load at boot: `sudo modprobe "
                "ib_umad mlx5_ib` (on Ubuntu they are in `linux-modules-extra-$(uname -r)`; on Talos list them in the "
                "machine config's kernel modules; `echo ib_umad > /etc/modules-load.d/ib_umad.conf`), then `sudo "
                "systemctl restart nvidia-fabricmanager` and check `nvidia-smi -q | grep -A2 Fabric` shows Completed."),
        action="configure",
        rules_out=("the CUDA toolkit", "the program"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/siderolabs/docs/pull/581", "https://github.com/siderolabs/extensions/pull/717",
                 "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html"),
        checked="2026-11-28",
        examples=("kernel/siderolabsdocs-581-talos-fabricmanager-nvlsm-ib-umad-not-loaded.txt",),
    ),
    Signature(
        code="kernel.riser-fault-described",
        described=True,
        cause_id="gpu-fell-off-bus",
        # The riser found to be the fault beats the overclock or driver the person named first while guessing.
        refines=("kernel.faults-on-overclocked-gpu",), refines_within=None,
        kinds=("any",),
        patterns=(
            # "I tried to change the riser of the gpu ... 36 hours without crash", "after changing the riser ... no
            # crash", "swapped the riser and it works"
            r"\b(?:[Cc]hang|[Rr]eplac|[Ss]wapp?|[Ss]witch)(?:e|ed|es|ing)? (?:out )?(?:the |my |a |that |its |this |"
            r"those |all )?(?:PCI-?[Ee] |pcie |USB |x1 |1x )?risers?\b[^\n]{0,120}?\b(?:[Ss]olved|fixed|works|worked|"
            r"working|stable|without (?:a |any )?crash|no (?:more )?crash(?:es|ed)?|went away|resolved)\b"
            # not an improvement that did not last ("works for a day then crashes again", "... but it still"; rev44a)
            r"(?![^\n]{0,40}?\b(?:then|but|until|again|still)\b)",
            # "It was a riser issue", "the problem was the riser", "problem solved - wrong riser"
            r"\b(?:[Ii]t|[Tt]his|[Tt]hat|[Pp]roblem|[Ii]ssue|[Cc]ulprit) (?:was|is|were) (?:a |the |just )?"
            r"(?:bad |faulty |broken |defective |wrong )?risers?(?: cable)?(?: issue| problem| fault)?\b(?![\w ]{0,8}\?)",
            r"\b(?:[Ss]olved|[Ff]ixed)\b[^\n]{0,15}?\b(?:bad|faulty|broken|defective|wrong) risers?\b",
        ),
        severity="warn",
        cause="The description says the GPU's PCIe riser was the fault: a bad or loose riser (or its cable) drops the "
              "GPU off the bus every few hours or days, and the program then reports it lost, idle or in error.",
        advice=("Replace the riser (and its USB cable) of the GPU that drops out, or run that GPU in a motherboard slot "
                "to confirm; give every riser its own power lead, and if the link stays flaky set the slot to PCIe "
                "Gen1/Gen2 in the BIOS; the overclock, the miner and the driver are not the cause."),
        action="reseat-or-inspect-hardware",
        rules_out=("the NVIDIA driver", "the program version"),
        never_suggest=("reinstall the driver", "roll back the driver"),
        sources=("https://github.com/Lolliedieb/lolMiner-releases/issues/1644",
                 "https://docs.nvidia.com/deploy/xid-errors/"),
        checked="2026-11-28",
        examples=("kernel/lolminer-1644-3060ti-err-changed-riser-prose.txt",),
    ),
)
