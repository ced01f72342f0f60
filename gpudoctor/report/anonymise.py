"""Replace what identifies a person or a machine, consistently: the same value always gets the same
placeholder (user1, host1, GPU-uuid-1), so a report or snapshot still reads as one machine.

Replaced: the names given (this machine's host name and user name), home directories
(/home/NAME, /Users/NAME, C:\\Users\\NAME), user@host, GPU and other UUIDs, serial numbers.
Secrets are redacted first (gpudoctor/host/redact.py).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from gpudoctor.host.redact import redact_text

_HOME = re.compile(r"(?P<prefix>/home/|/Users/|[A-Za-z]:\\\\?Users\\\\?)(?P<name>[A-Za-z0-9._-]+)")
_USER_AT_HOST = re.compile(r"\b(?P<user>[a-z_][a-z0-9_.-]{0,31})@(?P<host>[A-Za-z][A-Za-z0-9-]{1,62})(?=[:\s])")
_GPU_UUID = re.compile(r"\b(?:GPU|MIG)-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
_UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
_SERIAL = re.compile(r"(?P<key>(?:Serial Number|serial)\s*[:=>]\s*)(?P<value>[0-9A-Za-z]{6,})")
# The node identity (gpudoctor/probes/node.py) in snapshots and reports: field -> placeholder kind.
_IDENTITY_FIELDS = {"hostname": "host", "machine_id_hash": "machine", "product_uuid_hash": "machine",
                    "kubernetes_node": "host"}
_NOT_NAMES = {"root", "user", "shared", "public", "default", "all users"}


class Anonymiser:
    def __init__(self, hostnames: tuple[str, ...] = (), usernames: tuple[str, ...] = ()) -> None:
        self._placeholders: dict[tuple[str, str], str] = {}
        self.replaced: Counter[str] = Counter()  # what kind of value -> how many distinct values
        self._names = [(name, "host") for name in hostnames if len(name) > 2] + \
                      [(name, "user") for name in usernames if len(name) > 2 and name not in _NOT_NAMES]

    def placeholder(self, kind: str, value: str) -> str:
        if value in self._placeholders.values():  # already replaced (a known name inside user@host)
            return value
        key = (kind, value)
        if key not in self._placeholders:
            self.replaced[kind] += 1
            self._placeholders[key] = {"gpu-uuid": "GPU-uuid-{}", "uuid": "uuid-{}", "serial": "serial-{}"}.get(
                kind, kind + "{}").format(self.replaced[kind])
        return self._placeholders[key]

    def text(self, text: str) -> str:
        text = redact_text(text)
        for name, kind in self._names:
            if name in text:
                text = re.sub(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", self.placeholder(kind, name), text)
        text = _HOME.sub(lambda m: m.group("prefix") + (m.group("name") if m.group("name") in _NOT_NAMES
                                                        else self.placeholder("user", m.group("name"))), text)
        text = _USER_AT_HOST.sub(lambda m: f"{self.placeholder('user', m.group('user'))}@"
                                           f"{self.placeholder('host', m.group('host'))}", text)
        text = _GPU_UUID.sub(lambda m: self.placeholder("gpu-uuid", m.group()), text)
        text = _UUID.sub(lambda m: self.placeholder("uuid", m.group()), text)
        return _SERIAL.sub(lambda m: m.group("key") + self.placeholder("serial", m.group("value")), text)

    def value(self, value: Any) -> Any:
        """Every string in a JSON-shaped value (keys too), anonymised."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.value(v) for v in value]
        if isinstance(value, dict) and "base64" not in value:  # bytes that are not UTF-8 stay as they are
            return {self.text(k): self._field(k, v) for k, v in value.items()}
        return value

    def _field(self, key: str, value: Any) -> Any:
        """A node identity field is replaced whole, however short (a host called "vm")."""
        if key in _IDENTITY_FIELDS and isinstance(value, str):
            return self.placeholder(_IDENTITY_FIELDS[key], value)
        return self.value(value)

    def summary(self) -> str:
        words = {"host": "host name", "user": "user name", "gpu-uuid": "GPU UUID", "uuid": "other UUID",
                 "serial": "serial number", "machine": "machine ID"}
        parts = [f"{n} {words[k]}{'s' if n != 1 else ''}" for k, n in sorted(self.replaced.items())]
        return "Replaced: " + (", ".join(parts) if parts else "nothing identifying was found")


def this_machine() -> Anonymiser:
    """An anonymiser that also knows this machine's host and user names."""
    import getpass
    import socket

    try:
        user = getpass.getuser()
    except Exception:  # no user name in the environment or the password database
        user = ""
    return Anonymiser(hostnames=(socket.gethostname(),), usernames=(user,) if user else ())


def snapshot_contents(document: dict) -> list[str]:
    """A person-readable list of what a snapshot holds, for `snapshot --anonymise`."""
    calls = document.get("calls") or []
    kinds = Counter(call["probe"] for call in calls)
    commands = sorted({" ".join(" ".join(str(a) for a in call["args"]).split())[:60] for call in calls
                       if call["probe"] == "run"})
    files = sorted({str(call["args"][0]) for call in calls if call["probe"] == "file"})
    variables = sorted({str(call["args"][0]) for call in calls if call["probe"] == "env" and call["answer"] is not None})
    lines = [f"{len(calls)} probe answers: " + ", ".join(f"{n} {kind}" for kind, n in sorted(kinds.items()))]
    if commands:
        lines.append("Command output: " + "; ".join(commands))
    if files:
        lines.append(f"Files read ({len(files)}): " + ", ".join(files[:12]) + (" ..." if len(files) > 12 else ""))
    lines.append("Environment variables set: " + (", ".join(variables) if variables else "none of the audited ones"))
    return lines


def anonymised_snapshot(document: dict) -> tuple[dict, list[str]]:
    """The snapshot with identifying values replaced, and a summary of what it holds and what was replaced."""
    anonymiser = this_machine()
    calls = [{"probe": call["probe"], "args": anonymiser.value(call["args"]), "answer": anonymiser.value(call["answer"])}
             for call in document.get("calls") or []]
    result = {**document, "calls": calls, "anonymised": True}
    return result, ["The snapshot holds:", *(f"  {line}" for line in snapshot_contents(result)),
                    f"  {anonymiser.summary()} (the same value always gets the same placeholder)."]
