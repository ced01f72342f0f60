"""The catalog: every shipped fix script's header parses, bad headers are refused, every fix a check names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpudoctor.fixing.catalog import PHASES, CatalogError, fixes_root, load_catalog, parse_header

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = sorted(p for d in ("windows", "wsl", "linux") for p in (REPO / "fixes" / d).glob("*")
                 if p.suffix in (".sh", ".ps1"))
# A fix id named by a check: fix="x.y" (also inside `... if ... else`), "fix": "x.y" in a dict, or fixes=(...).
_FIX_ARG = re.compile(r"""(?:\bfix\s*=\s*|["']fix["']\s*:\s*|\bFixRequest\(\s*)["']([^"']+)["']""")
_FIXES_ARG = re.compile(r"""\bfixes\s*=\s*\(([^)]*)\)""")


def fix_ids_named_in(source: str) -> set[str]:
    ids = set(_FIX_ARG.findall(source))
    for group in _FIXES_ARG.findall(source):
        ids.update(re.findall(r"""["']([^"']+)["']""", group))
    return ids


def test_every_script_parses_into_a_fixspec():
    catalog = load_catalog()
    assert len(SCRIPTS) >= 8
    assert {spec.path.resolve() for spec in catalog.values()} == {p.resolve() for p in SCRIPTS}
    for spec in catalog.values():
        assert spec.id == f"{spec.path.parent.name}.{spec.path.stem}"
        assert spec.title and spec.changes and spec.usage.startswith(spec.path.name)
    toolkit = catalog["wsl.install-cuda-toolkit"]
    assert (toolkit.platforms, toolkit.elevation, toolkit.after, toolkit.shell) == (("wsl",), "root", "new-shell", "bash")
    assert [(p.flag, p.metavar) for p in toolkit.params] == [("--version", "X-Y")]
    assert any("cuda-toolkit-X-Y" in line for line in toolkit.changes)
    enable = catalog["windows.enable-wsl2"]
    assert (enable.elevation, enable.after, enable.shell, enable.dry_run_flag) == ("admin", "reboot", "powershell",
                                                                                   "-WhatIf")
    user_env = catalog["windows.set-user-env"]
    assert [(p.flag, p.metavar) for p in user_env.params] == [("-Name", "VAR"), ("-Value", "X"), ("-Remove", None),
                                                               ("-RestartOllama", None)]
    assert catalog["linux.ollama-service-env"].platforms == ("linux", "wsl")


def test_scripts_come_from_the_installed_package():
    root = fixes_root()
    assert (root / "__init__.py").is_file()
    assert all(spec.path.is_relative_to(root) for spec in load_catalog().values())


def test_each_script_names_its_phase():
    """The phase is a header key of the script: a new fix needs no table elsewhere."""
    phases = {fix_id: spec.phase for fix_id, spec in load_catalog().items()}
    assert set(phases.values()) <= set(PHASES)
    assert (phases["windows.enable-wsl2"], phases["wsl.remove-linux-driver"], phases["wsl.install-nccl"],
            phases["linux.ollama-service-env"]) == ("platform", "driver", "nccl", "services")


GOOD = """#!/usr/bin/env bash
# gpudoctor-fix: wsl.example
# title: An example
# platform: wsl linux
# phase: toolkit
# elevation: root
# after: new-shell
# changes: edits a file
# param: --version X-Y  a version
# usage: example.sh --version X-Y [--dry-run]
#
set -euo pipefail
"""


def test_a_good_header_parses():
    spec = parse_header(GOOD, Path("/x/fixes/wsl/example.sh"))
    assert (spec.id, spec.platforms, spec.params[0].description) == ("wsl.example", ("wsl", "linux"), "a version")


@pytest.mark.parametrize("old, new, message", [
    ("# elevation: root", "# elevation: sudo", "elevation 'sudo' is not one of none, root"),
    ("# elevation: root", "# elevation: admin", "elevation 'admin' is not one of none, root"),
    ("# platform: wsl linux", "# platform: wsl macos", "platform 'macos' is not one of windows, wsl, linux"),
    ("# after: new-shell", "# after: logout", "after 'logout' is not one of"),
    ("# changes: edits a file\n", "", "header lacks changes"),
    ("# gpudoctor-fix: wsl.example", "# gpudoctor-fix: wsl.other", "does not match its place in fixes/"),
    ("# title: An example", "# title: An example\n# colour: red", "unknown header key 'colour'"),
    ("# title: An example", "# title: An example\n# title: again", "header key 'title' appears twice"),
    ("# param: --version X-Y  a version", "# param: --version X-Y a version", "is not 'FLAG [METAVAR]  description'"),
    ("# param: --version X-Y  a version", "# param: -Version X-Y  a version", "is not a bash parameter name"),
    ("#\nset", "set", "not ended by a bare '#' line"),
    ("# phase: toolkit\n", "", "header lacks phase"),
    ("# phase: toolkit", "# phase: last", "phase 'last' is not one of platform, driver"),
    ("# platform: wsl linux", "# platform: linux", "lacks 'wsl', the folder it lies in"),
    ("# platform: wsl linux", "# platform: wsl windows", "does not fit a bash script"),
    ("# platform: wsl linux", "# platform: wsl wsl", "names a platform twice"),
    ("# usage: example.sh --version X-Y [--dry-run]", "# usage: other.sh --version X-Y [--dry-run]",
     "does not start with the file name"),
    ("# usage: example.sh --version X-Y [--dry-run]", "# usage: example.sh --version X-Y", "does not show [--dry-run]"),
    ("# usage: example.sh --version X-Y [--dry-run]", "# usage: example.sh [--dry-run]",
     "does not show the param --version"),
    ("# param: --version X-Y  a version", "# param: --version x-y  a version", "is not upper case"),
])
def test_a_bad_header_is_rejected_with_a_clear_error(old, new, message):
    assert old in GOOD
    with pytest.raises(CatalogError) as caught:
        parse_header(GOOD.replace(old, new), Path("/x/fixes/wsl/example.sh"))
    assert message in str(caught.value)
    assert "/x/fixes/wsl/example.sh" in str(caught.value)


def test_every_fix_a_check_names_is_in_the_catalog():
    """Checks name fixes through gpudoctor/fix_requests.py and in their `fixes=(...)` declarations."""
    named = {}
    for module in [REPO / "gpudoctor" / "fix_requests.py", *sorted((REPO / "checks").glob("*.py"))]:
        for fix_id in fix_ids_named_in(module.read_text(encoding="utf-8")):
            named.setdefault(fix_id, module.name)
    assert named, "no fix is named: the search pattern no longer matches the sources"
    missing = {fix_id: module for fix_id, module in named.items() if fix_id not in load_catalog()}
    assert not missing, f"fixes named that fixes/ does not ship: {missing}"


def test_the_search_finds_every_way_a_check_names_a_fix():
    source = '''
        yield warn("x", fix="wsl.remove-linux-driver")
        yield ok("y", fix="wsl.install-cuda-toolkit" if version else None, fix_args=["--version", version])
        return {"fix": "wsl.no-such-fix", "fix_args": []}
        @check("a.b", title="t", fixes=("windows.enable-wsl2", 'wsl.install-nccl'))
        return FixRequest("linux.set-shell-env", ("--name", name))
    '''
    assert fix_ids_named_in(source) == {"wsl.remove-linux-driver", "wsl.install-cuda-toolkit", "wsl.no-such-fix",
                                        "windows.enable-wsl2", "wsl.install-nccl", "linux.set-shell-env"}
    assert "wsl.no-such-fix" not in load_catalog()
