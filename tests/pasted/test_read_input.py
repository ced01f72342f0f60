"""What `gpudoctor read` does with awkward input: encodings, wrapping, garbage; and the shareable formats."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gpudoctor.cli import main
from gpudoctor.pasted.anonymise import Anonymiser

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
