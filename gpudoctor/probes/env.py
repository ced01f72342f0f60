"""The environment variables that change which GPUs programs use and how they talk to each other.

Only these names are ever read (through `host.env`, which redacts anything secret-looking);
no other variable's value reaches a report or a snapshot. The values are those of the shell
gpudoctor runs in: what a program started from the same shell inherits.

`resolve_visible_devices` reads CUDA_VISIBLE_DEVICES the way the CUDA driver documents it
(CUDA C++ Programming Guide, "CUDA Environment Variables"): a comma-separated list of
indices, GPU UUIDs (any unique prefix of "GPU-<uuid>") or MIG instances; enumeration stops at
the first invalid entry; an empty value hides every GPU. Indices count in CUDA's own order
(fastest first unless CUDA_DEVICE_ORDER=PCI_BUS_ID), which is nvidia-smi's order only when the
GPUs are alike or that order is set.
"""

from __future__ import annotations

from typing import Sequence

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probing import provides

GPU_ENV_VARIABLES = (
    "CUDA_VISIBLE_DEVICES",
    "CUDA_DEVICE_ORDER",
    "NVIDIA_TF32_OVERRIDE",
    "CUDA_LAUNCH_BLOCKING",
    "NCCL_P2P_DISABLE",
    "NCCL_P2P_LEVEL",
    "NCCL_SHM_DISABLE",
    "NCCL_IB_DISABLE",
    "NCCL_DEBUG",
    "OLLAMA_SCHED_SPREAD",
    "OLLAMA_GPU_OVERHEAD",
    "OLLAMA_MAX_LOADED_MODELS",
)


class GpuEnv(Struct, frozen=True):
    values: dict[str, str | None]  # every audited name -> its raw value, None when unset

    def get(self, name: str) -> str | None:
        return self.values.get(name)


# What prints the audited variables as NAME=VALUE lines, on each platform (the output `gpudoctor read` reads).
SHOWN_BY = {"windows": "Get-ChildItem Env: | Where-Object Name -Match '^(CUDA|NCCL|OLLAMA|NVIDIA)_' | "
                       'ForEach-Object { "$($_.Name)=$($_.Value)" }',
            "linux": "env | grep -E '^(CUDA|NCCL|OLLAMA|NVIDIA)_'"}


@provides("gpu_env")
def probe_gpu_env(host: Host, facts) -> GpuEnv | NotSeen:
    if not any(host.answered("env", [name]) for name in GPU_ENV_VARIABLES):  # a paste without `env`
        kind = facts.get("platform").kind
        return NotSeen("the environment variables were not recorded", SHOWN_BY.get(kind, SHOWN_BY["linux"]))
    return GpuEnv({name: host.env(name) for name in GPU_ENV_VARIABLES})


# -- CUDA_VISIBLE_DEVICES -------------------------------------------------------------------------

class VisibleEntry(Struct, frozen=True):
    text: str
    kind: str  # "index" | "uuid" | "mig" | "invalid"
    gpu_index: int | None = None  # the NVML index it selects, when that can be known
    problem: str | None = None  # why the entry is invalid


class VisibleDevices(Struct, frozen=True):
    """What CUDA_VISIBLE_DEVICES lets CUDA programs see, in NVML indices."""

    value: str | None
    entries: tuple[VisibleEntry, ...] = ()
    stopped_at: VisibleEntry | None = None  # the first invalid entry: CUDA ignores it and all after it
    index_order_known: bool = True  # False: indices count in CUDA's fastest-first order, unknown here
    hidden: tuple[int, ...] = ()  # NVML indices no CUDA program sees

    @property
    def usable_entries(self) -> tuple[VisibleEntry, ...]:
        """The entries CUDA honours: those before the first invalid one."""
        if self.stopped_at is None:
            return self.entries
        return self.entries[: self.entries.index(self.stopped_at)]


def _uuid_entry(text: str, uuids: Sequence[tuple[int, str]]) -> VisibleEntry:
    wanted = text.lower()
    matches = [index for index, uuid in uuids if uuid.lower().startswith(wanted)]
    if len(matches) == 1:
        return VisibleEntry(text, "uuid", matches[0])
    if matches:
        return VisibleEntry(text, "invalid", problem=f"matches {len(matches)} GPUs; a UUID prefix must name one GPU")
    return VisibleEntry(text, "invalid", problem="matches the UUID of no GPU on this host")


def _mig_entry(text: str, uuids: Sequence[tuple[int, str]]) -> VisibleEntry:
    # Old form MIG-GPU-<gpu uuid>/<gpu instance>/<compute instance> names its GPU; the R470+ form
    # MIG-<mig uuid> does not, and MIG instances are not in the NVML inventory.
    parent = text[len("MIG-"):].split("/", 1)[0]
    if parent.startswith("GPU-"):
        entry = _uuid_entry(parent, uuids)
        return VisibleEntry(text, "mig", entry.gpu_index)
    return VisibleEntry(text, "mig")


def _index_entry(text: str, count: int, order_known: bool) -> VisibleEntry:
    try:
        number = int(text)
    except ValueError:
        return VisibleEntry(text, "invalid", problem="is neither an index, a GPU-… UUID nor a MIG-… instance")
    if not 0 <= number < count:
        valid = f"indices 0 to {count - 1}" if count > 1 else ("index 0" if count else "no index")
        return VisibleEntry(text, "invalid", problem=f"is out of range: this host has {count} GPU"
                            f"{'s' if count != 1 else ''} ({valid})")
    return VisibleEntry(text, "index", number if order_known else None)


def resolve_visible_devices(value: str | None, gpus: Sequence, *, index_order_known: bool) -> VisibleDevices:
    """Which GPUs (objects with .index and .uuid) CUDA_VISIBLE_DEVICES=value leaves visible."""
    if value is None:
        return VisibleDevices(None)
    all_indices = tuple(g.index for g in gpus)
    if not value.strip():
        return VisibleDevices(value, hidden=all_indices)
    uuids = [(g.index, g.uuid) for g in gpus if g.uuid]
    entries, stopped_at = [], None
    for text in (part.strip() for part in value.split(",")):
        if text.startswith("MIG-"):
            entry = _mig_entry(text, uuids)
        elif text.startswith("GPU-"):
            entry = _uuid_entry(text, uuids)
        else:
            entry = _index_entry(text, len(all_indices), index_order_known)
        entries.append(entry)
        if entry.kind == "invalid" and stopped_at is None:
            stopped_at = entry
    result = VisibleDevices(value, tuple(entries), stopped_at, index_order_known)
    usable = result.usable_entries
    if any(e.gpu_index is None for e in usable):
        return result  # some entry's GPU cannot be named here: leave `hidden` to CUDA's own answer
    shown = {e.gpu_index for e in usable}
    return VisibleDevices(value, tuple(entries), stopped_at, index_order_known,
                          hidden=tuple(i for i in all_indices if i not in shown))
