"""Every committed snapshot replays to the very report it gave before a refactor (golden reports).

For each snapshot in tests/fixtures/hosts, `gpudoctor check --from SNAPSHOT` is run twice: as a plain
check and with every opt-in (`--deep --frameworks`), and a snapshot that holds a stress run a third time
with `--stress` for as long as it ran; each run is kept as the verbose terminal report
and as the JSON report without its timings. A change of behaviour shows as a diff against
tests/golden/reports/. When a change is meant, regenerate them and review the diff:

    GPUDOCTOR_REGENERATE_GOLDEN=1 python -m pytest -q -p no:cacheprovider tests/golden
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main

HOSTS = Path(__file__).parent.parent / "fixtures" / "hosts"
REPORTS = Path(__file__).parent / "reports"
MODES = {"plain": [], "all": ["--deep", "--frameworks"]}
STRESS_SECONDS = 30  # the length of the recorded stress runs (a replay must ask for the run it holds)
REGENERATE = os.environ.get("GPUDOCTOR_REGENERATE_GOLDEN") == "1"


def _untimed(document: dict, snapshot: str) -> dict:
    """The JSON report less what differs between two runs: clock times, durations, the path given."""
    document = dict(document, source=snapshot)
    for key in ("started_at", "duration_s", "probe_timings_s"):
        document.pop(key)
    document["checks"] = [{k: v for k, v in c.items() if k != "duration_s"} for c in document["checks"]]
    return document


def _reports(snapshot: Path, flags: list[str]) -> tuple[str, str]:
    runner = CliRunner()
    terminal = runner.invoke(main, ["check", "--from", str(snapshot), "-v", *flags])
    as_json = runner.invoke(main, ["check", "--from", str(snapshot), "--json", *flags])
    assert terminal.exit_code in (0, 1), terminal.output
    assert as_json.exit_code == terminal.exit_code, as_json.output
    document = _untimed(json.loads(as_json.stdout), snapshot.name)
    return terminal.stdout, json.dumps(document, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def _cases() -> list[tuple[str, str]]:
    cases = []
    for path in sorted(HOSTS.glob("*.json")):
        cases += [(path.name, mode) for mode in sorted(MODES)]
        calls = json.loads(path.read_text(encoding="utf-8"))["calls"]
        if any(c["probe"] == "python" and c["args"][2:5] == ["stress", "--seconds", str(STRESS_SECONDS)]
               for c in calls):
            cases.append((path.name, "stress"))
    return cases


@pytest.mark.parametrize("snapshot,mode", _cases())
def test_snapshot_replays_to_its_golden_report(snapshot, mode):
    flags = ["--stress", str(STRESS_SECONDS)] if mode == "stress" else MODES[mode]
    terminal, document = _reports(HOSTS / snapshot, flags)
    stem = f"{snapshot.removesuffix('.json')}.{mode}"
    expected = {REPORTS / f"{stem}.txt": terminal, REPORTS / f"{stem}.json": document}
    if REGENERATE:
        REPORTS.mkdir(exist_ok=True)
        for path, text in expected.items():
            path.write_text(text, encoding="utf-8")
    for path, text in expected.items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} differs from its golden report"
