"""What the PyTorch and TensorFlow probes share: reading how a child interpreter ended."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Sequence, TypeVar

from gpudoctor.host.answers import CommandResult

Report = TypeVar("Report")


def tail(text: str, lines: int = 6) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def child_failure(result: CommandResult, timeout_s: float) -> str | None:
    """Why a child gave no answer (it hung, could not start, crashed), or None when it exited cleanly."""
    if result.error == "timeout":
        return f"did not finish within {timeout_s:g} s"
    if result.error:
        return f"could not be started: {result.error}"
    if result.returncode != 0:
        how = f"killed by signal {-result.returncode}" if result.returncode < 0 else f"exit status {result.returncode}"
        return f"crashed ({how})"
    return None


def after_gpu_inventory(facts) -> None:
    """Wait for NVML's inventory before starting children that create CUDA contexts: its list of the
    processes on each GPU must show what else runs there, not gpudoctor's own children."""
    try:
        facts.get("gpus")
    except Exception:  # a failed inventory is the gpus checks' to report; the children still run
        pass


def ask_each(pythons: Sequence[str], ask: Callable[[str], Report], limit: int) -> tuple[tuple[Report, ...], tuple[str, ...]]:
    """Ask the first `limit` interpreters at once (each child takes seconds); the rest are named as skipped."""
    chosen = list(pythons[:limit])
    with ThreadPoolExecutor(max_workers=max(1, len(chosen))) as pool:
        reports = tuple(pool.map(ask, chosen))
    return reports, tuple(pythons[limit:])
