"""Every example session in README.md is what gpudoctor prints today, so the README cannot drift.

An example session is a code block whose lines starting with `$ gpudoctor` are commands, each
followed by what it printed. The test runs each command again, in a folder that holds the fixtures
under the short names the README uses, at 80 columns, and compares. After an intended change,
`GPUDOCTOR_REGENERATE_README=1 python -m pytest -q tests/cli/test_readme_examples.py` rewrites the
sessions; read the diff of README.md before committing it.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
HOSTS = ROOT / "tests" / "fixtures" / "hosts"
# The short names the README's sessions give to recorded fixtures (a reader's file, not ours).
FILES = {
    "issue.txt": ROOT / "tests" / "fixtures" / "ollama" / "issues" / "13498-journal-cvd1-0.13.log",
    "linux-2xh200-nvlink-deep.json": HOSTS / "linux-2xh200-nvlink-deep.json",
    "linux-2xh200-busy-gpu0-deep.json": HOSTS / "linux-2xh200-busy-gpu0-deep.json",
}
BLOCK = re.compile(r"^```\n(\$ gpudoctor .*?)^```$", re.M | re.S)


def _run(command: str) -> str:
    args = shlex.split(command.split("  #", 1)[0])[1:]  # "$ gpudoctor read x  # or: ..." -> ["read", "x"]
    result = CliRunner(env={"COLUMNS": "80", "NO_COLOR": "1"}).invoke(main, args)
    return result.stdout


def _session(block: str, folder: Path) -> str:
    """The block as gpudoctor prints it now: each `$ gpudoctor` line, then its output."""
    lines = []
    for command in (line for line in block.splitlines() if line.startswith("$ gpudoctor ")):
        lines.append(command)
        lines += _run(command[2:]).rstrip("\n").splitlines()
    return "\n".join(lines) + "\n"


def _sessions(folder: Path) -> list[tuple[str, str]]:
    """(as written, as printed now) for every session in the README, run in `folder`."""
    for name, source in FILES.items():
        shutil.copyfile(source, folder / name)
    (folder / "tests").symlink_to(ROOT / "tests")  # `--from tests/fixtures/...` as in a checkout
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        return [(match.group(1), _session(match.group(1), folder)) for match in BLOCK.finditer(README.read_text("utf-8"))]
    finally:
        os.chdir(cwd)


def test_readme_sessions_are_what_gpudoctor_prints(tmp_path):
    sessions = _sessions(tmp_path)
    assert len(sessions) >= 4  # the report, WSL, `read` and the baseline
    if os.environ.get("GPUDOCTOR_REGENERATE_README") == "1":
        text = README.read_text("utf-8")
        for written, printed in sessions:
            text = text.replace(written, printed, 1)
        README.write_text(text, "utf-8")
        return
    for written, printed in sessions:
        assert written == printed


def test_every_file_a_session_names_exists():
    for match in BLOCK.finditer(README.read_text("utf-8")):
        commands = "\n".join(line.split("  #", 1)[0] for line in match.group(1).splitlines() if line.startswith("$ "))
        for name in re.findall(r"(?:--from|--baseline|read) (\S+)", commands):
            assert name in FILES or (ROOT / name).exists() or name.endswith("-baseline.json"), name
