"""Shared helpers for the fix-script tests.

Every bash fix runs inside a sandbox:

* ``GPUDOCTOR_ROOT`` points at a temporary directory standing in for ``/``, ``HOME`` and
  ``TMPDIR`` at temporary directories too;
* ``PATH`` holds only (1) a per-test override dir (e.g. a failing ``mv``), (2) stub
  executables for every system-changing or system-reading tool the fixes use, and
  (3) symlinks to a short list of harmless coreutils. Nothing else on the machine is
  reachable, so a script can never run the real apt-get/dpkg/systemctl even on a CI box
  where the tests run as root.

The stubs append their argv (tab-separated) to ``state/calls.log`` and answer from
files in ``state/`` that the test writes: the dpkg database (``dpkg-status``: package,
version, status per line), what ``apt-cache madison`` prints, which command should
fail, what ``id -u`` answers. apt-get/dpkg update the fake dpkg database so that a
second run sees the result of the first.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from gpudoctor.fixing import catalog
from gpudoctor.fixing.catalog import FixSpec

REPO = Path(__file__).resolve().parents[2]
FIXES = REPO / "fixes"
BASH = shutil.which("bash") or "/bin/bash"


# Harmless tools the fixes (and the stubs) may use; everything else is absent.
SAFE_TOOLS = (
    "bash", "sh", "env", "cat", "cp", "mv", "rm", "mkdir", "rmdir", "mktemp", "date",
    "dirname", "basename", "readlink", "realpath", "chmod", "chown", "touch", "ls", "ln",
    "grep", "sed", "sort", "head", "tail", "tr", "cut", "wc", "uniq", "tee", "sleep",
    "printf", "true", "false", "test", "stat", "sync",
)
# Stubbed tools; the ones that change the system count as "mutating".
STUBS = ("apt-get", "apt-cache", "dpkg", "dpkg-query", "sudo", "systemctl", "ldconfig",
         "curl", "wget", "id", "uname")
MUTATING = {"apt-get", "dpkg", "sudo", "systemctl", "ldconfig", "curl", "wget"}

_STUB_PROLOGUE = r"""#!{bash}
S=$FIXTEST_STATE
me=${{0##*/}}
{{ printf '%s' "$me"; (( $# )) && printf '\t%s' "$@"; printf '\n'; }} >> "$S/calls.log"
if [[ -f $S/fail.$me ]]; then
    cat "$S/fail.$me" >&2
    exit "$(cat "$S/fail.$me.rc" 2>/dev/null || echo 1)"
fi
db=$S/dpkg-status
touch "$db"
# db_set NAME VERSION: mark NAME installed at VERSION
db_set() {{
    local out='' b v s
    while IFS=$'\t' read -r b v s; do
        [[ -z $b || ${{b%%:*}} == "${{1%%:*}}" ]] && continue
        out+="$b"$'\t'"$v"$'\t'"$s"$'\n'
    done < "$db"
    out+="$1"$'\t'"$2"$'\t'"install ok installed"$'\n'
    printf '%s' "$out" > "$db"
}}
# db_del NAME: forget NAME (purge)
db_del() {{
    local out='' b v s
    while IFS=$'\t' read -r b v s; do
        [[ -z $b || $b == "$1" || ( $1 != *:* && ${{b%%:*}} == "$1" && $b != *:* ) ]] && continue
        out+="$b"$'\t'"$v"$'\t'"$s"$'\n'
    done < "$db"
    printf '%s' "$out" > "$db"
}}
"""

_STUB_BODIES = {
    "dpkg-query": r"""
fmt='${binary:Package}\t${Version}\n'
pkgs=()
while (( $# )); do
    case $1 in
        -W|--show) ;;
        -f|--showformat) fmt=$2; shift ;;
        -f=*|--showformat=*) fmt=${1#*=} ;;
        -*) ;;
        *) pkgs+=("$1") ;;
    esac
    shift
done
emit() {
    local out=$fmt
    out=${out//'${binary:Package}'/$1}
    out=${out//'${Package}'/${1%%:*}}
    out=${out//'${Version}'/$2}
    out=${out//'${Status}'/$3}
    printf '%b' "$out"
}
rc=0
if (( ${#pkgs[@]} == 0 )); then
    while IFS=$'\t' read -r b v s; do [[ -n $b ]] && emit "$b" "$v" "$s"; done < "$db"
    exit 0
fi
for p in "${pkgs[@]}"; do
    found=0
    while IFS=$'\t' read -r b v s; do
        [[ -n $b ]] || continue
        # shellcheck disable=SC2053
        if [[ ${b%%:*} == $p || $b == $p ]]; then emit "$b" "$v" "$s"; found=1; fi
    done < "$db"
    if (( ! found )); then echo "dpkg-query: no packages found matching $p" >&2; rc=1; fi
done
exit $rc
""",
    "apt-get": r"""
sub='' pkgs=()
for a in "$@"; do
    case $a in -*) ;; *) if [[ -z $sub ]]; then sub=$a; else pkgs+=("$a"); fi ;; esac
done
case $sub in
    update)
        echo "Hit:1 http://archive.ubuntu.com/ubuntu noble InRelease"
        echo "Get:2 https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64  InRelease [1581 B]"
        echo "Reading package lists... Done" ;;
    purge|remove)
        echo "Reading package lists... Done"
        for p in "${pkgs[@]}"; do echo "Purging configuration files for $p ..."; db_del "$p"; done ;;
    install)
        echo "Reading package lists... Done"
        for p in "${pkgs[@]}"; do
            name=${p%%=*} ver=''
            [[ $p == *=* ]] && ver=${p#*=}
            if [[ -z $ver && -f $S/candidates ]]; then
                ver=$(while IFS=$'\t' read -r n v; do [[ $n == "$name" ]] && echo "$v"; done < "$S/candidates")
            fi
            ver=${ver:-1.0-1}
            echo "Setting up $name ($ver) ..."
            db_set "$name" "$ver"
        done ;;
    *) echo "E: Invalid operation $sub" >&2; exit 100 ;;
esac
""",
    "apt-cache": r"""
if [[ ${1:-} == madison ]]; then
    shift
    for p in "$@"; do [[ -f $S/madison.$p ]] && cat "$S/madison.$p"; done
    exit 0
fi
echo "E: stub apt-cache: unsupported $*" >&2; exit 100
""",
    "dpkg": r"""
case ${1:-} in
    -i|--install)
        deb=$2
        if [[ ! -f $deb ]]; then
            echo "dpkg: error: cannot access archive '$deb': No such file or directory" >&2; exit 2
        fi
        base=${deb##*/} name=${base%%_*} ver=${base#*_}; ver=${ver%_*}
        echo "Selecting previously unselected package $name."
        echo "Setting up $name ($ver) ..."
        db_set "$name" "$ver"
        if [[ $name == cuda-keyring ]]; then
            mkdir -p "$GPUDOCTOR_ROOT/usr/share/keyrings" "$GPUDOCTOR_ROOT/etc/apt/sources.list.d"
            echo fake-key > "$GPUDOCTOR_ROOT/usr/share/keyrings/cuda-archive-keyring.gpg"
            echo "deb [signed-by=/usr/share/keyrings/cuda-archive-keyring.gpg] https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64/ /" \
                > "$GPUDOCTOR_ROOT/etc/apt/sources.list.d/cuda-wsl-ubuntu-x86_64.list"
        fi ;;
    *) echo "dpkg: stub: unsupported $*" >&2; exit 2 ;;
esac
""",
    "curl": r"""
out='' url=''
while (( $# )); do
    case $1 in -o) out=$2; shift ;; --retry) shift ;; -*) ;; *) url=$1 ;; esac
    shift
done
[[ -n $out && -n $url ]] || { echo "curl: stub needs -o FILE URL" >&2; exit 2; }
printf '!<arch>\ndebian-binary   fake deb from %s\n' "$url" > "$out"
""",
    "wget": r"""
out='' url=''
while (( $# )); do
    case $1 in -O) out=$2; shift ;; -*) ;; *) url=$1 ;; esac
    shift
done
[[ -n $out && -n $url ]] || { echo "wget: stub needs -O FILE URL" >&2; exit 2; }
printf '!<arch>\ndebian-binary   fake deb from %s\n' "$url" > "$out"
""",
    "systemctl": "exit 0\n",
    "ldconfig": "exit 0\n",
    "sudo": 'exec "$@"\n',
    "id": r"""
if [[ ${1:-} == -u ]]; then cat "$S/uid" 2>/dev/null || echo 0; exit 0; fi
echo "uid=0(root) gid=0(root) groups=0(root)"
""",
    "uname": r"""
if [[ ${1:-} == -m ]]; then cat "$S/uname-m" 2>/dev/null || echo x86_64; exit 0; fi
echo Linux
""",
}

WSL_KERNEL = "5.15.167.4-microsoft-standard-WSL2\n"
NATIVE_KERNEL = "6.8.0-51-generic\n"


def _write_exe(path: Path, text: str) -> None:
    path.write_text(text)
    path.chmod(0o755)


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str

    @property
    def out(self) -> str:
        return self.stdout + self.stderr

    def assert_error(self, *needles: str) -> None:
        """Failed (exit != 0) with exactly one `error: ...` line on stderr, containing needles."""
        assert self.returncode != 0, self.out
        errors = [line for line in self.stderr.splitlines() if line.startswith("error: ")]
        assert len(errors) == 1, self.stderr
        for n in needles:
            assert n in errors[0], errors[0]

    def assert_nothing_to_do(self) -> None:
        assert self.returncode == 0, self.out
        assert "nothing to do" in self.stdout, self.out


class Sandbox:
    """A fake machine for one test: see the module docstring."""

    def __init__(self, base: Path):
        self.base = base
        self.root = base / "root"
        self.home = base / "home"
        self.state = base / "state"
        self.tmp = base / "tmp"
        self.override = base / "override-bin"
        self.stubs = base / "stub-bin"
        self.safe = base / "safe-bin"
        for d in (self.root, self.home, self.state, self.tmp, self.override, self.stubs, self.safe):
            d.mkdir(parents=True)
        for tool in SAFE_TOOLS:
            real = shutil.which(tool)
            if real:
                (self.safe / tool).symlink_to(real)
        for name in STUBS:
            self.stub(name, _STUB_BODIES[name], where=self.stubs)
        (self.state / "dpkg-status").touch()
        (self.state / "calls.log").touch()

    # ---- setting up the fake machine ---------------------------------------------
    def stub(self, name: str, body: str, where: Path | None = None) -> None:
        """Put an executable NAME (bash, stub prologue included) on PATH."""
        _write_exe((where or self.override) / name, _STUB_PROLOGUE.format(bash=BASH) + body)

    def remove_stub(self, name: str) -> None:
        (self.stubs / name).unlink()

    def write(self, rel: str, text: str, root: Path | None = None) -> Path:
        p = (root or self.root) / rel.lstrip("/")
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        return p

    def wsl(self, yes: bool = True) -> None:
        self.write("/proc/sys/kernel/osrelease", WSL_KERNEL if yes else NATIVE_KERNEL)
        if yes:
            self.write("/usr/lib/wsl/lib/libcuda.so.1", "fake libcuda from the Windows driver\n")

    def install(self, name: str, version: str, status: str = "install ok installed") -> None:
        with open(self.state / "dpkg-status", "a") as f:
            f.write(f"{name}\t{version}\t{status}\n")

    def installed(self) -> dict[str, str]:
        out = {}
        for line in (self.state / "dpkg-status").read_text().splitlines():
            if line.strip():
                b, v, s = line.split("\t")
                if s.endswith(" installed"):
                    out[b] = v
        return out

    def madison(self, pkg: str, versions: list[str],
                repo: str = "https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64  Packages") -> None:
        """What `apt-cache madison PKG` prints (real layout: name right-aligned to 10)."""
        (self.state / f"madison.{pkg}").write_text(
            "".join(f"{pkg:>10} | {v} | {repo}\n" for v in versions))

    def fail(self, cmd: str, message: str, rc: int = 1) -> None:
        (self.state / f"fail.{cmd}").write_text(message + "\n")
        (self.state / f"fail.{cmd}.rc").write_text(f"{rc}\n")

    def set_uid(self, uid: int) -> None:
        (self.state / "uid").write_text(f"{uid}\n")

    # ---- running and observing ------------------------------------------------------
    def env(self) -> dict[str, str]:
        return {
            "PATH": f"{self.override}:{self.stubs}:{self.safe}",
            "HOME": str(self.home),
            "GPUDOCTOR_ROOT": str(self.root),
            "FIXTEST_STATE": str(self.state),
            "TMPDIR": str(self.tmp),
            "LC_ALL": "C",
        }

    def run(self, script: str, *args: str, extra_env: dict[str, str] | None = None) -> Result:
        env = self.env()
        env.update(extra_env or {})
        p = subprocess.run([BASH, str(FIXES / script), *args], env=env, cwd=self.base,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30)
        return Result(p.returncode, p.stdout, p.stderr)

    def calls(self, name: str | None = None) -> list[list[str]]:
        rows = [line.split("\t") for line in (self.state / "calls.log").read_text().splitlines()]
        return [r for r in rows if name is None or r[0] == name]

    def mutating_calls(self) -> list[list[str]]:
        return [c for c in self.calls() if c[0] in MUTATING]

    def clear_calls(self) -> None:
        (self.state / "calls.log").write_text("")

    def snapshot(self) -> dict[str, tuple]:
        """Every file and dir under root, home and tmp, with content and mode (and the dpkg db)."""
        snap: dict[str, tuple] = {}
        for top in (self.root, self.home, self.tmp):
            for p in sorted(top.rglob("*")):
                st = p.lstat()
                key = str(p.relative_to(self.base))
                if p.is_symlink():
                    snap[key] = ("link", os.readlink(p))
                elif p.is_dir():
                    snap[key] = ("dir", stat.S_IMODE(st.st_mode))
                else:
                    snap[key] = ("file", p.read_bytes(), stat.S_IMODE(st.st_mode), st.st_mtime_ns)
        snap["<dpkg-status>"] = ("db", (self.state / "dpkg-status").read_text())
        return snap


@pytest.fixture
def sb(tmp_path: Path) -> Sandbox:
    return Sandbox(tmp_path)


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".gpudoctor-bak.*"))


def temp_leftovers(directory: Path) -> list[Path]:
    return [p for p in directory.rglob("*") if "gpudoctor-tmp" in p.name]


# ---- script discovery and header parsing (used by the static tests) -----------------
def all_scripts(ext: str) -> list[Path]:
    return sorted(p for p in FIXES.rglob(f"*.{ext}") if p.is_file())


def fix_scripts() -> list[Path]:
    """The fix scripts themselves (not fixes/lib)."""
    return [p for p in all_scripts("sh") + all_scripts("ps1") if p.parent.name != "lib"]


def parse_header(path: Path) -> FixSpec:
    """The script's header, read by the rules gpudoctor itself applies (gpudoctor/fixing/catalog.py)."""
    return catalog.parse_header(path.read_text(encoding="utf-8-sig"), path)


# ---- how test modules reach these helpers -------------------------------------------------
# The project runs pytest with --import-mode=importlib next to a top-level tests/conftest.py,
# so test modules cannot `import conftest`; they get everything through fixtures instead.
def pytest_generate_tests(metafunc):
    """Parametrize arguments named sh_script / ps1_script / fix_script over the scripts."""
    def ident(p: Path) -> str:
        return str(p.relative_to(FIXES))
    if "sh_script" in metafunc.fixturenames:
        metafunc.parametrize("sh_script", [p for p in fix_scripts() if p.suffix == ".sh"], ids=ident)
    if "ps1_script" in metafunc.fixturenames:
        metafunc.parametrize("ps1_script", all_scripts("ps1"), ids=ident)
    if "fix_script" in metafunc.fixturenames:
        metafunc.parametrize("fix_script", fix_scripts(), ids=ident)


@pytest.fixture
def fx() -> SimpleNamespace:
    """Constants and helper functions of this conftest, for the test modules."""
    return SimpleNamespace(
        FIXES=FIXES, all_scripts=all_scripts, fix_scripts=fix_scripts, parse_header=parse_header,
        backups=backups, temp_leftovers=temp_leftovers,
    )
