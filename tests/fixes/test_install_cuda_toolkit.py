"""wsl/install-cuda-toolkit.sh in a sandbox (see conftest)."""

import pytest

SCRIPT = "wsl/install-cuda-toolkit.sh"
URL = "https://developer.download.nvidia.com/compute/cuda/repos/wsl-ubuntu/x86_64/cuda-keyring_1.1-1_all.deb"


@pytest.fixture
def machine(sb):
    sb.wsl()
    sb.install("bash", "5.2.21-2ubuntu4")
    (sb.state / "candidates").write_text("cuda-toolkit-12-8\t12.8.1-1\n")
    return sb


def test_apply_fresh(machine):
    res = machine.run(SCRIPT, "--version", "12-8")
    assert res.returncode == 0, res.out
    calls = machine.mutating_calls()
    assert [c[0] for c in calls] == ["curl", "dpkg", "apt-get", "apt-get"]
    curl, dpkg, update, install = calls
    assert curl[-1] == URL and "-fsSL" in curl
    deb = curl[curl.index("-o") + 1]
    assert deb.endswith("/cuda-keyring_1.1-1_all.deb") and deb.startswith(str(machine.tmp))
    assert dpkg == ["dpkg", "-i", deb]
    assert update == ["apt-get", "update"]
    assert install == ["apt-get", "install", "-y", "cuda-toolkit-12-8"]
    assert machine.installed()["cuda-toolkit-12-8"] == "12.8.1-1"
    assert machine.installed()["cuda-keyring"] == "1.1-1"
    # the downloaded .deb and its temp dir are gone
    assert list(machine.tmp.iterdir()) == []
    assert "/usr/local/cuda/bin" in res.stdout


def test_never_installs_driver_packages(machine):
    machine.run(SCRIPT, "--version", "12-8")
    for call in machine.calls("apt-get"):
        for arg in call[2:]:
            assert arg == "-y" or arg.startswith("cuda-toolkit-"), call


def test_second_run_changes_nothing(machine):
    assert machine.run(SCRIPT, "--version", "12-8").returncode == 0
    machine.clear_calls()
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_nothing_to_do()
    assert "already installed (12.8.1-1)" in res.stdout
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


def test_keyring_already_installed_is_not_downloaded(machine):
    machine.install("cuda-keyring", "1.1-1")
    machine.write("/usr/share/keyrings/cuda-archive-keyring.gpg", "key")
    res = machine.run(SCRIPT, "--version", "12-6")
    assert res.returncode == 0, res.out
    assert [c[0] for c in machine.mutating_calls()] == ["apt-get", "apt-get"]
    assert machine.calls("apt-get")[-1] == ["apt-get", "install", "-y", "cuda-toolkit-12-6"]
    assert "warning" not in res.stderr


def test_uses_wget_when_curl_is_missing(machine):
    machine.remove_stub("curl")
    res = machine.run(SCRIPT, "--version", "12-8")
    assert res.returncode == 0, res.out
    wget = machine.calls("wget")
    assert len(wget) == 1 and wget[0][-1] == URL and "-O" in wget[0]
    assert machine.calls("dpkg")[0][2] == wget[0][wget[0].index("-O") + 1]


def test_no_downloader(machine):
    machine.remove_stub("curl")
    machine.remove_stub("wget")
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_error("curl", "wget")
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


def test_dotted_version_is_accepted(machine):
    res = machine.run(SCRIPT, "--version", "12.8")
    assert res.returncode == 0, res.out
    assert machine.calls("apt-get")[-1][-1] == "cuda-toolkit-12-8"


def test_dry_run_changes_nothing(machine):
    machine.set_uid(1000)          # a preview needs no root
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--version", "12-8", "--dry-run")
    assert res.returncode == 0, res.out
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before
    for line in (URL, "would run: dpkg -i", "would run: apt-get update",
                 "would run: apt-get install -y cuda-toolkit-12-8"):
        assert line in res.stdout


def test_download_failure(machine):
    machine.fail("curl", "curl: (6) Could not resolve host: developer.download.nvidia.com", 6)
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_error("curl", "exit 6")
    assert machine.calls("dpkg") == [] and machine.calls("apt-get") == []
    assert list(machine.tmp.iterdir()) == []


@pytest.mark.parametrize("args", [
    [], ["--version"], ["--version", "12"], ["--version", "12-8-1"], ["--version", "latest"],
    ["--version", "12-8; rm -rf /"], ["--version", "12-8\n"], ["--version", ""], ["--toolkit", "12-8"],
])
def test_invalid_arguments(machine, args):
    before = machine.snapshot()
    res = machine.run(SCRIPT, *args)
    assert res.returncode == 2, res.out
    res.assert_error()
    assert machine.calls() == []
    assert machine.snapshot() == before


def test_refuses_outside_wsl(machine):
    machine.wsl(False)
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_error("not WSL")
    assert machine.mutating_calls() == []


def test_refuses_non_x86_64(machine):
    (machine.state / "uname-m").write_text("aarch64\n")
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_error("x86_64")
    assert machine.mutating_calls() == []


def test_needs_root(machine):
    machine.set_uid(1000)
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_error("root")
    assert machine.mutating_calls() == []


def test_dpkg_failure_is_reported(machine):
    machine.fail("dpkg-query", "dpkg-query: error: parsing file '/var/lib/dpkg/status' near line 4242", 2)
    res = machine.run(SCRIPT, "--version", "12-8")
    res.assert_error("dpkg-query failed (exit 2)")
    assert machine.mutating_calls() == []
