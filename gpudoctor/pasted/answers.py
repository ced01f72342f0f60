"""The answers a pasted block gives, as the probes' recorded calls, and where two blocks disagree.

A recogniser turns its block into the very answers a live probe would have recorded (the same
call keys as gpudoctor/host/base.py), so the probes' own parsers and the checks judge them. Two
blocks that answer one call differently (two driver versions) are a conflict: the first block's
answer stands, and the report names both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpudoctor.host.base import call_key


@dataclass(frozen=True)
class Conflict:
    call: str  # "nvmlSystemGetDriverVersion"
    first: Any
    first_block: str
    second: Any
    second_block: str


def _shown(value: Any) -> Any:
    """The part of an answer a person compares: a value, command output, file data."""
    if isinstance(value, dict):
        for key in ("value", "stdout", "data", "body"):
            if key in value:
                return value[key]
    return value


@dataclass
class PastedAnswers:
    """Recorded answers gathered from all blocks; `put` keeps the first and notes disagreements."""

    calls: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)  # call key -> the block that answered it
    conflicts: list[Conflict] = field(default_factory=list)

    def put(self, kind: str, args: list, answer: Any, block: str) -> None:
        key = call_key(kind, args)
        if key not in self.calls:
            self.calls[key] = answer
            self.origin[key] = block
            return
        if _shown(self.calls[key]) != _shown(answer) and self.origin[key] != block:
            name = args[0] if kind == "nvml" and args else " ".join(str(a) for a in args) or kind
            self.conflicts.append(Conflict(str(name), _shown(self.calls[key]), self.origin[key], _shown(answer), block))

    def get(self, kind: str, args: list) -> Any:
        return self.calls.get(call_key(kind, args))

    def nvml(self, block: str, function: str, *args: Any, value: Any) -> None:
        if value is not None:
            self.put("nvml", [function, *args], {"value": value, "error": None}, block)

    def nvml_value(self, function: str, *args: Any) -> Any:
        answer = self.get("nvml", [function, *args])
        return answer.get("value") if isinstance(answer, dict) else None

    def command(self, block: str, argv: list[str], stdout: str, returncode: int = 0) -> None:
        self.put("run", argv, {"returncode": returncode, "stdout": stdout, "stderr": "", "error": None}, block)

    def gpu_count(self) -> int:
        return self.nvml_value("nvmlDeviceGetCount") or 0
