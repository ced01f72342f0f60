"""wsl/install-nccl.sh in a sandbox (see conftest)."""

import pytest

SCRIPT = "wsl/install-nccl.sh"
# Newest first, as apt lists them; several CUDA builds of several NCCL releases.
MADISON = [
    "2.26.2-1+cuda12.8", "2.26.2-1+cuda12.2", "2.25.1-1+cuda12.8", "2.23.4-1+cuda12.6",
    "2.21.5-1+cuda12.4", "2.9.9-1+cuda12.6", "2.21.5-1+cuda12.6", "2.16.5-1+cuda11.8",
]


@pytest.fixture
def machine(sb):
    sb.madison("libnccl2", MADISON)
    sb.madison("libnccl-dev", MADISON)
    return sb


def test_apply_picks_newest_matching_build(machine):
    res = machine.run(SCRIPT, "--cuda", "12.6")
    assert res.returncode == 0, res.out
    assert machine.calls("apt-cache") == [["apt-cache", "madison", "libnccl2"]]
    assert machine.calls("apt-get") == [[
        "apt-get", "install", "-y", "--allow-downgrades",
        "libnccl2=2.23.4-1+cuda12.6", "libnccl-dev=2.23.4-1+cuda12.6"]]
    inst = machine.installed()
    assert inst["libnccl2"] == inst["libnccl-dev"] == "2.23.4-1+cuda12.6"


def test_does_not_confuse_similar_suffixes(machine):
    """+cuda12.2 must not match a request for 2.2 or 12.20, only for 12.2."""
    machine.run(SCRIPT, "--cuda", "2.2").assert_error("no libnccl2 version built for CUDA 2.2")
    res = machine.run(SCRIPT, "--cuda", "12.2")
    assert res.returncode == 0, res.out
    assert machine.calls("apt-get")[-1][-1] == "libnccl-dev=2.26.2-1+cuda12.2"


def test_second_run_changes_nothing(machine):
    assert machine.run(SCRIPT, "--cuda", "12.8").returncode == 0
    machine.clear_calls()
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--cuda", "12.8")
    res.assert_nothing_to_do()
    assert "already installed" in res.stdout
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


def test_other_build_installed_gets_replaced(machine):
    machine.install("libnccl2", "2.26.2-1+cuda12.8")
    machine.install("libnccl-dev", "2.26.2-1+cuda12.8")
    res = machine.run(SCRIPT, "--cuda", "12.4")
    assert res.returncode == 0, res.out
    assert machine.installed()["libnccl2"] == "2.21.5-1+cuda12.4"


def test_only_runtime_installed_still_installs_dev(machine):
    machine.install("libnccl2", "2.23.4-1+cuda12.6")
    res = machine.run(SCRIPT, "--cuda", "12.6")
    assert res.returncode == 0, res.out
    assert machine.installed()["libnccl-dev"] == "2.23.4-1+cuda12.6"


def test_dry_run_changes_nothing(machine):
    machine.set_uid(1000)
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--cuda", "12.6", "--dry-run")
    assert res.returncode == 0, res.out
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before
    assert ("would run: apt-get install -y --allow-downgrades libnccl2=2.23.4-1+cuda12.6 "
            "libnccl-dev=2.23.4-1+cuda12.6") in res.stdout


def test_no_matching_version(machine):
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--cuda", "12.9")
    res.assert_error("no libnccl2 version built for CUDA 12.9", "install-cuda-toolkit.sh",
                 "available: cuda11.8 cuda12.2 cuda12.4 cuda12.6 cuda12.8")
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


def test_repository_not_configured(sb):
    """Ubuntu's own archive has no +cuda builds (or no libnccl2 at all)."""
    res = sb.run(SCRIPT, "--cuda", "12.6")
    res.assert_error("install-cuda-toolkit.sh")
    assert "available" not in res.stderr
    assert sb.mutating_calls() == []


@pytest.mark.parametrize("args", [
    [], ["--cuda"], ["--cuda", "12"], ["--cuda", "12-6"], ["--cuda", "12.6.1"], ["--cuda", "cuda12.6"],
    ["--cuda", "12.6 libfoo"], ["--cuda", ""], ["--version", "12.6"],
])
def test_invalid_arguments(machine, args):
    before = machine.snapshot()
    res = machine.run(SCRIPT, *args)
    assert res.returncode == 2, res.out
    res.assert_error()
    assert machine.calls() == []
    assert machine.snapshot() == before


def test_needs_root(machine):
    machine.set_uid(1000)
    res = machine.run(SCRIPT, "--cuda", "12.6")
    res.assert_error("root")
    assert machine.mutating_calls() == []


def test_apt_failure_is_reported(machine):
    machine.fail("apt-get", "E: Version '2.23.4-1+cuda12.6' for 'libnccl-dev' was not found", 100)
    res = machine.run(SCRIPT, "--cuda", "12.6")
    res.assert_error("apt-get install", "exit 100")
