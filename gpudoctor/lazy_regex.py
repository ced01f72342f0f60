"""Regular expressions compiled where they are first used, not when their module is imported.

Every run imports every check and probe module (the registry finds them that way), so a pattern compiled
at module level is paid for on every run, used or not: the secret ruleset's hundred token shapes, of which a
text needs only those whose prefix it holds; a Windows probe's patterns on Linux. `lazy_compile` stands
where `re.compile` stood: the pattern compiles on its first use, and each method or attribute asked of it
is then read from the compiled pattern and kept, so later calls cost what they cost before.
"""

from __future__ import annotations

import re
from typing import Any


class LazyPattern:
    """A `re.Pattern` compiled on first use; it answers what the compiled pattern answers."""

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern | None = None

    @property
    def compiled(self) -> re.Pattern:
        # Two threads asking at once may both compile: the same pattern twice, harmless.
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        # Called only for what the instance lacks: search, match, sub, pattern, groupindex... Private and
        # special names are not the pattern's to answer (copy and pickle ask for those before __init__ ran).
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(self.compiled, name)
        setattr(self, name, value)  # the bound method kept: the next call finds it at once
        return value

    def __repr__(self) -> str:
        return f"lazy_compile({self._source!r}, {self._flags!r})"


def lazy_compile(source: str, flags: int = 0) -> LazyPattern:
    return LazyPattern(source, flags)
