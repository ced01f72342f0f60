"""WSL and Windows: WSL 2's virtual machine and kernel, the dxg driver's boot noise, and Docker Desktop's WSL
integration (rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_TROUBLESHOOTING = "https://learn.microsoft.com/en-us/windows/wsl/troubleshooting"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.vm-platform-unavailable",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # HCS_E_HYPERV_NOT_INSTALLED (0x80370102) as the distribution installer, wsl.exe (1.x and 2.x's
        # "Wsl/Service/CreateInstance/CreateVm/HCS/0x80370102") and Docker Desktop print it.
        # Not 0x80370109 (HCS_E_CONNECTION_TIMEOUT) nor 0x8037010d (HCS_E_INVALID_JSON): wsl.vm-connection-timeout's and
        # wsl.wslconfig-vm-settings-refused's, with other fixes.
        patterns=(r"WslRegisterDistribution failed with error: (?P<code>0x8037010(?![9dD])[0-9a-fA-F])",
                  r"/CreateVm/HCS/0x80370102\b",
                  # The installer's hint, in full or with the abbreviations some builds print ("VMP", "v12n").
                  r"Please enable the (?:\\?\")?(?:Virtual Machine Platform|VMP)(?:\\?\")? (?:Windows feature|optional component)",
                  r"WSL2 is not supported with your current machine configuration",
                  # wsl.exe 2.x's own string (MessageEnableVirtualization in WSL's localization resources).
                  r"WSL2 is unable to start since virtualization is not enabled on this machine",
                  r"please install the optional component Virtual Machine Platform",
                  # wsl.exe 2.x names the HCS error: Wsl/Service/CreateInstance/CreateVm/HCS/HCS_E_HYPERV_NOT_INSTALLED.
                  r"/HCS/HCS_E_HYPERV_NOT_INSTALLED",
                  # The hypervisor is installed but not running (firmware virtualization off, hypervisorlaunchtype off).
                  r"Error code: Wsl/[\w/]{0,60}HCS_E_SERVICE_NOT_AVAILABLE",
                  # The code and "installed" are left to \w so that the matcher's prefilter keys on the rarer words.
                  r"0x\w{8}:? The virtual machine could not be started because a required feature is not \w{9}",
                  # Docker Desktop's own words when its WSL 2 or Hyper-V back end finds no hypervisor to start.
                  r"Docker Desktop is unable to detect a Hypervisor",
                  r"Hardware assisted virtualization and data execution protection must be enabled in the BIOS",
                  r"Docker Desktop failed to start because virtuali[sz]ation support wasn't detected"),
        severity="fail",
        cause="WSL 2 cannot start its virtual machine: the Virtual Machine Platform feature, the firmware's "
              "virtualization or the Windows hypervisor is off (or Windows itself runs in a VM without nested "
              "virtualization).",
        advice=("Turn virtualization (Intel VT-x / AMD-V, SVM) on in the BIOS/UEFI setup (Task Manager > Performance > "
                "CPU must then show Virtualization: Enabled), enable the feature in an administrator PowerShell with "
                "`dism.exe /online /enable-feature /featurename:VirtualMachinePlatform /all /norestart`, make sure "
                "`bcdedit` shows hypervisorlaunchtype Auto (`bcdedit /set hypervisorlaunchtype auto`), then restart "
                "Windows. If Windows itself runs in a virtual machine, enable nested virtualization on its host "
                "(Hyper-V: `Set-VMProcessor <VMName> -ExposeVirtualizationExtensions $true`; VMware/VirtualBox: "
                "expose VT-x/AMD-V to the guest) or use WSL 1 (`wsl --set-default-version 1`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "install the CUDA toolkit"),
        sources=("https://github.com/microsoft/WSL/issues/8649", "https://github.com/microsoft/WSL/issues/5363",
                 "https://github.com/microsoft/WSL/issues/5430", "https://github.com/microsoft/WSL/issues/4120",
                 WSL_TROUBLESHOOTING, "https://github.com/docker/for-win/issues/6252",
                 "https://github.com/upleveled/system-setup/issues/62",
                 "https://github.com/microsoft/WSL/blob/master/localization/strings/en-US/Resources.resw"),
        checked="2026-11-26",
        examples=("wsl/wsl-8649-wslregisterdistribution-0x80370102.txt",
                  "wsl/wsl-8793-hcs-e-service-not-available.txt",
                  "wsl/wsl-vpnkit-207-hcs-service-not-available.txt",
                  "wsl/wsl-5430-0x80370102-virtualbox-guest-nested.txt",
                  "wsl/upleveled-system-setup-62-docker-desktop-bios-virtualization.txt"),
    ),
    Signature(
        code="wsl.vm-required-feature-missing",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # 0x80370114 (the operation could not be started because a required feature is not installed): Hyper-V's
        # compute service (vmcompute) could not start the VM, as the installer, wsl.exe 1.x and 2.x print it.
        patterns=(r"WslRegisterDistribution failed with error: 0x80370114",
                  r"/CreateVm/HCS/0x80370114\b",
                  r"The operation could not be started because a required feature is not \w{9}"),
        severity="fail",
        cause="WSL 2 cannot start its virtual machine: Hyper-V's Host Compute Service (vmcompute) is not fully "
              "installed or is blocked (error 0x80370114).",
        advice=("In Turn Windows features on or off (OptionalFeatures.exe) enable Virtual Machine Platform and all of "
                "Hyper-V (Hyper-V Platform > Hyper-V Hypervisor and Hyper-V Services; or `dism.exe /online "
                "/enable-feature /featurename:Microsoft-Hyper-V-All /all /norestart`), check that virtualization is "
                "on in the BIOS/UEFI, and restart Windows. If they are all on, open Windows Security > App & browser "
                "control > Exploit protection > Program settings and set Control flow guard (CFG) for "
                "C:\\Windows\\System32\\vmcompute.exe (and vmwp.exe) back to the system setting, then restart."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "install the CUDA toolkit"),
        sources=("https://github.com/microsoft/WSL/issues/8430", "https://github.com/microsoft/WSL/issues/4951",
                 WSL_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("wsl/wsl-8430-0x80370114-hyperv-hypervisor-feature.txt",
                  "wsl/wsl-4951-0x80370114-exploit-protection-cfg.txt"),
    ),
    Signature(
        code="wsl.dxg-ioctl-noise",
        cause_id="none",
        kinds=("any",),
        # The WSL kernel's dxgkrnl logs these at every boot while probing adapter features the host driver does not
        # implement (-22 EINVAL, -2 ENOENT); working GPU set-ups print them too.
        patterns=(r"dxgk: dxgkio_(?:query_adapter_info|is_feature_enabled): {0,8}Ioctl failed: -(?:22|2)\b",),
        severity="info",
        cause="WSL's dxg driver logged failed adapter queries at boot; they appear on working WSL GPU set-ups too.",
        advice=("Harmless by themselves: these dxg lines are printed on working WSL 2 GPU set-ups, so ignore them and "
                "look for the error that stopped the program (`nvidia-smi` inside WSL shows whether the GPU is there)."),
        action="none",
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/WSL/issues/40715", "https://github.com/microsoft/WSL/issues/9029"),
        checked="2026-11-26",
        examples=("wsl/wsl-40715-dxgkio-ioctl-failed-non-fatal.txt",),
    ),
    Signature(
        code="wsl.kernel-component-missing",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # wsl.exe on Windows 10 and early 11, where the WSL 2 Linux kernel came as a separate package (and 0x800701bc
        # in later wording), before WSL itself moved to the Store.
        # The address is printed in every language, and cut short in some pastes ("https://aka.ms/wsl2kern").
        patterns=(r"WSL 2 requires an update to its kernel", r"https://aka\.ms/wsl2kern",
                  # The code alone, as the distribution installer prints it before the sentence.
                  r"WslRegisterDistribution failed with error: 0x800701bc",
                  r"Error code: Wsl/[\w/]{0,60}0x800701bc\b",
                  # Docker Desktop's own words when its WSL 2 backend finds WSL 2 missing or half installed.
                  r"WSL ?2 installation is incomplete", r"WslKernelUpdateNotInstalledException"),
        severity="fail",
        cause="WSL 2 cannot start because its Linux kernel component is missing or too old.",
        advice=("Install or update the WSL 2 kernel: `wsl --update` in an administrator PowerShell (on older Windows 10 "
                "builds the kernel update package from https://aka.ms/wsl2kernel), then `wsl --shutdown` and set the "
                "distribution to WSL 2 again (`wsl --set-version DISTRO 2`)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "install the CUDA toolkit"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/969", "https://github.com/microsoft/WSL/issues/9626",
                 "https://github.com/docker/for-win/issues/12791",
                 "https://learn.microsoft.com/en-us/windows/wsl/install-manual"),
        checked="2026-11-26",
        examples=("wsl/msdocswsl-969-wsl2-kernel-component-update.txt",
                  "wsl/dockerforwin-12791-docker-desktop-wsl2-incomplete.txt"),
    ),
    Signature(
        code="wsl.driver-insufficient",
        cause_id="wsl-windows-driver-old",
        kinds=("any",),
        # cuda.driver-insufficient's lines in a text that shows WSL 2: there the driver is the Windows one, seen through
        # /usr/lib/wsl/lib, and it (or the Windows build offering GPU paravirtualization) is what is too old.
        patterns=(r"CUDA driver version is insufficient for CUDA runtime version", r"cudaErrorInsufficientDriver"),
        contexts=("wsl",),
        refines=("cuda.driver-insufficient",),
        severity="fail",
        cause="Inside WSL 2 the CUDA runtime found the driver too old: the NVIDIA driver on Windows (or the Windows "
              "build itself) is older than this CUDA version or than WSL's GPU support needs.",
        advice=("Update the NVIDIA driver on Windows (from nvidia.com; the WSL side needs no driver of its own) and "
                "Windows itself (CUDA in WSL 2 needs Windows 11 or Windows 10 21H2 or later), run `wsl --update` and "
                "`wsl --shutdown`, then check inside WSL that `nvidia-smi` shows the new driver and a CUDA version at "
                "least the program's."),
        action="configure",
        rules_out=("the CUDA toolkit inside WSL",),
        never_suggest=("install nvidia-driver", "apt install nvidia", "install the Linux NVIDIA driver"),
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1437", "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-26",
        examples=("wsl/nvidiadocker-1437-wsl2-insufficient-driver-old-windows.txt",),
    ),
    Signature(
        code="wsl.killed-memory-limit",
        cause_id="host-memory-oom",
        kinds=("any",),
        # A process killed with SIGKILL inside WSL 2: the shell's bare "Killed", a script's "line N: PID Killed",
        # people's "it just says killed", and torchrun's exit code -9 (frameworks.process-killed-sigkill's lines).
        # The WSL 2 VM gets half of Windows' RAM by default (8 GB on early builds) and its own swap, not Windows'.
        patterns=(r"^\s{0,4}Killed\s{0,4}$", r": line \d{1,6}: {1,2}\d{1,9} Killed\b",
                  r"\b(?:says|said|saying|prints|printed|shows|get|gets|got) [\"'`]?[Kk]illed\b",
                  r"[Ss]ignal 9 \(SIGKILL\) received by PID (?P<pid>\d{1,9})",
                  r"failed \(exitcode: -9\) local_rank: (?P<local_rank>\d{1,4})",
                  r"DataLoader worker \(pid \d{1,9}\) is killed by signal: Killed",
                  # nccl.launcher-rank-killed's lines: mp.spawn's and DeepSpeed's launcher's words for the same kill.
                  r"ProcessExitedException: process (?P<rank>\d{1,5}) terminated with signal SIGKILL",
                  r"exits with return code = -9\b",
                  # The other shells' and job control's words for the same kill ("zsh: killed     python3 app.py",
                  # "[1]+  Killed   python server.py"), and a bare "Killed" printed after a progress bar's last update.
                  # [Kk] keeps the prefilter off a pass of its own for words that start with "k" or "z".
                  r"zsh: [Kk]illed\s{1,12}\S", r"^\[\d{1,3}\][+-]? {1,4}Killed\b",
                  r"(?:it/s|s/it)\]\s{0,2}Killed\s{0,4}$",
                  # Exit status 137 (128 + SIGKILL) as docker compose and IDEs print it (Docker Desktop's engine runs in
                  # the same WSL 2 VM, under the same limit), and CPython's subprocess words for a child killed so.
                  r"exit(?:ed with)? code:? 137\b", r"died with <Signals\.SIGKILL: 9>",
                  # The kernel's own OOM-killer line in dmesg (5.x+ "Killed process", older "Kill process ... score").
                  r"Out of memory: Kill(?:ed)? process (?P<oom_pid>\d{1,9}) \((?P<process>[^)\n]{1,40})\)",
                  # ollama.runner-killed's line: Ollama's runner killed the same way inside WSL 2.
                  r"(?:llama runner|llama-server) process has terminated: signal: killed"),
        contexts=("wsl",),
        refines=("frameworks.process-killed-sigkill", "nccl.launcher-rank-killed", "ollama.runner-killed"),
        severity="fail",
        cause="The Linux kernel inside WSL 2 killed the process for lack of memory: the WSL 2 virtual machine has only "
              "part of Windows' RAM (half by default) and its own swap, whatever Windows itself has free.",
        advice=("Raise the WSL 2 virtual machine's memory and swap in %UserProfile%\\.wslconfig on Windows (a [wsl2] "
                "section with memory=48GB and swap=32GB, sized to the machine; the file must be UTF-8 with LF line "
                "endings to be read), run `wsl --shutdown`, and check inside WSL with `free -h` before loading the "
                "model again (`dmesg | grep -i 'killed process'` inside WSL confirms the kill was for memory)."),
        action="configure",
        rules_out=("GPU memory (a GPU that runs out raises CUDA out of memory, not a kill)",),
        never_suggest=("reinstall the driver", "lower the batch size"),
        sources=("https://github.com/qwopqwop200/GPTQ-for-LLaMa/issues/160", "https://github.com/oobabooga/textgen/issues/41",
                 "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"),
        checked="2026-11-26",
        examples=("wsl/gptq-160-killed-wsl2-memory.txt", "wsl/textgen-41-server-killed-under-wsl2.txt"),
    ),
    Signature(
        code="wsl.subsystem-feature-disabled",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # 0x8007019e, as the distribution's installer prints it (with the sentence in the system's language).
        patterns=(r"WslRegisterDistribution failed with error: 0x8007019e",
                  # wsl.exe 2.x's error code line for the same HRESULT ("Error code: Wsl/Service/CreateInstance/0x8007019e").
                  r"Error code: Wsl/[\w/]{0,60}0x8007019e\b",
                  r"The Windows Subsystem for Linux optional component is not enabled",
                  # wsl.exe 2.x's own strings (MessageWslOptionalComponentRequired, MessageMissingOptionalComponents,
                  # MessageWsl1NotSupported in WSL's localization resources).
                  r"requires the Windows Subsystem for Linux Optional Component",
                  r"\bWSL_E_WSL_OPTIONAL_COMPONENT_REQUIRED\b",
                  r"Optional components needed to run WSL are not installed",
                  r"Please enable the \W?Windows Subsystem for Linux\W? optional component to use WSL1",
                  # PowerShell's and cmd's words when wsl.exe itself is absent (WSL's troubleshooting page: the optional
                  # component is not installed).
                  r"The term 'wsl(?:\.exe)?' is not recognized as (?:the )?name of a cmdlet",
                  r"'wsl' is not recognized as an internal or external command",
                  # The same cmd.exe sentence in the locales pasted most (French, Spanish, Portuguese, German, Chinese).
                  r"'wsl(?:\.exe)?' (?:n\S{1,3}est pas reconnu en tant que commande|no se reconoce como un comando|"
                  r"n\S{1,4}o \S{1,3} reconhecido como um comando|ist entweder falsch geschrieben oder|不是内部或外部命令)"),
        severity="fail",
        cause="WSL cannot start any distribution because the Windows Subsystem for Linux optional feature is not enabled "
              "(or its installation did not complete at the last restart).",
        advice=("Enable it in an administrator PowerShell: `wsl --install --no-distribution` (or `wsl --install`) on "
                "current Windows, or `dism.exe /online "
                "/enable-feature /featurename:Microsoft-Windows-Subsystem-Linux /all /norestart` (and "
                "VirtualMachinePlatform for WSL 2; the only way on Windows 10 older than version 2004, build 19041), "
                "restart Windows, check in OptionalFeatures.exe that it stayed enabled, then open the distribution "
                "again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "install the CUDA toolkit"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/475", "https://github.com/microsoft/WSL/issues/3689",
                 "https://github.com/MicrosoftDocs/WSL/issues/1843", "https://github.com/ramyma/a8r8/issues/18",
                 "https://learn.microsoft.com/en-us/windows/wsl/install-manual",
                 "https://github.com/microsoft/WSL/blob/master/localization/strings/en-US/Resources.resw"),
        checked="2026-11-26",
        examples=("wsl/msdocswsl-475-0x8007019e-optional-component.txt", "wsl/wsl-3689-0x8007019e-after-reboot.txt",
                  "wsl/msdocswsl-1843-wsl-not-recognized-french.txt", "wsl/a8r8-18-wsl-e-optional-component-required.txt"),
    ),
    Signature(
        code="wsl.windows-nvcuda-missing",
        cause_id="driver-not-loaded",
        kinds=("any",),
        # nvcuda.dll is the CUDA driver API on Windows; only the NVIDIA display driver installs it (System32). TensorFlow's
        # self-check (1.x), its dso_loader (2.x) and Python's ctypes/os.add_dll_directory name it when it is missing.
        patterns=(r"Could not find '?nvcuda\.dll'?\. TensorFlow requires",
                  r"Could not load dynamic library 'nvcuda\.dll'",
                  r"Could not find module '[^'\n]{0,120}nvcuda\.dll'"),
        refines=("cuda.shared-library-not-loadable", "frameworks.tf-cuda-libraries-missing",),
        severity="fail",
        cause="Windows has no usable NVIDIA driver: nvcuda.dll, which only the NVIDIA display driver installs (in "
              "C:\\Windows\\System32), cannot be loaded.",
        advice=("Install (or repair with a clean install) the current NVIDIA display driver for this GPU from nvidia.com, "
                "restart, and check that `nvidia-smi` works in a new terminal; the CUDA toolkit does not provide "
                "nvcuda.dll. On a PC without an NVIDIA GPU use the framework's CPU build."),
        action="configure",
        rules_out=("the CUDA toolkit's DLLs (cudart, cublas)",),
        never_suggest=("add the CUDA toolkit to PATH",),
        sources=("https://github.com/EvilPort2/Sign-Language/issues/16", "https://github.com/faroit/CountNet/issues/5",
                 "https://github.com/NVIDIA/cuda-python/issues/1288"),
        checked="2026-11-26",
        examples=("wsl/signlanguage-16-tensorflow-nvcuda-dll-not-found.txt", "wsl/countnet-5-importerror-nvcuda-dll.txt"),
    ),
    Signature(
        code="wsl.hyperv-gpu-partition-policy",
        cause_id="hyperv-gpu-partition-refused",
        kinds=("any",),
        # Hyper-V's VM worker when a VM with a GPU partition adapter (GPU-PV) starts and the host's Hyper-V policy
        # (HKLM\SOFTWARE\Policies\Microsoft\Windows\HyperV) admits only secure, supported device assignment, which a
        # consumer GPU's partition is not: Start-VM (and the Easy-GPU-PV scripts) print it, wrapped across lines.
        patterns=(r"Could not allocate partitionable GPU device",
                  r"not compliant with currently set group policy\. See HyperV\\RequireSecureDeviceAssignment"),
        severity="fail",
        cause="Hyper-V refused to give the virtual machine its partition of the GPU: the host's Hyper-V group policy "
              "requires secure and supported device assignment, which this GPU's partition does not meet.",
        advice=("On the host, in an administrator PowerShell, set both policy values to 0: `New-Item -Force "
                "HKLM:\\SOFTWARE\\Policies\\Microsoft\\Windows\\HyperV; Set-ItemProperty "
                "HKLM:\\SOFTWARE\\Policies\\Microsoft\\Windows\\HyperV -Name RequireSecureDeviceAssignment -Type DWord "
                "-Value 0; Set-ItemProperty HKLM:\\SOFTWARE\\Policies\\Microsoft\\Windows\\HyperV -Name "
                "RequireSupportedDeviceAssignment -Type DWord -Value 0`, then start the VM again (`Start-VM NAME`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver",),
        sources=("https://github.com/jamesstringer90/Easy-GPU-PV/issues/125",
                 "https://github.com/b1on1cdog/FastGPUP/issues/3",
                 "https://learn.microsoft.com/en-us/windows-server/virtualization/hyper-v/gpu-partitioning"),
        checked="2026-11-26",
        examples=("wsl/easygpupv-125-gpu-partition-group-policy.txt",),
    ),
    Signature(
        code="wsl.docker-desktop-in-wsl1",
        cause_id="wsl1",
        kinds=("any",),
        # Docker Desktop's placeholder `docker` (and docker-compose) script inside a WSL distribution it cannot serve.
        patterns=(r"The command '(?P<command>docker(?:-compose)?)' could not be found in this WSL 1 distro",),
        severity="fail",
        cause="This distribution runs under WSL 1: Docker Desktop (and GPU access) works only in WSL 2 distributions, so "
              "{command} is just Docker Desktop's placeholder here.",
        advice=("From Windows, convert the distribution to WSL 2 (`wsl --set-version <distro> 2`, and `wsl "
                "--set-default-version 2` for new ones), then enable it in Docker Desktop under Settings > Resources > "
                "WSL integration and Apply & restart."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install docker inside the distribution"),
        sources=("https://github.com/docker/docs/issues/11099", "https://github.com/docker/docs/issues/11087",
                 "https://docs.docker.com/desktop/features/wsl/"),
        checked="2026-11-26",
        examples=("wsl/dockerdocs-11099-docker-not-found-wsl1-distro.txt", "wsl/dockerdocs-11087-wsl1-distro-docker-desktop.txt"),
    ),
    Signature(
        code="wsl.docker-desktop-integration-off",
        cause_id="docker-desktop-wsl-integration",
        kinds=("any",),
        patterns=(r"The command '(?P<command>docker(?:-compose)?)' could not be found in this WSL 2 distro",),
        severity="fail",
        cause="Docker Desktop's WSL integration does not reach this WSL 2 distribution, so {command} is only its "
              "placeholder: Docker Desktop is not running, integration is off for this distribution, or Docker Desktop "
              "is in Windows containers mode.",
        advice=("Start Docker Desktop on Windows; make sure it runs Linux containers (not Windows containers mode); under "
                "Settings > Resources > WSL integration enable this distribution and Apply & restart; then `docker "
                "run --rm --gpus all nvidia/cuda:12.4.1-base-ubuntu22.04 nvidia-smi` in the distribution must list the "
                "GPU. If the integration list is empty, `wsl -l -v` must show docker-desktop Running (reinstall Docker "
                "Desktop if it is missing)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container toolkit"),
        never_suggest=("reinstall the driver", "install a Linux NVIDIA driver in WSL"),
        sources=("https://github.com/docker/getting-started/issues/409", "https://github.com/docker/for-win/issues/9786",
                 "https://github.com/docker/for-win/issues/13088", "https://docs.docker.com/desktop/features/wsl/"),
        checked="2026-11-26",
        examples=("wsl/dgs-409-docker-cli-missing-until-desktop-started.txt",
                  "wsl/dockerforwin-9786-docker-not-found-windows-containers-mode.txt"),
    ),
    Signature(
        code="wsl.docker-daemon-in-wsl1",
        cause_id="wsl1",
        kinds=("any",),
        # Docker Engine's own daemon (dockerd, docker.io) started inside a WSL distribution: WSL 1 has no Linux kernel,
        # so netfilter's tables (and the devices cgroup) that dockerd sets up do not exist. iptables' own words (from
        # "initialize": pastes wrap the line after "can't"),
        # whether dockerd or a person ran it; legacy and nf_tables builds print the same sentence.
        patterns=(r"initialize iptables table `(?:nat|filter)': Table does not exist",
                  r"Devices cgroup isn't mounted"),
        contexts=("wsl",),
        severity="fail",
        cause="Docker's daemon cannot set up its network inside this WSL distribution: the distribution runs under WSL 1, "
              "which has no Linux kernel (no netfilter tables, no cgroups) for Docker Engine.",
        advice=("In PowerShell check `wsl -l -v`: at VERSION 1, convert the distribution to WSL 2 (`wsl --set-version "
                "<distro> 2`, and `wsl --set-default-version 2`) and start dockerd again, or use Docker Desktop's WSL 2 "
                "back end instead of a daemon in the distribution. Already at VERSION 2, switch iptables to the other "
                "backend (`sudo update-alternatives --config iptables`) and restart dockerd."),
        action="configure",
        rules_out=("the NVIDIA driver", "the container toolkit"),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/moby/moby/issues/41375", "https://github.com/microsoft/WSL/issues/767",
                 "https://github.com/microsoft/WSL/issues/5081", "https://docs.docker.com/desktop/features/wsl/"),
        checked="2026-11-26",
        examples=("wsl/moby-41375-dockerd-iptables-nat-wsl1-kernel.txt", "wsl/wsl-767-iptables-table-missing-wsl1.txt"),
    ),
    Signature(
        code="wsl.nvlddmkm-graphics-exception",
        cause_id="gpu-unstable-under-load",
        kinds=("any",),
        # nvlddmkm's event 13 in Windows' System log, the Windows form of Xid 13: "The description for Event ID 13 from
        # source nvlddmkm cannot be found ... Graphics Exception: ESR 0x...=0x..." or "NVRM: Graphics TEX Exception on
        # (GPC 0, TPC 0): TEX NACK / Page Fault". On Linux the same words follow "NVRM: Xid (PCI:...): 13, ", which the
        # kernel rows read, so the patterns refuse them there.
        patterns=(r"Event ID 13 from source nvlddmkm",
                  # the words before "ESR" in lookbehinds and "=0x" split, so that the prefilter keys on "ESR", not on
                  # "Exception" (every Python traceback)
                  r"(?<!, Graphics Exception: )(?<=Graphics Exception: )ESR 0x[0-9a-fA-F]{4,8}=(?=0)0x",
                  r"(?<!\d, )Graphics Exception: {1,2}EXTRA_INLINE_DATA",
                  r"NVRM: Graphics (?:SM |TEX )?(?:Warp |Global )?Exce(?=ption)ption on \(GPC \d{1,2}, TPC \d{1,2}"),
        severity="fail",
        cause="The NVIDIA Windows driver (nvlddmkm) logged a GPU exception (event 13, the Windows form of Xid 13): a "
              "kernel faulted on the GPU, from an overclock or undervolt the card does not hold, or from the program "
              "that ran.",
        advice=("Run the GPU at stock clocks and voltage (reset the overclock or undervolt in MSI Afterburner, EVGA "
                "Precision or NVIDIA Inspector) and update the NVIDIA driver; if the exceptions still come from one "
                "program only, update or report that program, whose kernel faulted."),
        action="configure",
        rules_out=("a missing CUDA library",),
        never_suggest=("reinstall CUDA", "TdrDelay"),
        sources=("https://github.com/nicehash/NiceHashMiner-Archived/issues/560",
                 "https://github.com/nicehash/NiceHashMiner-Archived/issues/1365",
                 "https://github.com/nicehash/NiceHashMiner-Archived/issues/758", "https://docs.nvidia.com/deploy/xid-errors/"),
        checked="2026-11-26",
        examples=("wsl/nicehash-560-graphics-exception-overclock.txt",),
    ),
    Signature(
        code="wsl.hyperv-mmio-above-address-range",
        cause_id="hyperv-mmio-above-cpu-range",
        kinds=("any",),
        # Hyper-V's VM worker at Start-VM when the VM's high MMIO gap (HighMemoryMappedIoSpace, which GPU-PV and DDA
        # scripts raise to 32 GB or more) ends above the host CPU's physical address width: "specifies an upper MMIO
        # region that is above the supported physical address range" and "The upper MMIO region (0x...) is above the
        # (the) supported physical address range. Make sure that the upper MMIO region is below 0x...".
        patterns=(r"upper MMIO region (?:that |\(0x[0-9a-fA-F]{1,16}\) )?is above the (?:the )?supported physical "
                  r"address range",),
        severity="fail",
        cause="Hyper-V would not start the virtual machine: its high memory-mapped I/O space, raised for the GPU "
              "(GPU-PV or DDA), ends above the physical address range this CPU supports (older Intel CPUs address "
              "only 36 bits, 64 GB).",
        advice=("On the host, with the VM off, lower its high MMIO space below the limit the message names: `Set-VM "
                "-VMName <vm> -HighMemoryMappedIoSpace 512MB` (a larger value that still ends below the limit works "
                "too), then `Start-VM <vm>`; the GPU partition's VRAM does not depend on it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("reinstall the driver", "update the driver"),
        sources=("https://github.com/jamesstringer90/Easy-GPU-PV/issues/153",
                 "https://github.com/jamesstringer90/Easy-GPU-PV/issues/40",
                 "https://github.com/jamesstringer90/Easy-GPU-PV/issues/278"),
        checked="2026-11-26",
        examples=("wsl/easygpupv-153-upper-mmio-above-physical-address-range.txt",),
    ),
    Signature(
        code="wsl.windows-ninja-path-too-long",
        cause_id="windows-long-paths",
        kinds=("any",),
        # ninja's own error on Windows when an object or source path is longer than MAX_PATH ("ninja: error: Stat(...):
        # Filename longer than 260 characters"). torch.utils.cpp_extension builds CUDA extensions (xformers,
        # flash-attn, pointnet2, ComfyUI nodes) in pip's %TEMP%\pip-install-* folder and repeats the source path under
        # build\temp...\Release, so the paths double. ninja before 1.12 ignores Windows' long path setting.
        patterns=(r"Filename longer than 260 char",),  # keyed on "Filename", not "characters", which ordinary log lines print
        severity="fail",
        cause="The CUDA extension's build stopped because ninja met a path over Windows' 260-character limit: pip builds "
              "in a deep temporary folder and repeats the source path for each object file, and ninja before 1.12 "
              "cannot use longer paths even with long path support on.",
        advice=("Install a prebuilt wheel of the package for your torch and CUDA if one exists (xformers: from "
                "pytorch.org's index for your torch, `pip install -U xformers --index-url "
                "https://download.pytorch.org/whl/cu124`). To build: `pip install -U ninja` (1.12 or newer) with "
                "LongPathsEnabled set to 1, or build from a short folder: `set TEMP=C:\\t` and `set TMP=C:\\t` (PowerShell: "
                "`$env:TEMP='C:\\t'; $env:TMP='C:\\t'`), or clone the source into C:\\src and `pip install "
                "--no-build-isolation .` there."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU", "the CUDA toolkit"),
        never_suggest=("reinstall the driver", "reinstall CUDA", "TORCH_CUDA_ARCH_LIST"),
        sources=("https://github.com/ninja-build/ninja/issues/2400", "https://github.com/ninja-build/ninja/issues/1900",
                 "https://github.com/MrForExample/ComfyUI-3D-Pack/issues/42",
                 "https://github.com/facebookresearch/xformers/issues/1168",
                 "https://learn.microsoft.com/en-us/windows/win32/fileio/maximum-file-path-limitation"),
        checked="2026-11-26",
        examples=("wsl/ninja-2400-xformers-filename-longer-than-260.txt",),
    ),
)
