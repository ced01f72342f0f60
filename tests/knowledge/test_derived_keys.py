"""The table of what each signature pattern is keyed on (tools/derived_keys.py writes it): the matcher looks keys up
there instead of parsing ~700 regexes on a live check's path, so it must say what derivation says."""

from __future__ import annotations

from gpudoctor.knowledge import matcher, pattern_keys
from gpudoctor.knowledge.signatures import catalogue

DUE = "run `python tools/derived_keys.py` and commit gpudoctor/knowledge/derived_keys.json"


def test_every_entry_says_what_derivation_says():
    stale = [pattern for pattern, facts in pattern_keys._table().items() if facts != pattern_keys.derive(pattern)]
    assert not stale, f"{len(stale)} patterns' keys changed since the table was written ({stale[0]!r}): {DUE}"


def test_the_table_holds_every_pattern_of_the_catalogue_and_no_other():
    patterns = {pattern for row in catalogue() for pattern in row.patterns}
    held = set(pattern_keys._table())
    assert not patterns - held, f"{len(patterns - held)} patterns are derived at every start: {DUE}"
    assert not held - patterns, f"the table holds {len(held - patterns)} patterns no row has: {DUE}"


def _keys_and_words() -> list[tuple]:
    return [(p.row.code, p.regex.pattern, p.keys, p.words) for p in matcher._compiled_patterns(catalogue())]


def test_without_a_readable_table_the_catalogue_is_built_alike_by_deriving(monkeypatch, tmp_path):
    from_table = _keys_and_words()
    broken = tmp_path / "derived_keys.json"
    broken.write_text('{"patterns": {"cut off', encoding="utf-8")
    monkeypatch.setattr(pattern_keys, "TABLE", broken)
    pattern_keys._table.cache_clear()
    try:
        assert pattern_keys._table() == {}
        assert _keys_and_words() == from_table
    finally:
        pattern_keys._table.cache_clear()


def test_a_few_patterns_are_derived_without_reading_the_table():
    # The kernel's GPU events (every live check compiles them, the table does not hold them): reading 1 MB of table
    # for them cost ~50 ms of a live check's critical path on two H200s.
    from gpudoctor.knowledge.signatures.kernel_events import GPU_ERROR_EVENTS

    def keys_and_words() -> list[tuple]:
        return [(p.regex.pattern, p.keys, p.words) for p in matcher._compiled_patterns(GPU_ERROR_EVENTS)]

    pattern_keys._table.cache_clear()
    try:
        derived = keys_and_words()
        assert pattern_keys._table.cache_info().currsize == 0
        pattern_keys._table()
        assert keys_and_words() == derived
    finally:
        pattern_keys._table.cache_clear()
