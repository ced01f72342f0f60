"""Which network interface NCCL and Gloo bind to, read from their own refusals (rows of the nccl area, joined into
nccl.SIGNATURES).

Written blind for issue 25 (round eleven of the row writers). NCCL_SOCKET_IFNAME takes a prefix list with NCCL's
own operators ("^lo,docker" excludes, "=eth0" matches exactly); PyTorch's Gloo reads GLOO_SOCKET_IFNAME as the names
of interfaces (one, or several separated by commas) and looks each up as given (gloo/transport/tcp/device.cc), so
NCCL's syntax copied into it names an interface that cannot exist.
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

DISTRIBUTED_ENV = "https://pytorch.org/docs/stable/distributed.html#choosing-the-network-interface-to-use"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.gloo-ifname-nccl-syntax",
        cause_id="nccl-network-config",
        kinds=("any",),
        # Gloo's enforce in device.cc when the name starts with NCCL's "^" (exclude) or "=" (exact match) operator.
        patterns=(r"\bUnable to find (?:address|interface) for: (?P<name>[\^=][^\s]{1,100})",),
        refines=("nccl.gloo-interface-not-found",),
        severity="fail",
        cause="GLOO_SOCKET_IFNAME holds NCCL's interface syntax ({name}), which Gloo reads as the name of an interface "
              "that does not exist.",
        advice=("Keep the `^lo,docker` exclusion list for NCCL_SOCKET_IFNAME only and set GLOO_SOCKET_IFNAME to the "
                "concrete interface that routes to the master node, e.g. `export GLOO_SOCKET_IFNAME=$(ip -4 route get "
                "$MASTER_ADDR | awk '{for(i=1;i<=NF;i++) if($i==\"dev\") print $(i+1)}')` (eth0, ens5, enp1s0f0) "
                "on every node."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/aws-samples/aws-do-eks/pull/51", DISTRIBUTED_ENV),
        checked="2026-11-26",
        examples=("nccl/awsdoeks-51-gloo-socket-ifname-nccl-exclusion-list.txt",),
    ),
    Signature(
        code="nccl.openmpi-tcp-wrong-interface",
        cause_id="nccl-network-config",
        kinds=("any",),
        # Open MPI's TCP transport (opal/mca/btl/tcp/btl_tcp_endpoint.c) under mpirun/horovodrun across nodes: "[host]
        # [[job,1],2][btl_tcp_endpoint.c:796:mca_btl_tcp_endpoint_complete_connect] connect() to 172.17.0.1 failed:
        # Connection refused (111)", its help text "WARNING: Open MPI failed to TCP connect to a peer MPI process", and
        # "received unexpected process identifier" when two nodes answer on the same private address (docker0's
        # 172.17.0.1, a libvirt bridge): the ranks publish an interface the other nodes cannot reach.
        patterns=(r"mca_btl_tcp_endpoint_complete_connect\] connect\(\) to (?P<address>[\w.:%-]{3,60}) failed: "
                  r"(?:Connection refused|No route to host|Connection timed out|Network is unreachable)",
                  r"mca_btl_tcp_endpoint_recv_connect_ack\] received unexpected process identifier",
                  r"Open MPI failed to TCP connect to a peer MPI process",
                  # Its out-of-band channel's help text (help-oob-tcp.txt), which names a firewall as the usual cause.
                  r"A process or daemon was unable to complete a TCP connection\s{1,3}to another process"),
        severity="fail",
        cause="Open MPI's ranks on different nodes cannot connect over TCP: they use an interface the other nodes cannot "
              "reach (docker0's 172.17.0.1, lo, a virtual bridge or VPN), so the job hangs or aborts before NCCL starts.",
        advice=("Restrict Open MPI to the interface the nodes share, on the mpirun line: `-mca btl_tcp_if_include eth0 "
                "-mca oob_tcp_if_include eth0` (or `-mca btl_tcp_if_exclude lo,docker0`; `ip route get <other node's IP>` "
                "names the interface), give NCCL the same with `-x NCCL_SOCKET_IFNAME=eth0` (horovodrun: "
                "`--network-interface eth0`), and let the ports through the firewall between the nodes."),
        action="configure",
        rules_out=("the GPU", "the NVIDIA driver"),
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size", "reinstall the driver"),
        sources=("https://github.com/horovod/horovod/issues/310", "https://github.com/horovod/horovod/issues/689",
                 "https://github.com/horovod/horovod/blob/master/docs/troubleshooting.rst",
                 "https://docs.open-mpi.org/en/main/tuning-apps/networking/tcp.html"),
        checked="2026-11-26",
        examples=("nccl/horovod-310-openmpi-btl-tcp-docker0-connect.txt",),
    ),
)
