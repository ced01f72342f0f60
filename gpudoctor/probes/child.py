"""What the PyTorch and TensorFlow probes share: reading how a child interpreter ended."""

from __future__ import annotations

from gpudoctor.host.answers import CommandResult


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
