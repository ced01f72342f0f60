"""nccl.py: error plumbing, argument types and comm handling with a fake library object."""

import os
from ctypes import c_int, c_size_t, c_void_p

import pytest

from gpudoctor.deep import nccl as nc
from gpudoctor.deep.nccl import Nccl, NcclError


class FakeNccl:
    def __init__(self, **overrides):
        self.calls = []
        funcs = dict(
            ncclGetVersion=self._version,
            ncclCommInitAll=self._init_all,
            ncclAllReduce=lambda *a: 0,
            ncclGroupStart=lambda: 0,
            ncclGroupEnd=lambda: 0,
            ncclCommDestroy=lambda c: 0,
            ncclGetErrorString=lambda code: b"fake error string %d" % code.value,
            ncclGetLastError=lambda comm: b"fake last error",
            ncclCommGetAsyncError=self._async,
        )
        funcs.update(overrides)
        for name, fn in funcs.items():
            if fn is None:
                continue
            setattr(self, name, self._wrap(name, fn))
        self.async_code = 0

    def _wrap(self, name, fn):
        def call(*args):
            self.calls.append((name, args))
            return fn(*args)

        return call

    @staticmethod
    def _version(pv):
        pv._obj.value = 22703
        return 0

    @staticmethod
    def _init_all(comms, n, devlist):
        for i in range(n.value):
            comms[i] = 0x1000 + devlist[i]
        return 0

    def _async(self, comm, perr):
        perr._obj.value = self.async_code
        return 0


def test_version_and_init_all():
    lib = FakeNccl()
    n = Nccl(lib)
    assert n.get_version() == 22703
    comms = n.comm_init_all([2, 5])
    assert comms == [0x1002, 0x1005]
    name, args = [c for c in lib.calls if c[0] == "ncclCommInitAll"][0]
    assert isinstance(args[1], c_int) and args[1].value == 2
    assert list(args[2]) == [2, 5]


def test_all_reduce_argument_types():
    lib = FakeNccl()
    n = Nccl(lib)
    n.group_start()
    n.all_reduce(0x1000, 0x2000, 1 << 28, nc.ncclFloat32, nc.ncclSum, 0x55, 0x66)
    n.group_end()
    names = [c[0] for c in lib.calls]
    assert names == ["ncclGroupStart", "ncclAllReduce", "ncclGroupEnd"]
    args = lib.calls[1][1]
    assert [type(a) for a in args] == [c_void_p, c_void_p, c_size_t, c_int, c_int, c_void_p, c_void_p]
    assert [a.value for a in args] == [0x1000, 0x2000, 1 << 28, 7, 0, 0x55, 0x66]


def test_failing_call_raises_with_result_name_and_messages():
    lib = FakeNccl(ncclAllReduce=lambda *a: 1)
    n = Nccl(lib)
    with pytest.raises(NcclError) as exc:
        n.all_reduce(1, 2, 3, nc.ncclFloat32, nc.ncclSum, 4, 5)
    e = exc.value
    assert e.name == "ncclUnhandledCudaError"
    assert e.code == 1
    assert e.func == "ncclAllReduce"
    assert "fake error string 1" in e.message and "fake last error" in e.message


def test_unknown_result_code_and_no_last_error():
    lib = FakeNccl(ncclCommInitAll=lambda *a: 42, ncclGetLastError=None)
    n = Nccl(lib)
    with pytest.raises(NcclError) as exc:
        n.comm_init_all([0])
    assert exc.value.name == "ncclResult_42"
    assert exc.value.message == "fake error string 42"


def test_async_error_check():
    lib = FakeNccl()
    n = Nccl(lib)
    n.check_async(0x10)
    lib.async_code = 6
    with pytest.raises(NcclError) as exc:
        n.check_async(0x10)
    assert exc.value.name == "ncclRemoteError"


def test_missing_required_symbol():
    with pytest.raises(NcclError) as exc:
        Nccl(FakeNccl(ncclCommInitAll=None))
    assert exc.value.name == "NCCL_SYMBOL_NOT_FOUND"
    assert "ncclCommInitAll" in exc.value.message


def test_optional_symbols_may_be_missing():
    n = Nccl(FakeNccl(ncclGetLastError=None, ncclCommGetAsyncError=None))
    assert n.last_error() is None
    assert n.comm_async_error(1) == 0


def test_load_missing_and_empty_path():
    with pytest.raises(NcclError) as exc:
        Nccl.load("/nonexistent/libnccl.so.2")
    assert exc.value.name == "NCCL_LIBRARY_NOT_FOUND"
    assert "/nonexistent/libnccl.so.2" in exc.value.message
    with pytest.raises(NcclError) as exc:
        Nccl.load(None)
    assert exc.value.name == "NCCL_LIBRARY_NOT_FOUND"


@pytest.mark.skipif(os.name == "nt", reason="pip wheel layout is Linux-only")
def test_find_nccl_pip_layout(tmp_path):
    lib = tmp_path / "site" / "nvidia" / "nccl" / "lib"
    lib.mkdir(parents=True)
    assert nc.find_nccl([str(tmp_path / "site")]) is None
    (lib / "libnccl.so.2").write_bytes(b"")
    assert nc.find_nccl(["", str(tmp_path / "nothing"), str(tmp_path / "site")]) == str(lib / "libnccl.so.2")
