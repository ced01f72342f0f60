"""Which GPUs a k-GPU job should use, from the link matrix, as a CUDA_VISIBLE_DEVICES value.

Host: four A30 bridged as two NVLink pairs across two sockets, `nvidia-smi topo -m` as posted in
https://github.com/vllm-project/vllm/issues/29070 (tests/fixtures/raw/diagnosis/a30x4-topo-m.txt),
built on the two-H200 recording (NVML answers per GPU, changed to what that matrix says).
"""

from __future__ import annotations

from gpus_pcie_p2p.hardware_hosts import H200_PEER, NO_PEER, h200, set_cuda, set_link
from hosts import FIXTURES, HostBuilder, result, run, text_of
from synthetic import synthetic_host

from gpudoctor.host.base import call_key
from gpudoctor.model import Status

TOPOLOGY_LEVEL = {"PIX": 10, "PXB": 20, "PHB": 30, "NODE": 40, "SYS": 50}
P2P_OK, P2P_CNS, P2P_NS = 0, 1, 5


def _topology(path) -> dict[tuple[int, int], str]:
    rows = [line.split() for line in path.read_text().splitlines()]
    gpus = [name for name in rows[0] if name.startswith("GPU") and name[3:].isdigit()]  # no NIC, no "GPU NUMA ID"
    return {(a, b): rows[1 + a][1 + b] for a in range(len(gpus)) for b in range(len(gpus)) if a != b}


def _bus(gpu: int) -> str:
    return f"00000000:{0x17 + 0x20 * gpu:02X}:00.0"


def host_from_topology(path, name: str = "NVIDIA A30") -> HostBuilder:
    matrix = _topology(path)
    count = 1 + max(a for a, _ in matrix)
    builder = h200().set_nvml("nvmlDeviceGetCount", value=count)
    for args, answer in list(builder.matching("nvml")):
        function, *rest = args
        if rest and rest[0] == 0 and function not in ("nvmlDeviceGetP2PStatus", "nvmlDeviceGetTopologyCommonAncestor"):
            for gpu in range(2, count):
                builder.set("nvml", [function, gpu, *rest[1:]], answer)
    for gpu in range(count):
        builder.set_nvml("nvmlDeviceGetName", gpu, value=name)
        builder.set_nvml("nvmlDeviceGetArchitecture", gpu, value=7)  # Ampere
        builder.set_nvml("nvmlDeviceGetCudaComputeCapability", gpu, value=[8, 0])
        builder.set_nvml("nvmlDeviceGetPciInfo", gpu, value={"busId": _bus(gpu)})
        builder.set_nvml("nvmlDeviceGetUUID", gpu, value=f"GPU-a30-{gpu}")
        set_link(builder, gpu, generation=4, width=16, max_generation=4, max_width=16, gpu_max_generation=4)
        partners = [b for (a, b), path in matrix.items() if a == gpu and path.startswith("NV")]
        links = [(link, partner) for partner in partners for link in range(int(matrix[gpu, partner][2:]))]
        for link in range(18):
            if link < len(links):
                builder.set_nvml("nvmlDeviceGetNvLinkState", gpu, link, value=1)
                builder.set_nvml("nvmlDeviceGetNvLinkVersion", gpu, link, value=4)
                builder.set_nvml("nvmlDeviceGetNvLinkRemotePciInfo", gpu, link, value={"busId": _bus(links[link][1])})
            else:  # an A30 has 4 links: NVML answers INVALID_ARGUMENT past the last one
                builder.set_nvml("nvmlDeviceGetNvLinkState", gpu, link, error="NVML_ERROR_INVALID_ARGUMENT")
    for (a, b), path in matrix.items():
        nvlink = path.startswith("NV")
        statuses = (P2P_OK, P2P_OK, P2P_OK, P2P_OK, P2P_NS) if nvlink else (P2P_CNS, P2P_CNS, P2P_NS, P2P_NS, P2P_CNS)
        for caps_index, status in enumerate(statuses):
            builder.set_nvml("nvmlDeviceGetP2PStatus", a, b, caps_index, value=status)
        builder.set_nvml("nvmlDeviceGetTopologyCommonAncestor", a, b, value=TOPOLOGY_LEVEL.get(path, 40))
    set_cuda(builder, [(_bus(gpu)[4:], name) for gpu in range(count)], H200_PEER)
    for (a, b), path in matrix.items():
        if not path.startswith("NV"):
            builder.set("native", ["cuda.peer", a, b], {"value": dict(NO_PEER), "error": None})
    return builder


def test_four_gpus_as_two_nvlink_pairs_say_which_two_to_use():
    builder = host_from_topology(FIXTURES / "raw" / "diagnosis" / "a30x4-topo-m.txt")
    access = result(run(builder.host(), only=["p2p.access"]), "p2p.access")
    placement = access.findings[0]
    assert placement.summary == "For a two-GPU job use CUDA_VISIBLE_DEVICES=0,1 (or 2,3): the best-connected pair (NV4)"
    assert "A 2-GPU job: CUDA_VISIBLE_DEVICES=0,1 (slowest link between them NV4, 100 GB/s per direction; as good: " \
           "2,3)." in placement.details
    assert "A 3-GPU job: CUDA_VISIBLE_DEVICES=0,1,2 (slowest link between them PCIe Gen4 x16, 31.5 GB/s per " \
           "direction; as good: 0,1,3 / 0,2,3 / 1,2,3)." in placement.details
    assert placement.evidence["placement"]["2"]["gpus"] == [0, 1]
    # the unbridged pairs stay a warning (no P2P across the sockets), and their headline says how to avoid them
    assert access.status is Status.WARN
    warning = next(f for f in access.findings if f.status is Status.WARN)
    assert warning.summary.endswith("; a two-GPU job avoids them with CUDA_VISIBLE_DEVICES=0,1 (NV4)")
    assert "GPU 0 ↔ GPU 1, GPU 2 ↔ GPU 3: P2P over NVLink (NV4)" in text_of(access)


def test_gpus_all_alike_get_no_placement_advice():
    # every pair NV18, as on an NVSwitch board: any two are as good as any other
    document = synthetic_host(4)
    builder = HostBuilder({call_key(c["probe"], c["args"]): c["answer"] for c in document["calls"]})
    text = text_of(result(run(builder.host(), only=["p2p.access"]), "p2p.access"))
    assert "All 6 GPU pairs: P2P over NVLink (NV18)" in text and "CUDA_VISIBLE_DEVICES" not in text
