"""The container checks on snapshots of real container shapes (tests/fixtures/hosts/container-*.json)."""

from pathlib import Path

from gpudoctor.model import Status

from hosts import HostBuilder, result, run, text_of

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "containers"
CONTAINER_CHECKS = ["container.environment", "container.gpus", "container.shm", "container.cuda", "container.runtime"]
MOUNTINFO = ["/proc/self/mountinfo", 1 << 20, False]


def check(builder_or_fixture, check_id):
    builder = builder_or_fixture
    if isinstance(builder, str):
        builder = HostBuilder.from_fixture(builder)
    return result(run(builder.host(), only=[check_id]), check_id)


def with_shm(fixture: str, option: str) -> HostBuilder:
    builder = HostBuilder.from_fixture(fixture)
    mountinfo = builder.calls['["file","/proc/self/mountinfo",1048576,false]']["data"]
    return builder.set("file", MOUNTINFO, {"data": mountinfo.replace("size=65536k", option), "error": None})


# -- the Docker container with both GPUs and Docker's default /dev/shm ------------------------------
def test_docker_container_is_detected():
    found = check("container-docker-2gpu-shm64.json", "container.environment")
    assert found.status is Status.PASS and "Running in a Docker container" in text_of(found)
    assert "/var/lib/docker/containers/" in text_of(found)


def test_both_gpus_handed_in_with_gpus_all():
    found = check("container-docker-2gpu-shm64.json", "container.gpus")
    assert found.status is Status.PASS
    assert "sees 2 GPUs (all the host's GPUs)" in text_of(found) and "/dev/nvidia1" in text_of(found)


def test_default_64_mib_shm_with_two_gpus_fails_and_names_the_flags():
    found = check("container-docker-2gpu-shm64.json", "container.shm")
    text = text_of(found)
    assert found.status is Status.FAIL and "64.0 MiB" in text
    assert "--shm-size=16g" in text and "--ipc=host" in text and "nccl-" in text


def test_shm_below_nccls_1_gib_is_a_warning_and_16g_is_fine():
    small = check(with_shm("container-docker-2gpu-shm64.json", "size=524288k"), "container.shm")
    assert small.status is Status.WARN and "512.0 MiB" in text_of(small) and "1 GiB" in text_of(small)
    large = check(with_shm("container-docker-2gpu-shm64.json", "size=16777216k"), "container.shm")
    assert large.status is Status.PASS and "16.0 GiB" in text_of(large)


def test_shm_with_ipc_host_has_no_size_limit():
    found = check(with_shm("container-docker-2gpu-shm64.json", "mode=1777"), "container.shm")
    assert found.status is Status.PASS and "no size limit" in text_of(found)


def test_image_cuda_13_0_on_the_driver_for_cuda_13_0_is_fine():
    found = check("container-docker-2gpu-shm64.json", "container.cuda")
    assert found.status is Status.PASS and "CUDA 13.0.2" in text_of(found) and "580.159.04" in text_of(found)


def test_image_cuda_newer_minor_runs_by_minor_version_compatibility_with_ptx_caveat():
    builder = HostBuilder.from_fixture("container-docker-2gpu-shm64.json").set_env("CUDA_VERSION", "13.1.0")
    found = check(builder, "container.cuda")
    text = text_of(found)
    assert found.status is Status.WARN and "minor version compatibility" in text
    assert "PTX" in text and "580" in text


def test_image_cuda_newer_major_on_geforce_fails_without_forward_compatibility():
    builder = (HostBuilder.from_fixture("container-docker-2gpu-shm64.json").set_env("CUDA_VERSION", "13.0.2")
               .set_nvml("nvmlSystemGetCudaDriverVersion", value=12080)
               .set_nvml("nvmlSystemGetDriverVersion", value="570.153.02")
               .set_nvml("nvmlDeviceGetName", 0, value="NVIDIA GeForce RTX 4090")
               .set_nvml("nvmlDeviceGetName", 1, value="NVIDIA GeForce RTX 4090"))
    found = check(builder, "container.cuda")
    text = text_of(found)
    assert found.status is Status.FAIL and "supports only CUDA 12.8" in text
    assert "forward-compatibility" in text and "GeForce" in text and "580 branch" in text


def test_image_cuda_newer_major_with_compat_libs_on_a_data_center_gpu_is_a_warning():
    builder = (HostBuilder.from_fixture("container-docker-2gpu-shm64.json")
               .set_nvml("nvmlSystemGetCudaDriverVersion", value=12080)
               .set("glob", ["/usr/local/cuda/compat/libcuda.so.*"], ["/usr/local/cuda/compat/libcuda.so.580.95.05"]))
    found = check(builder, "container.cuda")
    assert found.status is Status.WARN and "forward compatibility" in text_of(found)
    assert "libcuda.so.580.95.05" in text_of(found)


def test_missing_nvidia_uvm_is_a_warning():
    builder = HostBuilder.from_fixture("container-docker-2gpu-shm64.json").set(
        "dir", ["/dev"], {"error": None, "entries": ["null", "nvidia0", "nvidia1", "nvidiactl", "shm"]})
    found = check(builder, "container.gpus")
    assert found.status is Status.WARN and "/dev/nvidia-uvm is missing" in text_of(found)


# -- one GPU of the two handed in ---------------------------------------------------------------------
def test_only_one_of_the_hosts_gpus_handed_in():
    found = check("container-docker-1of2-gpus.json", "container.gpus")
    text = text_of(found)
    assert found.status is Status.WARN and "given 1 GPU (NVIDIA_VISIBLE_DEVICES=0)" in text
    assert "/dev/nvidia0" in text and "sees only the GPUs handed in" in text and "--gpus all" in text


def test_shm_does_not_matter_with_one_gpu():
    found = check("container-docker-1of2-gpus.json", "container.shm")
    assert found.status is Status.SKIP and "One GPU here" in text_of(found)


# -- NVIDIA_DRIVER_CAPABILITIES without utility ------------------------------------------------------
def test_missing_utility_capability_is_explained_instead_of_install_a_driver():
    found = check("container-docker-no-utility.json", "container.gpus")
    text = text_of(found)
    assert found.status is Status.FAIL and "lacks `utility`" in text
    assert "NVIDIA_DRIVER_CAPABILITIES=compute,utility" in text and "/dev/nvidia0" in text
    assert "no driver needs installing" in text


def test_without_utility_the_device_nodes_still_count_for_shm():
    found = check("container-docker-no-utility.json", "container.shm")
    assert found.status is Status.FAIL and "for 2 GPUs" in text_of(found)


def test_missing_compute_capability_is_named():
    builder = HostBuilder.from_fixture("container-docker-2gpu-shm64.json").set_env(
        "NVIDIA_DRIVER_CAPABILITIES", "utility")
    found = check(builder, "container.gpus")
    assert found.status is Status.FAIL and "lacks `compute`" in text_of(found) and "libcuda" in text_of(found)


def test_libraries_missing_with_utility_asked_means_the_nvidia_runtime_was_bypassed():
    builder = (HostBuilder.from_fixture("container-docker-no-utility.json")
               .set_env("NVIDIA_DRIVER_CAPABILITIES", None).set_env("NVIDIA_VISIBLE_DEVICES", None))
    found = check(builder, "container.gpus")
    assert found.status is Status.FAIL and "not started through the NVIDIA runtime" in text_of(found)


# -- a Kubernetes pod with nvidia.com/gpu: 2 ----------------------------------------------------------
def test_kubernetes_pod_gets_its_two_gpus_by_uuid():
    environment = check("container-k8s-pod-2gpu.json", "container.environment")
    assert environment.status is Status.PASS and "Kubernetes pod (containerd)" in text_of(environment)
    gpus = check("container-k8s-pod-2gpu.json", "container.gpus")
    assert gpus.status is Status.PASS and "sees 2 GPUs" in text_of(gpus)


def test_kubernetes_pod_with_64_mib_shm_is_told_about_a_memory_emptydir():
    found = check("container-k8s-pod-2gpu.json", "container.shm")
    text = text_of(found)
    assert found.status is Status.FAIL and "emptyDir" in text and "medium: Memory" in text and "/dev/shm" in text


def test_a_gpu_uuid_asked_for_but_not_seen_fails():
    builder = HostBuilder.from_fixture("container-k8s-pod-2gpu.json").set_env(
        "NVIDIA_VISIBLE_DEVICES", "GPU-56921a4d-e450-5769-9bc8-bc4574602be7,GPU-00000000-0000-0000-0000-000000000000")
    found = check(builder, "container.gpus")
    assert found.status is Status.FAIL and "GPU-00000000-0000-0000-0000-000000000000" in text_of(found)


# -- a real Podman container (recorded in Podman 4.3.1) without GPUs -----------------------------------
def test_real_podman_container_without_gpus():
    environment = check("container-podman-recorded.json", "container.environment")
    assert environment.status is Status.PASS and "Podman container" in text_of(environment)
    gpus = check("container-podman-recorded.json", "container.gpus")
    assert gpus.status is Status.FAIL and "No GPU was handed into this container" in text_of(gpus)
    assert "--device nvidia.com/gpu=all" in text_of(gpus)


# -- the Firecracker VM trap ----------------------------------------------------------------------------
def test_firecracker_vm_with_dockerenv_is_not_judged_as_a_container():
    report = run(HostBuilder.from_fixture("container-firecracker-vm.json").host(), only=CONTAINER_CHECKS)
    environment = result(report, "container.environment")
    assert environment.status is Status.SKIP and "Not treated as a container" in text_of(environment)
    assert "/.dockerenv" in text_of(environment) and "ext4 on /dev/vda" in text_of(environment)
    for check_id in ("container.gpus", "container.shm", "container.cuda"):
        assert result(report, check_id).status is Status.SKIP
        assert "see container.environment" in text_of(result(report, check_id))
    assert "Neither Docker nor Podman" in text_of(result(report, "container.runtime"))


# -- the engine on a host ------------------------------------------------------------------------------
def host_with_docker(**changes) -> HostBuilder:
    builder = HostBuilder.from_fixture("container-host-docker-no-toolkit.json")
    for name, paths in changes.items():
        builder.set("which", [name.replace("_", "-")], paths)
    return builder


def docker_info(builder: HostBuilder, stem: str) -> HostBuilder:
    return builder.set_command(["docker", "info", "--format", "{{json .Runtimes}}"], returncode=1,
                               stdout=(RAW / f"{stem}.stdout").read_text(), stderr=(RAW / f"{stem}.stderr").read_text())


def test_docker_without_the_nvidia_toolkit_fails_with_the_error_users_see():
    found = check("container-host-docker-no-toolkit.json", "container.runtime")
    text = text_of(found)
    assert found.status is Status.FAIL and 'could not select device driver "" with capabilities: [[gpu]]' in text
    assert "nvidia-ctk runtime configure --runtime=docker" in text and "not installed" in text


def test_docker_with_the_nvidia_runtime_passes():
    builder = host_with_docker().set_command(["docker", "info", "--format", "{{json .Runtimes}}"],
                                             stdout=(RAW / "docker-info-runtimes-nvidia.json").read_text())
    found = check(builder, "container.runtime")
    assert found.status is Status.PASS and "NVIDIA runtime" in text_of(found)


def test_docker_with_only_the_hook_works_for_gpus_and_says_when_to_restart():
    builder = host_with_docker(nvidia_container_runtime_hook=["/usr/bin/nvidia-container-runtime-hook"])
    found = check(builder, "container.runtime")
    text = text_of(found)
    assert found.status is Status.PASS and "`--gpus`" in text and "restart Docker" in text
    assert "--runtime=nvidia" in text


def test_permission_denied_on_the_socket_is_its_own_finding():
    builder = docker_info(host_with_docker(nvidia_ctk=["/usr/bin/nvidia-ctk"]),
                          "docker-28.2.2-info-runtimes-permission-denied")
    found = check(builder, "container.runtime")
    summaries = [f.summary for f in found.findings]
    assert found.status is Status.FAIL and len(summaries) == 2
    assert "permission denied" in summaries[0] and "docker group" in text_of(found)
    assert "installed but Docker is not configured for it" in summaries[1]


def test_a_dead_daemon_and_a_hung_one():
    down = check(docker_info(host_with_docker(), "docker-28.2.2-info-runtimes-no-daemon"), "container.runtime")
    assert "not running" in down.findings[0].summary and "systemctl start docker" in text_of(down)
    hung = check(host_with_docker().set_command(["docker", "info", "--format", "{{json .Runtimes}}"], returncode=None,
                                                error="timeout"), "container.runtime")
    assert "did not answer" in hung.findings[0].summary and hung.findings[0].status is Status.WARN


def podman_host(cdi: dict[str, str] | None = None) -> HostBuilder:
    builder = host_with_docker().set("which", ["docker"], []).set("which", ["podman"], ["/usr/bin/podman"])
    for path, text in (cdi or {}).items():
        builder.set("glob", ["/etc/cdi/*.yaml"], [path])
        builder.set("file", [path, 1 << 20, False], {"data": text, "error": None})
    return builder


CDI_SPEC = """---
cdiVersion: 0.5.0
containerEdits:
  mounts:
  - containerPath: /usr/lib/x86_64-linux-gnu/libcuda.so.{driver}
    hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.{driver}
    options:
    - ro
    - nosuid
    - nodev
    - bind
devices:
- containerEdits:
    deviceNodes:
    - path: /dev/nvidia0
  name: "0"
kind: nvidia.com/gpu
"""


def test_podman_without_a_cdi_spec_fails_with_the_cdi_error():
    found = check(podman_host(), "container.runtime")
    text = text_of(found)
    assert found.status is Status.FAIL and "unresolvable CDI devices nvidia.com/gpu=all" in text
    assert "nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml" in text


def test_podman_with_a_current_cdi_spec_passes_and_a_stale_one_warns():
    current = check(podman_host({"/etc/cdi/nvidia.yaml": CDI_SPEC.format(driver="580.159.04")}), "container.runtime")
    assert current.status is Status.PASS and "--device nvidia.com/gpu=all" in text_of(current)
    stale = check(podman_host({"/etc/cdi/nvidia.yaml": CDI_SPEC.format(driver="570.86.15")}), "container.runtime")
    assert stale.status is Status.WARN and "570.86.15" in text_of(stale) and "580.159.04" in text_of(stale)
    assert "Regenerate" in text_of(stale)


def test_runtime_check_is_skipped_inside_a_container():
    found = check("container-docker-2gpu-shm64.json", "container.runtime")
    assert found.status is Status.SKIP and "engine that started it is on the host" in text_of(found)
