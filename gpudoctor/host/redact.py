"""Keeps secrets out of reports and snapshots.

Only variables that a check audits are ever read (see `Host.env`), and even those can carry a
credential: OLLAMA_HOST=http://user:password@host, a proxy URL, a token pasted into the wrong
variable. Logs and command output carry more: `Authorization: Bearer ...`, `AWS_SECRET_ACCESS_KEY=...`
written inline, `?api_key=...` in a URL. Redaction happens at the host boundary, so the live run
and its replay agree.

Every pattern runs in time linear in the text: a log or a tool may hand us one line of 60 MB, and a
pattern that backtracks (an unbounded run followed by something that may not come) would take
minutes holding the interpreter. Hence each pattern either starts only where a word starts (a
lookbehind) and scans a bounded stretch, or ends in a greedy run with nothing after it; and the one
shape that needs structure (a JWT: three dotted segments) is scanned by hand.
"""

from __future__ import annotations

import re

REDACTED = "<redacted>"

_SECRET_NAME = re.compile(r"TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|CREDENTIAL|AUTH", re.IGNORECASE)

# scheme://userinfo@host: the scheme starts a word and is short, the userinfo bounded.
_URL_USERINFO = re.compile(r"(?<![A-Za-z0-9+.-])(?P<scheme>[A-Za-z][A-Za-z0-9+.-]{0,31}://)[^/@\s]{1,512}@")

# ?name=value / &name=value in a URL, where the name says secret (api_key, access_token, pw, sig ...).
_QUERY_PAIR = re.compile(r"(?P<key>[?&;](?P<name>[A-Za-z0-9_.-]{1,64})=)(?P<value>[^&#\s\"'<>]+)")
_SECRET_QUERY_NAME = re.compile(r"token|key|secret|pass|pw|pwd|auth|sig|credential|session", re.IGNORECASE)

# NAME=value or NAME: value in free text, where NAME ends like a secret's name (AWS_SECRET_ACCESS_KEY,
# HF_TOKEN, db_password, client_secret, Authorization). The name starts a word and is bounded.
_NAMED_VALUE = re.compile(
    r"(?<![A-Za-z0-9_])(?P<name>[A-Za-z][A-Za-z0-9_]{0,127})(?P<sep>\"?\s{0,4}[=:]\s{0,4}\"?)"
    r"(?P<scheme>(?:Bearer|bearer|Basic|basic|Token|token)\s{1,4})?(?P<value>(?<=\")[^\"\n]{1,1024}|[^\s\"'&,;]+)"
)
_SECRET_NAME_END = re.compile(
    r"(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|API_?KEY|ACCESS_?KEY|SECRET_?KEY|PRIVATE_?KEY|CREDENTIALS?"
    r"|AUTHORIZATION|AUTH)$",
    re.IGNORECASE,
)

# "Bearer <token>" anywhere (an Authorization header quoted in a log); at least 8 token characters.
_BEARER = re.compile(r"(?<![A-Za-z0-9_])(?P<scheme>[Bb]earer\s{1,4})[A-Za-z0-9._~+/=-]{8,}")

# Well-known token shapes: Hugging Face, GitHub, GitLab, OpenAI-style, Slack, AWS access key ids. Each
# ends in a greedy run with nothing after it, so a failed start costs at most its minimum length.
_TOKEN_SHAPES = re.compile(
    r"(?<![A-Za-z0-9_])(?:hf_[A-Za-z0-9]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|glpat-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9_-]{20,}|xox[abpors]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16,})"
)

# JWT: eyJ<header>.<payload>.<signature>, base64url segments.
_JWT_START = re.compile(r"(?<![A-Za-z0-9_])eyJ")
_BASE64URL_RUN = re.compile(r"[A-Za-z0-9_-]*")
_JWT_MIN_SEGMENT = 10


def redact_value(name: str, value: str | None) -> str | None:
    """The value with anything token-like replaced; a variable named like a secret is redacted whole."""
    if value is None:
        return None
    if _SECRET_NAME.search(name):
        return REDACTED if value else value
    return redact_text(value)


def redact_text(text: str) -> str:
    """Token shapes, URL credentials and secret-named values removed from free text (logs, command output)."""
    text = _URL_USERINFO.sub(lambda m: f"{m.group('scheme')}{REDACTED}@", text)
    text = _QUERY_PAIR.sub(_redact_query_pair, text)
    text = _BEARER.sub(lambda m: f"{m.group('scheme')}{REDACTED}", text)
    text = _NAMED_VALUE.sub(_redact_named_value, text)
    text = _TOKEN_SHAPES.sub(REDACTED, text)
    return _redact_jwts(text)


def _redact_query_pair(match: re.Match) -> str:
    if _SECRET_QUERY_NAME.search(match.group("name")):
        return f"{match.group('key')}{REDACTED}"
    return match.group(0)


def _redact_named_value(match: re.Match) -> str:
    if not _SECRET_NAME_END.search(match.group("name")) or match.group("value") == REDACTED:
        return match.group(0)
    return f"{match.group('name')}{match.group('sep')}{match.group('scheme') or ''}{REDACTED}"


def _redact_jwts(text: str) -> str:
    """Three base64url segments joined by dots, the first starting `eyJ` (a JSON header). Scanned by
    hand: when a candidate fails, every later start inside the same first segment fails the same way,
    so the scan resumes after it and each character is looked at a bounded number of times."""
    if "eyJ" not in text:
        return text
    pieces: list[str] = []
    copied = 0
    position = 0
    while (start := _JWT_START.search(text, position)) is not None:
        begin = start.start()
        end, resume = _jwt_end(text, begin)
        if end is None:
            position = max(resume, begin + 1)
            continue
        pieces.append(text[copied:begin])
        pieces.append(REDACTED)
        copied = position = end
    pieces.append(text[copied:])
    return "".join(pieces)


def _jwt_end(text: str, begin: int) -> tuple[int | None, int]:
    """(end of the JWT starting at `begin`, or None; and the end of its first segment, where scanning
    resumes when it is not one: every start inside that segment reaches the same end and the same failure,
    and each character is scanned at most once per segment position, three times in all)."""
    first_end = position = begin
    for segment in range(3):
        run_end = _BASE64URL_RUN.match(text, position).end()
        if segment == 0:
            first_end = run_end
        if run_end - position < (_JWT_MIN_SEGMENT if segment < 2 else 1):
            return None, first_end
        if segment == 2:
            return run_end, first_end
        if run_end >= len(text) or text[run_end] != ".":
            return None, first_end
        position = run_end + 1
    return None, first_end
