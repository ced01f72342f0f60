"""linux/set-shell-env.sh in a sandbox (see conftest)."""

import subprocess

import pytest

SCRIPT = "linux/set-shell-env.sh"
BEGIN = "# >>> gpudoctor managed >>>"
END = "# <<< gpudoctor managed <<<"

# The top of Ubuntu's default ~/.bashrc plus a user's own lines.
BASHRC = """\
# ~/.bashrc: executed by bash(1) for non-login shells.
# see /usr/share/doc/bash/examples/startup-files (in the package bash-doc)

# If not running interactively, don't do anything
case $- in
    *i*) ;;
      *) return;;
esac

HISTCONTROL=ignoreboth
alias ll='ls -alF'
export PATH="$HOME/.local/bin:$PATH"

"""

# Make the mv inside atomic_write fail (a full disk, a crash) or get the script killed
# right at the rename (Ctrl-C, the terminal closed).
MV_FAILS = 'echo "mv: cannot move: Input/output error" >&2; exit 1\n'
MV_KILLED = 'kill -TERM "$PPID"; exit 1\n'


@pytest.fixture
def home(sb):
    rc = sb.home / ".bashrc"
    rc.write_text(BASHRC)
    rc.chmod(0o640)
    return sb


def bashrc(sb):
    return (sb.home / ".bashrc").read_text()


def block(text):
    lines = text.splitlines()
    return lines[lines.index(BEGIN) + 1:lines.index(END)]


def test_set_appends_block_and_backs_up(home, fx):
    res = home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "0,1")
    assert res.returncode == 0, res.out
    text = bashrc(home)
    assert text == BASHRC + f"{BEGIN}\nexport CUDA_VISIBLE_DEVICES='0,1'\n{END}\n"
    assert (home.home / ".bashrc").stat().st_mode & 0o777 == 0o640  # mode kept
    baks = fx.backups(home.home / ".bashrc")
    assert len(baks) == 1 and baks[0].read_text() == BASHRC
    assert baks[0].name.startswith(".bashrc.gpudoctor-bak.") and baks[0].name.endswith("Z")
    assert fx.temp_leftovers(home.home) == []
    assert home.calls() == []  # no system tool needed


def test_set_replace_and_add_keep_order(home):
    home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "0,1")
    home.run(SCRIPT, "--name", "OLLAMA_SCHED_SPREAD", "--value", "1")
    res = home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "1")
    assert res.returncode == 0, res.out
    assert block(bashrc(home)) == ["export CUDA_VISIBLE_DEVICES='1'", "export OLLAMA_SCHED_SPREAD='1'"]
    assert bashrc(home).startswith(BASHRC)


def test_second_run_changes_nothing(home, fx):
    assert home.run(SCRIPT, "--name", "NCCL_P2P_DISABLE", "--value", "1").returncode == 0
    before = home.snapshot()
    res = home.run(SCRIPT, "--name", "NCCL_P2P_DISABLE", "--value", "1")
    res.assert_nothing_to_do()
    assert "already set" in res.stdout
    assert home.snapshot() == before  # same bytes, same mtime, no new backup


def test_unset_removes_line_then_block(home):
    home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "0")
    home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "INFO")
    res = home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--unset")
    assert res.returncode == 0, res.out
    assert block(bashrc(home)) == ["export NCCL_DEBUG='INFO'"]
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--unset")
    assert res.returncode == 0, res.out
    assert bashrc(home) == BASHRC  # round trip: the file is exactly as before
    again = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--unset")
    again.assert_nothing_to_do()


def test_unset_when_profile_missing(sb):
    res = sb.run(SCRIPT, "--name", "NCCL_DEBUG", "--unset")
    res.assert_nothing_to_do()
    assert not (sb.home / ".bashrc").exists()


def test_creates_missing_profile(sb, fx):
    res = sb.run(SCRIPT, "--name", "CUDA_DEVICE_ORDER", "--value", "PCI_BUS_ID")
    assert res.returncode == 0, res.out
    assert (sb.home / ".bashrc").read_text() == f"{BEGIN}\nexport CUDA_DEVICE_ORDER='PCI_BUS_ID'\n{END}\n"
    assert fx.backups(sb.home / ".bashrc") == []


def test_custom_profile_and_symlink(home):
    dot = home.home / "dotfiles"
    dot.mkdir()
    (dot / "zshrc").write_text("setopt autocd\n")
    (home.home / ".zshrc").symlink_to(dot / "zshrc")
    res = home.run(SCRIPT, "--name", "OLLAMA_HOST", "--value", "0.0.0.0:11434",
                   "--profile", str(home.home / ".zshrc"))
    assert res.returncode == 0, res.out
    assert (home.home / ".zshrc").is_symlink()  # written through, link kept
    assert (dot / "zshrc").read_text() == f"setopt autocd\n{BEGIN}\nexport OLLAMA_HOST='0.0.0.0:11434'\n{END}\n"
    assert bashrc(home) == BASHRC


@pytest.mark.parametrize("value", ['a b', '$HOME', '`id`', '"quoted"', 'x\\y', '', 'GPU-5e2b1c3a-0f1d;rm -rf ~'])
def test_values_stay_literal_when_sourced(home, value):
    profile = home.home / ".profile"
    profile.write_text('WSLENV=unset-marker\n')
    res = home.run(SCRIPT, "--name", "WSLENV", "--value", value, "--profile", str(profile))
    assert res.returncode == 0, res.out
    out = subprocess.run(["bash", "-c", 'source "$1"; printf %s "$WSLENV"', "x", str(profile)],
                         capture_output=True, text=True, env={"HOME": str(home.home)})
    assert out.returncode == 0 and out.stderr == ""
    assert out.stdout == value


def test_dry_run_changes_nothing(home):
    before = home.snapshot()
    res = home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "0", "--dry-run")
    assert res.returncode == 0, res.out
    assert home.snapshot() == before
    assert "would set CUDA_VISIBLE_DEVICES='0'" in res.stdout
    assert "  export CUDA_VISIBLE_DEVICES='0'" in res.stdout
    assert "would back up" in res.stdout and "dry run" in res.stdout


def test_dry_run_unset_changes_nothing(home):
    home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "WARN")
    before = home.snapshot()
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--unset", "--dry-run")
    assert res.returncode == 0, res.out
    assert home.snapshot() == before
    assert "empty block would be removed" in res.stdout


@pytest.mark.parametrize("stub", [MV_FAILS, MV_KILLED], ids=["mv-fails", "killed-at-rename"])
def test_interrupted_edit_leaves_original_intact(home, fx, stub):
    home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "WARN")
    original = bashrc(home)
    home.stub("mv", stub)
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "INFO")
    res.assert_error()
    assert bashrc(home) == original
    assert fx.temp_leftovers(home.home) == []
    assert home.calls("mv")  # the rename really was attempted


@pytest.mark.parametrize("args, needle", [
    (["--name", "PATH", "--value", "/tmp"], "not one gpudoctor manages"),
    (["--name", "LD_PRELOAD", "--value", "/tmp/x.so"], "not one gpudoctor manages"),
    (["--name", "1CUDA", "--value", "0"], "invalid variable name"),
    (["--name", "CUDA-VISIBLE", "--value", "0"], "invalid variable name"),
    (["--name", "cuda_visible_devices", "--value", "0"], "not one gpudoctor manages"),
    (["--name", "CUDA_VISIBLE_DEVICES", "--value", "0\nrm -rf ~"], "newline"),
    (["--name", "CUDA_VISIBLE_DEVICES", "--value", "0'; rm -rf ~; '"], "single quote"),
    (["--name", "CUDA_VISIBLE_DEVICES", "--value", "0", "--unset"], "exactly one"),
    (["--name", "CUDA_VISIBLE_DEVICES"], "exactly one"),
    (["--value", "0"], "--name"),
    (["--name"], "--name needs"),
    (["--name", "NCCL_DEBUG", "--value", "INFO", "--profile", ""], "--profile"),
    (["--name", "NCCL_DEBUG", "--value", "INFO", "--force"], "unknown argument"),
])
def test_invalid_arguments(home, args, needle):
    before = home.snapshot()
    res = home.run(SCRIPT, *args)
    assert res.returncode == 2, res.out
    res.assert_error(needle)
    assert home.snapshot() == before


@pytest.mark.parametrize("broken", [
    f"{BEGIN}\nexport NCCL_DEBUG='INFO'\n",                       # end marker lost
    f"export NCCL_DEBUG='INFO'\n{END}\n",                          # begin marker lost
    f"{END}\n{BEGIN}\n",                                           # reversed
    f"{BEGIN}\n{END}\n{BEGIN}\n{END}\n",                           # two blocks
])
def test_broken_block_is_left_alone(home, broken):
    (home.home / ".bashrc").write_text(BASHRC + broken)
    before = home.snapshot()
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "WARN")
    res.assert_error("broken gpudoctor managed block")
    assert home.snapshot() == before


def test_profile_that_is_a_directory(home):
    (home.home / "dir").mkdir()
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "WARN", "--profile", str(home.home / "dir"))
    res.assert_error("not a regular file")


def test_warns_about_assignment_outside_block(home):
    (home.home / ".bashrc").write_text(BASHRC + "export CUDA_VISIBLE_DEVICES=0\n")
    res = home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--value", "1")
    assert res.returncode == 0, res.out
    assert "warning: CUDA_VISIBLE_DEVICES is also assigned outside" in res.stderr
    assert "export CUDA_VISIBLE_DEVICES=0\n" in bashrc(home)  # the user's line is untouched


def test_lines_inside_block_for_other_vars_and_blank_tail_kept(home):
    (home.home / ".bashrc").write_text(BASHRC + f"{BEGIN}\nexport NCCL_DEBUG='WARN'\n{END}\n\n# tail\n")
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--unset")
    assert res.returncode == 0, res.out
    assert bashrc(home) == BASHRC + "\n# tail\n"


def test_unexpected_failure_gives_one_error_line(home, fx):
    """A command failing outside die() still ends with exactly one `error:` line."""
    home.stub("mktemp", 'echo "mktemp: failed to create file via template: Read-only file system" >&2; exit 1\n')
    before = home.snapshot()
    res = home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "WARN")
    res.assert_error("command failed (exit 1)", "mktemp")
    assert home.snapshot() == before  # not even a backup


def test_backup_names_do_not_collide(home, fx):
    for value in ("1", "2", "3"):
        assert home.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", value).returncode == 0
    baks = fx.backups(home.home / ".bashrc")
    assert len(baks) == 3  # same second: .1, .2 suffixes instead of overwriting
    assert sorted(b.read_text().count("NCCL_DEBUG") for b in baks) == [0, 1, 1]


def test_unset_disables_the_users_own_assignment(home, fx):
    """The stray variable is set by the user's own line, not by gpudoctor's block: removing it
    from the block alone would change nothing. The line is commented out, never deleted."""
    (home.home / ".bashrc").write_text(BASHRC + "export CUDA_VISIBLE_DEVICES=1\nNCCL_P2P_DISABLE=1 # old test\n")
    assert _in_a_new_bash(home, "CUDA_VISIBLE_DEVICES") == "1"
    res = home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--unset")
    assert res.returncode == 0, res.out
    assert bashrc(home) == BASHRC + ("# disabled by gpudoctor: export CUDA_VISIBLE_DEVICES=1\n"
                                     "NCCL_P2P_DISABLE=1 # old test\n")
    assert "disabling" in res.stdout and fx.backups(home.home / ".bashrc")
    home.run(SCRIPT, "--name", "CUDA_VISIBLE_DEVICES", "--unset").assert_nothing_to_do()
    assert _in_a_new_bash(home, "CUDA_VISIBLE_DEVICES") == "unset"


def _in_a_new_bash(sandbox, name: str) -> str:
    """What an interactive bash started now (it reads ~/.bashrc) has for the variable."""
    shell = subprocess.run(["bash", "-i", "-c", f'printf %s "${{{name}-unset}}"'], capture_output=True, text=True,
                           timeout=30, env={"HOME": str(sandbox.home), "PATH": "/usr/bin:/bin"})
    return shell.stdout


def test_a_fish_profile_gets_fishs_syntax(sb):
    config = sb.home / ".config" / "fish" / "config.fish"
    config.parent.mkdir(parents=True)
    config.write_text("set -gx NCCL_P2P_DISABLE 1\nset -U fish_greeting ''\n")
    res = sb.run(SCRIPT, "--name", "NCCL_DEBUG", "--value", "WARN", "--profile", str(config))
    assert res.returncode == 0, res.out
    res = sb.run(SCRIPT, "--name", "NCCL_P2P_DISABLE", "--unset", "--profile", str(config))
    assert res.returncode == 0, res.out
    assert config.read_text() == ("# disabled by gpudoctor: set -gx NCCL_P2P_DISABLE 1\nset -U fish_greeting ''\n"
                                  f"{BEGIN}\nset -gx NCCL_DEBUG 'WARN'\n{END}\n")
