"""Windows settings that decide how GPUs behave for WSL and for native Windows programs.

Asked in one PowerShell call (from inside WSL through interop), with no elevation:
- %UserProfile%\\.wslconfig as base64 of its bytes: WSL reads it as UTF-8 and silently ignores
  a file saved as UTF-16 with a BOM (https://github.com/microsoft/WSL/issues/7851), so the
  encoding matters as much as the values; the path (with the user's name) is never printed;
- the total physical memory (Win32_ComputerSystem), the ceiling of WSL 2's memory cap;
- the GraphicsDrivers key: TdrDelay, TdrLevel (timeout detection and recovery,
  https://learn.microsoft.com/windows-hardware/drivers/display/tdr-registry-keys) and HwSchMode
  (hardware-accelerated GPU scheduling: 2 on, 1 off);
- the System log's "Display" event 4101 ("Display driver nvlddmkm stopped responding and has
  successfully recovered"): how many of the last 50, and the newest one's time;
- the per-app GPU preference (Settings > Display > Graphics) of Ollama and Python only, with the
  user's profile folder replaced by %USERPROFILE%.
Probes parse, never judge.
"""

from __future__ import annotations

import base64
import binascii

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probes.windows import decode_console, interop_problem, _Windows
from gpudoctor.probing import provides

# Single quotes only (see windows.py): the script passes through CreateProcess or WSL interop.
SETTINGS_SCRIPT = "; ".join((
    "$ErrorActionPreference = 'SilentlyContinue'",
    "$p = Join-Path $env:USERPROFILE '.wslconfig'",
    "if (Test-Path -LiteralPath $p) { 'wslconfig=' + [Convert]::ToBase64String([IO.File]::ReadAllBytes($p)) } "
    "else { 'wslconfig=absent' }",
    "'memory=' + (Get-CimInstance -ClassName Win32_ComputerSystem).TotalPhysicalMemory",
    "$g = Get-ItemProperty -Path 'HKLM:\\SYSTEM\\CurrentControlSet\\Control\\GraphicsDrivers'",
    "'tdrdelay=' + $g.TdrDelay",
    "'tdrlevel=' + $g.TdrLevel",
    "'hwschmode=' + $g.HwSchMode",
    "$e = @(Get-WinEvent -FilterHashtable @{LogName='System'; ProviderName='Display'; Id=4101} -MaxEvents 50 "
    "| Where-Object { $_.Message -match 'nvlddmkm' })",
    "'events4101=' + $e.Count",
    "if ($e.Count) { 'event4101last=' + $e[0].TimeCreated.ToUniversalTime().ToString('s') }",
    "$u = Get-ItemProperty -Path 'HKCU:\\Software\\Microsoft\\DirectX\\UserGpuPreferences'",
    "if ($u) { $u.PSObject.Properties | Where-Object { $_.Name -match '(?i)(ollama|python)[^\\\\]*\\.exe$' } "
    "| ForEach-Object { 'gpupref=' + ($_.Name -replace [regex]::Escape($env:USERPROFILE), '%USERPROFILE%') "
    "+ '|' + $_.Value } }",
))
SETTINGS_TIMEOUT = 30.0


class WslConfig(Struct, frozen=True):
    """%UserProfile%\\.wslconfig as WSL would read it."""

    encoding: str  # "utf-8" | "utf-8-bom" | "utf-16-bom" | "utf-16" (no BOM) | "unreadable"
    values: dict[str, dict[str, str]]  # section -> key (lower case) -> value, as decoded for the reader
    ignored_by_wsl: bool  # WSL does not read this encoding: every value is silently ignored


class GpuPreference(Struct, frozen=True):
    app: str  # "%USERPROFILE%\\AppData\\Local\\Programs\\Ollama\\ollama app.exe"
    preference: int | None  # 0 let Windows decide, 1 power saving, 2 high performance


class WindowsSettings(Struct, frozen=True):
    reachable: bool
    problem: str | None = None
    wslconfig: WslConfig | None = None  # None: no .wslconfig
    wslconfig_read: bool = False  # False: the answer had no wslconfig line
    host_memory_bytes: int | None = None
    tdr_delay_s: int | None = None  # None: not set (Windows' default is 2 s)
    tdr_level: int | None = None  # None: not set (default 3, recover on timeout)
    hags: bool | None = None  # hardware-accelerated GPU scheduling; None: not set or unknown
    tdr_events: int | None = None  # "Display" 4101 events naming nvlddmkm among the last 50
    last_tdr_event: str | None = None  # "2026-11-20T21:14:03" (UTC)
    gpu_preferences: tuple[GpuPreference, ...] = ()


def _int(value: str | None) -> int | None:
    return int(value) if value and value.strip().isdigit() else None


def parse_ini(text: str) -> dict[str, dict[str, str]]:
    """A .wslconfig: [section] headers and key=value lines; '#' or ';' start a comment."""
    sections: dict[str, dict[str, str]] = {}
    current = ""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split(";", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip().lower()
            sections.setdefault(current, {})
        elif "=" in line:
            key, _, value = line.partition("=")
            sections.setdefault(current, {})[key.strip().lower()] = value.strip().strip('"')
    return sections


def parse_wslconfig(data: bytes) -> WslConfig:
    """Decode as WSL does: UTF-8 only. A UTF-16 file is still decoded here so that the report can say
    what the user meant to set."""
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return WslConfig("utf-16-bom", parse_ini(data.decode("utf-16", errors="replace")), True)
    if len(data) >= 2 and data[1:2] == b"\x00":
        return WslConfig("utf-16", parse_ini(data.decode("utf-16-le", errors="replace")), True)
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return WslConfig("unreadable", {}, True)
    return WslConfig("utf-8-bom" if bom else "utf-8", parse_ini(text), False)


def parse_settings(text: str) -> WindowsSettings:
    fields: dict[str, str] = {}
    preferences = []
    for line in text.splitlines():
        key, sep, value = line.strip().partition("=")
        if not sep:
            continue
        if key == "gpupref":
            app, _, setting = value.rpartition("|")
            preference = next((_int(part.split("=", 1)[1]) for part in setting.split(";")
                               if part.startswith("GpuPreference=")), None)
            preferences.append(GpuPreference(app, preference))
        else:
            fields[key] = value.strip()
    wslconfig = None
    if fields.get("wslconfig") not in (None, "absent"):
        try:
            wslconfig = parse_wslconfig(base64.b64decode(fields["wslconfig"], validate=True))
        except (binascii.Error, ValueError):
            wslconfig = WslConfig("unreadable", {}, True)
    hwschmode = _int(fields.get("hwschmode"))
    return WindowsSettings(
        reachable=True,
        wslconfig=wslconfig,
        wslconfig_read="wslconfig" in fields,
        host_memory_bytes=_int(fields.get("memory")),
        tdr_delay_s=_int(fields.get("tdrdelay")),
        tdr_level=_int(fields.get("tdrlevel")),
        hags={2: True, 1: False}.get(hwschmode) if hwschmode is not None else None,
        tdr_events=_int(fields.get("events4101")),
        last_tdr_event=fields.get("event4101last") or None,
        gpu_preferences=tuple(preferences),
    )


@provides("windows_settings")
def probe_windows_settings(host: Host, facts) -> WindowsSettings:
    platform = facts.get("platform")
    if platform.kind not in ("windows", "wsl"):
        return WindowsSettings(reachable=False, problem=f"not Windows or WSL ({platform.kind})")
    windows = _Windows(host, inside_wsl=platform.kind == "wsl")
    result = windows.powershell(SETTINGS_SCRIPT)
    problem = interop_problem(result) if windows.inside_wsl else None
    if problem or result.error:
        return WindowsSettings(reachable=False, problem=problem or result.error)
    return parse_settings(decode_console(result.stdout))
