# gpudoctor-fix: windows.set-user-env
# title: Set or remove a User environment variable (and restart Ollama to apply it)
# platform: windows
# phase: environment
# elevation: none
# after: restart-ollama
# changes: sets or removes one User-scope environment variable (HKCU\Environment); the previous value is saved under %LOCALAPPDATA%\gpudoctor\backups
# changes: with -RestartOllama, stops the "ollama app" and "ollama" processes and starts %LOCALAPPDATA%\Programs\Ollama\ollama app.exe
# param: -Name VAR  variable to set or remove (CUDA_*, NCCL_*, OLLAMA_* ... from gpudoctor's allow-list)
# param: -Value X  value to set (not empty, no line breaks)
# param: -Remove  remove the variable instead of setting it
# param: -RestartOllama  restart the Ollama tray app so the server sees the new value
# usage: set-user-env.ps1 -Name VAR (-Value X | -Remove) [-RestartOllama] [-WhatIf]
#
# Ollama's FAQ ("Setting environment variables on Windows",
# https://github.com/ollama/ollama/blob/main/docs/faq.md): Ollama inherits the user's
# environment variables, so quit it, edit the variables, then start it again. This
# script does exactly that; the new value only reaches programs started afterwards.

<#
.SYNOPSIS
Set or remove an allow-listed User environment variable, optionally restarting Ollama.
.EXAMPLE
.\set-user-env.ps1 -Name OLLAMA_SCHED_SPREAD -Value 1 -RestartOllama -WhatIf
.EXAMPLE
.\set-user-env.ps1 -Name CUDA_VISIBLE_DEVICES -Remove
#>
[CmdletBinding(SupportsShouldProcess = $true, DefaultParameterSetName = 'Set')]
param(
    [Parameter(Mandatory = $true)]
    [string]$Name,

    [Parameter(ParameterSetName = 'Set', Mandatory = $true)]
    [AllowEmptyString()]
    [string]$Value,

    [Parameter(ParameterSetName = 'Remove', Mandatory = $true)]
    [switch]$Remove,

    [switch]$RestartOllama
)

Set-StrictMode -Version 2.0
$ErrorActionPreference = 'Stop'

# Same list as fixes/lib/fixlib.sh.
$AllowList = @(
    'CUDA_VISIBLE_DEVICES', 'CUDA_DEVICE_ORDER',
    'NCCL_P2P_DISABLE', 'NCCL_P2P_LEVEL', 'NCCL_SHM_DISABLE', 'NCCL_IB_DISABLE', 'NCCL_DEBUG',
    'OLLAMA_SCHED_SPREAD', 'OLLAMA_GPU_OVERHEAD', 'OLLAMA_MAX_LOADED_MODELS', 'OLLAMA_HOST',
    'CUDA_LAUNCH_BLOCKING', 'NVIDIA_TF32_OVERRIDE', 'WSLENV'
)

function Fail([string]$Message) {
    [Console]::Error.WriteLine('error: ' + $Message)
    exit 1
}

function Save-Backup([string]$VarName, $OldValue) {
    $dir = [IO.Path]::Combine($env:LOCALAPPDATA, 'gpudoctor', 'backups')
    if (-not (Test-Path -LiteralPath $dir)) {
        New-Item -ItemType Directory -Path $dir -Force | Out-Null
    }
    $stamp = (Get-Date).ToUniversalTime().ToString("yyyyMMdd'T'HHmmssfff'Z'")
    $file = [IO.Path]::Combine($dir, "user-env.$VarName.$stamp.json")
    $record = New-Object PSObject -Property @{
        name    = $VarName
        scope   = 'User'
        existed = ($null -ne $OldValue)
        value   = $OldValue
        savedAt = $stamp
    }
    # Write to a temp file in the same folder, then rename: never a half-written backup.
    $tmp = $file + '.tmp'
    [IO.File]::WriteAllText($tmp, ($record | ConvertTo-Json), (New-Object System.Text.UTF8Encoding($false)))
    Move-Item -LiteralPath $tmp -Destination $file
    return $file
}

# An advanced function, so -WhatIf given to the script reaches its ShouldProcess calls.
function Restart-Ollama {
    [CmdletBinding(SupportsShouldProcess = $true)]
    param()
    $procs = @(Get-Process -Name 'ollama app', 'ollama' -ErrorAction SilentlyContinue)
    foreach ($p in $procs) {
        if ($PSCmdlet.ShouldProcess("$($p.ProcessName) (pid $($p.Id))", 'Stop-Process')) {
            Stop-Process -Id $p.Id -Force -ErrorAction SilentlyContinue
        }
    }
    if ($procs.Count -gt 0 -and -not $WhatIfPreference) {
        Wait-Process -Id ($procs | ForEach-Object { $_.Id }) -Timeout 15 -ErrorAction SilentlyContinue
    }
    $exe = [IO.Path]::Combine($env:LOCALAPPDATA, 'Programs', 'Ollama', 'ollama app.exe')
    if (Test-Path -LiteralPath $exe) {
        if ($PSCmdlet.ShouldProcess($exe, 'Start-Process')) {
            Start-Process -FilePath $exe
            Write-Host 'restarted: Ollama'
        }
    } else {
        Write-Host "Ollama app not found at $exe; start Ollama from the Start menu to apply the change"
    }
}

try {
    if ($Name -notmatch '^[A-Za-z_][A-Za-z0-9_]*$') {
        Fail "invalid variable name '$Name': must match ^[A-Za-z_][A-Za-z0-9_]*$"
    }
    $canonical = $AllowList | Where-Object { $_ -ieq $Name } | Select-Object -First 1
    if ($null -eq $canonical) {
        Fail ("variable '$Name' is not one gpudoctor manages (allowed: " + ($AllowList -join ' ') + ')')
    }
    $Name = [string]$canonical

    if (-not $Remove) {
        if ($Value -eq '') {
            Fail 'the value must not be empty (an empty User variable is deleted by Windows; use -Remove)'
        }
        if ($Value -match "[`r`n`0]") {
            Fail 'the value must not contain line breaks'
        }
    }

    $old = [Environment]::GetEnvironmentVariable($Name, 'User')
    if ($Remove) {
        if ($null -eq $old) {
            Write-Host "nothing to do: $Name is not set in the User environment (already removed)"
            exit 0
        }
        $action = "remove (was '$old')"
        $newValue = $null
    } else {
        if ($old -ceq $Value) {
            Write-Host "nothing to do: $Name is already '$Value' in the User environment"
            exit 0
        }
        if ($null -eq $old) { $action = "set to '$Value' (was not set)" } else { $action = "set to '$Value' (was '$old')" }
        $newValue = $Value
    }

    if ($PSCmdlet.ShouldProcess("User environment variable $Name", $action)) {
        $backup = Save-Backup $Name $old
        Write-Host "backup: $backup"
        [Environment]::SetEnvironmentVariable($Name, $newValue, 'User')
        # Also this process, so an Ollama started below inherits the new value.
        [Environment]::SetEnvironmentVariable($Name, $newValue, 'Process')
        Write-Host "done: $Name $action"
    }

    if ($RestartOllama) {
        Restart-Ollama
    } else {
        Write-Host 'Programs started from now on see the change; restart Ollama (quit it from the tray and start it again) to apply it there.'
    }
    exit 0
} catch {
    Fail ($_.Exception.Message -replace '\s+', ' ')
}
