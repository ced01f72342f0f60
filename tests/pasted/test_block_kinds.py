"""Which kind of output a line begins (gpudoctor/pasted/kinds.py): each line is tried only against the branches
that can begin with its first character; that must change no line's kind."""

from __future__ import annotations

import sys
from pathlib import Path

from gpudoctor.pasted import kinds

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "fixtures" / "corpus"))
from excerpts import real_texts  # noqa: E402

EVERY_BRANCH_AT_START = kinds._combined(kinds._AT_START_BRANCHES)


def _kind_trying_every_branch(line: str):
    at_start = EVERY_BRANCH_AT_START.match(line)
    anywhere = kinds._ANYWHERE.search(line)
    if at_start and anywhere and anywhere.start() == 0:
        return kinds.KINDS[min(kinds._kind_index(at_start), kinds._kind_index(anywhere))]
    match = at_start or anywhere
    return kinds.KINDS[kinds._kind_index(match)] if match else None


def test_the_branches_tried_by_a_lines_first_character_give_every_real_line_its_kind():
    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    pastes = [path.read_text(errors="replace") for path in (*fixtures.rglob("pasted/**/*.txt"), *fixtures.glob("ollama/*.log"))]
    lines = {line for text in (*real_texts(), *pastes) for line in text.splitlines() if line.strip()}
    assert len(lines) > 30_000
    for line in lines:
        assert kinds.kind_starting(line) == _kind_trying_every_branch(line), line


def test_unicode_digits_and_spaces_open_the_branches_that_begin_with_d_and_s():
    # \d and \s of a str pattern match Unicode's digits and spaces: a no-break space before topo's header, Arabic digits
    assert kinds.kind_starting("\u00a0GPU0\tGPU1\tCPU Affinity").name == "nvidia-smi topo -m"
    assert kinds.kind_starting("\u0663\u0664 libs found in cache").name == "ldconfig -p"
    assert kinds.kind_starting("x\u00a0GPU0\tGPU1\tCPU Affinity") is None
