"""Built-in probes found in their module's source, the module imported when the probe is first used.

Every run loads the registry, and the registry used to import every module of gpudoctor/probes to find its
`@provides(fact)` functions. A default check never runs six of them (deep, stress, torch, tensorflow,
shell_startup, privileges: opt-ins and `fix`), and their imports, mostly the dataclasses of their facts, cost
every run 18 ms of CPU on the 2-core machine. A probe module nothing has imported yet is therefore read
as text: each `@provides("fact")` line at the start of a line, and the `def` it decorates, name a probe; the
module is imported when the engine calls the probe or asks it what its decorators declared (`not_seen`,
`prefetch_if`). tests/registry holds that reading the sources finds exactly what importing them finds.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any, Callable

# `@provides("fact"` opening a line; what follows it (not_seen=..., other decorators) is the module's to say.
_PROVIDES = re.compile(r'^@provides\("([A-Za-z0-9_.-]+)"', re.MULTILINE)
_FUNCTION = re.compile(r"^def ([A-Za-z_][A-Za-z0-9_]*)\(", re.MULTILINE)


class ProbeInSource:
    """A probe named by its module's source; called, or asked for an attribute, it is the function itself."""

    def __init__(self, fact: str, module: str, function: str) -> None:
        self.provides = fact
        self.__module__ = module
        self.__qualname__ = function
        self._function: Callable[..., Any] | None = None

    def load(self) -> Callable[..., Any]:
        if self._function is None:
            self._function = getattr(importlib.import_module(self.__module__), self.__qualname__)
        return self._function

    def __call__(self, host, facts) -> Any:
        return self.load()(host, facts)

    def __getattr__(self, name: str) -> Any:
        # Only what the instance lacks: not_seen, prefetch_if and the like, set by the probe's decorators.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.load(), name)

    def __repr__(self) -> str:
        return f"<probe {self.provides!r}: {self.__module__}:{self.__qualname__}, imported on first use>"


def probes_in_source(module: str, path: Path) -> list[ProbeInSource] | None:
    """The probes `path`'s source declares, or None where it cannot be read (the module is then imported)."""
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = []
    for declared in _PROVIDES.finditer(source):
        function = _FUNCTION.search(source, declared.end())
        if function is None:
            return None  # not the shape this reader knows: the import will tell
        found.append(ProbeInSource(declared.group(1), module, function.group(1)))
    return found
