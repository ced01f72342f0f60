"""The one NVML wrapper: every call by name, every error turned into a value.

Probes name NVML functions as `pynvml` does and pass device *indices*; this module turns them
into handles, converts ctypes results into JSON-shaped values, and turns every NVMLError (and a
missing library, a missing function in an old driver, a hang) into an error name such as
`NVML_ERROR_NOT_SUPPORTED`, so that a snapshot can record it and a check can explain it.
"""

from __future__ import annotations

import ctypes
import sys
import threading
from typing import Any

from gpudoctor.host.answers import CallResult
from gpudoctor.host.library_thread import LibraryHung, LibraryThread
from gpudoctor.host.nvml_child import HUNG, NvmlChild
from gpudoctor.host.nvml_errors import nvml_error_name

INIT_TIMEOUT = 15.0
CALL_TIMEOUT = 5.0

# Functions whose first two arguments are devices (the rest take one device first, or none).
_TWO_DEVICE_FUNCTIONS = {
    "nvmlDeviceGetP2PStatus",
    "nvmlDeviceGetTopologyCommonAncestor",
    "nvmlDeviceOnSameBoard",
}
_NO_DEVICE_PREFIXES = ("nvmlSystem", "nvmlInit", "nvmlShutdown")
# Functions that fill a structure the caller passes (pynvml leaves it to the caller): the structure
# pynvml defines for each, answered as its fields.
_OUT_STRUCTURES = {"nvmlDeviceGetGpuFabricInfo": "c_nvmlGpuFabricInfo_t"}
_NO_DEVICE_FUNCTIONS = {"nvmlDeviceGetCount"}


def to_json_value(value: Any) -> Any:
    """ctypes structures, arrays and bytes as plain JSON values."""
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", errors="replace")
    if isinstance(value, (ctypes.Structure, ctypes.Union)):  # a field value's union holds every reading of it
        return {name: to_json_value(getattr(value, name)) for name, *_ in value._fields_}
    if type(value).__name__ == "nvmlFriendlyObject":  # pynvml's running-process records
        return {name: to_json_value(item) for name, item in vars(value).items()}
    if isinstance(value, ctypes.Array):
        return [to_json_value(v) for v in value]
    if isinstance(value, (list, tuple)):
        return [to_json_value(v) for v in value]
    if isinstance(value, ctypes._SimpleCData):
        return to_json_value(value.value)
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return str(value)


class NvmlSession:
    """Lazily loads pynvml and initialises NVML on first use, on its own thread; or asks a child process that does
    (`child`, host/nvml_child.py), while it lives."""

    def __init__(self, child: NvmlChild | None = None, helper: NvmlChild | None = None) -> None:
        self._child = child
        self._helper = helper  # a second child for the NVLink counters of every other GPU (nvml_child.py)
        self._thread = LibraryThread("NVML")
        self._early_init: threading.Thread | None = None
        self._pynvml: Any = None
        self._init_error: str | None = None
        self._initialised = False
        self._handles: dict[int, Any] = {}

    def warm_up(self) -> None:
        """Start loading and initialising NVML now, while the caller does other work.

        Importing pynvml is pure Python (55 ms on the two-H200 host) and would delay the driver's
        own initialisation, which releases the interpreter lock; so on Linux libnvidia-ml's
        nvmlInit starts at once on a thread of its own, and pynvml's nvmlInit, after the import,
        only takes a second reference (NVML counts them). A child has started NVML already."""
        if self._child is not None:
            return
        if sys.platform.startswith("linux"):
            self._early_init = threading.Thread(target=_init_driver_early, name="NVML early init", daemon=True)
            self._early_init.start()
        self._thread.submit(self._init)

    def call(self, function: str, args: tuple) -> CallResult:
        return self.call_many([(function, *args)])[0]

    def call_many(self, calls: list[tuple]) -> list[CallResult]:
        """Several calls in one trip to NVML's thread: each hand-over costs a thread switch, and the
        inventory of an eight-GPU host is hundreds of calls."""
        shared = [index for index, call in enumerate(calls) if helper_asks(call)] if self._helper is not None else []
        if shared and self._child is not None:
            return self._call_with_helper(calls, shared)
        return self._call_many(calls)

    def _call_with_helper(self, calls: list[tuple], shared: list[int]) -> list[CallResult]:
        """The calls, those at `shared` asked by the helper child at the same time as the others by the main one; a
        helper that died or hung leaves its calls to the main child (slower, never wrong)."""
        helper, asked = self._helper, [calls[index] for index in shared]
        answered: dict[str, Any] = {}
        beside = threading.Thread(target=lambda: answered.update(answers=helper.call_many(asked, _batch_wait(asked))),
                                  name="NVML helper", daemon=True)
        beside.start()
        taken = set(shared)
        others = [call for index, call in enumerate(calls) if index not in taken]
        rest = self._call_many(others) if others else []
        beside.join()
        helped = answered.get("answers")
        if not isinstance(helped, list):
            self._helper = None
            helper.stop()
            helped = self._call_many(asked)
        by_index = dict(zip(shared, helped))
        rest_in_order = iter(rest)
        return [by_index[index] if index in by_index else next(rest_in_order) for index in range(len(calls))]

    def _call_many(self, calls: list[tuple]) -> list[CallResult]:
        if self._child is not None:
            answers = self._child.call_many(calls, _batch_wait(calls))
            if answers == HUNG:
                return [CallResult(error=f"NVML_ERROR_TIMEOUT: NVML did not answer {calls[0][0]} in the child process")
                        for _ in calls]
            if answers is not None:
                return answers
            self._child = None  # it died: this process asks NVML from now on
        try:
            if not self._initialised:
                self._thread.call("nvmlInit", self._init, INIT_TIMEOUT)
            if self._init_error is not None:
                return [CallResult(error=self._init_error) for _ in calls]
            label = calls[0][0] if len(calls) == 1 else f"{len(calls)} calls from {calls[0][0]}"
            return self._thread.call(label, lambda: [self._answer(c[0], tuple(c[1:])) for c in calls],
                                     CALL_TIMEOUT + 0.05 * len(calls))
        except LibraryHung as exc:
            return [CallResult(error=f"NVML_ERROR_TIMEOUT: {exc}") for _ in calls]

    def _answer(self, function: str, args: tuple) -> CallResult:
        if function == "nvmlInit":
            return CallResult(value=True)
        try:
            return CallResult(value=self._invoke(function, args))
        except _NvmlCallError as exc:
            return CallResult(error=str(exc))

    def _init(self) -> None:
        if self._initialised:
            return
        self._initialised = True
        try:
            import pynvml
        except ImportError as exc:  # the nvidia-ml-py package itself is missing
            self._init_error = f"NVML_ERROR_LIBRARY_NOT_FOUND: pynvml is not installed ({exc})"
            return
        self._pynvml = pynvml
        if self._early_init is not None:  # never two nvmlInit calls at the same moment
            self._early_init.join(INIT_TIMEOUT)
        try:
            pynvml.nvmlInit()
        except pynvml.NVMLError as exc:
            self._init_error = nvml_error_name(exc)
        except OSError as exc:
            self._init_error = f"NVML_ERROR_LIBRARY_NOT_FOUND: {exc}"

    def _handle(self, index: int) -> Any:
        if index not in self._handles:
            self._handles[index] = self._pynvml.nvmlDeviceGetHandleByIndex(index)
        return self._handles[index]

    def _invoke(self, function: str, args: tuple) -> Any:
        pynvml = self._pynvml
        fn = getattr(pynvml, function, None)
        if fn is None:
            raise _NvmlCallError(f"NVML_ERROR_FUNCTION_NOT_FOUND: pynvml has no {function}")
        try:
            call_args = self._device_args(function, args)
            if function in _OUT_STRUCTURES:
                filled = getattr(pynvml, _OUT_STRUCTURES[function])()
                fn(*call_args, ctypes.byref(filled))
                return to_json_value(filled)
            return to_json_value(fn(*call_args))
        except pynvml.NVMLError as exc:
            raise _NvmlCallError(nvml_error_name(exc)) from None
        except (ctypes.ArgumentError, TypeError, AttributeError) as exc:
            raise _NvmlCallError(f"NVML_ERROR_INVALID_ARGUMENT: {exc}") from None
        except Exception as exc:  # e.g. a name that is not UTF-8: still a value, never a crash
            raise _NvmlCallError(f"NVML_ERROR_UNKNOWN: {type(exc).__name__}: {exc}") from None

    def _device_args(self, function: str, args: tuple) -> list:
        if function.startswith(_NO_DEVICE_PREFIXES) or function in _NO_DEVICE_FUNCTIONS:
            return list(args)
        if function in _TWO_DEVICE_FUNCTIONS:
            return [self._handle(args[0]), self._handle(args[1]), *args[2:]]
        if function == "nvmlDeviceGetHandleByIndex":
            return list(args)
        return [self._handle(args[0]), *args[1:]]

    def close(self) -> None:
        for child in (self._child, self._helper):
            if child is not None:
                child.stop()
        if self._pynvml is not None and self._init_error is None and self._thread.hung_in is None:
            try:
                self._thread.call("nvmlShutdown", self._pynvml.nvmlShutdown, CALL_TIMEOUT)
            except Exception:  # shutting down is best effort; the process is ending
                pass


class _NvmlCallError(Exception):
    pass


def _batch_wait(calls: list[tuple]) -> float:
    """How long a child may take over a batch before it counts as a hung driver."""
    return INIT_TIMEOUT + CALL_TIMEOUT + 0.05 * len(calls)


# The field-value calls the helper child asks: the NVLink error counters (54 fields a GPU on Hopper, 17-19 ms in the
# four-H200 VM, the largest share of NVML's time per GPU), of every other GPU. NVML answers different GPUs' counters
# at once from different processes (two H200s: 32-34 ms one after the other, 19 ms from two processes;
# bench/nvml_parallel.py --counters), where threads of one process wait for each other (bench/nvml_threads.py).
HELPER_FIELDS_FROM = 4  # a field-value call of this many fields or more; the one-field calls stay with the main child


def helper_asks(call: tuple) -> bool:
    return (call[0] == "nvmlDeviceGetFieldValues" and len(call) == 3 and isinstance(call[1], int) and call[1] % 2 == 1
            and len(call[2]) >= HELPER_FIELDS_FROM)


def _init_driver_early() -> None:
    """libnvidia-ml's nvmlInit_v2 through ctypes, its result left to pynvml's own call (which reports it)."""
    try:
        ctypes.CDLL("libnvidia-ml.so.1").nvmlInit_v2()
    except (OSError, AttributeError):  # no driver, or one without this symbol: pynvml says so
        pass
