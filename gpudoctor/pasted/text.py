"""From the bytes someone pasted to clean lines: encodings, line endings and the decoration around outputs.

People paste outputs wrapped in what their terminal, journal or forum added: a shell prompt and
the command, `journalctl`'s "Nov 23 10:00:01 box ollama[812]: " prefix, Markdown code fences and
quote marks, Windows line endings, UTF-16 from `wsl.exe`, terminal colour codes (nvidia-smi
underlines its topology headers), and lines they cut themselves (`[...]`). This module removes
the wrapping and keeps what a prompt said was run, so the recognisers see the tool's own output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class NotText(Exception):
    """The input is not text a person could have pasted (a binary file); the message says why."""


# A UTF-16 byte order mark, or UTF-16LE without one (wsl.exe writing to a pipe): every second byte NUL.
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_FENCE = re.compile(r"^\s*(?:>\s*)*(?:```|~~~)")
_QUOTE = re.compile(r"^(?:> ?)+")
# Lines a person left to show they cut something: "[...]", "...", "[snip]", "<truncated>".
_CUT = re.compile(r"^\s*(?:\[\s*(?:\.{3}|…|snip(?:ped)?|truncated|cut)[^\]]*\]|\.{3,}|…|<(?:snip|truncated)>)\s*$",
                  re.IGNORECASE)
# journalctl's short format: "Nov 23 10:00:01 hostname unit[pid]: " (also ISO time stamps, -o short-iso).
# The month is the locale's abbreviation (strftime %b): "Nov", "jan" (sv_SE), "févr." (fr_FR), "Mär"
# (de_DE), "фев" (ru_RU), "2月" (zh_CN, ja_JP), "2월" (ko_KR).
_MONTH = r"(?:[^\W\d_]{2,5}\.?|\d{1,2}\s?[月월])"
_JOURNAL = re.compile(
    rf"^(?:{_MONTH} [ \d]?\d \d\d:\d\d:\d\d|\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:[+-]\d\d:?\d\d|Z)?)"
    r" \S+ (?P<unit>[\w.@/-]+)(?:\[\d+\])?: "
)
# A shell prompt before a command: "$ ", "user@box:~$ ", "(venv) user@box:~# ", "PS C:\\> ", "C:\\Users\\me>".
_PROMPT = re.compile(
    r"^\s*(?:\([^)]*\)\s*)?(?:[\w.-]+@[\w.-]+(?::[^\s$#]*)?\s?[$#%]|[$%]|#(?=\s)|PS [A-Za-z]:\\[^>]*>|[A-Za-z]:\\[^>]*>)"
    r"\s*(?P<command>\S.*)$"
)
# What a prompt line must run to count as a command (a "# heading" or "$5" is not one).
_COMMANDS = ("nvidia-smi", "ollama", "wsl", "ldconfig", "dmesg", "journalctl", "lspci", "python", "nvcc", "cat",
             "env", "printenv", "sudo", "grep", "echo", "set", "uname", "NCCL_", "CUDA_", "torchrun", "docker")


@dataclass(frozen=True)
class Line:
    text: str
    command: str | None = None  # set on a prompt line: the command that was run (its output follows)


@dataclass(frozen=True)
class CleanText:
    lines: tuple[Line, ...]
    cuts: int  # lines such as "[...]" where the person cut output
    encoding: str


def decode(data: bytes) -> tuple[str, str]:
    """(text, encoding); raises NotText for binary data."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(encoding, errors="replace"), encoding
    sample = data[:4096]
    if len(sample) >= 4 and sample[1::2].count(0) > len(sample) // 4 and sample[0::2].count(0) < len(sample) // 8:
        return data.decode("utf-16-le", errors="replace"), "utf-16-le"
    if b"\x00" in sample:
        raise NotText("it holds NUL bytes: a binary file, not text someone pasted")
    text = data.decode("utf-8", errors="replace")
    head = text[:4096]
    odd = sum(1 for ch in head if ch == "\ufffd" or (ord(ch) < 32 and ch not in "\t\n\r\x1b\x0c"))
    if head and odd > len(head) // 10:
        raise NotText("most of it is not text (undecodable bytes or control characters): a binary file?")
    return text, "utf-8"


def _command_of(line: str) -> str | None:
    match = _PROMPT.match(line)
    if match is None:
        return None
    command = match.group("command").strip()
    word = command.split()[0] if command.split() else ""
    base = word.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    return command if base.startswith(_COMMANDS) else None


def clean(data: bytes) -> CleanText:
    text, encoding = decode(data)
    # CRLF, and the CR CR LF of wsl.exe's usage text, become one newline.
    text = text.replace("\r\r\n", "\n").replace("\r\n", "\n").replace("\r", "\n")
    text = _ANSI.sub("", text)
    lines: list[Line] = []
    cuts = 0
    for raw in text.split("\n"):
        if _FENCE.match(raw):
            continue
        line = _QUOTE.sub("", raw) if raw.startswith(">") else raw
        if _CUT.match(line):
            cuts += 1
            continue
        journal = _JOURNAL.match(line)
        if journal:
            line = line[journal.end():]
        command = _command_of(line)
        lines.append(Line(line, command))
    return CleanText(tuple(lines), cuts, encoding)
