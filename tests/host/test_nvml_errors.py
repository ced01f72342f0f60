"""Every way an NVML call can fail becomes an error value, then a finding: never a traceback.

The NVML wrapper (gpudoctor/host/nvml.py) is driven with a fake `pynvml` module that raises
NVMLError subclasses carrying NVML's own return codes (nvml.h: 1 UNINITIALIZED, 3 NOT_SUPPORTED,
6 NOT_FOUND, 9 DRIVER_NOT_LOADED, 12 LIBRARY_NOT_FOUND, 13 FUNCTION_NOT_FOUND, 15 GPU_IS_LOST),
the way nvidia-ml-py does. The probes and checks then run on a host whose NVML answers come
from that session.
"""

from __future__ import annotations

import ctypes
import sys
import threading
import time
import types

import pytest

from gpudoctor.host import nvml
from gpudoctor.host.base import ReplayHost
from gpudoctor.model import Status

from hosts import HostBuilder, result, run, text_of

UNINITIALIZED, NOT_SUPPORTED, NOT_FOUND, DRIVER_NOT_LOADED = 1, 3, 6, 9
LIBRARY_NOT_FOUND, FUNCTION_NOT_FOUND, GPU_IS_LOST = 12, 13, 15


class NVMLError(Exception):
    def __init__(self, value: int) -> None:
        super().__init__(value)
        self.value = value


class _Memory(ctypes.Structure):
    _fields_ = [("total", ctypes.c_ulonglong), ("free", ctypes.c_ulonglong), ("used", ctypes.c_ulonglong)]


class _Pci(ctypes.Structure):
    _fields_ = [("busId", ctypes.c_char * 32), ("domain", ctypes.c_uint), ("bus", ctypes.c_uint)]


class _Utilization(ctypes.Structure):
    _fields_ = [("gpu", ctypes.c_uint), ("memory", ctypes.c_uint)]


def _raise(code: int):
    def fail(*args):
        raise NVMLError(code)
    return fail


def fake_pynvml(**overrides) -> types.ModuleType:
    """Two H100-like GPUs on PCIe; `overrides` replaces functions (name -> callable)."""
    module = types.ModuleType("pynvml")
    module.NVMLError = NVMLError
    handles = {0: "gpu0", 1: "gpu1"}
    functions = {
        "nvmlInit": lambda: None,
        "nvmlShutdown": lambda: None,
        "nvmlSystemGetDriverVersion": lambda: "580.159.04",
        "nvmlSystemGetCudaDriverVersion": lambda: 13000,
        "nvmlSystemGetNVMLVersion": lambda: "13.580.159.04",
        "nvmlDeviceGetCount": lambda: 2,
        "nvmlDeviceGetHandleByIndex": lambda index: handles[index],
        "nvmlDeviceGetName": lambda h: "NVIDIA H100 PCIe",
        "nvmlDeviceGetUUID": lambda h: f"GPU-{h}",
        # the bus ids of the recorded H200 host, so that its CUDA answers match these GPUs
        "nvmlDeviceGetPciInfo": lambda h: _Pci(f"00000000:00:0{6 + int(h[-1])}.0".encode(), 0, 0),
        "nvmlDeviceGetMemoryInfo": lambda h: _Memory(80 << 30, 79 << 30, 1 << 30),
        "nvmlDeviceGetCudaComputeCapability": lambda h: (9, 0),
        "nvmlDeviceGetArchitecture": lambda h: 9,
        "nvmlDeviceGetUtilizationRates": lambda h: _Utilization(0, 0),
        "nvmlDeviceGetCurrPcieLinkGeneration": lambda h: 5,
        "nvmlDeviceGetCurrPcieLinkWidth": lambda h: 16,
        "nvmlDeviceGetMaxPcieLinkGeneration": lambda h: 5,
        "nvmlDeviceGetMaxPcieLinkWidth": lambda h: 16,
        "nvmlDeviceGetGpuMaxPcieLinkGeneration": lambda h: 5,
        "nvmlDeviceGetPcieReplayCounter": lambda h: 0,
        "nvmlDeviceGetNvLinkState": _raise(NOT_SUPPORTED),
        "nvmlDeviceGetP2PStatus": lambda a, b, index: 0,
        "nvmlDeviceGetTopologyCommonAncestor": lambda a, b: 30,
    }
    functions.update(overrides)
    for name, fn in functions.items():
        setattr(module, name, fn)
    return module


@pytest.fixture
def use_pynvml(monkeypatch):
    def install(module):
        monkeypatch.setitem(sys.modules, "pynvml", module)
        return nvml.NvmlSession()
    return install


class SessionHost(ReplayHost):
    """The H200 snapshot's non-NVML answers; NVML answered live by a session (with the fake pynvml)."""

    def __init__(self, session: nvml.NvmlSession) -> None:
        super().__init__(HostBuilder.from_fixture("linux-2xh200-nvlink.json").calls)
        self._session = session

    def _lookup(self, kind, args, key, compute):
        if kind == "nvml":
            return self._session.call(args[0], tuple(args[1:]))
        return super()._lookup(kind, args, key, compute)


def _checks(session):
    return run(SessionHost(session), only=["gpu.count", "pcie.link", "p2p.access"])


def _no_crash(report):
    for item in report.results:
        assert item.status is not Status.ERROR, text_of(item)


# -- the session turns each failure into an error name --------------------------------------------

@pytest.mark.parametrize("code, name", [
    (UNINITIALIZED, "NVML_ERROR_UNINITIALIZED"),
    (NOT_SUPPORTED, "NVML_ERROR_NOT_SUPPORTED"),
    (NOT_FOUND, "NVML_ERROR_NOT_FOUND"),
    (FUNCTION_NOT_FOUND, "NVML_ERROR_FUNCTION_NOT_FOUND"),
    (GPU_IS_LOST, "NVML_ERROR_GPU_IS_LOST"),
])
def test_a_failing_device_call_answers_the_nvml_error_name(use_pynvml, code, name):
    session = use_pynvml(fake_pynvml(nvmlDeviceGetPcieReplayCounter=_raise(code)))
    answer = session.call("nvmlDeviceGetPcieReplayCounter", (0,))
    assert answer.error == name and answer.value is None
    assert session.call("nvmlDeviceGetCurrPcieLinkWidth", (0,)).value == 16  # the session stays usable


def test_a_function_this_pynvml_lacks_answers_function_not_found(use_pynvml):
    module = fake_pynvml()
    del module.nvmlDeviceGetGpuMaxPcieLinkGeneration
    answer = use_pynvml(module).call("nvmlDeviceGetGpuMaxPcieLinkGeneration", (0,))
    assert answer.error.startswith("NVML_ERROR_FUNCTION_NOT_FOUND")


@pytest.mark.parametrize("code, name", [(DRIVER_NOT_LOADED, "NVML_ERROR_DRIVER_NOT_LOADED"),
                                        (LIBRARY_NOT_FOUND, "NVML_ERROR_LIBRARY_NOT_FOUND")])
def test_a_failing_init_answers_every_call_with_its_error(use_pynvml, code, name):
    session = use_pynvml(fake_pynvml(nvmlInit=_raise(code)))
    assert session.call("nvmlInit", ()).error == name
    assert session.call("nvmlDeviceGetCount", ()).error == name


def test_an_unexpected_exception_from_pynvml_is_still_an_answer(use_pynvml):
    def undecodable(handle):
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    session = use_pynvml(fake_pynvml(nvmlDeviceGetName=undecodable))
    answer = session.call("nvmlDeviceGetName", (0,))
    assert answer.error.startswith("NVML_ERROR_UNKNOWN: UnicodeDecodeError")


def test_missing_pynvml_is_library_not_found(monkeypatch):
    monkeypatch.setitem(sys.modules, "pynvml", None)  # makes `import pynvml` raise ImportError
    answer = nvml.NvmlSession().call("nvmlInit", ())
    assert answer.error.startswith("NVML_ERROR_LIBRARY_NOT_FOUND")


def test_a_hung_call_times_out_and_later_calls_fail_fast(use_pynvml, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(nvml, "CALL_TIMEOUT", 0.2)
    session = use_pynvml(fake_pynvml(nvmlDeviceGetName=lambda h: release.wait(10)))
    try:
        started = time.monotonic()
        first = session.call("nvmlDeviceGetName", (0,))
        assert first.error.startswith("NVML_ERROR_TIMEOUT") and "nvmlDeviceGetName" in first.error
        assert 0.15 < time.monotonic() - started < 2
        started = time.monotonic()
        later = session.call("nvmlDeviceGetUUID", (0,))
        assert later.error.startswith("NVML_ERROR_TIMEOUT") and time.monotonic() - started < 0.1
    finally:
        release.set()


# -- ... and the probe and checks turn them into findings -----------------------------------------

@pytest.mark.parametrize("code, words", [
    (DRIVER_NOT_LOADED, "kernel module is not loaded"),
    (LIBRARY_NOT_FOUND, "No NVIDIA driver is installed"),
])
def test_nvml_unusable_fails_gpu_count_and_skips_the_hardware_checks(use_pynvml, code, words):
    report = _checks(use_pynvml(fake_pynvml(nvmlInit=_raise(code))))
    _no_crash(report)
    assert result(report, "gpu.count").status is Status.FAIL
    assert words in text_of(result(report, "gpu.count"))
    for check_id in ("pcie.link", "p2p.access"):
        assert result(report, check_id).status is Status.SKIP
        assert "gpu.count says why" in text_of(result(report, check_id))


def test_count_uninitialized_fails_gpu_count_with_the_error(use_pynvml):
    report = _checks(use_pynvml(fake_pynvml(nvmlDeviceGetCount=_raise(UNINITIALIZED))))
    _no_crash(report)
    assert result(report, "gpu.count").status is Status.FAIL
    assert "NVML_ERROR_UNINITIALIZED" in text_of(result(report, "gpu.count"))


def test_a_lost_gpu_is_a_warning_with_the_reason_and_the_other_gpu_still_checked(use_pynvml):
    handles = {0: "gpu0"}

    def handle(index):
        if index not in handles:
            raise NVMLError(GPU_IS_LOST)
        return handles[index]

    report = _checks(use_pynvml(fake_pynvml(nvmlDeviceGetHandleByIndex=handle)))
    _no_crash(report)
    count = result(report, "gpu.count")
    assert count.status is Status.WARN
    assert "GPU 1 could not be read completely" in text_of(count) and "fallen off the bus" in text_of(count)
    pcie = text_of(result(report, "pcie.link"))
    assert "GPU 0: PCIe Gen5 x16" in pcie and "GPU 1: NVML did not report its PCIe link" in pcie
    assert "NVML_ERROR_GPU_IS_LOST" in pcie
    p2p = result(report, "p2p.access")
    assert p2p.status is Status.SKIP and "could not be read (NVML_ERROR_GPU_IS_LOST)" in text_of(p2p)


def test_not_supported_and_old_driver_functions_leave_the_rest_of_the_inventory(use_pynvml):
    report = _checks(use_pynvml(fake_pynvml(nvmlDeviceGetPcieReplayCounter=_raise(NOT_SUPPORTED),
                                            nvmlDeviceGetGpuMaxPcieLinkGeneration=_raise(FUNCTION_NOT_FOUND))))
    _no_crash(report)
    assert result(report, "gpu.count").status is Status.PASS
    pcie = result(report, "pcie.link")
    assert pcie.status is Status.PASS and "2 GPUs with full PCIe links: Gen5 x16" in text_of(pcie)
    assert pcie.findings[1].evidence["nvml_errors"] == {
        "nvmlDeviceGetPcieReplayCounter": "NVML_ERROR_NOT_SUPPORTED",
        "nvmlDeviceGetGpuMaxPcieLinkGeneration": "NVML_ERROR_FUNCTION_NOT_FOUND"}
    assert "P2P over PCIe (PHB)" in text_of(result(report, "p2p.access"))


def test_a_hang_mid_inventory_becomes_timeout_findings_quickly(use_pynvml, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(nvml, "CALL_TIMEOUT", 0.2)
    session = use_pynvml(fake_pynvml(nvmlDeviceGetName=lambda h: release.wait(10)))
    try:
        started = time.monotonic()
        report = _checks(session)
        assert time.monotonic() - started < 5
    finally:
        release.set()
    _no_crash(report)
    count = result(report, "gpu.count")
    assert count.status is Status.WARN and "NVML did not answer in time" in text_of(count)


def test_a_batch_is_one_trip_to_nvml_and_answers_each_call_like_a_single_one(use_pynvml, monkeypatch):
    from gpudoctor.host.library_thread import LibraryThread
    from gpudoctor.host.live import LiveHost

    session = use_pynvml(fake_pynvml(nvmlDeviceGetPcieReplayCounter=_raise(NOT_SUPPORTED)))
    trips = []
    original = LibraryThread.call
    monkeypatch.setattr(LibraryThread, "call", lambda self, label, fn, timeout: trips.append(label) or
                        original(self, label, fn, timeout))
    host = LiveHost()
    host._nvml = session
    calls = [("nvmlDeviceGetName", 0), ("nvmlDeviceGetPcieReplayCounter", 1), ("nvmlDeviceGetCurrPcieLinkWidth", 1)]
    answers = host.nvml_many(calls)
    assert [a.value for a in answers] == ["NVIDIA H100 PCIe", None, 16]
    assert answers[1].error == "NVML_ERROR_NOT_SUPPORTED"
    assert len(trips) == 2  # nvmlInit, then the whole batch
    assert host.nvml("nvmlDeviceGetName", 0) is answers[0]  # recorded and answered from the record
    assert len(trips) == 2
    assert {tuple(args) for kind, args, _ in host.recorded.values() if kind == "nvml"} == set(calls)
