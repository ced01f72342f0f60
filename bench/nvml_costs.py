"""What each NVML question of the live inventory costs on this machine: a benchmark, not a test.

    python bench/nvml_costs.py [--repeat 15] [--json]

The live check's NVML time is the number of questions times what each costs, and in a VM a driver
call is a trip through the hypervisor (about 0.8 ms on the lent two-H100 host), so what is asked per GPU
and per pair decides how the check grows with GPUs. This prints the median cost of one call of every
function the inventory uses (on GPU 0, and on the pair 0-1 where there are two), and of the field-value
batches that can replace per-link questions, as one JSON object that `bench/scaling_model.py` reads.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pynvml  # noqa: E402

from gpudoctor.probes.gpu_health import health_calls  # noqa: E402
from gpudoctor.probes.gpus import _PER_GPU_CALLS, NVLINKS_SO_FAR, P2P_CAPABILITIES  # noqa: E402

# NVML_FI_DEV_NVLINK_GET_STATE and _GET_VERSION, scoped by link: one call instead of two per link.
NVLINK_FIELDS = tuple((field, link) for link in range(NVLINKS_SO_FAR) for field in (165, 166))


def median_ms(action, repeat: int) -> float | str:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            action()
        except pynvml.NVMLError as exc:
            return f"error: {exc}"
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 4)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    started = time.perf_counter()
    pynvml.nvmlInit()
    result: dict[str, object] = {"nvmlInit_ms": round((time.perf_counter() - started) * 1000, 1)}
    count = pynvml.nvmlDeviceGetCount()
    result["gpus"] = count
    handle = pynvml.nvmlDeviceGetHandleByIndex(0)
    per_call: dict[str, object] = {}
    for function in _PER_GPU_CALLS:
        per_call[function] = median_ms(lambda f=function: getattr(pynvml, f)(handle), args.repeat)
    for function, _index, *rest in health_calls([0]):
        per_call[function] = median_ms(lambda f=function, r=rest: getattr(pynvml, f)(handle, *r), args.repeat)
    for function in ("nvmlDeviceGetNvLinkState", "nvmlDeviceGetNvLinkVersion", "nvmlDeviceGetNvLinkRemotePciInfo"):
        per_call[function] = median_ms(lambda f=function: getattr(pynvml, f)(handle, 0), args.repeat)
    batch = NVLINK_FIELDS
    per_call[f"nvmlDeviceGetFieldValues x{len(batch)} (NVLink state and version, every link)"] = median_ms(
        lambda: pynvml.nvmlDeviceGetFieldValues(handle, list(batch)), args.repeat)
    answers = pynvml.nvmlDeviceGetFieldValues(handle, list(batch[:4]))
    result["nvlink_fields_link0_link1"] = [(a.fieldId, a.scopeId, a.nvmlReturn, a.value.uiVal) for a in answers]
    per_call["nvmlDeviceGetFieldValues x1"] = median_ms(lambda: pynvml.nvmlDeviceGetFieldValues(handle, [90]), args.repeat)
    if count > 1:
        other = pynvml.nvmlDeviceGetHandleByIndex(1)
        per_call["nvmlDeviceGetP2PStatus"] = median_ms(
            lambda: pynvml.nvmlDeviceGetP2PStatus(handle, other, P2P_CAPABILITIES["nvlink"]), args.repeat)
        per_call["nvmlDeviceGetTopologyCommonAncestor"] = median_ms(
            lambda: pynvml.nvmlDeviceGetTopologyCommonAncestor(handle, other), args.repeat)
    result["per_call_ms"] = per_call
    pynvml.nvmlShutdown()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
