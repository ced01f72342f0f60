"""Probes whose facts cannot matter on some machines, so that the engine does not gather them there.

The engine gathers every fact the selected checks declare, concurrently, before they run. A probe
marked here is gathered in advance only where its condition holds (the condition may read cheap
facts); elsewhere its fact is computed only if a check still asks for it. Measured on a GPU-less
2-core node: the NCCL search (which asks every Python on PATH for its site-packages) took 0.2-0.35 s
of a 0.5 s check, for a verdict (nccl.library) that is "not applicable" without a GPU.
"""

from __future__ import annotations

from typing import Any, Callable

PREFETCH_IF = "prefetch_if"  # the attribute the engine reads on a probe function


def nvidia_gpu_may_be_present(facts: Any) -> bool:
    """False only where the PCI bus and /dev show no NVIDIA GPU at all (plain Linux); True where unsure."""
    try:
        return not facts.get("nvidia_presence").no_gpu_attached
    except Exception:  # presence unknown (its probe failed, or no such fact here): gather as before
        return True


def dev_may_hold_a_gpu(host: Any) -> bool:
    """False only where /dev lists no NVIDIA device node (nor WSL's /dev/dxg): what is started at gpudoctor's own
    start, before any fact exists, is started only where this holds."""
    listing = host.list_dir("/dev")
    return not listing.ok or any(name.startswith(("nvidia", "dxg")) for name in listing.entries or ())


def only_with_nvidia_gpu(probe: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a probe whose fact matters only on a machine with an NVIDIA GPU."""
    setattr(probe, PREFETCH_IF, nvidia_gpu_may_be_present)
    return probe
