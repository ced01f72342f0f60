"""Every live recording of a real host, printed as the outputs of its commands and read back with `gpudoctor
read`, gives the verdicts and the sentences of the live report, except where a fact cannot be in such a paste:
there the read report says it is unknown and which output would settle it, never a verdict of its own.

"Its commands' outputs": what the recording's probes ran or read that a person can paste: `nvcc --version`,
`dmesg`, `ldconfig -p` and `cat /proc/driver/nvidia/version`, exactly as recorded. (NVML's answers are no
command's output: the GPU inventory itself is `nvidia-smi`'s, which these recordings do not hold.)
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.knowledge.signatures import by_code
from hosts import HOSTS, snapshot_document

# The recordings made on real machines: the one-H100, one-H200 and two-H200 hosts (tests/fixtures/hosts/README.md)
# and the GPU-less node (tests/first_minutes/README.md). The container, Windows and WSL snapshots are built.
REAL_HOSTS = sorted([*(path.name for path in HOSTS.glob("linux-[12]xh[12]00*.json")), "linux-no-gpu.json"])
# What a prompt line says for each recorded question, and the question: (probe, first argument, the prompt's command).
PRINTED = (("run", re.compile(r"(?:.*/)?nvcc$"), "nvcc --version"), ("run", re.compile(r"dmesg$"), "sudo dmesg"),
           ("run", re.compile(r"ldconfig$"), "ldconfig -p"),
           ("file", re.compile(r"/proc/driver/nvidia/version$"), "cat /proc/driver/nvidia/version"))


def printed_outputs(name: str) -> str:
    """The recording's answers to the questions above, printed as a terminal session."""
    session, printed = [], set()
    for call in snapshot_document(name)["calls"]:
        answer = call["answer"]
        if not isinstance(answer, dict) or answer.get("error") or not call["args"] or \
                not isinstance(call["args"][0], str):
            continue
        for probe, first, command in PRINTED:
            text = answer.get("stdout") if probe == "run" else answer.get("data")
            if call["probe"] == probe and first.match(call["args"][0]) and isinstance(text, str) and text.strip() \
                    and command not in printed:
                printed.add(command)
                session.append(f"$ {command}\n{text.rstrip()}\n")
    return "\n".join(session)


def _checks(document: dict) -> dict[str, dict]:
    return {c["id"]: c for c in document["checks"]}


def _said(check: dict) -> list[tuple[str, str]]:
    return [(f["status"], f["summary"]) for f in check["findings"]]


def _harmless_notice(finding: dict) -> bool:
    """A finding that only explains a notice as harmless: a signature of cause none, which a paste is read with
    and the live kernel log skips (its rows' kinds), so the live report has no such finding to compare with."""
    codes = finding["evidence"].get("signatures", [])
    return bool(codes) and all(by_code(code).cause_id == "none" for code in codes)


def _a_verdict(check_id: str, check: dict) -> bool:
    """Whether a pasted check judges something the live report judged too: not the paste's own conflicts, not a
    check the paste cannot apply, not harmless notices explained only in pastes."""
    harmless = bool(check["findings"]) and all(_harmless_notice(f) for f in check["findings"])
    return not (check_id == "read.conflicts" or check["summary"].startswith("Not applicable") or harmless)


def _unknown(finding: dict) -> bool:
    return bool(finding["evidence"].get("unknown")) or finding["summary"].startswith(("Unknown", "Not in the paste"))


@pytest.mark.parametrize("name", REAL_HOSTS)
def test_a_recording_printed_and_read_back_says_what_the_live_report_said(name, tmp_path):
    paste = tmp_path / "session.txt"
    paste.write_text(printed_outputs(name), encoding="utf-8")
    read = CliRunner().invoke(main, ["read", "--json", str(paste)])
    live = CliRunner().invoke(main, ["check", "--json", "--from", str(HOSTS / name)])
    assert read.exit_code in (0, 1) and live.exit_code in (0, 1), read.output + live.output
    pasted, recorded = _checks(json.loads(read.output)), _checks(json.loads(live.output))
    judged = 0
    for check_id, check in pasted.items():
        if not _a_verdict(check_id, check):
            continue
        known = [f for f in check["findings"] if not _unknown(f)]
        if not known:  # the paste cannot show this check's facts: it says so and asks (never a verdict)
            assert all(f["status"] == "skip" for f in check["findings"]), (check_id, _said(check))
            continue
        judged += 1
        # What the paste judged, it judged as the live report did: the same status and the same sentences;
        # a sentence that rests on a fact the paste lacks says "unknown" where the live one has the fact.
        assert check["status"] == recorded[check_id]["status"], (check_id, _said(check), _said(recorded[check_id]))
        live_sentences = [f["summary"] for f in recorded[check_id]["findings"]]
        for finding in known:
            assert finding["summary"] in live_sentences or "unknown" in finding["summary"], \
                (check_id, finding["summary"], live_sentences)
    assert json.loads(read.output)["pasted"]["conflicts"] == []
    document = json.loads(read.output)
    if "$ sudo dmesg" in paste.read_text(encoding="utf-8"):  # the kernel layer's recordings: the kernel log and module
        assert judged >= 2 and {"gpu.errors", "driver.kernel"} <= {i for i, c in pasted.items() if c["status"] != "skip"}
    else:  # the older recordings (and the GPU-less node) print nvcc and ldconfig: the GPUs' checks ask for nvidia-smi
        assert "nvidia-smi" in [item["command"] for item in document["pasted"]["paste_next"]]
