"""Whether the CUDA driver's start (cuInit) can be hidden or split across processes: a benchmark, not a test.

    python bench/cuinit_processes.py > result.json

cuInit costs about 0.21 s for every GPU it starts in the lent VMs, and inside one process NVML answers
nothing while it runs (bench/nvml_beside_cuinit.py). This measures, 5 rounds each, the wall time from
spawning to the last answer of: cuInit in one process with every GPU, GPU 0 only, or none visible; two
processes with one GPU each (does the per-GPU cost overlap?); two with every GPU each; cuInit beside an
NVML session in another process. On the two-H200 host (2026-11-25, bench/results/h200x2-cuinit-processes-
2026-11-25.json) two one-GPU processes took 0.565 s against 0.536 s for one process with both: the
per-GPU cost does not split.
"""
import json, os, subprocess, sys, time, statistics

CHILD = r"""
import ctypes, time, sys, json
t0 = time.perf_counter()
lib = ctypes.CDLL("libcuda.so.1")
t1 = time.perf_counter()
rc = lib.cuInit(0)
t2 = time.perf_counter()
n = ctypes.c_int(); lib.cuDeviceGetCount(ctypes.byref(n))
peer = None
if n.value > 1 and "--peer" in sys.argv:
    d0 = ctypes.c_int(); d1 = ctypes.c_int(); lib.cuDeviceGet(ctypes.byref(d0), 0); lib.cuDeviceGet(ctypes.byref(d1), 1)
    can = ctypes.c_int(); lib.cuDeviceCanAccessPeer(ctypes.byref(can), d0, d1); peer = can.value
t3 = time.perf_counter()
print(json.dumps({"load": t1 - t0, "cuInit": t2 - t1, "rc": rc, "count": n.value, "rest": t3 - t2, "peer": peer}))
"""

NVML = r"""
import ctypes, time, json
t0 = time.perf_counter()
lib = ctypes.CDLL("libnvidia-ml.so.1")
lib.nvmlInit_v2()
t1 = time.perf_counter()
count = ctypes.c_uint(); lib.nvmlDeviceGetCount_v2(ctypes.byref(count))
hs = []
for i in range(count.value):
    h = ctypes.c_void_p(); lib.nvmlDeviceGetHandleByIndex_v2(i, ctypes.byref(h)); hs.append(h)
    name = ctypes.create_string_buffer(96); lib.nvmlDeviceGetName(h, name, 96)
    mem = (ctypes.c_ulonglong * 3)(); lib.nvmlDeviceGetMemoryInfo(h, mem)
if len(hs) > 1:
    st = ctypes.c_int(); lib.nvmlDeviceGetP2PStatus(hs[0], hs[1], 0, ctypes.byref(st))
t2 = time.perf_counter()
print(json.dumps({"nvmlInit": t1 - t0, "queries": t2 - t1}))
"""

def spawn(code, env_extra=None, args=()):
    env = dict(os.environ); env.update(env_extra or {})
    return subprocess.Popen([sys.executable, "-S", "-c", code, *args], stdout=subprocess.PIPE, env=env, text=True)

def run_together(specs):
    t0 = time.perf_counter()
    procs = [spawn(*s) for s in specs]
    outs = [json.loads(p.communicate()[0]) for p in procs]
    return time.perf_counter() - t0, outs

modes = {
    "one process, all GPUs": lambda: run_together([(CHILD, {})]),
    "one process, all GPUs, +peer": lambda: run_together([(CHILD, {}, ("--peer",))]),
    "one process, GPU 0 only": lambda: run_together([(CHILD, {"CUDA_VISIBLE_DEVICES": "0"})]),
    "one process, no GPU visible": lambda: run_together([(CHILD, {"CUDA_VISIBLE_DEVICES": ""})]),
    "two processes, one GPU each": lambda: run_together([(CHILD, {"CUDA_VISIBLE_DEVICES": "0"}), (CHILD, {"CUDA_VISIBLE_DEVICES": "1"})]),
    "two processes, all GPUs each": lambda: run_together([(CHILD, {}), (CHILD, {})]),
    "cuInit all + NVML apart": lambda: run_together([(CHILD, {}), (NVML, {})]),
    "NVML alone": lambda: run_together([(NVML, {})]),
    "python -S -c pass": lambda: run_together([("print('{}')", {})]),
}
results = {k: [] for k in modes}
for _ in range(5):
    for name, fn in modes.items():
        results[name].append(fn())
summary = {}
for name, runs in results.items():
    walls = [w for w, _ in runs]
    summary[name] = {"wall_median": round(statistics.median(walls), 4), "walls": [round(w, 4) for w in walls], "last": runs[-1][1]}
print(json.dumps(summary, indent=1))
