"""CONTRIBUTING.md's "Add a check", followed to the letter in a temporary copy of the repository.

The copy holds this checkout's tracked files. In the order the guide gives them, the test creates the
files it says to create ("Create `PATH`:"), makes the edits it says to make ("In `PATH`, add this line
below `ANCHOR`:", "add these lines below", "add this after"), and runs its shell steps (the `sh` blocks:
making the fix executable, regenerating the golden files and the README's example sessions). Nothing
is installed: the copy runs from its own folders (`python -S`, its dependencies on PYTHONPATH).

Then it runs, in the copy, the tests a new check touches (SUITES):
- the guide's own test of the check, which it created;
- tests/golden: a golden file for every (check, recorded host) pair and none left over, each equal to
  what the replay prints, and the per-format layouts unchanged;
- tests/cli: `list` and `explain` and every command at 80 columns (not the catalogue's signatures, which a new
  check does not touch), the README's check table against
  `gpudoctor list`, and its example sessions against what gpudoctor prints;
- tests/registry/test_discovery.py: checks and probes found in the package without reinstalling, every
  fact a check needs provided by a probe (not test_plugins.py: it builds a wheel and a virtual
  environment for entry-point plugins, ~40 s, and a built-in check does not touch them);
- tests/architecture: the import rules (a check never imports the host), function length, no wording
  read back (not the scan of every file for merge conflict markers);
- tests/path_health/test_actions.py: the action table names every check;
- tests/fixing/test_catalog.py, test_fix_requests.py and the new script's cases of
  tests/fixes/test_static.py: the fix's header, every fix a check names exists, every script has its
  request function and no check spells a fix by hand, shellcheck, strict mode, executable.
The rest of the suite judges every recording and paste with all checks (tests/pasted, the real-host
recordings) and takes minutes; CI runs it on the real tree, where the new check then lives.

Last, it holds that only the new check's own files changed: its probe, check, fix, test and golden
folder are new; the action table, the fix requests and their test, and README.md are edited; nothing
else differs.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from checkout import tracked_copy

REPO = Path(__file__).resolve().parents[2]
GUIDE = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
SECTION = GUIDE.split("## Add a check", 1)[1].split("\n## ", 1)[0]
SNAPSHOT = REPO / "tests" / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"
INITSTATE = ["/sys/module/nvidia_uvm/initstate", 64, False]
CHECK_ID = "driver.uvm-module"
GUIDE_TEST = "tests/under_driver/test_uvm_module.py"
SUITES = (GUIDE_TEST, "tests/golden", "tests/cli", "tests/registry/test_discovery.py", "tests/architecture",
          "tests/path_health/test_actions.py", "tests/fixing/test_catalog.py", "tests/fixing/test_fix_requests.py",
          "tests/fixes/test_static.py")
# Of tests/fixes/test_static.py, what concerns the new script (the rest checks each PowerShell script): ~10 s less.
# Not the catalogue's signatures at 80 columns (~20 s) nor the scan of every tracked file for conflict markers: a new
# check adds neither a signature nor a merge.
CASES = ("(not test_static.py or load-nvidia-uvm or shellcheck_all or strict_mode)"
         " and not a_failure_signature_fits_80_columns and not conflict_markers")
NEW_FILES = {"gpudoctor/probes/uvm_module.py", "checks/uvm_module.py", "fixes/linux/load-nvidia-uvm.sh", GUIDE_TEST}
EDITED_FILES = {"gpudoctor/actions.py", "gpudoctor/fix_requests.py", "tests/fixing/test_fix_requests.py", "README.md"}
STEP = re.compile(
    r"Create `(?P<create>[^`]+)`:\n\n```\w*\n(?P<file>.*?)```\n"
    r"|In `(?P<edit>[^`]+)`, add (?P<how>this line below|these lines below|this after) `(?P<anchor>[^`]+)`[^\n]*:\n\n```\w*\n(?P<text>.*?)```\n"
    r"|```sh\n(?P<shell>.*?)```\n", re.S)


def environment(root: Path, shims: Path) -> dict[str, str]:
    """`python` is this interpreter without site initialisation (no editable install of the checkout
    the test runs from), with the dependencies on PYTHONPATH after the copy itself."""
    python = shims / "python"
    python.write_text(f'#!/bin/sh\nexec "{sys.executable}" -S "$@"\n', encoding="utf-8")
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    # pytest-xdist's workers would start the interpreter itself, with site initialisation, and import the checkout
    # the test runs from: the copy's tests run in one process.
    return {**os.environ, "PATH": f"{shims}{os.pathsep}{os.environ['PATH']}",
            "PYTHONPATH": os.pathsep.join([str(root), sysconfig.get_paths()["purelib"]]), "PYTEST_ADDOPTS": "-n 0"}


def edit(path: Path, how: str, anchor: str, text: str) -> None:
    content = path.read_text(encoding="utf-8")
    assert content.count(anchor) == 1, f"the guide's anchor {anchor!r} is not once in {path.name}"
    if how.endswith("below"):
        end = content.index("\n", content.index(anchor)) + 1
        content = content[:end] + text + content[end:]
    else:
        end = content.index(anchor) + len(anchor)
        content = content[:end] + " " + text.strip() + content[end:]
    path.write_text(content, encoding="utf-8")


def follow_the_guide(root: Path, env: dict[str, str]) -> list[str]:
    """Every step of the section, in order; the steps done, for the failure messages."""
    done = []
    for step in STEP.finditer(SECTION):
        if step["create"]:
            assert not (root / step["create"]).exists(), f"{step['create']} exists already: the guide's example is new"
            (root / step["create"]).parent.mkdir(parents=True, exist_ok=True)
            (root / step["create"]).write_text(step["file"], encoding="utf-8")
        elif step["edit"]:
            edit(root / step["edit"], step["how"], step["anchor"], step["text"])
        else:
            proc = subprocess.run(["bash", "-euo", "pipefail", "-c", step["shell"]], cwd=root, env=env,
                                  capture_output=True, text=True, timeout=300)
            assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        done.append(step["create"] or step["edit"] or step["shell"].strip())
    return done


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    root = tracked_copy(tmp_path_factory.mktemp("add-a-check") / "repository")
    env = environment(root, tmp_path_factory.mktemp("shims"))
    before = tree(root)
    steps = follow_the_guide(root, env)
    return root, env, before, steps


def test_the_guide_gives_every_step(copy):
    _, _, _, steps = copy
    assert NEW_FILES <= set(steps) and EDITED_FILES <= set(steps), steps
    assert any("GPUDOCTOR_REGENERATE_GOLDEN=1" in step for step in steps)


def test_the_tests_a_new_check_touches_pass_in_the_copy(copy):
    root, env, _, _ = copy
    proc = subprocess.run(["python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--import-mode=importlib",
                           "--rootdir", str(root), *SUITES, "-k", CASES],
                          cwd=root, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]


def test_only_the_new_checks_own_files_changed(copy):
    root, _, before, _ = copy
    after = tree(root)
    changed = {path for path in after if before.get(path) != after[path]}
    goldens = {path for path in changed if path.startswith(f"tests/golden/checks/{CHECK_ID}/")}
    hosts = {f"tests/golden/checks/{CHECK_ID}/{p.stem}.txt" for p in (REPO / "tests/fixtures/hosts").glob("*.json")}
    assert goldens == hosts  # one golden file per recorded host, each new
    assert changed - goldens == NEW_FILES | EDITED_FILES
    assert set(before) <= set(after)  # nothing removed
    for path in goldens:  # no recording holds /sys/module: unknown, and what would show it (Windows, WSL: not applicable)
        text = after[path].decode()
        assert "cat /sys/module/nvidia_uvm/initstate" in text or "Not applicable on w" in text, path


def test_the_new_check_is_listed_and_judges_a_recording_without_reinstalling(copy, tmp_path):
    root, env, _, _ = copy

    def gpudoctor(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(["python", "-m", "gpudoctor", *args], cwd=root, env=env, capture_output=True,
                              text=True, timeout=120)

    listed = gpudoctor("list")
    assert listed.returncode == 0 and CHECK_ID in listed.stdout, listed.stderr
    missing, live = recording(tmp_path, {"error": "not-found"}), recording(tmp_path, {"error": None, "data": "live\n"})
    (result,) = json.loads(gpudoctor("check", "--from", str(missing), "--only", CHECK_ID, "--json").stdout)["checks"]
    assert result["status"] == "warn" and "not loaded" in result["summary"] and result["action"] == "reload-driver"
    assert json.loads(gpudoctor("check", "--from", str(live), "--only", CHECK_ID, "--json").stdout)["checks"][0]["status"] \
        == "pass"
    plan = gpudoctor("fix", "--from", str(missing), CHECK_ID, "--json")
    assert plan.returncode == 0, plan.stderr
    (planned,) = json.loads(plan.stdout)["plan"]["fixes"]
    assert (planned["id"], planned["phase"]) == ("linux.load-nvidia-uvm", "driver")


def test_the_new_fix_previews_and_knows_when_there_is_nothing_to_do(copy, tmp_path):
    root, env, _, _ = copy
    script = str(root / "fixes" / "linux" / "load-nvidia-uvm.sh")
    env = {**env, "GPUDOCTOR_ROOT": str(tmp_path)}
    proc = subprocess.run([script, "--dry-run"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0 and "would run: modprobe nvidia_uvm" in proc.stdout, proc.stderr
    (tmp_path / "sys" / "module" / "nvidia_uvm").mkdir(parents=True)
    (tmp_path / "sys" / "module" / "nvidia_uvm" / "initstate").write_text("live\n")
    proc = subprocess.run([script], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0 and "nothing to do" in proc.stdout


def recording(folder: Path, initstate: dict) -> Path:
    """The two-H200 recording, with the answer the new probe reads edited in."""
    document = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    document["calls"].append({"probe": "file", "args": INITSTATE, "answer": initstate})
    path = folder / f"h200-uvm-{'missing' if initstate.get('error') else 'live'}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path
