"""Redaction tries each structural rule only near what its match must contain (a `://`, an `@`, a separator, a
flag's word, a token's prefix): on every text, that gives what the rule's own pattern gives tried everywhere."""

import random

import pytest

from gpudoctor.host import redact
from gpudoctor.host.redact import REDACTED

# Pieces of secrets and of the text around them, chosen to start, nearly start and cut short every rule's match;
# non-ASCII letters that `re` takes for ASCII ones when it ignores case (long s, Kelvin sign) among them.
PIECES = [*"aZ0_.-=: \t\"'\\@/?&;\n", "\\n", "\\\"", "HF_TOKEN", "password", "Pass", "api_key", "X-Api-Key", "pw",
          "secret", "Auth", "=", ": ", "://", "http", "user", ":pw@", "host", "--token ", "--api-key=", "-p", "mysql ",
          "Bearer ", "basic ", "Basic ", "eyJ", "hf_", "sk-", "ghp_", "glpat-", "xoxb-", "AKIA", "a" * 20, "A" * 16,
          "x" * 70, "\u017f", "\u212a", "\u00e9"]


def _texts(seed: int, count: int = 20_000) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(PIECES) for _ in range(rng.randint(0, 30))) for _ in range(count)]


def _mark(match) -> str:
    return f"[{match.group(0)}]"


ANCHORED = {
    "url userinfo": (redact._URL_USERINFO, lambda text: redact._sub_each(text, redact._next_url_userinfo, _mark)),
    "bare userinfo": (redact._BARE_USERINFO, lambda text: redact._sub_each(text, redact._next_bare_userinfo, _mark)),
    "secret flag": (redact._SECRET_FLAG,
                    lambda text: redact._sub_from(text, redact._SECRET_FLAG, redact._secret_flag_starts(text), _mark)),
    "mysql password": (redact._MYSQL_PASSWORD, lambda text: redact._sub_from(
        text, redact._MYSQL_PASSWORD, redact._occurrences(text, redact._MYSQL_CLIENTS), _mark)),
    "bearer": (redact._BEARER, lambda text: redact._sub_from(
        text, redact._BEARER, redact._occurrences(text, redact._BEARER_WORDS), _mark)),
    "token shapes": (redact._TOKEN_SHAPES, lambda text: redact._sub_from(
        text, redact._TOKEN_SHAPES, redact._occurrences(text, redact._TOKEN_PREFIXES), _mark)),
}


@pytest.mark.parametrize("rule", sorted(ANCHORED))
def test_a_rule_tried_near_its_anchors_matches_as_its_pattern_does(rule):
    pattern, anchored = ANCHORED[rule]
    for text in _texts(seed=len(rule)):
        if rule == "secret flag" and not ("=" in text or " " in text or "\t" in text):
            continue  # its values follow `=` or a blank: the rule is not tried on a text without either
        assert anchored(text) == pattern.sub(_mark, text), repr(text)


def _named_values_searched_everywhere(text: str) -> str:
    """Names and values found by searching the whole text for _NAMED_VALUE, as redaction did before it looked
    only before separators."""
    pieces, copied, position = [], 0, 0
    while (match := redact._NAMED_VALUE.search(text, position)) is not None:
        position = match.end()
        if not redact._SECRET_NAME_END.search(match.group("name")):
            continue
        quoted = match.group("sep")[-1:] in ("'", '"')
        value = (redact._QUOTED_VALUE if quoted else redact._SECRET_VALUE).match(text, position)
        if value is None or value.group("value").startswith(REDACTED[:-1]):
            continue
        pieces.append(text[copied:value.start("value")] + REDACTED)
        copied = position = value.end("value")
    return "".join(pieces) + text[copied:] if pieces else text


def test_named_values_looked_for_before_separators_are_those_found_everywhere():
    for text in _texts(seed=3):
        assert redact._redact_named_values(text) == _named_values_searched_everywhere(text), repr(text)


def test_jwt_starts_found_by_substring_are_those_the_pattern_finds():
    for text in _texts(seed=5, count=5_000):
        for position in range(0, len(text) + 1, 7):
            found = redact._JWT_START.search(text, position)
            assert redact._next_jwt_start(text, position) == (found.start() if found else None), repr(text)

