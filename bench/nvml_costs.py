"""What each NVML question of a live check costs on this machine: a benchmark, not a test.

    python bench/nvml_costs.py [--repeat 15]

The live check's NVML time is the number of questions times what each costs, and in a VM a driver call can
be a trip through the hypervisor (nvmlDeviceGetP2PStatus took 1.7 ms in the lent two-H100 VM, most others a
few microseconds), so what is asked per GPU and per pair decides how the check grows with GPUs. This records
a live `gpudoctor snapshot`, then times one call of every NVML function it asked (with the arguments of its
first recorded call: GPU 0, link 0, the first pair; for nvmlDeviceGetFieldValues the call with the most fields, whose
cost per field prices the others), median of --repeat, through gpudoctor's own NVML wrapper.
Before any of that, "first_contact_ms": what the same questions cost the first time they are asked of a GPU (and of a
pair) that nothing in this process has asked yet: in the four-H200 VM the first nvmlDeviceGetName of each GPU took
6.8 ms, its first utilization 3.7 ms and its first ECC mode 2.1 ms, each a few microseconds to 0.15 ms after
(bench/live_timeline.py, 2026-11-28), a cost every live check pays once per GPU, which the repeated calls miss.
Prints one JSON object that bench/scaling_model.py reads (via bench/gpu_scaling_inputs.py).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


FIELD_VALUES = "nvmlDeviceGetFieldValues"


def recorded_nvml_calls() -> dict[str, list]:
    """Each NVML function a live snapshot asked, with the arguments of its first call."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "snapshot.json"
        subprocess.run([sys.executable, "-m", "gpudoctor", "snapshot", "-o", str(path)], cwd=folder,
                       capture_output=True, check=False, timeout=120)
        calls = json.loads(path.read_text())["calls"] if path.exists() else []
    first: dict[str, list] = {}
    for call in calls:
        function, *arguments = call["args"] if call["probe"] == "nvml" else [None]
        if function == FIELD_VALUES:  # the largest one: its cost per field prices every field-value call
            if len(arguments[1]) > len(first.get(function, [0, ()])[1]):
                first[function] = arguments
        elif function is not None and function not in first:
            first[function] = arguments
    return first


PAIR_FUNCTIONS = ("nvmlDeviceGetP2PStatus", "nvmlDeviceGetTopologyCommonAncestor")


def once_ms(session, function: str, args: list) -> float | str:
    from gpudoctor.host.nvml import _NvmlCallError

    started = time.perf_counter()
    try:
        session._invoke(function, tuple(args))
    except _NvmlCallError as exc:
        return f"error: {exc}"
    return round((time.perf_counter() - started) * 1000, 4)


def first_contact(session, calls: dict[str, list], count: int) -> dict[str, dict[str, float | str]]:
    """Each question asked once of the last GPU, then of the last pair, in the order a check asks them, before
    anything else asks either. The pair's questions come after one of each asked of the first pair, which pays what
    NVML does once per process (its first topology question took 29-32 ms on four H200s), so that the last pair's
    are what each further pair costs. Needs three GPUs or more for a pair of its own."""
    last = count - 1
    per_gpu = {function: once_ms(session, function, [last, *arguments[1:]]) for function, arguments in calls.items()
               if function not in PAIR_FUNCTIONS and arguments and arguments[0] == 0}
    if count < 3:
        return {"gpu": per_gpu, "pair": {}}
    from gpudoctor.probes.gpus import P2P_CAPABILITIES

    # What a check asks of an NVLinked pair: P2P read, P2P over NVLink, the common ancestor.
    pair_calls = [("nvmlDeviceGetP2PStatus", [P2P_CAPABILITIES["read"]]),
                  ("nvmlDeviceGetP2PStatus", [P2P_CAPABILITIES["nvlink"]]), ("nvmlDeviceGetTopologyCommonAncestor", [])]
    for function, rest in pair_calls:
        once_ms(session, function, [0, 1, *rest])
    return {"gpu": per_gpu, "pair": {f"{function}{tuple(rest)!r}": once_ms(session, function, [last - 1, last, *rest])
                                     for function, rest in pair_calls}}


def median_ms(session, function: str, args: list, repeat: int) -> float | str:
    from gpudoctor.host.nvml import _NvmlCallError

    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            session._invoke(function, tuple(args))
        except _NvmlCallError as exc:
            return f"error: {exc}"
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 4)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    from gpudoctor.host.nvml import NvmlSession

    calls = recorded_nvml_calls()
    session = NvmlSession()
    started = time.perf_counter()
    init = session.call("nvmlInit", ())
    result: dict[str, object] = {"nvmlInit_ms": round((time.perf_counter() - started) * 1000, 1),
                                 "init_error": init.error}
    count = session.call("nvmlDeviceGetCount", ())
    if count.ok and isinstance(count.value, int) and count.value > 1:
        result["first_contact_ms"] = first_contact(session, calls, count.value)
    result["per_call_ms"] = {function: median_ms(session, function, arguments, args.repeat)
                             for function, arguments in calls.items() if not function.startswith("nvmlInit")}
    if isinstance(result["per_call_ms"].get(FIELD_VALUES), float):
        result["field_value_ms_per_field"] = round(result["per_call_ms"][FIELD_VALUES] / len(calls[FIELD_VALUES][1]), 4)
    session.close()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
