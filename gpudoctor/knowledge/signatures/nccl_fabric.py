"""NCCL and the network fabric between hosts: InfiniBand/RoCE adapters a container or an image cannot open, and nodes
that disagree on the transport (rows of the nccl area, joined into nccl.SIGNATURES)."""

from __future__ import annotations

from gpudoctor.knowledge.signatures import Signature

NCCL_ENVIRONMENT = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
NCCL_TROUBLESHOOTING = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
_RDMA_IN_CONTAINERS = ("Give the ranks every RDMA device they will use: start the container with `--device=/dev/infiniband "
                       "--cap-add=IPC_LOCK --ulimit memlock=-1 --network host` (in Kubernetes an RDMA device plugin "
                       "resource or a privileged pod with host networking), make sure the image has the verbs user-space "
                       "libraries (`apt install libibverbs1 ibverbs-providers`, or MOFED matching the host), and check "
                       "`ibv_devinfo` inside (or limit NCCL_IB_HCA to the HCAs every rank can open: "
                       "`NCCL_IB_HCA=mlx5_0,mlx5_1`, or `NCCL_IB_HCA=^mlx5_bond_1` to leave one out); on nodes with no "
                       "InfiniBand or RoCE, set NCCL_IB_DISABLE=1 (and unset NCCL_NET) so NCCL uses sockets.")

SIGNATURES: tuple[Signature, ...] = (
    Signature(
        code="nccl.ib-device-unopenable",
        cause_id="nccl-network-config",
        kinds=("any",),
        # net_ib.cc / ibvwrap.cc: an HCA listed in /sys/class/infiniband whose verbs device node NCCL cannot open, most
        # often a container started without /dev/infiniband. NCCL then falls back to sockets, slowly, without failing.
        patterns=(r"NCCL WARN Call to ibv_open_device failed",
                  r"NET/IB ?: Unable to open device (?P<hca>[\w.-]{1,40})"),
        severity="warn",
        cause="NCCL sees an InfiniBand/RoCE adapter but cannot open it, so it falls back to TCP sockets between "
              "nodes: the process (usually a container) has no access to /dev/infiniband or lacks the verbs libraries.",
        advice=_RDMA_IN_CONTAINERS,
        action="configure",
        rules_out=("the GPUs", "NCCL's peer-to-peer transport"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/451", "https://github.com/vllm-project/vllm/pull/42075",
                 "https://github.com/NVIDIA/nccl/issues/2428", NCCL_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("nccl/nccl-451-ibv-open-device-failed-in-container.txt",
                  "nccl/nccl-2428-unable-to-open-erdma-container.txt"),
    ),
    Signature(
        code="nccl.no-net-plugin-initialised",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # init.cc (NCCL 2.19+): no network plugin, internal IB or Socket or an external libnccl-net, could start; with
        # NCCL_NET=IB (or a plugin that wants RDMA) and no usable adapter this ends in ncclInvalidUsage at init.
        patterns=(r"NCCL WARN Failed to initialize any NET plugin",),
        severity="fail",
        cause="NCCL could start no network transport for the communicator: the one it was told to use (NCCL_NET, an RDMA "
              "plugin) found no usable InfiniBand/RoCE device, typically in a container without /dev/infiniband.",
        advice=_RDMA_IN_CONTAINERS,
        action="configure",
        rules_out=("the GPUs",),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "raise --shm-size"),
        sources=("https://github.com/getainode/ainode/pull/87", "https://github.com/dstackai/dstack/issues/2712",
                 NCCL_ENVIRONMENT + "#nccl-net"),
        checked="2026-11-26",
        examples=("nccl/ainode-87-net-plugin-init-no-infiniband-device.txt",),
    ),
    Signature(
        code="nccl.transport-mismatch-between-nodes",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # misc/socket.cc: an accepted connection announced another socket type than the listener expected (NCCL 2.12+):
        # one node's NCCL uses the IB transport and the other's fell back to sockets, or the ranks run different NCCLs.
        patterns=(r"socketFinalizeAccept: wrong type (?P<got>\d{1,2}) != (?P<want>\d{1,2})",),
        severity="fail",
        cause="The nodes' NCCLs disagree on the network transport: InfiniBand/RoCE works on one node and not on the "
              "other (or their NCCL versions or NCCL_IB_* settings differ), so their connections do not match.",
        advice=("Make InfiniBand work the same way on every node (`ibstat`, `ibv_devinfo`, the same NCCL_IB_HCA and "
                "NCCL_IB_DISABLE on all ranks, the same NCCL version), or set NCCL_IB_DISABLE=1 on every rank to run "
                "over sockets (slower)."),
        action="configure",
        rules_out=("the GPUs", "the training script"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver"),
        sources=("https://github.com/NVIDIA/nccl-tests/issues/188", "https://github.com/hiyouga/LlamaFactory/issues/3641",
                 NCCL_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("nccl/nccltests-188-wrong-socket-type-ib-one-side.txt",
                  "nccl/llamafactory-3641-socket-finalize-accept-ib-one-node.txt"),
    ),
    Signature(
        code="nccl.no-kernels-for-gpu",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p"), refines_within=None,
        cause_id="cuda-arch-unsupported",
        kinds=("any",),
        # NCCL's first kernel lookup on a GPU its library has no cubins (or PTX) for: CUDA answers "named symbol not
        # found". Releases before 2.26 carry no Blackwell (sm_100, sm_120) code; a source build carries only the
        # architectures of its NVCC_GENCODE.
        patterns=(r"NCCL WARN Cuda failure (?:\d{1,4} )?'named symbol not found'",
                  r"NCCL[^\n]{0,80}Cuda failure: named symbol not found"),
        severity="fail",
        cause="The NCCL library in use has no kernels for this GPU's architecture (an NCCL older than the GPU, such as "
              "NCCL before 2.26 on Blackwell RTX 50 or B200 cards, or a source build without its sm_XX), so its first "
              "collective cannot start.",
        advice=("Use an NCCL that knows the GPU: with PyTorch install a build for a CUDA that supports it (for RTX 50 "
                "and B200, `pip install torch --index-url https://download.pytorch.org/whl/cu128`, which brings "
                "nvidia-nccl-cu12 2.26 or newer; check `python -c \"import torch; print(torch.cuda.nccl.version())\"`); "
                "when building NCCL, add the GPU's architecture to NVCC_GENCODE (e.g. "
                "`-gencode=arch=compute_120,code=sm_120`)."),
        action="configure",
        rules_out=("the network", "peer-to-peer"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "set NCCL_SOCKET_IFNAME"),
        sources=("https://github.com/pytorch/pytorch/issues/152077",
                 "https://github.com/aws-samples/aws-parallelcluster-post-install-scripts/pull/56",
                 "https://github.com/pytorch/pytorch/pull/151002", "https://github.com/NVIDIA/nccl-tests/issues/291"),
        checked="2026-11-26",
        examples=("nccl/pytorch-152077-rtx5090-nccl-2143-named-symbol.txt",
                  "nccl/awspcluster-56-b200-nccl-no-sm100-named-symbol.txt"),
    ),
    Signature(
        code="nccl.ib-port-async-error",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p",), refines_within=None,
        cause_id="nccl-network-config",
        kinds=("any",),
        # NCCL's IB transport runs one thread per HCA port that waits on ibv_get_async_event and WARNs each event but
        # "communication established" with libibverbs' own name for it (ibv_event_type_str): "port error" is the port
        # going down (a flapping link, a cable, a switch port), "local catastrophic error" the adapter itself failing;
        # NCCL 2.2x names the device ("mlx5_0:1 Got async event"). The transfers then fail or hang.
        patterns=(r"NET/IB ?: ?(?:(?P<device>[\w.-]{1,40}:\d{1,2}) )?Got async event ?: ?(?P<event>port error|"
                  r"local catastrophic error|local work queue catastrophic error|local access violation work queue error|"
                  r"invalid request local work queue error|port module event)",),
        severity="fail",
        cause="The InfiniBand/RoCE adapter reported '{event}' while NCCL used it: a link going down (a loose or bad "
              "cable, a switch port) or the adapter failing under the job, not NCCL or the training code.",
        advice=("Find the node whose NCCL log prints the async event and check that port's link before rerunning: "
                "`ibstat` (State: Active, Physical state: LinkUp), its error counters (`ibqueryerrors`, "
                "`perfquery`, or UFM), the cable and the switch port; `dmesg` shows the adapter's own errors (mlx5). "
                "Reseat or replace the cable; until the fabric is fixed, leave that HCA out of NCCL on the node with a leading "
                "^ (`NCCL_IB_HCA=^mlx5_3`, the device the event names; a node with one HCA: exclude the node, sbatch "
                "--exclude)."),
        action="reseat-or-inspect-hardware",
        rules_out=("NCCL itself", "the training code"),
        never_suggest=("reinstall the driver", "set NCCL_P2P_DISABLE", "raise --shm-size"),
        sources=("https://github.com/NVIDIA/nccl/issues/905", "https://github.com/Lightning-AI/lit-llama/issues/380",
                 "https://github.com/NVIDIA/nccl/issues/230", "https://github.com/NVIDIA/nccl/issues/1710",
                 NCCL_TROUBLESHOOTING),
        checked="2026-11-26",
        examples=("nccl/nccl-905-async-port-error-multi-node.txt", "nccl/litllama-380-ib-async-port-error-slurm.txt"),
    ),
    Signature(
        code="nccl.topology-net-id-not-found",
        refines=("nccl.generic-error-needs-debug",), refines_within=None,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # graph/topo.h's ncclTopoIdToIndex when the graph search asks for a network device the topology does not hold
        # (since 2.21): multi-node InfiniBand jobs with the NCCL of the NeMo 25.04 and later containers, fixed by 2.27.3;
        # NCCL 2.26's NIC fusion beside the tree search's fallback to a hardcoded NET 0 (NVIDIA/nccl#1748). Read with or
        # without NCCL's "NCCL WARN" prefix (an issue title, a quoted line).
        patterns=(r"\bCould not find NET with id (?P<id>[0-9a-fA-Fx]{1,18})\b",),
        severity="fail",
        cause="NCCL's topology search asked for network device {id}, which its own topology does not hold: a NCCL "
              "release's fault on multi-node InfiniBand jobs (the NCCL of NeMo's 25.04 and later containers), fixed in "
              "2.27.3 (NCCL 2.26's NIC fusion hits it too), not the job's settings.",
        advice=("Upgrade NCCL on every node to 2.27.3 or later (the NGC 25.06+ containers, or `pip install -U "
                "nvidia-nccl-cu12` where torch loads the pip NCCL); meanwhile check that NCCL_IB_HCA, if set, names "
                "adapters every node has (`ibv_devinfo`)."),
        action="configure",
        rules_out=("the GPUs", "the model code"),
        never_suggest=("set NCCL_P2P_DISABLE", "raise --shm-size", "reinstall the driver"),
        sources=("https://github.com/NVIDIA-NeMo/Speech/issues/13996", "https://github.com/NVIDIA/nccl/issues/1748",
                 NCCL_TROUBLESHOOTING),
        checked="2026-11-28",
        examples=("nccl/nemo-13996-could-not-find-net-id-0-container-25-04.txt",
                  "nccl/nccl-1748-could-not-find-net-id-0-nic-fusion.txt"),
    ),
    Signature(
        code="nccl.topology-nic-attribute-missing",
        refines=("nccl.generic-error-needs-debug", "nccl.tests-on-geforce-p2p"), refines_within=None,
        cause_id="nccl-version-mismatch",
        kinds=("any",),
        # graph/xml.h's xmlGetAttrIndex: the topology NCCL builds from sysfs (or reads from NCCL_TOPO_FILE) lacks an
        # attribute it needs; as "Last error" under PyTorch's ncclInternalError. NCCL 2.18-2.19 hit it for network
        # devices outside the PCI tree (USB Ethernet or Wi-Fi adapters): NVIDIA/nccl#1125, fixed in 2.20
        patterns=(r"Attribute (?P<attribute>busid|class|vendor|device|link_speed|link_width|speed|dev) of node "
                  r"(?P<node>nic|net|pci|gpu|cpu) not found",),
        severity="fail",
        cause=("NCCL's topology detection failed: it found a {node} without the '{attribute}' it needs, which NCCL "
               "2.18 and 2.19 hit for a network device that is not on the PCI bus (a USB network adapter), a bug fixed "
               "in NCCL 2.20; with NCCL_TOPO_FILE set, the file lacks that attribute."),
        advice=("Use NCCL 2.20 or newer: upgrade PyTorch (2.3 and later bundle it) or the NCCL package "
                "(`pip install -U nvidia-nccl-cu12`; check `python -c \"import torch; print(torch.cuda.nccl.version())"
                "\"`). Until then keep NCCL off the USB or virtual network device: set NCCL_SOCKET_IFNAME to the "
                "machine's PCI Ethernet interface (from `ip -br link`), or unplug the adapter; where NCCL_TOPO_FILE is "
                "set, fix or unset that file."),
        action="configure",
        rules_out=("the GPUs' peer-to-peer path", "the driver"),
        never_suggest=("set NCCL_P2P_DISABLE", "reinstall the driver", "update the driver"),
        sources=("https://github.com/AnswerDotAI/fsdp_qlora/issues/22", "https://github.com/NVIDIA/nccl/issues/1051",
                 "https://github.com/pytorch/pytorch/issues/113245"),
        checked="2026-11-26",
        examples=("nccl/fsdpqlora-22-busid-of-node-nic-not-found.txt",),
    ),
)
