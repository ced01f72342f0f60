"""Signature matches as findings: the cause, the evidence line with where it came from, the one next step.

Shared by the generic check of live logs (checks/signatures.py) and `gpudoctor read` (gpudoctor/pasted), so
that a known failure reads the same whether gpudoctor found it on the machine or in a paste. Pure.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from gpudoctor.knowledge.signatures import SEVERITIES
from gpudoctor.model import Action, CheckResult, Finding, Status

if TYPE_CHECKING:  # the matcher itself is imported only where text is read
    from gpudoctor.knowledge.matcher import SignatureMatch

# The checks that judge a cause themselves, from the same facts: where one of them reported the cause, a match
# of that cause is its evidence (its code goes on the check's finding) instead of a second finding beside it.
CAUSE_OWNERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("gpu-fell-off-bus", "gpu-memory-error", "app-fault", "nvlink-error", "gsp-firmware-error",
                     "power-insufficient", "pcie-link-errors"), ("gpu.errors",)),
    **dict.fromkeys(("driver-library-mismatch", "secure-boot-rejected", "open-module-required", "nouveau-conflict",
                     "driver-not-loaded"), ("driver.kernel", "driver.version")),
    "bar-allocation": ("pcie.bar1",),
    "uvm-missing": ("driver.uvm",),
    "pcie-link-degraded": ("pcie.link",),
    "iommu-blocks-p2p": ("pcie.acs", "p2p.access"),
    "cuda-driver-too-old": ("driver.version", "ollama.errors"),
    "cuda-visible-devices": ("env.gpu",),
    "nccl-version-mismatch": ("nccl.library",),
    "container-shm-too-small": ("container.shm",),
    "container-no-gpu-runtime": ("container.runtime",),
    "ollama-oom": ("ollama.errors",),
    "ollama-runner-crash": ("ollama.errors",),
    "ollama-cpu-fallback": ("ollama.gpus",),
    "torch-cpu-build": ("torch.cuda",),
    "wsl1": ("wsl.feature",),
    **dict.fromkeys(("wsl-linux-driver", "wsl-libcuda-not-symlink", "wsl-dxg-missing"), ("wsl.gpu",)),
}
EVIDENCE_CHARS = 240  # of the matched line, in a finding's detail
_STATUS = {"fail": Status.FAIL, "warn": Status.WARN, "info": Status.PASS}


def evidence_line(match: SignatureMatch) -> str:
    line = match.line if len(match.line) <= EVIDENCE_CHARS else match.line[:EVIDENCE_CHARS] + "…"
    times = f" ({match.count} times)" if match.count > 1 else ""
    return f"{match.source}, line {match.line_number}{times}: {line}"


def _generic_reading(match: SignatureMatch, generic: SignatureMatch) -> str:
    """How the line reads without the context, as evidence: never its advice, which the context replaces."""
    same = generic.source == match.source and generic.line_number == match.line_number
    seen = "this line" if same else f"{evidence_line(generic)}"
    if not match.signature.contexts and same:  # a more specific message of the same line (Signature.refines)
        return f"Read more closely than [{generic.code}], which alone would read {seen}: {generic.cause}"
    if not match.signature.contexts:  # evidence of the cause behind another line's symptom (refines_within)
        return f"Explains [{generic.code}] at {seen}; alone, that line would read: {generic.cause}"
    where = " or ".join(match.signature.contexts)
    return f"Read in its context ({where}); without it, [{generic.code}] would read {seen}: {generic.cause}"


def signature_finding(match: SignatureMatch, caused_by: str | None = None) -> Finding:
    row = match.signature
    details = [f"Evidence: {evidence_line(match)}", f"Next step: {match.advice}"]
    if match.refined:  # a row read in its context: the generic reading is evidence, its advice is not given
        details[1:1] = [_generic_reading(match, generic) for generic in match.refined]
    if row.rules_out:
        details.append(f"This rules out: {'; '.join(row.rules_out)}.")
    details.append(f"`gpudoctor explain {row.code}` shows its sources.")
    # A symptom it explains keeps its weight: a warning that names why a failure happened reports the failure. An info
    # row that refines one says its line is harmless (PyTorch's cuDNN 8 sub-library notice): it stays information.
    explained = () if row.severity == "info" else (generic.signature.severity for generic in match.refined)
    severity = min((row.severity, *explained), key=SEVERITIES.index)
    return Finding(_STATUS[severity], f"{match.cause} [{row.code}]", tuple(details),
                   evidence={"signatures": [row.code], "fields": dict(match.fields), "source": match.source,
                             "line_number": match.line_number, "line": match.line[:EVIDENCE_CHARS],
                             "count": match.count,
                             **({"refines": [generic.code for generic in match.refined]} if match.refined else {})},
                   caused_by=caused_by,
                   # The signature knows the one next step; a consequence of another check's cause gets none
                   # from the engine (gpudoctor/actions.py).
                   action=None if caused_by else Action(row.action))


def explained(finding: Finding, matches) -> Finding:
    """The finding with the known failures behind it: their codes in its evidence, and for each a detail with
    the cause, the evidence line and the next step (the cause of what the finding reports, not a second one)."""
    if not matches:
        return finding
    details = tuple(f"Known failure [{m.code}]: {m.cause} Evidence: {evidence_line(m)}. Next step: "
                    f"{m.advice}" for m in matches)
    codes = list(finding.evidence.get("signatures", ())) + [m.code for m in matches]
    return replace(finding, details=details + finding.details,
                   evidence={**finding.evidence, "signatures": list(dict.fromkeys(codes))})


def _explained_by(result: CheckResult, matches: list[SignatureMatch]) -> CheckResult:
    """The result with the known failures behind its worst finding: their cause, evidence line and next step first
    among its details, their codes in its evidence (JSON carries them from there)."""
    lead = max(result.findings, key=lambda f: f.status.rank)
    return replace(result, findings=tuple(explained(f, matches) if f is lead else f for f in result.findings))


def attribute(results: tuple[CheckResult, ...],
              matches: tuple[SignatureMatch, ...]) -> tuple[tuple[CheckResult, ...], tuple[SignatureMatch, ...]]:
    """(results with each match on the check that reported its cause, explaining it, the matches no check reported)."""
    by_id = {result.check_id: result for result in results}
    owned: dict[str, list[SignatureMatch]] = {}
    unowned = []
    for found in matches:
        owners = [by_id[o] for o in CAUSE_OWNERS.get(found.signature.cause_id, ()) if o in by_id]
        owner = next((r for r in owners if r.status.rank >= Status.WARN.rank), None)
        if owner is None:
            unowned.append(found)
        else:
            owned.setdefault(owner.check_id, []).append(found)
    return (tuple(_explained_by(r, owned[r.check_id]) if r.check_id in owned else r for r in results),
            tuple(unowned))
