"""cuda.py: error-name plumbing, symbol choice and argument types, with fake libraries."""

import ctypes
from ctypes import CFUNCTYPE, c_int, c_size_t, c_uint, c_uint64, c_void_p

import pytest

from gpudoctor.deep import cuda as cu
from gpudoctor.deep.cuda import Cuda, CudaError


class FakeLib:
    """Attributes are the exported symbols; each records its calls."""

    def __init__(self, **funcs):
        self.calls = []
        for name, fn in funcs.items():
            setattr(self, name, self._wrap(name, fn))

    def _wrap(self, name, fn):
        def call(*args):
            self.calls.append((name, args))
            return fn(*args)

        return call


_NAMES = {}  # keep the bytes alive: a c_char_p only points at them


def _error_name_impl(table):
    def impl(code, pstr):
        name = table.get(code.value if isinstance(code, c_int) else code)
        if name is None:
            return 1  # CUDA_ERROR_INVALID_VALUE, pstr untouched
        data = _NAMES.setdefault(name, name.encode())
        pstr._obj.value = data
        return 0

    return impl


def test_failing_call_raises_with_driver_name():
    lib = FakeLib(
        cuInit=lambda flags: 100,
        cuGetErrorName=_error_name_impl({100: "CUDA_ERROR_NO_DEVICE"}),
    )
    c = Cuda(lib)
    with pytest.raises(CudaError) as exc:
        c.init()
    assert exc.value.name == "CUDA_ERROR_NO_DEVICE"
    assert exc.value.code == 100
    assert exc.value.func == "cuInit"
    assert "CUDA_ERROR_NO_DEVICE" in str(exc.value)


def test_peer_access_unsupported_name_from_driver():
    lib = FakeLib(
        cuMemcpyPeerAsync=lambda *a: 217,
        cuGetErrorName=_error_name_impl({217: "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"}),
        cuGetErrorString=lambda code, p: 1,
    )
    c = Cuda(lib)
    with pytest.raises(CudaError) as exc:
        c.memcpy_peer_async(1, 2, 3, 4, 5, 6)
    assert exc.value.name == "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"
    assert exc.value.message is None


def test_error_name_falls_back_to_table_then_generic():
    lib = FakeLib(cuMemAlloc_v2=lambda p, n: 2, cuDeviceGet=lambda p, o: 4242, cuGetErrorName=lambda c, p: 1)
    c = Cuda(lib)
    with pytest.raises(CudaError) as exc:
        c.mem_alloc(10)
    assert exc.value.name == "CUDA_ERROR_OUT_OF_MEMORY"
    with pytest.raises(CudaError) as exc:
        c.device_get(0)
    assert exc.value.name == "CUDA_ERROR_UNKNOWN_CODE_4242"


def test_error_name_without_cuGetErrorName_symbol():
    c = Cuda(FakeLib(cuInit=lambda f: 3))
    with pytest.raises(CudaError) as exc:
        c.init()
    assert exc.value.name == "CUDA_ERROR_NOT_INITIALIZED"


def test_missing_symbol_raises_only_when_used():
    c = Cuda(FakeLib(cuInit=lambda f: 0))
    c.init()
    assert c.symbols["cuMemcpyPeerAsync"] is None
    with pytest.raises(CudaError) as exc:
        c.memcpy_peer_async(1, 2, 3, 4, 5, 6)
    assert exc.value.name == "CUDA_SYMBOL_NOT_FOUND"
    assert "cuMemcpyPeerAsync" in exc.value.message


def test_versioned_symbols_preferred_with_fallback():
    c = Cuda(FakeLib(cuEventElapsedTime_v2=lambda *a: 0, cuEventElapsedTime=lambda *a: 0))
    assert c.symbols["cuEventElapsedTime"] == "cuEventElapsedTime_v2"
    c = Cuda(FakeLib(cuEventElapsedTime=lambda *a: 0))
    assert c.symbols["cuEventElapsedTime"] == "cuEventElapsedTime"
    c = Cuda(FakeLib(cuDevicePrimaryCtxRelease_v2=lambda d: 0, cuDevicePrimaryCtxRelease=lambda d: 0))
    assert c.symbols["cuDevicePrimaryCtxRelease"] == "cuDevicePrimaryCtxRelease_v2"
    # the header maps these to _v2 only: no legacy fallback
    c = Cuda(FakeLib(cuMemAlloc=lambda *a: 0, cuStreamDestroy=lambda *a: 0))
    assert c.symbols["cuMemAlloc"] is None
    assert c.symbols["cuStreamDestroy"] is None


def test_argument_types_passed():
    lib = FakeLib(
        cuMemAlloc_v2=lambda p, n: 0,
        cuMemcpyPeerAsync=lambda *a: 0,
        cuMemcpyHtoDAsync_v2=lambda *a: 0,
        cuMemcpyDtoHAsync_v2=lambda *a: 0,
        cuMemsetD32Async=lambda *a: 0,
        cuMemHostAlloc=lambda p, n, f: 0,
        cuStreamCreate=lambda p, f: 0,
    )
    c = Cuda(lib)
    c.mem_alloc(1 << 30)
    c.memcpy_peer_async(0x1000, 11, 0x2000, 22, 1 << 30, 33)
    c.memcpy_htod_async(0x1000, 0x7000, 64, 33)
    c.memcpy_dtoh_async(0x7000, 0x1000, 64, 33)
    c.memset_d32_async(0x1000, 0xDEADBEEF, 16, 33)
    c.mem_host_alloc(4096)
    c.stream_create()
    calls = dict(lib.calls)
    (p, n) = calls["cuMemAlloc_v2"]
    assert isinstance(p._obj, c_uint64) and isinstance(n, c_size_t) and n.value == 1 << 30
    a = calls["cuMemcpyPeerAsync"]
    assert [type(x) for x in a] == [c_uint64, c_void_p, c_uint64, c_void_p, c_size_t, c_void_p]
    assert (a[0].value, a[1].value, a[2].value, a[3].value, a[4].value, a[5].value) == (
        0x1000,
        11,
        0x2000,
        22,
        1 << 30,
        33,
    )
    assert [type(x) for x in calls["cuMemcpyHtoDAsync_v2"]] == [c_uint64, c_void_p, c_size_t, c_void_p]
    assert [type(x) for x in calls["cuMemcpyDtoHAsync_v2"]] == [c_void_p, c_uint64, c_size_t, c_void_p]
    m = calls["cuMemsetD32Async"]
    assert [type(x) for x in m] == [c_uint64, c_uint, c_size_t, c_void_p]
    assert m[1].value == 0xDEADBEEF
    h = calls["cuMemHostAlloc"]
    assert isinstance(h[0]._obj, c_void_p) and isinstance(h[1], c_size_t) and h[2].value == cu.CU_MEMHOSTALLOC_PORTABLE
    assert calls["cuStreamCreate"][1].value == cu.CU_STREAM_NON_BLOCKING


def test_enable_peer_access_already_enabled_is_not_an_error():
    codes = iter([0, 704, 217])
    lib = FakeLib(
        cuCtxEnablePeerAccess=lambda ctx, flags: next(codes),
        cuGetErrorName=_error_name_impl({217: "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"}),
    )
    c = Cuda(lib)
    assert c.ctx_enable_peer_access(5) is True
    assert c.ctx_enable_peer_access(5) is False
    with pytest.raises(CudaError) as exc:
        c.ctx_enable_peer_access(5)
    assert exc.value.name == "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"
    flags = lib.calls[0][1][1]
    assert isinstance(flags, c_uint) and flags.value == 0


class CFuncLib:
    """A fake library made of real ctypes function pointers with the declared signatures,
    so arguments go through ctypes' own conversion exactly as with libcuda."""

    def __init__(self, impls):
        self._keep = []
        for name, (symbols, argtypes) in cu._SPECS.items():
            for sym in symbols:
                if sym in impls:
                    proto = CFUNCTYPE(c_int, *argtypes)
                    fn = proto(impls[sym])
                    self._keep.append(fn)
                    setattr(self, sym, fn)


def test_through_real_ctypes_marshaling():
    state = {}
    names = {217: b"CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"}

    def get_error_name(code, pstr):
        if code not in names:
            return 1
        pstr[0] = names[code]
        return 0

    def mem_alloc(pptr, size):
        state["size"] = size
        pptr[0] = 0xABC000
        return 0

    def device_name(buf, length, dev):
        text = b"Fake H200 #%d\0" % dev
        assert length >= len(text)
        ctypes.memmove(buf, text, len(text))
        return 0

    def elapsed(pms, a, b):
        pms[0] = 2.5
        return 0

    def peer(dst, dctx, src, sctx, n, stream):
        state["peer"] = (dst, dctx, src, sctx, n, stream)
        return 217

    lib = CFuncLib(
        {
            "cuGetErrorName": get_error_name,
            "cuMemAlloc_v2": mem_alloc,
            "cuDeviceGetName": device_name,
            "cuEventElapsedTime_v2": elapsed,
            "cuMemcpyPeerAsync": peer,
        }
    )
    c = Cuda(lib)
    assert c.mem_alloc(3 << 30) == 0xABC000
    assert state["size"] == 3 << 30
    assert c.device_name(1) == "Fake H200 #1"
    assert c.event_elapsed_ms(1, 2) == pytest.approx(2.5)
    with pytest.raises(CudaError) as exc:
        c.memcpy_peer_async(1 << 40, 0x10, 2 << 40, 0x20, 1 << 30, 0x30)
    assert exc.value.name == "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"
    assert state["peer"] == (1 << 40, 0x10, 2 << 40, 0x20, 1 << 30, 0x30)


def test_signatures_follow_cuda_h():
    S = {k: v[1] for k, v in cu._SPECS.items()}
    # CUresult cuMemcpyPeerAsync(CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, size_t, CUstream)
    assert S["cuMemcpyPeerAsync"] == (c_uint64, c_void_p, c_uint64, c_void_p, c_size_t, c_void_p)
    # CUresult cuMemsetD32Async(CUdeviceptr, unsigned int, size_t, CUstream)
    assert S["cuMemsetD32Async"] == (c_uint64, c_uint, c_size_t, c_void_p)
    # CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags)
    assert S["cuMemHostAlloc"][1:] == (c_size_t, c_uint)
    # CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags)
    assert S["cuCtxEnablePeerAccess"] == (c_void_p, c_uint)
    assert cu._SPECS["cuMemAlloc"][0] == ("cuMemAlloc_v2",)
    assert cu._SPECS["cuMemFree"][0] == ("cuMemFree_v2",)
    assert cu._SPECS["cuEventDestroy"][0] == ("cuEventDestroy_v2",)
    assert cu._SPECS["cuStreamDestroy"][0] == ("cuStreamDestroy_v2",)
    assert cu._SPECS["cuMemcpyHtoDAsync"][0] == ("cuMemcpyHtoDAsync_v2",)
    assert cu._SPECS["cuMemcpyDtoHAsync"][0] == ("cuMemcpyDtoHAsync_v2",)


def test_load_missing_library():
    with pytest.raises(CudaError) as exc:
        Cuda.load("/nonexistent/libcuda.so.1")
    assert exc.value.name == "CUDA_LIBRARY_NOT_FOUND"
    assert "libcuda.so.1" in exc.value.message


def test_version_string():
    assert cu.version_string(13000) == "13.0"
    assert cu.version_string(12080) == "12.8"
    assert cu.version_string(0) is None
