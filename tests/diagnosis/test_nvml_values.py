"""What the new NVML questions answer, as pynvml hands the values back, survive into a snapshot."""

from __future__ import annotations

import pynvml

from gpudoctor.host.nvml import to_json_value
from gpudoctor.probes.gpus import NVLINK_SPEED_FIELD


def test_a_field_value_keeps_its_union_readings():
    # nvmlDeviceGetFieldValues returns c_nvmlFieldValue_t entries whose `value` is a ctypes union
    values = (pynvml.c_nvmlFieldValue_t * 1)()
    values[0].fieldId = NVLINK_SPEED_FIELD
    values[0].nvmlReturn = 0
    values[0].value.uiVal = 26562  # MB/s: `nvidia-smi nvlink -s` prints 26.562 GB/s on an H200
    answer = to_json_value(values)
    assert answer[0]["fieldId"] == NVLINK_SPEED_FIELD and answer[0]["value"]["uiVal"] == 26562


def test_running_processes_become_plain_records():
    # nvmlDeviceGetComputeRunningProcesses returns pynvml's nvmlFriendlyObject records
    process = pynvml.nvmlFriendlyObject({"pid": 2261, "usedGpuMemory": 1388 << 20, "gpuInstanceId": 0xFFFFFFFF,
                                         "computeInstanceId": 0xFFFFFFFF})
    assert to_json_value([process]) == [{"pid": 2261, "usedGpuMemory": 1388 << 20, "gpuInstanceId": 0xFFFFFFFF,
                                         "computeInstanceId": 0xFFFFFFFF}]


def test_the_gpus_probe_reads_processes_utilisation_and_clock_slowdowns():
    from hosts import HostBuilder

    from gpudoctor.probes.gpus import probe_gpus

    builder = HostBuilder.from_fixture("linux-2xh200-busy-gpu0-deep.json")
    builder.set_nvml("nvmlDeviceGetComputeRunningProcesses", 0, value=[{"pid": 2261, "usedGpuMemory": 1388 << 20}])
    builder.set_nvml("nvmlDeviceGetGraphicsRunningProcesses", 0, value=[])
    builder.set_nvml("nvmlSystemGetProcessName", 2261, value="python3")
    builder.set_nvml("nvmlDeviceGetCurrentClocksEventReasons", 0, value=0x4)  # software power cap
    builder.set_nvml("nvmlDeviceGetCurrentClocksEventReasons", 1, value=0x1)  # idle: not a slowdown
    gpu0, gpu1 = probe_gpus(builder.host(), None).gpus
    assert [p.label for p in gpu0.load.processes] == ["python3 (pid 2261, 1388 MiB)"]
    assert gpu0.load.utilization_percent == 100 and gpu0.load.slowdowns == ("software power cap",)
    # the recording predates these questions: not known, which is not the same as none
    assert gpu1.load.processes is None and gpu1.load.slowdowns == ()


def test_a_live_inventory_asks_the_new_questions_in_its_batches(monkeypatch):
    """The live path, through the NVML session and LiveHost's batches, with pynvml's own value types."""
    import sys

    from host.test_nvml_errors import fake_pynvml

    from gpudoctor.host import nvml
    from gpudoctor.host.live import LiveHost
    from gpudoctor.probes.gpus import probe_gpus

    def field_values(handle, field_ids):
        values = (pynvml.c_nvmlFieldValue_t * len(field_ids))()
        for value, field_id in zip(values, field_ids):
            value.fieldId, value.nvmlReturn, value.value.uiVal = field_id, 0, 26562
        return values

    module = fake_pynvml(
        nvmlDeviceGetComputeRunningProcesses=lambda h: [pynvml.nvmlFriendlyObject(
            {"pid": 2261, "usedGpuMemory": 1388 << 20})] if h == "gpu0" else [],
        nvmlDeviceGetGraphicsRunningProcesses=lambda h: [],
        nvmlSystemGetProcessName=lambda pid: "python3",
        nvmlDeviceGetCurrentClocksEventReasons=lambda h: 0x40,  # hardware thermal slowdown
        nvmlDeviceGetFieldValues=field_values,
    )
    monkeypatch.setitem(sys.modules, "pynvml", module)
    host = LiveHost()
    host._nvml = nvml.NvmlSession()
    gpu0, gpu1 = probe_gpus(host, None).gpus
    assert gpu0.nvlink_speed_mbps == 26562
    assert [p.label for p in gpu0.load.processes] == ["python3 (pid 2261, 1388 MiB)"] and gpu1.load.processes == ()
    assert gpu0.load.slowdowns == ("hardware thermal slowdown",)


def test_an_idle_display_server_is_not_named_as_a_cause_but_a_compute_process_is():
    from gpudoctor.advice import gpu_load_causes
    from gpudoctor.probes.gpus import Gpu, GpuLoad, GpuProcess, PcieLink

    xorg = GpuProcess(1789, "/usr/lib/xorg/Xorg", 215 << 20, "graphics")
    python = GpuProcess(2261, "python3", 1388 << 20, "compute")

    def gpu(*processes, busy=3):
        return Gpu(0, "NVIDIA GeForce RTX 4090", None, None, None, "Ada Lovelace", (8, 9), PcieLink(),
                   load=GpuLoad(processes, busy, 0))

    assert gpu_load_causes([gpu(xorg)]) == []
    assert gpu_load_causes([gpu(xorg, python)]) == [
        "GPU 0 was shared: NVML listed 1 other process on it (python3 (pid 2261, 1388 MiB)), 3 % utilisation"]
    assert "Xorg" in gpu_load_causes([gpu(xorg, busy=97)])[0]
