"""Small things a new user meets: completion of check ids, `list` with a header and --json, `explain`
for fix ids with "did you mean", and --only patterns."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner
from hosts import HOSTS

from gpudoctor.cli import main

README = Path(__file__).parents[2] / "README.md"
H200 = str(HOSTS / "linux-2xh200-nvlink.json")


def _cli(*args):
    return CliRunner().invoke(main, list(args))


def _complete(words: str) -> list[str]:
    """What bash completion offers for the last word, through click's own protocol."""
    env = {**os.environ, "_GPUDOCTOR_COMPLETE": "bash_complete", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
    # The console script, as a shell calls it (click names the variable after the program).
    script = Path(sys.executable).with_name("gpudoctor.exe" if os.name == "nt" else "gpudoctor")
    proc = subprocess.run([str(script)], env=env, capture_output=True, text=True, timeout=60)
    return [line.split(",", 1)[1] for line in proc.stdout.splitlines() if "," in line]


def test_completion_offers_check_ids_after_only_and_explain():
    assert _complete("gpudoctor check --only p2p.") == ["p2p.access", "p2p.bandwidth"]
    assert "ollama.server" in _complete("gpudoctor check --skip ollama")
    assert "wsl.remove-linux-driver" in _complete("gpudoctor explain wsl.")  # fix ids too


def test_completion_is_documented():
    text = README.read_text(encoding="utf-8")
    assert "_GPUDOCTOR_COMPLETE=bash_source gpudoctor" in text and "_GPUDOCTOR_COMPLETE=zsh_source" in text


def test_list_has_a_header_and_json():
    lines = _cli("list").stdout.splitlines()
    assert re.match(r"ID\s+PLATFORMS\s+FIX\s+RUNS WITH\s+TITLE$", lines[0])
    assert re.match(r"p2p\.bandwidth\s+linux,wsl,windows\s+-\s+--deep\s+", next(l for l in lines if l.startswith("p2p.bandwidth")))
    document = json.loads(_cli("list", "--json").stdout)
    checks = {c["id"]: c for c in document["checks"]}
    assert checks["p2p.bandwidth"]["opt_in"] == "--deep" and checks["gpu.count"]["opt_in"] is None
    assert "wsl.remove-linux-driver" in checks["wsl.gpu"]["fixes"]
    assert len(checks) == len(lines) - 1


def test_explain_takes_a_fix_id():
    out = _cli("explain", "wsl.remove-linux-driver")
    assert out.exit_code == 0, out.output
    assert "needs root rights" in out.stdout and "Planned when these checks ask for it: wsl.gpu." in out.stdout
    assert "purges" in out.stdout


def test_explain_suggests_the_id_meant():
    out = _cli("explain", "gpu.cuont")
    assert out.exit_code == 2 and "did you mean 'gpu.count'?" in out.output


def test_only_takes_the_pattern_the_report_prints():
    out = _cli("check", "--from", H200, "--only", "ollama.*", "-v", "--json")
    ids = [c["id"] for c in json.loads(out.stdout)["checks"]]
    assert ids and all(i.startswith("ollama.") for i in ids)
    assert "ollama.server" in ids and "ollama.models" in ids
    wrong = _cli("check", "--from", H200, "--only", "olama.*")
    assert wrong.exit_code == 2 and "did you mean 'ollama.*'?" in wrong.output


def test_skip_takes_a_pattern():
    out = _cli("check", "--from", H200, "--skip", "ollama.*", "--skip", "wsl.*", "--json")
    ids = [c["id"] for c in json.loads(out.stdout)["checks"]]
    assert not any(i.startswith(("ollama.", "wsl.")) for i in ids) and "gpu.count" in ids


def test_fix_suggests_the_id_meant():
    out = _cli("fix", "--from", H200, "wsl.remove-linux-drivr")
    assert out.exit_code == 2 and "did you mean 'wsl.remove-linux-driver'?" in out.output


def test_a_pattern_does_not_start_slow_checks_an_exact_id_does():
    ids = [c["id"] for c in json.loads(_cli("check", "--from", H200, "--only", "p2p.*", "--json").stdout)["checks"]]
    assert ids == ["p2p.access"]  # p2p.bandwidth runs only with --deep or by its exact id
    exact = _cli("check", "--from", H200, "--only", "p2p.access", "--only", "p2p.bandwidth", "--json").stdout
    assert [c["id"] for c in json.loads(exact)["checks"]] == ["p2p.access", "p2p.bandwidth"]
