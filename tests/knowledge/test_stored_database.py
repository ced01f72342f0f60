"""Hyperscan's database of the catalogue's keys is stored between runs (gpudoctor/knowledge/stored.py) and read back
instead of compiled: what is read back must find what a fresh compile finds, a stored file Hyperscan refuses must be
compiled anew and replaced, nothing may be read from a folder another user could write, storing can be turned off,
and a short text read through a stored database must match as the passes match it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gpudoctor.knowledge import literal_index, matcher, stored
from gpudoctor.knowledge.signatures import catalogue

hyperscan = pytest.importorskip("hyperscan", reason="Hyperscan is not installed here (pyproject.toml's markers)")

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
# A real kernel log of a healthy host and real failures' kernel logs: keys of both kinds, overlapping ones too.
TEXT = "".join(path.read_text(encoding="utf-8", errors="replace")
               for path in [FIXTURES / "raw" / "h100" / "t_dmesg.txt",
                            *sorted((FIXTURES / "raw" / "under_driver").glob("*.txt"))])


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """An empty cache folder of this test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path))
    return Path(stored.cache_folder())


@pytest.fixture(scope="module")
def literals() -> list[str]:
    return matcher.compiled_for_logs()._scan_keys[2]


def _stored_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("literals-*.hsdb")) if folder.exists() else []


def test_a_database_read_back_finds_what_a_fresh_compile_finds(folder, literals, monkeypatch):
    compiled = literal_index.literal_database(literals)
    assert len(_stored_files(folder)) == 1
    monkeypatch.setattr(hyperscan, "Database", None)  # nothing can be compiled now: the database must be read back
    read_back = literal_index.literal_database(literals)
    assert read_back is not None
    found = read_back.occurrences(TEXT)
    assert found == compiled.occurrences(TEXT)
    assert len(found) > 100 and "(PCI:" in {literal for _, literal in found}


def test_without_compiling_nothing_is_there_until_a_run_stores_it(folder, literals):
    assert literal_index.literal_database(literals, compile_missing=False) is None
    literal_index.literal_database(literals)
    assert literal_index.literal_database(literals, compile_missing=False) is not None


def test_other_literals_are_stored_under_another_name(folder, literals):
    literal_index.literal_database(literals)
    literal_index.literal_database(literals[:-1])
    assert len(_stored_files(folder)) == 2
    assert literal_index.literal_database(literals[:-2], compile_missing=False) is None


def test_a_file_hyperscan_refuses_is_compiled_anew_and_replaced(folder, literals):
    literal_index.literal_database(literals)
    (path,) = _stored_files(folder)
    path.write_bytes(path.read_bytes()[:1000])  # torn, as by a disk that filled up under another writer
    assert literal_index.literal_database(literals, compile_missing=False) is None
    database = literal_index.literal_database(literals)
    assert database.occurrences(TEXT) == literal_index.literal_database(literals, compile_missing=False).occurrences(TEXT)
    assert path.stat().st_size > 1000


def test_storing_turned_off_writes_nothing_and_still_compiles(folder, literals, monkeypatch):
    monkeypatch.setenv(stored.NO_CACHE_VARIABLE, "1")
    assert literal_index.literal_database(literals) is not None
    assert stored.cache_folder() is None
    monkeypatch.delenv(stored.NO_CACHE_VARIABLE)
    assert _stored_files(folder) == []


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes: on Windows the folder under %LOCALAPPDATA% is the user's")
def test_nothing_is_read_from_a_folder_another_user_could_write(folder, literals):
    literal_index.literal_database(literals)
    os.chmod(folder, 0o777)
    try:
        assert stored.read(_stored_files(folder)[0].name) is None
        assert not stored.write("other.hsdb", b"data")
        assert literal_index.literal_database(literals, compile_missing=False) is None
    finally:
        os.chmod(folder, 0o700)


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_folder_that_cannot_be_written_leaves_no_half_written_file(folder, literals):
    folder.mkdir(parents=True)
    os.chmod(folder, 0o500)
    try:
        assert literal_index.literal_database(literals) is not None
        assert list(folder.iterdir()) == []
    finally:
        os.chmod(folder, 0o700)


def test_a_write_replaces_the_file_whole(folder):
    assert stored.write("x.hsdb", b"first")
    assert stored.write("x.hsdb", b"second")
    assert stored.read("x.hsdb") == b"second"
    assert [path.name for path in folder.iterdir()] == ["x.hsdb"]  # no temporary file left beside it


def test_older_files_of_a_kind_are_removed_beyond_the_newest_few(folder):
    for number in range(stored.KEEP_OF_A_KIND + 3):
        assert stored.write(f"literals-{number}.hsdb", b"data")
        os.utime(folder / f"literals-{number}.hsdb", (number, number))  # written in this order, an hour apart
    assert stored.write("other-kind.hsdb", b"data")
    left = sorted(path.name for path in folder.iterdir())
    assert left == [f"literals-{number}.hsdb" for number in range(3, stored.KEEP_OF_A_KIND + 3)] + ["other-kind.hsdb"]


def test_a_short_text_read_through_a_stored_database_matches_as_the_passes_do(folder):
    rows = catalogue()
    literal_index.literal_database(matcher.CompiledCatalogue(rows)._scan_keys[2])  # an earlier run stored it
    through_store, by_passes = matcher.CompiledCatalogue(rows), matcher.CompiledCatalogue(rows)
    by_passes.__dict__["_stored_database"] = None  # as where nothing is stored
    assert through_store.literal_reader(len(TEXT)) is not None and by_passes.literal_reader(len(TEXT)) is None
    found = matcher.scan(TEXT, "dmesg", "dmesg", table=through_store)
    assert found == matcher.scan(TEXT, "dmesg", "dmesg", table=by_passes)
    assert "kernel.xid-79" in {match.code for match in found}
    assert "scanners" not in through_store.__dict__  # the passes were never compiled for it


def test_without_hyperscan_nothing_is_stored(folder, monkeypatch):
    monkeypatch.setitem(sys.modules, "hyperscan", None)
    assert literal_index.literal_database(["NVRM:", "Xid"]) is None
    assert _stored_files(folder) == []
