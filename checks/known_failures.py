"""Known failures in the logs gpudoctor reads that no other check judges: the signature catalogue's matches."""

from __future__ import annotations

from dataclasses import replace

from gpudoctor.knowledge.findings import CAUSE_OWNERS, signature_finding
from gpudoctor.model import Status, check, ok, skip


def _fact(facts, name: str):
    try:
        return getattr(facts, name)
    except Exception:  # a probe that failed: its own checks report it; the other log is still read
        return None


def _from_kernel_log(kernel_log, read: list[str]) -> list[tuple[object, bool]]:
    found = []
    if kernel_log is None or kernel_log.error:
        return found
    for boot in kernel_log.boots:
        if not boot.error:
            which = "this" if boot.boot == "current" else "the previous"
            read.append(f"the kernel log of {which} boot ({boot.source})")
            found.extend((match, boot.boot == "previous") for match in boot.signatures)
    return found


def _from_ollama_log(ollama, read: list[str]) -> list[tuple[object, bool]]:
    log = ollama.log if ollama is not None else None
    if log is None or log.error or not log.source:
        return []
    read.append(f"the Ollama server log ({log.source})")
    return [(match, False) for match in log.signatures]


def _finding(match, previous_boot: bool):
    finding = signature_finding(match)
    if not previous_boot:
        return finding
    # A failure of the previous boot may be what the reboot cured: worth knowing, not a failure of this boot.
    status = Status.WARN if finding.status is Status.FAIL else finding.status
    return replace(finding, status=status, summary=f"In the previous boot: {finding.summary}")


@check("logs.known-failures", title="Known failures in the kernel and Ollama logs", needs=("kernel_log", "ollama"))
def known_failures(facts):
    """Reads the kernel log (this boot and the previous one) and the Ollama server log with gpudoctor's
    catalogue of failure signatures (gpudoctor/knowledge/signatures: the error lines people hit, each with its
    cause, next step and sources), and reports those whose cause no other check judges: the GPU, driver,
    Ollama and container checks read the same logs for the causes they own (an Xid is gpu.errors', an API
    mismatch driver.kernel's) and report them themselves. Each finding names its signature code;
    `gpudoctor explain CODE` shows the sources and the date they were last checked. A failure logged in the
    previous boot is a warning: the reboot may have cured it.
    """
    read: list[str] = []
    matches = _from_kernel_log(_fact(facts, "kernel_log"), read) + _from_ollama_log(_fact(facts, "ollama"), read)
    if not read:
        yield skip("No log could be read: the kernel log and the Ollama server log are both unavailable here.")
        return
    unowned = [(m, previous) for m, previous in matches if m.signature.cause_id not in CAUSE_OWNERS]
    if not unowned:
        yield ok(f"No known failure beyond what the other checks judge, in {'; '.join(read)}.",
                 evidence={"read": read})
        return
    for match, previous in unowned:
        yield _finding(match, previous)
