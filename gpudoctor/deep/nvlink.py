"""NVLink error counters read through NVML before and after the tests ("nvlink" results, gpudoctor/deep/worker.py)."""

from __future__ import annotations

# nvmlNvLinkErrorCounter_t: the counters gpudoctor/probes/gpus.py reads, here around the traffic
NVLINK_COUNTERS = {"replay": 0, "recovery": 1, "crc": 2}
NVLINK_MAX_LINKS = 36


def _link_counters(pynvml, handle):
    links = {}
    for link in range(NVLINK_MAX_LINKS):
        try:
            active = pynvml.nvmlDeviceGetNvLinkState(handle, link)
        except pynvml.NVMLError:  # NOT_SUPPORTED without NVLink, INVALID_ARGUMENT past the last link
            break
        if not active:
            continue
        counts = {}
        for name, counter in NVLINK_COUNTERS.items():
            try:
                counts[name] = int(pynvml.nvmlDeviceGetNvLinkErrorCounter(handle, link, counter))
            except pynvml.NVMLError:
                pass
        links[str(link)] = counts
    return links


def nvlink_counters(bus_ids):
    """Each device's NVLink error counters through NVML, or None where NVML cannot be used (no
    nvidia-ml-py, no libnvidia-ml): the parent compares the reads before and after the tests."""
    try:
        import pynvml

        pynvml.nvmlInit()
    except Exception:  # noqa: BLE001 - any failure means: not known here
        return None
    try:
        devices = []
        for bus in bus_ids:
            try:
                handle = pynvml.nvmlDeviceGetHandleByPciBusId(bus)
            except pynvml.NVMLError:
                devices.append({"pci_bus_id": bus, "links": None})
                continue
            devices.append({"pci_bus_id": bus, "links": _link_counters(pynvml, handle)})
        return devices
    finally:
        try:
            pynvml.nvmlShutdown()
        except Exception:  # noqa: BLE001 - shutting down is best effort
            pass

