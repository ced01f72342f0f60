"""Windows 11 and WSL 2: what GPU access in WSL needs, the GPU path into the distribution, and the
Windows environment that programs started outside a shell (Ollama's tray app) get."""

from __future__ import annotations

import re

from packaging.version import Version

from gpudoctor.knowledge.driver_support import CUDA_ON_WSL_GUIDE_URL, TOOLKIT_DRIVER, parse_driver_version
from gpudoctor.fix_requests import (
    FixRequest,
    convert_distro_wsl2,
    enable_wsl2,
    install_cuda_toolkit,
    remove_linux_driver,
    shell_env,
    windows_user_env,
)
from gpudoctor.model import Status, check, fail, is_unknown, ok, skip, unknown, warn
from gpudoctor.probes.env import resolve_visible_devices
from gpudoctor.probes.wsl import DRIVER_PACKAGE, WSL_LIB

from .nvml_status import LINUX_DRIVER_ERRORS

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


def _worrying(findings) -> bool:
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
    if not _worrying(findings):
        yield ok(_summary(platform, windows),
                 evidence={"platform": platform.kind, "wsl_version": platform.wsl_version,
                           "default_version": windows.default_version,
                           "wsl_package_version": windows.wsl_package_version,
                           "distros": [{"name": d.name, "state": d.state, "version": d.version, "default": d.default}
                                       for d in windows.distros or ()]})
    yield from findings


# -- wsl.gpu --------------------------------------------------------------------------------------

def toolkit_version_for(cuda_driver_version: int | None, windows_driver: str | None) -> str | None:
    """The newest cuda-toolkit-X-Y package the driver runs: 12080 (NVML: CUDA 12.8) -> "12-8".

    Without NVML (a broken setup), the Windows driver version and the toolkit release notes'
    table tell it: 572.83 runs 12.8 (needs 570.65). That table lists no Windows driver for
    CUDA 13, so it never suggests more than 12.9 there.
    """
    if cuda_driver_version:
        return f"{cuda_driver_version // 1000}-{cuda_driver_version % 1000 // 10}"
    driver = parse_driver_version(windows_driver)
    runs = [version for version, (_, windows) in TOOLKIT_DRIVER.items()
            if driver and windows and parse_driver_version(windows) <= driver]
    return "-".join(map(str, max(runs))) if runs else None


def linux_driver_pieces(wsl) -> tuple[str, ...]:
    """The Linux NVIDIA driver inside this distribution, by name: its packages, else its stray files."""
    if wsl is None or not wsl.applicable:
        return ()
    names = [p.name for p in wsl.driver_packages]
    names += [s.package.split(":")[0] for s in wsl.stray_libraries if s.package]  # "libcuda1:amd64" -> "libcuda1"
    if names:
        return tuple(dict.fromkeys(names))
    files = [s.path for s in wsl.stray_libraries] or list(wsl.linux_libcuda)
    folders: dict[str, int] = {}
    for path in files:
        folder = path.rsplit("/", 1)[0]
        folders[folder] = folders.get(folder, 0) + 1
    return tuple(f"{count} NVIDIA librar{'y' if count == 1 else 'ies'} in {folder}/" for folder, count in folders.items())


# How each package manager removes what it installed; only apt is run by a fix script.
REMOVE_COMMAND = {"rpm": "sudo dnf remove", "pacman": "sudo pacman -Rns"}


def _stray_lines(wsl) -> list[str]:
    lines = []
    for stray in wsl.stray_libraries:
        owner = (f"owned by {stray.package} ({stray.manager})" if stray.package
                 else "owned by no package" if stray.manager else "owner unknown (no dpkg, rpm or pacman)")
        loads = "; programs load this one" if stray.shadows else ""
        lines.append(f"{stray.soname} at {stray.path}: {owner}{loads}.")
    return lines


def _extra_packages(wsl) -> list[str]:
    """dpkg packages owning stray libraries that the fix's own list does not catch (Debian's libcuda1 ...)."""
    listed = {p.name for p in wsl.driver_packages}
    return list(dict.fromkeys(s.package.split(":")[0] for s in wsl.stray_libraries
                              if s.manager == "dpkg-query" and s.package
                              and s.package.split(":")[0] not in listed and not DRIVER_PACKAGE.match(s.package.split(":")[0])))


def _linux_driver_findings(wsl, nvml_error: str | None = None):
    packages = wsl.driver_packages
    loaded = wsl.libcuda_loaded_from
    shadowed = loaded is not None and not loaded.startswith(WSL_LIB + "/")
    strays = wsl.stray_libraries
    if not packages and not shadowed and not wsl.linux_libcuda and not strays:
        return
    owners = linux_driver_pieces(wsl)
    details = [
        "Inside WSL 2 the Windows NVIDIA driver is the driver: its libcuda.so, libnvidia-ml.so.1 and nvidia-smi "
        f"appear under {WSL_LIB}, and every NVIDIA library WSL provides must come only from there. A Linux driver "
        "installed in the distribution puts copies elsewhere that cannot reach the GPU: CUDA reports no device "
        "(error 100) and nvidia-smi fails.",
        f"NVIDIA's CUDA on WSL guide: \"Do not install any Linux display driver in WSL\" ({CUDA_ON_WSL_GUIDE_URL}). "
        "Install only cuda-toolkit-X-Y, never the `cuda`, `cuda-X-Y` or `cuda-drivers` packages.",
        *_stray_lines(wsl),
    ]
    if shadowed:
        details.append(f"The loader takes libcuda.so.1 from {loaded}, not from {WSL_LIB}.")
    if wsl.version == 1:
        details.append("This distribution runs as WSL 1 (no GPU at all, see wsl.feature); once converted to WSL 2 "
                       f"these files would shadow {WSL_LIB}, so remove them as well.")
    if nvml_error and nvml_error.split(":")[0] in LINUX_DRIVER_ERRORS:
        details.append(f"This is why NVML fails here ({nvml_error}): the Linux libnvidia-ml is the one loaded.")
    evidence = {"driver_packages": [p.name for p in packages], "libcuda_loaded_from": loaded,
                "linux_libcuda": list(wsl.linux_libcuda),
                "stray_libraries": [{"soname": s.soname, "path": s.path, "real_path": s.real_path,
                                     "package": s.package, "manager": s.manager} for s in strays]}
    other = sorted({s.manager for s in strays if s.package and s.manager in REMOVE_COMMAND})
    extra = _extra_packages(wsl)
    if packages or extra:
        yield fail(f"A Linux NVIDIA driver is installed inside WSL: {', '.join(owners)}.", *details,
                   "The fix purges these packages; afterwards run `wsl --shutdown` from Windows and reopen the "
                   "distribution.", evidence=evidence, fix=remove_linux_driver(extra))
    elif other:
        manager = other[0]
        names = " ".join(dict.fromkeys(s.package for s in strays if s.manager == manager and s.package))
        yield fail(f"A Linux NVIDIA driver is installed inside WSL: {', '.join(owners)}.", *details,
                   f"Remove it: `{REMOVE_COMMAND[manager]} {names}`, then `wsl --shutdown` from Windows.",
                   evidence=evidence)
    else:
        files = ", ".join(owners or [loaded])
        yield fail(f"NVIDIA libraries outside {WSL_LIB} shadow the Windows driver's: {files}.", *details,
                   "No package owns them (NVIDIA's .run installer?): `sudo nvidia-uninstall`, or delete those files "
                   "and run `sudo ldconfig`.", evidence=evidence)


def _wsl_lib_findings(wsl):
    if wsl.dxg_not_seen:
        yield unknown(wsl.dxg_not_seen, "whether Windows passes the GPU into WSL 2")
    elif not wsl.dxg:
        yield fail("/dev/dxg is missing: Windows does not pass the GPU into this WSL 2 VM.",
                   "Install a current NVIDIA driver on Windows (R495 or newer supports CUDA in WSL), run "
                   "`wsl --update`, then `wsl --shutdown` and reopen the distribution.",
                   evidence={"dxg": False})
    if wsl.wsl_lib_not_seen:
        yield unknown(wsl.wsl_lib_not_seen, "which of the Windows driver's libraries WSL mounts")
    elif wsl.wsl_lib is None:
        yield fail(f"{WSL_LIB} cannot be read ({wsl.wsl_lib_problem}): the Windows driver's libraries are missing.",
                   "WSL mounts them from the Windows driver; reinstall the NVIDIA driver on Windows and run "
                   "`wsl --shutdown`.", evidence={"wsl_lib_problem": wsl.wsl_lib_problem})
    elif wsl.missing_wsl_libs:
        missing = ", ".join(wsl.missing_wsl_libs)
        yield fail(f"The Windows NVIDIA driver's files are missing from {WSL_LIB}: {missing}.",
                   "They come from the Windows driver; an NVIDIA driver older than R495 or a broken install lacks "
                   "them. Reinstall the current driver on Windows, then `wsl --shutdown`.",
                   evidence={"missing": list(wsl.missing_wsl_libs), "present": list(wsl.wsl_lib)})
    if wsl.libcuda_not_seen:
        yield unknown(wsl.libcuda_not_seen, "whether the loader finds libcuda.so.1")
    elif wsl.libcuda_cache == ():
        yield fail("The loader cache has no libcuda.so.1: CUDA programs cannot find the driver.",
                   _ld_conf_reason(wsl), evidence={"ld_conf": wsl.ld_conf})
    elif wsl.libcuda_cache is None:
        yield skip(f"The loader cache could not be read ({wsl.ldconfig_problem}).",
                   evidence={"ldconfig_problem": wsl.ldconfig_problem})
    elif not wsl.ld_conf_lists_wsl_lib:
        yield warn(f"{WSL_LIB} is not in the loader configuration (/etc/ld.so.conf.d/ld.wsl.conf).",
                   _ld_conf_reason(wsl), evidence={"ld_conf": wsl.ld_conf})


def _ld_conf_reason(wsl) -> str:
    if wsl.ld_conf is None:
        return ("WSL writes /etc/ld.so.conf.d/ld.wsl.conf at start unless /etc/wsl.conf sets "
                "`[automount] ldconfig = false`; remove that setting and run `wsl --shutdown`.")
    return f"ld.wsl.conf does not list {WSL_LIB}; run `wsl --shutdown` so WSL writes it again, then `sudo ldconfig`."


def _windows_gpu_findings(windows):
    tcc = [a for a in windows.adapters if (a.driver_model or "").upper() == "TCC"]
    if windows.reachable and tcc:
        names = ", ".join(f"{a.name} ({a.bus_id})" for a in tcc)
        yield warn(f"GPUs in TCC mode are not available in WSL: {names}.",
                   "WSL 2 reaches GPUs through WDDM only (https://github.com/microsoft/WSL/issues/9952); a mix of "
                   "TCC and WDDM GPUs can hide all of them (https://github.com/microsoft/WSL/issues/13027). "
                   "Switch them with `nvidia-smi -i N -dm 0` (WDDM) in an elevated shell and reboot.",
                   evidence={"tcc": [a.name for a in tcc]})


def _toolkit_finding(wsl, gpus, windows):
    if wsl.toolkit_packages or wsl.nvcc:
        found = ", ".join(p.name for p in wsl.toolkit_packages) or wsl.nvcc[0]
        return ok(f"CUDA toolkit present ({found}).", evidence={"toolkit": found})
    if wsl.packages_not_seen or wsl.nvcc_not_seen:
        return unknown(wsl.packages_not_seen or wsl.nvcc_not_seen, "whether a CUDA toolkit is installed")
    version = toolkit_version_for(gpus.cuda_driver_version if gpus else None,
                                  windows.driver_version if windows else None)
    details = ["Not needed to run PyTorch wheels or Ollama, which bring their own CUDA libraries; needed to "
               "compile CUDA code (nvcc).",
               "Install it from NVIDIA's WSL-Ubuntu repository, which carries no driver: "
               f"`sudo apt-get install cuda-toolkit-{version or 'X-Y'}`."]
    if version:
        details.append(f"CUDA {version.replace('-', '.')} is the newest toolkit the Windows driver runs.")
    return ok("No CUDA toolkit in this distribution (a hint, not a problem).", *details,
              evidence={"toolkit": None, "suggested": version},
              fix=install_cuda_toolkit(version) if version else None)


@check("wsl.gpu", title="GPU path from the Windows driver into WSL", needs=("wsl", "gpus", "windows"),
       platforms=("wsl",), fixes=("wsl.remove-linux-driver", "wsl.install-cuda-toolkit"))
def wsl_gpu(facts):
    """Checks that CUDA inside WSL 2 reaches the Windows NVIDIA driver: /dev/dxg exists; the driver's
    libraries are in /usr/lib/wsl/lib (libcuda.so, libcuda.so.1, libnvidia-ml.so.1, nvidia-smi) and
    the loader finds that libcuda.so.1 first (`ldconfig -p`, /etc/ld.so.conf.d/ld.wsl.conf); no
    Linux NVIDIA driver is installed in the distribution (nvidia-driver-*, libnvidia-compute-*,
    nvidia-utils-*, the `cuda`/`cuda-X-Y`/`cuda-drivers` packages, or a libcuda in
    /usr/lib/x86_64-linux-gnu) - the most common way CUDA breaks in WSL; GPUs in TCC mode, which
    WSL cannot use. A missing CUDA toolkit is only a hint: the WSL-Ubuntu cuda-toolkit-X-Y package
    is the safe one.

    Every NVIDIA library WSL provides (libcuda, libnvidia-ml, libnvcuvid, ...) must come only from
    /usr/lib/wsl/lib: each copy `ldconfig -p` lists elsewhere is named with the package owning it
    (`dpkg -S`, `rpm -qf`, `pacman -Qo`), and the fix removes that package. On WSL 1, which has no
    GPU path at all, the Linux driver is still named: it would shadow /usr/lib/wsl/lib after the
    conversion to WSL 2.

    Source: NVIDIA, CUDA on WSL User Guide (https://docs.nvidia.com/cuda/wsl-user-guide/index.html).
    """
    wsl, gpus, windows = facts.wsl, facts.seen("gpus"), facts.seen("windows")  # each only adds its view
    if wsl.version == 1:
        # The packages are listed on WSL 1 too: a driver left there shadows /usr/lib/wsl/lib after the conversion.
        leftovers = list(_linux_driver_findings(wsl))
        yield from leftovers or [skip("WSL 1 has no GPU access, so there is no GPU path to check (see wsl.feature); "
                                      "no Linux NVIDIA driver is installed here.", evidence={"wsl_version": 1})]
        return
    problems = [*_wsl_lib_findings(wsl), *_linux_driver_findings(wsl, gpus.nvml_error if gpus else None),
                *(_windows_gpu_findings(windows) if windows else ())]
    if wsl.packages_not_seen:
        problems.append(unknown(wsl.packages_not_seen, "whether a Linux NVIDIA driver is installed"))
    elif wsl.packages is None:
        problems.append(skip(f"Installed packages could not be listed ({wsl.packages_problem}); only the loader "
                             "cache was checked for a Linux driver.", evidence={"packages_problem": wsl.packages_problem}))
    if not _worrying(problems) and not any(is_unknown(f) for f in problems):  # "reaches" only where all was seen
        count = len(gpus.gpus) if gpus else None
        seen = ("NVML's view was not seen" if gpus is None else f"NVML failed ({gpus.nvml_error})" if gpus.nvml_error
                else f"NVML sees {count} GPU{'s' if count != 1 else ''} through it")
        yield ok(f"The Windows driver reaches WSL: /dev/dxg present, libcuda.so.1 from {wsl.libcuda_loaded_from}; "
                 f"{seen}.", evidence={"dxg": wsl.dxg, "libcuda_cache": list(wsl.libcuda_cache or ()),
                                       "wsl_lib": list(wsl.wsl_lib or ()), "gpus": count})
    yield from problems
    yield _toolkit_finding(wsl, gpus, windows)


# -- windows.env ----------------------------------------------------------------------------------

def wslenv_entries(value: str | None) -> dict[str, str]:
    """WSLENV "CUDA_VISIBLE_DEVICES/u:OLLAMA_HOST" -> {name: flags}.

    Flags (https://devblogs.microsoft.com/commandline/share-environment-vars-between-wsl-and-windows/):
    /p and /l translate paths, /u passes only from Windows into WSL, /w only from WSL to Windows.
    """
    entries = {}
    for item in (value or "").split(":"):
        name, _, flags = item.partition("/")
        if name:
            entries[name.upper()] = flags
    return entries


def _effective(variables) -> dict[str, object]:
    """Name -> the variable a new program gets: the User value wins over the Machine one."""
    chosen = {}
    for variable in sorted(variables, key=lambda v: v.scope != "Machine"):  # Machine first, User overwrites
        chosen[variable.name.upper()] = variable
    return chosen


def _remove_fix(variable) -> FixRequest | None:
    """The fix that removes a User variable; Machine ones need an elevated shell."""
    if variable.scope == "User":
        return windows_user_env(variable.name, restart_ollama=True)
    return None


def _machine_note(variable) -> tuple[str, ...]:
    if variable.scope != "Machine":
        return ()
    return (f"It is a Machine variable: remove it in an elevated PowerShell with "
            f"`[Environment]::SetEnvironmentVariable('{variable.name}', $null, 'Machine')`, then restart Ollama.",)


STARTED_ELSEWHERE = ("Programs started from the Start menu, Explorer or the tray (Ollama's tray app among them) get "
                     "the Windows User and Machine environment, not the variables of the shell gpudoctor runs in.")


def _visible_devices_finding(variable, gpus, order):
    order_known = order == "PCI_BUS_ID" or len({g.name for g in gpus.gpus}) <= 1
    visible = resolve_visible_devices(variable.value, gpus.gpus, index_order_known=order_known)
    where = f"CUDA_VISIBLE_DEVICES={variable.value!r} in the Windows {variable.scope} environment"
    evidence = {"name": variable.name, "value": variable.value, "scope": variable.scope, "hidden": list(visible.hidden)}
    if gpus.gpus and len(visible.hidden) == len(gpus.gpus):
        return fail(f"{where} hides every GPU from programs started outside a shell.", STARTED_ELSEWHERE,
                    *_machine_note(variable), evidence=evidence, fix=_remove_fix(variable))
    if visible.hidden:
        hidden = ", ".join(f"GPU {i}" for i in visible.hidden)
        return warn(f"{where} hides {hidden} from programs started outside a shell, Ollama's tray app included.",
                    STARTED_ELSEWHERE, *_machine_note(variable), evidence=evidence, fix=_remove_fix(variable))
    if visible.stopped_at is not None:
        return warn(f"{where}: the entry {visible.stopped_at.text!r} {visible.stopped_at.problem}; CUDA ignores it "
                    "and every entry after it.", STARTED_ELSEWHERE, evidence=evidence, fix=_remove_fix(variable))
    return None


# Variables that slow every CUDA program down when left set globally.
_SLOWING = {
    "CUDA_LAUNCH_BLOCKING": ("1", "makes every CUDA kernel launch wait for the previous one: a debugging "
                                  "setting that slows every CUDA program"),
    "NVIDIA_TF32_OVERRIDE": ("0", "turns TF32 off on Ampere and newer GPUs: matrix math in PyTorch and "
                                  "TensorFlow runs several times slower"),
}


def _variable_findings(variable, gpus, order, platform_kind, wslenv):
    name = variable.name.upper()
    if name == "CUDA_VISIBLE_DEVICES":
        finding = _visible_devices_finding(variable, gpus, order)
        if finding:
            yield finding
    elif name in _SLOWING and variable.value.strip() == _SLOWING[name][0]:
        yield warn(f"{variable.name}={variable.value} in the Windows {variable.scope} environment "
                   f"{_SLOWING[name][1]}.", STARTED_ELSEWHERE, *_machine_note(variable),
                   evidence={"name": variable.name, "value": variable.value, "scope": variable.scope},
                   fix=_remove_fix(variable))
    elif name == "CUDA_DEVICE_ORDER" and variable.value not in ("FASTEST_FIRST", "PCI_BUS_ID"):
        yield warn(f"CUDA_DEVICE_ORDER={variable.value!r} in the Windows {variable.scope} environment is not a value "
                   "CUDA knows (FASTEST_FIRST or PCI_BUS_ID).",
                   evidence={"name": variable.name, "value": variable.value}, fix=_remove_fix(variable))
    elif name.startswith("NCCL_") and platform_kind == "wsl" and not _crosses_into_wsl(name, wslenv):
        yield warn(f"{variable.name}={variable.value} is set in Windows but does not reach WSL (it is not in WSLENV).",
                   "NCCL runs only inside WSL here (PyTorch on Windows has no NCCL); set the variable in the WSL "
                   "shell instead, or add it to WSLENV.",
                   evidence={"name": variable.name, "value": variable.value, "scope": variable.scope},
                   fix=shell_env(variable.name, variable.value))


def _crosses_into_wsl(name: str, wslenv: dict[str, str]) -> bool:
    return name in wslenv and ("w" not in wslenv[name] or "u" in wslenv[name])


@check("windows.env", title="Windows environment that new programs and Ollama get", needs=("windows", "gpus"),
       platforms=("windows", "wsl"), fixes=("windows.set-user-env", "linux.set-shell-env"))
def windows_env(facts):
    """Reads the GPU-related variables from the Windows User and Machine environment (the registry:
    HKCU\\Environment and HKLM\\...\\Session Manager\\Environment) - what a program started from the
    Start menu or the tray gets, Ollama's tray app included, whatever the current shell says - and
    WSLENV, which decides which of them reach WSL.

    Flags: CUDA_VISIBLE_DEVICES hiding GPUs (CUDA_VISIBLE_DEVICES=1 hides GPU 0 from Ollama started
    from the tray), CUDA_LAUNCH_BLOCKING=1 and NVIDIA_TF32_OVERRIDE=0 left set globally (slow),
    an invalid CUDA_DEVICE_ORDER, and NCCL_* variables set in Windows that never reach WSL. Only the
    audited names (CUDA_VISIBLE_DEVICES, CUDA_DEVICE_ORDER, CUDA_LAUNCH_BLOCKING,
    NVIDIA_TF32_OVERRIDE, NCCL_*, OLLAMA_*, WSLENV) are ever read.

    Source: Ollama FAQ, "Setting environment variables on Windows"
    (https://github.com/ollama/ollama/blob/main/docs/faq.md).
    """
    windows, gpus, platform = facts.windows, facts.gpus, facts.platform
    if not windows.reachable:
        yield skip(f"The Windows environment was not read: Windows could not be asked ({windows.problem}).",
                   evidence={"problem": windows.problem})
        return
    if windows.environment is None:
        yield skip(f"The Windows environment could not be read from the registry ({windows.environment_problem}).",
                   evidence={"problem": windows.environment_problem})
        return
    chosen = _effective(windows.environment)
    listed = [f"{v.name}={v.value} ({v.scope})" for v in windows.environment]
    evidence = {"variables": [{"scope": v.scope, "name": v.name, "value": v.value} for v in windows.environment]}
    if not listed:
        yield ok("No GPU-related variable is set in the Windows User or Machine environment.", evidence=evidence)
        return
    details = []
    overridden = [v for v in windows.environment if v.scope == "Machine" and chosen[v.name.upper()].scope == "User"]
    details += [f"The User value of {v.name} overrides its Machine value {v.value!r}." for v in overridden]
    wslenv = wslenv_entries(chosen["WSLENV"].value if "WSLENV" in chosen else None)
    if platform.kind == "wsl":
        crossing = [n for n in chosen if n != "WSLENV" and _crosses_into_wsl(n, wslenv)]
        details.append("Reaching WSL through WSLENV: " + (", ".join(crossing) if crossing else "none of them") + ".")
    elif any(name.startswith("NCCL_") for name in chosen):
        details.append("Nothing on native Windows reads the NCCL_* variables: PyTorch's Windows builds have no NCCL.")
    yield ok("Windows environment: " + ", ".join(listed) + ".", *details, evidence=evidence)
    order = chosen["CUDA_DEVICE_ORDER"].value if "CUDA_DEVICE_ORDER" in chosen else None
    for variable in chosen.values():
        yield from _variable_findings(variable, gpus, order, platform.kind, wslenv)
