"""The fix scripts gpudoctor ships, read from their machine-readable headers (see fixes/README.md).

A header is the first comment lines of a script (after a shebang), one `# key: value` each,
ended by a bare `#` line. Reading it needs no shell and runs nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

PLATFORMS = ("windows", "wsl", "linux")
ELEVATIONS = ("none", "root", "admin")
AFTERS = ("none", "restart-ollama", "reboot", "wsl-shutdown", "new-shell")
# Fixes run in phases, each building on the one before (gpudoctor/fixing/plan.py keeps the report's
# order within a phase); a script names its own with `# phase:`:
#   platform     Windows features and the WSL version (nothing else works before them)
#   driver       remove a wrong driver (a Linux driver inside WSL shadows the Windows one)
#   toolkit      the CUDA toolkit
#   nccl         NCCL, built for that toolkit's CUDA
#   environment  environment variables (shell profile, Windows user environment)
#   services     service settings and restarts (Ollama), last so they see everything above
PHASES = ("platform", "driver", "toolkit", "nccl", "environment", "services")
_SHELL_OF_SUFFIX = {".sh": "bash", ".ps1": "powershell"}
# The elevation each shell can ask for: bash scripts check `id -u`, PowerShell ones the admin role.
_ELEVATION_OF_SHELL = {"bash": ("none", "root"), "powershell": ("none", "admin")}
# bash scripts take GNU-style long options, PowerShell scripts named parameters.
_FLAG_RE = {"bash": re.compile(r"--[a-z][a-z0-9-]*"), "powershell": re.compile(r"-[A-Z][A-Za-z0-9]*")}
_METAVAR_RE = re.compile(r"[A-Z][A-Z0-9_=.-]*")
_LINE_RE = re.compile(r"# ([a-z][a-z-]*): (\S.*)")
_REPEATABLE = {"changes", "param"}
# The header's keys, in the order a script writes them (fixes/README.md shows the same table).
_REQUIRED = ("gpudoctor-fix", "title", "platform", "phase", "elevation", "after", "changes", "usage")


class CatalogError(Exception):
    """A fix script's header is not usable; the message names the script and the problem."""


@dataclass(frozen=True)
class FixParam:
    flag: str  # "--version", "-Name"
    metavar: str | None  # "X-Y"; None for a switch
    description: str


@dataclass(frozen=True)
class FixSpec:
    id: str  # "<dir>.<file stem>", e.g. "wsl.remove-linux-driver"
    title: str
    platforms: tuple[str, ...]
    phase: str  # one of PHASES
    elevation: str  # none | root | admin
    after: str  # none | restart-ollama | reboot | wsl-shutdown | new-shell
    changes: tuple[str, ...]
    params: tuple[FixParam, ...]
    usage: str
    path: Path

    @property
    def shell(self) -> str:
        """'bash' or 'powershell'."""
        return _SHELL_OF_SUFFIX[self.path.suffix]

    @property
    def dry_run_flag(self) -> str:
        """The script's own preview switch (fixes/README.md, "Contract")."""
        return "-WhatIf" if self.shell == "powershell" else "--dry-run"

    def param(self, flag: str) -> FixParam | None:
        return next((p for p in self.params if p.flag == flag), None)


def _header_lines(text: str) -> list[str]:
    lines = text.splitlines()
    if lines and lines[0].startswith("#!"):
        lines = lines[1:]
    header = []
    for line in lines:
        if line == "#":
            return header
        header.append(line)
    raise ValueError("the header is not ended by a bare '#' line")


def _parse_param(value: str, shell: str) -> FixParam:
    synopsis, separator, description = value.partition("  ")
    words = synopsis.split()
    if not separator or not description.strip() or len(words) not in (1, 2):
        raise ValueError(f"param {value!r} is not 'FLAG [METAVAR]  description'")
    if not _FLAG_RE[shell].fullmatch(words[0]):
        raise ValueError(f"param flag {words[0]!r} is not a {shell} parameter name")
    if len(words) == 2 and not _METAVAR_RE.fullmatch(words[1]):
        raise ValueError(f"param {words[0]}'s value name {words[1]!r} is not upper case (X-Y, VAR=VALUE)")
    return FixParam(words[0], words[1] if len(words) == 2 else None, description.strip())


def _one_of(key: str, value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise ValueError(f"{key} {value!r} is not one of {', '.join(allowed)}")
    return value


def parse_header(text: str, path: Path) -> FixSpec:
    """The FixSpec of one script; CatalogError names the script and what is wrong with its header."""
    try:
        return _parse(text, path)
    except ValueError as exc:
        raise CatalogError(f"fix script {path}: {exc}") from None


def _parse(text: str, path: Path) -> FixSpec:
    shell = _SHELL_OF_SUFFIX.get(path.suffix)
    if shell is None:
        raise ValueError(f"unknown script type {path.suffix!r} (expected .sh or .ps1)")
    fields: dict[str, list[str]] = {}
    for line in _header_lines(text):
        match = _LINE_RE.fullmatch(line)
        if match is None:
            raise ValueError(f"header line {line!r} is not '# key: value'")
        key, value = match.groups()
        if key not in _REQUIRED and key not in _REPEATABLE:
            raise ValueError(f"unknown header key {key!r}")
        if key in fields and key not in _REPEATABLE:
            raise ValueError(f"header key {key!r} appears twice")
        fields.setdefault(key, []).append(value.strip())
    missing = [key for key in _REQUIRED if key not in fields]
    if missing:
        raise ValueError(f"header lacks {', '.join(missing)}")
    fix_id = fields["gpudoctor-fix"][0]
    expected = f"{path.parent.name}.{path.stem}"
    if fix_id != expected:
        raise ValueError(f"id {fix_id!r} does not match its place in fixes/ (expected {expected!r})")
    platforms = _platforms(fields["platform"][0], path, shell)
    elevation = _one_of("elevation", fields["elevation"][0], _ELEVATION_OF_SHELL[shell])
    params = tuple(_parse_param(value, shell) for value in fields.get("param", ()))
    _check_usage(fields["usage"][0], path, shell, params)
    return FixSpec(
        id=fix_id,
        title=fields["title"][0],
        platforms=platforms,
        phase=_one_of("phase", fields["phase"][0], PHASES),
        elevation=elevation,
        after=_one_of("after", fields["after"][0], AFTERS),
        changes=tuple(fields["changes"]),
        params=params,
        usage=fields["usage"][0],
        path=path,
    )


def _platforms(value: str, path: Path, shell: str) -> tuple[str, ...]:
    platforms = tuple(_one_of("platform", p, PLATFORMS) for p in value.split())
    if len(set(platforms)) != len(platforms):
        raise ValueError(f"platform {value!r} names a platform twice")
    if path.parent.name not in platforms:
        raise ValueError(f"platform {value!r} lacks {path.parent.name!r}, the folder it lies in")
    # PowerShell scripts change Windows; bash scripts run inside Linux or WSL.
    if (shell == "powershell") != (platforms == ("windows",)) or (shell == "bash" and "windows" in platforms):
        raise ValueError(f"platform {value!r} does not fit a {shell} script")
    return platforms


def _check_usage(usage: str, path: Path, shell: str, params: tuple[FixParam, ...]) -> None:
    """The synopsis starts with the file name, shows the preview switch and every declared flag."""
    if usage != path.name and not usage.startswith(path.name + " "):
        raise ValueError(f"usage {usage!r} does not start with the file name {path.name!r}")
    preview = "[-WhatIf]" if shell == "powershell" else "[--dry-run]"
    if preview not in usage:
        raise ValueError(f"usage {usage!r} does not show {preview}")
    for param in params:
        if not re.search(rf"(?<![\w-]){re.escape(param.flag)}(?![\w-])", usage):
            raise ValueError(f"usage {usage!r} does not show the param {param.flag}")


def fixes_root() -> Path:
    """Where the installed package keeps its fix scripts (they must be real files to be run)."""
    root = resources.files("gpudoctor.fixes")
    if not isinstance(root, Path):
        raise CatalogError(f"gpudoctor's fix scripts are not plain files on disk ({root}); reinstall gpudoctor unzipped")
    return root


def load_catalog(root: Path | None = None) -> dict[str, FixSpec]:
    """Every fix script under fixes/{windows,wsl,linux}/, by id."""
    root = root or fixes_root()
    catalog: dict[str, FixSpec] = {}
    for directory in PLATFORMS:
        for path in sorted((root / directory).glob("*")):
            if path.suffix in _SHELL_OF_SUFFIX:
                spec = parse_header(path.read_text(encoding="utf-8-sig"), path)
                catalog[spec.id] = spec
    return catalog
