"""How the terminal report meets the terminal: colour or not, and the width to wrap to.

Colour follows the conventions users set once for all their tools:
- NO_COLOR (https://no-color.org): a NON-EMPTY value turns colour off; `NO_COLOR=` does not.
- FORCE_COLOR (https://force-color.org): a non-empty value turns colour on even when the output
  is not a terminal (CI logs that render ANSI); NO_COLOR wins over it, as rich and pip do.
- TERM=dumb: the terminal understands no escape sequences, so no colour.
Otherwise colour only on a terminal.

Styles are printed with click.style rather than rich: `python -X importtime` puts rich.console
and rich.text at 25-30 ms on a 2-core machine against nothing for click (already loaded), for a
report that needs only a few colours and a hanging indent (`python bench/startup.py` prints both).
"""

from __future__ import annotations

import os
import shutil
import textwrap
from typing import TextIO

import click

_COLOURS = {"green", "yellow", "red", "magenta", "cyan"}
# Narrower than this, a hanging indent leaves too little room for words; wrap flush left instead.
_MIN_TEXT_COLUMNS = 20


def colour_wanted(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    return hasattr(stream, "isatty") and stream.isatty()


def terminal_width(stream: TextIO) -> int | None:
    """COLUMNS when set, else the terminal's width; None (no wrapping) when writing to a file or pipe."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if hasattr(stream, "isatty") and stream.isatty():
        return shutil.get_terminal_size().columns
    return None


def wrapped(text: str, width: int | None, indent: int) -> list[str]:
    """The line cut at spaces to `width` columns, continuations indented by `indent`; long words stay whole."""
    if width is None or len(text) <= width:
        return [text]
    if width - indent < _MIN_TEXT_COLUMNS:
        indent = min(indent, 2)
    return textwrap.wrap(text, width, subsequent_indent=" " * indent, break_long_words=False,
                         break_on_hyphens=False) or [text]


def styled(text: str, style: str) -> str:
    """A style as the report names it ("bold red", "dim") in ANSI, through click."""
    words = style.split()
    colour = next((word for word in words if word in _COLOURS), None)
    return click.style(text, fg=colour, bold="bold" in words or None, dim="dim" in words or None)
