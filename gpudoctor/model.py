"""What a check is and what it finds. Plain frozen data; no I/O here."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping

from gpudoctor.fix_requests import DriverUpdate, FixRequest, ManualSteps

PLATFORMS = ("linux", "wsl", "windows")

# Checks that take seconds run only when asked for, by the command-line flag named here (or by id).
OPT_INS = {None: None, "deep": "--deep", "frameworks": "--frameworks", "stress": "--stress"}


class Status(str, enum.Enum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    SKIP = "skip"
    ERROR = "error"

    @property
    def rank(self) -> int:
        """Severity: a check's status is its worst finding's; `--fail-on` compares ranks."""
        return _RANK[self]


_RANK = {Status.SKIP: 0, Status.PASS: 1, Status.WARN: 2, Status.FAIL: 3, Status.ERROR: 4}


class Action(str, enum.Enum):
    """The one thing to do about a finding, for a pipeline (Slurm, Kubernetes, a CI job) to branch on
    without reading prose. The set follows what NVIDIA Health Validation and GPUd hand to schedulers;
    the README's "Actions" table says when each is given. Failure signatures (gpudoctor/knowledge/signatures)
    carry the same strings."""

    NONE = "none"  # nothing to do: a pass, a skip, or a finding that follows from another's root cause
    RESTART_APPLICATION = "restart-application"  # the program (or service) failed; the GPU recovered
    RELOAD_DRIVER = "reload-driver"  # unload and load the NVIDIA kernel modules (or nvidia_uvm)
    REBOOT = "reboot"  # the node: a driver/library mismatch, a GPU off the bus, the driver asks for it
    RESET_GPU = "reset-gpu"  # `nvidia-smi -r` on an idle GPU (or a reboot): pending remaps, NVLink recovery
    RESEAT_OR_INSPECT_HARDWARE = "reseat-or-inspect-hardware"  # a link, a riser, power, cooling: hands on the box
    CONTACT_VENDOR = "contact-vendor"  # a failing part: an RMA
    CONFIGURE = "configure"  # a setting, a package, a driver version, the BIOS: gpudoctor's fix or manual step


@dataclass(frozen=True)
class Finding:
    """One thing a check found: a status, a one-line summary for a person, and the facts behind it.

    `details` are further sentences shown under `-v`; `evidence` holds the machine-readable facts
    the judgement rests on; `fix` names a fix script (see fixes/) and `fix_args` its arguments.
    `caused_by` names the check whose failure this finding follows from (the root cause): the
    terminal report then shows this finding as one line pointing there. `manual` is a step the fix
    planner shows but never runs (a driver update, a kernel parameter); checks build `fix` and `manual` through
    gpudoctor/fix_requests.py. `action` is the one Action for a pipeline: a check sets it where the
    finding needs another than its check's usual one (gpudoctor/actions.py), the engine fills in the rest.
    """

    status: Status
    summary: str
    details: tuple[str, ...] = ()
    evidence: Mapping[str, Any] = field(default_factory=dict)
    fix: str | None = None
    fix_args: tuple[str, ...] = ()
    caused_by: str | None = None
    manual: DriverUpdate | ManualSteps | None = None
    action: Action | None = None  # None in a check's output: the engine sets it (gpudoctor/actions.py)


@dataclass(frozen=True)
class NotSeen:
    """A fact that could not be seen, as a value: why, and the command or file whose output would show it.

    A probe returns it in place of its fact (or a fact holds it in a field) when the machine, the snapshot
    or the paste gave no answer to judge: `NotSeen("no answer from NVML was recorded", "nvidia-smi")`.
    `shown_by` fits the platform the probe saw (a PowerShell line on Windows, `sudo dmesg` on Linux). The
    engine hands it on: a check that reads such a fact is reported "unknown" with both, never judged on
    an empty answer; a check that can judge part of its question without it asks `facts.unseen(name)`
    first and says what it found under that condition (see CONTRIBUTING.md, "Facts not seen").
    """

    reason: str
    shown_by: str

    def sentence(self) -> str:
        return f"{self.reason[:1].upper()}{self.reason[1:]}; `{self.shown_by}` would show it."


def unknown(gap: NotSeen, judges: str | None = None) -> Finding:
    """The finding of a check that could not judge for want of `gap`; `judges` names what it would have judged."""
    subject = f"Unknown{f' ({judges})' if judges else ''}"  # "unknown" is in every such sentence
    return Finding(Status.SKIP, f"{subject}: {gap.reason}; `{gap.shown_by}` would show it.",
                   evidence={"unknown": True, "reason": gap.reason, "shown_by": gap.shown_by, "judges": judges})


def is_unknown(finding: Finding) -> bool:
    return bool(finding.evidence.get("unknown"))


def _finding(status: Status) -> Callable[..., Finding]:
    def make(
        summary: str,
        *details: str,
        evidence: Mapping[str, Any] | None = None,
        fix: FixRequest | str | None = None,
        fix_args: Iterable[str] = (),
        caused_by: str | None = None,
        manual: DriverUpdate | ManualSteps | None = None,
        action: Action | None = None,
    ) -> Finding:
        if isinstance(fix, FixRequest):
            fix, fix_args = fix.fix, fix.args
        return Finding(status, summary, tuple(details), dict(evidence or {}), fix, tuple(fix_args), caused_by, manual,
                       action)

    make.__name__ = status.value
    make.__doc__ = f"A finding with status {status.value!r}: summary, then detail sentences."
    return make


ok = _finding(Status.PASS)
warn = _finding(Status.WARN)
fail = _finding(Status.FAIL)
skip = _finding(Status.SKIP)
error = _finding(Status.ERROR)


@dataclass(frozen=True)
class Check:
    """A registered check: a stable dotted id, a title, the facts it reads and where it applies.

    `run` receives a read-only view of the facts named in `needs` and yields findings. Its
    docstring is what `gpudoctor explain ID` prints.
    """

    id: str
    title: str
    run: Callable[[Any], Iterable[Finding]]
    needs: tuple[str, ...] = ()
    platforms: tuple[str, ...] = PLATFORMS
    opt_in: str | None = None  # a slow check runs only with its flag: "deep", "frameworks" or "stress"
    fixes: tuple[str, ...] = ()
    module: str = ""  # the module that declared it: the registry takes a check from there only

    @property
    def doc(self) -> str:
        import inspect

        return inspect.getdoc(self.run) or self.title


def check(
    id: str,
    *,
    title: str,
    needs: Iterable[str] = (),
    platforms: Iterable[str] = PLATFORMS,
    opt_in: str | None = None,
    fixes: Iterable[str] = (),
) -> Callable[[Callable[[Any], Iterable[Finding]]], Check]:
    """Declare a check: a module in checks/ is found by the registry; a plugin names its module in the
    `gpudoctor.checks` entry-point group."""

    def register(func: Callable[[Any], Iterable[Finding]]) -> Check:
        if opt_in not in OPT_INS:
            raise ValueError(f"check {id!r}: opt_in must be one of {sorted(k for k in OPT_INS if k)}, not {opt_in!r}")
        return Check(id, title, func, tuple(needs), tuple(platforms), opt_in, tuple(fixes), func.__module__)

    return register


@dataclass(frozen=True)
class CheckResult:
    check_id: str
    title: str
    status: Status
    findings: tuple[Finding, ...]
    duration_s: float
    has_fix: bool = False


def worst(statuses: Iterable[Status], default: Status = Status.SKIP) -> Status:
    return max(statuses, key=lambda s: s.rank, default=default)
