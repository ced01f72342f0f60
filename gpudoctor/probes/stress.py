"""`--stress`: every GPU at full power at once, and what power, clocks, heat, links and the kernel log did.

The load runs in the deep worker (`python -m gpudoctor.deep.worker stress`, protocol in
gpudoctor/deep/worker.py) started through the host, so that a run is recorded into snapshots and
replays, and a GPU that hangs costs a timeout instead of gpudoctor itself. NVML is sampled inside
that child, not here: this probe only reads what the child said.

It refuses to load GPUs that other processes use (their work would slow down, and their power and
heat would blur the verdict) unless the user insists (`--force`).
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from gpudoctor.deep.runner import parse_worker_output, progress_forwarder, result_of
from gpudoctor.host.base import Host
from gpudoctor.probes.deep import DeepDevice, _bool, _Devices, _float, _int, _optional, _str
from gpudoctor.probing import STRESS_OVERHEAD_S, provides

WORKER_MODULE = "gpudoctor.deep.worker"
DEFAULT_SECONDS = 60
BAR_WIDTH = 20


class StressWindow(Struct, frozen=True):
    """One GPU over one window of the run (the worker folds its 200 ms samples into these)."""

    t: float  # seconds since the load started, at the window's end
    power_w: float | None = None
    power_max_w: float | None = None
    sm_mhz: float | None = None
    sm_min_mhz: float | None = None
    mem_mhz: float | None = None
    temp_c: float | None = None
    fan_pct: float | None = None
    util_pct: float | None = None
    pcie_gen: int | None = None  # the lowest seen in the window
    pcie_width: int | None = None
    reasons: int | None = None  # nvmlClocksEventReason bits seen in the window, OR-ed
    tflops: float | None = None


class StressGpu(Struct, frozen=True):
    device: DeepDevice
    power_limit_w: float | None = None
    max_pcie_gen: int | None = None
    max_pcie_width: int | None = None
    sm_max_mhz: int | None = None
    compute: dict[str, Any] = field(default_factory=dict)  # see gpudoctor/deep/worker.py, "stress-device"
    memory: dict[str, Any] = field(default_factory=dict)
    counters_start: dict[str, Any] | None = None
    counters_end: dict[str, Any] | None = None
    series: tuple[StressWindow, ...] = ()

    def counter_delta(self, name: str) -> int | None:
        before, after = (self.counters_start or {}).get(name), (self.counters_end or {}).get(name)
        return after - before if isinstance(before, int) and isinstance(after, int) else None


class StressFacts(Struct, frozen=True):
    seconds: int
    not_run: str | None = None  # why the load was not started
    busy: tuple[str, ...] = ()  # "GPU 0: ollama (pid 811, 20480 MiB)": why it was refused (or ran anyway)
    insisted: bool = False
    outcome: str | None = None  # the worker's status (gpudoctor/deep/runner.py STATUSES)
    summary: str | None = None  # the worker's own words when it did not end cleanly
    error: str | None = None  # the CUDA / cuBLAS error name that ended it
    gpus: tuple[StressGpu, ...] = ()
    pairs: tuple[dict[str, Any], ...] = ()  # --p2p traffic: src/dst (labels), bytes_moved, gbps, verified
    ran_s: float | None = None
    window_s: float | None = None
    stopped_by: str | None = None  # "time", "xid", "kernel-log", "wrong-result", "memory-error", ...
    stop_detail: str | None = None
    gemm: dict[str, Any] = field(default_factory=dict)
    nvml_error: str | None = None  # the load ran unwatched by NVML, and why
    kernel_log_error: str | None = None  # /dev/kmsg could not be read, and why
    kernel_lines: tuple[dict[str, Any], ...] = ()  # {t, text, xid, bus}
    xid_events: tuple[dict[str, Any], ...] = ()  # {t, device (label), xid}
    stderr_tail: str = ""


def describe_progress(seconds: int):
    """The spinner's text for a progress event: a bar while the load runs, the step otherwise."""
    def describe(event: dict) -> str:
        step = str(event.get("step") or "")
        if step.startswith("stress: ") and "/" in step and step.endswith(" s"):
            head = step.split()[1].split("/")[0]
            done = int(head) if head.isdigit() else 0
            filled = int(BAR_WIDTH * min(done, seconds) / max(seconds, 1))
            return f"Loading every GPU: [{'█' * filled}{'░' * (BAR_WIDTH - filled)}] {done}/{seconds} s"
        return f"Loading every GPU: {step.removeprefix('stress: ')}"

    return describe


def _busy(facts) -> tuple[str, ...]:
    gpus = _optional(facts, "gpus")
    if gpus is None:
        return ()
    return tuple(f"GPU {g.index}: {p.label}" for g in gpus.gpus for p in (g.load.processes or ()))


@provides("stress")
def probe_stress(host: Host, facts) -> StressFacts:
    seconds = int(facts.request("stress_seconds", DEFAULT_SECONDS))
    insisted = bool(facts.request("stress_force", False))
    cuda = _optional(facts, "cuda")
    unusable = _cuda_unusable(cuda)
    if unusable:
        return StressFacts(seconds, not_run=unusable)
    busy = _busy(facts)  # read before the worker's own contexts appear in NVML's process list
    if busy and not insisted:
        return StressFacts(seconds, not_run="other processes use the GPUs", busy=busy)
    facts.progress("Loading every GPU")
    result = host.run_python(WORKER_MODULE, _worker_args(seconds, cuda), timeout=seconds + STRESS_OVERHEAD_S - 10,
                             on_line=progress_forwarder(facts.progress, describe_progress(seconds)))
    outcome = parse_worker_output(result)
    if outcome.status in ("not-run", "not-recorded"):
        return StressFacts(seconds, not_run=outcome.summary, busy=busy, insisted=insisted, outcome=outcome.status)
    device = _Devices(outcome, facts, cuda)
    error = outcome.errors[0] if outcome.errors else {}
    return StressFacts(
        seconds, busy=busy, insisted=insisted, outcome=outcome.status, summary=outcome.summary,
        error=_str(error.get("error")),
        gpus=_gpus(outcome, device), pairs=tuple(_pair(r, device) for r in result_of(outcome, "stress-pair")),
        stderr_tail=outcome.stderr_tail[-2000:], **_run_fields(outcome, device),
    )


def _cuda_unusable(cuda) -> str | None:
    """Why the load cannot start, by what the cuda probe saw (nothing said when it did not look)."""
    if cuda is not None and cuda.not_seen is not None:
        return cuda.not_seen.reason
    if cuda is not None and not cuda.available:
        return f"the CUDA driver cannot be used ({cuda.error})"
    if cuda is not None and not cuda.devices:
        return "the CUDA driver sees no GPU"
    return None


def _worker_args(seconds: int, cuda) -> list[str]:
    """The worker's arguments: the devices the cuda probe saw, and copies between them where there are several."""
    ordinals = [d.ordinal for d in cuda.devices] if cuda is not None else None
    args = ["stress", "--seconds", str(seconds)]
    if ordinals:
        args += ["--devices", ",".join(str(o) for o in ordinals)]
    if ordinals is None or len(ordinals) > 1:
        args.append("--p2p")
    return args


def _run_fields(outcome, device: _Devices) -> dict[str, Any]:
    """The StressFacts fields read from the worker's "stress-run" result (none where it never came)."""
    run = next(iter(result_of(outcome, "stress-run")), {})
    return dict(
        ran_s=_float(run.get("ran_s")), window_s=_float(run.get("window_s")), stopped_by=_str(run.get("stopped_by")),
        stop_detail=_str(run.get("stop_detail")), gemm=run.get("gemm") if isinstance(run.get("gemm"), dict) else {},
        nvml_error=_str(run.get("nvml_error")),
        kernel_log_error=_str((run.get("kernel_log") or {}).get("error")),
        kernel_lines=tuple(line for line in run.get("kernel_lines") or () if isinstance(line, dict)),
        xid_events=tuple({**e, "device": device(e.get("device")).label} for e in run.get("xid_events") or ()
                         if isinstance(e, dict)),
    )


def _window(t: Any, w: dict) -> StressWindow:
    return StressWindow(
        t=_float(t) or 0.0, power_w=_float(w.get("power_w")), power_max_w=_float(w.get("power_max_w")),
        sm_mhz=_float(w.get("sm_mhz")), sm_min_mhz=_float(w.get("sm_min_mhz")), mem_mhz=_float(w.get("mem_mhz")),
        temp_c=_float(w.get("temp_c")), fan_pct=_float(w.get("fan_pct")), util_pct=_float(w.get("util_pct")),
        pcie_gen=_int(w.get("pcie_gen")), pcie_width=_int(w.get("pcie_width")), reasons=_int(w.get("reasons")),
        tflops=_float(w.get("tflops")),
    )


def _gpus(outcome, device: _Devices) -> tuple[StressGpu, ...]:
    series: dict[int, list[StressWindow]] = {}
    for sample in result_of(outcome, "sample"):
        for w in sample.get("gpus") or ():
            if isinstance(w, dict) and _int(w.get("device")) is not None:
                series.setdefault(w["device"], []).append(_window(sample.get("t"), w))
    gpus = []
    for r in result_of(outcome, "stress-device"):
        ordinal = _int(r.get("device"))
        gpus.append(StressGpu(
            device=device(ordinal), power_limit_w=_float(r.get("power_limit_w")),
            max_pcie_gen=_int(r.get("max_pcie_gen")), max_pcie_width=_int(r.get("max_pcie_width")),
            sm_max_mhz=_int(r.get("sm_max_mhz")),
            compute=r.get("compute") if isinstance(r.get("compute"), dict) else {},
            memory=r.get("memory") if isinstance(r.get("memory"), dict) else {},
            counters_start=r.get("counters_start") if isinstance(r.get("counters_start"), dict) else None,
            counters_end=r.get("counters_end") if isinstance(r.get("counters_end"), dict) else None,
            series=tuple(series.get(ordinal, ())),
        ))
    if not gpus:  # the run ended before its results: keep the windows it did send
        gpus = [StressGpu(device=device(o), series=tuple(s)) for o, s in series.items()]
    return tuple(gpus)


def _pair(r: dict, device: _Devices) -> dict[str, Any]:
    return {"src": device(r.get("src")).label, "dst": device(r.get("dst")).label,
            "bytes_moved": _int(r.get("bytes_moved")), "gbps": _float(r.get("gbps")),
            "verified": _bool(r.get("verified")), "first_bad_offset": _int(r.get("first_bad_offset"))}
