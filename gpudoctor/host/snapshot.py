"""Snapshot files: what the probes saw on one machine, replayable anywhere.

Format (version 1), a JSON object:

    {
      "format": "gpudoctor-snapshot",
      "version": 1,
      "gpudoctor_version": "0.1.0",
      "recorded_at": "2026-11-23T02:15:57Z",
      "calls": [
        {"probe": "run",  "args": ["nvidia-smi", "-q"], "answer": {"returncode": 0, "stdout": "...", "stderr": "", "error": null}},
        {"probe": "nvml", "args": ["nvmlDeviceGetName", 0], "answer": {"value": "NVIDIA H200", "error": null}},
        ...
      ]
    }

`probe` is one of the kinds in gpudoctor/host/base.py (run, python, file, dir, glob, resolve,
which, env, nvml, native, http, system, addresses) and `args` its arguments; `answer` is the raw answer:
command output and exit code, file bytes, NVML values or NVML error names. Bytes that are not
UTF-8 (wsl.exe writes UTF-16LE) are stored as {"base64": "..."}. Environment variables appear
only when a check audits them, already redacted; the home directory is written `~` and the user
name in home paths `<user>` (gpudoctor/host/snapshot_privacy.py). A reader refuses a newer
`version`, and checks every call against its kind's schema (gpudoctor/host/snapshot_schema.py).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from typing import Any

from gpudoctor import __version__
from gpudoctor.host.base import Host, ReplayHost, call_key
from gpudoctor.host.snapshot_privacy import anonymise_calls
from gpudoctor.host.snapshot_schema import SchemaError, validate_call

FORMAT = "gpudoctor-snapshot"
VERSION = 1
# Snapshots are tens to hundreds of kilobytes; command output is capped at a few megabytes each.
MAX_SNAPSHOT_BYTES = 64 << 20


class SnapshotError(Exception):
    """The snapshot cannot be used; the message says why, in one line."""


def snapshot_document(host: Host) -> dict[str, Any]:
    host.system()  # every snapshot says which operating system it came from
    calls = anonymise_calls([
        {"probe": kind, "args": args, "answer": answer}
        for _key, (kind, args, answer) in sorted(host.recorded.items())
    ], home=os.path.expanduser("~"), hostname=_hostname(host))
    return {
        "format": FORMAT,
        "version": VERSION,
        "gpudoctor_version": __version__,
        "recorded_at": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "calls": calls,
    }


def _hostname(host: Host) -> str | None:
    """This machine's name as the system record has it (a replayed host records none of its own)."""
    extra = host.system().extra or {}
    if extra.get("hostname"):
        return str(extra["hostname"])
    import socket

    return socket.gethostname() or None


def load_snapshot(path: str) -> ReplayHost:
    from gpudoctor.input_file import InputRefused, read_input

    try:
        data = read_input(path, MAX_SNAPSHOT_BYTES, "snapshot")  # a regular file or stdin, capped
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows editors add one) is accepted
    except InputRefused as exc:
        raise SnapshotError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise SnapshotError(f"snapshot {path!r} cannot be read: {exc}") from None
    return replay_host_from_text(text, source=path)


_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _has_lone_surrogate(document: Any) -> bool:
    """JSON may escape half of a UTF-16 pair (\\ud800) alone: Python takes it, but no file or terminal can."""
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _parsed(text: str, source: str) -> Any:
    """The snapshot's JSON, or a SnapshotError that says how it is broken."""
    try:
        document = json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        hint = "it looks truncated" if exc.pos >= len(text.rstrip()) else "it is not valid JSON"
        raise SnapshotError(f"snapshot {source!r} is corrupt: {hint} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SnapshotError(f"snapshot {source!r} is corrupt: its JSON is nested too deep") from None
    except ValueError as exc:  # an integer of thousands of digits (Python refuses to convert it)
        raise SnapshotError(f"snapshot {source!r} is corrupt: {exc.args[0].split(';')[0]}") from None
    if _ESCAPED_SURROGATE.search(text) and _has_lone_surrogate(document):
        raise SnapshotError(f"snapshot {source!r} is corrupt: it holds a \\ud800-\\udfff escape that is no character")
    return document


def _refuse_other_formats(document: Any, source: str) -> None:
    """Not a gpudoctor snapshot, or one of a format version this gpudoctor cannot read: a SnapshotError."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SnapshotError(f"{source!r} is not a gpudoctor snapshot (no \"format\": \"{FORMAT}\")")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SnapshotError(f"snapshot {source!r} has no valid format version")
    if version > VERSION:
        raise SnapshotError(
            f"snapshot {source!r} uses format version {version}, newer than this gpudoctor reads ({VERSION}); "
            "upgrade gpudoctor"
        )


def _recorded_answers(calls: list, source: str) -> dict[str, Any]:
    """Each recorded call's answer by its key, every call checked against the schema of its probe."""
    answers: dict[str, Any] = {}
    for number, call in enumerate(calls):
        if not (isinstance(call, dict) and isinstance(call.get("probe"), str) and isinstance(call.get("args"), list)
                and "answer" in call):
            raise SnapshotError(f"snapshot {source!r} is corrupt: call #{number} lacks probe, args or answer")
        try:
            validate_call(call["probe"], call["args"], call["answer"])
            key = call_key(call["probe"], call["args"])
        except (SchemaError, RecursionError, ValueError) as exc:
            what = " ".join(str(arg) for arg in [call["probe"], *call["args"]][:3])[:120]
            problem = exc if isinstance(exc, SchemaError) else "it is nested too deep"
            raise SnapshotError(f"snapshot {source!r} is corrupt: call #{number} ({what}): {problem}") from None
        answers[key] = call["answer"]
    return answers


def replay_host_from_text(text: str, *, source: str = "<snapshot>") -> ReplayHost:
    document = _parsed(text, source)
    _refuse_other_formats(document, source)
    calls = document.get("calls")
    if not isinstance(calls, list):
        raise SnapshotError(f"snapshot {source!r} has no list of calls")
    answers = _recorded_answers(calls, source)
    if call_key("system", []) not in answers:
        raise SnapshotError(f"snapshot {source!r} is corrupt: it has no system record")
    recorded_at = document.get("recorded_at")
    return ReplayHost(answers, recorded_at=recorded_at if isinstance(recorded_at, str) else None)
