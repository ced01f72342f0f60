"""Check and fix ids as a person types them: exact ids, shell-style patterns (`ollama.*`, the form
the terminal report folds skipped checks into), and near misses ("did you mean").
"""

from __future__ import annotations

import fnmatch
from typing import Iterable

_PATTERN_CHARS = frozenset("*?[")


def is_pattern(text: str) -> bool:
    return bool(_PATTERN_CHARS & set(text))


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """' (did you mean 'gpu.count'?)' for a near miss, else ''."""
    import difflib  # only on the error path: it costs a few ms of start-up

    close = difflib.get_close_matches(word, list(candidates), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def unknown_id(word: str, candidates: Iterable[str], what: str = "check id", where: str = "`gpudoctor list`") -> str:
    candidates = list(candidates)
    if is_pattern(word):  # suggest a pattern for a pattern: 'olama.*' -> 'ollama.*'
        candidates = sorted({f"{c.split('.')[0]}.*" for c in candidates})
        return f"no {what} matches {word!r}{did_you_mean(word, candidates)}; the ids are listed by {where}"
    return f"unknown {what} {word!r}{did_you_mean(word, candidates)}; the ids are listed by {where}"


def expand(words: Iterable[str], known: Iterable[str]) -> tuple[set[str], list[str]]:
    """The known ids the words name (exactly or as patterns), and the words that name none."""
    known = list(known)
    matched: set[str] = set()
    unmatched = []
    for word in words:
        hits = fnmatch.filter(known, word) if is_pattern(word) else [word] if word in known else []
        matched.update(hits)
        if not hits:
            unmatched.append(word)
    return matched, unmatched


def complete(incomplete: str, ids: Iterable[str]) -> list[str]:
    """Shell completion: the ids starting with what was typed so far."""
    return sorted(i for i in ids if i.startswith(incomplete))
