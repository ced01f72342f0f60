"""The one sanitiser for text that leaves gpudoctor: terminal, markdown, Prometheus, NFD, JSON, HTML.

It removes secrets first (gpudoctor/host/redact.py: what the host boundary redacts as a live run
records it, applied again here because a snapshot, a paste or a report given to `merge` comes from
elsewhere and may carry what gpudoctor itself would never have kept), then escapes control characters.

Text from the machine or from a paste (GPU names, log lines, command output, a report given to `merge`)
may hold escape sequences: CSI (ESC [ 2 J clears the screen), OSC (OSC 8 writes links, OSC 52 writes the
clipboard, others retitle the window), their 8-bit C1 forms (U+009B is a CSI, U+009D an OSC), and on old
terminals sequences that answer back into the shell's input. Bidirectional controls (U+202E, U+2066...)
make text read differently from what it is. Each such character is shown as its escape (`\\x1b`,
`\\u202e`) instead: visible, harmless, and still telling what was there.

- `printable`: terminal, markdown, Prometheus text and other plain-text formats;
- `json_text`: a JSON document with those characters written as `\\uXXXX` escapes, which a JSON reader
  turns back into the very same characters (nothing lost) while a terminal showing the raw text sees none;
- `html_text`: `printable`, then HTML-escaped (`html.escape`, quotes included, for text and attributes).
"""

from __future__ import annotations

import html
import json
from typing import Any

_BIDI_CONTROLS = [*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C]
_CONTROLS = [code for code in (*range(0x00, 0x20), *range(0x7F, 0xA0)) if code != 0x0A]
_NOT_CHARACTERS = [*range(0xD800, 0xE000), 0xFFFE, 0xFFFF]

_ESCAPES = {code: f"\\x{code:02x}" for code in _CONTROLS}
_ESCAPES.update({code: f"\\u{code:04x}" for code in (*_BIDI_CONTROLS, *_NOT_CHARACTERS)})
_ESCAPES[0x09] = " "  # a tab is harmless; keep the line's look

# In JSON each is a \uXXXX escape. json.dumps already writes those below U+0020 so inside strings (a raw
# newline in its output is structure, kept); this adds DEL, C1, bidi controls and lone surrogates.
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in (*_CONTROLS, *_BIDI_CONTROLS, *_NOT_CHARACTERS)}


def printable(text: str) -> str:
    """`text` without secrets, with control, escape and bidirectional-override characters shown as escapes."""
    from gpudoctor.host.redact import redact_text

    return redact_text(text).translate(_ESCAPES)


def json_text(document: Any, *, redact: bool = True, **dumps_options: Any) -> str:
    """json.dumps(document, ensure_ascii=False, ...) with every string redacted (redact=False: a snapshot,
    redacted as it was recorded) and no terminal control character left in it."""
    if redact:
        from gpudoctor.host.redact import redact_text
        from gpudoctor.host.snapshot_privacy import map_strings

        document = map_strings(document, redact_text)
    return json_escaped(json.dumps(document, ensure_ascii=False, **dumps_options))


def json_escaped(text: str) -> str:
    """JSON text with the characters a terminal would act on written as \\uXXXX escapes (json_text's last step)."""
    # Outside strings JSON holds only ASCII structure, spaces and newlines: only string content changes.
    return text.translate(_JSON_ESCAPES)


def html_text(text: Any) -> str:
    """Text for an HTML page, element content or attribute value alike."""
    return html.escape(printable(str(text)), quote=True)
