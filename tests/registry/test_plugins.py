"""Third-party checks register through entry points; a broken plugin never stops the others."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"


def _install(package_dirs: list[Path], target: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
                    *map(str, package_dirs)], check=True, capture_output=True, timeout=300)


def _gpudoctor(target: Path, *args):
    env = {**__import__("os").environ, "PYTHONPATH": str(target)}
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True, env=env,
                          timeout=60)


def _write_package(root: Path, name: str, module_source: str, entry_point: str) -> Path:
    package = root / name
    (package / name.replace("-", "_")).mkdir(parents=True)
    (package / name.replace("-", "_") / "__init__.py").write_text("")
    (package / name.replace("-", "_") / "checks.py").write_text(textwrap.dedent(module_source))
    (package / "pyproject.toml").write_text(textwrap.dedent(f"""\
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"
        [project]
        name = "{name}"
        version = "0.0.1"
        [project.entry-points."gpudoctor.checks"]
        {entry_point}
        """))
    return package


@pytest.fixture(scope="module")
def plugins(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    root = tmp_path_factory.mktemp("src")
    broken = _write_package(root, "broken-import", "import no_such_module_anywhere\n", 'broken = "broken_import.checks"')
    raising = _write_package(root, "raising-check", """\
        from gpudoctor.model import check
        @check("raising.check", title="A check that raises", needs=("gpus",))
        def raising(facts):
            raise RuntimeError("boom")
            yield
        """, 'raising = "raising_check.checks"')
    _install([REPO / "examples" / "gpudoctor-example-plugin", broken, raising], target)  # one pip run, not three
    return target


def test_example_plugin_runs_next_to_built_in_checks(plugins):
    proc = _gpudoctor(plugins, "check", "--from", str(FIXTURE), "--json")
    report = json.loads(proc.stdout)
    by_id = {c["id"]: c for c in report["checks"]}
    assert by_id["example.memory"]["status"] == "pass"
    assert "143771 MiB" in by_id["example.memory"]["findings"][0]["summary"]
    assert by_id["gpu.count"]["status"] == "pass"


def test_broken_plugin_is_an_error_finding_naming_it(plugins):
    proc = _gpudoctor(plugins, "check", "--from", str(FIXTURE), "--json")
    by_id = {c["id"]: c for c in json.loads(proc.stdout)["checks"]}
    broken = by_id["plugin.broken"]
    assert broken["status"] == "error"
    assert "broken-import" in broken["summary"] and "no_such_module_anywhere" in broken["summary"]
    raising = by_id["raising.check"]
    assert raising["status"] == "error" and "RuntimeError: boom" in raising["summary"]
    assert "Traceback" not in proc.stderr


def test_list_and_explain_show_the_plugin(plugins):
    listing = _gpudoctor(plugins, "list").stdout
    assert "example.memory" in listing and "gpu.count" in listing
    explained = _gpudoctor(plugins, "explain", "example.memory").stdout
    assert "Large language models need room" in explained
