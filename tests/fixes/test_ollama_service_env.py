"""linux/ollama-service-env.sh in a sandbox (see conftest)."""

import pytest

SCRIPT = "linux/ollama-service-env.sh"
DROPIN = "etc/systemd/system/ollama.service.d/zz-gpudoctor.conf"
HEADER = "# Managed by gpudoctor (ollama-service-env.sh). Other drop-ins in this directory are not touched."

# The unit Ollama's Linux install script writes.
UNIT = """\
[Unit]
Description=Ollama Service
After=network-online.target

[Service]
ExecStart=/usr/local/bin/ollama serve
User=ollama
Group=ollama
Restart=always
RestartSec=3
Environment="PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

[Install]
WantedBy=default.target
"""
MV_FAILS = 'echo "mv: cannot move: No space left on device" >&2; exit 1\n'
MV_KILLED = 'kill -TERM "$PPID"; exit 1\n'


@pytest.fixture
def host(sb):
    sb.write("etc/systemd/system/ollama.service", UNIT)
    (sb.root / "run/systemd/system").mkdir(parents=True)  # systemd is PID 1
    return sb


def dropin(sb):
    return (sb.root / DROPIN).read_text()


def systemctl_calls(sb):
    return sb.calls("systemctl")


RELOAD_RESTART = [["systemctl", "daemon-reload"], ["systemctl", "restart", "ollama"]]


def test_apply_creates_dropin_and_restarts(host, fx):
    res = host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1", "--set", "CUDA_VISIBLE_DEVICES=GPU-1a2b,1")
    assert res.returncode == 0, res.out
    assert dropin(host) == (f"{HEADER}\n[Service]\nEnvironment=\"OLLAMA_SCHED_SPREAD=1\"\n"
                            "Environment=\"CUDA_VISIBLE_DEVICES=GPU-1a2b,1\"\n")
    assert (host.root / DROPIN).stat().st_mode & 0o777 == 0o644
    assert systemctl_calls(host) == RELOAD_RESTART
    assert fx.backups(host.root / DROPIN) == []  # nothing existed to back up
    assert (host.root / "etc/systemd/system/ollama.service").read_text() == UNIT


def test_second_run_changes_nothing(host):
    args = ("--set", "OLLAMA_SCHED_SPREAD=1", "--set", "OLLAMA_HOST=0.0.0.0:11434")
    assert host.run(SCRIPT, *args).returncode == 0
    host.clear_calls()
    before = host.snapshot()
    res = host.run(SCRIPT, *args)
    res.assert_nothing_to_do()
    assert "already" in res.stdout
    assert host.mutating_calls() == []
    assert host.snapshot() == before


def test_merges_with_existing_dropin(host, fx):
    existing = ("# tuned by hand\n[Service]\nEnvironment=\"OLLAMA_HOST=127.0.0.1:11434\"\n"
                "LimitNOFILE=65535\nEnvironment=NCCL_DEBUG=WARN\n\n[Unit]\nDescription=x\n")
    host.write(DROPIN, existing)
    res = host.run(SCRIPT, "--set", "OLLAMA_HOST=0.0.0.0:11434", "--set", "NCCL_P2P_DISABLE=1",
                   "--unset", "NCCL_DEBUG")
    assert res.returncode == 0, res.out
    assert dropin(host) == ("# tuned by hand\n[Service]\nEnvironment=\"OLLAMA_HOST=0.0.0.0:11434\"\n"
                            "LimitNOFILE=65535\nEnvironment=\"NCCL_P2P_DISABLE=1\"\n\n[Unit]\nDescription=x\n")
    baks = fx.backups(host.root / DROPIN)
    assert len(baks) == 1 and baks[0].read_text() == existing
    assert not baks[0].name.endswith(".conf")  # systemd must not load the backup
    assert systemctl_calls(host) == RELOAD_RESTART
    # and it is stable
    host.clear_calls()
    host.run(SCRIPT, "--set", "OLLAMA_HOST=0.0.0.0:11434", "--set", "NCCL_P2P_DISABLE=1").assert_nothing_to_do()
    assert systemctl_calls(host) == []


def test_duplicate_lines_collapse(host):
    host.write(DROPIN, '[Service]\nEnvironment="NCCL_DEBUG=INFO"\nEnvironment="NCCL_DEBUG=TRACE"\n')
    res = host.run(SCRIPT, "--set", "NCCL_DEBUG=WARN")
    assert res.returncode == 0, res.out
    assert dropin(host) == '[Service]\nEnvironment="NCCL_DEBUG=WARN"\n'


def test_unset_last_variable_removes_file(host, fx):
    host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1")
    host.clear_calls()
    res = host.run(SCRIPT, "--unset", "OLLAMA_SCHED_SPREAD")
    assert res.returncode == 0, res.out
    assert not (host.root / DROPIN).exists()
    assert len(fx.backups(host.root / DROPIN)) == 1
    assert systemctl_calls(host) == RELOAD_RESTART
    host.clear_calls()
    host.run(SCRIPT, "--unset", "OLLAMA_SCHED_SPREAD").assert_nothing_to_do()
    assert host.mutating_calls() == []


def test_unset_absent_variable(host):
    host.write(DROPIN, '[Service]\nEnvironment="OLLAMA_HOST=0.0.0.0"\n')
    before = host.snapshot()
    host.run(SCRIPT, "--unset", "NCCL_DEBUG").assert_nothing_to_do()
    assert host.snapshot() == before and host.mutating_calls() == []


def test_other_dropin_is_untouched_and_reported(host):
    override = host.write("etc/systemd/system/ollama.service.d/override.conf",
                          '[Service]\nEnvironment="OLLAMA_SCHED_SPREAD=0"\n')
    res = host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1")
    assert res.returncode == 0, res.out
    assert override.read_text() == '[Service]\nEnvironment="OLLAMA_SCHED_SPREAD=0"\n'
    assert "warning: override.conf also sets OLLAMA_SCHED_SPREAD" in res.stderr


def test_dry_run_changes_nothing(host):
    host.write(DROPIN, '[Service]\nEnvironment="OLLAMA_HOST=0.0.0.0"\n')
    host.set_uid(1000)
    before = host.snapshot()
    res = host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1", "--dry-run")
    assert res.returncode == 0, res.out
    assert host.snapshot() == before
    assert host.mutating_calls() == []
    assert '  Environment="OLLAMA_SCHED_SPREAD=1"' in res.stdout
    assert "would run: systemctl daemon-reload" in res.stdout
    assert "would run: systemctl restart ollama" in res.stdout


@pytest.mark.parametrize("stub", [MV_FAILS, MV_KILLED], ids=["mv-fails", "killed-at-rename"])
def test_interrupted_edit_leaves_original_intact(host, fx, stub):
    original = '[Service]\nEnvironment="OLLAMA_HOST=0.0.0.0"\n'
    host.write(DROPIN, original)
    host.stub("mv", stub)
    res = host.run(SCRIPT, "--set", "OLLAMA_HOST=127.0.0.1")
    res.assert_error()
    assert dropin(host) == original
    assert fx.temp_leftovers(host.root) == []
    assert systemctl_calls(host) == []  # no restart with a half-applied change


@pytest.mark.parametrize("args, needle", [
    ([], "nothing asked"),
    (["--set"], "--set needs"),
    (["--set", "OLLAMA_SCHED_SPREAD"], "VAR=VALUE"),
    (["--set", "LD_PRELOAD=/tmp/evil.so"], "not one gpudoctor manages"),
    (["--set", "OLLAMA HOST=1"], "invalid variable name"),
    (["--set", 'OLLAMA_HOST=0.0.0.0" "LD_PRELOAD=/x'], "must not contain"),
    (["--set", "OLLAMA_HOST=a\\b"], "must not contain"),
    (["--set", "OLLAMA_HOST=%h"], "must not contain"),
    (["--set", "OLLAMA_HOST=1\nExecStartPre=/bin/sh"], "must not contain"),
    (["--set", "NCCL_DEBUG=INFO", "--set", "NCCL_DEBUG=WARN"], "given twice"),
    (["--set", "NCCL_DEBUG=INFO", "--unset", "NCCL_DEBUG"], "both set and unset"),
    (["--unset", "PATH"], "not one gpudoctor manages"),
    (["--restart"], "unknown argument"),
])
def test_invalid_arguments(host, args, needle):
    host.write(DROPIN, '[Service]\nEnvironment="NCCL_DEBUG=INFO"\n')
    before = host.snapshot()
    res = host.run(SCRIPT, *args)
    assert res.returncode == 2, res.out
    res.assert_error(needle)
    assert host.snapshot() == before
    assert host.calls() == []


def test_multi_assignment_line_is_not_guessed(host):
    host.write(DROPIN, '[Service]\nEnvironment="NCCL_DEBUG=INFO" "OLLAMA_HOST=0.0.0.0"\n')
    before = host.snapshot()
    res = host.run(SCRIPT, "--set", "OLLAMA_HOST=127.0.0.1")
    res.assert_error("several assignments")
    assert host.snapshot() == before


def test_service_missing(sb):
    (sb.root / "run/systemd/system").mkdir(parents=True)
    res = sb.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1")
    res.assert_error("ollama.service not found")
    assert sb.mutating_calls() == []


def test_packaged_unit_location_is_found(sb):
    sb.write("usr/lib/systemd/system/ollama.service", UNIT)
    (sb.root / "run/systemd/system").mkdir(parents=True)
    assert sb.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1").returncode == 0


def test_systemd_not_running(host):
    (host.root / "run/systemd/system").rmdir()
    before = host.snapshot()
    res = host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1")
    res.assert_error("systemd is not running", "wsl.conf")
    assert host.snapshot() == before


def test_needs_root(host):
    host.set_uid(1000)
    before = host.snapshot()
    res = host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1")
    res.assert_error("root")
    assert host.snapshot() == before and host.mutating_calls() == []


def test_restart_failure_is_reported(host):
    host.fail("systemctl", "Job for ollama.service failed because the control process exited with error code.", 1)
    res = host.run(SCRIPT, "--set", "OLLAMA_SCHED_SPREAD=1")
    res.assert_error("systemctl daemon-reload", "exit 1")
