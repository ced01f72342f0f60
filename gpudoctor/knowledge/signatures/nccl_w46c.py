"""Issue 25 (helper w46c): a Ray node that names itself by the wildcard address, and the rendezvous port two jobs share.

Ray registers every node under the IP it was started with (`ray start --node-ip-address`, `ray.init(_node_ip_address=)`;
without one it picks the address of the default route): the head's GCS, raylet, object store and dashboard, the workers
that join and every actor's log prefix ("(pid=N, ip=A.B.C.D)") use it. 0.0.0.0 is the bind-to-all wildcard, not an
address anything can connect to, yet training scripts of the RL frameworks built on Ray (OpenRLHF and its forks) start
the head with `--node-ip-address 0.0.0.0`; Ray then prints "Local node IP: 0.0.0.0" and the head times out waiting for
its own node, `ray job submit` is refused, or the other nodes lose its actors ("The actor ... is unavailable"). The fix
is the node's real address on the network the nodes share (lmm-r1#66, #58).
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

CHECKED = "2026-11-28"
RAY_NODE_IP_DOC = "https://docs.ray.io/en/latest/cluster/cli.html#ray-start"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.ray-node-ip-wildcard",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # `ray start`'s own report of the address it registered (ray/scripts/scripts.py)
            r"Local node IP: 0\.0\.0\.0\b",
            # the command or option that gave it: `ray start --head --node-ip-address 0.0.0.0`, ray.init(_node_ip_address=)
            r"--node-ip-address[= ][\"']?0\.0\.0\.0\b",
            r"\b_node_ip_address ?= ?[\"']0\.0\.0\.0[\"']",
            # an actor's or task's log prefix on that node: "ray::remote_rm_fn_ray() (pid=25348, ip=0.0.0.0)"
            r"\(pid=\d{1,9}, ip=0\.0\.0\.0\)",
        ),
        severity="warn",
        cause=("Ray's node was started with 0.0.0.0 as its IP address (--node-ip-address 0.0.0.0): that is the "
               "listen-on-all wildcard, not an address Ray's own processes, `ray job submit` or the other nodes can "
               "connect to, so the head times out waiting for its node, jobs are refused, or actors become unreachable."),
        advice=("Start Ray with each node's real address on the network the nodes share: `ray stop`, then on the head "
                "`ray start --head --node-ip-address=<head IP> --port=6379` (the IP from `hostname -I` or `ip -4 addr` "
                "on the interface the nodes use) and on each worker `ray start --address=<head IP>:6379 "
                "--node-ip-address=<that worker's IP>`; in a training script replace the 0.0.0.0 it passes to ray start "
                "(and set NCCL_SOCKET_IFNAME/GLOO_SOCKET_IFNAME to that interface for multi-node runs)."),
        action="configure",
        rules_out=("the GPUs", "the NVIDIA driver"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/TideDra/lmm-r1/issues/66", "https://github.com/TideDra/lmm-r1/issues/58",
                 RAY_NODE_IP_DOC),
        checked=CHECKED,
        examples=("nccl/lmmr1-66-ray-head-node-ip-0000-timed-out-waiting-for-node.txt",),
    ),
    # A person's account that turning NVLS off is what made the job run ("It can be fixed by setting the
    # NCCL_NVLS_ENABLE env var to be 0", "NCCL_NVLS_ENABLE=0 fixes the error"): the error itself is often only NCCL's
    # generic line or a Ray actor's DistBackendError, so the fix that worked names the cause.
    Signature(
        code="nccl.nvls-disable-fixed-described",
        described=True,
        cause_id="nccl-nvls-unavailable",
        kinds=("any",),
        patterns=(
            r"\b(?:fix(?:es|ed)?|solv(?:es|ed)|resolv(?:es|ed)|work(?:s|ed)|help(?:s|ed)?|gone|goes away)\b[^\n]{0,60}?"
            r"\bNCCL_NVLS_ENABLE\b(?![^\n]{0,30}?[\"'`]?1\b)",
            r"\bNCCL_NVLS_ENABLE`?(?: ?= ?| to (?:be )?)[\"'`]?0[\"'`]?[^\n]{0,80}?\b(?:fix(?:es|ed)?|solv(?:es|ed)|"
            r"resolv(?:es|ed)|works?|worked|helps?|helped)\b",
        ),
        severity="warn",
        cause=("The text says the job runs once NCCL's NVLink SHARP (NVLS) multicast is turned off: on this NVSwitch "
               "system (H100/H200/B200 SXM) NVLS cannot be set up for the process, because the Fabric Manager or the "
               "NVSwitch state refuses multicast, or the container lacks the capability devices it needs."),
        advice=("Keep NCCL_NVLS_ENABLE=0 in the job's environment (for a Ray job in its runtime_env or the `ray job "
                "submit` env vars; NVLS only speeds up all-reduce), and to get NVLS back make the node's multicast "
                "work: nvidia-fabricmanager running and healthy (`nvidia-smi -q | grep -A3 Fabric` shows State "
                "Completed, Status Success), and the container given the NVIDIA capability devices (run it with the "
                "NVIDIA runtime and --gpus, or `--device /dev/nvidia-caps`)."),
        action="configure",
        rules_out=("the GPUs", "the network"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/THUDM/slime/issues/45", "https://github.com/THUDM/slime/pull/46",
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-nvls-enable"),
        checked=CHECKED,
        examples=("nccl/slime-45-8xh100-ray-train-nccl-error-nvls.txt",),
    ),
    # torch/csrc/distributed/c10d/socket.cpp when getaddrinfo() knows no address of the store's host name: "[c10d] The
    # IPv6 network addresses of (user, 53821) cannot be retrieved (gai error: -3 - Temporary failure in name
    # resolution)". With --standalone that name is the machine's own host name, otherwise MASTER_ADDR or the
    # --rdzv_endpoint host; a name known over IPv4 only prints this for IPv6 and goes on (the warning is then noise),
    # one known nowhere leaves the ranks without a store. localhost names are left out: their IPv6 notice is noise.
    Signature(
        code="nccl.c10d-store-host-unresolvable",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            r"\[c10d\] The IPv[46] network addresses of \((?P<host>(?!localhost\b|127\.0\.0\.1\b|::1\b|\[::1\])"
            r"[^,()\n]{1,120}), (?P<port>\d{1,5})\) cannot be retrieved \(gai error: (?P<gai>-?\d{1,5})",
        ),
        severity="warn",
        cause=("torch.distributed's rendezvous store looks up the host name {host} (the machine's own name with "
               "--standalone, or MASTER_ADDR / the --rdzv_endpoint host) and the resolver does not know it (gai error "
               "{gai}): where no address of it resolves, the ranks cannot reach the store and the launch stalls; a name "
               "that resolves over IPv4 only makes this an IPv6 notice."),
        advice=("Make {host} resolve where the ranks start: add it to /etc/hosts (`127.0.0.1 {host}` on a single "
                "machine; with several nodes, each node's LAN address under its name), or give the launcher an address "
                "instead of the name (`--master_addr 127.0.0.1` on one node, MASTER_ADDR or --rdzv_endpoint set to rank "
                "0's IP across nodes). On macOS a .local name resolves only while a sharing service is on, so map it in "
                "/etc/hosts. If the job runs anyway, the line is only a notice: look for the real error elsewhere."),
        action="configure",
        rules_out=("the GPUs", "NCCL's transports"),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE"),
        sources=("https://github.com/nyu-systems/Grendel-GS/issues/9", "https://github.com/hpcaitech/ColossalAI/issues/2841",
                 "https://github.com/pytorch/pytorch/issues/128998"),
        checked=CHECKED,
        examples=("nccl/grendelgs-9-standalone-hostname-unresolvable-ipv6-gai.txt",),
    ),
)
