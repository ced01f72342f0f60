"""Which pasted outputs let each check judge, and a report that says "unknown" for the rest.

A check whose facts were not pasted would judge "not-recorded" answers as if the machine had
said nothing (no GPU, no variable set): that would pass or fail on no evidence. So a check runs
on a paste only when one of the outputs below was recognised; otherwise its result says which
command's output would settle it, and the report ends with the few commands that settle most.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from gpudoctor.engine import Report
from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.model import CheckResult, Finding, Status, worst

_INVENTORY = ("nvidia-smi", "nvidia-smi -q", "nvidia-smi -q -x")
_OLLAMA = ("Ollama server log", "ollama ps", "ollama --version")

# check id -> (outputs any one of which lets it judge, the command to ask for, what it settles).
SETTLED_BY: dict[str, tuple[tuple[str, ...], str, str]] = {
    "gpu.count": ((*_INVENTORY, "nvidia-smi -L / nvlink -s", "python -m torch.utils.collect_env"), "nvidia-smi",
                  "how many GPUs the driver sees"),
    "driver.version": ((*_INVENTORY, "/proc/driver/nvidia/version", "python -m torch.utils.collect_env"),
                       "nvidia-smi", "the driver version"),
    "cuda.toolkit": (("nvcc --version",), "nvcc --version", "the CUDA toolkit"),
    # A paste cannot load libnccl.so.2 to ask its version: only versioned file names settle it.
    "nccl.library": (("NCCL versions in ldconfig -p",), "ldconfig -p | grep nccl",
                     "which NCCL versions a program loads"),
    "pcie.link": (("nvidia-smi -q", "nvidia-smi -q -x"), "nvidia-smi -q", "the PCIe link of each GPU"),
    "p2p.access": (("nvidia-smi topo -p2p",), "nvidia-smi topo -p2p r", "P2P between the GPUs"),
    "env.gpu": (("environment variables",), "env | grep -E '^(CUDA|NCCL|OLLAMA|NVIDIA)_'",
                "the CUDA, NCCL and Ollama variables"),
    "wsl.feature": (("wsl -l -v", "wsl --status"), "wsl -l -v", "whether the distribution runs in WSL 2"),
    "wsl.gpu": (("ldconfig -p",), "ldconfig -p | grep -E 'nccl|cuda'", "which libcuda WSL loads"),
    "ollama.server": (("ollama --version", "ollama ps", "Ollama version in its log"), "ollama --version",
                      "the Ollama server"),
    "ollama.env": (("Ollama server log",), "journalctl -u ollama --no-pager | tail -n 300",
                   "the Ollama service's environment"),
    "ollama.errors": (("Ollama server log",), "journalctl -u ollama --no-pager | tail -n 300",
                      "what went wrong in the Ollama server"),
    "ollama.gpus": (("Ollama server log",), "journalctl -u ollama --no-pager | tail -n 300",
                    "which GPUs Ollama uses"),
    "ollama.placement": (("Ollama server log",), "journalctl -u ollama --no-pager | tail -n 300",
                         "how Ollama placed the model"),
    "ollama.models": (("ollama ps",), "ollama ps", "where the loaded models run"),
    "gpu.errors": (("kernel log",), "sudo dmesg", "the Xid and PCIe errors of this boot"),
}
# Checks that compare two views judge only when the second was pasted too (Ollama's GPUs against the driver's).
_GPU_LIST = ((*_INVENTORY, "nvidia-smi -L / nvlink -s"), "nvidia-smi", "the GPUs the driver sees")
ALSO_NEEDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "wsl.gpu": (("wsl -l -v", "wsl --status", "wsl --version"), "wsl -l -v", "which WSL version runs"),
    "ollama.gpus": _GPU_LIST,
    "ollama.placement": _GPU_LIST,
    "ollama.models": _GPU_LIST,
}


def missing(check_id: str, kinds: set[str]) -> tuple[str, str] | None:
    """(command, what it settles) that the paste lacks for this check, or None when it can judge."""
    for table in (SETTLED_BY, ALSO_NEEDS):
        entry = table.get(check_id)
        if entry is None and table is SETTLED_BY:
            return "", ""
        if entry is not None and not kinds.intersection(entry[0]):
            return entry[1], entry[2]
    return None


def settled(check_id: str, kinds: set[str]) -> bool:
    return missing(check_id, kinds) is None


def unknown_result(result: CheckResult, kinds: set[str]) -> CheckResult:
    entry = missing(result.check_id, kinds)
    if not entry or not entry[0]:
        finding = Finding(Status.SKIP, "Unknown: no pasted output lets gpudoctor judge this.",
                          evidence={"unknown": True})
    else:
        command, what = entry
        finding = Finding(Status.SKIP, f"Unknown: paste `{command}` to judge {what}.",
                          evidence={"unknown": True, "paste": command})
    return replace(result, status=Status.SKIP, findings=(finding,), has_fix=False)


def _rests_on_a_gap(value) -> bool:
    """Evidence that holds a "not-recorded" answer: the paste lacks that field, the machine did not fail."""
    if isinstance(value, dict):
        return any(_rests_on_a_gap(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_rests_on_a_gap(v) for v in value)
    return value == NOT_RECORDED


def _without_gaps(result: CheckResult) -> CheckResult:
    """A warning or failure about a field the paste does not show is not a finding about the machine."""
    findings = tuple(
        replace(f, status=Status.SKIP, summary=f"Not in the paste: {f.summary}")
        if f.status.rank >= Status.WARN.rank and _rests_on_a_gap(f.evidence) else f
        for f in result.findings)
    if findings == result.findings:
        return result
    return replace(result, findings=findings, status=worst(f.status for f in findings))


def judge_pasted(report: Report, kinds: set[str], extra: tuple[CheckResult, ...] = ()) -> Report:
    """The report with unsettled checks turned into "unknown", and `extra` results (conflicts) first."""
    results = []
    for result in report.results:
        not_here = all(f.summary.startswith("Not applicable on") for f in result.findings)
        if not_here:
            results.append(result)
        else:
            results.append(_without_gaps(result) if settled(result.check_id, kinds) else unknown_result(result, kinds))
    return replace(report, results=(*extra, *results), source="pasted")


def commands_to_ask(report: Report, most: int = 3) -> list[tuple[str, list[str]]]:
    """The commands whose output would settle the most unknown checks: [(command, [check ids])]."""
    wanted: Counter[str] = Counter()
    checks: dict[str, list[str]] = {}
    for result in report.results:
        paste = next((f.evidence.get("paste") for f in result.findings if f.evidence.get("unknown")), None)
        if paste:
            wanted[paste] += 1
            checks.setdefault(paste, []).append(result.check_id)
    return [(command, checks[command]) for command, _ in wanted.most_common(most)]
