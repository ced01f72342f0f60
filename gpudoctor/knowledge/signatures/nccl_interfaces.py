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
        patterns=(r"(?:ifa|rp) != nullptr\. Unable to find (?:address|interface) for: (?P<name>[\^=][^\s]{1,100})",),
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
)
