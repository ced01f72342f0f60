"""Deep-test child program: ``python -m gpudoctor.deep.worker TEST [TEST ...] [options]``.

It MEASURES and reports; it never judges (no pass/warn/fail here).

TESTS: ``p2p``, ``host``, ``allreduce`` (or ``all`` = all three, in that order), and ``stress``
(every GPU under full load at once for ``--seconds``, watched all along; never part of ``all``).
Several tests in one invocation share one ``cuInit`` and one set of primary
contexts, which saves ~0.3-1 s per test.

This header is the whole protocol, for every test; the code lives beside it, one module per test
(p2p.py, host_copies.py, allreduce.py, stress.py with stress_load.py and stress_watch.py), over
session.py (contexts, streams, freeing), emitter.py (the JSON lines) and options.py (the OPTIONS);
a test's module is imported only when it runs.

OPTIONS
  --devices 0,1     CUDA ordinals (as numbered by the driver under the inherited
                    CUDA_VISIBLE_DEVICES / CUDA_DEVICE_ORDER); default: all devices
  --size-mib N      buffer size for p2p and host (default 1024)
  --host-size-mib N buffer size for host only (default: --size-mib)
  --iters N         timed iterations (default: p2p 5, host 3, allreduce 20 for
                    sizes <= 16 MiB else 5)
  --warmup N        untimed iterations before timing (default: p2p/host 1, allreduce 2)
  --sizes-mib LIST  all-reduce sizes in MiB (default 1,16,256,1024)
  --nccl PATH       libnccl.so.2 to load (default: <sys.path>/nvidia/nccl/lib/libnccl.so.2)
  --no-verify       skip data-integrity checks (verified/mismatch fields become null)
  --include-local   p2p also measures src == dst (device-local copy, path "local")
  --seconds N       stress: how long to load the GPUs (5-600, default 60)
  --p2p             stress: also copy between every pair of GPUs all along
  --cublas PATH     stress: the cuBLAS library to load (default: see gpudoctor/deep/cublas.py)
  --matrix-size N   stress: the products' size (default 8192; a multiple of 128)
  --p2p-mib N       stress: the buffer each --p2p copy moves (default 256; a multiple of 4)

OUTPUT PROTOCOL (JSON lines on stdout)
  The worker moves its own fd 1 to stderr at start-up, so anything a native
  library prints lands on stderr; stdout carries only protocol lines.  Every
  line is one JSON object (strict JSON, no NaN) with an ``"event"`` key:

  {"event": "progress", "test": T|null, "step": "<free text>", "devices": [ordinal, ...]|null,
   "t": <s since start>}
      devices: the CUDA ordinals the step works on (src, dst for a p2p copy or its
      verification; the device for host; all ranks for all-reduce), null otherwise.

  {"event": "result", "test": T, "kind": K, ...}   one measurement, see below

  {"event": "error", "test": T|null, "where": "<last step>", "func": "<API>"|null,
   "error": "<NAME>", "code": <int>|null, "message": "<text>"|null}
      NAME is the CUresult name (e.g. "CUDA_ERROR_PEER_ACCESS_UNSUPPORTED"), the
      ncclResult_t name (e.g. "ncclUnhandledCudaError"), or one of
      "CUDA_LIBRARY_NOT_FOUND", "CUDA_SYMBOL_NOT_FOUND", "NCCL_LIBRARY_NOT_FOUND",
      "NCCL_SYMBOL_NOT_FOUND", "BAD_ARGUMENTS", "BAD_DEVICES", "INTERRUPTED",
      "OUTPUT_CLOSED", "CLEANUP_FAILED" (all results were printed but freeing
      resources failed, typically a sticky device error), or a Python exception
      class name (a bug; traceback on stderr).
      The first error ends the run: resources are released, no "done" follows,
      exit code 1.  Results printed before the error remain valid.

  {"event": "done", "elapsed_s": <float>,
   "phases": {"init": s, "p2p": s, "host": s, "allreduce": s, "stress": s, "teardown": s}}
      last line of a clean run (phases only for the tests run); exit code 0.

RESULT KINDS (T = test)
  T="env",  kind="env" (always first, after cuInit):
      protocol (1), driver_version (int, e.g. 13000), driver_version_str ("13.0"), device_count
      (visible to the driver), devices [{ordinal, name, pci_bus_id}] (selected ones,
      pci_bus_id like "0000:18:00.0"), library, cuda_visible_devices (str|null),
      init_s (cuInit + primary contexts + streams).
  T="p2p", kind="pair" (one per ordered pair src != dst; src == dst only with
      --include-local):
      src, dst (ordinals), can_access_peer (bool, cuDeviceCanAccessPeer(src, dst)),
      peer_access_enabled (bool: enabled src->dst AND dst->src),
      peer_access_error (CUresult name|null), path ("p2p" | "staged" | "local"),
      bytes (per copy), iters, warmup,
      unidirectional_gbps (cuMemcpyPeerAsync src->dst alone, stream of src),
      bidirectional_gbps (src->dst and dst->src at once, on two streams; the SUM of
      both directions, i.e. 2*bytes*iters/time; same value in (a,b) and (b,a);
      null for local),
      verified (bool|null), mismatch_offset (first bad byte offset in dst|null),
      mismatch_phase ("unidirectional"|"bidirectional"|null),
      mismatch_blocks (bad 4 MiB blocks, summed over both phases; 0 when verified).
      "staged": peer access not enabled; the driver may stage through host memory.
      Data: each source holds a random 4 MiB block (rotated per source device)
      repeated, with a 32-bit tag 0xA5<dev><block> at every 4 MiB boundary; each
      destination is poisoned (0xDEADBEEF) before copying and read back in full
      after the unidirectional and again after the bidirectional phase.
  T="p2p", kind="skipped": reason (e.g. fewer than 2 devices).
  T="host", kind="host" (one per device): device, bytes, iters, warmup,
      h2d_gbps, d2h_gbps (pinned, portable host buffer; async copies; events).
  T="nvlink", kind="nvlink" (twice: phase "before" right after "env", phase "after" once the last test
      ended): devices [{pci_bus_id, links}] with links {"<link>": {"replay", "recovery", "crc"}} for
      each active NVLink (nvmlDeviceGetNvLinkErrorCounter, the counters `nvidia-smi nvlink -e` prints),
      or devices null when NVML cannot be used here; a counter NVML refuses is left out.
  T="allreduce", kind="nccl" (once): nccl_version (int, e.g. 22703),
      nccl_version_str ("2.27.3"), nccl_path, nranks, devices (rank r = devices[r]),
      init_s (ncclCommInitAll), nccl_env (those of NCCL_REPORTED_ENV that are set, as it
      ran; the worker sets NCCL_NVLS_ENABLE=0 unless the parent set it).
  T="allreduce", kind="size" (one per size): bytes, count, dtype "float32",
      op "sum", nranks, iters, warmup, time_us (per all-reduce, slowest rank),
      algbw_gbps = bytes/time, busbw_gbps = algbw * 2*(n-1)/n (nccl-tests),
      verified (bool|null), mismatch_rank (int|null), mismatch_offset (byte|null).
      Rank r's send buffer holds float(r+1); every output float must equal the bit
      pattern of n(n+1)/2.  Out-of-place.  Small sizes include host launch overhead
      (like nccl-tests), so judge bandwidth on the largest size.

  T="stress" (see stress.py for what the load does; SAMPLE_S, MAX_WINDOWS in stress_watch.py):
  {"event": "result", "test": "stress", "kind": "sample", "t": s, "gpus": [WINDOW, ...]}
      WINDOW: device (CUDA ordinal), n (raw samples folded), power_w (mean), power_max_w, sm_mhz (mean),
      sm_min_mhz, mem_mhz, temp_c (max), fan_pct (max|null), util_pct (mean), pcie_gen, pcie_width (min:
      a link that drops shows), reasons (clock-event reason bits OR-ed, NVML's nvmlClocksEventReason*),
      tflops (mean of the compute rounds that ended in the window|null). Values are null where NVML
      cannot say.
  {"kind": "stress-device", device, nvml_index, name, pci_bus_id, power_limit_w, max_pcie_gen,
      max_pcie_width, sm_max_mhz, counters_start, counters_end ({ecc_corrected, ecc_uncorrected,
      remapped_correctable, remapped_uncorrectable, retired_pages}, null each where unsupported),
      compute {rounds, products, tflops (mean), verified (bool|null), sample_entries, sample_mismatches,
      changed_blocks (4 MiB blocks of the product unlike the first product), first_bad_offset,
      matches_first_gpu (bool|null)}, memory {bytes_allocated, bytes_verified, passes, bad_blocks,
      first_bad_offset}}
  {"kind": "stress-pair", src, dst, bytes_moved, gbps, verified, first_bad_offset}   (--p2p only)
  {"kind": "stress-run", seconds, ran_s, window_s, stopped_by ("time" | "xid" | "kernel-log" |
      "wrong-result" | "memory-error" | "p2p-error" | "interrupted"), stop_detail, gemm {n, dtype,
      library, version}, nvml_error, kernel_log {source, error}, kernel_lines [{t, text, xid, bus}],
      xid_events [{t, device, xid}]}

All GB/s use 1 GB = 1e9 bytes.  Times come from CUDA events.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import time

if __package__ in (None, ""):  # executed as a file: make the package importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from gpudoctor.deep.cuda import Cuda, version_string  # noqa: E402
from gpudoctor.deep.emitter import Emitter, OutputClosed, protocol_stream  # noqa: E402
from gpudoctor.deep.errors import LibraryCallError, WorkerError  # noqa: E402
from gpudoctor.deep.nvlink import nvlink_counters  # noqa: E402
from gpudoctor.deep.options import parse_args  # noqa: E402
from gpudoctor.deep.session import Session  # noqa: E402

PROTOCOL_VERSION = 1
# Each test's module and function, imported when the test runs: the worker starts without the others.
RUNNERS = {
    "p2p": ("gpudoctor.deep.p2p", "run_p2p"),
    "host": ("gpudoctor.deep.host_copies", "run_host"),
    "allreduce": ("gpudoctor.deep.allreduce", "run_allreduce"),
    "stress": ("gpudoctor.deep.stress", "run_stress"),
}


def main(argv=None, out=None):
    """Run the tests the arguments name; the exit code of the protocol (0 after "done", else 1)."""
    # Started from a shell job, nohup or a service, the worker inherits SIGINT ignored, and Python then leaves it
    # so: SIGINT must still end the run with an INTERRUPTED error and its cleanup, as the protocol says.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    t0 = time.monotonic()
    emit = Emitter(out if out is not None else protocol_stream(), t0)
    run = WorkerRun(emit)
    try:
        run.measure(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # --help
        if exc.code in (0, None):
            return 0
        run.fail(WorkerError("BAD_ARGUMENTS", str(exc.code)))
    except BaseException as exc:  # noqa: BLE001 - report everything as one protocol line
        run.fail(exc)
    run.release()
    if run.failed:
        return 1
    try:
        emit.emit({"event": "done", "elapsed_s": time.monotonic() - t0, "phases": run.phases})
    except OutputClosed:
        return 1
    return 0


class WorkerRun:
    """One invocation: start the driver, run the tests in turn, release everything, whatever happened."""

    def __init__(self, emit):
        self.emit = emit
        self.phases = {}
        self.sess = None
        self.failed = False

    def measure(self, argv):
        opts = parse_args(argv)
        infos = self.open(opts.devices)
        bus_ids = [info["pci_bus_id"] for info in infos]
        self.read_nvlink("before", bus_ids)  # the progress line names a hang in NVML, should one come
        for test in opts.tests:
            self.run_test(test, opts)
        self.read_nvlink("after", bus_ids)
        self.emit.test = None

    def open(self, selected):
        """cuInit, a primary context and stream per device, and the "env" result; the devices' infos."""
        emit = self.emit
        emit.progress("load CUDA driver library")
        cuda = Cuda.load()
        emit.progress("cuInit")
        started = time.monotonic()
        cuda.init(0)
        driver = cuda.driver_version()
        count = cuda.device_count()
        devices = _devices(selected, count)
        emit.progress("create primary contexts")
        self.sess = sess = Session(cuda, devices, emit)
        sess.open()
        infos = [{"ordinal": d, "name": cuda.device_name(sess.handle[d]),
                  "pci_bus_id": cuda.device_pci_bus_id(sess.handle[d])} for d in devices]
        self.phases["init"] = time.monotonic() - started
        emit.test = "env"
        emit.result("env", protocol=PROTOCOL_VERSION, driver_version=driver,
                    driver_version_str=version_string(driver), device_count=count, devices=infos,
                    library=cuda.path, cuda_visible_devices=os.environ.get("CUDA_VISIBLE_DEVICES"),
                    init_s=self.phases["init"])
        return infos

    def read_nvlink(self, phase, bus_ids):
        self.emit.test = "nvlink"
        self.emit.progress("read NVLink error counters %s the tests" % phase)
        self.emit.result("nvlink", phase=phase, devices=nvlink_counters(bus_ids))

    def run_test(self, test, opts):
        self.emit.test = test
        self.emit.progress("%s: start" % test)
        module, function = RUNNERS[test]
        runner = getattr(importlib.import_module(module), function)
        started = time.monotonic()
        runner(self.sess, self.emit, opts)
        self.phases[test] = time.monotonic() - started

    def fail(self, exc):
        """The error event for what ended the run (a traceback on stderr only for a bug of ours)."""
        self.failed = True
        known = isinstance(exc, (LibraryCallError, WorkerError, OutputClosed, KeyboardInterrupt))
        if not known:
            import traceback

            traceback.print_exc(file=sys.stderr)
        name, message, func, code = _describe(exc)
        self.emit.error(name, message, func=func, code=code)

    def release(self):
        """Free the contexts; freeing that fails after a clean run is the CLEANUP_FAILED error."""
        sess, emit = self.sess, self.emit
        if sess is None:
            return
        if not self.failed:
            emit.test = None
            try:
                emit.progress("release contexts")
            except OutputClosed:
                self.failed = True
        started = time.monotonic()
        for err in sess.close():
            sys.stderr.write("gpudoctor worker: cleanup: %s\n" % err)
            sess.cleanup_errors.append(err)
        self.phases["teardown"] = time.monotonic() - started
        if sess.cleanup_errors and not self.failed:
            # every result is out, but freeing failed: often a sticky (device-fatal) error
            self.failed = True
            emit.test = None
            emit.where = "cleanup"
            emit.error("CLEANUP_FAILED", "; ".join(sess.cleanup_errors[:5]))


def _devices(selected, count):
    """The ordinals to test: those asked for, else all; BAD_DEVICES for one the driver does not have."""
    devices = selected if selected is not None else list(range(count))
    bad = [d for d in devices if d >= count]
    if bad or not devices:
        raise WorkerError("BAD_DEVICES", "devices %s not among the %d visible CUDA devices" % (bad or devices, count))
    return devices


def _describe(exc):
    """(name, message, func, code) for an error event."""
    if isinstance(exc, (LibraryCallError, WorkerError)):  # CUDA, NCCL, cuBLAS
        return exc.name, exc.message, exc.func, exc.code
    if isinstance(exc, OutputClosed):
        return "OUTPUT_CLOSED", str(exc), None, None
    if isinstance(exc, KeyboardInterrupt):
        return "INTERRUPTED", "interrupted", None, None
    return type(exc).__name__, str(exc), None, None


if __name__ == "__main__":
    sys.exit(main())
