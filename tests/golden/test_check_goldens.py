"""Every committed snapshot replays to the very verdicts it gave before a refactor, check by check.

tests/golden/checks/<check id>/<snapshot>.txt holds one check's verdict on one snapshot, and
tests/golden/hosts/<snapshot>.txt what the report says around the checks (goldens.py says how they
are cut). A change of behaviour shows as a diff in the files of the checks it changed; a new check
adds its own folder and changes nothing else. When a change is meant, regenerate and read the diff:

    GPUDOCTOR_REGENERATE_GOLDEN=1 python -m pytest -q -p no:cacheprovider tests/golden
"""

from __future__ import annotations

import pytest

from golden.goldens import CHECKS, FRAMES, GOLDEN, REGENERATE, compare, goldens_of, remove_leftovers, snapshots


@pytest.mark.parametrize("snapshot", snapshots())
def test_snapshot_replays_to_the_golden_verdicts_of_each_check(snapshot):
    differ = compare(goldens_of(snapshot))
    assert not differ, f"differ from their goldens (or are missing): {', '.join(differ)}"


def test_there_is_a_golden_file_for_every_check_and_snapshot_and_none_left_over():
    expected = {path for snapshot in snapshots() for path in goldens_of(snapshot)}
    if REGENERATE:
        remove_leftovers(expected)
    committed = {*CHECKS.rglob("*.txt"), *FRAMES.glob("*.txt")}
    assert not expected - committed, sorted(str(p.relative_to(GOLDEN)) for p in expected - committed)
    assert not committed - expected, f"left over: {sorted(str(p.relative_to(GOLDEN)) for p in committed - expected)}"
