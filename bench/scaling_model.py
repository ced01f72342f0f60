"""The live check's time at 1, 2, 4 and 8 GPUs, modelled from costs measured on a lent host: a
benchmark, not a test.

    python bench/scaling_model.py [bench/results/h200x4-2026-11-28-session15-inputs.json]

The input is what bench/gpu_scaling_inputs.py printed on a GPU host (committed under bench/results/).
Where the time goes, in order (bench/live_timeline.py shows it on a real host):
  1. the interpreter's start and the imports before NVML starts: measured, fixed;
  2. NVML's inventory, asked before cuInit (inside one process each waits for the other): the questions a
     full check asks at N GPUs, counted on synthetic N-GPU hosts (tests/synthetic.py) as
     tests/host/test_nvml_call_counts.py does, each at its measured cost, and once per GPU and per pair what
     the first asking costs beyond that (bench/nvml_costs.py's first_contact_ms, where the inputs hold it);
  3. cuInit, whose cost grows with the GPUs it initialises (measured with 1 and 2 GPUs visible: a line);
  4. what follows cuInit (CUDA's peer questions, judging, rendering): measured at 2 GPUs, grown with the
     number of GPUs and pairs.
The difference between the model at the measured size and the measured median is carried to every size as
a constant (threads' overlap the model does not see). `nvidia-smi -q` is projected from its 1- and 2-GPU
times the same way, so the ratio the goals name can be read at 4 and 8 GPUs. Where the inputs hold
"replayed_check_ms" (bench/scaling.py's medians on the same host, by number of GPUs), `check --quick` also grows by
what this process's own work over more GPUs adds.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from gpudoctor.host.base import ReplayHost  # noqa: E402
from gpudoctor.host.snapshot import replay_host_from_text  # noqa: E402
from hosts import run  # noqa: E402
from synthetic import synthetic_text  # noqa: E402

DEFAULT_INPUTS = ROOT / "bench" / "results" / "h200x4-2026-11-28-session15-inputs.json"
# What a live check does before NVML's first question and after cuInit, in ms, read off
# bench/live_timeline.py on the same host (2 GPUs): the early imports and thread starts; the tail.
EARLY_MS = 50.0
TAIL_AT_TWO_MS = 10.0


FIELD_VALUES = "nvmlDeviceGetFieldValues"
NVLINK_COUNTERS = 54  # the NVLink error counters of a GPU of 18 links, in one field-value call (probes/gpus.py)


class CountingHost(ReplayHost):
    """Counts the NVML questions a check asks; a field-value call counts once per field it asks."""

    def __init__(self, replayed: ReplayHost) -> None:
        super().__init__(replayed._calls)
        self.asked: Counter = Counter()

    def _lookup(self, kind, args, key, compute):
        if kind == "nvml":
            self.asked[args[0]] += len(args[2]) if args[0] == FIELD_VALUES else 1
        return super()._lookup(kind, args, key, compute)


def nvml_questions(gpus: int) -> Counter:
    host = CountingHost(replay_host_from_text(synthetic_text(gpus)))
    run(host)
    return host.asked


def nvml_ms(questions: Counter, cost_ms: dict, per_field_ms: float | None = None) -> float:
    known = {name: value for name, value in cost_ms.items() if isinstance(value, (int, float))}
    if per_field_ms is not None:
        known[FIELD_VALUES] = per_field_ms
    typical = sorted(known.values())[len(known) // 2]  # a function not timed costs what the median one does
    return sum(count * known.get(function, typical) for function, count in questions.items())


# An answer of NVML's child in a bench/live_timeline.py timeline: "start end took  child PID  NVML function(args)",
# printed for each answer of 2 ms or more.
TIMELINE_ANSWER = re.compile(r"^\s*[\d.]+\s+[\d.]+\s+(?P<took>[\d.]+)\s+child \d+\s+NVML (?P<function>\w+)"
                             r"\((?P<args>[^)]*)")


def first_contact_in_timelines(texts: list[str], gpus: int, repeated: dict) -> tuple[float, float]:
    """(per GPU, per pair): what the slow answers of a live check's own timelines (bench/live_timeline.py, with
    NVML's child) cost beyond the function's repeated cost, averaged over the timelines. The first topology
    question is NVML's once per process (29-35 ms on four H200s), not the pair's."""
    gpu_extra = pair_extra = 0.0
    for text in texts:
        topology_seen = False
        for line in text.splitlines():
            found = TIMELINE_ANSWER.match(line)
            if found is None:
                continue
            function, took = found["function"], float(found["took"])
            if function == "nvmlDeviceGetTopologyCommonAncestor" and not topology_seen:
                topology_seen = True
                continue
            warm = repeated.get(function)
            extra = max(0.0, took - warm) if isinstance(warm, (int, float)) else 0.0
            if function in ("nvmlDeviceGetP2PStatus", "nvmlDeviceGetTopologyCommonAncestor"):
                pair_extra += extra
            else:
                gpu_extra += extra
    runs, pairs = max(1, len(texts)), gpus * (gpus - 1) // 2
    return gpu_extra / runs / gpus, pair_extra / runs / max(1, pairs)


def first_contact_ms(inputs: dict) -> tuple[float, float, str]:
    """(per GPU, per pair, where from): what asking each question the first time costs beyond what it costs
    repeated. From the live check's own timelines where the inputs hold them ("timelines_quick"): the measure of
    what a check pays. Else from bench/nvml_costs.py's first_contact_ms, asked one after another in a process of its
    own, which costs more than inside a check (10.7 ms for the first question of a GPU, against the check's 6.8 ms on
    the same host); else (0, 0): inputs from before either was measured."""
    repeated = inputs["nvml"]["per_call_ms"]
    if inputs.get("timelines_quick"):
        gpu, pair = first_contact_in_timelines(inputs["timelines_quick"], inputs["gpus"], repeated)
        return gpu, pair, f"the check's own {len(inputs['timelines_quick'])} timelines"
    first = inputs["nvml"].get("first_contact_ms") or {}

    def beyond(measured: dict) -> float:
        extra = 0.0
        for name, cold in measured.items():
            warm = repeated.get(name.split("(")[0])
            if isinstance(cold, (int, float)) and isinstance(warm, (int, float)):
                extra += max(0.0, cold - warm)
        return extra

    if not first:
        return 0.0, 0.0, "not measured"
    return beyond(first.get("gpu", {})), beyond(first.get("pair", {})), "bench/nvml_costs.py"


def load_inputs(argv: list[str]) -> dict:
    """What bench/gpu_scaling_inputs.py printed, alone or under "gpu_scaling_inputs" in a call's result file."""
    if argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    if len(argv) > 2:
        sys.exit("usage: python bench/scaling_model.py [INPUTS.json]")
    path = Path(argv[1]) if len(argv) > 1 else DEFAULT_INPUTS
    try:
        inputs = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        sys.exit(f"scaling_model: cannot read {path}: {exc}")
    inputs = inputs.get("gpu_scaling_inputs", inputs) if isinstance(inputs, dict) else None
    if not isinstance(inputs, dict) or "gpus" not in inputs:
        sys.exit(f"scaling_model: {path} holds no inputs of bench/gpu_scaling_inputs.py")
    return inputs


def main() -> None:
    inputs = load_inputs(sys.argv)
    measured_gpus = inputs["gpus"]
    cuinit = inputs["cuinit_s"]
    per_gpu_cuinit = (cuinit[str(measured_gpus)] - cuinit["1"]) / (measured_gpus - 1)
    base_cuinit = cuinit["1"] - per_gpu_cuinit
    smi_per_gpu = (inputs["median_s"]["nvidia-smi -q"] - inputs["nvidia_smi_q_one_gpu_s"]) / (measured_gpus - 1)
    smi_base = inputs["nvidia_smi_q_one_gpu_s"] - smi_per_gpu
    costs = inputs["nvml"]["per_call_ms"]
    init_ms = inputs["nvml"]["nvmlInit_ms"]
    per_field = inputs["nvml"].get("field_value_ms_per_field")
    gpu_first, pair_first, first_from = first_contact_ms(inputs)

    measured_with_helper = bool(inputs.get("nvml_helper"))

    def nvml_total_ms(gpus: int, helper: bool = True) -> float:
        """NVML's time on the critical path: every answer, less the NVLink counters the helper child asks beside
        the main child (host/nvml.py) where `helper`."""
        pairs = gpus * (gpus - 1) // 2
        beside = (gpus // 2) * NVLINK_COUNTERS * (per_field or 0) if helper else 0.0
        return nvml_ms(nvml_questions(gpus), costs, per_field) + gpu_first * gpus + pair_first * pairs - beside

    def model_s(gpus: int, helper: bool = True) -> float:
        pairs = gpus * (gpus - 1) // 2
        tail = TAIL_AT_TWO_MS * (gpus + pairs) / 3
        return (inputs["median_s"]["python -c pass"] * 1000 + EARLY_MS + init_ms + nvml_total_ms(gpus, helper)
                + (base_cuinit + per_gpu_cuinit * gpus) * 1000 + tail) / 1000

    def quick_s(gpus: int, helper: bool = True) -> float:
        """`check --quick`: the same without cuInit and without CUDA's peer questions."""
        pairs = gpus * (gpus - 1) // 2
        return model_s(gpus, helper) - (base_cuinit + per_gpu_cuinit * gpus) - TAIL_AT_TWO_MS * pairs / 3 / 1000

    # The carried constant is the measured release's (with or without the helper child); the sizes are projected
    # for this release, which has it: where the measured release had none, the helper's share at the measured size
    # is modelled, not measured.
    overlap = inputs["median_s"]["gpudoctor check"] - model_s(measured_gpus, measured_with_helper)
    if not measured_with_helper:
        print("the measured release asked every GPU's NVLink counters in one child: the helper child's share is "
              f"modelled at every size ({NVLINK_COUNTERS} fields a GPU at {per_field} ms, every other GPU)")
    print(f"NVML's first asking: {gpu_first:.1f} ms per GPU and {pair_first:.1f} ms per pair beyond the repeated cost "
          f"({first_from})")
    print(f"cuInit: {base_cuinit * 1000:.0f} ms + {per_gpu_cuinit * 1000:.0f} ms per GPU; "
          f"nvidia-smi -q: {smi_base * 1000:.0f} ms + {smi_per_gpu * 1000:.0f} ms per GPU; "
          f"model vs measured at {measured_gpus} GPUs: {overlap * 1000:+.0f} ms carried to every size")
    print(f"{'GPUs':>4} {'NVML questions':>14} {'NVML ms':>8} {'cuInit ms':>9} {'check s':>8} {'nvidia-smi -q s':>15} {'ratio':>6}")
    for gpus in (1, 2, 4, 8):
        questions = nvml_questions(gpus)
        check = model_s(gpus) + overlap
        smi = smi_base + smi_per_gpu * gpus
        print(f"{gpus:>4} {sum(questions.values()):>14} {nvml_total_ms(gpus):>8.1f} "
              f"{(base_cuinit + per_gpu_cuinit * gpus) * 1000:>9.0f} {check:>8.2f} {smi:>15.2f} {check / smi:>6.1f}")
    measured_quick = inputs["median_s"].get("gpudoctor check --quick")
    if measured_quick is None:
        return
    quick_overlap = measured_quick - quick_s(measured_gpus, measured_with_helper)
    # What this process's own work adds with more GPUs (the probes turning more answers into facts, the checks and the
    # report over more GPUs and pairs): bench/scaling.py's replayed checks of synthetic hosts, measured on the same
    # host, where given. NVML's answers are counted as if on the critical path, none of them hidden behind other work.
    replayed = inputs.get("replayed_check_ms")
    print(f"check --quick (measured {measured_quick:.2f} s at {measured_gpus} GPUs, "
          f"{quick_overlap * 1000:+.0f} ms carried to every size"
          + (", and the replayed check's growth from bench/scaling.py" if replayed else "") + "):")
    print(f"{'GPUs':>4} {'quick s':>8} {'nvidia-smi -q s':>15} {'ratio':>6}")
    for gpus in (1, 2, 4, 8):
        quick, smi = quick_s(gpus) + quick_overlap, smi_base + smi_per_gpu * gpus
        if replayed:
            quick += (replayed[str(gpus)] - replayed[str(measured_gpus)]) / 1000
            reading = inputs.get("replayed_reading_ms")  # what the replay spent reading its snapshot: no live cost
            if reading:
                quick -= (reading[str(gpus)] - reading[str(measured_gpus)]) / 1000
        print(f"{gpus:>4} {quick:>8.2f} {smi:>15.2f} {quick / smi:>6.1f}")


if __name__ == "__main__":
    main()
