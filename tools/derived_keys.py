"""Rewrite gpudoctor/knowledge/derived_keys.json: what the matcher's prefilter may key each signature pattern on,
and the words each must hold, as gpudoctor/knowledge/pattern_keys.py derives them from the regexes.

    python tools/derived_keys.py

Deriving them parses every pattern, about 0.1 s of CPU on the path of a live check; the table lets the matcher
look them up instead. A pattern the table does not hold is derived when the catalogue is built, so a row added
without running this is found all the same, a little more slowly. Run it after adding or changing rows, or after
tools/healthy_words.py (the keys depend on its rates); tests/knowledge/test_derived_keys.py says when it is due.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpudoctor.knowledge.contexts import CONTEXTS, derive_folding_words  # noqa: E402
from gpudoctor.knowledge.matcher import compiled_rows  # noqa: E402
from gpudoctor.knowledge.pattern_keys import TABLE, choose_keys, derive, patterns_fingerprint  # noqa: E402
from gpudoctor.knowledge.signatures import catalogue  # noqa: E402


def chosen_lines() -> list[str]:
    """choose_keys' answer for each list of patterns the matcher compiles (matcher.compiled_rows), one line each."""
    lines = []
    for rows in compiled_rows():
        patterns = [pattern for row in rows for pattern in row.patterns]
        chosen = choose_keys([derive(pattern)[0] for pattern in patterns])
        lines.append(f"  {json.dumps(patterns_fingerprint(patterns))}: {json.dumps(chosen)}")
    return lines


def table_text() -> str:
    """The table as JSON, one pattern to a line in the catalogue's order, so that a diff shows the rows that changed."""
    patterns = dict.fromkeys(pattern for row in catalogue() for pattern in row.patterns)
    lines = [f"  {json.dumps(pattern)}: {json.dumps(derive(pattern))}" for pattern in patterns]
    markers = dict.fromkeys(marker for context in CONTEXTS for marker in context.markers)
    marker_lines = [f"  {json.dumps(marker)}: {json.dumps(derive_folding_words(marker))}" for marker in markers]
    about = ("What gpudoctor/knowledge/pattern_keys.py derives from each signature pattern: its key options and its "
             "mandatory words with their healthy rates; for each context's marker (contexts.py), the words one of "
             "which every match holds; and the keys choose_keys takes for each list of patterns the matcher compiles. "
             "Written by tools/derived_keys.py; do not edit by hand.")
    return ('{\n "about": ' + json.dumps(about) + ',\n "patterns": {\n' + ",\n".join(lines) + '\n },\n "markers": {\n'
            + ",\n".join(marker_lines) + '\n },\n "chosen": {\n' + ",\n".join(chosen_lines()) + "\n }\n}\n")


def main() -> None:
    text = table_text()
    # Written beside the table and renamed over it, so that a failed run never leaves half a table.
    handle, temporary = tempfile.mkstemp(dir=TABLE.parent, prefix=".derived_keys.", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as file:
        file.write(text)
    os.chmod(temporary, 0o644)  # mkstemp's 0600 would travel into a wheel built from this tree
    os.replace(temporary, TABLE)
    table = json.loads(text)
    print(f"{TABLE.relative_to(ROOT)}: {len(table['patterns'])} patterns, {len(table['markers'])} markers, "
          f"the keys chosen for {len(table['chosen'])} lists of patterns")


if __name__ == "__main__":
    main()
