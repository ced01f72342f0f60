"""The shape of each recorded answer in a snapshot, one schema per probe kind.

A snapshot comes from anywhere (a bug report, a fleet's archive, a fuzzer): before it is replayed,
every call is checked here, so that a malformed answer is bad input (exit 2, naming the call) rather
than a Python exception inside a probe or the report header. The schemas follow what
gpudoctor/host/answers.py writes; counts are bounded so that a snapshot claiming 2**64 GPUs cannot
make a probe allocate without end.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any, Callable

# More GPUs than any one machine has (an HGX board holds 8, the largest NVLink domains 72 across
# several hosts); above this a count is a corrupt or hostile snapshot, not a machine.
MAX_GPUS = 128


class SchemaError(Exception):
    """One sentence saying what is wrong, relative to the call (e.g. "answer.stdout is not text")."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_text(value: Any, where: str) -> None:
    if value is not None and not isinstance(value, str):
        raise SchemaError(f"{where} must be text or null")


def _optional_int(value: Any, where: str) -> None:
    if value is not None and not _is_int(value):
        raise SchemaError(f"{where} must be an integer or null")


def _data(value: Any, where: str) -> None:
    """Bytes as answers.py writes them: text, {"base64": "..."}, or null."""
    if value is None or isinstance(value, str):
        return
    if isinstance(value, dict) and set(value) == {"base64"} and isinstance(value["base64"], str):
        try:
            base64.b64decode(value["base64"], validate=True)
        except (binascii.Error, ValueError):
            raise SchemaError(f"{where} is not valid base64") from None
        return
    raise SchemaError(f"{where} must be text or {{\"base64\": ...}}")


def _object(answer: Any) -> dict:
    if not isinstance(answer, dict):
        raise SchemaError("the answer must be an object")
    return answer


def _text_list(answer: Any, where: str = "the answer") -> None:
    if not isinstance(answer, list) or not all(isinstance(item, str) for item in answer):
        raise SchemaError(f"{where} must be a list of text")


def _command(answer: Any) -> None:
    answer = _object(answer)
    _optional_int(answer.get("returncode"), "answer.returncode")
    _data(answer.get("stdout"), "answer.stdout")
    _data(answer.get("stderr"), "answer.stderr")
    _optional_text(answer.get("error"), "answer.error")


def _file(answer: Any) -> None:
    answer = _object(answer)
    _optional_text(answer.get("error"), "answer.error")
    if "data" in answer:
        _data(answer["data"], "answer.data")
    if answer.get("entries") is not None:
        _text_list(answer["entries"], "answer.entries")


def _library_call(answer: Any) -> None:
    answer = _object(answer)
    _optional_text(answer.get("error"), "answer.error")


def _http(answer: Any) -> None:
    answer = _object(answer)
    _optional_int(answer.get("status"), "answer.status")
    _data(answer.get("body"), "answer.body")
    _optional_text(answer.get("error"), "answer.error")


def _system(answer: Any) -> None:
    answer = _object(answer)
    if not isinstance(answer.get("sys_platform"), str):
        raise SchemaError("answer.sys_platform must be text")
    for key in ("os_release", "os_version", "machine", "python_version"):
        _optional_text(answer.get(key), f"answer.{key}")
    extra = answer.get("extra")
    if extra is None:
        return
    if not isinstance(extra, dict):
        raise SchemaError("answer.extra must be an object")
    for key in ("logical_cpus", "memory_bytes", "windows_build"):
        _optional_int(extra.get(key), f"answer.extra.{key}")
    distro = extra.get("distro")
    if distro is not None:
        if not isinstance(distro, dict):
            raise SchemaError("answer.extra.distro must be an object")
        for key, value in distro.items():
            _optional_text(value, f"answer.extra.distro.{key}")


_ANSWERS: dict[str, Callable[[Any], None]] = {
    "run": _command,
    "python": _command,
    "file": _file,
    "dir": _file,
    "glob": _text_list,
    "which": _text_list,
    "resolve": lambda answer: _optional_text(answer, "the answer"),
    "env": lambda answer: _optional_text(answer, "the answer"),
    "nvml": _library_call,
    "native": _library_call,
    "http": _http,
    "system": _system,
}


# The values the probes read, by function, as gpudoctor/host/nvml.py and native.py record them: "int",
# "text", "bool", ["int"] (a list of), or an object whose listed keys, when present, have these shapes.
_INT, _TEXT = "int", "text"
_PCI = {"busId": _TEXT, "busIdLegacy": _TEXT, "bus": _INT, "device": _INT, "domain": _INT,
        "pciDeviceId": _INT, "pciSubSystemId": _INT}
_VALUE_SHAPES: dict[tuple[str, str], Any] = {
    ("nvml", "nvmlInit"): "bool",
    ("nvml", "nvmlSystemGetDriverVersion"): _TEXT,
    ("nvml", "nvmlSystemGetNVMLVersion"): _TEXT,
    ("nvml", "nvmlSystemGetCudaDriverVersion"): _INT,
    ("nvml", "nvmlDeviceGetName"): _TEXT,
    ("nvml", "nvmlDeviceGetUUID"): _TEXT,
    ("nvml", "nvmlDeviceGetArchitecture"): _INT,
    ("nvml", "nvmlDeviceGetCudaComputeCapability"): [_INT],
    ("nvml", "nvmlDeviceGetCurrPcieLinkGeneration"): _INT,
    ("nvml", "nvmlDeviceGetCurrPcieLinkWidth"): _INT,
    ("nvml", "nvmlDeviceGetMaxPcieLinkGeneration"): _INT,
    ("nvml", "nvmlDeviceGetMaxPcieLinkWidth"): _INT,
    ("nvml", "nvmlDeviceGetGpuMaxPcieLinkGeneration"): _INT,
    ("nvml", "nvmlDeviceGetPcieReplayCounter"): _INT,
    ("nvml", "nvmlDeviceGetMemoryInfo"): {"total": _INT, "free": _INT, "used": _INT},
    ("nvml", "nvmlDeviceGetUtilizationRates"): {"gpu": _INT, "memory": _INT},
    ("nvml", "nvmlDeviceGetPciInfo"): _PCI,
    ("nvml", "nvmlDeviceGetNvLinkRemotePciInfo"): _PCI,
    ("nvml", "nvmlDeviceGetNvLinkState"): _INT,
    ("nvml", "nvmlDeviceGetNvLinkVersion"): _INT,
    ("nvml", "nvmlDeviceGetP2PStatus"): _INT,
    ("nvml", "nvmlDeviceGetTopologyCommonAncestor"): _INT,
    ("native", "nccl.version"): _INT,
    ("native", "cuda.peer"): {"can_access_peer": _INT, "access_supported": (_INT, _TEXT), "perf_rank": (_INT, _TEXT),
                              "native_atomic_supported": (_INT, _TEXT), "cuda_array_access_supported": (_INT, _TEXT)},
}


def _shape(value: Any, shape: Any, where: str) -> None:
    """Raise SchemaError unless `value` (null allowed: "no answer") has `shape`."""
    if value is None:
        return
    if isinstance(shape, tuple):
        for option in shape:
            try:
                _shape(value, option, where)
                return
            except SchemaError:
                continue
        raise SchemaError(f"{where} must be one of {', '.join(map(str, shape))}")
    if shape == _INT and not _is_int(value):
        raise SchemaError(f"{where} must be an integer")
    if shape == _TEXT and not isinstance(value, str):
        raise SchemaError(f"{where} must be text")
    if shape == "bool" and not isinstance(value, bool):
        raise SchemaError(f"{where} must be true or false")
    if isinstance(shape, list):
        if not isinstance(value, list) or len(value) > 64:
            raise SchemaError(f"{where} must be a short list")
        for index, item in enumerate(value):
            _shape(item, shape[0], f"{where}[{index}]")
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            raise SchemaError(f"{where} must be an object")
        for key, inner in shape.items():
            _shape(value.get(key), inner, f"{where}.{key}")


def _gpu_count(value: Any) -> None:
    if not (_is_int(value) and 0 <= value <= MAX_GPUS):
        raise SchemaError(f"answer.value must be a GPU count from 0 to {MAX_GPUS}")


def _cuda_devices(value: Any) -> None:
    _shape(value, {"driver_version": _INT}, "answer.value")
    devices = value.get("devices", []) if isinstance(value, dict) else None
    if not isinstance(devices, list) or len(devices) > MAX_GPUS:
        raise SchemaError(f"answer.value.devices must be a list of at most {MAX_GPUS} devices")
    for index, device in enumerate(devices):
        _shape(device, {"ordinal": _INT, "pci_bus_id": _TEXT, "name": _TEXT}, f"answer.value.devices[{index}]")


# Counts get their own bounds: a snapshot claiming 2**64 GPUs must not make a probe loop that long.
_VALUES: dict[tuple[str, str], Callable[[Any], None]] = {
    ("nvml", "nvmlDeviceGetCount"): _gpu_count,
    ("native", "cuda.devices"): _cuda_devices,
    **{call: (lambda value, shape=shape: _shape(value, shape, "answer.value")) for call, shape in _VALUE_SHAPES.items()},
}


def _plain(value: Any, depth: int = 0) -> bool:
    if isinstance(value, list):  # field ids of nvmlDeviceGetFieldValues, for one
        return depth < 2 and len(value) <= 1024 and all(_plain(item, depth + 1) for item in value)
    return value is None or isinstance(value, (str, int, float, bool))


def validate_call(kind: str, args: list, answer: Any) -> None:
    """Raise SchemaError when the recorded answer of one call does not have its kind's shape.
    Kinds this version does not know are left alone: no probe will ask for them."""
    check = _ANSWERS.get(kind)
    if check is None:
        return
    if not all(_plain(arg) for arg in args):
        raise SchemaError("its arguments must be plain values or lists of them")
    if kind != "system" and not (args and isinstance(args[0], str)):
        raise SchemaError("its first argument must be text (a command, a path, a name, a function)")
    check(answer)
    if kind in ("nvml", "native") and args and answer.get("error") is None:
        value_check = _VALUES.get((kind, args[0]))
        if value_check is not None:
            value_check(answer.get("value"))
