"""CONTRIBUTING.md's worked example, run: a new check with its probe and fix is three new files plus a
test, found without reinstalling, listed, judged from a recording, planned by its header's phase."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
GUIDE = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
SNAPSHOT = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"
INITSTATE = ["/sys/module/nvidia_uvm/initstate", 64, False]
CHECK_ID = "driver.uvm-module"


def guide_files() -> dict[str, str]:
    """The files CONTRIBUTING.md tells a contributor to create: 'Create `PATH`:' and the block after it."""
    return dict(re.findall(r"Create `([^`]+)`:\n\n```\w+\n(.*?)```\n", GUIDE, re.S))


def guide_test() -> str:
    section = GUIDE[GUIDE.index("### 4. The tests"):]
    return re.search(r"```python\n(.*?)```\n", section, re.S).group(1)


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def in_copy(root: Path, *argv: str, **kwargs) -> subprocess.CompletedProcess:
    """A command in the copy, with the dependencies but no install of gpudoctor (-S: no editable finder)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), sysconfig.get_paths()["purelib"]]),
           **kwargs.pop("env", {})}
    return subprocess.run(argv, capture_output=True, text=True, cwd=root, env=env, timeout=120, **kwargs)


def recording(tmp_path: Path, initstate: dict) -> Path:
    """The two-H200 recording, with the answer the new probe reads edited in."""
    document = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    document["calls"].append({"probe": "file", "args": INITSTATE, "answer": initstate})
    path = tmp_path / f"h200-uvm-{'missing' if initstate.get('error') else 'live'}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    from registry.test_discovery import checkout_copy

    root = checkout_copy(tmp_path_factory.mktemp("add-a-check"))
    before = tree(root)
    for path, text in guide_files().items():
        (root / path).write_text(text, encoding="utf-8")
    return root, before


def test_the_guide_creates_a_probe_a_check_and_a_fix_and_nothing_else(copy):
    root, before = copy
    after = tree(root)
    changed = {path for path in after if before.get(path) != after[path]}
    assert changed == {"gpudoctor/probes/uvm_module.py", "checks/uvm_module.py", "fixes/linux/load-nvidia-uvm.sh"}
    assert set(before) <= set(after)  # nothing removed, pyproject.toml untouched


def test_the_new_check_is_listed_and_judges_a_recording_without_reinstalling(copy, tmp_path):
    root, _ = copy
    gpudoctor = (sys.executable, "-S", "-m", "gpudoctor")
    listed = in_copy(root, *gpudoctor, "list")
    assert listed.returncode == 0, listed.stderr
    assert CHECK_ID in listed.stdout
    missing = recording(tmp_path, {"error": "not-found"})
    proc = in_copy(root, *gpudoctor, "check", "--from", str(missing), "--only", CHECK_ID, "--json")
    (result,) = json.loads(proc.stdout)["checks"]
    assert result["status"] == "warn" and "not loaded" in result["summary"]
    live = recording(tmp_path, {"error": None, "data": "live\n"})
    proc = in_copy(root, *gpudoctor, "check", "--from", str(live), "--only", CHECK_ID, "--json")
    assert json.loads(proc.stdout)["checks"][0]["status"] == "pass"

    plan = in_copy(root, *gpudoctor, "fix", "--from", str(missing), CHECK_ID, "--json")
    assert plan.returncode == 0, plan.stderr
    (planned,) = json.loads(plan.stdout)["plan"]["fixes"]
    assert (planned["id"], planned["phase"]) == ("linux.load-nvidia-uvm", "driver")


def test_the_new_fix_previews_and_knows_when_there_is_nothing_to_do(copy, tmp_path):
    root, _ = copy
    script = str(root / "fixes" / "linux" / "load-nvidia-uvm.sh")
    proc = in_copy(root, "bash", script, "--dry-run", env={"GPUDOCTOR_ROOT": str(tmp_path)})
    assert proc.returncode == 0 and "would run: modprobe nvidia_uvm" in proc.stdout, proc.stderr
    (tmp_path / "sys" / "module" / "nvidia_uvm").mkdir(parents=True)
    (tmp_path / "sys" / "module" / "nvidia_uvm" / "initstate").write_text("live\n")
    proc = in_copy(root, "bash", script, env={"GPUDOCTOR_ROOT": str(tmp_path)})
    assert proc.returncode == 0 and "nothing to do" in proc.stdout


def test_the_guides_test_passes_in_the_copy(copy, tmp_path):
    root, _ = copy
    tests = root / "tests"
    (tests / "fixtures" / "hosts").mkdir(parents=True, exist_ok=True)
    for helper in ("conftest.py", "hosts.py", "synthetic.py"):
        if (REPO / "tests" / helper).exists():
            (tests / helper).write_bytes((REPO / "tests" / helper).read_bytes())
    (tests / "fixtures" / "hosts" / SNAPSHOT.name).write_bytes(SNAPSHOT.read_bytes())
    (tests / "test_uvm_module.py").write_text(guide_test(), encoding="utf-8")
    proc = in_copy(root, sys.executable, "-S", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                   "--import-mode=importlib", "--rootdir", str(root), "tests/test_uvm_module.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "2 passed" in proc.stdout
