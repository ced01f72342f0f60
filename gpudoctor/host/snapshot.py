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
only when a check audits them, already redacted. A reader refuses a newer `version`.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import tempfile
from typing import Any

from gpudoctor import __version__
from gpudoctor.host.base import Host, ReplayHost, call_key

FORMAT = "gpudoctor-snapshot"
VERSION = 1


class SnapshotError(Exception):
    """The snapshot cannot be used; the message says why, in one line."""


def snapshot_document(host: Host) -> dict[str, Any]:
    host.system()  # every snapshot says which operating system it came from
    calls = [
        {"probe": kind, "args": args, "answer": answer}
        for _key, (kind, args, answer) in sorted(host.recorded.items())
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "gpudoctor_version": __version__,
        "recorded_at": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "calls": calls,
    }


def write_text_atomically(path: str, text: str, mode: int | None = None) -> None:
    """Write to a hidden temporary file beside `path`, then rename it over `path`: a reader sees
    the old file or the new one, never half of one. `mode` sets its permissions (mkstemp's are 0600)."""
    directory = os.path.dirname(os.path.abspath(path))
    handle, temp_path = tempfile.mkstemp(prefix=".gpudoctor-", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        if mode is not None:
            os.chmod(temp_path, mode)
        os.replace(temp_path, path)
    except BaseException:
        if os.path.exists(temp_path):
            os.unlink(temp_path)
        raise


def load_snapshot(path: str) -> ReplayHost:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise SnapshotError(f"snapshot {path!r} does not exist") from None
    except IsADirectoryError:
        raise SnapshotError(f"snapshot {path!r} is a directory, not a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SnapshotError(f"snapshot {path!r} cannot be read: {exc}") from None
    return replay_host_from_text(text, source=path)


def replay_host_from_text(text: str, *, source: str = "<snapshot>") -> ReplayHost:
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        hint = "it looks truncated" if exc.pos >= len(text.rstrip()) else "it is not valid JSON"
        raise SnapshotError(f"snapshot {source!r} is corrupt: {hint} (line {exc.lineno}, column {exc.colno})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise SnapshotError(f"{source!r} is not a gpudoctor snapshot (no \"format\": \"{FORMAT}\")")
    version = document.get("version")
    if not isinstance(version, int):
        raise SnapshotError(f"snapshot {source!r} has no valid format version")
    if version > VERSION:
        raise SnapshotError(
            f"snapshot {source!r} uses format version {version}, newer than this gpudoctor reads ({VERSION}); "
            "upgrade gpudoctor"
        )
    calls = document.get("calls")
    if not isinstance(calls, list):
        raise SnapshotError(f"snapshot {source!r} has no list of calls")
    answers: dict[str, Any] = {}
    for number, call in enumerate(calls):
        if not (isinstance(call, dict) and isinstance(call.get("probe"), str) and isinstance(call.get("args"), list)
                and "answer" in call):
            raise SnapshotError(f"snapshot {source!r} is corrupt: call #{number} lacks probe, args or answer")
        answers[call_key(call["probe"], call["args"])] = call["answer"]
    if call_key("system", []) not in answers:
        raise SnapshotError(f"snapshot {source!r} is corrupt: it has no system record")
    recorded_at = document.get("recorded_at")
    return ReplayHost(answers, recorded_at=recorded_at if isinstance(recorded_at, str) else None)
