"""Windows: failures Windows itself causes for GPU tools on a desktop (rows of the wsl area, joined into wsl.SIGNATURES).

Written blind for issue 25 (thirteenth wave, breadth): antivirus refusing a runner, DLL or package file; WSL's Windows
interop timing out; Direct3D and DirectML losing their GPU device; WSL denied its own virtual disk."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DEFENDER_EXCLUSION = ("https://support.microsoft.com/en-us/windows/"
                      "add-an-exclusion-to-windows-security-811816c0-4dfd-af4a-47e4-c301afe13b26")

TDR_KEYS = "https://learn.microsoft.com/en-us/windows-hardware/drivers/display/tdr-registry-keys"
DXGI_ERRORS = "https://learn.microsoft.com/en-us/windows/win32/direct3ddxgi/dxgi-error"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.windows-antivirus-blocked-file",
        cause_id="windows-antivirus-blocked",
        kinds=("any",),
        # ERROR_VIRUS_INFECTED (225): Windows refuses CreateFile/LoadLibrary/MoveFile on a file its antivirus flags.
        # Python prints it as [WinError 225] in the system's language; installers and loaders as 'Error 225' or
        # 'code 225' followed by the English text. The Chinese wordings key on the error number.
        patterns=(r"\[WinError 225\]",
                  r"file contains a virus or potentially unwanted software",
                  r"\bERROR_VIRUS_INFECTED\b"),
        severity="fail",
        cause="Windows refused to open, run or rename a file because Windows Defender (or another antivirus program) "
              "flags it as a virus or potentially unwanted software (error 225, ERROR_VIRUS_INFECTED); unsigned "
              "runners, DLLs and package build scripts are often false positives.",
        advice=("Open Windows Security > Virus & threat protection > Protection history to see which file was blocked "
                "and under which threat name. If it comes from the official release or package (check it on "
                "VirusTotal), restore it with Allow on device, add an exclusion for its folder (as administrator: "
                "`Add-MpPreference -ExclusionPath \"<folder>\"`) and run the install or program again; otherwise "
                "download it again from the official source. Turning real-time protection off does not release a "
                "file already quarantined."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver", "CUDA"),
        never_suggest=("reinstall the nvidia driver", "reinstall cuda", "disable windows defender permanently"),
        sources=("https://github.com/easydiffusion/easydiffusion/issues/944",
                 "https://github.com/Nandaka/PixivUtil2/issues/864",
                 "https://github.com/Minidoracat/mcp-feedback-enhanced/issues/84", DEFENDER_EXCLUSION),
        checked="2026-11-26",
        examples=("wsl/easydiffusion-944-pip-winerror-225-virus-basicsr.txt",
                  "wsl/pixivutil2-864-oserror-winerror-225-fanbox-download.txt",
                  "wsl/mcp-feedback-enhanced-84-winerror-225-chinese-defender.txt"),
    ),
    Signature(
        code="wsl.interop-accept-timeout",
        cause_id="wsl-interop-timeout",
        kinds=("any",),
        # WSL's init prints this when a process it started through Windows interop (binfmt_misc's WSLInterop entry
        # catches any file starting with 'MZ') never connects its vsock back: errno 110 is ETIMEDOUT. The line number
        # after UtilAcceptVsock changes between WSL releases (244, 246, 250, 271).
        patterns=(r"UtilAcceptVsock:\d{1,4}: accept4 failed (?P<errno>\d{1,3})",),
        severity="fail",
        cause="The command went through WSL's Windows interop (a Windows .exe it calls, such as a credential helper or "
              "cl.exe, or a Linux file WSL takes for one, such as a llamafile) and the Windows side never connected "
              "back, so WSL gave up with a timeout (accept4 failed {errno}).",
        advice=("If the program is a Linux binary that is also a valid .exe (a llamafile or other APE file), keep WSL's "
                "interop off it: register the APE loader with binfmt_misc, or turn the WSLInterop entry off for the "
                "session (`sudo sh -c 'echo -1 > /proc/sys/fs/binfmt_misc/WSLInterop'`). If it calls a Windows .exe, "
                "run it from a WSL terminal rather than over ssh, restart WSL (`wsl --shutdown` in PowerShell) and "
                "update it (`wsl --update`)."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("reinstall the nvidia driver", "reinstall cuda"),
        sources=("https://github.com/mozilla-ai/llamafile/issues/491", "https://github.com/microsoft/WSL/issues/13740",
                 "https://github.com/microsoft/WSL/issues/8677"),
        checked="2026-11-26",
        examples=("wsl/llamafile-491-wsl-interop-accept4-failed-110.txt",
                  "wsl/wsl-13740-git-push-utilacceptvsock-accept4-110.txt"),
    ),
    Signature(
        code="wsl.windows-dxgi-device-removed",
        cause_id="windows-tdr",
        kinds=("any",),
        # DXGI's device-lost codes as Direct3D 11/12, DirectML (onnxruntime's DmlExecutionProvider, onnxruntime-genai)
        # and engines print them: the names, the HRESULTs (887A0005 removed, 887A0006 hung, 887A0007 reset; keyed
        # on '0x' so no prefilter pass is added: DirectML prints the bare code beside its text, read by the text) and
        # FormatMessage's texts for them.
        patterns=(r"\bDXGI_ERROR_DEVICE_(?:HUNG|REMOVED|RESET)\b",
                  r"\b0x887[Aa]000[567]\b",
                  r"The GPU will not respond to more commands",
                  r"The GPU device instance has been suspended"),
        severity="fail",
        cause="Windows took the GPU away from the program's Direct3D/DirectML device (DXGI device hung, removed or "
              "reset): most often its timeout detection and recovery (TDR) reset the GPU because one submission ran "
              "longer than the 2-second limit, otherwise the display driver crashed or the GPU dropped out.",
        advice=("Look in Event Viewer > Windows Logs > System at the time of the error: a Display or nvlddmkm event "
                "4101 or 153 is a TDR, so make each GPU submission shorter (a lower resolution, batch or prompt "
                "length) or raise TdrDelay (HKLM\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers, DWORD "
                "TdrDelay in seconds, e.g. 10) and reboot. Without a timeout event, the driver crashed: update the GPU "
                "driver with a clean install (roll back if it began with a new driver) and remove any GPU overclock "
                "or undervolt."),
        action="configure",
        never_suggest=("reinstall cuda", "set CUDA_VISIBLE_DEVICES"),
        sources=("https://github.com/DiligentGraphics/DiligentCore/issues/288", DXGI_ERRORS, TDR_KEYS),
        checked="2026-11-26",
        examples=("wsl/diligentcore-288-d3d12-dxgi-error-device-hung-tdr.txt",),
    ),
    Signature(
        code="wsl.vhdx-access-denied",
        cause_id="wsl-vhdx-access-denied",
        kinds=("any",),
        # wsl.exe's error code for a disk the VM worker may not open, from starting a distribution (MountVhd, MountDisk
        # in 2.5+) or from wsl --mount (AttachDisk), with or without the HCS step; the sentence before it is in the
        # system's language ("Failed to attach disk '...' to WSL2: Access is denied.", "拒绝访问").
        # CreateVm/HCS/E_ACCESSDENIED is the same denial for a VHDX .wslconfig names (kernelModules=, a custom
        # kernel's files) that the VM worker cannot read, e.g. under the user's profile (WSL#40320, fixed by WSL
        # granting access itself in #40531).
        patterns=(r"Wsl/Service/(?:CreateInstance|AttachDisk)/(?:MountVhd/|MountDisk/|CreateVm/)?(?:HCS/)?E_ACCESSDENIED\b",
                  r"Failed to attach disk '[^'\n]{1,260}' to WSL2: Access is denied"),
        severity="fail",
        cause="WSL could not open a virtual disk it needs (the distribution's ext4.vhdx, or a VHDX .wslconfig names) "
              "because Windows denied the VM access to the file: it is "
              "owned by another account or lacks your account's rights (created from an administrator shell, moved "
              "with wsl --manage --move), is EFS-encrypted, sits in a folder Controlled folder access protects, or "
              "a WSL release regressed.",
        advice=("Check the file the message names: `icacls <path>\\ext4.vhdx` and its Properties > Advanced. Make your "
                "account its owner with full control (as administrator: `takeown /f <path>\\ext4.vhdx`, then "
                "`icacls <path>\\ext4.vhdx /grant \"%USERNAME%\":F`), decrypt it if it is encrypted (`cipher /d "
                "<path>\\ext4.vhdx`), allow WSL in Windows Security's Controlled folder access if it guards the "
                "folder, and update WSL (`wsl --update`; 2.1.5 denied every disk). Then `wsl --shutdown` and start "
                "the distribution again; for `wsl --mount` an administrator terminal also works. Where it fails at "
                "CreateVm, the file is one %UserProfile%\\.wslconfig names (kernel=, kernelModules=): move it out of "
                "your user profile (e.g. to C:\\WSL2) and fix the path there."),
        action="configure",
        rules_out=("the NVIDIA driver", "the distribution's files"),
        never_suggest=("install nvidia-driver", "wsl --unregister"),
        sources=("https://github.com/microsoft/WSL/issues/9362", "https://github.com/microsoft/WSL/issues/11317",
                 "https://github.com/microsoft/WSL/issues/11323", "https://github.com/microsoft/WSL/issues/40320",
                 "https://github.com/microsoft/WSL/pull/40531"),
        checked="2026-11-26",
        examples=("wsl/wsl-9362-ext4-vhdx-access-denied-after-update.txt", "wsl/wsl-11317-wsl-mount-vhd-access-denied.txt",
                  "wsl/wsl-11323-mountvhd-hcs-e-accessdenied-2-1-5.txt",
                  "wsl/wsl-40320-createvm-e-accessdenied-kernel-modules-vhdx.txt"),
    ),
)
