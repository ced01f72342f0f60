"""README's "What it checks" table lists the checks `gpudoctor list` prints, in its order, with the slow
ones in the row of the flag that brings them in."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _table_rows() -> list[tuple[str, list[str]]]:
    """(area, check ids in the order written) for each row of the table under "## What it checks"."""
    section = README.read_text(encoding="utf-8").split("## What it checks", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| area", "| ---"))]
    parsed = []
    for row in rows:
        area, checks = [cell.strip() for cell in row.strip("|").split(" | ", 1)]
        parsed.append((area.strip("`"), re.findall(r"`([a-z0-9_]+\.[a-z0-9_.-]+)`", checks)))
    return parsed


def _listed() -> list[tuple[str, str | None]]:
    """(id, the flag that brings it in) for each check `gpudoctor list` prints, in its order."""
    document = json.loads(CliRunner().invoke(main, ["list", "--json"]).output)
    return [(c["id"], c["opt_in"]) for c in document["checks"]]


def test_the_table_lists_every_check_in_the_order_gpudoctor_list_prints():
    rows = _table_rows()
    listed = _listed()
    assert [i for area, ids in rows if not area.startswith("--") for i in ids] == \
        [check_id for check_id, flag in listed if flag is None]


def test_each_slow_check_sits_in_the_row_of_its_flag():
    rows = dict(_table_rows())
    flags = {flag for _, flag in _listed() if flag}
    assert flags, "gpudoctor list marks no slow check"
    assert flags == {area for area in rows if area.startswith("--")}
    for flag in flags:
        assert rows[flag] == [check_id for check_id, f in _listed() if f == flag], flag
