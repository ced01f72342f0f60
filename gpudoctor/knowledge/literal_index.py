"""The literals the matcher's prefilter looks for, indexed: one regex per first character, each a trie of its literals,
and what a literal found also means (the literals that are a prefix of it, and what is keyed on those), for
matcher.CompiledCatalogue; and the same literals as one Hyperscan database, which is kept between runs in the cache
folder (stored.py): its only touch of the machine, a cache that changes no match."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping

from gpudoctor.knowledge import stored
from gpudoctor.knowledge.pattern_keys import MIN_LITERAL


def trie_regex(literals: Iterable[str]) -> str:
    """An alternation of the literals sharing their prefixes, which `re` searches far faster than a flat one."""
    trie: dict = {}
    for literal in literals:
        node = trie
        for char in literal:
            node = node.setdefault(char, {})
        node[""] = {}

    def build(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(char) + build(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    return build(trie)


def scanners_for(literals: list[str]) -> tuple[re.Pattern, ...]:
    """The literals as one regex per first character: each starts with a plain character, which `re` finds by a
    fast scan of the text before it tries the rest, where the one regex of all literals tries its ~40
    alternatives at nearly every character (2.3 times slower on 50 MB of logs). Their number is that of distinct
    first characters, not of rows: the cost of a pass hardly grows with the catalogue."""
    by_first: dict[str, list[str]] = {}
    for literal in literals:
        by_first.setdefault(literal[0], []).append(literal)
    return tuple(re.compile(trie_regex(group)) for _, group in sorted(by_first.items()))


def passed(text: str, scanners: tuple[re.Pattern, ...], start: int, end: int) -> list[tuple[int, str]]:
    """(offset, literal) of every occurrence of the scanners' literals in text[start:end], in order: one pass each."""
    found = []
    for scanner in scanners:
        position = start
        while (hit := scanner.search(text, position, end)) is not None:
            position = hit.start()
            found.append((position, hit.group()))
            position += 1
    found.sort()
    return found


def prefixes_of(literals: list[str]) -> dict[str, list[str]]:
    """For each literal, the literals that are a prefix of it (itself included), in the literals' order: a literal
    found also means those are there (the trie takes the longest). Looked up by prefix, not by comparing every
    pair of literals."""
    order = {literal: place for place, literal in enumerate(literals)}
    return {literal: sorted((literal[:n] for n in range(1, len(literal) + 1) if literal[:n] in order),
                            key=order.__getitem__) for literal in literals}


def held_by(prefixes: dict[str, list[str]], keyed: Mapping[str, list]) -> dict[str, tuple]:
    """For each literal, what `keyed` holds for it and for the literals that are a prefix of it, where it holds any."""
    return {literal: held for literal, found in prefixes.items()
            if (held := tuple(item for prefix in found for item in keyed.get(prefix, ())))}


def found_by(words: Iterable[tuple[str, object]], first_characters: set[str],
             rare: Callable[[str], bool]) -> dict[str, list[tuple[object, int]]]:
    """The literal each of the `words` (plain text in what is looked for: a context's marker, a word an exception
    ends with) is found by, with (what it is in, how far into the word the literal starts): the end of the word that
    opens with a character the signatures' keys open with, so that it costs no pass of its own ("ostDriverStore" of
    "HostDriverStore"), where that end is still `rare` in healthy logs; else the whole word. (The end of "Ollama" is "llama",
    in nearly every line of an Ollama log: each occurrence is a trip through Python, 14 % more CPU on 50 MB.)"""
    keys: dict[str, list[tuple[object, int]]] = {}
    for word, what in words:
        skip = next((k for k in range(len(word) - MIN_LITERAL + 1) if word[k] in first_characters
                     and (k == 0 or rare(word[k:]))), 0)
        keys.setdefault(word[skip:], []).append((what, skip))
    return keys



class LiteralDatabase:
    """The literals compiled into one Hyperscan database (Intel's multi-pattern engine, in C with SIMD): it finds
    every occurrence of the catalogue's ~2,400 keys in 25 MB of logs in 0.08-0.16 s of CPU, where the passes of
    scanners_for take 1.3-1.8 s (bench/prefilter_engines.py). It reads bytes, so a text is given to it as Latin-1,
    one character a byte, where its offsets are the text's; a literal with a character beyond Latin-1 cannot be in
    such a text and is left out (literal_database)."""

    def __init__(self, literals: list[str], database, failed: type[Exception]):
        self._literals = literals
        self._lengths = [len(literal) for literal in literals]
        self._database = database
        # One scan at a time: the database's scratch space serves one scan, and a second thread's scan (the live
        # check reads this boot's and the previous boot's kernel log at once) fails with ScratchInUseError.
        self._scanning = threading.Lock()
        self._failed = failed

    def occurrences(self, text: str, base: int = 0) -> list[tuple[int, str]] | None:
        """(base + offset, literal) of the longest literal starting at each offset where one does, in order: what
        the scanners_for passes find. None where `text` holds a character beyond Latin-1 or the scan fails (the
        passes read it then)."""
        try:
            data = text.encode("latin-1")
        except UnicodeEncodeError:
            return None
        lengths, longest = self._lengths, {}

        def on_match(index: int, _from: int, end: int, _flags: int, _context: object) -> None:
            # Without start-of-match tracking (which costs Hyperscan speed) a match gives its end; literals have
            # one length. Literals starting at one offset are each a prefix of the longest there, which the trie
            # regex of a pass would have taken.
            start = end - lengths[index]
            held = longest.get(start)
            if held is None or lengths[index] > lengths[held]:
                longest[start] = index

        try:
            with self._scanning:
                self._database.scan(data, match_event_handler=on_match)
        except self._failed:  # not seen; were the library to fail a scan, the passes would read the chunk
            return None
        literals = self._literals
        return [(base + start, literals[index]) for start, index in sorted(longest.items())]


def literal_database(literals: Iterable[str], compile_missing: bool = True) -> LiteralDatabase | None:
    """The literals' Hyperscan database: read back where an earlier run stored it (stored.py), else compiled and
    stored, where `compile_missing`. None where Hyperscan is not installed (a platform without its wheel:
    pyproject.toml), will not compile them (a CPU without SSSE3), or, without `compile_missing`, none is stored: the
    passes then read every text, slower, alike."""
    try:
        import hyperscan
    except ImportError:
        return None
    kept = [literal for literal in dict.fromkeys(literals) if max(map(ord, literal)) < 256]
    name = f"literals-{stored.fingerprint([getattr(hyperscan, '__version__', ''), *kept])}.hsdb"
    database = _read_back(hyperscan, stored.read(name))
    if database is None and compile_missing:
        try:
            database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            database.compile(expressions=[literal.encode("latin-1") for literal in kept], ids=list(range(len(kept))),
                             elements=len(kept), literal=True)
        except hyperscan.error:
            return None
        try:
            stored.write(name, hyperscan.dumpb(database))
        except hyperscan.error:  # not kept: the next run compiles it again
            pass
    return None if database is None else LiteralDatabase(kept, database, hyperscan.error)


def _read_back(hyperscan, data: bytes | None):
    """The database stored as `data`, or None: nothing stored, or a file Hyperscan refuses (written by another version
    of it or for another CPU, or torn), which is then compiled anew and stored over."""
    if not data:
        return None
    try:
        database = hyperscan.loadb(data, hyperscan.HS_MODE_BLOCK)
        database.scratch = hyperscan.Scratch(database)  # compile() allocates it; a database read back has none
    except (hyperscan.error, TypeError, ValueError):
        return None
    return database
