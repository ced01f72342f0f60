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

from gpudoctor.knowledge.log_lines import fenced


class NotText(Exception):
    """The input is not text a person could have pasted (a binary file); the message says why."""


# A UTF-16 byte order mark, or UTF-16LE without one (wsl.exe writing to a pipe): every second byte NUL.
_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_QUOTE = re.compile(r"^(?:> ?)+")
_FENCE_STARTS = ("`", "~")  # the first character (after indentation and quote marks) of a fence line
# Lines a person left to show they cut something: "[...]", "...", "[snip]", "<truncated>".
_CUT = re.compile(r"^\s*(?:\[\s*(?:\.{3}|…|snip(?:ped)?|truncated|cut)[^\]]*\]|\.{3,}|…|<(?:snip|truncated)>)\s*$",
                  re.IGNORECASE)
_CUT_STARTS = ("[", ".", "…", "<")
# journalctl's short format: "Nov 23 10:00:01 hostname unit[pid]: " (also ISO time stamps, -o short-iso).
# The month is the locale's abbreviation (strftime %b): "Nov", "jan" (sv_SE), "févr." (fr_FR), "Mär"
# (de_DE), "фев" (ru_RU), "2月" (zh_CN, ja_JP), "2월" (ko_KR).
_MONTH = r"(?:[^\W\d_]{2,5}\.?|\d{1,2}\s?[月월])"
_JOURNAL = re.compile(
    rf"^(?:{_MONTH} [ \d]?\d \d\d:\d\d:\d\d|\d{{4}}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d+)?(?:[+-]\d\d:?\d\d|Z)?)"
    r" \S+ (?P<unit>[\w.@/-]+)(?:\[\d+\])?: "
)
# Where a journal line's time has its first colon at the latest: a month of up to five letters and a dot ("févr."),
# the day and "HH:" (index 12), or an ISO date's "YYYY-MM-DDTHH:" (index 13).
_JOURNAL_COLON_BY = 20
# A shell prompt before a command: "$ ", "user@box:~$ ", "(venv) user@box:~# ", "PS C:\\> ", "C:\\Users\\me>".
_PROMPT = re.compile(
    r"^\s*(?:\([^)]*\)\s*)?(?:[\w.-]+@[\w.-]+(?::[^\s$#]*)?\s?[$#%]|[$%]|#(?=\s)|PS [A-Za-z]:\\[^>]*>|[A-Za-z]:\\[^>]*>)"
    r"\s*(?P<command>\S.*)$"
)
_WINDOWS_PROMPT = re.compile(r"^\s*(?:PS )?[A-Za-z]:\\")
# What a prompt line must run to count as a command (a "# heading" or "$5" is not one).
_COMMANDS = ("nvidia-smi", "ollama", "wsl", "ldconfig", "dmesg", "journalctl", "lspci", "python", "nvcc", "cat",
             "env", "printenv", "sudo", "grep", "echo", "set", "uname", "NCCL_", "CUDA_", "torchrun", "docker")


@dataclass(frozen=True)
class CleanText:
    """The cleaned lines (plain strings: a 50 MB paste has a million of them) and, by line index, the command
    each prompt line ran (its output follows)."""

    lines: list[str]
    commands: dict[int, str]
    cuts: int  # lines such as "[...]" where the person cut output
    encoding: str
    windows_prompts: frozenset[int] = frozenset()  # the prompt lines of PowerShell or cmd ("PS C:\\>", "C:\\Users\\me>")


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
    # Every prompt _PROMPT knows holds "$", "#" or "%", or a Windows drive's ":\" (an XML line's ">" is no prompt).
    if "$" not in line and "#" not in line and "%" not in line and ":\\" not in line:
        return None
    match = _PROMPT.match(line)
    if match is None:
        return None
    command = match.group("command").strip()
    word = command.split()[0] if command.split() else ""
    base = word.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    return command if base.startswith(_COMMANDS) else None


# Lines are split a piece at a time, each piece dropped once read: the whole text and all its lines are never held
# at once (memory stays near one copy of the paste).
_PIECE_CHARS = 1 << 20


def _pieces(text: str) -> list[str]:
    """`text` cut at newlines into pieces of about _PIECE_CHARS, last piece first (for pop())."""
    pieces, start = [], 0
    while True:
        end = text.find("\n", start + _PIECE_CHARS)
        if end < 0:
            pieces.append(text[start:])
            return pieces[::-1]
        pieces.append(text[start:end])
        start = end + 1


def clean(data: bytes) -> CleanText:
    decoded = list(decode(data))  # [text, encoding]: no name but the list holds the text
    del data  # the caller passes its only reference: the bytes go before the lines come
    encoding = decoded.pop()
    return clean_decoded(decoded, encoding)


def clean_decoded(holder: list[str], encoding: str) -> CleanText:
    """The cleaned lines of the text `holder` holds, which it empties: the caller keeps no other reference, so that
    the text is freed once cut into pieces (pasted/command.py)."""
    text = holder.pop()
    # CRLF, and the CR CR LF of wsl.exe's usage text, become one newline. (Each pass copies a text of up to
    # 50 MB: only the passes that have something to do run.)
    if "\r" in text:
        text = text.replace("\r\r\n", "\n").replace("\r\n", "\n").replace("\r", "\n")
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    pieces = _pieces(text)
    del text
    lines: list[str] = []
    commands: dict[int, str] = {}
    windows_prompts: set[int] = set()
    cuts = 0
    while pieces:
        for raw in pieces.pop().split("\n"):
            # Cheap tests of the first character spare most lines the regular expressions.
            first = raw.lstrip()[:1]
            line = raw
            if first == ">":
                line = _QUOTE.sub("", raw)
                first = line.lstrip()[:1]
            if first in _FENCE_STARTS and (on_fence := fenced(line)) is not None:
                if not on_fence:
                    continue
                line = on_fence  # "```$ nvidia-smi topo -p2p w": what people type after a fence is text too
                first = line[:1]
            if first in _CUT_STARTS and _CUT.match(line):
                cuts += 1
                continue
            # Journal lines start unindented, with their time's first colon within _JOURNAL_COLON_BY characters.
            unindented = first and first == line[:1]
            journal = _JOURNAL.match(line) if unindented and line.find(":", 0, _JOURNAL_COLON_BY) >= 0 else None
            if journal:
                line = line[journal.end():]
            command = _command_of(line)
            if command is not None:
                commands[len(lines)] = command
                if _WINDOWS_PROMPT.match(line):
                    windows_prompts.add(len(lines))
            lines.append(line)
    return CleanText(lines, commands, cuts, encoding, frozenset(windows_prompts))
