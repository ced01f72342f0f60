"""Issue 25, rows for the NCCL families the blind sets 14 to 24 missed (w25d): the network NCCL picks between nodes
(rows of the nccl area, joined into the catalogue by signatures/__init__.py).

NCCL_DEBUG=INFO names the interfaces NCCL's bootstrap and socket transport took ("Bootstrap : Using eth0:10.0.0.5<0>",
"NET/Socket : Using [0]bond0:192.168.1.161<0> [1]br-05ab815fa14e:172.19.0.1<0> ..."). NCCL leaves out only lo and
docker* by default; a Docker user network's bridge (br-<id>), a container's veth, libvirt's virbr0, LXC's lxcbr0, a
wireless or VPN (tailscale0) interface stays on the list, and a peer that connects to one of those addresses from
another node never arrives: the job hangs at init or fails with "unhandled system error". The helpers' answer is
NCCL_SOCKET_IFNAME, the interface the nodes share by name (eth0, ens5, bond0, ib0) or an exclusion list with a leading
^ (NCCL's environment variables page).

On AWS, EFA traffic between instances passes only where the instances' security group allows all traffic inbound
from and outbound to itself (the EFA user guide): without the self-referencing rules, the aws-ofi-nccl plugin's sends
complete with an error (libfabric's "Unresponsive receiver", aws-ofi-nccl's "Request ... completed with error").
"""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html#nccl-socket-ifname"
EFA_SECURITY_GROUP = "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/efa-start.html#efa-start-security"

# An address after the interface's name, as NCCL prints it ("br-05ab815fa14e:172.19.0.1<0>",
# "veth6163fba:fe80::b878:6cff:fe52:abe2%veth6163fba<0>")
_ADDRESS = r":(?:\d{1,3}\.\d{1,3}\.|[0-9a-f]{1,4}:)"

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.socket-uses-virtual-interface",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # an entry of NCCL's interface list: "[1]br-05ab815fa14e:172.19.0.1<0>", "[2]veth18cd3f2:fe80::...",
            # "[1]lxcbr0:10.0.3.1<0>", "[2]tailscale0:100.72.221.35<0>", "[1]wlp3s0:192.168.1.20<0>"
            r"\[\d{1,2}\](?P<iface>br-[0-9a-f]{12})" + _ADDRESS,
            r"\[\d{1,2}\](?P<iface>veth[0-9a-f]{5,12})" + _ADDRESS,
            r"\[\d{1,2}\](?P<iface>(?:virbr|lxcbr|lxdbr)\d{1,2})" + _ADDRESS,
            r"\[\d{1,2}\](?P<iface>(?:tailscale|wlan)\d{1,2})" + _ADDRESS,
            r"\[\d{1,2}\](?P<iface>wlp\d{1,3}s\d{1,3})" + _ADDRESS,
            # the bootstrap's own interface: "NCCL INFO Bootstrap : Using docker0:172.17.0.1<0>", older NCCL's
            # "NET : Using interface veth79b37a6:fe80::..."
            r"(?:Bootstrap ?: Using|NET : Using interface) (?P<iface>docker\d{1,2}|br-[0-9a-f]{12}|veth[0-9a-f]{5,12}|"
            r"virbr\d{1,2}|lxcbr\d{1,2}|tailscale\d{1,2}|wlan\d{1,2}|wlp\d{1,3}s\d{1,3})" + _ADDRESS,
            # NCCL's topology search probing an interface it took as a network device: "NCCL INFO Could not get speed
            # from /sys/class/net/virbr0/speed. Defaulting to 10 Gbps."
            r"Could not get speed from /sys/class/net/(?P<iface>docker\d{1,2}|br-[0-9a-f]{12}|veth[0-9a-f]{5,12}|virbr\d{1,2}|"
            r"lxcbr\d{1,2}|tailscale\d{1,2}|wlan\d{1,2})/speed",
        ),
        severity="warn",
        cause=("NCCL's socket interfaces include {iface}, a bridge, container, VPN or wireless interface that other "
               "nodes usually cannot reach; where ranks on several machines connect to its address, NCCL's "
               "bootstrap or transport hangs or fails with 'unhandled system error' (on one machine the line is "
               "harmless)."),
        advice=("Name the interface the nodes share, the same on every node: `export NCCL_SOCKET_IFNAME=eth0` (the "
                "name from `ip -br addr`; `ip route get <other node's IP>` shows the one that routes there, e.g. "
                "ens5, bond0 or ib0), or exclude the rest by prefix with a leading ^: "
                "`NCCL_SOCKET_IFNAME=^lo,docker,veth,br-,virbr` (GLOO_SOCKET_IFNAME takes a concrete name only). "
                "Set it where the ranks start (torchrun's shell, mpirun -x, Ray's runtime_env env_vars, the pod "
                "spec); in containers run with --network host. NCCL_DEBUG=INFO's 'Bootstrap : Using' and "
                "'NET/Socket : Using' lines then show only that interface."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE=1"),
        sources=("https://github.com/NVIDIA/nccl/issues/697", NCCL_ENV,
                 "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#networking-issues"),
        checked="2026-11-27",
        examples=("nccl/nccl-697-socket-using-bridges-veth-bond0.txt",),
    ),
    Signature(
        code="nccl.efa-peer-unreachable-security-group",
        cause_id="nccl-network-config",
        kinds=("any",),
        patterns=(
            # aws-ofi-nccl: "ofi_process_cq:1039 NCCL WARN NET/OFI Request 0x7fbb944701b8 completed with error. RC: 20."
            r"NET/OFI Request (?:0x)?[0-9a-f]{1,16} completed with error\. RC: (?P<rc>\d{1,4})",
            # libfabric's EFA provider: "rxr_cq_write_tx_error: err: 20, prov_err: Not a directory (20)", later
            # "efa_rdm_..._handle_error: ... prov_err: Unresponsive receiver (reachable by EFA device but ...)"
            r"rxr_cq_write_tx_error: err: (?P<rc>\d{1,4}), prov_err: ",
            r"\bUnresponsive receiver\b",
            r"NET/OFI Unable to insert remote address into address vector",
        ),
        severity="fail",
        cause=("NCCL's EFA transport (the aws-ofi-nccl plugin over libfabric) could not deliver to a peer instance: "
               "EFA passes only where the instances' security group allows all traffic to and from itself, and the "
               "instances share a subnet; otherwise the peer process died first."),
        advice=("Give the instances' security group two self-referencing rules: inbound All traffic with the source "
                "set to the security group's own ID, and outbound All traffic with the destination set to that same "
                "security group (an outbound 0.0.0.0/0 rule does not cover EFA); keep the instances in one subnet "
                "(and placement group), then test with `fi_pingpong -p efa` between two nodes and nccl-tests' "
                "all_reduce_perf. If the rules are in place, read the peer's log: a rank that exited first gives the "
                "same error."),
        action="configure",
        rules_out=("a GPU or driver fault",),
        never_suggest=("reinstall the driver", "NCCL_P2P_DISABLE=1"),
        sources=("https://github.com/aws/aws-ofi-nccl/issues/156", "https://github.com/ofiwg/libfabric/pull/8889",
                 EFA_SECURITY_GROUP),
        checked="2026-11-27",
        examples=("nccl/awsofinccl-156-efa-request-completed-error-security-group.txt",),
    ),
)
