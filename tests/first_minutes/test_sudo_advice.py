"""`sudo gpudoctor` fails for a virtualenv install (sudo's secure_path); the advice names the interpreter."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

from gpudoctor import __version__
from gpudoctor.fixing.plan import with_sudo

# Debian's and Ubuntu's sudoers: Defaults secure_path=... (no virtualenv's bin/ on it).
SECURE_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def test_the_advised_command_runs_this_gpudoctor_with_sudos_path(tmp_path):
    argv = shlex.split(with_sudo("--version"))
    assert argv[0] == "sudo" and os.path.isabs(argv[1])
    env = {"PATH": SECURE_PATH, "HOME": str(tmp_path)}  # what sudo leaves: no venv, no PYTHONPATH
    proc = subprocess.run(argv[1:], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert __version__ in proc.stdout


def test_the_advice_is_not_the_bare_name_that_secure_path_cannot_find():
    assert not with_sudo("fix --apply linux.ollama-service-env").startswith("sudo gpudoctor ")
    assert with_sudo("fix --apply linux.ollama-service-env").endswith(
        f"{shlex.quote(sys.executable)} -m gpudoctor fix --apply linux.ollama-service-env")
