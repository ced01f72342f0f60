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
import re
import sys
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
        import shutil  # only here: it brings the compression modules, which a report to a file or pipe never needs

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


# Every command wraps to this width when it writes to a file or a pipe and COLUMNS is not set, so that
# a saved report, `gpudoctor list` or `fix` plan reads the same in an 80-column editor or issue box
# (rich and click fall back to 80 too). Machine formats (JSON, markdown, metrics) are never wrapped.
DEFAULT_COLUMNS = 80
_MARKER = re.compile(r"(\s*)(?:[-*]|\d+\.)\s+")  # "- item", "  * item", "2. item": continuations align after it
_LABEL = re.compile(r" +[a-z][a-z ]{0,15}: +")  # "   afterwards: ..." in an indented block of labelled lines
_GAP = re.compile(r"\S(\s{2,})(?=\S)")  # two spaces or more between words: a column of an aligned table


def output_width(stream: TextIO | None = None) -> int:
    """COLUMNS when set, else the terminal's width, else 80 (a file or a pipe)."""
    return terminal_width(stream if stream is not None else sys.stdout) or DEFAULT_COLUMNS


def _hanging_indent(line: str, width: int) -> int:
    """Where a wrapped line's continuations start: after an aligned column's gap, a list marker, or
    an indented label, or the line's own indent; never so far right that its longest word no longer fits."""
    lead = len(line) - len(line.lstrip(" "))
    gaps = [m.end(1) for m in _GAP.finditer(line) if m.end(1) <= width // 2]
    marker = _MARKER.match(line)
    label = _LABEL.match(line)
    indent = gaps[-1] if gaps else marker.end() if marker else label.end() if label else lead + 2 if lead else 2
    longest = max((len(word) for word in line.split()), default=0)
    return max(0, min(indent, width - longest))


def fitted_line(line: str, width: int, hanging: int | None = None) -> list[str]:
    """One line cut at spaces to `width` columns, continuations at `hanging` (default: worked out from
    the line); long words stay whole."""
    line = line.rstrip()
    if len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    longest = max(len(word) for word in line.split())
    hanging = _hanging_indent(line, width) if hanging is None else max(0, min(hanging, width - longest))
    pieces = textwrap.wrap(line.lstrip(" "), width, initial_indent=" " * lead, subsequent_indent=" " * hanging,
                           break_long_words=False, break_on_hyphens=False)
    return pieces or [line]


def fitted(text: str, width: int) -> str:
    """Every line of `text` fitted to `width` columns; lines already short enough stay as they are."""
    return "\n".join(piece for line in text.split("\n") for piece in fitted_line(line, width))


def reflowed(text: str, width: int) -> str:
    """Documentation hard-wrapped at some other width, poured again into `width` columns: the lines of
    a paragraph join, and so do the deeper-indented lines that continue an indented row; list items
    and aligned table rows keep their own lines."""
    rows: list[list] = []  # [text, its lead, whether it is indented or a list item, continuation column]
    for line in text.split("\n"):
        lead = len(line) - len(line.lstrip(" "))
        marker = _MARKER.match(line) is not None
        if line.strip() and rows and rows[-1][0].strip() and not marker:
            text_so_far, row_lead, row_indented, _ = rows[-1]
            if (lead == 0 and row_lead == 0) or (row_indented and lead > row_lead):
                rows[-1][0] += " " + line.strip()
                rows[-1][3] = rows[-1][3] if rows[-1][3] is not None else (lead or None)
                continue
        rows.append([line.rstrip(), lead, lead > 0 or marker, None if lead or marker else 0])
    return "\n".join(piece for text, _, _, hanging in rows for piece in fitted_line(text, width, hanging))
