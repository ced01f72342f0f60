"""`--deep`: what moving real data between the GPUs, and to and from them, showed."""

from __future__ import annotations

import inspect
from dataclasses import replace

from gpudoctor.knowledge import performance
from gpudoctor.advice import gpu_load_causes, link_causes, p2p_trouble, set_nccl_variables
from gpudoctor.knowledge.driver_support import parse_driver_version
from gpudoctor.knowledge.findings import explained
from gpudoctor.model import Action, Finding, check, error, fail, ok, skip, warn
from gpudoctor.knowledge.performance import NCCL_TESTS_PERFORMANCE

from .p2p import describe_cuda_error, geforce_pcie_p2p
from .pcie_acs import redirect_causes

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


def _old_driver(facts) -> str | None:
    """The driver version when it is below gpudoctor's floor (driver.version fails it), else None."""
    version = parse_driver_version(facts.gpus.driver_version)
    return facts.gpus.driver_version if version and version[0] < facts.options.min_driver else None


def _holders(gpus) -> str:
    processes = [f"GPU {g.index}: {p.label}" for g in gpus.gpus for p in (g.load.processes or ())]
    return ("NVML listed " + "; ".join(processes) + "." if processes
            else "`nvidia-smi` lists the programs that hold it.")


def _stopped(deep, facts, advice: tuple[str, ...]) -> Finding:
    gpus = facts.gpus
    stop, evidence = deep.stop, _stop_evidence(deep)
    if stop.error == "CUDA_ERROR_OUT_OF_MEMORY":
        return warn(f"Not measured: too little free GPU memory {_doing(stop)}",
                    "Other programs hold the GPU memory (an Ollama model, a notebook); run the test when they are "
                    "stopped. " + _holders(gpus), evidence=evidence)
    if stop.phase == "init" and (stop.error or "").startswith("CUDA"):
        return _cannot_use_cuda(gpus, stop.summary, stop.error)
    if _gpudoctor_fault(stop):
        return error(f"gpudoctor's GPU test failed unexpectedly {_doing(stop)}: {stop.summary}",
                     "This is a bug in gpudoctor; please report it with this output.", evidence=evidence)
    old = _old_driver(facts)
    root = "driver.version" if old and stop.kind in ("timeout", "crashed") else None
    if root:
        # P2P bugs of old drivers hang and crash exactly here (RTX 4090s offered PCIe P2P by R520/R525 that
        # hung or corrupted copies until NVIDIA withdrew it); the driver is the first thing to change.
        advice = (f"The driver {old} is older than R{facts.options.min_driver}, which driver.version fails: upgrade "
                  "it first; drivers before R535 have P2P and NCCL bugs that hang or crash exactly this test.",
                  *advice)
    if stop.kind == "timeout":
        return fail(f"The GPU test hung {_doing(stop)} and was stopped after {deep.timeout_s:.0f} s",
                    "A healthy machine finishes these tests in seconds.", *advice, evidence=evidence,
                    caused_by=root)
    if stop.kind == "crashed":
        tail = stop.stderr_tail.strip().splitlines()[-3:]
        return fail(f"The GPU test process crashed {_doing(stop)}: {stop.summary}", *advice,
                    *(f"Its last words: {line}" for line in tail), evidence=evidence, caused_by=root)
    return fail(f"The GPU test failed {_doing(stop)}: {stop.func + ': ' if stop.func else ''}{stop.error}",
                *([stop.message] if stop.message else []), *advice, evidence=evidence)


def _not_measured(deep, facts, test: str, advice: tuple[str, ...] = ()) -> Finding | None:
    """A finding when `test` has no measurements to judge (and why), else None."""
    gpus = facts.gpus
    if deep.not_run is not None:
        if "not-recorded" in (deep.cuda_error, deep.outcome):
            return skip("This snapshot holds no GPU test run (`gpudoctor snapshot --deep` records one).")
        if deep.cuda_error == "not-asked":
            return skip("No GPU test ran: the CUDA driver was not started (--quick); "
                        "`gpudoctor check --deep` runs them.")
        if deep.cuda_error:
            return _cannot_use_cuda(gpus, deep.not_run, deep.cuda_error)
        return error(deep.not_run[:1].upper() + deep.not_run[1:], evidence={"reason": deep.not_run})
    if test in deep.not_asked:
        return skip(f"Not measured: {deep.not_asked[test]}.", evidence={"reason": deep.not_asked[test]})
    state = deep.state(test)
    if state == "stopped":
        return explained(_stopped(deep, facts, advice), deep.stop.signatures)
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


_gbs = performance.gbps_text


def _size(nbytes: int | None) -> str:
    if not nbytes:
        return "?"
    if nbytes >= 1 << 30 and nbytes % (1 << 30) == 0:
        return f"{nbytes >> 30} GiB"
    return f"{nbytes >> 20} MiB" if nbytes >= 1 << 20 else f"{nbytes} bytes"


# -- judging a figure against the expected-performance model (gpudoctor/knowledge/performance.py) ---------------

def _gpus_of(gpus, devices) -> list:
    wanted = {d.gpu_index for d in devices}
    return [g for g in gpus.gpus if g.index in wanted]


def _gpu(gpus, device):
    return next((g for g in gpus.gpus if g.index == device.gpu_index), None)


_VARIABLE_EFFECT = {
    "NCCL_P2P_DISABLE": "NCCL sends through host memory instead of NVLink or PCIe P2P",
    "NCCL_P2P_LEVEL": "NCCL uses P2P only up to that distance and sends the rest through host memory",
    "NCCL_SHM_DISABLE": "without P2P, NCCL falls back to the network transport instead of shared host memory",
    "NCCL_P2P_USE_CUDA_MEMCPY": "NCCL copies with the copy engines instead of its kernels",
    "NCCL_ALGO": "NCCL is held to the named algorithms",
    "NCCL_PROTO": "NCCL is held to the named protocols",
    "NCCL_MAX_NCHANNELS": "NCCL uses fewer channels (links in parallel) than it would",
    "NCCL_MIN_NCHANNELS": "NCCL's channel count is forced",
    "NCCL_BUFFSIZE": "NCCL's buffer size is changed",
    "NCCL_CUMEM_ENABLE": "NCCL's memory allocation mode is changed",
}


def _likely_causes(facts, devices, *, nvlink: bool, nccl_env: dict | None = None) -> list[str]:
    """What the gathered evidence offers as causes of a slow figure, most telling first."""
    causes = [f"{name}={value} is set: " + _VARIABLE_EFFECT.get(name, "it changes how NCCL moves data")
              for name, value in set_nccl_variables(nccl_env).items()]
    involved = _gpus_of(facts.gpus, devices)
    causes += [] if nvlink else _redirects(facts, involved)  # NVLink traffic never meets ACS or the IOMMU
    causes += gpu_load_causes(involved)
    causes += link_causes(involved, nvlink=nvlink)
    return causes


def _against_policy(facts, key: str, expected, evidence: dict):
    """The figure to judge against and the share that passes: the team's baseline for this measurement where
    it was recorded on the same hardware, else the model with the team's healthy share (gpudoctor/policy.py)."""
    policy = facts.options.policy
    expected = expected.with_share(policy.healthy_share(expected.test)) if expected.test else expected
    baseline = policy.baseline
    figure = baseline.figures.get(key) if baseline is not None else None
    if figure is not None and baseline.applies_to(facts.gpus):
        evidence.update(baseline_gbps=figure, baseline_source=baseline.source)
        return figure, (f"Expected ≈ {_gbs(figure)} GB/s: what the known-good node measured ({baseline.source}, "
                        f"recorded {baseline.recorded_at or 'at an unknown time'}); the model says "
                        f"≈{_gbs(expected.gbps)} GB/s ({expected.formula}).")
    if figure is not None:
        evidence.update(baseline_not_applied=f"{baseline.source} was recorded on other hardware")
    return expected.gbps, (f"Expected ≈ {_gbs(expected.gbps)} GB/s: {expected.formula} (`gpudoctor explain "
                           f"{key.split()[0]}` shows the model and its sources).")


def _verdict(facts, key: str, measured: float | None, expected, causes: list[str], evidence: dict,
             pass_summary: str, pass_details: list[str], generic: str, caused_by: str | None = None) -> Finding:
    """Pass near the expected figure; warn well below it, naming the likely cause. `key` names the
    measurement in a baseline ("nccl.allreduce 0,1")."""
    target, model = _against_policy(facts, key, expected, evidence)
    minimum = facts.options.policy.minimum_share
    share = None if measured is None or target <= 0 else measured / target
    evidence.update(expected_gbps=round(target, 1), expected_formula=expected.formula,
                    share_of_expected=None if share is None else round(share, 3), minimum_share=minimum,
                    likely_causes=causes, baseline_key=key, measured_gbps=measured)
    if share is None or share >= minimum:
        compared = "" if share is None else f" ({share:.0%} of the expected ≈{_gbs(target)} GB/s)"
        return ok(pass_summary + compared, *pass_details, model, evidence=evidence)
    because = f": {causes[0]}" if causes else ""
    return warn(f"{pass_summary.split(':')[0]}: {_gbs(measured)} GB/s, {share:.0%} of the ≈{_gbs(target)} "
                f"GB/s this {expected.link.name} path reaches{because}",
                *(f"Also seen: {c}." for c in causes[1:]), model,
                *([] if causes else [generic]), *pass_details, evidence=evidence, caused_by=caused_by)


# -- p2p.bandwidth ------------------------------------------------------------------------------------

def _pair_evidence(ab, ba) -> dict:
    return {"gpus": [ab.src.label, ab.dst.label], "path": ab.path,
            "unidirectional_gbps": [ab.unidirectional_gbps, ba.unidirectional_gbps if ba else None],
            "bidirectional_gbps": ab.bidirectional_gbps, "bytes": ab.bytes,
            "verified": [ab.verified, ba.verified if ba else None], "can_access_peer": ab.can_access_peer,
            "peer_access_error": ab.peer_access_error}


def _modified_driver(facts, devices) -> bool:
    """GeForce GPUs with PCIe P2P that the driver offers: a modified kernel module (see p2p.access)."""
    involved = _gpus_of(facts.gpus, devices)
    return len(involved) == 2 and geforce_pcie_p2p(facts.gpus, involved[0].index, involved[1].index)


def _corrupted(ab, ba, evidence, facts, trouble: str) -> Finding | None:
    bad = [m for m in (ab, ba) if m is not None and m.verified is False]
    if not bad:
        return None
    first = bad[0]
    where = (f"The first wrong byte was at offset {first.mismatch_offset:,} of the {_size(first.bytes)} copy "
             f"({first.mismatch_phase} phase; {first.mismatch_blocks} wrong 4 MiB block(s) in all)"
             if first.mismatch_offset is not None else "")
    directions = " and ".join(f"{m.src.label} → {m.dst.label}" for m in bad)
    consequence = ("Programs that exchange data between these GPUs (NCCL, PyTorch, vLLM) can compute with wrong "
                   "values without any error message.")
    if _modified_driver(facts, [ab.src, ab.dst]):
        return fail(f"Data copied {directions} arrived corrupted over PCIe P2P, which NVIDIA's stock driver never "
                    "offers on GeForce cards: go back to NVIDIA's stock driver",
                    *([where + "."] if where else []), consequence,
                    "The driver reports PCIe P2P between GeForce GPUs, which only a modified kernel module (such "
                    "as the tinygrad/open-gpu-kernel-modules P2P patch) enables, and here it corrupts data. "
                    "Reinstall NVIDIA's own driver package, kernel module included; without P2P, copies go through "
                    "host memory: slower, but correct.", _ROUTE_AROUND,
                    evidence={**evidence, "modified_kernel_module": True}, caused_by="p2p.access")
    return fail(f"Data copied {directions} arrived corrupted", *([where + "."] if where else []), consequence,
                _ROUTE_AROUND, trouble, evidence=evidence)


def _judge_pair(ab, ba, facts, trouble: str) -> Finding:
    evidence = _pair_evidence(ab, ba)
    broken = _corrupted(ab, ba, evidence, facts, trouble)
    if broken:
        return broken
    names = f"{ab.src.label} ↔ {ab.dst.label}"
    speeds = (f"{_gbs(ab.unidirectional_gbps)} / {_gbs(ba.unidirectional_gbps if ba else None)} GB/s each way, "
              f"{_gbs(ab.bidirectional_gbps)} GB/s both ways at once")
    staged = ab.path == "staged"
    a, b = ab.src.gpu_index, ab.dst.gpu_index
    known = a is not None and b is not None
    expected = performance.p2p_copy(facts.gpus, a, b, staged=staged) if known else None
    pair = facts.gpus.pair(a, b) if known else None
    nvlinks = pair.nvlinks if pair else 0
    if staged and (nvlinks or ab.can_access_peer):
        return _staged_despite_p2p(ab, names, speeds, nvlinks, trouble, evidence)
    summary = f"{names} {_pair_path(staged, expected, pair)}: {speeds}, {_pair_verified(ab, ba)}"
    details = (["The driver offers no P2P between these GPUs (p2p.access says why), so CUDA stages each copy "
                "through system memory: this figure is what Ollama and NCCL (its SHM transport) get between them."]
               if staged else [])
    measured = _pair_measured(ab, ba, staged)
    if expected is None or not measured:
        return ok(summary, *details, "What this path allows is not known to gpudoctor, so the figure is not compared.",
                  evidence=evidence)
    causes = _likely_causes(facts, [ab.src, ab.dst], nvlink=bool(nvlinks))
    generic = ("Some NVLinks may be down or degraded: `nvidia-smi nvlink -s` and `nvidia-smi nvlink -e` show them."
               if nvlinks else "Look at pcie.link for a link trained below its width or speed. " + trouble)
    redirected = not nvlinks and _redirects(facts, _gpus_of(facts.gpus, [ab.src, ab.dst]))
    return _verdict(facts, f"p2p.bandwidth {a}-{b}", min(measured), expected, causes, evidence, summary, details,
                    generic,
                    caused_by="pcie.acs" if redirected else None)


def _staged_despite_p2p(ab, names: str, speeds: str, nvlinks: int, trouble: str, evidence: dict) -> Finding:
    """Peer access could not be enabled between GPUs that NVLink joins, or whose driver offers P2P."""
    why = f"NVLink (NV{nvlinks}) connects them" if nvlinks else "the CUDA driver offers P2P between them"
    return warn(f"{names}: {why}, yet copies go through host memory: {speeds}",
                f"Enabling peer access failed ({ab.peer_access_error or 'no error given'}), so CUDA staged "
                "every copy through system memory; NCCL would do the same.", trouble, evidence=evidence)


def _pair_path(staged: bool, expected, pair) -> str:
    if staged:
        return "without P2P, through host memory"
    return f"over {expected.link.name if expected else pair.path if pair else 'an unknown path'}"


def _pair_verified(ab, ba) -> str:
    return "every byte verified" if ab.verified and (ba is None or ba.verified) else "data not verified"


def _pair_measured(ab, ba, staged: bool) -> list[float]:
    """The figures judged: each way alone, and half of both ways at once (over P2P only: through host memory
    both directions share one memory path)."""
    both_ways = ab.bidirectional_gbps / 2 if ab.bidirectional_gbps and not staged else None
    return [x for x in (ab.unidirectional_gbps, ba.unidirectional_gbps if ba else None, both_ways) if x is not None]


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


def _redirects(facts, gpus) -> list[str]:
    """What pcie.acs read between these GPUs (ACS redirect, a translating IOMMU), as causes; the checks
    that measure without P2P (pcie.bandwidth) do not ask for it."""
    try:
        topology = facts.pci_topology
    except AttributeError:  # a check that did not declare the fact
        return []
    return redirect_causes(topology, facts.platform, [g.bus_id for g in gpus if g.bus_id])


def _trouble(facts) -> str:
    found = _redirects(facts, [g for g in facts.gpus.gpus if not g.active_nvlinks])  # NVLink never meets ACS
    here = f"On this host {found[0]}. " if found else ""
    return here + p2p_trouble(facts.platform, facts.gpus)


def _nvlink_during(deep, check_id: str):
    """NVLink errors that grew while the tests moved data, told once: by p2p.bandwidth where it ran (it
    moves the most over NVLink), else by nccl.allreduce. Nothing where the counters were not read twice."""
    owner = "p2p.bandwidth" if "p2p" in deep.tests else "nccl.allreduce"
    grown = {key: n for key, n in (deep.nvlink_growth or {}).items() if n > 0}
    if check_id != owner or not grown:
        return
    lines = [f"{gpu} link {link}: {name} +{n}" for (gpu, link, name), n in sorted(grown.items())]
    yield warn(f"NVLink errors grew while the test moved data: {'; '.join(lines[:4])}"
               + (f" and {len(lines) - 4} more" if len(lines) > 4 else ""),
               "Read before and after the tests (nvmlDeviceGetNvLinkErrorCounter, as `nvidia-smi nvlink -e`). "
               "Errors that appear under load are a marginal link: reset the GPUs when idle, and if they come back, "
               "have the link inspected (NVLink bridge, baseboard, module seating).",
               evidence={"grown": {f"{gpu} link {link} {name}": n for (gpu, link, name), n in grown.items()}},
               action=Action.RESEAT_OR_INSPECT_HARDWARE)


@check("p2p.bandwidth", title="GPU-to-GPU copies: speed and integrity", needs=("deep", "gpus", "pci_topology"),
       opt_in="deep")
def p2p_bandwidth(facts):
    """Copies 1 GiB (256-512 MiB with more than two GPUs) between every pair of GPUs, one way and both
    ways at once, and reads every byte back to check it arrived intact.

    Like CUDA's p2pBandwidthLatencyTest (cuMemcpyPeerAsync, timed with CUDA events; "both ways"
    is the sum of the two directions), with peer access enabled where the driver offers it.
    Fails when data arrives corrupted or a copy hangs (the test is stopped after a time limit):
    the IOMMU redirecting P2P traffic (and, in a VM or behind a PCIe switch, ACS), a modified
    kernel module that enables P2P on GeForce cards (then: go back to NVIDIA's stock driver), or
    faulty hardware; NCCL_P2P_DISABLE=1 routes around it. The slowest direction is judged against
    the expected-performance model below: near it passes, well below it warns with the likely cause
    from the evidence (other processes on the GPUs, clocks held down, a link trained down, NVLinks
    down). Without P2P (GeForce cards) the copies go through host memory and are judged against
    that path. With more than two GPUs, -v shows the N×N matrices. One GPU: skipped. NVLink error
    counters (replay, recovery, CRC) are read before and after the tests: any that grew under this traffic
    is a warning here (reseat or inspect the link).
    """
    deep = facts.deep
    trouble = _trouble(facts)
    missing = _not_measured(deep, facts, "p2p", (_ROUTE_AROUND, trouble))
    if missing:
        yield missing
        return
    findings = sorted((_judge_pair(ab, ba, facts, trouble) for ab, ba in _pairs(deep)), key=lambda f: -f.status.rank)
    if not findings:
        findings = [error("The GPU test reported no pair, although it ran to its end.")]
    if len(deep.devices) > 2:
        findings[0] = replace(findings[0], details=findings[0].details + tuple(_matrices(deep)))
    findings.extend(_nvlink_during(deep, "p2p.bandwidth"))
    yield from findings
    yield from _teardown(deep, "p2p")


# -- pcie.bandwidth ------------------------------------------------------------------------------------

def _host_finding(measurement, facts) -> Finding:
    expected = performance.host_copy(_gpu(facts.gpus, measurement.device))
    label = measurement.device.label
    speeds = f"{_gbs(measurement.h2d_gbps)} GB/s to the GPU, {_gbs(measurement.d2h_gbps)} GB/s back"
    evidence = {"gpu": label, "h2d_gbps": measurement.h2d_gbps, "d2h_gbps": measurement.d2h_gbps,
                "bytes": measurement.bytes, "link": expected.link.name if expected else None,
                "limit_gbps": expected.link.gbps if expected else None}
    if expected is None or measurement.h2d_gbps is None or measurement.d2h_gbps is None:
        return ok(f"{label}: {speeds}", "Its PCIe link rate is unknown, so the figure is not compared.",
                  evidence=evidence)
    causes = _likely_causes(facts, [measurement.device], nvlink=False)
    generic = ("Usual causes: the link trains below its speed or width under load (pcie.link), the slot hangs off the "
               "chipset or another CPU socket, or the IOMMU translates every transfer (`iommu=pt` avoids that). "
               "Loading a model from RAM to this GPU takes correspondingly longer.")
    return _verdict(facts, f"pcie.bandwidth {measurement.device.gpu_index}",
                    min(measurement.h2d_gbps, measurement.d2h_gbps), expected, causes, evidence,
                    f"{label}: {speeds} over {expected.link.name}", [], generic)


@check("pcie.bandwidth", title="Host-to-GPU copy speed", needs=("deep", "gpus"), opt_in="deep")
def pcie_bandwidth_check(facts):
    """Copies a 1 GiB pinned host buffer to each GPU and back (cuMemcpyHtoDAsync / DtoH, timed with
    CUDA events, like CUDA's bandwidthTest --memory=pinned) and judges the slower direction against
    the expected-performance model below (the GPU's PCIe link: generation × width). Well below it is
    a warning with the likely cause: a link trained down under load, another program on the GPU, a
    slot wired through the chipset or another socket, or IOMMU translation. This is how fast a model
    loads from RAM into the GPU.
    """
    deep = facts.deep
    missing = _not_measured(deep, facts, "host")
    if missing:
        yield missing
        return
    findings = sorted((_host_finding(m, facts) for m in deep.hosts), key=lambda f: -f.status.rank)
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


def _nccl_stop(deep, trouble: str) -> Finding | None:
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
                    "the culprit (see p2p.bandwidth).", trouble, evidence=evidence)
    return None


# Below this size an all-reduce measures latency more than bandwidth: it is not judged against the links.
_JUDGED_FROM_BYTES = 256 << 20


def _judge_allreduce(facts, nccl, largest, evidence, summary, about) -> Finding:
    ranks = [d.gpu_index for d in nccl.devices]
    if largest.bytes < _JUDGED_FROM_BYTES or None in ranks:
        return ok(summary, *about, evidence=evidence)
    # Without P2P between some of the GPUs (GeForce cards), NCCL goes through host memory for them.
    no_p2p = any(not performance.has_p2p(facts.gpus, a, b) for a in ranks for b in ranks if a != b)
    expected = performance.allreduce(facts.gpus, ranks, via_host_memory=no_p2p)
    if expected is None:
        return ok(summary, "What these GPUs' links allow is not known to gpudoctor, so the figure is not compared.",
                  *about, evidence=evidence)
    env = dict(nccl.env)
    if facts.deep.nccl_p2p_disable is not None:
        env.setdefault("NCCL_P2P_DISABLE", facts.deep.nccl_p2p_disable)
    causes = _likely_causes(facts, nccl.devices, nvlink=expected.link.kind == "nvlink", nccl_env=env)
    staged = performance.allreduce(facts.gpus, ranks, via_host_memory=True)
    if staged is not None and not no_p2p and "NCCL_P2P_DISABLE" in set_nccl_variables(env):
        about = [f"Through host memory, where NCCL_P2P_DISABLE sends it, ≈{_gbs(staged.gbps)} GB/s is what to expect "
                 f"({staged.formula}). Unset the variable unless it works around a real P2P problem (p2p.bandwidth "
                 "shows whether P2P is healthy).", *about]
    generic = ("No cause shows in what gpudoctor gathered: run it again on idle GPUs; NCCL_DEBUG=INFO shows which "
               "transport NCCL chose ('via P2P', 'via SHM').")
    # A variable set in the shell is env.gpu's finding, with its fix: the slow figure follows from it.
    redirected = expected.link.kind != "nvlink" and _redirects(facts, _gpus_of(facts.gpus, nccl.devices))
    root = "env.gpu" if set_nccl_variables(env).keys() & {"NCCL_P2P_DISABLE", "NCCL_P2P_LEVEL"} else \
        ("pcie.acs" if redirected else None)
    return _verdict(facts, f"nccl.allreduce {','.join(map(str, ranks))}", largest.busbw_gbps, expected, causes,
                    evidence, summary, list(about), generic, caused_by=root)


@check("nccl.allreduce", title="NCCL all-reduce across all GPUs", needs=("deep", "gpus", "pci_topology"),
       opt_in="deep")
def nccl_allreduce(facts):
    """Runs an NCCL all-reduce (float32 sum) across every GPU CUDA sees, one process driving them all
    (ncclCommInitAll), at 1 MiB, 16 MiB, 256 MiB and 1 GiB, and checks every element of the result.

    It loads the NCCL that PyTorch would use (its pip copy), else the one programs get from the
    library search path. Reports the bus bandwidth as nccl-tests defines it (busbw = algbw ×
    2(n-1)/n, doc/PERFORMANCE.md of NVIDIA/nccl-tests), comparable with all_reduce_perf. Fails if
    the communicator cannot be formed, the run hangs, or a sum is wrong; a hang on a driver older
    than R535 is tied to driver.version. The largest size is judged against the expected-performance
    model below (the slowest link of the best ring through the GPUs): well below it warns with the
    likely cause, such as NCCL_P2P_DISABLE=1 (NCCL then goes through host memory: about 330 → 28
    GB/s on two H200), NCCL_P2P_LEVEL, or another process computing on a GPU. NVLink SHARP is left
    off (NCCL_NVLS_ENABLE=0 unless set). One GPU: skipped.
    """
    deep = facts.deep
    trouble = _trouble(facts)
    missing = _nccl_stop(deep, trouble) or _not_measured(deep, facts, "allreduce", (_ROUTE_AROUND, trouble))
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
                   _ROUTE_AROUND, trouble, *about, evidence=evidence)
        return
    largest = max(sizes, key=lambda s: s.bytes)
    summary = (f"NCCL {nccl.version_text} all-reduce across {ranks}: {_gbs(largest.busbw_gbps)} GB/s bus bandwidth "
               f"at {_size(largest.bytes)}, sums verified")
    yield _judge_allreduce(facts, nccl, largest, evidence, summary, about)
    yield from _nvlink_during(deep, "nccl.allreduce")
    yield from _teardown(deep, "allreduce")


# `gpudoctor explain` prints a check's docstring: the deep checks end with the model that judges them.
def _append_model(*checks) -> None:
    for item in checks:
        item.run.__doc__ = inspect.getdoc(item.run) + "\n\n" + inspect.getdoc(performance)


_append_model(p2p_bandwidth, pcie_bandwidth_check, nccl_allreduce)
