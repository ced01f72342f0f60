"""The stress test's watching, on the main thread while the loads run (see stress.py).

NVML is sampled every SAMPLE_S and the samples folded into windows (at most MAX_WINDOWS a run, so a
10-minute run stays small in a snapshot); NVML's Xid events and the kernel log (/dev/kmsg) are read for
Xid and AER lines, and the first hardware error stops the run. Nothing here changes a limit or a clock.
"""

from __future__ import annotations

import ctypes
import os
import re
import time

SAMPLE_S = 0.2
MAX_WINDOWS = 240

_KERNEL_LINE = re.compile(r"NVRM: Xid|fallen off the bus|AER:|PCIe Bus Error", re.IGNORECASE)
_XID = re.compile(r"Xid \(PCI:([0-9a-fA-F:.]+)\): (\d+)")
_BUS = r"([0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d)"
_AER_SOURCE = re.compile(r"(?:received from|received:) " + _BUS)  # the device that reported, behind the port
_AER_BUS = re.compile(r"(?:pcieport|nvidia) " + _BUS)
_STOPPING_LINE = re.compile(r"NVRM: Xid|fallen off the bus|Uncorrected|Fatal", re.IGNORECASE)


def _bus_key(bus_id):
    """NVML's '00000000:18:00.0' and CUDA's '0000:18:00.0' both -> '0000:18:00.0'."""
    return bus_id.strip().lower()[-12:] if bus_id else None


class NvmlWatch:
    """NVML handles of the tested devices, matched by PCI bus id; every read turns errors into None."""

    def __init__(self, bus_ids):
        import pynvml

        self.nv = pynvml
        pynvml.nvmlInit()
        wanted = {_bus_key(b): d for d, b in bus_ids.items()}
        self.handle, self.index = {}, {}
        for index in range(pynvml.nvmlDeviceGetCount()):
            handle = pynvml.nvmlDeviceGetHandleByIndex(index)
            bus = pynvml.nvmlDeviceGetPciInfo(handle).busId
            key = _bus_key(bus.decode() if isinstance(bus, bytes) else bus)
            if key in wanted:
                self.handle[wanted[key]], self.index[wanted[key]] = handle, index
        self.events = None
        self._handle_to_device = {}
        self._register_xid_events()

    def _read(self, fn, *args):
        try:
            return fn(*args)
        except Exception:  # noqa: BLE001 - NotSupported, GPU lost ...: unknown, not a crash
            return None

    def _register_xid_events(self):
        nv = self.nv
        try:
            self.events = nv.nvmlEventSetCreate()
        except Exception:  # noqa: BLE001
            return
        for d, handle in self.handle.items():
            supported = self._read(self.nv.nvmlDeviceGetSupportedEventTypes, handle) or 0
            if not supported & nv.nvmlEventTypeXidCriticalError:
                continue
            try:
                nv.nvmlDeviceRegisterEvents(handle, nv.nvmlEventTypeXidCriticalError, self.events)
            except Exception:  # noqa: BLE001 - Xids then come from the kernel log only
                continue
            self._handle_to_device[ctypes.cast(handle, ctypes.c_void_p).value] = d

    def xid_events(self):
        """(device, xid) for every Xid NVML reported since the last call."""
        found = []
        while self.events is not None:
            try:
                data = self.nv.nvmlEventSetWait_v2(self.events, 0)
            except Exception:  # noqa: BLE001 - NVML_ERROR_TIMEOUT: none waiting
                break
            device = self._handle_to_device.get(ctypes.cast(data.device, ctypes.c_void_p).value)
            found.append((device, int(data.eventData)))
        return found

    def static(self, d):
        nv, h = self.nv, self.handle.get(d)
        if h is None:
            return {"nvml_index": None}
        limit = self._read(nv.nvmlDeviceGetEnforcedPowerLimit, h)
        return {
            "nvml_index": self.index[d],
            "power_limit_w": limit / 1000.0 if limit else None,
            "max_pcie_gen": self._read(nv.nvmlDeviceGetMaxPcieLinkGeneration, h),
            "max_pcie_width": self._read(nv.nvmlDeviceGetMaxPcieLinkWidth, h),
            "sm_max_mhz": self._read(nv.nvmlDeviceGetMaxClockInfo, h, nv.NVML_CLOCK_SM),
        }

    def counters(self, d):
        nv, h = self.nv, self.handle.get(d)
        if h is None:
            return None
        remapped = self._read(nv.nvmlDeviceGetRemappedRows, h)
        pages = [self._read(nv.nvmlDeviceGetRetiredPages, h, cause) for cause in (0, 1)]
        return {
            "ecc_corrected": self._read(nv.nvmlDeviceGetTotalEccErrors, h, 0, 0),  # corrected, volatile
            "ecc_uncorrected": self._read(nv.nvmlDeviceGetTotalEccErrors, h, 1, 0),
            "remapped_correctable": remapped[0] if remapped else None,
            "remapped_uncorrectable": remapped[1] if remapped else None,
            "retired_pages": sum(len(p) for p in pages) if all(p is not None for p in pages) else None,
        }

    def sample(self, d):
        nv, h = self.nv, self.handle.get(d)
        if h is None:
            return None
        power = self._read(nv.nvmlDeviceGetPowerUsage, h)
        util = self._read(nv.nvmlDeviceGetUtilizationRates, h)
        reasons_fn = getattr(nv, "nvmlDeviceGetCurrentClocksEventReasons", None) or \
            nv.nvmlDeviceGetCurrentClocksThrottleReasons
        return {
            "power_w": power / 1000.0 if power is not None else None,
            "sm_mhz": self._read(nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_SM),
            "mem_mhz": self._read(nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_MEM),
            "temp_c": self._read(nv.nvmlDeviceGetTemperature, h, nv.NVML_TEMPERATURE_GPU),
            "fan_pct": self._read(nv.nvmlDeviceGetFanSpeed, h),
            "util_pct": util.gpu if util is not None else None,
            "pcie_gen": self._read(nv.nvmlDeviceGetCurrPcieLinkGeneration, h),
            "pcie_width": self._read(nv.nvmlDeviceGetCurrPcieLinkWidth, h),
            "reasons": self._read(reasons_fn, h),
        }

    def close(self):
        try:
            if self.events is not None:
                self.nv.nvmlEventSetFree(self.events)
            self.nv.nvmlShutdown()
        except Exception:  # noqa: BLE001
            pass


def fold_window(device, samples, tflops):
    """Raw samples of one device over one window -> one WINDOW (see the module docstring)."""
    def values(key):
        return [s[key] for s in samples if s.get(key) is not None]

    def mean(key):
        v = values(key)
        return sum(v) / len(v) if v else None

    def pick(key, how):
        v = values(key)
        return how(v) if v else None

    reasons = values("reasons")
    return {
        "device": device, "n": len(samples), "power_w": mean("power_w"), "power_max_w": pick("power_w", max),
        "sm_mhz": mean("sm_mhz"), "sm_min_mhz": pick("sm_mhz", min), "mem_mhz": mean("mem_mhz"),
        "temp_c": pick("temp_c", max), "fan_pct": pick("fan_pct", max), "util_pct": mean("util_pct"),
        "pcie_gen": pick("pcie_gen", min), "pcie_width": pick("pcie_width", min),
        "reasons": _or_all(reasons) if reasons else None, "tflops": tflops,
    }


def _or_all(values):
    out = 0
    for v in values:
        out |= int(v)
    return out


def parse_kernel_line(text):
    """(xid, bus id) of a kernel log line (either may be None)."""
    xid = _XID.search(text)
    if xid:
        return int(xid.group(2)), xid.group(1)
    bus = _AER_SOURCE.search(text) or _AER_BUS.search(text)
    return None, bus.group(1) if bus else None


def kernel_line_stops(text):
    return bool(_STOPPING_LINE.search(text))


class KernelLog:
    """New records of /dev/kmsg (the kernel's ring buffer, from now on), kept when they are about GPUs or PCIe."""

    PATH = "/dev/kmsg"

    def __init__(self):
        self.fd, self.error = None, None
        try:
            self.fd = os.open(self.PATH, os.O_RDONLY | os.O_NONBLOCK)
            os.lseek(self.fd, 0, os.SEEK_END)
        except OSError as exc:
            self.error = exc.strerror or str(exc)
            self.fd = None

    def new_lines(self):
        lines = []
        while self.fd is not None:
            try:
                record = os.read(self.fd, 8192)
            except BlockingIOError:
                break
            except OSError as exc:
                if exc.errno == 32:  # EPIPE: records were overwritten while we read; go on from the next
                    continue
                self.error = exc.strerror or str(exc)
                break
            if not record:
                break
            text = record.decode("utf-8", "replace").split(";", 1)[-1].split("\n", 1)[0]
            if _KERNEL_LINE.search(text):
                lines.append(text[:400])
        return lines

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None



def window_seconds(seconds):
    return max(1.0, seconds / MAX_WINDOWS)


class Watcher:
    """The main thread's part: sample, fold into windows, emit, and stop the run at the first hardware error."""

    def __init__(self, devices, watch, kernel, compute, emit, stop, started, seconds):
        self.devices, self.watch, self.kernel, self.compute = devices, watch, kernel, compute
        self.emit, self.stop, self.started, self.seconds = emit, stop, started, seconds
        self.window_s = window_seconds(seconds)
        self.kernel_lines, self.xid_events = [], []

    def run(self, deadline, threads):
        raw = {d: [] for d in self.devices}
        window_start = last_progress = self.started
        while any(t.is_alive() for t in threads):
            now = time.monotonic()
            if self.watch is not None:
                for d in self.devices:
                    sample = self.watch.sample(d)
                    if sample is not None:
                        raw[d].append(sample)
            self.look_for_errors(now)
            if now - window_start >= self.window_s:
                self.emit_window(raw, window_start, now)
                window_start = now
            if now - last_progress >= 1.0:
                done = min(self.seconds, now - self.started)
                self.emit.progress("stress: %d/%d s" % (done, self.seconds), devices=self.devices)
                last_progress = now
            time.sleep(max(0.0, SAMPLE_S - (time.monotonic() - now)))
        if any(raw.values()):
            self.emit_window(raw, window_start, time.monotonic())

    def emit_window(self, raw, start, end):
        gpus = [fold_window(d, raw[d], self.compute.tflops_between(d, start, end)) for d in self.devices if raw[d]]
        for d in self.devices:
            raw[d] = []
        if gpus:
            self.emit.result("sample", t=end - self.started, gpus=gpus)

    def look_for_errors(self, now):
        t = now - self.started
        for text in self.kernel.new_lines():
            xid, bus = parse_kernel_line(text)
            self.kernel_lines.append({"t": t, "text": text, "xid": xid, "bus": bus})
            if kernel_line_stops(text):
                self.stop.set("kernel-log", text)
        if self.watch is not None:
            for device, xid in self.watch.xid_events():
                self.xid_events.append({"t": t, "device": device, "xid": xid})
                self.stop.set("xid", "Xid %d on device %s" % (xid, device))
