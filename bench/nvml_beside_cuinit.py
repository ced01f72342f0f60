"""Whether NVML answers while cuInit runs in the same process, and whether NVML's slow calls overlap
across threads: a benchmark, not a test.

    python bench/nvml_beside_cuinit.py

A live check starts cuInit (0.4-0.5 s in the lent two-H100 VM) beside NVML. If NVML's questions wait
for cuInit inside one process, the inventory cannot start before cuInit ends; this measures, each in a
fresh process (times in ms from the process's own start of the experiment):
  beside:  cuInit on a thread, NVML's init and first questions on another, started together;
  before:  NVML's init and questions first, then cuInit;
  apart:   cuInit in a child process, NVML in this one (the child is a new interpreter, so NVML may be done
           before its cuInit starts: a child forked before NVML's start held NVML back for all of its cuInit,
           bench/results/h200x2-cuinit-child-2026-11-26.json);
and the wall time of 40 nvmlDeviceGetP2PStatus calls from one thread and from four threads.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = r"""
import ctypes, json, sys, threading, time
T0 = time.perf_counter()
ms = lambda: round((time.perf_counter() - T0) * 1000, 1)
events = []
def cuda():
    lib = ctypes.CDLL("libcuda.so.1"); events.append(("cuInit start", ms())); lib.cuInit(0); events.append(("cuInit end", ms()))
def nvml():
    lib = ctypes.CDLL("libnvidia-ml.so.1")
    for name in ("nvmlInit_v2", "nvmlInit_v2 (second reference)"):
        t = ms(); lib.nvmlInit_v2(); events.append((name, t, ms()))
    count = ctypes.c_uint(); t = ms(); lib.nvmlDeviceGetCount_v2(ctypes.byref(count)); events.append(("nvmlDeviceGetCount", t, ms()))
    handle = ctypes.c_void_p(); t = ms(); lib.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(handle)); events.append(("GetHandleByIndex", t, ms()))
    name = ctypes.create_string_buffer(96); t = ms(); lib.nvmlDeviceGetName(handle, name, 96); events.append(("GetName", t, ms()))
    mem = (ctypes.c_ulonglong * 3)(); t = ms(); lib.nvmlDeviceGetMemoryInfo(handle, mem); events.append(("GetMemoryInfo", t, ms()))
    if count.value > 1:
        other = ctypes.c_void_p(); lib.nvmlDeviceGetHandleByIndex_v2(1, ctypes.byref(other)); status = ctypes.c_int()
        t = ms(); lib.nvmlDeviceGetP2PStatus(handle, other, 2, ctypes.byref(status)); events.append(("GetP2PStatus", t, ms()))
def with_pynvml():
    lib = ctypes.CDLL("libnvidia-ml.so.1"); t = ms(); lib.nvmlInit_v2(); events.append(("nvmlInit_v2", t, ms()))
    t = ms(); import pynvml; events.append(("import pynvml", t, ms()))
    t = ms(); pynvml.nvmlInit(); events.append(("pynvml.nvmlInit", t, ms()))
    t = ms(); pynvml.nvmlDeviceGetName(pynvml.nvmlDeviceGetHandleByIndex(0)); events.append(("pynvml GetName", t, ms()))
mode = sys.argv[1]
if mode == "beside-pynvml":
    threads = [threading.Thread(target=cuda), threading.Thread(target=with_pynvml)]
    for t in threads: t.start()
    for t in threads: t.join()
elif mode == "beside":
    threads = [threading.Thread(target=cuda), threading.Thread(target=nvml)]
    for t in threads: t.start()
    for t in threads: t.join()
elif mode == "before":
    nvml(); cuda()
elif mode == "apart":
    nvml()
print(json.dumps(events))
"""

P2P = r"""
import ctypes, threading, time
lib = ctypes.CDLL("libnvidia-ml.so.1"); lib.nvmlInit_v2()
a, b = ctypes.c_void_p(), ctypes.c_void_p()
lib.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(a)); lib.nvmlDeviceGetHandleByIndex_v2(1, ctypes.byref(b))
def calls(n):
    status = ctypes.c_int()
    for i in range(n): lib.nvmlDeviceGetP2PStatus(a, b, i % 5, ctypes.byref(status))
calls(5)
for threads in (1, 4):
    started = time.perf_counter()
    workers = [threading.Thread(target=calls, args=(40 // threads,)) for _ in range(threads)]
    for w in workers: w.start()
    for w in workers: w.join()
    print(f"40 nvmlDeviceGetP2PStatus from {threads} thread(s): {(time.perf_counter() - started) * 1000:.1f} ms")
"""


def main() -> None:
    for mode in ("beside", "beside-pynvml", "before", "apart"):
        if mode == "apart":
            child = subprocess.Popen([sys.executable, "-c", "import ctypes,time;t=time.perf_counter();"
                                      "ctypes.CDLL('libcuda.so.1').cuInit(0);"
                                      "print('child cuInit', round((time.perf_counter()-t)*1000,1))"])
        out = subprocess.run([sys.executable, "-c", CHILD, mode], capture_output=True, text=True).stdout
        if mode == "apart":
            child.wait()
        print(mode, json.dumps(json.loads(out or "[]")))
    print(subprocess.run([sys.executable, "-c", P2P], capture_output=True, text=True).stdout, end="")


if __name__ == "__main__":
    main()
