"""Which shell the user runs, the startup files it reads, and where in them the environment
variables gpudoctor's fixes manage are assigned.

`gpudoctor fix` edits the file the user's shell really reads (bash: ~/.bashrc; zsh: ~/.zshrc
under $ZDOTDIR; fish: config.fish under $XDG_CONFIG_HOME/fish), and, to remove a variable, the
file that sets it; after the fix it reads them again to say what still sets it. Only the lines
that assign one of those variables are read (and recorded); every other line of a startup file
is none of gpudoctor's business. Startup files per shell: bash(1) INVOCATION, zsh(1) STARTUP/
SHUTDOWN FILES, fish's config.fish documentation ("Configuration files").
"""

from __future__ import annotations

import posixpath

from msgspec import Struct

from gpudoctor.lazy_regex import lazy_compile
from gpudoctor.probing import provides

# The variables the fix scripts may set or remove (FIX_ENV_ALLOWLIST in fixes/lib/fixlib.sh).
MANAGED = ("CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL", "NCCL_SHM_DISABLE",
           "NCCL_IB_DISABLE", "NCCL_DEBUG", "OLLAMA_SCHED_SPREAD", "OLLAMA_GPU_OVERHEAD", "OLLAMA_MAX_LOADED_MODELS",
           "OLLAMA_HOST", "CUDA_LAUNCH_BLOCKING", "NVIDIA_TF32_OVERRIDE", "WSLENV")
_NAMES = "|".join(MANAGED)
# `export NAME=...`, `NAME=...` (sh, bash, zsh, /etc/environment) and `set -gx NAME ...` (fish).
ASSIGNMENT = lazy_compile(rf"^\s*(?:export\s+|declare\s+-x\s+|typeset\s+-x\s+)?(?P<sh>{_NAMES})=|"
                        rf"^\s*set\s+(?:-[A-Za-z]+\s+)*(?P<fish>{_NAMES})(?:\s|$)")
PROFILE_LIMIT = 256 * 1024


class Assignment(Struct, frozen=True):
    file: str
    line: int  # 1-based
    name: str
    text: str  # the line as written


class ShellStartup(Struct, frozen=True):
    shell: str | None  # "bash", "zsh", "fish", or the name of another shell; None when $SHELL is unset
    rc_file: str | None  # where an interactive shell of this kind reads its settings: gpudoctor writes there
    files: tuple[str, ...] = ()  # the startup files read (those that exist)
    assignments: tuple[Assignment, ...] = ()
    error: str | None = None

    def setting(self, name: str) -> tuple[Assignment, ...]:
        return tuple(a for a in self.assignments if a.name == name)


def _keep_assignments(line: str) -> str:
    return line if ASSIGNMENT.match(line) else ""


def startup_files(shell: str | None, home: str, zdotdir: str | None, config_home: str | None) -> tuple[str | None, list[str]]:
    """(the rc file to edit, every file the shell may read at start-up), most specific first."""
    if shell == "zsh":
        base = zdotdir or home
        rc = posixpath.join(base, ".zshrc")
        return rc, [posixpath.join(base, f) for f in (".zshenv", ".zprofile", ".zshrc", ".zlogin")] + \
            ["/etc/zsh/zshenv", "/etc/environment"]
    if shell == "fish":
        rc = posixpath.join(config_home or posixpath.join(home, ".config"), "fish", "config.fish")
        return rc, [rc, "/etc/fish/config.fish", "/etc/environment"]
    rc = posixpath.join(home, ".bashrc")
    return rc, [rc, *(posixpath.join(home, f) for f in (".bash_profile", ".bash_login", ".profile")),
                "/etc/bash.bashrc", "/etc/profile", "/etc/environment"]


@provides("shell_startup")
def probe_shell_startup(host, facts) -> ShellStartup:
    if host.system().sys_platform.startswith("win"):
        return ShellStartup(None, None, error="Windows keeps user variables in the registry, not a startup file")
    home = host.env("HOME")
    if not home:
        return ShellStartup(None, None, error="$HOME is not set")
    login_shell = host.env("SHELL")
    shell = posixpath.basename(login_shell) if login_shell else None
    rc_file, candidates = startup_files(shell, home, host.env("ZDOTDIR"), host.env("XDG_CONFIG_HOME"))
    files, found = [], []
    for path in candidates:
        result = host.read_file(path, limit=PROFILE_LIMIT, keep_lines=_keep_assignments)
        if result.data is None:
            continue
        files.append(path)
        for number, line in enumerate((result.text or "").splitlines(), 1):
            match = ASSIGNMENT.match(line)
            if match:
                found.append(Assignment(path, number, match.group("sh") or match.group("fish"), line.strip()))
    return ShellStartup(shell, rc_file, tuple(files), tuple(found))
