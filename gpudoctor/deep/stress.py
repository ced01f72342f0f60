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

EVENTS (besides the worker's progress/error/done, see gpudoctor/deep/worker.py)
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
"""

from __future__ import annotations

import ctypes
import os
import re
import struct
import sys
import threading
import time

from gpudoctor.deep import formulas as F

SECONDS_MIN, SECONDS_MAX = 5, 600
SAMPLE_S = 0.2
MAX_WINDOWS = 240
GEMM_N = 8192  # square fp16 products: big enough to keep the tensor cores fed (2.2 TFLOP each)
ROUND_S = 0.25  # compute launched in rounds of about this long; each round is timed
VERIFY_EVERY_S = 1.0
SAMPLE_ENTRIES = 48
MEMORY_CHUNK = 1 << 30
MEMORY_RESERVE = 2 << 30  # left free for cuBLAS's workspace and the driver
BLOCK = 4 * F.MIB
READBACK = 64 * F.MIB
MIB = F.MIB


_KERNEL_LINE = re.compile(r"NVRM: Xid|fallen off the bus|AER:|PCIe Bus Error", re.IGNORECASE)
_XID = re.compile(r"Xid \(PCI:([0-9a-fA-F:.]+)\): (\d+)")
_BUS = r"([0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.\d)"
_AER_SOURCE = re.compile(r"(?:received from|received:) " + _BUS)  # the device that reported, behind the port
_AER_BUS = re.compile(r"(?:pcieport|nvidia) " + _BUS)
_STOPPING_LINE = re.compile(r"NVRM: Xid|fallen off the bus|Uncorrected|Fatal", re.IGNORECASE)


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


# --------------------------------------------------------------------------------------
# known answers
# --------------------------------------------------------------------------------------
def random_half_block(nbytes, rng=os.urandom):
    """Random fp16 values of magnitude 1/8 to 2 with random signs: every bit of the mantissa toggles
    (as with real data), and no value overflows or underflows in a product of 8192 terms."""
    words = nbytes // 2
    raw = int.from_bytes(rng(nbytes), "little")
    mask = int.from_bytes(b"\xff\x8f" * words, "little")  # keep sign, two exponent bits, mantissa
    bias = int.from_bytes(b"\x00\x30" * words, "little")  # exponent 0b011xx: 2^-3 .. 2^0
    return ((raw & mask) | bias).to_bytes(nbytes, "little")


def column(block, index, k):
    """Column `index` (k halves) of a column-major block, as floats."""
    width = (len(block) // 2) // k
    start = (index % width) * k * 2
    return struct.unpack_from("<%de" % k, block, start)


def expected_entry(a_block, b_block, i, j, k):
    """C[i, j] of C = A^T B where A's and B's columns repeat their block's columns."""
    return sum(x * y for x, y in zip(column(a_block, i, k), column(b_block, j, k)))


def entry_is_right(got, want, terms):
    """fp32 accumulation, one rounding to fp16: a healthy GPU is within a few fp16 ulps of the exact sum;
    a fault (a flipped bit, a NaN, a skipped tile) is far outside."""
    if got != got:  # NaN
        return False
    return abs(got - want) <= 4e-3 * abs(want) + 1e-4 * terms ** 0.5 + 0.02


# --------------------------------------------------------------------------------------
# compute load
# --------------------------------------------------------------------------------------
class ComputeLoad:
    """C = A^T B, fp16 in and out, the same A and B on every GPU, launched in timed rounds."""

    def __init__(self, sess, blas, stop, n=GEMM_N):
        self.sess, self.c, self.blas, self.stop, self.n = sess, sess.cuda, blas, stop, n
        self.bytes = n * n * 2
        self.a_block = random_half_block(BLOCK)
        self.b_block = random_half_block(BLOCK)
        self.samples = []  # (i, j, expected)
        self.buf, self.handle, self.events, self.golden, self.check = {}, {}, {}, {}, {}
        self.stream = {}
        self.batch = {d: 4 for d in sess.devices}
        self.rounds = {d: [] for d in sess.devices}  # (monotonic end, tflops)
        self.products = {d: 0 for d in sess.devices}
        self.result = {d: {"verified": None, "sample_mismatches": 0, "changed_blocks": 0, "first_bad_offset": None}
                       for d in sess.devices}
        self.lock = threading.Lock()

    def known_answers(self, rng):
        """Entries of the product computed on the CPU before any GPU does."""
        for _ in range(SAMPLE_ENTRIES):
            i, j = rng.randrange(self.n), rng.randrange(self.n)
            self.samples.append((i, j, expected_entry(self.a_block, self.b_block, i, j, self.n)))

    def allocate(self, cl, alloc, pinned, event, stream_create):
        sess, c = self.sess, self.c
        staging = {}
        for name, block in (("a", self.a_block), ("b", self.b_block)):
            staging[name] = pinned(cl, BLOCK)
            ctypes.memmove(staging[name], block, BLOCK)
        for d in sess.devices:
            sess.use(d)
            self.stream[d] = stream_create(cl, d)
            self.buf[d] = {name: alloc(cl, d, self.bytes) for name in ("a", "b", "c")}
            for name in ("a", "b"):
                for off in range(0, self.bytes, BLOCK):
                    c.memcpy_htod_async(self.buf[d][name] + off, staging[name], min(BLOCK, self.bytes - off),
                                        self.stream[d])
            self.golden[d] = pinned(cl, self.bytes)
            self.check[d] = pinned(cl, self.bytes)
            self.events[d] = [[event(cl, d) for _ in range(3)] for _slot in range(2)]  # start, end, done
            self.handle[d] = self.blas.create(self.stream[d])
            handle = self.handle[d]
            cl.push(lambda h=handle, dev=d: (sess.use(dev), self.blas.destroy(h)))
        for d in sess.devices:
            sess.use(d)
            c.stream_synchronize(self.stream[d])

    def launch(self, d, slot, copy_to):
        sess, c = self.sess, self.c
        start, end, done = self.events[d][slot]
        buf = self.buf[d]
        sess.use(d)
        c.event_record(start, self.stream[d])
        for _ in range(self.batch[d]):
            self.blas.gemm_tn_half(self.handle[d], self.n, self.n, self.n, buf["a"], buf["b"], buf["c"])
        c.event_record(end, self.stream[d])
        if copy_to is not None:
            c.memcpy_dtoh_async(copy_to, buf["c"], self.bytes, self.stream[d])
        c.event_record(done, self.stream[d])

    def finish(self, d, slot, batch, copied):
        """Wait for a round, time it, and check what it copied back."""
        sess, c = self.sess, self.c
        start, end, done = self.events[d][slot]
        sess.use(d)
        c.event_synchronize(done)
        ms = c.event_elapsed_ms(start, end)
        tflops = 2.0 * self.n ** 3 * batch / (ms / 1e3) / 1e12 if ms > 0 else None
        with self.lock:
            self.rounds[d].append((time.monotonic(), tflops))
            self.products[d] += batch
        if ms > 0:
            self.batch[d] = max(1, min(512, int(batch * ROUND_S * 1e3 / ms)))
        if copied == "golden":
            self.check_known_answers(d)
        elif copied == "check":
            self.compare_with_first(d)

    def check_known_answers(self, d):
        golden = (ctypes.c_char * self.bytes).from_address(self.golden[d])
        bad = 0
        for i, j, want in self.samples:
            got = struct.unpack_from("<e", golden, (j * self.n + i) * 2)[0]
            if not entry_is_right(got, want, self.n):
                bad += 1
        self.result[d]["sample_mismatches"] = bad
        self.result[d]["verified"] = bad == 0
        if bad:
            self.stop.set("wrong-result", "device %d: %d of %d known entries wrong" % (d, bad, len(self.samples)))

    def compare_with_first(self, d):
        cmp = self.sess.cmp
        first, changed = None, 0
        for off in range(0, self.bytes, BLOCK):
            bad = cmp.first_diff(self.check[d] + off, self.golden[d] + off, min(BLOCK, self.bytes - off))
            if bad is not None:
                changed += 1
                first = off + bad if first is None else first
        if changed:
            result = self.result[d]
            result["changed_blocks"] += changed
            result["verified"] = False
            if result["first_bad_offset"] is None:
                result["first_bad_offset"] = first
            self.stop.set("wrong-result", "device %d: a product differs from the first one at byte %d" % (d, first))

    def run(self, deadline):
        devices = self.sess.devices
        pending = {}  # slot -> {device: (batch, copied)}
        last_check = {d: 0.0 for d in devices}
        slot, first = 0, True
        while True:
            going = not self.stop and time.monotonic() < deadline
            if going:
                launched = {}
                for d in devices:
                    copied = None
                    if first:
                        copied = "golden"
                    elif time.monotonic() - last_check[d] >= VERIFY_EVERY_S and not self._check_pending(pending):
                        copied = "check"
                        last_check[d] = time.monotonic()
                    self.launch(d, slot, {"golden": self.golden[d], "check": self.check[d], None: None}[copied])
                    launched[d] = (self.batch[d], copied)
                pending[slot] = launched
                first = False
            previous = slot ^ 1 if going else slot
            for d, (batch, copied) in pending.pop(previous, {}).items():
                self.finish(d, previous, batch, copied)
            if not going:
                for d, (batch, copied) in pending.pop(slot ^ 1, {}).items():
                    self.finish(d, slot ^ 1, batch, copied)
                break
            slot ^= 1
        self.final_check()

    @staticmethod
    def _check_pending(pending):
        return any(copied == "check" for launched in pending.values() for _b, copied in launched.values())

    def final_check(self):
        """The last product of each GPU, read back and compared with its first; and the first products
        of the GPUs compared with each other (equal on GPUs of one model, from the same inputs)."""
        sess, c = self.sess, self.c
        for d in sess.devices:
            if self.result[d]["verified"] is None:
                continue
            sess.use(d)
            c.memcpy_dtoh_async(self.check[d], self.buf[d]["c"], self.bytes, self.stream[d])
            c.stream_synchronize(self.stream[d])
            self.compare_with_first(d)
        reference = sess.devices[0]
        for d in sess.devices:
            both = self.result[d]["verified"] is not None and self.result[reference]["verified"] is not None
            self.result[d]["matches_first_gpu"] = (
                sess.cmp.first_diff(self.golden[d], self.golden[reference], self.bytes) is None if both else None)

    def tflops_between(self, d, start, end):
        with self.lock:
            values = [t for when, t in self.rounds[d] if start < when <= end and t is not None]
        return sum(values) / len(values) if values else None

    def summary(self, d):
        with self.lock:
            values = [t for _w, t in self.rounds[d] if t is not None]
            rounds = len(self.rounds[d])
        # the first round includes cuBLAS's warm-up: the mean leaves it out where there are others
        steady = values[1:] if len(values) > 1 else values
        return dict(self.result[d], rounds=rounds, products=self.products[d], sample_entries=len(self.samples),
                    tflops=sum(steady) / len(steady) if steady else None)


# --------------------------------------------------------------------------------------
# memory pattern test
# --------------------------------------------------------------------------------------
def complement(data):
    return (int.from_bytes(data, "little") ^ ((1 << (8 * len(data))) - 1)).to_bytes(len(data), "little")


def memory_tag(chunk, block):
    return (0x5A << 24) | ((chunk & 0xFFF) << 12) | (block & 0xFFF)


class MemoryTest:
    """One device's free memory, in chunks of up to 1 GiB: pattern, tags, read back, compare; pass after pass."""

    def __init__(self, sess, device, stop):
        self.sess, self.c, self.d, self.stop = sess, sess.cuda, device, stop
        self.chunks = []
        self.result = {"bytes_allocated": 0, "bytes_verified": 0, "passes": 0, "bad_blocks": 0,
                       "first_bad_offset": None}

    def allocate(self, cl, pinned, stream_create):
        """1 GiB chunks of all free memory but MEMORY_RESERVE (the last one smaller), as much as the driver gives."""
        from gpudoctor.deep.cuda import CudaError

        sess, c = self.sess, self.c
        sess.use(self.d)
        free, _total = c.mem_get_info()
        left = max(0, free - MEMORY_RESERVE) // BLOCK * BLOCK
        while left:
            size = min(MEMORY_CHUNK, left)
            try:
                ptr = c.mem_alloc(size)
            except CudaError as exc:
                if exc.name == "CUDA_ERROR_OUT_OF_MEMORY":
                    break  # another process took some meanwhile: test what we got
                raise
            self.chunks.append((ptr, size))
            cl.push(lambda p=ptr: (sess.use(self.d), c.mem_free(p)))
            left -= size
        self.result["bytes_allocated"] = sum(size for _p, size in self.chunks)
        self.stream = stream_create(cl, self.d)
        self.pattern = pinned(cl, BLOCK)
        self.readback = (pinned(cl, READBACK), pinned(cl, READBACK))

    def fill(self, index, ptr, nbytes):
        c, s = self.c, self.stream
        c.memcpy_htod_async(ptr, self.pattern, BLOCK, s)
        size = BLOCK
        while size < nbytes:  # double the pattern on the device itself
            c.memcpy_dtod_async(ptr + size, ptr, min(size, nbytes - size), s)
            size *= 2
        for block in range(nbytes // BLOCK):
            c.memset_d32_async(ptr + block * BLOCK, memory_tag(index, block), 1, s)

    def verify(self, index, ptr, nbytes):
        c, s, cmp = self.c, self.stream, self.sess.cmp
        bufs = self.readback
        pieces = [(off, min(READBACK, nbytes - off)) for off in range(0, nbytes, READBACK)]
        c.memcpy_dtoh_async(bufs[0], ptr, pieces[0][1], s)
        c.stream_synchronize(s)
        for n, (off, length) in enumerate(pieces):
            if n + 1 < len(pieces):
                c.memcpy_dtoh_async(bufs[(n + 1) % 2], ptr + pieces[n + 1][0], pieces[n + 1][1], s)
            buf = bufs[n % 2]
            for boff in range(0, length, BLOCK):
                block = (off + boff) // BLOCK
                tag_ok = ctypes.c_uint32.from_address(buf + boff).value == memory_tag(index, block)
                bad = cmp.first_diff(buf + boff + 4, self.pattern + 4, BLOCK - 4) if tag_ok else 0
                if bad is not None:
                    self.result["bad_blocks"] += 1
                    if self.result["first_bad_offset"] is None:
                        self.result["first_bad_offset"] = self.offset(index) + off + boff + bad
            if n + 1 < len(pieces):
                c.stream_synchronize(s)
            if self.result["bad_blocks"]:
                self.stop.set("memory-error", "device %d: memory reads back wrong at byte %d"
                              % (self.d, self.result["first_bad_offset"]))
                return
        self.result["bytes_verified"] += nbytes

    def offset(self, index):
        """Where chunk `index` starts in the tested memory, counted in bytes."""
        return sum(size for _p, size in self.chunks[:index])

    def run(self, deadline):
        self.sess.use(self.d)
        block = random_half_block(BLOCK)
        patterns = (block, complement(block))  # every bit written both ways
        for npass in range(1 << 30):
            ctypes.memmove(self.pattern, patterns[npass % 2], BLOCK)
            for index, (ptr, nbytes) in enumerate(self.chunks):
                if self.stop or time.monotonic() >= deadline:
                    return
                self.fill(index, ptr, nbytes)
                self.verify(index, ptr, nbytes)
            self.result["passes"] = npass + 1
            if not self.chunks:
                return


# --------------------------------------------------------------------------------------
# peer-to-peer load
# --------------------------------------------------------------------------------------
class P2pLoad:
    """Copies both ways between every pair, all pairs at once, each destination verified now and then."""

    def __init__(self, sess, stop, nbytes):
        self.sess, self.c, self.stop, self.nbytes = sess, sess.cuda, stop, nbytes
        self.pairs = F.ordered_pairs(sess.devices)
        self.src, self.dst, self.stream = {}, {}, {}
        self.moved = {p: 0 for p in self.pairs}
        self.result = {p: {"verified": None, "first_bad_offset": None} for p in self.pairs}
        self.elapsed = 0.0

    def allocate(self, cl, alloc, pinned, stream_create):
        from gpudoctor.deep.cuda import CudaError

        sess, c = self.sess, self.c
        self.pattern = pinned(cl, BLOCK)
        ctypes.memmove(self.pattern, os.urandom(BLOCK), BLOCK)
        self.readback = pinned(cl, READBACK)
        for d in sess.devices:
            self.stream[d] = stream_create(cl, d)
            self.src[d] = alloc(cl, d, self.nbytes)
            for off in range(0, self.nbytes, BLOCK):
                c.memcpy_htod_async(self.src[d] + off, self.pattern, BLOCK, self.stream[d])
                c.memset_d32_async(self.src[d] + off, memory_tag(d, off // BLOCK), 1, self.stream[d])
        for a, b in self.pairs:
            self.dst[(a, b)] = alloc(cl, b, self.nbytes)
            if c.can_access_peer(sess.handle[a], sess.handle[b]):
                sess.use(a)
                try:
                    c.ctx_enable_peer_access(sess.ctx[b])
                except CudaError:
                    pass  # the driver stages the copy through host memory instead
        for d in sess.devices:
            sess.use(d)
            c.stream_synchronize(self.stream[d])

    def run(self, deadline):
        sess, c = self.sess, self.c
        started = time.monotonic()
        while not self.stop and time.monotonic() < deadline:
            for _ in range(4):
                for a, b in self.pairs:
                    sess.use(a)
                    c.memcpy_peer_async(self.dst[(a, b)], sess.ctx[b], self.src[a], sess.ctx[a], self.nbytes,
                                        self.stream[a])
                    self.moved[(a, b)] += self.nbytes
            for d in sess.devices:
                sess.use(d)
                c.stream_synchronize(self.stream[d])
        self.elapsed = time.monotonic() - started
        for pair in self.pairs:
            self.verify(pair)

    def verify(self, pair):
        a, b = pair
        sess, c, cmp = self.sess, self.c, self.sess.cmp
        first = None
        sess.use(b)
        for off in range(0, self.nbytes, READBACK):
            length = min(READBACK, self.nbytes - off)
            c.memcpy_dtoh_async(self.readback, self.dst[pair] + off, length, self.stream[b])
            c.stream_synchronize(self.stream[b])
            for boff in range(0, length, BLOCK):
                tag = ctypes.c_uint32.from_address(self.readback + boff).value
                bad = 0 if tag != memory_tag(a, (off + boff) // BLOCK) else cmp.first_diff(
                    self.readback + boff + 4, self.pattern + 4, BLOCK - 4)
                if bad is not None and first is None:
                    first = off + boff + bad
        self.result[pair] = {"verified": first is None, "first_bad_offset": first}
        if first is not None:
            self.stop.set("p2p-error", "copies from device %d to device %d arrive wrong" % pair)

    def summaries(self):
        for (a, b) in self.pairs:
            moved = self.moved[(a, b)]
            yield dict(self.result[(a, b)], src=a, dst=b, bytes_moved=moved, gbps=F.gbps(moved, self.elapsed))


# --------------------------------------------------------------------------------------
# watching: NVML and the kernel log
# --------------------------------------------------------------------------------------
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


# --------------------------------------------------------------------------------------
# the run
# --------------------------------------------------------------------------------------
def window_seconds(seconds):
    return max(1.0, seconds / MAX_WINDOWS)


def run_stress(sess, emit, opts, cleanup_cls, alloc, pinned, event):
    """Load, watch, stop; then one result per device (and pair), and the run's own result."""
    import random

    from gpudoctor.deep.cublas import Cublas

    seconds = opts.seconds
    stop = Stop()
    # Every thread here lives on ctypes calls, which give up the interpreter lock and must win it back on
    # return: with the default 5 ms switch interval, one thread's Python work would leave the others' GPUs idle.
    sys.setswitchinterval(0.0005)
    emit.progress("stress: load cuBLAS")
    blas = Cublas.load(opts.cublas)
    bus_ids = {d: sess.cuda.device_pci_bus_id(sess.handle[d]) for d in sess.devices}
    names = {d: sess.cuda.device_name(sess.handle[d]) for d in sess.devices}
    watch, nvml_error = None, None
    try:
        watch = NvmlWatch(bus_ids)
    except Exception as exc:  # noqa: BLE001 - no NVML: the load still runs, unwatched
        nvml_error = "%s: %s" % (type(exc).__name__, exc)
    kernel = KernelLog()
    counters_start = {d: watch.counters(d) if watch else None for d in sess.devices}

    def stream_create(cl, d):
        sess.use(d)
        s = sess.cuda.stream_create()
        cl.push(lambda: (sess.use(d), sess.cuda.stream_destroy(s)))
        return s

    with cleanup_cls(sess) as cl:
        compute = ComputeLoad(sess, blas, stop, opts.matrix_size)
        emit.progress("stress: known answers")
        compute.known_answers(random.Random())
        emit.progress("stress: allocate", devices=sess.devices)
        compute.allocate(cl, lambda c, d, n: alloc(sess, c, d, n), lambda c, n: pinned(sess, c, n),
                         lambda c, d: event(sess, c, d), stream_create)
        p2p = None
        if opts.p2p and len(sess.devices) > 1:
            p2p = P2pLoad(sess, stop, opts.p2p_mib * MIB)
            p2p.allocate(cl, lambda c, d, n: alloc(sess, c, d, n), lambda c, n: pinned(sess, c, n), stream_create)
        memory = {d: MemoryTest(sess, d, stop) for d in sess.devices}
        for test in memory.values():
            test.allocate(cl, lambda c, n: pinned(sess, c, n), stream_create)
        started = time.monotonic()
        deadline = started + seconds
        threads = [_worker_thread("compute", stop, lambda: compute.run(deadline))]
        threads += [_worker_thread("memory-%d" % d, stop, lambda t=t: t.run(deadline)) for d, t in memory.items()]
        if p2p is not None:
            threads.append(_worker_thread("p2p", stop, lambda: p2p.run(deadline)))
        for thread in threads:
            thread.start()
        watcher = Watcher(sess.devices, watch, kernel, compute, emit, stop, started, seconds)
        try:
            watcher.run(deadline, threads)
        except BaseException as exc:  # Ctrl-C or a closed output: stop the load before anything else
            stop.set("interrupted", str(exc) or type(exc).__name__, exc)
        for thread in threads:
            thread.join()
        ran = time.monotonic() - started
        for d in sess.devices:
            emit.result("stress-device", device=d, name=names[d], pci_bus_id=bus_ids[d],
                        **(watch.static(d) if watch else {"nvml_index": None}),
                        counters_start=counters_start[d], counters_end=watch.counters(d) if watch else None,
                        compute=compute.summary(d), memory=memory[d].result)
        if p2p is not None:
            for pair in p2p.summaries():
                emit.result("stress-pair", **pair)
        emit.result("stress-run", seconds=seconds, ran_s=ran, window_s=window_seconds(seconds),
                    stopped_by=stop.reason or "time", stop_detail=stop.detail,
                    gemm={"n": compute.n, "dtype": "float16", "library": blas.path, "version": blas.version()},
                    nvml_error=nvml_error, kernel_log={"source": KernelLog.PATH, "error": kernel.error},
                    kernel_lines=watcher.kernel_lines, xid_events=watcher.xid_events)
        kernel.close()
        if watch is not None:
            watch.close()
        if stop.exception is not None:  # a CUDA error, Ctrl-C: reported as the worker's error event
            raise stop.exception


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
