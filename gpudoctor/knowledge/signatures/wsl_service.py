"""WSL on Windows: wsl.exe failing to download, to reach its service or virtual machine, or to attach a distribution's
disk, read by the error codes wsl.exe prints in every language (rows of the wsl area, joined into wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

WSL_TROUBLESHOOTING = "https://learn.microsoft.com/en-us/windows/wsl/troubleshooting"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.vhdx-in-use",
        cause_id="wsl-vhdx-in-use",
        kinds=("any",),
        # ERROR_SHARING_VIOLATION (0x80070020) while wsl.exe attaches a distribution's ext4.vhdx at start: wsl.exe 1.x/2.x
        # print "Error code: Wsl/Service/CreateInstance[/MountVhd|/MountDisk]/0x80070020" under the localized text, older
        # ones only "Failed to attach disk '...ext4.vhdx' to WSL2: The process cannot access the file ...". Not
        # AttachDisk (wsl --mount of a physical disk Windows uses), a documented limitation with another answer.
        patterns=(r"Wsl/Service/CreateInstance/(?:MountVhd/|MountDisk/)?(?:HCS/)?(?:0x80070020|ERROR_SHARING_VIOLATION)\b",
                  r"Failed to attach disk '[^'\n]{1,200}\.vhdx' to WSL2: The process cannot access the file because it "
                  r"is being used by another process"),
        severity="fail",
        cause="WSL cannot start the distribution: another Windows process holds its virtual disk (ext4.vhdx) open, such "
              "as a backup, sync or antivirus program, or an unfinished wsl --export or wsl --mount.",
        advice=("Run `wsl --shutdown`, then find the process holding the ext4.vhdx: in an administrator prompt run "
                "Sysinternals `handle ext4.vhdx` (or search Resource Monitor > CPU > Associated Handles for vhdx); close "
                "it, or exclude .vhdx files from the backup, sync or antivirus program that holds it, or restart "
                "Windows if nothing shows; then start the distribution again. Its files are intact: do not unregister "
                "it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the Virtual Machine Platform"),
        never_suggest=("install nvidia-driver", "wsl --unregister", "reinstall WSL"),
        sources=("https://github.com/microsoft/WSL/issues/6415", "https://github.com/microsoft/WSL/issues/9883",
                 "https://github.com/Biswa96/wslbridge2/issues/40"),
        checked="2026-11-26",
        examples=("wsl/wsl-6415-createinstance-0x80070020-vhdx-locked.txt",
                  "wsl/wsl-9883-mountvhd-0x80070020-after-export.txt"),
    ),
    Signature(
        code="wsl.install-download-failed",
        cause_id="wsl-install-download-failed",
        kinds=("any",),
        # wsl --install / --update / --list --online download the distribution list (raw.githubusercontent.com), the
        # distribution and the WSL package through WinINet: its failures are 0x80072eXX (0x80072ee2 timeout, 0x80072ee7
        # name not resolved, 0x80072efd cannot connect, 0x80072eff connection reset), printed as
        # "Error code: Wsl/InstallDistro/WININET_E_NAME_NOT_RESOLVED" or the bare code in the installer's localized lines.
        patterns=(r"Error code: Wsl/[A-Za-z/]{0,60}?(?P<code>WININET_E_[A-Z_]{4,40}|0x80072[eEfF][0-9a-fA-F]{2})\b",
                  r"Failed to fetch the list distribution from '",
                  r"WSL[^\n]{0,120}?\b(?P<code>0x80072e(?:e2|e7|fd|ff))\b"),
        severity="fail",
        cause="WSL could not download what it installs (the distribution list, a distribution, the WSL package or "
              "kernel): Windows could not reach the server, a network, DNS, proxy or VPN problem on the Windows side.",
        advice=("Check that Windows reaches the internet and resolves names (`nslookup raw.githubusercontent.com` in "
                "PowerShell); turn the VPN or proxy off, or set a public DNS server; if the network stack is broken, "
                "reset it as administrator (`netsh winsock reset`, `netsh int ip reset all`, `netsh winhttp reset proxy`, "
                "`ipconfig /flushdns`) and restart Windows. Then run the command again, or install without that "
                "download: `wsl --install --web-download -d Ubuntu`, the distribution from the Microsoft Store, or the "
                "WSL .msi from https://github.com/microsoft/WSL/releases."),
        action="configure",
        rules_out=("the NVIDIA driver", "the Virtual Machine Platform"),
        never_suggest=("install nvidia-driver", "enable virtualization in the BIOS"),
        sources=("https://github.com/microsoft/WSL/issues/10051", "https://github.com/microsoft/WSL/issues/10954",
                 "https://github.com/microsoft/WSL/issues/9470", "https://github.com/microsoft/WSL/issues/8784"),
        checked="2026-11-26",
        examples=("wsl/wsl-10051-install-wininet-name-not-resolved.txt",
                  "wsl/wsl-10954-list-online-0x80072ee2-timeout.txt"),
    ),
    Signature(
        code="wsl.windows-service-stopped",
        cause_id="wsl-windows-service-stopped",
        kinds=("any",),
        # RPC_S_SERVER_UNAVAILABLE (0x800706ba), CO_E_SERVER_EXEC_FAILURE (0x80080005) and ERROR_SERVICE_DISABLED
        # (0x80070422) while a distribution registers or starts: the WSL service (LxssManager, WslService for the Store
        # WSL) or the DNS Client service it relies on is stopped or disabled.
        patterns=(r"WslRegisterDistribution failed with error: (?P<code>0x800706[bB][aA]|0x80080005|0x80070422)\b",
                  r"Error code: Wsl/[A-Za-z/]{0,60}?(?P<code>0x800706[bB][aA]|0x80080005|0x80070422|"
                  r"RPC_S_SERVER_UNAVAILABLE|CO_E_SERVER_EXEC_FAILURE|ERROR_SERVICE_DISABLED)\b"),
        severity="fail",
        cause="WSL could not reach a Windows service it needs ({code}): the WSL service (LxssManager, or WslService for "
              "the Microsoft Store WSL) or the DNS Client service is stopped or disabled, or a VPN client intercepts the "
              "connection.",
        advice=("In an administrator PowerShell check `Get-Service LxssManager, WslService, Dnscache, vmcompute`: none may "
                "be Disabled; set the WSL service to start (`sc.exe config LxssManager start= auto`, or WslService for "
                "the Store WSL), turn the DNS Client service (Dnscache) on, turn the VPN client off, restart Windows and "
                "open the distribution again. If registering still fails, install it under WSL 1 "
                "(`wsl --set-default-version 1`) and convert it afterwards (`wsl --set-version <distro> 2`)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/5164", "https://github.com/microsoft/WSL/issues/4112",
                 "https://github.com/microsoft/WSL/issues/5700", "https://github.com/microsoft/WSL/issues/4606"),
        checked="2026-11-26",
        examples=("wsl/wsl-5164-register-0x800706ba-dns-client.txt", "wsl/wsl-4112-register-0x800706ba-wsl1-default.txt",
                  "wsl/wsl-5700-register-0x80080005-lxssmanager.txt"),
    ),
    Signature(
        code="wsl.vm-connection-timeout",
        cause_id="wsl-service-unresponsive",
        kinds=("any",),
        # WSAETIMEDOUT (0x8007274c) and HCS_E_CONNECTION_TIMEOUT (0x80370109) when wsl.exe talks to the WSL 2 VM: "Error
        # code: Wsl/Service/0x8007274c" (the newest wsl.exe print the name, WSAETIMEDOUT: src/windows/common/wslutil.cpp)
        # under the localized Winsock text, or the text alone from older wsl.exe. The
        # Winsock sentence after "[WinError 10060] " or "): " is an ordinary network timeout (pip, requests, .NET), not WSL.
        patterns=(r"Error code: Wsl/Service/[A-Za-z/]{0,80}?(?P<code>0x8007274c|WSAETIMEDOUT|HCS_E_CONNECTION_TIMEOUT|"
                  r"0x80370109)\b",
                  r"The operation timed out because a response was not received from the virtual machine or container",
                  r"WslRegisterDistribution failed with error: (?P<code>0x80370109)\b",
                  r"(?<![\]:] )A connection attempt failed because the connected party did not properly respond "
                  r"after a period of time, or established connection failed because connected host has failed to "
                  r"respond\."),
        severity="fail",
        cause="wsl.exe got no answer in time from WSL's virtual machine or service: the instance or the WSL service hung "
              "(after sleep, an update or a crash), or third-party network or security software blocks its connection.",
        advice=("Run `wsl --shutdown` in PowerShell (if that hangs, restart the WSL service as administrator: "
                "`Restart-Service WslService`, or `Restart-Service LxssManager` for the inbox WSL, else restart "
                "Windows), then start the distribution again; if it comes back, run `wsl --update` and check "
                "third-party firewall, VPN or antivirus software. If %UserProfile%\\.wslconfig sets kernel=, remove that "
                "line first: a custom kernel that does not boot gives the same timeout."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/10570", "https://github.com/microsoft/WSL/issues/4860",
                 "https://github.com/microsoft/WSL/issues/10679", WSL_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("wsl/wsl-10570-service-0x8007274c-shutdown.txt", "wsl/wsl-4860-connection-attempt-failed-lxssmanager.txt"),
    ),
    Signature(
        code="wsl.windows-nvidia-smi-not-found",
        cause_id="windows-nvidia-smi-not-on-path",
        kinds=("any",),
        # cmd.exe's and PowerShell's own "not recognized" for nvidia-smi, in English and the locales pasted most: the
        # shell found no nvidia-smi.exe on PATH. Current NVIDIA drivers (DCH, since 2019) install it in
        # C:\Windows\System32; older (Standard) ones in C:\Program Files\NVIDIA Corporation\NVSMI, which is not on PATH.
        patterns=(r"'nvidia-smi(?:\.exe)?' is not recognized as an internal or external command",
                  r"The term 'nvidia-smi(?:\.exe)?' is not recognized as (?:the )?name of a cmdlet",
                  r"'nvidia-smi(?:\.exe)?' (?:n\S{1,4}o \S{1,3} reconhecido como um comando|no se reconoce como un comando|"
                  r"n\S{1,3}est pas reconnu en tant que commande|ist entweder falsch geschrieben oder|不是内部或外部命令)"),
        severity="warn",
        cause="Windows found no nvidia-smi on PATH: no NVIDIA driver is installed (or the machine has no NVIDIA GPU), "
              "or an older driver keeps nvidia-smi.exe in C:\\Program Files\\NVIDIA Corporation\\NVSMI, which is not "
              "on PATH.",
        advice=("Look in Device Manager > Display adapters. With an NVIDIA GPU, install the current NVIDIA driver from "
                "nvidia.com (it puts nvidia-smi.exe in C:\\Windows\\System32), or, on an older driver, run "
                "`\"C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe\"` or add that folder to PATH (then "
                "open a new terminal, or restart the service that calls it). Without an NVIDIA GPU (AMD, Intel, ZLUDA) "
                "the message is harmless: the program only lacks GPU statistics."),
        action="configure",
        rules_out=("the GPU's hardware",),
        never_suggest=("install the CUDA toolkit", "install nvidia-utils"),
        sources=("https://github.com/microsoft/vscode/issues/195198", "https://github.com/MicrosoftDocs/azure-docs/issues/110142",
                 "https://github.com/BeamMW/cuda-miner/issues/11", "https://github.com/plambe/zabbix-nvidia-smi-multi-gpu/issues/19"),
        checked="2026-11-26",
        examples=("wsl/vscode-195198-gpu-query-nvidia-smi-missing.txt",),
    ),
    Signature(
        code="wsl.winsock-provider-conflict",
        cause_id="wsl-winsock-lsp",
        kinds=("any",),
        # WSAEOPNOTSUPP (10045, HRESULT 0x8007273d) when wsl.exe opens its socket to the WSL 2 VM: a third-party Winsock
        # layered service provider (Proxifier, VPN clients, game accelerators) loaded into wsl.exe. wsl.exe 1.x/2.x add
        # "Error code: Wsl/Service/0x8007273d"; older ones print the Winsock text alone (Docker Desktop quotes it as
        # stdout). After "[WinError 10045] " or "(10045): " the same text is an ordinary socket error, not WSL's.
        patterns=(r"(?<![\]:] )The attempted operation is not supported for the type of object referenced",
                  r"Wsl/Service/[A-Za-z/]{0,60}?(?:0x8007273[dD]|WSAEOPNOTSUPP)\b",
                  r"参考的对象类型不支持尝试的操作"),
        severity="fail",
        cause="wsl.exe cannot open its connection to the WSL 2 virtual machine: a third-party Winsock provider (a proxy "
              "tool such as Proxifier, a VPN client or a game accelerator) hooked into it rejects the socket.",
        advice=("Reset the Winsock catalog in an administrator prompt (`netsh winsock reset`; restart Windows if WSL "
                "still fails) and start WSL again. If a proxy, VPN or game-accelerator tool installed the provider and "
                "the error returns after each restart, exclude wsl.exe from it instead (Proxifier's NoLsp.exe "
                "\"C:\\Windows\\System32\\wsl.exe\", then `wsl --shutdown`) or update that tool."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/4405", "https://github.com/microsoft/WSL/issues/9331",
                 "https://github.com/microsoft/WSL/issues/4177", "https://github.com/thsno02/ocr/issues/53"),
        checked="2026-11-26",
        examples=("wsl/wsl-4405-winsock-reset-after-ipconfig.txt", "wsl/wsl-9331-service-0x8007273d-nolsp-proxifier.txt"),
    ),
    Signature(
        code="wsl.network-setup-failed",
        cause_id="wsl-network-setup-failed",
        kinds=("any",),
        # wsl.exe 2.x when the Host Network Service cannot create the VM's network: "Error code:
        # Wsl/Service/CreateInstance/CreateVm/ConfigureNetworking/HNS/<code>" under the localized "Failed to configure
        # network (networkingMode Nat). To disable networking, ...". Not its warning "Failed to configure network
        # (networkingMode Nat), falling back to networkingMode VirtioProxy.", after which WSL runs.
        patterns=(r"Wsl/Service/CreateInstance/CreateVm/ConfigureNetworking/(?:HNS/)?(?P<code>[A-Za-z0-9_]{3,40})\b",
                  r"Failed to configure network \(networkingMode \w{2,12}\)\. To disable networking"),
        severity="fail",
        cause="WSL 2 could not set up its virtual network through Windows' Host Network Service, so the VM does not "
              "start: the service is in a bad state, or a Windows update turned the Virtual Machine Platform (or a "
              "service it needs) off.",
        advice=("Restart Windows first (it resets the Host Network Service; E_ACCESSDENIED and 0x803b0017 clear that "
                "way). If it persists, above all with 0x80070424 after an update, re-enable the Virtual Machine Platform "
                "as administrator (`wsl.exe --install --no-distribution`, or turn it on in Windows Features), reboot, and "
                "check that the Internet Connection Sharing service (SharedAccess) is not disabled. With "
                "HNS/ERROR_FILE_NOT_FOUND after VMware, VirtualBox or a VPN client was uninstalled, reinstall (or "
                "repair) that software, whose network components the service still references, and restart. To start WSL "
                "meanwhile, set `networkingMode=mirrored` (Windows 11) or `networkingMode=None` under [wsl2] in "
                "%UserProfile%\\.wslconfig and run `wsl --shutdown`."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/10778", "https://github.com/microsoft/WSL/issues/10755",
                 "https://github.com/mimikun/dotfiles/issues/798", "https://github.com/microsoft/WSL/issues/10483",
                 "https://github.com/microsoft/WSL/issues/11816", WSL_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("wsl/wsl-10778-configurenetworking-hns-0x80070424.txt", "wsl/dotfiles-798-hns-e-accessdenied-restart.txt",
                  "wsl/wsl-11816-configurenetworking-hns-file-not-found-vmware.txt"),
    ),
    Signature(
        code="wsl.vm-logon-right-missing",
        cause_id="wsl-vm-logon-right",
        kinds=("any",),
        # ERROR_LOGON_TYPE_NOT_GRANTED (0x80070569) from the Hyper-V compute service while WSL creates the VM: wsl.exe
        # prints "Error code: Wsl/.../CreateVm/HCS/0x80070569" under the localized text, Docker Desktop quotes the text as
        # wsl.exe's stdout. The VM worker account (NT VIRTUAL MACHINE\Virtual Machines, S-1-5-83-0) must hold "Log on as
        # a service", which domain group policies often rewrite.
        patterns=(r"Wsl/[A-Za-z/]{0,80}?CreateVm/HCS/(?:0x80070569|ERROR_LOGON_TYPE_NOT_GRANTED)\b",
                  r"Logon failure: the user has not been granted the requested logon type at this computer"),
        severity="fail",
        cause="WSL 2 could not start its virtual machine: the VM worker account (NT VIRTUAL MACHINE\\Virtual Machines) "
              "lacks the \"Log on as a service\" right, usually removed by a domain group policy.",
        advice=("In an administrator PowerShell run `Restart-Service vmcompute` (the Hyper-V Host Compute Service), then "
                "start WSL or Docker Desktop again; that lasts until the policy is applied again. For good, have the "
                "group policy's \"Log on as a service\" (User Rights Assignment) include NT VIRTUAL MACHINE\\Virtual "
                "Machines (S-1-5-83-0), or enable the Hyper-V feature, which grants it."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/5401", "https://github.com/microsoft/WSL/issues/6342",
                 "https://github.com/microsoft/WSL/issues/13420", "https://github.com/docker/for-win/issues/14214"),
        checked="2026-11-26",
        examples=("wsl/wsl-5401-restart-vmcompute-logon-type.txt", "wsl/wsl-6342-docker-desktop-logon-failure.txt"),
    ),
    Signature(
        code="wsl.exe-too-old-for-option",
        cause_id="wsl-exe-too-old",
        kinds=("any",),
        # The inbox wsl.exe of Windows 10 before version 2004 (or not yet updated) rejects the options newer releases
        # and the Store WSL added: "Invalid command line option: --install" (or --update, --version, --status,
        # --web-download), followed by its short usage text. Every row that advises `wsl --update` meets it there.
        patterns=(r"[Ii]nvalid command line option:? --?(?P<option>install|update|version|status|web-download|shutdown|"
                  r"set-default-version|mount|manage)\b",),
        severity="fail",
        cause="This wsl.exe is the old one built into an older Windows 10 (before version 2004, build 19041, or not "
              "updated), which has no --{option} option.",
        advice=("Check the build with `winver`: update Windows 10 to version 2004 (build 19041) or later through Windows "
                "Update (or the Windows Update Assistant), then run `wsl --install` (or `wsl --update`) again; for "
                "`wsl --update`/`--version`, installing the current WSL from the Microsoft Store or the .msi at "
                "https://github.com/microsoft/WSL/releases gives the new wsl.exe. Where Windows cannot be updated, install "
                "WSL manually: `dism.exe /online /enable-feature /featurename:Microsoft-Windows-Subsystem-Linux /all "
                "/norestart` and the same for VirtualMachinePlatform, reboot, install the WSL 2 kernel update package "
                "and a distribution from the Microsoft Store."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/1321", "https://github.com/MicrosoftDocs/WSL/issues/1210",
                 "https://github.com/microsoft/wslg/issues/53", "https://learn.microsoft.com/en-us/windows/wsl/install-manual"),
        checked="2026-11-26",
        examples=("wsl/msdocswsl-1321-invalid-option-install-old-build.txt",
                  "wsl/msdocswsl-1210-invalid-install-update-windows.txt", "wsl/wslg-53-update-not-in-inbox-wsl-exe.txt"),
    ),
    Signature(
        code="wsl.wslconfig-entry-ignored",
        cause_id="wsl-config-invalid",
        kinds=("any",),
        # wsl.exe 2.x's warnings when it parses %UserProfile%\.wslconfig: "wsl: Invalid memory string '0GB' for
        # .wslconfig entry 'wsl2.swap'", "wsl: Invalid escaped character: 'U' in C:\Users\..\.wslconfig:2", "Unknown
        # key 'memory' in ...\.wslconfig:6" is wsl.config-key-unknown's (wsl_config15.py). WSL still starts, without that setting.
        patterns=(r"wsl: Invalid (?:memory string|escaped character|boolean value|integer value|value)\b[^\n]{0,200}?"
                  r"\.wslconfig",
                  # WSL 2.x's own words for a processors= above the host's logical processors, and for a swap file it
                  # cannot create where swapFile= (or the default %TEMP%) points.
                  r"wsl2\.processors cannot exceed the number of logical processors on the system",
                  r"Failed to create the swap disk in '[^'\n]{1,200}'"),
        severity="warn",
        cause="WSL ignored a setting in .wslconfig that it could not parse, so that limit or option (memory, swap, "
              "kernel, networking) is not applied.",
        advice=("Fix the line the message names in %UserProfile%\\.wslconfig: every setting goes under a [wsl2] header, "
                "sizes are written like `memory=16GB` and `swap=8GB` (`swap=0` for none), processors= is at most the logical processors Windows has, swapFile= names a writable folder, and Windows paths need doubled "
                "backslashes (`kernel=C:\\\\Users\\\\me\\\\bzImage`) or forward slashes; then run `wsl --shutdown` and "
                "check inside WSL with `free -h` that the limit applies (or `wsl --update`, where the form is the "
                "documented one)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/10503", "https://github.com/microsoft/WSL/issues/10743",
                 "https://github.com/microsoft/WSL/issues/10196", "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"),
        checked="2026-11-26",
        examples=("wsl/wsl-10503-wslconfig-invalid-memory-string-swap.txt",),
    ),
    Signature(
        code="wsl.wslconfig-vm-settings-refused",
        cause_id="wsl-config-invalid",
        kinds=("any",),
        # HCS_E_INVALID_JSON (0x8037010d): Hyper-V refuses the VM document WSL built from .wslconfig, e.g. bridged
        # networking (networkingMode=bridged, vmSwitch) on Windows 10. wsl.exe prints the code under ConfigureNetworking
        # or CreateVm, so this reading takes the place of wsl.network-setup-failed's there.
        patterns=(r"The virtual machine or container JSON document is invalid",
                  # The name and the code as two patterns: one alternation would key the prefilter on "HCS_E_INVALID_JSON"
                  # alone, a first character no other key uses (one more pass over every text).
                  r"Wsl/[A-Za-z/]{0,80}?HCS_E_INVALID_JSON\b",
                  r"Wsl/[A-Za-z/]{0,80}?0x8037010[dD]\b",
                  r"WslRegisterDistribution failed with error: 0x8037010[dD]\b"),
        refines=("wsl.network-setup-failed",),
        severity="fail",
        cause="Hyper-V refused the virtual machine WSL described from .wslconfig: a setting there is not supported on "
              "this Windows (bridged networking or a vmSwitch on Windows 10) or is malformed.",
        advice=("Remove or correct the advanced settings in %UserProfile%\\.wslconfig: networkingMode=bridged, vmSwitch "
                "and the related lines on Windows 10 (bridged networking is not supported there; mirrored needs Windows "
                "11), or a kernel= path that does not exist; then run `wsl --shutdown` and start WSL again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/1801", "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"),
        checked="2026-11-26",
        examples=("wsl/msdocswsl-1801-bridged-networking-json-invalid.txt",),
    ),
    Signature(
        code="wsl.vm-start-out-of-memory",
        cause_id="wsl-vm-start-no-memory",
        kinds=("any",),
        # Windows short of memory or commit while WSL starts the VM: wsl.exe names E_OUTOFMEMORY,
        # ERROR_NO_SYSTEM_RESOURCES (0x800705aa), ERROR_COMMITMENT_LIMIT (0x800705af), ERROR_NOT_ENOUGH_MEMORY
        # (0x80070008), E_OUTOFMEMORY (0x8007000e) or WSAENOBUFS (0x80072747) in its code line
        # (src/windows/common/wslutil.cpp), the distribution installer in its WslRegisterDistribution line.
        patterns=(r"Wsl/[A-Za-z/]{0,80}?(?P<code>E_OUTOFMEMORY|ERROR_NO_SYSTEM_RESOURCES|ERROR_COMMITMENT_LIMIT|WSAENOBUFS|"
                  r"0x8007000[eE8]|0x800705a[afAF]|0x80072747)\b",
                  r"WslRegisterDistribution failed with error: (?P<code>0x8007000[eE8]|0x800705a[afAF])\b"),
        severity="fail",
        cause="WSL 2 could not start its virtual machine because Windows had too little free memory ({code}): other "
              "programs hold the RAM, or the memory= in .wslconfig asks for more than is free.",
        advice=("Free memory on Windows before starting WSL (close other large programs, check Task Manager), or lower "
                "`memory=` under [wsl2] in %UserProfile%\\.wslconfig so the VM fits (by default WSL may take half of "
                "the RAM; a memory= larger than Windows can give at that moment fails the same way), and make sure "
                "Windows' paging file is not disabled; with 0x800705aa while RAM looks free, the hypervisor found no "
                "contiguous memory for the VM's processors: restart Windows, or set `processors=4` under [wsl2]. Then "
                "`wsl --shutdown` and start the distribution again."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/40801", "https://github.com/microsoft/WSL/issues/9666",
                 "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"),
        checked="2026-11-27",
        examples=("wsl/wsl-40801-service-0x80072747-host-ram-full.txt",
                  "wsl/wsl-9666-createvm-0x800705aa-insufficient-resources.txt"),
    ),
    Signature(
        code="wsl.distribution-disk-corrupted",
        cause_id="wsl-disk-corrupted",
        kinds=("any",),
        # wsl.exe 2.x's own strings (MessageReadOnlyDistro, MessageDiskCorrupted in WSL's localization resources) and the
        # codes it names (WSL_E_DISK_CORRUPTED, ERROR_FILE_CORRUPT): the distribution's ext4 file system has errors.
        patterns=(r"An error occurred mounting the distribution disk, it was mounted read-only as a fallback",
                  r"The distribution failed to start because its virtual disk is corrupted",
                  r"Wsl/[A-Za-z/]{0,80}?(?:WSL_E_DISK_CORRUPTED|ERROR_FILE_CORRUPT)\b"),
        refines=("wsl.vhdx-in-use",), refines_within=12,
        severity="fail",
        cause="The ext4 file system in the distribution's virtual disk (ext4.vhdx) has errors, after a crash, a power loss "
              "or a full host disk, so WSL mounted it read-only or refused to start it.",
        advice=("Repair it from another distribution (install one if needed: `wsl --install Debian`): `wsl --shutdown`, "
                "attach the broken disk without mounting it (`wsl.exe --mount <path>\\ext4.vhdx --vhd --bare`), find it "
                "with `wsl.exe -d Debian lsblk`, run `wsl.exe -d Debian sudo e2fsck -f /dev/sdX`, then `wsl.exe "
                "--unmount` and start the distribution again (https://aka.ms/wsldiskmountrecovery); running e2fsck "
                "from the broken distribution itself fails with the disk in use. Free space on the Windows drive first "
                "if it is full."),
        action="configure",
        rules_out=("the NVIDIA driver", "the Virtual Machine Platform"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/10169", "https://github.com/MicrosoftDocs/WSL/issues/1769",
                 "https://github.com/MicrosoftDocs/WSL/issues/1905", "https://aka.ms/wsldiskmountrecovery"),
        checked="2026-11-26",
        examples=("wsl/wsl-10169-vhd-mount-recovery-readonly-fallback.txt",),
    ),
    Signature(
        code="wsl.service-package-0x80040326",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # wsl.exe's "Error: 0x80040326" / "Error code: Wsl/Service[/CreateInstance]/0x80040326", which a broken WSL package
        # update (1.1.3, March 2023) left on every new shell until WSL was updated again (microsoft/WSL#9866, #9867, #10232).
        patterns=(r"Error code: Wsl/[\w/]{0,60}0x80040326\b",
                  r"\bError: 0x80040326\b"),
        severity="fail",
        cause="The WSL service refused to start the distribution (0x80040326): the installed WSL package is in a broken "
              "state after an update, so no distribution, and no GPU, runs under WSL.",
        advice=("Update WSL in PowerShell: `wsl --update` (`wsl --update --web-download` where the Microsoft Store is "
                "blocked), then `wsl --shutdown` and open the distribution again; `wsl --version` should show a newer WSL "
                "than before. The distribution and its files need no reinstall."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("wsl --unregister", "reinstall the distribution"),
        sources=("https://github.com/microsoft/WSL/issues/9866", "https://github.com/microsoft/WSL/issues/9867",
                 "https://github.com/microsoft/WSL/issues/10232"),
        checked="2026-11-26",
        examples=("wsl/wsl-9866-error-0x80040326-new-tab.txt", "wsl/wsl-9867-createinstance-0x80040326-wsl-update.txt"),
    ),
    Signature(
        code="wsl.configure-gpu-failed",
        cause_id="wsl2-vm-unavailable",
        kinds=("any",),
        # wsl.exe's error context ConfigureGpu (src/windows/service/exe/WslCoreVm.cpp): after the VM starts, WSL adds the
        # GPU to it and shares %SystemRoot%\System32\DriverStore\FileRepository and System32\lxss\lib into it; a
        # failure there (a GPU swapped or a driver update half done, then ERROR_FILE_NOT_FOUND / ERROR_PATH_NOT_FOUND)
        # stops the whole VM. [wsl2] gpuSupport=false skips the step.
        patterns=(r"Wsl/Service/CreateInstance/CreateVm/\*{0,2}ConfigureGpu\*{0,2}/(?:HCS/)?(?P<code>\w{3,40})",),
        severity="fail",
        cause="WSL 2 could not add the GPU to its virtual machine ({code} at ConfigureGpu), so no distribution starts: "
              "the GPU driver files WSL shares from Windows' DriverStore are missing or stale, after a GPU change or an "
              "incomplete driver or Windows update.",
        advice=("Reinstall the current driver of the GPU on Windows (a clean install; after swapping GPUs, remove the old "
                "vendor's driver too), reboot, then `wsl --shutdown` and `wsl --update`. To start WSL meanwhile without the "
                "GPU, put `gpuSupport=false` under [wsl2] in %UserProfile%\\.wslconfig and run `wsl --shutdown`."),
        action="configure",
        rules_out=("the distribution's files", "the firmware's virtualization"),
        never_suggest=("wsl --unregister", "install the Linux NVIDIA driver"),
        sources=("https://github.com/microsoft/WSL/issues/41473", "https://github.com/microsoft/WSL/issues/12497",
                 "https://learn.microsoft.com/en-us/windows/wsl/wsl-config"),
        checked="2026-11-26",
        examples=("wsl/wsl-41473-configuregpu-path-not-found-gpusupport.txt",),
    ),
)
