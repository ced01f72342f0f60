"""The matcher's prefilter passes (one regular-expression pass per first character of the keys) against compiled
multi-literal searches, on half of bench/signatures_50mb.py's sample: a benchmark, not a test. Hyperscan is what
gpudoctor reads a text of matcher.DATABASE_FROM characters or more with (literal_index.LiteralDatabase).

    pip install pyahocorasick google-re2    # neither is a dependency of gpudoctor
    python bench/prefilter_engines.py [ROUNDS]

Each engine must give what the passes give (matcher._occurrences: every offset where a key starts, with the
longest key there), checked, and its CPU time is printed, alternating. An engine not installed is left out.
Result on the 2-core development machine (2026-11-27, three rounds under load): the passes 1.25-1.97 s of CPU,
pyahocorasick 0.87-1.17 s, google-re2 1.29-1.97 s, all with the same occurrences (README.md, Speed).
"""
from __future__ import annotations

import os
import re
import sys
import time

sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)), os.path.dirname(os.path.dirname(os.path.abspath(__file__)))]
import signatures_50mb as bench  # noqa: E402

from gpudoctor.knowledge import matcher  # noqa: E402
from gpudoctor.knowledge.literal_index import trie_regex  # noqa: E402


def aho_engine(literals):
    """Every occurrence from an Aho-Corasick automaton, reduced to the longest key at each offset."""
    import ahocorasick

    automaton = ahocorasick.Automaton()
    for literal in literals:
        automaton.add_word(literal, (len(literal), literal))
    automaton.make_automaton()

    def occurrences(text):
        longest: dict[int, tuple[int, str]] = {}
        for end, (length, literal) in automaton.iter(text):
            start = end - length + 1
            if length > longest.get(start, (0, ""))[0]:
                longest[start] = (length, literal)
        return sorted((start, literal) for start, (_, literal) in longest.items())
    return occurrences


def re2_engine(literals, table):
    """RE2's leftmost-longest matches over Latin-1 chunks; a key that starts inside a match is read from a table of
    the keys inside each key, or looked for in the text where it may reach past the match."""
    import re2

    options = re2.Options()
    options.encoding = re2.Options.Encoding.LATIN1
    options.longest_match = True
    options.max_mem = 64 << 20
    latin = [literal for literal in literals if all(ord(char) < 256 for char in literal)]
    search = re2.compile("|".join(map(re.escape, latin)).encode("latin-1"), options)
    trie = re.compile(trie_regex(literals))
    keys, prefixes = set(literals), {literal[:n] for literal in literals for n in range(1, len(literal))}

    def inside(literal):
        fixed, open_ended = [], []
        for offset in range(1, len(literal)):
            rest = literal[offset:]
            if rest in prefixes:
                open_ended.append(offset)
            elif found := max((rest[:n] for n in range(1, len(rest) + 1) if rest[:n] in keys), key=len, default=None):
                fixed.append((offset, found))
        return fixed, open_ended
    table = {literal: inside(literal) for literal in latin}

    def occurrences(text):
        try:
            data = text.encode("latin-1")
        except UnicodeEncodeError:
            return list(matcher._occurrences(text, table, 0, len(text)))
        longest: dict[int, str] = {}
        for match in search.finditer(data):
            start, literal = match.start(), match.group().decode("latin-1")
            found = [(start, literal)] + [(start + offset, key) for offset, key in table[literal][0]]
            found += [(start + offset, hit.group()) for offset in table[literal][1]
                      if (hit := trie.match(text, start + offset))]
            for at, key in found:
                if len(key) > len(longest.get(at, "")):
                    longest[at] = key
        return sorted(longest.items())
    return occurrences


def main() -> None:
    text = bench.sample()[:bench.SIZE // 2]
    table = matcher.compiled_for_logs()
    table.prepare_for_scans()
    literals = table._scan_keys[2]
    engines = {"passes": lambda t: list(matcher._occurrences(t, table, 0, len(t)))}
    if table.database is not None:
        engines["hyperscan"] = lambda t: list(matcher._occurrences(t, table, 0, len(t), table.database))
    else:
        print("hyperscan: not installed, left out")
    for name, build in (("pyahocorasick", lambda: aho_engine(literals)),
                        ("google-re2", lambda: re2_engine(literals, table))):
        try:
            engines[name] = build()
        except ImportError:
            print(f"{name}: not installed, left out")
    expected = None
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 2):
        for name, engine in engines.items():
            started = time.process_time()
            found = engine(text)
            took = time.process_time() - started
            expected = found if expected is None else expected
            print(f"{name}: {took:.2f} s of CPU, {len(found):,} occurrences, the same as the passes': {found == expected}")


if __name__ == "__main__":
    main()
