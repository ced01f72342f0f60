"""Parent side of the deep tests: read what the worker child said.

The child itself runs through the host (``host.run_python("gpudoctor.deep.worker", ...)``), which
owns process handling (own session, hard timeout, killing the process group, abandoning a child
stuck in the driver) and records the run into snapshots. This module only reads the result:

* :func:`parse_worker_output` turns the recorded :class:`CommandResult` into a
  :class:`WorkerOutcome` (the protocol is documented in gpudoctor/deep/worker.py);
* :func:`progress_forwarder` makes an ``on_line`` callback that passes the worker's progress
  events on while it runs (to ``FactStore.progress``, which drives the CLI's spinner).

Statuses:

* ``ok``         -- exit code 0 and a ``done`` line (non-JSON lines are tolerated),
* ``error``      -- the worker reported an ``error`` event (the first one ends its run),
* ``timeout``    -- the host killed it at the time limit (the lines it printed are kept),
* ``crashed``    -- a non-zero exit or a signal without an ``error`` event,
* ``bad-output`` -- exit code 0 but no ``done`` line (garbage, truncated output),
* ``not-run``    -- it could not be started,
* ``not-recorded`` -- a replayed snapshot holds no such run.

It measures nothing and judges nothing.
"""

from __future__ import annotations

import json
import signal
from dataclasses import dataclass
from typing import Any, Callable

from gpudoctor.host.answers import CommandResult

STATUSES = ("ok", "error", "timeout", "crashed", "bad-output", "not-run", "not-recorded")
_TAIL_LINES = 50
_STDERR_TAIL_CHARS = 4000


@dataclass(frozen=True)
class WorkerOutcome:
    status: str  # one of STATUSES
    summary: str | None = None  # plain words when status != "ok"
    results: tuple[dict, ...] = ()  # result events, without the "event" key
    errors: tuple[dict, ...] = ()  # error events, without the "event" key
    progress: tuple[dict, ...] = ()  # progress events, without the "event" key
    done: dict | None = None  # the "done" line, without the "event" key
    returncode: int | None = None  # negative: killed by that signal (POSIX)
    stdout_tail: str = ""  # the last non-protocol lines of stdout
    stderr_tail: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    @property
    def last_progress(self) -> dict | None:
        return self.progress[-1] if self.progress else None


def parse_event(line: str) -> dict | None:
    """One protocol line as a dict with an "event" key, or None for anything else."""
    text = line.strip()
    if not text.startswith("{"):
        return None
    try:
        event = json.loads(text)
    except ValueError:
        return None
    if not isinstance(event, dict) or not isinstance(event.get("event"), str):
        return None
    return event


def parse_worker_output(result: CommandResult) -> WorkerOutcome:
    """What the worker said and how its run ended."""
    if result.error == "not-recorded":
        return WorkerOutcome(status="not-recorded", summary="this snapshot holds no run of the GPU tests")
    if result.error not in (None, "timeout"):
        return WorkerOutcome(status="not-run", summary=f"the GPU test process could not be started: {result.error}")
    events: dict[str, list[dict]] = {"result": [], "error": [], "progress": [], "done": []}
    other: list[str] = []
    for line in result.text.splitlines():
        event = parse_event(line)
        if event is None or event["event"] not in events:
            if line.strip():
                other.append(line.strip()[:2000])
            continue
        kind = event.pop("event")
        events[kind].append(event)
    stderr_tail = result.error_text[-_STDERR_TAIL_CHARS:]
    done = events["done"][-1] if events["done"] else None
    status, summary = _ending(result, events["error"], done, other, stderr_tail)
    return WorkerOutcome(
        status=status,
        summary=summary,
        results=tuple(events["result"]),
        errors=tuple(events["error"]),
        progress=tuple(events["progress"]),
        done=done,
        returncode=result.returncode,
        stdout_tail="\n".join(other[-_TAIL_LINES:]),
        stderr_tail=stderr_tail,
    )


def _ending(result: CommandResult, errors: list[dict], done: dict | None, other: list[str],
            stderr_tail: str) -> tuple[str, str | None]:
    if result.error == "timeout":
        return "timeout", "the GPU test process did not finish in time and was killed"
    if errors:
        return "error", describe_error(errors[0])
    if result.returncode != 0:
        code = result.returncode
        how = f"was killed by {_signal_name(-code)}" if code is not None and code < 0 else f"exited with code {code}"
        last = stderr_tail.strip().splitlines()[-1:] if stderr_tail.strip() else []
        return "crashed", f"the GPU test process {how}" + (f": {last[0][:500]}" if last else "")
    if done is None:
        tail = f" (it printed: {other[-1][:200]})" if other else ""
        return "bad-output", f"the GPU test process ended without its closing line{tail}"
    return "ok", None


def describe_error(error: dict) -> str:
    """'p2p 0->1: unidirectional: cuMemcpyPeerAsync: CUDA_ERROR_... (message)' from an error event."""
    parts = [str(error[key]) for key in ("where", "func") if error.get(key)]
    text = ": ".join([*parts, str(error.get("error") or "error")])
    return f"{text} ({error['message']})" if error.get("message") else text


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def progress_forwarder(report: Callable[[str], None], describe: Callable[[dict], str] | None = None
                       ) -> Callable[[str], None]:
    """An `on_line` callback for host.run_python: each progress event's step goes to `report`.

    It runs on the host's reader thread, so it must never raise: a reader that dies stops draining
    the pipe, the worker blocks on a full pipe and the run ends in a timeout instead of results.
    """
    def on_line(line: str) -> None:
        try:
            event = parse_event(line)
            if event is not None and event["event"] == "progress" and isinstance(event.get("step"), str):
                report(describe(event) if describe else event["step"])
        except Exception:  # noqa: BLE001 - see the docstring
            pass

    return on_line


def result_of(outcome: WorkerOutcome, kind: str) -> list[dict[str, Any]]:
    """The worker's results of one kind ("env", "pair", "host", "nccl", "size", "skipped")."""
    return [r for r in outcome.results if r.get("kind") == kind]
