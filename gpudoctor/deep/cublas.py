"""Thin ctypes wrapper of cuBLAS: one handle per device and the one call the stress load needs.

The stress load (gpudoctor/deep/stress.py) multiplies half-precision matrices with ``cublasGemmEx``,
the call PyTorch's ``a @ b`` ends in, so the GPU draws the power a real training step draws. cuBLAS
comes with every CUDA toolkit and with PyTorch's pip wheels (``nvidia/cublas/lib`` for CUDA 12,
``nvidia/cu13/lib`` for CUDA 13), so no PyTorch is needed. Every call is checked: a status other
than CUBLAS_STATUS_SUCCESS raises :class:`CublasError` with cuBLAS's own name for it.
"""

from __future__ import annotations

import ctypes
import glob
import os
import sys
from ctypes import byref, c_float, c_int, c_void_p

from gpudoctor.deep.errors import LibraryCallError

# cublas_api.h / library_types.h
CUBLAS_OP_N = 0
CUBLAS_OP_T = 1
CUDA_R_16F = 2
CUBLAS_COMPUTE_32F = 68
CUBLAS_GEMM_DEFAULT = -1

STATUS_NAMES = {
    0: "CUBLAS_STATUS_SUCCESS",
    1: "CUBLAS_STATUS_NOT_INITIALIZED",
    3: "CUBLAS_STATUS_ALLOC_FAILED",
    7: "CUBLAS_STATUS_INVALID_VALUE",
    8: "CUBLAS_STATUS_ARCH_MISMATCH",
    11: "CUBLAS_STATUS_MAPPING_ERROR",
    13: "CUBLAS_STATUS_EXECUTION_FAILED",
    14: "CUBLAS_STATUS_INTERNAL_ERROR",
    15: "CUBLAS_STATUS_NOT_SUPPORTED",
    16: "CUBLAS_STATUS_LICENSE_ERROR",
}

_LINUX_NAMES = ("libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so")
_WINDOWS_NAMES = ("cublas64_13.dll", "cublas64_12.dll", "cublas64_11.dll")


class CublasError(LibraryCallError):
    """A failed cuBLAS call, or no cuBLAS library to load."""


def library_candidates():
    """Where cuBLAS may be, in order: pip wheels beside this Python, the toolkit, the loader's path."""
    if os.name == "nt":
        return list(_WINDOWS_NAMES)
    found = []
    for entry in sys.path:
        if entry and os.path.isdir(os.path.join(entry, "nvidia")):
            for pattern in ("nvidia/cu*/lib/libcublas.so.*", "nvidia/cublas/lib/libcublas.so.*"):
                found += sorted(p for p in glob.glob(os.path.join(entry, pattern)) if "Lt" not in os.path.basename(p))
    for home in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if home:
            found += sorted(glob.glob(os.path.join(home, "lib64", "libcublas.so.[0-9]*")), reverse=True)
    return found + list(_LINUX_NAMES)


class Cublas:
    """cuBLAS calls; ``lib`` is a ctypes library (or a fake object in tests)."""

    def __init__(self, lib, path=None):
        self.lib = lib
        self.path = path

    @classmethod
    def load(cls, path=None):
        errors = []
        for name in [path] if path else library_candidates():
            try:
                return cls(ctypes.CDLL(name), path=name)
            except OSError as exc:
                errors.append("%s: %s" % (name, exc))
        raise CublasError("CUBLAS_LIBRARY_NOT_FOUND", func="load",
                          message="cannot load cuBLAS (%s)" % "; ".join(errors[-3:]))

    def call(self, func, *args):
        fn = getattr(self.lib, func, None)
        if fn is None:
            raise CublasError("CUBLAS_SYMBOL_NOT_FOUND", func=func, message="%s exports no %s" % (self.path, func))
        status = fn(*args)
        if status != 0:
            raise CublasError(STATUS_NAMES.get(status, "CUBLAS_STATUS_%d" % status), code=status, func=func)

    def version(self):
        """cuBLAS's version as an int (e.g. 130100), or None where it cannot say."""
        value = c_int(0)
        fn = getattr(self.lib, "cublasGetProperty", None)
        if fn is None:
            return None
        parts = []
        for prop in (0, 1, 2):  # MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL
            if fn(c_int(prop), byref(value)) != 0:
                return None
            parts.append(value.value)
        return parts[0] * 10000 + parts[1] * 100 + parts[2]

    def create(self, stream):
        """A handle bound to the current context's device, issuing its work on `stream`."""
        handle = c_void_p()
        self.call("cublasCreate_v2", byref(handle))
        self.call("cublasSetStream_v2", handle, c_void_p(stream or None))
        return handle.value

    def destroy(self, handle):
        self.call("cublasDestroy_v2", c_void_p(handle))

    def gemm_tn_half(self, handle, m, n, k, a, b, c):
        """C (m x n, fp16) = A^T B with A (k x m) and B (k x n) fp16, column-major, fp32 accumulation."""
        one, zero = c_float(1.0), c_float(0.0)
        self.call(
            "cublasGemmEx", c_void_p(handle), c_int(CUBLAS_OP_T), c_int(CUBLAS_OP_N), c_int(m), c_int(n), c_int(k),
            byref(one), ctypes.c_uint64(a), c_int(CUDA_R_16F), c_int(k), ctypes.c_uint64(b), c_int(CUDA_R_16F),
            c_int(k), byref(zero), ctypes.c_uint64(c), c_int(CUDA_R_16F), c_int(m), c_int(CUBLAS_COMPUTE_32F),
            c_int(CUBLAS_GEMM_DEFAULT),
        )

