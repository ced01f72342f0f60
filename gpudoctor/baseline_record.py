"""`gpudoctor baseline record`: a known-good node's --deep figures, taken from the report of a run.

Only a node whose --deep checks all pass may become a baseline: a figure recorded on a slow node would
make every node like it pass. Pure: the command line runs the checks and writes the file.
"""

from __future__ import annotations

from gpudoctor.engine import Report
from gpudoctor.model import Status
from gpudoctor.policy import baseline_document

MEASURING_CHECKS = ("p2p.bandwidth", "pcie.bandwidth", "nccl.allreduce")


def figures_of(report: Report) -> dict[str, float]:
    """Each judged measurement's figure, by the key the --deep verdicts give it."""
    return {f.evidence["baseline_key"]: f.evidence["measured_gbps"]
            for r in report.results if r.check_id in MEASURING_CHECKS for f in r.findings
            if f.evidence.get("baseline_key") and isinstance(f.evidence.get("measured_gbps"), (int, float))}


def refusals(report: Report) -> list[str]:
    """Why this node cannot be a baseline: a --deep check that did not pass, or nothing measured."""
    reasons = [f"{r.check_id} is {r.status.value}: {max(r.findings, key=lambda f: f.status.rank).summary}"
               for r in report.results if r.check_id in MEASURING_CHECKS and r.status is not Status.PASS]
    if not reasons and not figures_of(report):
        reasons.append("no figure was measured against the model (one GPU, or links gpudoctor does not know)")
    return reasons


def baseline_of(report: Report) -> dict:
    inventory = report.facts.get("gpus")
    node = (report.host.get("node") or {}).get("hostname")
    return baseline_document(inventory, figures_of(report), report.recorded_at or report.started_at, node)
