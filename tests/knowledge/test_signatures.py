"""Every signature row, tested from its data: its fields are well formed, its patterns are safe, and each of
its `examples` (a real excerpt in tests/fixtures/corpus) is matched by it with the cause and the advice the
thread settled on. Adding a row and its corpus file adds its tests here; nothing else changes."""

from __future__ import annotations

import datetime
import re
import string
import sys
from pathlib import Path

import pytest

from gpudoctor.fix_requests import DriverUpdate, FixRequest, ManualSteps
from gpudoctor.knowledge.matcher import scan
from gpudoctor.knowledge.pattern_keys import (COMMON_RATE, COMMON_WORDS, MIN_LITERAL, healthy_rate, nested_quantifier,
                                              required_literals)
from gpudoctor.knowledge.signatures import ACTIONS, AREAS, SEVERITIES, TEXT_KINDS, catalogue
from gpudoctor.knowledge.signatures.reasoned import ROWS as REASONED

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "corpus"
sys.path.insert(0, str(CORPUS))
from excerpts import advice_forbidden, advice_has_keywords, held_out_list, read_excerpt  # noqa: E402
from holdout import STILL_BLIND, WHOLE_SETS, is_held_out  # noqa: E402

SET_NAMES = dict(zip(WHOLE_SETS, ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth", "twenty-first", "twenty-second", "twenty-third", "twenty-fourth", "twenty-fifth", "twenty-sixth", "twenty-seventh", "twenty-eighth", "twenty-ninth", "thirtieth", "thirty-first", "thirty-second", "thirty-third", "thirty-fourth", "thirty-fifth", "thirty-sixth", "thirty-seventh", "thirty-eighth", "thirty-ninth", "fortieth", "forty-first", "forty-second", "forty-third", "forty-fourth", "forty-fifth", "forty-sixth", "forty-seventh", "forty-eighth", "forty-ninth", "fiftieth", "fifty-first", "fifty-second", "fifty-third", "fifty-fourth"), strict=True))

ROWS = catalogue()
# The rows of the conclusions drawn from what a paste names (gpudoctor/knowledge/compat.py): no patterns, and
# otherwise proven and judged like every row.
ALL_ROWS = (*ROWS, *REASONED)
CAUSE_IDS = set(re.findall(r"^- `([a-z0-9-]+)`:", (CORPUS / "TAXONOMY.md").read_text(), re.MULTILINE))
EXAMPLES = [(row, example) for row in ALL_ROWS for example in row.examples]


def _id(row) -> str:
    return row.code


def test_the_catalogue_is_read_from_every_area():
    assert {row.area for row in ROWS} <= set(AREAS)
    assert len(CAUSE_IDS) > 40, "TAXONOMY.md's cause ids were not read"


def test_codes_are_unique_and_name_their_area():
    codes = [row.code for row in ALL_ROWS]
    assert len(codes) == len(set(codes)), [c for c in codes if codes.count(c) > 1]
    status_modules = {path.stem for path in (ROOT / "gpudoctor" / "knowledge" / "signatures").glob("status_*.py")}
    for area in AREAS:  # an area's module, and the libraries' status strings of that area (status_<area>.py)
        for name in (area, *({f"status_{area}"} & status_modules)):
            module = __import__(f"gpudoctor.knowledge.signatures.{name}", fromlist=["SIGNATURES"])
            for row in module.SIGNATURES:
                assert re.fullmatch(rf"{area}\.[a-z0-9]+(?:-[a-z0-9]+)*", row.code), \
                    f"{row.code} (in {name}.py): a code is '{area}.<lower-case-name>'"
    assert status_modules <= {f"status_{area}" for area in AREAS}, "a status module is named status_<area>.py"


@pytest.mark.parametrize("row", ALL_ROWS, ids=_id)
def test_a_row_is_well_formed(row):
    assert row.cause_id in CAUSE_IDS, f"{row.code}: cause_id {row.cause_id!r} is not in TAXONOMY.md"
    assert row.severity in SEVERITIES
    assert row.action in ACTIONS, f"{row.code}: action {row.action!r} is not one of {ACTIONS}"
    assert row.kinds and set(row.kinds) <= set(TEXT_KINDS), f"{row.code}: kinds {row.kinds} not in {TEXT_KINDS}"
    assert row.cause.strip() and row.advice.strip()
    assert row.fix is None or isinstance(row.fix, (FixRequest, DriverUpdate, ManualSteps))
    if isinstance(row.fix, FixRequest):
        folder, name = row.fix.fix.split(".", 1)
        assert list((ROOT / "fixes" / folder).glob(f"{name}.*")), f"{row.code}: no script for fix {row.fix.fix}"
    for phrases in (row.rules_out, row.never_suggest, row.versions):
        assert isinstance(phrases, tuple) and all(isinstance(p, str) and p.strip() for p in phrases)
    assert not advice_forbidden_by_itself(row), f"{row.code}: its advice suggests what it says never to suggest"
    assert row.sources and all(s.startswith(("https://", "http://")) for s in row.sources), \
        f"{row.code}: sources are addresses"
    checked = datetime.date.fromisoformat(row.checked)
    assert checked <= datetime.date.today() + datetime.timedelta(days=1), f"{row.code}: checked in the future"
    groups = {name for pattern in row.patterns for name in re.compile(pattern).groupindex}
    assert all(a in groups and b in groups for a, b in row.smaller), f"{row.code}: `smaller` names a field no pattern has"


def advice_forbidden_by_itself(row) -> list[str]:
    return [phrase for phrase in row.never_suggest if phrase.lower() in row.advice.lower()]


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_a_rows_patterns_are_safe_and_prefilterable(row):
    assert row.patterns and isinstance(row.patterns, tuple)
    names_in_cause = {name for _, name, _, _ in string.Formatter().parse(row.cause) if name}
    for pattern in row.patterns:
        compiled = re.compile(pattern)
        assert not compiled.flags & re.IGNORECASE, f"{row.code}: write [Ee]rror instead of a case-insensitive flag"
        literals = required_literals(pattern)
        assert literals and min(map(len, literals)) >= MIN_LITERAL, \
            f"{row.code}: {pattern!r} needs a plain literal of {MIN_LITERAL}+ characters for the prefilter"
        assert not set(literals) & COMMON_WORDS, \
            f"{row.code}: {pattern!r} holds no word rarer than {sorted(set(literals) & COMMON_WORDS)}: every healthy " \
            "log would wake the matcher; add the message's own wording"
        rate = max(map(healthy_rate, literals))
        assert rate < COMMON_RATE, \
            f"{row.code}: {pattern!r} holds no word rarer than {literals}, which healthy logs hold {rate} times per " \
            "million characters (gpudoctor/knowledge/healthy_words.py): every healthy log would wake the matcher; " \
            "add a word of the message's own that the table does not hold"
        assert nested_quantifier(pattern) is None, f"{row.code}: {pattern!r} has {nested_quantifier(pattern)}"
        assert names_in_cause <= set(compiled.groupindex), \
            f"{row.code}: the cause uses {names_in_cause - set(compiled.groupindex)}, which {pattern!r} does not name"


@pytest.mark.parametrize("row", ALL_ROWS, ids=_id)
def test_every_row_is_proven_by_a_real_excerpt(row):
    assert row.examples, f"{row.code}: no corpus file proves it (examples=...)"


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=[f"{r.code}:{e}" for r, e in EXAMPLES])
def test_the_row_matches_its_example_with_the_threads_cause_and_advice(row, example):
    assert (CORPUS / example).is_file(), f"{row.code}: example {example} is not in tests/fixtures/corpus"
    assert not is_held_out(example) and example not in held_out_list(), \
        f"{row.code}: {example} is held out (HOLDOUT.txt): it may score the catalogue, never prove a row"
    for name in WHOLE_SETS:
        assert example not in held_out_list(name), \
            f"{row.code}: {example} is in the {SET_NAMES[name]} held-out set ({name}): it may score the catalogue, " \
            "never prove a row"
    excerpt = read_excerpt(example)
    matched = {found.code: found for found in scan(excerpt.text, example)}
    assert row.code in matched, f"{row.code} does not match {example} (matched: {sorted(matched) or 'nothing'})"
    assert row.cause_id == excerpt.cause, f"{row.code} says {row.cause_id}; the thread settled on {excerpt.cause}"
    advice = matched[row.code].advice  # with the match's fields filled in, as `read` prints it
    assert advice_has_keywords(advice, excerpt), \
        f"{row.code}: its advice lacks {excerpt.header['advice-keywords']!r} ({example})"
    assert not advice_forbidden(advice, excerpt), \
        f"{row.code}: its advice holds {advice_forbidden(advice, excerpt)}, which {example} says must not be"


def test_no_held_out_file_is_anyones_example():
    held_out = set(held_out_list()).union(*map(held_out_list, WHOLE_SETS))
    assert not [(row.code, e) for row in ALL_ROWS for e in row.examples if e in held_out or is_held_out(e)]


def _thread(address: str) -> str:
    return re.sub(r"^https?://(www\.)?", "", address.split("#")[0].rstrip("/").lower())


@pytest.mark.parametrize("name", STILL_BLIND)
def test_no_row_cites_the_thread_of_a_file_still_blind(name):
    cited = {_thread(source) for row in ALL_ROWS for source in row.sources}
    threads = {path: _thread(read_excerpt(path).header["source"]) for path in held_out_list(name)}
    assert not [path for path, thread in threads.items() if thread in cited], \
        f"a row cites the thread of a file of {name}: move the file out of the set (it is no longer blind)"


def test_holdout_txt_is_the_seeded_list():
    from holdout import held_out

    assert held_out_list() == held_out(), "HOLDOUT.txt is stale: run python tests/fixtures/corpus/holdout.py --write"


@pytest.mark.parametrize("name", WHOLE_SETS)
def test_each_blind_set_names_real_files_outside_the_other_lists(name):
    files = held_out_list(name)
    assert [path for path in files if not (CORPUS / path).is_file()] == []
    # A name without .txt is no corpus file (corpus_files globs */*.txt): the header tests would pass it over.
    assert [path for path in files if not path.endswith(".txt")] == [], f"{name} names files without .txt"
    assert set(files).isdisjoint(held_out_list()), f"{name} files are held out whole, never in HOLDOUT.txt"
    earlier = WHOLE_SETS[:WHOLE_SETS.index(name)]
    assert set(files).isdisjoint(set().union(*map(held_out_list, earlier))), "a file is in one held-out set only"
