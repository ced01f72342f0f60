"""How the container engine itself was installed decides whether it uses the NVIDIA Container Toolkit at all (rows of
the containers area, joined into containers.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DOCKER_SNAP_NVIDIA = "https://github.com/canonical/docker-snap/blob/main/README.md#nvidia-support"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="containers.docker-snap-engine",
        cause_id="container-no-gpu-runtime",
        kinds=("any",),
        # Canonical's docker snap runs its own dockerd with its own daemon.json under /var/snap/docker/ and bundles its
        # own toolkit (a docker.nvidia-container-toolkit service that writes a CDI spec and an nvidia runtime, in
        # current revisions): a toolkit installed from apt and `nvidia-ctk runtime configure` (which writes
        # /etc/docker/daemon.json) never reach it. The evidence: snap's install line, snap commands on docker, the
        # snap's paths and service names. Anywhere in the paste it names the cause of dockerd's GPU refusals.
        patterns=(r"docker [\d.]{1,20} from Canonical",
                  r"snap (?:install|list|info|services|refresh|remove|logs)(?: --purge)? docker\b",
                  r"/snap/bin/docker\b", r"/var/snap/docker/", r"docker\.dockerd\b", r"docker\.nvidia-container-toolkit"),
        severity="warn",
        cause="Docker here is Canonical's snap package, which runs its own daemon with its own configuration under "
              "/var/snap/docker/ and its own copy of the NVIDIA Container Toolkit: a toolkit installed from apt and "
              "`nvidia-ctk runtime configure` (which writes /etc/docker/daemon.json) never reach it.",
        advice=("Either keep the snap and use its own NVIDIA support: refresh it (`sudo snap refresh docker`), start GPU "
                "containers with `--runtime nvidia --gpus all`, and read `snap logs -n 100 docker.nvidia-container-toolkit` "
                "if the nvidia runtime is still missing; or remove the snap (`sudo snap remove --purge docker`), install "
                "Docker Engine from Docker's apt repository, then `sudo nvidia-ctk runtime configure --runtime=docker` "
                "and `sudo systemctl restart docker`."),
        action="configure",
        rules_out=("the NVIDIA driver",),
        never_suggest=("reinstall the driver", "install the CUDA toolkit"),
        refines=("containers.no-gpu-device-driver", "containers.unknown-runtime-nvidia"),
        refines_within=None,
        sources=("https://github.com/canonical/docker-snap/issues/180", "https://github.com/NVIDIA/nvidia-docker/issues/1311",
                 "https://github.com/NVIDIA/nvidia-container-toolkit/issues/522", DOCKER_SNAP_NVIDIA),
        checked="2026-11-26",
        examples=("containers/dockersnap-180-unknown-runtime-nvidia-snap.txt",),
    ),
)
