import sys
from pathlib import Path

# Let tests import the helpers in tests/hosts.py as `hosts`.
sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _whole_lines(monkeypatch):
    """Commands wrap to 80 columns when not on a terminal; tests of what they say read whole lines,
    so they run wide. tests/cli/test_eighty_columns.py sets COLUMNS=80 and measures the layout."""
    monkeypatch.setenv("COLUMNS", "1000")


@pytest.fixture(scope="session")
def built_from_tracked_files(tmp_path_factory) -> tuple[Path, str]:
    """(folder, build log) of the sdist and wheel `python -m build` makes from the tracked files alone, as a clean
    clone has them: an egg-info or build/ folder left in the checkout would add whatever it once held, and two test
    workers building in the checkout at once would write over each other's."""
    import subprocess

    from checkout import tracked_copy

    tree = tracked_copy(tmp_path_factory.mktemp("tracked") / "repository")
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(out), str(tree)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out, proc.stdout + proc.stderr
