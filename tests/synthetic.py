"""Synthetic N-GPU hosts built from the real two-H200 recording (no 4- or 8-GPU host could be
borrowed yet): every GPU answers as the recorded GPU 0 did, on its own PCI bus id and UUID, and
every pair as the recorded pair did, as on an HGX board where all GPUs meet on NVSwitches (NV18).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hosts import snapshot_document

SOURCE = "linux-2xh200-nvlink.json"
_PAIR_FUNCTIONS = {"nvmlDeviceGetP2PStatus", "nvmlDeviceGetTopologyCommonAncestor"}
_SYSFS = "/sys/bus/pci/devices/"


def bus_id(index: int) -> str:
    return f"0000:00:{6 + index:02x}.0"


def _uuid(index: int) -> str:
    return f"GPU-5e7e7e7e-0000-4000-8000-{index:012d}"


def _gpu_answer(function: str, answer: dict, index: int) -> dict:
    answer = copy.deepcopy(answer)
    value = answer.get("value")
    if function == "nvmlDeviceGetUUID":
        answer["value"] = _uuid(index)
    elif function == "nvmlDeviceGetPciInfo" and isinstance(value, dict):
        value.update(busId="0000" + bus_id(index).upper(), busIdLegacy=bus_id(index), device=6 + index)
    return answer


def synthetic_host(gpus: int) -> dict[str, Any]:
    """A snapshot document of an N-GPU host (N >= 1)."""
    document = snapshot_document(SOURCE)
    calls = []
    for call in document["calls"]:
        probe, args, answer = call["probe"], call["args"], call["answer"]
        if probe == "nvml" and args[0] == "nvmlDeviceGetCount":
            calls.append({**call, "answer": {"value": gpus, "error": None}})
        elif probe == "nvml" and args[0] in _PAIR_FUNCTIONS:
            if args[1:3] == [0, 1]:
                calls += [{"probe": probe, "args": [args[0], a, b, *args[3:]], "answer": answer}
                          for a in range(gpus) for b in range(gpus) if a != b]
        elif probe == "nvml" and len(args) > 1 and isinstance(args[1], int):
            if args[1] == 0:
                calls += [{"probe": probe, "args": [args[0], i, *args[2:]], "answer": _gpu_answer(args[0], answer, i)}
                          for i in range(gpus)]
        elif probe == "native" and args[0] == "cuda.devices":
            value = copy.deepcopy(answer["value"])
            value["devices"] = [{**value["devices"][0], "ordinal": i, "pci_bus_id": bus_id(i)} for i in range(gpus)]
            calls.append({**call, "answer": {"value": value, "error": None}})
        elif probe == "native" and args[0] == "cuda.peer":
            if args[1:] == [0, 1]:
                calls += [{"probe": probe, "args": ["cuda.peer", a, b], "answer": answer}
                          for a in range(gpus) for b in range(gpus) if a != b]
        elif probe == "file" and args[0].startswith(_SYSFS + bus_id(0)):
            calls += [{"probe": probe, "args": [args[0].replace(bus_id(0), bus_id(i)), *args[1:]], "answer": answer}
                      for i in range(gpus)]
        elif probe == "file" and args[0].startswith(_SYSFS + bus_id(1)):
            continue
        elif probe == "dir" and args[0] == _SYSFS.rstrip("/"):
            entries = [e for e in answer["entries"] if e not in (bus_id(0), bus_id(1))]
            calls.append({**call, "answer": {**answer, "entries": sorted(entries + [bus_id(i) for i in range(gpus)])}})
        else:
            calls.append(call)
    return {**document, "calls": calls}


def synthetic_text(gpus: int) -> str:
    return json.dumps(synthetic_host(gpus))
