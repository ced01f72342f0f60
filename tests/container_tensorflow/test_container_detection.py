"""The container probe: markers weighed, file shapes parsed (real recordings in tests/fixtures/raw/containers)."""

from pathlib import Path

import pytest

from gpudoctor.host.base import ReplayHost
from gpudoctor.probes.container import (
    parse_df_kib,
    parse_gpu_request,
    parse_mountinfo,
    probe_container,
    size_of_option,
)

from hosts import HostBuilder, result, run, text_of

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "containers"


def raw(name: str) -> str:
    return (RAW / name).read_text(encoding="utf-8")


def facts_of(fixture: str):
    return probe_container(HostBuilder.from_fixture(fixture).host(), None)


def test_the_two_h200_firecracker_vm_is_not_called_a_docker_container():
    facts = facts_of("container-firecracker-vm.json")
    assert facts.confidence == "marker-only" and not facts.in_container and facts.label is None
    assert [m.source for m in facts.markers] == ["/.dockerenv"]
    assert any("ext4 on /dev/vda" in reason for reason in facts.counter_evidence)
    assert any("/process_api/core" in reason for reason in facts.counter_evidence)
    assert "marker only: /.dockerenv" in facts.header


@pytest.mark.parametrize("fixture, label, engine", [
    ("container-docker-2gpu-shm64.json", "Docker container", "docker"),
    ("container-docker-1of2-gpus.json", "Docker container", "docker"),
    ("container-k8s-pod-2gpu.json", "Kubernetes pod (containerd)", "containerd"),
    ("container-podman-recorded.json", "Podman container", "podman"),
])
def test_engine_markers_confirm_the_container_and_name_its_engine(fixture, label, engine):
    facts = facts_of(fixture)
    assert facts.confidence == "confirmed" and facts.engine == engine
    assert facts.label == label and facts.header.startswith(label)


def test_cgroup_v2_docker_is_recognised_from_mountinfo_alone():
    facts = facts_of("container-docker-2gpu-shm64.json")
    strong = [m for m in facts.markers if m.strong]
    assert strong and all(m.source == "mountinfo" for m in strong)
    assert any("/var/lib/docker/containers/" in m.detail for m in strong)


def test_cgroup_v1_docker_scope_line_is_a_marker():
    facts = facts_of("container-docker-1of2-gpus.json")
    cgroup = [m for m in facts.markers if m.source == "/proc/1/cgroup"]
    assert cgroup and cgroup[0].engine == "docker" and "docker-9ec39b91f3d7" in cgroup[0].detail


def test_a_real_podman_container_empty_containerenv_still_confirms_podman():
    facts = facts_of("container-podman-recorded.json")
    assert any(m.source == "/run/.containerenv" and m.detail == "present (empty)" for m in facts.markers)
    assert any(m.source == "/proc/1/cgroup" and "libpod" in m.detail for m in facts.markers)
    assert facts.shm.size_bytes == 64000 * 1024 and facts.shm.source == "mountinfo"


def test_privileged_podman_containerenv_names_the_engine_and_rootless():
    host = HostBuilder.from_fixture("container-podman-recorded.json").set(
        "file", ["/run/.containerenv", 4096, False],
        {"data": raw("podman-4.3.1-containerenv-privileged.txt"), "error": None}).host()
    facts = probe_container(host, None)
    assert facts.podman_engine == "podman-4.3.1" and facts.rootless is False


def test_kubernetes_is_seen_from_env_service_account_and_kubelet_mounts():
    facts = facts_of("container-k8s-pod-2gpu.json")
    sources = {m.source for m in facts.markers if m.engine == "kubernetes"}
    assert sources == {"KUBERNETES_SERVICE_HOST", "/var/run/secrets/kubernetes.io/serviceaccount", "mountinfo"}
    assert facts.gpu_request.kind == "list" and len(facts.gpu_request.ids) == 2


def test_a_host_with_no_answers_at_all_is_simply_not_a_container():
    facts = probe_container(ReplayHost({}), None)
    assert facts.confidence == "none" and facts.engines.docker == () and facts.header is None


def test_mountinfo_octal_escapes_and_optional_fields_are_parsed():
    line = r"36 35 98:0 /mnt1 /mnt\040two rw,noatime master:1 shared:7 - ext3 /dev/root rw,errors=continue"
    (mount,) = parse_mountinfo(line + "\nnot a mountinfo line\n")
    assert (mount.root, mount.mount_point, mount.fs_type, mount.source) == ("/mnt1", "/mnt two", "ext3", "/dev/root")


def test_shm_sizes_from_real_mount_options():
    mounts = parse_mountinfo(raw("docker-overlay2-mountinfo.txt"))
    shm = next(m for m in mounts if m.mount_point == "/dev/shm")
    assert size_of_option(shm.super_options) == 64 * 1024 * 1024
    assert size_of_option("rw,seclabel,size=65536k") == 64 * 1024 * 1024
    assert size_of_option("rw,nosuid,nodev") is None


def test_df_k_output_recorded_in_podman():
    assert parse_df_kib(raw("podman-4.3.1-df-k-dev-shm.txt")) == 64000 * 1024
    assert parse_df_kib(raw("podman-4.3.1-df-k-dev-shm-16g.txt")) == 16 * 1024 ** 3
    wrapped = "Filesystem 1K-blocks Used Available Use% Mounted on\nvery-long-device-name\n 65536 0 65536 0% /dev/shm\n"
    assert parse_df_kib(wrapped) == 65536 * 1024
    assert parse_df_kib("df: /dev/shm: No such file or directory\n") is None


def test_shm_falls_back_to_df_when_mountinfo_has_no_dev_shm():
    mountinfo = "\n".join(line for line in raw("docker-overlay2-mountinfo.txt").splitlines() if "/dev/shm" not in line)
    host = (HostBuilder.from_fixture("container-docker-2gpu-shm64.json")
            .set("file", ["/proc/self/mountinfo", 1 << 20, False], {"data": mountinfo, "error": None})
            .set_command(["df", "-k", "/dev/shm"], stdout=raw("podman-4.3.1-df-k-dev-shm-16g.txt")).host())
    shm = probe_container(host, None).shm
    assert shm.source == "df" and shm.size_bytes == 16 * 1024 ** 3


@pytest.mark.parametrize("value, kind, ids", [
    (None, "unset", ()), ("", "void", ()), ("void", "void", ()), ("none", "none", ()), ("all", "all", ()),
    ("0", "list", ("0",)), ("0,1", "list", ("0", "1")),
    ("GPU-56921a4d-e450-5769-9bc8-bc4574602be7", "list", ("GPU-56921a4d-e450-5769-9bc8-bc4574602be7",)),
])
def test_nvidia_visible_devices_values(value, kind, ids):
    request = parse_gpu_request(value)
    assert (request.kind, request.ids) == (kind, ids)


def test_device_plugin_volume_mounts_strategy_lists_ids_from_a_directory():
    host = (HostBuilder.from_fixture("container-k8s-pod-2gpu.json")
            .set_env("NVIDIA_VISIBLE_DEVICES", "/var/run/nvidia-container-devices")
            .set("dir", ["/var/run/nvidia-container-devices"], {"error": None, "entries": ["GPU-a", "GPU-b"]}).host())
    assert probe_container(host, None).gpu_request.ids == ("GPU-a", "GPU-b")


def _docker_info(stdout: str, stderr: str, returncode=1, error=None):
    host = HostBuilder.from_fixture("container-host-docker-no-toolkit.json").set_command(
        ["docker", "info", "--format", "{{json .Runtimes}}"], stdout=stdout, stderr=stderr, returncode=returncode,
        error=error).host()
    return probe_container(host, None).engines


def test_docker_info_with_no_daemon_recorded_on_docker_28():
    engines = _docker_info(raw("docker-28.2.2-info-runtimes-no-daemon.stdout"),
                           raw("docker-28.2.2-info-runtimes-no-daemon.stderr"))
    assert engines.docker_runtimes is None and engines.docker_info_problem == "daemon-unreachable"
    assert "Is the docker daemon running?" in engines.docker_info_message


def test_docker_info_permission_denied_recorded_on_docker_28():
    engines = _docker_info(raw("docker-28.2.2-info-runtimes-permission-denied.stdout"),
                           raw("docker-28.2.2-info-runtimes-permission-denied.stderr"))
    assert engines.docker_info_problem == "permission-denied"
    assert "connect: permission denied" in engines.docker_info_message


def test_docker_info_runtimes_and_timeout():
    assert _docker_info(raw("docker-info-runtimes-nvidia.json"), "", 0).docker_runtimes == (
        "io.containerd.runc.v2", "nvidia", "runc")
    hung = _docker_info("", "", None, "timeout")
    assert hung.docker_info_problem == "timeout" and hung.docker_runtimes is None


def test_a_docker_overlay2_root_alone_confirms_docker():
    root_only = raw("docker-overlay2-mountinfo.txt").splitlines()[0]
    host = (HostBuilder.from_fixture("container-docker-2gpu-shm64.json")
            .set("file", ["/proc/self/mountinfo", 1 << 20, False], {"data": root_only, "error": None})
            .set("file", ["/.dockerenv", 64, False], {"error": "not-found"}))
    facts = probe_container(host.host(), None)
    assert facts.in_container and facts.engine == "docker"
    assert [m.detail for m in facts.markers if m.strong] == ["the root file system is a Docker overlay2 layer"]


def test_an_unknown_overlay_root_is_only_a_hint():
    root = "1 0 0:53 / / rw,relatime - overlay overlay rw,lowerdir=/srv/layers/a,upperdir=/srv/up,workdir=/srv/work"
    host = (HostBuilder.from_fixture("container-firecracker-vm.json")
            .set("file", ["/proc/self/mountinfo", 1 << 20, False], {"data": root, "error": None}))
    facts = probe_container(host.host(), None)
    assert facts.confidence == "marker-only" and "overlay" in facts.markers[-1].detail


def test_a_stopped_docker_daemon_is_not_a_warning():
    host = HostBuilder.from_fixture("container-host-docker-no-toolkit.json").set_command(
        ["docker", "info", "--format", "{{json .Runtimes}}"],
        stdout=raw("docker-28.2.2-info-runtimes-no-daemon.stdout"),
        stderr=raw("docker-28.2.2-info-runtimes-no-daemon.stderr"), returncode=1).host()
    checked = result(run(host, only=["container.runtime"]), "container.runtime")
    daemon = next(f for f in checked.findings if "daemon is not running" in f.summary)
    assert daemon.status.value == "skip", text_of(checked)
