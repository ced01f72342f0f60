"""The few CUDA driver and NCCL calls that `gpudoctor check` makes in-process, through ctypes.

Only queries live here (no memory is allocated, no context is created): cuInit, the device
list with PCI bus ids, cuDeviceCanAccessPeer and the P2P attributes, and ncclGetVersion of a
given NCCL library. The data-moving tests of `--deep` run in a child process instead
(gpudoctor/deep/). Errors come back as the library's own names (CUDA_ERROR_NO_DEVICE).
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any, Callable

from gpudoctor.host import cuda_child
from gpudoctor.host.answers import NOT_ASKED, CallResult
from gpudoctor.host.library_thread import LibraryHung, LibraryThread

INIT_TIMEOUT = 20.0  # cuInit alone took 0.32 s on an idle two-H200 host; a busy or broken driver takes far longer
CALL_TIMEOUT = 5.0

# CUdevice_P2PAttribute values from cuda.h.
_P2P_ATTRIBUTES = {
    "perf_rank": 1,
    "access_supported": 2,
    "native_atomic_supported": 3,
    "cuda_array_access_supported": 4,
}


# The questions only an initialised CUDA driver answers.
_NEEDS_CUINIT = frozenset({"cuda.devices", "cuda.peer"})
# The questions a CUDA child (cuda_child.py) answers, all of them at once.
_CHILD_ANSWERS = frozenset({"cuda.devices", "cuda.peer", "cuda.driver_version"})


class NativeError(Exception):
    """A library call failed; the message is the library's own error name."""


def _cuda_library_name() -> str:
    return "nvcuda.dll" if sys.platform == "win32" else "libcuda.so.1"


class NativeSession:
    """`init_cuda=False` (`check --quick`) never calls cuInit, which costs about 0.2 s per GPU (0.42 s for two
    H200s, measured in bench/cuinit_processes.py): the device list and peer answers are then NOT_ASKED,
    while the driver's CUDA version, which needs no cuInit, is still read. With a `child` (cuda_child.py) the CUDA
    driver's answers come from that process, and this one asks the driver only where the child died."""

    def __init__(self, init_cuda: bool = True, child: cuda_child.CudaChild | None = None) -> None:
        self._init_cuda = init_cuda
        self._child = child if init_cuda else None
        # NCCL gets a thread of its own: loading a 200 MB libnccl must not wait behind cuInit.
        self._thread = LibraryThread("CUDA driver")
        self._nccl_thread = LibraryThread("NCCL")
        self._cuda: Any = None
        self._cuda_library: Any = None  # loaded, whether or not cuInit succeeded
        self._cuda_error: str | None = None
        self._functions: dict[str, Callable[..., Any]] = {
            "cuda.devices": self._cuda_devices,
            "cuda.driver_version": self._cuda_driver_version,
            "cuda.peer": self._cuda_peer,
            "nccl.version": self._nccl_version,
        }

    def call(self, function: str, args: tuple) -> CallResult:
        fn = self._functions.get(function)
        if fn is None:
            return CallResult(error=f"UNKNOWN_FUNCTION: {function}")
        if not self._init_cuda and function in _NEEDS_CUINIT:
            return CallResult(error=NOT_ASKED)
        if self._child is not None and function in _CHILD_ANSWERS:
            answered = self._answer_from_child(function, args)
            if answered is not None:
                return answered
        thread = self._nccl_thread if function.startswith("nccl.") else self._thread
        timeout = INIT_TIMEOUT if self._cuda is None else CALL_TIMEOUT
        try:
            return _result(lambda: thread.call(function, lambda: fn(*args), timeout))
        except LibraryHung as exc:
            return CallResult(error=f"TIMEOUT: {exc}")

    def warm_up(self) -> None:
        """Start cuInit now (it took 0.3-0.4 s on an idle two-H200 host), while the caller does other work; a child
        started it already."""
        if self._child is None:
            self._thread.submit(self._try_load_cuda)

    def _answer_from_child(self, function: str, args: tuple) -> CallResult | None:
        """The child's answer; None where it has none (it died, or was not asked this), and this process asks."""
        answers = self._child.answers(INIT_TIMEOUT)
        if answers == cuda_child.HUNG:
            self._child = None
            self._thread.mark_hung(function)  # as a cuInit hung in this process: every later call fails at once
            return CallResult(error=f"TIMEOUT: CUDA driver did not return from {function} within {INIT_TIMEOUT:g} s")
        if not isinstance(answers, dict):
            self._child = None
            return None
        return cuda_child.answer_from(answers, function, args)

    def _load_library(self) -> Any:
        """libcuda itself, without cuInit (None where it cannot be loaded; the reason is kept)."""
        if self._cuda_library is None and self._cuda_error is None:
            try:
                self._cuda_library = ctypes.CDLL(_cuda_library_name())
            except OSError as exc:
                self._cuda_error = f"CUDA_ERROR_LIBRARY_NOT_FOUND: {exc}"
        return self._cuda_library

    def _try_load_cuda(self) -> None:
        try:
            self._load_cuda()
        except NativeError:  # the probe that asks gets the same error then
            pass

    # -- CUDA driver ---------------------------------------------------------------------------
    def _load_cuda(self) -> Any:
        if self._cuda is None and self._cuda_error is None:
            lib = self._load_library()
            if lib is not None:
                try:
                    status = lib.cuInit(0)
                except AttributeError:  # a libcuda.so.1 without cuInit: a stub or a broken driver install
                    self._cuda_error = "CUDA_ERROR_SYMBOL_NOT_FOUND: the CUDA driver library has no cuInit"
                    raise NativeError(self._cuda_error) from None
                if status != 0:
                    self._cuda_error = _cuda_error_name(lib, status)
                else:
                    self._cuda = lib
        if self._cuda_error is not None:
            raise NativeError(self._cuda_error)
        return self._cuda

    def _cuda_devices(self) -> dict:
        lib = self._load_cuda()
        version = ctypes.c_int()
        _check(lib, lib.cuDriverGetVersion(ctypes.byref(version)))
        count = ctypes.c_int()
        _check(lib, lib.cuDeviceGetCount(ctypes.byref(count)))
        devices = []
        for ordinal in range(count.value):
            device = ctypes.c_int()
            _check(lib, lib.cuDeviceGet(ctypes.byref(device), ordinal))
            bus_id = ctypes.create_string_buffer(32)
            _check(lib, lib.cuDeviceGetPCIBusId(bus_id, 32, device))
            name = ctypes.create_string_buffer(256)
            _check(lib, lib.cuDeviceGetName(name, 256, device))
            devices.append({"ordinal": ordinal, "pci_bus_id": bus_id.value.decode(), "name": name.value.decode()})
        return {"driver_version": version.value, "devices": devices}

    def _cuda_driver_version(self) -> int:
        """cuDriverGetVersion needs no cuInit, so the driver's CUDA version is known even where cuInit
        fails (no device visible, a GPU the driver does not support, a module that will not initialise)."""
        if self._init_cuda:
            self._try_load_cuda()
        lib = self._cuda or self._load_library()
        if lib is None:
            raise NativeError(self._cuda_error or "CUDA_ERROR_LIBRARY_NOT_FOUND")
        version = ctypes.c_int()
        _check(lib, lib.cuDriverGetVersion(ctypes.byref(version)))
        return version.value

    def _cuda_peer(self, ordinal: int, peer: int) -> dict:
        lib = self._load_cuda()
        can = ctypes.c_int()
        _check(lib, lib.cuDeviceCanAccessPeer(ctypes.byref(can), ordinal, peer))
        answer: dict[str, Any] = {"can_access_peer": can.value}
        for name, attribute in _P2P_ATTRIBUTES.items():
            value = ctypes.c_int()
            status = lib.cuDeviceGetP2PAttribute(ctypes.byref(value), attribute, ordinal, peer)
            answer[name] = value.value if status == 0 else _cuda_error_name(lib, status)
        return answer

    # -- NCCL ----------------------------------------------------------------------------------
    def _nccl_version(self, path: str) -> int:
        try:
            lib = ctypes.CDLL(path)
        except OSError as exc:
            raise NativeError(f"NCCL_LOAD_FAILED: {exc}") from None
        version = ctypes.c_int()
        try:
            status = lib.ncclGetVersion(ctypes.byref(version))
        except AttributeError:
            raise NativeError("NCCL_SYMBOL_NOT_FOUND: ncclGetVersion") from None
        if status != 0:
            raise NativeError(f"NCCL_ERROR_{status}")
        return version.value


def cuda_answers() -> dict:
    """Everything a check asks the CUDA driver, asked on this thread (cuda_child.py's child runs it): each answer a
    CallResult, as NativeSession.call gives it; "peers" maps every ordered pair of devices to its answer."""
    session = NativeSession()
    answers = {"cuda.devices": _result(session._cuda_devices),
               "cuda.driver_version": _result(session._cuda_driver_version)}
    devices = answers["cuda.devices"].value
    ordinals = [device["ordinal"] for device in devices["devices"]] if devices else []
    answers["peers"] = {(a, b): _result(lambda a=a, b=b: session._cuda_peer(a, b))
                        for a in ordinals for b in ordinals if a != b}
    return answers


def _result(ask: Callable[[], Any]) -> CallResult:
    """ask()'s value, or the driver's error as a CallResult's error."""
    try:
        return CallResult(value=ask())
    except NativeError as exc:
        return CallResult(error=str(exc))
    except AttributeError as exc:  # a library without the function (a stub, a broken install)
        return CallResult(error=f"CUDA_ERROR_SYMBOL_NOT_FOUND: {exc}")


def _cuda_error_name(lib: Any, status: int) -> str:
    name = ctypes.c_char_p()
    try:
        if lib.cuGetErrorName(status, ctypes.byref(name)) == 0 and name.value:
            return name.value.decode()
    except AttributeError:
        pass
    return f"CUDA_ERROR_{status}"


def _check(lib: Any, status: int) -> None:
    if status != 0:
        raise NativeError(_cuda_error_name(lib, status))
