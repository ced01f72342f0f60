"""Output targets (-o, --junit, snapshot -o): regular files are replaced atomically keeping their
mode; character devices and `-` are written through; symbolic links, FIFOs, directories and sockets
are refused without following, waiting or creating anything."""

import errno
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from gpudoctor.output_file import STALE_TEMP_AGE_S, write_output

FIXTURE = Path(__file__).parents[1] / "fixtures" / "hosts" / "linux-2xh200-nvlink.json"
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file types")


def _device(tmp_path: Path, name: str, minor: int) -> str:
    """A character device like /dev/null (minor 3) or /dev/full (minor 7). Under root, a private node in
    tmp_path: a regression that replaced the target must not replace the machine's own /dev/full (it did,
    once, with the code before this test). Others cannot replace anything in /dev: the real one is safe."""
    if not hasattr(os, "geteuid"):
        pytest.skip("POSIX devices")
    if os.geteuid() != 0:
        if not os.path.exists(f"/dev/{name}"):
            pytest.skip(f"no /dev/{name}")
        return f"/dev/{name}"
    node = tmp_path / name
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
        with open(node, "rb"):
            pass
    except OSError as exc:
        pytest.skip(f"cannot make a private /dev/{name} here: {exc}")
    return str(node)


def gpudoctor(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "gpudoctor", *args], capture_output=True, text=True,
                          timeout=60, **kwargs)


def test_regular_file_is_replaced_keeping_its_mode(tmp_path):
    target = tmp_path / "report.json"
    target.write_text("old")
    target.chmod(0o640)
    write_output(str(target), "new")
    assert target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temporary file left


def test_new_file_gets_the_umask_mode_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        write_output(str(tmp_path / "new.json"), "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


@posix_only
def test_symlink_is_refused_and_its_target_left_alone(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with pytest.raises(OSError, match="symbolic link"):
        write_output(str(link), "new")
    assert link.is_symlink() and real.read_text() == "old"


@posix_only
def test_dangling_symlink_does_not_create_its_target(tmp_path):
    link = tmp_path / "report.json"
    link.symlink_to(tmp_path / "planted-target")
    with pytest.raises(OSError, match="symbolic link"):
        write_output(str(link), "new")
    assert not (tmp_path / "planted-target").exists()


@posix_only
def test_fifo_without_a_reader_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(OSError, match="FIFO"):
        write_output(str(fifo), "nobody reads this")
    assert time.monotonic() - started < 2
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@posix_only
def test_directory_and_socket_are_refused(tmp_path):
    import socket

    with pytest.raises(OSError, match="directory"):
        write_output(str(tmp_path), "x")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock"))
    try:
        with pytest.raises(OSError, match="socket"):
            write_output(str(tmp_path / "sock"), "x")
    finally:
        server.close()


def test_dev_null_is_written_not_replaced(tmp_path):
    null = _device(tmp_path, "null", 3)
    before = os.stat(null)
    write_output(null, "discarded")
    after = os.stat(null)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev


def test_dev_full_is_an_error_and_stays_a_device(tmp_path):
    full = _device(tmp_path, "full", 7)
    with pytest.raises(OSError) as raised:
        write_output(full, "x" * 100_000)
    assert raised.value.errno == errno.ENOSPC
    assert stat.S_ISCHR(os.stat(full).st_mode)


def _write_as_an_ordinary_user(path: Path) -> str:
    """write_output(path) in a forked child that is not root (root may write read-only files)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root if we have it, try, report the outcome through the pipe
        try:
            if os.geteuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
            write_output(str(path), "replaced")
            outcome = "written"
        except PermissionError as exc:
            outcome = f"refused: {exc.strerror}"
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            outcome = f"other: {exc!r}"
        os.write(write, outcome.encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    with os.fdopen(read) as pipe:
        return pipe.read()


@posix_only
def test_read_only_file_is_refused_and_left_intact():
    shared = Path(tempfile.mkdtemp(prefix="gpudoctor-ro-"))
    try:
        shared.chmod(0o777)  # anyone may create and rename here: only the file's own mode protects it
        target = shared / "keep.json"
        target.write_text("precious")
        target.chmod(0o444)
        owner = target.stat().st_uid
        assert _write_as_an_ordinary_user(target) == "refused: Permission denied (the file is read-only)"
        assert target.read_text() == "precious"
        assert stat.S_IMODE(target.stat().st_mode) == 0o444 and target.stat().st_uid == owner
        assert sorted(p.name for p in shared.iterdir()) == ["keep.json"]
    finally:
        shutil.rmtree(shared, ignore_errors=True)


@posix_only
@pytest.mark.skipif(not (hasattr(os, "geteuid") and os.geteuid() == 0), reason="only root may keep another owner")
def test_root_replacing_another_users_file_keeps_its_owner_and_mode(tmp_path):
    target = tmp_path / "theirs.json"
    target.write_text("old")
    os.chown(target, 12345, 12345)
    target.chmod(0o444)
    write_output(str(target), "new")
    info = target.stat()
    assert target.read_text() == "new"
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (12345, 12345, 0o444)


def test_stale_temp_files_of_a_killed_run_are_removed(tmp_path):
    target = tmp_path / "report.json"
    stale = tmp_path / ".report.json.gpudoctor-tmp.abc123"
    fresh = tmp_path / ".report.json.gpudoctor-tmp.def456"  # maybe another run writing right now
    other = tmp_path / ".other.json.gpudoctor-tmp.abc123"
    for path in (stale, fresh, other):
        path.write_text("half")
    old = time.time() - STALE_TEMP_AGE_S - 60
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_output(str(target), "whole")
    assert not stale.exists()
    assert fresh.exists() and other.exists()


@posix_only
def test_cli_output_options_refuse_a_fifo_and_a_symlink_with_exit_2(tmp_path):
    fifo = tmp_path / "junit.fifo"
    os.mkfifo(fifo)
    real = tmp_path / "real.json"
    real.write_text("")
    link = tmp_path / "report.json"
    link.symlink_to(real)
    for option, target, why in (("--junit", fifo, "FIFO"), ("-o", link, "symbolic link")):
        proc = gpudoctor("check", "--from", str(FIXTURE), option, str(target))
        assert proc.returncode == 2, proc.stderr
        assert f"cannot write '{target}'" in proc.stderr and why in proc.stderr and "Traceback" not in proc.stderr
    assert link.is_symlink() and real.read_text() == ""


@posix_only
@pytest.mark.skipif(not (hasattr(os, "geteuid") and os.geteuid() == 0), reason="the attack needs root's run")
def test_root_run_through_a_link_planted_in_a_sticky_folder_replaces_nothing():
    """Another user plants report.json -> a root-owned 0600 file in a sticky shared folder; root runs -o there."""
    shared = Path(tempfile.mkdtemp(prefix="gpudoctor-sticky-"))
    try:
        shared.chmod(0o1777)
        secret = shared.parent / f"{shared.name}-root-only"
        secret.write_text("root's own")
        secret.chmod(0o600)
        planted = shared / "report.json"
        planted.symlink_to(secret)
        os.lchown(planted, 65534, 65534)
        proc = gpudoctor("check", "--from", str(FIXTURE), "-o", str(planted))
        assert proc.returncode == 2 and "symbolic link" in proc.stderr
        assert secret.read_text() == "root's own" and stat.S_IMODE(secret.stat().st_mode) == 0o600
    finally:
        shutil.rmtree(shared, ignore_errors=True)
        with __import__("contextlib").suppress(OSError):
            secret.unlink()


def test_output_option_on_dev_full_is_bad_input(tmp_path):
    full = _device(tmp_path, "full", 7)
    proc = gpudoctor("check", "--from", str(FIXTURE), "-o", full)
    assert proc.returncode == 2
    assert f"cannot write '{full}'" in proc.stderr and "Traceback" not in proc.stderr
    assert stat.S_ISCHR(os.stat(full).st_mode)


def test_stdout_on_a_full_device_is_a_clear_message_and_exit_2(tmp_path):
    with open(_device(tmp_path, "full", 7), "w") as full:
        proc = subprocess.run([sys.executable, "-m", "gpudoctor", "check", "--from", str(FIXTURE), "--json"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "cannot write the output: No space left on device" in proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
