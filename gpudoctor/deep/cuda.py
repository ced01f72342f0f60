"""Thin ctypes wrapper of the CUDA *driver* API (libcuda / nvcuda.dll).

Only what the deep tests need.  Every call is checked: a non-zero ``CUresult``
raises :class:`CudaError`, whose ``name`` is the CUresult name as returned by
``cuGetErrorName`` (e.g. ``CUDA_ERROR_PEER_ACCESS_UNSUPPORTED``).  Failures to
load the library or to find a symbol raise the same exception type with the
pseudo names ``CUDA_LIBRARY_NOT_FOUND`` / ``CUDA_SYMBOL_NOT_FOUND``.

Symbol choice follows ``cuda.h``: where the header ``#define``s an API to a
versioned symbol (``cuMemAlloc`` -> ``cuMemAlloc_v2``, ``cuStreamDestroy`` ->
``cuStreamDestroy_v2``, ``cuDevicePrimaryCtxRelease`` -> ``..._v2``,
``cuEventElapsedTime`` -> ``..._v2`` since CUDA 12.8) we bind the versioned
symbol, falling back to the legacy one only where older drivers lack it.  We
never use the NULL/legacy stream, so the ``_ptsz``/``_ptds`` variants are not
needed.  Types: ``CUdeviceptr`` = ``c_uint64``, ``size_t`` = ``c_size_t``,
``CUdevice`` = ``c_int``, handles (``CUcontext``, ``CUstream``, ``CUevent``) =
``c_void_p``, ``CUresult`` = ``c_int``.

Handles are passed around as plain Python ints (``0`` for NULL).
"""

from __future__ import annotations

import ctypes
import os
import sys
from ctypes import (
    POINTER,
    byref,
    c_char,
    c_char_p,
    c_float,
    c_int,
    c_size_t,
    c_uint,
    c_uint64,
    c_void_p,
)

from gpudoctor.deep.errors import LibraryCallError

__all__ = [
    "CudaError",
    "Cuda",
    "CUDA_ERROR_NAMES",
    "CU_MEMHOSTALLOC_PORTABLE",
    "CU_STREAM_NON_BLOCKING",
    "CU_EVENT_DEFAULT",
    "CU_EVENT_DISABLE_TIMING",
    "default_library_names",
]

# --- constants from cuda.h ---------------------------------------------------
CUDA_SUCCESS = 0
CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704
CU_MEMHOSTALLOC_PORTABLE = 0x01
CU_MEMHOSTALLOC_DEVICEMAP = 0x02
CU_MEMHOSTALLOC_WRITECOMBINED = 0x04
CU_STREAM_DEFAULT = 0x0
CU_STREAM_NON_BLOCKING = 0x1
CU_EVENT_DEFAULT = 0x0
CU_EVENT_BLOCKING_SYNC = 0x1
CU_EVENT_DISABLE_TIMING = 0x2

# Fallback names (cuda.h ``cudaError_enum``) for when cuGetErrorName is not usable.
CUDA_ERROR_NAMES = {
    0: "CUDA_SUCCESS",
    1: "CUDA_ERROR_INVALID_VALUE",
    2: "CUDA_ERROR_OUT_OF_MEMORY",
    3: "CUDA_ERROR_NOT_INITIALIZED",
    4: "CUDA_ERROR_DEINITIALIZED",
    5: "CUDA_ERROR_PROFILER_DISABLED",
    6: "CUDA_ERROR_PROFILER_NOT_INITIALIZED",
    7: "CUDA_ERROR_PROFILER_ALREADY_STARTED",
    8: "CUDA_ERROR_PROFILER_ALREADY_STOPPED",
    34: "CUDA_ERROR_STUB_LIBRARY",
    46: "CUDA_ERROR_DEVICE_UNAVAILABLE",
    100: "CUDA_ERROR_NO_DEVICE",
    101: "CUDA_ERROR_INVALID_DEVICE",
    102: "CUDA_ERROR_DEVICE_NOT_LICENSED",
    200: "CUDA_ERROR_INVALID_IMAGE",
    201: "CUDA_ERROR_INVALID_CONTEXT",
    202: "CUDA_ERROR_CONTEXT_ALREADY_CURRENT",
    205: "CUDA_ERROR_MAP_FAILED",
    206: "CUDA_ERROR_UNMAP_FAILED",
    207: "CUDA_ERROR_ARRAY_IS_MAPPED",
    208: "CUDA_ERROR_ALREADY_MAPPED",
    209: "CUDA_ERROR_NO_BINARY_FOR_GPU",
    210: "CUDA_ERROR_ALREADY_ACQUIRED",
    211: "CUDA_ERROR_NOT_MAPPED",
    212: "CUDA_ERROR_NOT_MAPPED_AS_ARRAY",
    213: "CUDA_ERROR_NOT_MAPPED_AS_POINTER",
    214: "CUDA_ERROR_ECC_UNCORRECTABLE",
    215: "CUDA_ERROR_UNSUPPORTED_LIMIT",
    216: "CUDA_ERROR_CONTEXT_ALREADY_IN_USE",
    217: "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED",
    218: "CUDA_ERROR_INVALID_PTX",
    219: "CUDA_ERROR_INVALID_GRAPHICS_CONTEXT",
    220: "CUDA_ERROR_NVLINK_UNCORRECTABLE",
    221: "CUDA_ERROR_JIT_COMPILER_NOT_FOUND",
    222: "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
    223: "CUDA_ERROR_JIT_COMPILATION_DISABLED",
    224: "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY",
    225: "CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC",
    300: "CUDA_ERROR_INVALID_SOURCE",
    301: "CUDA_ERROR_FILE_NOT_FOUND",
    302: "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND",
    303: "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
    304: "CUDA_ERROR_OPERATING_SYSTEM",
    400: "CUDA_ERROR_INVALID_HANDLE",
    401: "CUDA_ERROR_ILLEGAL_STATE",
    402: "CUDA_ERROR_LOSSY_QUERY",
    500: "CUDA_ERROR_NOT_FOUND",
    600: "CUDA_ERROR_NOT_READY",
    700: "CUDA_ERROR_ILLEGAL_ADDRESS",
    701: "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
    702: "CUDA_ERROR_LAUNCH_TIMEOUT",
    703: "CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING",
    704: "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED",
    705: "CUDA_ERROR_PEER_ACCESS_NOT_ENABLED",
    708: "CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE",
    709: "CUDA_ERROR_CONTEXT_IS_DESTROYED",
    710: "CUDA_ERROR_ASSERT",
    711: "CUDA_ERROR_TOO_MANY_PEERS",
    712: "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED",
    713: "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED",
    714: "CUDA_ERROR_HARDWARE_STACK_ERROR",
    715: "CUDA_ERROR_ILLEGAL_INSTRUCTION",
    716: "CUDA_ERROR_MISALIGNED_ADDRESS",
    717: "CUDA_ERROR_INVALID_ADDRESS_SPACE",
    718: "CUDA_ERROR_INVALID_PC",
    719: "CUDA_ERROR_LAUNCH_FAILED",
    720: "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
    800: "CUDA_ERROR_NOT_PERMITTED",
    801: "CUDA_ERROR_NOT_SUPPORTED",
    802: "CUDA_ERROR_SYSTEM_NOT_READY",
    803: "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
    804: "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
    805: "CUDA_ERROR_MPS_CONNECTION_FAILED",
    806: "CUDA_ERROR_MPS_RPC_FAILURE",
    807: "CUDA_ERROR_MPS_SERVER_NOT_READY",
    808: "CUDA_ERROR_MPS_MAX_CLIENTS_REACHED",
    809: "CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED",
    810: "CUDA_ERROR_MPS_CLIENT_TERMINATED",
    900: "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
    901: "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
    902: "CUDA_ERROR_STREAM_CAPTURE_MERGE",
    903: "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED",
    904: "CUDA_ERROR_STREAM_CAPTURE_UNJOINED",
    905: "CUDA_ERROR_STREAM_CAPTURE_ISOLATION",
    906: "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT",
    907: "CUDA_ERROR_CAPTURED_EVENT",
    908: "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD",
    909: "CUDA_ERROR_TIMEOUT",
    910: "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE",
    911: "CUDA_ERROR_EXTERNAL_DEVICE",
    912: "CUDA_ERROR_INVALID_CLUSTER_SIZE",
    999: "CUDA_ERROR_UNKNOWN",
}

_CUdeviceptr = c_uint64
_CUdevice = c_int
_handle = c_void_p  # CUcontext / CUstream / CUevent (opaque pointers)

# name -> (candidate symbols in order of preference, argtypes).  restype is CUresult (c_int).
_SPECS = {
    "cuInit": (("cuInit",), (c_uint,)),
    "cuDriverGetVersion": (("cuDriverGetVersion",), (POINTER(c_int),)),
    "cuDeviceGetCount": (("cuDeviceGetCount",), (POINTER(c_int),)),
    "cuDeviceGet": (("cuDeviceGet",), (POINTER(_CUdevice), c_int)),
    "cuDeviceGetName": (("cuDeviceGetName",), (POINTER(c_char), c_int, _CUdevice)),
    "cuDeviceGetPCIBusId": (("cuDeviceGetPCIBusId",), (POINTER(c_char), c_int, _CUdevice)),
    "cuDevicePrimaryCtxRetain": (("cuDevicePrimaryCtxRetain",), (POINTER(_handle), _CUdevice)),
    "cuDevicePrimaryCtxRelease": (
        ("cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"),
        (_CUdevice,),
    ),
    "cuCtxSetCurrent": (("cuCtxSetCurrent",), (_handle,)),
    "cuCtxEnablePeerAccess": (("cuCtxEnablePeerAccess",), (_handle, c_uint)),
    "cuDeviceCanAccessPeer": (("cuDeviceCanAccessPeer",), (POINTER(c_int), _CUdevice, _CUdevice)),
    "cuMemAlloc": (("cuMemAlloc_v2",), (POINTER(_CUdeviceptr), c_size_t)),
    "cuMemFree": (("cuMemFree_v2",), (_CUdeviceptr,)),
    "cuMemHostAlloc": (("cuMemHostAlloc",), (POINTER(c_void_p), c_size_t, c_uint)),
    "cuMemFreeHost": (("cuMemFreeHost",), (c_void_p,)),
    "cuMemsetD32Async": (("cuMemsetD32Async",), (_CUdeviceptr, c_uint, c_size_t, _handle)),
    "cuMemcpyPeerAsync": (
        ("cuMemcpyPeerAsync",),
        (_CUdeviceptr, _handle, _CUdeviceptr, _handle, c_size_t, _handle),
    ),
    "cuMemcpyHtoDAsync": (("cuMemcpyHtoDAsync_v2",), (_CUdeviceptr, c_void_p, c_size_t, _handle)),
    "cuMemcpyDtoDAsync": (("cuMemcpyDtoDAsync_v2",), (_CUdeviceptr, _CUdeviceptr, c_size_t, _handle)),
    "cuMemGetInfo": (("cuMemGetInfo_v2",), (POINTER(c_size_t), POINTER(c_size_t))),
    "cuMemcpyDtoHAsync": (("cuMemcpyDtoHAsync_v2",), (c_void_p, _CUdeviceptr, c_size_t, _handle)),
    "cuStreamCreate": (("cuStreamCreate",), (POINTER(_handle), c_uint)),
    "cuStreamDestroy": (("cuStreamDestroy_v2",), (_handle,)),
    "cuStreamSynchronize": (("cuStreamSynchronize",), (_handle,)),
    "cuStreamWaitEvent": (("cuStreamWaitEvent",), (_handle, _handle, c_uint)),
    "cuEventCreate": (("cuEventCreate",), (POINTER(_handle), c_uint)),
    "cuEventRecord": (("cuEventRecord",), (_handle, _handle)),
    "cuEventSynchronize": (("cuEventSynchronize",), (_handle,)),
    "cuEventElapsedTime": (
        ("cuEventElapsedTime_v2", "cuEventElapsedTime"),
        (POINTER(c_float), _handle, _handle),
    ),
    "cuEventDestroy": (("cuEventDestroy_v2",), (_handle,)),
    "cuGetErrorName": (("cuGetErrorName",), (c_int, POINTER(c_char_p))),
    "cuGetErrorString": (("cuGetErrorString",), (c_int, POINTER(c_char_p))),
}


class CudaError(LibraryCallError):
    """A failed CUDA driver call (or a library or symbol loading problem)."""


def default_library_names():
    """Names tried, in order, to load the driver library."""
    if os.name == "nt":
        return ["nvcuda.dll"]
    if sys.platform == "darwin":  # pragma: no cover - no CUDA on macOS
        return ["libcuda.dylib"]
    return ["libcuda.so.1", "libcuda.so"]


def _missing(func_name, symbols):
    def stub(*_args):
        raise CudaError(
            "CUDA_SYMBOL_NOT_FOUND",
            func=func_name,
            message="driver library exports none of: %s" % ", ".join(symbols),
        )

    return stub


class Cuda:
    """Checked access to the driver API.  ``lib`` may be a ctypes library or a fake object."""

    def __init__(self, lib, path=None):
        self.lib = lib
        self.path = path
        self.symbols = {}  # python name -> bound symbol name (None when missing)
        self._fn = {}
        for name, (candidates, argtypes) in _SPECS.items():
            fn = None
            for sym in candidates:
                fn = getattr(lib, sym, None)
                if fn is not None:
                    self.symbols[name] = sym
                    break
            if fn is None:
                self.symbols[name] = None
                self._fn[name] = _missing(name, candidates)
                continue
            if isinstance(fn, ctypes._CFuncPtr):  # real library: declare the C signature
                fn.argtypes = list(argtypes)
                fn.restype = c_int
            self._fn[name] = fn

    # --- loading -----------------------------------------------------------------
    @classmethod
    def load(cls, path=None):
        """Load the driver library (``path`` or the platform default names)."""
        names = [path] if path else default_library_names()
        errors = []
        loader = ctypes.CDLL
        if os.name == "nt":  # CUDAAPI is __stdcall on Windows (same as cdecl on x64)
            loader = getattr(ctypes, "WinDLL", ctypes.CDLL)
        for name in names:
            try:
                return cls(loader(name), path=name)
            except OSError as exc:
                errors.append("%s: %s" % (name, exc))
        raise CudaError(
            "CUDA_LIBRARY_NOT_FOUND",
            func="load",
            message="cannot load the CUDA driver library (%s)" % "; ".join(errors),
        )

    # --- error plumbing ----------------------------------------------------------
    def error_name(self, code):
        ptr = c_char_p()
        try:
            rc = self._fn["cuGetErrorName"](c_int(code), byref(ptr))
        except Exception:  # missing symbol or broken fake
            rc = -1
        if rc == CUDA_SUCCESS and ptr.value:
            return ptr.value.decode("ascii", "replace")
        return CUDA_ERROR_NAMES.get(code, "CUDA_ERROR_UNKNOWN_CODE_%d" % code)

    def error_string(self, code):
        ptr = c_char_p()
        try:
            rc = self._fn["cuGetErrorString"](c_int(code), byref(ptr))
        except Exception:
            return None
        if rc == CUDA_SUCCESS and ptr.value:
            return ptr.value.decode("utf-8", "replace")
        return None

    def error(self, func, code):
        return CudaError(self.error_name(code), code=code, func=func, message=self.error_string(code))

    def call(self, func, *args):
        """Call ``func`` and raise :class:`CudaError` on a non-zero CUresult."""
        rc = self._fn[func](*args)
        if rc != CUDA_SUCCESS:
            raise self.error(func, rc)
        return rc

    # --- init / devices ------------------------------------------------------------
    def init(self, flags=0):
        self.call("cuInit", c_uint(flags))

    def driver_version(self):
        v = c_int(0)
        self.call("cuDriverGetVersion", byref(v))
        return v.value

    def device_count(self):
        n = c_int(0)
        self.call("cuDeviceGetCount", byref(n))
        return n.value

    def device_get(self, ordinal):
        d = _CUdevice(0)
        self.call("cuDeviceGet", byref(d), c_int(ordinal))
        return d.value

    def device_name(self, dev):
        buf = ctypes.create_string_buffer(256)
        self.call("cuDeviceGetName", buf, c_int(len(buf)), _CUdevice(dev))
        return buf.value.decode("utf-8", "replace")

    def device_pci_bus_id(self, dev):
        buf = ctypes.create_string_buffer(64)
        self.call("cuDeviceGetPCIBusId", buf, c_int(len(buf)), _CUdevice(dev))
        return buf.value.decode("ascii", "replace")

    def can_access_peer(self, dev, peer_dev):
        v = c_int(0)
        self.call("cuDeviceCanAccessPeer", byref(v), _CUdevice(dev), _CUdevice(peer_dev))
        return bool(v.value)

    # --- contexts ------------------------------------------------------------------
    def primary_ctx_retain(self, dev):
        ctx = c_void_p()
        self.call("cuDevicePrimaryCtxRetain", byref(ctx), _CUdevice(dev))
        return ctx.value or 0

    def primary_ctx_release(self, dev):
        self.call("cuDevicePrimaryCtxRelease", _CUdevice(dev))

    def ctx_set_current(self, ctx):
        self.call("cuCtxSetCurrent", c_void_p(ctx or None))

    def ctx_enable_peer_access(self, peer_ctx):
        """Let the *current* context access ``peer_ctx``'s memory.

        Returns True if newly enabled, False if it was already enabled.
        """
        rc = self._fn["cuCtxEnablePeerAccess"](c_void_p(peer_ctx or None), c_uint(0))
        if rc == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED:
            return False
        if rc != CUDA_SUCCESS:
            raise self.error("cuCtxEnablePeerAccess", rc)
        return True

    # --- memory --------------------------------------------------------------------
    def mem_alloc(self, nbytes):
        p = _CUdeviceptr(0)
        self.call("cuMemAlloc", byref(p), c_size_t(nbytes))
        return p.value

    def mem_free(self, dptr):
        self.call("cuMemFree", _CUdeviceptr(dptr))

    def mem_host_alloc(self, nbytes, flags=CU_MEMHOSTALLOC_PORTABLE):
        p = c_void_p()
        self.call("cuMemHostAlloc", byref(p), c_size_t(nbytes), c_uint(flags))
        return p.value or 0

    def mem_free_host(self, ptr):
        self.call("cuMemFreeHost", c_void_p(ptr or None))

    def memset_d32_async(self, dptr, value, count, stream):
        self.call(
            "cuMemsetD32Async",
            _CUdeviceptr(dptr),
            c_uint(value & 0xFFFFFFFF),
            c_size_t(count),
            c_void_p(stream or None),
        )

    def memcpy_peer_async(self, dst, dst_ctx, src, src_ctx, nbytes, stream):
        self.call(
            "cuMemcpyPeerAsync",
            _CUdeviceptr(dst),
            c_void_p(dst_ctx or None),
            _CUdeviceptr(src),
            c_void_p(src_ctx or None),
            c_size_t(nbytes),
            c_void_p(stream or None),
        )

    def memcpy_htod_async(self, dst, src_host, nbytes, stream):
        self.call(
            "cuMemcpyHtoDAsync",
            _CUdeviceptr(dst),
            c_void_p(src_host or None),
            c_size_t(nbytes),
            c_void_p(stream or None),
        )

    def memcpy_dtoh_async(self, dst_host, src, nbytes, stream):
        self.call(
            "cuMemcpyDtoHAsync",
            c_void_p(dst_host or None),
            _CUdeviceptr(src),
            c_size_t(nbytes),
            c_void_p(stream or None),
        )

    def memcpy_dtod_async(self, dst, src, nbytes, stream):
        self.call("cuMemcpyDtoDAsync", _CUdeviceptr(dst), _CUdeviceptr(src), c_size_t(nbytes),
                  c_void_p(stream or None))

    def mem_get_info(self):
        """(free, total) bytes of the current context's device."""
        free, total = c_size_t(0), c_size_t(0)
        self.call("cuMemGetInfo", byref(free), byref(total))
        return free.value, total.value

    # --- streams / events ------------------------------------------------------------
    def stream_create(self, flags=CU_STREAM_NON_BLOCKING):
        s = c_void_p()
        self.call("cuStreamCreate", byref(s), c_uint(flags))
        return s.value or 0

    def stream_destroy(self, stream):
        self.call("cuStreamDestroy", c_void_p(stream or None))

    def stream_synchronize(self, stream):
        self.call("cuStreamSynchronize", c_void_p(stream or None))

    def stream_wait_event(self, stream, event, flags=0):
        self.call("cuStreamWaitEvent", c_void_p(stream or None), c_void_p(event or None), c_uint(flags))

    def event_create(self, flags=CU_EVENT_DEFAULT):
        e = c_void_p()
        self.call("cuEventCreate", byref(e), c_uint(flags))
        return e.value or 0

    def event_record(self, event, stream):
        self.call("cuEventRecord", c_void_p(event or None), c_void_p(stream or None))

    def event_synchronize(self, event):
        self.call("cuEventSynchronize", c_void_p(event or None))

    def event_elapsed_ms(self, start, end):
        ms = c_float(0.0)
        self.call("cuEventElapsedTime", byref(ms), c_void_p(start or None), c_void_p(end or None))
        return float(ms.value)

    def event_destroy(self, event):
        self.call("cuEventDestroy", c_void_p(event or None))


def version_string(driver_version):
    """13000 -> '13.0' (cuDriverGetVersion encoding: 1000*major + 10*minor)."""
    if not driver_version:
        return None
    return "%d.%d" % (driver_version // 1000, (driver_version % 1000) // 10)
