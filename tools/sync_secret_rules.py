"""Rewrite gpudoctor/host/secret_rules.json from gitleaks' rule file (config/gitleaks.toml).

    python tools/sync_secret_rules.py PATH/TO/gitleaks.toml COMMIT      (Python 3.11+: tomllib)

gitleaks (https://github.com/gitleaks/gitleaks, MIT) keeps the most used set of token shapes up to date.
Its rules are RE2 patterns, run there by a linear-time engine; here Python's `re` runs them on every line
a probe reads, so only the rules that begin with their own fixed prefix are taken (`AKIA`, `xapp-`,
`npm_`, ...): the scan starts only where the prefix occurs and reads a bounded stretch after it. Rules
that begin with a keyword somewhere in the line (`[\\w.-]{0,50}?(?:adafruit)...`) are left out: names that
say secret are redact.py's own structural rule (NAME=value). The private-key rule is scanned by hand in
redact.py (a lazy run up to an END line would be quadratic here). Each rule is rewritten for Python:
its trailing boundary group dropped (redacting a character less or more is harmless), an inline (?i)
made the rule's flag, POSIX classes spelled out, and unbounded repeats bounded at 4096.
tests/attacks/test_patterns_linear.py then runs every rule on long adversarial lines.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
import tomllib
from pathlib import Path

TARGET = Path(__file__).parents[1] / "gpudoctor" / "host" / "secret_rules.json"
_TRAILING = ["(?:[\\x60'\"\\s;]|\\\\[nr]|$|\\b)", "(?:[\\x60'\"\\s;]|\\\\[nr]|$)", "(?:[^\\w-]|\\z)",
             "(?:[^a-zA-Z0-9+/]|\\z)", "(?:$|[\\\\'\"\\x60\\s<),])", "\\b"]
_HAND_SCANNED = {"private-key"}
_MIN_PREFIX = 3


def python_rule(regex: str) -> tuple[str, bool] | None:
    """(pattern, ignore_case) for Python, or None when the rule does not start with a fixed prefix."""
    ignore_case = "(?i)" in regex
    text = regex.replace("(?i)", "")
    for tail in _TRAILING:
        text = text.removesuffix(tail)
    text = text.removeprefix(r"\b")
    if text.startswith("(") and text.endswith(")") and _one_group(text):
        text = text[1:-1]
    prefix = re.match(r"(?:[A-Za-z0-9_~-]|\\\.)+", text)
    alternatives = re.match(r"\(\?:(?:[A-Za-z0-9_]{2,}(?:\[[^\]]+\])?\|?)+\)", text)  # (?:A3T[A-Z0-9]|AKIA|...)
    if not (prefix and len(prefix.group().replace("\\", "")) >= _MIN_PREFIX) and not alternatives:
        return None
    if ".*" in text or ".+" in text:
        return None  # a run to the end of the line, then more: quadratic on a line of repeated prefixes
    text = text.replace("[[:alnum:]]", "[A-Za-z0-9]").replace("[:alnum:]", "A-Za-z0-9").replace(r"\z", r"\Z")
    text = re.sub(r"\{(\d+),\}", lambda m: "{%s,4096}" % m.group(1), text)
    text = _bounded_repeats(text)
    return text, ignore_case


def _prefixes(pattern: str, ignore_case: bool) -> list[str]:
    """The fixed text every match begins with (one per alternative), lower case for a rule that ignores
    case: redact.py runs a rule only on text that holds one of them (a plain substring search)."""
    alternatives = re.match(r"\(\?:((?:[A-Za-z0-9_]{2,}(?:\[[^\]]+\])?\|?)+)\)", pattern)
    heads = [re.match(r"[A-Za-z0-9_]+", a).group() for a in alternatives.group(1).split("|")] if alternatives \
        else [re.match(r"(?:[A-Za-z0-9_~-]|\\\.)+", pattern).group().replace("\\", "")]
    return [h.lower() if ignore_case else h for h in heads]


def _bounded_repeats(pattern: str) -> str:
    """`+` and `*` outside character classes as {1,4096} and {0,4096}."""
    out, in_class, escaped = [], False, False
    for char in pattern:
        if escaped:
            out.append(char)
            escaped = False
            continue
        if char == "\\":
            escaped = True
        elif char == "[" and not in_class:
            in_class = True
        elif char == "]" and in_class:
            in_class = False
        elif char in "+*" and not in_class and not (out and out[-1] in "?{"):
            out.append("{1,4096}" if char == "+" else "{0,4096}")
            continue
        out.append(char)
    return "".join(out)


def _one_group(text: str) -> bool:
    depth = 0
    for index, char in enumerate(text):
        if char == "(" and (index == 0 or text[index - 1] != "\\"):
            depth += 1
        elif char == ")" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0 and index != len(text) - 1:
                return False
    return True


def main(toml_path: str, commit: str) -> None:
    with open(toml_path, "rb") as handle:
        config = tomllib.load(handle)
    rules = []
    for rule in config["rules"]:
        if "regex" not in rule or rule["id"] in _HAND_SCANNED:
            continue
        converted = python_rule(rule["regex"])
        if converted is None:
            continue
        pattern, ignore_case = converted
        try:
            re.compile(pattern)
        except re.error:
            continue
        rules.append({"id": rule["id"], "pattern": pattern, "ignore_case": ignore_case,
                      "prefixes": _prefixes(pattern, ignore_case)})
    document = {
        "source": f"https://github.com/gitleaks/gitleaks/blob/{commit}/config/gitleaks.toml",
        "license": "MIT (gitleaks)",
        "checked": dt.date.today().isoformat(),
        "how": "tools/sync_secret_rules.py: the rules that begin with a fixed prefix, rewritten for Python's re",
        "rules": rules,
    }
    TARGET.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rules)} of {len(config['rules'])} rules written to {TARGET}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
