"""Kernel and driver, hardware: what the NVIDIA kernel module (NVRM) and the PCIe core log about the GPUs
themselves (Xid events, initialisation, the bus, the IOMMU).

The Xid rows group NVIDIA's codes by what to do about them, as gpudoctor/knowledge/xid_catalog.py does (the
catalogue keeps each code's own description for the gpu.errors check). The rows about building, signing and
loading the driver's modules live in kernel_modules.py; this module's SIGNATURES holds both, as the one `kernel`
area of the catalogue and the corpus.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import GPU_FAULT_SYMPTOMS, NO_MODULE_SYMPTOMS, Signature
from gpudoctor.knowledge.signatures.kernel_modules import BUS, KERNEL_LOG, NOTICE_ONLY_IN_PASTES, NVRM_TEXT
from gpudoctor.knowledge.signatures.kernel_boot_fallback import SIGNATURES as BOOT_FALLBACK_ROWS
from gpudoctor.knowledge.signatures.kernel_builds import SIGNATURES as BUILD_ROWS
from gpudoctor.knowledge.signatures.kernel_dkms import SIGNATURES as DKMS_ROWS
from gpudoctor.knowledge.signatures.kernel_hangs import SIGNATURES as HANG_ROWS
from gpudoctor.knowledge.signatures.kernel_hardware import SIGNATURES as HARDWARE_ROWS
from gpudoctor.knowledge.signatures.kernel_lifecycle import SIGNATURES as LIFECYCLE_ROWS
from gpudoctor.knowledge.signatures.kernel_module_deps import SIGNATURES as MODULE_DEPENDENCY_ROWS
from gpudoctor.knowledge.signatures.kernel_modules import SIGNATURES as MODULE_ROWS
from gpudoctor.knowledge.signatures.kernel_nix import SIGNATURES as NIX_ROWS
from gpudoctor.knowledge.signatures.kernel_open_modules import SIGNATURES as OPEN_MODULE_ROWS
from gpudoctor.knowledge.signatures.kernel_p15k import SIGNATURES as DESCRIBED_ROWS
from gpudoctor.knowledge.signatures.kernel_packages import SIGNATURES as PACKAGE_ROWS
from gpudoctor.knowledge.signatures.kernel_passthrough import SIGNATURES as PASSTHROUGH_ROWS
from gpudoctor.knowledge.signatures.kernel_pcie_aer import SIGNATURES as PCIE_AER_ROWS
from gpudoctor.knowledge.signatures.kernel_platforms import SIGNATURES as PLATFORM_ROWS
from gpudoctor.knowledge.signatures.kernel_recovery import SIGNATURES as RECOVERY_ROWS
from gpudoctor.knowledge.signatures.kernel_smi_settings import SIGNATURES as SMI_SETTING_ROWS
from gpudoctor.knowledge.signatures.kernel_stability import SIGNATURES as STABILITY_ROWS
from gpudoctor.knowledge.signatures.kernel_support import SIGNATURES as SUPPORT_ROWS
from gpudoctor.knowledge.signatures.kernel_tools import SIGNATURES as TOOL_ROWS
from gpudoctor.knowledge.signatures.kernel_upgrades import SIGNATURES as UPGRADE_ROWS
from gpudoctor.knowledge.signatures.kernel_xids import SIGNATURES as XID_ROWS, XID_ANYWHERE, XID_DOCS, XID_LINE

_XID = XID_LINE
_XID_ANYWHERE = XID_ANYWHERE

SIGNATURES = (
    Signature(
        code="kernel.xid-79",
        # The GPU off the bus explains every failure of the programs that used it, and the reset it then needs.
        refines=("cuda.unknown-error", "cuda.no-device", "cuda.torch-no-gpus-visible", "kernel.driver-not-loaded", "kernel.gpu-reset-required",
                 "cuda.unspecified-launch-failure", "cuda.illegal-address", "containers.nvml-unknown-error",
                 "kernel.nvidia-probe-failed"),
        refines_within=None,
        cause_id="gpu-fell-off-bus",
        kinds=KERNEL_LOG,
        patterns=(
            # With "pid=..., name=..." or "pid='<unknown>', name=<unknown>" after the code in newer drivers.
            _XID + r"(?P<xid>79)\b",
            # R570 and later may print only this, over three NVRM lines and with no Xid line (NVSentinel #155).
            r"NVRM: The NVIDIA GPU (?P<bus_id>[0-9a-fA-F:.]+)\b[^\n]{0,200}fallen off the bus",
            # osinit.c when the GPU stops answering while the driver sets it up or checks it (no Xid line either).
            r"NVRM: GPU " + BUS + r": GPU has fallen off the bus",
            # The driver's words without its prefix or the GPU's address: drivers before about R390 ("NVRM: Xid
            # (0000:02:00): 79, GPU has fallen off the bus."), a journal line cut at the screen's width, a monitoring
            # tool's event, or the message as a person quotes it.
            r"\bGPU has fallen off the bus",
        ),
        severity="fail",
        # No {bus_id} here: the quoted form names none (the evidence line shows the GPU's address where it has one).
        cause="A GPU stopped answering on PCIe (fell off the bus, Xid 79); the driver cannot reach it until a reboot.",
        advice=("Look at power first: feed each of the card's PCIe power connectors with its own cable from the power "
                "supply (PSU), never one daisy-chained (pigtail) cable or a splitter for two connectors, and check the "
                "PSU's wattage covers every GPU's transient peaks (two cards often need a larger PSU); then reseat the "
                "card, its power connectors and any riser, watch temperatures and cooling under load, and update the "
                "motherboard BIOS. To test for power, cap the clocks (`sudo nvidia-smi -lgc 300,1500`) or the power "
                "limit (`sudo nvidia-smi -pl <watts>`) and rerun the load: if it then holds, power is the cause. A "
                "reboot brings the GPU back."),
        action="reseat-or-inspect-hardware",
        rules_out=("an application bug",),
        never_suggest=("reinstall CUDA", "reinstall PyTorch"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
                 "https://github.com/NVIDIA/NVSentinel/issues/155",
                 "https://github.com/illinois-scicomp/machine-shop-maintenance/issues/80"),
        checked="2026-11-26",
        examples=("kernel/nvsentinel-155-fallen-off-bus.txt", "kernel/ogkm-1247-oculink-rxerr-xid79-xid154.txt",
                  "kernel/illinoisshop-80-titan-v-hot-xid79-unknown-pid.txt"),
    ),
    Signature(
        code="kernel.xid-application",
        cause_id="app-fault",
        kinds=KERNEL_LOG,
        # Xid 45 "caused by previous Xid N" is the driver stopping channels after another fault: that one is the cause.
        patterns=(_XID + r"(?P<xid>13|31|43|45|69)\b(?![^\n]{0,200}caused by previous Xid)",),
        severity="warn",
        cause="A program on the GPU at {bus_id} faulted or was stopped (Xid {xid}); the driver recovered.",
        advice=("Look at the application (the process the line names) that ran then: an illegal memory access or a "
                "killed channel is usually its own bug or its runtime's, not the hardware; update or debug it, "
                "update the driver if many programs fault. If it happens only when GPUs talk to each other, test "
                "P2P (ACS, IOMMU: pcie.acs). If the Xids come at random points under sustained load from programs that "
                "run fine elsewhere, the GPU is not stable: return it to stock clocks, lower its power limit (`sudo "
                "nvidia-smi -pl <watts>`) and watch its temperature under load before blaming the program."),
        action="restart-application",
        rules_out=("a hardware fault of the GPU",),
        never_suggest=("reseat", "power supply", "RMA"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/363",
                 "https://github.com/doitsujin/dxvk/issues/1799"),
        checked="2026-11-25",
        examples=("kernel/dxvk-1799-xid31-game-journal.txt", "kernel/ogkm-363-xid31-chrome-console-switch.txt"),
    ),
    Signature(
        code="kernel.xid-nvlink",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",),
        refines_within=None,
        cause_id="nvlink-error",
        kinds=KERNEL_LOG,
        # 74 up to Hopper; 144-150 are the NVLink errors of newer GPUs (gpud's catalogue, leptonai/gpud#1174); 121 the
        # NVLink-C2C link to a Grace CPU (corrected errors; a reset retrains it).
        patterns=(_XID + r"(?P<xid>74|121|14[4-9]|150)\b",
                  # Xid 45 stopping a channel because of an NVLink Xid the excerpt may not hold itself
                  _XID + r"\d+, [^\n]{0,200}caused by previous Xid (?P<xid>74|14[4-9]|150)\b"),
        severity="fail",
        cause="An NVLink of the GPU at {bus_id} reported an error (Xid {xid}).",
        advice=("Read the per-link counters and state (`nvidia-smi nvlink -e`, `nvidia-smi nvlink -s`), reseat the "
                "NVLink bridge where there is one and reset the GPUs or reboot the node; errors that come back on "
                "the same link are a hardware fault: run NVIDIA's field diagnostics and contact the vendor."),
        action="reset-gpu",
        never_suggest=("out of memory",),
        sources=(XID_DOCS, "https://github.com/leptonai/gpud/pull/1174",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150"),
        checked="2026-11-25",
        examples=("kernel/ogkm-1150-nvlink-xid149-145-journal.txt",),
    ),
    Signature(
        code="kernel.xid-gsp",
        refines=GPU_FAULT_SYMPTOMS, refines_within=None,
        cause_id="gsp-firmware-error",
        kinds=KERNEL_LOG,
        patterns=(_XID + r"(?P<xid>119|120)\b",),
        severity="fail",
        cause="The GSP firmware of the GPU at {bus_id} timed out or failed (Xid {xid}).",
        advice=("Update to the newest driver of your branch (several GSP timeouts were fixed in driver updates, e.g. "
                "525.105.17 for the first R525 releases), then reset the GPU or reboot to recover it."),
        action="reboot",
        never_suggest=("reseat", "power supply"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446"),
        checked="2026-11-25",
        examples=("kernel/ogkm-446-xid119-gsp-rpc-timeout-dmesg-t.txt",),
    ),
    Signature(
        code="kernel.iommu-page-fault",
        refines=("cuda.illegal-address", "nccl.generic-error-needs-debug"),
        refines_within=None,
        cause_id="iommu-blocks-p2p",
        kinds=("any",),
        # AMD: "nvidia 0000:07:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=... address=...]" (older kernels:
        # "AMD-Vi: Event logged [IO_PAGE_FAULT device=07:00.0 ..."); Intel: "DMAR: [DMA Write] Request device
        # [07:00.0] fault addr ...". GPU DMA translated or blocked by the IOMMU, typically peer-to-peer traffic.
        patterns=(
            r"nvidia " + BUS + r": AMD-Vi: Event logged \[IO_PAGE_FAULT",
            r"AMD-Vi: Event logged \[IO_PAGE_FAULT device=(?P<device>[0-9a-fA-F:.]+)",
            r"DMAR: \[DMA (?:Read|Write)[^\]\n]{0,20}\] Request device \[(?P<device>[0-9a-fA-F:.]+)\] "
            r"(?:PASID \w+ )?fault addr",
        ),
        severity="warn",
        cause="The IOMMU blocked a device's DMA (an IO page fault); with GPUs this is peer-to-peer traffic the "
              "IOMMU translates or refuses.",
        advice=("Put the IOMMU in passthrough for the GPUs (kernel parameter `iommu=pt`, or `amd_iommu=off` / "
                "`intel_iommu=off` where you do not need it, or in the BIOS) and disable ACS on the PCIe switches on "
                "the GPUs' path; until then run NCCL with NCCL_P2P_DISABLE=1."),
        action="configure",
        rules_out=("a driver install problem",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        sources=("https://github.com/NVIDIA/cuda-samples/issues/48",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"),
        checked="2026-11-25",
        examples=("kernel/cudasamples-48-p2p-amd-vi-io-page-fault.txt",),
    ),
    Signature(
        code="kernel.dcgm-nvlink-down-without-nvlink",
        cause_id="none",
        kinds=("any",),
        # DCGM's diagnostic: "GPU 0's NvLink link 0 is currently down Run a field diagnostic on the GPU."
        patterns=(r"NvLink link (?P<link>\d+) is currently down",),
        severity="info",
        cause="DCGM's diagnostic reports NVLink link {link} down; PCIe GPUs have no NVLink, and DCGM versions that "
              "expect one report this as a false alarm there.",
        advice=("If these are PCIe cards without NVLink (`nvidia-smi nvlink -s` lists no links), the warning is false: "
                "nothing on the GPU needs repair; use a DCGM release that skips NVLink on PCIe-only systems or ignore "
                "it. Only on SXM GPUs joined by NVLink is a down link a fault."),
        action="none",
        never_suggest=("replace the GPU",),
        sources=("https://github.com/NVIDIA/DCGM/issues/49",),
        checked="2026-11-25",
        examples=("kernel/dcgm-49-nvlink-down-on-pcie-false-alarm.txt",),
    ),
    Signature(
        code="kernel.fabricmanager-nothing-to-do",
        cause_id="none",
        kinds=("any",),
        patterns=(r"NV_WARN_NOTHING_TO_DO",),
        severity="info",
        cause="Fabric Manager found no NVSwitch to manage; it is only needed on NVSwitch systems (HGX/DGX).",
        advice=("Harmless on a machine without NVSwitches (PCIe GPUs, or GPUs joined by an NVLink bridge): the "
                "service is not needed there; disable it (`sudo systemctl disable --now nvidia-fabricmanager`)."),
        action="none",
        rules_out=("a driver fault",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/610",
                 "https://docs.nvidia.com/datacenter/tesla/fabric-manager-user-guide/index.html"),
        checked="2026-11-25",
        examples=("kernel/gpuoperator-610-fabricmanager-nothing-to-do-a40.txt",),
    ),
    Signature(
        code="kernel.xid-mmu-fault",
        cause_id="app-fault",
        kinds=NVRM_TEXT,
        # Xid 31 (GPU memory page fault), 13 (graphics engine exception) and 43 (GPU stopped processing: a channel
        # reset) name the process whose context faulted (R470+: "pid=..., name=..., Ch ..."); NVIDIA's Xid catalogue
        # puts them on the application first. Xid 45 is left out: it mostly follows another error.
        patterns=(
            _XID_ANYWHERE + r"(?P<xid>13|31|43)\b,(?: pid=(?P<pid>[^,\n]{1,24}),)?(?: name=(?P<process>[^,\n]{1,64}),)? Ch ",
        ),
        severity="warn",
        cause="A program's GPU context faulted (Xid {xid}, GPU {bus_id}); the driver stopped that context and went on.",
        advice=("Look at the application that ran on the GPU then (the process the line names): update or debug it "
                "(game, DXVK/Proton, browser or CUDA program) and update the driver, since some faults are driver bugs; "
                "the GPU hardware needs no action unless these faults come from many unrelated programs or at random "
                "points under sustained load: then return it to stock clocks, lower its power limit (`sudo nvidia-smi "
                "-pl <watts>`) and watch its temperature under load."),
        action="restart-application",
        rules_out=("a hardware fault of the GPU",),
        never_suggest=("reseat the GPU", "check the power supply"),
        sources=(XID_DOCS, "https://github.com/doitsujin/dxvk/issues/1799",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/363"),
        checked="2026-11-25",
        examples=("kernel/dxvk-1799-xid31-game-journal.txt", "kernel/ogkm-363-xid31-chrome-console-switch.txt"),
    ),
    Signature(
        code="kernel.xid-gsp-timeout",
        refines=GPU_FAULT_SYMPTOMS, refines_within=None,
        cause_id="gsp-firmware-error",
        kinds=NVRM_TEXT,
        patterns=(
            _XID_ANYWHERE + r"(?P<xid>119|120)\b",
            r"Timeout waiting for RPC from GSP",
            # R550 and later (kernel_gsp.c, _kgspLogRpcTimeout): the report's banner and its first line, which a paste
            # may hold without the Xid line ("Timeout after 45s of waiting for RPC response from GPU0 GSP!").
            r"Timeout after \d{1,5}s of waiting for RPC response from GPU\d{0,3} GSP!",
            r"_kgspLog\w{0,20}: \*{10,} GSP Timeout",
            # kernel_gsp.c after an RPC poll gave up: the firmware's (or its LibOS's) heartbeat stopped too.
            r"\b(?:GSP RM|LibOS) heartbeat timed out",
        ),
        severity="fail",
        cause="The GPU's GSP firmware stopped answering the driver (GSP RPC timeout, Xid 119/120).",
        advice=("Update the driver to a newer release of your branch (the first R525 drivers had a GSP timeout bug "
                "fixed in 525.105.17), or disable GSP firmware where the GPU allows it "
                "(`options nvidia NVreg_EnableGpuFirmware=0`, proprietary module only), then reboot to recover the "
                "GPU."),
        action="reboot",
        never_suggest=("reseat the GPU", "set CUDA_VISIBLE_DEVICES"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446"),
        checked="2026-11-25",
        examples=("kernel/ogkm-446-xid119-gsp-rpc-timeout-dmesg-t.txt",),
    ),
    Signature(
        code="kernel.bar-invalid",
        refines=("kernel.rm-init-adapter-failed", "kernel.nvidia-probe-failed"), refines_within=None,
        cause_id="bar-allocation",
        kinds=NVRM_TEXT,
        patterns=(
            r"NVRM: This PCI I/O region assigned to your NVIDIA device is invalid: BAR(?P<bar>\d) is "
            r"(?P<size>\d+)M @ 0x0 \(PCI:" + BUS + r"\)",
        ),
        severity="fail",
        cause="The firmware left BAR{bar} of the GPU at {bus_id} without address space, so the driver cannot use it.",
        advice=("Give the GPU its address space: on bare metal enable Above 4G Decoding (and Resizable BAR) in the "
                "BIOS/firmware, or let Linux reassign it with the kernel parameter `pci=realloc` (eGPUs behind "
                "Thunderbolt often need it); in a VM, give the guest enough 64-bit MMIO space for passthrough "
                "(VMware: `pciPassthru.use64bitMMIO = TRUE` and `pciPassthru.64bitMMIOSizeGB`; KVM: a larger "
                "64-bit PCI hole)."),
        action="configure",
        rules_out=("the driver version",),
        never_suggest=("reinstall the driver", "blacklist nouveau"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/492",
                 "https://github.com/system76/firmware-open/issues/66",
                 "https://github.com/Dunedan/mbp-2016-linux/issues/60",
                 "https://docs.nvidia.com/vgpu/latest/grid-vgpu-release-notes-vmware-vsphere/index.html"),
        checked="2026-11-25",
        examples=("kernel/gpuoperator-492-vm-bar1-0m.txt", "kernel/system76fw-66-egpu-bar0-invalid.txt",
                  "kernel/mbp2016-60-tb3-egpu-bar-no-space.txt"),
    ),

    Signature(
        code="kernel.rm-init-adapter-failed",
        cause_id="rm-init-failed",
        kinds=NVRM_TEXT,
        # NVRM's words when the driver could not bring a GPU up ("RmInitAdapter failed! (0x22:0x56:884)", followed by
        # "rm_init_adapter failed, device minor number N"); the reason is in the NVRM lines just above it, if any.
        # nvidia-smi's "No devices were found" is what a user sees of it: NVML started (the module is loaded) but no
        # GPU came up; the rows that name why (unsupported GPU, module flavour, BAR space, power, another driver bound,
        # no NVIDIA GPU at all) refine it.
        patterns=(
            r"NVRM: GPU " + BUS + r": RmInitAdapter failed! \((?P<code>0x[0-9a-fA-F]{1,4}:0x[0-9a-fA-F]{1,4}:\d{1,5})\)",
            r"NVRM: GPU " + BUS + r": rm_init_adapter failed, device minor number (?P<minor>\d{1,3})",
            # Drivers before about 450 print both without the GPU's address (and the 2011-2014 ones 0xffffffff).
            r"NVRM: RmInitAdapter failed! \((?P<code>0x[0-9a-fA-F]{1,4}:0x[0-9a-fA-F]{1,8}:\d{1,5})\)",
            r"NVRM: rm_init_adapter failed for device bearing minor number (?P<minor>\d{1,3})",
            r"\bNo devices were found\b",  # also in probes' and CI logs: "Startup probe failed: No devices were found"
            # Opening the GPU's device file fails with EIO when rm_init_adapter fails (nv.c): the X driver's "could not
            # open the device file /dev/nvidia0 (Input/output error)", old drivers' nvidia_frontend_open "error -5".
            r"could not open the device file /dev/nvidia\d{1,3} \(Input/output error\)",
            r"NVRM: nvidia_frontend_open: minor \d{1,3}, module->open\(\) failed, error -5\b",
        ),
        severity="fail",
        cause="The driver could not initialise a GPU (RmInitAdapter failed, or nvidia-smi finds no device although the "
              "module is loaded), so that GPU is unusable.",
        advice=("Find the reason in `sudo dmesg | grep -i nvrm` and `lspci -nnk -d 10de:` (its 'Kernel driver in use' "
                "line): the NVRM lines often name it (a GPU this driver or module flavour does not support, GSP "
                "firmware, PCI address space, 'does not have the necessary power cables connected'), and that names the "
                "fix; an RTX 50-series (Blackwell) GPU runs only on the open kernel modules: when `modinfo -F license "
                "nvidia` says 'NVIDIA' (the proprietary module), install the -open flavour of the same branch "
                "(nvidia-driver-XXX-open on Ubuntu, nvidia-open on Arch, the .run installer with "
                "--kernel-module-type=open) and reboot; 'Kernel driver in use: vfio-pci' means the host reserved the GPU for passthrough (remove its ID "
                "from vfio-pci.ids), nouveau or no driver means nvidia never bound it; in a container while `nvidia-smi` "
                "works on the host, the container was given no GPU (request one: `--gpus all`, a nvidia.com/gpu limit). "
                "Otherwise power-cycle the host (off, not a warm reboot) or reset the GPU (`sudo nvidia-smi -r -i N`), check the GPU's power cables and "
                "seating and the BIOS PCIe settings (Above 4G Decoding), and update to the newest driver of your branch; "
                "a GPU that keeps failing to initialise after that needs replacing."),
        action="reseat-or-inspect-hardware",
        never_suggest=("reinstall CUDA", "set CUDA_VISIBLE_DEVICES"),
        sources=(XID_DOCS, "https://github.com/NVIDIA/gpu-operator/issues/1146",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1230",
                 "https://github.com/Bumblebee-Project/Bumblebee/issues/722"),
        checked="2026-11-25",
        examples=("kernel/gpuoperator-1146-rm-init-adapter-failed-node.txt", "kernel/ogkm-1230-wpr2-already-up-rminit.txt"),
    ),
    Signature(
        code="kernel.gsp-wpr2-already-up",
        cause_id="rm-init-failed",
        kinds=NVRM_TEXT,
        # The GSP's write-protected region is still up from an earlier boot of its firmware (a warm reboot, a crashed
        # driver unload): the driver will not boot GSP over it, and says the GPU "may need to be reset".
        # The same state seen earlier in the boot (Turing and later, kernel_gsp_tu102.c): the GPU's own firmware boot
        # (GFW, the VBIOS's devinit) never reported done, "failed to wait for GFW_BOOT: (progress 0x3)", then "failed
        # to wait for GFW boot complete: 0x55 VBIOS version ..." with the same "may need to be reset".
        patterns=(r"(?:NVRM: )?GPU(?P<gpu>\d{1,3}) _?kgspBootGspRm(?:_\w{1,8})?: unexpected WPR2 already up",
                  r"unexpected WPR2 already up, cannot proceed with booting GSP",
                  r"failed to wait for GFW_BOOT: \(progress 0x[0-9a-fA-F]{1,4}\)",
                  r"failed to wait for GFW boot complete: 0x[0-9a-fA-F]{1,4}"),
        severity="fail",
        cause="The GPU was left in a state its firmware could not boot from (GSP's WPR2 still up from before, or the "
              "GPU's own firmware boot, GFW, never completing), so the driver could not start it and the GPU did not "
              "initialise.",
        advice=("Reset the GPU so its firmware starts clean: `sudo nvidia-smi -r -i N` when nothing uses it, otherwise a "
                "full power cycle of the host (shut down and power off, a warm reboot may not clear it); then update "
                "the driver if it happens after every reboot or resume from suspend; if a cold boot does not clear it, "
                "check the card's power connectors and seating, and have a card that still fails replaced."),
        action="reset-gpu",
        never_suggest=("blacklist nouveau", "disable Secure Boot"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1230",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1104"),
        checked="2026-11-25",
        examples=("kernel/ogkm-1230-wpr2-already-up-rminit.txt",),
    ),
    Signature(
        code="kernel.nvml-gpu-lost",
        refines=("cuda.no-device", "cuda.torch-no-gpus-visible", "cuda.unknown-error"), refines_within=None,
        cause_id="gpu-fell-off-bus",
        kinds=("any",),
        # NVML_ERROR_GPU_IS_LOST as nvidia-smi prints it (Linux and Windows): the same event as Xid 79.
        # Newer nvidia-smi writes "for gpu 0000:08:00.0" in lower case.
        patterns=(r"Unable to determine the device handle for (?:GPU|gpu)\d{0,3}:? (?P<bus_id>[0-9a-fA-F:.]{7,16}): GPU is lost",
                  r"Unable to determine the device handle for GPU(?P<bus_id>[0-9a-fA-F]{4,8}:[0-9a-fA-F:.]{5,12}): GPU is lost",
                  r"NVMLError_G(?:PU|pu)IsLost|NVML_ERROR_GPU_IS_LOST"),  # pynvml's class is NVMLError_GpuIsLost
        severity="fail",
        cause="A GPU stopped answering on the bus (NVML: GPU is lost, the event the kernel logs as Xid 79).",
        advice=("Reboot to recover the GPU, then find why it dropped off before the next long run: look for Xid 79 in "
                "`sudo dmesg`, check the GPU's power cables (one PSU cable per PCIe power connector, no daisy-chained "
                "pigtail) and the PSU's capacity, reseat the card and any riser, and "
                "watch its temperature under load; a GPU that keeps getting lost in the same slot points at the slot "
                "or the card."),
        action="reboot",
        rules_out=("an application bug",),
        never_suggest=("reinstall CUDA", "reduce the batch size"),
        sources=(XID_DOCS, "https://github.com/AlexeyAB/darknet/issues/86", "https://github.com/JosephKJ/OWOD/issues/81",
                 "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html"),
        checked="2026-11-25",
        examples=("kernel/darknet-86-nvidia-smi-gpu-is-lost-windows.txt", "kernel/owod-81-gpu-is-lost-training.txt",
                  "kernel/nvgpu-6-pynvml-gpuislost-traceback.txt"),
    ),
    Signature(
        code="kernel.nvml-device-handle-unknown-error",
        refines=("cuda.unknown-error", "cuda.no-device", "cuda.torch-no-gpus-visible"),
        refines_within=None,
        cause_id="gpu-fell-off-bus",
        kinds=("any",),
        # nvidia-smi on a host whose GPU stopped answering without NVML calling it lost: NVML_ERROR_UNKNOWN from
        # nvmlDeviceGetHandleByIndex ("Unable to determine the device handle for GPU0000:07:00.0: Unknown Error").
        patterns=(r"Unable to determine the device handle for GPU\s?(?P<bus_id>[0-9a-fA-F:.]{7,16}): Unknown Error",),
        severity="fail",
        cause="The driver can no longer reach the GPU at {bus_id}: it dropped off the bus or shut down (power, "
              "seating, heat), so NVML answers Unknown Error.",
        advice=("Look in `sudo dmesg | grep -E 'NVRM|Xid'` for Xid 79 ('fallen off the bus') or a thermal shutdown, "
                "power-cycle the host to bring the GPU back, then fix why it dropped: reseat the card and its power "
                "cables, give passively cooled data-center cards (Tesla P4, P40, T4) forced airflow, and watch "
                "temperatures under load. If nvidia-smi works on the host and only a container shows this, the "
                "container's device access is at fault instead."),
        action="reseat-or-inspect-hardware",
        rules_out=("an application bug",),
        never_suggest=("reinstall CUDA", "update the driver"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/387",
                 "https://github.com/pdbear/syno_nvidia_gpu_driver/issues/22",
                 "https://github.com/deepspeedai/DeepSpeed/issues/5482"),
        checked="2026-11-26",
        examples=("kernel/ogkm-387-device-handle-unknown-error-reseat.txt",
                  "kernel/synonvidia-22-tesla-p4-unknown-error-overheat.txt"),
    ),
    Signature(
        code="kernel.pcie-uncorrected-fatal",
        cause_id="pcie-link-errors",
        kinds=("any",),
        # drivers/pci/pcie/aer.c: an uncorrectable fatal error on a link, and the nvidia driver (which registers no AER
        # recovery callbacks) unable to recover from it.
        patterns=(r"PCIe Bus Error: severity=Uncorrect(?:ed|able) \(Fatal\)",
                  r"nvidia " + BUS + r": AER: can't recover \(no error_detected callback\)"),
        severity="fail",
        cause="An uncorrectable (fatal) PCIe error hit a GPU's link; the nvidia driver cannot recover from it, so the GPU "
              "hangs or drops off until a reboot.",
        advice=("Treat it as a hardware fault of that PCIe link: reseat the GPU and any riser or cable, check its power "
                "connectors, update the BIOS, and try the GPU in another slot; if the fatal errors follow the card, "
                "replace it. `sudo lspci -vvv -s BUS` shows the link's error status."),
        action="reseat-or-inspect-hardware",
        rules_out=("a driver install problem", "the application"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/rwth-i6/returnn/issues/1500",
                 "https://docs.kernel.org/PCI/pcieaer-howto.html"),
        checked="2026-11-25",
        examples=("kernel/returnn-1500-nvidia-aer-cant-recover.txt",),
    ),
    Signature(
        code="kernel.persistence-mode-deprecated",
        cause_id="none",
        kinds=NOTICE_ONLY_IN_PASTES,
        # NVRM's notice when legacy persistence mode is switched on (`nvidia-smi -pm 1`); the mode still works.
        patterns=(r"NVRM: Persistence mode is deprecated and will be removed in a future release",),
        severity="info",
        cause="The driver notes that legacy persistence mode (nvidia-smi -pm 1) is deprecated; it still works and "
              "nothing is wrong with the GPU.",
        advice=("Harmless deprecation notice: to silence it, keep the driver initialised with the persistence daemon "
                "instead (`sudo systemctl enable --now nvidia-persistenced`) and stop running `nvidia-smi -pm 1` at boot."),
        action="none",
        never_suggest=("reinstall the driver", "reboot"),
        sources=("https://github.com/fgci-org/ansible-role-cuda/issues/19",
                 "https://docs.nvidia.com/deploy/driver-persistence/index.html"),
        checked="2026-11-25",
        examples=("kernel/ansiblecuda-19-persistence-mode-deprecated.txt",),
    ),
    Signature(
        code="kernel.usbc-i2c-timeout",
        cause_id="none",
        kinds=NOTICE_ONLY_IN_PASTES,
        # drivers/i2c/busses/i2c-nvidia-gpu.c: the I2C controller of the USB-C (UCSI) port on Turing and later
        # cards, PCI function .3 of the GPU; DDC tools and the ucsi_ccg driver probing it log timeouts.
        patterns=(r"nvidia-gpu " + BUS + r": i2c timeout error (?P<status>[0-9a-f]{8})",),
        severity="info",
        cause="The card's USB-C port controller ({bus_id}, not the GPU itself) timed out on I2C; this does not affect "
              "CUDA or the GPU's health.",
        advice=("Informational for GPU compute: ignore it unless the card's USB-C port (display or charging) is needed "
                "and broken; then update the driver and kernel (the i2c-nvidia-gpu and ucsi_ccg drivers), or blacklist "
                "ucsi_ccg if the port is unused."),
        action="none",
        never_suggest=("reinstall the driver", "reseat the GPU", "check the power supply"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/361",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1156"),
        checked="2026-11-25",
        examples=("kernel/ogkm-361-usbc-i2c-timeout-gddccontrol.txt",),
    ),
)

SIGNATURES += MODULE_ROWS + DKMS_ROWS + LIFECYCLE_ROWS + RECOVERY_ROWS + SUPPORT_ROWS + TOOL_ROWS + PLATFORM_ROWS + BUILD_ROWS

SIGNATURES += (
    Signature(
        code="kernel.installer-module-in-use",
        cause_id="driver-in-use",
        kinds=("any",),
        # nvidia-installer's sanity check: it cannot replace modules that are loaded (an ERROR, or a WARNING followed
        # by "Installation has failed" in newer installers).
        patterns=(r"An NVIDIA kernel module '(?P<module>nvidia[\w-]{0,12})' appears to (?:already be|be already) "
                  r"loaded in your kernel",
                  # Its check before that one: a running X server (on the NVIDIA driver or on nouveau) holds the GPU.
                  r"You appear to be running an X server; please exit X before installing"),
        severity="fail",
        cause="The installer cannot replace the NVIDIA driver while it is in use: a display server, the persistence "
              "daemon, a CUDA program, or the modules of the driver installed before hold it.",
        advice=("Uninstall the driver installed before (its package, or `nvidia-uninstall`) or stop what uses the GPU "
                "(`sudo systemctl isolate multi-user.target`, `sudo systemctl stop nvidia-persistenced`), unload the "
                "modules with `sudo rmmod nvidia_drm nvidia_modeset nvidia_uvm nvidia`, then run the installer again; "
                "if they will not unload, reboot to a text console first."),
        action="configure",
        never_suggest=("disable secure boot",),
        sources=("https://github.com/Arc-Compute/LibVF.IO/issues/20", "https://github.com/NVIDIA/cuda-samples/issues/286"),
        checked="2026-11-25",
        examples=("kernel/libvfio-20-installer-nvidia-drm-already-loaded.txt",),
    ),
    Signature(
        code="kernel.installer-alternate-install-present",
        cause_id="driver-packages-conflict",
        kinds=("any",),
        # nvidia-installer (misc.c) when a packaged driver left /usr/lib/nvidia/alternate-install-present: its prompt
        # "An alternate method of installing the NVIDIA driver was detected. (This is usually a package provided by your
        # distributor.)" and, when the answer (or a silent install's default) is to abort, this error.
        patterns=(r"The installation was canceled due to the availability or presence of an alternate driver installation",
                  r"An alternate method of installing the NVIDIA driver was detected"),
        severity="fail",
        cause="The .run installer stopped because a packaged NVIDIA driver (the distribution's or NVIDIA's repository's: "
              "nvidia-driver-NNN, nvidia-driver-latest-dkms, akmod-nvidia, an openSUSE KMP) is installed and marks itself "
              "as the driver's installation method.",
        advice=("Use one installation method: keep the packaged driver and update it with the package manager, or remove "
                "that package first (`sudo apt purge 'nvidia-driver-*' 'nvidia-dkms-*'`, `sudo dnf remove "
                "nvidia-driver-latest-dkms` or `sudo dnf remove akmod-nvidia`), reboot, then run the .run installer."),
        action="configure",
        rules_out=("the GPU", "Secure Boot"),
        never_suggest=("disable secure boot", "reinstall CUDA"),
        sources=("https://github.com/pytorch/pytorch/pull/86344", "https://github.com/NVIDIA/nvidia-installer",
                 "https://github.com/openSUSE/nvidia-driver-G06/pull/90"),
        checked="2026-11-26",
        examples=("kernel/pytorch-86344-installer-alternate-install-latest-dkms.txt",),
    ),
    Signature(
        code="kernel.dkms-headers-not-found",
        # nvidia-installer quotes DKMS's output on its "Failed to run `dkms install`" line (kernel.dkms-build-failed).
        refines=(*NO_MODULE_SYMPTOMS, "kernel.module-not-found", "kernel.dkms-build-failed"), refines_within=None,
        cause_id="dkms-build-failed",
        kinds=("any",),
        # DKMS's own words before it builds anything: the running kernel's build tree (its headers) is absent. Not
        # for WSL's kernels (Microsoft ships them without headers, and WSL needs no NVIDIA module at all).
        patterns=(r"kernel headers for kernel (?P<kernel>[\w.+~-]{1,80})(?<![Mm]icrosoft)(?<!-WSL2) cannot be found",),
        severity="fail",
        cause="DKMS cannot build kernel modules (the NVIDIA driver's among them) because the headers of kernel {kernel} "
              "are not installed.",
        advice=("Install the headers of the running kernel (`sudo apt install linux-headers-$(uname -r)`; "
                "`sudo dnf install kernel-devel-$(uname -r)`), rebooting first if `uname -r` is not the newest installed "
                "kernel, then rebuild with `sudo dkms autoinstall`."),
        action="configure",
        never_suggest=("disable secure boot",),
        sources=("https://github.com/kasbert/epsolar-tracer/issues/53", "https://github.com/dell/dkms"),
        checked="2026-11-25",
        examples=("kernel/epsolar-53-dkms-kernel-headers-not-found.txt",),
    ),
)
SIGNATURES += HARDWARE_ROWS + UPGRADE_ROWS + PACKAGE_ROWS
SIGNATURES += MODULE_DEPENDENCY_ROWS + BOOT_FALLBACK_ROWS + NIX_ROWS + OPEN_MODULE_ROWS + XID_ROWS + PASSTHROUGH_ROWS
SIGNATURES += SMI_SETTING_ROWS + HANG_ROWS + STABILITY_ROWS + PCIE_AER_ROWS
SIGNATURES += DESCRIBED_ROWS  # failures told in the user's own words (kernel_p15k.py)
from gpudoctor.knowledge.signatures.kernel_a15k import SIGNATURES as A15K_ROWS; SIGNATURES += A15K_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.kernel_s16k import SIGNATURES as S16K_ROWS; SIGNATURES += S16K_ROWS  # noqa: E402,E702
from gpudoctor.knowledge.signatures.kernel_w18b import SIGNATURES as W18B_ROWS; SIGNATURES += W18B_ROWS  # noqa: E402,E702
