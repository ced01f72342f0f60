"""Text as people paste it, and as logs hold it, turned into the logical lines signatures are written for.

What sits around a message is removed: journal and syslog prefixes ("Nov 23 10:00:01 host kernel: "),
`dmesg`'s "[   12.345678] " and `dmesg -T`'s "[Mon Nov 23 10:00:01 2026] ", `docker logs -t` and
`kubectl logs --prefix --timestamps` stamps with the CRI stream marker ("stdout F "), `docker compose
logs`' "ollama  | ", docker's json-file '{"log":"', NCCL's "host:pid:tid [0] ",
torchrun's "[rank0]: ", Markdown fences and "> " quotes. Lines a person cut ("[...]") are dropped.
rsyslog's escaped control characters ("#012" for a newline, "#011" for a tab), /dev/kmsg's ("\\x0a": the kernel
escapes non-printable bytes as \\xNN for readers of the raw ring buffer) and a literal "\\n" split a line into the
lines it held. Then a message written over several lines
becomes one logical line: an NVRM message continued on the next "NVRM: " lines, and a Python
exception's message continued below its "SomeError: " line. Lines longer than LINE_CAP are cut first,
so that every pattern runs on a bounded line. `message_reach` tells the matcher, from the raw text, how far
a logical line holding a given physical line may span, so that most lines of a log are read alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

LINE_CAP = 2000  # characters of one physical line, and of one logical line, that signatures look at
NVRM_CONTINUATION_LINES = 6  # an NVRM message is at most this many lines (the unsupported-GPU one is 4)
EXCEPTION_CONTINUATION_LINES = 4  # lines below "RuntimeError: ..." read as its message

_MONTH = r"(?:[^\W\d_]{2,5}\.?|\d{1,2}\s?[月월])"
_ISO_TIME = r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?"
# One decoration at the start of a line; they stack (kubectl's pod prefix, then its time stamp, then the
# container's own journal line), so they are removed until none is left.
_DECORATION = re.compile(
    r"^(?:"
    r"(?:>\s?)+"  # Markdown quote
    r"|`+"  # inline code
    r'|\{"log":"'  # docker's json-file log, as `cat`ed from /var/lib/docker/containers
    rf"|(?:{_MONTH} [ \d]?\d \d\d:\d\d:\d\d|{_ISO_TIME}) [\w.-]+ [\w.@/()-]+(?:\[\d+\])?: "  # journal / syslog
    r"|\[\s*\d+\.\d+\] [\w.-]+ [\w.@/-]+(?:\[\d+\])?: "  # journalctl -o short-monotonic
    r"|\[(?:[^\W\d_]{2,4}\.? ){2}[ \d]?\d \d\d:\d\d:\d\d \d{4}\] ?"  # dmesg -T
    r"|\[\s*\d+\.\d+\] ?"  # dmesg
    r"|\[pod/[\w.-]+/[\w.-]+\] "  # kubectl logs --prefix
    rf"|{_ISO_TIME}\s+(?:(?:stdout|stderr) [FP] )?"  # docker logs -t, kubectl --timestamps, CRI log files
    r"|(?:stdout|stderr) [FP] "  # CRI stream and tag without a time stamp
    r"|[\w.-]+\s+\| "  # docker compose logs
    r"|\[(?:rank|default)\d+\]: ?"  # torch.distributed / torchrun --tee
    r"|[\w.-]+:\d+:\d+ \[\d+\] (?=NCCL )"  # NCCL's "host:pid:tid [cuda device] " before its INFO and WARN
    r"|[\w.-]+:\d+ (?=NCCL DIAG )"  # NCCL 2.31's diagnostics report (gpudoctor/knowledge/dated.py)
    r")"
)
_FENCE = re.compile(r"^\s*(?:```|~~~)[`~]*(?P<rest>.*)$")
# What may follow a fence's opening without being text: a language tag ("python", "console", "c++", "shell-session").
_LANGUAGE_TAG = re.compile(r"[\w+#.-]{1,30}")
_CUT = re.compile(r"^\s*(?:\[\s*(?:\.{3}|…|snip(?:ped)?|truncated|cut)[^\]]*\]|\.{3,}|…|<(?:snip|truncated)>)\s*$",
                  re.IGNORECASE)
_FENCE_OR_CUT_START = tuple("`~[.…<")  # what a fence or a cut starts with: other lines skip both regexes
_NVRM = "NVRM: "
_SENTENCE_END = (".", "!", "?")
# "RuntimeError: ...", "torch.OutOfMemoryError: ...", "ImportError: libcudart.so.12: cannot open ..."
EXCEPTION_ENDINGS = ("Error", "Exception", "Warning", "Failure", "Interrupt", "Exit")
_EXCEPTION = re.compile(rf"^[A-Za-z_][\w.]{{0,120}}(?:{'|'.join(EXCEPTION_ENDINGS)})\b:?")
_EXCEPTION_ENDING = re.compile("|".join(EXCEPTION_ENDINGS))
_TRACEBACK_STRUCTURE = ("Traceback (most recent call last)", "During handling of the above exception",
                        "The above exception was the direct cause", "File \"")


@dataclass(frozen=True)
class LogicalLine:
    number: int  # 1-based number of the physical line it starts on, in the text as given
    text: str


def fenced(line: str) -> str | None:
    """For a Markdown fence line, the text written on it after the fence ("```InternalError: ...", which GitHub hides
    as the fence's info string and people mean as the error): "" where only the fence and a language tag are there;
    None for a line that is no fence."""
    match = _FENCE.match(line)
    if match is None:
        return None
    rest = match["rest"].strip().rstrip("`~").strip()
    return "" if not rest or _LANGUAGE_TAG.fullmatch(rest) else rest


def undecorated(line: str) -> str:
    """The line without the prefixes its log, terminal, container runtime or forum put before it."""
    line = line[:LINE_CAP]
    for _ in range(6):
        match = _DECORATION.match(line)
        if match is None or not match.end():
            break
        line = line[match.end():]
    return line.rstrip(" \t`")


def _physical(lines: list[str], first_number: int) -> list[tuple[int, str] | None]:
    """(line number, undecorated text) per line, the escaped lines a syslog line held split out; None for a
    line that ends a message (a fence, a cut, a blank line)."""
    out: list[tuple[int, str] | None] = []
    for number, raw in enumerate(lines, start=first_number):
        raw = raw[:LINE_CAP]
        if raw.lstrip()[:1] in _FENCE_OR_CUT_START:
            text_after = fenced(raw)
            if text_after is not None:
                out.append(None)  # a fence ends the message above it
                if not text_after:
                    continue
                raw = text_after
            elif _CUT.match(raw):
                out.append(None)
                continue
        text = undecorated(raw)
        if "#012" in text or "\\n" in text or "\\x0a" in text:
            parts = re.split(r"#012|\\n|\\x0a", text.replace("#011", "\t"))
            out.extend((number, undecorated(part)) if part.strip() else None for part in parts)
        else:
            out.append((number, text) if text.strip() else None)
    return out


# How a new NVRM message starts ("Xid (PCI:...)", "GPU at PCI:...", "GPU 0000:01:00.0: RmInitAdapter failed",
# "The NVIDIA GPU ... (PCI ID: ...)", "loading NVIDIA UNIX ..."): any other next "NVRM: " line, after a line that
# ends mid-sentence, continues a message the driver wrapped ("installed in this system", "System Processor (GSP).").
_NVRM_NEW_MESSAGE = re.compile(r" *(?:Xid\b|GPU at PCI|GPU Board|GPU [0-9a-fA-F]{4}:|API mismatch|loading |The NVIDIA "
                               r"|This PCI|RmInit|A GPU crash|No NVIDIA|request_irq|nvidia-)")


def _continues_nvrm(head: str, nxt: str) -> bool:
    """Whether `nxt` continues the NVRM message `head`: a head that ends with a colon announces its next line
    ("... assigned to your NVIDIA device is invalid:" / "NVRM: BAR1 is 0M @ 0x0 (PCI:...)"); one that ends
    mid-sentence goes on unless the next line starts a message of its own."""
    rest = nxt.lstrip()
    if not (_NVRM in head and rest.startswith(_NVRM)):
        return False
    end = head.rstrip()
    return end.endswith(":") or (not end.endswith(_SENTENCE_END)
                                 and _NVRM_NEW_MESSAGE.match(rest, len(_NVRM)) is None)


def holds_exception_ending(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] holds a word an exception's head ends with (EXCEPTION_ENDINGS), inside a word or not."""
    return _EXCEPTION_ENDING.search(text, start, end) is not None


def message_reach(text: str, above: int, start: int, end: int, exception_ending: bool | None = None) -> str:
    """What a logical line holding the physical line text[start:end] may span, whatever the text around it:
    "line", that line alone; "nvrm", it and the lines next to it that hold an NVRM message (up to
    NVRM_CONTINUATION_LINES either side: only those join it); "window", as far as any message may go on either
    side. An exception's message may go on over the line only where it or one of the lines text[above:start]
    (the EXCEPTION_CONTINUATION_LINES above it) holds a word an exception's head ends with. Read on the raw
    text, which holds the undecorated text: a cheap test that may say a wider reach than a line has, never a
    narrower one. `exception_ending`: whether text[above:end] holds such a word, where the caller knows."""
    if holds_exception_ending(text, above, end) if exception_ending is None else exception_ending:
        return "window"
    return "nvrm" if text.find(_NVRM, start, end) >= 0 else "line"


def nvrm_run(text: str, start: int, end: int) -> tuple[int, int, int]:
    """(start offset, lines gone up, end offset) of the line text[start:end] and the lines next to it that hold
    an NVRM message, up to NVRM_CONTINUATION_LINES either side: all that an NVRM message holding it may span."""
    gone = 0
    while gone < NVRM_CONTINUATION_LINES and start > 0:
        above = text.rfind("\n", 0, start - 1) + 1
        if text.find(_NVRM, above, start) < 0:
            break
        start, gone = above, gone + 1
    for _ in range(NVRM_CONTINUATION_LINES):
        following = text.find("\n", end + 1)
        following = len(text) if following < 0 else following
        if end >= len(text) or text.find(_NVRM, end + 1, following) < 0:
            break
        end = following
    return start, gone, min(end + 1, len(text))


def _continues_exception(nxt: str) -> bool:
    stripped = nxt.strip()
    return not stripped.startswith(_TRACEBACK_STRUCTURE) and not _EXCEPTION.match(stripped) and _NVRM not in nxt


def one_logical_line(line: str, number: int) -> list[LogicalLine] | None:
    """logical_lines([line], number) for a line that is plain text (no fence, cut or escaped newline: the common case
    of a long log, read without the general machinery), or None where the general reading is needed."""
    line = line[:LINE_CAP]
    if line.lstrip()[:1] in _FENCE_OR_CUT_START:
        return None
    text = undecorated(line)
    if "#012" in text or "\\n" in text or "\\x0a" in text:
        return None
    return [LogicalLine(number, text)] if text.strip() else []


def logical_lines(lines: list[str], first_number: int = 1) -> list[LogicalLine]:
    """The logical lines of consecutive physical `lines`, the first of which is line `first_number`."""
    physical = _physical(lines, first_number)
    out: list[LogicalLine] = []
    i = 0
    while i < len(physical):
        entry = physical[i]
        i += 1
        if entry is None:
            continue
        number, text = entry
        if _NVRM in text:
            joined = 0
            while i < len(physical) and physical[i] and joined < NVRM_CONTINUATION_LINES \
                    and _continues_nvrm(text, physical[i][1]):
                text = f"{text} {physical[i][1].lstrip()[len(_NVRM):].strip()}"
                i, joined = i + 1, joined + 1
        elif _EXCEPTION.match(text.strip()):
            joined = 0
            while i < len(physical) and physical[i] and joined < EXCEPTION_CONTINUATION_LINES \
                    and _continues_exception(physical[i][1]):
                text = f"{text} {physical[i][1].strip()}"
                i, joined = i + 1, joined + 1
        out.append(LogicalLine(number, text[:LINE_CAP]))
    return out


def lines_holding(lines: list[LogicalLine], hits: list[int]) -> Iterator[LogicalLine]:
    """The logical lines that hold one of the physical lines `hits` (ascending), where every match's literal is.
    A logical line runs from its first physical line to the line before the next one's (several start on one
    line where an escaped newline split it)."""
    index = 0
    for line, following in zip(lines, [*lines[1:], None]):
        while index < len(hits) and hits[index] < line.number:
            index += 1
        if index < len(hits) and (following is None or hits[index] <= max(line.number, following.number - 1)):
            yield line
