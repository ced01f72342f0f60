"""wsl/remove-linux-driver.sh in a sandbox (see conftest)."""

import pytest

SCRIPT = "wsl/remove-linux-driver.sh"

# A WSL Ubuntu where someone ran `apt install cuda` from the ubuntu2404 repo and
# `apt install nvidia-driver-550`: the driver stack is there next to unrelated packages.
DRIVER_PKGS = {
    "nvidia-driver-550": "550.127.05-0ubuntu0.24.04.1",
    "nvidia-dkms-550": "550.127.05-0ubuntu0.24.04.1",
    "nvidia-kernel-common-550": "550.127.05-0ubuntu0.24.04.1",
    "nvidia-kernel-source-550": "550.127.05-0ubuntu0.24.04.1",
    "libnvidia-compute-550": "550.127.05-0ubuntu0.24.04.1",
    "libnvidia-compute-550:i386": "550.127.05-0ubuntu0.24.04.1",
    "libnvidia-gl-550": "550.127.05-0ubuntu0.24.04.1",
    "nvidia-utils-550": "550.127.05-0ubuntu0.24.04.1",
    "xserver-xorg-video-nvidia-550": "550.127.05-0ubuntu0.24.04.1",
    "cuda-drivers": "570.124.06-1",
    "cuda-drivers-570": "570.124.06-1",
    "cuda": "12.8.1-1",
    "cuda-12-8": "12.8.1-1",
}
KEEP_PKGS = {
    "cuda-toolkit-12-8": "12.8.1-1",
    "cuda-toolkit-12-config-common": "12.8.90-1",
    "cuda-runtime-12-8": "12.8.1-1",
    "cuda-keyring": "1.1-1",
    "nvidia-cuda-toolkit-doc": "12.0.146~12.0.1-4build4",
    "libnccl2": "2.25.1-1+cuda12.8",
    "bash": "5.2.21-2ubuntu4",
    "cuda-12-8-docs": "12.8.1-1",
}


@pytest.fixture
def machine(sb):
    sb.wsl()
    for name, ver in {**DRIVER_PKGS, **KEEP_PKGS}.items():
        sb.install(name, ver)
    # Removed earlier, only its config files remain: not "installed", not purged again.
    sb.install("nvidia-utils-535", "535.183.01-0ubuntu0.24.04.1", "deinstall ok config-files")
    return sb


def test_apply_purges_exactly_the_driver_packages(machine):
    res = machine.run(SCRIPT)
    assert res.returncode == 0, res.out
    purge = machine.calls("apt-get")
    assert purge == [["apt-get", "purge", "-y", *sorted(DRIVER_PKGS)]]
    assert machine.calls("ldconfig") == [["ldconfig"]]
    # order: purge, then ldconfig
    names = [c[0] for c in machine.mutating_calls()]
    assert names == ["apt-get", "ldconfig"]
    assert set(machine.installed()) == set(KEEP_PKGS)
    assert "wsl.exe --shutdown" in res.stdout
    assert "/usr/lib/wsl/lib" in res.stdout
    assert machine.calls("sudo") == []


def test_second_run_changes_nothing(machine):
    assert machine.run(SCRIPT).returncode == 0
    machine.clear_calls()
    before = machine.snapshot()
    res = machine.run(SCRIPT)
    res.assert_nothing_to_do()
    assert "already" in res.stdout
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


def test_dry_run_changes_nothing(machine):
    before = machine.snapshot()
    res = machine.run(SCRIPT, "--dry-run")
    assert res.returncode == 0, res.out
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before
    assert f"would run: apt-get purge -y {' '.join(sorted(DRIVER_PKGS))}" in res.stdout
    assert "would run: ldconfig" in res.stdout


def test_dry_run_works_without_root(machine):
    machine.set_uid(1000)
    res = machine.run(SCRIPT, "--dry-run")
    assert res.returncode == 0, res.out
    assert machine.mutating_calls() == []


def test_needs_root_to_apply(machine):
    machine.set_uid(1000)
    before = machine.snapshot()
    res = machine.run(SCRIPT)
    res.assert_error("root")
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


def test_nothing_installed(sb):
    sb.wsl()
    sb.install("cuda-toolkit-12-6", "12.6.3-1")
    res = sb.run(SCRIPT)
    res.assert_nothing_to_do()
    assert sb.mutating_calls() == []


def test_refuses_outside_wsl(machine):
    machine.wsl(False)
    before = machine.snapshot()
    res = machine.run(SCRIPT)
    res.assert_error("not WSL")
    assert machine.mutating_calls() == []
    assert machine.snapshot() == before


@pytest.mark.parametrize("args", [["--bogus"], ["--dry-run", "extra"], ["--version", "12-8"]])
def test_invalid_arguments(machine, args):
    before = machine.snapshot()
    res = machine.run(SCRIPT, *args)
    assert res.returncode == 2
    res.assert_error("unknown argument")
    assert machine.calls() == []
    assert machine.snapshot() == before


def test_apt_failure_is_reported(machine):
    machine.fail("apt-get", "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt)", 100)
    res = machine.run(SCRIPT)
    res.assert_error("apt-get purge -y", "exit 100")
    assert machine.calls("ldconfig") == []


def test_warns_when_windows_libcuda_missing(machine):
    (machine.root / "usr/lib/wsl/lib/libcuda.so.1").unlink()
    res = machine.run(SCRIPT)
    assert res.returncode == 0
    assert "warning:" in res.stderr and "Windows" in res.stderr


def test_dpkg_failure_is_not_mistaken_for_nothing_installed(machine):
    machine.fail("dpkg-query", "dpkg-query: error: parsing file '/var/lib/dpkg/status' near line 4242", 2)
    res = machine.run(SCRIPT)
    res.assert_error("dpkg-query")
    assert "nothing to do" not in res.stdout
    assert machine.mutating_calls() == []


def test_named_package_owning_a_stray_library_is_purged_too(machine):
    """wsl.gpu names the package that owns a stray NVIDIA library (dpkg -S) when the fix's own
    list does not catch it, e.g. Debian's libcuda1 / libnvidia-ml1."""
    machine.install("libcuda1", "535.216.01-1~deb12u1")
    machine.install("libnvidia-ml1", "535.216.01-1~deb12u1")
    res = machine.run(SCRIPT, "--package", "libcuda1", "--package", "libnvidia-ml1:amd64")
    assert res.returncode == 0, res.out
    assert machine.calls("apt-get") == [["apt-get", "purge", "-y",
                                         *sorted([*DRIVER_PKGS, "libcuda1", "libnvidia-ml1"])]]
    assert set(machine.installed()) == set(KEEP_PKGS)


def test_a_named_package_that_is_not_installed_changes_nothing(sb):
    sb.wsl()
    sb.install("bash", "5.2.21-2ubuntu4")
    res = sb.run(SCRIPT, "--package", "libcuda1")
    res.assert_nothing_to_do()
    assert sb.mutating_calls() == []


def test_package_name_is_checked(machine):
    res = machine.run(SCRIPT, "--package", "x; rm -rf /")
    assert res.returncode == 2 and "invalid package name" in res.stderr
    assert machine.mutating_calls() == []
