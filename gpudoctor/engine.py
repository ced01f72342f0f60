"""Runs checks: gathers the facts they need (probes, concurrently), then judges (checks, purely)."""

from __future__ import annotations

import sys
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from gpudoctor import __version__
from gpudoctor.actions import with_action
from gpudoctor.host.base import Host
from gpudoctor.model import Check, CheckResult, Finding, NotSeen, Status, error, skip, unknown, worst
from gpudoctor.policy import Policy
from gpudoctor.probing import FACTS_DEADLINE_S, FactNotSeen, ProbeFailed, stress_allowance
from gpudoctor.registry import BrokenPlugin, Registry

if TYPE_CHECKING:
    from gpudoctor.history import History  # imported where a history file is kept (--history) only

# After the deadline, a probe that waited on a stuck fact gets this long to finish without it.
_DEPENDENT_GRACE_S = 0.2

# The report header shows these, whichever checks run.
HEADER_FACTS = frozenset({"platform", "gpus", "container", "node"})


@dataclass(frozen=True)
class Options:
    """Settings that checks may read (as the fact `options`); probes never see them: what runs is
    decided by the selection of checks (gpudoctor/selection.py), not by a probe."""

    min_driver: int = 535
    source: str = "live"  # "live", or the snapshot path being replayed
    policy: Policy = field(default_factory=Policy)  # the team's thresholds and baseline (gpudoctor/policy.py)
    history: History | None = None  # the node's earlier runs, where a history file is kept (gpudoctor/history.py)


class FactStore:
    """Computes each fact once, on first request, from the host; thread-safe.

    Probes get the store itself (`facts.get(name)`, `facts.progress(...)`); checks get a FactView.
    """

    def __init__(
        self,
        host: Host,
        probes: dict[str, Callable[..., Any]],
        options: Options,
        broken_probes: dict[str, str] | None = None,
        on_progress: Callable[[str], None] | None = None,
        requests: dict[str, Any] | None = None,
    ) -> None:
        self.host = host
        self._requests = dict(requests or {})
        self._on_progress = on_progress
        self._probes = probes
        self.options = options  # for the checks' views only: `get("options")` is refused
        self._values: dict[str, Any] = {}
        self._failures: dict[str, str] = dict(broken_probes or {})
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()
        self.timings: dict[str, float] = {}
        self._deadline = float("inf")  # time.monotonic() by which every gathered fact is an answer
        self._deadline_s = FACTS_DEADLINE_S
        self._done: dict[str, threading.Event] = {}  # set when a gathered fact's thread ends
        self._workers: dict[str, threading.Thread] = {}

    def get(self, name: str) -> Any:
        if name in self._failures:  # first: a probe that overran may still deliver a value later
            raise ProbeFailed(self._failures[name])
        if name not in self._values:
            self._gathered(name)
        if name in self._failures:
            raise ProbeFailed(self._failures[name])
        value = self._values[name]
        if isinstance(value, NotSeen):
            raise FactNotSeen(name, value)
        return value

    def _gathered(self, name: str) -> None:
        """Wait for the fact's own gathering thread, or compute it here."""
        done = self._done.get(name)
        if done is not None and threading.current_thread() is not self._workers.get(name):
            # Gathered on its own thread: wait for it, but never past the deadline.
            if not done.wait(max(0.0, self._deadline - time.monotonic())):
                self._failures.setdefault(name, self._overran(name))
        if name not in self._values and name not in self._failures:
            # Not gathered in advance, or its gatherer left it (a fact that cannot matter here, see
            # _prefetch): computed now, for the check that still asks.
            with self._guard:
                lock = self._locks.setdefault(name, threading.Lock())
            with lock:
                if name not in self._values and name not in self._failures:
                    self._compute(name)

    def unseen(self, name: str) -> NotSeen | None:
        """Why the fact `name` was not seen, or None when it was (a failed probe raises ProbeFailed)."""
        try:
            self.get(name)
        except FactNotSeen as exc:
            return exc.gap
        return None

    def _overran(self, name: str) -> str:
        return f"probe {name!r} did not finish within {self._deadline_s:g} s"

    def _compute(self, name: str) -> None:
        if name == "options":
            self._failures[name] = "probes do not read the command line's options: the selection of checks decides"
            return
        probe = self._probes.get(name)
        if probe is None:
            self._failures[name] = f"no probe provides the fact {name!r}"
            return
        started = time.perf_counter()
        try:
            with self.host.tally() as tally:
                value = probe(self.host, self)
            declared = getattr(probe, "not_seen", None)
            if declared is not None and tally.nothing_answered and not isinstance(value, NotSeen):
                value = self._fitting(declared)  # not what it made of no answers: a probe that saw nothing
            self._values[name] = value
        except FactNotSeen as exc:  # it builds on a fact that was not seen: neither is it, for that reason
            self._values[name] = exc.gap
        except ProbeFailed as exc:
            self._failures[name] = str(exc)
        except Exception as exc:  # a probe bug becomes an error finding, never a traceback
            self._failures[name] = f"probe {name!r} failed: {type(exc).__name__}: {exc}"
        finally:
            self.timings[name] = time.perf_counter() - started

    def _fitting(self, declared: NotSeen | dict[str, NotSeen]) -> NotSeen:
        """A probe's declared `not_seen`, for the platform the host showed (Linux's when it showed none)."""
        if isinstance(declared, NotSeen):
            return declared
        try:
            kind = self.get("platform").kind
        except ProbeFailed:
            kind = "linux"
        return declared.get(kind, declared["linux"])

    def progress(self, message: str) -> None:
        """Probes that take seconds (`--deep`) say what they are doing; the CLI may show it."""
        if self._on_progress is not None:
            self._on_progress(message)

    def request(self, name: str, default: Any = None) -> Any:
        """What the user asked of an acting probe (see gpudoctor/probing.py)."""
        return self._requests.get(name, default)

    def gather(self, names: Iterable[str], deadline_s: float | None = None) -> None:
        """Compute the named facts concurrently (daemon threads: a stuck probe cannot block exit);
        after `deadline_s` (FACTS_DEADLINE_S by default) a fact not computed is a failure, at once."""
        deadline_s = FACTS_DEADLINE_S if deadline_s is None else deadline_s
        # NVML and libcuda are called through ctypes, which gives up the interpreter lock for every
        # call and must win it back afterwards; with other probe threads busy, each return can wait a
        # whole switch interval (5 ms by default), and an NVML inventory makes hundreds of calls.
        interval = sys.getswitchinterval()
        sys.setswitchinterval(min(interval, 0.0005))
        try:
            self._gather(names, deadline_s)
        finally:
            sys.setswitchinterval(interval)

    def _gather(self, names: Iterable[str], deadline_s: float) -> None:
        self._deadline_s, self._deadline = deadline_s, time.monotonic() + deadline_s
        names = sorted(set(names) - set(self._values) - set(self._failures) - set(self._done))
        for name in names:
            self._done[name] = threading.Event()
            self._workers[name] = threading.Thread(target=self._prefetch, args=(name,), name=f"probe-{name}",
                                                   daemon=True)
        threads = [(name, self._workers[name]) for name in names]
        for _name, thread in threads:
            thread.start()
        for name, thread in threads:
            # The grace lets a probe that waited on a stuck fact until the deadline finish without it.
            thread.join(max(0.0, self._deadline + _DEPENDENT_GRACE_S - time.monotonic()))
            if thread.is_alive():
                self._failures.setdefault(name, self._overran(name))

    def _prefetch(self, name: str) -> None:
        # A probe may say where its fact cannot matter (gpudoctor/probes/gating.py): not gathered there,
        # it is computed only if a check still asks for it.
        try:
            wanted = getattr(self._probes.get(name), "prefetch_if", None)
            if wanted is None or wanted(self):
                self.get(name)
        except ProbeFailed:
            pass
        finally:
            self._done[name].set()


class FactView:
    """What a check sees: only the facts it declared, as attributes."""

    def __init__(self, store: FactStore, allowed: Iterable[str]) -> None:
        self._store = store
        self._allowed = set(allowed) | {"options", "platform"}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        self._declared(name)
        if name == "options":
            return self._store.options
        return self._store.get(name)

    def unseen(self, name: str) -> NotSeen | None:
        """Why the declared fact `name` was not seen, or None when it was: a check asks this first when it
        can still judge part of its question without that fact (a conditional finding)."""
        self._declared(name)
        return self._store.unseen(name)

    def seen(self, name: str) -> Any:
        """The declared fact `name`, or None when it was not seen: for a fact a check only uses if present."""
        return None if self.unseen(name) else self._store.get(name)

    def _declared(self, name: str) -> None:
        if name not in self._allowed:
            raise AttributeError(f"the check did not declare the fact {name!r} in needs=")


@dataclass(frozen=True)
class Report:
    gpudoctor_version: str
    host: dict[str, Any]
    results: tuple[CheckResult, ...]
    started_at: str
    duration_s: float
    source: str
    probe_timings: dict[str, float] = field(default_factory=dict)
    recorded_at: str | None = None  # when the facts were seen: now, or the replayed snapshot's time
    thresholds: dict[str, Any] = field(default_factory=dict)  # the policy judged by (Policy.thresholds)
    # What the probes gathered for this report: `gpudoctor fix` plans from it without asking the host again.
    facts: FactStore | None = field(default=None, repr=False, compare=False)

    @property
    def status(self) -> Status:
        return worst((r.status for r in self.results), default=Status.PASS)

    def count(self, status: Status) -> int:
        return sum(1 for r in self.results if r.status is status)


def _run_one(check: Check, store: FactStore, platform_kind: str | None) -> CheckResult:
    started = time.perf_counter()
    findings: list[Finding]
    if platform_kind is not None and platform_kind not in check.platforms:
        findings = [skip(f"Not applicable on {platform_kind}.", evidence={"platform": platform_kind,
                                                                         "applies_to": list(check.platforms)})]
    else:
        try:
            findings = list(check.run(FactView(store, check.needs)))
        except FactNotSeen as exc:  # a fact it needs was not seen: unknown, and what would show it
            findings = [unknown(exc.gap)]
        except ProbeFailed as exc:
            findings = [error(f"Could not gather the facts: {exc}")]
        except Exception as exc:  # a check bug is reported, never raised
            findings = [error(f"The check crashed: {type(exc).__name__}: {exc}")]
        if not findings:
            findings = [error("The check produced no finding.")]
    findings = [with_action(check.id, f) for f in findings]
    status = worst(f.status for f in findings)
    has_fix = any(f.fix for f in findings)
    return CheckResult(check.id, check.title, status, tuple(findings), time.perf_counter() - started, has_fix)


def _broken_result(plugin: BrokenPlugin) -> CheckResult:
    finding = error(
        f"The plugin {plugin.name!r} ({plugin.target}, from {plugin.distribution}) could not be used: {plugin.problem}",
        evidence={"plugin": plugin.name, "target": plugin.target, "distribution": plugin.distribution},
    )
    check_id = f"plugin.{plugin.name}"
    return CheckResult(check_id, f"Plugin {plugin.name}", Status.ERROR, (with_action(check_id, finding),), 0.0)


def run_checks(
    host: Host,
    checks: Iterable[Check],
    registry: Registry,
    options: Options,
    *,
    report_broken_plugins: bool = True,
    summarize: Callable[[FactStore], dict[str, Any]] | None = None,
    on_progress: Callable[[str], None] | None = None,
    requests: dict[str, Any] | None = None,
) -> Report:
    """Gather what the checks need, run them, and report (broken check plugins first).

    `requests` carries what the user asked of acting probes (`{"stress_seconds": 30}`)."""
    started_wall = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    started = time.perf_counter()
    checks = list(checks)
    store = FactStore(host, registry.probes, options, registry.broken_probes, on_progress, requests)
    names = HEADER_FACTS | {need for c in checks for need in c.needs}
    store.gather(names, FACTS_DEADLINE_S + stress_allowance(names, requests or {}))
    try:
        platform_kind = store.get("platform").kind
    except ProbeFailed:
        platform_kind = None
    broken = registry.broken if report_broken_plugins else ()
    results = [_broken_result(p) for p in broken] + [_run_one(c, store, platform_kind) for c in checks]
    summary = summarize(store) if summarize else {}
    return Report(
        gpudoctor_version=__version__,
        host=summary,
        results=tuple(results),
        started_at=started_wall,
        duration_s=time.perf_counter() - started,
        source=options.source,
        probe_timings=dict(store.timings),
        recorded_at=getattr(host, "recorded_at", None) or started_wall,
        thresholds=options.policy.thresholds(options.min_driver),
        facts=store,
    )
