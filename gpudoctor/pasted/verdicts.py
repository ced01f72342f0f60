"""Which pasted outputs let each check judge, and a report that says "unknown" for the rest.

A check whose facts were not pasted would judge "not-recorded" answers as if the machine had
said nothing (no GPU, no variable set): that would pass or fail on no evidence. So a check runs
on a paste only when one of the outputs below was recognised; otherwise its result says which
command's output would settle it, and the report ends with the few commands that settle most.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from gpudoctor.engine import Report
from gpudoctor.host.answers import NOT_RECORDED
from gpudoctor.model import CheckResult, Finding, Status, is_unknown, worst
from gpudoctor.pasted.reading import NCCL_VERSIONS, OLLAMA_VERSION, WHOLE_LDCONFIG, WSL2_LIBRARIES

_INVENTORY = ("nvidia-smi", "nvidia-smi -q", "nvidia-smi -q -x")
_OLLAMA = ("Ollama server log", "ollama ps", "ollama --version")

# check id -> (outputs any one of which lets it judge, the command to ask for, what it settles).
SETTLED_BY: dict[str, tuple[tuple[str, ...], str, str]] = {
    "gpu.count": ((*_INVENTORY, "nvidia-smi -L / nvlink -s", "python -m torch.utils.collect_env"), "nvidia-smi",
                  "how many GPUs the driver sees"),
    "driver.version": ((*_INVENTORY, "/proc/driver/nvidia/version", "python -m torch.utils.collect_env"),
                       "nvidia-smi", "the driver version"),
    "driver.kernel": (("/proc/driver/nvidia/version",), "cat /proc/driver/nvidia/version",
                      "the kernel module and its flavour"),
    "cuda.toolkit": (("nvcc --version",), "nvcc --version", "the CUDA toolkit"),
    # A paste cannot load libnccl.so.2 to ask its version: only versioned file names settle it.
    "nccl.library": ((NCCL_VERSIONS,), "ldconfig -p | grep nccl",
                     "which NCCL versions a program loads"),
    "pcie.link": (("nvidia-smi -q", "nvidia-smi -q -x"), "nvidia-smi -q", "the PCIe link of each GPU"),
    "p2p.access": (("nvidia-smi topo -p2p",), "nvidia-smi topo -p2p r", "P2P between the GPUs"),
    "env.gpu": (("environment variables",), "env | grep -E '^(CUDA|NCCL|OLLAMA|NVIDIA)_'",
                "the CUDA, NCCL and Ollama variables"),
    "wsl.feature": (("wsl -l -v", "wsl --status"), "wsl -l -v", "whether the distribution runs in WSL 2"),
    "wsl.gpu": (("ldconfig -p",), "ldconfig -p | grep -E 'nccl|cuda'", "which libcuda WSL loads"),
    "ollama.server": (("ollama --version", "ollama ps", OLLAMA_VERSION), "ollama --version",
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
# Checks that compare two views judge only when the second was pasted too. (The machine's GPU list needs no
# entry here: the `gpus` probe says itself when it was not seen, and the checks judge what they can without it.)
ALSO_NEEDS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "wsl.gpu": (("wsl -l -v", "wsl --status", "wsl --version", WSL2_LIBRARIES), "wsl -l -v", "which WSL version runs"),
}


def _typed(result: CheckResult) -> bool:
    """Whether the check itself said what it could not see (a probe's NotSeen, a conditional finding)."""
    return any("shown_by" in f.evidence for f in result.findings)


def _asked_of_the_paste(result: CheckResult) -> CheckResult:
    """A typed unknown, said as a request to whoever pasted: which output to paste, and why."""
    findings = tuple(
        replace(f, summary=f"Unknown{f' ({judges})' if (judges := f.evidence.get('judges')) else ''}: paste "
                           f"`{f.evidence['shown_by']}` ({f.evidence['reason']}).", details=())
        if is_unknown(f) else f for f in result.findings)
    return replace(result, findings=findings)


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


# What the checks say of an answer a snapshot did not record ("The snapshot holds no NVML answer.",
# "this snapshot holds no CUDA answer (it was recorded without …)"): for a paste, the output was not pasted.
_SNAPSHOT_GAP = re.compile(r"snapshot (?:holds|has) no|recorded without|not-recorded", re.IGNORECASE)
# Detail sentences that conclude from a tool's absence (no package manager answered): a paste shows no tool.
_ABSENT_TOOL = re.compile(r"no dpkg, rpm or pacman|No package owns them")
# The output that fills the usual gap of each check when its own output was pasted but a second fact was
# not (env.gpu resolves CUDA_VISIBLE_DEVICES against the GPU list): the inventory, unless named here.
GAP_FILLED_BY: dict[str, tuple[str, str]] = {
    "nccl.library": ("ldconfig -p | grep nccl", "which NCCL versions a program loads"),
    "p2p.access": ("nvidia-smi topo -p2p r", "P2P between the GPUs"),
    "pcie.link": ("nvidia-smi -q", "the PCIe link of each GPU"),
    "wsl.gpu": ("dpkg -l | grep -i nvidia", "which NVIDIA packages are installed"),
}
_INVENTORY_GAP = ("nvidia-smi", "the GPUs the driver sees")


def _subject(summary: str) -> str:
    """What a finding was about: its summary up to the verdict ("CUDA_VISIBLE_DEVICES=12: the entry …")."""
    return "" if _SNAPSHOT_GAP.search(summary) else summary.split(": ", 1)[0].rstrip(".")


def _not_in_paste(check_id: str, finding: Finding) -> Finding:
    command, what = GAP_FILLED_BY.get(check_id, _INVENTORY_GAP)
    subject = _subject(finding.summary)
    summary = (f"Not in the paste: paste `{command}` ({what}) to judge {subject}." if subject
               else f"Not in the paste: paste `{command}` to judge {what}.")
    details = tuple(d for d in finding.details if not _SNAPSHOT_GAP.search(d) and not _ABSENT_TOOL.search(d))
    return replace(finding, status=Status.SKIP, summary=summary, details=details,
                   evidence={**finding.evidence, "paste": command}, fix=None, fix_args=())


# Findings that say something is absent where no pasted output could show it present: (check, evidence key) ->
# (what in the paste would show it, the command to ask for, what it settles). A `| grep` of ldconfig -p
# does not show that libcuda.so.1 is missing; no output gpudoctor reads shows /dev/dxg.
ABSENCE_SHOWN_BY: dict[tuple[str, str], tuple[str | None, str, str]] = {
    ("wsl.gpu", "ld_conf"): (WHOLE_LDCONFIG, "ldconfig -p", "whether the loader finds libcuda.so.1"),
    ("wsl.gpu", "dxg"): (None, "ls -l /dev/dxg", "whether Windows passes the GPU into WSL 2"),
    ("wsl.gpu", "wsl_lib_problem"): (None, "ls /usr/lib/wsl/lib", "which of the Windows driver's libraries WSL mounts"),
    ("wsl.gpu", "toolkit"): (None, "dpkg -l | grep -i nvidia", "which NVIDIA packages are installed"),
}


def _absence_not_shown(check_id: str, finding: Finding, kinds: set[str]) -> tuple[str, str] | None:
    for key in finding.evidence:
        shown_by = ABSENCE_SHOWN_BY.get((check_id, key))
        absent = finding.status.rank >= Status.WARN.rank or not finding.evidence[key]
        if shown_by and absent and shown_by[0] not in kinds:
            return shown_by[1], shown_by[2]
    return None


def _rests_on_missing_output(finding: Finding) -> bool:
    return (finding.status.rank >= Status.WARN.rank and _rests_on_a_gap(finding.evidence)) or bool(
        _SNAPSHOT_GAP.search(finding.summary))


def _gap(result: CheckResult, finding: Finding, kinds: set[str]) -> Finding:
    absent = _absence_not_shown(result.check_id, finding, kinds)
    if absent:
        command, what = absent
        return replace(finding, status=Status.SKIP, summary=f"Not in the paste: paste `{command}` to judge {what}.",
                       details=(), evidence={**finding.evidence, "paste": command}, fix=None, fix_args=())
    if _rests_on_missing_output(finding):
        return _not_in_paste(result.check_id, finding)
    return replace(finding, details=tuple(d for d in finding.details
                                          if not _SNAPSHOT_GAP.search(d) and not _ABSENT_TOOL.search(d)))


def _once(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """One request per output, however many findings need it."""
    asked: set[str] = set()
    kept = []
    for finding in findings:
        if "paste" in finding.evidence:
            if finding.summary in asked:
                continue
            asked.add(finding.summary)
        kept.append(finding)
    return tuple(kept)


def _without_gaps(result: CheckResult, kinds: set[str]) -> CheckResult:
    """A finding about a field the paste does not show is not a finding about the machine: it says which
    output would settle it, never that a snapshot lacks it."""
    findings = _once(tuple(_gap(result, f, kinds) for f in result.findings))
    if findings == result.findings:
        return result
    return replace(result, findings=findings, status=worst(f.status for f in findings))


_LINUX_ENV = "env | grep -E '^(CUDA|NCCL|OLLAMA|NVIDIA)_'"
_LINUX_OLLAMA_LOG = "journalctl -u ollama --no-pager | tail -n 300"
# What a Windows user runs instead (PowerShell) where an ask is a Linux command; None: no Windows output settles it
# (the kernel log, the loader cache and NCCL are Linux's). The environment is printed NAME=VALUE, as `env` prints it.
WINDOWS_ASKS: dict[str, str | None] = {
    _LINUX_OLLAMA_LOG: 'Get-Content "$env:LOCALAPPDATA\\Ollama\\server.log" -Tail 300',
    _LINUX_ENV: "Get-ChildItem Env: | Where-Object Name -Match '^(CUDA|NCCL|OLLAMA|NVIDIA)_' | "
                'ForEach-Object { "$($_.Name)=$($_.Value)" }',
    "ldconfig -p | grep nccl": None, "ldconfig -p | grep -E 'nccl|cuda'": None, "ldconfig -p": None,
    "sudo dmesg": None, "sudo journalctl -k -b -1": None, "cat /proc/driver/nvidia/version": None,
}
# On WSL some answers come from the Windows side: where to run each ask.
WSL_ASKS = {
    "wsl -l -v": "wsl -l -v (in Windows PowerShell)", "wsl --status": "wsl --status (in Windows PowerShell)",
    "nvidia-smi": "nvidia-smi (in WSL, and in Windows PowerShell)",
}


def _fitting(command: str, platform) -> str | None:
    """The ask as the pasting user's platform runs it (PowerShell on Windows, the right side on WSL)."""
    if platform.sys_platform == "win32":
        return WINDOWS_ASKS.get(command, command)
    if platform.wsl2 or "microsoft" in platform.os_release.lower():
        return WSL_ASKS.get(command, command)
    return command


def _fit_to(finding: Finding, platform) -> Finding:
    """A finding's ask put in the platform's terms (the command is gpudoctor's own, set in the evidence above)."""
    key = "paste" if "paste" in finding.evidence else "shown_by" if is_unknown(finding) else None
    command = finding.evidence.get(key) if key else None
    if not command or _fitting(command, platform) == command:
        return finding
    fitting = _fitting(command, platform)
    if fitting is None:
        return replace(finding, summary="Unknown: no Windows output settles this (what would is Linux's own).",
                       evidence={k: v for k, v in finding.evidence.items() if k != key})
    return replace(finding, summary=finding.summary.replace(f"`{command}`", f"`{fitting}`"),
                   evidence={**finding.evidence, key: fitting})


def judge_pasted(report: Report, kinds: set[str], extra: tuple[CheckResult, ...] = (), platform=None) -> Report:
    """The report with unsettled checks turned into "unknown", and `extra` results (conflicts) first; the asks fit
    `platform` (the paste's PastedPlatform) when given."""
    judged = _judged(report, kinds)
    if platform is not None:
        judged = [replace(r, findings=tuple(_fit_to(f, platform) for f in r.findings)) for r in judged]
    return replace(report, results=(*extra, *judged), source="pasted")


def _judged(report: Report, kinds: set[str]) -> list[CheckResult]:
    results = []
    for result in report.results:
        not_here = all(f.summary.startswith("Not applicable on") for f in result.findings)
        if not_here:
            results.append(result)
        elif _typed(result):
            results.append(_asked_of_the_paste(result))
        else:
            results.append(_without_gaps(result, kinds) if settled(result.check_id, kinds)
                           else unknown_result(result, kinds))
    return results


def commands_to_ask(report: Report, most: int = 3) -> list[tuple[str, list[str]]]:
    """The commands whose output would settle the most unknown checks: [(command, [check ids])]."""
    wanted: Counter[str] = Counter()
    checks: dict[str, list[str]] = {}
    for result in report.results:
        paste = next((f.evidence.get("paste") or f.evidence.get("shown_by") for f in result.findings
                      if f.evidence.get("unknown")), None)
        if paste:
            wanted[paste] += 1
            checks.setdefault(paste, []).append(result.check_id)
    return [(command, checks[command]) for command, _ in wanted.most_common(most)]
