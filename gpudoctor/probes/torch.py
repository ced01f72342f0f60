"""PyTorch's view of CUDA, from a child process in each Python environment that has torch.

Whether torch is installed comes from the `python_envs` fact (package metadata, no import).
Only then is `gpudoctor/torch_child.py` run, by its source with `-c`, in that interpreter:
importing torch takes seconds (3.4 s on a two-H200 host), so it never runs when torch is
absent, and only when a check that needs this fact is selected. A child that hangs, crashes
or answers garbage becomes a fact with an `error`, never a traceback.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING

from msgspec import Struct, field
from msgspec.structs import replace

from gpudoctor.knowledge.driver_support import version_pair
from gpudoctor.host.base import Host
from gpudoctor.probes.child import after_gpu_inventory, ask_each, child_failure, tail
from gpudoctor.probes.host_contexts import host_contexts
from gpudoctor.probing import provides
from gpudoctor.torch_child import MARKER as CHILD_MARKER

if TYPE_CHECKING:
    from gpudoctor.knowledge.matcher import SignatureMatch

CHILD_TIMEOUT_S = 20.0  # torch import (~3.4 s warm) plus CUDA initialisation, with room for a cold disk
MAX_TORCH_ENVS = 3


@cache
def child_source() -> str:
    """torch_child.py's source, read when a torch check first runs (importlib.resources alone costs a run that
    never asks PyTorch 2-3 ms)."""
    from importlib import resources

    return resources.files("gpudoctor").joinpath("torch_child.py").read_text(encoding="utf-8")


class TorchDevice(Struct, frozen=True):
    index: int
    name: str | None = None
    capability: tuple[int, int] | None = None
    total_memory: int | None = None
    uuid: str | None = None
    pci_bus_id: str | None = None
    error: str | None = None

    @property
    def sm(self) -> str | None:
        return None if self.capability is None else f"sm_{self.capability[0]}{self.capability[1]}"


class TorchReport(Struct, frozen=True):
    """What one interpreter's torch said; `error` when the child itself failed (hang, crash, garbage)."""

    python: str  # the interpreter command, as found on PATH
    error: str | None = None
    stderr_tail: str = ""
    import_error: str | None = None
    torch_version: str | None = None
    cuda_build: str | None = None  # torch.version.cuda, e.g. "13.0"; None for CPU and ROCm builds
    hip_build: str | None = None
    cuda_available: bool | None = None
    cuda_error: str | None = None
    cuda_warnings: tuple[str, ...] = ()
    device_count: int | None = None
    devices: tuple[TorchDevice, ...] = ()
    arch_list: tuple[str, ...] | None = None
    distributed_available: bool | None = None
    nccl_available: bool | None = None
    nccl_version: str | None = None
    nccl_error: str | None = None
    import_s: float | None = None
    signatures: tuple[SignatureMatch, ...] = ()  # known failures in the child's stderr and its error messages

    @property
    def cuda_build_version(self) -> tuple[int, int] | None:
        return version_pair(self.cuda_build)


class TorchFacts(Struct, frozen=True):
    interpreters: tuple[str, ...]  # every interpreter python_envs asked, PATH order
    reports: tuple[TorchReport, ...] = ()  # one per environment with torch
    cuda_visible_devices: str | None = None  # as this shell (and so the child) has it
    skipped: tuple[str, ...] = field(default_factory=tuple)  # torch environments past MAX_TORCH_ENVS


def _device(data: dict) -> TorchDevice:
    capability = data.get("capability")
    return TorchDevice(
        index=int(data["index"]),
        name=data.get("name"),
        capability=(int(capability[0]), int(capability[1])) if capability else None,
        total_memory=data.get("total_memory"),
        uuid=data.get("uuid"),
        pci_bus_id=data.get("pci_bus_id"),
        error=data.get("error"),
    )


def parse_child_output(python: str, stdout: str) -> TorchReport:
    """The child's last MARKER line as a report; ValueError when there is none or it is not the protocol."""
    lines = [line for line in stdout.splitlines() if line.startswith(CHILD_MARKER)]
    if not lines:
        raise ValueError("no answer line")
    data = json.loads(lines[-1][len(CHILD_MARKER):])
    if not isinstance(data, dict):
        raise ValueError("the answer is not a JSON object")
    if "error" in data:
        return TorchReport(python, error=f"the child failed: {data['error']}")
    try:
        return TorchReport(
            python=python,
            import_error=data.get("import_error"),
            torch_version=data.get("torch_version"),
            cuda_build=data.get("cuda_build"),
            hip_build=data.get("hip_build"),
            cuda_available=data.get("cuda_available"),
            cuda_error=data.get("cuda_error"),
            cuda_warnings=tuple(str(w) for w in data.get("cuda_warnings") or ()),
            device_count=data.get("device_count"),
            devices=tuple(_device(d) for d in data.get("devices") or ()),
            arch_list=tuple(data["arch_list"]) if isinstance(data.get("arch_list"), list) else None,
            distributed_available=data.get("distributed_available"),
            nccl_available=data.get("nccl_available"),
            nccl_version=data.get("nccl_version"),
            nccl_error=data.get("nccl_error"),
            import_s=data.get("import_s"),
        )
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"unexpected fields: {exc}") from None


def _with_signatures(report: TorchReport, stderr: str, contexts: frozenset[str]) -> TorchReport:
    """The report with the known failures in what the child wrote to stderr and the errors it caught, read in the
    contexts of this host (a CUDA error in a container or under WSL means something more specific there)."""
    from gpudoctor.knowledge.matcher import scan  # compiled only when a child has spoken

    caught = [text for text in (report.import_error, report.cuda_error, report.nccl_error, *report.cuda_warnings)
              if text]
    text = "\n".join([stderr, *caught])
    found = scan(text, f"{report.python} (PyTorch child)", contexts=contexts) if text.strip() else ()
    return replace(report, signatures=found) if found else report


def ask_torch(host: Host, python: str, contexts: frozenset[str] = frozenset()) -> TorchReport:
    result = host.run([python, "-c", child_source()], timeout=CHILD_TIMEOUT_S)
    stderr = tail(result.error_text)
    failure = child_failure(result, CHILD_TIMEOUT_S)
    if failure:
        return _with_signatures(TorchReport(python, error=failure, stderr_tail=stderr), result.error_text, contexts)
    try:
        return _with_signatures(parse_child_output(python, result.text), result.error_text, contexts)
    except (ValueError, RecursionError) as exc:  # RecursionError: JSON nested thousands deep
        return _with_signatures(TorchReport(python, error=f"answered something unexpected ({exc}): "
                                                          f"{result.text.strip()[:200]!r}", stderr_tail=stderr),
                                result.error_text, contexts)


@provides("torch")
def probe_torch(host: Host, facts) -> TorchFacts:
    python_envs = facts.get("python_envs")
    after_gpu_inventory(facts)
    with_torch = [env.command for env in python_envs.with_distribution("torch")]
    contexts = host_contexts(facts, "platform", "container") if with_torch else frozenset()
    reports, skipped = ask_each(with_torch, lambda python: ask_torch(host, python, contexts), MAX_TORCH_ENVS)
    return TorchFacts(
        interpreters=tuple(env.command for env in python_envs.envs),
        reports=reports,
        cuda_visible_devices=host.env("CUDA_VISIBLE_DEVICES"),
        skipped=skipped,
    )
