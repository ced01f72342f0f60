"""Every NVML error code becomes a finding that names it, never a crash; the codes that call for their
own action get their own advice. Checked twice: through a recorded answer, and from a fake
libnvidia-ml.so.1 whose nvmlInit returns each code (or hangs)."""

import json
import os
import subprocess
import sys
import time

import pynvml
import pytest

from gpudoctor.host.nvml import nvml_error_name
from gpudoctor.model import Status

from hosts import HostBuilder, result, run, text_of

CODES = {getattr(pynvml, name): name for name in dir(pynvml)
         if name.startswith("NVML_ERROR_") and isinstance(getattr(pynvml, name), int)}

# The words of each code's own advice (checks/nvml_status.py).
OWN_ADVICE = {
    "NVML_ERROR_INSUFFICIENT_POWER": "power connector",
    "NVML_ERROR_IRQ_ISSUE": "interrupt",
    "NVML_ERROR_CORRUPTED_INFOROM": "infoROM",
    "NVML_ERROR_RESET_REQUIRED": "nvidia-smi -r",
    "NVML_ERROR_OPERATING_SYSTEM": "/dev/nvidiactl",
    "NVML_ERROR_IN_USE": "fuser",
    "NVML_ERROR_GPU_NOT_FOUND": "lspci",
    "NVML_ERROR_NOT_READY": "nvidia-fabricmanager",
    "NVML_ERROR_MEMORY": "RAM",
    "NVML_ERROR_INSUFFICIENT_RESOURCES": "stop some",
    "NVML_ERROR_FUNCTION_NOT_FOUND": "Update the NVIDIA driver",
    "NVML_ERROR_ARGUMENT_VERSION_MISMATCH": "nvidia-ml-py",
    "NVML_ERROR_UNINITIALIZED": "gpudoctor bug",
    "NVML_ERROR_NO_PERMISSION": "permissions of /dev/nvidia*",
    "NVML_ERROR_DRIVER_NOT_LOADED": "lsmod | grep nvidia",
    "NVML_ERROR_LIB_RM_VERSION_MISMATCH": "Reboot",
    "NVML_ERROR_LIBRARY_NOT_FOUND": "Install the NVIDIA driver",
    "NVML_ERROR_GPU_IS_LOST": "fallen off the bus",
    "NVML_ERROR_TIMEOUT": "hung",
}


def test_every_pynvml_code_has_its_own_name():
    for code, name in CODES.items():
        assert nvml_error_name(pynvml.NVMLError(code)) == name


@pytest.mark.parametrize("name", sorted(CODES.values()))
def test_every_code_at_init_is_a_finding_with_nvmls_words(name):
    builder = HostBuilder.from_fixture("linux-2xh200-nvlink.json").set_nvml("nvmlInit", error=name)
    checked = result(run(builder.host(), only=["gpu.count"]), "gpu.count")
    text = text_of(checked)
    assert checked.status is Status.FAIL, text
    assert name in text and "crashed" not in text
    if name in OWN_ADVICE:
        assert OWN_ADVICE[name] in text


_SCRIPT = """
import json, os, sys
from gpudoctor.host.nvml import NvmlSession
seen = {}
for code in json.loads(sys.argv[1]):
    os.environ["FAKE_NVML_INIT"] = str(code)
    seen[code] = NvmlSession().call("nvmlInit", ()).error
os.environ["FAKE_NVML_INIT"] = "0"
session = NvmlSession()
seen["ok"] = [session.call("nvmlInit", ()).error, session.call("nvmlDeviceGetCount", ()).value,
              session.call("nvmlDeviceGetName", (0,)).error]
print(json.dumps(seen))
"""


def _fake_env(libs, **extra):
    env = {**os.environ, "LD_LIBRARY_PATH": libs["dir"], **extra}
    return {k: v for k, v in env.items() if not (k.startswith("FAKE_NVML_") and k not in extra)}


def test_a_fake_libnvidia_ml_returning_each_code(fake_driver_libs):
    codes = sorted(CODES)
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, json.dumps(codes)], capture_output=True, text=True,
                          timeout=60, env=_fake_env(fake_driver_libs, FAKE_NVML_COUNT="3"))
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout)
    for code in codes:
        assert seen[str(code)] == CODES[code]
    init_error, count, name_error = seen["ok"]
    assert init_error is None and count == 3
    assert name_error.startswith("NVML_ERROR_FUNCTION_NOT_FOUND")  # the fake has no nvmlDeviceGetHandleByIndex


def test_a_hung_nvmlinit_ends_at_its_timeout(fake_driver_libs):
    script = ("import gpudoctor.host.nvml as n; n.INIT_TIMEOUT = 0.5; s = n.NvmlSession(); "
              "print(s.call('nvmlInit', ()).error); print(s.call('nvmlDeviceGetCount', ()).error)")
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                          env=_fake_env(fake_driver_libs, FAKE_NVML_HANG="1"))
    assert time.monotonic() - started < 10
    first, second = proc.stdout.splitlines()
    assert first.startswith("NVML_ERROR_TIMEOUT") and "nvmlInit" in first
    assert second.startswith("NVML_ERROR_TIMEOUT")  # at once: the library is hung for this run


def test_a_libcuda_without_cuinit_is_an_error_value(fake_driver_libs, monkeypatch):
    import gpudoctor.host.native as native

    monkeypatch.setattr(native, "_cuda_library_name", lambda: fake_driver_libs["nothing"])
    session = native.NativeSession()
    answer = session.call("cuda.devices", ())
    assert answer.error == "CUDA_ERROR_SYMBOL_NOT_FOUND: the CUDA driver library has no cuInit"


def _cuda_session(monkeypatch, library: str, **fake):
    import gpudoctor.host.native as native

    monkeypatch.setattr(native, "_cuda_library_name", lambda: library)
    for name, value in fake.items():
        monkeypatch.setenv(name, value)
    return native.NativeSession()


def test_the_cuda_driver_answers_devices_and_each_ordered_pair(fake_driver_libs, monkeypatch):
    session = _cuda_session(monkeypatch, fake_driver_libs["cuda"])
    assert session.call("cuda.devices", ()).value == {"driver_version": 13000, "devices": [
        {"ordinal": 0, "pci_bus_id": "0000:18:00.0", "name": "Fake GPU 0"},
        {"ordinal": 1, "pci_bus_id": "0000:19:00.0", "name": "Fake GPU 1"}]}
    peer = session.call("cuda.peer", (1, 0)).value
    assert peer["can_access_peer"] == 1 and peer["access_supported"] == 1 and peer["perf_rank"] == 0
    assert peer["cuda_array_access_supported"] == "CUDA_ERROR_1"  # refused with a code the driver cannot name


def test_a_failed_cuinit_keeps_the_drivers_cuda_version(fake_driver_libs, monkeypatch):
    session = _cuda_session(monkeypatch, fake_driver_libs["cuda"], FAKE_CUDA_INIT="999")
    assert session.call("cuda.devices", ()).error == "CUDA_ERROR_UNKNOWN"  # nvidia_uvm broken after a suspend
    assert session.call("cuda.peer", (0, 1)).error == "CUDA_ERROR_UNKNOWN"
    assert session.call("cuda.driver_version", ()).value == 13000


def test_a_hung_cuinit_ends_at_its_timeout(fake_driver_libs):
    script = ("import gpudoctor.host.native as n; n.INIT_TIMEOUT = 0.5; n._cuda_library_name = lambda: "
              f"{fake_driver_libs['cuda']!r}; s = n.NativeSession(); "
              "print(s.call('cuda.devices', ()).error); print(s.call('cuda.peer', (0, 1)).error)")
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                          env={**os.environ, "FAKE_CUDA_HANG": "1"})
    assert time.monotonic() - started < 10
    first, second = proc.stdout.splitlines()
    assert first.startswith("TIMEOUT") and "cuda.devices" in first
    assert second.startswith("TIMEOUT")  # at once: the driver is hung for this run



def test_a_quick_session_never_calls_cuinit_yet_reads_the_drivers_cuda_version(fake_driver_libs):
    # cuInit hangs in this fake driver: a quick session that called it would wait INIT_TIMEOUT (20 s) here.
    script = ("import gpudoctor.host.native as n; n._cuda_library_name = lambda: "
              f"{fake_driver_libs['cuda']!r}; s = n.NativeSession(init_cuda=False); "
              "print(s.call('cuda.devices', ()).error); print(s.call('cuda.peer', (0, 1)).error); "
              "print(s.call('cuda.driver_version', ()).value)")
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30,
                          env={**os.environ, "FAKE_CUDA_HANG": "1"})
    assert time.monotonic() - started < 10
    assert proc.stdout.splitlines() == ["not-asked", "not-asked", "13000"]
