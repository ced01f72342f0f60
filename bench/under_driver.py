"""What the probes of the layer under the driver cost on this machine: a benchmark, not a test.

    python bench/under_driver.py [--runs 15]

Prints the median time of each probe asked alone, one after another, after the platform and the
NVML inventory are known (so it is the probe's own cost: sysfs reads, dmesg, journalctl, stat,
systemctl), and the median wall time of a whole live `gpudoctor check`. The probes run in
parallel with the NVML inventory in a real check, so what they add to it is at most the largest
of them beyond the inventory's own time. Budget: nothing here may add more than 50 ms to a live
`gpudoctor check` on the two-H200 host; compare the whole-check median with main's.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from gpudoctor.engine import FactStore, Options
from gpudoctor.host.live import LiveHost
from gpudoctor.registry import load_registry

PROBES = ("pci_topology", "kernel_log", "kernel_driver", "device_nodes", "gpu_health")


def probe_medians(runs: int) -> dict[str, float]:
    registry = load_registry()
    times: dict[str, list[float]] = {name: [] for name in PROBES}
    for _ in range(runs):
        host = LiveHost()
        store = FactStore(host, registry.probes, Options())
        store.get("platform")
        store.get("gpus")
        store.get("pcie_sysfs")
        for name in PROBES:
            started = time.perf_counter()
            store.get(name)
            times[name].append((time.perf_counter() - started) * 1000)
        host.close()
    return {name: statistics.median(values) for name, values in times.items()}


def check_median(runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "gpudoctor", "check", "--json"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    for name, value in probe_medians(args.runs).items():
        print(f"{name:15s} {value:7.2f} ms (alone, median of {args.runs})")
    print(f"{'gpudoctor check':15s} {check_median(args.runs):7.1f} ms (whole live check, median of {args.runs})")


if __name__ == "__main__":
    main()
