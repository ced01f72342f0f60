"""The one boundary between gpudoctor and the machine.

Every probe asks the host through these methods and nothing else. A `LiveHost` answers from the
machine and records each answer; a `ReplayHost` answers from a recorded snapshot. Both go
through `Host._answer`, so an answer is computed once per run and the same question always
gets the same answer, live or replayed.
"""

from __future__ import annotations

import json
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence

from gpudoctor.host.answers import (
    NOT_RECORDED,
    CallResult,
    CommandResult,
    FileResult,
    HttpResult,
    SystemInfo,
)
from gpudoctor.host.redact import redact_text, redact_value

DEFAULT_COMMAND_TIMEOUT = 10.0
DEFAULT_FILE_LIMIT = 1 << 20

# Probe kinds and how their answers travel through JSON. The kind names are part of the
# snapshot format (see gpudoctor/host/snapshot.py): renaming one is a format change.
_DECODERS: dict[str, Callable[[Any], Any]] = {
    "run": CommandResult.from_json,
    "python": CommandResult.from_json,
    "file": FileResult.from_json,
    "dir": FileResult.from_json,
    "glob": lambda v: tuple(v),
    "resolve": lambda v: v,
    "which": lambda v: tuple(v),
    "env": lambda v: v,
    "nvml": CallResult.from_json,
    "native": CallResult.from_json,
    "http": HttpResult.from_json,
    "system": SystemInfo.from_json,
    "addresses": lambda v: tuple(v),
}

_MISSING: dict[str, Any] = {
    "run": CommandResult(returncode=None, error=NOT_RECORDED),
    "python": CommandResult(returncode=None, error=NOT_RECORDED),
    "file": FileResult(error=NOT_RECORDED),
    "dir": FileResult(error=NOT_RECORDED),
    "glob": (),
    "resolve": None,
    "which": (),
    "env": None,
    "nvml": CallResult(error=NOT_RECORDED),
    "native": CallResult(error=NOT_RECORDED),
    "http": HttpResult(error=NOT_RECORDED),
    "addresses": (),
}
# The kinds whose unrecorded answer (above) cannot be told from a real one.
_GAP_LOOKS_ANSWERED = frozenset({"glob", "resolve", "which", "env", "addresses"})


def _encode(answer: Any) -> Any:
    if hasattr(answer, "to_json"):
        return answer.to_json()
    if isinstance(answer, tuple):
        return list(answer)
    return answer


def _redact_bytes(data: bytes) -> bytes:
    """Credentials in logs and command output (a proxy URL in Ollama's logged environment, a
    token in a journal line) never reach a snapshot. Bytes that are not UTF-8 (a tool printing
    garbage around a token) are kept as they are around what is redacted (surrogateescape)."""
    text = data.decode("utf-8", errors="surrogateescape")
    redacted = redact_text(text)
    return data if redacted == text else redacted.encode("utf-8", errors="surrogateescape")


def _redact_command(result: CommandResult) -> CommandResult:
    return CommandResult(result.returncode, _redact_bytes(result.stdout), _redact_bytes(result.stderr), result.error)


def _redact_file(result: FileResult) -> FileResult:
    if result.data is None:
        return result
    return FileResult(data=_redact_bytes(result.data), entries=result.entries, error=result.error)


# What of one line to keep: the line, a part of it, or "" (its newline stays, so line numbers hold). A filter with a
# `keep_all(lines)` method is handed all the lines at once (one that looks at each line can then skip most of them).
LineFilter = Callable[[str], str]


def keep_only(data: bytes, keep_lines: LineFilter | None) -> bytes:
    """`data` with each line replaced by what `keep_lines` keeps of it."""
    if keep_lines is None or not data:
        return data
    lines = data.decode("utf-8", errors="surrogateescape").split("\n")
    keep_all = getattr(keep_lines, "keep_all", None)
    kept = keep_all(lines) if keep_all is not None else map(keep_lines, lines)
    return "\n".join(kept).encode("utf-8", errors="surrogateescape")


def _keep_command_lines(result: CommandResult, keep_lines: LineFilter | None) -> CommandResult:
    if keep_lines is None:
        return result
    return CommandResult(result.returncode, keep_only(result.stdout, keep_lines), result.stderr, result.error)


def _keep_file_lines(result: FileResult, keep_lines: LineFilter | None) -> FileResult:
    if keep_lines is None or result.data is None:
        return result
    return FileResult(data=keep_only(result.data, keep_lines), entries=result.entries, error=result.error)


def _redact_http(result: HttpResult) -> HttpResult:
    return HttpResult(result.status, _redact_bytes(result.body), result.error and redact_text(result.error))


def call_key(kind: str, args: Sequence[Any]) -> str:
    """The canonical key of one probe call in a snapshot."""
    return json.dumps([kind, *args], separators=(",", ":"), ensure_ascii=False)


@dataclass
class Tally:
    """The questions one probe asked, and how many of them had an answer (a paste or a snapshot answers only
    those it holds): a probe none of whose questions was answered saw nothing."""

    asked: int = 0
    answered: int = 0

    @property
    def nothing_answered(self) -> bool:
        return self.asked > 0 and self.answered == 0


class Host:
    """Answers probe calls; subclasses say where the answers come from."""

    def __init__(self) -> None:
        self._tallies = threading.local()  # this thread's open tallies, innermost last
        self._lock = threading.Lock()
        self._pending: dict[str, threading.Event] = {}
        self._answers: dict[str, Any] = {}
        self.recorded: dict[str, tuple[str, list, Any]] = {}

    # -- the questions a probe may ask -------------------------------------------------------
    def run(self, argv: Sequence[str], *, timeout: float = DEFAULT_COMMAND_TIMEOUT,
            keep_lines: LineFilter | None = None) -> CommandResult:
        """Run a command (no shell) with a hard timeout. `keep_lines`: see `read_file`."""
        argv = [str(a) for a in argv]
        return self._answer("run", argv, lambda: _redact_command(_keep_command_lines(self._live_run(argv, timeout),
                                                                                     keep_lines)))

    def run_python(
        self,
        module: str,
        args: Sequence[str],
        *,
        timeout: float,
        python: str | None = None,
        on_line: Callable[[str], None] | None = None,
    ) -> CommandResult:
        """Run `python -m module args` in a child process; `python=None` means gpudoctor's own interpreter.

        `on_line` sees each line of output as it arrives (live only: a replay has nothing to stream).
        """
        args = [str(a) for a in args]
        key = [python or "<gpudoctor-python>", module, *args]
        return self._answer(
            "python", key, lambda: _redact_command(self._live_run_python(module, args, timeout, python, on_line))
        )

    def read_file(self, path: str, *, limit: int = DEFAULT_FILE_LIMIT, tail: bool = False,
                  keep_lines: LineFilter | None = None) -> FileResult:
        """Read at most `limit` bytes of a file, from its end when `tail`.

        `keep_lines` says what of each line the probe reads (a log's prompts and request lines are none
        of gpudoctor's business): only that is recorded, and a line kept of nothing stays an empty line,
        so that line numbers still hold.
        """
        return self._answer("file", [path, limit, tail],
                            lambda: _redact_file(_keep_file_lines(self._live_read_file(path, limit, tail), keep_lines)))

    def list_dir(self, path: str) -> FileResult:
        return self._answer("dir", [path], lambda: self._live_list_dir(path))

    def glob(self, pattern: str) -> tuple[str, ...]:
        return self._answer("glob", [pattern], lambda: self._live_glob(pattern))

    def resolve(self, path: str) -> str | None:
        """The real path behind symbolic links, or None when it does not exist."""
        return self._answer("resolve", [path], lambda: self._live_resolve(path))

    def which_all(self, name: str) -> tuple[str, ...]:
        """Every executable called `name` on PATH, in PATH order (like `which -a`)."""
        return self._answer("which", [name], lambda: self._live_which_all(name))

    def env(self, name: str) -> str | None:
        """One audited environment variable, redacted of anything token-like."""
        return self._answer("env", [name], lambda: redact_value(name, self._live_env(name)))

    def nvml(self, function: str, *args: Any) -> CallResult:
        """An NVML call by name; device arguments are NVML indices, not handles."""
        return self._answer("nvml", [function, *args], lambda: self._live_nvml(function, args))

    def nvml_many(self, calls: Sequence[tuple]) -> list[CallResult]:
        """Several NVML calls, `(function, *args)` each, answered and recorded one by one as `nvml`
        would (a live host makes them in one trip to NVML's thread)."""
        return [self.nvml(*call) for call in calls]

    def native(self, function: str, *args: Any) -> CallResult:
        """A call into the CUDA driver or NCCL through ctypes (see gpudoctor/host/native.py)."""
        return self._answer("native", [function, *args], lambda: self._live_native(function, args))

    def http_get(self, url: str, *, timeout: float = 2.0) -> HttpResult:
        return self._answer("http", [url], lambda: _redact_http(self._live_http_get(url, timeout)))

    def system(self) -> SystemInfo:
        return self._answer("system", [], lambda: self._live_system())

    def addresses(self) -> tuple[str, ...]:
        """This machine's own IP addresses, every interface (psutil.net_if_addrs), without zone ids."""
        return self._answer("addresses", [], lambda: self._live_addresses())

    @contextmanager
    def tally(self) -> Iterator[Tally]:
        """Count the questions asked on this thread inside the block (one probe's), and those answered."""
        stack = self._tallies.__dict__.setdefault("stack", [])
        stack.append(Tally())
        try:
            yield stack[-1]
        finally:
            stack.pop()

    # -- memoised, recorded answering -----------------------------------------------------------
    def _answer(self, kind: str, args: list, compute: Callable[[], Any]) -> Any:
        key = call_key(kind, args)
        answer = self._answer_once(kind, args, key, compute)
        stack = getattr(self._tallies, "stack", None)
        if stack:  # a snapshot of a replay holds its gaps as "not-recorded" errors: those are no answers either
            stack[-1].asked += 1
            stack[-1].answered += self._holds(key) and getattr(answer, "error", None) != NOT_RECORDED
        return answer

    def _answer_once(self, kind: str, args: list, key: str, compute: Callable[[], Any]) -> Any:
        if not self._claim([key]):  # answered, or another probe thread is asking the same question right now
            return self._awaited(key)
        answer = _MISSING.get(kind)
        looked_up = False
        try:
            answer = self._lookup(kind, args, key, compute)
            looked_up = True
        finally:
            self._settle(kind, args, key, answer, looked_up)
        return answer

    def _claim(self, keys: Iterable[str]) -> list[str]:
        """Of `keys`, those neither answered nor being asked by another thread: now this thread's to answer, each
        with `_settle`, which wakes the threads `_awaited` holds meanwhile."""
        with self._lock:
            mine = [key for key in dict.fromkeys(keys) if key not in self._answers and key not in self._pending]
            for key in mine:
                self._pending[key] = threading.Event()
        return mine

    def _awaited(self, key: str) -> Any:
        with self._lock:
            if key in self._answers:
                return self._answers[key]
            waiter = self._pending[key]
        waiter.wait()
        return self._answers[key]

    def _settle(self, kind: str, args: list, key: str, answer: Any, looked_up: bool) -> None:
        """Keep the answer to a claimed question, recorded if it was looked up. A snapshot of a replay keeps its
        gaps as gaps: a missing answer that would read as a real one (no match, an unset variable) is left out;
        the others carry their "not-recorded" error."""
        with self._lock:
            if looked_up and (kind not in _GAP_LOOKS_ANSWERED or self._holds(key)):
                self.recorded[key] = (kind, args, _encode(answer))
            self._answers[key] = answer
            self._pending.pop(key).set()

    def _lookup(self, kind: str, args: list, key: str, compute: Callable[[], Any]) -> Any:
        raise NotImplementedError

    def origin(self, kind: str, args: Sequence[Any]) -> str | None:
        """Where an answer came from when no machine gave it (a pasted block), for a report that names only
        sources really read; None for the machine's own answers, live or recorded."""
        return None

    def answered(self, kind: str, args: Sequence[Any]) -> bool:
        """Whether this question has an answer: always live; in a snapshot or a paste only where it was asked.
        For the questions whose unrecorded answer looks like a real one (an unset variable, nothing on PATH)."""
        return self._holds(call_key(kind, list(args)))

    def _holds(self, key: str) -> bool:
        return True

    def close(self) -> None:
        """Release libraries (NVML). Safe to call more than once."""


class ReplayHost(Host):
    """Answers from a snapshot; a question the snapshot never recorded gets a 'not-recorded' answer."""

    def __init__(self, calls: dict[str, Any], recorded_at: str | None = None,
                 origins: dict[str, str] | None = None) -> None:
        super().__init__()
        self._calls = calls
        self.recorded_at = recorded_at  # the snapshot's own time, which the report keeps
        self._origins = origins or {}  # call key -> the pasted block that answered it (`gpudoctor read`)

    def origin(self, kind: str, args: Sequence[Any]) -> str | None:
        return self._origins.get(call_key(kind, [str(a) if kind == "run" else a for a in args]))

    def _holds(self, key: str) -> bool:
        return key in self._calls

    def _lookup(self, kind: str, args: list, key: str, compute: Callable[[], Any]) -> Any:
        if key not in self._calls:
            if kind == "system":
                raise KeyError("the snapshot has no system record")
            return _MISSING[kind]
        return _DECODERS[kind](self._calls[key])
