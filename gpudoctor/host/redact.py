"""Keeps secrets out of reports and snapshots.

Only variables that a check audits are ever read (see `Host.env`), and even those can carry a
credential: OLLAMA_HOST=http://user:password@host, a proxy URL, a token pasted into the wrong
variable. Redaction happens at the host boundary, so the live run and its replay agree.
"""

from __future__ import annotations

import re

REDACTED = "<redacted>"

_SECRET_NAME = re.compile(r"TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|CREDENTIAL|AUTH", re.IGNORECASE)
_URL_USERINFO = re.compile(r"(?P<scheme>[a-z][a-z0-9+.-]*://)(?P<userinfo>[^/@\s]+)@", re.IGNORECASE)
_SECRET_QUERY = re.compile(r"(?P<key>[?&](?:token|key|secret|password|auth|sig)[^=&]*=)[^&\s]+", re.IGNORECASE)
# Well-known token shapes: Hugging Face, GitHub, OpenAI-style, Slack, AWS access keys, JWTs.
_TOKEN_SHAPES = re.compile(
    r"\b(?:hf_[A-Za-z0-9]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_-]{20,}"
    r"|xox[abpors]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+)\b"
)


def redact_value(name: str, value: str | None) -> str | None:
    """The value with anything token-like replaced; a variable named like a secret is redacted whole."""
    if value is None:
        return None
    if _SECRET_NAME.search(name):
        return REDACTED if value else value
    value = _URL_USERINFO.sub(lambda m: f"{m.group('scheme')}{REDACTED}@", value)
    value = _SECRET_QUERY.sub(lambda m: f"{m.group('key')}{REDACTED}", value)
    return _TOKEN_SHAPES.sub(REDACTED, value)


def redact_text(text: str) -> str:
    """Token shapes and URL credentials removed from free text (logs, command output)."""
    text = _URL_USERINFO.sub(lambda m: f"{m.group('scheme')}{REDACTED}@", text)
    text = _SECRET_QUERY.sub(lambda m: f"{m.group('key')}{REDACTED}", text)
    return _TOKEN_SHAPES.sub(REDACTED, text)
