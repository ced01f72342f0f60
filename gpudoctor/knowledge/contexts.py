"""Where a text came from, as data: the contexts in which a generic error line means something more specific.

"no CUDA-capable device is detected" means one thing on a bare Linux host and another inside WSL 2 (a Linux
libcuda shadowing /usr/lib/wsl/lib), inside a container (started without the NVIDIA runtime) or under a
distributed launcher (more ranks than visible GPUs). A helper reads the other lines of a paste to tell; so
does gpudoctor. Each `Context` is recognised in a text by its `markers` (regexes searched in the whole text,
each starting with plain characters, which `re` finds by a fast scan: a marker that starts with a class or
`\b` took 40 times as long on 50 MB) and on a live host by the facts the
probes already gathered (`of_host`). A signature row with `contexts=(...)` matches only in one of them, and
takes precedence over the generic rows it `refines` (`in_contexts`, which the matcher applies to every scan).
Pure data and pure functions; the markers are compiled on first use, only where a context row matched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from typing import Mapping


@dataclass(frozen=True)
class Context:
    name: str
    meaning: str  # one sentence: what being in it changes for a reader of the text
    markers: tuple[str, ...]  # regexes: any one found anywhere in the text puts the text in the context
    sources: tuple[str, ...]  # where the markers are documented (what prints them)
    checked: str  # ISO date the markers were last checked against their sources


# Innermost first: a launcher's ranks may run in a container, which may run in WSL 2. Where rows of several
# contexts read the same generic line, the innermost one's cause is the one to act on (in_contexts).
CONTEXTS: tuple[Context, ...] = (
    Context(
        name="distributed-launch",
        meaning="The program was started by a distributed launcher, one process (rank) per GPU it was told to use.",
        markers=(
            r"torchrun\b",
            r"torch\.distributed\.(?:launch|run)\b",
            r"--nproc[_-]per[_-]node\b",
            r"LOCAL_RANK\b",
            r"accelerate launch\b",
            r"deepspeed --num_gpus\b",
        ),
        sources=("https://pytorch.org/docs/stable/elastic/run.html",),
        checked="2026-11-26",
    ),
    Context(
        name="container",
        meaning="The program ran inside a container, which sees only the GPUs and driver libraries the "
                "container runtime passed in.",
        markers=(
            r"docker (?:run|exec|logs|compose)\b",
            r"docker-compose\b",
            r"/\.dockerenv\b",
            r"kubectl (?:logs|exec|describe|run)\b",
            r"nvidia-container-(?:cli|runtime|toolkit)\b",
            r"podman (?:run|exec|logs)\b",
            r"root@[0-9a-f]{12}:",  # a container shell's prompt: its host name is the container id
        ),
        sources=("https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/docker-specialized.html",
                 "https://docs.docker.com/engine/containers/resource_constraints/#gpu"),
        checked="2026-11-26",
    ),
    Context(
        name="wsl",
        meaning="The program ran inside WSL 2, where CUDA reaches the GPU through the Windows driver "
                "(/usr/lib/wsl/lib, /dev/dxg), not through a Linux kernel module.",
        markers=(
            r"microsoft-standard-WSL2",  # the WSL 2 kernel's release (`uname -r`, dmesg's first line)
            r"-microsoft-standard\b",  # WSL 2 kernels before 5.10 ("4.19.121-microsoft-standard"), without the suffix
            r"-Microsoft\b",  # the WSL 1 kernel's release ("4.4.0-19041-Microsoft")
            r"/usr/lib/wsl/(?:lib|drivers)\b",  # where WSL mounts the Windows driver's libraries
            r"/mnt/[c-h]/(?:Users|Windows|Program)",  # a Windows drive seen from the distribution
            r"wsl(?:\.exe)? (?:--(?:install|update|shutdown|status|list|set-version)|-l )",  # wsl.exe run
            r"WSL ?2\b", r"wsl ?2\b",  # the person or a tool names it ("Ubuntu 22.04 on WSL2", "under wsl2")
        ),
        sources=("https://learn.microsoft.com/en-us/windows/wsl/tutorials/gpu-compute",
                 "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"),
        checked="2026-11-26",
    ),
    Context(
        name="secure-boot",
        meaning="Secure Boot is on, so the kernel loads only modules signed with a key it trusts (MOK).",
        markers=(
            r"SecureBoot enabled",  # mokutil --sb-state
            r"Secure [Bb]oot (?:is )?enabled", r"secure [Bb]oot (?:is )?enabled",
            r"Lockdown: [\w-]{1,40}: unsigned module loading is restricted",  # the kernel, when it refuses
            r"Kernel is locked down from EFI Secure Boot",
        ),
        sources=("https://wiki.debian.org/SecureBoot",
                 "https://download.nvidia.com/XFree86/Linux-x86_64/580.95.05/README/installdriver.html"),
        checked="2026-11-26",
    ),
    Context(
        name="package-build",
        meaning="The text is pip's or uv's output while building a package from source, in the isolated build "
                "environment they make for it, which holds only the build's declared requirements.",
        markers=(
            r"Getting requirements to build wheel",  # pip, PEP 517 builds
            r"egg_info did not run successfully",  # pip, legacy setup.py builds
            r"pip-build-env-",  # pip's isolated build environment in a path
            r"The build backend returned an error",  # uv
            r"setuptools.build_meta",  # the backend's module, in pip's and uv's tracebacks
            r"Failed to build `",  # uv's "Failed to build `flash-attn==2.7.4`"
        ),
        sources=("https://pip.pypa.io/en/stable/reference/build-system/pyproject-toml/#build-isolation",
                 "https://docs.astral.sh/uv/concepts/projects/config/#build-isolation"),
        checked="2026-11-26",
    ),
)
NAMES = tuple(context.name for context in CONTEXTS)


@cache
def _compiled() -> tuple[tuple[str, tuple[re.Pattern, ...]], ...]:
    return tuple((context.name, tuple(re.compile(marker) for marker in context.markers)) for context in CONTEXTS)


def in_text(text: str, names: frozenset[str] | None = None) -> frozenset[str]:
    """The contexts (of `names`, or all) whose markers the text holds: one search per marker, each linear (its
    literal start lets `re` skip ahead, about 15 ms on 50 MB), a context's other markers skipped once one is found."""
    return frozenset(name for name, markers in _compiled()
                     if (names is None or name in names) and any(marker.search(text) for marker in markers))


def of_host(platform=None, container=None, secure_boot=None) -> frozenset[str]:
    """The contexts a live host is in, from facts gpudoctor gathered (a probe's answers; None when not known):
    the platform's kind ("wsl"), whether the container probe found it running in a container, and the Secure
    Boot state read from EFI (True only: unknown is not on)."""
    found = set()
    if getattr(secure_boot, "on", None) is True:
        found.add("secure-boot")
    if getattr(platform, "kind", None) == "wsl":
        found.add("wsl")
    if getattr(container, "in_container", False) is True:
        found.add("container")
    return frozenset(found)


def _refined_on_their_line(matches: tuple, rows: Mapping) -> tuple:
    """A row without contexts that refines generic rows reads a more specific message of their line (Windows'
    WinError 1455 in the same "Error loading ...dll" line as a DLL that failed to load): where both matched
    one line, the generic match becomes its evidence, as for a row in context."""
    refining = {id(m): m for m in matches if rows[m.code].refines and not rows[m.code].contexts}
    if not refining:
        return matches
    beside = {id(m): tuple(o for o in matches if o.code in rows[m.code].refines and o.line_number == m.line_number)
              for m in refining.values()}
    gone = {id(o) for found in beside.values() for o in found}
    return tuple(replace(m, refined=beside[id(m)]) if beside.get(id(m)) else m for m in matches if id(m) not in gone)


def in_contexts(matches: tuple, text: str, rows: Mapping, given: frozenset[str] = frozenset()) -> tuple:
    """The matches (matcher.SignatureMatch) as read in the text's contexts: a row written for contexts
    (Signature.contexts; `rows` gives each code's row) is kept only where the text's markers or `given` (a live
    host's) put it in one of them, and then the generic rows it refines give no match of their own: theirs go on
    it, as `refined`. Where rows of several contexts refine the same generic rows (Docker Desktop's containers run
    in WSL 2), only the innermost context's is kept: one cause, one next step. Only the contexts of the context
    rows that matched are searched for, so that a text without such a match costs nothing more."""
    matches = _refined_on_their_line(matches, rows)
    wanted = frozenset(name for found in matches for name in rows[found.code].contexts)
    if not wanted:
        return matches
    present = given | in_text(text, wanted - given)
    kept, refined = set(), set()
    for found in sorted((m for m in matches if present.intersection(rows[m.code].contexts)),
                        key=lambda m: min(NAMES.index(name) for name in rows[m.code].contexts if name in present)):
        row = rows[found.code]
        if row.refines and set(row.refines) <= refined:
            continue  # an inner context's row already reads these lines
        kept.add(id(found))
        refined |= set(row.refines)
    out = []
    for found in matches:
        row = rows[found.code]
        if id(found) in kept:
            out.append(replace(found, refined=tuple(m for m in matches if m.code in row.refines)))
        elif not row.contexts and found.code not in refined:
            out.append(found)
    return tuple(out)
