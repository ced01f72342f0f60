"""A long text's prefilter is read by Hyperscan (literal_index.LiteralDatabase, matcher.DATABASE_FROM): it must find
exactly what the regular-expression passes find (every offset where a key starts, with the longest key there), fall
back to the passes for a part of the text beyond Latin-1, and leave the matches of a whole scan unchanged, with or
without Hyperscan installed."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from gpudoctor.knowledge import literal_index, matcher

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# Real logs of healthy hosts (an Ollama server's, a kernel's) with real failures' kernel logs among them.
HEALTHY = [*sorted((FIXTURES / "ollama").glob("*.log")), FIXTURES / "raw" / "h100" / "t_dmesg.txt"]
FAILING = sorted((FIXTURES / "raw" / "under_driver").glob("*.txt"))
# Real pastes in other scripts: a Chinese Windows user's Ollama error, a Russian user's (the corpus's own).
BEYOND_LATIN_1 = "错误：无法加载模型，显存不足\nОшибка: CUDA out of memory\n"


def _text() -> str:
    return "".join(path.read_text(encoding="utf-8", errors="replace") for path in HEALTHY + FAILING)


@pytest.fixture(scope="module")
def table():
    compiled = matcher.compiled_for_logs()
    if compiled.database is None:
        pytest.skip("Hyperscan is not installed here (pyproject.toml's markers): the passes read every text")
    return compiled


def _passes(text, table):
    return list(matcher._occurrences(text, table, 0, len(text)))


def _database(text, table):
    return list(matcher._occurrences(text, table, 0, len(text), table.database))


def test_the_database_finds_what_the_passes_find(table):
    text = _text()
    found = _database(text, table)
    assert found == _passes(text, table)
    # Not an empty agreement: the keys of real failures and of Ollama's own lines are there, overlapping ones too.
    assert len(found) > 100 and "(PCI:" in {literal for _, literal in found}


def test_keys_inside_keys_and_at_one_offset_read_as_the_passes_read_them(table):
    literals = table._scan_keys[2]
    # A key followed by another that starts inside it, and keys that are prefixes of longer ones, back to back.
    prefixed = [literal for literal in literals if any(other != literal and other.startswith(literal)
                                                       for other in literals)][:50]
    assert prefixed, "the catalogue has keys that are prefixes of others"
    text = "\n".join(f"{key}{key} x{key[1:]}{key}" for key in prefixed) + "\n"
    assert _database(text, table) == _passes(text, table)


def test_a_chunk_beyond_latin_1_is_read_by_the_passes(table, monkeypatch):
    monkeypatch.setattr(matcher, "CHUNK", 4096)  # many chunks: those beyond Latin-1 among the rest
    lines = _text().splitlines(keepends=True)
    text = "".join(line + (BEYOND_LATIN_1 if number % 400 == 0 else "") for number, line in enumerate(lines))
    read = []
    original = table.database.occurrences
    monkeypatch.setattr(type(table.database), "occurrences",
                        lambda self, chunk, base=0: read.append(result := original(chunk, base)) or result)
    assert _database(text, table) == _passes(text, table)
    assert None in read and any(result for result in read if result is not None)  # both ways were taken


def test_a_long_scan_matches_alike_with_and_without_the_database(table, monkeypatch):
    text = _text()
    text = text * (matcher.DATABASE_FROM // len(text) + 1)
    monkeypatch.setattr(matcher, "PARALLEL_FROM", 10 * len(text))  # one reading: this test is of the prefilter
    with_database = matcher.scan(text, "bench")
    monkeypatch.setattr(matcher.CompiledCatalogue, "literal_reader", lambda self, length: None)  # the passes
    without = matcher.scan(text, "bench")
    assert with_database == without
    assert "kernel.xid-79" in {match.code for match in with_database}


def test_threads_that_scan_at_once_each_get_every_occurrence(table):
    # The live check reads this boot's and the previous boot's kernel log in two threads; one database serves both.
    text = _text() * 8
    expected, answers = _passes(text, table), []
    threads = [threading.Thread(target=lambda: answers.append(_database(text, table))) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [expected] * 3


def test_a_scan_the_library_fails_is_read_by_the_passes(table, monkeypatch):
    import hyperscan

    class Failing:
        def scan(self, *args, **kwargs):
            raise hyperscan.error("a scan failed")

    text = _text()
    monkeypatch.setattr(table.database, "_database", Failing())
    assert table.database.occurrences(text) is None
    assert _database(text, table) == _passes(text, table)


def test_without_hyperscan_there_is_no_database_and_no_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "hyperscan", None)  # as where its wheel could not be installed
    assert literal_index.literal_database(["NVRM:", "Xid"]) is None
