# Pester 5 tests that RUN the PowerShell fix scripts (fixes/windows/*.ps1) with a fake wsl.exe.
#
# No PowerShell installs from the package registries gpudoctor's CI may use (PyPI, npm, Debian: the
# npm package "pwsh" downloads PowerShell from GitHub when it installs), so CI only parses these
# scripts (tests/fixes/test_static.py). Run these on Windows, or anywhere PowerShell 7 is installed:
#
#     Install-Module Pester -MinimumVersion 5.0 -Scope CurrentUser    # once
#     Invoke-Pester -Path tests/powershell -Output Detailed
#
# Nothing here changes the machine: each script runs in a child PowerShell whose PATH starts with a
# folder holding a fake wsl.exe. The fake answers `wsl.exe -l -v` with the UTF-16LE bytes recorded in
# tests/fixtures/raw/windows (as the real wsl.exe writes to a pipe), keeps the distributions' versions
# in a state file (so a second run sees the first run's conversion), and logs every call.
# On Windows PowerShell 5.1 the fake is a small C# console program compiled with Add-Type; elsewhere it
# is a bash script.

BeforeDiscovery {
    $script:WindowsHost = [System.Environment]::OSVersion.Platform -eq 'Win32NT'
}

BeforeAll {
    $script:Repo = (Resolve-Path (Join-Path $PSScriptRoot '..\..')).Path
    $script:Fixes = Join-Path $Repo 'fixes/windows'
    $script:Raw = Join-Path $Repo 'tests/fixtures/raw/windows'
    $script:Shell = (Get-Process -Id $PID).Path          # the same PowerShell runs the scripts
    $script:OnWindows = [System.Environment]::OSVersion.Platform -eq 'Win32NT'

    $script:Work = Join-Path ([IO.Path]::GetTempPath()) ('gpudoctor-pester-' + [guid]::NewGuid().ToString())
    $script:FakeDir = Join-Path $Work 'bin'
    New-Item -ItemType Directory -Path $FakeDir | Out-Null
    if ($OnWindows) {
        # The state file holds the `wsl -l -v` text; the fake writes it as UTF-16LE like wsl.exe.
        $source = @'
using System; using System.IO; using System.Text;
public static class FakeWsl {
    public static int Main(string[] args) {
        string state = Environment.GetEnvironmentVariable("FAKE_WSL_STATE");
        File.AppendAllText(Path.Combine(state, "calls.log"), String.Join(" ", args) + "\n");
        string list = Path.Combine(state, "list.txt");
        string joined = String.Join(" ", args);
        if (joined == "--list --verbose" || joined == "-l -v") {
            byte[] text = Encoding.Unicode.GetBytes(File.ReadAllText(list, Encoding.UTF8));
            using (Stream o = Console.OpenStandardOutput()) { o.Write(text, 0, text.Length); }
            return 0;
        }
        if (args.Length == 3 && args[0] == "--set-version") {
            string[] lines = File.ReadAllLines(list, Encoding.UTF8);
            for (int i = 1; i < lines.Length; i++) {
                string[] f = lines[i].TrimStart('*', ' ').Split(new char[] {' '}, StringSplitOptions.RemoveEmptyEntries);
                if (f.Length >= 3 && String.Equals(f[0], args[1], StringComparison.OrdinalIgnoreCase))
                    lines[i] = lines[i].Substring(0, lines[i].TrimEnd().Length - 1) + args[2];
            }
            File.WriteAllLines(list, lines, Encoding.UTF8);
            Console.WriteLine("Conversion complete.");
            return 0;
        }
        if (joined == "--update") { Console.WriteLine("Installing: Windows Subsystem for Linux"); return 0; }
        return 1;
    }
}
'@
        Add-Type -TypeDefinition $source -OutputAssembly (Join-Path $FakeDir 'wsl.exe') -OutputType ConsoleApplication
    } else {
        $fake = Join-Path $FakeDir 'wsl.exe'
        Set-Content -Path $fake -Encoding ascii -Value @'
#!/usr/bin/env bash
state=$FAKE_WSL_STATE
printf '%s\n' "$*" >> "$state/calls.log"
case "$*" in
    "--list --verbose"|"-l -v") iconv -f utf-8 -t utf-16le "$state/list.txt"; exit 0 ;;
    "--update") echo "Installing: Windows Subsystem for Linux"; exit 0 ;;
esac
if [[ $1 == --set-version && $# -eq 3 ]]; then
    awk -v d="$2" -v v="$3" 'NR > 1 { n = $0; sub(/^[* ]+/, "", n); split(n, f, " ");
        if (tolower(f[1]) == tolower(d)) sub(/[0-9]+[ \r]*$/, v) } { print }' "$state/list.txt" > "$state/list.new"
    mv "$state/list.new" "$state/list.txt"; echo "Conversion complete."; exit 0
fi
exit 1
'@
        & chmod +x $fake
    }

    # Runs a fix script in a child PowerShell with the fake first on PATH; returns exit code, output, calls.
    function script:Invoke-Fix([string]$Script, [string[]]$Arguments) {
        $env:FAKE_WSL_STATE = $script:State
        $saved = $env:PATH
        try {
            $env:PATH = $script:FakeDir + [IO.Path]::PathSeparator + $saved
            $out = & $script:Shell -NoProfile -ExecutionPolicy Bypass -File (Join-Path $script:Fixes $Script) @Arguments 2>&1
            $code = $LASTEXITCODE
        } finally {
            $env:PATH = $saved
        }
        $log = Join-Path $script:State 'calls.log'
        $calls = @(if (Test-Path $log) { Get-Content $log })
        return [pscustomobject]@{ Code = $code; Text = ($out | Out-String); Calls = $calls }
    }

    # A fresh fake WSL whose `wsl -l -v` is the recorded UTF-16LE file $Listing.
    function script:New-FakeWsl([string]$Listing) {
        $script:State = Join-Path $script:Work ([guid]::NewGuid().ToString())
        New-Item -ItemType Directory -Path $script:State | Out-Null
        $text = [Text.Encoding]::Unicode.GetString([IO.File]::ReadAllBytes((Join-Path $script:Raw $Listing)))
        [IO.File]::WriteAllText((Join-Path $script:State 'list.txt'), $text, (New-Object Text.UTF8Encoding $false))
    }
}

AfterAll {
    Remove-Item -Recurse -Force -Path $script:Work -ErrorAction SilentlyContinue
}

Describe 'convert-distro-wsl2.ps1' {
    BeforeEach { New-FakeWsl 'wsl-list.ubuntu-20.04-wsl1.utf16le' }

    It 'refuses a name that is not a distribution name, without calling wsl.exe' {
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Ubuntu; rm')
        $r.Code | Should -Be 1
        $r.Text | Should -Match 'invalid -Distro'
        $r.Calls.Count | Should -Be 0
    }

    It 'names the installed distributions when the one asked for is missing' {
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Debian')
        $r.Code | Should -Be 1
        $r.Text | Should -Match "no WSL distribution named 'Debian' \(installed: Ubuntu-20.04\)"
    }

    It 'reads the UTF-16 listing and converts a WSL 1 distribution' {
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Ubuntu-20.04')
        $r.Code | Should -Be 0
        $r.Calls | Should -Contain '--set-version Ubuntu-20.04 2'
        $r.Text | Should -Match 'now runs on WSL 2'
    }

    It 'is idempotent: a second run finds WSL 2 and changes nothing' {
        (Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Ubuntu-20.04')).Code | Should -Be 0
        Remove-Item (Join-Path $script:State 'calls.log')
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Ubuntu-20.04')
        $r.Code | Should -Be 0
        $r.Text | Should -Match 'already on WSL 2'
        $r.Calls | Should -Not -Contain '--set-version Ubuntu-20.04 2'
    }

    It 'with -Update runs wsl --update before the conversion' {
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Ubuntu-20.04', '-Update')
        $r.Code | Should -Be 0
        $update = [array]::IndexOf($r.Calls, '--update')
        $update | Should -BeGreaterOrEqual 0
        $update | Should -BeLessThan ([array]::IndexOf($r.Calls, '--set-version Ubuntu-20.04 2'))
    }

    It 'with -WhatIf only lists' {
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'Ubuntu-20.04', '-Update', '-WhatIf')
        $r.Code | Should -Be 0
        $r.Calls | Should -Not -Contain '--update'
        $r.Calls | Should -Not -Contain '--set-version Ubuntu-20.04 2'
    }

    It 'finds the default distribution marked with * among several' {
        New-FakeWsl 'wsl-list.ubuntu-24.04-docker.utf16le'
        $r = Invoke-Fix 'convert-distro-wsl2.ps1' @('-Distro', 'docker-desktop')
        $r.Code | Should -Be 0
        $r.Text | Should -Match 'already on WSL 2'
    }
}

Describe 'wslconfig-utf8.ps1' {
    BeforeEach {
        New-FakeWsl 'wsl-list.ubuntu-20.04-wsl1.utf16le'
        $script:Profile = Join-Path $script:State 'profile'
        $script:LocalAppData = Join-Path $script:State 'appdata'
        New-Item -ItemType Directory -Path $script:Profile, $script:LocalAppData | Out-Null
        $script:SavedProfile = $env:USERPROFILE
        $script:SavedLocal = $env:LOCALAPPDATA
        $env:USERPROFILE = $script:Profile
        $env:LOCALAPPDATA = $script:LocalAppData
        $script:Config = Join-Path $script:Profile '.wslconfig'
        # microsoft/WSL#7851's file as its reporter saved it: UTF-16 with a BOM, CRLF
        Copy-Item -LiteralPath (Join-Path $script:Raw 'wslconfig.wsl-7851.utf16bom') -Destination $script:Config
    }
    AfterEach {
        $env:USERPROFILE = $script:SavedProfile
        $env:LOCALAPPDATA = $script:SavedLocal
    }

    It 'rewrites a UTF-16 file as UTF-8 with the same text and keeps a backup' {
        $before = [IO.File]::ReadAllBytes($script:Config)
        $r = Invoke-Fix 'wslconfig-utf8.ps1' @()
        $r.Code | Should -Be 0
        $after = [IO.File]::ReadAllBytes($script:Config)
        [Text.Encoding]::ASCII.GetString($after) | Should -BeExactly "[wsl2]`r`nmemory=6GB`r`nswap=0`r`nlocalhostForwarding=true`r`n"
        $backup = @(Get-ChildItem -Path (Join-Path $script:LocalAppData 'gpudoctor/backups') -Filter 'wslconfig.*.bak')
        $backup.Count | Should -Be 1
        [Convert]::ToBase64String([IO.File]::ReadAllBytes($backup[0].FullName)) | Should -Be ([Convert]::ToBase64String($before))
    }

    It 'is idempotent: a UTF-8 file is left alone' {
        (Invoke-Fix 'wslconfig-utf8.ps1' @()).Code | Should -Be 0
        $once = [IO.File]::ReadAllBytes($script:Config)
        $r = Invoke-Fix 'wslconfig-utf8.ps1' @()
        $r.Code | Should -Be 0
        $r.Text | Should -Match 'nothing to do'
        [Convert]::ToBase64String([IO.File]::ReadAllBytes($script:Config)) | Should -Be ([Convert]::ToBase64String($once))
    }

    It 'with -WhatIf changes nothing' {
        $before = [IO.File]::ReadAllBytes($script:Config)
        (Invoke-Fix 'wslconfig-utf8.ps1' @('-WhatIf')).Code | Should -Be 0
        [Convert]::ToBase64String([IO.File]::ReadAllBytes($script:Config)) | Should -Be ([Convert]::ToBase64String($before))
        Test-Path (Join-Path $script:LocalAppData 'gpudoctor') | Should -BeFalse
    }

    It 'does nothing without a .wslconfig' {
        Remove-Item -LiteralPath $script:Config
        $r = Invoke-Fix 'wslconfig-utf8.ps1' @()
        $r.Code | Should -Be 0
        $r.Text | Should -Match 'nothing to do: there is no'
    }
}

Describe 'set-user-env.ps1 argument checks' {
    It 'refuses a variable name outside the allow-list' {
        $r = Invoke-Fix 'set-user-env.ps1' @('-Name', 'PATH', '-Value', 'x', '-WhatIf')
        $r.Code | Should -Be 1
        $r.Text | Should -Match 'not one gpudoctor manages'
    }

    It 'refuses an invalid variable name' {
        $r = Invoke-Fix 'set-user-env.ps1' @('-Name', 'A-B', '-Value', 'x', '-WhatIf')
        $r.Code | Should -Be 1
        $r.Text | Should -Match 'invalid variable name'
    }

    It 'refuses an empty value' {
        $r = Invoke-Fix 'set-user-env.ps1' @('-Name', 'OLLAMA_SCHED_SPREAD', '-Value', '', '-WhatIf')
        $r.Code | Should -Be 1
        $r.Text | Should -Match 'must not be empty'
    }
}

Describe 'enable-wsl2.ps1' {
    It 'refuses to run without administrator rights' -Skip:(-not $WindowsHost) {
        $principal = New-Object Security.Principal.WindowsPrincipal([Security.Principal.WindowsIdentity]::GetCurrent())
        if ($principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
            Set-ItResult -Skipped -Because 'this shell is elevated'
            return
        }
        $r = Invoke-Fix 'enable-wsl2.ps1' @('-WhatIf')
        $r.Code | Should -Be 1
        $r.Text | Should -Match 'must run as administrator'
    }
}
