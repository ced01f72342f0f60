"""The ``host`` test: pinned host memory to each device and back, timed by CUDA events ("host" results)."""

from __future__ import annotations

from gpudoctor.deep import formulas as F
from gpudoctor.deep.session import Cleanup, alloc, event, pinned


def run_host(sess, emit, opts):
    c = sess.cuda
    size = opts.host_size_mib * F.MIB
    iters = opts.iters or 3
    warmup = 1 if opts.warmup is None else opts.warmup
    with Cleanup(sess) as cl:
        emit.progress("host: pin %d MiB" % opts.host_size_mib)
        host = pinned(sess, cl, size)
        for d in sess.devices:
            with Cleanup(sess) as dcl:
                emit.progress("host: device %d" % d, devices=(d,))
                dbuf = alloc(sess, dcl, d, size)
                e0 = event(sess, dcl, d)
                e1 = event(sess, dcl, d)
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

