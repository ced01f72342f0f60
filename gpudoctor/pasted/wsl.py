"""`wsl -l -v`, `wsl --status` and `wsl --version`, as the `windows` probe runs them.

The probe decodes wsl.exe's UTF-16 itself (decode_console); pasted text is already text, and is
handed over as UTF-8, which decode_console reads too.
"""

from __future__ import annotations

from gpudoctor.pasted.answers import PastedAnswers
from gpudoctor.probes.windows import WSL_LIST, WSL_STATUS, WSL_VERSION

_ARGS = {"wsl-list": WSL_LIST, "wsl-status": WSL_STATUS, "wsl-version": WSL_VERSION}


def wsl_output(kind: str, lines: list[str], answers: PastedAnswers, block: str) -> None:
    text = "\n".join(line for line in lines) + "\n"
    # Inside WSL the probe finds wsl.exe on PATH; on Windows it runs it by name: both are "wsl.exe".
    answers.put("which", ["wsl.exe"], ["wsl.exe"], block)
    answers.command(block, ["wsl.exe", *_ARGS[kind]], text)
