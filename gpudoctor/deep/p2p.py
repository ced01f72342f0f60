"""The ``p2p`` test: copies between every pair of devices, one way and both ways at once, every byte checked.

Its result lines ("pair", "skipped") are described in gpudoctor/deep/worker.py.
"""

from __future__ import annotations

import ctypes
import os
import struct

from gpudoctor.deep import formulas as F
from gpudoctor.deep.cuda import CudaError
from gpudoctor.deep.session import BLOCK, Cleanup, alloc, event, pinned

POISON = 0xDEADBEEF  # written into destinations before copying


def p2p_tag(device, block_index):
    """32-bit value stored at the start of every 4 MiB block (source device, block)."""
    return (0xA5 << 24) | ((device & 0xFF) << 16) | (block_index & 0xFFFF)


def pattern_block(base, device):
    """Per-source-device pattern: the random base block rotated by a device-specific amount."""
    rot = (device * 4 * 1000003) % len(base)
    return base[rot:] + base[:rot]



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
        self.size = opts.size_mib * F.MIB
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
            self.src[d] = alloc(sess, cl, d, self.size)
            self.dst[d] = alloc(sess, cl, d, self.size)
            self.ev0[d] = event(sess, cl, d)
            self.ev1[d] = event(sess, cl, d)

    def fill_sources(self):
        """Each source holds its device's pattern, a tag at every block boundary (see p2p_tag)."""
        self.emit.progress("p2p: fill source buffers")
        sess, c, size = self.sess, self.c, self.size
        base = os.urandom(BLOCK)
        for d in sess.devices:
            block = pattern_block(base, d)
            self.pat[d] = pinned(sess, self.cl, BLOCK)
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

