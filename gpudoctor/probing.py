"""What probes share with the engine that runs them: how a probe declares its fact, what it receives,
how it fails, and how long it may take. It sits below both, so a probe never imports the engine."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from gpudoctor.model import NotSeen

# A probe's own calls each have a timeout; this bounds the whole gathering, so that even a probe that
# misbehaves cannot keep the doctor from reporting. Probes that run for seconds (--deep) budget within it.
FACTS_DEADLINE_S = 60.0


# `--stress SECONDS` asks a probe to load the GPUs that long: the gathering may take that much longer.
STRESS_OVERHEAD_S = 90.0  # cuInit, allocating most of the GPUs' memory, the final checks, teardown


def stress_allowance(facts: set[str] | frozenset[str], requests: dict[str, Any]) -> float:
    """The seconds a gathering of `facts` may take beyond FACTS_DEADLINE_S: a stress run's length and overhead."""
    if "stress" in facts:
        return float(requests.get("stress_seconds", 0)) + STRESS_OVERHEAD_S
    return 0.0


class ProbeFailed(Exception):
    """A probe raised or did not finish; checks that need its fact report an error."""


class FactNotSeen(ProbeFailed):
    """Raised where a fact that was not seen is read as if it had been: it carries the `NotSeen` value
    (gpudoctor/model.py) its probe returned. A probe that builds on such a fact, and does not catch this,
    is not seen either, for the same reason; a check that reads it is reported unknown."""

    def __init__(self, name: str, gap: NotSeen) -> None:
        super().__init__(f"{name}: {gap.reason}")
        self.gap = gap


class Facts(Protocol):
    """What a probe receives as `facts`: the other facts it builds on, and a way to say what it is doing."""

    def get(self, name: str) -> Any:
        """The fact `name` (computed once, on first request); raises ProbeFailed if its probe failed, and
        FactNotSeen (a ProbeFailed) if its probe returned NotSeen."""

    def progress(self, message: str) -> None:
        """For probes that take seconds (`--deep`): the command line may show the message."""

    def request(self, name: str, default: Any = None) -> Any:
        """What the user asked of a probe that acts rather than reads (`--stress 30`: "stress_seconds" is 30).
        Never a check's option: whether a probe runs at all is still the selection's decision."""


Probe = Callable[[Any, Facts], Any]  # (host, facts) -> the fact


# What a probe saw when none of its questions had an answer, by platform kind ("linux", "wsl", "windows"):
# `NotSeen` fits the platform (a PowerShell line on Windows, the side to run it on in WSL); "linux" is the default.
NotSeenBy = dict[str, NotSeen]


def provides(fact: str, not_seen: NotSeen | NotSeenBy | None = None) -> Callable[[Probe], Probe]:
    """Declare the function below as the probe of `fact`, where it is written:

        @provides("toolkits", not_seen=NotSeen("the CUDA toolkit was not recorded", "nvcc --version"))
        def probe_toolkits(host, facts) -> CudaToolkits: ...

    `not_seen`: the fact when the host answered none of the probe's questions (a paste or a snapshot that does
    not hold them): the engine gives it instead of what the probe made of no answers (see CONTRIBUTING.md,
    "Facts not seen"). The registry finds every such function in gpudoctor/probes/ (no entry point, no reinstall).
    """

    def declare(probe: Probe) -> Probe:
        probe.provides = fact  # type: ignore[attr-defined]
        probe.not_seen = not_seen  # type: ignore[attr-defined]
        return probe

    return declare
