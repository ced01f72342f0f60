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


def test_the_keys_stored_for_each_list_the_matcher_compiles_are_those_choose_keys_takes():
    for rows in matcher.compiled_rows():
        patterns = [pattern for row in rows for pattern in row.patterns]
        stored = pattern_keys._document().chosen.get(pattern_keys.patterns_fingerprint(patterns))
        assert stored is not None, f"the table holds no keys chosen for these {len(patterns)} patterns: {DUE}"
        assert list(stored) == pattern_keys.choose_keys([pattern_keys.derive(p)[0] for p in patterns]), DUE


def test_a_list_of_patterns_the_table_does_not_name_has_its_keys_chosen_anew():
    rows = catalogue()[:40]  # a catalogue of tests, or of rows added since the table was written
    patterns = [pattern for row in rows for pattern in row.patterns]
    options = [options for options, _ in pattern_keys.derived(patterns)]
    assert pattern_keys._document().chosen.get(pattern_keys.patterns_fingerprint(patterns)) is None
    assert pattern_keys.chosen_keys(patterns, options) == pattern_keys.choose_keys(options)


def _keys_and_words() -> list[tuple]:
    return [(p.row.code, p.regex.pattern, p.keys, p.words) for p in matcher._compiled_patterns(catalogue())]


def _forget_the_table() -> None:
    for cached in (pattern_keys._document, pattern_keys._table, pattern_keys.folding_words_table):
        cached.cache_clear()


def test_every_marker_entry_says_what_derivation_says_and_every_marker_is_held():
    from gpudoctor.knowledge.contexts import CONTEXTS, derive_folding_words

    held = pattern_keys.folding_words_table()
    markers = {marker for context in CONTEXTS for marker in context.markers}
    assert markers == set(held), f"the table's markers are not the contexts': {DUE}"
    stale = [marker for marker, words in held.items() if words != derive_folding_words(marker)]
    assert not stale, f"{len(stale)} markers' words changed since the table was written ({stale[0]!r}): {DUE}"


def test_without_a_readable_table_the_catalogue_is_built_alike_by_deriving(monkeypatch, tmp_path):
    from gpudoctor.knowledge.contexts import folded_markers

    from_table = _keys_and_words()
    markers_from_table = [(words, name) for words, name, _ in folded_markers()]
    broken = tmp_path / "derived_keys.json"
    broken.write_text('{"patterns": {"cut off', encoding="utf-8")
    monkeypatch.setattr(pattern_keys, "TABLE", broken)
    _forget_the_table()
    folded_markers.cache_clear()
    try:
        assert pattern_keys._table() == {} and pattern_keys.folding_words_table() == {}
        assert _keys_and_words() == from_table
        assert [(words, name) for words, name, _ in folded_markers()] == markers_from_table
    finally:
        _forget_the_table()
        folded_markers.cache_clear()


def test_a_few_patterns_are_derived_without_reading_the_table():
    # The kernel's GPU events (every live check compiles them, the table does not hold them): reading 1 MB of table
    # for them cost ~50 ms of a live check's critical path on two H200s.
    from gpudoctor.knowledge.signatures.kernel_events import GPU_ERROR_EVENTS

    def keys_and_words() -> list[tuple]:
        return [(p.regex.pattern, p.keys, p.words) for p in matcher._compiled_patterns(GPU_ERROR_EVENTS)]

    _forget_the_table()
    try:
        derived = keys_and_words()
        assert pattern_keys._table.cache_info().currsize == 0
        pattern_keys._table()
        assert keys_and_words() == derived
    finally:
        _forget_the_table()
