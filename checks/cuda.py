"""CUDA toolkits: which are installed, which one builds use, and whether the driver can run its programs."""

from __future__ import annotations

from gpudoctor.knowledge.driver_support import MINOR_VERSION_COMPAT_BRANCH, driver_install_hint, toolkit_driver
from gpudoctor.model import NotSeen, check, fail, ok, skip, unknown, warn

NO_TOOLKIT_NEEDED = (
    "Running CUDA programs needs only the driver: Ollama and pip-installed PyTorch carry their own CUDA "
    "runtime. A toolkit (nvcc) is needed only to compile CUDA code, e.g. a PyTorch extension or flash-attn."
)


def _kit_line(kit) -> str:
    version = kit.version or "version unknown"
    line = f"CUDA {version} at {kit.root} (found as {', '.join(kit.found_as)})"
    return f"{line}: {kit.error}" if kit.error else line


def _version_label(kit) -> str:
    major_minor = kit.major_minor
    return f"{major_minor[0]}.{major_minor[1]}" if major_minor else (kit.version or "?")


def _variable(kits) -> tuple[str | None, str | None, str | None]:
    """(name, value, resolved root) of the variable builds use to find the toolkit: CUDA_HOME, else CUDA_PATH."""
    if kits.cuda_home:
        return "CUDA_HOME", kits.cuda_home, kits.cuda_home_root
    if kits.cuda_path:
        return "CUDA_PATH", kits.cuda_path, kits.cuda_path_root
    return None, None, None


def _variable_findings(kits):
    name, value, root = _variable(kits)
    if name and root is None:
        yield warn(f"{name}={value} points to a directory that does not exist.",
                   f"Builds of CUDA code (PyTorch extensions, flash-attn, DeepSpeed) look for the toolkit in {name} "
                   "and fail. Point it at an installed toolkit or unset it.",
                   evidence={"variable": name, "value": value})
    elif name and kits.path_root and root != kits.path_root:
        on_path, in_variable = kits.by_root(kits.path_root), kits.by_root(root)
        yield warn(
            f"nvcc on PATH is CUDA {_version_label(on_path)} ({on_path.root}) but {name} points to CUDA "
            f"{_version_label(in_variable)} ({in_variable.root}).",
            f"make and CMake take nvcc from PATH while PyTorch extensions, flash-attn and DeepSpeed use {name}: a "
            "build can mix one toolkit's compiler with the other's headers and libraries, or build for the wrong "
            "CUDA.",
            f"Pick one: export {name}={in_variable.root} and PATH={in_variable.root}/bin:$PATH "
            "(or the other way round).",
            evidence={"path_nvcc": list(kits.path_nvcc), "path_root": kits.path_root, "variable": name,
                      "variable_root": root},
        )


def _driver_cuda(facts) -> tuple[int | None, str | None]:
    """The newest CUDA the driver supports, and who said so: NVML, else the CUDA driver itself
    (cuDriverGetVersion answers even where NVML or cuInit fail)."""
    if facts.gpus.cuda_driver_version is not None:
        return facts.gpus.cuda_driver_version, "NVML"
    if facts.cuda.driver_version is not None:
        return facts.cuda.driver_version, "cuDriverGetVersion; NVML could not be asked"
    return None, None


def _needed_branch(toolkit: tuple[int, int]) -> int | None:
    """The oldest driver branch that runs this toolkit's programs: its major's minor-compatibility floor
    (CUDA 11 and newer), else the driver its release notes name (CUDA 10.x); None when unknown."""
    branch = MINOR_VERSION_COMPAT_BRANCH.get(toolkit[0])
    if branch is None:
        listed = toolkit_driver(*toolkit, windows=False)
        branch = int(listed.split(".")[0]) if listed else None
    return branch


def _driver_findings(kit, facts):
    if kit.major_minor is None:
        return
    driver_cuda, source = _driver_cuda(facts)
    if driver_cuda is None and facts.cuda.error == "not-recorded":  # a paste without nvidia-smi: never asked
        yield unknown(NotSeen("the CUDA version the driver supports was not recorded", "nvidia-smi"),
                      "whether the driver runs this toolkit's programs")
        return
    if driver_cuda is None:
        yield skip("Cannot compare the toolkit with the driver: neither NVML nor the CUDA driver answered "
                   "(see driver.version).", caused_by="driver.version")
        return
    platform_kind = facts.platform.kind
    toolkit = kit.major_minor
    driver = (driver_cuda // 1000, driver_cuda % 1000 // 10)
    evidence = {"toolkit": f"{toolkit[0]}.{toolkit[1]}", "driver_cuda": f"{driver[0]}.{driver[1]}",
                "driver_cuda_source": source}
    linux_driver = toolkit_driver(*toolkit, windows=False)
    windows_driver = toolkit_driver(*toolkit, windows=True)
    full_support = " / ".join(
        text for text in (linux_driver and f"{linux_driver} (Linux)", windows_driver and f"{windows_driver} (Windows)")
        if text
    )
    if toolkit <= driver:
        yield ok(f"The driver supports CUDA {driver[0]}.{driver[1]}, so programs built with CUDA "
                 f"{toolkit[0]}.{toolkit[1]} run.", evidence=evidence)
    elif toolkit[0] == driver[0] and toolkit[0] in MINOR_VERSION_COMPAT_BRANCH:  # since CUDA 11 only
        branch = MINOR_VERSION_COMPAT_BRANCH.get(toolkit[0])
        yield warn(
            f"CUDA toolkit {toolkit[0]}.{toolkit[1]} is newer than the driver's CUDA {driver[0]}.{driver[1]}: its "
            "programs run through minor version compatibility, with limits.",
            f"Since CUDA 11.1 a program built with a newer toolkit of the same major version runs on an older driver "
            f"of that major (R{branch} or newer for CUDA {toolkit[0]}.x), except what needs the newer driver: PTX "
            "compiled at run time (kernels shipped only as PTX, nvrtc, Triton, numba) fails with "
            "CUDA_ERROR_UNSUPPORTED_PTX_VERSION \"the provided PTX was compiled with an unsupported toolchain\", and "
            "calls that need the newer driver return cudaErrorCallRequiresNewerDriver.",
            f"For full support of CUDA {toolkit[0]}.{toolkit[1]} the release notes ask for driver {full_support}."
            if full_support else "NVIDIA's release notes list the full-support driver of each toolkit.",
            "Source: https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html",
            evidence={**evidence, "minor_version_compatibility": True},
        )
    else:
        needed = _needed_branch(toolkit)
        upgrade_to = max(needed or 0, facts.options.min_driver)
        asks = f"; CUDA {toolkit[0]}.{toolkit[1]} asks for {full_support}." if full_support else "."
        said = "" if source == "NVML" else f" ({source})"
        yield fail(
            f"The driver supports CUDA {driver[0]}.{driver[1]}{said}; CUDA toolkit {toolkit[0]}.{toolkit[1]} needs a "
            f"newer driver: upgrade to R{upgrade_to} or newer",
            "Its programs stop with \"CUDA driver version is insufficient for CUDA runtime version\".",
            (f"CUDA {toolkit[0]}.x programs need driver R{needed} or newer{asks}" if needed else
             f"NVIDIA's release notes name no driver for CUDA {toolkit[0]}.{toolkit[1]}."),
            f"Either upgrade the driver, or use a CUDA {driver[0]}.x toolkit (up to {driver[0]}.{driver[1]}).",
            driver_install_hint(platform_kind, upgrade_to),
            evidence={**evidence, "upgrade_to_branch": upgrade_to},
        )


@check("cuda.toolkit", title="CUDA toolkit", needs=("toolkits", "gpus", "cuda"))
def cuda_toolkit(facts):
    """Lists every CUDA toolkit found (nvcc on PATH, CUDA_HOME / CUDA_PATH, /usr/local/cuda*, on Windows
    the standard install folder), its version, and which one builds use: the first nvcc on PATH, else
    CUDA_HOME. Fails when that toolkit is a newer CUDA major version than the driver supports (its
    programs stop with "CUDA driver version is insufficient for CUDA runtime version"); warns when it is
    a newer minor version of the same major (CUDA minor version compatibility: runs, but PTX JIT does
    not), and when PATH and CUDA_HOME name different toolkits.

    No toolkit is not a problem: Ollama and pip-installed PyTorch carry their own CUDA runtime; a
    toolkit is needed only to compile CUDA code.

    Sources: NVIDIA CUDA Toolkit release notes Tables 2 and 3
    (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/), CUDA Compatibility guide
    (https://docs.nvidia.com/deploy/cuda-compatibility/).
    """
    kits = facts.toolkits
    if not kits.toolkits:
        yield skip("No CUDA toolkit is installed; none is needed to run CUDA programs.", NO_TOOLKIT_NEEDED,
                   evidence={"toolkits": []})
        yield from _variable_findings(kits)
        return
    active = kits.active
    listing = [_kit_line(kit) for kit in kits.toolkits]
    evidence = {"toolkits": [{"root": k.root, "version": k.version, "found_as": list(k.found_as)}
                             for k in kits.toolkits],
                "active": active.root if active else None, "active_source": kits.active_source}
    if active is None:
        yield ok(f"CUDA toolkit{'s' if len(listing) > 1 else ''} installed but none is on PATH or in CUDA_HOME.",
                 *listing,
                 "Builds will not find nvcc until you add a toolkit's bin directory to PATH and set CUDA_HOME.",
                 NO_TOOLKIT_NEEDED, evidence=evidence)
    else:
        others = [line for kit, line in zip(kits.toolkits, listing) if kit is not active]
        name, _value, variable_root = _variable(kits)
        agrees = f"; {name} agrees" if name and name != kits.active_source and variable_root == active.root else ""
        also = ["Also installed: " + "; ".join(others)] if others else []
        if active.version is None:
            # Unknown is not healthy: a hung or broken nvcc (it timed out, or crashed) is worth a look,
            # and nothing can be compared with the driver.
            yield warn(f"The active CUDA toolkit at {active.root} (from {kits.active_source}) did not tell its "
                       f"version: {active.error or 'no source names it'}.",
                       listing[kits.toolkits.index(active)], *also,
                       f"Run `{active.root}/bin/nvcc --version` by hand; a toolkit whose nvcc hangs or fails is "
                       "broken: reinstall it. Without its version gpudoctor cannot compare it with the driver.",
                       evidence=evidence)
        else:
            yield ok(f"CUDA toolkit {active.version} at {active.root} is the active one "
                     f"(from {kits.active_source}{agrees}).",
                     listing[kits.toolkits.index(active)], *also, evidence=evidence)
        yield from _driver_findings(active, facts)
    yield from _variable_findings(kits)
