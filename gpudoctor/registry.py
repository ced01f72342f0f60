"""Finds checks and probes through Python entry points.

Built-in checks (the modules in checks/) and third-party ones register the same way, in the
entry-point group `gpudoctor.checks`; an entry point names a module (all `Check` objects in it
are taken) or a single `Check`. Probes that produce facts register in `gpudoctor.probes`
(name = fact name, value = a function `(host, facts) -> fact`). A plugin that fails to load is
reported as a broken plugin, and never stops the others.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from importlib import metadata
from typing import Any, Callable

from gpudoctor.model import Check

CHECKS_GROUP = "gpudoctor.checks"
PROBES_GROUP = "gpudoctor.probes"


@dataclass(frozen=True)
class BrokenPlugin:
    name: str
    target: str
    distribution: str
    problem: str


@dataclass(frozen=True)
class Registry:
    checks: tuple[Check, ...]
    probes: dict[str, Callable[..., Any]]
    broken: tuple[BrokenPlugin, ...]  # check plugins that could not be loaded
    broken_probes: dict[str, str]  # fact name -> why its probe could not be loaded

    def by_id(self, check_id: str) -> Check | None:
        return next((c for c in self.checks if c.id == check_id), None)


def _entry_points(group: str) -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group=group), key=lambda ep: ep.name)


def _distribution_name(entry_point: metadata.EntryPoint) -> str:
    dist = getattr(entry_point, "dist", None)
    return dist.name if dist is not None else "unknown"


def _checks_in(loaded: Any) -> list[Check]:
    if isinstance(loaded, Check):
        return [loaded]
    if isinstance(loaded, types.ModuleType):
        return [value for value in vars(loaded).values() if isinstance(value, Check)]
    if isinstance(loaded, (list, tuple)) and all(isinstance(v, Check) for v in loaded):
        return list(loaded)
    raise TypeError(f"{type(loaded).__name__} is not a gpudoctor Check, a list of them, or a module holding them")


def load_registry() -> Registry:
    checks: dict[str, Check] = {}
    broken: list[BrokenPlugin] = []
    for entry_point in _entry_points(CHECKS_GROUP):
        try:
            found = _checks_in(entry_point.load())
        except Exception as exc:  # a plugin's import error must not stop the doctor
            broken.append(_broken(entry_point, f"{type(exc).__name__}: {exc}"))
            continue
        for item in found:
            if item.id in checks:
                broken.append(_broken(entry_point, f"check id {item.id!r} is already registered"))
            else:
                checks[item.id] = item
    probes: dict[str, Callable[..., Any]] = {}
    broken_probes: dict[str, str] = {}
    for entry_point in _entry_points(PROBES_GROUP):
        try:
            probes[entry_point.name] = entry_point.load()
        except Exception as exc:  # reported by the checks that need this fact
            broken_probes[entry_point.name] = (
                f"the probe plugin {entry_point.value} (from {_distribution_name(entry_point)}) could not be loaded: "
                f"{type(exc).__name__}: {exc}"
            )
    ordered = tuple(sorted(checks.values(), key=_report_order))
    return Registry(ordered, probes, tuple(broken), broken_probes)


# The order a person diagnoses in: the GPUs and driver, the libraries, the links between GPUs,
# the environment, then the applications on top. Plugins' checks follow, by id.
_CONCERN_ORDER = ("gpu", "driver", "cuda", "nccl", "pcie", "p2p", "env", "wsl", "windows", "container",
                  "ollama", "torch", "tensorflow")


# Within a concern, the order a user needs the verdicts in where it is not alphabetical: for Ollama,
# is it up, which GPUs can it see, how did it place the model, what failed.
_WITHIN_CONCERN = {"ollama": ("ollama.server", "ollama.container", "ollama.gpus", "ollama.env", "ollama.placement",
                              "ollama.models", "ollama.errors")}


def _report_order(item: Check) -> tuple[int, int, str]:
    prefix = item.id.split(".")[0]
    rank = _CONCERN_ORDER.index(prefix) if prefix in _CONCERN_ORDER else len(_CONCERN_ORDER)
    within = _WITHIN_CONCERN.get(prefix, ())
    return rank, within.index(item.id) if item.id in within else len(within), item.id


def _broken(entry_point: metadata.EntryPoint, problem: str) -> BrokenPlugin:
    return BrokenPlugin(entry_point.name, entry_point.value, _distribution_name(entry_point), problem)
