"""What every test of the worker shares: one context and stream per device, freeing in reverse, reading back.

A Session holds the primary contexts and streams the worker opened; a Cleanup frees, last first, what a
test allocated through alloc, event, pinned and stream, even when the test failed half-way.
"""

from __future__ import annotations

import ctypes
import os
import sys

from gpudoctor.deep import formulas as F
from gpudoctor.deep.cuda import CudaError

BLOCK = 4 * F.MIB  # pattern period / verification granularity
READBACK_CHUNK = 64 * F.MIB  # pinned readback buffer (x2, double-buffered); multiple of BLOCK


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
    """Finds the first byte where two host buffers differ, at memcmp's speed."""

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



class Session:
    """The devices under test: their handles, primary contexts, streams and the pinned readback buffers."""

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


def alloc(sess, cl, d, nbytes):
    sess.use(d)
    p = sess.cuda.mem_alloc(nbytes)

    def free():
        sess.use(d)
        sess.cuda.mem_free(p)

    cl.push(free)
    return p


def event(sess, cl, d, flags=0):
    sess.use(d)
    e = sess.cuda.event_create(flags)

    def destroy():
        sess.use(d)
        sess.cuda.event_destroy(e)

    cl.push(destroy)
    return e


def pinned(sess, cl, nbytes):
    sess.use(sess.devices[0])
    p = sess.cuda.mem_host_alloc(nbytes)

    def free():
        sess.use(sess.devices[0])
        sess.cuda.mem_free_host(p)

    cl.push(free)
    return p



def new_stream(sess, cl, d):
    """A stream of its own on device d (beside the session's), destroyed by the Cleanup."""
    sess.use(d)
    s = sess.cuda.stream_create()

    def destroy():
        sess.use(d)
        sess.cuda.stream_destroy(s)

    cl.push(destroy)
    return s
