"""Text from the machine (GPU names, log lines, command output) made safe to print on a terminal.

A recorded GPU name or log line may hold escape sequences: ESC [ 2 J clears the screen, OSC 8 writes
links, others retitle the window or, on old terminals, answer back into the shell's input. Bidirectional
overrides (U+202E) make text read differently from what it is. Each such character is shown as its
escape (`\\x1b`, `\\u202e`) instead: visible, harmless, and still telling what was there.
"""

from __future__ import annotations

_BIDI_CONTROLS = [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]
_CONTROLS = [code for code in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if code != 0x0A]

_ESCAPES = {code: f"\\x{code:02x}" for code in _CONTROLS}
_ESCAPES.update({code: f"\\u{code:04x}" for code in _BIDI_CONTROLS})
_ESCAPES.update({code: f"\\u{code:04x}" for code in (*range(0xD800, 0xE000), 0xFFFE, 0xFFFF)})  # not characters
_ESCAPES[0x09] = " "  # a tab is harmless; keep the line's look


def printable(text: str) -> str:
    """`text` with control, escape and bidirectional-override characters shown as escapes."""
    return text.translate(_ESCAPES)
