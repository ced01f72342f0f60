"""Small pure helpers shared by the worker (and usable by the checks).

Units: 1 GB = 1e9 bytes, 1 MiB = 2**20 bytes.
"""

from __future__ import annotations

import struct

MIB = 1 << 20
GB = 1e9


def gbps(nbytes, seconds):
    """Bandwidth in GB/s (1e9 bytes per second); None when the time is not positive."""
    if seconds is None or seconds <= 0:
        return None
    return nbytes / seconds / GB


def allreduce_bus_factor(nranks):
    """nccl-tests' all-reduce bus-bandwidth factor: 2*(n-1)/n (0 for a single rank)."""
    if nranks < 1:
        raise ValueError("nranks must be >= 1")
    return 2.0 * (nranks - 1) / nranks


def allreduce_busbw(algbw, nranks):
    """busbw = algbw * 2*(n-1)/n, as printed by nccl-tests' all_reduce_perf."""
    if algbw is None:
        return None
    return algbw * allreduce_bus_factor(nranks)


def ordered_pairs(devices):
    """Every ordered pair (src, dst) with src != dst, in row-major matrix order."""
    devs = list(devices)
    return [(i, j) for i in devs for j in devs if i != j]


def unordered_pairs(devices):
    """Every unordered pair {a, b} once, as (a, b) with a listed before b."""
    devs = list(devices)
    return [(devs[x], devs[y]) for x in range(len(devs)) for y in range(x + 1, len(devs))]


def float32_bits(value):
    """IEEE-754 binary32 bit pattern of ``value`` as an unsigned 32-bit int."""
    return struct.unpack("<I", struct.pack("<f", value))[0]


def allreduce_expected(nranks):
    """Sum of rank fills (rank r fills r+1): n(n+1)/2, exactly representable in float32."""
    return float(nranks * (nranks + 1) // 2)


def nccl_version_tuple(code):
    """Decode ncclGetVersion()'s integer (NCCL_VERSION macro) into (major, minor, patch)."""
    if code >= 10000:  # 2.9.0 and later: X*10000 + Y*100 + Z
        return (code // 10000, (code % 10000) // 100, code % 100)
    return (code // 1000, (code % 1000) // 100, code % 100)  # up to 2.8: X*1000 + Y*100 + Z


def nccl_version_string(code):
    return "%d.%d.%d" % nccl_version_tuple(code)


def parse_int_list(text):
    """'0,1, 3' -> [0, 1, 3]; raises ValueError on junk, negatives or duplicates."""
    out = []
    for part in str(text).split(","):
        part = part.strip()
        if not part:
            continue
        value = int(part)
        if value < 0:
            raise ValueError("negative value: %d" % value)
        if value in out:
            raise ValueError("duplicate value: %d" % value)
        out.append(value)
    if not out:
        raise ValueError("empty list")
    return out


def default_allreduce_iters(nbytes):
    """Timed iterations per all-reduce size: more for small (latency-bound) sizes."""
    return 20 if nbytes <= 16 * MIB else 5
