"""WSL 2 set up for GPU access (wsl.feature): Windows build and features, WSL 2 as every distribution's version,
and a WSL kernel new enough for CUDA. The GPU path into a distribution is wsl_gpu.py's; the Windows environment
programs get is windows_env.py's."""

from __future__ import annotations

import re

from packaging.version import Version

from gpudoctor.fix_requests import FixRequest, convert_distro_wsl2, enable_wsl2
from gpudoctor.model import Status, check, fail, ok, skip, warn

# Microsoft, "Enable NVIDIA CUDA on WSL" (https://learn.microsoft.com/windows/ai/directml/gpu-cuda-in-wsl):
# Windows 11 or Windows 10 21H2 (build 19044), and "a kernel version of 5.10.43.3 or higher".
# NVIDIA's CUDA on WSL User Guide, "WSL 2 Support Constraints": "at least 4.19.121+".
KERNEL_NEEDED = (5, 10, 43, 3)
KERNEL_MINIMUM = (4, 19, 121)
WINDOWS_BUILD_NEEDED = 19044

WSL2_OFF_MARKERS = ("WSL2 is not supported", "WSL2 is unable to start")  # wsl --status, English
WSL1_OFF_MARKER = "WSL1 is not supported"
VMP = "VirtualMachinePlatform"
WSL_FEATURE = "Microsoft-Windows-Subsystem-Linux"
_OFF_STATES = ("Disabled", "Absent")


def kernel_tuple(release: str | None) -> tuple[int, ...] | None:
    """(5, 15, 167, 4) from "5.15.167.4-microsoft-standard-WSL2" or "5.15.167.4-1": the dotted numbers
    before the kernel's own suffix (which is no version syntax `packaging` knows), read by `packaging`."""
    match = re.match(r"\d+(?:\.\d+)*", release or "")
    return Version(match.group(0)).release if match else None


def _dotted(version: tuple[int, ...]) -> str:
    return ".".join(map(str, version))


def worrying(findings) -> bool:
    """Whether any finding warns or fails."""
    return any(f.status.rank >= Status.WARN.rank for f in findings)


# -- wsl.feature ----------------------------------------------------------------------------------

def _kernel_finding(release: str, where: str):
    version = kernel_tuple(release)
    if version is None:
        return None
    update = ("Update it from Windows: `wsl --update` in PowerShell, then `wsl --shutdown` and reopen the "
              "distribution.")
    evidence = {"kernel": release, "needed": _dotted(KERNEL_NEEDED)}
    if version < KERNEL_MINIMUM:
        return fail(f"The WSL kernel {release} ({where}) is too old for GPU access.",
                    f"NVIDIA's CUDA on WSL guide needs at least {_dotted(KERNEL_MINIMUM)}; Microsoft asks for "
                    f"{_dotted(KERNEL_NEEDED)} or newer.", update, evidence=evidence)
    if version < KERNEL_NEEDED:
        return warn(f"The WSL kernel {release} ({where}) is older than {_dotted(KERNEL_NEEDED)}.",
                    f"Microsoft's \"Enable NVIDIA CUDA on WSL\" asks for {_dotted(KERNEL_NEEDED)} or newer; "
                    "older kernels lack GPU fixes.", update, evidence=evidence)
    return ok(f"WSL kernel {release} ({where}) is new enough for CUDA ({_dotted(KERNEL_NEEDED)} or newer).",
              evidence=evidence)


def _feature_states(windows) -> tuple[str | None, str | None]:
    """(Virtual Machine Platform, Windows Subsystem for Linux): "on", "off" or None when unknown.

    The CIM query is the first source; what `wsl --status` prints when a feature is off is the
    second, and it needs no elevation either.
    """
    features = windows.features or {}
    messages = " ".join(windows.wsl_messages)

    def state(name: str, marker_off: tuple[str, ...]) -> str | None:
        if name in features:
            return "off" if features[name] in _OFF_STATES else "on"
        return "off" if any(marker in messages for marker in marker_off) else None

    return state(VMP, WSL2_OFF_MARKERS), state(WSL_FEATURE, (WSL1_OFF_MARKER,))


def _features(windows, wsl2_runs: bool):
    vmp, wsl1 = _feature_states(windows)
    evidence = {"features": windows.features, "features_problem": windows.features_problem}
    if vmp == "off":
        yield fail("The Virtual Machine Platform feature is off: WSL 2, and with it the GPU in WSL, cannot run.",
                   "WSL 2 is a small virtual machine; Windows runs it only with the optional feature "
                   "\"Virtual Machine Platform\" enabled and virtualization (Intel VT-x / AMD-V, \"SVM\") on in "
                   "the BIOS/UEFI.",
                   "The fix enables the feature (elevated PowerShell) and sets WSL 2 as the default; reboot "
                   "afterwards.", evidence=evidence, fix=enable_wsl2())
    elif vmp is None and not wsl2_runs:
        reason = windows.features_problem or "unknown"
        needs = "needs an elevated (administrator) shell" if reason.startswith("needs-elevation") else reason
        yield skip(f"Whether Virtual Machine Platform is enabled could not be read: {needs}.",
                   "Run gpudoctor from an elevated PowerShell to check it, or look under "
                   "\"Turn Windows features on or off\".", evidence=evidence)
    if wsl1 == "off" and not windows.wsl_package_version:
        yield fail("The \"Windows Subsystem for Linux\" feature is off and this is the WSL built into Windows.",
                   "The in-box WSL needs that feature; the Store WSL (`wsl --update`) does not.",
                   evidence=evidence, fix=enable_wsl2())
    if vmp == "on" or (vmp is None and wsl2_runs):
        source = "Windows says so" if vmp == "on" else "a distribution runs as WSL 2"
        note = (" (Windows Subsystem for Linux is off: only WSL 1 needs it with the Store WSL, "
                "https://github.com/microsoft/WSL/issues/12579)") if wsl1 == "off" else ""
        yield ok(f"Virtual Machine Platform is enabled ({source}){note}.", evidence=evidence)


# What users most often get wrong: the default version is only what new installs get; WSL's PM answering
# "wsl -l -v still says 1 after --set-default-version 2" (https://github.com/MicrosoftDocs/WSL/issues/1061).
DEFAULT_VERSION_NOTE = ("`wsl --set-default-version 2` does not convert it: the default applies only to distributions "
                        "installed afterwards; an installed one stays on WSL 1 until `wsl --set-version NAME 2`.")
INBOX_UPDATE_NOTE = ("Run `wsl --update` first: the WSL built into this Windows build gets the WSL 2 kernel only "
                     "then, and without it the conversion fails with \"WSL 2 requires an update to its kernel "
                     "component\" (https://aka.ms/wsl2kernel).")


def convert_advice(windows, name: str | None) -> tuple[tuple[str, ...], FixRequest | None]:
    """The sentences and the convert-distro-wsl2 request that move one distribution to WSL 2."""
    shown = name or "NAME"
    sentences = [f"Convert it from Windows PowerShell: `wsl --set-version {shown} 2` (its files are kept; it takes a "
                 "few minutes), then reopen it.", DEFAULT_VERSION_NOTE.replace("NAME", shown)]
    inbox = bool(windows is not None and windows.reachable and windows.inbox_wsl)
    if inbox:
        sentences.insert(0, INBOX_UPDATE_NOTE)
    return tuple(sentences), convert_distro_wsl2(name, update_wsl=inbox)


def _distro_findings(windows, current: str | None):
    for distro in windows.distros or ():
        if distro.version != 1 or (current and distro.name.lower() == current.lower()):
            continue
        advice, fix = convert_advice(windows, distro.name)
        evidence = {"distro": distro.name, "version": 1, "default": distro.default}
        if distro.default:
            yield fail(f"The default distribution {distro.name} runs as WSL 1, which has no GPU access.",
                       "`wsl` opens the default distribution; CUDA works only in WSL 2.", *advice,
                       evidence=evidence, fix=fix)
        else:
            yield warn(f"The distribution {distro.name} runs as WSL 1: CUDA does not work there.", *advice,
                       evidence=evidence, fix=fix)


def _windows_side(windows, platform, wsl_facts):
    if not windows.reachable:
        interop = wsl_facts.interop
        yield skip("The Windows side (default version, other distributions, features) was not checked: "
                   f"Windows could not be asked ({windows.problem}).",
                   f"WSLInterop binfmt entry: {interop}. Interop is off when /etc/wsl.conf says "
                   "`[interop] enabled=false`, or when systemd's binfmt service removed the entry "
                   "(https://github.com/microsoft/WSL/issues/8843). It does not affect CUDA.",
                   evidence={"problem": windows.problem, "interop": interop})
        return
    if windows.windows_build and windows.windows_build < WINDOWS_BUILD_NEEDED:
        yield fail(f"Windows build {windows.windows_build} cannot pass the GPU into WSL.",
                   f"GPU access in WSL needs Windows 11 or Windows 10 21H2 (build {WINDOWS_BUILD_NEEDED}) or newer.",
                   evidence={"windows_build": windows.windows_build})
    if windows.wsl_installed is False:
        yield warn("WSL is not installed (no wsl.exe).",
                   "Needed only to run Linux CUDA programs on this PC: `wsl --install` in an elevated PowerShell "
                   "installs WSL 2 and Ubuntu.", evidence={"wsl_installed": False}, fix=enable_wsl2())
        return
    wsl2_runs = (platform.kind == "wsl" and platform.wsl_version == 2) or any(
        d.version == 2 and d.state.lower() == "running" for d in windows.distros or ())
    yield from _features(windows, wsl2_runs)
    if windows.default_version == 1:
        yield warn("New WSL distributions install as WSL 1 (the default version is 1).",
                   "WSL 1 has no GPU access. `wsl --set-default-version 2` makes WSL 2 the default for distributions "
                   "installed from then on; installed ones keep their version (wsl.feature lists those on WSL 1).",
                   evidence={"default_version": 1}, fix=enable_wsl2())
    yield from _distro_findings(windows, platform.wsl_distro if platform.kind == "wsl" else None)
    if windows.distros == () and platform.kind == "windows":
        yield warn("WSL has no Linux distribution installed.",
                   "Install one from PowerShell: `wsl --install -d Ubuntu-24.04`.", evidence={"distros": []})
    if platform.kind == "windows" and windows.wsl_kernel_version:
        finding = _kernel_finding(windows.wsl_kernel_version, "the kernel WSL 2 ships")
        if finding:
            yield finding
    if windows.inbox_wsl:
        yield warn("This is the WSL built into Windows, not the Store WSL.",
                   "`wsl --update` installs the Store WSL, which gets kernel and GPU fixes first.",
                   evidence={"inbox_wsl": True})


def _summary(platform, windows) -> str:
    parts = []
    if platform.kind == "wsl":
        parts.append(f"{platform.wsl_distro or 'this distribution'} runs as WSL {platform.wsl_version}")
    if windows.reachable and windows.default_version:
        parts.append(f"default version {windows.default_version}")
    package = windows.wsl_package_version or platform.wsl_package_version
    if package:
        parts.append(f"WSL {package}")
    return "WSL: " + (", ".join(parts) if parts else "state read from Windows") + "."


@check("wsl.feature", title="WSL 2 set up for GPU access", needs=("windows", "wsl"), platforms=("windows", "wsl"),
       fixes=("windows.enable-wsl2", "windows.convert-distro-wsl2"))
def wsl_feature(facts):
    """Checks what the GPU in WSL needs from Windows: Windows 11 or Windows 10 21H2, the optional
    feature Virtual Machine Platform (and, for the WSL built into Windows, "Windows Subsystem for
    Linux"), WSL 2 as the default version, every distribution on WSL 2 (WSL 1 has no GPU), and a
    WSL kernel of 5.10.43.3 or newer.

    Converting a WSL 1 distribution: `wsl --set-version NAME 2`, preceded by `wsl --update` on the
    WSL built into Windows (it brings the WSL 2 kernel); `wsl --set-default-version 2` alone
    converts nothing already installed.

    Sources that need no administrator rights come first (`wsl.exe --status`, `--version`,
    `-l -v`, CIM Win32_OptionalFeature); a fact that would need an elevated shell is reported as
    skipped, never as a failure. Inside WSL the Windows side is read through interop; with
    interop off only the distribution itself is checked.

    Sources: Microsoft, "Enable NVIDIA CUDA on WSL"
    (https://learn.microsoft.com/windows/ai/directml/gpu-cuda-in-wsl); NVIDIA, CUDA on WSL User
    Guide (https://docs.nvidia.com/cuda/wsl-user-guide/index.html).
    """
    platform, windows, wsl_facts = facts.platform, facts.windows, facts.wsl
    findings = []
    if platform.kind == "wsl":
        distro = platform.wsl_distro
        if platform.wsl_version == 1:
            advice, fix = convert_advice(windows, distro)
            findings.append(fail(
                f"This distribution ({distro or 'unknown name'}) runs as WSL 1, which has no GPU access.",
                "CUDA in WSL reaches the GPU through WSL 2's virtual machine (/dev/dxg); WSL 1 has none.", *advice,
                evidence={"wsl_version": 1, "distro": distro, "kernel": platform.kernel,
                          "inbox_wsl": windows.inbox_wsl if windows.reachable else None},
                fix=fix))
        else:
            finding = _kernel_finding(platform.kernel, "running")
            if finding:
                findings.append(finding)
    findings.extend(_windows_side(windows, platform, wsl_facts))
    if not worrying(findings):
        yield ok(_summary(platform, windows),
                 evidence={"platform": platform.kind, "wsl_version": platform.wsl_version,
                           "default_version": windows.default_version,
                           "wsl_package_version": windows.wsl_package_version,
                           "distros": [{"name": d.name, "state": d.state, "version": d.version, "default": d.default}
                                       for d in windows.distros or ()]})
    yield from findings
