"""The NVSwitch fabric's state per GPU (nvmlDeviceGetGpuFabricInfo). The two-H100 host's `nvidia-smi -q`
printed `Fabric / State: Completed, Status: Success` for both GPUs (tests/fixtures/raw/h100x2/smi_q.txt);
the recording holds no NVML answer to this call (its gpudoctor build did not ask), so the tests give it
the values nvidia-smi printed, and those of a host whose fabric never completed
(huggingface/huggingface_hub#4134: H200 jobs failing with CUDA error 802)."""

from __future__ import annotations

import ctypes
import re
import sys
import types
from pathlib import Path

from hosts import HostBuilder, result, run

from gpudoctor.host import nvml
from gpudoctor.model import Action, Status

RAW = Path(__file__).parents[1] / "fixtures" / "raw" / "h100x2"
STATES = {"Not Supported": 0, "Not Started": 1, "In Progress": 2, "Completed": 3}


def smi_fabric() -> list[tuple[str, str]]:
    text = (RAW / "smi_q.txt").read_text()
    return re.findall(r"Fabric\n\s+State\s+:\s+(.+?)\n\s+Status\s+:\s+(.+?)\n", text)


def with_fabric(state: int, status: int) -> HostBuilder:
    builder = HostBuilder.from_fixture("linux-2xh100-nvlink.json")
    for gpu in (0, 1):
        builder.set_nvml("nvmlDeviceGetGpuFabricInfo", gpu,
                         value={"clusterUuid": [0] * 16, "status": status, "cliqueId": 0, "state": state})
    return builder


def nvlink(builder: HostBuilder):
    return result(run(builder.host(), only=["gpu.nvlink"]), "gpu.nvlink").findings


def test_a_completed_fabric_passes_and_reads_as_nvidia_smi_printed_it():
    assert smi_fabric() == [("Completed", "Success")] * 2
    (finding,) = nvlink(with_fabric(STATES["Completed"], 0))
    assert finding.status is Status.PASS
    assert finding.details[0] == "GPU 0: 18 NVLinks up of 18; NVSwitch fabric Completed (Success)"


def test_a_fabric_that_never_completed_fails_and_names_fabric_manager():
    findings = nvlink(with_fabric(STATES["In Progress"], 0))
    assert [f.status for f in findings] == [Status.FAIL, Status.FAIL]
    assert findings[0].action is Action.CONFIGURE and "the NVSwitch fabric is in progress" in findings[0].summary
    assert "error 802" in findings[0].details[0] and "nvidia-fabricmanager" in findings[0].details[0]


def test_a_failed_registration_asks_for_a_gpu_reset():
    findings = nvlink(with_fabric(STATES["Completed"], 3))
    assert findings[0].action is Action.RESET_GPU and "(NVML_ERROR_NOT_SUPPORTED)" in findings[0].summary


def test_the_wrapper_fills_the_structure_pynvml_leaves_to_the_caller(monkeypatch):
    class FabricInfo(ctypes.Structure):  # as nvidia-ml-py defines c_nvmlGpuFabricInfo_t
        _fields_ = [("clusterUuid", ctypes.c_uint8 * 16), ("status", ctypes.c_uint), ("cliqueId", ctypes.c_uint32),
                    ("state", ctypes.c_uint)]

    def get_fabric_info(handle, pointer):
        ctypes.cast(pointer, ctypes.POINTER(FabricInfo)).contents.state = 3

    module = types.ModuleType("pynvml")
    module.NVMLError = type("NVMLError", (Exception,), {})
    module.nvmlInit = lambda: None
    module.nvmlDeviceGetHandleByIndex = lambda index: f"gpu{index}"
    module.c_nvmlGpuFabricInfo_t = FabricInfo
    module.nvmlDeviceGetGpuFabricInfo = get_fabric_info
    monkeypatch.setitem(sys.modules, "pynvml", module)
    answer = nvml.NvmlSession().call("nvmlDeviceGetGpuFabricInfo", (0,))
    assert answer.error is None and answer.value == {"clusterUuid": [0] * 16, "status": 0, "cliqueId": 0, "state": 3}
