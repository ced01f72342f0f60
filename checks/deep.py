"""`--deep`: what moving real data between the GPUs, and to and from them, showed."""

from __future__ import annotations

from dataclasses import replace

from gpudoctor.model import Finding, check, error, fail, ok, skip, warn

from .p2p import describe_cuda_error
from .pcie import bandwidth as pcie_bandwidth

# Below this share of what the path allows, a measurement is "far below" it. Healthy paths measure
# 80-90 % of their raw rate: 376 of 450 GB/s per direction over NV18 on HGX H100 (84 %,
# https://github.com/NVIDIA/nccl/issues/1264), 54.3 of 63 GB/s over PCIe Gen5 x16 (86 %,
# https://github.com/lukealonso/p2pmark). Protocol overhead and a busy machine cost another 10-20 %,
# never half: under 50 % something on the path limits it (a link trained down or NVLinks down,
# traffic detoured through the CPU by the IOMMU or PCIe ACS, a shared switch uplink).
FAR_BELOW = 0.5

# NVLink data rate per link and direction, GB/s, by compute capability (the link generation follows
# the chip, and a GA102's links are narrower than a GA100's). NVIDIA architecture whitepapers and
# datasheets: P100 4 links 160 GB/s total; V100 6 links 300 GB/s; TU102/TU104 (RTX 2080 Ti, RTX 2080)
# 50 GB/s per link; A100 12 links 600 GB/s; GA102 (RTX 3090, A6000, A40) 4 links 112.5 GB/s;
# H100/H200 18 links 900 GB/s; B200 18 links 1.8 TB/s; totals count both directions.
# https://www.nvidia.com/en-us/data-center/nvlink/ ; `nvidia-smi nvlink -s` prints the signalling
# rate instead (26.562 GB/s per link, recorded on the two-H200 host), a little above the data rate.
NVLINK_GBPS_PER_LINK = {(6, 0): 20.0, (7, 0): 25.0, (7, 5): 25.0, (8, 0): 25.0, (8, 6): 14.0625, (9, 0): 25.0,
                        (10, 0): 50.0, (10, 3): 50.0}

NCCL_TESTS_PERFORMANCE = "https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md"
NCCL_ACS = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#pci-access-control-services-acs"

_P2P_TROUBLE = (
    f"P2P copies that hang, crawl or corrupt data are most often redirected by the IOMMU or by PCIe Access Control "
    f"Services (ACS) through the CPU: boot with `iommu=pt` (or turn VT-d / AMD-Vi off in the firmware) and disable "
    f"ACS on the PCIe switches between the GPUs ({NCCL_ACS}). `sudo dmesg` shows Xid, AER or IOMMU fault messages "
    "if the hardware complained."
)
_ROUTE_AROUND = ("Meanwhile NCCL_P2P_DISABLE=1 makes NCCL programs (PyTorch, vLLM) send through host memory instead: "
                 "slower, but it avoids the broken path.")
_CHECK_FOR_TEST = {"p2p": "p2p.bandwidth", "host": "pcie.bandwidth", "allreduce": "nccl.allreduce"}
_NO_GPU_ERRORS = ("CUDA_LIBRARY_NOT_FOUND", "CUDA_ERROR_LIBRARY_NOT_FOUND", "CUDA_ERROR_NO_DEVICE")


# -- shared: whether there is anything to judge --------------------------------------------------------

def _nvml_gpus(gpus) -> int:
    return 0 if gpus.nvml_error or gpus.count_error else len(gpus.gpus)


def _cannot_use_cuda(gpus, reason: str, cuda_error: str) -> Finding:
    count = _nvml_gpus(gpus)
    if cuda_error.split(":", 1)[0] in _NO_GPU_ERRORS and count == 0:
        return skip("No NVIDIA GPU here: nothing to measure.", f"CUDA: {reason}.",
                    evidence={"cuda_error": cuda_error, "nvml_error": gpus.nvml_error})
    return fail(f"The GPUs could not be tested: NVML sees {count} GPU{'s' if count != 1 else ''}, but the CUDA "
                f"driver cannot use them ({describe_cuda_error(cuda_error)})",
                "Every CUDA program (Ollama, PyTorch) fails the same way; cuda.* and gpu.count say more.",
                evidence={"cuda_error": cuda_error, "nvml_gpus": count})


def _doing(stop) -> str:
    """When the worker stopped: "while copying GPU 0 → GPU 1" (NVML's numbers), or its last step."""
    step, devices = stop.step or "", [d.label for d in stop.devices]
    if len(devices) == 2 and "unidirectional" in step:
        return f"while copying {devices[0]} → {devices[1]}"
    if len(devices) == 2 and "bidirectional" in step:
        return f"while copying {devices[0]} ↔ {devices[1]} both ways at once"
    if len(devices) == 2 and "verify" in step and step.startswith("p2p"):
        return f"while checking what {devices[0]} → {devices[1]} delivered"
    if len(devices) == 1 and step.startswith("host"):
        return f"while copying between host memory and {devices[0]}"
    if "ncclCommInitAll" in step:
        return f"while forming the NCCL communicator across {', '.join(devices)}"
    if step.startswith("allreduce") and devices:
        return f"while running all-reduce across {', '.join(devices)} ({step.split(': ', 1)[1]})"
    return f"at the step “{step}”" if step else "while starting"


def _gpudoctor_fault(stop) -> bool:
    """Garbled output, or an error that is no CUDA or NCCL answer (a Python exception in the worker)."""
    if stop.kind == "bad-output":
        return True
    return stop.kind == "error" and not (stop.error or "").startswith(("CUDA", "nccl", "NCCL", "CLEANUP"))


def _stop_evidence(deep) -> dict:
    stop = deep.stop
    return {"kind": stop.kind, "phase": stop.phase, "step": stop.step, "gpus": [d.label for d in stop.devices],
            "error": stop.error, "func": stop.func, "message": stop.message, "timeout_s": deep.timeout_s,
            "stderr_tail": stop.stderr_tail[-1000:] or None}


def _stopped(deep, gpus, advice: tuple[str, ...]) -> Finding:
    stop, evidence = deep.stop, _stop_evidence(deep)
    if stop.error == "CUDA_ERROR_OUT_OF_MEMORY":
        return warn(f"Not measured: too little free GPU memory {_doing(stop)}",
                    "Other programs hold the GPU memory (an Ollama model, a notebook); run the test when they are "
                    "stopped. `nvidia-smi` lists them.", evidence=evidence)
    if stop.phase == "init" and (stop.error or "").startswith("CUDA"):
        return _cannot_use_cuda(gpus, stop.summary, stop.error)
    if _gpudoctor_fault(stop):
        return error(f"gpudoctor's GPU test failed unexpectedly {_doing(stop)}: {stop.summary}",
                     "This is a bug in gpudoctor; please report it with this output.", evidence=evidence)
    if stop.kind == "timeout":
        return fail(f"The GPU test hung {_doing(stop)} and was stopped after {deep.timeout_s:.0f} s",
                    "A healthy machine finishes these tests in seconds.", *advice, evidence=evidence)
    if stop.kind == "crashed":
        tail = stop.stderr_tail.strip().splitlines()[-3:]
        return fail(f"The GPU test process crashed {_doing(stop)}: {stop.summary}", *advice,
                    *(f"Its last words: {line}" for line in tail), evidence=evidence)
    return fail(f"The GPU test failed {_doing(stop)}: {stop.func + ': ' if stop.func else ''}{stop.error}",
                *([stop.message] if stop.message else []), *advice, evidence=evidence)


def _not_measured(deep, gpus, test: str, advice: tuple[str, ...] = ()) -> Finding | None:
    """A finding when `test` has no measurements to judge (and why), else None."""
    if deep.not_run is not None:
        if "not-recorded" in (deep.cuda_error, deep.outcome):
            return skip("This snapshot holds no GPU test run (`gpudoctor snapshot --deep` records one).")
        if deep.cuda_error:
            return _cannot_use_cuda(gpus, deep.not_run, deep.cuda_error)
        return error(deep.not_run[:1].upper() + deep.not_run[1:], evidence={"reason": deep.not_run})
    if test in deep.not_asked:
        return skip(f"Not measured: {deep.not_asked[test]}.", evidence={"reason": deep.not_asked[test]})
    state = deep.state(test)
    if state == "stopped":
        return _stopped(deep, gpus, advice)
    if state == "not-reached":
        return skip(f"Not measured: the GPU test run stopped earlier, during the {deep.stop.phase} test "
                    f"(see {_CHECK_FOR_TEST[deep.stop.phase]}).", evidence=_stop_evidence(deep))
    return None


def _teardown(deep, test: str):
    """Trouble after the last results (freeing memory, closing contexts), told once, by the last test's check."""
    stop = deep.stop
    if stop is None or stop.phase != "teardown" or not deep.tests or deep.tests[-1] != test:
        return
    yield warn(f"The measurements finished, but cleaning up afterwards failed: {stop.summary}",
               "Freeing GPU memory fails when a GPU has hit a fatal error; `sudo dmesg` shows Xid messages then, "
               "and `nvidia-smi` may show the GPU in an error state.", evidence=_stop_evidence(deep))


def _gbs(value: float | None) -> str:
    return "?" if value is None else f"{value:.1f}" if value < 99.95 else f"{value:.0f}"


def _size(nbytes: int | None) -> str:
    if not nbytes:
        return "?"
    if nbytes >= 1 << 30 and nbytes % (1 << 30) == 0:
        return f"{nbytes >> 30} GiB"
    return f"{nbytes >> 20} MiB" if nbytes >= 1 << 20 else f"{nbytes} bytes"


# -- p2p.bandwidth ------------------------------------------------------------------------------------

def _gpu(gpus, device):
    return next((g for g in gpus.gpus if g.index == device.gpu_index), None)


def _pcie_limit(gpu) -> tuple[float | None, str | None]:
    """What one GPU's link carries per direction. Idle GPUs drop the link speed (pcie.link), so the
    generation is the most GPU and slot agree on, reached under load; the width does not change."""
    if gpu is None:
        return None, None
    link = gpu.pcie
    generation = link.max_generation or link.generation
    width = link.width or link.max_width
    limit = pcie_bandwidth(generation, width)
    return limit, f"PCIe Gen{generation} x{width}" if limit else None


def _path_limit(gpus, a, b) -> tuple[float | None, str, int]:
    """(GB/s per direction the path allows, its description, NVLinks) for the pair of devices a, b."""
    gpu_a, gpu_b = _gpu(gpus, a), _gpu(gpus, b)
    pair = gpus.pair(a.gpu_index, b.gpu_index) if gpu_a and gpu_b else None
    nvlinks = pair.nvlinks if pair else 0
    if nvlinks:
        rate = NVLINK_GBPS_PER_LINK.get(tuple(gpu_a.compute_capability or ()))
        if rate is None:
            return None, f"NVLink (NV{nvlinks})", nvlinks
        return nvlinks * rate, f"NV{nvlinks}: {nvlinks} NVLinks × {rate:g} GB/s", nvlinks
    limits = [_pcie_limit(g) for g in (gpu_a, gpu_b)]
    if any(limit is None for limit, _ in limits):
        return None, "PCIe", 0
    limit, text = min(limits)
    return limit, text, 0


def _pair_evidence(ab, ba, limit, path_text) -> dict:
    return {"gpus": [ab.src.label, ab.dst.label], "path": ab.path, "link": path_text, "limit_gbps": limit,
            "unidirectional_gbps": [ab.unidirectional_gbps, ba.unidirectional_gbps if ba else None],
            "bidirectional_gbps": ab.bidirectional_gbps, "bytes": ab.bytes,
            "verified": [ab.verified, ba.verified if ba else None], "can_access_peer": ab.can_access_peer,
            "peer_access_error": ab.peer_access_error}


def _corrupted(ab, ba, evidence) -> Finding | None:
    bad = [m for m in (ab, ba) if m is not None and m.verified is False]
    if not bad:
        return None
    first = bad[0]
    where = (f"The first wrong byte was at offset {first.mismatch_offset:,} of the {_size(first.bytes)} copy "
             f"({first.mismatch_phase} phase; {first.mismatch_blocks} wrong 4 MiB block(s) in all)"
             if first.mismatch_offset is not None else "")
    return fail(f"Data copied {first.src.label} → {first.dst.label} arrived corrupted",
                *([where + "."] if where else []),
                "Programs that exchange data between these GPUs (NCCL, PyTorch, vLLM) can compute with wrong values "
                "without any error message.", _ROUTE_AROUND, _P2P_TROUBLE, evidence=evidence)


def _judge_pair(ab, ba, gpus) -> Finding:
    limit, path_text, nvlinks = _path_limit(gpus, ab.src, ab.dst)
    evidence = _pair_evidence(ab, ba, limit, path_text)
    broken = _corrupted(ab, ba, evidence)
    if broken:
        return broken
    names = f"{ab.src.label} ↔ {ab.dst.label}"
    speeds = (f"{_gbs(ab.unidirectional_gbps)} / {_gbs(ba.unidirectional_gbps if ba else None)} GB/s each way, "
              f"{_gbs(ab.bidirectional_gbps)} GB/s both ways at once")
    verified = "every byte verified" if ab.verified and (ba is None or ba.verified) else "data not verified"
    if ab.path == "staged":
        return _staged(ab, names, speeds, verified, limit, path_text, nvlinks, evidence)
    if limit is None:
        return ok(f"{names} over {path_text}: {speeds}, {verified}",
                  "What this path allows is not known to gpudoctor, so the figure is not compared.", evidence=evidence)
    measured = [x for x in (ab.unidirectional_gbps, ba.unidirectional_gbps if ba else None,
                            ab.bidirectional_gbps / 2 if ab.bidirectional_gbps else None) if x is not None]
    if not measured:
        return ok(f"{names} over {path_text}: no speed was measured, {verified}", evidence=evidence)
    share = min(measured) / limit
    detail = f"{path_text} allows {_gbs(limit)} GB/s per direction; the slowest direction reached {share:.0%} of it."
    if share < FAR_BELOW:
        return warn(f"{names} reaches only {share:.0%} of what its {path_text.split(':')[0]} link allows: {speeds}",
                    detail, "Healthy links measure 80-90 % of their rate. "
                    + ("Some NVLinks may be down or degraded: `nvidia-smi nvlink -s` and `nvidia-smi nvlink -e` "
                       "show them." if nvlinks else "Look at pcie.link for a link trained below its width or speed. ")
                    + ("" if nvlinks else _P2P_TROUBLE), evidence=evidence)
    return ok(f"{names} over {path_text.split(':')[0]}: {speeds}, {verified}", detail, evidence=evidence)


def _staged(ab, names, speeds, verified, limit, path_text, nvlinks, evidence) -> Finding:
    limits = f" (their PCIe links allow {_gbs(limit)} GB/s per direction)" if limit and not nvlinks else ""
    if nvlinks or ab.can_access_peer:
        why = (f"NVLink (NV{nvlinks}) connects them" if nvlinks else "the CUDA driver offers P2P between them")
        return warn(f"{names}: {why}, yet copies go through host memory: {speeds}",
                    f"Enabling peer access failed ({ab.peer_access_error or 'no error given'}), so CUDA staged "
                    "every copy through system memory; NCCL would do the same." + limits, _P2P_TROUBLE,
                    evidence=evidence)
    return ok(f"{names} without P2P, through host memory: {speeds}, {verified}",
              "The driver offers no P2P between these GPUs (p2p.access says why), so CUDA stages each copy through "
              "system memory: this figure is what Ollama and NCCL (its SHM transport) get between them" + limits + ".",
              evidence=evidence)


def _matrix(title: str, devices, value) -> list[str]:
    """A p2pBandwidthLatencyTest-style matrix: rows are sources, columns destinations."""
    names = [str(d.gpu_index if d.gpu_index is not None else d.ordinal) for d in devices]
    lines = [title, "   D\\D " + "".join(f"{n:>8}" for n in names)]
    for src, name in zip(devices, names):
        cells = [f"{'-' if src == dst else _gbs(value(src, dst)):>8}" for dst in devices]
        lines.append(f"  {name:>5} " + "".join(cells))
    return lines


def _matrices(deep) -> list[str]:
    devices = sorted(deep.devices, key=lambda d: (d.gpu_index is None, d.gpu_index, d.ordinal))
    by_pair = {(p.src.ordinal, p.dst.ordinal): p for p in deep.pairs}

    def measured(attribute):
        return lambda s, d: getattr(by_pair.get((s.ordinal, d.ordinal)), attribute, None)

    return (_matrix("One way, GB/s (row: from, column: to):", devices, measured("unidirectional_gbps"))
            + _matrix("Both ways at once, GB/s (sum of the two directions):", devices, measured("bidirectional_gbps")))


def _pairs(deep):
    by_pair = {(p.src.ordinal, p.dst.ordinal): p for p in deep.pairs}
    for (a, b), ab in by_pair.items():
        if a < b or (b, a) not in by_pair:
            yield ab, by_pair.get((b, a))


@check("p2p.bandwidth", title="GPU-to-GPU copies: speed and integrity", needs=("deep", "gpus"), opt_in="deep")
def p2p_bandwidth(facts):
    """Copies 1 GiB (256-512 MiB with more than two GPUs) between every pair of GPUs, one way and both
    ways at once, and reads every byte back to check it arrived intact.

    Like CUDA's p2pBandwidthLatencyTest (cuMemcpyPeerAsync, timed with CUDA events; "both ways"
    is the sum of the two directions), with peer access enabled where the driver offers it.
    Fails when data arrives corrupted or a copy hangs (the test is stopped after a time limit):
    both point at the IOMMU or PCIe ACS redirecting P2P traffic, or at faulty hardware; NCCL's
    troubleshooting guide describes the ACS case, and NCCL_P2P_DISABLE=1 routes around it.
    Warns when a pair reaches less than half of what its path allows: NVLink = active links ×
    the per-link rate (25 GB/s per direction for NVLink 2-4: V100, A100, H100/H200, so NV18 = 450
    GB/s; 50 for B200; 14 for RTX 3090), PCIe = generation × width of the slower link (Gen5 x16 =
    63 GB/s). Healthy paths measure 80-90 %. Without P2P (GeForce cards) the copies go through host
    memory: that figure is reported as what Ollama and NCCL get, not judged. With more than two
    GPUs, -v shows the N×N matrices. One GPU: skipped.
    """
    deep, gpus = facts.deep, facts.gpus
    missing = _not_measured(deep, gpus, "p2p", (_ROUTE_AROUND, _P2P_TROUBLE))
    if missing:
        yield missing
        return
    findings = sorted((_judge_pair(ab, ba, gpus) for ab, ba in _pairs(deep)), key=lambda f: -f.status.rank)
    if not findings:
        findings = [error("The GPU test reported no pair, although it ran to its end.")]
    if len(deep.devices) > 2:
        findings[0] = replace(findings[0], details=findings[0].details + tuple(_matrices(deep)))
    yield from findings
    yield from _teardown(deep, "p2p")


# -- pcie.bandwidth ------------------------------------------------------------------------------------

def _host_finding(measurement, gpus) -> Finding:
    limit, link = _pcie_limit(_gpu(gpus, measurement.device))
    label = measurement.device.label
    speeds = f"{_gbs(measurement.h2d_gbps)} GB/s to the GPU, {_gbs(measurement.d2h_gbps)} GB/s back"
    evidence = {"gpu": label, "h2d_gbps": measurement.h2d_gbps, "d2h_gbps": measurement.d2h_gbps,
                "bytes": measurement.bytes, "link": link, "limit_gbps": limit}
    if limit is None or measurement.h2d_gbps is None or measurement.d2h_gbps is None:
        return ok(f"{label}: {speeds}", "Its PCIe link rate is unknown, so the figure is not compared.",
                  evidence=evidence)
    share = min(measurement.h2d_gbps, measurement.d2h_gbps) / limit
    detail = (f"{link} carries {_gbs(limit)} GB/s per direction (PCI-SIG line rate after encoding); "
              f"pinned copies reach 75-90 % of it on a healthy link, this one {share:.0%}.")
    if share < FAR_BELOW:
        return warn(f"{label}: host copies reach only {share:.0%} of what its {link} link allows ({speeds})", detail,
                    "Usual causes: the link trains below its speed or width under load (pcie.link), the slot hangs "
                    "off the chipset or another CPU socket, or the IOMMU translates every transfer (`iommu=pt` "
                    "avoids that). Loading a model from RAM to this GPU takes correspondingly longer.",
                    evidence=evidence)
    return ok(f"{label}: {speeds} ({share:.0%} of {link})", detail, evidence=evidence)


@check("pcie.bandwidth", title="Host-to-GPU copy speed", needs=("deep", "gpus"), opt_in="deep")
def pcie_bandwidth_check(facts):
    """Copies a 1 GiB pinned host buffer to each GPU and back (cuMemcpyHtoDAsync / DtoH, timed with
    CUDA events, like CUDA's bandwidthTest --memory=pinned) and compares the speed with what the
    GPU's PCIe link carries: generation × width (Gen4 x16 = 31.5 GB/s, Gen5 x16 = 63 GB/s per
    direction; PCI-SIG base specifications). Healthy links reach 80-90 % (53-57 GB/s on Gen5 x16);
    under 50 % is a warning: a link trained down under load, a slot wired through the chipset or
    another socket, or IOMMU translation. This is how fast a model loads from RAM into the GPU.
    """
    deep, gpus = facts.deep, facts.gpus
    missing = _not_measured(deep, gpus, "host")
    if missing:
        yield missing
        return
    findings = sorted((_host_finding(m, gpus) for m in deep.hosts), key=lambda f: -f.status.rank)
    yield from findings or [error("The GPU test reported no host copy, although it ran to its end.")]
    yield from _teardown(deep, "host")


# -- nccl.allreduce ------------------------------------------------------------------------------------

def _allreduce_table(sizes) -> list[str]:
    lines = [f"{'size':>9} {'time (µs)':>11} {'algbw':>8} {'busbw':>8}  sum"]
    for s in sizes:
        check_mark = {True: "ok", False: "WRONG", None: "not checked"}[s.verified]
        time_us = f"{s.time_us:.1f}" if s.time_us is not None else "?"
        lines.append(f"{_size(s.bytes):>9} {time_us:>11} {_gbs(s.algbw_gbps):>8} {_gbs(s.busbw_gbps):>8}  {check_mark}")
    return lines


def _nccl_stop(deep, gpus) -> Finding | None:
    stop = deep.stop
    if deep.state("allreduce") != "stopped" or stop.phase != "allreduce" or stop.kind != "error":
        return None
    evidence = _stop_evidence(deep)
    if stop.error == "NCCL_LIBRARY_NOT_FOUND":
        return skip("Not measured: no NCCL library to load (nccl.library says where to get one).",
                    *([stop.message] if stop.message else []), evidence=evidence)
    if stop.func == "ncclCommInitAll":
        ranks = ", ".join(d.label for d in stop.devices) or "the GPUs"
        return fail(f"NCCL could not form a communicator across {ranks}: {stop.error}",
                    *([stop.message] if stop.message else []),
                    "PyTorch DDP, vLLM tensor parallelism and every NCCL program fail the same way at start-up. "
                    "NCCL_DEBUG=INFO shows which transport failed; if NCCL_P2P_DISABLE=1 makes it work, P2P is "
                    "the culprit (see p2p.bandwidth).", _P2P_TROUBLE, evidence=evidence)
    return None


@check("nccl.allreduce", title="NCCL all-reduce across all GPUs", needs=("deep", "gpus"), opt_in="deep")
def nccl_allreduce(facts):
    """Runs an NCCL all-reduce (float32 sum) across every GPU CUDA sees, one process driving them all
    (ncclCommInitAll), at 1 MiB, 16 MiB, 256 MiB and 1 GiB, and checks every element of the result.

    It loads the NCCL that PyTorch would use (its pip copy), else the one programs get from the
    library search path. Reports the bus bandwidth as nccl-tests defines it (busbw = algbw ×
    2(n-1)/n, doc/PERFORMANCE.md of NVIDIA/nccl-tests), comparable with all_reduce_perf. Fails if
    the communicator cannot be formed, the run hangs, or a sum is wrong. NCCL_P2P_DISABLE=1 still
    passes when it works, but the figure is shown with the variable: NCCL then goes through host
    memory and loses most of its bandwidth. NVLink SHARP is left off (NCCL_NVLS_ENABLE=0 unless set).
    One GPU: skipped.
    """
    deep, gpus = facts.deep, facts.gpus
    missing = _nccl_stop(deep, gpus) or _not_measured(deep, gpus, "allreduce", (_ROUTE_AROUND, _P2P_TROUBLE))
    if missing:
        yield missing
        return
    nccl, sizes = deep.nccl, deep.allreduce
    if nccl is None or not sizes:
        yield error("The GPU test reported no all-reduce, although it ran to its end.")
        return
    ranks = ", ".join(d.label for d in nccl.devices)
    if len(nccl.devices) < 2:
        yield skip("Only one GPU: an all-reduce needs two.", evidence={"ranks": ranks})
        return
    evidence = {"nccl_version": nccl.version_text, "nccl_path": nccl.path, "ranks": [d.label for d in nccl.devices],
                "init_s": nccl.init_s, "env": nccl.env, "sizes": [
                    {"bytes": s.bytes, "time_us": s.time_us, "algbw_gbps": s.algbw_gbps, "busbw_gbps": s.busbw_gbps,
                     "verified": s.verified} for s in sizes]}
    about = [f"NCCL {nccl.version_text} from {nccl.path}" + (f": {deep.nccl_source}." if deep.nccl_source else "."),
             *_allreduce_table(sizes),
             f"busbw = algbw × 2(n-1)/n, n = {len(nccl.devices)}: the rate each GPU's link carries, comparable with "
             f"nccl-tests' all_reduce_perf ({NCCL_TESTS_PERFORMANCE}). Small sizes measure latency, not bandwidth."]
    wrong = next((s for s in sizes if s.verified is False), None)
    if wrong:
        where = wrong.mismatch_device.label if wrong.mismatch_device else "a GPU"
        yield fail(f"NCCL all-reduce returned a wrong sum on {where} ({_size(wrong.bytes)}, first wrong byte at "
                   f"offset {wrong.mismatch_offset})",
                   "Training with this NCCL on these GPUs averages wrong gradients without any error message.",
                   _ROUTE_AROUND, _P2P_TROUBLE, *about, evidence=evidence)
        return
    largest = max(sizes, key=lambda s: s.bytes)
    summary = (f"NCCL {nccl.version_text} all-reduce across {ranks}: {_gbs(largest.busbw_gbps)} GB/s bus bandwidth "
               f"at {_size(largest.bytes)}, sums verified")
    disable = deep.nccl_p2p_disable
    if disable is not None and disable.strip() not in ("", "0"):
        yield ok(summary + f", with NCCL_P2P_DISABLE={disable} set",
                 f"NCCL_P2P_DISABLE={disable} makes NCCL send through host memory instead of NVLink or PCIe P2P, "
                 "which costs most of the bandwidth (on a two-H200 NVLink host about 330 → 28 GB/s). Unset it unless "
                 "it works around a real P2P problem (p2p.bandwidth shows whether P2P is healthy).",
                 *about, evidence=evidence)
    else:
        yield ok(summary, *about, evidence=evidence)
    yield from _teardown(deep, "allreduce")
