"""Built-in checks and probes are found in the package itself: a new file in checks/ or gpudoctor/probes/
is a new check or fact without reinstalling, and a module registers only the checks it declares."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

from gpudoctor.registry import load_registry

REPO = Path(__file__).resolve().parents[2]
SNAPSHOT = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"

PROBE = '''\
"""How many GPUs the test host has, as a fact of its own."""

from gpudoctor.probing import provides


@provides("gpu_tally")
def probe_gpu_tally(host, facts) -> int:
    return len(facts.get("gpus").gpus)
'''

CHECK = '''\
"""A check that imports another module's check object: it must stay that module's."""

from gpudoctor.model import check, ok

from .gpu import gpu_count  # noqa: F401 (imported on purpose)


@check("demo.tally", title="GPUs counted by a new probe", needs=("gpu_tally",))
def demo_tally(facts):
    """Counts the GPUs."""
    yield ok(f"{facts.gpu_tally} GPUs")
'''


def dependencies() -> str:
    """The folder this interpreter imports the dependencies from. Not sysconfig's purelib: in a process started with -S
    from a virtual environment (tests/contributing runs this file so), that names the base interpreter's folder."""
    import msgspec

    return str(Path(msgspec.__file__).parent.parent)


def checkout_copy(tmp_path: Path) -> Path:
    """The package as a checkout has it: gpudoctor/, checks/, fixes/ and pyproject.toml."""
    root = tmp_path / "checkout"
    ignore = shutil.ignore_patterns("__pycache__")
    for folder in ("gpudoctor", "checks", "fixes"):
        shutil.copytree(REPO / folder, root / folder, ignore=ignore)
    shutil.copy(REPO / "pyproject.toml", root)
    return root


def gpudoctor_in(root: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m gpudoctor` from `root`, with the dependencies but without any install of gpudoctor
    (-S: no site initialisation, so no editable install's finder; its site-packages only as a path)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), dependencies()])}
    return subprocess.run([sys.executable, "-S", "-m", "gpudoctor", *args], capture_output=True, text=True,
                          cwd=root, env=env, timeout=120)


def test_every_built_in_fact_has_its_probe_and_every_need_is_provided():
    registry = load_registry()
    assert not registry.broken and not registry.broken_probes
    needed = {need for c in registry.checks for need in c.needs}
    assert needed <= set(registry.probes), needed - set(registry.probes)
    assert all(probe.provides == fact for fact, probe in registry.probes.items())


def test_each_check_comes_from_the_module_that_declares_it():
    assert all(c.module.startswith("gpudoctor.checks.") for c in load_registry().checks)
    assert load_registry().by_id("gpu.count").module == "gpudoctor.checks.gpu"


@pytest.fixture(scope="module")
def copy_with_new_files(tmp_path_factory):
    root = checkout_copy(tmp_path_factory.mktemp("discovery"))
    (root / "gpudoctor" / "probes" / "gpu_tally.py").write_text(PROBE)
    (root / "checks" / "demo.py").write_text(CHECK)
    return root


def test_a_new_check_and_probe_are_found_without_reinstalling(copy_with_new_files):
    listed = gpudoctor_in(copy_with_new_files, "list")
    assert listed.returncode == 0, listed.stderr
    assert "demo.tally" in listed.stdout and "gpu.count" in listed.stdout
    proc = gpudoctor_in(copy_with_new_files, "check", "--from", str(SNAPSHOT), "--only", "demo.tally", "--json")
    (result,) = json.loads(proc.stdout)["checks"]
    assert result["status"] == "pass" and result["summary"] == "2 GPUs"


def test_an_imported_check_is_not_registered_twice(copy_with_new_files):
    proc = gpudoctor_in(copy_with_new_files, "check", "--from", str(SNAPSHOT), "--json")
    ids = [c["id"] for c in json.loads(proc.stdout)["checks"]]
    assert ids.count("gpu.count") == 1
    assert not [i for i in ids if i.startswith("plugin.")], ids


def test_checks_and_fixes_import_from_a_checkout_without_an_install(tmp_path):
    root = checkout_copy(tmp_path)
    code = ("import gpudoctor.checks, gpudoctor.fixes; from importlib import resources; "
            "print(gpudoctor.checks.__path__[0]); print(sorted(p.name for p in resources.files('gpudoctor.fixes').iterdir()))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), dependencies()])}
    proc = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    checks_path, fixes = proc.stdout.splitlines()
    assert Path(checks_path) == root / "checks" and "wsl" in fixes
