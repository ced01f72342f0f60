"""The ``stress`` test of the deep worker: every GPU at full power at once, watched all along.

``python -m gpudoctor.deep.worker stress --seconds 60 [--p2p]`` runs, on every selected device at the
same time and until the time is up or the first hardware error:

* a compute load: half-precision matrix products through cuBLAS (``cublasGemmEx``, what PyTorch's
  ``a @ b`` calls), each GPU on the same inputs. The answer is known in advance: before the load
  starts, the worker computes sample entries of the product on the CPU from the very inputs; the
  GPU's first product must match them, and every later product must equal the first bit for bit;
* a memory pattern test over most of the free memory (a random 4 MiB block and then its complement,
  a tag naming chunk and block at every 4 MiB, every byte read back and compared);
* with ``--p2p``, copies in both directions between every pair of GPUs, verified like the p2p test's.

Meanwhile the main thread samples NVML every SAMPLE_S (power against the enforced limit, SM and memory
clocks, temperature, clock-event ("throttle") reasons, PCIe generation and width, fan, utilisation),
watches NVML's Xid events and the kernel log (/dev/kmsg) for Xid and AER lines, and emits the samples
folded into windows (at most MAX_WINDOWS per run, so a 10-minute run stays small in a snapshot).
It never changes a limit or a clock. It MEASURES; checks/stress.py judges.

The loads are in stress_load.py, the watching in stress_watch.py; the events this test sends are
described with the rest of the protocol in gpudoctor/deep/worker.py (T="stress").
"""

from __future__ import annotations

import random
import sys
import threading
import time

from gpudoctor.deep import formulas as F
from gpudoctor.deep.cublas import Cublas
from gpudoctor.deep.session import Cleanup
from gpudoctor.deep.stress_load import ComputeLoad, MemoryTest, P2pLoad
from gpudoctor.deep.stress_watch import KernelLog, NvmlWatch, Watcher, window_seconds

class Stop:
    """The run's stop flag and the first reason given for it."""

    def __init__(self):
        self.event = threading.Event()
        self.reason = None
        self.detail = None
        self.exception = None
        self._lock = threading.Lock()

    def set(self, reason, detail=None, exception=None):
        with self._lock:
            if self.reason is None:
                self.reason, self.detail, self.exception = reason, detail, exception
        self.event.set()

    def __bool__(self):
        return self.event.is_set()


def _worker_thread(name, stop, body):
    """A thread whose unexpected error stops the run (the error is reported by the main thread)."""
    def run():
        try:
            body()
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            stop.set("error", str(exc), exc)

    return threading.Thread(target=run, name=name, daemon=True)


def run_stress(sess, emit, opts):
    """Load, watch, stop; then one result per device (and pair), and the run's own result."""
    stop = Stop()
    # Every thread here lives on ctypes calls, which give up the interpreter lock and must win it back on
    # return: with the default 5 ms switch interval, one thread's Python work would leave the others' GPUs idle.
    sys.setswitchinterval(0.0005)
    emit.progress("stress: load cuBLAS")
    blas = Cublas.load(opts.cublas)
    run = StressRun(sess, emit, opts, stop, blas)
    with Cleanup(sess) as cl:
        loads = Loads(sess, emit, opts, stop, blas, cl)
        ran, watcher = run.load_and_watch(loads)
        run.report(loads, ran, watcher)
        run.close()
        if stop.exception is not None:  # a CUDA error, Ctrl-C: reported as the worker's error event
            raise stop.exception


class Loads:
    """The compute load, the memory tests and (with --p2p on several devices) the copies, allocated."""

    def __init__(self, sess, emit, opts, stop, blas, cl):
        self.compute = ComputeLoad(sess, blas, stop, opts.matrix_size)
        emit.progress("stress: known answers")
        self.compute.known_answers(random.Random())
        emit.progress("stress: allocate", devices=sess.devices)
        self.compute.allocate(cl)
        self.p2p = None
        if opts.p2p and len(sess.devices) > 1:
            self.p2p = P2pLoad(sess, stop, opts.p2p_mib * F.MIB)
            self.p2p.allocate(cl)
        self.memory = {d: MemoryTest(sess, d, stop) for d in sess.devices}
        for test in self.memory.values():
            test.allocate(cl)

    def threads(self, stop, deadline):
        threads = [_worker_thread("compute", stop, lambda: self.compute.run(deadline))]
        threads += [_worker_thread("memory-%d" % d, stop, lambda t=t: t.run(deadline)) for d, t in self.memory.items()]
        if self.p2p is not None:
            threads.append(_worker_thread("p2p", stop, lambda: self.p2p.run(deadline)))
        return threads


class StressRun:
    """What watches the run (NVML where it can be used, the kernel log) and the results it sends at the end."""

    def __init__(self, sess, emit, opts, stop, blas):
        self.sess, self.emit, self.seconds, self.stop, self.blas = sess, emit, opts.seconds, stop, blas
        self.bus_ids = {d: sess.cuda.device_pci_bus_id(sess.handle[d]) for d in sess.devices}
        self.names = {d: sess.cuda.device_name(sess.handle[d]) for d in sess.devices}
        self.watch, self.nvml_error = None, None
        try:
            self.watch = NvmlWatch(self.bus_ids)
        except Exception as exc:  # noqa: BLE001 - no NVML: the load still runs, unwatched
            self.nvml_error = "%s: %s" % (type(exc).__name__, exc)
        self.kernel = KernelLog()
        self.counters_start = {d: self.counters(d) for d in sess.devices}

    def counters(self, d):
        return self.watch.counters(d) if self.watch else None

    def load_and_watch(self, loads):
        """(seconds the load ran, the Watcher that saw it), once every load thread has ended."""
        started = time.monotonic()
        deadline = started + self.seconds
        threads = loads.threads(self.stop, deadline)
        for thread in threads:
            thread.start()
        watcher = Watcher(self.sess.devices, self.watch, self.kernel, loads.compute, self.emit, self.stop, started,
                          self.seconds)
        try:
            watcher.run(deadline, threads)
        except BaseException as exc:  # Ctrl-C or a closed output: stop the load before anything else
            self.stop.set("interrupted", str(exc) or type(exc).__name__, exc)
        for thread in threads:
            thread.join()
        return time.monotonic() - started, watcher

    def report(self, loads, ran, watcher):
        emit, stop = self.emit, self.stop
        for d in self.sess.devices:
            emit.result("stress-device", device=d, name=self.names[d], pci_bus_id=self.bus_ids[d],
                        **(self.watch.static(d) if self.watch else {"nvml_index": None}),
                        counters_start=self.counters_start[d], counters_end=self.counters(d),
                        compute=loads.compute.summary(d), memory=loads.memory[d].result)
        for pair in loads.p2p.summaries() if loads.p2p is not None else ():
            emit.result("stress-pair", **pair)
        emit.result("stress-run", seconds=self.seconds, ran_s=ran, window_s=window_seconds(self.seconds),
                    stopped_by=stop.reason or "time", stop_detail=stop.detail,
                    gemm={"n": loads.compute.n, "dtype": "float16", "library": self.blas.path,
                          "version": self.blas.version()},
                    nvml_error=self.nvml_error, kernel_log={"source": KernelLog.PATH, "error": self.kernel.error},
                    kernel_lines=watcher.kernel_lines, xid_events=watcher.xid_events)

    def close(self):
        self.kernel.close()
        if self.watch is not None:
            self.watch.close()
