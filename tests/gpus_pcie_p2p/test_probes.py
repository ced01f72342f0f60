"""The cuda, pcie_sysfs and gpu_env probes and the CUDA_VISIBLE_DEVICES reader, on odd answers."""

from types import SimpleNamespace

import pytest

from gpudoctor.probes.cuda import probe_cuda
from gpudoctor.probes.env import resolve_visible_devices
from gpudoctor.probes.pcie import generation_of_speed, probe_pcie_sysfs

from gpus_pcie_p2p.hardware_hosts import H200_SYSFS, h200, set_sysfs

GPUS = [SimpleNamespace(index=0, uuid="GPU-56921a4d-e450-5769-9bc8-bc4574602be7"),
        SimpleNamespace(index=1, uuid="GPU-56921a4d-0000-5769-9bc8-bc4574602be7"),
        SimpleNamespace(index=2, uuid="GPU-24abeb5e-9f7d-d4e8-4fb5-883fd076c88a")]


def _facts(kind="linux"):
    return SimpleNamespace(get=lambda name: SimpleNamespace(kind=kind))


@pytest.mark.parametrize("speed, generation", [
    ("32.0 GT/s PCIe", 5), ("16.0 GT/s PCIe", 4), ("8 GT/s", 3), ("8.0 GT/s PCIe", 3), ("5.0 GT/s PCIe", 2),
    ("2.5 GT/s PCIe", 1), ("64.0 GT/s PCIe", 6), ("Unknown", None), ("", None), (None, None),
])
def test_kernel_link_speeds_map_to_generations(speed, generation):
    assert generation_of_speed(speed) == generation


def test_sysfs_keeps_only_nvidia_display_functions():
    builder = h200()
    set_sysfs(builder, {
        **H200_SYSFS,
        "0000:00:00.0": {"vendor": "0x8086", "class": "0x060000"},  # a host bridge
        "0000:00:06.1": {"vendor": "0x10de", "class": "0x040300"},  # a GPU's HDMI audio function
    })
    facts = probe_pcie_sysfs(builder.host(), _facts())
    assert [link.bus_id for link in facts.links] == ["0000:00:06.0", "0000:00:07.0"]
    link = facts.by_bus_id("00000000:00:07.0")  # NVML's form of the bus id
    assert (link.current_generation, link.current_width, link.max_width, link.numa_node) == (5, 16, 16, -1)


def test_sysfs_that_cannot_be_listed_is_an_error_value_and_windows_has_none():
    builder = h200().set("dir", ["/sys/bus/pci/devices"], {"error": "not-found"})
    assert probe_pcie_sysfs(builder.host(), _facts()).error == "not-found"
    assert probe_pcie_sysfs(h200().host(), _facts("windows")).error == "no sysfs on windows"


def test_malformed_cuda_answers_are_dropped_not_crashed_on():
    builder = h200()
    builder.set("native", ["cuda.devices"], {"value": {"driver_version": "13000", "devices": [
        {"ordinal": 0, "pci_bus_id": "0000:00:06.0", "name": "NVIDIA H200"}, {"ordinal": "1"}, "junk"]},
        "error": None})
    builder.set("native", ["cuda.peer", 0, 0], {"value": None, "error": None})
    facts = probe_cuda(builder.host(), None)
    assert facts.available and facts.driver_version is None
    assert [d.pci_bus_id for d in facts.devices] == ["0000:00:06.0"] and facts.peers == {}


def test_a_cuda_peer_query_that_fails_is_kept_as_its_error():
    builder = h200().set("native", ["cuda.peer", 0, 1], {"value": None, "error": "CUDA_ERROR_INVALID_DEVICE"})
    facts = probe_cuda(builder.host(), None)
    assert facts.peer(0, 1).error == "CUDA_ERROR_INVALID_DEVICE" and facts.peer(1, 0).can_access_peer == 1


@pytest.mark.parametrize("value, hidden, stop", [
    (None, (), None),
    ("", (0, 1, 2), None),
    ("2,0", (1,), None),
    ("0,-1,2", (1, 2), "-1"),
    ("GPU-56921a4d", (0, 1, 2), "GPU-56921a4d"),  # prefix shared by GPU 0 and GPU 1: ambiguous
    ("GPU-56921a4d-e,GPU-24ab", (1,), None),
    ("MIG-GPU-24abeb5e-9f7d-d4e8-4fb5-883fd076c88a/1/0", (0, 1), None),
    ("1,abc,0", (0, 2), "abc"),
])
def test_cuda_visible_devices_is_read_as_the_cuda_driver_documents(value, hidden, stop):
    resolved = resolve_visible_devices(value, GPUS, index_order_known=True)
    assert resolved.hidden == hidden
    assert (resolved.stopped_at.text if resolved.stopped_at else None) == stop


def test_indices_name_no_gpu_when_cuda_orders_different_gpus_fastest_first():
    resolved = resolve_visible_devices("0", GPUS, index_order_known=False)
    assert resolved.entries[0].gpu_index is None and resolved.hidden == ()
    mig = resolve_visible_devices("MIG-c6d4f1ef-42e4-5de3-91c7-45d71c87eb3f", GPUS, index_order_known=True)
    assert mig.entries[0].kind == "mig" and mig.hidden == ()
