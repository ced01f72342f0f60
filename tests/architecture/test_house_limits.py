"""The house's limits (issue 31): no function above cyclomatic complexity 20, no module above 600 lines.

Complexity is radon's (the count `radon cc` prints: one plus each branch, loop, `except`, boolean operator
and comprehension condition). A function past 20 has more paths than a reader or a test can hold; split
it into named phases or a table of cases. Data modules (a table of signatures) count like code: a long
table is split by subject.
"""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted([*REPO.joinpath("gpudoctor").rglob("*.py"), *REPO.joinpath("checks").rglob("*.py")])
MOST_COMPLEX = 20
LONGEST_MODULE = 600


def _functions(path: Path):
    for block in cc_visit(path.read_text(encoding="utf-8")):
        yield from (block.methods if isinstance(block, Class) else [block])


def test_the_sources_are_found():
    assert len(SOURCES) > 100


def test_no_function_is_above_complexity_20():
    too_complex = [f"{path.relative_to(REPO)}:{function.lineno} {function.name} ({function.complexity})"
                   for path in SOURCES for function in _functions(path) if function.complexity > MOST_COMPLEX]
    assert not too_complex


def test_no_module_is_above_600_lines():
    too_long = [f"{path.relative_to(REPO)} ({lines})" for path in SOURCES
                if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST_MODULE]
    assert not too_long
