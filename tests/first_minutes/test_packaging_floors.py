"""The declared floors build and run the project; the sdist and wheel carry the licence; no build warnings."""

from __future__ import annotations

import re
import tarfile
import zipfile
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")

REPO = Path(__file__).parents[2]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def _floor(requirements, name):
    for requirement in requirements:
        match = re.fullmatch(rf"{re.escape(name)}\s*>=\s*([0-9.]+)", requirement.split(";")[0].strip())
        if match:
            return tuple(int(part) for part in match.group(1).split("."))
    raise AssertionError(f"{name} has no >= floor in {requirements}")


def test_setuptools_floor_reads_a_license_expression():
    # `license = "MIT"` (PEP 639) and `license-files` need setuptools 77.
    assert PYPROJECT["project"]["license"] == "MIT"
    assert _floor(PYPROJECT["build-system"]["requires"], "setuptools") >= (77,)


def test_click_floor_separates_stderr_as_the_tests_need():
    # The tests read CliRunner's result.stderr, which click 8.1 raises on ("stderr not separately captured").
    assert _floor(PYPROJECT["project"]["dependencies"], "click") >= (8, 2)


def test_python_versions_are_classified_from_the_declared_floor():
    classifiers = PYPROJECT["project"]["classifiers"]
    floor = PYPROJECT["project"]["requires-python"].removeprefix(">=")
    assert f"Programming Language :: Python :: {floor}" in classifiers
    assert "Programming Language :: Python :: 3 :: Only" in classifiers


def test_ci_runs_the_tests_against_the_lowest_declared_versions():
    run = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    lowest = (REPO / ".ci" / "lowest-deps").read_text(encoding="utf-8")
    assert "bash .ci/lowest-deps" in run
    assert "--resolution lowest-direct" in lowest and "-e '.[test]'" in lowest and "python -m pytest" in lowest
    assert "build-system" in lowest  # the build floor too


def test_sdist_and_wheel_carry_the_license(built_from_tracked_files):
    out, _ = built_from_tracked_files
    (sdist,) = out.glob("gpudoctor-*.tar.gz")
    (wheel,) = out.glob("gpudoctor-*.whl")
    assert any(name.endswith("/LICENSE") for name in tarfile.open(sdist).getnames())
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in zipfile.ZipFile(wheel).namelist())
    metadata = next(zipfile.ZipFile(wheel).read(n).decode() for n in zipfile.ZipFile(wheel).namelist()
                    if n.endswith(".dist-info/METADATA"))
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata


def test_build_has_no_setuptools_warnings(built_from_tracked_files):
    _, log = built_from_tracked_files
    assert "would be ignored" not in log
    assert "SetuptoolsDeprecationWarning" not in log and "_DeprecatedConfig" not in log
