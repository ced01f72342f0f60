"""The stress test's loads, each run by its own thread until the deadline or the stop flag (see stress.py).

* ComputeLoad: fp16 matrix products through cuBLAS, checked against entries known in advance and
  against the first product, bit for bit;
* MemoryTest: most of a device's free memory, written with a pattern and its complement, read back;
* P2pLoad: copies both ways between every pair of devices, checked at the end.
"""

from __future__ import annotations

import ctypes
import os
import struct
import threading
import time

from gpudoctor.deep import formulas as F
from gpudoctor.deep.cuda import CudaError
from gpudoctor.deep.session import BLOCK, alloc, event, new_stream, pinned

GEMM_N = 8192  # square fp16 products: big enough to keep the tensor cores fed (2.2 TFLOP each)
ROUND_S = 0.25  # compute launched in rounds of about this long; each round is timed
VERIFY_EVERY_S = 1.0
SAMPLE_ENTRIES = 48
MEMORY_CHUNK = 1 << 30
MEMORY_RESERVE = 2 << 30  # left free for cuBLAS's workspace and the driver
READBACK = 64 * F.MIB


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

    def allocate(self, cl):
        sess, c = self.sess, self.c
        staging = {}
        for name, block in (("a", self.a_block), ("b", self.b_block)):
            staging[name] = pinned(sess, cl, BLOCK)
            ctypes.memmove(staging[name], block, BLOCK)
        for d in sess.devices:
            sess.use(d)
            self.stream[d] = new_stream(sess, cl, d)
            self.buf[d] = {name: alloc(sess, cl, d, self.bytes) for name in ("a", "b", "c")}
            for name in ("a", "b"):
                for off in range(0, self.bytes, BLOCK):
                    c.memcpy_htod_async(self.buf[d][name] + off, staging[name], min(BLOCK, self.bytes - off),
                                        self.stream[d])
            self.golden[d] = pinned(sess, cl, self.bytes)
            self.check[d] = pinned(sess, cl, self.bytes)
            self.events[d] = [[event(sess, cl, d) for _ in range(3)] for _slot in range(2)]  # start, end, done
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

    def allocate(self, cl):
        """1 GiB chunks of all free memory but MEMORY_RESERVE (the last one smaller), as much as the driver gives."""
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
        self.stream = new_stream(sess, cl, self.d)
        self.pattern = pinned(sess, cl, BLOCK)
        self.readback = (pinned(sess, cl, READBACK), pinned(sess, cl, READBACK))

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

    def allocate(self, cl):
        sess, c = self.sess, self.c
        self.pattern = pinned(sess, cl, BLOCK)
        ctypes.memmove(self.pattern, os.urandom(BLOCK), BLOCK)
        self.readback = pinned(sess, cl, READBACK)
        for d in sess.devices:
            self.stream[d] = new_stream(sess, cl, d)
            self.src[d] = alloc(sess, cl, d, self.nbytes)
            for off in range(0, self.nbytes, BLOCK):
                c.memcpy_htod_async(self.src[d] + off, self.pattern, BLOCK, self.stream[d])
                c.memset_d32_async(self.src[d] + off, memory_tag(d, off // BLOCK), 1, self.stream[d])
        for a, b in self.pairs:
            self.dst[(a, b)] = alloc(sess, cl, b, self.nbytes)
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

