"""p2p.access: NVML's P2P letters, the path, and CUDA's answer, pair by pair."""

from gpudoctor.model import Status

from gpus_pcie_p2p.hardware_hosts import (
    H200_PEER, NO_PEER, P2P_4090_PHB, P2P_4090_SYS, TOPOLOGY_PHB, TOPOLOGY_SYS, h200, rtx4090_pair, set_cuda,
    set_cuda_error,
)
from hosts import result, run, text_of


def _p2p(builder):
    return result(run(builder.host(), only=["p2p.access"]), "p2p.access")


def _pairs(check):
    return {(p["a"], p["b"]): p for f in check.findings for p in f.evidence.get("pairs", [])}


def test_the_recorded_h200_pair_has_p2p_over_nv18_and_cuda_agrees():
    check = _p2p(h200())
    assert check.status is Status.PASS
    assert check.findings[0].summary == "GPU 0 ↔ GPU 1: P2P over NVLink (NV18)"
    text = text_of(check)
    assert "read OK, nvlink OK." in text  # as `nvidia-smi topo -p2p r|n`: with read OK, write is not asked
    assert "CUDA agrees: cuDeviceCanAccessPeer = 1" in text
    pairs = _pairs(check)
    assert set(pairs) == {(0, 1), (1, 0)}
    assert pairs[(0, 1)]["path"] == "NV18" and pairs[(0, 1)]["nvlinks"] == 18
    assert pairs[(1, 0)]["cuda"]["can_access_peer"] == 1


def test_a_geforce_4090_pair_on_phb_has_no_p2p_and_it_is_explained_not_failed():
    check = _p2p(rtx4090_pair(P2P_4090_PHB, TOPOLOGY_PHB))
    assert check.status is Status.PASS  # GNS: NVIDIA's driver policy, nothing to fix
    finding = check.findings[0]
    assert finding.summary.startswith("GPU 0 ↔ GPU 1: no P2P over PCIe (PHB): the driver does not offer P2P")
    text = text_of(check)
    assert "read GNS, write GNS" in text and "cuDeviceCanAccessPeer = 0" in text
    assert "through host memory" in text and "SHM" in text and "Ollama" in text
    assert _pairs(check)[(0, 1)]["p2p"]["read"] == "GNS"


def test_a_4090_pair_across_cpu_sockets_is_a_warning_naming_the_chipset():
    check = _p2p(rtx4090_pair(P2P_4090_SYS, TOPOLOGY_SYS))
    assert check.status is Status.WARN
    assert check.findings[0].summary.startswith("GPU 0 ↔ GPU 1: no P2P over PCIe (SYS): the chipset between them")
    assert "read CNS, write CNS" in text_of(check)


def test_nvml_and_cuda_disagreeing_is_a_warning():
    builder = h200()
    set_cuda(builder, [("0000:00:06.0", "NVIDIA H200"), ("0000:00:07.0", "NVIDIA H200")], NO_PEER)
    check = _p2p(builder)
    assert check.status is Status.WARN
    assert "NVML and CUDA disagree about P2P (nvidia-smi topo -p2p: read OK, nvlink OK; cuDeviceCanAccessPeer = 0)" in text_of(check)
    assert "IOMMU" in text_of(check)


def test_cuda_ordinals_are_mapped_to_nvml_indices_by_bus_id():
    # CUDA lists GPU 1 first (fastest first, or CUDA_VISIBLE_DEVICES=1,0); only CUDA 0 -> 1,
    # i.e. NVML 1 -> 0, is refused.
    builder = h200()
    set_cuda(builder, [("0000:00:07.0", "NVIDIA H200"), ("0000:00:06.0", "NVIDIA H200")], H200_PEER)
    builder.set("native", ["cuda.peer", 0, 1], {"value": dict(NO_PEER), "error": None})
    check = _p2p(builder)
    pairs = _pairs(check)
    assert pairs[(1, 0)]["cuda"]["ordinals"] == [0, 1] and pairs[(1, 0)]["cuda"]["can_access_peer"] == 0
    assert pairs[(0, 1)]["cuda"]["ordinals"] == [1, 0] and pairs[(0, 1)]["cuda"]["can_access_peer"] == 1
    assert check.status is Status.WARN
    assert "GPU 1 → GPU 0: NVML and CUDA disagree" in text_of(check)
    assert "GPU 0 → GPU 1: P2P over NVLink (NV18)" in text_of(check)


def test_p2p_disabled_by_regkey_prints_dr_as_newer_nvidia_smi_does():
    builder = h200()
    for a, b in ((0, 1), (1, 0)):
        for caps_index in (0, 1, 3):
            builder.set_nvml("nvmlDeviceGetP2PStatus", a, b, caps_index, value=4)
    set_cuda(builder, [("0000:00:06.0", "NVIDIA H200"), ("0000:00:07.0", "NVIDIA H200")], NO_PEER)
    check = _p2p(builder)
    assert check.status is Status.WARN
    assert "read DR, write DR" in text_of(check) and "registry key" in text_of(check)


def test_without_cuda_nvml_is_shown_and_the_reason_given():
    builder = set_cuda_error(h200(), "CUDA_ERROR_NO_DEVICE")
    check = _p2p(builder)
    assert check.status is Status.PASS
    assert "P2P over NVLink (NV18)" in check.findings[0].summary
    assert "CUDA's view: none (CUDA not available)" in text_of(check)
    assert "CUDA_VISIBLE_DEVICES" in check.findings[-1].summary and check.findings[-1].status is Status.SKIP


def test_a_gpu_hidden_from_cuda_keeps_nvmls_view_for_its_pairs():
    builder = h200()
    set_cuda(builder, [("0000:00:06.0", "NVIDIA H200")], H200_PEER)
    check = _p2p(builder)
    assert _pairs(check)[(0, 1)]["cuda_note"] == "GPU 1 is not visible to CUDA"
    assert "CUDA does not see GPU 1" in text_of(check)


def test_one_gpu_is_skipped_with_the_reason():
    check = _p2p(h200().set_nvml("nvmlDeviceGetCount", value=1))
    assert check.status is Status.SKIP
    assert check.findings[0].summary == "Only one GPU: P2P needs two."


def _four_gpus():
    """The H200 host with two more GPUs answering like GPU 0 (buses 00:08.0 and 00:09.0)."""
    builder = h200().set_nvml("nvmlDeviceGetCount", value=4)
    for args, answer in list(builder.matching("nvml")):
        function, *rest = args
        if rest and rest[0] == 0 and function != "nvmlDeviceGetP2PStatus" and \
                function != "nvmlDeviceGetTopologyCommonAncestor":
            for gpu in (2, 3):
                builder.set("nvml", [function, gpu, *rest[1:]], answer)
    for gpu in (2, 3):
        builder.set_nvml("nvmlDeviceGetPciInfo", gpu, value={"busId": f"00000000:00:0{gpu + 6}.0"})
        builder.set_nvml("nvmlDeviceGetUUID", gpu, value=f"GPU-0000000{gpu}")
    for a in range(4):
        for b in range(4):
            if a != b:
                for caps_index, status in enumerate((0, 0, 0, 0, 5)):
                    builder.set_nvml("nvmlDeviceGetP2PStatus", a, b, caps_index, value=status)
                builder.set_nvml("nvmlDeviceGetTopologyCommonAncestor", a, b, value=30)
    set_cuda(builder, [(f"0000:00:0{gpu + 6}.0", "NVIDIA H200") for gpu in range(4)], H200_PEER)
    return builder


def test_nvlinks_to_no_known_gpu_count_for_every_nvlink_peer_as_on_nvswitch_systems():
    check = _p2p(_four_gpus())
    assert check.status is Status.PASS
    assert check.findings[0].summary == "All 6 GPU pairs: P2P over NVLink (NV18)"
    assert {p["path"] for p in _pairs(check).values()} == {"NV18"} and len(_pairs(check)) == 12
