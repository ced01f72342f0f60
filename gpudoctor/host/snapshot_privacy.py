"""What a snapshot gives away, kept small and said plainly.

A snapshot is made to be shared (attached to an issue, sent to a helper). Secrets are redacted as
each answer is recorded (gpudoctor/host/redact.py); here, as the file is written, the home directory
becomes `~` and the user name in any home path (/home/NAME, C:\\Users\\NAME, /mnt/c/Users/NAME) becomes
`<user>`, in the calls' arguments and answers alike, so that the snapshot still replays: a probe
that asks for $HOME gets `~` and reads `~/.ollama/logs/server.log` from the snapshot. `describe`
lists what the file holds, for the message after `gpudoctor snapshot`.

The host name is written `<host>` too: in the system record, in the files that hold it
(/proc/sys/kernel/hostname, /etc/hostname), in journal lines (`Nov 25 10:00:00 NAME ollama[...]`),
after `user@`, and as a whole word anywhere unless it is a common word or shorter than four letters (a
host called `ubuntu` or `vm` would otherwise rewrite the distribution's name or "VM"). A replay reports
the host `<host>`.
"""

from __future__ import annotations

import re
from typing import Any, Callable

USER = "<user>"
HOST = "<host>"
_HOSTNAME_FILES = ("/proc/sys/kernel/hostname", "/etc/hostname")
# Names that are also words found in ordinary output: replaced only where they stand as the host name.
_COMMON_HOST_NAMES = {"localhost", "ubuntu", "debian", "fedora", "linux", "server", "node", "gpu", "host", "desktop",
                      "workstation", "raspberrypi", "docker", "wsl", "windows", "admin", "root", "master", "worker"}
_USER_IN_PATH = re.compile(r"(?P<lead>/home/|[\\/][Uu]sers[\\/])(?!Public\b|Default\b|All Users\b|<user>)(?P<name>[^\\/\s\"':;]+)")


def anonymise_calls(calls: list[dict[str, Any]], home: str | None, hostname: str | None = None
                    ) -> list[dict[str, Any]]:
    """The calls with the home directory, user names and the host name replaced in every string."""
    scrub_paths = path_scrubber(home)
    scrub_host = host_scrubber(hostname)
    return [_without_hostname(map_strings(call, lambda text: scrub_host(scrub_paths(text)))) for call in calls]


def host_scrubber(hostname: str | None) -> Callable[[str], str]:
    """A function that writes the host name (and its first label, of a dotted name) as <host>."""
    names = {n for n in (hostname or "", (hostname or "").split(".")[0]) if len(n) > 1}
    if not names:
        return lambda text: text
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    if names & _COMMON_HOST_NAMES or min(len(n) for n in names) < 4:
        where = (rf"(?<=@)(?:{alternatives})(?![A-Za-z0-9-])"
                 rf"|(?m:(?<=^\w{{3}} [ \d]\d \d\d:\d\d:\d\d )(?:{alternatives})(?= ))")
    else:
        where = rf"(?<![A-Za-z0-9-])(?:{alternatives})(?![A-Za-z0-9-])"
    pattern = re.compile(where)
    return lambda text: pattern.sub(HOST, text)


def _without_hostname(call: dict[str, Any]) -> dict[str, Any]:
    """The system record's host name and the files that hold it, as <host>."""
    answer = call.get("answer")
    if call.get("probe") == "system" and isinstance(answer, dict) and isinstance(answer.get("extra"), dict) \
            and answer["extra"].get("hostname"):
        return {**call, "answer": {**answer, "extra": {**answer["extra"], "hostname": HOST}}}
    if call.get("probe") == "file" and call.get("args")[:1] and call["args"][0] in _HOSTNAME_FILES \
            and isinstance(answer, dict) and answer.get("data") is not None:
        return {**call, "answer": {**answer, "data": HOST + "\n"}}
    return call


def path_scrubber(home: str | None) -> Callable[[str], str]:
    """A function that writes `home` as ~ and the user name in any home path as <user>."""
    home = (home or "").rstrip("/\\")
    home_pattern = re.compile(re.escape(home) + r"(?![A-Za-z0-9._-])") if len(home) > 1 else None

    def scrub(text: str) -> str:
        if home_pattern is not None:
            text = home_pattern.sub("~", text)
        return _USER_IN_PATH.sub(lambda m: m.group("lead") + USER, text)

    return scrub


def map_strings(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [map_strings(item, change) for item in value]
    if isinstance(value, dict):
        # {"base64": ...} holds bytes that are not text: left as recorded
        return value if set(value) == {"base64"} else {key: map_strings(item, change) for key, item in value.items()}
    return value


_KINDS = {
    "run": "output of commands", "python": "output of Python child processes", "file": "files read",
    "dir": "directory listings", "glob": "file-name searches", "resolve": "resolved paths",
    "which": "programs looked up on PATH", "env": "environment variables", "nvml": "NVML answers",
    "native": "CUDA driver and NCCL answers", "http": "answers of the Ollama server", "system": "system record",
}


def describe(calls: list[dict[str, Any]]) -> list[str]:
    """One line per kind of content, naming commands, files and variables (e.g. for `snapshot`'s message)."""
    by_kind: dict[str, list[list]] = {}
    for call in calls:
        by_kind.setdefault(call["probe"], []).append(call["args"])
    lines = []
    for kind, label in _KINDS.items():
        args = by_kind.get(kind)
        if not args:
            continue
        names = _names(kind, args)
        shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
        lines.append(f"{len(args)} {label}" + (f": {shown}" if shown else ""))
    return lines


def _command_label(argv: list) -> str:
    """A command as one short line: an inline program (`python3 -c "..."`) shows as `-c …`."""
    words = []
    for arg in (str(a) for a in argv[:3]):
        line = arg.splitlines()[0] if arg.strip() else arg
        words.append(line if len(line) <= 40 and line == arg else "…")
    return " ".join(words)


def _names(kind: str, args: list[list]) -> list[str]:
    if kind in ("run", "python"):
        return list(dict.fromkeys(_command_label(argv) for argv in args))
    if kind in ("file", "dir", "env", "which"):
        return list(dict.fromkeys(str(argv[0]) for argv in args if argv))
    if kind == "http":
        return list(dict.fromkeys(str(argv[0]) for argv in args if argv))
    return []
