"""One small whole report per output format holds the layout the per-check goldens cut away: the id
column, wrapping at 80 columns, the folded skips, the count line and what follows it, the JSON
report's top level, JUnit, markdown, Prometheus and node-problem-detector output.

Each runs a fixed list of checks (`--only`), so that a new check never changes these files. The
WSL 2 host with a Linux driver installed in it gives a failure with its fix and one that follows from
it, a warning, passes and skips; the one-H100 host gives the "facts were missing" ending. Regenerate
with the per-check goldens: `GPUDOCTOR_REGENERATE_GOLDEN=1 python -m pytest -q tests/golden`.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from golden.goldens import GOLDEN, HOSTS, as_json, compare, untimed
from gpudoctor.cli import main

LAYOUT = GOLDEN / "layout"
WSL = ("wsl2-linux-driver.json", ["gpu.count", "driver.version", "wsl.feature", "wsl.gpu", "wsl.limits",
                                  "pcie.link", "pcie.acs", "ollama.server", "ollama.gpus"])
FACTS_MISSING = ("linux-1xh100.json", ["gpu.count", "gpu.errors", "driver.uvm", "pcie.acs", "p2p.access",
                                       "nccl.library", "tensorflow.gpu"])
# golden file -> (snapshot and checks, the command's other arguments)
CASES = {
    "terminal.txt": (WSL, []),
    "terminal-verbose.txt": (WSL, ["-v"]),
    "terminal-facts-missing.txt": (FACTS_MISSING, []),
    "report.json": (WSL, ["--json"]),
    "junit.xml": (WSL, ["--junit", "{file}"]),
    "report.md": (WSL, ["--format", "markdown"]),
    "report.prom": (WSL, ["--format", "prom"]),
    "npd.txt": (WSL, ["--format", "npd"]),
}
# What differs between two runs of the same report: how long it took and when it ran.
_RUN_TIMES = ((re.compile(r' time="[0-9.]+"'), ' time="T"'),
              (re.compile(r"^(gpudoctor_last_run_timestamp_seconds) [0-9.e+]+$", re.M), r"\1 T"))


def _output(name: str, tmp_path) -> str:
    (snapshot, checks), arguments = CASES[name]
    junit = tmp_path / "junit.xml"
    arguments = [str(junit) if argument == "{file}" else argument for argument in arguments]
    only = [word for check_id in checks for word in ("--only", check_id)]
    result = CliRunner(env={"COLUMNS": "80"}).invoke(main, ["check", "--from", str(HOSTS / snapshot), *only, *arguments])
    assert result.exit_code in (0, 1), result.output
    text = junit.read_text(encoding="utf-8") if "--junit" in arguments else result.stdout
    if "--json" in arguments:
        text = as_json(untimed(json.loads(text), snapshot))
    for pattern, replacement in _RUN_TIMES:
        text = pattern.sub(replacement, text)
    return text.replace(str(HOSTS / snapshot), snapshot)


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_output_format_keeps_its_layout(name, tmp_path):
    differ = compare({LAYOUT / name: _output(name, tmp_path)})
    assert not differ, f"{name} differs from its golden layout"


def test_no_layout_golden_is_left_over():
    assert sorted(path.name for path in LAYOUT.iterdir()) == sorted(CASES)
