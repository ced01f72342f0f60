"""Whether gpudoctor runs elevated (root on Linux/WSL, an elevated administrator on Windows).

Read through the host like any other fact, so a plan can say "needs root" truthfully and tests
can replay either answer.
"""

from __future__ import annotations

import re

from msgspec import Struct

from gpudoctor.host.base import Host
from gpudoctor.probing import provides

# Windows integrity levels (https://learn.microsoft.com/en-us/windows/win32/secauthz/mandatory-integrity-control):
# an elevated administrator's token carries the High label S-1-16-12288, one started by the system
# the System label S-1-16-16384; a normal (or UAC-filtered) token carries Medium, S-1-16-8192.
_ELEVATED_LABELS = {"12288": "High Mandatory Level", "16384": "System Mandatory Level"}
_LABEL_RE = re.compile(r"\bS-1-16-(\d+)\b")


class Privileges(Struct, frozen=True):
    elevated: bool | None  # None: could not tell
    evidence: str  # what the answer rests on, e.g. "id -u printed 1000"
    sudo_user: str | None = None  # the user who ran sudo, when running under sudo


def _posix(host: Host) -> Privileges:
    result = host.run(["id", "-u"])
    sudo_user = host.env("SUDO_USER")
    uid = result.text.strip() if result.ok else ""
    if not uid.isdigit():
        return Privileges(None, f"`id -u` gave no user id ({result.error or f'exit {result.returncode}'})", sudo_user)
    return Privileges(uid == "0", f"id -u printed {uid}", sudo_user)


def _windows(host: Host) -> Privileges:
    result = host.run(["whoami", "/groups"])
    if not result.ok:
        return Privileges(None, f"`whoami /groups` failed ({result.error or f'exit {result.returncode}'})")
    labels = _LABEL_RE.findall(result.text)
    if not labels:
        return Privileges(None, "`whoami /groups` listed no integrity label")
    elevated = next((label for label in labels if label in _ELEVATED_LABELS), None)
    if elevated:
        return Privileges(True, f"whoami /groups: S-1-16-{elevated} ({_ELEVATED_LABELS[elevated]})")
    return Privileges(False, f"whoami /groups: S-1-16-{labels[0]} (not elevated)")


@provides("privileges")
def probe_privileges(host: Host, facts) -> Privileges:
    if facts.get("platform").kind == "windows":
        return _windows(host)
    return _posix(host)
