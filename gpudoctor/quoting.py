"""Quoting an argv for the shell a person pastes it into: PowerShell here, bash through shlex.

PowerShell expands `$(...)`, `$var`, backticks and `@(...)` inside double quotes, and cmd.exe's rules
(subprocess.list2cmdline) quote for neither: a printed value such as `$(Start-Process calc.exe)` would
run when pasted. In single quotes PowerShell expands nothing; a single quote inside is written twice.
PowerShell also takes the typographic quotes U+2018, U+2019, U+201A and U+201B as single quotes, so each
of those is doubled too (about_Quoting_Rules).
"""

from __future__ import annotations

import re
from typing import Iterable

_POWERSHELL_SINGLE_QUOTES = "'\u2018\u2019\u201a\u201b"
# Words PowerShell reads as they are, in argument mode: no sigil ($ @), quote, backtick, separator (; , |
# &), grouping ((){}[]), redirection (<>), comment (#), stop-parsing token (--%) or space.
_POWERSHELL_BARE = re.compile(r"[A-Za-z0-9_.:\\/+=-]+")


def powershell_quote(argument: str) -> str:
    """One argument as PowerShell will read it back, literally."""
    if _POWERSHELL_BARE.fullmatch(argument):
        return argument
    doubled = "".join(c * 2 if c in _POWERSHELL_SINGLE_QUOTES else c for c in argument)
    return f"'{doubled}'"


def powershell_command_line(argv: Iterable[str]) -> str:
    """A command line to paste into PowerShell; a quoted program is run with the call operator `&`."""
    words = [powershell_quote(a) for a in argv]
    if words and words[0].startswith("'"):
        words[0] = f"& {words[0]}"
    return " ".join(words)
