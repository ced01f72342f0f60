"""What each signature pattern must hold, read from the regex itself: the plain words the matcher's prefilter
keys it on (its rarest, by COMMON_WORDS, by how often the healthy recordings hold it and by length; or a word or
the end of one as rare, whose first character other keys share: choose_keys), the words every match holds, and
whether it could take more than linear time.

Deriving this parses every pattern (~0.1 s of CPU for the whole catalogue, on the path of a live check that reads
a kernel log), so `derived` answers from gpudoctor/knowledge/derived_keys.py, which tools/derived_keys.py writes
from the catalogue, and derives only a pattern that table does not hold (a row added since): it is never wrong,
only slower, when the table is old. tests/knowledge holds every entry of the table to what derivation gives.
"""

from __future__ import annotations

import bisect
import collections
import hashlib
import re
from functools import cache
from pathlib import Path
from typing import Sequence

import msgspec

TABLE = Path(__file__).with_name("derived_keys.json")

MIN_LITERAL = 3
# Words the healthy recordings hold less often than this per million characters are all alike: the recordings
# are a sample (few hold prose, where "this" is everywhere), and length tells more among them.
RARE_RATE = 128
# A key healthy logs hold this often (once per 4,000 characters) wakes the matcher on too many of their lines: a
# row's pattern must hold a rarer word (tests/knowledge/test_signatures.py).
COMMON_RATE = 256
KEY_WORD_LENGTH = 5  # a word other than the best one keys a pattern only if this long (choose_keys)
KEY_END_LENGTH = 6  # ...and the end of a word (a key need not start where the word does) only if this long


# -- what a pattern must hold, read from the regex itself ----------------------------------------------
@cache
def _parse(pattern: str):
    try:
        from re import _parser as parser  # Python 3.11+
    except ImportError:  # pragma: no cover - Python 3.10
        import sre_parse as parser
    return parser.parse(pattern)


_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")


def _best(a: tuple[str, ...] | None, b: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """The stronger of two requirements: the one whose least specific alternative is the more specific."""
    if not b:
        return a
    if not a:
        return b
    return b if min(map(_specificity, b)) > min(map(_specificity, a)) else a


# Words healthy logs are full of (GPU names, Ollama's discovery and load lines, the driver's start-up): a
# prefilter on one of them would wake the matcher on most lines, so a rarer word of the pattern is preferred.
COMMON_WORDS = frozenset((
    "NVRM:", "NVIDIA", "nvidia", "GeForce", "CUDA", "cuda", "GPU", "gpu", "device", "Device", "driver", "Driver", "kernel",
    "module", "memory", "version", "Version", "library", "loading", "Loading", "failed", "Failed", "error", "Error",
    "missing", "found", "model", "level=INFO", "level=WARN", "level=ERROR", "source=", "msg=", "compute", "layers",
    "offload", "server", "runner", "system", "process", "available", "support", "supported",
    # Ollama's server log, healthy: its address (":11434"), its memory estimate ('required="6.5 GiB"'), its
    # scheduler ("parallel=4") and every model load ("waiting for llama runner to start responding").
    ":11434", "required", "parallel", "waiting",
    # ...and its start and every load: "looking for compatible GPUs", llama.cpp's "llama_context:" lines and its
    # tensor listing (40,000 of the 50 MB bench's lines held "tensor").
    "compatible", "context", "tensor",
    # ...its every request ('... "http://127.0.0.1:34567/completion"'), and each GPU it lists ("compute capability").
    "http://127.0.0.1:", "capability",
))


@cache
def _healthy_words() -> tuple[str, list[int], list[int]]:
    """The words of gpudoctor/knowledge/healthy_words.py joined by newlines, where each starts, and its rate."""
    from gpudoctor.knowledge.healthy_words import PER_MILLION

    starts, position = [], 0
    for word in PER_MILLION:
        starts.append(position)
        position += len(word) + 1
    return "\n".join(PER_MILLION), starts, list(PER_MILLION.values())


@cache
def healthy_rate(word: str) -> int:
    """How often healthy logs hold `word`, alone or inside a longer word (the prefilter finds both), per million
    characters of the kind of log that holds it most (gpudoctor/knowledge/healthy_words.py); 0 when rare."""
    joined, starts, rates = _healthy_words()
    holding: set[int] = set()
    position = joined.find(word)
    while position >= 0:
        holding.add(bisect.bisect_right(starts, position) - 1)
        position = joined.find(word, position + 1)
    return sum(rates[index] for index in holding)


def rare_in_healthy_logs(word: str) -> bool:
    """Whether healthy logs hold `word` (alone or inside a longer word) seldom enough for a prefilter literal."""
    return healthy_rate(word) < COMMON_RATE


def _specificity(word: str) -> tuple[bool, int, int]:
    """How rare a word is likely to be in a log: not a common word first, then seldom seen in the healthy
    recordings (by powers of two above RARE_RATE: below it, and between rates not far apart, a tie), then long,
    and holding more than letters ("Xid", "cudaMalloc", "(PCI:" beat plain words of their length)."""
    return (word not in COMMON_WORDS, -(healthy_rate(word) // RARE_RATE).bit_length(),
            len(word) + (0 if word.isalpha() else 3))


def _word(run: str) -> tuple[str, ...] | None:
    """The most specific word of a run of literal characters. A logical line may join several physical lines
    with a space where each broke, and the prefilter reads physical lines: a word is on one of them, a phrase
    may not be."""
    words = [word for word in run.split() if len(word) >= MIN_LITERAL]
    return (max(words, key=_specificity),) if words else None


def _parts(items):
    """A parsed pattern's parts in order, as (literal text before the part, the part's op name, its value); the
    last has the text after every part and the name None."""
    run: list[str] = []
    for op, value in items:
        name = str(op)
        if name == "LITERAL":
            run.append(chr(value))
            continue
        yield "".join(run), name, value
        run = []
    yield "".join(run), None, None


def _required(items) -> tuple[str, ...] | None:
    """Literals one of which every match must contain, or None when the regex promises none."""
    best: tuple[str, ...] | None = None
    for text, name, value in _parts(items):
        best = _best(best, _word(text))
        if name == "SUBPATTERN" and not value[1] & re.IGNORECASE:
            best = _best(best, _required(value[-1]))
        elif name == "BRANCH":
            branches = [_required(branch) for branch in value[1]]
            if all(branches):
                best = _best(best, tuple(sorted({literal for branch in branches for literal in branch})))
        elif name in _REPEATS and value[0] >= 1:
            best = _best(best, _required(value[2]))
    return best


def _mandatory_words(items) -> set[str]:
    """Every word (of literal characters, without whitespace) that any match must contain: the literal runs in
    the pattern's sequence and in groups and repeats that must occur, not those in an alternation."""
    words: set[str] = set()
    for text, name, value in _parts(items):
        words.update(text.split())
        if name == "SUBPATTERN" and not value[1] & re.IGNORECASE:
            words |= _mandatory_words(value[-1])
        elif name in _REPEATS and value[0] >= 1:
            words |= _mandatory_words(value[2])
    return words


def _ignores_case(pattern: str) -> bool:
    """Read from the parse, which the literals need anyway: compiling each pattern only for its flags would cost
    a live check's kernel log ~20 ms, where only the few patterns a text may match are compiled (on first use)."""
    return bool(_parse(pattern).state.flags & re.IGNORECASE)


@cache
def mandatory_words(pattern: str) -> tuple[str, ...]:
    """Words of MIN_LITERAL characters or more that every match of `pattern` holds, longest first: a line without
    one of them is not searched."""
    if _ignores_case(pattern):
        return ()
    words = (word for word in _mandatory_words(_parse(pattern)) if len(word) >= MIN_LITERAL)
    return tuple(sorted(words, key=lambda word: (-len(word), word)))


@cache
def required_literals(pattern: str) -> tuple[str, ...]:
    """The literals the prefilter looks for: one of them is in every line the pattern matches."""
    if _ignores_case(pattern):
        return ()
    return _required(_parse(pattern)) or ()


def key_options(pattern: str) -> list[tuple[str, ...]]:
    """What the prefilter may key `pattern` on, best first: its required_literals, then each word it must hold
    (KEY_WORD_LENGTH characters or more) and then each end of one (KEY_END_LENGTH or more: "Malloc" of
    "cudaMalloc" is in every line "cudaMalloc" is) that is as rare, not common and held no more often by the
    healthy recordings, so that the catalogue can take one that starts with a character other keys start with.
    A key a healthy log holds more often would cost more in the lines it wakes than a pass saves."""
    best = required_literals(pattern)
    if not best or not set(best).isdisjoint(COMMON_WORDS):
        return [best]
    rate = max(map(healthy_rate, best))
    words = [word for word in mandatory_words(pattern) if word not in COMMON_WORDS]
    ends = [word[start:] for word in words for start in range(1, len(word) - KEY_END_LENGTH + 1)]
    return [best, *dict.fromkeys((key,) for key in [*(word for word in words if len(word) >= KEY_WORD_LENGTH), *ends]
                                 if (key,) != best and key not in COMMON_WORDS and healthy_rate(key) <= rate)]


# What derivation gives for one pattern: its key_options, and its mandatory_words each with its healthy_rate (the
# matcher searches a line for the rarest first).
Derived = tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, int], ...]]


def derive(pattern: str) -> Derived:
    """Derived from the regex itself (0.1-1 ms a pattern)."""
    options = tuple(key_options(pattern))
    return options, tuple((word, healthy_rate(word)) for word in mandatory_words(pattern))


class _Table(msgspec.Struct):
    """derived_keys.json, decoded straight into tuples: json.loads and the conversion took 0.11-0.19 s of every
    catalogue's first compile (the kernel log's scan child, `read`) on the development machine, this 0.02-0.03 s."""

    patterns: dict[str, Derived] = {}
    markers: dict[str, tuple[str, ...]] = {}
    # choose_keys' answer for each list of patterns the matcher compiles (the whole catalogue's, and the rows that read
    # long texts), by patterns_fingerprint: the choice weighs every pattern against the others (40-60 ms).
    chosen: dict[str, tuple[tuple[str, ...], ...]] = {}


@cache
def _document() -> _Table:
    """derived_keys.json as read, or an empty table where it cannot be read (the matcher then derives every pattern
    and marker: slower, not wrong)."""
    try:
        return msgspec.json.decode(TABLE.read_bytes(), type=_Table)
    except (OSError, msgspec.DecodeError):  # a ValidationError is a DecodeError
        return _Table()


@cache
def _table() -> dict[str, Derived]:
    """The patterns tools/derived_keys.py derived, as derive gives them."""
    return _document().patterns


@cache
def folding_words_table() -> dict[str, tuple[str, ...]]:
    """The contexts' markers tools/derived_keys.py derived, with the words one of which every match of each holds
    (contexts.folded_markers): parsing the ~180 markers took ~20 ms of every first scan."""
    return _document().markers


# Reading the table costs about 50 ms (1 MB of JSON), deriving a pattern 0.1-1 ms: a catalogue of fewer patterns than
# this (the kernel's GPU events, read on every live check's path and not in the table) derives them unless the
# table was read already.
TABLE_WORTH_READING = 50


def derived(patterns: list[str]) -> list[Derived]:
    """What `derive` gives for each of `patterns`, from the table where it holds the pattern."""
    if len(patterns) < TABLE_WORTH_READING and not _table.cache_info().currsize:
        return [derive(pattern) for pattern in patterns]
    table = _table()
    return [table.get(pattern) or derive(pattern) for pattern in patterns]


def patterns_fingerprint(patterns: Sequence[str]) -> str:
    """What names a list of patterns (in order, repeats included: choose_keys counts each) in the table's `chosen`.
    SHA-256, which a host in FIPS mode still allows (SHA-1 and MD5 it may refuse)."""
    return hashlib.sha256("\0".join(patterns).encode("utf-8", "surrogatepass")).hexdigest()


def chosen_keys(patterns: Sequence[str], options: Sequence[Sequence[tuple[str, ...]]]) -> list[tuple[str, ...]]:
    """choose_keys(options) for `patterns`, from the table where it holds the answer for that very list (derived
    read the table: a list with a pattern the table lacks has another fingerprint, and is chosen anew)."""
    if _table.cache_info().currsize:
        known = _document().chosen.get(patterns_fingerprint(patterns))
        if known is not None and len(known) == len(options):
            return list(known)
    return choose_keys(options)


def _first_characters(literals: tuple[str, ...]) -> set[str]:
    return {literal[0] for literal in literals}


def _one_short(options: Sequence[tuple[str, ...]], taken: set[str]) -> set[str]:
    """The characters that, taken, would serve an option that needs just one more."""
    missing = (_first_characters(option) - taken for option in options)
    return {min(chars) for chars in missing if len(chars) == 1}


def choose_keys(options: Sequence[Sequence[tuple[str, ...]]]) -> list[tuple[str, ...]]:
    """One of each pattern's key_options, so that the keys start with as few characters as can be: each is a pass
    of the prefilter over the whole text (about 15 ms on 50 MB), the same for a rare key as for a common one. A
    pattern with one option takes it; then the character that serves most of the patterns left is added, until
    each has an option whose literals all start with a character taken; each takes the first such option."""
    taken: set[str] = set()
    for pattern_options in options:
        if len(pattern_options) == 1:
            taken |= _first_characters(pattern_options[0])

    def unserved() -> list[Sequence[tuple[str, ...]]]:
        return [opts for opts in options if not any(_first_characters(o) <= taken for o in opts)]

    while left := unserved():
        votes = collections.Counter(char for opts in left for char in _one_short(opts, taken))
        # Where no single character would serve a pattern (its options each need two more), its best is taken.
        taken |= {min(votes, key=lambda char: (-votes[char], char))} if votes else _first_characters(left[0][0])
    return [next(o for o in opts if _first_characters(o) <= taken) for opts in options]


def nested_quantifier(pattern: str) -> str | None:
    """Why the pattern could take more than linear time (a repeat inside a repeat, or an alternation inside
    one, as in `(a+)+` or `(a|ab)*`), or None."""

    def walk(items, inside_repeat: bool) -> str | None:
        for op, value in items:
            name = str(op)
            if name in _REPEATS:
                repeats = value[1] > 1
                if repeats and inside_repeat:
                    return "a quantifier inside a quantifier"
                found = walk(value[2], inside_repeat or repeats)
            elif name == "BRANCH":
                if inside_repeat:
                    return "an alternation inside a quantifier"
                found = next((why for branch in value[1] if (why := walk(branch, inside_repeat))), None)
            elif name == "SUBPATTERN":
                found = walk(value[-1], inside_repeat)
            elif name in ("ASSERT", "ASSERT_NOT"):
                found = walk(value[1], inside_repeat)
            elif name == "GROUPREF":
                found = "a back-reference"
            else:
                found = None
            if found:
                return found
        return None

    return walk(_parse(pattern), False)
