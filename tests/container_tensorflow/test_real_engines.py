"""The container probe against real engines on this machine, skipped with the reason where they cannot run.

Podman: the probe runs inside a real container whose root file system is this machine's own, as an
overlay (`--rootfs /:O`), so gpudoctor and this interpreter need no image and no registry.
Docker: `docker info` is asked for real; with no daemon it must be reported, not crash or hang.
"""

import json
import shutil
import subprocess
import sys

import pytest

from gpudoctor.host.live import LiveHost
from gpudoctor.probes.container import probe_container

PROBE = (
    "import json\n"
    "from gpudoctor.host.live import LiveHost\n"
    "from gpudoctor.probes.container import probe_container\n"
    "f = probe_container(LiveHost(), None)\n"
    "print(json.dumps({'confidence': f.confidence, 'engine': f.engine, 'label': f.label,\n"
    "                  'shm': f.shm.size_bytes if f.shm else None, 'request': f.gpu_request.kind}))\n"
)


def _podman_argv(*options: str) -> list[str]:
    # runc, because crun refuses hybrid cgroup hierarchies ("cgroups in hybrid mode not supported");
    # explicit ulimits, because raising them needs CAP_SYS_RESOURCE, which sandboxes often drop.
    runtime = ["--runtime", "runc"] if shutil.which("runc") else []
    return ["podman", *runtime, "run", "--rm", "--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024",
            *options, "--rootfs", "/:O", sys.executable, "-c", PROBE]


def _run_in_podman(*options: str) -> dict:
    if not shutil.which("podman"):
        pytest.skip("podman is not installed")
    try:
        done = subprocess.run(_podman_argv(*options), capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.skip("podman did not start a container within 120 s")
    if done.returncode != 0:
        reason = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        pytest.skip(f"podman cannot run a container here: {reason}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_probe_inside_a_real_podman_container():
    seen = _run_in_podman()
    assert seen["confidence"] == "confirmed" and seen["engine"] == "podman" and seen["label"] == "Podman container"
    assert seen["shm"] == 64000 * 1024  # Podman's default /dev/shm, as recorded with podman 4.3.1
    assert seen["request"] == "unset"


def test_shm_size_and_gpu_request_given_to_a_real_podman_container():
    seen = _run_in_podman("--shm-size=16g", "-e", "NVIDIA_VISIBLE_DEVICES=all")
    assert seen["shm"] == 16 * 1024 ** 3 and seen["request"] == "all"


def test_real_docker_client_answer_is_understood():
    if not shutil.which("docker"):
        pytest.skip("docker is not installed")
    engines = probe_container(LiveHost(), None).engines
    if engines is None:
        pytest.skip("these tests run inside a container; the engine questions are asked only outside one")
    if engines.docker_runtimes is not None:
        assert "runc" in engines.docker_runtimes
    else:
        assert engines.docker_info_problem in ("daemon-unreachable", "permission-denied", "timeout")
        assert engines.docker_info_message
