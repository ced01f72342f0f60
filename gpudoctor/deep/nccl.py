"""Thin ctypes wrapper of libnccl (loaded from an explicit path).

Signatures follow ``nccl.h``::

    ncclResult_t ncclGetVersion(int *version);
    ncclResult_t ncclCommInitAll(ncclComm_t *comm, int ndev, const int *devlist);
    ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                               ncclDataType_t datatype, ncclRedOp_t op,
                               ncclComm_t comm, cudaStream_t stream);
    ncclResult_t ncclGroupStart(void);  ncclResult_t ncclGroupEnd(void);
    ncclResult_t ncclCommDestroy(ncclComm_t comm);
    ncclResult_t ncclCommGetAsyncError(ncclComm_t comm, ncclResult_t *asyncError);
    const char *ncclGetErrorString(ncclResult_t result);
    const char *ncclGetLastError(ncclComm_t comm);          /* NCCL >= 2.13 */

``ncclComm_t`` and ``cudaStream_t`` are opaque pointers (``c_void_p``); enums are
``c_int``.  A ``cudaStream_t`` is the same object as a driver ``CUstream``.

One process drives all GPUs (``ncclCommInitAll``), so per-rank collective calls
must be issued between :meth:`Nccl.group_start` and :meth:`Nccl.group_end`.
Every failing call raises :class:`NcclError` carrying the ``ncclResult_t`` name.
"""

from __future__ import annotations

import ctypes
import os
import sys
from ctypes import POINTER, byref, c_char_p, c_int, c_size_t, c_void_p

from gpudoctor.deep.errors import LibraryCallError

__all__ = ["NcclError", "Nccl", "NCCL_RESULT_NAMES", "ncclFloat32", "ncclSum", "find_nccl"]

ncclSuccess = 0
ncclInProgress = 7
NCCL_RESULT_NAMES = {
    0: "ncclSuccess",
    1: "ncclUnhandledCudaError",
    2: "ncclSystemError",
    3: "ncclInternalError",
    4: "ncclInvalidArgument",
    5: "ncclInvalidUsage",
    6: "ncclRemoteError",
    7: "ncclInProgress",
    8: "ncclTimeout",
}

# ncclDataType_t / ncclRedOp_t values from nccl.h
ncclFloat32 = 7
ncclSum = 0

_SPECS = {
    # name: (argtypes, restype, required)
    "ncclGetVersion": ((POINTER(c_int),), c_int, True),
    "ncclCommInitAll": ((POINTER(c_void_p), c_int, POINTER(c_int)), c_int, True),
    "ncclAllReduce": ((c_void_p, c_void_p, c_size_t, c_int, c_int, c_void_p, c_void_p), c_int, True),
    "ncclGroupStart": ((), c_int, True),
    "ncclGroupEnd": ((), c_int, True),
    "ncclCommDestroy": ((c_void_p,), c_int, True),
    "ncclGetErrorString": ((c_int,), c_char_p, True),
    "ncclGetLastError": ((c_void_p,), c_char_p, False),
    "ncclCommGetAsyncError": ((c_void_p, POINTER(c_int)), c_int, False),
}


class NcclError(LibraryCallError):
    """A failed NCCL call (or a library loading problem)."""


def _decode(value):
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def find_nccl(search_path=None):
    """Best-effort location of libnccl when no explicit path is given.

    Looks for the pip wheel layout ``<site-packages>/nvidia/nccl/lib/libnccl.so.2``
    on ``sys.path``; returns None when not found (cheap: a few stat calls).
    """
    if os.name == "nt":
        return None
    for entry in search_path if search_path is not None else sys.path:
        if not entry:
            continue
        cand = os.path.join(entry, "nvidia", "nccl", "lib", "libnccl.so.2")
        if os.path.isfile(cand):
            return cand
    return None


class Nccl:
    """Checked access to libnccl.  ``lib`` may be a ctypes library or a fake object."""

    def __init__(self, lib, path=None):
        self.lib = lib
        self.path = path
        self._fn = {}
        for name, (argtypes, restype, _required) in _SPECS.items():
            fn = getattr(lib, name, None)
            if fn is None:
                self._fn[name] = None
                continue
            if isinstance(fn, ctypes._CFuncPtr):
                fn.argtypes = list(argtypes)
                fn.restype = restype
            self._fn[name] = fn
        missing = [n for n, (_a, _r, req) in _SPECS.items() if req and self._fn[n] is None]
        if missing:
            raise NcclError(
                "NCCL_SYMBOL_NOT_FOUND",
                func="load",
                message="%s does not export: %s" % (path or "libnccl", ", ".join(missing)),
            )

    @classmethod
    def load(cls, path):
        if not path:
            raise NcclError("NCCL_LIBRARY_NOT_FOUND", func="load", message="no libnccl path given")
        try:
            lib = ctypes.CDLL(path)
        except OSError as exc:
            raise NcclError(
                "NCCL_LIBRARY_NOT_FOUND", func="load", message="cannot load %s: %s" % (path, exc)
            ) from None
        return cls(lib, path=path)

    # --- error plumbing ----------------------------------------------------------
    def error_string(self, code):
        try:
            return _decode(self._fn["ncclGetErrorString"](c_int(code)))
        except Exception:
            return None

    def last_error(self, comm=0):
        fn = self._fn.get("ncclGetLastError")
        if fn is None:
            return None
        try:
            return _decode(fn(c_void_p(comm or None))) or None
        except Exception:
            return None

    def error(self, func, code, comm=0):
        name = NCCL_RESULT_NAMES.get(code, "ncclResult_%d" % code)
        parts = [p for p in (self.error_string(code), self.last_error(comm)) if p]
        return NcclError(name, code=code, func=func, message="; ".join(parts) or None)

    def call(self, func, *args, comm=0):
        rc = self._fn[func](*args)
        if rc != ncclSuccess:
            raise self.error(func, rc, comm)
        return rc

    # --- API -----------------------------------------------------------------------
    def get_version(self):
        v = c_int(0)
        self.call("ncclGetVersion", byref(v))
        return v.value

    def comm_init_all(self, devices):
        """One communicator per device; rank r <-> devices[r].  Returns a list of handles."""
        n = len(devices)
        comms = (c_void_p * n)()
        devlist = (c_int * n)(*devices)
        self.call("ncclCommInitAll", comms, c_int(n), devlist)
        return [c or 0 for c in comms]

    def all_reduce(self, sendbuff, recvbuff, count, datatype, op, comm, stream):
        self.call(
            "ncclAllReduce",
            c_void_p(sendbuff or None),
            c_void_p(recvbuff or None),
            c_size_t(count),
            c_int(datatype),
            c_int(op),
            c_void_p(comm or None),
            c_void_p(stream or None),
            comm=comm,
        )

    def group_start(self):
        self.call("ncclGroupStart")

    def group_end(self):
        self.call("ncclGroupEnd")

    def comm_destroy(self, comm):
        self.call("ncclCommDestroy", c_void_p(comm or None), comm=comm)

    def comm_async_error(self, comm):
        """The communicator's asynchronous error code (0 when fine or unsupported)."""
        fn = self._fn.get("ncclCommGetAsyncError")
        if fn is None:
            return 0
        v = c_int(0)
        rc = fn(c_void_p(comm or None), byref(v))
        if rc != ncclSuccess:
            raise self.error("ncclCommGetAsyncError", rc, comm)
        return v.value

    def check_async(self, comm):
        code = self.comm_async_error(comm)
        if code not in (ncclSuccess, ncclInProgress):
            raise self.error("ncclCommGetAsyncError", code, comm)
