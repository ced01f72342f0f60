"""What Windows says: WSL's state, the NVIDIA driver, and the environment new programs start with.

On Windows the tools run directly; inside WSL they run through interop (the Windows executables
under /mnt/c/Windows/System32). Only elevation-free sources are used:
- `wsl.exe --status`, `--version`, `-l -v`: default version and distribution, WSL package and
  kernel, each distribution's WSL version. wsl.exe writes UTF-16LE unless WSL_UTF8=1 is set
  (https://github.com/microsoft/WSL/issues/4607), and its text is translated, so the parsers
  lean on the shape of the output more than on its words;
- Win32_OptionalFeature (CIM) for the optional features; Get-WindowsOptionalFeature and DISM
  would need an elevated shell;
- the driver version: nvidia-smi.exe, else WMI Win32_VideoController.DriverVersion, else the
  display adapters' registry keys;
- `reg.exe query` of the User and Machine environment, asked only for the audited names: a
  program started from Explorer or the tray (Ollama) gets these, not the current shell's.
Probes parse, never judge: when Windows cannot be asked (interop disabled), that is a fact.
"""

from __future__ import annotations

import io
import re

from msgspec import Struct

from gpudoctor.host.answers import CommandResult
from gpudoctor.host.base import Host
from gpudoctor.host.redact import redact_value
from gpudoctor.lazy_regex import lazy_compile
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides

SYSTEM32_FROM_WSL = "/mnt/c/Windows/System32"
# Where each tool lives under System32 (used from inside WSL when it is not on PATH).
SYSTEM32_PATHS = {
    "wsl.exe": "wsl.exe",
    "powershell.exe": "WindowsPowerShell/v1.0/powershell.exe",
    "reg.exe": "reg.exe",
    "nvidia-smi.exe": "nvidia-smi.exe",
    "cmd.exe": "cmd.exe",
}

WSL_STATUS = ("--status",)
WSL_VERSION = ("--version",)
WSL_LIST = ("-l", "-v")
WINDOWS_VER = ("/d", "/c", "ver")
# `wsl --status` can start the WSL service first; CIM queries take seconds on a busy machine.
WSL_TIMEOUT = 20.0
POWERSHELL_TIMEOUT = 30.0
TOOL_TIMEOUT = 10.0
NVIDIA_SMI_TIMEOUT = 15.0

POWERSHELL = ("-NoProfile", "-NonInteractive", "-Command")
# Single quotes only ('' inside them): a double quote would need one more layer of escaping on
# its way through CreateProcess or WSL interop.
FEATURES_QUERY = (
    "Get-CimInstance -ClassName Win32_OptionalFeature -Filter "
    "'Name=''Microsoft-Windows-Subsystem-Linux'' OR Name=''VirtualMachinePlatform''' "
    "| Select-Object Name,InstallState | ConvertTo-Csv -NoTypeInformation"
)
# Win32_OptionalFeature.InstallState (https://learn.microsoft.com/windows/win32/cimwin32prov/win32-optionalfeature)
INSTALL_STATES = {"1": "Enabled", "2": "Disabled", "3": "Absent", "4": "Unknown"}
VIDEO_CONTROLLERS_QUERY = (
    "Get-CimInstance -ClassName Win32_VideoController "
    "| Select-Object Name,DriverVersion,AdapterCompatibility | ConvertTo-Csv -NoTypeInformation"
)
NVIDIA_SMI_QUERY = ("--query-gpu=index,name,pci.bus_id,driver_version,driver_model.current", "--format=csv,noheader")
# The display adapter device class (GUID_DEVCLASS_DISPLAY); each adapter is a numbered subkey.
DISPLAY_CLASS_KEY = r"HKLM\SYSTEM\CurrentControlSet\Control\Class\{4d36e968-e325-11ce-bfc1-08002be10318}"
DISPLAY_CLASS_QUERIES = (("/s", "/v", "DriverVersion"), ("/s", "/v", "DriverDesc"))

ENVIRONMENT_KEYS = {
    "User": r"HKCU\Environment",
    "Machine": r"HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\Environment",
}
AUDITED_NAMES = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "CUDA_LAUNCH_BLOCKING", "NVIDIA_TF32_OVERRIDE", "WSLENV")
AUDITED_PREFIXES = ("NCCL_", "OLLAMA_")
# One `reg query` per exact name, one substring search (/f) per prefix: only audited values are
# ever printed, so no other variable (a token in HF_TOKEN, a user name in a path) reaches a snapshot.
ENVIRONMENT_QUERIES = tuple(("/v", name) for name in AUDITED_NAMES) + tuple(("/f", p) for p in AUDITED_PREFIXES)

# "    CUDA_VISIBLE_DEVICES    REG_SZ    1" (reg.exe separates the columns with four spaces)
_REG_VALUE = lazy_compile(r"^ {4}(.+?) {4}(REG_[A-Z_]+)(?: {4}(.*))?$")
_KERNEL = lazy_compile(r"(?<!\d)\d+\.\d+\.\d+(?:\.\d+)?")
_WINDOWS_VERSION = lazy_compile(r"10\.0\.(\d+)(?:\.(\d+))?")
_INTEROP_BROKEN = ("exec format error", "cannot execute binary file")
_ELEVATION = ("requires elevation", "access denied", "access is denied")


class WslDistro(Struct, frozen=True):
    name: str
    state: str  # "Running", "Stopped", ... (translated with Windows' display language)
    version: int | None  # 1 or 2
    default: bool


class DisplayAdapter(Struct, frozen=True):
    name: str
    driver_version: str | None  # as its source writes it: "572.83" (nvidia-smi) or "32.0.15.7283" (WMI)
    driver_model: str | None = None  # "WDDM" or "TCC" (nvidia-smi.exe only)
    bus_id: str | None = None


class WindowsVariable(Struct, frozen=True):
    scope: str  # "User" | "Machine"
    name: str
    value: str  # redacted of anything secret-looking


class WindowsFacts(Struct, frozen=True):
    reachable: bool  # False: Windows could not be asked at all (see problem)
    problem: str | None = None  # "interop-disabled: ...", "not-found: ..."
    windows_build: int | None = None
    # WSL as wsl.exe describes it
    wsl_installed: bool | None = None  # False: no wsl.exe; None: unknown
    wsl_messages: tuple[str, ...] = ()  # what `wsl --status` said beyond the default version and distribution
    default_version: int | None = None
    default_distribution: str | None = None
    wsl_package_version: str | None = None  # "2.4.13.0" (Store WSL); None for the in-box WSL
    wsl_kernel_version: str | None = None  # "5.15.167.4-1"
    inbox_wsl: bool = False  # wsl.exe knows no --version: the WSL that ships inside Windows
    distros: tuple[WslDistro, ...] | None = None  # None: the list could not be read
    features: dict[str, str] | None = None  # feature name -> "Enabled", "Disabled", "Absent", "Unknown"
    features_problem: str | None = None  # "needs-elevation: ..." or why they could not be read
    # the NVIDIA driver
    driver_version: str | None = None  # NVIDIA form: "572.83"
    driver_source: str | None = None  # "nvidia-smi.exe" | "WMI" | "registry"
    driver_problem: str | None = None
    adapters: tuple[DisplayAdapter, ...] = ()  # NVIDIA adapters, as the driver source lists them
    # the User and Machine environment, audited names only
    environment: tuple[WindowsVariable, ...] | None = None  # None: the registry could not be read
    environment_problem: str | None = None

    @property
    def driver_branch(self) -> int | None:
        """572 for "572.83": the number NVIDIA names driver families by (R572)."""
        return driver_branch(self.driver_version)

    @property
    def default_distro(self) -> WslDistro | None:
        return next((d for d in self.distros or () if d.default), None)

    def distro(self, name: str | None) -> WslDistro | None:
        return next((d for d in self.distros or () if name and d.name.lower() == name.lower()), None)

    def variables(self, name: str) -> tuple[WindowsVariable, ...]:
        return tuple(v for v in self.environment or () if v.name.upper() == name.upper())


# -- formats ------------------------------------------------------------------------------------

def decode_console(data: bytes) -> str:
    """Text from a Windows tool's bytes: wsl.exe writes UTF-16LE (with NULs between ASCII
    letters, no BOM) unless WSL_UTF8=1; the others write the console code page, ASCII here.
    Line ends become "\\n" (wsl.exe also writes "\\r\\r\\n")."""
    if data.startswith(b"\xff\xfe"):
        text = data[2:].decode("utf-16-le", errors="replace")
    elif b"\x00" in data:  # no console code page has NULs; UTF-16 has one in every ASCII character
        text = data.decode("utf-16-le", errors="replace")
    else:
        text = data.decode("utf-8", errors="replace")
    return re.sub(r"\r+\n|\r", "\n", text.replace("\x00", ""))


def nvidia_driver_version(windows_version: str | None) -> str | None:
    """The NVIDIA driver version in a Windows driver version: its last five digits.

    Windows numbers NVIDIA drivers like 32.0.15.6094; NVIDIA calls that 560.94
    ("15.6094" -> "56094" -> 560.94), and 31.0.15.3179 is 531.79.
    """
    if not windows_version:
        return None
    digits = windows_version.strip().replace(".", "")
    if len(digits) < 5 or not digits.isdigit():
        return None
    last = digits[-5:]
    return f"{int(last[:3])}.{last[3:]}"


def driver_branch(version: str | None) -> int | None:
    """The branch of an NVIDIA driver version: 572 for "572.83" or "580.159.04"."""
    head = (version or "").split(".", 1)[0]
    return int(head) if head.isdigit() else None


def parse_wsl_status(text: str) -> tuple[str | None, int | None, str | None, tuple[str, ...]]:
    """`wsl --status`: (default distribution, default version, kernel version, other lines).

    English: "Default Distribution: Ubuntu" / "Default Version: 2"; the in-box WSL also prints
    "Kernel version: 5.10.102.1". Translated keys still say "distr…" and "version"/"versión".
    """
    distribution = version = kernel = None
    messages = []
    for line in (raw.strip() for raw in text.splitlines()):
        if not line:
            continue
        key, sep, value = (part.strip() for part in line.partition(":"))
        lowered = key.lower()
        if sep and "distr" in lowered and distribution is None and value:
            distribution = value
        elif sep and value in ("1", "2") and version is None:
            version = int(value)
        elif sep and "kernel" in lowered and _KERNEL.match(value):
            kernel = value
        else:
            messages.append(line)
    return distribution, version, kernel, tuple(messages)


def parse_wsl_version(text: str) -> dict[str, str]:
    """`wsl --version` -> {"wsl": "2.4.13.0", "kernel": "5.15.167.4-1", "windows": "10.0.26100.4061"}.

    Every language prints the WSL version first and the kernel second ("WSL version: 2.4.13.0",
    "Versión de WSL: 2.3.24.0", "WSL-Version: ..."); the Windows version is the one value of the
    form 10.0.BUILD.REVISION (DXCore's "10.0.26100.1-240331-1435.ge-release" has a suffix).
    """
    values = []
    for line in text.splitlines():
        value = line.partition(":")[2].strip()
        if re.match(r"\d", value):
            values.append(value)
    if len(values) < 2:
        return {}
    found = {"wsl": values[0], "kernel": values[1]}
    windows = next((v for v in values if re.fullmatch(r"10\.0\.\d+\.\d+", v)), None)
    if windows:
        found["windows"] = windows
    return found


def parse_wsl_list(text: str) -> tuple[WslDistro, ...]:
    """`wsl -l -v`: a header line, then "* NAME  STATE  VERSION" rows ("*" marks the default)."""
    rows = [line for line in text.splitlines() if line.strip()]
    distros = []
    for line in rows[1:]:
        default = line.lstrip().startswith("*")
        fields = line.strip().lstrip("*").split()
        if len(fields) < 3 or not fields[-1].isdigit():
            continue
        distros.append(WslDistro(fields[0], " ".join(fields[1:-1]), int(fields[-1]), default))
    return tuple(distros)


def parse_csv(text: str) -> list[dict[str, str]]:
    """PowerShell's `ConvertTo-Csv -NoTypeInformation`: a quoted header row, then quoted rows. Rows read
    before a malformed one (a field over csv's 128 KiB limit, a NUL) are kept; the rest is no answer."""
    import csv  # Windows answers only: a Linux run never imports it

    rows: list[dict[str, str]] = []
    try:
        for row in csv.DictReader(io.StringIO(text.strip())):
            rows.append(row)
    except csv.Error:
        pass
    return rows


def parse_reg_query(text: str) -> dict[str, dict[str, str]]:
    """`reg query` output -> {key path: {value name: data}}."""
    values: dict[str, dict[str, str]] = {}
    key = ""
    for line in text.splitlines():
        if line.startswith("HKEY_"):
            key = line.strip()
            continue
        match = _REG_VALUE.match(line.rstrip("\n"))
        if match:
            values.setdefault(key, {})[match.group(1)] = (match.group(3) or "").strip()
    return values


def parse_nvidia_smi_csv(text: str) -> tuple[DisplayAdapter, ...]:
    """`nvidia-smi.exe --query-gpu=index,name,pci.bus_id,driver_version,driver_model.current --format=csv,noheader`."""
    adapters = []
    for line in text.splitlines():
        fields = [field.strip() for field in line.split(",")]
        if len(fields) == 5 and fields[0].isdigit():
            adapters.append(DisplayAdapter(fields[1], fields[3], fields[4], fields[2]))
    return tuple(adapters)


def is_audited(name: str) -> bool:
    upper = name.upper()
    return upper in AUDITED_NAMES or upper.startswith(AUDITED_PREFIXES)


# -- asking Windows -------------------------------------------------------------------------------

class _Windows:
    """Runs Windows tools natively, or from inside WSL through interop."""

    def __init__(self, host: Host, inside_wsl: bool) -> None:
        self.host = host
        self.inside_wsl = inside_wsl

    def path(self, tool: str) -> str:
        if not self.inside_wsl:
            return tool
        on_path = self.host.which_all(tool)
        return on_path[0] if on_path else f"{SYSTEM32_FROM_WSL}/{SYSTEM32_PATHS[tool]}"

    def run(self, tool: str, args: tuple[str, ...], timeout: float = TOOL_TIMEOUT) -> CommandResult:
        return self.host.run([self.path(tool), *args], timeout=timeout)

    def powershell(self, script: str) -> CommandResult:
        return self.run("powershell.exe", (*POWERSHELL, script), timeout=POWERSHELL_TIMEOUT)


def _failure(result: CommandResult) -> str:
    """One line saying why a command gave no usable answer."""
    if result.error:
        return result.error
    said = decode_console(result.stderr or result.stdout).strip().splitlines()
    first = said[0].strip() if said else ""
    return f"exit code {result.returncode}" + (f": {first}" if first else "")


def interop_problem(result: CommandResult) -> str | None:
    """Why a Windows executable could not be started from inside WSL, or None when it started.

    With interop off ([interop] enabled=false in /etc/wsl.conf, or the WSLInterop binfmt entry
    missing, which systemd-binfmt can cause) the kernel refuses the .exe: "Exec format error".
    """
    said = f"{result.error or ''} {result.error_text}".lower()
    if any(marker in said for marker in _INTEROP_BROKEN):
        return f"interop-disabled: {result.error or result.error_text.strip()}"
    if result.error == "not-found":
        return f"not-found: no Windows executables under {SYSTEM32_FROM_WSL}"
    if result.error in ("timeout", "not-recorded") or (result.error or "").startswith("os-error"):
        return result.error
    return None


def _wsl_state(windows: _Windows) -> dict:
    status = windows.run("wsl.exe", WSL_STATUS, timeout=WSL_TIMEOUT)
    if status.error == "not-found":
        return {"wsl_installed": False}
    distribution, version, kernel, messages = parse_wsl_status(decode_console(status.stdout + status.stderr))
    version_result = windows.run("wsl.exe", WSL_VERSION)
    found = parse_wsl_version(decode_console(version_result.stdout))
    listing = windows.run("wsl.exe", WSL_LIST)
    listing_text = decode_console(listing.stdout)
    distros = parse_wsl_list(listing_text)
    # "Windows Subsystem for Linux has no installed distributions." comes with a non-zero exit
    # code and no table: that is an empty list, not an unreadable one.
    readable = listing.ok or (listing.error is None and not distros and listing_text.strip() != "")
    return {
        "wsl_installed": True,
        "wsl_messages": messages,
        "default_version": version,
        "default_distribution": distribution,
        "wsl_package_version": found.get("wsl"),
        "wsl_kernel_version": found.get("kernel") or kernel,
        # The in-box WSL answers --version with "Invalid command line option" and its usage text.
        "inbox_wsl": not found and version_result.error is None and version_result.returncode != 0,
        "distros": distros if readable else None,
        "windows_version": found.get("windows"),
    }


def _features(windows: _Windows) -> tuple[dict[str, str] | None, str | None]:
    result = windows.powershell(FEATURES_QUERY)
    rows = parse_csv(decode_console(result.stdout)) if result.ok else []
    if rows:
        return {row.get("Name", ""): INSTALL_STATES.get(row.get("InstallState", ""), "Unknown") for row in rows}, None
    problem = _failure(result)
    said = decode_console(result.stderr + result.stdout).lower()  # PowerShell may wrap errors in CLIXML
    if any(marker in said for marker in _ELEVATION):
        return None, f"needs-elevation: {problem}"
    return None, problem


def _nvidia_adapters(rows: list[dict[str, str]]) -> tuple[DisplayAdapter, ...]:
    return tuple(
        DisplayAdapter(row.get("Name", "").strip(), row.get("DriverVersion", "").strip() or None)
        for row in rows
        if "nvidia" in f"{row.get('AdapterCompatibility', '')} {row.get('Name', '')}".lower()
    )


def _driver_from_registry(windows: _Windows) -> tuple[str | None, tuple[DisplayAdapter, ...], str | None]:
    versions, names = (
        parse_reg_query(decode_console(windows.run("reg.exe", ("query", DISPLAY_CLASS_KEY, *query)).stdout))
        for query in DISPLAY_CLASS_QUERIES
    )
    adapters = tuple(
        DisplayAdapter(names[key]["DriverDesc"], values.get("DriverVersion"))
        for key, values in sorted(versions.items())
        if "nvidia" in names.get(key, {}).get("DriverDesc", "").lower()
    )
    version = next((nvidia_driver_version(a.driver_version) for a in adapters if a.driver_version), None)
    return version, adapters, None if version else "no NVIDIA display adapter in the registry"


def _driver(windows: _Windows) -> dict:
    smi = windows.run("nvidia-smi.exe", NVIDIA_SMI_QUERY, timeout=NVIDIA_SMI_TIMEOUT)
    adapters = parse_nvidia_smi_csv(decode_console(smi.stdout)) if smi.ok else ()
    if adapters:
        return {"driver_version": adapters[0].driver_version, "driver_source": "nvidia-smi.exe", "adapters": adapters}
    problems = [f"nvidia-smi.exe: {_failure(smi) if not smi.ok else 'no GPU listed'}"]
    wmi = windows.powershell(VIDEO_CONTROLLERS_QUERY)
    adapters = _nvidia_adapters(parse_csv(decode_console(wmi.stdout))) if wmi.ok else ()
    version = next((nvidia_driver_version(a.driver_version) for a in adapters if a.driver_version), None)
    if version:
        return {"driver_version": version, "driver_source": "WMI", "adapters": adapters}
    problems.append(f"WMI: {_failure(wmi) if not wmi.ok else 'no NVIDIA video controller'}")
    version, adapters, problem = _driver_from_registry(windows)
    if version:
        return {"driver_version": version, "driver_source": "registry", "adapters": adapters}
    problems.append(f"registry: {problem}")
    return {"driver_problem": "; ".join(problems)}


def _environment(windows: _Windows) -> tuple[tuple[WindowsVariable, ...] | None, str | None]:
    found: dict[tuple[str, str], WindowsVariable] = {}
    for scope, key in ENVIRONMENT_KEYS.items():
        for query in ENVIRONMENT_QUERIES:
            result = windows.run("reg.exe", ("query", key, *query))
            if result.error:  # a missing value is exit code 1 with a message, not an error
                return None, f"reg.exe: {result.error}"
            for values in parse_reg_query(decode_console(result.stdout)).values():
                for name, data in values.items():
                    if is_audited(name):
                        found[(scope, name.upper())] = WindowsVariable(scope, name, redact_value(name, data) or "")
    return tuple(found.values()), None


def _windows_build(windows: _Windows, platform, version_line: str | None) -> int | None:
    if platform.kind == "windows":
        return platform.windows_build
    match = _WINDOWS_VERSION.search(version_line or "")
    if match is None:  # the in-box WSL has no --version: "Microsoft Windows [Version 10.0.19045.5487]"
        match = _WINDOWS_VERSION.search(decode_console(windows.run("cmd.exe", WINDOWS_VER).stdout))
    return int(match.group(1)) if match else None


_WINDOWS_NOT_SEEN = "the Windows side was not recorded"


@provides("windows", not_seen={"linux": NotSeen(_WINDOWS_NOT_SEEN, "wsl -l -v (in Windows PowerShell)"),
                               "wsl": NotSeen(_WINDOWS_NOT_SEEN, "wsl -l -v (in Windows PowerShell)"),
                               "windows": NotSeen(_WINDOWS_NOT_SEEN, "wsl -l -v")})
def probe_windows(host: Host, facts) -> WindowsFacts:
    platform = facts.get("platform")
    if platform.kind not in ("windows", "wsl"):
        return WindowsFacts(reachable=False, problem=f"not Windows or WSL ({platform.kind})")
    windows = _Windows(host, inside_wsl=platform.kind == "wsl")
    if windows.inside_wsl:
        first = windows.run("wsl.exe", WSL_STATUS, timeout=WSL_TIMEOUT)
        problem = interop_problem(first)
        if problem:
            return WindowsFacts(reachable=False, problem=problem)
    state = _wsl_state(windows)
    windows_version = state.pop("windows_version", None)
    features, features_problem = _features(windows)
    environment, environment_problem = _environment(windows)
    return WindowsFacts(
        reachable=True,
        windows_build=_windows_build(windows, platform, windows_version),
        features=features,
        features_problem=features_problem,
        environment=environment,
        environment_problem=environment_problem,
        **state,
        **_driver(windows),
    )
