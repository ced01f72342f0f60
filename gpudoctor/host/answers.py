"""What the host answered: plain, JSON-round-trippable records of one probe call each.

These are the raw material of a snapshot. They hold what the machine said (bytes, return
codes, error names), never a conclusion.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any


def _bytes_to_json(data: bytes) -> Any:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        # UTF-16LE from wsl.exe and other non-UTF-8 output must survive byte for byte.
        return {"base64": base64.b64encode(data).decode("ascii")}


def _bytes_from_json(value: Any) -> bytes:
    if value is None:
        return b""
    if isinstance(value, dict):
        return base64.b64decode(value["base64"])
    return str(value).encode("utf-8")


@dataclass(frozen=True)
class CommandResult:
    """A command's exit status and output; `error` says why it did not run to its end."""

    returncode: int | None
    stdout: bytes = b""
    stderr: bytes = b""
    error: str | None = None  # "not-found" | "timeout" | "os-error: ..." | "not-recorded"

    @property
    def ok(self) -> bool:
        return self.error is None and self.returncode == 0

    @property
    def text(self) -> str:
        return self.stdout.decode("utf-8", errors="replace")

    @property
    def error_text(self) -> str:
        return self.stderr.decode("utf-8", errors="replace")

    def to_json(self) -> dict:
        return {
            "returncode": self.returncode,
            "stdout": _bytes_to_json(self.stdout),
            "stderr": _bytes_to_json(self.stderr),
            "error": self.error,
        }

    @classmethod
    def from_json(cls, data: dict) -> CommandResult:
        return cls(
            returncode=data.get("returncode"),
            stdout=_bytes_from_json(data.get("stdout")),
            stderr=_bytes_from_json(data.get("stderr")),
            error=data.get("error"),
        )


@dataclass(frozen=True)
class FileResult:
    """A file's bytes, a directory's entries, or why neither could be read."""

    data: bytes | None = None
    entries: tuple[str, ...] | None = None
    error: str | None = None  # "not-found" | "permission-denied" | "os-error: ..." | "not-recorded"

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def text(self) -> str | None:
        return None if self.data is None else self.data.decode("utf-8", errors="replace")

    def to_json(self) -> dict:
        out: dict[str, Any] = {"error": self.error}
        if self.data is not None:
            out["data"] = _bytes_to_json(self.data)
        if self.entries is not None:
            out["entries"] = list(self.entries)
        return out

    @classmethod
    def from_json(cls, data: dict) -> FileResult:
        entries = data.get("entries")
        return cls(
            data=_bytes_from_json(data["data"]) if "data" in data else None,
            entries=tuple(entries) if entries is not None else None,
            error=data.get("error"),
        )


@dataclass(frozen=True)
class CallResult:
    """A library call's value (JSON-shaped), or the library's own error name (e.g. NVML_ERROR_NOT_SUPPORTED)."""

    value: Any = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> dict:
        return {"value": self.value, "error": self.error}

    @classmethod
    def from_json(cls, data: dict) -> CallResult:
        return cls(value=data.get("value"), error=data.get("error"))


@dataclass(frozen=True)
class HttpResult:
    """An HTTP response's status and body, or why there was none ("refused", "timeout", ...)."""

    status: int | None = None
    body: bytes = b""
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and self.status is not None and 200 <= self.status < 300

    def to_json(self) -> dict:
        return {"status": self.status, "body": _bytes_to_json(self.body), "error": self.error}

    @classmethod
    def from_json(cls, data: dict) -> HttpResult:
        return cls(status=data.get("status"), body=_bytes_from_json(data.get("body")), error=data.get("error"))


NOT_RECORDED = "not-recorded"
# What a live host answers for a question its mode skips (`check --quick` never initialises the CUDA driver).
NOT_ASKED = "not-asked"


@dataclass(frozen=True)
class SystemInfo:
    """The interpreter's view of the operating system (no user name). `extra` holds the host name
    and a keyed hash of the machine ID (never the ID itself) for the node identity."""

    sys_platform: str
    os_release: str
    os_version: str
    machine: str
    python_version: str
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "sys_platform": self.sys_platform,
            "os_release": self.os_release,
            "os_version": self.os_version,
            "machine": self.machine,
            "python_version": self.python_version,
            "extra": dict(self.extra),
        }

    @classmethod
    def from_json(cls, data: dict) -> SystemInfo:
        return cls(
            sys_platform=data["sys_platform"],
            os_release=data.get("os_release", ""),
            os_version=data.get("os_version", ""),
            machine=data.get("machine", ""),
            python_version=data.get("python_version", ""),
            extra=dict(data.get("extra") or {}),
        )
