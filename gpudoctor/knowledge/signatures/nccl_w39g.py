"""Issue 25 (helper w39g): NCCL's generic system or internal error in a job that spans several machines.

On one machine NCCL's "unhandled system error" (ncclSystemError) or "internal error" says too little: shared memory, a
socket, a peer, a CUDA call (nccl.generic-error-needs-debug asks for NCCL_DEBUG=INFO). In a job launched over several
nodes (torchrun --nnodes=2, --node_rank=1, NCCL's own "nNodes 2": the "multi-node" context) the maintainers' answer is
nearly always the network between the nodes: NCCL's bootstrap and socket transport took an interface the other node
cannot reach (a Docker bridge, a veth pair, a private or wireless address, lo), a firewall blocks the ports it opens,
or it tried InfiniBand on nodes without a working IB path between them. NVIDIA/nccl#697 (NCCL_SOCKET_IFNAME=bond0),
NVIDIA/nccl#207 and pytorch#17349 (NCCL_SOCKET_IFNAME=ib0 with NCCL_IB_DISABLE=1), ROCm/rccl#328 (eth0 over Docker
swarm).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature
from gpudoctor.knowledge.signatures.nccl import ENVIRONMENT, TROUBLESHOOTING

_CODES = r"(?:unhandled system error|internal error)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.multi-node-system-error-network",
        cause_id="nccl-network-config",
        kinds=("any",),
        contexts=("multi-node",),
        refines=("nccl.generic-error-needs-debug",),
        # The generic row's lines for the two codes a network between nodes gives: PyTorch's "NCCL error in: FILE:LINE,
        # unhandled system error", its "ncclSystemError: System call ..." / "ncclInternalError: Internal check failed"
        # follow-up, Horovod's and nccl-tests' spellings.
        patterns=(
            r"NCCL error[^\n]{0,200}" + _CODES,
            r"ncclSystemError: System call",
            r"ncclInternalError: Internal check failed",
            r"NCCL Error \d{1,2}: " + _CODES,
            r"NCCL failure [\w./-]{1,40}:\d{1,5} '" + _CODES,
            r"ncclCommInitRank failed: " + _CODES,
        ),
        severity="fail",
        cause=("NCCL failed with a system or internal error in a job that spans several nodes: in such a job this is "
               "almost always the network between the nodes (NCCL using an interface the other node cannot reach, a "
               "firewall between them, or InfiniBand tried where the nodes have no working IB path)."),
        advice=("On every node, rerun with `NCCL_DEBUG=INFO` and read the `NET/Socket : Using` and `Bootstrap : Using` "
                "lines: then pin NCCL to the interface the nodes reach each other on, `export NCCL_SOCKET_IFNAME=eth0` "
                "(bond0, ib0, ens...; `ip -br addr` lists them; exclude Docker's with `NCCL_SOCKET_IFNAME=^docker0,lo`), "
                "check that each node can connect to the others' ports (no firewall between them; in containers use "
                "`--network=host`), and where the nodes have no working InfiniBand between them set "
                "`NCCL_IB_DISABLE=1`."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/NVIDIA/nccl/issues/697", "https://github.com/NVIDIA/nccl/issues/207",
                 "https://github.com/pytorch/pytorch/issues/17349", "https://github.com/ROCm/rccl/issues/328",
                 ENVIRONMENT + "#nccl-socket-ifname", TROUBLESHOOTING),
        checked="2026-11-27",
        examples=("nccl/nccl-697-two-nodes-torchrun-unhandled-system-error.txt",),
    ),
)
