"""The long functions the seams review named stay split into named phases (issue 13, point 5)."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# Body lines, the docstring left out: a phase a reader takes in at once.
LONGEST = 40


def _body_lengths(path: Path, names: set[str] | None = None) -> dict[str, int]:
    lengths = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and (names is None or node.name in names):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                body = body[1:]
            lengths[node.name] = body[-1].end_lineno - body[0].lineno + 1 if body else 0
    return lengths


def test_the_worker_runs_its_tests_in_named_phases():
    deep = REPO / "gpudoctor" / "deep"
    modules = [deep / name for name in ("p2p.py", "host_copies.py", "allreduce.py")]
    trees = [ast.parse(module.read_text(encoding="utf-8")) for module in modules]
    phase_classes = {node.name for tree in trees for node in tree.body
                     if isinstance(node, ast.ClassDef) and node.name.endswith("Test")}
    assert {"P2pTest", "AllreduceTest"} <= phase_classes
    methods = {f.name for tree in trees for node in tree.body if isinstance(node, ast.ClassDef)
               and node.name in phase_classes for f in node.body if isinstance(f, ast.FunctionDef)}
    lengths = {}
    for module in modules:
        lengths.update(_body_lengths(module, {"run_p2p", "run_host", "run_allreduce", *methods}))
    assert {"run_p2p", "run_host", "run_allreduce"} <= set(lengths)
    assert not {name: n for name, n in lengths.items() if n > LONGEST}


def test_driver_version_reads_as_its_phases():
    lengths = _body_lengths(REPO / "checks" / "driver.py")
    assert lengths["driver_version"] <= 25
    assert not {name: n for name, n in lengths.items() if n > LONGEST}
