"""The ``allreduce`` test: NCCL all-reduce over every device, size after size, timed and checked.

Its result lines ("nccl", "size") are described in gpudoctor/deep/worker.py.
"""

from __future__ import annotations

import ctypes
import os
import struct
import time

from gpudoctor.deep import formulas as F
from gpudoctor.deep.nccl import Nccl, NcclError, find_nccl, ncclFloat32, ncclSum
from gpudoctor.deep.session import BLOCK, Cleanup, alloc, event

NAN_POISON = 0xFFFFFFFF  # a float32 NaN, written into all-reduce outputs
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
        self.emit.progress("allreduce: allocate 2 x %d MiB per device" % (maxbytes // F.MIB))
        for r, d in enumerate(self.devs):
            self.send[r] = alloc(sess, self.cl, d, maxbytes)
            self.recv[r] = alloc(sess, self.cl, d, maxbytes)
            self.e0[r] = event(sess, self.cl, d)
            self.e1[r] = event(sess, self.cl, d)
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

