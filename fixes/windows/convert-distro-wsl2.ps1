# gpudoctor-fix: windows.convert-distro-wsl2
# title: Convert a WSL 1 distribution to WSL 2 (GPU access needs WSL 2)
# platform: windows
# phase: platform
# elevation: none
# after: none
# changes: runs wsl.exe --set-version NAME 2 when wsl.exe -l -v reports the distribution on version 1 (can take several minutes)
# changes: with -Update, runs wsl.exe --update first (the WSL built into older Windows builds installs the WSL 2 kernel that way)
# param: -Distro NAME  WSL distribution to convert, as listed by wsl.exe -l -v
# param: -Update  run wsl.exe --update before converting (needed by the WSL built into Windows)
# usage: convert-distro-wsl2.ps1 -Distro NAME [-Update] [-WhatIf]
#
# CUDA inside WSL only works on WSL 2. The conversion keeps the distribution's files;
# it needs the VirtualMachinePlatform feature (enable-wsl2.ps1). `wsl --set-default-version 2`
# does not convert an installed distribution: it applies only to ones installed afterwards.

<#
.SYNOPSIS
Convert the named WSL distribution to WSL 2 if it is on WSL 1.
.EXAMPLE
.\convert-distro-wsl2.ps1 -Distro Ubuntu-24.04 -WhatIf
#>
[CmdletBinding(SupportsShouldProcess = $true)]
param(
    [Parameter(Mandatory = $true)]
    [string]$Distro,
    [switch]$Update
)

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

# wsl.exe -l -v writes UTF-16LE; decode it as such (and make sure WSL_UTF8 does not
# switch it to UTF-8 behind our back).
function Get-WslDistros {
    $saved = [Console]::OutputEncoding
    $savedUtf8 = $env:WSL_UTF8
    try {
        Remove-Item Env:WSL_UTF8 -ErrorAction SilentlyContinue
        [Console]::OutputEncoding = [System.Text.Encoding]::Unicode
        $r = Invoke-Wsl @('--list', '--verbose')
    } finally {
        [Console]::OutputEncoding = $saved
        if ($null -ne $savedUtf8) { $env:WSL_UTF8 = $savedUtf8 }
    }
    if ($r.Code -ne 0) {
        Fail ('wsl.exe -l -v failed (exit ' + $r.Code + '): ' + $r.Text)
    }
    $distros = @()
    $header = $true
    foreach ($raw in $r.Lines) {
        $line = ([string]$raw) -replace "`0", ''
        if ($line.Trim() -eq '') { continue }
        if ($header) { $header = $false; continue }   # NAME  STATE  VERSION
        $fields = @(($line -replace '^[\s*]+', '').Trim() -split '\s+')   # '* ' marks the default
        if ($fields.Count -lt 3) { continue }
        $distros += New-Object PSObject -Property @{
            Name    = $fields[0]
            State   = $fields[1]
            Version = $fields[$fields.Count - 1]
        }
    }
    return $distros
}

try {
    if ($Distro -notmatch '^[A-Za-z0-9][A-Za-z0-9._-]*$') {
        Fail "invalid -Distro '$Distro': use the name shown by wsl.exe -l -v (letters, digits, . _ -)"
    }

    $all = @(Get-WslDistros)
    $match = @($all | Where-Object { $_.Name -ieq $Distro })
    if ($match.Count -eq 0) {
        $names = ($all | ForEach-Object { $_.Name }) -join ', '
        if ($names -eq '') { $names = 'none' }
        Fail "no WSL distribution named '$Distro' (installed: $names)"
    }
    $d = $match[0]

    if ($d.Version -eq '2') {
        Write-Host "nothing to do: $($d.Name) is already on WSL 2"
        exit 0
    }
    if ($d.Version -ne '1') {
        Fail "could not read the WSL version of $($d.Name) (got '$($d.Version)')"
    }

    if ($Update -and $PSCmdlet.ShouldProcess('WSL', 'wsl.exe --update')) {
        Write-Host 'updating WSL (the WSL 2 kernel) first...'
        $env:WSL_UTF8 = '1'
        $r = Invoke-Wsl @('--update')
        if ($r.Code -ne 0) {
            Fail ("wsl.exe --update failed (exit $($r.Code)): " + $r.Text + ' (install the WSL 2 kernel from https://aka.ms/wsl2kernel)')
        }
    }

    if ($PSCmdlet.ShouldProcess($d.Name, 'wsl.exe --set-version ' + $d.Name + ' 2')) {
        Write-Host "converting $($d.Name) to WSL 2; this can take several minutes..."
        $env:WSL_UTF8 = '1'
        $r = Invoke-Wsl @('--set-version', $d.Name, '2')
        if ($r.Code -ne 0) {
            Fail ("wsl.exe --set-version $($d.Name) 2 failed (exit $($r.Code)): " + $r.Text + ' (is VirtualMachinePlatform enabled? see enable-wsl2.ps1)')
        }
        Write-Host "done: $($d.Name) now runs on WSL 2"
    }
    exit 0
} catch {
    Fail ($_.Exception.Message -replace '\s+', ' ')
}
