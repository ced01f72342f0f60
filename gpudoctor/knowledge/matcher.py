"""One matcher for every signature, linear in the size of the text.

1. Prefilter: every pattern is keyed on a plain word it must hold, read from the regex itself
   (gpudoctor/knowledge/pattern_keys.py): its rarest, or a word or the end of one as rare whose first character
   other keys share. One regex per first character of those words (a trie of the words that start with it) finds, in
   one pass each over the whole text, every occurrence of any; a text of DATABASE_FROM characters or more is read
   by Hyperscan instead, all the words in one pass in C (literal_index.LiteralDatabase), with the same
   occurrences, and so is any text once the database is at hand: compiled in this process (the kernel log's scan
   child compiles it) or stored by an earlier run (stored.py). Lines that hold none (nearly all of a healthy log)
   are never split, cleaned or matched. The same pass finds, as literals of their own, the plain words of the
   contexts' markers (contexts.py: a marker is then searched for in that line only) and the words an exception's
   head ends with (log_lines.EXCEPTION_ENDINGS: where a message may go on below a line), so that neither costs a
   reading of the text of its own.
2. A line that holds one is checked with its reach (log_lines.message_reach): the line alone where no message
   can go on over it (no NVRM message, no exception's head within reach above), the NVRM lines next to an NVRM
   line, else the WINDOW_BEFORE lines above it to the WINDOW_AFTER below (as far as one message can span). The reach must hold
   every word of a pattern keyed on that word (its mandatory words, also read from the regex); only then is a
   window of those lines cleaned and joined into logical lines (gpudoctor/knowledge/log_lines.py), so a message
   continued over several lines is whole.
3. In each logical line that holds such a line, the window's candidate patterns are run in the order of their
   keys in the line; a pattern that matches makes a `SignatureMatch`: the row's code, the named fields, the
   line, its number and the source.

Each physical line is cleaned at most once (overlapping windows are merged), every line is cut to
LINE_CAP characters and no pattern nests quantifiers (tests/knowledge holds that), so the work is
linear in the text. The catalogue is compiled on first use: nothing of this runs at start-up.
A text of PARALLEL_FROM characters or more (a pasted log, `gpudoctor read`) is read in two halves at once, the
second in a forked child where that is safe (forked.py): each half's windows may reach over the border, and a
message found from both sides counts once (_Found.then), so the matches are those of one reading. Each half also
finds in its own part the contexts its matches may be read in (contexts.py).
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Iterable, Iterator, Mapping

from gpudoctor.knowledge.contexts import folded_markers, in_contexts, in_text_by_other_markers
from gpudoctor.knowledge.forked import can_fork, start_forked
from gpudoctor.knowledge.literal_index import (LiteralDatabase, found_by, held_by, literal_database, passed,
                                               prefixes_of, scanners_for, trie_regex)
from gpudoctor.knowledge.log_lines import (EXCEPTION_CONTINUATION_LINES, EXCEPTION_ENDINGS, LINE_CAP, LogicalLine,
                                           holds_exception_ending, lines_holding, logical_lines, message_reach,
                                           nvrm_run, one_logical_line)
from gpudoctor.knowledge.pattern_keys import MIN_LITERAL, chosen_keys, derived, rare_in_healthy_logs as rare
from gpudoctor.knowledge.signatures import Signature, catalogue
from gpudoctor.lazy_regex import LazyPattern, lazy_compile

WINDOW_BEFORE = 6  # lines above a prefiltered line that may open its message (an NVRM head, an exception line)
WINDOW_AFTER = 6  # lines below it that may continue it
CHUNK = 1 << 20  # characters of text the prefilter's occurrences are gathered and sorted for at a time
MATCH_CAP = 500  # distinct matches kept from one text; a flood repeats the same few
# A text this long (characters) is read in two halves at once, on two cores where the platform can fork: below it
# a second process costs more than it saves (forking and sending the matches back take ~5-20 ms).
PARALLEL_FROM = 4_000_000
# A text this long is prefiltered by Hyperscan (literal_index.LiteralDatabase), whose database takes 50-80 ms to
# compile: about what the passes take on 1-1.5 MB. The kernel log a live check reads is far shorter.
DATABASE_FROM = 2_000_000
CHILD_TIMEOUT_S = 120.0  # the second half takes what the first does (~1 s for 25 MB); a child this late is stuck


@dataclass(frozen=True)
class SignatureMatch:
    """A signature found in a text: a fact, as checks and reports read it."""

    code: str
    fields: Mapping[str, str] = field(default_factory=dict)  # the pattern's named groups that matched
    line: str = ""  # the logical line, undecorated and cut to LINE_CAP
    line_number: int = 0  # 1-based, the physical line the message starts on in its source's text
    source: str = ""  # where the text came from: "dmesg", "journalctl -k -b -1", "pasted: notes.txt"
    count: int = 1  # how many times the same code with the same fields appeared in that text
    # A row read in its context (Signature.contexts): the matches of the generic rows it refines, which the text
    # also held. They are its evidence, not causes of their own (in_contexts).
    refined: tuple["SignatureMatch", ...] = ()

    @property
    def signature(self) -> Signature:
        from gpudoctor.knowledge.signatures import by_code

        return by_code(self.code)

    @property
    def cause(self) -> str:
        return self.signature.cause_for(self.fields)

    @property
    def advice(self) -> str:
        return self.signature.advice_for(self.fields)


# -- the compiled catalogue ---------------------------------------------------------------------------
def _check_order(words: tuple[tuple[str, int], ...], keys: tuple[str, ...]) -> tuple[str, ...]:
    """The words (each with its healthy rate) in the order a neighbourhood is searched for them: the one most likely
    missing first (the rarest in healthy logs), the pattern's keys last (the prefilter found one there)."""
    return tuple(word for word, rate in sorted(words, key=lambda item: (item[0] in keys, item[1], -len(item[0]))))


@dataclass(frozen=True)
class _Pattern:
    row: Signature
    regex: LazyPattern  # compiled on first use: a healthy kernel log wakes 2 of the ~500 patterns
    words: tuple[str, ...]  # mandatory_words: all of them in a text, or the regex cannot match there
    keys: tuple[tuple[str, int], ...]  # the literals the prefilter selects it by, each with its rank among them all
    index: int  # its place in the catalogue

    def may_match(self, text: str) -> bool:
        return all(map(text.__contains__, self.words))

    def first_key(self, text: str) -> tuple[int, int, int] | None:
        """Where its first key is in `text`, as CompiledCatalogue.patterns_in orders patterns: by offset, then by
        the literal's rank, then by the pattern's place; None when none is there."""
        spots = [(offset, rank, self.index) for literal, rank in self.keys if (offset := text.find(literal)) >= 0]
        return min(spots) if spots else None


def _compiled_patterns(rows: tuple[Signature, ...]) -> list[_Pattern]:
    """Every pattern of the rows compiled, with the literals that key it (choose_keys), in the rows' order."""
    patterns = [(row, pattern) for row in rows for pattern in row.patterns]
    facts = derived([pattern for _, pattern in patterns])
    for (row, pattern), (options, _) in zip(patterns, facts):
        literals = options[0]
        if not literals or min(map(len, literals)) < MIN_LITERAL:
            raise ValueError(f"{row.code}: pattern {pattern!r} holds no plain literal of {MIN_LITERAL} "
                             "characters or more for the prefilter")
    chosen = chosen_keys([pattern for _, pattern in patterns], [options for options, _ in facts])
    ranks = {literal: rank for rank, literal in enumerate(dict.fromkeys(l for keys in chosen for l in keys))}
    return [_Pattern(row, lazy_compile(pattern), _check_order(words, literals),
                     tuple((literal, ranks[literal]) for literal in literals), index)
            for index, ((row, pattern), (_, words), literals) in enumerate(zip(patterns, facts, chosen))]


class CompiledCatalogue:
    """The rows' patterns compiled, indexed by the literals that select them."""

    def __init__(self, rows: tuple[Signature, ...]):
        self.rows = rows
        self.by_code = {row.code: row for row in rows}
        self._by_literal: dict[str, list[_Pattern]] = {}
        for compiled in _compiled_patterns(rows):
            for literal, _ in compiled.keys:
                self._by_literal.setdefault(literal, []).append(compiled)
        self._selected_by_kind: dict[tuple[str, str | None], tuple[_Pattern, ...]] = {}

    # What `scan` needs beyond the patterns, worked out on its first use: matching logical lines already built (the
    # kernel's GPU events on a live check's main thread) needs none of it, and the contexts' markers alone take
    # ~35 ms to derive.
    @cached_property
    def _scan_keys(self) -> tuple[dict, dict, list[str]]:
        """The contexts' markers (contexts.py) and the words an exception's head ends with (log_lines: where one is,
        a message may go on over the next lines), found in the same passes as the patterns' literals: literals too."""
        first_characters = {literal[0] for literal in self._by_literal}
        context_keys = found_by(((word, (name, marker)) for words, name, marker in folded_markers() for word in words),
                                 first_characters, rare)
        ending_keys = found_by(((word, word) for word in EXCEPTION_ENDINGS), first_characters, rare)
        return context_keys, ending_keys, list(dict.fromkeys([*self._by_literal, *context_keys, *ending_keys]))

    def prepare_for_scans(self, long_texts: bool = False) -> None:
        """Work out now what the first scan would (scan_child.py: a child does it before its first text comes; the
        two halves of a long text share it): Hyperscan's database in place of the passes, for `long_texts` or where
        an earlier run stored it."""
        _ = self._selected_by, self.markers_at, self.endings_at  # each computed once and kept
        if (self.database if long_texts else self._stored_database) is None:
            _ = self.scanners

    @cached_property
    def scanners(self) -> tuple[re.Pattern, ...]:
        return scanners_for(self._scan_keys[2])

    @cached_property
    def database(self) -> LiteralDatabase | None:
        """The passes' literals in one Hyperscan database, read back from the store or compiled (and stored); None
        where Hyperscan is not there."""
        return self._stored_database or literal_database(self._scan_keys[2])

    @cached_property
    def _stored_database(self) -> LiteralDatabase | None:
        """The database an earlier run stored (stored.py), or None: read back in 1-3 ms where compiling the passes
        takes ~100 ms, so it reads texts of any length."""
        return literal_database(self._scan_keys[2], compile_missing=False)

    def literal_reader(self, length: int) -> LiteralDatabase | None:
        """What finds the literals in a text of `length` characters: Hyperscan's database where the text is long
        enough to pay for compiling it (DATABASE_FROM) or where it is at hand (compiled in this process, or stored);
        None: the passes."""
        if length >= DATABASE_FROM or "database" in self.__dict__:
            return self.database
        return self._stored_database

    @cached_property
    def _prefixes(self) -> dict[str, list[str]]:
        return prefixes_of(self._scan_keys[2])

    @cached_property
    def _selected_by(self) -> dict[str, tuple]:
        return held_by(self._prefixes, self._by_literal)

    @cached_property
    def markers_at(self) -> dict[str, tuple]:
        """(context, marker) of the markers a found literal holds the key of."""
        return {literal: tuple(marker for marker, _ in held)
                for literal, held in held_by(self._prefixes, self._scan_keys[0]).items()}

    @cached_property
    def endings_at(self) -> dict[str, tuple]:
        """(the word, how far into it the key is) of the exceptions' endings a found literal holds the key of."""
        return held_by(self._prefixes, self._scan_keys[1])

    @cached_property
    def _pattern_prefixes(self) -> dict[str, list[str]]:
        """As _prefixes, among the patterns' literals only: all that patterns_in looks up."""
        return prefixes_of(list(self._by_literal))

    @cached_property
    def prefilter(self) -> re.Pattern:
        """Every literal in one regex: only patterns_in (a paste's kinds) uses it, so a kernel log's scan never
        builds it (about 40 ms of the catalogue's start)."""
        return re.compile(trie_regex(self._by_literal))

    def patterns_in(self, text: str) -> list[_Pattern]:
        """The patterns whose literals `text` holds (overlapping occurrences included), each once."""
        seen: dict[int, _Pattern] = {}
        position = 0
        while (found := self.prefilter.search(text, position)) is not None:
            for literal in self._pattern_prefixes[found.group()]:
                for pattern in self._by_literal.get(literal, ()):
                    seen.setdefault(id(pattern), pattern)
            position = found.start() + 1
        return list(seen.values())

    def candidates(self, literals: Iterable[str], text: str, kind: str | None) -> list[_Pattern]:
        """The patterns keyed on the literals (found in `text`) that apply to `kind` and find all their words in
        `text`: only these can match a logical line made of it. (Asked for each of a long log's lines that hold a
        key: written for speed, may_match inlined.)"""
        contains = text.__contains__
        return [pattern for found in literals for pattern in self._selected_for(found, kind)
                if all(map(contains, pattern.words))]

    def _selected_for(self, literal: str, kind: str | None) -> tuple[_Pattern, ...]:
        """The patterns `literal` selects that apply to `kind`, worked out once per literal and kind."""
        selected = self._selected_by_kind.get((literal, kind))
        if selected is None:
            selected = tuple(pattern for pattern in self._selected_by[literal] if _applies(pattern.row, kind))
            self._selected_by_kind[literal, kind] = selected
        return selected


@cache
def compiled() -> CompiledCatalogue:
    return CompiledCatalogue(compiled_rows()[0])


# A text longer than this is a log, not what a person wrote about a failure: the rows that read descriptions
# (Signature.described) are left out of its scan. Their everyday words ("removed", "VRAM", "fit") are in every
# Ollama log: on 50 MB of logs the 37 such rows of 2026-11-26 cost a fifth of the scan, 13 passes, and found nothing.
DESCRIPTION_TEXT_MAX = 256 * 1024


@cache
def compiled_for_logs() -> CompiledCatalogue:
    return CompiledCatalogue(compiled_rows()[1])


def compiled_rows() -> tuple[tuple[Signature, ...], tuple[Signature, ...]]:
    """The rows of compiled() and of compiled_for_logs(): tools/derived_keys.py stores the keys chosen for each."""
    rows = catalogue()
    return rows, tuple(row for row in rows if not row.described)


# -- matching -----------------------------------------------------------------------------------------
def _occurrences(text: str, table: CompiledCatalogue, start: int, end: int,
                 database: LiteralDatabase | None = None) -> Iterator[tuple[int, str]]:
    """(offset, literal) of every occurrence of the table's literals in text[start:end] (whole lines), overlapping
    ones included, in order: the longest literal at each offset, as the passes find it. A CHUNK of whole lines at a
    time, so that a flood (millions) is never held all at once: read by the `database` where one is given and the
    chunk is Latin-1, else by one pass of each of the table's scanners (compiled on first need)."""
    chunk_start = start
    while chunk_start < end:
        chunk_end = min(end, text.find("\n", chunk_start + CHUNK) + 1 or end)
        found = database.occurrences(text[chunk_start:chunk_end], chunk_start) if database is not None else None
        if found is not None:
            yield from found
        else:
            yield from passed(text, table.scanners, chunk_start, chunk_end)
        chunk_start = chunk_end


def _note_contexts(text: str, offset: int, markers: tuple, present: set[str]) -> None:
    """Add to `present` the contexts of the markers (contexts.folded_markers) found in the line at `offset`, where a
    word every match of theirs holds was found (no marker spans two lines)."""
    line_start, line_end = None, None
    for name, marker in markers:
        if name in present:
            continue
        if line_start is None:
            line_start, line_end = text.rfind("\n", 0, offset) + 1, text.find("\n", offset)
        if marker.search(text, line_start, len(text) if line_end < 0 else line_end):
            present.add(name)


@dataclass
class _Endings:
    """Where the prefilter found the words an exception's head ends with (log_lines.EXCEPTION_ENDINGS), in the part
    of the text it reads from `start` on, so far: whether lines hold one is then looked up, not searched for."""

    start: int
    offsets: list[int] = field(default_factory=list)  # ascending; the key's, which lies on the word's line

    def between(self, text: str, start: int, end: int) -> bool:
        """Whether text[start:end] (whole lines, read up to `end` by the prefilter) holds such a word."""
        if start < self.start and holds_exception_ending(text, start, min(end, self.start)):  # not read by it
            return True
        index = bisect.bisect_left(self.offsets, start)
        return index < len(self.offsets) and self.offsets[index] < end


def _hit_lines(text: str, table: CompiledCatalogue, start: int, end: int, present: set[str],
               endings: _Endings) -> Iterator[tuple[int, int, int, set[str]]]:
    """(start offset, end offset, line number, every literal on it) of each line of text[start:end] (whole lines)
    that holds a literal of a pattern, in order; the contexts whose markers are found on the way go to `present`,
    the exceptions' endings to `endings`."""
    counted_to, line_number, line_start, line_end = start, text.count("\n", 0, start) + 1, start, start - 1
    literals: set[str] = set()
    database = table.literal_reader(len(text))
    # Looked up for each occurrence: ~150,000 in 25 MB of Ollama logs.
    endings_at, markers_at, selected_by = table.endings_at, table.markers_at, table._selected_by
    for offset, literal in _occurrences(text, table, start, end, database):
        if literal in endings_at and any(offset >= skip and text.startswith(word, offset - skip)
                                         for word, skip in endings_at[literal]):
            endings.offsets.append(offset)
        if literal in markers_at:
            _note_contexts(text, offset, markers_at[literal], present)
        if literal not in selected_by:  # a marker's or an ending's only
            continue
        if offset > line_end:
            if literals:
                yield line_start, line_end, line_number, literals
            line_start = text.rfind("\n", 0, offset) + 1
            line_end = text.find("\n", offset)
            line_end = len(text) if line_end < 0 else line_end
            line_number += text.count("\n", counted_to, line_start)
            counted_to, literals = line_start, set()
        literals.add(literal)
    if literals:
        yield line_start, line_end, line_number, literals


def _lines_before(text: str, start: int, count: int) -> tuple[int, int]:
    """(offset, lines gone up): up to `count` lines above the line at `start`."""
    gone = 0
    while gone < count and start > 0:
        start = text.rfind("\n", 0, start - 1) + 1
        gone += 1
    return start, gone


def _lines_after(text: str, start: int, count: int) -> int:
    """The offset just past the line at `start` and `count` lines below it."""
    end = start
    for _ in range(count + 1):
        next_break = text.find("\n", end)
        if next_break < 0:
            return len(text)
        end = next_break + 1
    return end


def _reach(text: str, line_start: int, line_end: int, endings: _Endings) -> tuple[int, int, int]:
    """(start offset, lines gone up, end offset) of the lines that a logical line holding the line from
    `line_start` to `line_end` may span (log_lines.message_reach): that line alone, as most lines of a healthy
    log; the NVRM lines around an NVRM line; else the WINDOW_BEFORE lines above it to the WINDOW_AFTER below."""
    above, gone = _lines_before(text, line_start, EXCEPTION_CONTINUATION_LINES)
    reach = message_reach(text, above, line_start, line_end, endings.between(text, above, line_end))
    if reach == "line":
        return line_start, 0, min(line_end + 1, len(text))
    if reach == "nvrm":
        return nvrm_run(text, line_start, line_end)
    start, more = _lines_before(text, above, WINDOW_BEFORE - gone)
    return start, gone + more, _lines_after(text, line_start, WINDOW_AFTER)


@dataclass
class _Window:
    """Lines around the lines that hold a literal of a pattern that finds all its words within their reach."""

    start: int  # offset of its first line in the text
    end: int  # offset just past its last line
    first: int  # number of its first line
    candidates: dict[int, _Pattern]  # the only patterns that may match in it, by id
    hits: list[int]  # numbers of the lines holding their literals, ascending: a match holds one of them


def _windows(text: str, table: CompiledCatalogue, kind: str | None, start: int, end: int,
             present: set[str]) -> Iterator[_Window]:
    """Merged windows around the lines of text[start:end] that hold a literal of a pattern that finds all its words
    within reach of that line (_reach), which may go past start and end. A line of a healthy log that holds a
    literal, without the rest of any pattern within its reach, opens no window. The contexts found on the way go
    to `present` (_hit_lines)."""
    window: _Window | None = None
    endings = _Endings(start)
    for line_start, line_end, line_number, literals in _hit_lines(text, table, start, end, present, endings):
        start, gone, end = _reach(text, line_start, line_end, endings)
        candidates = table.candidates(literals, text[start:end], kind)
        if not candidates:
            continue
        if window and start <= window.end:  # within reach of the window above: one window, messages kept whole
            window.end = max(window.end, end)
        else:
            if window:
                yield window
            window = _Window(start, end, line_number - gone, {}, [])
        window.candidates.update((id(p), p) for p in candidates)
        window.hits.append(line_number)
    if window:
        yield window


def _window_lines(text: str, window: _Window) -> Iterable[LogicalLine]:
    """The logical lines of the window that hold one of its hits: a window of one plain line (most of a long log's)
    is read without splitting and joining (log_lines.one_logical_line)."""
    segment = text[window.start:window.end].removesuffix("\n")
    if "\n" not in segment and (single := one_logical_line(segment, window.first)) is not None:
        return single
    return lines_holding(logical_lines(segment.split("\n"), window.first), window.hits)


def _applies(row: Signature, kind: str | None) -> bool:
    if row.described and kind not in (None, "other"):  # a kernel log or a traceback is no one's description
        return False
    return kind is None or "any" in row.kinds or kind in row.kinds


def _in_order(candidates: list[_Pattern], text: str) -> list[_Pattern]:
    """The candidates that may match `text`, in the order CompiledCatalogue.patterns_in gives them."""
    contains = text.__contains__
    if len(candidates) == 1:  # nothing to order: whether its words and one of its keys are there
        pattern = candidates[0]
        held = all(map(contains, pattern.words)) and any(contains(literal) for literal, _ in pattern.keys)
        return [pattern] if held else []
    placed = [(place, pattern) for pattern in candidates
              if all(map(contains, pattern.words)) and (place := pattern.first_key(text)) is not None]
    if len(placed) > 1:
        placed.sort(key=lambda item: item[0])
    return [pattern for _, pattern in placed]


def lines_worth_scanning(lines: list[str], kind: str | None) -> set[int] | None:
    """The indexes of the `lines` in which `scan` of that line alone could find a signature: those holding a literal of
    a pattern for `kind` together with all of that pattern's words. One pass of the prefilter over them all instead
    of a scan of each (a 2 MB Ollama log, read line by line, took 1 s). None where each line must be scanned: lines
    `scan` would split (a carriage return) or straighten (typographic quotes), or one too long for its table."""
    text = "\n".join(lines)
    if "\r" in text or any(quote in text for quote in _TYPOGRAPHIC) or \
            any(len(line) > DESCRIPTION_TEXT_MAX for line in lines):
        return None
    table = compiled()
    return {line_number - 1 for line_start, line_end, line_number, literals
            in _hit_lines(text, table, 0, len(text), set(), _Endings(0))
            if table.candidates(literals, text[line_start:line_end], kind)}


def match_lines(lines: Iterable[LogicalLine], source: str, kind: str | None = None,
                table: CompiledCatalogue | None = None, candidates: list[_Pattern] | None = None) -> list[SignatureMatch]:
    """The matches in logical lines already built (one per code and line, in order). `candidates`: the only
    patterns that can match these lines (CompiledCatalogue.candidates, for `kind`); others are not tried."""
    table = table or compiled()
    out = []
    for line in lines:
        done: set[str] = set()
        if candidates is None:
            patterns = [pattern for pattern in table.patterns_in(line.text)
                        if _applies(pattern.row, kind) and pattern.may_match(line.text)]
        else:
            patterns = _in_order(candidates, line.text)
        for pattern in patterns:
            if pattern.row.code in done:
                continue
            found = pattern.regex.search(line.text)
            fields = {k: v for k, v in found.groupdict().items() if v is not None} if found else {}
            if found and pattern.row.holds(fields):
                done.add(pattern.row.code)
                out.append(SignatureMatch(pattern.row.code, fields, line.text, line.number, source))
    return out


@dataclass
class _Found:
    """The matches in a part of a text, merged as `scan` merges them: one per code and fields, at its first line."""

    merged: dict[tuple, SignatureMatch] = field(default_factory=dict)
    counts: dict[tuple, int] = field(default_factory=dict)  # the lines each was found on, its first included
    last_line: dict[tuple, int] = field(default_factory=dict)  # the last of them
    # The contexts (contexts.py) its context rows' matches may be read in, searched for in this part of the text, and
    # those of them found there: each half of a long text searches its own, at once, instead of the whole text after.
    searched: frozenset[str] = frozenset()
    present: frozenset[str] = frozenset()

    def add(self, found: SignatureMatch) -> None:
        key = (found.code, tuple(sorted(found.fields.items())))
        if key in self.merged:
            self.counts[key] += self.merged[key].line_number != found.line_number
            self.last_line[key] = found.line_number
        elif len(self.merged) < MATCH_CAP:
            self.merged[key], self.counts[key], self.last_line[key] = found, 1, found.line_number

    def then(self, later: _Found) -> _Found:
        """These matches followed by those of the part of the text after this one. A logical line across the
        border between the parts is found by both: it counts once."""
        for key, found in later.merged.items():
            if key in self.merged:
                self.counts[key] += later.counts[key] - (self.last_line[key] == found.line_number)
                self.last_line[key] = later.last_line[key]
            elif len(self.merged) < MATCH_CAP:
                self.merged[key], self.counts[key], self.last_line[key] = found, later.counts[key], later.last_line[key]
        # Found in either part, it is in the text; searched for in both and found in neither, it is not.
        self.searched, self.present = self.searched & later.searched, self.present | later.present
        return self


def _scan_part(text: str, source: str, kind: str | None, table: CompiledCatalogue, start: int, end: int) -> _Found:
    """The matches of the lines from offset `start` to `end` (whole lines); their messages may reach beyond."""
    found, present = _Found(), set()
    for window in _windows(text, table, kind, start, end, present):
        lines = _window_lines(text, window)
        for match in match_lines(lines, source, kind, table, list(window.candidates.values())):
            found.add(match)
    found.searched = frozenset(name for match in found.merged.values() for name in table.by_code[match.code].contexts)
    found.present = frozenset(present) | in_text_by_other_markers(text, found.searched - present, start, end)
    return found


def _scan_in_two(text: str, source: str, kind: str | None, table: CompiledCatalogue) -> _Found:
    """The matches of the whole text: a long one read in two halves at once, the second by a forked child where
    the platform allows (forked.py); the same matches either way."""
    middle = text.find("\n", len(text) // 2) + 1
    if len(text) < PARALLEL_FROM or not middle or not can_fork():
        return _scan_part(text, source, kind, table, 0, len(text))
    table.prepare_for_scans(long_texts=len(text) >= DATABASE_FROM)  # once, before the fork: both halves use it
    second_half = start_forked(lambda: _scan_part(text, source, kind, table, middle, len(text)), CHILD_TIMEOUT_S)
    try:
        first = _scan_part(text, source, kind, table, 0, middle)
    finally:
        second = second_half()  # the child is waited for even when this half fails (Ctrl-C ends both)
    return first.then(second if second is not None else _scan_part(text, source, kind, table, middle, len(text)))


# Forum and chat software, and word processors, turn a tool's straight quotes into typographic ones as the person
# pastes ("couldn’t communicate with the NVIDIA driver"): the tools print straight ones, and the patterns read those.
_TYPOGRAPHIC = "\u2018\u2019\u201c\u201d"
STRAIGHTENED = str.maketrans(_TYPOGRAPHIC, "''\"\"")


def scan(text: str, source: str, kind: str | None = None,
         table: CompiledCatalogue | None = None, contexts: frozenset[str] = frozenset()) -> tuple[SignatureMatch, ...]:
    """Every signature in `text`, in the text's order. `kind` is the text's kind when the caller knows it (a
    kernel log is "dmesg"); rows written for other kinds are then skipped. The same code with the same fields
    is one match, counted (`count`), at its first line. `contexts`: those the caller knows the text is in (a live
    host's), beside those its own lines show: gpudoctor/knowledge/contexts.py, in_contexts. `table` replaces the
    catalogue (tests)."""
    table = table or (compiled() if len(text) <= DESCRIPTION_TEXT_MAX else compiled_for_logs())
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if any(quote in text for quote in _TYPOGRAPHIC):  # each test is instant on a text of ASCII only
        text = text.translate(STRAIGHTENED)
    found = _scan_in_two(text, source, kind, table)
    read = in_contexts(tuple(dataclasses.replace(match, count=found.counts[key]) if found.counts[key] > 1 else match
                             for key, match in found.merged.items()), text, table.by_code,
                       contexts | found.present, found.searched - found.present)
    if kind is not None or len(text) > DESCRIPTION_TEXT_MAX:
        return read  # what a paste names is read in a paste, not in a live log or a long one
    return _with_conclusions(text, read, source, table)


def _with_conclusions(text: str, read: tuple[SignatureMatch, ...], source: str,
                      table: CompiledCatalogue) -> tuple[SignatureMatch, ...]:
    """`read` with the conclusions from what the text names (gpudoctor/knowledge/compat.py) added; the generic
    matches a conclusion explains go on it as `refined`."""
    from gpudoctor.knowledge.compat import conclusions

    for found in conclusions(text, {match.code: table.by_code[match.code].cause_id for match in read}):
        explained = tuple(match for match in read if match.code in found.row.refines)
        start = text.rfind("\n", 0, found.at) + 1
        end = text.find("\n", found.at)
        line = text[start:end if end >= 0 else len(text)].strip()[:LINE_CAP]
        conclusion = SignatureMatch(found.row.code, dict(found.fields), line, text.count("\n", 0, found.at) + 1,
                                    source, refined=explained)
        read = (*(match for match in read if match.code not in found.row.refines), conclusion)
    return read


def scan_bytes(data: bytes, source: str, kind: str | None = None,
               table: CompiledCatalogue | None = None) -> tuple[SignatureMatch, ...]:
    """`scan` of raw bytes: UTF-8, or UTF-16 as PowerShell and wsl.exe write it (with or without a BOM)."""
    from gpudoctor.pasted.text import decode

    return scan(decode(data)[0], source, kind, table)
