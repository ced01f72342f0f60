# gpudoctor-fix: windows.wslconfig-utf8
# title: Save %UserProfile%\.wslconfig as UTF-8 so that WSL reads it
# platform: windows
# phase: platform
# elevation: none
# after: wsl-shutdown
# changes: rewrites %UserProfile%\.wslconfig with the same text as UTF-8 without a byte-order mark when it is saved as UTF-16 (WSL ignores such a file); the old file is copied to %LOCALAPPDATA%\gpudoctor\backups first
# usage: wslconfig-utf8.ps1 [-WhatIf]
#
# WSL reads .wslconfig as UTF-8 and silently ignores a file saved as UTF-16 (Notepad's
# "Unicode", Windows PowerShell 5's `>` and Out-File): none of its settings (memory, swap,
# processors) apply (https://github.com/microsoft/WSL/issues/7851). Run `wsl --shutdown`
# afterwards so that the WSL 2 VM starts again with the settings.

<#
.SYNOPSIS
Re-save %UserProfile%\.wslconfig as UTF-8 (no BOM) when it is UTF-16.
.EXAMPLE
.\wslconfig-utf8.ps1 -WhatIf
#>
[CmdletBinding(SupportsShouldProcess = $true)]
param()

Set-StrictMode -Version 2.0
$ErrorActionPreference = 'Stop'

function Fail([string]$Message) {
    [Console]::Error.WriteLine('error: ' + $Message)
    exit 1
}

# 'utf-16le', 'utf-16be' (with or without a BOM) or 'other' (UTF-8 or ASCII: WSL reads those).
function Get-Utf16Kind([byte[]]$Bytes) {
    if ($Bytes.Length -ge 2 -and $Bytes[0] -eq 0xFF -and $Bytes[1] -eq 0xFE) { return 'utf-16le' }
    if ($Bytes.Length -ge 2 -and $Bytes[0] -eq 0xFE -and $Bytes[1] -eq 0xFF) { return 'utf-16be' }
    if ($Bytes.Length -ge 2 -and $Bytes[1] -eq 0 -and $Bytes[0] -ne 0) { return 'utf-16le' }
    return 'other'
}

try {
    $path = Join-Path $env:USERPROFILE '.wslconfig'
    if (-not (Test-Path -LiteralPath $path -PathType Leaf)) {
        Write-Host "nothing to do: there is no $path"
        exit 0
    }
    $item = Get-Item -LiteralPath $path -Force
    if ($item.Attributes -band [IO.FileAttributes]::ReparsePoint) {
        Fail "$path is a link; edit the file it points to instead (nothing was changed)"
    }
    $bytes = [IO.File]::ReadAllBytes($path)
    $kind = Get-Utf16Kind $bytes
    if ($kind -eq 'other') {
        Write-Host "nothing to do: $path is not UTF-16 (already readable by WSL)"
        exit 0
    }
    if ($kind -eq 'utf-16le') { $encoding = New-Object System.Text.UnicodeEncoding($false, $false) }
    else { $encoding = New-Object System.Text.UnicodeEncoding($true, $false) }
    $start = 0
    if ($bytes[0] -eq 0xFF -or $bytes[0] -eq 0xFE) { $start = 2 }
    $text = $encoding.GetString($bytes, $start, $bytes.Length - $start)

    if ($PSCmdlet.ShouldProcess($path, "rewrite as UTF-8 (was $kind)")) {
        $dir = [IO.Path]::Combine($env:LOCALAPPDATA, 'gpudoctor', 'backups')
        if (-not (Test-Path -LiteralPath $dir)) {
            New-Item -ItemType Directory -Path $dir -Force | Out-Null
        }
        $stamp = (Get-Date).ToUniversalTime().ToString("yyyyMMdd'T'HHmmssfff'Z'")
        $backup = [IO.Path]::Combine($dir, "wslconfig.$stamp.bak")
        [IO.File]::WriteAllBytes($backup, $bytes)
        Write-Host "backup: $backup"
        # Write next to it, then replace: never a half-written .wslconfig.
        $tmp = $path + '.gpudoctor.tmp'
        [IO.File]::WriteAllText($tmp, $text, (New-Object System.Text.UTF8Encoding($false)))
        Move-Item -LiteralPath $tmp -Destination $path -Force
        Write-Host "done: $path is now UTF-8. Run wsl.exe --shutdown, then reopen your distribution."
    }
    exit 0
} catch {
    Fail ($_.Exception.Message -replace '\s+', ' ')
}
