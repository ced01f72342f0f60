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
