"""`wsl -l -v`, `wsl --status` and `wsl --version`, as the `windows` probe runs them.

The probe decodes wsl.exe's UTF-16 itself (decode_console); pasted text is already text, and is
handed over as UTF-8, which decode_console reads too.
"""

from __future__ import annotations

from gpudoctor.pasted.answers import PastedAnswers
from gpudoctor.probes.windows import WSL_LIST, WSL_STATUS, WSL_VERSION, parse_wsl_list

_ARGS = {"wsl-list": WSL_LIST, "wsl-status": WSL_STATUS, "wsl-version": WSL_VERSION}


def _setup(text: str) -> set[tuple[str, int | None, bool]]:
    """What a `wsl -l -v` says of the setup: each distribution, its WSL version and which is the default."""
    return {(d.name, d.version, d.default) for d in parse_wsl_list(text)}


def wsl_output(kind: str, lines: list[str], answers: PastedAnswers, block: str) -> None:
    text = "\n".join(line for line in lines) + "\n"
    # Inside WSL the probe finds wsl.exe on PATH; on Windows it runs it by name: both are "wsl.exe".
    answers.put("which", ["wsl.exe"], ["wsl.exe"], block)
    argv = ["wsl.exe", *_ARGS[kind]]
    earlier = answers.get("run", argv)
    if kind == "wsl-list" and earlier and _setup(earlier["stdout"]) == _setup(text):
        return  # the same setup listed again, a distribution started or stopped in between: no conflict
    answers.command(block, argv, text)
