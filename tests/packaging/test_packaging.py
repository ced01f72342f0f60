"""The wheel ships the engine, the checks and the fixes under the gpudoctor namespace only."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def wheel(built_from_tracked_files):
    (path,) = built_from_tracked_files[0].glob("gpudoctor-*.whl")
    return path


def test_wheel_is_pure_python(wheel):
    assert wheel.name.endswith("-py3-none-any.whl")


def test_wheel_holds_checks_fixes_and_schema_under_gpudoctor(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "gpudoctor/checks/gpu.py" in names
    packages = {str(p.parent.relative_to(REPO)) for p in (REPO / "gpudoctor").rglob("__init__.py")}
    missing = sorted(p for p in packages if f"{p}/__init__.py" not in names)
    assert not missing, f"packages the wheel lacks (pyproject.toml's packages): {missing}"
    for schema in ("report", "fix", "checks", "fleet"):  # check, fix, list and merge --json
        assert f"gpudoctor/report/{schema}.schema.json" in names
    assert any(n.startswith("gpudoctor/fixes/wsl/") and n.endswith(".sh") for n in names)
    assert any(n.startswith("gpudoctor/fixes/windows/") and n.endswith(".ps1") for n in names)
    top_level = {n.split("/")[0] for n in names}
    assert top_level == {"gpudoctor", f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info"}
    assert not any(n.startswith(("checks/", "fixes/", "tests/")) for n in names)


def test_the_wheel_holds_every_module_of_the_tree(wheel):
    """A package left out of pyproject.toml's list installs nothing, and only a non-editable install shows it."""
    names = set(zipfile.ZipFile(wheel).namelist())
    tree = {"gpudoctor": REPO / "gpudoctor", "gpudoctor/checks": REPO / "checks", "gpudoctor/fixes": REPO / "fixes"}
    expected = {f"{prefix}/{path.relative_to(folder).as_posix()}" for prefix, folder in tree.items()
                for path in folder.rglob("*.py") if "__pycache__" not in path.parts}
    assert expected - names == set()


def test_wheel_registers_the_console_script_and_leaves_entry_points_to_plugins(wheel):
    """Built-in checks and probes are found in the package (gpudoctor/registry.py), not by entry points."""
    archive = zipfile.ZipFile(wheel)
    entry_points = next(archive.read(n).decode() for n in archive.namelist() if n.endswith("entry_points.txt"))
    assert "gpudoctor = gpudoctor.__main__:run" in entry_points
    assert "[gpudoctor.checks]" not in entry_points and "[gpudoctor.probes]" not in entry_points


def test_non_editable_install_runs(tmp_path, wheel):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "list"], capture_output=True, text=True,
                          env={**__import__("os").environ, "PYTHONPATH": str(target)}, cwd=tmp_path, timeout=60)
    assert proc.returncode == 0 and "gpu.count" in proc.stdout
    snapshot = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"
    proc = subprocess.run([sys.executable, "-m", "gpudoctor", "check", "--from", str(snapshot)], capture_output=True,
                          text=True, env={**__import__("os").environ, "PYTHONPATH": str(target)}, cwd=tmp_path,
                          timeout=120)
    assert proc.returncode in (0, 1) and "could not be used" not in proc.stdout, proc.stdout[-2000:]


@pytest.fixture(scope="module")
def sdist_names(built_from_tracked_files):
    import tarfile

    (path,) = built_from_tracked_files[0].glob("gpudoctor-*.tar.gz")
    with tarfile.open(path) as archive:
        return {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}


def test_the_sdist_holds_every_repository_path_the_readme_names(sdist_names):
    import re

    named = set(re.findall(r"(?<![\w./-])((?:tests|deploy|bench|examples)/[\w./-]*[\w/])", (REPO / "README.md").read_text()))
    assert named, "the README names no repository path: this test reads nothing"
    missing = sorted(path for path in named
                     if path.rstrip("/") not in sdist_names and not any(n.startswith(path.rstrip("/") + "/")
                                                                          for n in sdist_names))
    assert not missing, f"README names paths the sdist lacks: {missing}"
