"""Kernel and driver, a GPU the driver cannot bring up although the module is there: the module finding no device it can
drive, or could not map a GPU it found (rows of the kernel area, added to kernel.py's tuple)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="kernel.module-insert-no-device",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # The kernel's ENODEV from the module's probe, as modprobe prints it ("modprobe: ERROR: could not insert
        # 'nvidia': No such device") and as older module-init-tools did ("FATAL: Error inserting nvidia_current
        # (/lib/modules/.../nvidia-current.ko): No such device"). The module is built and loads, but claims no GPU; the
        # NVRM lines beside it (read by their own rows) say which of the reasons it is.
        patterns=(r"could not insert '(?P<module>nvidia[\w-]{0,16})': No such device",
                  r"Error inserting (?P<module>nvidia[\w-]{0,16}) \([^()\n]{1,200}\): No such device",
                  # insmod (a .run or hand-built module inserted directly) says it with the file's name.
                  r"could not insert module [\w/.-]{0,120}?(?P<module>nvidia[\w-]{0,16})\.ko: No such device"),
        severity="fail",
        cause="The {module} kernel module is installed but found no GPU it could drive, so it refused to load: the "
              "GPU is powered off (a hybrid-graphics laptop's switching tool, bbswitch or an ACPI call), is held by "
              "another driver (nouveau, vfio-pci), is not supported by this driver branch, or is not on the bus (a "
              "cloud VM of an instance type without a GPU has none at all).",
        advice=("Read the reason in the kernel log: `sudo dmesg | grep -E 'NVRM|nvidia'` and `lspci -nnk -d 10de:`. "
                "'already bound to nouveau' or 'Kernel driver in use: nouveau': blacklist nouveau and rebuild the "
                "initramfs; 'not supported by' this release: install the driver branch that lists this GPU; on a "
                "hybrid-graphics laptop with no NVRM line the discrete GPU is powered off: set the switching tool "
                "(prime-select, optimus-manager, bbswitch) so the GPU is on when the module loads, then reboot; no "
                "NVIDIA device in lspci: on a cloud VM, launch a GPU instance type (AWS g/p families, a GCP VM with a "
                "GPU attached), since a GPU image or AMI on another type has none; on your own machine check the BIOS "
                "setting for the discrete GPU and the card's seating."),
        action="configure",
        rules_out=("a missing or unbuilt module", "the CUDA toolkit"),
        never_suggest=("install the CUDA toolkit", "reinstall CUDA"),
        sources=("https://github.com/MrMEEE/ironhide/issues/149", "https://github.com/MrMEEE/ironhide/issues/165",
                 "https://github.com/amazon-archives/amazon-dsstne/issues/26", "https://wiki.archlinux.org/title/NVIDIA/Troubleshooting"),
        checked="2026-11-26",
        examples=("kernel/ironhide-149-insert-no-such-device-card-off.txt",
                  "kernel/ironhide-165-insert-no-such-device-after-reboot.txt"),
    ),
    Signature(
        code="kernel.rm-init-gpu-not-mapped",
        cause_id="bar-allocation",
        kinds=("any",),
        # RmInitAdapter's status 0x22 in module 0x56 is osInitNvMapping failing ("Cannot attach gpu"): the driver could
        # not map the GPU's PCI memory regions. On RTX 50 (Blackwell) cards it is what Resizable BAR or Above 4G Decoding
        # left off in the firmware gives; the same code follows "requires use of the NVIDIA open kernel modules" (that
        # row reads its own line) and an MSI-X failure. The line number after the second colon varies by release.
        patterns=(r"RmInitAdapter failed! \(0x22:0x56:(?P<line>\d{1,5})\)",
                  r"NVRM: osInitNvMapping: \*\*\* Cannot attach gpu"),
        refines=("kernel.rm-init-adapter-failed",), refines_within=None,
        severity="fail",
        cause="The driver could not map the GPU's memory (RmInitAdapter 0x22:0x56, osInitNvMapping): its PCI BARs got "
              "no usable address space, so nvidia-smi finds no devices.",
        advice=("Enable Above 4G Decoding and Resizable BAR (ReBAR) in the BIOS/UEFI setup (RTX 50 cards do not "
                "initialise without them on many boards; CSM off), then cold boot. Only where `sudo dmesg | grep NVRM` "
                "also says this GPU needs the driver's open flavour is the fix instead `sudo apt install "
                "nvidia-driver-NNN-open`."),
        action="configure",
        rules_out=("a module missing for this kernel", "the CUDA toolkit"),
        never_suggest=("reinstall CUDA", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/862",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/pull/1109"),
        checked="2026-11-26",
        examples=("kernel/ogkm-862-rtx5090-rminit-rebar-off.txt",),
    ),
    Signature(
        code="kernel.inforom-corrupted",
        cause_id="gpu-inforom-corrupted",
        kinds=("any",),
        # nvidia-smi's warning for NVML_ERROR_CORRUPTED_INFOROM (nvmlErrorString: "infoROM is corrupted"), printed under
        # its table with exit status 14; NVML-based tools print the bare string.
        patterns=(r"infoROM is corrupted at gpu (?P<bus_id>[0-9a-fA-F]{4,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d)",
                  r"NVML_ERROR_CORRUPTED_INFOROM|NVMLError_CorruptedInforom",  # pynvml's class
                  r"[Uu]nable to determine the device handle for GPU[^\n]{0,24}: Corrupted infoROM"),
        severity="warn",
        cause="The GPU board's infoROM (its on-board store of configuration and ECC records) fails its check: nvidia-smi "
              "warns and exits with status 14, though the GPU usually still runs; the board itself is at fault.",
        advice=("The infoROM is part of the board, not of the software: keep using the GPU while it works, treat "
                "nvidia-smi's exit status 14 as this warning (not a broken driver) in health checks, and have the "
                "board replaced or its infoROM reflashed by the vendor (RMA) if errors or failed jobs follow."),
        action="reseat-or-inspect-hardware",
        rules_out=("the driver installation", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/NVIDIA/gpu-operator/issues/20", "https://github.com/NVIDIA/gpu-operator/issues/285",
                 "https://github.com/NVIDIA/gpu-operator/issues/2596", "https://github.com/pytorch/pytorch/pull/87464",
                 "https://docs.nvidia.com/datacenter/cloud-native/gpu-operator/latest/troubleshooting.html"),
        checked="2026-11-26",
        examples=("kernel/gpuoperator-20-inforom-corrupted-quadro.txt", "kernel/pytorch-87464-inforom-warning-exit-14.txt"),
    ),
    Signature(
        code="kernel.gpu-on-riser-not-reached",
        contexts=("pcie-riser",),
        refines=("kernel.driver-not-loaded", "kernel.rm-init-adapter-failed"),
        cause_id="pcie-link-errors",
        kinds=("any",),
        # The driver's generic "no GPU" answers where the paste says the GPU hangs on a riser: the card worked in the
        # slot and fails behind the riser, because the link does not train reliably at the generation Auto picks.
        patterns=(r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
                  r"\bNo devices were found\b"),
        severity="fail",
        cause="The GPU sits behind a riser or extension cable and the driver cannot reach it: the PCIe link through the "
              "riser does not train reliably at the generation the slot picks on Auto.",
        advice=("In the motherboard BIOS set that PCIe slot's link speed to Gen2 (or Gen1) instead of Auto, power the "
                "riser from its own PSU cable, reseat or swap the riser and its USB cable, and check the card directly "
                "in the slot; `lspci -d 10de:` must list it and `sudo dmesg | grep -i nvrm` shows what the driver saw."),
        action="reseat-or-inspect-hardware",
        rules_out=("the driver install",),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/Cyclenerd/ethereum_nvidia_miner/issues/40",),
        checked="2026-11-26",
        examples=("kernel/ethminer-40-riser-smi-failed-pcie-gen2.txt",),
    ),
)
