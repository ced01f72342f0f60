"""Patterns compiled on first use answer as compiled ones do, and cost nothing until then."""

import re
import subprocess
import sys

from gpudoctor.lazy_regex import lazy_compile

NVRM_XID = r"NVRM: Xid \(PCI:(?P<bus>[0-9a-f:.]+)\): (?P<code>\d+)"
LINE = "[ 12.5] NVRM: Xid (PCI:0000:1b:00): 79, pid=1234, GPU has fallen off the bus."


def test_nothing_compiles_until_first_use_and_then_once(monkeypatch):
    compiled = []
    real_compile = re.compile
    monkeypatch.setattr(re, "compile", lambda *args: compiled.append(args) or real_compile(*args))
    pattern = lazy_compile(NVRM_XID, re.IGNORECASE)
    assert compiled == []
    assert pattern.search(LINE).group("code") == "79"
    assert pattern.search(LINE.lower()).group("bus") == "0000:1b:00"
    assert pattern.sub("<xid>", LINE).endswith("<xid>, pid=1234, GPU has fallen off the bus.")
    assert compiled == [(NVRM_XID, re.IGNORECASE)]


def test_it_answers_what_the_compiled_pattern_answers():
    lazy, eager = lazy_compile(NVRM_XID), re.compile(NVRM_XID)
    assert lazy.pattern == eager.pattern and lazy.flags == eager.flags and lazy.groupindex == eager.groupindex
    start = LINE.index("NVRM")
    assert lazy.match(LINE) is None and lazy.match(LINE, start).span() == eager.match(LINE, start).span()
    assert [m.group("code") for m in lazy.finditer(LINE * 3)] == ["79"] * 3
    assert lazy.compiled is lazy.compiled


def test_a_pattern_that_does_not_compile_fails_where_it_is_used():
    broken = lazy_compile(r"(unclosed")
    try:
        broken.search("text")
    except re.error:
        return
    raise AssertionError("an invalid pattern compiled")


def test_importing_the_redaction_compiles_no_secret_rule_and_redacting_only_those_a_text_needs():
    code = ("from gpudoctor.host.redact import RULES, redact_text\n"
            "print(sum(rule.pattern._compiled is not None for rule in RULES))\n"
            "print(redact_text('published with npm_' + 'a' * 36 + ' today'))\n"
            "print(' '.join(rule.id for rule in RULES if rule.pattern._compiled is not None))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "0"
    assert out[1] == "published with <redacted> today"
    assert out[2].split() == ["npm-access-token"]
