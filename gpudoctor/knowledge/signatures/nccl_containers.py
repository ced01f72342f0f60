"""NCCL between ranks that run in containers, where the container's network, IPC and device namespaces decide what
NCCL can reach (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_ENVIRONMENT = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
DOCKER_BRIDGE = "https://docs.docker.com/engine/network/drivers/bridge/"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.peer-on-docker-bridge",
        cause_id="nccl-network-config",
        kinds=("any",),
        # Docker's default bridge (docker0) gives each container a private 172.17.x.x address that only its own host
        # routes to. NCCL inside such a container advertises it, so a rank on another machine connecting to a
        # 172.17 peer is the bridge network, not a firewall or a wrong interface on the host.
        patterns=(
            r"(?:socketStartConnect: |socketPollConnect: |NCCL WARN (?:Net : )?)Connect to 172\.17\.\d{1,3}\.\d{1,3}<\d{1,5}> "
            r"(?:failed|returned)",
        ),
        refines=("nccl.no-socket-interface", "nccl.generic-error-needs-debug"), refines_within=None,
        severity="fail",
        cause="A rank tried to reach its peer at a Docker bridge address (172.17.x.x): the ranks run in containers on "
              "Docker's default bridge network, whose addresses the other machines cannot reach.",
        advice=("Start every rank's container with `--network host` (and `--ipc host`; `network_mode: host` in "
                "Compose) so NCCL uses the machines' own addresses, then set NCCL_SOCKET_IFNAME to the interface the "
                "machines share (e.g. `export NCCL_SOCKET_IFNAME=eth0`); publishing ports with -p does not help, "
                "since NCCL opens ports of its own."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl/issues/929", "https://github.com/pytorch/pytorch/issues/23363",
                 DOCKER_BRIDGE, NCCL_ENVIRONMENT),
        checked="2026-11-26",
        examples=("nccl/nccl-929-docker-bridge-peer-172-17-unreachable.txt",),
    ),
)
