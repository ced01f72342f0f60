"""The GPUs as the CUDA driver sees them: its version, its device list and P2P between devices.

CUDA numbers devices its own way: fastest first unless CUDA_DEVICE_ORDER=PCI_BUS_ID, and only
those CUDA_VISIBLE_DEVICES lets through (both read from gpudoctor's own environment, like any
program started from the same shell). CUDA ordinals are therefore not NVML indices; map them
by PCI bus id (`CudaFacts.by_bus_id`).
"""

from __future__ import annotations

from typing import Any

from msgspec import Struct, field

from gpudoctor.host.answers import NOT_ASKED, NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probes.gpus import normalize_bus_id
from gpudoctor.probing import provides

_PEER_ATTRIBUTES = ("access_supported", "native_atomic_supported", "perf_rank", "cuda_array_access_supported")


class CudaDevice(Struct, frozen=True):
    ordinal: int
    pci_bus_id: str  # CUDA form, 0000:00:06.0
    name: str


class CudaPeer(Struct, frozen=True):
    """cuDeviceCanAccessPeer and the cuDeviceGetP2PAttribute answers for one ordered device pair."""

    can_access_peer: int | None = None
    access_supported: int | str | None = None  # an int, or the CUDA error name for that attribute
    native_atomic_supported: int | str | None = None
    perf_rank: int | str | None = None
    cuda_array_access_supported: int | str | None = None
    error: str | None = None  # why the driver could not be asked about this pair


class CudaFacts(Struct, frozen=True):
    error: str | None  # CUDA_ERROR_NO_DEVICE, CUDA_ERROR_LIBRARY_NOT_FOUND, TIMEOUT: ..., not-recorded, not-asked
    driver_version: int | None = None  # 13000 means CUDA 13.0
    devices: tuple[CudaDevice, ...] = ()
    peers: dict[tuple[int, int], CudaPeer] = field(default_factory=dict)  # (ordinal, ordinal) -> answer

    @property
    def available(self) -> bool:
        return self.error is None

    @property
    def not_seen(self) -> NotSeen | None:
        """Why CUDA's own view is unknown where it was never asked: a paste or an older snapshot (no output a
        person pastes holds the CUDA driver's device list, gpudoctor's own run does), or `check --quick`."""
        if self.error == NOT_RECORDED:
            return NotSeen("the CUDA driver's own answers were not recorded", "gpudoctor check")
        if self.error == NOT_ASKED:
            return NotSeen("the CUDA driver was not started, as `check --quick` asks", "gpudoctor check")
        return None

    def by_bus_id(self, bus_id: str | None) -> CudaDevice | None:
        if not bus_id:
            return None
        wanted = normalize_bus_id(bus_id)
        return next((d for d in self.devices if normalize_bus_id(d.pci_bus_id) == wanted), None)

    def peer(self, ordinal: int, other: int) -> CudaPeer | None:
        return self.peers.get((ordinal, other))


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _attribute(value: Any) -> int | str | None:
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def _devices(value: Any) -> tuple[CudaDevice, ...]:
    entries = value.get("devices") if isinstance(value, dict) else None
    devices = []
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, dict):
            continue
        ordinal, bus_id = _int_or_none(entry.get("ordinal")), entry.get("pci_bus_id")
        if ordinal is None or not isinstance(bus_id, str) or not bus_id:
            continue
        devices.append(CudaDevice(ordinal, bus_id, str(entry.get("name") or f"CUDA device {ordinal}")))
    return tuple(devices)


def _peer(host: Host, ordinal: int, other: int) -> CudaPeer:
    result = host.native("cuda.peer", ordinal, other)
    if not result.ok:
        return CudaPeer(error=result.error)
    answer = result.value if isinstance(result.value, dict) else {}
    return CudaPeer(
        can_access_peer=_int_or_none(answer.get("can_access_peer")),
        **{name: _attribute(answer.get(name)) for name in _PEER_ATTRIBUTES},
    )


@provides("cuda")
def probe_cuda(host: Host, facts) -> CudaFacts:
    listing = host.native("cuda.devices")
    if not listing.ok:
        # The driver's CUDA version may still be known: cuDriverGetVersion answers without cuInit.
        version = host.native("cuda.driver_version")
        return CudaFacts(error=listing.error, driver_version=_int_or_none(version.value) if version.ok else None)
    devices = _devices(listing.value)
    driver_version = _int_or_none(listing.value.get("driver_version")) if isinstance(listing.value, dict) else None
    peers = {
        (a.ordinal, b.ordinal): _peer(host, a.ordinal, b.ordinal)
        for a in devices for b in devices if a.ordinal != b.ordinal
    }
    return CudaFacts(error=None, driver_version=driver_version, devices=devices, peers=peers)
