"""NCCL and torch.distributed where the platform decides what a rank can reach: ranks in containers (whose network
namespace hides the host's addresses) and on Windows (rows of the nccl area, joined into nccl.SIGNATURES)."""

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
    Signature(
        code="nccl.c10d-windows-10049-notice",
        cause_id="none",
        kinds=("any",),
        # torch/csrc/distributed/c10d/socket.cpp on Windows: the store's client tries each address the host name resolves
        # to and warns for each one Winsock refuses (WSAEADDRNOTAVAIL, 10049, in the system's language), then connects
        # through the next; a warning ([W ...]), not the error that stops a run.
        patterns=(r"\[c10d\] The client socket has failed to connect to \[[^\]\n]{1,200}\]:\d{1,5} \(system error: 10049\b",),
        severity="info",
        cause="PyTorch on Windows warned while its store client tried an address of this machine's host name that Winsock "
              "refuses (error 10049); it goes on with the next address, so this line alone stops nothing.",
        advice=("Harmless on its own: look for the real error after it. With one GPU, run the training script directly "
                "(`python train.py ...`) instead of through torchrun or a dist_train script; where a run does hang at "
                "start, set MASTER_ADDR=127.0.0.1 and use the gloo backend, since PyTorch on Windows has no NCCL."),
        action="none",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE"),
        versions=("torch>=1.11",),
        sources=("https://github.com/AILab-CVC/YOLO-World/issues/201", "https://github.com/pytorch/pytorch/issues/77523",
                 "https://learn.microsoft.com/en-us/windows/win32/winsock/windows-sockets-error-codes-2"),
        checked="2026-11-26",
        examples=("nccl/yoloworld-201-windows-10049-dist-train.txt",),
    ),
)
