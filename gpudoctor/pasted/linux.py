"""Linux outputs: `ldconfig -p`, `nvcc --version`, audited environment variables, kernel log lines,
`lspci -vvv`, as the answers of the probes that ask for them (nccl, wsl, toolkits, gpu_env)."""

from __future__ import annotations

import re

from gpudoctor.pasted.answers import PastedAnswers
from gpudoctor.probes.env import GPU_ENV_VARIABLES
from gpudoctor.probes.nccl import LDCONFIG_COMMANDS
from gpudoctor.probes.ollama import SERVER_SETTINGS

# Where a pasted nvcc lives when its prompt ran it by name: on PATH, somewhere the paste does not show.
PASTED_NVCC_ROOT = "a place the paste does not show (unknown: `which nvcc` shows it)"
_LIBNCCL = re.compile(r"libnccl\.so\.(\d+)\.(\d+)\.(\d+)$")
_LDCONFIG_ENTRY = re.compile(r"^\s*\S+\s+\([^)]*\)\s+=>\s+(\S+)\s*$")
AUDITED_VARIABLES = tuple(dict.fromkeys((*GPU_ENV_VARIABLES, *SERVER_SETTINGS, "OLLAMA_HOST", "LD_LIBRARY_PATH",
                                         "CUDA_HOME", "CUDA_PATH", "WSL_DISTRO_NAME")))
_ASSIGNMENT = re.compile(r"^\s*(?:export\s+|set\s+)?([A-Z_][A-Z0-9_]*)=(.*)$")


_CACHE_HEADER = re.compile(r"^\d+ libs found in cache")


def whole_listing(lines: list[str]) -> bool:
    """Whether the paste is all of `ldconfig -p` (its "N libs found in cache" first line), not a `| grep` of it:
    only a whole listing shows that a library is absent."""
    return any(_CACHE_HEADER.match(line) for line in lines)


def ldconfig(lines: list[str], answers: PastedAnswers, block: str) -> bool:
    """The cache listing (often cut to `| grep nccl`); each libnccl path's version from its file name,
    as ncclGetVersion() of that file would answer (a paste cannot load the library). Returns whether
    the NCCL copies are known: every NCCL entry names its version (libnccl.so.2 alone does not: its link
    target does), and a listing without one is whole."""
    text = "\n".join(lines) + "\n"
    answers.command(block, list(LDCONFIG_COMMANDS[0]), text)
    all_versioned, any_nccl = True, False
    for line in lines:
        entry = _LDCONFIG_ENTRY.match(line)
        if entry is None or "libnccl" not in entry.group(1):
            continue
        version = _LIBNCCL.search(entry.group(1))
        any_nccl = True
        all_versioned = all_versioned and version is not None
        if version:
            major, minor, patch = (int(v) for v in version.groups())
            answers.put("resolve", [entry.group(1)], entry.group(1), block)
            answers.put("native", ["nccl.version", entry.group(1)],
                        {"value": major * 10000 + minor * 100 + patch, "error": None}, block)
    return all_versioned if any_nccl else whole_listing(lines)


def nvcc(lines: list[str], answers: PastedAnswers, block: str, command: str | None = None) -> None:
    """`nvcc --version`; a prompt that ran it by its path (`/usr/local/cuda-12.4/bin/nvcc --version`) says where
    the toolkit is, one that ran it by name says only that it is on PATH."""
    ran = (command or "").split()
    path = ran[0] if ran and ran[0].endswith("/bin/nvcc") else f"{PASTED_NVCC_ROOT}/bin/nvcc"
    root = path[:-len("/bin/nvcc")]
    answers.put("which", ["nvcc"], [path], block)
    answers.put("resolve", [path], path, block)
    answers.put("resolve", [root], root, block)
    answers.command(block, [path, "--version"], "\n".join(lines) + "\n")


def environment(lines: list[str], answers: PastedAnswers, block: str) -> None:
    """`env`/`printenv`: audited variables only (the rest may hold secrets and is never kept).
    A variable the listing does not show is unset, as it would be on that shell."""
    seen = {}
    for line in lines:
        if (match := _ASSIGNMENT.match(line)) and match.group(1) in AUDITED_VARIABLES:
            seen[match.group(1)] = match.group(2).strip().strip('"').strip("'")
    for name in AUDITED_VARIABLES:
        answers.put("env", [name], seen.get(name), block)


_KERNEL_RELEASE = re.compile(r"Linux version (\S+)|^Linux \S+ (\d+\.\d+\.\d+\S*) #\d|^\s*(\d+\.\d+\.\d+\S*)\s*$")


def kernel_release(lines: list[str]) -> str | None:
    """The release in a kernel log's "Linux version …" line, `uname -a`, `uname -r` or /proc/version."""
    for line in lines:
        if match := _KERNEL_RELEASE.search(line):
            return next(group for group in match.groups() if group)
    return None
