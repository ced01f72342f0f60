"""Where a text came from: the contexts in which a generic error line means something more specific.

"no CUDA-capable device is detected" means one thing on a bare Linux host and another inside WSL 2 (a Linux libcuda
shadowing /usr/lib/wsl/lib), inside a container (started without the NVIDIA runtime), under a distributed launcher
(more ranks than visible GPUs) or with CUDA_VISIBLE_DEVICES set (to a GPU the machine lacks). A helper reads the other
lines of a paste to tell; so does gpudoctor. Each context (data in gpudoctor/knowledge/context_table.py; those of
local-LLM and serving apps in context_table_apps.py, of hosts and builds in context_table_hosts.py) is recognised in a text by its `markers` (regexes, none spanning two lines, each starting with plain characters, which `re` finds by
a fast scan where in_text searches a whole text: a marker that starts with a class or `\b` took 40 times as long on 50
MB; the signature matcher finds them in its own passes instead, by a plain word each holds: folded_markers) and on a
live host by the facts the probes already gathered (`of_host`). A signature row with `contexts=(...)` matches only in
one of them, and takes precedence over the generic rows it `refines` (`in_contexts`, which the matcher applies to
every scan). A row without contexts refines generic rows where its own line is evidence of the cause behind their
symptom, on their line, near it or anywhere in the text (Signature.refines_within; refining.py, applied first). Pure
functions; the markers are compiled on first use, only where a context row matched.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import Mapping

from gpudoctor.knowledge import context_table, context_table_apps, context_table_hosts
from gpudoctor.knowledge.refining import refined_by_their_evidence
from gpudoctor.lazy_regex import LazyPattern, lazy_compile

# The tables, in their order: innermost first (context_table.py says why).
CONTEXTS = context_table.CONTEXTS + context_table_apps.CONTEXTS + context_table_hosts.CONTEXTS
NAMES = tuple(context.name for context in CONTEXTS)


@cache
def _compiled() -> tuple[tuple[str, tuple[re.Pattern, ...]], ...]:
    return tuple((context.name, _searches(context.markers)) for context in CONTEXTS)


def _searches(markers: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    """The markers as few searches as keep each fast: those that open with the same plain character become one
    regex, `c(?:(?:rest)|(?:rest))`, which `re` still scans for by that character (each search is a pass over the
    whole text: grouped so, the contexts' markers cost 27 % less on the 50 MB bench); the others one search each."""
    from gpudoctor.knowledge.pattern_keys import _parse  # the standard library's parser, on Python 3.10 too

    grouped: dict[str, list[str]] = {}
    alone = []
    for marker in markers:
        parsed = _parse(marker)
        first = parsed.data[0] if len(parsed.data) else None
        if first and str(first[0]) == "LITERAL" and marker[0] == chr(first[1]) and marker[0] not in "\\[(.^$|?*+{":
            grouped.setdefault(marker[0], []).append(marker[1:])
        else:
            alone.append(marker)
    return (*(re.compile(re.escape(first) + "(?:" + "|".join(f"(?:{rest})" for rest in rests) + ")")
              for first, rests in grouped.items()), *(re.compile(marker) for marker in alone))


# A marker that holds a plain word (pattern_keys.required_literals: one of its words is in every match) is found by
# the signature matcher's own passes over a text: that word is one more literal of its prefilter
# (matcher.CompiledCatalogue), and the marker is searched for only in the lines that hold it. A long log is then
# not read again, once per first character of the markers, to learn its contexts (on the 50 MB bench those
# searches had come to 1.7 s, a fifth of the scan). A marker whose words healthy logs are full of ("level=INFO",
# "ollama") is not folded: its word would wake the prefilter on most lines of every Ollama log (in half the 50 MB
# bench, two thirds of the prefilter's 320,000 finds and 15 % of the scan), where one search of its own, made only when
# a match needs its context, stops at the first line.
@cache
def folded_markers() -> tuple[tuple[tuple[str, ...], str, LazyPattern], ...]:
    """(the words one of which every match holds, its context, the marker compiled on first use) of each marker
    that has such words."""
    return tuple((words, context.name, lazy_compile(marker)) for context in CONTEXTS for marker in context.markers
                 if (words := _folding_words(marker)))


def _folding_words(marker: str) -> tuple[str, ...]:
    """derive_folding_words(marker), from the table tools/derived_keys.py writes where it holds the marker."""
    from gpudoctor.knowledge.pattern_keys import folding_words_table

    known = folding_words_table().get(marker)
    return known if known is not None else derive_folding_words(marker)


def derive_folding_words(marker: str) -> tuple[str, ...]:
    """The words one of which every match of `marker` holds, where each is rare enough in healthy logs to be a
    literal of the matcher's prefilter; () where the marker is searched for on its own."""
    from gpudoctor.knowledge.pattern_keys import rare_in_healthy_logs, required_literals

    words = required_literals(marker)
    return words if all(map(rare_in_healthy_logs, words)) else ()


@cache
def _unfolded() -> tuple[tuple[str, tuple[re.Pattern, ...]], ...]:
    """Per context, the searches for its markers that folded_markers leaves out (no plain word of three characters
    that every match holds: "-1 {1,40}\\| ", a container's prefix in `docker compose logs`; or only common ones)."""
    out = []
    for context in CONTEXTS:
        rest = tuple(marker for marker in context.markers if not _folding_words(marker))
        out.append((context.name, _searches(rest) if rest else ()))
    return tuple(out)


def in_text_by_other_markers(text: str, names: frozenset[str], start: int, end: int) -> frozenset[str]:
    """The contexts of `names` that the markers folded_markers leaves out put text[start:end] in: the rest of
    in_text, for a caller that found the folded ones itself."""
    return frozenset(name for name, markers in _unfolded()
                     if name in names and any(marker.search(text, start, end) for marker in markers))


def in_text(text: str, names: frozenset[str] | None = None, start: int = 0, end: int | None = None) -> frozenset[str]:
    """The contexts (of `names`, or all) whose markers the text (from offset `start` to `end`: whole lines, as no
    marker spans two) holds: one search per marker, each linear (its literal start lets `re` skip ahead, 10-20 ms
    on 25 MB), a context's other markers skipped once one is found."""
    end = len(text) if end is None else end
    return frozenset(name for name, markers in _compiled()
                     if (names is None or name in names) and any(marker.search(text, start, end) for marker in markers))


def of_host(platform=None, container=None, secure_boot=None) -> frozenset[str]:
    """The contexts a live host is in, from facts gpudoctor gathered (a probe's answers; None when not known):
    the platform's kind ("wsl", "windows"), whether the container probe found it running in a container, and the Secure
    Boot state read from EFI (True only: unknown is not on)."""
    found = set()
    if getattr(secure_boot, "on", None) is True:
        found.add("secure-boot")
    if getattr(platform, "kind", None) in ("wsl", "windows"):
        found.add(platform.kind)
    if getattr(container, "in_container", False) is True:
        found.add("container")
    return frozenset(found)


def in_contexts(matches: tuple, text: str, rows: Mapping, given: frozenset[str] = frozenset(),
                absent: frozenset[str] = frozenset()) -> tuple:
    """The matches (matcher.SignatureMatch) as read in the text's contexts: a row written for contexts
    (Signature.contexts; `rows` gives each code's row) is kept only where the text's markers or `given` (a live
    host's) put it in one of them, and then the generic rows it refines give no match of their own: theirs go on
    it, as `refined`. Where rows of several contexts refine the same generic rows (Docker Desktop's containers run
    in WSL 2), only the innermost context's is kept: one cause, one next step. Only the contexts of the context
    rows that matched are searched for, so that a text without such a match costs nothing more; `absent`: contexts
    the caller already searched the whole text for and did not find (matcher.scan, in each half of a long text)."""
    found_codes = {found.code for found in matches}
    matches = refined_by_their_evidence(matches, rows)
    wanted = frozenset(name for found in matches for name in rows[found.code].contexts)
    if not wanted:
        return matches
    present = given | in_text(text, wanted - given - absent)
    kept, refined = _kept_in_context(matches, rows, present, found_codes)
    out = []
    for found in matches:
        row = rows[found.code]
        if id(found) in kept:
            out.append(replace(found, refined=tuple(m for m in matches if m.code in row.refines)))
        elif not row.contexts and found.code not in refined:
            out.append(found)
    return tuple(out)


def _kept_in_context(matches: tuple, rows: Mapping, present: frozenset[str], found_codes: set[str]) -> tuple[set, set]:
    """(ids of the context rows' matches to keep, codes of the generic rows they refine): innermost context first; a
    context row gives way to an inner context's row that reads the same lines, and to rows with evidence of the cause
    that already took every generic match it would read (its reading would be a second cause beside theirs)."""
    explained = {m.code for found in matches for m in found.refined} - {found.code for found in matches}
    kept, refined = set(), set()
    for found in sorted((m for m in matches if present.intersection(rows[m.code].contexts)),
                        key=lambda m: min(NAMES.index(name) for name in rows[m.code].contexts if name in present)):
        row = rows[found.code]
        read = set(row.refines) & found_codes  # the generic rows it refines that this text holds
        if row.refines and (set(row.refines) <= refined or read and read <= refined | explained):
            continue
        kept.add(id(found))
        refined |= set(row.refines)
    return kept, refined
