"""The kernel's messages about GPUs and PCIe, from this boot and the previous one.

This boot comes from `dmesg` (the kernel ring buffer: fast, but it may have wrapped, and
`kernel.dmesg_restrict=1` keeps it from non-root users) or, failing that, `journalctl -k -b 0`.
The previous boot exists only in a persistent journal (`journalctl -k -b -1`); reading the system
journal needs root or membership of the `adm` / `systemd-journal` group. Only lines that matter to
GPUs are kept, the newest `LINE_CAP` of them, so a snapshot stays small and a flooded log cheap. The
whole of each boot's log is read by the failure-signature matcher first (gpudoctor/knowledge), so a known
failure is found however far back it lies.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from msgspec import Struct

from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.host.base import Host
from gpudoctor.model import NotSeen
from gpudoctor.probes.host_contexts import host_contexts
from gpudoctor.probing import provides

if TYPE_CHECKING:
    from gpudoctor.knowledge.matcher import SignatureMatch

LINE_CAP = 400
DMESG_TIMEOUT = 2.0
JOURNAL_TIMEOUT = 1.0  # a huge persistent journal must not hold up the report: the previous boot is then skipped
JOURNAL_LINES = "5000"  # journalctl -n: the newest kernel lines of a boot to look through (a crash is at its end)

# What a GPU diagnosis needs from the kernel log: the NVIDIA driver (NVRM, Xid, nvidia-*), nouveau
# and nova_core, PCIe AER errors, BAR assignment, module signing and Secure Boot, the IOMMU.
RELEVANT = re.compile(
    r"NVRM|Xid|nvidia|nouveau|nova_core|nova-core|\bAER\b|PCIe Bus Error|\bBAR\b|no space for|can't assign|"
    r"Key was rejected|Loading of (?:unsigned )?module|module verification|Lockdown|[Ss]ecure ?[Bb]oot|"
    r"\biommu\b|DMAR|AMD-Vi|pcieport"
)
_NO_PERMISSION = re.compile(r"Operation not permitted|insufficient permissions|Permission denied", re.I)


class BootLog(Struct, frozen=True):
    boot: str  # "current" | "previous"
    source: str | None  # the command that answered: "dmesg", "journalctl -k -b -1"
    lines: tuple[str, ...] = ()
    error: str | None = None  # why no log: "no-permission: ...", "not-found", "no-previous-boot", "timeout"
    truncated: bool = False  # more relevant lines existed than LINE_CAP
    signatures: tuple[SignatureMatch, ...] = ()  # SignatureMatch of every known failure in the whole log, first line each


class KernelLog(Struct, frozen=True):
    boots: tuple[BootLog, ...]
    error: str | None = None  # "not applicable on windows"

    def boot(self, name: str) -> BootLog | None:
        return next((b for b in self.boots if b.boot == name), None)


def _relevant(text: str) -> tuple[tuple[str, ...], bool]:
    lines = [line.rstrip() for line in text.splitlines() if RELEVANT.search(line)]
    return tuple(lines[-LINE_CAP:]), len(lines) > LINE_CAP


def _read_log(boot: str, source: str, text: str, contexts: frozenset[str]) -> BootLog:
    from gpudoctor.knowledge import scan_child  # in a live check, a child compiled the catalogue meanwhile

    lines, truncated = _relevant(text)
    kind = "dmesg" if source == "dmesg" else "journal"
    return BootLog(boot, source, lines, truncated=truncated, signatures=scan_child.scan(text, source, kind, contexts))


def _failure(result) -> str:
    if result.error:
        return result.error
    message = (result.error_text or result.text).strip().splitlines()
    first = message[0] if message else f"exit {result.returncode}"
    return f"no-permission: {first}" if _NO_PERMISSION.search(first) else f"failed: {first}"


def _journal(host: Host, boot: str, offset: str, contexts: frozenset[str]) -> BootLog:
    argv = ["journalctl", "-k", "-b", offset, "-q", "--no-pager", "-o", "short-monotonic", "-n", JOURNAL_LINES]
    source = " ".join(argv[:4])
    result = host.run(argv, timeout=JOURNAL_TIMEOUT)
    if not result.ok:
        stderr = result.error_text
        if "Specifying boot ID or boot offset has no effect" in stderr or "No journal boot entry found" in stderr \
                or "Data from the specified boot" in stderr:
            return BootLog(boot, source, error="no-previous-boot: the journal keeps no earlier boot "
                                               "(journald Storage=persistent keeps them)")
        return BootLog(boot, source, error=_failure(result))
    if not result.text.strip() and _NO_PERMISSION.search(result.error_text):
        return BootLog(boot, source, error=f"no-permission: {result.error_text.strip().splitlines()[0]}")
    if "No journal files were found" in result.error_text:
        return BootLog(boot, source, error="no-journal: no journal files were found")
    if not result.text.strip():
        # Every boot logs kernel lines. Without root, or the adm or systemd-journal group, journalctl shows a user
        # only their own messages, and -q hides the notice that says so: no line at all means it could not read.
        return BootLog(boot, source, error="no-permission: journalctl showed no kernel message (the system journal "
                                           "needs root or the adm or systemd-journal group)")
    return _read_log(boot, source, result.text, contexts)


def _current_boot(host: Host, contexts: frozenset[str]) -> BootLog:
    dmesg = host.run(["dmesg"], timeout=DMESG_TIMEOUT)
    if dmesg.ok:
        return _read_log("current", "dmesg", dmesg.text, contexts)
    journal = _journal(host, "current", "0", contexts)
    if journal.error is None:
        return journal
    return BootLog("current", "dmesg", error=f"{_failure(dmesg)}; journalctl: {journal.error}")


@provides("kernel_log")
def probe_kernel_log(host: Host, facts) -> KernelLog | NotSeen:
    if facts.get("platform").kind == "windows":
        return KernelLog(boots=(), error="not applicable on windows")
    # A WSL host, or Secure Boot on (the EFI variable): a generic line of the log is read in that context.
    contexts = host_contexts(facts, "platform", "secure_boot")
    # The previous boot's journal (0.04-0.18 s to read on a 2-core machine) is read beside this boot's log.
    with ThreadPoolExecutor(max_workers=1) as pool:
        previous = pool.submit(_journal, host, "previous", "-1", contexts)
        boots = (_current_boot(host, contexts), previous.result())
    if all(boot.error and NOT_RECORDED in boot.error for boot in boots):  # a paste without it, an older snapshot
        return NotSeen("the kernel log was not recorded", "sudo dmesg")
    return KernelLog(boots=boots)
