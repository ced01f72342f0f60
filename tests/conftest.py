import os
import sys
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: each worker builds its own
    fcntl = None

# Let tests import the helpers in tests/hosts.py as `hosts`.
sys.path.insert(0, str(Path(__file__).parent))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _whole_lines(monkeypatch):
    """Commands wrap to 80 columns when not on a terminal; tests of what they say read whole lines,
    so they run wide. tests/cli/test_eighty_columns.py sets COLUMNS=80 and measures the layout."""
    monkeypatch.setenv("COLUMNS", "1000")


@pytest.fixture(autouse=True, scope="session")
def _own_cache_folder(tmp_path_factory):
    """What gpudoctor stores between runs (gpudoctor/knowledge/stored.py) goes to this run's own folder, never to the
    home of whoever runs the tests; the gpudoctor commands tests start inherit it."""
    folder = tmp_path_factory.mktemp("cache")
    patch = pytest.MonkeyPatch()
    patch.setenv("XDG_CACHE_HOME", str(folder))
    patch.setenv("LOCALAPPDATA", str(folder))
    patch.delenv("GPUDOCTOR_NO_CACHE", raising=False)
    yield folder
    patch.undo()


@pytest.fixture(scope="session")
def built_from_tracked_files(tmp_path_factory) -> tuple[Path, str]:
    """(folder, build log) of the sdist and wheel `python -m build` makes from the tracked files alone, as a clean
    clone has them: an egg-info or build/ folder left in the checkout would add whatever it once held, and two test
    workers building in the checkout at once would write over each other's. Under pytest-xdist the workers of one run
    share one build (about 25 s each on CI's cores), the first to ask making it while the others wait on a lock."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None or fcntl is None:
        return _build(tmp_path_factory.mktemp("dist"), tmp_path_factory.mktemp("tracked"))
    shared = tmp_path_factory.getbasetemp().parent  # this run's folder, above each worker's own
    with open(shared / "dist.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out, log = shared / "dist", shared / "dist-build.log"
        if not log.exists():
            out.mkdir(exist_ok=True)  # a failed first try leaves it empty
            _, text = _build(out, shared / f"tracked-{worker}")
            log.write_text(text, encoding="utf-8")
        return out, log.read_text(encoding="utf-8")


def _build(out: Path, work: Path) -> tuple[Path, str]:
    import subprocess

    from checkout import tracked_copy

    tree = tracked_copy(work / "repository")
    proc = subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "-o", str(out), str(tree)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out, proc.stdout + proc.stderr
