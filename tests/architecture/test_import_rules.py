"""The layers, read from the source with `ast` (every import, at the top or inside a function):
checks never reach the host, probes never reach the engine or the command line, and no module imports
itself back through others."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Where each installed package's source lives in the repository (pyproject's package-dir).
PACKAGE_DIRS = {"gpudoctor": ROOT / "gpudoctor", "gpudoctor.checks": ROOT / "checks",
                "gpudoctor.fixes": ROOT / "fixes"}


def _modules() -> dict[str, Path]:
    modules = {}
    for package, folder in PACKAGE_DIRS.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[0] in ("checks", "fixes") and package == "gpudoctor":
                continue  # not a folder of gpudoctor/ (guard against a stray copy)
            name = ".".join((package, *parts))
            modules[name.removesuffix(".__init__")] = path
    return modules


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(module: str, path: Path) -> set[str]:
    """The gpudoctor modules `module` imports (run-time imports: not those under `if TYPE_CHECKING:`)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {name for name in found if name in MODULES}


GRAPH = {module: _imported(module, path) - {module} for module, path in MODULES.items()}


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_the_tree_is_read():
    assert {"gpudoctor.engine", "gpudoctor.checks.nccl", "gpudoctor.probes.deep"} <= set(GRAPH)
    assert "gpudoctor.model" in GRAPH["gpudoctor.checks.nccl"]


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "gpudoctor.checks")))
def test_a_check_never_imports_the_host(module):
    assert not {m for m in GRAPH[module] if _in(m, "gpudoctor.host")}, \
        f"{module} imports the host: a check judges facts, only probes ask the machine"


@pytest.mark.parametrize("module", sorted(m for m in GRAPH if _in(m, "gpudoctor.probes")))
def test_a_probe_never_imports_the_engine_or_the_command_line(module):
    above = {"gpudoctor.engine", "gpudoctor.cli", "gpudoctor.registry", "gpudoctor.selection"}
    assert not GRAPH[module] & above, f"{module} imports {sorted(GRAPH[module] & above)}, which call probes"


def _circle_through(start: str) -> list[str] | None:
    """A path start -> ... -> start along imports, if there is one."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        module, path = stack.pop()
        for target in sorted(GRAPH[module]):
            if target == start:
                return [*path, start]
            if target not in seen:
                seen.add(target)
                stack.append((target, [*path, target]))
    return None


def test_no_module_imports_itself_back():
    circles = []
    for module in sorted(GRAPH):
        circle = _circle_through(module)
        if circle:
            circles.append(" -> ".join(circle))
    assert not circles, "import circles:\n" + "\n".join(circles)

