"""Peer-to-peer access between GPUs, as NVML (nvidia-smi topo) and the CUDA driver report it."""

from __future__ import annotations

from dataclasses import replace

from gpudoctor.knowledge import performance
from gpudoctor.advice import in_a_vm, p2p_trouble
from gpudoctor.model import NotSeen, Status, check, ok, skip, unknown, warn
from gpudoctor.probes.gpus import NOT_RECORDED, P2P_CAPABILITIES, P2P_STATUS_NAMES, P2P_STATUS_OK, medium

from .nvml_status import no_gpu_to_judge

# Why NVML says "no" (nvmlGpuP2PStatus_t), in the order of nvidia-smi's legend.
_NO_P2P_REASONS = {
    "CNS": "the chipset between them does not support P2P (common between two CPU sockets, SYS)",
    "GNS": "the driver does not offer P2P on these GPUs (NVIDIA's driver refuses PCIe P2P on GeForce cards "
           "such as the RTX 4090 and RTX 5090)",
    "TNS": "the PCIe topology between them does not allow P2P",
    "DR": "P2P is disabled by a driver registry key (on Linux: NVreg_RegistryDwords of the nvidia module)",
    "NS": "NVML reports P2P as not supported",
    "U": "NVML cannot tell why",
}

_CUDA_ERRORS = {
    "CUDA_ERROR_NO_DEVICE": "the CUDA driver sees no GPU; an empty CUDA_VISIBLE_DEVICES, or one naming no GPU, "
                            "does this (see env.gpu)",
    "CUDA_ERROR_LIBRARY_NOT_FOUND": "the CUDA driver library (libcuda.so.1, nvcuda.dll) was not found: no NVIDIA "
                                    "driver, or inside WSL /usr/lib/wsl/lib is not on the library path",
    "CUDA_ERROR_INSUFFICIENT_DRIVER": "the installed driver is too old for its own CUDA library",
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": "libcuda and the loaded kernel module come from different driver versions "
                                         "(reboot after a driver update)",
    "CUDA_ERROR_NOT_INITIALIZED": "the CUDA driver could not be initialised",
    "TIMEOUT": "the CUDA driver did not answer in time; it may be hung (look for Xid errors in dmesg)",
    "not-recorded": "this snapshot holds no CUDA answer (it was recorded without asking the CUDA driver)",
    "not-asked": "the CUDA driver was not started: `check --quick` leaves it uninitialised",
}


# GeForce generations whose PCIe P2P NVIDIA's stock driver refuses (GNS): RTX 30 (Ampere), RTX 40 (Ada),
# RTX 50 (Blackwell). Only a modified kernel module offers it, such as the tinygrad/open-gpu-kernel-modules
# P2P patch and its forks (e.g. aikitoria/open-gpu-kernel-modules for RTX 5090), whose users post
# p2pBandwidthLatencyTest output with "CAN Access Peer" between GeForce cards. NVLink bridges (RTX 3090)
# are another matter: the stock driver offers P2P over them.
_GEFORCE_WITHOUT_PCIE_P2P = ("Ampere", "Ada Lovelace", "Blackwell")


def geforce_pcie_p2p(inventory, a: int, b: int) -> bool:
    """True when two GeForce RTX 30/40/50 GPUs get PCIe P2P from the driver: only a modified kernel module
    offers that."""
    pair = inventory.pair(a, b)
    gpus = [g for g in inventory.gpus if g.index in (a, b)]
    if pair is None or pair.nvlinks or len(gpus) != 2:
        return False
    geforce = all("GeForce" in g.name and g.architecture in _GEFORCE_WITHOUT_PCIE_P2P for g in gpus)
    return geforce and P2P_STATUS_OK in (pair.p2p.get("read"), pair.p2p.get("write"))


def describe_cuda_error(error: str) -> str:
    """Plain words for why the CUDA driver could not be asked (its own error name first)."""
    name = error.split(":", 1)[0].strip()
    return f"{_CUDA_ERRORS.get(name, 'the CUDA driver could not be used')} ({error})"


def p2p_letter(status) -> str:
    """What `nvidia-smi topo -p2p` prints for an nvmlGpuP2PStatus_t value (or the NVML error)."""
    if isinstance(status, int) and not isinstance(status, bool):
        return P2P_STATUS_NAMES.get(status, "U")
    return str(status)


def _cuda_side(gpu_a, gpu_b, cuda) -> tuple[dict | None, str | None]:
    """CUDA's answer for an NVML pair, or why there is none."""
    if cuda.not_seen:
        return None, cuda.not_seen.reason
    if not cuda.available:
        return None, "CUDA not available"
    ordinals = [cuda.by_bus_id(g.bus_id) for g in (gpu_a, gpu_b)]
    missing = [g.index for g, d in zip((gpu_a, gpu_b), ordinals) if d is None]
    if missing:
        return None, f"GPU {missing[0]} is not visible to CUDA"
    peer = cuda.peer(ordinals[0].ordinal, ordinals[1].ordinal)
    if peer is None or peer.error:
        return None, f"CUDA did not answer: {peer.error if peer else 'no answer'}"
    return {
        "ordinals": [ordinals[0].ordinal, ordinals[1].ordinal],
        "can_access_peer": peer.can_access_peer,
        "access_supported": peer.access_supported,
        "native_atomic_supported": peer.native_atomic_supported,
        "perf_rank": peer.perf_rank,
    }, None


def _pair_evidence(pair, inventory, cuda) -> dict:
    gpus = {g.index: g for g in inventory.gpus}
    answer, note = _cuda_side(gpus[pair.a], gpus[pair.b], cuda)
    return {
        "a": pair.a, "b": pair.b, "path": pair.path, "topology": pair.topology, "nvlinks": pair.nvlinks,
        "p2p": {capability: p2p_letter(pair.p2p.get(capability)) for capability in P2P_CAPABILITIES
                if capability in pair.p2p or capability == "read"},  # only what was asked (gpus.py says why)
        "cuda": answer, "cuda_note": note,
    }


def _outcome(evidence: dict) -> str:
    """p2p | none | disagree | unknown, from NVML's read/write status and CUDA's cuDeviceCanAccessPeer."""
    letters = evidence["p2p"]
    known = [letters.get(c) in P2P_STATUS_NAMES.values() for c in ("read", "write")]
    nvml = None if not any(known) else ("OK" in (letters["read"], letters.get("write")))
    can = (evidence["cuda"] or {}).get("can_access_peer")
    cuda = None if can is None else bool(can)
    if nvml is None:
        return "unknown" if cuda is None else ("p2p" if cuda else "none")
    if cuda is not None and cuda != nvml:
        return "disagree"
    return "p2p" if nvml else "none"


def _pairs_text(group: list[dict], all_pairs: int) -> str:
    ordered = {(e["a"], e["b"]) for e in group}
    if len(ordered) == all_pairs > 2:
        return f"All {all_pairs // 2} GPU pairs"
    parts = []
    for a, b in sorted(ordered):
        if (b, a) in ordered:
            if a < b:
                parts.append(f"GPU {a} ↔ GPU {b}")
        else:
            parts.append(f"GPU {a} → GPU {b}")
    return ", ".join(parts)


def _medium(evidence: dict) -> str:
    return medium(evidence["nvlinks"], evidence["topology"])


def _capabilities_text(evidence: dict) -> str:
    return ", ".join(f"{capability} {letter}" for capability, letter in evidence["p2p"].items())


def _cuda_text(evidence: dict) -> str:
    if evidence["cuda"] is None:
        return f"CUDA's view: none ({evidence['cuda_note']})."
    cuda = evidence["cuda"]
    return (f"CUDA agrees: cuDeviceCanAccessPeer = {cuda['can_access_peer']}, native atomics "
            f"{cuda['native_atomic_supported']}, performance rank {cuda['perf_rank']} "
            f"(CUDA devices {cuda['ordinals'][0]} and {cuda['ordinals'][1]}).")


_WITHOUT_P2P = ("Without P2P, data between these GPUs goes through host memory (GPU → RAM → GPU): it works, "
                "but slower, and it loads the CPU's memory. NCCL then uses its SHM transport (shared host memory) "
                "instead of P2P; NCCL_DEBUG=INFO shows 'via SHM'.")
_OLLAMA = ("Ollama splits a model by layers, so only small activations cross between GPUs and it hardly notices; "
           "tensor-parallel work (vLLM, PyTorch with NCCL) exchanges far more and feels the link most.")


def _modified_module(first: dict, pairs: str, inventory, evidence: dict):
    names = sorted({g.name for g in inventory.gpus if g.index in (first["a"], first["b"])})
    return warn(f"{pairs}: PCIe P2P on {' and '.join(names)}, which NVIDIA's stock driver never offers: this driver "
                "runs a modified kernel module",
                f"nvidia-smi topo -p2p: {_capabilities_text(first)}. NVIDIA's own driver answers GNS (GPU not "
                "supported) for PCIe P2P between GeForce RTX 30/40/50 cards; a patched open kernel module (the "
                "tinygrad/open-gpu-kernel-modules P2P patch or a fork of it) turns it on.",
                _cuda_text(first),
                "It can work, but it is unsupported: run `gpudoctor check --deep` to verify that copies between "
                "them arrive intact. If they hang or arrive corrupted, go back to NVIDIA's stock driver.",
                evidence={**evidence, "modified_kernel_module": True})


def _finding(outcome: str, group: list[dict], all_pairs: int, platform, inventory):
    first, pairs, evidence = group[0], _pairs_text(group, all_pairs), {"pairs": group}
    if outcome == "p2p" and geforce_pcie_p2p(inventory, first["a"], first["b"]):
        return _modified_module(first, pairs, inventory, evidence)
    if outcome == "p2p":
        return ok(f"{pairs}: P2P over {_medium(first)}", f"nvidia-smi topo -p2p: {_capabilities_text(first)}.",
                  _cuda_text(first),
                  "NCCL moves data between them with its P2P transport (NCCL_DEBUG=INFO shows 'via P2P').", _OLLAMA,
                  evidence=evidence)
    if outcome == "disagree":
        cuda = first["cuda"]["can_access_peer"]
        return warn(f"{pairs}: NVML and CUDA disagree about P2P (nvidia-smi topo -p2p: {_capabilities_text(first)}; "
                    f"cuDeviceCanAccessPeer = {cuda})",
                    "Programs follow CUDA's answer.", p2p_trouble(platform, inventory, (first["a"], first["b"])),
                    f"Path: {first['path']}; {_capabilities_text(first)}.", evidence=evidence)
    if outcome == "none":
        reason = first["p2p"]["read"]
        why = _NO_P2P_REASONS.get(reason, f"NVML answered {reason}")
        make = ok if reason == "GNS" else warn
        return make(f"{pairs}: no P2P over {_medium(first)}: {why.split(' (')[0]}",
                    f"nvidia-smi topo -p2p: {_capabilities_text(first)}; {why}.", *_not_supported(reason, platform),
                    _cuda_text(first).replace("CUDA agrees", "CUDA says the same"), _WITHOUT_P2P, _OLLAMA,
                    evidence=evidence)
    if first["p2p"]["read"] == NOT_RECORDED:  # a paste without `nvidia-smi topo -p2p`
        return unknown(NotSeen("NVML's P2P status was not recorded", "nvidia-smi topo -p2p r"), pairs)
    return skip(f"{pairs}: P2P status could not be read ({first['p2p']['read']})", evidence=evidence)


def _not_supported(reason: str, platform) -> tuple[str, ...]:
    """Where NVML's plain "not supported" comes from, said only where this host makes it likely."""
    if reason != "NS" or platform is None or not platform.is_virtual_machine:
        return ()
    if platform.kind == "wsl":
        return (in_a_vm(platform) + ".",)
    return (f"This is a VM ({platform.virtualization}): the hypervisor decides whether passed-through GPUs may reach "
            "each other, through its IOMMU and the host's PCIe ACS settings; its administrator can allow P2P.",)


def _with_placement(finding, group: list[dict], placement):
    """A warning about pairs that the best two-GPU placement avoids says so in its own line."""
    best = (placement.evidence["placement"].get("2") if placement is not None else None) or {}
    chosen = set(best.get("gpus") or ())
    if finding.status.rank < Status.WARN.rank or not chosen or any({e["a"], e["b"]} == chosen for e in group):
        return finding
    return replace(finding, summary=f"{finding.summary}; a two-GPU job avoids them with "
                                    f"CUDA_VISIBLE_DEVICES={best['CUDA_VISIBLE_DEVICES']} ({best['slowest_link']})")


def _placement(inventory):
    """Which GPUs a k-GPU job should use, when the links between them differ (3 or more GPUs)."""
    best = performance.best_subsets(inventory)
    if not best:
        return None
    lines, evidence = [], {}
    for k, (subsets, link) in sorted(best.items()):
        value = ",".join(map(str, subsets[0]))
        others = [",".join(map(str, subset)) for subset in subsets[1:]]
        evidence[str(k)] = {"gpus": subsets[0], "CUDA_VISIBLE_DEVICES": value, "equally_good": others,
                            "slowest_link": link.name, "slowest_link_gbps": round(link.gbps, 1)}
        also = f"; as good: {' / '.join(others[:3])}{', ...' if len(others) > 3 else ''}" if others else ""
        lines.append(f"A {k}-GPU job: CUDA_VISIBLE_DEVICES={value} (slowest link between them {link.name}, "
                     f"{performance.gbps_text(link.gbps)} GB/s per direction{also}).")
    two = evidence.get("2")
    pair_also = f" (or {' / '.join(two['equally_good'])})" if two and 0 < len(two["equally_good"]) <= 3 else ""
    headline = (f"For a two-GPU job use CUDA_VISIBLE_DEVICES={two['CUDA_VISIBLE_DEVICES']}{pair_also}: the "
                f"best-connected pair ({two['slowest_link']})" if two else "Where to place jobs that use some of the GPUs")
    return ok(headline, *lines,
              "A job on fewer GPUs than the machine has runs as fast as the slowest link between the GPUs it gets; "
              "CUDA_VISIBLE_DEVICES picks them (with CUDA_DEVICE_ORDER=PCI_BUS_ID, the numbers are nvidia-smi's). "
              "Tensor-parallel work (vLLM, PyTorch with NCCL) feels this most.", evidence={"placement": evidence})


@check("p2p.access", title="Peer-to-peer access between GPUs", needs=("gpus", "cuda"))
def p2p_access(facts):
    """Checks, for every ordered pair of GPUs, whether they can read and write each other's memory
    directly (P2P), over NVLink or PCIe.

    It shows what NVML reports for read (write where read is not OK, NVLink where either GPU has one;
    atomics and PCI, which nothing here judges by, are not asked), with the letters `nvidia-smi topo -p2p
    r|w|n` prints (OK, CNS chipset not supported, GNS GPU not supported, TNS topology not supported,
    DR disabled by regkey, NS not supported, U unknown), the connection `nvidia-smi topo -m`
    shows (NV18 for 18 NVLinks; PIX, PXB, PHB, NODE, SYS over PCIe), and what the CUDA driver
    answers (cuDeviceCanAccessPeer, mapped from CUDA ordinals to NVML indices by PCI bus id).
    NVML and CUDA disagreeing is a warning. Without P2P, traffic between the GPUs goes through
    host memory: slower but working (NCCL falls back to its SHM transport; Ollama, which splits
    models by layers, hardly notices). GeForce cards get no PCIe P2P from NVIDIA's driver (GNS):
    nothing to fix; GeForce RTX 30/40/50 cards that do report PCIe P2P run a modified kernel module
    (the tinygrad P2P patch or a fork), a warning. With three or more GPUs whose links differ, it
    says which GPUs a k-GPU job should use, as a CUDA_VISIBLE_DEVICES value: the subset whose
    slowest link (NVLink, else PCIe) is fastest. "Not supported" is tied to a hypervisor's IOMMU
    and ACS settings only in a VM. Sources: NVML nvmlDeviceGetP2PStatus, CUDA Driver API
    cuDeviceCanAccessPeer.
    """
    inventory, cuda = facts.gpus, facts.cuda
    no_gpu = no_gpu_to_judge(inventory)
    if no_gpu is not None:
        yield no_gpu
        return
    if len(inventory.gpus) == 1:
        yield skip("Only one GPU: P2P needs two.", evidence={"count": 1})
        return
    groups: dict[tuple, list[dict]] = {}
    for pair in inventory.pairs:
        evidence = _pair_evidence(pair, inventory, cuda)
        outcome = _outcome(evidence)
        key = (outcome, evidence["path"], tuple(evidence["p2p"].values()),
               (evidence["cuda"] or {}).get("can_access_peer"))
        groups.setdefault(key, []).append(evidence)
    placement = _placement(inventory) if len(inventory.gpus) > 2 else None
    if placement is not None:
        yield placement
    for (outcome, *_), group in groups.items():
        finding = _finding(outcome, group, len(inventory.pairs), facts.platform, inventory)
        yield _with_placement(finding, group, placement)
    if cuda.not_seen:
        yield unknown(cuda.not_seen, "CUDA's own answer on P2P")
    elif not cuda.available:
        yield skip(f"CUDA's own answer is missing: {describe_cuda_error(cuda.error)}; NVML's view is shown.",
                   evidence={"cuda_error": cuda.error})
    else:
        hidden = [g.index for g in inventory.gpus if cuda.by_bus_id(g.bus_id) is None]
        if hidden:
            yield skip(f"CUDA does not see GPU {', '.join(map(str, hidden))} (hidden from this shell, e.g. by "
                       "CUDA_VISIBLE_DEVICES): for pairs with it only NVML's view is shown.",
                       evidence={"not_visible_to_cuda": hidden})
