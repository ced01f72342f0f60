"""The GPU path from the Windows driver into a WSL 2 distribution (wsl.gpu): /dev/dxg, the driver's libraries
in /usr/lib/wsl/lib and the loader finding them, no Linux NVIDIA driver shadowing them, GPUs in TCC mode."""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import CUDA_ON_WSL_GUIDE_URL, TOOLKIT_DRIVER, parse_driver_version
from gpudoctor.fix_requests import install_cuda_toolkit, remove_linux_driver
from gpudoctor.model import check, fail, is_unknown, ok, skip, unknown, warn
from gpudoctor.probes.wsl import DRIVER_PACKAGE, WSL_LIB

from .nvml_status import LINUX_DRIVER_ERRORS
from .wsl import worrying


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
    return tuple(f"{count} NVIDIA librar{'y' if count == 1 else 'ies'} in {folder}/"
                 for folder, count in folders.items())


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
    owners = (s.package.split(":")[0] for s in wsl.stray_libraries if s.manager == "dpkg-query" and s.package)
    return list(dict.fromkeys(name for name in owners if name not in listed and not DRIVER_PACKAGE.match(name)))


def _linux_driver_findings(wsl, nvml_error: str | None = None):
    loaded = wsl.libcuda_loaded_from
    shadowed = loaded is not None and not loaded.startswith(WSL_LIB + "/")
    if not wsl.driver_packages and not shadowed and not wsl.linux_libcuda and not wsl.stray_libraries:
        return
    details = _linux_driver_details(wsl, loaded if shadowed else None, nvml_error)
    evidence = {"driver_packages": [p.name for p in wsl.driver_packages], "libcuda_loaded_from": loaded,
                "linux_libcuda": list(wsl.linux_libcuda),
                "stray_libraries": [{"soname": s.soname, "path": s.path, "real_path": s.real_path,
                                     "package": s.package, "manager": s.manager} for s in wsl.stray_libraries]}
    yield _linux_driver_removal(wsl, linux_driver_pieces(wsl), loaded, details, evidence)


def _linux_driver_details(wsl, shadowing: str | None, nvml_error: str | None) -> list[str]:
    """Why a Linux driver breaks CUDA in WSL, each stray library with its owner, and what it does here."""
    details = [
        "Inside WSL 2 the Windows NVIDIA driver is the driver: its libcuda.so, libnvidia-ml.so.1 and nvidia-smi "
        f"appear under {WSL_LIB}, and every NVIDIA library WSL provides must come only from there. A Linux driver "
        "installed in the distribution puts copies elsewhere that cannot reach the GPU: CUDA reports no device "
        "(error 100) and nvidia-smi fails.",
        f"NVIDIA's CUDA on WSL guide: \"Do not install any Linux display driver in WSL\" ({CUDA_ON_WSL_GUIDE_URL}). "
        "Install only cuda-toolkit-X-Y, never the `cuda`, `cuda-X-Y` or `cuda-drivers` packages.",
        *_stray_lines(wsl),
    ]
    if shadowing is not None:
        details.append(f"The loader takes libcuda.so.1 from {shadowing}, not from {WSL_LIB}.")
    if wsl.version == 1:
        details.append("This distribution runs as WSL 1 (no GPU at all, see wsl.feature); once converted to WSL 2 "
                       f"these files would shadow {WSL_LIB}, so remove them as well.")
    if nvml_error and nvml_error.split(":")[0] in LINUX_DRIVER_ERRORS:
        details.append(f"This is why NVML fails here ({nvml_error}): the Linux libnvidia-ml is the one loaded.")
    return details


def _linux_driver_removal(wsl, owners, loaded, details, evidence):
    """The failure with the way out: apt packages the fix purges, another package manager's command, or files
    no package owns."""
    strays = wsl.stray_libraries
    other = sorted({s.manager for s in strays if s.package and s.manager in REMOVE_COMMAND})
    extra = _extra_packages(wsl)
    if wsl.driver_packages or extra:
        return fail(f"A Linux NVIDIA driver is installed inside WSL: {', '.join(owners)}.", *details,
                    "The fix purges these packages; afterwards run `wsl --shutdown` from Windows and reopen the "
                    "distribution.", evidence=evidence, fix=remove_linux_driver(extra))
    if other:
        manager = other[0]
        names = " ".join(dict.fromkeys(s.package for s in strays if s.manager == manager and s.package))
        return fail(f"A Linux NVIDIA driver is installed inside WSL: {', '.join(owners)}.", *details,
                    f"Remove it: `{REMOVE_COMMAND[manager]} {names}`, then `wsl --shutdown` from Windows.",
                    evidence=evidence)
    files = ", ".join(owners or [loaded])
    return fail(f"NVIDIA libraries outside {WSL_LIB} shadow the Windows driver's: {files}.", *details,
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
                             "cache was checked for a Linux driver.",
                             evidence={"packages_problem": wsl.packages_problem}))
    if not worrying(problems) and not any(is_unknown(f) for f in problems):  # "reaches" only where all was seen
        count = len(gpus.gpus) if gpus else None
        seen = ("NVML's view was not seen" if gpus is None else f"NVML failed ({gpus.nvml_error})" if gpus.nvml_error
                else f"NVML sees {count} GPU{'s' if count != 1 else ''} through it")
        yield ok(f"The Windows driver reaches WSL: /dev/dxg present, libcuda.so.1 from {wsl.libcuda_loaded_from}; "
                 f"{seen}.", evidence={"dxg": wsl.dxg, "libcuda_cache": list(wsl.libcuda_cache or ()),
                                       "wsl_lib": list(wsl.wsl_lib or ()), "gpus": count})
    yield from problems
    yield _toolkit_finding(wsl, gpus, windows)
