"""What `gpudoctor read` does with awkward input: encodings, wrapping, garbage; and the shareable formats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.report.anonymise import Anonymiser

PASTED = Path(__file__).parent.parent / "fixtures" / "pasted"
TABLE = (PASTED / "ollama-835-nvidia-smi-2xT4.txt").read_text(encoding="utf-8")


def _read(tmp_path, data: bytes, *options: str):
    path = tmp_path / "paste"
    path.write_bytes(data)
    return CliRunner().invoke(main, ["read", *options, str(path)])


def test_utf16_crlf_quoted_and_journal_prefixed_text_is_read(tmp_path):
    quoted = "\r\n".join("> " + line for line in TABLE.splitlines())
    result = _read(tmp_path, b"\xff\xfe" + quoted.encode("utf-16-le"), "--json")
    document = json.loads(result.output)
    assert document["host"]["driver_version"] == "545.23.08"
    assert [g["name"] for g in document["host"]["gpus"]] == ["Tesla T4", "Tesla T4"]


def test_garbage_binary_and_empty_input_exit_2_without_a_traceback(tmp_path):
    for data, words in ((b"", "empty"), (bytes(range(256)) * 40, "binary"), (b"hello\nworld\n", "nothing recognised")):
        result = _read(tmp_path, data)
        assert result.exit_code == 2, result.output
        assert words in result.output
        assert "Traceback" not in result.output


def test_markdown_report_leads_with_the_root_cause_and_hides_names(tmp_path):
    log = (PASTED / "nccl-1160-nccl-debug-info.txt").read_text(encoding="utf-8")
    windows = (PASTED / "wsl-9099-windows-nvidia-smi-526.txt").read_text(encoding="utf-8")
    result = _read(tmp_path, (windows + "\n```\n" + log).encode(), "--format", "markdown")
    text = result.output
    assert text.index("**Root cause (driver.version):**") < text.index("| | Check | Finding |")
    assert "<details>" in text and "g3-xlarge-x86-dal-1" not in text


def test_anonymiser_is_consistent():
    anonymiser = Anonymiser(hostnames=("gpu-box",), usernames=("alice",))
    text = "alice@gpu-box:~$ ls /home/alice GPU-81c595e9-30fa-224b-5e8e-8c32c13d7782 GPU-81c595e9-30fa-224b-5e8e-8c32c13d7782"
    out = anonymiser.text(text)
    assert "alice" not in out and "gpu-box" not in out and "81c595e9" not in out
    assert out.count("GPU-uuid-1") == 2 and "user1@host1" in out and "/home/user1" in out


def _two_machines(times: int) -> bytes:
    """The real outputs of the two-H200 and the one-H100 host, pasted `times` over (bench/read_50mb.py's paste)."""
    fixtures = Path(__file__).parent.parent / "fixtures" / "pasted"
    pieces = []
    for machine in ("h200x2", "h100x1"):
        for name, command in (("smi", "nvidia-smi"), ("drv_version", "cat /proc/driver/nvidia/version"),
                              ("nvcc", "nvcc --version"), ("topo_m", "nvidia-smi topo -m")):
            pieces.append(f"$ {command}\n{(fixtures / machine / f'{name}.txt').read_text(encoding='utf-8')}\n")
    return ("".join(pieces) * times).encode("utf-8")


def test_a_conflict_is_said_once_with_each_value_and_where_it_came_from(tmp_path):
    once, often, oftener = tmp_path / "times01.md", tmp_path / "times40.md", tmp_path / "times80.md"
    once.write_bytes(_two_machines(1))
    often.write_bytes(_two_machines(40))
    oftener.write_bytes(_two_machines(80))
    documents = [json.loads(CliRunner().invoke(main, ["read", "--json", str(p)]).output) for p in (once, often)]
    assert [c["call"] for c in documents[0]["pasted"]["conflicts"]] == \
        [c["call"] for c in documents[1]["pasted"]["conflicts"]]
    conflict = next(f for c in documents[1]["checks"] if c["id"] == "read.conflicts" for f in c["findings"]
                    if f["evidence"]["call"] == "nvmlDeviceGetName(0)")
    assert [value["value"] for value in conflict["evidence"]["values"]] == ["NVIDIA H200", "NVIDIA H100 80GB HBM3"]
    assert [value["from"].split(",")[0] for value in conflict["evidence"]["values"]] == \
        [f"nvidia-smi ({often}", f"nvidia-smi ({often}"]
    assert conflict["summary"].count("NVIDIA H100 80GB HBM3") == 1  # 40 pastes of it, said once
    terminal = [CliRunner().invoke(main, ["read", str(p)]).output for p in (once, oftener)]
    assert len(terminal[1]) - len(terminal[0]) < 60  # line numbers and a file name grow a little, nothing else
    # The JSON lists the first 200 blocks it recognised and counts the rest: past that its size stays.
    oftenest = json.loads(CliRunner().invoke(main, ["read", "--json", str(oftener)]).output)
    assert abs(len(json.dumps(oftenest)) - len(json.dumps(documents[1]))) < 100
    assert oftenest["pasted"]["recognised_not_listed"] == 80 * 8 - 200


def test_a_windows_traceback_is_read_as_windows_and_its_continued_line_as_part_of_the_match(tmp_path):
    # thu-ml/tianshou#297 as pasted: WinError 1455 on one line, the DLL it was loading on the next (one exception
    # message). The asks must be Windows' (no journalctl) and bear on a PyTorch program (no Ollama log), and the
    # continued line is not "not recognised".
    corpus = Path(__file__).parents[1] / "fixtures" / "corpus" / "frameworks"
    text = (corpus / "tianshou-297-winerror-1455-paging-file-cudnn-dll.txt").read_text().split("\n---\n", 1)[1]
    paste = tmp_path / "paste.txt"
    paste.write_text(text)
    document = json.loads(CliRunner().invoke(main, ["read", "--json", str(paste)]).output)
    assert document["pasted"]["platform"]["assumed"] == "win32"
    assert not document["pasted"]["not_recognised"]
    asks = " ".join(ask["command"] for ask in document["pasted"]["paste_next"])
    assert "journalctl" not in asks and "ollama" not in asks.lower()
    assert "nvidia-smi" in asks and "wsl -l -v" in asks


def test_a_paste_whose_lines_show_wsl_is_read_as_wsl_as_its_rows_in_context_are(tmp_path):
    # Genesis-Embodied-AI/Genesis#114: cuInit finds no device inside WSL 2. The row read in the WSL context names
    # the cause; the platform the report and its asks are for must be the same WSL, not "Linux (assumed)".
    corpus = Path(__file__).parents[1] / "fixtures" / "corpus" / "wsl"
    text = (corpus / "genesis-114-cuinit-no-device-wrong-libcuda.txt").read_text().split("\n---\n", 1)[1]
    paste = tmp_path / "paste.txt"
    paste.write_text(text)
    document = json.loads(CliRunner().invoke(main, ["read", "--json", str(paste)]).output)
    assert "WSL" in document["pasted"]["platform"]["because"]
    assert [s["code"] for s in document["pasted"]["signatures"]] == ["wsl.no-device-linux-libcuda"]
    assert any("Windows PowerShell" in ask["command"] for ask in document["pasted"]["paste_next"])


def test_a_command_typed_on_the_fence_line_is_read_as_the_command(tmp_path):
    """GitHub shows "```$ nvidia-smi topo -p2p w" as a fence with an info string; the person meant the command.
    Its letter decides which capability the matrix answers (write here, not the default read)."""
    matrix = (PASTED / "club3090-1229-topo-p2p-2x5090.txt").read_text(encoding="utf-8")
    on_its_own_line = _read(tmp_path, f"```\n$ nvidia-smi topo -p2p w\n{matrix}```\n".encode(), "--json")
    on_the_fence = _read(tmp_path, f"```$ nvidia-smi topo -p2p w\n{matrix}```\n".encode(), "--json")
    assert on_the_fence.exit_code == on_its_own_line.exit_code

    def p2p_details(result):
        return next(c["details"] for c in json.loads(result.output)["checks"] if c["id"] == "p2p.access")

    assert p2p_details(on_the_fence) == p2p_details(on_its_own_line)
    assert "write GNS" in p2p_details(on_the_fence)[0]


def test_ollama_version_alone_leaves_the_loaded_models_unknown_not_failed(tmp_path):
    # ollama/ollama#2877 pasted `ollama -v` ("ollama version is 0.1.27"): the server answered, its loaded models were
    # never asked. That is unknown (paste `ollama ps`), not a server that failed to list them.
    paste = tmp_path / "paste.txt"
    paste.write_text("> ollama -v\nollama version is 0.1.27\n", encoding="utf-8")
    document = json.loads(CliRunner().invoke(main, ["read", "--json", str(paste)]).output)
    found = {check["id"]: check for check in document["checks"]}
    assert found["ollama.server"]["status"] == "pass"
    assert found["ollama.models"]["status"] == "skip"
    assert "paste `ollama ps`" in found["ollama.models"]["summary"]


@pytest.mark.parametrize("sign", [
    "> sw_vers\nProductName:\t\tmacOS\nProductVersion:\t\t14.2.1\nBuildVersion:\t\t23C71",
    "$ uname -a\nDarwin host 23.2.0 Darwin Kernel Version 23.2.0: Wed Nov 15 21:53:18 PST 2023; "
    "root:xnu-10002.61.3~2/RELEASE_ARM64_T6000 arm64",
])
def test_a_paste_from_a_mac_is_read_as_macos_where_no_nvidia_check_applies(tmp_path, sign):
    # ollama/ollama#2877 pasted `ollama -v` and sw_vers: a Mac, where neither NVIDIA's driver nor CUDA runs. Nothing is
    # asked for (no nvidia-smi, no journalctl), and the header says why instead of "0 GPUs".
    paste = tmp_path / "paste.txt"
    paste.write_text(f"> ollama -v\nollama version is 0.1.27\n{sign}\n", encoding="utf-8")
    document = json.loads(CliRunner().invoke(main, ["read", "--json", str(paste)]).output)
    assert document["pasted"]["platform"]["assumed"] == "darwin"
    assert document["pasted"]["paste_next"] == []
    assert {check["status"] for check in document["checks"]} == {"skip"}
    terminal = CliRunner().invoke(main, ["read", str(paste)]).output
    assert "do not run on macOS" in terminal and "0 GPUs" not in terminal
