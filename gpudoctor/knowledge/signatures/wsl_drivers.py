"""Windows: what native Windows GPU set-ups print when a driver install, a device or a CUDA library the driver does
not ship goes wrong (rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CUDNN_WINDOWS_ZLIB = "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html#install-zlib-windows"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.cudnn-zlibwapi-missing",
        cause_id="cuda-library-missing",
        kinds=("any",),
        # cuDNN 8.3 to 8.9 on Windows load the ZLIB DLL zlibwapi.dll at their first convolution and print this when it is
        # not on the DLL search path; cuDNN does not ship it (cuDNN 9 no longer needs it).
        patterns=(r"Could not (?:locate|load library) zlibwapi\.dll",),
        severity="fail",
        cause="cuDNN 8 on Windows needs zlibwapi.dll (the ZLIB DLL it does not ship) and found none on the DLL search "
              "path, so the first cuDNN call stopped the program.",
        advice=("Install zlibwapi.dll as cuDNN's Windows install guide says: put the 64-bit zlibwapi.dll (the ZLIB DLL "
                "for x64) into a folder on PATH, such as C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\vX.Y\\bin "
                "(a 32-bit copy gives error code 193), or move to cuDNN 9, which no longer needs it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "reinstall CUDA"),
        sources=("https://github.com/AlexeyAB/darknet/issues/8551", "https://github.com/xaviviro/refacer/issues/35",
                 "https://github.com/lightvector/KataGo/issues/828", CUDNN_WINDOWS_ZLIB),
        checked="2026-11-26",
        examples=("wsl/refacer-35-could-not-locate-zlibwapi.txt", "wsl/darknet-8551-zlibwapi-rtx3070-laptop.txt"),
    ),
    Signature(
        code="wsl.windows-device-no-resources",
        cause_id="bar-allocation",
        kinds=("any",),
        # Device Manager's status for CM_PROB_NORMAL_CONFLICT (Code 12), in English and the localised wordings pasted
        # most: the firmware could not fit the card's memory windows (BARs) into the PCI address space it set up.
        patterns=(r"cannot find enough free resources[^\n(]{0,40}\((?:Code|code|código) 12\)",
                  # the code named first, the status quoted after it ("Code 12 (\"This device cannot find enough free
                  # resources ...\")"; w44e)
                  r"\b(?:Code|code|código) 12\b[^\n]{0,30}?cannot find enough free resources",
                  r"Недостаточно свободных ресурсов[^\n(]{0,60}\(код 12\)"),
        severity="fail",
        cause="Windows could not give the GPU the PCI memory resources it needs (Device Manager Code 12): the firmware "
              "did not map the card's memory windows (BARs), usually because Above 4G Decoding is off or the board "
              "boots in legacy (CSM) mode.",
        advice=("In the firmware (BIOS/UEFI) setup enable Above 4G Decoding, disable CSM so the board boots in UEFI "
                "mode (Windows must be installed for UEFI), and update the BIOS; with several GPUs or an eGPU, also try "
                "fewer cards or another slot, then check that Device Manager shows the card working."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "reinstall Windows"),
        sources=("https://github.com/dartraiden/NVIDIA-patcher/issues/586",
                 "https://github.com/dartraiden/NVIDIA-patcher/issues/60",
                 "https://github.com/xCuri0/ReBarUEFI/issues/45",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/install/cm-prob-normal-conflict"),
        checked="2026-11-26",
        examples=("wsl/nvidiapatcher-586-code-12-cmp30hx-asus-b85.txt",
                  "wsl/nvidiapatcher-60-code-12-asus-h81-bios-update.txt",
                  "kernel/rebaruefi-381-z77-tesla-v100-code12-prose.txt"),
    ),
    Signature(
        code="wsl.windows-device-stopped-code-43",
        cause_id="rm-init-failed",
        kinds=("any",),
        # Device Manager's status for CM_PROB_FAILED_POST_START (Code 43): the driver loaded but reported that it could
        # not start the device. For an NVIDIA GPU that is the Windows face of a GPU that did not initialize.
        patterns=(r"Windows has stopped this device because it has reported problems\.? ?\(Code 43\)",),
        severity="fail",
        cause="Windows' NVIDIA driver could not start the GPU and stopped it (Device Manager Code 43): the card did not "
              "initialize, most often power, seating or a failing card, or (in a virtual machine) a driver that "
              "refuses the passed-through GPU.",
        advice=("Check the hardware first: the card's PCIe power connectors (each one its own cable), reseat it or try "
                "another slot, and if you can, another computer, which tells a faulty card from the platform; one clean "
                "driver reinstall with DDU rules out the driver. In a VM with GPU passthrough use driver 465 or newer."),
        action="reseat-or-inspect-hardware",
        never_suggest=("install the CUDA toolkit",),
        sources=("https://github.com/dartraiden/NVIDIA-patcher/issues/531", "https://github.com/arutar/FrankenDriver/issues/61",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/install/cm-prob-failed-post-start"),
        checked="2026-11-26",
        examples=("wsl/nvidiapatcher-531-p102-code-43-windows-11.txt",),
    ),
    Signature(
        code="wsl.windows-device-driver-not-loaded-code-31",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # Device Manager's status for CM_PROB_FAILED_ADD (Code 31), in Windows' English wording, the paraphrase people
        # type, and the localised wordings pasted most: the driver is installed but Windows could not load it for this
        # device (often until the restart after an install or update). On "NVIDIA Platform Controllers and Framework"
        # (service nvpcf, a laptop power-management helper) the GPU itself keeps working.
        patterns=(r"cannot load the (?:drivers required for this device|required device drivers)\.? ?\(Code 31\)",
                  r"не удается загрузить для него нужные драйверы\.? ?\(Код 31\)",
                  r"no puede cargar los controladores requeridos para (?:dicho|este) dispositivo\.? ?\(Código 31\)"),
        severity="fail",
        cause="Windows has the NVIDIA driver installed but could not load it for this device (Device Manager Code 31): "
              "most often until the restart after a driver install or update, or because the installation is broken; "
              "on the NVIDIA Platform Controllers and Framework device only that helper failed, not the GPU.",
        advice=("Restart Windows first. If Code 31 stays on the GPU, clean-install the current NVIDIA driver (remove it "
                "with DDU in Safe Mode, or the installer's Custom > Clean installation) and restart again; if it is only "
                "on NVIDIA Platform Controllers and Framework, the GPU works: a newer driver's clean install clears it, "
                "or uninstall that device in Device Manager."),
        action="configure",
        rules_out=("the GPU's hardware",),
        never_suggest=("BIOS", "reseat", "replace the GPU"),
        sources=("https://github.com/dartraiden/NVIDIA-patcher/issues/550", "https://github.com/arutar/FrankenDriver/issues/8",
                 "https://github.com/dartraiden/NVIDIA-patcher/issues/149",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/install/cm-prob-failed-add"),
        checked="2026-11-26",
        examples=("wsl/nvidia-patcher-550-code-31-reboot-p106.txt", "wsl/frankendriver-8-nvpcf-code-31-clean-install.txt"),
    ),
)
