"""NCCL, the library multi-GPU programs (PyTorch DDP/FSDP, vLLM, DeepSpeed) communicate through."""

from __future__ import annotations

from gpudoctor.fix_requests import FixRequest, install_nccl
from gpudoctor.model import check, fail, ok, skip, unknown, warn
from gpudoctor.probes.nccl import NOT_RECORDED, nccl_version_text

SOURCE_NAMES = {
    "ld_library_path": "from LD_LIBRARY_PATH",
    "system": "system, ldconfig cache",
    "pip": "pip wheel",
    "torch": "bundled in torch/lib",
}
SHORT_SOURCE_NAMES = {"ld_library_path": "LD_LIBRARY_PATH", "system": "system", "pip": "pip", "torch": "torch/lib"}
NOT_FOR_OLLAMA = ("Ollama and llama.cpp split a model across GPUs without NCCL: if that is all you run, this does "
                  "not affect you.")


def _distinct(libraries) -> list:
    """One entry per file (the same file can be found through several places)."""
    seen, distinct = set(), []
    for lib in libraries:
        if lib.realpath not in seen:
            seen.add(lib.realpath)
            distinct.append(lib)
    return distinct


def _describe(lib) -> str:
    origin = lib.distribution or SOURCE_NAMES[lib.source]
    where = f", in {lib.python}" if lib.python else ""
    return f"NCCL {lib.version_text or '?'} at {lib.realpath} ({origin}{where})"


def _version_label(version: int, usable, libs) -> str:
    """'2.28.9 (pip, used by PyTorch)': where copies of this version come from, and whether torch loads one."""
    same = [lib for lib in usable if lib.version == version]
    sources = ", ".join(dict.fromkeys(SHORT_SOURCE_NAMES[lib.source] for lib in same))
    torch_paths = {entry.library.realpath for entry in libs.torch if entry.library}
    users = ", used by PyTorch" if any(lib.realpath in torch_paths for lib in same) else ""
    return f"{nccl_version_text(version)} ({sources}{users})"


def _who_gets_which(libs) -> list[str]:
    lines = []
    for entry in libs.torch:
        if entry.library is None:
            lines.append(f"PyTorch {entry.torch_version} in {entry.python} has no NCCL of its own in site-packages: it "
                         "takes libnccl.so.2 through its own RPATH or the loader's search (LD_LIBRARY_PATH, then the "
                         "ldconfig cache).")
        elif entry.library.source == "pip":
            lines.append(f"PyTorch {entry.torch_version} in {entry.python} loads NCCL "
                         f"{entry.library.version_text or '?'} from {entry.library.realpath}: the torch wheel's RPATH "
                         "points at site-packages/nvidia/nccl/lib and is searched before LD_LIBRARY_PATH and the "
                         "system copy.")
        else:
            lines.append(f"PyTorch {entry.torch_version} in {entry.python} loads its own NCCL "
                         f"{entry.library.version_text or '?'} from {entry.library.realpath}.")
    choice = libs.loader_choice
    if choice is None:
        lines.append("A program linked against libnccl.so.2 without an RPATH (nccl-tests, your own C/C++ builds) finds "
                     "none: there is no system copy and none in LD_LIBRARY_PATH.")
    else:
        why = " (LD_LIBRARY_PATH is searched before the ldconfig cache)" if choice.source == "ld_library_path" else ""
        lines.append(f"A program linked against libnccl.so.2 without an RPATH (nccl-tests, your own C/C++ builds) gets "
                     f"NCCL {choice.version_text or '?'} from {choice.realpath}{why}.")
    return lines


def _install_fix(facts) -> FixRequest | None:
    kits = facts.seen("toolkits")  # not seen: the driver's CUDA version picks the build
    kit = kits.active if kits else None
    cuda = (f"{kit.major_minor[0]}.{kit.major_minor[1]}" if kit and kit.major_minor
            else facts.gpus.cuda_driver_version_text)
    return install_nccl(cuda) if cuda else None


def _none_usable(facts, libs, copies, multi_gpu):
    if libs.not_seen:  # no copy's version was seen, and where the others would be is not known
        yield unknown(libs.not_seen, "which NCCL versions a program loads")
        return
    if copies:
        summary = "No NCCL library here can be loaded."
        details = [f"{lib.realpath}: {lib.error}" for lib in copies]
    else:
        summary = "No NCCL library found."
        ldconfig = f" ({libs.ldconfig_error})" if libs.ldconfig_error else ""
        details = [f"Looked in LD_LIBRARY_PATH, the ldconfig cache{ldconfig} and the site-packages of every Python "
                   "on PATH."]
    if not multi_gpu:
        yield skip(f"{summary} NCCL matters only with two or more GPUs.", *details)
        return
    if libs.ldconfig_error and not copies:
        yield warn(f"{summary} The system libraries could not be listed, so a system copy may exist unseen.",
                   *details, NOT_FOR_OLLAMA, evidence={"ldconfig_error": libs.ldconfig_error})
        return
    yield fail(
        f"{summary} Multi-GPU programs (PyTorch DDP/FSDP, vLLM, DeepSpeed) cannot use NCCL.",
        *details,
        "`pip install torch` brings its own (the nvidia-nccl-cu12/-cu13 wheel); for programs outside Python install "
        "libnccl2 from NVIDIA's CUDA repository, built for your CUDA version.",
        NOT_FOR_OLLAMA,
        evidence={"libraries": [], "gpus": len(facts.gpus.gpus)},
        fix=_install_fix(facts),
    )


def _shadowing(libs):
    shadow = next((lib for lib in libs.libraries if lib.source == "ld_library_path"), None)
    system = next((lib for lib in libs.libraries if lib.source == "system"), None)
    if shadow is None or system is None or shadow.realpath == system.realpath:
        return
    finding = warn if shadow.version != system.version else ok
    yield finding(
        f"LD_LIBRARY_PATH shadows the system NCCL: programs get NCCL {shadow.version_text or '?'} from "
        f"{shadow.realpath}, not {system.version_text or '?'} from {system.realpath}.",
        "The dynamic loader searches LD_LIBRARY_PATH before the ldconfig cache (ld.so(8)).",
        "PyTorch wheels are not affected: they carry an RPATH (not a RUNPATH), which comes before LD_LIBRARY_PATH "
        "(https://github.com/pytorch/builder/pull/1150).",
        evidence={"ld_library_path": list(libs.ld_library_path), "shadow": shadow.realpath, "system": system.realpath},
    )


def _both_wheels(libs):
    for python in libs.both_wheels:
        yield warn(
            f"{python} has both nvidia-nccl-cu12 and nvidia-nccl-cu13 installed.",
            "Both wheels install site-packages/nvidia/nccl/lib/libnccl.so.2: the one installed last overwrote the "
            "other's library, and PyTorch can then fail with \"undefined symbol: nccl...\" "
            "(https://github.com/pytorch/pytorch/issues/186591).",
            f"Uninstall the one your torch build does not use (a +cu13x torch needs -cu13): "
            f"`{python} -m pip uninstall nvidia-nccl-cu12`, then reinstall the other.",
            evidence={"python": python},
        )


def _native_windows(gpus):
    """NCCL is a Linux library: no NCCL build exists for Windows and PyTorch's Windows wheels have no NCCL
    backend. Saying "NCCL missing" there would send people hunting for a library that cannot exist."""
    summary = "NCCL does not exist on native Windows: PyTorch's Windows builds have no NCCL backend, only Gloo."
    details = (
        "\"As of PyTorch v1.8, Windows supports all collective communications backend but NCCL\" "
        "(https://pytorch.org/docs/stable/distributed.html); `init_process_group(backend='nccl')` fails there "
        "with \"Distributed package doesn't have NCCL built in\".",
        "For multi-GPU training on this machine, run it inside WSL 2 (Ubuntu), where NCCL and PyTorch's NCCL "
        "backend work with the Windows driver; or use backend='gloo', which is much slower between GPUs.",
        "Even Gloo needs a workaround there: since PyTorch 2.4 the rendezvous store (TCPStore) asks for libuv, "
        "which the Windows wheels lack, so torchrun fails with \"use_libuv was requested but PyTorch was build "
        "without libuv support\" until USE_LIBUV=0 is set; PyTorch's maintainers point to WSL instead "
        "(https://github.com/pytorch/pytorch/issues/139990).",
        "Ollama does not use NCCL: it runs on both GPUs natively on Windows.",
    )
    # Not applicable rather than a warning: a Windows box that runs Ollama on two GPUs is healthy.
    yield skip(summary, *details, evidence={"platform": "windows", "gpus": len(gpus)})


@check("nccl.library", title="NCCL library", needs=("nccl", "gpus", "toolkits", "nvidia_presence"),
       fixes=("wsl.install-nccl",))
def nccl_library(facts):
    """Finds every NCCL a process could load (LD_LIBRARY_PATH, the system copy in the ldconfig cache, the
    nvidia-nccl-cu12/-cu13 wheels and torch's own copy in each Python on PATH) and reads each one's version
    from the library itself (ncclGetVersion). Says which program gets which: PyTorch loads the NCCL of its
    wheel's dependency through its RPATH; other programs get the first in LD_LIBRARY_PATH, else the system one.

    Warns when copies of different versions coexist, when LD_LIBRARY_PATH shadows the system copy with another
    version, and when both NCCL wheels sit in one Python. Fails when no usable NCCL exists on a machine with two
    or more GPUs (with one GPU NCCL does not matter).

    Where no NVIDIA GPU is attached at all, it is not applicable and the search does not run.

    On native Windows there is no NCCL at all (PyTorch's Windows builds only have Gloo): the check says so
    and points to WSL 2 for NCCL, instead of reporting a missing library.

    Sources: NCCL's nccl.h (NCCL_VERSION: major*10000+minor*100+patch since 2.9), ld.so(8) search order,
    pytorch/builder#1184 and #1150 (torch wheels link the nvidia-nccl wheel through RPATH).
    """
    if facts.platform.kind == "windows":
        yield from _native_windows(facts.gpus.gpus)
        return
    if facts.nvidia_presence.no_gpu_attached:  # decided before asking for the NCCL search, which then never runs
        yield skip("No NVIDIA GPU is attached, so NCCL carries no traffic here.",
                   evidence={"no_gpu_attached": True}, caused_by="gpu.count")
        return
    libs = facts.nccl
    multi_gpu = len(facts.gpus.gpus) >= 2
    copies = _distinct(libs.libraries)
    usable = [lib for lib in copies if lib.version is not None]
    if not usable:
        yield from _none_usable(facts, libs, copies, multi_gpu)
        return
    for lib in copies:
        if lib.version is None and lib.error != NOT_RECORDED:  # a pasted file name whose version was not asked
            yield warn(f"{lib.realpath} ({SOURCE_NAMES[lib.source]}) is an NCCL library that cannot be loaded.",
                       f"Loading it failed: {lib.error}.",
                       "A program that finds this copy first fails to start or falls back to no NCCL.",
                       evidence={"path": lib.realpath, "error": lib.error})
    evidence = {"libraries": [{"path": lib.realpath, "source": lib.source, "version": lib.version_text,
                               "python": lib.python} for lib in copies]}
    versions = sorted({lib.version for lib in usable}, reverse=True)
    who = _who_gets_which(libs)
    listing = [_describe(lib) for lib in usable]
    if len(versions) > 1 and multi_gpu:
        yield warn(
            f"{len(versions)} different NCCL versions can be loaded here: "
            + " and ".join(_version_label(version, usable, libs) for version in versions) + ".",
            *who,
            "Mixing is harmless for PyTorch, which always loads its own; but a program you build or run outside "
            "PyTorch gets another version, so results and bugs differ between them, and all processes of one job "
            "must use the same NCCL version.",
            *listing,
            evidence=evidence,
        )
    else:
        one_gpu = [] if multi_gpu else ["Only one GPU: NCCL carries no traffic here."]
        yield ok(f"NCCL {', '.join(nccl_version_text(v) for v in versions)} "
                 f"({len(usable)} cop{'y' if len(usable) == 1 else 'ies'}).", *listing, *who, *one_gpu,
                 evidence=evidence)
    yield from _shadowing(libs)
    yield from _both_wheels(libs)
    if libs.not_seen:  # what was seen stands whatever else is installed; what else is, is unknown
        yield unknown(libs.not_seen, "other NCCL copies")

