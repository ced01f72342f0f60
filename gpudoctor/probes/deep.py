"""`--deep`: move real data between the GPUs, and between each GPU and the host, and measure it.

The measuring happens in a child process (`python -m gpudoctor.deep.worker`, see its docstring for
the protocol) started through the host, so that a run is recorded into snapshots and replayed like
any other answer, and a driver that hangs costs a timeout instead of gpudoctor itself. One child
runs all three tests (peer copies, host copies, NCCL all-reduce): they share one cuInit.

The worker numbers devices as CUDA does (CUDA ordinals); this probe maps them back to NVML indices
by PCI bus id, so that the report speaks of the same "GPU 0" as every other check.
"""

from __future__ import annotations

import time
from typing import Any

from msgspec import Struct, field

from gpudoctor.deep.runner import WorkerOutcome, parse_worker_output, progress_forwarder, result_of
from gpudoctor.host.base import Host
from gpudoctor.probing import FACTS_DEADLINE_S, ProbeFailed, provides

WORKER_MODULE = "gpudoctor.deep.worker"
TESTS = ("p2p", "host", "allreduce")

# The engine stops waiting for all facts FACTS_DEADLINE_S after it starts gathering them; the worker
# must be killed (and its partial output kept) before that, or the run would end as an opaque
# "probe did not finish". DEADLINE_MARGIN_S leaves time for parsing; MIN_WORKER_TIMEOUT_S is the
# least worth starting a run for (cuInit alone can take seconds on a busy 8-GPU host).
WORKER_TIMEOUT_S = 50.0
DEADLINE_MARGIN_S = 5.0
MIN_WORKER_TIMEOUT_S = 10.0


def p2p_buffer_mib(device_count: int) -> int:
    """Copy size per pair: every pair costs 18 copies and 4 full read-backs, and pairs grow as n².

    256 MiB keeps 28 pairs (8 GPUs) staged through host memory at ~10 GB/s within the time limit
    and is still far past the size where copy bandwidth levels off (p2pBandwidthLatencyTest uses 40 MB).
    """
    if device_count <= 2:
        return 1024
    return 512 if device_count <= 4 else 256


class DeepDevice(Struct, frozen=True):
    ordinal: int  # CUDA's number for it, under gpudoctor's CUDA_VISIBLE_DEVICES / CUDA_DEVICE_ORDER
    pci_bus_id: str | None = None
    name: str | None = None
    gpu_index: int | None = None  # NVML's index (as in nvidia-smi), None when it could not be matched

    @property
    def label(self) -> str:
        return f"GPU {self.gpu_index}" if self.gpu_index is not None else f"CUDA device {self.ordinal}"


class PairMeasurement(Struct, frozen=True):
    """Copies from `src` to `dst` (cuMemcpyPeerAsync); `bidirectional_gbps` is both ways at once, summed."""

    src: DeepDevice
    dst: DeepDevice
    path: str  # "p2p" (peer access enabled both ways) | "staged" (the driver goes through host memory)
    can_access_peer: bool | None
    peer_access_error: str | None  # why enabling peer access failed although CUDA offered it
    bytes: int | None
    unidirectional_gbps: float | None
    bidirectional_gbps: float | None
    verified: bool | None  # every byte arrived as sent (None: not checked)
    mismatch_offset: int | None = None  # first wrong byte in the destination
    mismatch_phase: str | None = None  # "unidirectional" | "bidirectional"
    mismatch_blocks: int | None = None  # wrong 4 MiB blocks, both phases


class HostMeasurement(Struct, frozen=True):
    device: DeepDevice
    bytes: int | None
    h2d_gbps: float | None  # pinned host memory to the GPU
    d2h_gbps: float | None


class NcclRun(Struct, frozen=True):
    version: int | None
    version_text: str | None
    path: str | None
    devices: tuple[DeepDevice, ...]  # rank r is devices[r]
    init_s: float | None
    env: dict[str, str] = field(default_factory=dict)  # NCCL variables the worker ran with


class AllreduceMeasurement(Struct, frozen=True):
    bytes: int
    nranks: int
    time_us: float | None
    algbw_gbps: float | None
    busbw_gbps: float | None
    verified: bool | None
    mismatch_device: DeepDevice | None = None
    mismatch_offset: int | None = None


class Stop(Struct, frozen=True):
    """How and where the worker's run ended before its end."""

    kind: str  # "timeout" | "error" | "crashed" | "bad-output"
    summary: str
    phase: str  # "init" (before any test), "p2p" | "host" | "allreduce", or "teardown" (after all results)
    step: str | None = None  # the worker's last step, e.g. "p2p 0->1: unidirectional"
    devices: tuple[DeepDevice, ...] = ()  # the devices that step worked on
    error: str | None = None  # CUresult / ncclResult_t name, or the worker's own (CUDA_LIBRARY_NOT_FOUND)
    func: str | None = None
    message: str | None = None
    stderr_tail: str = ""
    signatures: tuple[Any, ...] = ()  # SignatureMatch of known failures (NCCL, CUDA) in its message and stderr


class DeepFacts(Struct, frozen=True):
    not_run: str | None = None  # why the worker was not started (None: it was)
    cuda_error: str | None = None  # the cuda fact's error when that is why
    tests: tuple[str, ...] = ()  # asked of the worker, in its order
    not_asked: dict[str, str] = field(default_factory=dict)  # test -> why it was left out or skipped
    timeout_s: float | None = None
    outcome: str | None = None  # the worker's status (gpudoctor/deep/runner.py STATUSES)
    devices: tuple[DeepDevice, ...] = ()
    pairs: tuple[PairMeasurement, ...] = ()
    hosts: tuple[HostMeasurement, ...] = ()
    nccl: NcclRun | None = None
    allreduce: tuple[AllreduceMeasurement, ...] = ()
    stop: Stop | None = None
    nccl_source: str | None = None  # which copy of NCCL was chosen, and why
    nccl_p2p_disable: str | None = None  # NCCL_P2P_DISABLE as the worker inherited it
    elapsed_s: float | None = None
    # What the NVLink error counters grew by while the tests ran: (GPU label, link, counter) -> growth,
    # for each counter read before and after; None when they were not read both times (no NVML in the
    # worker, a run that stopped early, a recording from before the worker read them).
    nvlink_growth: dict[tuple[str, int, str], int] | None = None

    def state(self, test: str) -> str:
        """'measured', 'stopped' (the run ended during it, or before any test), 'not-reached' or 'not-run'."""
        if self.not_run is not None or test not in self.tests:
            return "not-run"
        if self.stop is None or self.stop.phase == "teardown":
            return "measured"
        if self.stop.phase in ("init", test):
            return "stopped"
        return "measured" if self.tests.index(test) < self.tests.index(self.stop.phase) else "not-reached"


def _optional(facts, name: str) -> Any:
    try:
        return facts.get(name)
    except ProbeFailed:
        return None


def _nccl_choice(facts, platform: str | None) -> tuple[str | None, str | None, str | None]:
    """(path, where it comes from, why no all-reduce): PyTorch's own copy first, then the system one.

    No nccl fact at all: no path, and the worker looks for a pip copy next to gpudoctor itself.
    """
    if platform == "windows":
        return None, None, "NCCL exists for Linux only (in WSL it runs inside the Linux distribution)"
    nccl = _optional(facts, "nccl")
    if nccl is None:
        return None, None, None
    for torch in nccl.torch:
        if torch.library is not None and torch.library.version is not None:
            return torch.library.realpath, f"the copy PyTorch {torch.torch_version} loads ({torch.python})", None
    system = nccl.loader_choice
    if system is not None and system.version is not None:
        return system.realpath, "the copy programs get from the library search path", None
    usable = next((lib for lib in nccl.libraries if lib.version is not None), None)
    if usable is not None:
        return usable.realpath, f"the only loadable copy ({usable.source})", None
    return None, None, "no loadable NCCL library was found (nccl.library says where to get one)"


def _p2p_disable(host: Host, facts) -> str | None:
    env = _optional(facts, "gpu_env")
    return env.get("NCCL_P2P_DISABLE") if env is not None else host.env("NCCL_P2P_DISABLE")


def _timeout(started: float) -> float:
    left = FACTS_DEADLINE_S - DEADLINE_MARGIN_S - (time.monotonic() - started)
    return max(MIN_WORKER_TIMEOUT_S, min(WORKER_TIMEOUT_S, left))


@provides("deep")
def probe_deep(host: Host, facts) -> DeepFacts:
    started = time.monotonic()
    cuda = _optional(facts, "cuda")
    if cuda is not None and not cuda.available:
        return DeepFacts(not_run=f"the CUDA driver cannot be used ({cuda.error})",
                         cuda_error=cuda.error)
    if cuda is not None and not cuda.devices:
        return DeepFacts(not_run="the CUDA driver sees no GPU", cuda_error="CUDA_ERROR_NO_DEVICE")
    platform = getattr(_optional(facts, "platform"), "kind", None)
    _optional(facts, "gpus")  # NVML's process list is read before the worker's own CUDA contexts appear in it
    ordinals = [d.ordinal for d in cuda.devices] if cuda is not None else None
    nccl_path, nccl_source, no_allreduce = _nccl_choice(facts, platform)
    tests, not_asked = _tests(ordinals, no_allreduce)
    args = [*tests, "--size-mib", str(p2p_buffer_mib(len(ordinals) if ordinals else 2))]
    if ordinals:
        args += ["--devices", ",".join(str(o) for o in ordinals)]
    if nccl_path and "allreduce" in tests:
        args += ["--nccl", nccl_path]
    timeout = _timeout(started)
    facts.progress("Testing the GPUs")
    result = host.run_python(WORKER_MODULE, args, timeout=timeout,
                             on_line=progress_forwarder(facts.progress, lambda e: f"Testing the GPUs: {e['step']}"))
    outcome = parse_worker_output(result)
    return _facts(outcome, facts, cuda, tuple(tests), not_asked, timeout, nccl_source, _p2p_disable(host, facts))


def _tests(ordinals: list[int] | None, no_allreduce: str | None) -> tuple[list[str], dict[str, str]]:
    not_asked = {}
    if ordinals is not None and len(ordinals) < 2:
        not_asked["p2p"] = not_asked["allreduce"] = "CUDA sees one GPU only: there is no pair to measure"
    elif no_allreduce:
        not_asked["allreduce"] = no_allreduce
    return [t for t in TESTS if t not in not_asked], not_asked


# -- from the worker's events to facts ---------------------------------------------------------------

def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _float(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _bool(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


class _Devices:
    """CUDA ordinal -> DeepDevice, matched to NVML indices by PCI bus id."""

    def __init__(self, outcome: WorkerOutcome, facts, cuda) -> None:
        env = next(iter(result_of(outcome, "env")), {})
        listed = [(d.get("ordinal"), d.get("pci_bus_id"), d.get("name"))
                  for d in env.get("devices") or () if isinstance(d, dict)]
        if not listed and cuda is not None:
            listed = [(d.ordinal, d.pci_bus_id, d.name) for d in cuda.devices]
        gpus = _optional(facts, "gpus")
        self.by_ordinal: dict[int, DeepDevice] = {}
        for ordinal, bus_id, name in listed:
            if _int(ordinal) is None:
                continue
            gpu = gpus.by_bus_id(bus_id) if gpus is not None and isinstance(bus_id, str) else None
            self.by_ordinal[ordinal] = DeepDevice(ordinal, _str(bus_id), _str(name), gpu.index if gpu else None)

    def __call__(self, ordinal: Any) -> DeepDevice:
        number = _int(ordinal)
        number = -1 if number is None else number
        return self.by_ordinal.get(number) or DeepDevice(number)

    def many(self, ordinals: Any) -> tuple[DeepDevice, ...]:
        return tuple(self(o) for o in ordinals) if isinstance(ordinals, list) else ()


def _pair(r: dict, device: _Devices) -> PairMeasurement:
    return PairMeasurement(
        src=device(r.get("src")), dst=device(r.get("dst")), path=_str(r.get("path")) or "?",
        can_access_peer=_bool(r.get("can_access_peer")), peer_access_error=_str(r.get("peer_access_error")),
        bytes=_int(r.get("bytes")), unidirectional_gbps=_float(r.get("unidirectional_gbps")),
        bidirectional_gbps=_float(r.get("bidirectional_gbps")), verified=_bool(r.get("verified")),
        mismatch_offset=_int(r.get("mismatch_offset")), mismatch_phase=_str(r.get("mismatch_phase")),
        mismatch_blocks=_int(r.get("mismatch_blocks")),
    )


def _host(r: dict, device: _Devices) -> HostMeasurement:
    return HostMeasurement(device(r.get("device")), _int(r.get("bytes")), _float(r.get("h2d_gbps")),
                           _float(r.get("d2h_gbps")))


def _nccl(r: dict, device: _Devices) -> NcclRun:
    env = r.get("nccl_env") if isinstance(r.get("nccl_env"), dict) else {}
    return NcclRun(_int(r.get("nccl_version")), _str(r.get("nccl_version_str")), _str(r.get("nccl_path")),
                   device.many(r.get("devices")), _float(r.get("init_s")),
                   {k: v for k, v in env.items() if isinstance(v, str)})


def _size(r: dict, ranks: tuple[DeepDevice, ...]) -> AllreduceMeasurement:
    rank = _int(r.get("mismatch_rank"))
    return AllreduceMeasurement(
        bytes=_int(r.get("bytes")) or 0, nranks=_int(r.get("nranks")) or len(ranks),
        time_us=_float(r.get("time_us")), algbw_gbps=_float(r.get("algbw_gbps")),
        busbw_gbps=_float(r.get("busbw_gbps")), verified=_bool(r.get("verified")),
        mismatch_device=ranks[rank] if rank is not None and rank < len(ranks) else None,
        mismatch_offset=_int(r.get("mismatch_offset")),
    )


def _stop(outcome: WorkerOutcome, device: _Devices) -> Stop | None:
    if outcome.status == "ok":
        return None
    last = outcome.last_progress or {}
    error = outcome.errors[0] if outcome.errors else {}
    test = error.get("test") if outcome.status == "error" else last.get("test")
    if test in TESTS:
        phase = test
    elif any(p.get("test") in TESTS for p in outcome.progress):
        phase = "teardown"
    else:
        phase = "init"
    return Stop(
        kind=outcome.status, summary=outcome.summary or outcome.status, phase=phase,
        step=_str(error.get("where")) or _str(last.get("step")), devices=device.many(last.get("devices")),
        error=_str(error.get("error")), func=_str(error.get("func")), message=_str(error.get("message")),
        stderr_tail=outcome.stderr_tail, signatures=_signatures(outcome.stderr_tail, _str(error.get("message"))),
    )


def _signatures(stderr: str, message: str | None) -> tuple[Any, ...]:
    """Known failures in what the worker (CUDA, NCCL with its NCCL_DEBUG lines) wrote when it stopped."""
    from gpudoctor.knowledge.matcher import scan

    text = "\n".join(part for part in (message, stderr) if part)
    return scan(text, "the --deep worker") if text.strip() else ()


def _facts(outcome: WorkerOutcome, facts, cuda, tests: tuple[str, ...], not_asked: dict[str, str], timeout: float,
           nccl_source: str | None, p2p_disable: str | None) -> DeepFacts:
    if outcome.status in ("not-run", "not-recorded"):
        return DeepFacts(not_run=outcome.summary, tests=tests, not_asked=not_asked,
                         timeout_s=timeout, outcome=outcome.status)
    device = _Devices(outcome, facts, cuda)
    nccl = next((_nccl(r, device) for r in result_of(outcome, "nccl")), None)
    ranks = nccl.devices if nccl else ()
    skipped = {r["test"]: str(r.get("reason")) for r in result_of(outcome, "skipped") if r.get("test") in TESTS}
    return DeepFacts(
        tests=tests, not_asked={**not_asked, **skipped}, timeout_s=timeout,
        outcome=outcome.status, devices=tuple(device.by_ordinal.values()),
        pairs=tuple(_pair(r, device) for r in result_of(outcome, "pair") if r.get("src") != r.get("dst")),
        hosts=tuple(_host(r, device) for r in result_of(outcome, "host")),
        nccl=nccl, allreduce=tuple(_size(r, ranks) for r in result_of(outcome, "size")),
        stop=_stop(outcome, device), nccl_source=nccl_source,
        nccl_p2p_disable=(nccl.env.get("NCCL_P2P_DISABLE") if nccl else None) or p2p_disable,
        elapsed_s=_float((outcome.done or {}).get("elapsed_s")),
        nvlink_growth=_nvlink_growth(outcome, facts),
    )


def _nvlink_counts(reading: dict, labels: dict[str, str]) -> dict[tuple[str, int, str], int] | None:
    devices = reading.get("devices")
    if not isinstance(devices, list):
        return None
    counts = {}
    for entry in devices:
        links = entry.get("links") if isinstance(entry, dict) else None
        bus = entry.get("pci_bus_id") if isinstance(entry, dict) else None
        for link, counters in (links or {}).items() if isinstance(links, dict) else ():
            for name, value in (counters or {}).items() if isinstance(counters, dict) else ():
                if _int(value) is not None and str(link).isdigit():
                    counts[(labels.get(bus, f"GPU at {bus}"), int(link), name)] = value
    return counts


def _nvlink_growth(outcome: WorkerOutcome, facts) -> dict[tuple[str, int, str], int] | None:
    readings = {r.get("phase"): r for r in result_of(outcome, "nvlink")}
    if "before" not in readings or "after" not in readings:
        return None
    gpus = _optional(facts, "gpus")
    labels = {}
    for reading in readings.values():
        for entry in reading.get("devices") or ():
            bus = entry.get("pci_bus_id") if isinstance(entry, dict) else None
            gpu = gpus.by_bus_id(bus) if gpus is not None and isinstance(bus, str) else None
            if gpu is not None:
                labels[bus] = f"GPU {gpu.index}"
    before, after = (_nvlink_counts(readings[phase], labels) for phase in ("before", "after"))
    if before is None or after is None:
        return None
    return {key: after[key] - before[key] for key in after if key in before}

