"""Known failures in any pasted text, and the error-looking lines gpudoctor does not know.

Every input is scanned whole by the signature matcher (gpudoctor/knowledge/matcher.py), whether or not a
block kind recognised it: a traceback or a container log holds no tool output, and its error line is what
a helper reads first. Lines that look like errors but match no signature are listed as "not recognised"
(at most NOT_RECOGNISED_CAP, each kind of line once) so that a user can report them.
"""

from __future__ import annotations

import re

from gpudoctor.knowledge.contexts import in_text
from gpudoctor.knowledge.findings import signature_finding
from gpudoctor.knowledge.log_lines import undecorated
from gpudoctor.knowledge.matcher import STRAIGHTENED, SignatureMatch, scan
from gpudoctor.knowledge.signatures import SEVERITIES
from gpudoctor.model import CheckResult, worst

CHECK_ID = "read.signatures"
LIVE_LOGS_CHECK = "logs.known-failures"  # its matches are a part of what the paste-wide scan finds
NOT_RECOGNISED_CAP = 10
LINES_LOOKED_AT = 20_000
_ERROR_LOOKING = re.compile(
    r"(?:\b|[a-z])(?:[Ee]rror|Exception)\b|"
    r"\b(?:ERROR|[Ff]ail(?:ed|ure)?|FAIL(?:ED)?|[Ff]atal|FATAL|[Cc]annot|"
    r"[Cc]ould not|[Uu]nable to|[Pp]anic|[Dd]enied|[Tt]imed out|[Ii]nvalid|[Uu]nsupported|"
    r"[Ss]egmentation fault|Traceback)\b")
# A field whose value is zero or no ("Uncorrectable Error  : 0", "Remapping Failure Occurred : No" in
# nvidia-smi -q, "errors=0"), and the kernel's own command line (whose "panic=1" is a setting), are not errors.
_NOT_AN_ERROR = re.compile(r"level=(?:INFO|DEBUG)\b|\berror(?:s)?=(?:0|none|nil|null|\"\")(?:\s|$)|\b0 errors?\b"
                           r"|[=:]\s{0,40}(?:0|No|None|none|N/A|nil|null|[Ff]alse|\"\")\s*$|Kernel command line:")
# A line whose only colon ends it introduces what follows ("After that, CUDA failed with this error:", a tool's heading):
# the error is on the lines below it, which are looked at in their turn.
_INTRODUCES_WHAT_FOLLOWS = re.compile(r"[^:]{1,300}:")
# A debugger's header that names only the exception's class ("Exception has occurred: RuntimeError", VS Code's, in
# any language): its message is on the lines below, each looked at on its own.
_NAMES_THE_EXCEPTION_BELOW = re.compile(r"[^:]{1,120}:\s*(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)")
# PCI addresses and UUIDs first: their hex letters differ from GPU to GPU ("0000:C1:00.0", "0000:E1:00.0").
_VARIABLE = re.compile(r"[0-9a-fA-F]{2,8}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]"
                       r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|0x[0-9a-fA-F]+|\d+")
_TRACEBACK_FRAMES = ("File \"", "Traceback (most recent")
SHAPE_CHARS = 60


def scan_inputs(texts: list[tuple[str, str]]) -> tuple[SignatureMatch, ...]:
    """The matches in each (source, text), in input order. Several inputs are one machine's: where one shows a context
    (`uname -r` of a WSL kernel in one file, the traceback in another), each is read in it."""
    shown = frozenset().union(*(in_text(text) for _, text in texts)) if len(texts) > 1 else frozenset()
    return tuple(found for source, text in texts for found in scan(text, source, contexts=shown))


def signatures_result(matches: tuple[SignatureMatch, ...]) -> CheckResult | None:
    if not matches:
        return None
    findings = tuple(signature_finding(found) for found in _causes_first(matches))
    return CheckResult(CHECK_ID, "Known failures in the paste", worst(f.status for f in findings), findings, 0.0)


def _causes_first(matches: tuple[SignatureMatch, ...]) -> list[SignatureMatch]:
    """The matches, the first of them the one the report leads with: failures before warnings and notes, and among
    those a match that explains other lines (their matches are its evidence) before one that explains none; else
    in the paste's order."""
    return sorted(matches, key=lambda found: (SEVERITIES.index(found.signature.severity), not found.refined))


def _shape(line: str) -> str:
    """A line with its numbers and addresses blanked, cut to a prefix: two lines of one kind share it."""
    return _VARIABLE.sub("#", line)[:SHAPE_CHARS]


# The words of _ERROR_LOOKING in lower case: found with str.find in a lowered megabyte at a time, then each line
# they are on is checked with _ERROR_LOOKING itself. Running _ERROR_LOOKING over a whole 50 MB paste took 2.9 s
# (its leading alternation defeats the regex engine's skipping); finding the words, 0.3 s.
_ERROR_WORDS = ("error", "exception", "fail", "fatal", "cannot", "could not", "unable to", "panic", "denied",
                "timed out", "invalid", "unsupported", "segmentation fault", "traceback")
_CHUNK = 1 << 20
_HITS_PER_WORD_AND_CHUNK = 2_000  # a megabyte of one error word repeated is not worth more


def _error_word_positions(text: str) -> list[int]:
    """Where an error word starts in `text`, in order (at most LINES_LOOKED_AT lines' worth)."""
    positions: list[int] = []
    overlap = max(map(len, _ERROR_WORDS)) - 1
    for begin in range(0, len(text), _CHUNK):
        chunk = text[begin:begin + _CHUNK + overlap].lower()
        found = []
        for word in _ERROR_WORDS:
            at, hits = chunk.find(word), 0
            while 0 <= at < _CHUNK and hits < _HITS_PER_WORD_AND_CHUNK:  # a start in the overlap is the next chunk's
                found.append(begin + at)
                at, hits = chunk.find(word, at + 1), hits + 1
        positions.extend(sorted(found))
        if len(positions) > 4 * LINES_LOOKED_AT:
            break
    return positions


def not_recognised(texts: list[tuple[str, str]], matches: tuple[SignatureMatch, ...]) -> list[str]:
    """Error-looking lines no signature matched (the first of each shape, numbers aside), undecorated.

    Only the lines an error word is on are looked at (line by line, a 50 MB log took 3.8 s), and at most
    LINES_LOOKED_AT of
    them: the list is a sample for a person to report (NOT_RECOGNISED_CAP lines), and nvidia-smi -q alone has
    dozens of "Error : 0" fields per GPU."""
    # A generic match a more specific row took the place of (SignatureMatch.refined) is a line read all the same.
    matches = matches + tuple(generic for found in matches for generic in found.refined)
    seen = {_shape(found.line) for found in matches}
    out: list[str] = []
    looked_at = 0
    for source, text in texts:
        number, counted_to, next_line = 1, 0, 0
        for position in _error_word_positions(text):
            if position < next_line:  # a second error word on a line already looked at
                continue
            looked_at += 1
            if looked_at > LINES_LOOKED_AT:
                return out
            start = text.rfind("\n", 0, position) + 1
            end = text.find("\n", position)
            end = len(text) if end < 0 else end
            next_line = end + 1
            number += text.count("\n", counted_to, start)
            counted_to = start
            line = undecorated(text[start:end].rstrip("\r")).strip().translate(STRAIGHTENED)  # as scan read it
            if not _ERROR_LOOKING.search(line) or _NOT_AN_ERROR.search(line) or line.startswith(_TRACEBACK_FRAMES) \
                    or _INTRODUCES_WHAT_FOLLOWS.fullmatch(line) or _NAMES_THE_EXCEPTION_BELOW.fullmatch(line):
                continue
            shape = _shape(line)
            if shape in seen or any(line in found.line for found in matches):  # a part of a message matched whole
                continue
            seen.add(shape)
            out.append(f"{source}, line {number}: {line[:200]}")
            if len(out) == NOT_RECOGNISED_CAP:
                return out
    return out
