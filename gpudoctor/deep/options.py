"""The worker's command line (the OPTIONS of gpudoctor/deep/worker.py): argparse reads it, a table checks it."""

from __future__ import annotations

import argparse

from gpudoctor.deep import formulas as F
from gpudoctor.deep.errors import WorkerError

TESTS = ("p2p", "host", "allreduce")  # what "all" means, in this order
ALL_TESTS = (*TESTS, "stress")
DEFAULT_SIZES_MIB = (1, 16, 256, 1024)
SECONDS_MIN, SECONDS_MAX = 5, 600

# (option, attribute, what makes its value wrong, what the error says), checked in this order after parsing.
_LIMITS = (
    ("--size-mib", "size_mib", lambda v: v < 1, "must be >= 1"),
    ("--host-size-mib", "host_size_mib", lambda v: v < 1, "must be >= 1"),
    ("--iters", "iters", lambda v: v is not None and v < 1, "must be >= 1"),
    ("--seconds", "seconds", lambda v: not SECONDS_MIN <= v <= SECONDS_MAX,
     "must be between %d and %d" % (SECONDS_MIN, SECONDS_MAX)),
    ("--p2p-mib", "p2p_mib", lambda v: v < 4 or v % 4, "must be a multiple of 4"),
    ("--matrix-size", "matrix_size", lambda v: v < 128 or v % 128, "must be a multiple of 128"),
    ("--warmup", "warmup", lambda v: v is not None and v < 0, "must be >= 0"),
)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # never print usage + exit 2
        raise WorkerError("BAD_ARGUMENTS", message)


def _parser():
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
    return p


def parse_args(argv):
    """The options, checked; WorkerError("BAD_ARGUMENTS", ...) at the first wrong one."""
    opts = _parser().parse_args(argv)
    opts.tests = _tests(opts.tests)
    opts.devices = _int_list("--devices", opts.devices) if opts.devices is not None else None
    sizes = _int_list("--sizes-mib", opts.sizes_mib) if opts.sizes_mib else list(DEFAULT_SIZES_MIB)
    if any(s < 1 for s in sizes):
        raise WorkerError("BAD_ARGUMENTS", "--sizes-mib: sizes must be >= 1")
    opts.sizes = [s * F.MIB for s in sizes]
    if opts.host_size_mib is None:
        opts.host_size_mib = opts.size_mib
    for option, attribute, wrong, rule in _LIMITS:
        if wrong(getattr(opts, attribute)):
            raise WorkerError("BAD_ARGUMENTS", "%s %s" % (option, rule))
    return opts


def _tests(words):
    """The tests named (comma lists, "all"), each once, in the order given."""
    tests = []
    for word in words:
        for name in word.split(","):
            tests += [test for test in _expand(name.strip().lower()) if test not in tests]
    if not tests:
        raise WorkerError("BAD_ARGUMENTS", "no test given")
    return tests


def _expand(name):
    if name == "all":
        return TESTS
    if name and name not in ALL_TESTS:
        raise WorkerError("BAD_ARGUMENTS", "unknown test %r (choose from %s, all)" % (name, ", ".join(ALL_TESTS)))
    return (name,) if name else ()


def _int_list(option, text):
    try:
        return F.parse_int_list(text)
    except ValueError as exc:
        raise WorkerError("BAD_ARGUMENTS", "%s: %s" % (option, exc)) from None
