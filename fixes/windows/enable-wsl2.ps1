# gpudoctor-fix: windows.enable-wsl2
# title: Enable the Windows features WSL 2 needs and make WSL 2 the default
# platform: windows
# phase: platform
# elevation: admin
# after: reboot
# changes: enables the optional features Microsoft-Windows-Subsystem-Linux and VirtualMachinePlatform (only those not already Enabled; no automatic restart)
# changes: runs wsl.exe --set-default-version 2 (skipped when 2 is already the default, or until the reboot when a feature was just enabled)
# usage: enable-wsl2.ps1 [-WhatIf]
#
# Run from an elevated Windows PowerShell 5.1 (or PowerShell 7): querying and enabling
# optional features needs administrator rights, even for -WhatIf. A reboot is needed
# when a feature was enabled; run the script again after it to set the default version.

<#
.SYNOPSIS
Enable Microsoft-Windows-Subsystem-Linux and VirtualMachinePlatform, then set WSL 2 as default.
.EXAMPLE
.\enable-wsl2.ps1 -WhatIf
#>
[CmdletBinding(SupportsShouldProcess = $true)]
param()

Set-StrictMode -Version 2.0
$ErrorActionPreference = 'Stop'

function Fail([string]$Message) {
    [Console]::Error.WriteLine('error: ' + $Message)
    exit 1
}

# Run wsl.exe and capture its output. Native stderr must not become a terminating error
# (Windows PowerShell 5.1 does that under ErrorActionPreference=Stop), so relax it here.
function Invoke-Wsl([string[]]$Arguments) {
    $ErrorActionPreference = 'Continue'
    $out = @(& wsl.exe @Arguments 2>&1 | ForEach-Object { [string]$_ })
    return New-Object PSObject -Property @{ Code = $LASTEXITCODE; Text = (($out -join ' ') -replace "`0", '' -replace '\s+', ' ').Trim(); Lines = $out }
}

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    $principal = New-Object Security.Principal.WindowsPrincipal($id)
    return $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

try {
    if (-not (Test-Admin)) {
        Fail 'must run as administrator: open PowerShell with "Run as administrator" (needed even for -WhatIf, to read the feature states)'
    }

    $features = @('Microsoft-Windows-Subsystem-Linux', 'VirtualMachinePlatform')
    $rebootNeeded = $false
    $todo = $false
    foreach ($name in $features) {
        $feature = Get-WindowsOptionalFeature -Online -FeatureName $name
        if ($null -eq $feature) {
            Fail "optional feature $name does not exist on this edition of Windows"
        }
        $state = [string]$feature.State
        if ($state -eq 'Enabled') {
            Write-Host "ok: $name is already Enabled"
            continue
        }
        if ($state -eq 'EnablePending') {
            Write-Host "ok: $name is already enabled and waits for a reboot"
            $rebootNeeded = $true
            continue
        }
        $todo = $true
        if ($PSCmdlet.ShouldProcess($name, 'Enable-WindowsOptionalFeature -Online -NoRestart')) {
            $result = Enable-WindowsOptionalFeature -Online -FeatureName $name -NoRestart
            if ($result.RestartNeeded) { $rebootNeeded = $true }
            Write-Host "enabled: $name"
        }
    }

    if ($rebootNeeded) {
        Write-Host 'A reboot is needed before WSL 2 works. Restart Windows, then run this script again to make WSL 2 the default.'
        exit 0
    }

    # wsl.exe stores the default in HKCU\...\Lxss\DefaultVersion once it has been set;
    # a missing value means wsl.exe has never been told (the Store WSL defaults to 2 then).
    $lxss = 'HKCU:\Software\Microsoft\Windows\CurrentVersion\Lxss'
    $default = $null
    if (Test-Path $lxss) {
        $item = Get-ItemProperty -Path $lxss -Name DefaultVersion -ErrorAction SilentlyContinue
        if ($null -ne $item) { $default = [int]$item.DefaultVersion }
    }
    if ($default -eq 2) {
        Write-Host 'ok: WSL 2 is already the default version'
    } else {
        $todo = $true
    }
    if ($default -ne 2 -and $PSCmdlet.ShouldProcess('WSL default version', 'wsl.exe --set-default-version 2')) {
        $env:WSL_UTF8 = '1'
        $r = Invoke-Wsl @('--set-default-version', '2')
        if ($r.Code -ne 0) {
            Fail ("wsl.exe --set-default-version 2 failed (exit $($r.Code)): " + $r.Text)
        }
        Write-Host 'set: WSL 2 is now the default version'
    }

    if (-not $todo) {
        Write-Host 'nothing to do: WSL features are already enabled and WSL 2 is already the default'
    }
    exit 0
} catch {
    Fail ($_.Exception.Message -replace '\s+', ' ')
}
