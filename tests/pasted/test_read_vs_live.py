"""The same machine read from pasted outputs and replayed from its live recording gives the same verdicts."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.host.snapshot import load_snapshot

FIXTURES = Path(__file__).parent.parent / "fixtures"
H200 = FIXTURES / "pasted" / "h200x2"
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
    live = {c["id"]: c["status"] for c in _report(["check", "--json", "--from", str(snapshot)])["checks"]}
    judged = _judged(pasted)
    assert {check_id: live[check_id] for check_id in judged} == judged
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


def _printed_nvidia_smi(snapshot: Path) -> str:
    """The default nvidia-smi table as that driver prints it, from the recording's NVML answers."""
    host = load_snapshot(str(snapshot))
    value = lambda *call: host.nvml(*call).value  # noqa: E731
    cuda = value("nvmlSystemGetCudaDriverVersion")
    lines = [f"| NVIDIA-SMI {value('nvmlSystemGetDriverVersion')}             Driver Version: "
             f"{value('nvmlSystemGetDriverVersion')}     CUDA Version: {cuda // 1000}.{cuda % 1000 // 10}     |"]
    for index in range(value("nvmlDeviceGetCount")):
        mib = value("nvmlDeviceGetMemoryInfo", index)["total"] // (1024 * 1024)
        lines.append(f"|   {index}  {value('nvmlDeviceGetName', index)}          On  |   "
                     f"{value('nvmlDeviceGetPciInfo', index)['busId']} Off |                    0 |")
        lines.append(f"| N/A   37C    P0             79W /  700W |       0MiB / {mib}MiB |      0%      Default |")
    return "\n".join(lines + ["| Processes:   |", "|  No running processes found   |"]) + "\n"


def test_h100_recording_printed_as_commands_gives_its_verdicts(tmp_path):
    snapshot = FIXTURES / "hosts" / "linux-1xh100.json"
    recorded = {tuple(c["args"]): c["answer"] for c in json.loads(snapshot.read_text())["calls"] if c["probe"] == "run"}
    nvcc = next(answer["stdout"] for args, answer in recorded.items() if args[-1] == "--version")
    paste = tmp_path / "h100.txt"
    paste.write_text(f"$ nvidia-smi\n{_printed_nvidia_smi(snapshot)}\n$ nvcc --version\n{nvcc}\n"
                     f"$ ldconfig -p\n{recorded[('ldconfig', '-p')]['stdout']}", encoding="utf-8")
    judged = _compare(paste, snapshot)
    assert judged == {"gpu.count": "pass", "driver.version": "pass", "cuda.toolkit": "pass"}
