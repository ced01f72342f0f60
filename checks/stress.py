"""`--stress`: what every GPU did at full power, all at once: results, power, clocks, heat, links, kernel log."""

from __future__ import annotations

from gpudoctor.knowledge import xid_catalog
from gpudoctor.model import Finding, check, error, fail, ok, skip, warn
from gpudoctor.probes.gpus import CLOCK_EVENT_REASONS

# nvmlClocksEventReason bits; the software power cap (0x4) is a GPU at its power limit: expected under full load.
POWER_TROUBLE = {bit: CLOCK_EVENT_REASONS[bit] for bit in (0x8, 0x80)}  # hardware slowdown, power brake
THERMAL = {bit: CLOCK_EVENT_REASONS[bit] for bit in (0x20, 0x40)}
# One GPU sustaining less than this share of its twin's clock or throughput is the weaker one. GPUs of one model
# under the same load stay within a few per cent of each other (3 % on the lent two-H100 host, README).
TWIN_SHARE = 0.90
SERIES_KEYS = ("t", "power_w", "sm_mhz", "mem_mhz", "temp_c", "fan_pct", "pcie_gen", "pcie_width", "reasons", "tflops")
POWER_ADVICE = ("That is power delivery: check that the power supply covers every GPU's peak at once (transients reach "
                "about twice the rated power for milliseconds), that each GPU power input has its own cable from the "
                "supply (no daisy-chained pigtails), and that the connectors sit fully home.")


@check("gpu.stress", title="Every GPU under full load at once", needs=("stress",), opt_in="stress")
def gpu_stress(facts):
    """Runs every GPU at full power at the same time (`--stress [SECONDS]`, default 60): half-precision matrix
    products through cuBLAS whose answer is known in advance, a memory pattern test over most of the free memory,
    and copies between every pair of GPUs; NVML is sampled every 200 ms and the kernel log watched throughout.
    Many multi-GPU faults show only there: a second GPU that falls off the bus (Xid 79) or slows down when both draw
    full power (a power supply or cable at its limit), a card that throttles on heat, a link that drops to a lower
    speed, a GPU that miscalculates. Judged per GPU: wrong results, an Xid or AER line, hardware slowdown or power
    brake fail; thermal throttling, a link below its best under load, and a GPU well below its twin warn.
    gpudoctor never changes a power or clock limit, stops at the first hardware error, and does not load GPUs that
    other processes use unless given --force."""
    stress = facts.stress
    if stress.not_run:
        yield _not_run(stress)
        return
    yield from _stop_findings(stress)
    if stress.gpus:
        yield _overview(stress)
    for gpu in stress.gpus:
        yield _gpu_finding(stress, gpu)
    yield from _twin_findings(stress)
    yield from _pair_findings(stress)


def _not_run(stress) -> Finding:
    if stress.busy:
        return warn(f"Not run: other processes use the GPUs ({'; '.join(stress.busy)}).",
                    "A stress run next to them would slow their work and blur the verdict with their power and heat. "
                    "Stop them, or run `gpudoctor check --stress --force` to load the GPUs all the same.",
                    evidence={"busy": list(stress.busy)})
    return skip(f"Not run: {stress.not_run}.", evidence={"reason": stress.not_run, "outcome": stress.outcome})


# -- how the run ended ---------------------------------------------------------------------------------

def _stop_findings(stress):
    if stress.outcome == "ok" and stress.stopped_by in ("time", None):
        return
    evidence = {"outcome": stress.outcome, "stopped_by": stress.stopped_by, "detail": stress.stop_detail,
                "error": stress.error, "ran_s": stress.ran_s, "seconds": stress.seconds}
    lines = _kernel_evidence(stress)
    if lines:
        evidence["kernel_lines"] = lines
    if stress.outcome == "ok":  # stopped early by a hardware error: the GPU findings name it
        return
    if stress.error == "INTERRUPTED" or stress.stopped_by == "interrupted":
        yield skip(f"Stopped by the user after {_secs(stress.ran_s)}; what ran until then is judged below.",
                   evidence=evidence)
    elif stress.error and stress.error.startswith("CUBLAS_LIBRARY"):
        yield skip("Not run: no cuBLAS library to load the GPUs with (it comes with the CUDA toolkit and with "
                   "PyTorch's pip packages).", evidence=evidence)
    elif stress.error and stress.error.startswith(("CUDA_ERROR", "CUBLAS_STATUS")):
        yield fail(f"A GPU stopped working under load after {_secs(stress.ran_s)}: {stress.summary}.",
                   *([f"The kernel said: {lines[0]['text']}"] if lines else []),
                   "A CUDA error in the middle of a known-good load is the hardware or its power (see the Xid "
                   "findings, if any). " + POWER_ADVICE, evidence=evidence)
    else:
        yield error(f"The stress run ended without its results: {stress.summary or stress.outcome}.",
                    *([f"Its last output: {stress.stderr_tail[-300:]}"] if stress.stderr_tail else []),
                    evidence=evidence)


def _kernel_evidence(stress) -> list[dict]:
    return [{"t": round(line.get("t") or 0, 1), "text": line.get("text")} for line in stress.kernel_lines[:10]]


def _overview(stress) -> Finding:
    """One line with each GPU's figures: what the terminal shows when all is well (-v shows each GPU's own line)."""
    parts = []
    for gpu in stress.gpus:
        p = _profile(gpu)
        figures = [f"{p['power_w']:.0f} W" + (f" of {gpu.power_limit_w:.0f} W" if gpu.power_limit_w else "")
                   if p["power_w"] is not None else None,
                   f"{p['sm_mhz']:.0f} MHz" if p["sm_mhz"] is not None else None,
                   f"{p['temp_max_c']:.0f} °C max" if p["temp_max_c"] is not None else None,
                   f"{p['tflops']:.0f} TFLOPS" if p["tflops"] else None]
        parts.append(f"{gpu.device.label} " + ", ".join(f for f in figures if f))
    return ok(f"{len(stress.gpus)} GPU{'s' if len(stress.gpus) != 1 else ''} at full load at once for "
              f"{_secs(stress.ran_s)}: " + "; ".join(parts) + ".",
              evidence={"seconds": stress.seconds, "ran_s": stress.ran_s, "stopped_by": stress.stopped_by,
                        "window_s": stress.window_s, "gemm": stress.gemm})


# -- one GPU ---------------------------------------------------------------------------------------------

def _steady(series):
    """The windows after the first fifth of the run (or its first 3 s): clocks and power have settled."""
    if not series:
        return ()
    start = max(3.0, series[-1].t / 5)
    steady = tuple(w for w in series if w.t > start)
    return steady or series


def _middle(values):
    from statistics import median  # 3 ms to import: paid by --stress runs alone

    values = [v for v in values if v is not None]
    return median(values) if values else None


def _profile(gpu) -> dict:
    steady = _steady(gpu.series)
    reasons = 0
    for w in gpu.series:
        reasons |= w.reasons or 0
    return {
        "power_w": _middle(w.power_w for w in steady), "sm_mhz": _middle(w.sm_mhz for w in steady),
        "tflops": gpu.compute.get("tflops"), "temp_max_c": max((w.temp_c for w in gpu.series if w.temp_c is not None),
                                                                default=None),
        "reasons": reasons, "pcie_gen": min((w.pcie_gen for w in steady if w.pcie_gen), default=None),
        "pcie_width": min((w.pcie_width for w in steady if w.pcie_width), default=None),
    }


def _series_columns(gpu) -> dict:
    """The time series, column by column (compact in JSON); at most 240 windows per GPU (the worker folds them)."""
    return {key: [getattr(w, key) for w in gpu.series] for key in SERIES_KEYS}


def _gpu_finding(stress, gpu) -> Finding:
    label = gpu.device.label
    profile = _profile(gpu)
    troubles = _gpu_troubles(stress, gpu, profile)
    evidence = {"gpu": label, "name": gpu.device.name, "bus_id": gpu.device.pci_bus_id,
                "power_limit_w": gpu.power_limit_w, "max_pcie": [gpu.max_pcie_gen, gpu.max_pcie_width],
                "steady": profile, "compute": gpu.compute, "memory": gpu.memory,
                "counters": {"start": gpu.counters_start, "end": gpu.counters_end},
                "series": _series_columns(gpu)}
    line = _compact_line(stress, gpu, profile)
    if not troubles:
        return ok(line, *_unwatched(stress), evidence=evidence)
    worst = "fail" if any(level == "fail" for level, _s, _a in troubles) else "warn"
    summary = f"{label}: " + "; ".join(text for _l, text, _a in troubles) + "."
    advice = [a for _l, _t, a in troubles if a]
    make = fail if worst == "fail" else warn
    return make(summary, *dict.fromkeys(advice), f"Under load: {line}", evidence=evidence)


def _compact_line(stress, gpu, p) -> str:
    parts = [f"{gpu.device.label}"]
    if p["power_w"] is not None:
        limit = f" of {gpu.power_limit_w:.0f} W" if gpu.power_limit_w else ""
        parts.append(f"{p['power_w']:.0f} W{limit}")
    if p["sm_mhz"] is not None:
        parts.append(f"{p['sm_mhz']:.0f} MHz")
    if p["temp_max_c"] is not None:
        parts.append(f"{p['temp_max_c']:.0f} °C max")
    if p["tflops"]:
        parts.append(f"{p['tflops']:.0f} TFLOPS")
    compute, memory = gpu.compute, gpu.memory
    if compute.get("verified"):
        parts.append(f"{compute.get('products')} products right ({compute.get('sample_entries')} entries known "
                     "in advance, every later product equal to the first)")
    if memory.get("bytes_verified"):
        parts.append(f"{memory['bytes_verified'] / 2**30:.0f} GiB of memory patterns read back right "
                     f"({memory.get('passes', 0)} full pass{'es' if memory.get('passes') != 1 else ''})")
    if p["pcie_gen"]:
        parts.append(f"PCIe Gen{p['pcie_gen']} x{p['pcie_width']}")
    head = f"{parts[0]} for {_secs(stress.ran_s)}: " + ", ".join(parts[1:3])
    return head + (", " + ", ".join(parts[3:]) if len(parts) > 3 else "") + "."


def _unwatched(stress) -> list[str]:
    notes = []
    if stress.nvml_error:
        notes.append(f"NVML could not be read during the run ({stress.nvml_error}): power, clocks and heat are unknown.")
    if stress.kernel_log_error:
        notes.append(f"The kernel log could not be read ({stress.kernel_log_error}; reading /dev/kmsg needs root "
                     "where dmesg_restrict is set): Xids were watched through NVML only.")
    return notes


def _gpu_troubles(stress, gpu, profile) -> list[tuple[str, str, str | None]]:
    """(level, what, advice) for everything wrong with one GPU under load."""
    out = []
    out += _result_troubles(gpu)
    out += _kernel_troubles(stress, gpu)
    reasons = profile["reasons"]
    power = [name for bit, name in POWER_TROUBLE.items() if reasons & bit]
    if power:
        out.append(("fail", f"{' and '.join(power)} asserted under load ({_when(gpu, sum(POWER_TROUBLE))})",
                    POWER_ADVICE))
    thermal = [name for bit, name in THERMAL.items() if reasons & bit]
    if thermal:
        out.append(("warn", f"{' and '.join(thermal)} at up to {profile['temp_max_c']:.0f} °C "
                    f"({_when(gpu, sum(THERMAL))})" if profile["temp_max_c"] is not None else " and ".join(thermal),
                    "It runs too hot: clean the heatsink and fans, give the cards a slot of space between them, "
                    "and check the case airflow (or the server's fan profile)."))
    out += _link_troubles(gpu, profile)
    out += _counter_troubles(gpu)
    return out


def _result_troubles(gpu):
    compute, memory = gpu.compute, gpu.memory
    out = []
    if compute.get("sample_mismatches"):
        out.append(("fail", f"wrong results: {compute['sample_mismatches']} of {compute.get('sample_entries')} entries "
                    "known in advance came out wrong", _MISCALCULATES))
    if compute.get("changed_blocks"):
        out.append(("fail", f"wrong results: a later product differed from the first (from byte "
                    f"{compute.get('first_bad_offset')})", _MISCALCULATES))
    if memory.get("bad_blocks"):
        out.append(("fail", f"its memory read back wrong ({memory['bad_blocks']} bad 4 MiB blocks, the first at "
                    f"byte {memory.get('first_bad_offset')})",
                    "Memory that loses bits under load is failing hardware (or an overclocked memory clock): undo "
                    "any overclock; if it persists, the card needs replacing."))
    return out


_MISCALCULATES = ("A GPU that miscalculates under load is unstable: undo any overclock or undervolt, check power "
                  "and temperatures; if it persists on a stock card, the card is faulty.")


def _kernel_troubles(stress, gpu):
    out = []
    mine = [line for line in stress.kernel_lines if _same_device(line.get("bus"), gpu.device.pci_bus_id)]
    xids = [e for e in stress.xid_events if e.get("device") == gpu.device.label]
    seen = set()
    for line in mine:
        xid = line.get("xid")
        if xid is not None:
            seen.add(xid)
            name, description, klass = xid_catalog.describe(xid)
            out.append(("fail", f"Xid {xid} ({description}) at {line.get('t', 0):.0f} s into the load, bus "
                        f"{gpu.device.pci_bus_id}", klass.advice))
        else:
            out.append(("fail", f"PCIe errors (AER) at {line.get('t', 0):.0f} s into the load: “{line.get('text')}”",
                        "PCIe errors under load point at the slot, a riser or the card's power: reseat the card, "
                        "remove any riser or extension, and check the power cables."))
    for event in xids:
        if event.get("xid") not in seen:
            name, description, klass = xid_catalog.describe(int(event["xid"]))
            out.append(("fail", f"Xid {event['xid']} ({description}) at {event.get('t', 0):.0f} s into the load "
                        "(NVML)", klass.advice))
    return out


def _same_device(logged, bus_id) -> bool:
    """'0000:00:07' (an Xid line: no function) or '0000:00:07.0' (AER) against CUDA's '0000:00:07.0'."""
    if not logged or not bus_id:
        return False

    def bus_and_slot(text):
        return ":".join(str(text).lower().split(".")[0].split(":")[-2:])

    return bus_and_slot(logged) == bus_and_slot(bus_id)


def _link_troubles(gpu, profile):
    gen, width = profile["pcie_gen"], profile["pcie_width"]
    if not gen or not gpu.max_pcie_gen:
        return []
    if gen < gpu.max_pcie_gen or (width and gpu.max_pcie_width and width < gpu.max_pcie_width):
        return [("warn", f"its PCIe link ran at Gen{gen} x{width} under load, below the Gen{gpu.max_pcie_gen} "
                 f"x{gpu.max_pcie_width} it and the slot can do",
                 "A link that trains down under load is usually signal quality: reseat the card, remove any riser, "
                 "and set the slot's PCIe generation explicitly in the BIOS (pcie.link checks it at idle).")]
    return []


def _counter_troubles(gpu):
    out = []
    uncorrected = gpu.counter_delta("ecc_uncorrected")
    corrected = gpu.counter_delta("ecc_corrected")
    if uncorrected:
        out.append(("fail", f"{uncorrected} uncorrectable ECC errors during the run",
                    "Uncorrectable memory errors: the driver retires or remaps the rows; reset the GPU and run again. "
                    "If they recur, the card needs replacing."))
    if corrected:
        out.append(("warn", f"{corrected} corrected ECC errors during the run", None))
    for name, text in (("remapped_uncorrectable", "memory rows remapped"), ("retired_pages", "memory pages retired")):
        delta = gpu.counter_delta(name)
        if delta:
            out.append(("warn", f"{delta} {text} during the run", None))
    return out


def _when(gpu, bits) -> str:
    times = [w.t for w in gpu.series if (w.reasons or 0) & bits]
    if not times:
        return "in the run"
    return f"from {times[0]:.0f} s, in {len(times)} of {len(gpu.series)} windows"


# -- across GPUs -----------------------------------------------------------------------------------------

def _twin_findings(stress):
    """One GPU well below its twins (the same model) in sustained clock or throughput."""
    by_name: dict[str, list] = {}
    for gpu in stress.gpus:
        if gpu.device.name and gpu.series:
            by_name.setdefault(gpu.device.name, []).append((gpu, _profile(gpu)))
    for name, twins in by_name.items():
        if len(twins) < 2:
            continue
        for key, unit in (("tflops", "TFLOPS"), ("sm_mhz", "MHz")):
            values = [(g, p[key]) for g, p in twins if p[key]]
            if len(values) < 2:
                continue
            best_gpu, best = max(values, key=lambda item: item[1])
            for gpu, value in values:
                if value < TWIN_SHARE * best:
                    yield warn(f"{gpu.device.label} sustains {value:.0f} {unit} under load, "
                               f"{100 * (1 - value / best):.0f} % below its twin {best_gpu.device.label} "
                               f"({best:.0f} {unit}), same model ({name}).",
                               _twin_cause(gpu, best_gpu),
                               evidence={"gpu": gpu.device.label, "twin": best_gpu.device.label, "measure": key,
                                         "value": value, "twin_value": best})
                    break
            else:
                continue
            break


def _twin_cause(gpu, twin) -> str:
    mine, theirs = _profile(gpu), _profile(twin)
    if (mine["temp_max_c"] or 0) > (theirs["temp_max_c"] or 0) + 8:
        return (f"It runs hotter ({mine['temp_max_c']:.0f} °C against {theirs['temp_max_c']:.0f} °C): its cooling is "
                "the likely cause (airflow, a neighbouring card's exhaust, dust).")
    if gpu.power_limit_w and twin.power_limit_w and gpu.power_limit_w < twin.power_limit_w - 1:
        return (f"Its power limit is lower ({gpu.power_limit_w:.0f} W against {twin.power_limit_w:.0f} W): "
                "`nvidia-smi -q -d POWER` shows who set it.")
    return ("Neither heat nor its power limit explains it: compare the cards' power cables and slots (swap them to see "
            "whether the weakness follows the card), and check its PCIe link (pcie.link).")


def _pair_findings(stress):
    bad = [p for p in stress.pairs if p.get("verified") is False]
    if bad:
        yield fail(f"Copies from {bad[0]['src']} to {bad[0]['dst']} arrived wrong under load (from byte "
                   f"{bad[0]['first_bad_offset']}).",
                   "Data corrupted between GPUs is the link or a GPU's memory: run `gpudoctor check --deep` to see "
                   "whether it also happens at idle, and reseat the cards or the NVLink bridge.",
                   evidence={"pairs": list(stress.pairs)})
    elif stress.pairs:
        moved = ", ".join(f"{p['src']}→{p['dst']} {p['gbps']:.0f} GB/s" for p in stress.pairs if p.get("gbps"))
        yield ok(f"Copies between the GPUs ran all along and arrived intact ({moved}).",
                 evidence={"pairs": list(stress.pairs)})


def _secs(value) -> str:
    return f"{value:.0f} s" if value is not None else "an unknown time"
