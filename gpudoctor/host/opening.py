"""Which host a command works on: this machine (started early where possible) or a snapshot."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # `gpudoctor --help` imports this module and nothing of the host
    from gpudoctor.host.base import Host

# A live host the entry point (gpudoctor/__main__.py) created and started before click was imported;
# the first command that asks for this machine takes it, later ones get a fresh one.
_early_host: Host | None = None


def keep_early_host(host: Host | None) -> None:
    global _early_host
    _early_host = host


def live_host(quick: bool = False) -> Host:
    """This machine: the early host if no one took it yet and it was started in the same mode (`quick`: the
    CUDA driver never initialised), else a new one (started now)."""
    global _early_host
    host, _early_host = _early_host, None
    if host is None or getattr(host, "quick", False) != quick:
        from gpudoctor.host.live import LiveHost

        host = LiveHost(quick=quick)
        host.warm_up()
    return host


def open_host(snapshot_path: str | None, quick: bool = False) -> Host:
    """This machine, or the snapshot at `snapshot_path` (raises SnapshotError if it cannot be read)."""
    if snapshot_path is None:
        return live_host(quick)
    from gpudoctor.host.snapshot import load_snapshot

    return load_snapshot(snapshot_path)
