"""Ollama's server log, `ollama ps` and `ollama --version` as the answers the `ollama` probe reads.

The log goes where the probe looks for it (the journal on Linux and WSL, server.log under
%LOCALAPPDATA% on Windows), so gpudoctor/ollama/log.py parses it, in every format it knows.
`ollama ps` and `ollama --version` print what the server's API answered (/api/ps, /api/version);
they are turned back into those answers.
"""

from __future__ import annotations

import json
import re

from gpudoctor.pasted.answers import PastedAnswers
from gpudoctor.ollama.log import ServerLog, parse_server_log
from gpudoctor.ollama.slog import parse_size
from gpudoctor.probes.ollama import JOURNAL_ARGV, LOG_LIMIT, go_round

API = "http://127.0.0.1:11434"
# Where the probe reads the log on Windows; the user's folder is not known from a paste.
WINDOWS_LOCAL_APP_DATA = "C:\\Users\\user\\AppData\\Local"
_VERSION = re.compile(r"^(?:ollama version is|Warning: client version is)\s+(\S+)", re.MULTILINE)


def _installed(answers: PastedAnswers, block: str) -> None:
    answers.put("which", ["ollama"], ["ollama"], block)


def server_log(lines: list[str], answers: PastedAnswers, block: str, platform_kind: str) -> ServerLog:
    """The log as the probe's answer, and what the probe's parser reads in it (its version from the newest
    "Listening on" line, what it found, what went wrong)."""
    text = "\n".join(lines) + "\n"
    _installed(answers, block)
    if platform_kind == "windows":
        answers.put("env", ["LOCALAPPDATA"], WINDOWS_LOCAL_APP_DATA, block)
        path = f"{WINDOWS_LOCAL_APP_DATA}\\Ollama\\server.log"
        answers.put("file", [path, LOG_LIMIT, True], {"error": None, "data": text}, block)
    else:
        answers.command(block, list(JOURNAL_ARGV), text)
    log = parse_server_log(text, "paste")
    # A server that wrote "Listening on" answered its API as this version while it ran.
    if log.server_version:
        answers.put("http", [f"{API}/api/version"], _api_answer({"version": log.server_version}), block)
    return log


def what_the_log_says(log: ServerLog) -> list[str]:
    """What a helper reads first in a server log, said even when no other output lets a check judge it: that
    Ollama found no GPU, and the discovery errors it logged."""
    said = []
    if log.discovered and all(gpu.library == "cpu" for gpu in log.discovered):
        said.append("Ollama found no GPU at its start: its only `inference compute` device is the CPU.")
    said.extend(f"Ollama logged: {problem.message}" for problem in log.problems if problem.kind == "discovery")
    return said


def _api_answer(document) -> dict:
    return {"status": 200, "body": json.dumps(document), "error": None}


def version(lines: list[str], answers: PastedAnswers, block: str) -> None:
    found = _VERSION.findall("\n".join(lines))
    if found:
        _installed(answers, block)
        answers.put("http", [f"{API}/api/version"], _api_answer({"version": found[-1]}), block)


# "NAME  ID  SIZE  PROCESSOR  [CONTEXT]  UNTIL" (cmd/cmd.go ListRunningHandler).
_PS_ROW = re.compile(r"^(?P<name>\S+)\s+(?P<id>[0-9a-f]{12})\s+(?P<size>[\d.]+\s*[KMGT]?B)\s+"
                     r"(?P<processor>100% GPU|100% CPU|\d+%/\d+% CPU/GPU)")
_SPLIT = re.compile(r"(?<!\d)(\d+)%/(\d+)% CPU/GPU")


def _size_vram(size: int, processor: str) -> int:
    """The inverse of RunningModel.processor: the share of the model in GPU memory."""
    if processor == "100% GPU":
        return size
    if processor == "100% CPU":
        return 0
    cpu = int(_SPLIT.match(processor).group(1))
    vram = size - int(size * cpu / 100)
    return vram if go_round((size - vram) / size * 100) == cpu else size - go_round(size * cpu / 100)


def running_models(lines: list[str], answers: PastedAnswers, block: str) -> None:
    models = []
    for line in lines:
        if row := _PS_ROW.match(line.strip()):
            size = parse_size(row.group("size")) or 0
            models.append({"name": row.group("name"), "model": row.group("name"), "size": size,
                           "size_vram": _size_vram(size, row.group("processor"))})
    _installed(answers, block)
    answers.put("http", [f"{API}/api/ps"], _api_answer({"models": models}), block)
