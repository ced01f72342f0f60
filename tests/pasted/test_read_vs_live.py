"""The same machine read from pasted outputs and replayed from its live recording gives the same verdicts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main

FIXTURES = Path(__file__).parent.parent / "fixtures"
H200 = FIXTURES / "pasted" / "h200x2"
H100 = FIXTURES / "pasted" / "h100x1"
COMMANDS = {"smi": "nvidia-smi", "smi_q": "nvidia-smi -q", "smi_qx": "nvidia-smi -q -x", "topo_m": "nvidia-smi topo -m",
            "topo_p2p_r": "nvidia-smi topo -p2p r", "topo_p2p_w": "nvidia-smi topo -p2p w",
            "topo_p2p_n": "nvidia-smi topo -p2p n", "topo_p2p_a": "nvidia-smi topo -p2p a",
            "topo_p2p_p": "nvidia-smi topo -p2p p", "nvlink_s": "nvidia-smi nvlink -s", "nvcc": "nvcc --version",
            "ldconfig": "ldconfig -p", "drv_version": "cat /proc/driver/nvidia/version"}


def _report(args: list[str]) -> dict:
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)


def _judged(document: dict) -> dict[str, str]:
    return {c["id"]: c["status"] for c in document["checks"]
            if not c["summary"].startswith(("Unknown", "Not applicable")) and c["id"] != "read.conflicts"}


def _compare(paste: Path, snapshot: Path) -> dict[str, str]:
    pasted = _report(["read", "--json", str(paste)])
    live_checks = _report(["check", "--json", "--from", str(snapshot)])["checks"]
    # A recording older than a probe lacks its facts (this H200 one has no /proc/driver/nvidia/version): the
    # paste may judge what the recording says is unknown, never the other way round.
    live = {c["id"]: c["status"] for c in live_checks if not c["summary"].startswith("Unknown")}
    judged = _judged(pasted)
    assert {check_id: live[check_id] for check_id in judged if check_id in live} == \
        {check_id: status for check_id, status in judged.items() if check_id in live}
    assert pasted["pasted"]["conflicts"] == []
    return judged


def test_h200_outputs_pasted_with_prompts_give_the_live_verdicts(tmp_path):
    paste = tmp_path / "issue.md"
    with paste.open("w", encoding="utf-8") as out:
        for name, command in COMMANDS.items():
            out.write(f"```\nuser@box:~$ {command}\n{(H200 / f'{name}.txt').read_text(encoding='utf-8')}```\n\n")
    judged = _compare(paste, FIXTURES / "hosts" / "linux-2xh200-nvlink.json")
    assert {"gpu.count", "driver.version", "cuda.toolkit", "pcie.link", "p2p.access"} <= set(judged)


def test_h200_xml_alone_judges_the_gpus_like_the_live_host(tmp_path):
    judged = _compare(H200 / "smi_qx.txt", FIXTURES / "hosts" / "linux-2xh200-nvlink.json")
    assert judged == {"gpu.count": "pass", "driver.version": "pass", "pcie.link": "pass"}


def test_h100_outputs_pasted_give_the_live_verdicts(tmp_path):
    # The one-H100 host's real outputs, read in the same session as its recording (no NVLink: no nvlink -s).
    paste = tmp_path / "h100.md"
    with paste.open("w", encoding="utf-8") as out:
        for name, command in COMMANDS.items():
            if (H100 / f"{name}.txt").exists():
                out.write(f"```\n$ {command}\n{(H100 / f'{name}.txt').read_text(encoding='utf-8')}```\n\n")
    judged = _compare(paste, FIXTURES / "hosts" / "linux-1xh100-firecracker-vm.json")
    assert {"gpu.count": "pass", "driver.version": "pass", "cuda.toolkit": "pass", "pcie.link": "pass"}.items() <= judged.items()
