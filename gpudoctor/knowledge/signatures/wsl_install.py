"""WSL and Windows: WSL itself failing to install or to create its virtual machine, by wsl.exe's and Hyper-V's own
error codes, and CUDA's failures that WSL 2's and Windows' driver explain (rows of the wsl area, joined into
wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_RELEASES = "https://github.com/microsoft/WSL/releases"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.hyperv-class-not-registered",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # REGDB_E_CLASSNOTREG (0x80040154) and REGDB_E_IIDNOTREG (0x80040155) raised by Hyper-V's compute service while
        # WSL creates the VM: the distribution installer's line and wsl.exe 2.x's "Wsl/.../CreateVm/HCS/<code>".
        patterns=(r"WslRegisterDistribution failed with error: (?P<code>0x8004015[45])",
                  r"/CreateVm/HCS/(?P<code>0x8004015[45])\b"),
        severity="fail",
        cause="WSL 2 could not create its virtual machine: Hyper-V answered \"class/interface not registered\" "
              "({code}), a Hyper-V / Virtual Machine Platform component left in a bad state (often after a Windows "
              "upgrade).",
        advice=("Re-register the virtualization features: in an administrator PowerShell turn Virtual Machine Platform "
                "(and Hyper-V, where installed) off (`dism.exe /online /disable-feature /featurename:VirtualMachinePlatform "
                "/norestart`), restart Windows, turn them on again (`dism.exe /online /enable-feature "
                "/featurename:VirtualMachinePlatform /all /norestart`, and Windows Subsystem for Linux if a Windows update "
                "left it off), restart again, then run `wsl --install` (or open the distribution) again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "install the CUDA toolkit"),
        sources=("https://github.com/microsoft/WSL/issues/5994",
                 "https://learn.microsoft.com/en-us/windows/wsl/troubleshooting#error-0x80040154-after-windows-update"),
        checked="2026-11-26",
        examples=("wsl/wsl-5994-register-distribution-0x80040154-vm-platform.txt",),
    ),
    Signature(
        code="wsl.package-class-not-registered",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # wsl.exe cannot reach the WSL package's COM service: the inbox wsl.exe failing to run the package's installer
        # (Wsl/CallMsi/Install/REGDB_E_CLASSNOTREG, in every language) or a Store/MSI package whose registration broke
        # in an update ("Error code: Wsl/0x80040154").
        patterns=(r"Wsl/CallMsi/(?:Install/|\w{1,20}[/?])?REGDB_E_CLASSNOTREG",
                  r"Error code: Wsl/0x80040154\b"),
        severity="fail",
        cause="wsl.exe cannot reach the WSL package's service (\"class not registered\"): the WSL package is missing or "
              "its installation is broken, so no WSL command works.",
        advice=("Reinstall the WSL package: download the latest .msi from https://github.com/microsoft/WSL/releases and "
                "run it as administrator (or `wsl --update --web-download`; for the Store package, Settings > Apps > "
                "Windows Subsystem for Linux > Advanced options > Repair), restart Windows, then `wsl --install` again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the firmware's virtualization"),
        never_suggest=("install nvidia-driver", "install the CUDA toolkit"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/1993", "https://github.com/MicrosoftDocs/WSL/issues/2090",
                 "https://github.com/microsoft/WSL/issues/8746", WSL_RELEASES),
        checked="2026-11-26",
        examples=("wsl/msdocswsl-1993-callmsi-regdb-e-classnotreg.txt", "wsl/msdocswsl-2090-callmsi-classnotreg-reinstall.txt",
                  "wsl/wsl-8746-wsl-0x80040154-store-update-repair.txt"),
    ),
    Signature(
        code="wsl.cuda-device-not-ready",
        cause_id="windows-tdr",
        kinds=("any",),
        # PyTorch's C10_CUDA_DRIVER_CHECK wording of CUDA_ERROR_NOT_READY from a driver call (an allocation, a memory
        # map): under WSL 2 and Windows it follows a GPU reset by Windows' TDR, or the driver refusing the virtual memory
        # calls (cuMemMap) of PyTorch's expandable segments.
        patterns=(r"CUDA driver error: device not ready",),
        severity="fail",
        cause="A CUDA driver call answered \"device not ready\": under WSL 2 or Windows either Windows' timeout "
              "detection and recovery (TDR) reset the GPU under the program, or the driver failed the virtual memory "
              "mapping of PyTorch's expandable segments.",
        advice=("Look in the Windows Event Viewer (System log) for nvlddmkm event 4101 / \"Display driver stopped "
                "responding and has recovered\" at that time. If it is there, it was a TDR: raise TdrDelay on the "
                "Windows host (a DWORD in seconds, e.g. 60, under HKLM\\SYSTEM\\CurrentControlSet\\Control\\"
                "GraphicsDrivers), reboot Windows, or shorten the kernels (vLLM's --max-num-batched-tokens, llama.cpp's "
                "--ubatch-size). If not, turn PyTorch's expandable segments off: "
                "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False in the process's (or container's) environment, and "
                "start it again."),
        action="configure",
        rules_out=("the model files",),
        never_suggest=("reinstall the driver", "install a Linux NVIDIA driver in WSL"),
        sources=("https://github.com/noonghunna/club-3090/pull/84",
                 "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/tdr-registry-keys"),
        checked="2026-11-26",
        examples=("wsl/club3090-pr84-marlin-repack-device-not-ready.txt",),
    ),
    Signature(
        code="wsl.systemd-not-running",
        cause_id="wsl-systemd-disabled",
        kinds=("any",),
        # systemctl's own words when PID 1 is not systemd, and the D-Bus line it prints after them in WSL; Ollama's
        # install.sh's warning when `systemctl is-system-running` says neither running nor degraded (it writes
        # ollama.service but cannot start it, so `ollama run` then finds no server), and the WSL 2 hint it adds.
        patterns=(r"System has not been booted with systemd as init system \(PID 1\)",
                  r"WARNING: systemd is not running",
                  # The D-Bus line systemctl, loginctl or `systemctl --user` print alone in a WSL distribution without
                  # systemd (WSL's init answers the bus socket with EHOSTDOWN).
                  r"Failed to connect to bus: Host is down",
                  r"learn\.microsoft\.com/en-us/windows/wsl/systemd#how-to-enable-systemd to enable it"),
        severity="fail",
        cause="systemctl cannot start services because systemd is not running as PID 1: in WSL, systemd is off for this "
              "distribution (or WSL is too old or WSL 1); in a container (RunPod, vast.ai, docker run) there is no systemd "
              "at all.",
        advice=("In WSL: enable systemd for the distribution in /etc/wsl.conf (a [boot] section with systemd=true), run "
                "`wsl --shutdown` in Windows and open the distribution again (`wsl --version` must show WSL 0.67.6 or "
                "newer, `wsl -l -v` VERSION 2); or start the service without systemd (`sudo service docker start`, "
                "`ollama serve`), or use Docker Desktop's WSL integration for Docker. In a container, start the program "
                "itself in the foreground or background instead of through systemctl (`ollama serve &`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/WSL/issues/6561", "https://github.com/microsoft/WSL/issues/3707",
                 "https://github.com/microsoft/WSL/issues/8883",
                 "https://learn.microsoft.com/en-us/windows/wsl/systemd",
                 "https://github.com/ollama/ollama/blob/main/scripts/install.sh"),
        checked="2026-11-26",
        examples=("wsl/wsl-6561-systemctl-docker-not-booted-with-systemd.txt",
                  "wsl/wsl-3707-systemctl-start-docker-no-systemd.txt"),
    ),
    Signature(
        code="wsl.container-nvml-library-missing",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        # containers.cli-load-library-failed's line where the container runs through WSL 2 (Docker Desktop, or Docker
        # Engine in a distribution): there libnvidia-ml.so.1 is the Windows driver's, in /usr/lib/wsl/lib, so a Linux
        # driver package is never the fix.
        patterns=(r"load library failed: libnvidia-ml\.so\.1: cannot open shared object file",),
        contexts=("wsl", "windows"),
        refines=("containers.cli-load-library-failed",),
        severity="fail",
        cause="The NVIDIA container runtime found no libnvidia-ml.so.1, which under WSL 2 comes from the Windows driver "
              "(/usr/lib/wsl/lib): Windows is older than GPU support in WSL needs, the distribution runs WSL 1, or the "
              "Docker in use cannot see WSL's driver folder (a snap-packaged Docker).",
        advice=("Run `winver`: GPU support in WSL needs Windows 11 or Windows 10 21H2 (build 19044) or newer; update "
                "Windows, the NVIDIA Windows driver and Docker Desktop, check `wsl -l -v` shows VERSION 2, then run "
                "`wsl --shutdown` and restart Docker Desktop. With Docker Engine inside the distribution, use Docker's "
                "apt packages rather than the snap (`sudo snap remove docker`) and check that `ldconfig -p | grep "
                "libnvidia-ml` lists /usr/lib/wsl/lib."),
        action="configure",
        rules_out=("the image",),
        never_suggest=("install nvidia-driver", "reinstall the driver", "apt install --reinstall libnvidia-compute"),
        sources=("https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/129",
                 "https://github.com/NVIDIA/nvidia-docker/issues/1711",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-26",
        examples=("wsl/sdwebuidocker-129-libnvidia-ml-windows-20h2.txt",),
    ),
    Signature(
        code="wsl.docker-desktop-no-nvidia-runtime",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # containers.unknown-runtime-nvidia's line where Docker runs on Windows (Docker Desktop) or through WSL: Docker
        # Desktop registers no runtime named nvidia, and nvidia-ctk/systemctl on a Linux host are not its fix.
        patterns=(r"[Uu]nknown (?:or invalid )?runtime (?:name|specified):? [\'\"]?nvidia\b",),
        contexts=("wsl", "windows"),
        refines=("containers.unknown-runtime-nvidia",),
        severity="fail",
        cause="The Docker engine has no runtime named nvidia: Docker Desktop (on Windows, and through its WSL "
              "integration) gives containers the GPU with --gpus / a compose device reservation, not `--runtime=nvidia` "
              "or `runtime: nvidia`.",
        advice=("With Docker Desktop: remove `--runtime=nvidia` (compose: `runtime: nvidia`) and request the GPU with "
                "`--gpus all` or the compose device reservation (driver: nvidia, capabilities: [gpu]), on the WSL 2 "
                "based engine; a file that must keep `runtime: nvidia` works once Settings > Docker Engine holds "
                "\"runtimes\": {\"nvidia\": {\"path\": \"nvidia-container-runtime\", \"runtimeArgs\": []}} (Apply & "
                "restart). With Docker Engine installed inside a WSL distribution, register the toolkit's runtime "
                "there (`sudo nvidia-ctk runtime configure --runtime=docker`, then restart dockerd)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "reinstall Docker"),
        sources=("https://github.com/metavoiceio/metavoice-src/issues/144", "https://github.com/duixcom/Duix-Avatar/issues/247",
                 "https://github.com/matatonic/openedai-speech/issues/1", "https://docs.docker.com/desktop/features/gpu/"),
        checked="2026-11-26",
        examples=("wsl/metavoice-144-invalid-runtime-nvidia-docker-desktop.txt",
                  "wsl/duixavatar-247-compose-runtime-nvidia-docker-desktop.txt"),
    ),
    Signature(
        code="wsl.windows-no-nvidia-driver",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # kernel.driver-not-loaded's lines (PyTorch's and nvidia-smi's words) in a text that shows Windows itself: there
        # the driver is the NVIDIA display driver, and Linux's modprobe/DKMS advice has nothing to act on.
        patterns=(r"Found no NVIDIA driver on your system",
                  r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"),
        contexts=("windows",),
        refines=("kernel.driver-not-loaded",),
        severity="fail",
        cause="On Windows no NVIDIA display driver answered: the PC has no NVIDIA GPU (AMD or Intel graphics only), or "
              "its NVIDIA GPU has no working driver (not installed, disabled, or stopped with an error in Device "
              "Manager).",
        advice=("Open Device Manager > Display adapters. No NVIDIA GPU listed (AMD Radeon or Intel graphics only): CUDA "
                "cannot run here; use the program's AMD or CPU path instead (stable-diffusion-webui-directml/amdgpu: "
                "start with --use-directml or --use-zluda after deleting its venv folder; otherwise a CPU build). An "
                "NVIDIA GPU listed with a warning sign or as disabled: install the current driver from nvidia.com "
                "(Custom > Perform a clean installation), enable the device, restart, and check `nvidia-smi` in a new "
                "terminal."),
        action="configure",
        rules_out=("a Linux kernel module",),
        never_suggest=("modprobe", "install linux-headers", "install nvidia-driver"),
        sources=("https://github.com/lshqqytiger/stable-diffusion-webui-amdgpu/issues/411",
                 "https://github.com/lshqqytiger/stable-diffusion-webui-amdgpu/issues/417",
                 "https://www.nvidia.com/Download/index.aspx"),
        checked="2026-11-26",
        examples=("wsl/sdwebuiamdgpu-411-torch-cuda-path-on-amd-gpu.txt",),
    ),
    Signature(
        code="wsl.service-unexpected-failure",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # wsl.exe 2.x's line when its service fails with E_UNEXPECTED ("Catastrophic failure" above it, in the system's
        # language): after sleep, an update or a crash of the VM.
        patterns=(r"Error code: Wsl/Service/(?:[\w/]{1,60}/)?E_UNEXPECTED\b",
                  # The same failure as its HRESULT (0x8000ffff), as older wsl.exe and the installer print it.
                  r"(?:Error code: Wsl/[\w/]{0,60}|WslRegisterDistribution failed with error: )0x8000ffff\b"),
        severity="fail",
        cause="wsl.exe could not start the distribution: the WSL service failed with an unexpected error (after sleep, "
              "an update or a crash of the WSL 2 VM it is left in a bad state).",
        advice=("Restart WSL: `wsl --shutdown`, or restart the WSL service (services.msc > WSL Service > Restart, or "
                "`Restart-Service WslService` in an administrator PowerShell), and update WSL with `wsl --update`; then "
                "open the distribution again. If only one distribution keeps failing while others start, its virtual "
                "disk may be damaged: export what it holds (`wsl --export`) and import it again."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/WSL/issues/9490", "https://github.com/microsoft/WSL/issues/40450",
                 "https://learn.microsoft.com/en-us/windows/wsl/troubleshooting"),
        checked="2026-11-26",
        examples=("wsl/wsl-9490-service-e-unexpected-wsl-update.txt",),
    ),
    Signature(
        code="wsl.distribution-disk-missing",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # wsl.exe 2.x when a registered distribution's files are gone: its ext4.vhdx (moved, deleted, a reinstalled
        # distribution under a new package folder) at CreateInstance/MountVhd, or its folder at CreateInstance. The
        # code line is printed in every language; WSL's own system disk is wsl.system-disk-missing's.
        patterns=(r"Wsl/Service/CreateInstance/MountVhd/HCS/ERROR_FILE_NOT_FOUND",
                  r"Wsl/Service/CreateInstance/ERROR_(?:FILE|PATH)_NOT_FOUND\b",
                  r"Failed to attach disk '[^'\n]{1,200}\.vhdx' to WSL2: The system cannot find the"),
        severity="fail",
        cause="WSL cannot start the distribution: the virtual disk (ext4.vhdx) its registration points to is missing, "
              "after the distribution was moved, deleted or reinstalled under a new folder.",
        advice=("If the disk was moved, move it back (the path is in the message). Otherwise remove the stale "
                "registration: `wsl -l -v` lists it, `wsl --unregister <distro>` deletes it (and whatever was left of "
                "its files), then install or open the distribution again; for Docker Desktop's own distribution run "
                "`wsl --unregister docker-desktop` and restart Docker Desktop."),
        action="configure",
        rules_out=("the NVIDIA driver", "the Virtual Machine Platform"),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/AndreWeiner/ml-cfd-lecture/issues/41", "https://github.com/microsoft/WSL/issues/8710",
                 "https://github.com/microsoft/WSL/issues/10032"),
        checked="2026-11-26",
        examples=("wsl/mlcfdlecture-41-mountvhd-ext4-vhdx-not-found.txt",
                  "wsl/wsl-8710-createinstance-file-not-found-unregister.txt"),
    ),
    Signature(
        code="wsl.system-disk-missing",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # WSL's own runtime disks (C:\Program Files\WSL\system.vhd, tools\modules.vhd) missing after an update of the
        # package: wsl.exe fails at CreateVm for every distribution. ERROR_PATH_NOT_FOUND at the same step (with or
        # without HCS/, also when `wsl --install` registers a distribution or --set-version converts one) is a file
        # of the package's folder missing too; ConfigureGpu/.../ERROR_PATH_NOT_FOUND is wsl.configure-gpu-failed's.
        patterns=(r"Wsl/Service/CreateInstance/CreateVm/(?:MountVhd/)?HCS/ERROR_FILE_NOT_FOUND",
                  r"Wsl/(?:InstallDistro/)?Service/(?:CreateInstance/|RegisterDistro/)?CreateVm/(?:HCS/)?"
                  r"ERROR_PATH_NOT_FOUND\b",
                  r"Failed to attach disk '[^'\n]{0,120}\\WSL\\(?:tools\\)?(?:system|modules)\.vhd'"),
        severity="fail",
        cause="WSL 2 cannot start any distribution: its own files (C:\\Program Files\\WSL\\system.vhd, "
              "tools\\modules.vhd, the kernel) are missing, left out by an interrupted or broken update of the WSL "
              "package.",
        advice=("Repair the WSL package: download the .msi of the installed (or a newer) version from "
                "https://github.com/microsoft/WSL/releases, right-click it and choose Repair (or run it), then start "
                "WSL again (`wsl --update --web-download` also reinstalls it); the distributions and their files are "
                "not affected, so do not unregister them."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distributions' disks"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/12566", "https://github.com/microsoft/WSL/issues/40762",
                 "https://github.com/microsoft/WSL/issues/40488", "https://github.com/microsoft/WSL/issues/40683",
                 "https://github.com/microsoft/WSL/issues/11677", "https://github.com/MicrosoftDocs/WSL/issues/2452"),
        checked="2026-11-26",
        examples=("wsl/wsl-12566-system-vhd-not-found-msi.txt",
                  "wsl/wsl-40683-createvm-hcs-file-not-found-background-update.txt"),
    ),
    Signature(
        code="wsl.docker-desktop-wsl-update-failed",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # Docker Desktop's own words when its start-up step `wsl.exe --update --web-download` fails: the old inbox
        # wsl.exe of Windows 10 has no --web-download (it prints its usage), or the update cannot run unattended.
        patterns=(r"wsl update failed: (?:a manual wsl update is required|update failed: updating wsl)",
                  r"wsl\.exe --update --web-download not supported"),
        severity="fail",
        cause="Docker Desktop could not update WSL, which it needs current: the installed WSL is the old inbox one "
              "(no `--web-download`, no Store package) or the update must be run by hand.",
        advice=("Update WSL yourself in an administrator PowerShell: `wsl --update`; where that reports no updates on "
                "Windows 10 or fails, install the current WSL package (`wsl --install --no-distribution`, the latest "
                ".msi from https://github.com/microsoft/WSL/releases, or Windows Subsystem for Linux from the Microsoft "
                "Store); `wsl --version` must then print a 2.x version. Restart Windows and start Docker Desktop again."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/docker/for-win/issues/14022", "https://github.com/docker/for-win/issues/14177",
                 "https://github.com/docker/for-win/issues/13801"),
        checked="2026-11-26",
        examples=("wsl/dockerforwin-14022-wsl-update-failed-web-download.txt",),
    ),
    Signature(
        code="wsl.virtual-disk-compressed",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # 0xc03a001a (ERROR_VHD... virtual disk system limitation): the distribution's ext4.vhdx sits in an NTFS-compressed
        # or encrypted folder, or is sparse; the installer, `wsl --set-version` and wsl.exe 2.x print the sentence.
        # The sentence is Windows' own text for the code; some pastes carry it translated back ("cannot be completed due
        # to virtual disk system limitations").
        patterns=(r"could not be completed due to a virtual disk system limitation",
                  r"cannot be completed due to (?:a )?virtual disk system limitation",
                  r"WslRegisterDistribution failed with error: 0xc03a001a",
                  r"Wsl/[\w/]{0,60}0xc03a001a\b"),
        severity="fail",
        cause="WSL 2 cannot use the distribution's virtual disk (ext4.vhdx): its folder is NTFS-compressed or encrypted, "
              "or the file is sparse, which Hyper-V's virtual disks do not allow.",
        advice=("Open the distribution's folder under %LocalAppData%\\Packages (CanonicalGroupLimited.Ubuntu..., or the "
                "folder holding ext4.vhdx), Properties > Advanced, untick \"Compress contents to save disk space\" and "
                "\"Encrypt contents to secure data\", apply to the folder and its files, then start or convert the "
                "distribution again (`wsl --set-version <distro> 2`). If the disk was made sparse (sparseVhd=true, or "
                "`wsl --manage <distro> --set-sparse true`), turn that off first with `wsl --manage <distro> "
                "--set-sparse false` (e.g. before `wsl --manage <distro> --resize`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the firmware's virtualization"),
        never_suggest=("install nvidia-driver",),
        sources=("https://github.com/microsoft/WSL/issues/4299", "https://github.com/microsoft/WSL/issues/4190",
                 "https://github.com/microsoft/WSL/issues/4103",
                 "https://github.com/microsoft/WSL/issues/12821",
                 "https://learn.microsoft.com/en-us/windows/wsl/troubleshooting"),
        checked="2026-11-26",
        examples=("wsl/wsl-4299-0xc03a001a-compressed-package-folder.txt", "wsl/wsl-4190-set-version-virtual-disk-limitation.txt",
                  "wsl/wsl-12821-manage-resize-sparse-virtual-disk-limitation.txt"),
    ),
)
