"""Finds the checks and the probes: built-in ones in the package itself, third-party ones through entry points.

Built-in: every module of `gpudoctor.checks` (the top-level checks/ folder) is imported and the `Check`
objects it declares are taken (a check it imports from another module stays that module's); in every module of
`gpudoctor.probes` the functions marked `@provides(fact)` are taken, read from the module's source where no one
has imported it yet and imported when first used (gpudoctor/lazy_probes.py: a default check runs 20 of the 26
probes). A new file in either folder is found as it is, without reinstalling.

Third-party plugins register in the entry-point group `gpudoctor.checks` (a module, whose own checks are
taken, or a single `Check`, or a list of them) and `gpudoctor.probes` (name = fact name, value = a function
`(host, facts) -> fact`). gpudoctor's own entry points, which an older install may still list, are ignored.
A plugin, or a built-in module, that fails to load is reported as broken and never stops the others.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import types
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from importlib import metadata

from gpudoctor.lazy_probes import probes_in_source
from gpudoctor.model import Check

CHECKS_GROUP = "gpudoctor.checks"
PROBES_GROUP = "gpudoctor.probes"
BUILT_IN_CHECKS = "gpudoctor.checks"
BUILT_IN_PROBES = "gpudoctor.probes"
DISTRIBUTION = "gpudoctor"


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
    broken: tuple[BrokenPlugin, ...]  # check plugins (and built-in modules) that could not be loaded
    broken_probes: dict[str, str]  # fact name -> why its probe could not be loaded

    def by_id(self, check_id: str) -> Check | None:
        return next((c for c in self.checks if c.id == check_id), None)


class _Collector:
    def __init__(self) -> None:
        self.checks: dict[str, Check] = {}
        self.probes: dict[str, Callable[..., Any]] = {}
        self.broken: list[BrokenPlugin] = []
        self.broken_probes: dict[str, str] = {}

    def add_checks(self, found: list[Check], name: str, target: str, distribution: str) -> None:
        for item in found:
            if item.id in self.checks:
                self.broken.append(BrokenPlugin(name, target, distribution,
                                                f"check id {item.id!r} is already registered"))
            else:
                self.checks[item.id] = item

    def add_probe(self, fact: str, probe: Callable[..., Any], target: str, distribution: str) -> None:
        if fact in self.probes:
            self.broken_probes[fact] = (f"two probes provide the fact {fact!r}: {_qualified(self.probes[fact])} "
                                        f"and {target} (from {distribution})")
        else:
            self.probes[fact] = probe


def _qualified(func: Callable[..., Any]) -> str:
    return f"{getattr(func, '__module__', '?')}:{getattr(func, '__qualname__', '?')}"


def _modules_of(package_name: str) -> list[tuple[str, Path | None]]:
    """(name, source file where it is a plain one) of each public module of the package, by name."""
    package = importlib.import_module(package_name)
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_"):
            folder = getattr(info.module_finder, "path", None)
            source = Path(folder, f"{info.name}.py") if folder and not info.ispkg else None
            found.append((f"{package_name}.{info.name}", source))
    return sorted(found, key=lambda module: module[0])


def _own_checks(module: types.ModuleType) -> list[Check]:
    return [value for value in vars(module).values() if isinstance(value, Check) and value.module == module.__name__]


def _own_probes(module: types.ModuleType) -> list[tuple[str, Callable[..., Any]]]:
    return [(value.provides, value) for value in vars(module).values()
            if callable(value) and isinstance(getattr(value, "provides", None), str)
            and getattr(value, "__module__", None) == module.__name__]


def _imported(name: str, collector: _Collector) -> types.ModuleType | None:
    try:
        return importlib.import_module(name)
    except Exception as exc:  # one broken module must not stop the doctor
        collector.broken.append(BrokenPlugin(name.rpartition(".")[2], name, DISTRIBUTION, f"{type(exc).__name__}: {exc}"))
        return None


def _built_in_probes(name: str, source: Path | None, collector: _Collector) -> list[tuple[str, Callable[..., Any]]]:
    """A probe module already imported (by a check, by the early start) as it is; any other from its source, to
    be imported when one of its probes is first used."""
    if name not in sys.modules and source is not None:
        declared = probes_in_source(name, source)
        if declared is not None:
            return [(probe.provides, probe) for probe in declared]
    module = _imported(name, collector)
    return _own_probes(module) if module is not None else []


def _load_built_in(collector: _Collector) -> None:
    for name, _source in _modules_of(BUILT_IN_CHECKS):
        module = _imported(name, collector)
        if module is not None:
            collector.add_checks(_own_checks(module), name.rpartition(".")[2], name, DISTRIBUTION)
    for name, source in _modules_of(BUILT_IN_PROBES):
        for fact, probe in _built_in_probes(name, source, collector):
            collector.add_probe(fact, probe, _qualified(probe), DISTRIBUTION)


def _entry_points(group: str) -> list[metadata.EntryPoint]:
    from importlib import metadata

    found = [ep for ep in metadata.entry_points(group=group) if _distribution_name(ep) != DISTRIBUTION]
    return sorted(found, key=lambda ep: ep.name)


def _plugins_may_be_installed() -> bool:
    """False only when no installed distribution's entry_points.txt has a gpudoctor group.

    importlib.metadata finds plugins exactly, but importing it (it brings the email package) cost
    0.02-0.03 s of every run on a 2-core machine, and almost no one has a plugin: this looks for the
    files it would read first. A zip or egg file on sys.path, which only importlib.metadata reads,
    counts as "may be".
    """
    for entry in sys.path:
        try:
            with os.scandir(entry or ".") as listing:
                infos = [item.path for item in listing if item.name.endswith((".dist-info", ".egg-info"))]
        except NotADirectoryError:
            return True
        except OSError:  # a sys.path entry that does not exist (yet)
            continue
        for info in infos:
            try:
                with open(os.path.join(info, "entry_points.txt"), encoding="utf-8", errors="replace") as handle:
                    if "[gpudoctor." in handle.read().replace(" ", ""):  # a group's section header
                        return True
            except OSError:  # most distributions declare no entry points
                continue
    return False


def _distribution_name(entry_point: metadata.EntryPoint) -> str:
    dist = getattr(entry_point, "dist", None)
    return dist.name if dist is not None else "unknown"


def _checks_in(loaded: Any) -> list[Check]:
    if isinstance(loaded, Check):
        return [loaded]
    if isinstance(loaded, types.ModuleType):
        return _own_checks(loaded)
    if isinstance(loaded, (list, tuple)) and all(isinstance(v, Check) for v in loaded):
        return list(loaded)
    raise TypeError(f"{type(loaded).__name__} is not a gpudoctor Check, a list of them, or a module holding them")


def _load_plugins(collector: _Collector) -> None:
    if not _plugins_may_be_installed():
        return
    for entry_point in _entry_points(CHECKS_GROUP):
        distribution = _distribution_name(entry_point)
        try:
            found = _checks_in(entry_point.load())
        except Exception as exc:  # a plugin's import error must not stop the doctor
            collector.broken.append(BrokenPlugin(entry_point.name, entry_point.value, distribution,
                                                 f"{type(exc).__name__}: {exc}"))
            continue
        collector.add_checks(found, entry_point.name, entry_point.value, distribution)
    for entry_point in _entry_points(PROBES_GROUP):
        distribution = _distribution_name(entry_point)
        try:
            probe = entry_point.load()
        except Exception as exc:  # reported by the checks that need this fact
            collector.broken_probes[entry_point.name] = (
                f"the probe plugin {entry_point.value} (from {distribution}) could not be loaded: "
                f"{type(exc).__name__}: {exc}"
            )
            continue
        collector.add_probe(entry_point.name, probe, entry_point.value, distribution)


def load_registry() -> Registry:
    collector = _Collector()
    _load_built_in(collector)
    _load_plugins(collector)
    ordered = tuple(sorted(collector.checks.values(), key=_report_order))
    return Registry(ordered, collector.probes, tuple(collector.broken), collector.broken_probes)


# The order a person diagnoses in: the GPUs and driver, the libraries, the links between GPUs,
# the environment, then the applications on top. Plugins' checks follow, by id.
_CONCERN_ORDER = ("gpu", "driver", "logs", "cuda", "nccl", "pcie", "p2p", "env", "wsl", "windows", "container",
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
