"""How the golden files are made from `gpudoctor check --from SNAPSHOT`, and how they are compared.

Each snapshot in tests/fixtures/hosts is replayed as a plain check and with every opt-in (`--deep
--frameworks`), and a snapshot that holds a stress run a third time with `--stress` for as long as it
ran; each run as the verbose terminal report and as the JSON report. What the runs say is cut along
the checks, so that a new check (or a new signature that one check reads) changes only its own files:

- `checks/<check id>/<snapshot>.txt`: that check's verdict lines (its block of the `-v` report, the
  id column's padding taken out, since it follows the longest id) and its JSON entry less its timing;
- `hosts/<snapshot>.txt`: what the report says around the checks: the header (platform, driver, GPUs),
  the "Start here" lines, the "Next:" hint, and the JSON report less its checks, counts and timings.

Runs that say the same are written once, under the names of their modes ("plain, all"). The count
line ("Issues found: 1 warning, 15 passed ...") and the one naming the checks whose facts were missing are
left out of both, as every new check changes them:
the layout goldens (test_layout_goldens.py) hold it, and the JSON counts are held to the checks'
statuses instead.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from functools import lru_cache
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main

GOLDEN = Path(__file__).parent
HOSTS = GOLDEN.parent / "fixtures" / "hosts"
CHECKS = GOLDEN / "checks"
FRAMES = GOLDEN / "hosts"
MODES = {"plain": [], "all": ["--deep", "--frameworks"]}
STRESS_SECONDS = 30  # the length of the recorded stress runs (a replay must ask for the run it holds)
REGENERATE = os.environ.get("GPUDOCTOR_REGENERATE_GOLDEN") == "1"

_VERDICT = re.compile(r"^\[(.)\] (\S+) +")  # "[✓] gpu.count              2 GPUs: ..."
_COUNT_LINE = re.compile(
    r"^(Issues found: |No issues found \(|No issue in what could be seen \(|Facts were missing for )")
_TIMINGS = ("started_at", "duration_s", "probe_timings_s")


def snapshots() -> list[str]:
    return sorted(path.name for path in HOSTS.glob("*.json"))


def modes(snapshot: str) -> dict[str, list[str]]:
    """The runs a snapshot is replayed in: plain, all, and stress where it holds a stress run."""
    calls = json.loads((HOSTS / snapshot).read_text(encoding="utf-8"))["calls"]
    runs = dict(MODES)
    if any(c["probe"] == "python" and c["args"][2:5] == ["stress", "--seconds", str(STRESS_SECONDS)] for c in calls):
        runs["stress"] = ["--stress", str(STRESS_SECONDS)]
    return runs


def untimed(document: dict, source: str) -> dict:
    """The JSON report less what differs between two runs: clock times, durations, the path given."""
    document = {key: value for key, value in document.items() if key not in _TIMINGS}
    document["source"] = source
    document["checks"] = [{k: v for k, v in c.items() if k != "duration_s"} for c in document["checks"]]
    return document


def as_json(value) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def _run(snapshot: str, flags: list[str]) -> tuple[str, dict]:
    runner = CliRunner()
    terminal = runner.invoke(main, ["check", "--from", str(HOSTS / snapshot), "-v", *flags])
    document = runner.invoke(main, ["check", "--from", str(HOSTS / snapshot), "--json", *flags])
    assert terminal.exit_code in (0, 1), terminal.output
    assert document.exit_code == terminal.exit_code, document.output
    return terminal.stdout, untimed(json.loads(document.stdout), snapshot)


def _blocks(terminal: str) -> tuple[list[str], dict[str, str]]:
    """The report's lines outside the verdicts, and each check's block of lines (padding normalised)."""
    frame, blocks, current = [], {}, None
    for line in terminal.splitlines():
        verdict = _VERDICT.match(line)
        if verdict:
            current = verdict.group(2)
            blocks[current] = [f"[{verdict.group(1)}] {current}  {line[verdict.end():]}"]
        elif current and line.startswith(" "):
            blocks[current].append(line)
        else:
            current = None
            if not _COUNT_LINE.match(line):
                frame.append(line)
    return frame, {check_id: "\n".join(lines) + "\n" for check_id, lines in blocks.items()}


def _sections(texts: dict[str, str]) -> str:
    """One text per mode, written once under the names of the modes that gave it, in their order."""
    grouped: dict[str, list[str]] = {}
    for mode, text in texts.items():
        grouped.setdefault(text, []).append(mode)
    return "".join(f"== {', '.join(names)} ==\n{text}" for text, names in grouped.items())


@lru_cache(maxsize=None)
def goldens_of(snapshot: str) -> dict[Path, str]:
    """Every golden file the snapshot's runs give, by path."""
    frames: dict[str, str] = {}
    per_check: dict[str, dict[str, str]] = {}
    for mode, flags in modes(snapshot).items():
        terminal, document = _run(snapshot, flags)
        frame, blocks = _blocks(terminal)
        entries = {entry["id"]: entry for entry in document["checks"]}
        assert list(blocks) == list(entries), f"{snapshot} {mode}: the terminal and JSON reports list other checks"
        assert document["counts"] == {**dict.fromkeys(document["counts"], 0),
                                      **Counter(entry["status"] for entry in entries.values())}
        around = {key: value for key, value in document.items() if key not in ("checks", "counts", "status")}
        frames[mode] = re.sub(r"\n{3,}", "\n\n", "\n".join(frame).strip("\n")) + "\n\n" + as_json(around)
        for check_id, entry in entries.items():
            per_check.setdefault(check_id, {})[mode] = blocks[check_id] + "\n" + as_json(entry)
    stem = snapshot.removesuffix(".json")
    files = {FRAMES / f"{stem}.txt": _sections(frames)}
    files.update({CHECKS / check_id / f"{stem}.txt": _sections(texts) for check_id, texts in per_check.items()})
    return files


def compare(files: dict[Path, str]) -> list[str]:
    """Write the files when regenerating; the names of those that differ from what is committed."""
    if REGENERATE:
        for path, text in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return [str(path.relative_to(GOLDEN)) for path, text in files.items()
            if not path.is_file() or path.read_text(encoding="utf-8") != text]


def remove_leftovers(expected: set[Path]) -> None:
    """When regenerating: delete golden files no run gives any more (a check removed or renamed)."""
    for folder in (CHECKS, FRAMES):
        for path in folder.rglob("*.txt"):
            if path not in expected:
                path.unlink()
    for folder in CHECKS.iterdir():
        if folder.is_dir() and not any(folder.iterdir()):
            shutil.rmtree(folder)
