"""Keeps secrets out of reports and snapshots.

Only variables that a check audits are ever read (see `Host.env`), and even those can carry a
credential: OLLAMA_HOST=http://user:password@host, a proxy URL, a token pasted into the wrong
variable. Logs and command output carry more: `Authorization: Bearer ...`, `AWS_SECRET_ACCESS_KEY=...`
written inline, `?api_key=...` in a URL, `--password x` on a command line, a JSON document or Ollama's
`env="map[...]"` with secrets inside its quotes, a private key block. Redaction happens at the host
boundary, so the live run and its replay agree; `read` applies it to every output too.

Two kinds of rules:
- token shapes from a maintained ruleset: gitleaks' rules that begin with a fixed prefix (`AKIA`,
  `xapp-`, `AIza`, `npm_`, ... 100 of them), kept as data in secret_rules.json with their source and the
  date they were checked (tools/sync_secret_rules.py rewrites it), plus a few broader shapes of the
  tokens GPU users paste most (Hugging Face, GitHub, GitLab, OpenAI-style of any length);
- structure: URL credentials (with or without a scheme), secret-named query parameters, NAME=value,
  NAME: value, "NAME": "value" and 'NAME'='value' where NAME says secret (also inside a quoted value or
  a JSON string, escaped or not), `--password`-style flags, `mysql -pSECRET`, Bearer/Basic
  credentials, JWTs and private key blocks.

Every pattern runs in time linear in the text: a log or a tool may hand us one line of 60 MB, and a
pattern that backtracks (an unbounded run followed by something that may not come) would take
minutes holding the interpreter. Hence each pattern either starts only where a word starts (a
lookbehind) and scans a bounded stretch, or ends in a greedy run with nothing after it; a ruleset
pattern is run only on text that holds its fixed prefix; and the shapes that need structure over a
long stretch (a JWT, a private key block) are scanned by hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from gpudoctor.lazy_regex import lazy_compile

REDACTED = "<redacted>"
# A secret may follow a written-out line break (`...so.1\\nhf_...` in a repr'd or JSON-escaped text): there
# a word starts too, though a letter comes before it.
_ESCAPED_BREAKS = ("\\n", "\\t", "\\r")

_SECRET_NAME = lazy_compile(r"TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|CREDENTIAL|AUTH", re.IGNORECASE)

# scheme://userinfo@host: the scheme starts a word and is short, the userinfo bounded. Its head, up to `://`,
# is looked for only just before each `://` (see _next_ending_at).
_URL_HEAD = r"(?<![A-Za-z0-9+.-])(?P<scheme>[A-Za-z][A-Za-z0-9+.-]{0,31}://)"
_URL_HEAD_REACH = 32
_URL_USERINFO_HEAD = lazy_compile(_URL_HEAD)
_URL_USERINFO = lazy_compile(_URL_HEAD + r"[^/@\s]{1,512}@")
# user:password@host without a scheme (a proxy setting, a connection string): the user starts a run of
# its own characters, and the host must follow. Its head, up to `@`, is looked for only before each `@`.
_BARE_HEAD = r"(?<![A-Za-z0-9_.%+:/@-])(?P<user>[A-Za-z0-9_.%+-]{1,64}):[^\s:@/\"'\]\\]{1,256}@"
_BARE_HEAD_REACH = 64 + 1 + 256
_BARE_USERINFO_HEAD = lazy_compile(_BARE_HEAD)
_BARE_USERINFO = lazy_compile(_BARE_HEAD + r"(?=[A-Za-z0-9][A-Za-z0-9.-]{0,252}(?::\d{1,5})?(?:[/\s\"'\]\\]|$))")

# ?name=value / &name=value in a URL, where the name says secret (api_key, access_token, pw, sig ...).
_QUERY_PAIR = lazy_compile(r"(?P<key>[?&;](?P<name>[A-Za-z0-9_.-]{1,64})=)(?P<value>[^&#\s\"'<>]+)")
_SECRET_QUERY_NAME = lazy_compile(r"token|key|secret|pass|pw|pwd|auth|sig|credential|session", re.IGNORECASE)

# NAME=value, NAME: value, "NAME": "value", 'NAME'='value', \\"NAME\\": \\"value\\" (JSON inside a string),
# where NAME ends like a secret's name (AWS_SECRET_ACCESS_KEY, HF_TOKEN, db_password, client_secret,
# X-Api-Key, AccountKey, pw). The value is looked at without being consumed, so a quoted value under any
# other name (Ollama's env="map[HF_TOKEN:...]") is scanned like the rest of the line. The name starts a
# word and is bounded; a quoted value ends at its quote, an unquoted one at a separator.
_NAMED_VALUE = lazy_compile(
    r"(?:(?<![A-Za-z0-9_.-])|(?<=\\[ntr]))(?P<name>[A-Za-z][A-Za-z0-9_.-]{0,99})(?P<sep>(?:\\?[\"'])?[ \t]{0,4}[=:][ \t]{0,4}(?:\\?[\"'])?)"
)
_SEPARATOR = lazy_compile(r"[=:]")
# From a name's start to its separator: the name (100 characters), an escaped quote (2) and 4 blanks.
_NAME_REACH = 100 + 2 + 4
# The value after a secret's name (read only there): Bearer/Basic/Token and the credential, a quoted
# value up to its quote, or an unquoted one up to a separator.
_SECRET_VALUE = lazy_compile(r"(?:(?:Bearer|bearer|Basic|basic|Token|token)[ \t]{1,4})?(?P<value>[^\s\"'&,;\]\\]{1,4096})")
_QUOTED_VALUE = lazy_compile(r"(?P<value>[^\"'\\\n]{1,1024})")
_SECRET_NAME_END = lazy_compile(
    r"(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|(?<![A-Za-z0-9])PW|API[_-]?KEY|ACCESS[_-]?KEY|SECRET[_-]?KEY"
    r"|PRIVATE[_-]?KEY|ACCOUNT[_-]?KEY|[_-]KEY|CREDENTIALS?|AUTHORIZATION|AUTH)$",
    re.IGNORECASE,
)
# The last letters of every name _SECRET_NAME_END takes, in lower case.
_SECRET_NAME_ENDINGS = ("token", "secret", "password", "passwd", "pass", "pwd", "pw", "key", "credential",
                        "credentials", "authorization", "auth")

# --password x, --password=x, --api-key x, --token=x ... on a command line (a process list, a unit file).
_SECRET_FLAG = lazy_compile(
    r"(?:(?<![A-Za-z0-9_-])|(?<=\\[ntr]))(?P<flag>--?(?:[A-Za-z0-9]{1,32}-){0,3}(?:password|passwd|pass|pwd|token|secret|api-?key"
    r"|access-?key|secret-?key|auth))(?P<sep>=|[ \t]{1,4})(?P<value>\"[^\"\n]{0,1024}\"|'[^'\n]{0,1024}'"
    r"|[^\s\"'-][^\s\"']{0,4095})",
    re.IGNORECASE,
)
# Every flag's word begins with one of these (lower case), at most _FLAG_REACH characters after the flag's hyphen.
_FLAG_WORDS = ("pass", "pwd", "token", "secret", "api", "access", "auth")
_FLAG_REACH = 2 + 3 * 33
# mysql -pSECRET (the password glued to -p): only after a MySQL client's name, -p alone prompts.
_MYSQL_PASSWORD = lazy_compile(r"(?<![A-Za-z0-9_-])(?P<head>(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,200}?[ \t]-p)"
                             r"(?P<value>[^\s]{1,4096})")
_MYSQL_CLIENTS = ("mysql", "mariadb")

# "Bearer <token>" / "Basic <credentials>" anywhere (an Authorization header quoted in a log).
_BEARER = lazy_compile(r"(?:(?<![A-Za-z0-9_])|(?<=\\[ntr]))(?P<scheme>(?:[Bb]earer|Basic)[ \t]{1,4})[A-Za-z0-9._~+/=-]{8,}")
_BEARER_WORDS = ("Bearer", "bearer", "Basic")

# Broader than gitleaks for the tokens GPU users paste most: any length past a minimum. Each ends in a
# greedy run with nothing after it, so a failed start costs at most its minimum length.
_TOKEN_SHAPES = lazy_compile(
    r"(?:(?<![A-Za-z0-9_])|(?<=\\[ntr]))(?:hf_[A-Za-z0-9]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"
    r"|glpat-[A-Za-z0-9_-]{20,}|sk-[A-Za-z0-9_-]{20,}|xox[abpors]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16,})"
)
_TOKEN_PREFIXES = ("hf_", *(f"gh{kind}_" for kind in "pousr"), "github_pat_", "glpat-", "sk-",
                   *(f"xox{kind}-" for kind in "abpors"), "AKIA")

# JWT: eyJ<header>.<payload>.<signature>, base64url segments.
_JWT_START = lazy_compile(r"(?:(?<![A-Za-z0-9_])|(?<=\\[ntr]))eyJ")
_BASE64URL_RUN = lazy_compile(r"[A-Za-z0-9_-]*")
_JWT_MIN_SEGMENT = 10

# -----BEGIN ... PRIVATE KEY----- ... -----END ... PRIVATE KEY-----
_PRIVATE_KEY_HEADER = lazy_compile(r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----")


class _Rule:
    """One rule of the ruleset, tried only where one of its prefixes starts a word: its pattern compiles
    there, the first time (most texts hold no prefix, and compiling all hundred cost every run ~8 ms)."""

    def __init__(self, entry: dict) -> None:
        self.id = entry["id"]
        self.prefixes = tuple(entry["prefixes"])  # lower case when the rule ignores case
        self.ignore_case = bool(entry["ignore_case"])
        self.pattern = lazy_compile(entry["pattern"], re.IGNORECASE if self.ignore_case else 0)


def _load_rules() -> tuple[list[_Rule], dict]:
    document = json.loads((Path(__file__).parent / "secret_rules.json").read_text(encoding="utf-8"))
    return [_Rule(entry) for entry in document["rules"]], {k: v for k, v in document.items() if k != "rules"}


RULES, RULESET = _load_rules()


def _trigger_pattern(prefixes: set[str]) -> str:
    """Every prefix, any case, where a word starts, grouped by its first character: at a word start the engine
    tries one branch per first character (21) instead of one per prefix (105), and the same texts match (a
    name, path or UUID in a third of the time: `merge` redacts tens of thousands of them)."""
    rests: dict[str, list[str]] = {}
    for prefix in sorted(prefixes, key=len, reverse=True):
        rests.setdefault(prefix[0].lower(), []).append(re.escape(prefix[1:]))  # the same first letter, any case
    branches = (re.escape(first) + "(?:" + "|".join(after) + ")" for first, after in sorted(rests.items()))
    return r"(?:(?<![A-Za-z0-9])|(?<=\\[ntr]))(?:" + "|".join(branches) + ")"


# One scan that tells a short text needs no rule at all. (On long texts one search per prefix is faster: a long
# alternation is tried at every position.)
_RULE_TRIGGER = lazy_compile(_trigger_pattern({p for rule in RULES for p in rule.prefixes}), re.IGNORECASE)
_SHORT = 4096
# Likewise for the three rules found by their literals (a MySQL client, Bearer or Basic, a token prefix): one
# scan instead of fourteen substring searches for each of the 50,000 names, paths and UUIDs a merge redacts.
_LITERAL_TRIGGER = lazy_compile("|".join(re.escape(literal) for literal in sorted(
    {*_MYSQL_CLIENTS, *_BEARER_WORDS, *_TOKEN_PREFIXES}, key=len, reverse=True)))


def redact_value(name: str, value: str | None) -> str | None:
    """The value with anything token-like replaced; a variable named like a secret is redacted whole."""
    if value is None:
        return None
    if _SECRET_NAME.search(name):
        return REDACTED if value else value
    return redact_text(value)


def redact_text(text: str) -> str:
    """Secrets removed from free text (logs, command output, pastes), by the rules above. Each rule is tried
    only where the text holds what its match must contain (a substring search at C speed): most texts are
    short lines that need no rule, and a tool's 2 MB of output would otherwise be tried at every word by each."""
    # What the rules cut out becomes "<redacted>" (beside a scheme, user, ":" or "@" of the text), which holds
    # none of those literals: a text without them keeps none after the first rules.
    literal_rules = len(text) >= _SHORT or _LITERAL_TRIGGER.search(text) is not None
    text = _redact_private_keys(text)
    text = _sub_each(text, _next_url_userinfo, lambda m: f"{m.group('scheme')}{REDACTED}@")
    text = _sub_each(text, _next_bare_userinfo, lambda m: f"{m.group('user')}:{REDACTED}@")
    if "=" in text:
        text = _QUERY_PAIR.sub(_redact_query_pair, text)
    text = _sub_from(text, _SECRET_FLAG, _secret_flag_starts(text),
                     lambda m: f"{m.group('flag')}{m.group('sep')}{REDACTED}")
    if literal_rules:
        text = _sub_from(text, _MYSQL_PASSWORD, _occurrences(text, _MYSQL_CLIENTS),
                         lambda m: f"{m.group('head')}{REDACTED}")
        text = _sub_from(text, _BEARER, _occurrences(text, _BEARER_WORDS), lambda m: f"{m.group('scheme')}{REDACTED}")
    if "=" in text or ":" in text:
        text = _redact_named_values(text)
    if literal_rules:
        text = _sub_from(text, _TOKEN_SHAPES, _occurrences(text, _TOKEN_PREFIXES), lambda m: REDACTED)
    text = _redact_ruleset(text)
    return _redact_jwts(text)


def _sub_from(text: str, pattern: re.Pattern, starts: list[int], replace: Callable[[re.Match], str]) -> str:
    """`pattern.sub(replace, text)` for a pattern that can match only at `starts` (ascending)."""
    pieces, copied = [], 0
    for start in starts:
        if start >= copied and (match := pattern.match(text, start)) is not None:
            pieces += (text[copied:start], replace(match))
            copied = match.end()
    return "".join(pieces) + text[copied:] if pieces else text


def _sub_each(text: str, next_match: Callable[[str, int], re.Match | None],
              replace: Callable[[re.Match], str]) -> str:
    """`pattern.sub(replace, text)`, where `next_match(text, position)` finds what `pattern.search` would."""
    pieces, copied = [], 0
    while (match := next_match(text, copied)) is not None:
        pieces += (text[copied:match.start()], replace(match))
        copied = match.end()
    return "".join(pieces) + text[copied:] if pieces else text


def _occurrences(text: str, literals: tuple[str, ...]) -> list[int]:
    """Every position where one of `literals` starts, ascending."""
    found = set()
    for literal in literals:
        at = text.find(literal)
        while at >= 0:
            found.add(at)
            at = text.find(literal, at + 1)
    return sorted(found)


def _next_ending_at(text: str, position: int, anchor: str, reach: int, head: re.Pattern,
                    pattern: re.Pattern) -> re.Match | None:
    """What `pattern.search(text, position)` finds, for a pattern that starts with `head`, whose match ends in
    the first `anchor` after its start, at most `reach` characters on. The anchors are found by substring
    search and the head looked for only in the stretch before each (the stretches do not overlap: one that
    found nothing is left behind). Every start whose head ends in the same anchor continues alike, so when
    the leftmost one fails as a whole, they all do."""
    while (at := text.find(anchor, position)) >= 0:
        found = head.search(text, max(position, at - reach), at + len(anchor))
        if found is not None and (match := pattern.match(text, found.start())) is not None:
            return match
        position = at + 1
    return None


def _next_url_userinfo(text: str, position: int) -> re.Match | None:
    return _next_ending_at(text, position, "://", _URL_HEAD_REACH, _URL_USERINFO_HEAD, _URL_USERINFO)


def _next_bare_userinfo(text: str, position: int) -> re.Match | None:
    return _next_ending_at(text, position, "@", _BARE_HEAD_REACH, _BARE_USERINFO_HEAD, _BARE_USERINFO)


def _secret_flag_starts(text: str) -> list[int]:
    """The hyphens a secret flag may start at: those at most _FLAG_REACH characters before one of its words
    (which any case of the text's own letters spells: the flag pattern ignores case). A text with letters
    outside ASCII, whose other cases re may match, is tried at every hyphen."""
    if "-" not in text or not ("=" in text or " " in text or "\t" in text):  # a value follows = or a blank
        return []
    if not text.isascii():
        return _occurrences(text, ("-",))
    lowered, starts = text.lower(), set()
    for word in _occurrences(lowered, _FLAG_WORDS):
        hyphen = text.find("-", max(0, word - _FLAG_REACH), word)
        while hyphen >= 0:
            starts.add(hyphen)
            hyphen = text.find("-", hyphen + 1, word)
    return sorted(starts)


def _redact_ruleset(text: str) -> str:
    """Each rule where its prefix occurs at the start of a word: the prefixes are found by substring search
    (C speed), the rule's pattern matched only there. Matches are collected first, then cut out."""
    if len(text) < _SHORT and not _RULE_TRIGGER.search(text):
        return text  # one scan of a short text for every prefix at once
    lowered = text.lower()
    if len(lowered) != len(text):  # a character whose lower case is longer: positions would shift
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    spans = []
    for rule in RULES:
        haystack = lowered if rule.ignore_case else text
        for prefix in rule.prefixes:
            found = haystack.find(prefix)
            while found >= 0:
                if _starts_a_word(text, found):
                    match = rule.pattern.match(text, found)
                    if match:
                        spans.append(match.span())
                found = haystack.find(prefix, found + 1)
    if not spans:
        return text
    pieces, copied = [], 0
    for start, end in sorted(spans):
        if end <= copied:
            continue
        pieces.append(text[copied:max(start, copied)] + (REDACTED if start >= copied else ""))
        copied = end
    return "".join(pieces) + text[copied:]


def _starts_a_word(text: str, position: int) -> bool:
    before = text[position - 1:position]
    return not (before.isascii() and before.isalnum()) or text[position - 2:position] in _ESCAPED_BREAKS


def _redact_private_keys(text: str) -> str:
    """From a private key's BEGIN line to its END line (or to the end of the text, when it was cut)."""
    if "PRIVATE KEY" not in text:
        return text
    pieces, copied = [], 0
    for header in _PRIVATE_KEY_HEADER.finditer(text):
        if header.start() < copied:
            continue
        end = text.find("-----END", header.end())
        body = text[header.end():end if end >= 0 else len(text)]
        # The lines stay: line-based readers (a paste's blocks, a log's parsers) keep their places.
        pieces.append(text[copied:header.end()] + REDACTED + "\n" * body.count("\n"))
        if end < 0:
            return "".join(pieces)
        copied = end
    pieces.append(text[copied:])
    return "".join(pieces)


def _redact_query_pair(match: re.Match) -> str:
    if _SECRET_QUERY_NAME.search(match.group("name")):
        return f"{match.group('key')}{REDACTED}"
    return match.group(0)


def _redact_named_values(text: str) -> str:
    pieces, copied, position = [], 0, 0
    while (match := _next_secret_name(text, position)) is not None:
        position = match.end()
        quoted = match.group("sep")[-1:] in ("'", '"')
        value = (_QUOTED_VALUE if quoted else _SECRET_VALUE).match(text, position)
        if value is None or value.group("value").startswith(REDACTED[:-1]):
            continue
        pieces.append(text[copied:value.start("value")] + REDACTED)
        copied = position = value.end("value")
    return "".join(pieces) + text[copied:] if pieces else text


def _next_secret_name(text: str, position: int) -> re.Match | None:
    """The next name-and-separator match of _NAMED_VALUE at or after `position` whose name says secret. Every
    match ends in a `=` or `:`, so the name is looked for only in the stretch before each separator (see
    _next_ending_at), and only where the letters before it end like a secret's name: a journal's timestamps
    and a JSON document's keys are passed over at C speed. Skipping a separator is skipping its match: no
    name can start inside the blanks and quote a separator may take after it."""
    while (separator := _SEPARATOR.search(text, position)) is not None:
        at = separator.start()
        if _may_end_a_secret_name(text, at):
            found = _NAMED_VALUE.search(text, max(position, at - _NAME_REACH), at + 1)
            if found is not None:
                match = _NAMED_VALUE.match(text, found.start())
                if _SECRET_NAME_END.search(match.group("name")):
                    return match
                position = match.end()
                continue
        position = at + 1
    return None


def _may_end_a_secret_name(text: str, separator: int) -> bool:
    """Whether the name before a separator (past the blanks and a quote between them) may end like a secret's:
    a quick look at its last letters, never saying no to a name that _SECRET_NAME_END takes."""
    before = text[max(0, separator - _NAME_REACH):separator].rstrip(" \t")
    before = before[:-1] if before.endswith(("'", '"')) else before
    before = before[:-1] if before.endswith("\\") else before
    tail = before[-16:]
    return not tail.isascii() or tail.lower().endswith(_SECRET_NAME_ENDINGS)


def _redact_jwts(text: str) -> str:
    """Three base64url segments joined by dots, the first starting `eyJ` (a JSON header). Scanned by
    hand: when a candidate fails, every later start inside the same first segment fails the same way,
    so the scan resumes after it and each character is looked at a bounded number of times."""
    if "eyJ" not in text:
        return text
    pieces: list[str] = []
    copied = 0
    position = 0
    while (begin := _next_jwt_start(text, position)) is not None:
        end, resume = _jwt_end(text, begin)
        if end is None:
            position = max(resume, begin + 1)
            continue
        pieces.append(text[copied:begin])
        pieces.append(REDACTED)
        copied = position = end
    pieces.append(text[copied:])
    return "".join(pieces)


def _next_jwt_start(text: str, position: int) -> int | None:
    """Where the next `eyJ` that starts a word is, at or after `position`."""
    while (at := text.find("eyJ", position)) >= 0:
        if _JWT_START.match(text, at):
            return at
        position = at + 1
    return None


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
