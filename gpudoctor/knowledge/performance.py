"""What a healthy host measures: the expected-performance model behind every `--deep` verdict.

A measured figure is a result only once it is compared. For each path data takes, the model gives
the raw rate the hardware reports (per direction), the share of it a healthy host measures, and
so the figure to expect; a measurement is judged against that figure:

  near it   (at least 70 % of the expected figure)  pass
  below it  (less than 70 %)                        warn, with the likely cause from the evidence

Raw rates, from what the host itself reports where it can:
  NVLink  = active links between the two GPUs × the per-link speed NVML reports
            (field NVML_FI_DEV_NVLINK_SPEED_MBPS_COMMON, the figure `nvidia-smi nvlink -s` prints:
            "Link 0: 26.562 GB/s" on an H200, so NV18 = 18 × 26.562 = 478 GB/s per direction).
            Where the driver does not report it (or a snapshot predates the question), the rate of
            the GPU's NVLink generation from NVIDIA's datasheets, by compute capability: P100 20,
            V100 and A100 25, GA102 (RTX 3090, A6000) 14.06, H100/H200 26.56, B200 50 GB/s per link.
  PCIe    = lanes × the per-lane rate of the generation after line encoding (PCI-SIG base
            specifications: Gen3 0.985, Gen4 1.969, Gen5 3.938 GB/s per lane), of the slower GPU's
            link at the most GPU and slot train to (GPUs drop the speed when idle).
  no P2P  = copies staged through host memory (CUDA without peer access, NCCL's SHM transport,
            NCCL_P2P_DISABLE=1): bounded by the slower GPU's PCIe link.

Healthy shares (what a healthy host measures, as a share of the raw rate):
  GPU-to-GPU copy over NVLink  0.83  397 of 478 GB/s on two H200 (NV18), recorded by gpudoctor;
                                     376 of 450 GB/s on HGX H100 (https://github.com/NVIDIA/nccl/issues/1264)
  GPU-to-GPU copy over PCIe    0.86  54.3 of 63 GB/s over Gen5 x16 (https://github.com/lukealonso/p2pmark)
  host <-> GPU pinned copy     0.85  55.5 of 63 GB/s over Gen5 x16 on two H200, recorded by gpudoctor;
                                     CUDA bandwidthTest --memory=pinned reaches 80-90 % of the link
  NCCL all-reduce (busbw)      0.69  326-330 of 478 GB/s on two H200 (NV18), recorded by gpudoctor;
                                     busbw as nccl-tests defines it (doc/PERFORMANCE.md of NVIDIA/nccl-tests)
  copy staged through host     0.66  21 of 31.5 GB/s one way between RTX 4090s over Gen4 x16 without P2P
  memory (no P2P)                    (p2pBandwidthLatencyTest P2P=Disabled,
                                     https://github.com/tinygrad/open-gpu-kernel-modules/issues/6)
  NCCL all-reduce through host 0.44  27.9 GB/s busbw with NCCL_P2P_DISABLE=1 over Gen5 x16 (63 GB/s) on the
  memory (SHM transport)             same two H200, recorded by gpudoctor

An all-reduce over more than two GPUs runs as a ring: it is as fast as the slowest link of the best
ring through them (four GPUs bridged as two NVLink pairs close the ring over PCIe).

Below the threshold the verdict names the likely cause from what was gathered anyway, in this order:
an NCCL variable that changes the path (NCCL_P2P_DISABLE, NCCL_P2P_LEVEL, NCCL_SHM_DISABLE, ...),
other processes on the GPUs or a GPU busy before the test (NVML's process list and utilisation),
clocks held down (NVML's clock event reasons: power cap, thermal or hardware slowdown), a PCIe link
trained below its width, NVLinks down.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, permutations

# Usable bandwidth per lane and direction after line encoding, GB/s: Gen1/2 use 8b/10b
# (2.5 and 5 GT/s), Gen3-5 128b/130b (8, 16, 32 GT/s), Gen6 PAM4 with FLIT encoding (64 GT/s).
# Source: PCI-SIG, PCI Express Base Specification rev. 1.0-6.0, https://pcisig.com/specifications
LANE_GB_PER_S = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938, 6: 7.56}

# NVLink speed per link and direction, GB/s, by compute capability, for drivers that do not report
# it: the link generation follows the chip, and a GA102's links are narrower than a GA100's.
# NVIDIA datasheets (https://www.nvidia.com/en-us/data-center/nvlink/): P100 4 links 160 GB/s total;
# V100 6 links 300 GB/s; TU102/TU104 50 GB/s per link; A100 12 links 600 GB/s; GA102 (RTX 3090,
# A6000) 4 links 112.5 GB/s; B200 18 links 1.8 TB/s (totals count both directions). Hopper: what
# `nvidia-smi nvlink -s` printed on the two-H200 host (26.562 GB/s per link; the datasheet's 900 GB/s
# total for 18 links rounds it to 25).
NVLINK_GBPS_PER_LINK = {(6, 0): 20.0, (7, 0): 25.0, (7, 5): 25.0, (8, 0): 25.0, (8, 6): 14.0625,
                        (9, 0): 26.5625, (10, 0): 50.0, (10, 3): 50.0}

HEALTHY_SHARE = {"nvlink-copy": 0.83, "pcie-copy": 0.86, "host-copy": 0.85, "allreduce": 0.69,
                 "staged-copy": 0.66, "allreduce-shm": 0.44}

# A measurement under this share of the expected figure is "well below" it. Healthy runs land at
# 90-105 % of it (the shares above are medians of healthy runs); a busy or throttled GPU, a link
# trained down or traffic detoured through host memory costs a third or more.
NEAR = 0.7

NCCL_TESTS_PERFORMANCE = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md"


@dataclass(frozen=True)
class Link:
    """A path's raw rate per direction and where that figure comes from."""

    kind: str  # "nvlink" | "pcie"
    name: str  # "NV18", "PCIe Gen5 x16"
    gbps: float
    formula: str  # "18 links × 26.562 GB/s (NVML)"


@dataclass(frozen=True)
class Expectation:
    """What a healthy host measures for one test on one path."""

    link: Link
    share: float
    gbps: float
    via_host_memory: bool = False
    test: str = ""  # the HEALTHY_SHARE key it was built from, so a team's policy can set another share

    def with_share(self, share: float) -> Expectation:
        return Expectation(self.link, share, self.link.gbps * share, self.via_host_memory, self.test)

    @property
    def formula(self) -> str:
        return (f"{self.link.formula} = {gbps_text(self.link.gbps)} GB/s × {self.share:.0%} healthy share "
                f"≈ {gbps_text(self.gbps)} GB/s")

    def judge(self, measured: float | None) -> float | None:
        """measured / expected, or None when there is nothing to compare."""
        return None if measured is None or self.gbps <= 0 else measured / self.gbps


def gbps_text(value: float | None) -> str:
    """A rate as the report prints it: one decimal below 100 GB/s, none above."""
    return "?" if value is None else f"{value:.1f}" if value < 99.95 else f"{value:.0f}"


def pcie_gbps(generation: int | None, width: int | None) -> float | None:
    rate = LANE_GB_PER_S.get(generation or 0)
    return round(rate * width, 1) if rate and width else None


def pcie_link(gpu) -> Link | None:
    """One GPU's PCIe link at the generation GPU and slot agree on (reached under load) and its width."""
    if gpu is None:
        return None
    generation = gpu.pcie.max_generation or gpu.pcie.generation
    width = gpu.pcie.width or gpu.pcie.max_width
    rate = pcie_gbps(generation, width)
    if rate is None:
        return None
    return Link("pcie", f"PCIe Gen{generation} x{width}", rate,
                f"PCIe Gen{generation} x{width}: {width} lanes × {LANE_GB_PER_S[generation]:g} GB/s (PCI-SIG)")


def nvlink_speed(gpu) -> tuple[float | None, str]:
    """(GB/s per link and direction, where from) for one GPU."""
    if gpu.nvlink_speed_mbps:
        return gpu.nvlink_speed_mbps / 1000, "NVML link speed, as `nvidia-smi nvlink -s` prints it"
    rate = NVLINK_GBPS_PER_LINK.get(tuple(gpu.compute_capability or ()))
    return rate, f"datasheet rate for compute capability {'.'.join(map(str, gpu.compute_capability or ()))}"


def pair_link(inventory, a: int, b: int) -> Link | None:
    """The raw path between GPUs a and b (NVML indices): their NVLinks, else the slower PCIe link."""
    gpus = {g.index: g for g in inventory.gpus}
    gpu_a, gpu_b = gpus.get(a), gpus.get(b)
    if gpu_a is None or gpu_b is None:
        return None
    pair = inventory.pair(a, b)
    if pair is not None and pair.nvlinks:
        rate, source = nvlink_speed(gpu_a)
        if rate is None:
            return None
        return Link("nvlink", f"NV{pair.nvlinks}", pair.nvlinks * rate,
                    f"NV{pair.nvlinks}: {pair.nvlinks} links × {rate:.3f} GB/s ({source})")
    return slower_pcie(gpu_a, gpu_b)


def has_p2p(inventory, a: int, b: int) -> bool:
    """Whether the driver offers P2P from a to b (NVML read or write OK, or NVLinks between them)."""
    pair = inventory.pair(a, b)
    if pair is None:
        return False
    return bool(pair.nvlinks) or 0 in (pair.p2p.get("read"), pair.p2p.get("write"))


def slower_pcie(*gpus) -> Link | None:
    links = [pcie_link(g) for g in gpus]
    if any(link is None for link in links):
        return None
    return min(links, key=lambda link: link.gbps)


def p2p_copy(inventory, a: int, b: int, *, staged: bool) -> Expectation | None:
    """A GPU-to-GPU copy: over the pair's link, or staged through host memory without peer access."""
    if staged:
        gpus = {g.index: g for g in inventory.gpus}
        link = slower_pcie(gpus.get(a), gpus.get(b))
        return None if link is None else _expect(link, "staged-copy", via_host_memory=True)
    link = pair_link(inventory, a, b)
    if link is None:
        return None
    return _expect(link, "nvlink-copy" if link.kind == "nvlink" else "pcie-copy")


def host_copy(gpu) -> Expectation | None:
    link = pcie_link(gpu)
    return None if link is None else _expect(link, "host-copy")


def allreduce(inventory, ranks: list[int], *, via_host_memory: bool = False) -> Expectation | None:
    """NCCL all-reduce bus bandwidth across `ranks` (NVML indices): the slowest link of the best ring.

    With `via_host_memory` (NCCL_P2P_DISABLE=1, or no P2P at all) the figure NCCL's SHM transport
    reaches over the slowest PCIe link.
    """
    gpus = {g.index: g for g in inventory.gpus}
    if len(ranks) < 2 or any(r not in gpus for r in ranks):
        return None
    if via_host_memory:
        link = slower_pcie(*(gpus[r] for r in ranks))
        return None if link is None else _expect(link, "allreduce-shm", via_host_memory=True)
    link = best_ring(inventory, ranks)
    return None if link is None else _expect(link, "allreduce")


def best_ring(inventory, ranks: list[int]) -> Link | None:
    """The ring through `ranks` whose slowest link is fastest, and that slowest link."""
    links = {(x, y): pair_link(inventory, x, y) for x in ranks for y in ranks if x != y}
    if any(link is None for link in links.values()):
        return None
    first, rest = ranks[0], ranks[1:]
    best: Link | None = None
    for order in permutations(rest):  # at most 7! = 5040 rings for eight GPUs
        if len(order) > 1 and order[0] > order[-1]:
            continue  # a ring and its reverse have the same links
        ring = [first, *order]
        slowest = min((links[x, y] for x, y in zip(ring, ring[1:] + ring[:1])), key=lambda link: link.gbps)
        if best is None or slowest.gbps > best.gbps:
            best = slowest
    return best


def best_subsets(inventory) -> dict[int, tuple[list[list[int]], Link]]:
    """For each job size k (2 .. n-1), the sets of GPUs whose best ring has the fastest slowest link (the
    lowest indices first; equally good sets follow), with that link; empty when every pair is connected
    alike (any k GPUs are then as good as any other)."""
    indices = sorted(g.index for g in inventory.gpus)
    links = {(x, y): pair_link(inventory, x, y) for x in indices for y in indices if x != y}
    if len(indices) < 3 or any(link is None for link in links.values()):
        return {}
    if len({round(link.gbps, 3) for link in links.values()}) == 1:
        return {}
    best: dict[int, tuple[list[list[int]], Link]] = {}
    for k in range(2, len(indices)):
        for subset in combinations(indices, k):  # in index order: the lowest indices come first
            slowest = best_ring(inventory, list(subset))
            if slowest is None:
                continue
            if k not in best or slowest.gbps > best[k][1].gbps:
                best[k] = ([list(subset)], slowest)
            elif slowest.gbps == best[k][1].gbps:
                best[k][0].append(list(subset))
    return best


def _expect(link: Link, test: str, *, via_host_memory: bool = False) -> Expectation:
    share = HEALTHY_SHARE[test]
    return Expectation(link, share, link.gbps * share, via_host_memory, test)
