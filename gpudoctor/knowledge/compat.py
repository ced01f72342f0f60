"""Conclusions from what a paste names: a GPU and a build that cannot run together, whichever line shows the failure.

The signature rows read the line a tool prints. A helper also reads what the person names around it ("GTX 1070,
PyTorch 2.8.0 + cu129"; "torch==1.11.0+cu113 ... I have Python 3.11"; "the 1070 ... installed nvidia-open-dkms")
and knows from the vendors' tables that the two cannot work together, often in a paste that holds no tool's line
at all. Each rule here is such a reading: the facts of gpudoctor/knowledge/named_facts.py judged against the tables
of build_support.py, giving a match of its own row (a `Signature` without patterns: `gpudoctor explain CODE` reads it
like any row, and its examples prove it in tests/knowledge/test_signatures.py). A rule concludes only from a
combination the tables settle, in a paste that reports trouble (or, for a driver older than a named build, one
that shows nvidia-smi's header), and never where a row already read the same cause
from a tool's own line, which says it better; the generic rows it explains become its evidence (`refines`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Mapping

from gpudoctor.knowledge import build_support as tables
from gpudoctor.knowledge.build_support import dotted
from gpudoctor.knowledge import compat_cuda
from gpudoctor.knowledge.driver_support import (MINOR_VERSION_COMPAT_BRANCH, NGC_FORWARD_COMPAT_BRANCHES, TOOLKIT_DRIVER,
                                                 ngc_release_driver)
from gpudoctor.knowledge.named_facts import NamedFacts, NamedGpu, TorchBuild, read_facts
from gpudoctor.knowledge.signatures import Signature, kernel_w42e
from gpudoctor.knowledge.signatures.cuda_w34a import (LEGACY_GPU_FOR_DRIVER, LEGACY_GPU_FOR_PROGRAMS,
                                                      PROGRAM_GPU_BELOW_MINIMUM)
from gpudoctor.knowledge.signatures.reasoned import (BLACKWELL_BEFORE_ITS_BUILDS, CUDA_TORCH_ON_MACOS, DRIVER_DROPPED_GPU,
                                                      DRIVER_OLDER_THAN_CUDA, ENGINE_GPU_TOO_OLD, GEFORCE_MULTI_GPU_HANG,
                                                      GPU_WITHOUT_KERNELS, OLD_GPU_NO_KERNEL_IMAGE, TORCH_NOT_FOR_PYTHON)
from gpudoctor.knowledge.signatures.reasoned_w42f import OUT_OF_GPU_MEMORY_IN_WORDS

# A paste that reports trouble: the person asks because something fails, warns or does not work. Looked for in the
# lowered text with `in`, a fast scan; a pattern of these alternatives took a slow pass over a long healthy paste.
_TROUBLE_WORDS = ("error", "fail", "not compatible", "not supported", "not available", "not working", "not work",
                  # the machine that boots to no desktop (w42e)
                  "black screen", "blank screen", "login loop",
                  "incompatib", "unsupported", "no kernel image", "cannot", "can't", "could not", "warning",
                  # a driver that drops a GPU, in the person's words ("the 510 driver does not support the GTX 760")
                  "does not support", "doesn't support", "no longer detect",
                  "no longer su", "no longer \u201cwork", 'no longer "work', "doesn't work", "does not work", "panic", "satisfies the requirement", "trouble",
                  "problem", "unable to", "won't", " wont ", " cant ", "only use cpu", "only uses cpu", "only using cpu",
                  # a GPU option that hangs or is never used ("stuck at 5%", "used rate is 0%", "can only use my CPU")
                  "stuck", "any fix", "how to fix", "is 0%", "at 0%", "uses 0%", "0% usage", "can only use my",
                  "not using the gpu", "not using gpu", "not use the gpu", "cpu instead", "fall back to the cpu",
                  "falls back to the cpu", "not detected", "not recognized", "insufficient", "no cuda device",
                  "no cuda-capable device", "no gpu found", "no gpu detected",
                  # a job over several GPUs that never moves (w36e): "hangs", "freezes", "deadlock"
                  "hangs", "hanging", "freezes", "freezing", "deadlock",
                  # running out of GPU memory, told in words (w42f)
                  "out of memory", "out_of_memory", "outofmemory", "out of vram", "not enough vram",
                  "not enough memory", "not enough gpu memory", "not enough video memory")


@dataclass(frozen=True)
class Rule:
    row: Signature
    # The fields of each conclusion the facts settle (one per combination), from the facts and the text.
    reach: Callable[[NamedFacts], Iterator[Mapping[str, str]]]
    evidence: Callable[[Mapping[str, str]], str]  # the field whose first mention is the evidence line
    # A likelihood, not a settled combination: concluded only where no row read any cause from a tool's line.
    only_where_nothing_was_read: bool = False
    # Concluded only where one of these rows read a line of the text (its tool's words are half the evidence).
    needs_read: tuple[str, ...] = ()
    # Concluded even where the paste reports no trouble in words: nvidia-smi's own header beside a named build is
    # evidence enough (the build cannot start on that driver, whatever the person says about it).
    settled_by_the_machine: bool = False


def _with_versions(builds: tuple[TorchBuild, ...]) -> Iterator[TorchBuild]:
    """The builds with a CUDA tag; where the text names one torch release and a tag apart (conda's "pytorch==1.7.0
    cudatoolkit=10.1"), the tag is read as that release's."""
    versions = {build.version for build in builds if build.version}
    only = next(iter(versions)) if len(versions) == 1 else None
    for build in builds:
        if build.cuda_tag and build.cuda_tag.startswith("cu"):
            yield build if build.version else replace(build, version=only)


def _gpu_outside_build(facts: NamedFacts) -> Iterator[dict[str, str]]:
    for build in _with_versions(facts.torch_builds):
        cuda = tables.cuda_of_tag(build.cuda_tag)
        covered = cuda and tables.wheel_capabilities(cuda, tables.release_of(build.version))
        if not covered:
            continue
        lowest, highest = covered
        for gpu in facts.gpus:
            if not tables.runs_on(gpu.capability, lowest, highest):
                yield _build_fields(gpu, build, lowest, highest)


def _build_fields(gpu: NamedGpu, build: TorchBuild, lowest, highest) -> dict[str, str]:
    newer = gpu.capability[0] > highest[0]
    wanted = tables.FIRST_CUDA_FOR_MAJOR.get(gpu.capability[0], "cu128") if newer else tables.LAST_CUDA_FOR_OLD_GPUS
    note = (f"CUDA {wanted[2:-1]}.{wanted[-1]} or a newer CUDA build of a current release; with a pinned older torch, "
            f"its +{wanted} or later wheel" if newer else
            "the last PyTorch build with kernels for Maxwell, Pascal and Volta; the CUDA 12.8 and newer builds of "
            "PyTorch 2.8 and later have none")
    named = f"{build.version}+{build.cuda_tag}" if build.version else build.cuda_tag
    return {"gpu": gpu.name, "capability": dotted(gpu.capability), "build": named, "lowest": dotted(lowest),
            "highest": dotted(highest), "wanted": wanted, "wanted_note": note}


def _python_of_list(first: tuple[int, int]) -> tuple[int, int] | None:
    """The Python that pip's list of torch releases starting at `first` shows: where `first` is the first release
    with wheels for a Python (2.2 for 3.12, 2.5 for 3.13), that Python; None where the list may start elsewhere."""
    releases = sorted(tables.TORCH_PYTHONS)
    if first not in tables.TORCH_PYTHONS or first == releases[0]:
        return None
    newest = tables.TORCH_PYTHONS[first][1]
    return newest if newest > tables.TORCH_PYTHONS[releases[releases.index(first) - 1]][1] else None


def _torch_not_for_python(facts: NamedFacts) -> Iterator[dict[str, str]]:
    pythons = facts.pythons or _unique_known(_python_of_list(first) for first in facts.torch_lists_from)
    if not pythons or facts.macos:
        return
    for pin in facts.torch_not_found:
        release = tables.release_of(pin.version)
        if release not in tables.TORCH_PYTHONS:
            continue
        oldest, newest = tables.TORCH_PYTHONS[release]
        if all(not oldest <= python <= newest for python in pythons):
            python = pythons[0]
            first = next((r for r, (low, high) in sorted(tables.TORCH_PYTHONS.items()) if low <= python <= high), None)
            yield {"torch": pin.version, "python": dotted(python), "release": dotted(release), "oldest": dotted(oldest),
                   "newest": dotted(newest), "python_first": f"torch {dotted(first)}" if first else "a newer torch"}


def _unique_known(items) -> tuple:
    return tuple(dict.fromkeys(item for item in items if item is not None))


def _cuda_torch_on_macos(facts: NamedFacts) -> Iterator[dict[str, str]]:
    if facts.macos:
        for pin in facts.torch_not_found:
            if pin.cuda_tag and pin.cuda_tag.startswith("cu"):
                yield {"torch": f"{pin.version}+{pin.cuda_tag}"}


def _driver_dropped_gpu(facts: NamedFacts) -> Iterator[dict[str, str]]:
    for gpu in facts.gpus:
        last = tables.LAST_BRANCH.get(gpu.architecture)
        if last is None:
            continue
        newer = [branch for branch in facts.driver_branches if branch > last]
        if newer:
            why = f"the {last} branch was the last for {gpu.architecture} GPUs"
            yield _driver_fields(gpu, f"driver branch {max(newer)}", why, last)
        elif facts.open_modules:
            why = f"the open kernel modules run only on {tables.OPEN_MODULES_FROM} and newer GPUs"
            yield _driver_fields(gpu, "the open kernel modules", why, last)


def _driver_fields(gpu: NamedGpu, driver: str, why: str, last: int) -> dict[str, str]:
    return {"gpu": gpu.name, "architecture": gpu.architecture, "driver": driver, "why": why, "last": str(last)}


def _required_cudas(facts: NamedFacts) -> Iterator[tuple[tables.Capability, str, bool]]:
    """Each CUDA the paste's programs need, what needs it, and whether it holds to that release's own driver: an
    nvidia/cuda image states `NVIDIA_REQUIRE_CUDA=cuda>=X.Y`, which the container toolkit checks against the driver's
    CUDA version (only data-center brands get older branches there), so minor version compatibility does not help it."""
    for build in facts.torch_builds:
        cuda = build.cuda_tag and tables.cuda_of_tag(build.cuda_tag)
        if cuda:
            yield cuda, f"PyTorch's {build.cuda_tag} build", False
    for cuda in facts.image_cudas:
        yield cuda, f"the nvidia/cuda:{dotted(cuda)} image", True
    for cuda in facts.stated_cudas:  # demanded as such: the release's own driver (w40b)
        yield cuda, f"what the paste says needs CUDA {dotted(cuda)}", True


def _branch_for(cuda: tables.Capability, exact: bool = False) -> int | None:
    """The oldest driver branch that runs a CUDA major.minor program (minor version compatibility from CUDA 11, unless
    `exact`: the release's own driver, Table 3)."""
    if cuda[0] in MINOR_VERSION_COMPAT_BRANCH and not exact:
        return MINOR_VERSION_COMPAT_BRANCH[cuda[0]]
    row = TOOLKIT_DRIVER.get(cuda)
    return int(row[0].split(".")[0]) if row else None


# A GeForce or TITAN as named facts name it ("RTX 2080 Ti", "GTX 1070", "1080ti", "TITAN Xp"): no CUDA forward
# compatibility on it, whatever the driver branch (https://docs.nvidia.com/deploy/cuda-compatibility/).
_CONSUMER_NAME = re.compile(r"GeForce|Geforce|geforce|GTX|gtx|TITAN|Titan|\bMX\d|^(?:RTX|rtx|Rtx) ?\d|^\d{3,4}|"
                            r"^\d0[ -][Ss]eries")  # "50 series GPU" (named facts' Blackwell without "RTX")


def _driver_older_than_cuda(facts: NamedFacts) -> Iterator[dict[str, str]]:
    newest = max(facts.driver_branches, default=None)
    # An NGC container release beside the driver: its release notes name the driver it requires; a long-term branch
    # of a data-center GPU may run it through forward compatibility, so only another branch is concluded on (w40b).
    for year, month in facts.ngc_releases:
        required = ngc_release_driver(year, month)
        geforce = any(_CONSUMER_NAME.search(gpu.name) for gpu in facts.gpus)
        if required and newest is not None and newest < required[1] and (
                geforce or newest not in NGC_FORWARD_COMPAT_BRANCHES):
            yield {"driver": f"driver branch {newest}", "program": f"the NGC {year:02d}.{month:02d} container release",
                   "cuda": required[0], "need": str(required[1])}
            return
    required = (*_required_cudas(facts), *compat_cuda.named_requirements(facts))  # w42f: versions named in words
    wanted = [(cuda, program, _branch_for(cuda, exact), exact) for cuda, program, exact in required]
    runs = compat_cuda.driver_cuda(facts)
    for cuda, program, need, exact in sorted((w for w in wanted if w[2]), key=lambda w: w[2], reverse=True)[:1]:
        if newest is not None and newest < need:
            yield {"driver": f"driver branch {newest}", "program": program, "cuda": dotted(cuda), "need": str(need)}
        elif newest is None and runs and (runs < cuda if exact else runs[0] < cuda[0]):
            # a release's own driver (an image, PTX) beside the driver's CUDA: the minor counts too (w42f)
            yield {"driver": f"a driver that runs CUDA {dotted(runs)} at most", "program": program,
                   "cuda": dotted(cuda), "need": str(need)}


def _engine_on_old_gpu(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """vLLM and SGLang build their kernels for compute capability 7.0 and newer only (vLLM's installation page);
    Triton, which both compile with, refuses older GPUs too."""
    for engine in facts.engines:
        for gpu in facts.gpus:
            if gpu.capability < tables.ENGINE_MIN_CAPABILITY:
                yield {"engine": engine, "gpu": gpu.name, "capability": dotted(gpu.capability),
                       "architecture": gpu.architecture}


# GB10 (DGX Spark, sm_121) is left out: it came after CUDA 12.8's builds, whose sm_120 kernels run on it (a cubin runs
# on the same major's later minors), and it ships with a CUDA 13 driver (DGX OS), so a GB10 report of trouble without
# an architecture line is seldom a missing build; its threads turn out to be unified memory (NVML's memory queries
# answered Not Supported, page cache counted as used), aarch64 wheels or images, or kernels built for sm_120a only,
# which rows read from their own lines (cuda.no-kernel-image, ptxas' sm_121a). w40j: it led 5 of 9 GB10 first
# readings, 4 wrongly (rev40d).
_GB10_CAPABILITY: tables.Capability = (12, 1)


def _blackwell_without_its_builds(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """A Blackwell GPU named in a report of trouble that names no PyTorch build: the builds made before CUDA 12.8
    lack its kernels, what helpers answer first ("use the cu128 build"). A named build is judged by _gpu_outside_build
    instead, or has the kernels."""
    if facts.torch_builds or facts.multi_gpu_hang:  # a job over several GPUs that hangs: _geforce_multi_gpu_hang's
        return
    if _boot_not_program(facts):  # the machine failing at boot: _blackwell_at_boot's (w42e)
        return
    for gpu in facts.gpus:
        if gpu.capability >= tables.FIRST_BLACKWELL_CAPABILITY and gpu.capability != _GB10_CAPABILITY:
            yield {"gpu": gpu.name, "architecture": gpu.architecture, "capability": dotted(gpu.capability),
                   "sm": f"{gpu.capability[0]}{gpu.capability[1]}"}


def _boot_not_program(facts: NamedFacts) -> bool:
    """The paste tells of the machine failing at boot or on its display and names no AI program, build or engine."""
    return facts.boot_trouble and not (facts.torch_builds or facts.programs or facts.engines)


def _blackwell_at_boot(facts: NamedFacts, proprietary: bool) -> Iterator[dict[str, str]]:
    """An RTX 50-series (Blackwell, compute capability 12.0) GPU named in a report of the machine failing at boot: with
    a 570-or-newer driver named and no sign of the open kernel modules, those are missing (`proprietary`); with no
    driver named or an older one, the driver is too old for it (w42e)."""
    if not _boot_not_program(facts) or facts.says_resolved:  # "works now", "fixed": telling the fix (rev42b)
        return
    newest = max(facts.driver_branches, default=None)
    new_enough = newest is not None and newest >= _BLACKWELL_FIRST_BRANCH
    if (proprietary and not new_enough) or (proprietary and facts.open_modules) or (not proprietary and new_enough):
        return
    if not proprietary and newest is None and facts.open_modules:  # the open modules named, no version: either may be
        return
    for gpu in facts.gpus:
        if gpu.capability[0] == 12 and gpu.capability != _GB10_CAPABILITY:
            driver = str(newest) if proprietary else (f"driver {newest}" if newest else "no driver of 570 or newer named")
            yield {"gpu": gpu.name, "architecture": gpu.architecture, "driver": driver}


def _nvswitch_machine(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """A cloud machine type of SXM GPUs on NVSwitches named in a report of CUDA not starting: CUDA there waits for
    Fabric Manager (w42e). Any other failure on such a machine (out of memory, NCCL over EFA, a missing module) is not
    this one, so the paste must show CUDA finding no device or failing to initialise (rev42b)."""
    if not facts.cuda_not_starting:
        return
    for instance in facts.nvswitch_instances:
        yield {"instance": instance}


_BLACKWELL_FIRST_BRANCH = 570  # the first driver branch for GeForce RTX 50 (Blackwell) GPUs, open kernel modules only


def _below_program_minimum(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """A named GPU below the minimum compute capability of a program the paste names (build_support's table)."""
    for names, program, minimum, note, _ in tables.PROGRAM_MIN_CAPABILITY:
        if program not in facts.programs:
            continue
        for gpu in facts.gpus:
            if gpu.capability < minimum:
                yield {"program": program, "gpu": gpu.name, "capability": dotted(gpu.capability),
                       "architecture": gpu.architecture, "minimum": dotted(minimum), "note": note}


def _legacy_gpus(facts: NamedFacts, driver_words: bool) -> Iterator[dict[str, str]]:
    """A named Tesla-generation or Fermi GPU (no current CUDA toolkit or driver) with no driver named newer than its
    last branch (DRIVER_DROPPED_GPU says that case); where the paste speaks of the driver, the driver's reading."""
    if facts.names_driver != driver_words:
        return
    for gpu in facts.gpus:
        legacy = tables.LEGACY_ARCHITECTURES.get(gpu.architecture)
        last = tables.LAST_BRANCH.get(gpu.architecture)
        if legacy is None or any(branch > last for branch in facts.driver_branches) or any(
                gpu.capability < minimum for _, program, minimum, *_ in tables.PROGRAM_MIN_CAPABILITY
                if program in facts.programs):
            continue  # a newer driver named, or a named program's minimum: their rules say it better
        linux, windows, cuda = legacy
        yield {"gpu": gpu.name, "architecture": gpu.architecture, "capability": dotted(gpu.capability),
               "last": str(last), "linux": linux, "windows": windows, "cuda": cuda}


# A GeForce RTX 30, 40 or 50 card as the text names it ("RTX 4090", "GeForce RTX 3090", "4090s", "5090 GPU"), not a
# workstation card (RTX A6000, RTX 6000 Ada, RTX PRO 6000), which has peer-to-peer.
_GEFORCE_NAME = re.compile(r"(?:(?:GeForce|Geforce|geforce|GEFORCE|NVIDIA|Nvidia|nvidia|GPU)[ _-]?)?(?:RTX|rtx|Rtx)?[ _-]?"
                           r"[345]0[5-9]0(?![0-9])")


def _old_gpu_without_kernels(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """A named GPU below compute capability 5.2 (Kepler, first Maxwell), which current prebuilt CUDA programs no
    longer carry kernels for; concluded only beside CUDA's "no kernel image" (Rule.needs_read)."""
    for gpu in facts.gpus:
        if gpu.capability < (5, 2):
            yield {"gpu": gpu.name, "architecture": gpu.architecture, "capability": dotted(gpu.capability),
                   "sm": f"{gpu.capability[0]}{gpu.capability[1]}"}


def _geforce_multi_gpu_hang(facts: NamedFacts) -> Iterator[dict[str, str]]:
    """GeForce cards of a generation without peer-to-peer over PCIe (build_support.GEFORCE_P2P), in a paste that tells
    of a job over several GPUs that hangs: NCCL's P2P transport between them, a likelihood."""
    if not facts.multi_gpu_hang:
        return
    for gpu in facts.gpus:
        p2p = tables.GEFORCE_P2P.get(gpu.architecture)
        name = gpu.name.removesuffix(" GPU").removesuffix(" gpu").removesuffix(" card")  # "4090 GPUs" read as "4090 GPU"
        if p2p and _GEFORCE_NAME.fullmatch(name):
            # one conclusion per card, however the paste writes it ("4090 GPUs", "RTX 4090")
            card = f"RTX {name}" if name[0].isdigit() else name
            yield {"gpu": card, "architecture": gpu.architecture, "p2p": p2p}


RULES: tuple[Rule, ...] = (
    Rule(GPU_WITHOUT_KERNELS, _gpu_outside_build, lambda fields: fields["gpu"]),
    Rule(TORCH_NOT_FOR_PYTHON, _torch_not_for_python, lambda fields: fields["torch"]),
    Rule(CUDA_TORCH_ON_MACOS, _cuda_torch_on_macos, lambda fields: fields["torch"].split("+")[0]),
    Rule(DRIVER_DROPPED_GPU, _driver_dropped_gpu, lambda fields: fields["gpu"]),
    Rule(DRIVER_OLDER_THAN_CUDA, _driver_older_than_cuda, lambda fields: fields["cuda"], settled_by_the_machine=True),
    Rule(ENGINE_GPU_TOO_OLD, _engine_on_old_gpu, lambda fields: fields["gpu"]),
    Rule(BLACKWELL_BEFORE_ITS_BUILDS, _blackwell_without_its_builds, lambda fields: fields["gpu"],
         only_where_nothing_was_read=True),
    Rule(PROGRAM_GPU_BELOW_MINIMUM, _below_program_minimum, lambda fields: fields["gpu"]),
    Rule(GEFORCE_MULTI_GPU_HANG, _geforce_multi_gpu_hang, lambda fields: fields["gpu"].removeprefix("RTX "),
         only_where_nothing_was_read=True),
    Rule(OLD_GPU_NO_KERNEL_IMAGE, _old_gpu_without_kernels, lambda fields: fields["gpu"],
         needs_read=("cuda.no-kernel-image",)),
    Rule(LEGACY_GPU_FOR_PROGRAMS, lambda facts: _legacy_gpus(facts, False), lambda fields: fields["gpu"],
         only_where_nothing_was_read=True),
    Rule(LEGACY_GPU_FOR_DRIVER, lambda facts: _legacy_gpus(facts, True), lambda fields: fields["gpu"],
         only_where_nothing_was_read=True),
    Rule(kernel_w42e.BLACKWELL_BOOT_OLD_DRIVER, lambda facts: _blackwell_at_boot(facts, False),
         lambda fields: fields["gpu"], only_where_nothing_was_read=True),
    Rule(kernel_w42e.BLACKWELL_BOOT_PROPRIETARY, lambda facts: _blackwell_at_boot(facts, True),
         lambda fields: fields["gpu"], only_where_nothing_was_read=True),
    Rule(kernel_w42e.NVSWITCH_INSTANCE_CUDA_FAILS, _nvswitch_machine, lambda fields: fields["instance"],
         only_where_nothing_was_read=True),
    # out-of-memory in a person's words (w42f): the allocator's own line, where pasted, is read by the rows
    Rule(OUT_OF_GPU_MEMORY_IN_WORDS, compat_cuda.out_of_gpu_memory, lambda fields: fields["said"],
         only_where_nothing_was_read=True),
)


@dataclass(frozen=True)
class Conclusion:
    row: Signature
    fields: Mapping[str, str]
    at: int  # where the text first names what it rests on: its evidence line


def conclusions(text: str, causes_read: Mapping[str, str]) -> list[Conclusion]:
    """What the text's named facts settle, beside the rows' matches (`causes_read`: each matched code's cause id).
    A rule whose cause a row already read from a tool's line, other than the generic rows it refines, concludes
    nothing."""
    rules = _rules_for(text)
    if not rules:
        return []
    facts = read_facts(text)
    if not (facts.gpus or facts.torch_not_found or facts.driver_branches or facts.driver_cuda
            or facts.nvswitch_instances or facts.spoken_driver_cudas or facts.out_of_gpu_memory):
        return []
    return [Conclusion(rule.row, fields, max(text.find(rule.evidence(fields)), 0))
            for rule in rules if _may_conclude(rule, causes_read) for fields in _distinct(rule.reach(facts))]


def _rules_for(text: str) -> tuple[Rule, ...]:
    """Every rule where the paste reports trouble; where it does not, only those nvidia-smi's header settles."""
    lowered = text.lower()
    if any(words in lowered for words in _TROUBLE_WORDS) or "OOM" in text:  # "OOM" only as written
        return RULES
    if "CUDA Version:" in text:  # nvidia-smi's header
        return tuple(rule for rule in RULES if rule.settled_by_the_machine)
    return ()


def _may_conclude(rule: Rule, causes_read: Mapping[str, str]) -> bool:
    if rule.row.cause_id in {cause for code, cause in causes_read.items() if code not in rule.row.refines}:
        return False  # a tool's own line settled this cause: its row says it better
    if rule.only_where_nothing_was_read and set(causes_read) - set(rule.row.refines):
        return False  # a likelihood gives way to any cause a row read
    # a rule that completes a row's reading needs that row to have read something here
    return not rule.needs_read or bool(set(rule.needs_read) & set(causes_read))


def _distinct(reached: Iterator[Mapping[str, str]]) -> list[Mapping[str, str]]:
    return list({tuple(sorted(fields.items())): fields for fields in reached}.values())
