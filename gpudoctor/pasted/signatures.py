"""Known failures in any pasted text, and the error-looking lines gpudoctor does not know.

Every input is scanned whole by the signature matcher (gpudoctor/knowledge/matcher.py), whether or not a
block kind recognised it: a traceback or a container log holds no tool output, and its error line is what
a helper reads first. Lines that look like errors but match no signature are listed as "not recognised"
(at most NOT_RECOGNISED_CAP, each kind of line once) so that a user can report them.
"""

from __future__ import annotations

import re

from gpudoctor.knowledge.findings import signature_finding
from gpudoctor.knowledge.log_lines import undecorated
from gpudoctor.knowledge.matcher import SignatureMatch, scan
from gpudoctor.model import CheckResult, worst

CHECK_ID = "read.signatures"
LIVE_LOGS_CHECK = "logs.known-failures"  # its matches are a part of what the paste-wide scan finds
NOT_RECOGNISED_CAP = 10
_ERROR_LOOKING = re.compile(
    r"(?:\b|[a-z])(?:[Ee]rror|Exception)\b|"
    r"\b(?:ERROR|[Ff]ail(?:ed|ure)?|FAIL(?:ED)?|[Ff]atal|FATAL|[Cc]annot|"
    r"[Cc]ould not|[Uu]nable to|[Pp]anic|[Dd]enied|[Tt]imed out|[Ii]nvalid|[Uu]nsupported|"
    r"[Ss]egmentation fault|Traceback)\b")
# A field whose value is zero or no ("Uncorrectable Error  : 0", "Remapping Failure Occurred : No" in
# nvidia-smi -q, "errors=0"), and the kernel's own command line (whose "panic=1" is a setting), are not errors.
_NOT_AN_ERROR = re.compile(r"level=(?:INFO|DEBUG)\b|\berror(?:s)?=(?:0|none|nil|null|\"\")(?:\s|$)|\b0 errors?\b"
                           r"|[=:]\s{0,40}(?:0|No|None|none|N/A|nil|null|[Ff]alse|\"\")\s*$|Kernel command line:")
_VARIABLE = re.compile(r"0x[0-9a-fA-F]+|\d+")
_TRACEBACK_FRAMES = ("File \"", "Traceback (most recent")
SHAPE_CHARS = 60


def scan_inputs(texts: list[tuple[str, str]]) -> tuple[SignatureMatch, ...]:
    """The matches in each (source, text), in input order."""
    return tuple(found for source, text in texts for found in scan(text, source))


def signatures_result(matches: tuple[SignatureMatch, ...]) -> CheckResult | None:
    if not matches:
        return None
    findings = tuple(signature_finding(found) for found in matches)
    return CheckResult(CHECK_ID, "Known failures in the paste", worst(f.status for f in findings), findings, 0.0)


def _shape(line: str) -> str:
    """A line with its numbers and addresses blanked, cut to a prefix: two lines of one kind share it."""
    return _VARIABLE.sub("#", line)[:SHAPE_CHARS]


def not_recognised(texts: list[tuple[str, str]], matches: tuple[SignatureMatch, ...]) -> list[str]:
    """Error-looking lines no signature matched (the first of each shape, numbers aside), undecorated."""
    seen = {_shape(found.line) for found in matches}
    out: list[str] = []
    for source, text in texts:
        for number, raw in enumerate(text.splitlines(), start=1):
            line = undecorated(raw).strip()
            if not _ERROR_LOOKING.search(line) or _NOT_AN_ERROR.search(line) or line.startswith(_TRACEBACK_FRAMES):
                continue
            shape = _shape(line)
            if shape in seen:
                continue
            seen.add(shape)
            out.append(f"{source}, line {number}: {line[:200]}")
            if len(out) == NOT_RECOGNISED_CAP:
                return out
    return out
