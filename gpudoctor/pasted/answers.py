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


@dataclass
class Conflict:
    """One fact two pasted blocks answer differently: said once, however often the outputs repeat, with each
    distinct value and the first block that gave it (`more`: values after the second)."""

    call: str  # "nvmlSystemGetDriverVersion"
    first: Any
    first_block: str
    second: Any
    second_block: str
    more: list[tuple[Any, str]] = field(default_factory=list)

    def values(self) -> list[tuple[Any, str]]:
        return [(self.first, self.first_block), (self.second, self.second_block), *self.more]


_SHOWN_CHARS = 160  # a conflicting command output is named by its start: the report's size must not follow the input's


def _shown(value: Any) -> Any:
    """The part of an answer a person compares: a value, command output, file data."""
    if isinstance(value, dict):
        for key in ("value", "stdout", "data", "body"):
            if key in value:
                return _shown(value[key])
    if isinstance(value, str) and len(value) > _SHOWN_CHARS:
        return value[:_SHOWN_CHARS] + f"… ({len(value)} characters)"
    return value


@dataclass
class PastedAnswers:
    """Recorded answers gathered from all blocks; `put` keeps the first and notes disagreements."""

    calls: dict[str, Any] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)  # call key -> the block that answered it
    conflicts: list[Conflict] = field(default_factory=list)
    _conflict: dict[str, Conflict] = field(default_factory=dict, repr=False)  # call key -> its one conflict

    def put(self, kind: str, args: list, answer: Any, block: str) -> None:
        key = call_key(kind, args)
        if key not in self.calls:
            self.calls[key] = answer
            self.origin[key] = block
            return
        if answer == self.calls[key] or self.origin[key] == block:
            return
        conflict = self._conflict.get(key)
        if conflict is None:
            name = (f"{args[0]}({', '.join(str(a) for a in args[1:])})" if len(args) > 1 else args[0]) \
                if kind == "nvml" and args else " ".join(str(a) for a in args) or kind
            self._conflict[key] = Conflict(str(name), _shown(self.calls[key]), self.origin[key], _shown(answer), block)
            self.conflicts.append(self._conflict[key])
        elif _shown(answer) not in [value for value, _ in conflict.values()]:
            conflict.more.append((_shown(answer), block))

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
