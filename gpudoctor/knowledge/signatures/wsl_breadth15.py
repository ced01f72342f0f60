"""WSL failures of the fifteenth round's breadth pass, read in wsl.exe's own words (rows of the WSL area, joined into
wsl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="wsl.wsl1-instance-failed",
        cause_id="wsl1-instance-failed",
        kinds=("any",),
        # wsl.exe prints a WSL 1 instance's failure as the NTSTATUS lxcore returned, customer bit set (0xd000020c,
        # 0xd0000022, 0xd00002fe): "Error: 0xd0000022" over "Error code: Wsl/Service/CreateInstance/0xd0000022". WSL 2
        # failures at the same step carry HRESULTs (0x8...) or names and are other rows'.
        patterns=(r"Wsl/Service/CreateInstance/0x(?P<status>[dD]000[0-9a-fA-F]{4})\b",),
        severity="fail",
        cause="A WSL 1 distribution failed to start inside WSL 1's Linux subsystem (lxcore), after a Windows or WSL "
              "update (WSL 2.1.0-2.1.3 broke WSL 1 distributions with 0xd000020c; Windows 11 24H2's one-time file-system "
              "upgrade fails with 0xd0000022).",
        advice=("`wsl -l -v` shows the distribution's VERSION 1. Update WSL first (`wsl --update`, or the latest .msi "
                "from github.com/microsoft/WSL/releases; where a release broke it, the last one that worked) and run "
                "`wsl --shutdown`; if it still fails, back it up with `wsl --export <distro> <file>.tar` and register "
                "it again with `wsl --import`, or convert it to WSL 2 with `wsl --set-version <distro> 2` (the only "
                "WSL with GPU access)."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("install nvidia-driver", "reinstall the driver"),
        sources=("https://github.com/microsoft/WSL/issues/11062", "https://github.com/microsoft/WSL/issues/11255",
                 "https://github.com/microsoft/WSL/issues/11630"),
        checked="2026-11-26",
        examples=("wsl/wsl-11062-wsl1-distro-0xd000020c-after-2-1-update.txt",
                  "wsl/wsl-11630-wsl1-0xd0000022-24h2-import.txt"),
    ),
    Signature(
        code="wsl.hyperv-gpu-pv-cmdlet-missing",
        cause_id="hyperv-gpu-pv-cmdlet-missing",
        kinds=("any",),
        # PowerShell's own errors when a GPU-P script (Easy-GPU-PV and its forks) calls what this Windows' Hyper-V
        # module lacks: Get-VMHostPartitionableGpu and Add-VMGpuPartitionAdapter's -InstancePath came with Windows 11
        # and Server 2022 (Windows 10 has Get-VMPartitionableGpu), and Home editions have no Hyper-V module at all.
        # English and Chinese PowerShell wordings.
        patterns=(r"'(?P<cmdlet>Get-VMHostPartitionableGpu|(?:Add|Set|Get|Remove)-VMGpuPartitionAdapter)' is not "
                  r"recognized as the name of a cmd",
                  r"\"(?:Get-VMHostPartitionableGpu|(?:Add|Set|Get|Remove)-VMGpuPartitionAdapter)\"项识别为 cmdlet",
                  r"Add-VMGpuPartitionAdapter : A parameter cannot be found that matches parameter name 'InstancePath'",
                  r"Add-VMGpuPartitionAdapter : 找不到与参数名称\"InstancePath\"匹配的参数"),
        severity="fail",
        cause="The GPU partitioning script calls a Hyper-V cmdlet or parameter this Windows does not have: Windows 10's "
              "Hyper-V module lists GPUs with Get-VMPartitionableGpu and has no -InstancePath (both came with Windows 11 "
              "and Server 2022), and Windows Home has no Hyper-V module at all.",
        advice=("`winver` tells which: on Windows 10 use Get-VMPartitionableGpu instead of Get-VMHostPartitionableGpu and "
                "run `Add-VMGpuPartitionAdapter -VMName <vm>` without -InstancePath (it takes the default partitionable "
                "GPU; picking one of several GPUs needs Windows 11 or Server 2022+), or a script version that falls back "
                "to them; where Add-VMGpuPartitionAdapter itself is not recognized, enable Hyper-V (`Enable-"
                "WindowsOptionalFeature -Online -FeatureName Microsoft-Hyper-V -All`, Pro/Enterprise/Education only) "
                "and reboot."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("install nvidia-driver", "wsl --update"),
        sources=("https://github.com/seflerZ/oneclick-gpu-pv/issues/1",
                 "https://github.com/DanielChrobak/Hyper-V-GPU-Paravirtualization-Manager/issues/3",
                 "https://learn.microsoft.com/en-us/powershell/module/hyper-v/get-vmhostpartitionablegpu"),
        checked="2026-11-26",
        examples=("wsl/oneclick-gpu-pv-1-add-vmgpupartitionadapter-no-instancepath-zh.txt",
                  "wsl/gpu-pv-manager-3-get-vmhostpartitionablegpu-not-recognized-win10.txt"),
    ),
    Signature(
        code="wsl.windows-powershell-scripts-disabled",
        cause_id="windows-powershell-execution-policy",
        kinds=("any",),
        # PowerShell's own refusal under the execution policy (about_Execution_Policies), in English and German
        # Windows, and its AllSigned/RemoteSigned variant for an unsigned or downloaded script. GPU set-ups hit it
        # running a GPU-PV script, an installer or a virtual environment's Activate.ps1.
        patterns=(r"cannot be loaded because running scripts is disabled on this\s{1,4}system",
                  r"kann nicht geladen werden, da die Ausführung von Skripts auf diesem System deaktiviert ist",
                  # Chinese Windows ("无法加载文件 ...ps1，因为在此系统上禁止运行脚本。有关详细信息，请参阅 https:/go.microsoft.com/
                  # fwlink/?LinkID=135170 中的 about_Execution_Policies。"), keyed on the help link's ASCII so that it costs
                  # no prefilter pass; Set-ExecutionPolicy's own confirmation names the same topic followed by 帮助主题.
                  r"LinkID=135170 中的 about_Execution_Policies(?! 帮助主题)",
                  r"\.ps1 is not digitally signed\. You cannot run this script on the current system"),
        severity="fail",
        cause="PowerShell's execution policy (Restricted by default on Windows, or a policy that wants signed scripts) "
              "refused to run the .ps1 script, so the installer, GPU set-up script or virtual environment activation "
              "never ran.",
        advice=("Allow scripts for this PowerShell window with `Set-ExecutionPolicy -ExecutionPolicy Bypass -Scope "
                "Process -Force` (or for your user with `Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope "
                "CurrentUser`); a downloaded script may also need `Unblock-File <script>.ps1`. Then run it again (an "
                "administrator window where the script says so)."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("install nvidia-driver", "wsl --update", "reinstall the driver"),
        sources=("https://github.com/jamesstringer90/Easy-GPU-PV/issues/157",
                 "https://github.com/kmwoley/restic-windows-backup/issues/48",
                 "https://learn.microsoft.com/en-us/powershell/module/microsoft.powershell.core/about/"
                 "about_execution_policies"),
        checked="2026-11-26",
        examples=("wsl/easy-gpu-pv-157-prechecks-ps1-scripts-disabled.txt",
                  "wsl/restic-windows-backup-48-install-ps1-scripts-disabled.txt"),
    ),
    Signature(
        code="wsl.windows-elevation-required",
        cause_id="windows-elevation-required",
        kinds=("any",),
        # Windows' text for ERROR_ELEVATION_REQUIRED (0x800702e4), as wsl.exe, DISM's PowerShell cmdlets and other
        # system tools print it from a terminal that is not elevated, and the code in wsl.exe's form.
        # The lookahead splits "operation" off, so that the prefilter keys on "elevation" (healthy logs print
        # "operation").
        patterns=(r"[Tt]he requested operat(?=ion)ion requires elevation",
                  r"Wsl/[\w/]{0,60}(?:0x800702e4|ERROR_ELEVATION_REQUIRED)\b"),
        severity="fail",
        cause="The command changes Windows itself (installing WSL or turning on a Windows feature, for example) and "
              "ran in a terminal without administrator rights.",
        advice=("Open PowerShell, Windows Terminal or Command Prompt with \"Run as administrator\" (right-click it in the "
                "Start menu) and run the command again; on a standard account, approve the prompt with an "
                "administrator's credentials or run it from an administrator account. After `wsl --install`, restart "
                "Windows."),
        action="configure",
        rules_out=("the NVIDIA driver", "the GPU"),
        never_suggest=("install nvidia-driver", "wsl --unregister", "reinstall the driver"),
        sources=("https://github.com/MicrosoftDocs/WSL/issues/393", "https://github.com/MicrosoftDocs/WSL/issues/1588",
                 "https://learn.microsoft.com/en-us/windows/wsl/install"),
        checked="2026-11-26",
        examples=("wsl/msdocswsl-393-enable-feature-requires-elevation.txt",
                  "wsl/msdocswsl-1588-wsl-install-requires-elevation.txt"),
    ),
)
