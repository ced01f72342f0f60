"""Deep-test child program: ``python -m gpudoctor.deep.worker TEST [TEST ...] [options]``.

It MEASURES and reports; it never judges (no pass/warn/fail here).

TESTS: ``p2p``, ``host``, ``allreduce`` (or ``all`` = all three, in that order), and ``stress``
(every GPU under full load at once for ``--seconds``; its events are documented in
gpudoctor/deep/stress.py; never part of ``all``).
Several tests in one invocation share one ``cuInit`` and one set of primary
contexts, which saves ~0.3-1 s per test.

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
   "phases": {"init": s, "p2p": s, "host": s, "allreduce": s, "teardown": s}}
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

All GB/s use 1 GB = 1e9 bytes.  Times come from CUDA events.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import struct
import sys
import time

if __package__ in (None, ""):  # executed as a file: make the package importable
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from gpudoctor.deep import formulas as F  # noqa: E402
from gpudoctor.deep.cuda import CudaError, Cuda, version_string  # noqa: E402
from gpudoctor.deep.errors import LibraryCallError  # noqa: E402
from gpudoctor.deep.nccl import NcclError  # noqa: E402

PROTOCOL_VERSION = 1
TESTS = ("p2p", "host", "allreduce")
ALL_TESTS = (*TESTS, "stress")
MIB = F.MIB
BLOCK = 4 * MIB  # pattern period / verification granularity
READBACK_CHUNK = 64 * MIB  # pinned readback buffer (x2, double-buffered); multiple of BLOCK
POISON = 0xDEADBEEF  # written into destinations before copying
NAN_POISON = 0xFFFFFFFF  # a float32 NaN, written into all-reduce outputs
DEFAULT_SIZES_MIB = (1, 16, 256, 1024)
# NCCL variables that change the all-reduce's transport, reported with the result. A fixed list:
# the output lands in snapshots, and other NCCL_* values (socket names, plugin paths) are not ours to copy.
NCCL_REPORTED_ENV = (
    "NCCL_P2P_DISABLE",
    "NCCL_P2P_LEVEL",
    "NCCL_SHM_DISABLE",
    "NCCL_NVLS_ENABLE",
    "NCCL_CUMEM_ENABLE",
    "NCCL_ALGO",
    "NCCL_PROTO",
)


class WorkerError(Exception):
    def __init__(self, name, message):
        self.name = name
        self.message = message
        self.code = None
        self.func = None
        super().__init__("%s: %s" % (name, message))


class OutputClosed(Exception):
    pass


# --------------------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------------------
def _clean(value):
    """Make a value strict-JSON friendly (round floats, no NaN/inf)."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None
        return round(value, 4)
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


class Emitter:
    def __init__(self, stream, t0):
        self.stream = stream
        self.t0 = t0
        self.test = None
        self.where = "start"
        self.dead = False

    def emit(self, obj):
        if self.dead:
            raise OutputClosed("protocol stream closed")
        line = json.dumps(_clean(obj), separators=(",", ":"), allow_nan=False)
        try:
            self.stream.write(line + "\n")
            self.stream.flush()
        except (OSError, ValueError) as exc:
            self.dead = True
            raise OutputClosed(str(exc)) from None

    def progress(self, step, devices=None):
        self.where = step
        self.emit(
            {
                "event": "progress",
                "test": self.test,
                "step": step,
                "devices": None if devices is None else list(devices),
                "t": time.monotonic() - self.t0,
            }
        )

    def result(self, kind, **fields):
        obj = {"event": "result", "test": self.test, "kind": kind}
        obj.update(fields)
        self.emit(obj)

    def error(self, name, message=None, func=None, code=None):
        if self.dead:
            return
        try:
            self.emit(
                {
                    "event": "error",
                    "test": self.test,
                    "where": self.where,
                    "func": func,
                    "error": name,
                    "code": code,
                    "message": message,
                }
            )
        except OutputClosed:
            pass


def _protocol_stream():
    """Keep the real stdout for the protocol; point fd 1 at stderr for everybody else."""
    try:
        sys.stdout.flush()
        fd = os.dup(1)
        os.dup2(2, 1)
        return os.fdopen(fd, "w", encoding="utf-8", newline="\n")
    except (OSError, ValueError, AttributeError):
        return sys.stdout


# --------------------------------------------------------------------------------------
# arguments
# --------------------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message):  # never print usage + exit 2
        raise WorkerError("BAD_ARGUMENTS", message)


def parse_args(argv):
    p = _Parser(prog="python -m gpudoctor.deep.worker", add_help=True)
    p.add_argument("tests", nargs="+", metavar="TEST", help="p2p, host, allreduce or all")
    p.add_argument("--devices", default=None)
    p.add_argument("--size-mib", type=int, default=1024)
    p.add_argument("--host-size-mib", type=int, default=None)
    p.add_argument("--iters", type=int, default=None)
    p.add_argument("--warmup", type=int, default=None)
    p.add_argument("--sizes-mib", default=None)
    p.add_argument("--nccl", default=None)
    p.add_argument("--no-verify", action="store_true")
    p.add_argument("--include-local", action="store_true")
    p.add_argument("--seconds", type=int, default=60)
    p.add_argument("--p2p", action="store_true")
    p.add_argument("--cublas", default=None)
    p.add_argument("--matrix-size", type=int, default=8192)
    p.add_argument("--p2p-mib", type=int, default=256)
    opts = p.parse_args(argv)

    tests = []
    for t in opts.tests:
        for name in t.split(","):
            name = name.strip().lower()
            if not name:
                continue
            names = TESTS if name == "all" else (name,)
            for n in names:
                if n not in ALL_TESTS:
                    raise WorkerError("BAD_ARGUMENTS",
                                      "unknown test %r (choose from %s, all)" % (n, ", ".join(ALL_TESTS)))
                if n not in tests:
                    tests.append(n)
    if not tests:
        raise WorkerError("BAD_ARGUMENTS", "no test given")
    opts.tests = tests
    try:
        opts.devices = F.parse_int_list(opts.devices) if opts.devices is not None else None
    except ValueError as exc:
        raise WorkerError("BAD_ARGUMENTS", "--devices: %s" % exc) from None
    try:
        sizes = F.parse_int_list(opts.sizes_mib) if opts.sizes_mib else list(DEFAULT_SIZES_MIB)
    except ValueError as exc:
        raise WorkerError("BAD_ARGUMENTS", "--sizes-mib: %s" % exc) from None
    if any(s < 1 for s in sizes):
        raise WorkerError("BAD_ARGUMENTS", "--sizes-mib: sizes must be >= 1")
    opts.sizes = [s * MIB for s in sizes]
    if opts.size_mib < 1:
        raise WorkerError("BAD_ARGUMENTS", "--size-mib must be >= 1")
    if opts.host_size_mib is None:
        opts.host_size_mib = opts.size_mib
    if opts.host_size_mib < 1:
        raise WorkerError("BAD_ARGUMENTS", "--host-size-mib must be >= 1")
    if opts.iters is not None and opts.iters < 1:
        raise WorkerError("BAD_ARGUMENTS", "--iters must be >= 1")
    if not 5 <= opts.seconds <= 600:
        raise WorkerError("BAD_ARGUMENTS", "--seconds must be between 5 and 600")
    if opts.p2p_mib < 4 or opts.p2p_mib % 4:
        raise WorkerError("BAD_ARGUMENTS", "--p2p-mib must be a multiple of 4")
    if opts.matrix_size < 128 or opts.matrix_size % 128:
        raise WorkerError("BAD_ARGUMENTS", "--matrix-size must be a multiple of 128")
    if opts.warmup is not None and opts.warmup < 0:
        raise WorkerError("BAD_ARGUMENTS", "--warmup must be >= 0")
    return opts


# --------------------------------------------------------------------------------------
# host-side comparison
# --------------------------------------------------------------------------------------
def _load_memcmp():
    try:
        lib = ctypes.cdll.msvcrt if os.name == "nt" else ctypes.CDLL(None)
        fn = lib.memcmp
        fn.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t]
        fn.restype = ctypes.c_int
        return fn
    except (OSError, AttributeError):  # pragma: no cover - every libc has memcmp

        def slow(a, b, n):
            x, y = ctypes.string_at(a, n), ctypes.string_at(b, n)
            return (x > y) - (x < y)

        return slow


class Comparer:
    def __init__(self):
        self.memcmp = _load_memcmp()

    def first_diff(self, a, b, n):
        """Offset of the first differing byte of [a, a+n) vs [b, b+n), or None."""
        if n <= 0 or self.memcmp(a, b, n) == 0:
            return None
        lo, hi = 0, n  # the first difference lies in [lo, hi)
        while hi - lo > 256:
            mid = (lo + hi) // 2
            if self.memcmp(a + lo, b + lo, mid - lo) != 0:
                hi = mid
            else:
                lo = mid
        x, y = ctypes.string_at(a + lo, hi - lo), ctypes.string_at(b + lo, hi - lo)
        for i in range(len(x)):
            if x[i] != y[i]:
                return lo + i
        return lo  # pragma: no cover


def p2p_tag(device, block_index):
    """32-bit value stored at the start of every 4 MiB block (source device, block)."""
    return (0xA5 << 24) | ((device & 0xFF) << 16) | (block_index & 0xFFFF)


def pattern_block(base, device):
    """Per-source-device pattern: the random base block rotated by a device-specific amount."""
    rot = (device * 4 * 1000003) % len(base)
    return base[rot:] + base[:rot]


# --------------------------------------------------------------------------------------
# session: contexts, streams, pinned readback buffers
# --------------------------------------------------------------------------------------
class Session:
    def __init__(self, cuda, devices, emit):
        self.cuda = cuda
        self.devices = list(devices)
        self.emit = emit
        self.handle = {}  # ordinal -> CUdevice
        self.ctx = {}  # ordinal -> primary context
        self.stream = {}  # ordinal -> non-blocking stream
        self._retained = []
        self._rb = None
        self.cmp = Comparer()
        self.cleanup_errors = []

    def open(self):
        c = self.cuda
        for d in self.devices:
            h = c.device_get(d)
            self.handle[d] = h
            self.ctx[d] = c.primary_ctx_retain(h)
            self._retained.append(h)
            c.ctx_set_current(self.ctx[d])
            self.stream[d] = c.stream_create()

    def use(self, d):
        self.cuda.ctx_set_current(self.ctx[d])

    def sync_all(self):
        for d in self.devices:
            if d in self.stream:
                self.use(d)
                self.cuda.stream_synchronize(self.stream[d])

    def readback_buffers(self):
        if self._rb is None:
            self.use(self.devices[0])
            a = self.cuda.mem_host_alloc(READBACK_CHUNK)
            try:
                b = self.cuda.mem_host_alloc(READBACK_CHUNK)
            except CudaError:
                self.cuda.mem_free_host(a)
                raise
            self._rb = (a, b)
        return self._rb

    def readback_compare(self, d, dptr, nbytes, block_check):
        """Copy device memory back in chunks (double-buffered) and check every block.

        ``block_check(host_addr, offset, length)`` returns the absolute offset of the
        first bad byte of that block or None.  Blocks are BLOCK-aligned.
        Returns (first_bad_offset or None, number_of_bad_blocks).
        """
        if nbytes <= 0:
            return None, 0
        c = self.cuda
        bufs = self.readback_buffers()
        s = self.stream[d]
        self.use(d)
        chunks = [(off, min(READBACK_CHUNK, nbytes - off)) for off in range(0, nbytes, READBACK_CHUNK)]
        first, bad = None, 0
        c.memcpy_dtoh_async(bufs[0], dptr, chunks[0][1], s)
        c.stream_synchronize(s)
        for i, (off, ln) in enumerate(chunks):
            more = i + 1 < len(chunks)
            if more:  # overlap the next copy with this chunk's comparison
                noff, nln = chunks[i + 1]
                c.memcpy_dtoh_async(bufs[(i + 1) % 2], dptr + noff, nln, s)
            buf = bufs[i % 2]
            for boff in range(0, ln, BLOCK):
                r = block_check(buf + boff, off + boff, min(BLOCK, ln - boff))
                if r is not None:
                    bad += 1
                    if first is None:
                        first = r
            if more:
                c.stream_synchronize(s)
        return first, bad

    def close(self):
        """Best effort; returns the list of errors met."""
        errors = []
        c = self.cuda

        def attempt(fn, *args):
            try:
                fn(*args)
            except Exception as exc:  # noqa: BLE001 - cleanup must go on
                errors.append(str(exc))

        for d in self.devices:
            if d in self.stream:
                attempt(self.use, d)
                attempt(c.stream_synchronize, self.stream[d])
                attempt(c.stream_destroy, self.stream[d])
        self.stream.clear()
        if self._rb is not None:
            if self.devices and self.devices[0] in self.ctx:
                attempt(self.use, self.devices[0])
            for p in self._rb:
                attempt(c.mem_free_host, p)
            self._rb = None
        for h in self._retained:
            attempt(c.primary_ctx_release, h)
        self._retained = []
        return errors


class Cleanup:
    """LIFO best-effort cleanup callbacks (errors recorded, never raised).

    Before any callback runs, every session stream is drained, so nothing is freed
    while a copy that uses it may still be in flight (matters on error paths).
    """

    def __init__(self, sess):
        self.sess = sess
        self.items = []
        self.errors = []

    def push(self, fn, *args):
        self.items.append((fn, args))

    def run(self):
        if self.items:
            sess = self.sess
            for d in sess.devices:
                if d in sess.stream:
                    try:
                        sess.use(d)
                        sess.cuda.stream_synchronize(sess.stream[d])
                    except Exception as exc:  # noqa: BLE001
                        self.errors.append(str(exc))
        while self.items:
            fn, args = self.items.pop()
            try:
                fn(*args)
            except Exception as exc:  # noqa: BLE001
                self.errors.append(str(exc))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.run()
        for err in self.errors:
            sys.stderr.write("gpudoctor worker: cleanup: %s\n" % err)
        self.sess.cleanup_errors.extend(self.errors)
        return False


def _alloc(sess, cl, d, nbytes):
    sess.use(d)
    p = sess.cuda.mem_alloc(nbytes)

    def free():
        sess.use(d)
        sess.cuda.mem_free(p)

    cl.push(free)
    return p


def _event(sess, cl, d, flags=0):
    sess.use(d)
    e = sess.cuda.event_create(flags)

    def destroy():
        sess.use(d)
        sess.cuda.event_destroy(e)

    cl.push(destroy)
    return e


def _pinned(sess, cl, nbytes):
    sess.use(sess.devices[0])
    p = sess.cuda.mem_host_alloc(nbytes)

    def free():
        sess.use(sess.devices[0])
        sess.cuda.mem_free_host(p)

    cl.push(free)
    return p


# --------------------------------------------------------------------------------------
# p2p
# --------------------------------------------------------------------------------------
def run_p2p(sess, emit, opts):
    """Every pair of devices, both ways: peer access, then timed copies, each verified in full."""
    pairs = F.unordered_pairs(sess.devices)
    if not pairs and not opts.include_local:
        emit.result("skipped", reason="p2p needs at least 2 devices (got %d)" % len(sess.devices))
        return
    with Cleanup(sess) as cl:
        test = P2pTest(sess, emit, opts, cl)
        test.allocate()
        test.fill_sources()
        test.enable_peer_access()
        if opts.include_local:
            for d in sess.devices:
                test.measure_local(d)
        for a, b in pairs:
            test.measure_pair(a, b)
        emit.progress("p2p: free")


class P2pTest:
    """The phases of one p2p run, in the order run_p2p calls them; buffers are freed by its Cleanup."""

    def __init__(self, sess, emit, opts, cl):
        self.sess, self.emit, self.cl = sess, emit, cl
        self.c = sess.cuda
        self.size = opts.size_mib * MIB
        self.size_mib = opts.size_mib
        self.iters = opts.iters or 5
        self.warmup = 1 if opts.warmup is None else opts.warmup
        self.verify = not opts.no_verify
        self.nblocks = (self.size + BLOCK - 1) // BLOCK
        self.src, self.dst, self.ev0, self.ev1, self.pat = {}, {}, {}, {}, {}
        self.can, self.enabled, self.enable_err = {}, {}, {}

    # -- phases ----------------------------------------------------------------------------------
    def allocate(self):
        self.emit.progress("p2p: allocate 2 x %d MiB per device" % self.size_mib)
        sess, cl = self.sess, self.cl
        for d in sess.devices:
            self.src[d] = _alloc(sess, cl, d, self.size)
            self.dst[d] = _alloc(sess, cl, d, self.size)
            self.ev0[d] = _event(sess, cl, d)
            self.ev1[d] = _event(sess, cl, d)

    def fill_sources(self):
        """Each source holds its device's pattern, a tag at every block boundary (see p2p_tag)."""
        self.emit.progress("p2p: fill source buffers")
        sess, c, size = self.sess, self.c, self.size
        base = os.urandom(BLOCK)
        for d in sess.devices:
            block = pattern_block(base, d)
            self.pat[d] = _pinned(sess, self.cl, BLOCK)
            ctypes.memmove(self.pat[d], block, BLOCK)
            sess.use(d)
            s = sess.stream[d]
            for k in range(self.nblocks):
                off = k * BLOCK
                c.memcpy_htod_async(self.src[d] + off, self.pat[d], min(BLOCK, size - off), s)
                c.memset_d32_async(self.src[d] + off, p2p_tag(d, k), 1, s)
        sess.sync_all()

    def enable_peer_access(self):
        """Peer access, both directions, for every pair; a pair that cannot is measured staged."""
        self.emit.progress("p2p: peer access")
        sess, c = self.sess, self.c
        for a, b in F.ordered_pairs(sess.devices):
            self.can[(a, b)] = c.can_access_peer(sess.handle[a], sess.handle[b])
        for a, b in F.ordered_pairs(sess.devices):
            self.enabled[(a, b)] = False
            self.enable_err[(a, b)] = None
            if self.can[(a, b)]:
                sess.use(a)
                try:
                    c.ctx_enable_peer_access(sess.ctx[b])
                    self.enabled[(a, b)] = True
                except CudaError as exc:  # e.g. CUDA_ERROR_TOO_MANY_PEERS: measure staged instead
                    self.enable_err[(a, b)] = exc.name

    def measure_local(self, d):
        uni = self.unidirectional(d, d)
        self.pair_result(d, d, uni, None, self.verify_copy(d, d), (None, None, None))

    def measure_pair(self, a, b):
        uni_ab = self.unidirectional(a, b)
        chk_ab = self.verify_copy(a, b)
        uni_ba = self.unidirectional(b, a)
        chk_ba = self.verify_copy(b, a)
        bidi = self.bidirectional(a, b)
        bchk_ab = self.verify_copy(a, b)
        bchk_ba = self.verify_copy(b, a)
        self.pair_result(a, b, uni_ab, bidi, chk_ab, bchk_ab)
        self.pair_result(b, a, uni_ba, bidi, chk_ba, bchk_ba)

    # -- timed copies ----------------------------------------------------------------------------
    def copy(self, a, b):  # a -> b on a's stream
        sess = self.sess
        sess.use(a)
        self.c.memcpy_peer_async(self.dst[b], sess.ctx[b], self.src[a], sess.ctx[a], self.size, sess.stream[a])

    def poison(self, *targets):
        sess, c = self.sess, self.c
        for t in targets:
            sess.use(t)
            c.memset_d32_async(self.dst[t], POISON, self.size // 4, sess.stream[t])
        for t in targets:
            sess.use(t)
            c.stream_synchronize(sess.stream[t])

    def unidirectional(self, a, b):
        self.emit.progress("p2p %d->%d: unidirectional" % (a, b), devices=(a, b))
        sess, c = self.sess, self.c
        self.poison(b)
        s = sess.stream[a]
        for _ in range(self.warmup):
            self.copy(a, b)
        sess.use(a)
        c.event_record(self.ev0[a], s)
        for _ in range(self.iters):
            self.copy(a, b)
        sess.use(a)
        c.event_record(self.ev1[a], s)
        c.event_synchronize(self.ev1[a])
        ms = c.event_elapsed_ms(self.ev0[a], self.ev1[a])
        return F.gbps(self.size * self.iters, ms / 1e3)

    def bidirectional(self, a, b):
        self.emit.progress("p2p %d<->%d: bidirectional" % (a, b), devices=(a, b))
        sess, c = self.sess, self.c
        self.poison(a, b)
        sa, sb = sess.stream[a], sess.stream[b]
        for _ in range(self.warmup):
            self.copy(a, b)
            self.copy(b, a)
        sess.use(a)
        c.stream_synchronize(sa)
        sess.use(b)
        c.stream_synchronize(sb)
        sess.use(a)
        c.event_record(self.ev0[a], sa)
        sess.use(b)
        c.stream_wait_event(sb, self.ev0[a])  # b's copies start when a's timing starts
        for _ in range(self.iters):
            self.copy(a, b)
            self.copy(b, a)
        sess.use(b)
        c.event_record(self.ev1[b], sb)
        sess.use(a)
        c.stream_wait_event(sa, self.ev1[b])  # a's stop event covers both directions
        c.event_record(self.ev1[a], sa)
        c.event_synchronize(self.ev1[a])
        ms = c.event_elapsed_ms(self.ev0[a], self.ev1[a])
        return F.gbps(2 * self.size * self.iters, ms / 1e3)

    # -- verification and the result -------------------------------------------------------------
    def block_check_for(self, source):
        """A readback_compare callback: the tag, then the pattern of `source`'s blocks."""
        expected = self.pat[source]
        sess = self.sess

        def check(addr, off, ln):
            tag = p2p_tag(source, off // BLOCK)
            got = ctypes.c_uint32.from_address(addr).value
            if got != tag:
                want = struct.pack("<I", tag)
                have = ctypes.string_at(addr, 4)
                for i in range(4):
                    if want[i] != have[i]:
                        return off + i
            bad = sess.cmp.first_diff(addr + 4, expected + 4, ln - 4)
            return None if bad is None else off + 4 + bad

        return check

    def verify_copy(self, source, target):
        """(verified, first bad offset, bad blocks) of `target`'s destination, or Nones without --verify."""
        if not self.verify:
            return None, None, None
        self.emit.progress("p2p %d->%d: verify" % (source, target), devices=(source, target))
        first, nbad = self.sess.readback_compare(target, self.dst[target], self.size, self.block_check_for(source))
        return first is None, first, nbad

    def pair_result(self, a, b, uni, bidi, uni_check, bidi_check):
        ok_u, off_u, bad_u = uni_check
        ok_b, off_b, bad_b = bidi_check
        if not self.verify:
            verified, off, phase, nbad = None, None, None, None
        else:
            verified = bool(ok_u) and (ok_b is None or bool(ok_b))
            nbad = (bad_u or 0) + (bad_b or 0)
            off, phase = None, None
            if not ok_u:
                off, phase = off_u, "unidirectional"
            elif ok_b is False:
                off, phase = off_b, "bidirectional"
        both = self.enabled.get((a, b), False) and self.enabled.get((b, a), False)
        err = self.enable_err.get((a, b)) or self.enable_err.get((b, a))
        self.emit.result(
            "pair",
            src=a,
            dst=b,
            can_access_peer=(None if a == b else self.can[(a, b)]),
            peer_access_enabled=(None if a == b else both),
            peer_access_error=err,
            path="local" if a == b else ("p2p" if both else "staged"),
            bytes=self.size,
            iters=self.iters,
            warmup=self.warmup,
            unidirectional_gbps=uni,
            bidirectional_gbps=bidi,
            verified=verified,
            mismatch_offset=off,
            mismatch_phase=phase,
            mismatch_blocks=nbad,
        )


# --------------------------------------------------------------------------------------
# host <-> device
# --------------------------------------------------------------------------------------
def run_host(sess, emit, opts):
    c = sess.cuda
    size = opts.host_size_mib * MIB
    iters = opts.iters or 3
    warmup = 1 if opts.warmup is None else opts.warmup
    with Cleanup(sess) as cl:
        emit.progress("host: pin %d MiB" % opts.host_size_mib)
        host = _pinned(sess, cl, size)
        for d in sess.devices:
            with Cleanup(sess) as dcl:
                emit.progress("host: device %d" % d, devices=(d,))
                dbuf = _alloc(sess, dcl, d, size)
                e0 = _event(sess, dcl, d)
                e1 = _event(sess, dcl, d)
                s = sess.stream[d]

                def timed(fn):
                    sess.use(d)
                    for _ in range(warmup):
                        fn()
                    c.event_record(e0, s)
                    for _ in range(iters):
                        fn()
                    c.event_record(e1, s)
                    c.event_synchronize(e1)
                    return F.gbps(size * iters, c.event_elapsed_ms(e0, e1) / 1e3)

                h2d = timed(lambda: c.memcpy_htod_async(dbuf, host, size, s))
                d2h = timed(lambda: c.memcpy_dtoh_async(host, dbuf, size, s))
                emit.result("host", device=d, bytes=size, iters=iters, warmup=warmup, h2d_gbps=h2d, d2h_gbps=d2h)


# --------------------------------------------------------------------------------------
# NCCL all-reduce
# --------------------------------------------------------------------------------------
def run_allreduce(sess, emit, opts):
    """NCCL all-reduce over every device, one size after another, each timed and verified."""
    path, nccl = _load_nccl(emit, opts)
    version = nccl.get_version()
    with Cleanup(sess) as cl:
        test = AllreduceTest(sess, emit, opts, nccl, version, cl)
        # Buffers first: the communicators are then destroyed (LIFO) before the
        # buffers they may have registered are freed.
        test.allocate()
        test.init_communicators(path)
        for nbytes in opts.sizes:
            test.measure(nbytes)
        emit.progress("allreduce: destroy communicators")


def _load_nccl(emit, opts):
    """(path, Nccl) of the NCCL library this run uses; NcclError when there is none."""
    from gpudoctor.deep.nccl import Nccl, find_nccl

    path = opts.nccl or find_nccl()
    if not path:
        raise NcclError(
            "NCCL_LIBRARY_NOT_FOUND",
            func="load",
            message="libnccl.so.2 not found on sys.path (nvidia/nccl/lib); pass --nccl PATH",
        )
    # NVLink SHARP (multicast) is not needed for a health check, costs set-up time and,
    # on shared hosts, risk; it also changes the busbw convention.  The parent may
    # still opt in by setting NCCL_NVLS_ENABLE explicitly.
    os.environ.setdefault("NCCL_NVLS_ENABLE", "0")
    emit.progress("allreduce: load %s" % path)
    return path, Nccl.load(path)


class AllreduceTest:
    """The phases of one all-reduce run, in the order run_allreduce calls them (rank r = devices[r])."""

    def __init__(self, sess, emit, opts, nccl, version, cl):
        self.sess, self.emit, self.nccl, self.cl = sess, emit, nccl, cl
        self.c = sess.cuda
        self.devs = sess.devices
        self.n = len(self.devs)
        self.version = version
        self.maxbytes = max(opts.sizes)
        self.iters_opt = opts.iters
        self.warmup = 2 if opts.warmup is None else opts.warmup
        self.verify = not opts.no_verify
        self.send, self.recv, self.e0, self.e1 = {}, {}, {}, {}
        self.comms = []
        want = F.float32_bits(F.allreduce_expected(self.n))
        self.expected = (ctypes.c_char * BLOCK).from_buffer_copy(struct.pack("<I", want) * (BLOCK // 4))

    # -- phases ----------------------------------------------------------------------------------
    def allocate(self):
        """Send and receive buffers of the largest size; rank r sends float(r+1)."""
        sess, c, maxbytes = self.sess, self.c, self.maxbytes
        self.emit.progress("allreduce: allocate 2 x %d MiB per device" % (maxbytes // MIB))
        for r, d in enumerate(self.devs):
            self.send[r] = _alloc(sess, self.cl, d, maxbytes)
            self.recv[r] = _alloc(sess, self.cl, d, maxbytes)
            self.e0[r] = _event(sess, self.cl, d)
            self.e1[r] = _event(sess, self.cl, d)
        for r, d in enumerate(self.devs):
            sess.use(d)
            c.memset_d32_async(self.send[r], F.float32_bits(float(r + 1)), maxbytes // 4, sess.stream[d])
        sess.sync_all()

    def init_communicators(self, path):
        devs, nccl = self.devs, self.nccl
        self.emit.progress("allreduce: ncclCommInitAll(%s)" % ",".join(map(str, devs)), devices=devs)
        t = time.monotonic()
        self.comms = nccl.comm_init_all(devs)
        init_s = time.monotonic() - t
        self.cl.push(self.destroy_communicators)
        self.emit.result(
            "nccl",
            nccl_version=self.version,
            nccl_version_str=F.nccl_version_string(self.version),
            nccl_path=path,
            nranks=self.n,
            devices=devs,
            init_s=init_s,
            nccl_env={k: os.environ[k] for k in NCCL_REPORTED_ENV if k in os.environ},
        )

    def destroy_communicators(self):
        for comm in self.comms:
            try:
                self.nccl.comm_destroy(comm)
            except Exception as exc:  # noqa: BLE001
                self.cl.errors.append(str(exc))

    def measure(self, nbytes):
        """One size: poison the outputs, warm up, time `iters` all-reduces, verify, emit the result."""
        count = nbytes // 4
        iters = self.iters_opt or F.default_allreduce_iters(nbytes)
        self.emit.progress("allreduce: %d bytes" % nbytes, devices=self.devs)
        per_op_s = self.timed(count, iters)
        algbw = F.gbps(nbytes, per_op_s)
        verified, bad_rank, bad_off = self.verify_outputs(nbytes)
        self.emit.result(
            "size",
            bytes=nbytes,
            count=count,
            dtype="float32",
            op="sum",
            nranks=self.n,
            iters=iters,
            warmup=self.warmup,
            time_us=per_op_s * 1e6,
            algbw_gbps=algbw,
            busbw_gbps=F.allreduce_busbw(algbw, self.n),
            verified=verified,
            mismatch_rank=bad_rank,
            mismatch_offset=bad_off,
        )

    # -- steps of a measurement ------------------------------------------------------------------
    def launch(self, count):
        from gpudoctor.deep.nccl import ncclFloat32, ncclSum

        nccl = self.nccl
        nccl.group_start()
        try:
            for r, d in enumerate(self.devs):
                nccl.all_reduce(self.send[r], self.recv[r], count, ncclFloat32, ncclSum, self.comms[r],
                                self.sess.stream[d])
        except BaseException:
            try:  # close the group, but report the first error
                nccl.group_end()
            except Exception:  # noqa: BLE001
                pass
            raise
        nccl.group_end()

    def timed(self, count, iters):
        """Seconds per all-reduce of `count` floats, by the slowest rank's events."""
        sess, c = self.sess, self.c
        for r, d in enumerate(self.devs):
            sess.use(d)
            c.memset_d32_async(self.recv[r], NAN_POISON, count, sess.stream[d])
        for _ in range(self.warmup):
            self.launch(count)
        sess.sync_all()
        for r, d in enumerate(self.devs):
            sess.use(d)
            c.event_record(self.e0[r], sess.stream[d])
        for _ in range(iters):
            self.launch(count)
        for r, d in enumerate(self.devs):
            sess.use(d)
            c.event_record(self.e1[r], sess.stream[d])
        slowest = 0.0
        for r, d in enumerate(self.devs):
            sess.use(d)
            c.event_synchronize(self.e1[r])
            slowest = max(slowest, c.event_elapsed_ms(self.e0[r], self.e1[r]))
        for comm in self.comms:
            self.nccl.check_async(comm)
        return slowest / 1e3 / iters

    def verify_outputs(self, nbytes):
        """(verified, first bad rank, its first bad byte); Nones without --verify."""
        if not self.verify:
            return None, None, None
        self.emit.progress("allreduce: %d bytes: verify" % nbytes, devices=self.devs)
        exp_addr = ctypes.addressof(self.expected)

        def check(addr, off, ln):
            bad = self.sess.cmp.first_diff(addr, exp_addr, ln)
            return None if bad is None else off + bad

        for r, d in enumerate(self.devs):
            first, _nbad = self.sess.readback_compare(d, self.recv[r], nbytes, check)
            if first is not None:
                return False, r, first
        return True, None, None


def run_stress(sess, emit, opts):
    from gpudoctor.deep.stress import run_stress as stress

    stress(sess, emit, opts, Cleanup, _alloc, _pinned, _event)


RUNNERS = {"p2p": run_p2p, "host": run_host, "allreduce": run_allreduce, "stress": run_stress}

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


# --------------------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------------------
def _describe(exc):
    """(name, message, func, code) for an error event."""
    if isinstance(exc, (LibraryCallError, WorkerError)):  # CUDA, NCCL, cuBLAS
        return exc.name, exc.message, exc.func, exc.code
    if isinstance(exc, OutputClosed):
        return "OUTPUT_CLOSED", str(exc), None, None
    if isinstance(exc, KeyboardInterrupt):
        return "INTERRUPTED", "interrupted", None, None
    return type(exc).__name__, str(exc), None, None


def main(argv=None, out=None):
    t0 = time.monotonic()
    emit = Emitter(out if out is not None else _protocol_stream(), t0)
    phases = {}
    sess = None
    failed = False
    try:
        opts = parse_args(sys.argv[1:] if argv is None else argv)
        emit.progress("load CUDA driver library")
        cuda = Cuda.load()
        emit.progress("cuInit")
        t = time.monotonic()
        cuda.init(0)
        driver = cuda.driver_version()
        count = cuda.device_count()
        devices = opts.devices if opts.devices is not None else list(range(count))
        bad = [d for d in devices if d >= count]
        if bad or not devices:
            raise WorkerError(
                "BAD_DEVICES", "devices %s not among the %d visible CUDA devices" % (bad or devices, count)
            )
        emit.progress("create primary contexts")
        sess = Session(cuda, devices, emit)
        sess.open()
        infos = [
            {"ordinal": d, "name": cuda.device_name(sess.handle[d]), "pci_bus_id": cuda.device_pci_bus_id(sess.handle[d])}
            for d in devices
        ]
        phases["init"] = time.monotonic() - t
        emit.test = "env"
        emit.result(
            "env",
            protocol=PROTOCOL_VERSION,
            driver_version=driver,
            driver_version_str=version_string(driver),
            device_count=count,
            devices=infos,
            library=cuda.path,
            cuda_visible_devices=os.environ.get("CUDA_VISIBLE_DEVICES"),
            init_s=phases["init"],
        )
        bus_ids = [info["pci_bus_id"] for info in infos]
        emit.test = "nvlink"
        emit.progress("read NVLink error counters before the tests")  # names a hang in NVML, should one come
        emit.result("nvlink", phase="before", devices=nvlink_counters(bus_ids))
        for test in opts.tests:
            emit.test = test
            emit.progress("%s: start" % test)
            t = time.monotonic()
            RUNNERS[test](sess, emit, opts)
            phases[test] = time.monotonic() - t
        emit.test = "nvlink"
        emit.progress("read NVLink error counters after the tests")
        emit.result("nvlink", phase="after", devices=nvlink_counters(bus_ids))
        emit.test = None
    except SystemExit as exc:  # --help
        if exc.code in (0, None):
            return 0
        failed = True
        emit.error("BAD_ARGUMENTS", str(exc.code))
    except BaseException as exc:  # noqa: BLE001 - report everything as one protocol line
        failed = True
        name, message, func, code = _describe(exc)
        known = isinstance(exc, (LibraryCallError, WorkerError, OutputClosed, KeyboardInterrupt))
        if not known:
            import traceback

            traceback.print_exc(file=sys.stderr)
        emit.error(name, message, func=func, code=code)
    if sess is not None:
        if not failed:
            emit.test = None
            try:
                emit.progress("release contexts")
            except OutputClosed:
                failed = True
        t = time.monotonic()
        for err in sess.close():
            sys.stderr.write("gpudoctor worker: cleanup: %s\n" % err)
            sess.cleanup_errors.append(err)
        phases["teardown"] = time.monotonic() - t
        if sess.cleanup_errors and not failed:
            # every result is out, but freeing failed: often a sticky (device-fatal) error
            failed = True
            emit.test = None
            emit.where = "cleanup"
            emit.error("CLEANUP_FAILED", "; ".join(sess.cleanup_errors[:5]))
    if failed:
        return 1
    try:
        emit.emit({"event": "done", "elapsed_s": time.monotonic() - t0, "phases": phases})
    except OutputClosed:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
